"""Dinghy Race at the table: what the edge arrow and the camera call the boat's next goal.

The rule text: "Boats may cross the start line in round 6, which is the first regular
round of the race", and "Each boat finishes the race the moment it touches (or moves
beyond) the finish line", after "a course set out by buoys that must be passed in a
prescribed order". So before its start a boat's next goal is the start line (the table
said mark 1), and once every mark is rounded it is the finish line (the table said
nothing)."""
from __future__ import annotations

import random

from test_ui_camera_decisions import easy, open_table, person_decisions

from dinghy.core.race import Race


def to_a_launched_boat(app, scene):
    """Play on (people by the easy skipper) until a person's launched boat is to act."""
    race, rng, chooser = scene.race, random.Random(5), easy("dinghy_race")
    for _ in person_decisions(app, scene, 40):
        if race.state.boat().launched:
            return
        scene.act(chooser.choose(race, rng))
    raise AssertionError("no person's boat was launched")


def test_before_its_start_a_boat_is_pointed_to_the_start_line_then_to_the_finish(make_ui_app):
    app = make_ui_app(1024, 600)
    scene = open_table(app, "dinghy_race", "standard_triangle")
    to_a_launched_boat(app, scene)
    view, course = scene.view, scene.game.course
    boat = scene.race.state.boat()
    assert not boat.started
    name, at, _ = view.next_mark()
    assert name == "the start line" and at == course.start.midpoint
    # the same boat once started, every mark rounded: the finish line
    state = scene.race.state
    done = boat.with_(started=True, legs_done=len(course.legs))
    scene.race = Race.from_state(scene.game, state.with_boat(done))
    name, at, _ = view.next_mark()
    assert name == "the finish line" and at == course.finish.midpoint
    # started with legs to sail: the leg's mark, its rounding in words
    scene.race = Race.from_state(scene.game, state.with_boat(boat.with_(started=True, legs_done=0)))
    name, at, _ = view.next_mark()
    first = course.legs[0]
    assert name.startswith(("mark ", "gate ")) and first.mark_ids[0] in name
