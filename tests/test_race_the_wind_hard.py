"""The hard Race the Wind skipper (:mod:`dinghy.skippers.race_the_wind_hard`): it sails
whole races legally on every shipped board, its turn table counts turns as the rules'
turn shapes allow, and it reads nothing another seat hides."""
from __future__ import annotations

import random

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.race_the_wind import actions as A
from dinghy.skippers import levels, race_the_wind_hard as H, skipper
from rtw_kit import make_game, position

BOARDS = games.GAMES["race_the_wind"].boards()


def _race(board: str, names: list[str], seed: int) -> Race:
    setup = RaceSetup(seats=tuple(Seat(c, c, n) for c, n in zip(PALETTE, names)), course=board, seed=seed)
    return Race(games.load_game(setup, "race_the_wind"))


def test_hard_is_the_hard_level_of_race_the_wind():
    assert skipper("hard", "race_the_wind") is H.HARD
    assert levels.level_skipper("hard", "race_the_wind") is H.HARD


@pytest.mark.parametrize("board", BOARDS)
def test_seeded_races_of_the_hard_skipper_finish_with_every_action_legal(board):
    race = _race(board, ["hard", "medium", "hard"], seed=5)
    rng = random.Random(5)
    bots = [skipper(s.skipper, "race_the_wind") for s in race.game.setup.seats]
    while not race.over and len(race.actions) < 20000:
        if race.chance:
            race.roll()
            continue
        action = bots[race.current_player()].choose(race, rng)
        assert race.why_not(action) is None, action.text()
        race.push(action)
    assert race.over
    places = race.game.places(race.state)
    assert sorted(p for p in places if p is not None) == [1, 2, 3]


def test_a_beam_reach_turn_holds_two_moves_a_close_reach_one():
    """"beam reach - two actions, each a move or a 45°/90° turn"; "close reach - one move
    forward or one 45°/90° turn": the table counts whole turns by those shapes. Wind from
    the north; from (7, 1) heading east the square (11, 1) is two turns away (four moves
    on a beam reach), heading north-east (7 -> 11 along x takes four close-reach moves
    diagonally, which also climb) it is not nearer."""
    g = make_game(1)
    s = position(g, [dict(x=3, y=7, heading=2)], wind=0)
    race = Race.from_state(g, s)
    # two moves east this turn (a beam reach), ending the turn two squares on
    ranked = H.ranked(race)
    assert ranked[0][2] in (A.MOVE, A.turn(-1), A.turn(-2), A.turn(1), A.turn(2))
    t = H.turn_table(g, 0)
    key_beam = (3, 7, 2, 1, 0)
    key_next = (5, 7, 2, 1, 0)
    assert t.get(key_beam) - t.get(key_next) <= 1.0


def test_the_choice_does_not_change_with_what_other_seats_hide():
    """``observation(state, seat)`` hides nothing in Race the Wind, and ``hidden_variant``
    of another seat leaves the skipper's choice as it was."""
    race = _race("race_the_wind", ["hard", "hard", "hard"], seed=3)
    rng = random.Random(3)
    checked = 0
    while not race.over and checked < 12:
        if race.chance:
            race.roll()
            continue
        seat = race.current_player()
        a = H.choose(race, random.Random(0))
        for other in range(3):
            if other != seat:
                v = race.game.hidden_variant(race.state, other, random.Random(other + 9))
                assert H.choose(Race.from_state(race.game, v), random.Random(0)) == a
        checked += 1
        race.push(a)
    assert checked == 12
