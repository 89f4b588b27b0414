"""The 3M Regatta (1968), advanced game: headings and heading moves, the NAYRU
right-of-way rules, keeping clear and both penalty options.
Each test quotes the rule text (/work/shared/seeds/000_694ce8f22981aa5f.txt) it checks.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from dinghy.core.errors import DataError
from dinghy.core.race import Race
from dinghy.games.regatta_3m.actions import Head, Leg
from dinghy.games.regatta_3m.state import Boat, Claim, Phase, State

from regatta_3m_kit import E, N, NE, NW, S, SE, SW, W, at, make, rolling, texts, turn


# --- advanced game: headings -----------------------------------------------------------------

def test_a_leg_on_the_other_tack_needs_a_heading_move_first():
    """"Tacking and Jibing -- ... one leg must be sacrificed every time the bow of the
    boat swings across the eye of the wind. These are called heading moves." and
    "Player may not make two consecutive heading moves in one turn.\""""
    game = make("regatta_advanced", seats=2)
    race = turn(game, {0: {"at": (10, 10), "heading": NE, "tack": "port"}, 1: {"at": (0, 0)}}, legs=3)
    assert "heading move" in race.why_not(Leg(NW))
    events = race.push("head NW")
    assert "tacks onto starboard tack" in texts(events) and race.state.turn.used == 1
    assert "two heading moves" in race.why_not(Head(NE))
    race.push("leg NW")
    assert at(race) == (9, 11) and race.state.boats[0].tack == "starboard"


def test_bearing_away_on_the_same_tack_is_a_plain_leg():
    """Heading moves are "used to change course when the rules demand": a course on the
    same tack needs none (a heading move there is refused)."""
    game = make("regatta_advanced", seats=2)
    race = turn(game, {0: {"at": (10, 10), "heading": NE, "tack": "port"}, 1: {"at": (0, 0)}}, legs=1)
    assert race.why_not(Leg(SE)) is None and race.why_not(Leg(S)) is None
    assert "distance move" in race.why_not(Head(E))


def test_a_wind_shift_can_leave_a_yacht_luffing():
    """"A wind change can leave a yacht in a luffing position. When this happens, the
    skipper of the luffing yacht must make a heading move to change course before he
    can make any distance move.\""""
    game = make("regatta_advanced", seats=2)
    race = rolling(game, {0: {"at": (10, 10), "heading": NE, "tack": "port"},
                          1: {"at": (3, 3), "heading": NW, "tack": "starboard"}}, holder=1)
    events = race.push("roll green S")
    assert race.state.wind == NE and race.state.boats[0].luffing
    assert "left luffing" in texts(events)
    race.push("roll 2")
    assert race.current_player() == 0
    assert "luffing" in race.why_not(Leg(E))
    race.push("head E")
    assert not race.state.boats[0].luffing


def test_luffing_on_purpose_takes_a_heading_move_in_and_another_out():
    """"a player may luff purposely, but he must use a heading move to begin luffing and
    a second heading move to recover." (Two heading moves never follow each other.)"""
    game = make("regatta_advanced", seats=2)
    spec = {0: {"at": (10, 10), "heading": NE, "tack": "port"}, 1: {"at": (0, 0), "heading": NE, "tack": "port"}}
    race = turn(game, spec, legs=2)
    assert "cannot be completed" in race.why_not(Head(N))
    race = turn(game, spec, legs=1)
    race.push("head N")
    assert race.state.boats[0].luffing and race.current_player() == 1


# --- advanced game: right of way and penalties -----------------------------------------------

def _port_meets_starboard(penalty, legs=2):
    game = make("regatta_advanced", seats=2, penalty=penalty)
    race = turn(game, {0: {"at": (8, 10), "heading": NE, "tack": "port"},
                       1: {"at": (12, 10), "heading": NW, "tack": "starboard"}}, legs=legs)
    events = []
    for _ in range(legs):
        events += race.push("leg NE")
    return game, race, events


def test_opposite_tack_rule_and_option_a_disqualification():
    """"Opposite Tack Rule -- A port-tack yacht shall keep clear of a starboard-tack
    yacht." "Keeping Clear -- When a player ends a turn on a space directly in the path
    of a right-of-way yacht, he has failed to keep clear if the player with right of way
    reaches the occupied space within his next turn." "Option A -- ... disqualified.\""""
    game, race, events = _port_meets_starboard("disqualify")
    said = texts(events)
    assert "Opposite Tack Rule" in said and "Option A: Orange is disqualified" in said
    assert race.state.boats[0].out == "disqualified" and race.places()[0] is None
    assert race.current_player() == 1


def test_option_b_takes_back_the_legs_and_forfeits_the_turn():
    """"Option B The player guilty of an infraction must take back his leg(s) and
    forfeit his turn.\""""
    game, race, events = _port_meets_starboard("forfeit")
    assert "Option B: Orange takes back its legs to (8, 10)" in texts(events)
    assert at(race) == (8, 10) and race.state.boats[0].lose_turn
    race.push("leg NW")
    race.push("leg NW")
    events = race.push("roll 1")
    assert "Orange forfeits this turn" in texts(events) and race.current_player() == 1


def test_keeping_clear_is_judged_by_whether_the_yacht_reaches_the_space():
    """"... he has failed to keep clear if the player with right of way reaches the
    occupied space within his next turn": one beating leg does not reach two spaces."""
    game = make("regatta_advanced", seats=2, penalty="disqualify")
    race = rolling(game, {0: {"at": (10, 12), "heading": NE, "tack": "port"},
                          1: {"at": (12, 10), "heading": NW, "tack": "starboard"}}, holder=1)
    state = race.state
    claim = Claim(0, 1, (10, 12), "Orange on port tack keeps clear", state.boats[0])
    race = Race.from_state(game, state.with_(claims=(claim,)))
    events = race.push("roll 1")
    assert "Orange kept clear of Sky" in texts(events)
    assert race.state.boats[0].out is None


def test_same_tack_rule_windward_keeps_clear():
    """"Same Tack Rule -- A windward yacht shall keep clear of a leeward yacht.\""""
    game = make("regatta_advanced", seats=2, penalty="disqualify")
    race = turn(game, {0: {"at": (14, 12), "heading": W, "tack": "starboard"},
                       1: {"at": (12, 10), "heading": NW, "tack": "starboard"}}, legs=2)
    events = race.push("leg W") + race.push("leg W")
    assert "Same Tack Rule" in texts(events) and race.state.boats[0].out == "disqualified"


def test_changing_tack_rule_overrides_the_opposite_tack_rule():
    """"Changing Tack Rule -- A yacht which is either tacking or jibing shall keep clear
    of a yacht on a tack.\""""
    game = make("regatta_advanced", seats=2, penalty="disqualify")
    race = turn(game, {0: {"at": (9, 11), "heading": NE, "tack": "port"},
                       1: {"at": (8, 10), "heading": NE, "tack": "port"}}, legs=2)
    events = race.push("leg NE") + race.push("head NW")   # now on starboard, but tacking
    assert race.state.boats[0].tack == "starboard"
    assert "Changing Tack Rule" in texts(events) and race.state.boats[0].out == "disqualified"


def test_inside_yacht_at_a_mark_has_room():
    """"Rounding or Passing Marks and Obstructions -- When an inside yacht is within 2
    spaces of the mark, an outside yacht on the same tack must keep clear." (It
    overrides the Same Tack Rule, which favours the leeward, outside yacht here.)"""
    game = make("regatta_advanced", seats=2, penalty="disqualify")
    race = turn(game, {0: {"at": (12, 19), "heading": W, "tack": "starboard"},
                       1: {"at": (12, 21), "heading": SW, "tack": "starboard"}}, legs=1)
    events = race.push("leg W")
    assert "Rounding or Passing Marks" in texts(events)
    assert race.state.boats[0].out == "disqualified"


def test_a_returning_premature_starter_keeps_clear():
    """"Yachts Returning to Start -- A premature starter when returning to start ...
    shall keep clear of all yachts which are starting (or have started) correctly".
    (Here it is on starboard tack: without the exception the other yacht would keep clear.)"""
    game = make("regatta_advanced", seats=2, penalty="disqualify")
    race = turn(game, {0: {"at": (12, 6), "heading": NW, "tack": "starboard", "premature": True},
                       1: {"at": (8, 6), "heading": NE, "tack": "port", "started": True}}, legs=2, round_=4)
    events = race.push("leg NW") + race.push("leg NW")
    assert "Returning to Start" in texts(events) and race.state.boats[0].out == "disqualified"


def test_the_penalty_option_is_chosen_at_set_up():
    """"Penalties for Violations -- Option A ... Option B": one of the two, set up before
    the race (RaceSetup.extra ("penalty", ...))."""
    assert make("regatta_advanced", penalty="disqualify").penalty == "disqualify"
    assert make("regatta_advanced").penalty == "forfeit"
    with pytest.raises(DataError, match="penalty"):
        make("regatta_advanced", penalty="keelhaul")


def test_room_at_a_mark_is_for_yachts_on_the_same_tack_only():
    """"When an inside yacht is within 2 spaces of the mark, an outside yacht on the same
    tack must keep clear": on opposite tacks the Opposite Tack Rule still decides."""
    from dinghy.games.regatta_3m.right_of_way import must_keep_clear
    game = make("regatta_advanced", seats=2)
    state = turn(game, {0: {"at": (12, 20), "heading": NW, "tack": "starboard"},
                        1: {"at": (11, 21), "heading": NE, "tack": "port"}}).state
    outside, inside = state.boats
    assert "Opposite Tack Rule" in must_keep_clear(game, state, inside, outside)
    assert must_keep_clear(game, state, outside, inside) is None
    inside = inside.with_(heading=NW, tack="starboard")
    assert "Rounding or Passing Marks" in must_keep_clear(game, state, outside, inside)


@settings(deadline=None)
@given(a=st.tuples(st.integers(0, 20), st.integers(0, 26)), b=st.tuples(st.integers(0, 20), st.integers(0, 26)),
       ta=st.sampled_from(["port", "starboard"]), tb=st.sampled_from(["port", "starboard"]),
       flags=st.lists(st.booleans(), min_size=6, max_size=6), wind=st.integers(0, 7))
def test_never_both_yachts_must_keep_clear_of_each_other(a, b, ta, tb, flags, wind):
    """The right-of-way rules give way one way only: "When one of these rules applies,
    it overrides any rule above" -- whichever rule decides, at most one of two yachts
    must keep clear of the other."""
    from dinghy.games.regatta_3m.right_of_way import must_keep_clear
    if a == b:
        return
    game = make("regatta_advanced", seats=2)
    ya = Boat(0, at=a, heading=N, tack=ta, premature=flags[0], tacking=flags[1], luffing=flags[2])
    yb = Boat(1, at=b, heading=N, tack=tb, premature=flags[3], tacking=flags[4], luffing=flags[5])
    state = State(phase=Phase.TURN, boats=(ya, yb), wind=wind, round=5)
    assert not (must_keep_clear(game, state, ya, yb) and must_keep_clear(game, state, yb, ya))
