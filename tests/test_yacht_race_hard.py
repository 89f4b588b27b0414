"""The hard Yacht Race skipper (dinghy/skippers/yacht_race/hard.py; rule text
seeds/001_a14dedbd1f1894df.txt): its decisions are legal and its races finish, and each
of its tactics picks the better action in a position built for it, quoting the rule it
plays on.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.yacht_race import data
from dinghy.games.yacht_race.actions import Sail, WindCard
from dinghy.games.yacht_race.chart import from_rows
from dinghy.games.yacht_race.game import YachtRace
from dinghy.games.yacht_race.state import Phase, State, Yacht
from dinghy.core.interface import CHANCE
from dinghy.skippers.yacht_race import hard

N, NE, E, SE, S, SW, W, NW = range(8)

#: an open sea, the start and finish blocks on the middle row, the finish crossed eastwards;
#: a rock at (7, 5) so the straight run east is closed; symmetric north and south
OPEN = [
    "..............",   # y 10
    "..............",   # y 9
    "..............",   # y 8
    "..............",   # y 7
    "..............",   # y 6
    "S......#....F.",   # y 5
    "..............",   # y 4
    "..............",   # y 3
    "..............",   # y 2
    "..............",   # y 1
    "123456........",   # y 0
]


def _game(rows, seats: int = 2, course: str = "") -> YachtRace:
    setup = RaceSetup(seats=tuple(Seat(n, n, None) for n in list(PALETTE)[:seats]), course="yacht_race")
    chart = from_rows(rows, course=course, start_from="E", finish_from="SW W NW")
    return YachtRace(setup, None, chart, data.load_pack())


def _at(game: YachtRace, spots: dict, wind: int, turn: int = 0) -> State:
    yachts = []
    for seat in range(game.seats()):
        x, y, *more = spots[seat]
        fields = {"started": True, **(more[0] if more else {})}
        yachts.append(Yacht(seat=seat, block=seat + 1, pos=(x, y), **fields))
    return State(yachts=tuple(yachts), wind=wind, luck_left=game.pack.full(), phase=Phase.SAIL, turn=turn)


def _choose(game: YachtRace, state: State, seed: int = 0):
    return hard.choose(Race.from_state(game, state), random.Random(seed))


# --- whole races ---------------------------------------------------------------------------------

@pytest.mark.race
@pytest.mark.parametrize("board", ["yacht_race", "yacht_race_reverse", "yacht_race_wind_island"])
def test_hard_decisions_are_legal_and_seeded_races_finish(board):
    """"the race may continue until the last boat crosses the finish line": a race of the
    three levels (hard in two seats) ends with every yacht placed, and every action the
    hard skipper picks is among the engine's legal actions at that moment. (One seeded
    race a chart: a second seed, 11, sailed the same skippers to the same check.)"""
    seed = 3
    names = ("hard", "medium", "easy", "hard")
    from dinghy.skippers import skipper
    setup = RaceSetup(seats=tuple(Seat(c, c, n) for c, n in zip(PALETTE, names)), course=board, seed=seed)
    race = Race(games.load_game(setup, "yacht_race"))
    bots = [skipper(n, "yacht_race") for n in names]
    assert bots[0] is hard.HARD
    rng = random.Random(seed)
    for _ in range(20000):
        if race.over:
            break
        player = race.current_player()
        if player == CHANCE:
            race.roll()
            continue
        action = bots[player].choose(race, rng)
        if names[player] == "hard":
            assert action in race.legal_actions()
        race.push(action)
    assert race.over and sorted(race.places()) == [1, 2, 3, 4]


# --- rounding a mark ---------------------------------------------------------------------------------

def test_a_mark_is_rounded_by_crossing_its_half_lines_on_its_side():
    """"round the markers A, B and C, passing all marks to PORT (left)": the skipper counts
    a mark passed to port only for a track that turns anticlockwise round it, crossing
    the half-lines from the mark in turn; the same track the other way counts nothing."""
    mark, east = (0, 0), (1.0, 0.0)
    assert hard.crosses_ray(mark, east, +1, (2, -1), (2, 1))        # north past its east side
    assert not hard.crosses_ray(mark, east, +1, (2, 1), (2, -1))    # the wrong way round
    assert not hard.crosses_ray(mark, east, +1, (-2, -1), (-2, 1))  # the other half of the line
    assert hard.crosses_ray(mark, east, -1, (2, 1), (2, -1))        # to starboard: clockwise
    rows = ["..........",
            "..........",
            "....A.....",
            "..........",
            "..........",
            "........S.",
            "........F.",
            "123456...."]
    g = _game(rows, course="A:port")
    t = hard.tables(g.chart)
    first = t.offsets[0]
    yacht = Yacht(seat=0, pos=(6, 5), started=True, track=((7, 3), (6, 5)))
    assert t.index(yacht) == first                     # nothing crossed yet
    port = replace(yacht, pos=(2, 6), track=((7, 3), (6, 6), (5, 7), (2, 6)))
    starboard = replace(yacht, pos=(2, 4), track=((7, 3), (5, 4), (2, 4)))
    assert t.index(port) > first                       # over the top, A on its left
    assert t.index(starboard) == first                 # under it: A on its right


# --- the tactics ---------------------------------------------------------------------------------

def test_hard_spends_wind_cards_to_turn_a_beat_into_a_run_home():
    """"A player at the time of his turn may elect to CHANGE THE WIND DIRECTION, BEFORE
    MAKING HIS MOVE ... With each card thus spent ... 45 degrees": with the finish dead to
    windward, a few cards buy a run home and the skipper spends the first one."""
    g = _game(OPEN)
    s = _at(g, {0: (2, 4), 1: (0, 10)}, wind=E)
    assert _choose(g, s) == WindCard()
    # without cards it must beat (one block on a course 45° off the wind)
    s = _at(g, {0: (2, 4, {"wind_cards": 0}), 1: (0, 10)}, wind=E)
    a = _choose(g, s)
    assert isinstance(a, Sail) and a.heading in (NE, SE)


def test_hard_sets_the_spinnaker_for_a_long_run():
    """"In carrying a spinnaker a player MUST MOVE FIVE BLOCKS (instead of the normal
    three) on a BROAD REACH or when RUNNING": on a long broad reach home it sets one."""
    rows = ["S...................",
            "....................",
            "............F.......",
            "....................",
            "123456.............."]
    g = _game(rows)
    s = _at(g, {0: (0, 2), 1: (0, 4)}, wind=NW)         # east is a broad reach, 19 blocks to go
    a = _choose(g, s)
    assert isinstance(a, Sail) and a.spinnaker and a.heading in (E, SE)


def test_a_course_over_a_sailors_luck_block_is_weighed_with_the_packs_odds():
    """"When a player's yacht passes over or lands on any of the numerous anchor blocks
    marked Sailors' Luck, he must take the top card from the Island and immediately follow
    the stated instructions": the skipper weighs the cards still in the pack. Of two
    mirror-image broad reaches, one over an anchor block, it takes that one when only
    "another move at once" cards are left, and keeps clear of it when only "lose the next turn"
    cards are (no cards or spinnakers to spend: the two courses are alike but for the block)."""
    rows = list(OPEN)
    rows[3] = "........L....."                                   # (8, 7): on the north-east course
    g = _game(rows)
    bare = {"spinnakers": 0, "wind_cards": 0}
    s = _at(g, {0: (6, 5, bare), 1: (0, 10, bare)}, wind=W)
    assert {(a.heading, a.spinnaker) for a in Race.from_state(g, s).legal_actions()
            if isinstance(a, Sail)} >= {(NE, False), (SE, False)}
    only = lambda effect: tuple(c.copies if c.effect == effect else 0 for c in g.pack.cards)
    lucky = replace(s, luck_left=only("extra_move"))
    unlucky = replace(s, luck_left=only("lose_turn"))
    assert sum(lucky.luck_left) and sum(unlucky.luck_left)
    value = lambda st: {a: v for v, k, a in hard.options(g, st, 0) if k == 0}
    assert value(lucky)[Sail(NE)] < value(lucky)[Sail(SE)]
    assert value(unlucky)[Sail(NE)] == value(unlucky)[Sail(SE)] + 1      # a turn lost
    assert _choose(g, lucky) == Sail(NE)
    assert _choose(g, unlucky).heading != NE


def test_hard_blankets_the_next_rival_when_it_costs_nothing():
    """"When it is a player's turn to move, and he finds that an opposing yacht is occupying
    ONE OF THE EIGHT BLOCKS IMMEDIATELY SURROUNDING HIS AND IF THAT OTHER BOAT IS DIRECTLY
    UP WIND OF HIS, then the player who was about to move must consider his yacht BLANKETED
    and FORFEIT THAT TURN": of two mirror-image courses the skipper lands directly upwind of
    the rival who moves next, and the engine takes that rival's turn."""
    g = _game(OPEN)
    # wind from the west: (9, 8), where the north-east broad reach lands, is directly
    # upwind of the rival at (10, 8); the south-east one lands at (9, 2), clear of it
    # (no cards or spinnakers to spend: the two courses are alike but for the rival)
    bare = {"spinnakers": 0, "wind_cards": 0}
    s = _at(g, {0: (6, 5, bare), 1: (10, 8, bare)}, wind=W)
    a = _choose(g, s)
    assert a == Sail(NE)
    after, events = g.apply(s, a)
    assert any(e.kind == "blanketed" and e.boat == 1 for e in events)
    assert after.turn == 0


def test_in_the_fog_hard_sails_each_rival_where_it_has_furthest_to_go():
    """"FOG SETTLES -- Skipper each yacht one move." ... "the player receiving it must make
    ONE FULL MOVE with each opposing yacht ... under EXISTING wind conditions": the skipper
    who drew it sails the rival on the legal course that leaves it the most turns to go --
    away from the finish it was running for."""
    g = _game(OPEN)
    s = _at(g, {0: (0, 10), 1: (6, 5, {"spinnakers": 0})}, wind=W)
    s = replace(s, phase=Phase.FOG, fog=(1,), turn=0)
    legal = [a for a in Race.from_state(g, s).legal_actions() if isinstance(a, Sail)]
    assert legal and all(a.boat == 1 for a in legal)
    t = hard.tables(g.chart)
    left = {a: t.to_go(g.apply(s, a)[0].yachts[1], W) for a in legal}
    a = _choose(g, s)
    assert a in legal and left[a] == max(left.values())
    assert a.heading not in (NE, E, SE) and left[a] > min(left.values())
