"""Dinghy Race in a person's words (dinghy.ui.dinghy_race.words, no pyglet): places by
the course rather than millimetres, roundings in words, the coach's figures rounded as
a person says them, and the table's log built from the engine's events."""
from __future__ import annotations

import random

import pytest

from dinghy import games
from dinghy.core.geometry import Pose
from dinghy.core.interface import Event
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers.dinghy_race import simple
from dinghy.ui.dinghy_race import words as W


@pytest.fixture(scope="module")
def game():
    seats = tuple(Seat(n, n, "simple") for n in list(PALETTE)[:2])
    return games.load_game(RaceSetup(seats=seats, course="olympic_triangle", seed=1))


def test_roundings_in_words(game):
    """Olympic triangle: Start, 1, 2, 3, 1, 3, Finish, every mark to port (its file)."""
    said = W.rounding_words(game.course)
    assert said[("1",)] == "mark 1, to port, rounds 1 and 4"
    assert said[("2",)] == "mark 2, to port, round 2"
    assert said[("3",)] == "mark 3, to port, rounds 3 and 5"


def test_a_mark_rounded_both_ways_says_the_side_of_each(game):
    from dataclasses import replace

    from dinghy.games.dinghy_race.course import Rounding

    c = game.course
    both = replace(c, rounding=(Rounding(("1",), "port"), Rounding(("2",), "port"), Rounding(("1",), "starboard")))
    assert W.rounding_words(both)[("1",)] == "mark 1, rounds 1 (to port) and 3 (to starboard)"


def test_places_by_the_course(game):
    c, L = game.course, game.cards.card_length
    mid = c.start.midpoint
    assert W.place_words(game, mid) == "on the start line"
    m2 = c.mark("2")
    assert W.place_words(game, (m2.x, m2.y + 0.2 * L)) == "at mark 2"
    # wind from the north: "below" is south of the mark, "above" north of it
    assert W.place_words(game, (m2.x, m2.y - 2 * L)) == "two card lengths below mark 2"
    assert W.place_words(game, (m2.x, m2.y + 3 * L)) == "three card lengths above mark 2"
    assert W.place_words(game, (m2.x - 2 * L, m2.y)) == "two card lengths left of mark 2"
    assert W.place_words(game, (mid[0], mid[1] - 1.1 * L)) == "one card length below the start line"
    assert "(" not in W.place_words(game, (333.3, 777.7))          # never coordinates


def test_numbers_and_rounds_as_people_say_them():
    assert W.number_word(2) == "two" and W.number_word(15) == "15"
    assert W.and_list(["1", "3", "5"]) == "1, 3 and 5"
    assert W.rounds_said(0.4) == "half a round" and W.rounds_said(1.2) == "one round"
    assert W.rounds_said(1.3) == "1½ rounds" and W.rounds_said(2.2) == "2 rounds"
    assert W.rounds_said(2.6) == "2½ rounds" and W.rounds_said(2.8) == "3 rounds"
    assert W.coach_figures(112.5, "line 2.5 rounds before the gun") == \
        "about 112 rounds to go, at the line 2.5 rounds early"
    assert W.coach_figures(112.5, "line 2.0 rounds before the gun") == \
        "about 112 rounds to go, at the line 2 rounds early"
    assert W.coach_figures(41.2, "line with the gun") == "about 41 rounds to go, at the line with the gun"
    assert W.coach_figures(41.2, "line 1.0 rounds after the gun") == \
        "about 41 rounds to go, at the line one round late"
    assert W.coach_figures(41.2, "line 1.4 rounds after the gun") == \
        "about 41 rounds to go, at the line 1.4 rounds late"
    assert W.coach_figures(7.6, "the card lies within reach") == "about 8 rounds to go, the card lies within reach"


def test_the_log_says_where_each_boat_sailed_to(game):
    """The engine's words stay as they are (its events keep their text); a boat put on
    the water or sailed gets its new place by the course, as the table's log shows it."""
    race = Race(game)
    rng = random.Random(3)
    for _ in range(80):
        race.push(simple.choose(race, rng))
    said = 0
    for k, batch in enumerate(race.events_by_action()):
        after = race.history[k + 1]
        for e in batch:
            line = W.log_text(game, e, after)
            if e.kind in W.PLACED and after.boats[e.boat].launched:
                assert line.startswith(e.text + ": now ")
                assert line.endswith(W.place_words(game, after.boats[e.boat].pose.xy))
                said += 1
            else:
                assert line == e.text
    assert said > 5
    assert W.log_text(game, Event("roll", 0, "Sky rolls 1+6"), race.state) == "Sky rolls 1+6"


def test_next_target_follows_the_boat_round_the_course(game):
    boat = Race(game).state.boats[0]
    assert W.next_target(game.course, boat)[0] == "the start line"
    started = boat.with_(started=True, launched=True, pose=Pose(900, 300, 0))
    assert W.next_target(game.course, started)[0] == "mark 1"
    assert W.next_target(game.course, started.with_(legs_done=1))[0] == "mark 2"
    assert W.next_target(game.course, started.with_(legs_done=len(game.course.legs)))[0] == "the finish line"
    assert W.next_target(game.course, started.with_(finished=1)) is None
