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


def _turn_it_starts(bot, g, s) -> tuple[int, int]:
    """Sail a lone boat until it has started, the end-of-turn die always a 3 (no change)."""
    race = Race.from_state(g, s)
    rng = random.Random(1)
    while not race.state.boats[0].started and race.state.turn < 30:
        if race.chance:
            race.push(A.Act("die", 3))
            continue
        action = bot.choose(race, rng)
        assert race.why_not(action) is None
        race.push(action)
    return race.state.turn, race.state.boats[0].penalties


@pytest.mark.parametrize("name", ["navigator", "hard"])
def test_at_the_gun_the_boat_makes_for_the_line_by_whole_turns(name):
    """"To begin the race they must cross the starting line at turn number 8 or later";
    "broad reach - a move and a turn, or only a turn". A lone boat at (9, 1) heading
    south-east (a broad reach, wind from the north) at turn 8, below the line (6..8, 3):
    bearing away to the south-west (turn 8), up to the north-west and a move (turn 9),
    onto the line (turn 10) and over it (turn 11). The navigator used to count a second
    turn on a broad reach as half a turn and wandered off, starting only at turn 13."""
    g = make_game(1)
    s = position(g, [dict(x=9, y=1, heading=3, started=False, start_side=-1)], wind=0, turn=8)
    turn, penalties = _turn_it_starts(skipper(name, "race_the_wind"), g, s)
    assert (turn, penalties) == (11, 0)


@pytest.mark.parametrize("name", ["navigator", "hard"])
def test_from_its_start_square_a_lone_boat_starts_at_turn_9_without_penalty(name):
    """"If a boat is present at the starting line at turn 6 or 7 it gets a penalty. A
    boat also gets a penalty if it manouvers (i.e. stays) on the same square for more
    than two turns in a row before turn 8." From (5, 1), one row below the line square
    row, the earliest crossing without a penalty is turn 9 (onto the line at turn 8,
    over it at turn 9)."""
    g = make_game(1)
    turn, penalties = _turn_it_starts(skipper(name, "race_the_wind"), g, g.initial_state())
    assert (turn, penalties) == (9, 0)
