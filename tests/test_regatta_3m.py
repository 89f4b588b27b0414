"""The 3M Regatta (1968), basic and advanced game: each test quotes the rule text
(/work/shared/seeds/000_694ce8f22981aa5f.txt) it checks.

Positions are built by hand on the triangular course (courses/grid/3m_triangle.toml:
intersections x 0..20, y 0..26; start-finish line y = 4 from x = 4 to 16, course side
north; mark A at (10, 22), mark B at (4, 13), both left to port).
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from dinghy import games
from dinghy.cli import main as cli_main
from dinghy.core.errors import DataError, IllegalAction
from dinghy.core.race import Race
from dinghy.core.scoring import points, series_table
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.grid import compass
from dinghy.games.regatta_3m import start_finish
from dinghy.games.regatta_3m.actions import GiveUp, Head, Leg, Place, Roll, Spinnaker, parse
from dinghy.games.regatta_3m.equipment import Equipment
from dinghy.games.regatta_3m.speeds import spaces
from dinghy.games.regatta_3m.state import Boat, Claim, Phase, State, Turn
from dinghy.skippers import play_bots

N, NE, E, SE, S, SW, W, NW = range(8)


def make(rules="regatta", seats=3, board="3m_triangle", seed=1, penalty=None):
    extra = (("penalty", penalty),) if penalty else ()
    setup = RaceSetup(seats=tuple(Seat(c, c, None) for c in list(PALETTE)[:seats]),
                      course=board, seed=seed, extra=extra)
    return games.load_game(setup, rules)


def boats(game, spec):
    """Boats from {seat: {field: value}}, their line sides set from where they stand."""
    out = []
    for i in range(game.seats()):
        kw = dict(spec.get(i, {}))
        b = Boat(seat=i, puffs=kw.pop("puffs", 3))
        if "at" in kw:
            b = start_finish.placed(game.course, b, kw["at"])
        out.append(b.with_(**kw))
    return tuple(out)


def rolling(game, spec, round_=4, holder=0, wind=N):
    """A race about to roll the die for the next round."""
    return Race.from_state(game, State(phase=Phase.ROLL, boats=boats(game, spec), wind=wind,
                                       round=round_, holder=holder))


def turn(game, spec, legs=3, round_=5, seat=0, wind=N):
    """A race in which ``seat`` begins a turn of ``legs`` legs."""
    bs = boats(game, spec)
    n = game.seats()
    queue = tuple((seat + k) % n for k in range(n))
    return Race.from_state(game, State(phase=Phase.TURN, boats=bs, wind=wind, round=round_,
                                       holder=seat, legs=legs, queue=queue,
                                       turn=Turn(seat=seat, legs=legs, start=bs[seat])))


def at(race, seat=0):
    return race.state.boats[seat].at


def texts(events):
    return " | ".join(e.text for e in events)


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


# --- text, picture, bots, records, command line --------------------------------------------

@pytest.mark.parametrize("a", [Roll("2"), Roll("red S"), Place(3, 2), Place(3, 2, NE), Leg(SW),
                               Leg(E, True), Head(NW), Spinnaker(True), Spinnaker(False), GiveUp()])
def test_every_action_reads_back_from_its_text(a):
    assert parse(a.text()) == a


def test_unknown_action_text_says_what_is_known():
    with pytest.raises(IllegalAction, match="roll, place, leg"):
        parse("jibe now")


def test_the_grid_picture_and_taps():
    """The grid view contract: the boats, the wind, a note; a tap on a leg's end sails
    it, a tap elsewhere says the engine's reason."""
    game = make(seats=2)
    race = turn(game, {0: {"at": (10, 10), "spinnaker": True}, 1: {"at": (5, 5)}}, legs=2)
    pic = game.picture(race.state, 0)
    assert pic.wind_from == N and {b.seat for b in pic.boats} == {0, 1}
    assert "spinnaker" in pic.boats[0].flags and "Orange to sail" in pic.note
    taps = game.square_actions(race.state, 14, 6)
    assert [t.action for t in taps if t.legal] == [Leg(SE)]
    taps = game.square_actions(race.state, 12, 10)
    assert not any(t.legal for t in taps) and "spinnaker" in taps[0].reason
    taps = game.square_actions(race.state, 11, 13)
    assert "straight line" in taps[0].reason


@pytest.mark.parametrize("rules", ["regatta", "regatta_advanced"])
@pytest.mark.parametrize("board", ["3m_triangle", "3m_channel"])
@pytest.mark.parametrize("seed,seats", [(1, 4), (2, 6)])
def test_seeded_bot_races_finish_and_replay_identically(rules, board, seed, seats):
    setup = RaceSetup(seats=tuple(Seat(c, c, "navigator") for c in list(PALETTE)[:seats]),
                      course=board, seed=seed, extra=(("penalty", "disqualify" if seed == 2 else "forfeit"),))
    race = Race(games.load_game(setup, rules))
    play_bots(race, random.Random(seed))
    assert race.over and race.state.round < 60          # measured: at most 33 in 96 seeded races
    finished = [p for p, b in zip(race.places(), race.state.boats) if b.out is None]
    assert all(p is not None for p in finished) and 1 in finished
    again = Race.replay(games.load_game(setup, rules), race.record()["actions"])
    assert again.state == race.state


def test_every_shipped_board_is_in_both_rulesets():
    assert games.GAMES["regatta"].boards() == games.GAMES["regatta_advanced"].boards()
    assert games.GAMES["regatta"].boards()[0] == "3m_triangle"
    assert {"3m_triangle", "3m_channel"} <= set(games.GAMES["regatta"].boards())


def test_dinghy_race_sails_the_regatta_from_the_command_line(capsys):
    assert cli_main(["race", "--rules", "regatta", "--board", "3m_triangle", "--boats", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Regatta (3M), 3m_triangle" in out and "1. " in out


def test_a_saved_advanced_race_loads_and_replays(tmp_path):
    """A record is the set-up (the penalty option included) plus every action, dice too."""
    setup = RaceSetup(seats=tuple(Seat(c, c, "navigator") for c in list(PALETTE)[:3]),
                      course="3m_channel", seed=5, extra=(("penalty", "disqualify"),))
    race = Race(games.load_game(setup, "regatta_advanced"))
    play_bots(race, random.Random(5))
    path = tmp_path / "race.json"
    games.save_race(path, race)
    again = games.load_race(path)
    assert again.game.penalty == "disqualify" and again.state == race.state


def _damage(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    k = rng.randrange(len(lines))
    how = rng.randrange(5)
    if how == 0:
        del lines[k]
    elif how == 1:
        lines[k] = lines[k].replace("=", "= [", 1)
    elif how == 2:
        lines[k] = lines[k].replace("1", "-7").replace("2", '"two"')
    elif how == 3:
        lines[k] = lines[k].replace('"', "")
    else:
        lines.insert(k, rng.choice(["x = 99", "side = \"middle\"", "[extras]\nrays = 3",
                                    "die = [3, 3]", "start_towards = \"north\"", "time_limit = 0"]))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", ["3m_triangle", "3m_channel", "equipment"])
def test_damaged_boards_and_equipment_load_or_say_what_is_wrong(name, tmp_path):
    """Bad data file: one clear DataError naming the file, never a traceback."""
    from dinghy.core import io
    from dinghy.games.grid.loading import load_board
    from dinghy.games.regatta_3m.game import Regatta3MAdvanced
    src = (io.data_dir("cards") / "regatta_3m" / "equipment.toml" if name == "equipment"
           else io.data_dir("courses") / "grid" / f"{name}.toml")
    text = src.read_text(encoding="utf-8")
    rng = random.Random(name)
    setup = RaceSetup(seats=tuple(Seat(c, c, None) for c in list(PALETTE)[:2]))
    for i in range(30):
        path = tmp_path / f"{name}_{i}.toml"
        path.write_text(_damage(text, rng), encoding="utf-8")
        try:
            if name == "equipment":
                eq = Equipment.from_mapping(io.read_toml(path), str(path))
                board = load_board("3m_triangle")
            else:
                eq, board = Equipment(), load_board(path, game="regatta_3m")
            game = Regatta3MAdvanced(setup, board, eq, str(path))
            game.legal_actions(game.initial_state())
        except DataError as exc:
            assert str(path) in str(exc) or name == "equipment"


def test_the_penalty_option_from_the_command_line(capsys):
    """Option A or B is decided before the race: ``--option penalty=disqualify``."""
    assert cli_main(["race", "--rules", "regatta_advanced", "--boats", "2", "--seed", "3",
                     "--option", "penalty=disqualify"]) == 0
    assert cli_main(["race", "--rules", "regatta_advanced", "--option", "penalty=keelhaul"]) == 2
    assert "extra.penalty" in capsys.readouterr().err
