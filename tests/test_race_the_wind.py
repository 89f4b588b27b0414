"""Race the Wind (seed 004 and the rules notes' "Race the Wind" list): every rule, each
test quoting the text it checks."""
from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings, strategies as st

from dinghy import games
from dinghy.core.errors import DataError, IllegalAction
from dinghy.core.interface import CHANCE
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.grid import compass, rounding
from dinghy.games.grid.board import Board
from dinghy.games.race_the_wind import actions as A
from dinghy.games.race_the_wind.game import RaceTheWind
from dinghy.games.race_the_wind.precedence import precedence
from dinghy.games.race_the_wind.state import Phase
from dinghy.skippers import play_bots

from rtw_kit import board_data, make_game, position, texts

N, NE, E, SE, S, SW, W, NW = range(8)


def legal(g, s):
    return {a.text() for a in g.legal_actions(s)}


def push(g, s, *acts):
    ev = []
    for a in acts:
        s, e = g.apply(s, A.parse(a) if isinstance(a, str) else a)
        ev += e
    return s, ev


# --- actions by orientation ------------------------------------------------------------

def test_head_to_wind_only_turns():
    """"head to wind = only a turn of 45° or 90° either way" (rules notes)."""
    g = make_game(1)
    s = position(g, [dict(x=3, y=6, heading=N)])
    assert g.why_not(s, A.MOVE) is not None
    s2, _ = push(g, s, "turn right 90")
    assert s2.boats[0].heading == E and s2.phase is Phase.DIE       # the one turn was the whole turn


def test_close_reach_one_move_or_one_turn():
    """"close reach = one move forward or one 45°/90° turn" (rules notes)."""
    g = make_game(2)
    s = position(g, [dict(x=3, y=6, heading=NE), dict(x=12, y=6, heading=NW)])
    s2, _ = push(g, s, "move")
    assert s2.boats[0].pos == (4, 7) and s2.queue[0] == 1          # the turn is over
    s3, _ = push(g, s, "turn left 90")                             # a tack through the wind
    assert s3.boats[0].heading == NW and s3.queue[0] == 1


def test_beam_reach_two_actions_each_a_move_or_a_turn():
    """"beam reach = two actions, each a move or a 45°/90° turn" (rules notes)."""
    g = make_game(2)
    for first, second in (("move", "move"), ("move", "turn right 45"), ("turn right 45", "move"),
                          ("turn right 45", "turn left 45")):
        s = position(g, [dict(x=3, y=6, heading=E), dict(x=12, y=6, heading=W)])
        s, _ = push(g, s, first)
        assert s.queue[0] == 0
        s, _ = push(g, s, second)
        assert s.queue[0] == 1


def test_broad_reach_a_move_and_a_turn_or_only_a_turn():
    """"broad reach = a move and a turn, or only a turn" (rules notes): never two moves."""
    g = make_game(2)
    s = position(g, [dict(x=3, y=8, heading=SE), dict(x=12, y=6, heading=W)])
    s1, _ = push(g, s, "move")
    assert s1.queue[0] == 0 and g.why_not(s1, A.MOVE) is not None and "no move is left" in g.why_not(s1, A.MOVE)
    s2, _ = push(g, s1, "turn left 45")
    assert s2.queue[0] == 1
    s3, _ = push(g, s, "turn right 45")
    assert s3.queue[0] == 0 and A.MOVE in g.legal_actions(s3)


def test_run_one_move_or_one_turn():
    """"run = one move or one turn" (rules notes)."""
    g = make_game(2)
    s = position(g, [dict(x=3, y=8, heading=S), dict(x=12, y=6, heading=W)])
    assert push(g, s, "move")[0].queue[0] == 1
    assert push(g, s, "turn left 45")[0].queue[0] == 1


def test_never_turn_into_the_wind():
    """"Never turn into the wind" (rules notes): a turn may not end head to wind."""
    g = make_game(1)
    s = position(g, [dict(x=3, y=6, heading=NE)])
    r = g.why_not(s, A.turn(-1))
    assert r is not None and "never turn into the wind" in r
    assert g.why_not(s, A.turn(-2)) is None        # through the wind to the other tack


def test_skip_and_do_nothing():
    """"A boat can skip any actions (either moves or turns) it wants to. It is possible to
    not do anything at all.\""""
    g = make_game(2)
    s = position(g, [dict(x=3, y=6, heading=E), dict(x=12, y=6, heading=W)])
    s2, ev = push(g, s, "end")
    assert s2.boats[0] == s.boats[0] and s2.queue == (1,) and "ends its turn" in texts(ev)


def test_wait_at_most_once_a_turn():
    """"a boat may wait, letting other players perform their actions before it. Every boat
    may wait at most once in a given turn.\""""
    g = make_game(2)
    s = position(g, [dict(x=3, y=6, heading=E), dict(x=12, y=6, heading=W)])
    s, _ = push(g, s, "wait")
    assert s.queue == (1, 0)
    s, _ = push(g, s, "end")
    assert s.queue == (0,)
    assert "at most once" in g.why_not(s, A.WAIT)
    s1, _ = push(g, position(g, [dict(x=3, y=6, heading=E), dict(x=12, y=6, heading=W)]), "move")
    assert "already acted" in g.why_not(s1, A.WAIT)


# --- precedence --------------------------------------------------------------------------

def test_precedence_rules_in_order():
    """"different tacks → starboard; same tack → the boat farther from the wind (leeward);
    same distance → the boat sailing closer to the wind; same angle → the boat behind"."""
    w, why = precedence(((3, 8), NE), ((4, 9), NW), N)          # port against starboard
    assert w == 1 and "starboard" in why
    w, why = precedence(((3, 8), E), ((4, 9), E), N)            # both port; A further down
    assert w == 0 and "leeward" in why
    w, why = precedence(((3, 8), NE), ((4, 8), E), N)           # level; A closer to the wind
    assert w == 0 and "closer to the wind" in why
    w, why = precedence(((3, 8), E), ((4, 8), E), N)            # same angle; A behind
    assert w == 0 and "behind" in why
    w, _ = precedence(((4, 8), E), ((3, 8), E), N)
    assert w == 1


@given(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7), st.integers(-5, 5), st.integers(-5, 5))
def test_precedence_is_one_boat_either_way_round(ha, hb, wind, dx, dy):
    """Exactly one of two boats has precedence, whichever is asked first."""
    assume((dx, dy) != (0, 0))
    w1, _ = precedence(((0, 0), ha), ((dx, dy), hb), wind)
    w2, _ = precedence(((dx, dy), hb), ((0, 0), ha), wind)
    assert w1 != w2


def test_blocked_square_when_the_other_boat_has_precedence():
    """"if B has precedence, A picks another course or waits" (rules notes)."""
    g = make_game(2)
    s = position(g, [dict(x=3, y=8, heading=NE), dict(x=4, y=9, heading=NW)])
    r = g.why_not(s, A.MOVE)
    assert r and "has precedence" in r and "pick another course or wait" in r
    assert "wait" in legal(g, s) and "protest 2" not in legal(g, s)


def test_blocked_square_the_other_boat_must_act_first():
    """"if A has precedence and B has not acted, A waits and B must act first"; "A boat
    must wait if its actions would otherwise impose a penalty on a second boat which has
    not yet made its turn\"."""
    g = make_game(2)
    s = position(g, [dict(x=3, y=8, heading=NE), dict(x=4, y=9, heading=E)])
    r = g.why_not(s, A.MOVE)
    assert r and "must wait" in r
    assert "protest 2" not in legal(g, s)
    s, _ = push(g, s, "wait")
    assert s.queue[0] == 1


def test_blocked_square_penalty_on_a_boat_that_has_acted():
    """"if B has acted, A may declare a penalty on B and skip its own turn" (rules notes)."""
    g = make_game(2)
    s = position(g, [dict(x=3, y=8, heading=NE), dict(x=4, y=9, heading=E)], queue=(0,))
    assert "protest 2" in legal(g, s)
    s2, ev = push(g, s, "protest 2")
    assert s2.boats[1].penalties == 1 and s2.boats[0].pos == (3, 8)
    assert s2.phase is Phase.DIE                      # A's turn is over, and so is the turn
    assert "leeward" in texts(ev) and "skips the rest of its turn" in texts(ev)


def test_proper_course_option():
    """"a boat A may only declare penalties for another boat B if B is preventing A from
    entering a square which A would want to enter even when B was not there": here, A may
    not turn towards B to declare a penalty on it."""
    plain, proper = make_game(2), make_game(2, proper_course=True)
    for g, allowed in ((plain, True), (proper, False)):
        s = position(g, [dict(x=3, y=8, heading=E), dict(x=4, y=9, heading=E)], queue=(0,))
        s, _ = push(g, s, "turn left 45")                    # now heading NE, at B
        assert ("protest 2" in legal(g, s)) is allowed
        if not allowed:
            assert "proper course" in g.why_not(s, A.Act("protest", 1))


# --- penalties ---------------------------------------------------------------------------

def test_penalty_rotation_on_a_beam_reach_takes_two_turns():
    """"For each received penalty a boat has to make a full rotation on a single square ...
    as few as 2 turns (if started on a beam reach ...). The player must declare when
    starting a penalty rotation, and may not move away from the square until the boat
    returns to the original orientation.\""""
    g = make_game(1)
    s = position(g, [dict(x=3, y=6, heading=E, penalties=1)])
    assert g.why_not(s, A.turn(2)) is None
    s, _ = push(g, s, "penalty")
    assert "penalty rotation" in g.why_not(s, A.MOVE)
    s, _ = push(g, s, "turn right 90", "turn right 90")      # E -> S -> W
    s, _ = push(g, s, "die 3")
    assert s.boats[0].spin == 4 and "one way round" in g.why_not(s, A.turn(-1))
    s, ev = push(g, s, "turn right 90", "turn right 90")     # W -> N (head to wind) -> E
    assert s.boats[0].penalties == 0 and s.boats[0].spin is None and s.boats[0].heading == E
    assert "360° penalty turn done" in texts(ev)


def test_no_finish_while_penalties_are_owed():
    """"a full rotation on a single square sometime before the end of the race": a boat
    owing one does not finish by crossing the line."""
    g = make_game(1)
    s = position(g, [dict(x=7, y=4, heading=S, leg=1, penalties=1, finish_side=1)])
    s, _ = push(g, s, "move")                   # onto the line (7, 3)
    s, ev = push(g, s, "die 3", "move")
    assert not s.boats[0].finished and "still owes" in texts(ev)


# --- puffs, lulls, wind shadow -------------------------------------------------------------

def test_puff_gives_another_straight_move_repeatedly():
    """"If a boat ends its action on a puff, and its last action was a move (not a turn),
    it is entitled to make another move in the same direction. If after that move the
    boat again ends on a puff, it may take another move forward and so on.\""""
    g = make_game(2)
    s = position(g, [dict(x=3, y=6, heading=NE), dict(x=12, y=6, heading=NW)], puffs={(4, 7), (5, 8)})
    s, ev = push(g, s, "move")
    assert s.queue[0] == 0 and s.progress.puff and "puff" in texts(ev)
    s, _ = push(g, s, "move")
    assert s.boats[0].pos == (5, 8) and s.queue[0] == 0
    s, _ = push(g, s, "move")
    assert s.boats[0].pos == (6, 9) and s.queue[0] == 1


def test_a_turn_forfeits_the_puff_move():
    g = make_game(2)
    s = position(g, [dict(x=3, y=6, heading=E), dict(x=12, y=6, heading=NW)], puffs={(4, 6)})
    s, _ = push(g, s, "move", "turn left 45")
    assert s.queue[0] == 1          # beam reach: move + turn spent, no puff move left


def test_lull_stops_and_blocks_then_unblock_is_the_whole_next_turn():
    """"Whenever a boat moves into a lull, it is automatically stopped and "blocked" there
    ... A blocked boat will skip the next turn - it's only possible action for that turn
    will be to "unblock" itself by removing the token.\""""
    g = make_game(2)
    s = position(g, [dict(x=3, y=6, heading=E), dict(x=12, y=6, heading=NW)], lulls={(4, 6)})
    s, ev = push(g, s, "move")
    assert s.boats[0].blocked and s.queue[0] == 1 and "lull" in texts(ev)
    s, _ = push(g, s, "end", "die 4")
    assert legal(g, s) == {"unblock"}
    s, _ = push(g, s, "unblock")
    assert not s.boats[0].blocked and s.queue[0] == 1


def test_lull_moving_away_or_onto_a_boat():
    """"If, at the end of a turn, a lull moves away from under the boat, the block is also
    automatically removed. Similarly, if a lull moves to the square with a boat, the boat
    becomes blocked for the upcoming turn.\""""
    g = make_game(2)
    s = position(g, [dict(x=3, y=6, heading=E, blocked=True), dict(x=10, y=6, heading=NW)],
                 lulls={(3, 6), (10, 7)}, queue=(1,))
    s, _ = push(g, s, "end")
    s, ev = push(g, s, "die 1")                 # the wind from the north: lulls move south
    assert not s.boats[0].blocked and s.boats[1].blocked
    assert (3, 5) in s.lulls and (10, 6) in s.lulls


def test_end_of_turn_die_and_coin_are_exact():
    """"A 6-sided die is thrown - if the result is 1 all puffs and lulls move one space in
    the wind direction. If the result is 2, wind is rotated 45 degrees left or right
    (decided with a coinflip), otherwise nothing happens.\""""
    g = make_game(1)
    s = position(g, [dict(x=3, y=6, heading=E)], puffs={(2, 2)})
    s, _ = push(g, s, "end")
    assert g.current_player(s) == CHANCE
    out = g.chance_outcomes(s)
    assert [a.text() for a, _ in out] == [f"die {k}" for k in range(1, 7)]
    assert all(p == Fraction(1, 6) for _, p in out)
    s1, _ = push(g, s, "die 1")
    assert s1.puffs == {(2, 1)}
    s2, _ = push(g, s, "die 2")
    assert [p for _, p in g.chance_outcomes(s2)] == [Fraction(1, 2)] * 2
    assert push(g, s2, "coin left")[0].wind == NW and push(g, s2, "coin right")[0].wind == NE
    s5, ev = push(g, s, "die 5")
    assert s5.wind == N and s5.puffs == s.puffs and "nothing changes" in texts(ev)


def test_wind_shadow_token_acts_as_a_private_lull_until_the_boat_turns():
    """"Each boat has its "wind shadow", which is located one square away in the wind
    direction. If a boat enters a wind shadow of any other boat ... A special "shadow
    token" will be placed two squares ahead on the current course of the shadowed boat.
    It acts like a lull, applicable only to that particular boat. The shadow token will be
    removed whenever a shadowed boat manouvers.\""""
    g = make_game(2)
    # B at (5, 7): its shadow is (5, 6), one square downwind (south)
    s = position(g, [dict(x=3, y=6, heading=E), dict(x=5, y=7, heading=NW)])
    s, _ = push(g, s, "move")
    s, ev = push(g, s, "move")
    assert s.boats[0].pos == (5, 6) and s.boats[0].shadow == (7, 6) and "wind shadow" in texts(ev)
    s, _ = push(g, s, "end", "die 4", "move", "move")             # (6, 6), then into the token
    assert s.boats[0].blocked and s.boats[0].pos == (7, 6)
    # a turn removes it
    s = position(g, [dict(x=3, y=6, heading=E, shadow=(5, 6)), dict(x=12, y=7, heading=NW)])
    s, ev = push(g, s, "turn right 45")
    assert s.boats[0].shadow is None and "shadow token is removed" in texts(ev)


# --- spinnaker ------------------------------------------------------------------------------

def test_spinnaker_set_on_broad_reach_or_run_with_a_die():
    """"the web board's code allows broad reach or run"; "A 6-sided die is thrown and if 1
    comes up, the boat becomes blocked. Otherwise, the boat starts carrying a "spinnaker"
    token.\""""
    g = make_game(2)
    beam = position(g, [dict(x=3, y=8, heading=E), dict(x=12, y=6, heading=NW)])
    assert "broad reach or a run" in g.why_not(beam, A.SET_SPINNAKER)
    s = position(g, [dict(x=3, y=8, heading=SE), dict(x=12, y=6, heading=NW)])
    s, _ = push(g, s, "spinnaker set")
    assert s.phase is Phase.SPIN_DIE and all(p == Fraction(1, 6) for _, p in g.chance_outcomes(s))
    bad, _ = push(g, s, "spinnaker die 1")
    assert bad.boats[0].blocked and not bad.boats[0].spinnaker and bad.queue[0] == 1
    good, _ = push(g, s, "spinnaker die 4")
    assert good.boats[0].spinnaker and good.queue[0] == 0 and A.MOVE in g.legal_actions(good)


def test_spinnaker_two_straight_moves_and_no_turn_up():
    """"On a broad reach or a run, a boat with a spinnaker may, instead of the standard
    actions, take two moves straight"; "A boat with a spinnaker may not turn into beam or
    close reach.\""""
    g = make_game(2)
    s = position(g, [dict(x=3, y=10, heading=SE, spinnaker=True), dict(x=12, y=6, heading=NW)])
    assert "spinnaker" in g.why_not(s, A.turn(-1))           # SE -> E: a beam reach
    s, _ = push(g, s, "move", "move")
    assert s.boats[0].pos == (5, 8) and s.queue[0] == 1


def test_spinnaker_lost_by_a_shift_and_dropped_freely():
    """"If a boat ends up in a beam or close reach due to a wind shift, it loses the
    spinnaker and becomes blocked. To take down the spinnaker the boat needs to spend its
    "manouver" action. This is always successful.\""""
    g = make_game(2)
    s = position(g, [dict(x=3, y=10, heading=SE, spinnaker=True), dict(x=12, y=6, heading=NW)], queue=(1,))
    s, _ = push(g, s, "end", "die 2", "coin right")          # wind NE: SE is now a beam reach
    assert not s.boats[0].spinnaker and s.boats[0].blocked
    s = position(g, [dict(x=3, y=10, heading=S, spinnaker=True), dict(x=12, y=6, heading=NW)])
    s, _ = push(g, s, "spinnaker drop")
    assert not s.boats[0].spinnaker and s.queue[0] == 1       # a run: the one action


def test_better_spinnaker_bonus_move_and_no_tack_change():
    """"a boat with a spinnaker may take a single "bonus" straight move before or after
    making the standard action. Using the "bonus" move, however, prohibits the boat from
    changing its tack this turn.\""""
    g = make_game(2, better_spinnaker=True)
    s = position(g, [dict(x=3, y=10, heading=SE, spinnaker=True), dict(x=12, y=6, heading=NW)])
    s1, _ = push(g, s, "move", "move")                         # standard move + bonus
    assert s1.queue[0] == 0
    assert "tack" in g.why_not(s1, A.turn(2))                  # SE -> SW: a gybe
    assert g.why_not(s1, A.turn(1)) is None                    # SE -> S keeps no other tack
    s2, _ = push(g, s, "move", "turn right 90")                # a gybe with the standard move
    assert "tack" in g.why_not(s2, A.MOVE)


# --- start and finish ---------------------------------------------------------------------------

def test_crossing_before_turn_8_does_not_count():
    """"To begin the race they must cross the starting line at turn number 8 or later.\""""
    g = make_game(1)
    for turn, started in ((7, False), (8, True)):
        s = position(g, [dict(x=6, y=3, heading=NE, started=False, start_side=-1)], turn=turn)
        s, ev = push(g, s, "move")
        assert s.boats[0].started is started
        assert ("does not count" in texts(ev)) is (not started)


def test_on_the_line_is_not_across():
    """"being on the line does not yet constitute a finish": nor a start."""
    g = make_game(1)
    s = position(g, [dict(x=6, y=2, heading=NE, started=False, start_side=-1)], turn=9)
    s, ev = push(g, s, "move")
    assert s.boats[0].pos == (7, 3) and not s.boats[0].started and "start" not in texts(ev)


@pytest.mark.parametrize("turn,penalised", [(5, False), (6, True), (7, True), (8, False)])
def test_present_at_the_line_at_turn_6_or_7(turn, penalised):
    """"If a boat is present at the starting line at turn 6 or 7 it gets a penalty.\""""
    g = make_game(1)
    s = position(g, [dict(x=7, y=3, heading=E, started=False, start_side=-1)], turn=turn)
    s, _ = push(g, s, "turn right 45")
    s, ev = push(g, s, "end") if s.queue else (s, [])
    assert (s.boats[0].penalties == 1) is penalised


@pytest.mark.parametrize("turn,penalised", [(5, True), (7, True), (8, False)])
def test_staying_three_turns_before_turn_8(turn, penalised):
    """"A boat also gets a penalty if it manouvers (i.e. stays) on the same square for more
    than two turns in a row before turn 8 (staying for the third turn in a row at the same
    square at turn number 8 does not result in a penalty).\""""
    g = make_game(1)
    s = position(g, [dict(x=7, y=1, heading=E, started=False, start_side=-1, still=2)], turn=turn)
    s, ev = push(g, s, "turn right 45")          # a manoeuvre on the spot
    s, _ = push(g, s, "end")
    assert (s.boats[0].penalties == 1) is penalised


def test_finish_by_crossing_after_the_marks():
    """"A boat finishes when it crosses the finish line (i.e. being on the line does not yet
    constitute a finish).\""""
    g = make_game(1)
    s = position(g, [dict(x=7, y=4, heading=S, leg=1, finish_side=1)])
    s, _ = push(g, s, "move")
    assert s.boats[0].pos == (7, 3) and not s.boats[0].finished
    s, _ = push(g, s, "die 3", "move")
    assert s.boats[0].finished and g.is_over(s) and g.places(s) == [1]
    # without the mark rounded it is no finish
    s = position(g, [dict(x=7, y=3, heading=S, leg=0, finish_side=1)])
    assert not push(g, s, "move")[0].boats[0].finished


def test_same_turn_finishes_are_ordered_by_precedence():
    """"If several boats finish on the same turn, the winner is determined by applying the
    Precedence Rules above to the boats as they cross the finish line.\""""
    g = make_game(2)
    # Orange crosses first in seat order on port (a run counts as port); Sky on starboard
    s = position(g, [dict(x=6, y=3, heading=S, leg=1, finish_side=1),
                     dict(x=8, y=3, heading=SW, leg=1, finish_side=1)])
    s, _ = push(g, s, "move")
    s, ev = push(g, s, "move")
    assert s.boats[0].finished and s.boats[1].finished
    assert g.places(s) == [2, 1] and "Precedence Rules" in texts(ev)


def test_marks_rounded_in_order_on_their_side():
    """"rounding the buoy at the top of the board (leaving it to the left)": going round it
    clockwise does not count; anticlockwise does."""
    g = make_game(1)
    s = position(g, [dict(x=8, y=11, heading=W)])                 # over the top, east to west
    s, ev = push(g, s, "move")
    assert s.boats[0].leg == 1 and "rounds mark 'top'" in texts(ev)
    s = position(g, [dict(x=6, y=11, heading=E)])                 # west to east: wrong way
    s, ev = push(g, s, "move", "move")
    assert s.boats[0].leg == 0 and s.boats[0].count == -1 and "wrong way" in texts(ev)


def _winding(mark, path):
    total = 0.0
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        a0 = math.atan2(y0 - mark[1], x0 - mark[0])
        a1 = math.atan2(y1 - mark[1], x1 - mark[0])
        d = a1 - a0
        while d > math.pi:
            d -= 2 * math.pi
        while d < -math.pi:
            d += 2 * math.pi
        total += d
    return round(total / (2 * math.pi))


@settings()
@given(st.lists(st.integers(0, 7), min_size=1, max_size=40),
       st.tuples(st.floats(-1, 1), st.floats(-1, 1)), st.sampled_from(["port", "starboard"]))
def test_ray_crossings_of_a_closed_walk_count_its_turns_round_the_mark(steps, towards, side):
    """A closed walk that never enters the mark's square crosses any rounding ray as many
    times (net, anticlockwise positive) as it winds round the mark."""
    mark = (0, 0)
    ray = rounding.rounding_ray(mark, side, towards, None)
    path = [(2, 0)]
    for h in steps:
        p = compass.step(*path[-1], h)
        if p != mark:
            path.append(p)
    while path[-1] != path[0]:                  # back to the start, one step at a time
        x, y = path[-1]
        p = (x + (path[0][0] > x) - (path[0][0] < x), y + (path[0][1] > y) - (path[0][1] < y))
        assume(p != mark)
        path.append(p)
    n = sum(rounding.ray_crossing(mark, ray, a, b) for a, b in zip(path, path[1:]))
    assert n == _winding(mark, path)
    back = sum(rounding.ray_crossing(mark, ray, b, a) for a, b in zip(path, path[1:]))
    assert back == -n


# --- set-up, data, options, contract ---------------------------------------------------------------

def test_random_puffs_and_lulls_are_a_chance_event_of_about_ten_percent():
    """"At the beginning of the game they are randomly distributed along the field" (about
    10% puffs and 10% lulls on the web board, rules notes)."""
    setup = RaceSetup(seats=(Seat("Orange", "Orange"),), course="race_the_wind")
    g = games.load_game(setup, "race_the_wind")
    s = g.initial_state()
    out = g.chance_outcomes(s)
    assert g.current_player(s) == CHANCE and sum(p for _, p in out) == 1
    shares = []
    for a, _ in out:
        s2, _ = g.apply(s, a)
        assert not (s2.puffs & s2.lulls) and not any(b.pos in s2.lulls for b in s2.boats)
        shares.append((len(s2.puffs), len(s2.lulls)))
    free = 15 * 14 - 3 - 1
    assert 0.07 < sum(p for p, _ in shares) / len(shares) / free < 0.13
    assert 0.07 < sum(q for _, q in shares) / len(shares) / free < 0.13


def test_options_and_board_extras_are_checked():
    board = Board.from_mapping(board_data(), "test.toml")
    bad = RaceSetup(seats=(Seat("Orange", "Orange"),), course="test", extra=(("proper_course", "yes"),))
    with pytest.raises(DataError) as exc:
        RaceTheWind(bad, board)
    assert exc.value.field == "extra.proper_course"
    ok = RaceSetup(seats=(Seat("Orange", "Orange"),), course="test")
    for extras, field in (({"start_cells": [[7, 10]]}, "extras.start_cells[0]"),
                          ({"puffs": [[1]]}, "extras.puffs[0]"),
                          ({"lull_share": 2}, "extras.lull_share")):
        with pytest.raises(DataError) as exc:
            RaceTheWind(ok, Board.from_mapping(board_data(**extras), "test.toml"), "test.toml")
        assert exc.value.field == field
    with pytest.raises(DataError) as exc:
        games.load_game(RaceSetup(seats=ok.seats, course="up_and_down"), "race_the_wind")
    assert "grid boards" in str(exc.value)          # a Dinghy Race course is not a grid board


def test_every_action_text_parses_back():
    g = make_game(2)
    acts = [A.MOVE, A.WAIT, A.END, A.UNBLOCK, A.PENALTY, A.SET_SPINNAKER, A.DROP_SPINNAKER,
            *(A.turn(n) for n in (-2, -1, 1, 2)), A.Act("protest", 1), A.Act("layout", 7),
            A.Act("spin_die", 3), A.Act("die", 6), A.Act("coin", -1), A.Act("coin", 1)]
    for a in acts:
        assert g.parse_action(a.text()) == a
    with pytest.raises(IllegalAction):
        g.parse_action("turn left 135")


def test_grid_view_contract():
    """The picture shows boats, tokens and the wind; a tap on a square is the engine's
    action or its reason."""
    g = make_game(2)
    s = position(g, [dict(x=3, y=8, heading=NE), dict(x=4, y=9, heading=NW)], puffs={(1, 1)}, lulls={(2, 2)})
    pic = g.picture(s, 0)
    assert [(b.x, b.y, b.heading) for b in pic.boats] == [(3, 8, NE), (4, 9, NW)]
    assert {t.kind for t in pic.tokens} >= {"puff", "lull", "shadow"} and pic.wind_from == N
    ahead = g.square_actions(s, 4, 9)
    assert not ahead[0].legal and "precedence" in ahead[0].reason
    left = g.square_actions(s, 3, 9)                       # north: into the wind
    assert not left[0].legal and "into the wind" in left[0].reason
    right = g.square_actions(s, 4, 8)                      # east: a 45° turn
    assert right[0].legal and right[0].action == A.turn(1)
    own = {a.label: a for a in g.square_actions(s, 3, 8)}
    assert own["End the turn"].legal and not own["Unblock"].legal
    assert g.square_actions(s, 10, 10)[0].reason


# --- whole races ---------------------------------------------------------------------------------

BOARDS = games.GAMES["race_the_wind"].boards()


@pytest.mark.race
@pytest.mark.parametrize("board", BOARDS)
def test_seeded_navigator_races_finish_and_replay(board, tmp_path):
    for seed, n in ((3, 3), (11, 4)):
        setup = RaceSetup(seats=tuple(Seat(c, c, "navigator") for c in list(PALETTE)[:n]),
                          course=board, seed=seed)
        race = Race(games.load_game(setup, "race_the_wind"))
        play_bots(race, random.Random(seed))
        assert race.over and sorted(race.places()) == list(range(1, n + 1)), (board, seed)
        games.save_race(tmp_path / "r.json", race)
        again = games.load_race(tmp_path / "r.json")
        assert again.state == race.state and again.places() == race.places()


def test_shipped_boards():
    assert {"race_the_wind", "race_the_wind_island", "race_the_wind_sausage"} <= set(BOARDS)


def test_command_line_race_on_a_board(capsys, tmp_path):
    """`dinghy race --rules race_the_wind --board NAME` sails a race and saves a record
    that `load_race` replays."""
    from dinghy.cli import main
    out = tmp_path / "rtw.json"
    assert main(["race", "--rules", "race_the_wind", "--board", "race_the_wind_sausage", "--boats", "3",
                 "--seed", "4", "--save", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Race the Wind, race_the_wind_sausage" in text and "1. " in text and "did not finish" not in text
    assert games.load_race(out).over
    assert main(["race", "--rules", "race_the_wind", "--board", "no_such_board"]) == 2
    assert "no_such_board" in capsys.readouterr().err


def test_damaged_shipped_boards_load_or_name_the_field(tmp_path):
    """Every shipped grid board, damaged at random (a key removed, a value of the wrong
    kind), either still loads or fails with one DataError naming the file."""
    import tomllib
    from dinghy.games.grid.loading import board_dir
    rng = random.Random(9)
    junk = ["x", -1, 10 ** 6, [1], [[1, 2, 3]], {"a": 1}, True, 0.5, []]
    for path in sorted(board_dir().glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for k in range(60):
            d = {key: (dict(v) if isinstance(v, dict) else v) for key, v in data.items()}
            key = rng.choice(list(d))
            target = d
            if isinstance(d[key], dict) and d[key] and rng.random() < 0.6:
                target, key = d[key], rng.choice(list(d[key]))
            if rng.random() < 0.3:
                del target[key]
            else:
                target[key] = rng.choice(junk)
            f = tmp_path / f"{path.stem}_{k}.toml"
            try:
                f.write_text(_toml(d), encoding="utf-8")
            except TypeError:
                continue
            setup = RaceSetup(seats=(Seat("Orange", "Orange"), Seat("Sky", "Sky")), course=str(f))
            try:
                games.load_game(setup, "race_the_wind")
            except DataError as exc:
                assert exc.source == str(f)


def _toml(d, prefix=""):
    """Just enough TOML for the damaged boards (tables, arrays of tables, plain values)."""
    from dinghy.core.toml_text import toml_key as _key, toml_value as _val
    lines, tables = [], []
    for k, v in d.items():
        if isinstance(v, dict):
            tables.append((k, v))
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for x in v:
                lines.append(f"[[{prefix}{_key(k)}]]")
                lines += [f"{_key(a)} = {_val(b)}" for a, b in x.items()]
        else:
            lines.insert(0, f"{_key(k)} = {_val(v)}")
    for k, v in tables:
        lines.append(f"[{prefix}{_key(k)}]")
        lines += [f"{_key(a)} = {_val(b)}" for a, b in v.items()]
    return "\n".join(lines) + "\n"


def test_every_tap_is_a_legal_action_or_a_reason_in_random_play():
    """The grid view contract through a whole random race: a square's action is one of the
    engine's legal actions, and every refusal carries the engine's reason."""
    setup = RaceSetup(seats=tuple(Seat(c, c) for c in list(PALETTE)[:3]), course="race_the_wind", seed=2)
    game = games.load_game(setup, "race_the_wind")
    race = Race(game)
    rng = random.Random(2)
    notes = set()
    for _ in range(400):
        s = race.state
        pic = game.picture(s, 0)
        notes.add(pic.note.split(":")[0].split(" ")[0])
        assert len(pic.boats) == 3 and pic.wind_from == s.wind
        if race.chance:
            assert game.square_actions(s, 0, 0) == []
            race.roll()
            continue
        b = s.boats[s.queue[0]]
        legal_now = game.legal_actions(s)
        for x in range(b.x - 1, b.x + 2):
            for y in range(b.y - 1, b.y + 2):
                for sa in game.square_actions(s, x, y):
                    assert (sa.action in legal_now) if sa.legal else bool(sa.reason)
        race.push(rng.choice(legal_now))
    assert {"Turn", "End"} <= notes


def test_estimate_ranks_boats_by_progress_for_cut_short_playouts():
    """A boat that has rounded the mark is ahead of one still beating to it, which is
    ahead of one not yet started (the generic look-ahead's cut-short value)."""
    g = make_game(3)
    s = position(g, [dict(x=7, y=8, heading=S, leg=1), dict(x=7, y=7, heading=NE),
                     dict(x=7, y=1, heading=E, started=False, start_side=-1)])
    assert [g.estimate(s, i) for i in range(3)] == [1.0, 0.5, 0.0]
