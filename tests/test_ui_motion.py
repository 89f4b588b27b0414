"""Movement you can see: a move slides along its swept track, a pivot turns, the dice land,
a capsize shows on the boat, and the log entry waits for the end; a tap or a key skips.

Screenshots of each go to shots/ (gitignored) for a person to look at.
"""
from __future__ import annotations

import math
import random

import pytest

from dinghy import games
from dinghy.core.interface import Event
from dinghy.core.race import Race
from dinghy.core.setup import Seat
from dinghy.games.dinghy_race.actions import Move, Roll
from dinghy.skippers.dinghy_race import simple
from dinghy.ui import testing as ui
from dinghy.ui.dinghy_race.motion import Flag, Slide, Throw
from dinghy.ui.shell.table import TableScene
from dinghy.ui.sound import Sound, sounds_for
from dinghy.ui.widgets.gui import key

from test_ui_table import home, lift_curtain, make_setup, play_by_taps, shot, tiny  # noqa: F401


@pytest.fixture
def animated(ui_app, tiny):
    """A table with animations on: Ann (human) against a bot that acts 0.05 s after
    whatever moved has stopped moving."""
    def open_table(seed=5):
        setup = make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple"), seed=seed)
        scene = ui_app.push(TableScene(Race(games.load_game(setup)), bot_delay=0.05,
                                       animate=True, sound=Sound()))
        ui_app.step()
        return scene
    return open_table


def settle(app, scene, limit=400):
    """Frames until nothing moves and it is Ann's turn (or the race is over)."""
    for _ in range(limit):
        app.step(0.05)
        lift_curtain(app, scene)
        if scene.race.over or (scene.human_turn and not scene.animating):
            return
    raise AssertionError("the table never came back to Ann")


def play_until_move(app, scene, rng):
    """Ann plays by taps until her next action is a Move; returns it (not played)."""
    for _ in range(200):
        settle(app, scene)
        action = simple.choose(scene.race, rng)
        if isinstance(action, Move):
            return action
        play_by_taps(app, scene, action)
    raise AssertionError("no move came")


def test_a_move_slides_along_its_track_and_the_log_waits(ui_app, animated):
    scene = animated()
    race, view = scene.race, scene.view
    move = play_until_move(ui_app, scene, random.Random(3))
    ann = race.state.active
    start = race.state.boats[ann].pose
    n_events = len(race.events)
    play_by_taps(ui_app, scene, move)
    end = race.state.boats[ann].pose
    assert scene.animating and ann in view.chart.hidden     # drawn moving, not at the end
    slide = view.motion.clips[0][0]
    assert isinstance(slide, Slide) and slide.boat == ann
    assert slide.path[0] == pytest.approx(start.xy) and slide.path[-1] == pytest.approx(end.xy)
    assert scene.log_hold == n_events                       # the move's entry waits
    assert len(scene.log.events) == n_events
    ui_app.step(0.2)
    mid, _ = slide.pose_at(view.motion.t / slide.duration)
    assert 0 < math.dist(mid.xy, start.xy) < slide.lengths[-1]
    shot(ui_app, "motion_slide.png")
    for _ in range(20):
        ui_app.step(0.05)
        if not scene.animating:
            break
    assert not scene.animating and scene.log_hold is None and not view.chart.hidden
    assert len(scene.log.events) == len(race.events) > n_events
    assert any(e.kind == "move" for e in race.events[n_events:])


def test_a_tap_or_a_key_skips_the_animation(ui_app, animated):
    scene = animated()
    rng = random.Random(3)
    for skip in ("tap", "key"):
        move = play_until_move(ui_app, scene, rng)
        n = len(scene.race.actions)
        play_by_taps(ui_app, scene, move)
        assert scene.animating
        if skip == "tap":
            ui.click(ui_app, 20, 300)              # anywhere
        else:
            ui.key_press(ui_app, key.SPACE)
        assert not scene.animating and scene.log_hold is None
        assert len(scene.race.actions) == n + 1    # the skip played nothing itself


def test_dice_land_on_the_roll_and_a_capsize_shows_on_the_boat(ui_app, animated):
    scene = animated()
    view = scene.view
    play_until_move(ui_app, scene, random.Random(3))       # boats on the water
    state = scene.race.state
    boat = next(b.index for b in state.boats if b.launched)
    events = [Event("roll", boat, "Ann rolls 6+5 = 11: capsized: 2 delay cards")]
    assert view.motion.start(state, Roll(6, 5), events, state)
    kinds = [type(c) for c in view.motion.clips]
    assert kinds == [Throw, Flag]
    ui_app.step(0.2)
    shot(ui_app, "motion_dice_falling.png")
    ui_app.step(0.6)
    assert view.motion.faces == (6, 5)                     # landed on the roll
    shot(ui_app, "motion_dice_landed.png")
    ui_app.step(0.45)
    assert isinstance(view.motion.clips[0], Flag)
    ui_app.step(0.3)
    shot(ui_app, "motion_capsize.png")
    assert any(getattr(p.drawable, "text", "") == "Capsized!" for p in view.motion.layer.pins)
    ui_app.step(1.0)
    assert not view.motion.active


def test_no_animation_when_the_settings_say_off(ui_app, tiny):
    setup = make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple"))
    scene = ui_app.push(TableScene(Race(games.load_game(setup)), bot_delay=0.05, animate=False))
    ui_app.step()
    move = play_until_move(ui_app, scene, random.Random(3))
    play_by_taps(ui_app, scene, move)
    assert not scene.animating and scene.log_hold is None


def test_sounds_follow_the_engine_words_and_never_fail_headless():
    ev = [Event("round", None, "Round 6: the start! Boats may cross the line"),
          Event("roll", 0, "Ann rolls 1+1 = 2: man overboard: 1 delay card")]
    assert sounds_for(ev) == ["gun", "dice", "capsize"]
    assert sounds_for([Event("move", 0, "Ann sails")]) == []
    s = Sound()
    for name in ("gun", "dice", "capsize"):
        s.play(name)                  # a silent driver, or none: never an exception
    assert s.played == ["gun", "dice", "capsize"]


def test_the_table_plays_the_sounds_its_events_call_for(ui_app, tiny):
    """Bots sail a whole race with sound on: the start gun once, the dice at each roll."""
    setup = make_setup(tiny, Seat("A", "Orange", "simple"), Seat("B", "Sky", "simple"))
    sound = Sound()
    scene = ui_app.push(TableScene(Race(games.load_game(setup)), bot_delay=0, sound=sound))
    ui_app.step()
    assert scene.race.over
    assert sound.played.count("gun") == 1
    rolls = sum(1 for e in scene.race.events if e.kind == "roll")
    assert sound.played.count("dice") == rolls


def test_a_pivot_turns_the_boat_where_it_lies(ui_app, animated):
    """A pose change without a change of place is a turn on the spot (the short way
    round), shorter than a slide."""
    from dinghy.core.geometry import Pose
    from dinghy.games.dinghy_race.actions import Pivot
    from dinghy.ui.dinghy_race.motion import PIVOT, plan

    scene = animated()
    play_until_move(ui_app, scene, random.Random(3))
    before = scene.race.state
    boat = before.boats[before.active]
    p = boat.pose
    after = before.with_boat(boat.with_(pose=Pose(p.x, p.y, p.heading - 90)))
    clips = plan(scene.game, before, Pivot(-90), [], after)
    (slide,), = clips
    assert slide.duration == PIVOT and slide.boat == boat.index
    half, _ = slide.pose_at(0.5)
    assert (half.x, half.y) == pytest.approx(p.xy)
    assert (half.heading - (p.heading - 45)) % 360 == pytest.approx(0)
