"""The 3M Regatta (1968), basic game: the die, legs, the general instructions, puffs,
spinnaker, blanketing, start and finish.
Each test quotes the rule text (/work/shared/seeds/000_694ce8f22981aa5f.txt) it checks.
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from dinghy import games
from dinghy.core.errors import DataError
from dinghy.core.race import Race
from dinghy.core.scoring import points, series_table
from dinghy.games.grid import compass
from dinghy.games.regatta_3m import start_finish
from dinghy.games.regatta_3m.actions import GiveUp, Leg, Place, Roll, Spinnaker
from dinghy.games.regatta_3m.equipment import Equipment
from dinghy.games.regatta_3m.speeds import spaces
from dinghy.games.regatta_3m.state import Boat, Phase

from regatta_3m_kit import E, N, NE, NW, S, SE, SW, W, at, make, rolling, texts, turn


# --- the die and the rounds -----------------------------------------------------------

def test_the_die_faces_are_data_with_exact_chances():
    """"The numbers 1, 2 and 3 on the die indicate ... a one-, two- or 3-leg round" and
    "S" means a wind shift (red or green); the sixth face is lost: data, default a 2."""
    game = make()
    outcomes = game.chance_outcomes(game.initial_state())
    assert dict((a.face, p) for a, p in outcomes) == {
        "1": Fraction(1, 6), "2": Fraction(1, 3), "3": Fraction(1, 6),
        "red S": Fraction(1, 6), "green S": Fraction(1, 6)}
    assert sum(p for _, p in outcomes) == 1


def test_a_die_without_a_3_or_with_a_strange_face_is_refused():
    """"The first player to roll a 3 is first": a die needs a 3, and faces are 1, 2, 3, S."""
    with pytest.raises(DataError, match="needs a 3"):
        Equipment.from_mapping({"die": [1, 2, 2, 1, "red S", "green S"]}, "eq.toml")
    with pytest.raises(DataError, match=r"die\[2\]"):
        Equipment.from_mapping({"die": [1, 2, 4, 3, "red S", "green S"]}, "eq.toml")
    with pytest.raises(DataError, match="luffing"):
        Equipment.from_mapping({"wind_indicator": {"luffing": 1}}, "eq.toml")


def test_the_first_player_to_roll_a_3_is_first_and_the_player_to_his_left_second():
    """"Players roll the die to decide order of play. The first player to roll a 3 is
    first; the player to his left is second, etc." Then "each player positions his yacht"."""
    race = Race(make(seats=3))
    race.push("roll 2")            # Orange
    race.push("roll red S")        # Sky
    race.push("roll 3")            # Green: first
    s = race.state
    assert s.phase is Phase.PLACE and s.holder == 2 and s.queue == (2, 0, 1)
    assert race.current_player() == 2


def test_every_round_the_die_gives_all_players_the_same_number_of_legs():
    """"Every round starts with a roll of the die to determine the number of legs per
    turn for all players ... For the first round, the first player rolls the die. He
    continues to roll the die for each successive round until "S" turns up.\""""
    game = make(seats=3)
    race = rolling(game, {0: {"at": (6, 10)}, 1: {"at": (10, 10)}, 2: {"at": (14, 10)}}, holder=1)
    race.push("roll 2")
    s = race.state
    assert s.round == 5 and s.legs == 2 and s.turn.seat == 1 and s.turn.legs == 2
    assert s.queue == (1, 2, 0)
    for seat in (1, 2, 0):
        assert race.current_player() == seat and race.state.turn.legs == 2
        race.push("leg E")
        race.push("leg SE")
    assert race.state.phase is Phase.ROLL and race.state.holder == 1


@pytest.mark.parametrize("face,wind", [("red S", NW), ("green S", NE)])
def test_wind_shifts_and_the_hand_over_of_the_die(face, wind):
    """"When the red "S" appears, the Wind Indicator is moved counterclockwise 45°...;
    when the green "S" appears, the Indicator is moved clockwise 45°. The player who
    rolled the "S" gives the die to the next player who rolls it to determine the number
    of legs for the coming round. This player becomes the first player for succeeding
    rounds.\""""
    game = make(seats=3)
    race = rolling(game, {0: {"at": (6, 10)}, 1: {"at": (10, 10)}, 2: {"at": (14, 10)}}, holder=0)
    events = race.push(Roll(face))
    assert race.state.wind == wind and race.state.holder == 1 and race.chance
    assert "gives the die to Sky" in texts(events)
    race.push("roll 1")
    assert race.state.turn.seat == 1 and race.state.queue == (1, 2, 0)


# --- speeds and moves --------------------------------------------------------------------

def test_the_wind_indicator_spaces_by_direction_with_respect_to_the_wind():
    """"Running 2, Broad Reaching 3, Beam Reaching 2, Beating 1, Luffing 0" and "Use of a
    spinnaker adds one SPACE to a running or broad reaching leg"."""
    eq = Equipment()
    assert [spaces(eq, d, N) for d in (N, NE, E, SE, S)] == [0, 1, 2, 3, 2]
    assert [spaces(eq, d, N, spinnaker=True) for d in (NE, E, SE, S)] == [1, 2, 4, 3]
    assert spaces(eq, E, N, puff=True) == 3


@settings(max_examples=60, deadline=None)
@given(wind=st.integers(0, 7), d=st.integers(0, 7), spin=st.booleans(), puff=st.booleans())
def test_a_leg_is_as_long_on_either_side_of_the_wind(wind, d, spin, puff):
    """Speeds depend only on the direction "with respect to the wind": a leg and its
    mirror image across the wind are equally long, whatever the wind."""
    eq = Equipment()
    mirror = (2 * wind - d) % 8
    assert spaces(eq, d, wind, spin, puff) == spaces(eq, mirror, wind, spin, puff)


@settings(max_examples=40, deadline=None)
@given(x=st.integers(3, 17), y=st.integers(7, 19), d=st.integers(0, 7), puff=st.booleans())
def test_a_legal_leg_sails_its_spaces_in_a_straight_line(x, y, d, puff):
    """"Leg -- movement in a straight line consisting of 1, 2 or 3 spaces" (a diagonal
    step counts as one space): a legal leg ends exactly its Wind Indicator spaces away
    along its direction."""
    game = make(seats=2)
    race = turn(game, {0: {"at": (x, y)}, 1: {"at": (0, 0)}}, legs=1)
    if (x, y) in game.course.obstacles or race.why_not(Leg(d, puff)) is not None:
        return
    race.push(Leg(d, puff))
    n = spaces(game.eq, d, N, puff=puff)
    dx, dy = compass.DIRS[d]
    assert race.state.boats[0].at == (x + n * dx, y + n * dy)


def test_the_text_s_round_of_three_leg_turns():
    """"A ROUND OF THREE-LEG TURNS -- Boat A: broad reach (3 spaces), running (2 spaces),
    running (2 spaces). Boat B: broad reach (3), beam reach (2), broad reach (3). Boat C:
    running (2), broad reach (3), broad reach (3).\""""
    game = make(seats=3)
    race = rolling(game, {0: {"at": (6, 18)}, 1: {"at": (11, 18)}, 2: {"at": (2, 16)}})
    race.push("roll 3")
    plans = {0: ["leg SE", "leg S", "leg S"], 1: ["leg SE", "leg E", "leg SE"], 2: ["leg S", "leg SE", "leg SE"]}
    said = []
    for seat in (0, 1, 2):
        for a in plans[seat]:
            said.append(texts(race.push(a)))
    assert at(race, 0) == (9, 11) and at(race, 1) == (19, 12) and at(race, 2) == (8, 8)
    assert [s.split(" leg ")[0].split(" a ")[-1] for s in said] == [
        "broad reaching", "running", "running", "broad reaching", "beam reaching", "broad reaching",
        "running", "broad reaching", "broad reaching"]
    assert race.state.phase is Phase.ROLL


def test_two_leg_turns_one_direction_or_two():
    """"When the number 2 is rolled, they may move two legs in one direction OR one leg
    in one direction followed by one leg in another direction; for example ... two
    SPACES beating (one space per leg) OR ... a beam reaching leg of 2 spaces followed
    by a broad reaching leg consisting of 3 spaces.\""""
    game = make(seats=2)
    race = turn(game, {0: {"at": (10, 10)}, 1: {"at": (0, 0)}}, legs=2)
    race.push("leg NE")
    race.push("leg NE")
    assert at(race) == (12, 12)
    race = turn(game, {0: {"at": (10, 10)}, 1: {"at": (0, 0)}}, legs=2)
    race.push("leg E")
    race.push("leg SE")
    assert at(race) == (15, 7)


def test_a_boat_may_not_sail_in_a_luffing_direction_but_may_luff_one_leg():
    """"As shown by the zero on the Wind Indicator, a boat may not sail in a luffing
    direction." and general instruction 5: "A player may luff for one, but only one,
    leg per turn." (Basic game: the luffing leg sails no space.)"""
    game = make(seats=2)
    race = turn(game, {0: {"at": (10, 10)}, 1: {"at": (0, 0)}}, legs=3)
    race.push("leg N")
    assert at(race) == (10, 10) and race.state.turn.used == 1
    assert "only one" in race.why_not(Leg(N))


def test_no_moving_onto_or_through_an_occupied_space():
    """General instruction 1: "Players may not move onto or through an occupied space.\""""
    game = make(seats=2)
    race = turn(game, {0: {"at": (10, 15)}, 1: {"at": (11, 15)}}, legs=1)
    assert "occupied" in race.why_not(Leg(E)) and "Sky" in race.why_not(Leg(E))
    race = turn(game, {0: {"at": (9, 21)}, 1: {"at": (0, 0)}}, legs=1)
    assert "mark A" in race.why_not(Leg(NE))


def test_legs_are_complete_never_cut_short_by_the_edge():
    """General instruction 2: "All legs and turns must be complete.\""""
    game = make(seats=2)
    race = turn(game, {0: {"at": (19, 15)}, 1: {"at": (0, 0)}}, legs=1)
    assert "edge of the board" in race.why_not(Leg(E))


def test_a_boat_that_cannot_complete_its_turn_gives_it_up():
    """General instruction 3: "Players must take their turns when possible, even though
    the possibilities may be disadvantageous. A player must give up his entire turn if,
    because of obstacles, he cannot complete it.\""""
    game = make(seats=4)
    boxed = {0: {"at": (0, 26)}, 1: {"at": (1, 26)}, 2: {"at": (1, 25)}, 3: {"at": (0, 25)}}
    race = turn(game, boxed, legs=2)           # a luff, then nowhere to go
    assert race.legal_actions() == [GiveUp()]
    assert "luff" not in [a.text() for a in race.legal_actions()]
    assert "cannot be completed" in race.why_not(Leg(N))
    events = race.push("give up turn")
    assert "gives up the entire turn" in texts(events) and at(race) == (0, 26)
    race = turn(game, boxed, legs=1)           # one leg: luffing completes the turn
    assert race.legal_actions() == [Leg(N)]
    assert "must take his turn" in race.why_not(GiveUp())


def test_one_leg_may_not_be_retraced_by_another():
    """General instruction 4: "One leg may not be retraced by another within the same turn.\""""
    game = make(seats=2)
    race = turn(game, {0: {"at": (10, 10)}, 1: {"at": (0, 0)}}, legs=2)
    race.push("leg E")
    assert "retraced" in race.why_not(Leg(W))
    assert race.why_not(Leg(SW)) is None


# --- puffs, spinnaker, blanketing ------------------------------------------------------------

def test_puff_cards_one_space_more_one_a_turn_three_a_race():
    """"a puff card, good for a 1-space extension of a leg. Each player gets three puff
    cards ... he may play only one per turn. After a puff card has been used, it is
    placed aside and may not be used again.\""""
    game = make(seats=2)
    race = turn(game, {0: {"at": (5, 10)}, 1: {"at": (0, 0)}}, legs=2)
    race.push("leg E puff")
    assert at(race) == (8, 10) and race.state.boats[0].puffs == 2
    assert "only one puff" in race.why_not(Leg(E, True))
    race = turn(game, {0: {"at": (5, 10), "puffs": 0}, 1: {"at": (0, 0)}}, legs=1)
    assert "no puff card" in race.why_not(Leg(E, True))


def test_the_spinnaker_is_set_before_moving_and_adds_a_space_running_or_broad_reaching():
    """"Only when broad reaching or running may a player use a spinnaker to gain 1 more
    space per leg. He does so by turning his spinnaker card face up before moving.\""""
    game = make(seats=2)
    race = turn(game, {0: {"at": (5, 15)}, 1: {"at": (0, 0)}}, legs=2)
    race.push("spinnaker up")
    race.push("leg SE")
    assert at(race) == (9, 11)
    assert "only broad reach or run" in race.why_not(Leg(E))
    race = turn(game, {0: {"at": (5, 15)}, 1: {"at": (0, 0)}}, legs=2)
    race.push("leg SE")
    assert "before moving" in race.why_not(Spinnaker(True))


def test_taking_down_the_spinnaker_gives_up_a_leg():
    """"When unable to run or broad reach to advantage for a full turn, he must begin his
    turn by taking down his spinnaker ... giving up one leg. (To take down a spinnaker in
    a one-leg turn is, in effect, to lose a turn.)\""""
    game = make(seats=2)
    race = turn(game, {0: {"at": (5, 15), "spinnaker": True}, 1: {"at": (0, 0)}}, legs=2)
    race.push("spinnaker down")
    assert race.state.turn.used == 1 and race.why_not(Leg(E)) is None
    race = turn(game, {0: {"at": (5, 15), "spinnaker": True}, 1: {"at": (0, 0)}}, legs=1)
    events = race.push("spinnaker down")
    assert "in effect, the turn" in texts(events) and race.current_player() == 1
    race = turn(game, {0: {"at": (5, 15), "spinnaker": True}, 1: {"at": (0, 0)}}, legs=2)
    race.push("leg SE")
    assert "beginning of a turn" in race.why_not(Spinnaker(False))


def test_blanketing_directly_to_windward_loses_a_turn():
    """"When a boat occupies the space directly to windward of another boat, it
    "blankets" the other boat ... The "blanketed" player loses a turn.\""""
    game = make(seats=2)
    race = rolling(game, {0: {"at": (10, 10)}, 1: {"at": (10, 11)}})
    events = race.push("roll 2")
    assert "Orange is blanketed: Sky is directly to windward" in texts(events)
    assert race.state.turn.seat == 1


def test_a_spinnaker_blankets_partly_from_the_second_space():
    """"A boat flying a spinnaker can partially blanket from the second space directly
    to windward of another boat; the blanketed player loses one leg of his turn.\""""
    game = make(seats=2)
    race = rolling(game, {0: {"at": (10, 10)}, 1: {"at": (10, 12), "spinnaker": True}})
    events = race.push("roll 2")
    assert "loses one leg" in texts(events)
    assert race.state.turn.seat == 0 and race.state.turn.legs == 1


def test_no_yacht_is_positioned_where_it_would_blanket_another():
    """"each player positions his yacht behind the starting line on any cross he chooses
    except one on which he could "blanket" another yacht.\""""
    game = make(seats=2)
    race = Race(game)
    race.push("roll 3")
    race.push("place 10 2")
    assert "blanket" in race.why_not(Place(10, 3))
    assert "behind the starting line" in race.why_not(Place(10, 4))
    assert "behind the starting line" in race.why_not(Place(10, 6))
    assert race.why_not(Place(11, 3)) is None


# --- start and finish ------------------------------------------------------------------------

def test_jumping_the_gun_before_round_three_means_return_and_recross():
    """"A player may not be on or across the starting line before round three. Boats
    "jumping the gun" must return and re-cross the line.\""""
    game = make(seats=2)
    race = rolling(game, {0: {"at": (10, 3)}, 1: {"at": (14, 1)}}, round_=1)
    race.push("roll 1")                          # round two
    events = race.push("leg NE")                 # onto the line
    assert "jumping the gun" in texts(events) and race.state.boats[0].premature
    race.push("leg N")                           # Sky luffs
    race.push("roll 2")                          # round three
    race.push("leg NE")                          # further over: not a start
    b = race.state.boats[0]
    assert b.premature and not b.started
    race.push("leg S")                           # run back behind the line
    assert not race.state.boats[0].premature
    race.push("leg NE")
    race.push("leg N")
    race.push("roll 2")                          # round four: cross properly
    events = race.push("leg NE") + race.push("leg NE")
    assert race.state.boats[0].started and "started" in texts(events)


def test_arriving_on_the_line_is_not_yet_crossing_it():
    """"Boats ... must ... cross the line": a boat on the line has not started until it
    leaves it on the course side."""
    game = make(seats=2)
    race = turn(game, {0: {"at": (8, 3)}, 1: {"at": (0, 0)}}, legs=2, round_=3)
    race.push("leg NE")
    assert at(race) == (9, 4) and not race.state.boats[0].started
    race.push("leg NE")
    assert race.state.boats[0].started


def test_marks_are_rounded_the_right_way_round():
    """"Rounding -- going around a mark": mark A is left to port (rounded anticlockwise);
    passing it the other way round does not round it."""
    game = make(seats=2)
    race = turn(game, {0: {"at": (11, 21), "started": True}, 1: {"at": (0, 0)}}, legs=2, wind=S)
    race.push("leg N")
    events = race.push("leg W")
    assert "rounds mark A" in texts(events) and race.state.boats[0].rounded == 1
    race = turn(game, {0: {"at": (9, 21), "started": True}, 1: {"at": (0, 0)}}, legs=2, wind=S)
    race.push("leg N")
    race.push("leg E")
    assert race.state.boats[0].rounded == 0


def test_crossing_the_finish_line_ends_the_race_for_that_boat_mid_leg():
    """"The player who crosses the finish line first wins." The leg stops at the line."""
    game = make(seats=2)
    race = turn(game, {0: {"at": (10, 5), "started": True, "rounded": 2}, 1: {"at": (0, 0)}}, legs=2)
    events = race.push("leg SE")
    b = race.state.boats[0]
    assert b.finished == (5, 1) and b.at == (12, 3) and "finish" in texts(events)
    assert race.current_player() == 1
    assert race.places() == [1, None]


def test_ties_and_the_fewest_legs():
    """"Players finishing in the same round and the same number of legs tie. If two or
    more players cross the finish line in the same round, but not in the same number of
    legs, the one who crosses in the fewest legs wins.\""""
    done = (Boat(0, finished=(12, 2)), Boat(1, finished=(12, 1)), Boat(2, finished=(12, 2)),
            Boat(3, finished=(11, 3)), Boat(4))
    assert start_finish.places(done) == [3, 2, 3, 1, None]


def test_series_points_1000_to_500_and_tied_places():
    """"For each race points are awarded as shown: 1st 1000, 2nd 900, 3rd 800, 4th 700,
    5th 600, 6th 500. At the end of the series, player with the most points is the
    winner.\""""
    assert [points("3m", p, 6) for p in range(1, 7)] == [1000, 900, 800, 700, 600, 500]
    rows = series_table([[1, 1, 3], [3, 1, 2], [2, 3, 1]], "3m", ties=True)
    assert [(r.boat, r.total, r.rank) for r in rows] == [(1, 2800, 1), (0, 2700, 2), (2, 2700, 3)]
    with pytest.raises(ValueError, match="twice"):
        series_table([[1, 1, 3]], "3m")


def test_the_start_finish_line_is_two_spaces_a_boat():
    """"Start-finish line is marked by placing the committee boat and a course marker two
    spaces apart for each boat in the race" -- every shipped board's line is sized for
    the game's six yachts."""
    for name in games.GAMES["regatta"].boards():
        game = make(board=name)
        a, b = game.board.start.a, game.board.start.b
        assert compass.chebyshev(a, b) == 2 * game.eq.yachts
        assert game.board.mark_at(*a) and game.board.mark_at(*b)


def test_seven_yachts_are_one_too_many():
    """"EQUIPMENT ... 6 yachts\""""
    with pytest.raises(DataError, match="6 yachts"):
        make(seats=7)
