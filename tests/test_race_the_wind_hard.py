"""The hard Race the Wind skipper (:mod:`dinghy.skippers.race_the_wind.hard`): it sails
whole races legally on every shipped board, its turn table counts turns as the rules'
turn shapes allow, and it reads nothing another seat hides."""
from __future__ import annotations

import random

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.race_the_wind import actions as A
from dinghy.skippers import skipper
from dinghy.skippers.any_game import levels
from dinghy.skippers.race_the_wind import hard as H
from rtw_kit import make_game, position
from botkit import sail_checked

BOARDS = games.GAMES["race_the_wind"].boards()


def _race(board: str, names: list[str], seed: int) -> Race:
    setup = RaceSetup(seats=tuple(Seat(c, c, n) for c, n in zip(PALETTE, names)), course=board, seed=seed)
    return Race(games.load_game(setup, "race_the_wind"))


def test_hard_is_the_hard_level_of_race_the_wind():
    assert skipper("hard", "race_the_wind") is H.HARD
    assert levels.level_skipper("hard", "race_the_wind") is H.HARD


@pytest.mark.race
@pytest.mark.parametrize("board", BOARDS)
def test_seeded_races_of_the_hard_skipper_finish_with_every_action_legal(board):
    race = _race(board, ["hard", "medium", "hard"], seed=5)
    sail_checked(race, random.Random(5))
    assert race.over
    places = race.game.places(race.state)
    assert sorted(p for p in places if p is not None) == [1, 2, 3]


def test_a_penalty_rotation_takes_two_to_four_turns_in_the_skipper_s_reckoning():
    """"The full rotation may take as few as 2 turns (if started on a beam reach, where
    each turn lets you rotate 180 degrees) or as much as 4": the skipper prices an owed
    penalty by those turns (wind from the north: east is a beam reach)."""
    beam = min(H.ROTATION[(2, 0, 1)], H.ROTATION[(2, 0, -1)])
    assert beam == 2
    assert max(H.ROTATION[(r, 0, d)] for r in range(8) for d in (1, -1)) == 4
    g = make_game(1)
    s = position(g, [dict(x=3, y=7, heading=2, penalties=1)], wind=0)
    assert H.rotation_cost(s.boats[0], 0) == 2


def test_the_turn_table_counts_two_beam_reach_moves_as_one_turn():
    """"beam reach - two actions, each a move or a 45°/90° turn"; "run - one move or one
    turn": with the wind from the north, two squares east (a beam reach) take one turn,
    two squares south (a run) two."""
    g = make_game(1)
    t = H.turn_table(g, 0)
    east = [t.get((x, 7, 2, 1, 0)) for x in (3, 5)]
    south = [t.get((10, y, 4, 1, 0)) for y in (12, 10)]
    assert east[0] - east[1] <= 1.0
    assert south[0] - south[1] <= 2.0


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
