"""Yacht Race (Parker Brothers, 1961; seeds/001_a14dedbd1f1894df.txt): every rule the
engine plays, each test quoting the rule text it checks.

Most positions are set up by hand on a small chart drawn in letters (``chart.from_rows``:
north at the top; # land, A B C marks, S start block, F finish block, L anchor block,
1-6 the club's numbered blocks); the shipped boards are played whole by the bot.
"""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from dinghy import games
from dinghy.core.errors import DataError, IllegalAction
from dinghy.core.interface import CHANCE
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.grid.board import Board
from dinghy.games.grid.loading import load_board
from dinghy.games.yacht_race import data
from dinghy.games.yacht_race.actions import Allot, Draw, Forfeit, Sail, WindCard, parse
from dinghy.games.yacht_race.chart import from_board, from_rows
from dinghy.games.yacht_race.game import YachtRace
from dinghy.games.yacht_race.luck import LuckPack
from dinghy.games.yacht_race.rounding import rounded, winding
from dinghy.games.yacht_race.sailing import blocks
from dinghy.games.yacht_race.state import Phase, State, Yacht
from dinghy.skippers import play_bots

N, NE, E, SE, S, SW, W, NW = range(8)

ROWS = [
    "..............",   # y 9
    "....A.........",   # y 8
    "..............",   # y 7
    "......##......",   # y 6
    "......##....S.",   # y 5
    ".B............",   # y 4
    "............F.",   # y 3
    "..............",   # y 2
    ".....C....L...",   # y 1
    "123456........",   # y 0
]


def _setup(seats: int, seed: int = 0, course: str = "yacht_race") -> RaceSetup:
    names = list(PALETTE)[:seats]
    return RaceSetup(seats=tuple(Seat(n, n, None) for n in names), course=course, seed=seed)


def make(seats: int = 2, rows=ROWS, course: str = "A:port B:port C:port") -> YachtRace:
    return YachtRace(_setup(seats), None, from_rows(rows, course=course), data.load_pack())


def at(game: YachtRace, spots: dict, wind: int = NW, turn: int = 0, **state_fields) -> State:
    """A position: seat -> (x, y) or (x, y, {Yacht fields}); started unless told; checked
    (and a blanketed mover's turn handed on) by ``game.position``."""
    yachts = []
    for seat in range(game.seats()):
        x, y, *more = spots[seat]
        fields = {"started": True, **(more[0] if more else {})}
        yachts.append(Yacht(seat=seat, block=seat + 1, pos=(x, y), **fields))
    return game.position(State(yachts=tuple(yachts), wind=wind, luck_left=game.pack.full(),
                               phase=Phase.SAIL, turn=turn, **state_fields))


def sails(game: YachtRace, state: State) -> set[tuple[int, bool]]:
    return {(a.heading, a.spinnaker) for a in game.legal_actions(state) if isinstance(a, Sail)}


# --- basic moves ---------------------------------------------------------------------------

def test_seven_courses_and_never_directly_upwind():
    """"players CANNOT MOVE DIRECTLY UPWIND. ... If, for example, the wind is blowing from
    the NORTH, players may move in the following directions: NORTHEAST, EAST, SOUTHEAST,
    SOUTH, SOUTHWEST, WEST, AND NORTHWEST.\""""
    g = make()
    s = at(g, {0: (9, 4), 1: (0, 9)}, wind=N)
    assert {h for h, spin in sails(g, s) if not spin} == {NE, E, SE, S, SW, W, NW}
    reason = g.why_not(s, Sail(N))
    assert "directly into the wind" in reason


@pytest.mark.parametrize("heading,n", [(NE, 1), (SE, 1), (N, 2), (S, 2), (NW, 3), (SW, 3), (W, 3)])
def test_speeds_of_the_points_of_sail_from_the_texts_examples(heading, n):
    """"The wind is from the East and the player wishes to move Northeast or Southeast. He
    will move his yacht ONE BLOCK ONLY"; "North or South, he will move his yacht TWO
    BLOCKS"; "Northwest or Southwest, he will move his yacht THREE BLOCKS"; "THREE BLOCKS
    to the West" (running)."""
    g = make()
    s = at(g, {0: (10, 4), 1: (0, 9)}, wind=E)
    after, events = g.apply(s, Sail(heading))
    x, y = after.yachts[0].pos
    assert max(abs(x - 10), abs(y - 4)) == n
    assert blocks(heading, E, False) == n
    assert f"{n} block" in " ".join(e.text for e in events)


@given(st.integers(0, 7), st.integers(0, 7))
def test_summary_two_beats_two_reaches_three_broad_or_run(heading, wind):
    """"On two of these courses his yacht may BEAT ONE BLOCK ONLY; on two other courses he
    may REACH TWO BLOCKS ONLY. On the remaining three courses he may BROAD REACH or RUN
    THREE BLOCKS ONLY." """
    speeds = sorted(blocks(h, wind, False) for h in range(8))
    assert speeds == [0, 1, 1, 2, 2, 3, 3, 3]
    assert blocks(heading, wind, True) in (0, 1, 2, 5)
    assert (blocks(heading, wind, True) == 5) == (blocks(heading, wind, False) == 3)


def test_all_moves_must_be_complete():
    """"If the prescribed number of blocks cannot be completed because of obstacles such as
    another yacht, land area, edge of chart, etc., then THAT MOVE CAN NOT BE MADE IN THAT
    DIRECTION.\""""
    g = make()
    # wind from the east: west is a run of three; land at x 6-7 on rows 5-6
    s = at(g, {0: (9, 5), 1: (12, 9)}, wind=E)
    assert "land" in g.why_not(s, Sail(W)) and "all moves must be complete" in g.why_not(s, Sail(W))
    # a yacht two blocks north: a reach north of two blocks is blocked by it
    s = at(g, {0: (9, 2), 1: (9, 4)}, wind=E)
    assert "Sky's yacht" in g.why_not(s, Sail(N))
    # the edge of the chart: a reach south from row 1 would leave it
    s = at(g, {0: (9, 1), 1: (0, 9)}, wind=E)
    assert "edge of the chart" in g.why_not(s, Sail(S))
    with pytest.raises(IllegalAction):
        g.apply(s, Sail(S))


def test_partial_blocks_along_a_shore_cannot_be_passed_through():
    """"Yachts may enter only COMPLETE BLOCKS. The partial blocks adjoining land areas
    CANNOT BE PASSED THROUGH": a diagonal step between two land blocks touching at a
    corner squeezes through the shore and is refused."""
    g = YachtRace(_setup(1), None, from_rows(["....", ".#..", "..#.", "S.F1", "2345", "6..."],
                                              course="", start_from="E", finish_from="W"),
                  data.load_pack())
    s = at(g, {0: (1, 3)}, wind=S)          # from (1,3) north-east to (2,4) passes between (1,4) and (2,3)
    assert "corner of land" in g.why_not(s, Sail(NE))


def test_a_player_must_move_and_forfeits_only_when_no_course_is_open():
    """"A player MUST MOVE when it is his turn to do so, even if only one undesirable
    course is open to him. In the event that NO COURSE is open to him, the player will
    FORFEIT THAT TURN and wait for a subsequent turn to move.\""""
    g = make()
    s = at(g, {0: (7, 2), 1: (0, 9)}, wind=E)
    assert Forfeit() not in g.legal_actions(s)
    assert "MUST MOVE" in g.why_not(s, Forfeit())
    boxed = ["##.", "#.#", "###", "S.F", "123", "456"]
    g1 = YachtRace(_setup(1), None, from_rows(boxed, course="", start_from="E", finish_from="W"),
                   data.load_pack())
    s = at(g1, {0: (1, 4, {"wind_cards": 0})}, wind=N)    # north-east squeezes between land: no course
    assert not sails(g1, s)
    assert g1.legal_actions(s) == [Forfeit()]
    after, events = g1.apply(s, Forfeit())
    assert "forfeits the turn" in events[0].text


# --- wind change cards ------------------------------------------------------------------------

def test_each_card_shifts_the_wind_45_degrees_clockwise_before_the_move():
    """"If the existing wind is from the North, a player may shift it to the Northeast by
    expending one card. Two cards would therefore shift it to the East, three cards to the
    Southeast"; "CHANGE THE WIND DIRECTION, BEFORE MAKING HIS MOVE"; twelve cards each."""
    g = make()
    s = at(g, {0: (7, 2, {"wind_cards": 12}), 1: (0, 9)}, wind=N)
    for expected, left in ((NE, 11), (E, 10), (SE, 9)):
        s, events = g.apply(s, WindCard())
        assert s.wind == expected and s.yachts[0].wind_cards == left
        assert "clockwise" in events[0].text
    s, _ = g.apply(s, Sail(W))                       # a broad reach with the wind SE: three blocks
    assert s.yachts[0].pos == (4, 2) and s.wind == SE      # "The wind will then REMAIN in that direction"
    assert s.turn == 1 and WindCard() in g.legal_actions(s)


def test_no_more_cards_than_twelve_and_not_after_the_move():
    """"THERE ARE ONLY TWELVE CARDS FOR EACH PLAYER FOR THE ENTIRE RACE"; the Sailors'
    Luck extra move is made "at once", under the wind as it is."""
    g = make()
    s = at(g, {0: (7, 2, {"wind_cards": 0}), 1: (0, 9)}, wind=N)
    assert WindCard() not in g.legal_actions(s)
    assert "no wind change card left" in g.why_not(s, WindCard())
    s = replace(at(g, {0: (7, 2), 1: (0, 9)}, wind=N), phase=Phase.EXTRA)
    assert "at once" in g.why_not(s, WindCard())


def test_an_eighth_card_in_one_turn_is_refused():
    """"the player may expend as many cards as he wishes in any one move to put the wind in
    a favorable direction": seven bring it to every other direction; an eighth would bring
    it back where it was (ruling)."""
    g = make()
    s = at(g, {0: (7, 2), 1: (0, 9)}, wind=N)
    for _ in range(7):
        s, _ = g.apply(s, WindCard())
    assert s.wind == NW and "eighth" in g.why_not(s, WindCard())


# --- spinnakers ---------------------------------------------------------------------------------

def test_a_spinnaker_moves_five_blocks_on_a_broad_reach_or_run_only():
    """"In carrying a spinnaker a player MUST MOVE FIVE BLOCKS (instead of the normal three)
    on a BROAD REACH or when RUNNING BEFORE THE WIND"; "DO NOT BEAT OR BEAM REACH WHILE
    USING A SPINNAKER"; "On doing so he will turn over ONE CARD".\""""
    g = make()
    s = at(g, {0: (13, 2), 1: (0, 9)}, wind=E)
    assert "broad reach or a run" in g.why_not(s, Sail(N, True))
    after, events = g.apply(s, Sail(W, True))
    y = after.yachts[0]
    assert y.pos == (8, 2) and y.spinnaker_up and y.spinnakers == 2
    assert "turns over a spinnaker card" in events[0].text


def test_the_spinnaker_comes_down_to_the_box_on_a_beat_or_reach():
    """"he must TAKE DOWN that spinnaker and return it to the box. Each of his three
    spinnaker cards may be used by the player in this manner"; "THERE ARE ONLY THREE".\""""
    g = make()
    s = at(g, {0: (8, 2, {"spinnaker_up": True, "spinnakers": 0}), 1: (0, 9)}, wind=E)
    after, events = g.apply(s, Sail(N))
    y = after.yachts[0]
    assert not y.spinnaker_up and y.spinnakers == 0 and "back to the box" in events[0].text
    s = at(g, {0: (13, 2, {"spinnakers": 0}), 1: (0, 9)}, wind=E)
    assert "no spinnaker card left" in g.why_not(s, Sail(W, True))


def test_a_spinnaker_that_is_up_stays_up_on_the_next_run():
    """"wind changes and the course to the next mark are sometimes consistent with the boat
    remaining on a BROAD REACH or RUN, and in this case it can of course be retained.\""""
    g = make()
    s = at(g, {0: (13, 7, {"spinnaker_up": True, "spinnakers": 2}), 1: (0, 0)}, wind=NE)
    after, events = g.apply(s, Sail(SW, True))
    y = after.yachts[0]
    assert y.spinnaker_up and y.spinnakers == 2 and y.pos == (8, 2)
    assert not any("spinnaker card" in e.text for e in events)


# --- blanketing ----------------------------------------------------------------------------------

def test_a_yacht_directly_upwind_on_a_neighbouring_block_blankets():
    """"an opposing yacht is occupying ONE OF THE EIGHT BLOCKS IMMEDIATELY SURROUNDING HIS
    AND IF THAT OTHER BOAT IS DIRECTLY UP WIND OF HIS, then the player who was about to
    move must consider his yacht BLANKETED and FORFEIT THAT TURN. When blanketed a player
    may NOT CHANGE THE WIND\""""
    g = make(3)
    # wind from the north-west; Sky at (9, 3) has Orange directly upwind at (8, 4)
    s = at(g, {0: (2, 9), 1: (9, 3), 2: (8, 4)}, wind=NW, turn=0)
    after, events = g.apply(s, Sail(E))
    assert after.turn == 2 and after.phase is Phase.SAIL
    text = " ".join(e.text for e in events)
    assert "Sky is blanketed" in text and "may not change the wind" in text


def test_a_yacht_beside_but_not_directly_upwind_does_not_blanket():
    """Only "DIRECTLY UP WIND": a neighbour to the north of a yacht in a north-west wind
    does not blanket it."""
    g = make(3)
    s = at(g, {0: (2, 9), 1: (9, 3), 2: (9, 4)}, wind=NW, turn=0)
    after, _ = g.apply(s, Sail(E))
    assert after.turn == 1


# --- the start ---------------------------------------------------------------------------------------

def test_numbered_blocks_are_allotted_at_random_and_the_highest_moves_first():
    """"The NUMBERED BLOCKS 1-6 at the yacht club are to be allocated at random to the
    players"; "The player occupying the highest numbered square will be the first to move,
    and the play then continues among the skippers in a CLOCK-WISE manner." The race
    begins with "a Northwesterly Wind Direction".\""""
    g = make(3)
    s = g.initial_state()
    assert s.wind == NW and g.current_player(s) == CHANCE
    outcomes = g.chance_outcomes(s)
    assert [a for a, _ in outcomes] == [Allot(b) for b in range(1, 7)]
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    for b in (2, 5, 3):
        s, _ = g.apply(s, Allot(b))
    assert g.chance_outcomes(s) == []
    assert s.turn == 1 and s.yachts[1].pos == g.chart.club[4]
    s, _ = g.apply(s, g.legal_actions(s)[-1])
    assert s.turn == 2                       # clockwise: the next seat
    s, _ = g.apply(s, g.legal_actions(s)[-1])
    assert s.turn == 0


def test_the_starting_block_is_crossed_from_the_north_east_east_or_south_east_and_beyond():
    """"The single red STARTING BLOCK must be crossed from a NORTHEASTERLY, EASTERLY, or
    SOUTHEASTERLY direction"; "A yacht shall not be considered over the finish line until
    it has actually crossed over and beyond the Red Block. This same rule applies to the
    start.\""""
    g = make()
    # S is at (12, 5). Wind from the north: west is a reach of two from (13, 5) -> (11, 5)
    s = at(g, {0: (13, 5, {"started": False}), 1: (0, 9)}, wind=N)
    after, events = g.apply(s, Sail(W))
    assert after.yachts[0].started and "crosses the red starting block from the east" in events[-1].text
    # from the west (sailing east) does not count
    s = at(g, {0: (11, 5, {"started": False}), 1: (0, 9)}, wind=N)
    after, events = g.apply(s, Sail(E))
    assert not after.yachts[0].started and "must be crossed from the north-east, east or south-east" in events[-1].text
    # stopping on the block is not over and beyond it; sailing on from it is
    s = at(g, {0: (13, 4, {"started": False}), 1: (0, 9)}, wind=N)
    after, events = g.apply(s, Sail(NW))
    after = replace(after, turn=0, phase=Phase.SAIL)
    assert not after.yachts[0].started and "stops on it" in events[-1].text
    again, events = g.apply(after, Sail(W))
    assert again.yachts[0].started


def test_marks_do_not_count_before_the_start():
    """"If a player is somehow forced around the STARTING BLOCK without having properly
    passed through it, he must in subsequent moves return and cross it.\""""
    g = make()
    s = at(g, {0: (5, 9, {"started": False}), 1: (0, 0)}, wind=N)
    after, _ = g.apply(s, Sail(W))
    assert after.yachts[0].leg == 0 and not after.yachts[0].started


# --- rounding the marks to port ------------------------------------------------------------------------

def test_a_mark_passed_to_port_is_rounded_and_one_passed_to_starboard_is_not():
    """"All yachts will proceed toward and round the markers A, B and C, passing all marks
    to PORT (left)". A is at (4, 8); from the start (east) the course turns to B (west)."""
    g = make()
    # round A anticlockwise: up its east side, then west over the top of it (wind east)
    s = at(g, {0: (6, 7, {"track": ((9, 4), (6, 7))}), 1: (0, 0)}, wind=E)
    s, events = g.apply(s, Sail(N))        # a reach of two: (6, 9), east of and above A
    assert s.yachts[0].leg == 0
    s = replace(s, turn=0, phase=Phase.SAIL)
    s, events = g.apply(s, Sail(W))        # a run of three: (3, 9), over the top of A
    assert s.yachts[0].leg == 1 and "rounds mark A, passing it to port" in events[-1].text
    # the same path mirrored (west of A going north, over to the east) winds the wrong way
    g2 = make(course="A:starboard B:port C:port")
    s = at(g2, {0: (6, 7, {"track": ((9, 4), (6, 7))}), 1: (0, 0)}, wind=E)
    s, _ = g2.apply(s, Sail(N))
    s = replace(s, turn=0, phase=Phase.SAIL)
    s, _ = g2.apply(s, Sail(W))
    assert s.yachts[0].leg == 0


def test_the_reverse_course_passes_c_b_a_to_starboard():
    """"the entire prescribed course may be reversed by rounding the marks in the opposite
    direction, i.e., from the starting line to and around markers C, B, and A, passing all
    marks to starboard (right), and then to the finish line from Marker A.\""""
    board = load_board("yacht_race_reverse", "yacht_race")
    chart = from_board(board)
    assert [(m.name, m.side) for m in chart.course] == [("C", "starboard"), ("B", "starboard"),
                                                        ("A", "starboard")]


def test_the_short_race_goes_clockwise_round_wind_island_with_fewer_cards():
    """"A number of shorter courses can be devised. For example, from the starting line,
    clockwise around Wind Island, and back to the finish line. In a short race such as
    this, it is desirable to allocate only six Wind Change Cards and two Spinnaker Cards to
    each player at the start of the race.\""""
    game = games.load_game(_setup(2, course="yacht_race_wind_island"), "yacht_race")
    chart = game.chart
    assert [(m.label, m.side) for m in chart.course] == [("Wind Island", "starboard")]
    assert chart.course[0].square in chart.land
    s = game.initial_state()
    assert {(y.wind_cards, y.spinnakers) for y in s.yachts} == {(6, 2)}
    # a track that runs straight from the start to the finish keeps the island to starboard
    # but does not go round it; once round clockwise, it does
    island = chart.course[0]
    start, finish = chart.start.square, chart.finish.square
    assert not rounded(island.square, "starboard", start, [(24, 11), (24, 8)], finish)
    loop = [(24, 11), (20, 4), (8, 6), (8, 16), (20, 16), (24, 9)]
    assert rounded(island.square, "starboard", start, loop, finish)
    assert not rounded(island.square, "port", start, loop, finish)


def test_an_island_to_round_must_be_land():
    mapping = load_board("yacht_race_wind_island", "yacht_race").to_mapping()
    mapping["extras"]["round_islands"] = [{"name": "Wind Island", "x": 20, "y": 20,
                                           "side": "starboard", "order": 1}]
    with pytest.raises(DataError) as err:
        from_board(Board.from_mapping(mapping, "chart.toml"), "chart.toml")
    assert err.value.field == "extras.round_islands[0].x"


@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6), st.integers(1, 6))
def test_a_loop_round_the_mark_winds_once_its_way(left, right, down, up):
    """Geometry: a track that goes once round a mark anticlockwise leaves it to port
    (winding +1); the same track backwards leaves it to starboard; a track that stays on
    one side of it winds zero."""
    m = (0, 0)
    box = [(right, -down), (right, up), (-left, up), (-left, -down)]
    assert winding(box, m) == 1 and winding(box[::-1], m) == -1
    assert rounded(m, "port", box[0], box[1:], box[0])
    assert not rounded(m, "starboard", box[0], box[1:], box[0])
    beside = [(right, -down), (right, up), (right + left, up)]
    assert winding(beside, m) == 0


# --- the finish --------------------------------------------------------------------------------------

def test_the_finish_counts_only_after_the_last_mark_and_over_and_beyond():
    """"After rounding Marker C in the proper manner, players will head for the FINISH
    LINE"; "A yacht shall not be considered over the finish line until it has actually
    crossed over and beyond the Red Block"; "Second and third place winners will follow and
    the race may continue until the last boat crosses the finish line.\""""
    g = make()
    # F is at (12, 3); with the wind from the west, east is a run of three
    s = at(g, {0: (10, 3, {"leg": 2}), 1: (10, 7, {"leg": 3})}, wind=W)
    s, events = g.apply(s, Sail(E))
    assert s.yachts[0].place is None                 # C not rounded: no finish
    s = at(g, {0: (10, 3, {"leg": 3}), 1: (4, 4, {"leg": 3})}, wind=W)
    s, events = g.apply(s, Sail(E))
    assert s.yachts[0].place == 1 and "finishes 1st" in events[-1].text
    assert s.turn == 1 and not g.is_over(s)
    s = at(g, {0: (9, 0, {"leg": 3}), 1: (10, 3, {"leg": 3})}, wind=W, turn=1)
    s = s.with_yacht(replace(s.yachts[0], place=1))
    s, events = g.apply(s, Sail(E))
    assert s.yachts[1].place == 2 and g.is_over(s) and g.places(s) == [1, 2]


# --- Sailors' Luck -----------------------------------------------------------------------------------------

def test_passing_over_an_anchor_block_draws_the_top_card_with_exact_odds():
    """"When a player's yacht passes over or lands on any of the numerous anchor blocks
    marked Sailors' Luck, he must take the top card from the Island and immediately
    follow the stated instructions.\""""
    g = make()
    s = at(g, {0: (8, 1), 1: (0, 9)}, wind=W)        # L at (10, 1): a run east passes over it
    s, _ = g.apply(s, Sail(E))
    assert g.current_player(s) == CHANCE and s.phase is Phase.DRAW
    outcomes = g.chance_outcomes(s)
    total = sum(c.copies for c in g.pack.cards)
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[Draw("fog")] == Fraction(2, total)
    s2, events = g.apply(s, Draw("becalmed"))
    assert s2.yachts[0].lose_turn and "Lose your next turn" in events[0].text
    assert dict(g.chance_outcomes(replace(s2, phase=Phase.DRAW)))[Draw("becalmed")] == Fraction(1, total - 1)


def test_the_pack_order_is_never_in_the_state_nor_the_observation():
    """"Sailors' Luck Cards are placed (instruction side down)": no seat may know the next
    card. The state holds only how many of each card are left (all drawn cards were read
    out); two races with different seeds draw differently from the same position."""
    g = make()
    s = at(g, {0: (8, 1), 1: (0, 9)}, wind=W)
    s, _ = g.apply(s, Sail(E))
    obs = g.observation(s, 1)
    assert obs["luck_pack"] == {c.key: c.copies for c in g.pack.cards}
    draws = {g.sample_chance(s, random.Random(seed)).card for seed in range(40)}
    assert len(draws) > 3


def test_fog_settles_the_drawer_moves_each_opposing_yacht_once():
    """"FOG SETTLES -- Skipper each yacht one move." "the player receiving it must make ONE
    FULL MOVE with each opposing yacht ... under EXISTING wind conditions. DO NOT SPEND
    OTHER PLAYERS WIND CARDS. SPINNAKERS of opposing yachts may be removed by putting the
    yacht on a BEAT or BEAM REACH." "When each yacht has been moved, play then resumes in
    the normal clockwise manner.\""""
    g = make(3)
    s = at(g, {0: (8, 1), 1: (4, 3, {"spinnaker_up": True, "spinnakers": 1}), 2: (2, 6)}, wind=W)
    s, _ = g.apply(s, Sail(E))
    s, events = g.apply(s, Draw("fog"))
    assert s.phase is Phase.FOG and s.fog == (1, 2) and g.current_player(s) == 0
    assert WindCard() not in g.legal_actions(s)
    assert all(a.boat == 1 for a in g.legal_actions(s))
    assert "carried, five blocks" in g.why_not(s, Sail(E, False, 1))   # a run: the spinnaker stays up
    s, events = g.apply(s, Sail(N, False, 1))                           # a beam reach takes it down
    assert not s.yachts[1].spinnaker_up and s.yachts[1].pos == (4, 5)
    assert "fog" in g.why_not(s, Sail(E, True, 2))                       # no card of theirs is spent
    s, events = g.apply(s, Sail(E, False, 2))
    assert s.yachts[2].pos == (5, 6) and s.phase is Phase.SAIL and s.turn == 1
    assert "play resumes" in " ".join(e.text for e in events)


def test_luck_cards_that_touch_everyone_and_the_drawer():
    """"Some of these cards affect only the player receiving it, and others affect all
    players": the invented wind shifts move the wind for everyone; a fair current gives the
    drawer another move at once."""
    g = make()
    s = at(g, {0: (8, 1), 1: (0, 9)}, wind=W)
    s, _ = g.apply(s, Sail(E))
    veer, _ = g.apply(s, Draw("wind_veers"))
    assert veer.wind == (W + 2) % 8 and veer.turn == 1
    extra, _ = g.apply(s, Draw("fair_current"))
    assert extra.phase is Phase.EXTRA and extra.turn == 0 and WindCard() not in g.legal_actions(extra)


def test_the_shipped_pack_marks_every_invented_card_and_keeps_fog_from_the_text():
    """Only "FOG SETTLES -- Skipper each yacht one move." is in the rule book."""
    pack = data.load_pack()
    fog = pack.cards[pack.index("fog")]
    assert (fog.title, fog.text, fog.invented) == ("Fog settles", "Skipper each yacht one move.", False)
    assert all(c.invented for c in pack.cards if c.key != "fog")


@pytest.mark.parametrize("damage,field", [
    ({"effect": "sink"}, "card[0].effect"),
    ({"copies": 0}, "card[0].copies"),
    ({"key": "two words"}, "card[0].key"),
    ({"colour": "red"}, "card[0].colour"),
])
def test_a_bad_luck_card_names_the_file_and_field(damage, field):
    good = {"card": [{"key": "fog", "title": "Fog settles", "text": "Skipper each yacht one move.",
                      "effect": "fog"}]}
    bad = {"card": [{**good["card"][0], **damage}]}
    assert LuckPack.from_mapping(good, "pack.toml").cards[0].key == "fog"
    with pytest.raises(DataError) as err:
        LuckPack.from_mapping(bad, "pack.toml")
    assert err.value.field == field and err.value.source == "pack.toml"


def test_wind_shift_card_needs_an_amount():
    bad = {"card": [{"key": "w", "title": "W", "text": "t", "effect": "wind_shift"}]}
    with pytest.raises(DataError, match="amount"):
        LuckPack.from_mapping(bad, "pack.toml")


# --- the chart -------------------------------------------------------------------------------------------

def test_the_shipped_chart_has_the_club_the_marks_the_red_blocks_and_the_luck_blocks():
    """"The course begins at the red starting block in the harbor"; "NUMBERED BLOCKS 1-6 at
    the yacht club"; marks "A, B, AND C"; "the numerous anchor blocks marked Sailors' Luck"."""
    assert data.boards() == ["yacht_race", "yacht_race_reverse", "yacht_race_wind_island"]
    chart = from_board(load_board("yacht_race", "yacht_race"))
    assert [(m.name, m.side) for m in chart.course] == [("A", "port"), ("B", "port"), ("C", "port")]
    assert len(chart.club) == 6 and len(chart.luck) >= 10
    assert chart.start.headings == {SW, W, NW} and chart.start_wind == NW
    assert (chart.wind_cards, chart.spinnakers) == (12, 3)


@pytest.mark.parametrize("change,field", [
    ({"club_blocks": [[30, 8]]}, "extras.club_blocks"),
    ({"start_from": ["up"]}, "extras.start_from[0]"),
    ({"start_block": [0, 0]}, "extras.start_block"),
    ({"luck_blocks": [[99, 0]]}, "extras.luck_blocks[0]"),
    ({"wind_cards": -1}, "extras.wind_cards"),
    ({"tide": 3}, "extras.tide"),
])
def test_a_bad_chart_names_the_field(change, field):
    mapping = load_board("yacht_race", "yacht_race").to_mapping()
    mapping["extras"].update(change)
    with pytest.raises(DataError) as err:
        from_board(Board.from_mapping(mapping, "chart.toml"), "chart.toml")
    assert err.value.field == field


def test_seven_yachts_do_not_fit_the_club():
    """"A Game of Strategy and Skill for 2 to 6 Players\""""
    with pytest.raises(DataError, match="six|6"):
        games.load_game(_setup(7), "yacht_race")


# --- actions as text, the view contract -------------------------------------------------------------------

@pytest.mark.parametrize("text", ["block 4", "wind card", "sail SW", "sail W spinnaker", "forfeit",
                                  "luck fog", "fog 2 sail NE", "fog 1 sail S spinnaker"])
def test_action_texts_parse_back(text):
    assert parse(text).text() == text


def test_a_typo_is_an_illegal_action_with_a_hint():
    with pytest.raises(IllegalAction, match="sail SW"):
        parse("sale SW")


def test_the_grid_view_contract_picture_and_taps():
    """The board view draws ``picture`` and turns a tap into an engine action or shows the
    engine's reason."""
    game = games.load_game(_setup(2, seed=4), "yacht_race")
    race = Race(game)
    while race.chance:
        race.roll()
    pic = game.picture(race.state, 0)
    assert len(pic.boats) == 2 and pic.wind_from == NW
    assert {t.kind for t in pic.tokens} >= {"luck", "start", "finish", "club"}
    seat = race.current_player()
    x, y = race.state.yachts[seat].pos
    legal = [a for dx in range(-5, 6) for dy in range(-5, 6)
             for a in game.square_actions(race.state, x + dx, y + dy) if a.legal]
    assert {a.action for a in legal if isinstance(a.action, Sail)} == \
        {a for a in race.legal_actions() if isinstance(a, Sail)}
    # a wind card is no square's action: the view makes it a panel button
    assert WindCard() in race.legal_actions()
    assert all(a.action != WindCard() for dx in range(-5, 6) for dy in range(-5, 6)
               for a in game.square_actions(race.state, x + dx, y + dy))
    # a course that cannot be completed: its landing square gives the engine's reason
    refused = [a for dx in range(-5, 6) for dy in range(-5, 6)
               for a in game.square_actions(race.state, x + dx, y + dy) if not a.legal]
    assert refused and all(a.reason for a in refused)


# --- whole races ------------------------------------------------------------------------------------------------

@pytest.mark.race
@pytest.mark.parametrize("board,seats,seed", [("yacht_race", 2, 1), ("yacht_race_reverse", 4, 2),
                                              ("yacht_race_wind_island", 6, 3)])
def test_seeded_bot_races_finish_and_replay_identically(tmp_path, board, seats, seed):
    """"the race may continue until the last boat crosses the finish line": the pilot
    brings every yacht home, and the record replays to the same race. Each chart and
    each fleet size once (was every chart with every fleet size: nine races of the same
    skipper to the same check)."""
    setup = RaceSetup(seats=tuple(Seat(n, n, "pilot") for n in list(PALETTE)[:seats]),
                      course=board, seed=seed)
    race = Race(games.load_game(setup, "yacht_race"))
    play_bots(race, random.Random(seed))
    assert race.over and sorted(race.places()) == list(range(1, seats + 1))
    assert any(e.kind == "mark" for e in race.events) and any(e.kind == "wind" for e in race.events)
    path = tmp_path / "race.json"
    games.save_race(path, race)
    again = games.load_race(path)
    assert again.state == race.state and [e.text for e in again.events] == [e.text for e in race.events]


def test_dinghy_race_command_sails_a_yacht_race(capsys):
    """``dinghy race --rules yacht_race``, run as the command line runs it (``cli.main``,
    in this process: tests/test_cli.py starts ``python -m dinghy`` itself)."""
    from dinghy.cli import main
    code = main(["race", "--rules", "yacht_race", "--course", "yacht_race", "--boats", "3", "--seed", "2"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert out.out.startswith("Yacht Race, yacht_race:") and "1. " in out.out


# --- damaged data files --------------------------------------------------------------------------------------

_VALUES = [b"-1", b"0", b"1e400", b"nan", b'"x"', b"[]", b"{}", b"true", b"99999999999", b'["\xc9"]',
           b"[[1]]", b'{ name = 3 }']


def _damage(raw: bytes, rng: random.Random) -> bytes:
    lines = raw.split(b"\n")
    i = rng.randrange(len(lines))
    kind = rng.randrange(5)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2 and b"=" in lines[i]:
        key = lines[i].split(b"=", 1)[0]
        lines[i] = key + b"= " + rng.choice(_VALUES)
    elif kind == 3:
        return raw[:rng.randrange(len(raw))]
    else:
        b = bytearray(raw)
        b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    return b"\n".join(lines)


@pytest.mark.parametrize("name", ["yacht_race", "yacht_race_reverse", "yacht_race_wind_island", "pack"])
def test_a_damaged_chart_or_pack_loads_or_names_the_file(tmp_path, name):
    """Bad data is one clear DataError naming the file, never a traceback."""
    from dinghy.core import io
    from dinghy.games.grid.loading import resolve_board
    src = (io.data_dir("cards") / "yacht_race" / "sailors_luck.toml" if name == "pack"
           else resolve_board(name))
    raw = src.read_bytes()
    rng = random.Random(name)
    for k in range(30):
        bad = tmp_path / f"{k}.toml"
        bad.write_bytes(_damage(raw, rng))
        try:
            if name == "pack":
                data.load_pack(bad)
            else:
                data.load_game(_setup(2, course=str(bad)))
        except DataError as exc:
            assert str(bad) in str(exc) or exc.source == "setup"


def test_every_level_sails_a_yacht_race_to_the_end():
    """The levels: easy (the pilot with a move in three at random), medium (the pilot) and
    hard (turns to go over the whole course, the luck weighed). That all three bring
    their yachts home, each seat's level resolved by ``skipper``, is test_yacht_race_hard's
    test_hard_decisions_are_legal_and_seeded_races_finish (hard, medium, easy, hard on
    every chart, every yacht placed); this test sailed one more race of the three."""
    from dinghy.skippers import skipper
    from dinghy.skippers.any_game.levels import level_skipper
    from dinghy.skippers.yacht_race import hard as yacht_race_hard
    from dinghy.skippers.yacht_race import pilot as bots
    assert skipper("hard", "yacht_race") is yacht_race_hard.HARD
    assert skipper(None, "yacht_race") is bots
    assert level_skipper("medium", "yacht_race") is bots
    easy = level_skipper("easy", "yacht_race")
    assert easy not in (bots, yacht_race_hard.HARD) and hasattr(easy, "choose")


def test_the_hard_skipper_keeps_out_of_an_opponents_wind():
    """Blanketing: "IF THAT OTHER BOAT IS DIRECTLY UP WIND OF HIS ... FORFEIT THAT TURN":
    the pilot's sharp look-ahead (its former hard level) charges a landing directly
    downwind of an opponent."""
    from dinghy.skippers.yacht_race.pilot import tactics
    g = make(3)
    # wind from the north-west: Green at (8, 4) blankets (9, 3) and is blanketed from (7, 5)
    s = at(g, {0: (2, 9), 1: (0, 0), 2: (8, 4)}, wind=NW)
    assert tactics(s, 0, (9, 3), NW) > 0               # Green directly upwind: blanketed next turn
    assert tactics(s, 0, (7, 5), NW) < 0               # directly upwind of Green: we blanket it
    assert tactics(s, 0, (10, 7), NW) == 0


def test_one_card_a_move_and_an_empty_pack_is_shuffled_again():
    """"he must take the top card" -- one card for a move, however many anchor blocks it
    crosses (ruling); when the pack is used up its cards go back, shuffled (ruling)."""
    rows = ["..............",
            "..............",
            "......LL......",
            "S............F",
            "123456........"]
    g = YachtRace(_setup(2), None, from_rows(rows, course="", start_from="E", finish_from="W"),
                  data.load_pack())
    s = at(g, {0: (5, 2), 1: (0, 4)}, wind=W)
    s = replace(s, luck_left=tuple(0 for _ in g.pack.cards))
    s, events = g.apply(s, Sail(E))                  # a run over (6, 2) and (7, 2)
    assert s.phase is Phase.DRAW and "shuffled" in events[-1].text
    assert s.luck_left == g.pack.full()
    s, _ = g.apply(s, Draw("fair_weather"))
    assert s.phase is Phase.SAIL and s.turn == 1 and sum(s.luck_left) == sum(g.pack.full()) - 1


def test_passing_a_mark_on_the_wrong_side_is_said_in_words():
    """"passing all marks to PORT (left)": a yacht that wraps mark A the other way is told
    it must sail back round it, and the mark does not count."""
    g = make()
    # up A's west side and east over its top: the string from the start round to B wraps
    # A clockwise (to starboard)
    s = at(g, {0: (3, 7, {"track": ((9, 4), (3, 7))}), 1: (0, 0)}, wind=W)
    s, events = g.apply(s, Sail(N))                 # a reach of two: (3, 9), west of A
    assert not any("has passed" in e.text for e in events)
    s = replace(s, turn=0, phase=Phase.SAIL)
    s, events = g.apply(s, Sail(E))                 # a run of three: (6, 9), over the top eastwards
    texts = " ".join(e.text for e in events)
    assert s.yachts[0].leg == 0
    assert "has passed mark A to starboard" in texts and "sail back round it" in texts


def test_in_the_fog_a_yacht_with_no_course_open_stays_where_it_is():
    """"This move must be in keeping with the rules of YACHT RACE": a yacht boxed in by
    the shore has no course, so the fog leaves it where it is (ruling) and play resumes."""
    rows = ["##......",
            "#.#.....",
            "###.....",
            "S...LL.F",
            "123456.."]
    g = YachtRace(_setup(2), None, from_rows(rows, course="", start_from="E", finish_from="W"),
                  data.load_pack())
    s = at(g, {0: (3, 1), 1: (1, 3)}, wind=W)
    s, _ = g.apply(s, Sail(E))
    s, events = g.apply(s, Draw("fog"))
    texts = " ".join(e.text for e in events)
    assert "has no course open in the fog and stays where it is" in texts
    assert s.phase is Phase.SAIL and s.turn == 1 and s.yachts[1].pos == (1, 3)
