"""The hard 3M Regatta skipper (dinghy/skippers/regatta_3m/hard.py): legal decisions,
races that finish, the die's odds it weighs, and its blanketing tactics in positions
built by hand. Each test quotes the rule text (/work/shared/seeds/000_694ce8f22981aa5f.txt).
"""
from __future__ import annotations

import math
import random

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.regatta_3m import sails
from dinghy.games.regatta_3m.actions import Leg
from dinghy.games.regatta_3m.equipment import Equipment
from dinghy.games.regatta_3m.state import Phase
from dinghy.skippers import skipper
from dinghy.skippers.regatta_3m import navigator as regatta_3m
from dinghy.skippers.regatta_3m.hard import HARD, legs_odds, shift_odds

from regatta_3m_kit import N, NE, NW, make, turn


def _sail_turn(race, bot, seed=1):
    """Let ``bot`` sail the turn under way; the seat's ending."""
    seat = race.state.turn.seat
    while race.state.phase is Phase.TURN and race.state.turn.seat == seat:
        a = bot.choose(race, random.Random(seed))
        assert race.why_not(a) is None
        race.push(a)
    return race.state.boats[seat].at


@pytest.mark.race
@pytest.mark.parametrize("rules", ["regatta", "regatta_advanced"])
@pytest.mark.parametrize("board", ["3m_triangle", "3m_channel"])
def test_hard_decides_legally_and_seeded_races_finish(rules, board):
    """"All legs and turns must be complete": every action the hard skipper picks is one
    the engine allows, and a seeded race of easy, medium and hard sails to the finish.
    (One seed a board and ruleset: a second, 2, sailed the same skippers to the same
    check.)"""
    for seed in (1,):
        names = ("hard", "easy", "medium")
        seats = tuple(Seat(c, c, n) for c, n in zip(PALETTE, names))
        race = Race(games.load_game(RaceSetup(seats=seats, course=board, seed=seed), rules))
        rng = random.Random(seed)
        bots = [skipper(n, rules) for n in names]
        assert bots[0] is HARD
        while not race.over:
            if race.chance:
                race.roll()
                continue
            who = race.current_player()
            a = bots[who].choose(race, rng)
            assert race.why_not(a) is None, (a, race.why_not(a))
            race.push(a)
        assert None not in race.game.places(race.state)


def test_the_odds_of_the_die():
    """"Every round starts with a roll of the die to determine the number of legs ...
    When the red "S" appears, the Wind Indicator is moved counterclockwise 45° ...;
    when the green "S" appears, the Indicator is moved clockwise 45° ... The player who
    rolled the "S" gives the die to the next player who rolls it to determine the number
    of legs for the coming round." With the die 1, 2, 3, 2, red S, green S the net shift
    before a round is a walk: none 1/sqrt(2), each further 45° (3 - 2 sqrt(2)) as likely."""
    game = make()
    assert legs_odds(game) == {1: 0.25, 2: 0.5, 3: 0.25}
    odds = shift_odds(game)
    assert sorted(odds) == [-2, -1, 0, 1, 2]
    assert math.isclose(sum(odds.values()), 1.0)
    assert odds[1] == pytest.approx(odds[-1]) and odds[2] == pytest.approx(odds[-2])
    assert odds[1] / odds[0] == pytest.approx(3 - 2 * math.sqrt(2), rel=1e-3)
    assert odds[2] / odds[1] == pytest.approx(3 - 2 * math.sqrt(2), rel=1e-3)
    green_only = make()
    green_only.eq = Equipment(die=("1", "2", "3", "green S"))
    one_way = shift_odds(green_only)
    assert min(one_way) == 0 and one_way[1] == pytest.approx(one_way[0] / 4, rel=1e-3)


def test_hard_takes_the_wind_of_a_rival_that_sails_after_it():
    """"When a boat occupies the space directly to windward of another boat, it
    "blankets" the other boat ... The blanketed player loses a turn." Wind from the
    north, a two-leg round: the rival at (7, 10), a leg nearer the finish, sails next.
    The navigator (medium) beats on twice; hard ends at (7, 11), directly to windward
    of the rival, a leg short of that but taking the rival's two-leg turn."""
    game = make(seats=2)
    spec = {0: {"at": (8, 10), "started": True, "puffs": 0},
            1: {"at": (7, 10), "started": True, "puffs": 0}}
    for seed in range(4):
        assert _sail_turn(turn(game, spec, legs=2, seat=0), regatta_3m, seed) != (7, 11)
    race = turn(game, spec, legs=2, seat=0)
    assert _sail_turn(race, HARD) == (7, 11)
    assert any(e.kind == "blanket" and e.boat == 1 and "loses its turn" in e.text for e in race.last_events)
    assert race.state.boats[1].at == (7, 10)           # the rival did not sail


def test_hard_keeps_out_of_the_lee_of_where_a_rival_will_stand():
    """"The blanketed player loses a turn", judged as its turn begins. Wind from the
    north, a one-leg round: from (9, 12) a beat north-east to (10, 13) and one north-west
    to (8, 13) are worth the same to the navigator. The rival at (11, 13) sails next and
    (its north-east beat blocked by the third yacht at (12, 14)) beats north-west to
    (10, 14), directly to windward of (10, 13). Hard foresees the rival's leg and ends
    out of its lee; ending at (10, 13) would have lost the next turn."""
    game = make(seats=3)
    spec = {0: {"at": (9, 12), "started": True, "puffs": 0},
            1: {"at": (11, 13), "started": True, "puffs": 0},
            2: {"at": (12, 14), "started": True, "puffs": 0}}
    trap = turn(game, spec, legs=1, seat=0)
    trap.push(Leg(NE))
    assert _sail_turn(trap, regatta_3m) == (10, 14)
    assert sails.blanketing(trap.state, 0)[1:] == (1, True)
    for seed in range(4):
        race = turn(game, spec, legs=1, seat=0)
        assert _sail_turn(race, HARD, seed) != (10, 13)
        assert _sail_turn(race, regatta_3m, seed) == (10, 14)
        assert sails.blanketing(race.state, 0) == (0, None, False)


def test_hard_weighs_where_the_wind_may_go_before_the_next_round():
    """"The "S" on the die indicates a wind shift. When the red "S" appears, the Wind
    Indicator is moved counterclockwise 45° ...; when the green "S" appears, the
    Indicator is moved clockwise 45°." Wind from the north, a two-leg round from (4, 6):
    two beats end at (4, 8) or at (6, 8), the same legs to go under the wind as it is;
    should the wind veer to the north-east before the next round (the green S), (6, 8)
    is better off by more than it loses should it back to the north-west. Hard, which
    weighs each shift by the die's odds, sails to (6, 8)."""
    from dinghy.skippers.regatta_3m.field import field
    game = make(seats=2)
    spec = {0: {"at": (4, 6), "started": True, "puffs": 0},
            1: {"at": (19, 25), "started": True, "puffs": 0}}
    now, veered, backed = field(game, N), field(game, NE), field(game, NW)
    assert now.value((4, 8), 3, None) == now.value((6, 8), 3, None)
    gain = veered.value((4, 8), 3, None) - veered.value((6, 8), 3, None)
    loss = backed.value((6, 8), 3, None) - backed.value((4, 8), 3, None)
    assert gain > loss >= 0
    for seed in range(3):
        race = turn(game, spec, legs=2, seat=0)
        assert _sail_turn(race, HARD, seed) == (6, 8)


def test_hard_reckons_how_far_a_right_of_way_yacht_can_reach():
    """Advanced game: "Opposite Tack Rule -- A port-tack yacht shall keep clear of a
    starboard-tack yacht." "When a player ends a turn on a space directly in the path of
    a right-of-way yacht, he has failed to keep clear if the player with right of way
    reaches the occupied space within his next turn." Wind from the north, a one-leg
    round: the port-tack yacht at (9, 11) may beat north-east to (10, 12), two spaces
    ahead of the starboard-tack yacht at (12, 10) beating north-west, which sails next
    and reaches one space in a one-leg turn. The navigator "takes no chances" and tacks
    on the spot; hard sails the leg and keeps clear (the engine says so)."""
    game = make("regatta_advanced", seats=2)
    spec = {0: {"at": (9, 11), "started": True, "heading": NE, "tack": "port", "puffs": 0},
            1: {"at": (12, 10), "started": True, "heading": NW, "tack": "starboard", "puffs": 0}}
    medium = turn(game, spec, legs=1, seat=0)
    assert _sail_turn(medium, regatta_3m) == (9, 11)
    race = turn(game, spec, legs=1, seat=0)
    assert _sail_turn(race, HARD) == (10, 12)
    assert any("directly ahead of" in e.text for e in race.last_events)
    _sail_turn(race, regatta_3m)
    assert not any(e.kind == "penalty" for e in race.events)
    assert any(e.kind == "right_of_way" and "kept clear" in e.text for e in race.events)
