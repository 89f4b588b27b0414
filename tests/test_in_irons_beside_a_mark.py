"""A move may not leave a boat trapped beside a mark, where it could never lay a card again.

Found by ``benchmarks/bench_stuck.py`` (up_and_down, seed 39): Yellow's round-up ended in
irons (000°) 10 mm beside mark 2s. Only the delay fits there; a delay's 45° turns reach
045° (no card fits: dead in the water) and 315° (the hull on the buoy); dead at 045°, its
90° turns reach 135° and 225°, where no card fits either. The race could never end.

Rule text: "Boats and the manoeuvre cards placed in front of them may never touch fixed
obstacles like buoys ... If a boat comes into a situation where it would violate this
rule, it must stop one card length (short side) short of the obstacle and does not place
a new movement card; it is "dead in the water" now"; "You are allowed to perform one
45°-turn whenever "executing" (revealing or removing) a delay card"; a boat dead in the
water "may make a 90°-turn in either direction and may then place ... any manoeuvre card
... that fits the current boat aspect".

Our reading (``trapped.trapped_by``): ending where no heading those turns reach lets the
boat lay a card but the delay is such a situation (every card it could ever lay would
touch the obstacle): the move counts as running into the obstacle -- another exit if one
is clear, else a stop one card width short, dead in the water.
"""
from __future__ import annotations

import math
import sys
from functools import lru_cache
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from dinghy import games
from dinghy.core.geometry import Pose
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.core.wind import Tack, tack_of
from dinghy.games.dinghy_race.actions import Begin, Drift, Luck, Move, Pass, Pivot, Roll
from dinghy.games.dinghy_race.cards import Kind
from dinghy.games.dinghy_race.common import fixed_hit
from dinghy.games.dinghy_race.state import Boat, RaceState, Step, Turn
from dinghy.games.dinghy_race.turn import exit_options

sys.path.insert(0, str(Path(__file__).parent))
from test_trapped_beside_a_mark import draw_a_card_by_a_mark  # noqa: E402  (a boat and a card by a mark)


@lru_cache(maxsize=None)
def _game(course: str, seed: int = 1):
    seats = (Seat("Yellow", "Yellow", None), Seat("Blue", "Blue", None))
    return games.load_game(RaceSetup(seats=seats, course=course, seed=seed))


def _alone(game, me: Boat, round_: int = 72) -> RaceState:
    """``me`` about to sail its card, the only boat on the water (the other has finished)."""
    other = Boat(1, Pose(50.0, 50.0, 0), Tack.STARBOARD, launched=True, started=True, finished=1)
    return RaceState((me, other), (0, 1), round=round_, active=0, step=Step.MOVE,
                     turn=Turn(card=me.planned), places=(1,))


def turns_to_a_card(race: Race, index: int, limit: int = 8) -> int | None:
    """How many of its turns the boat needs, at best, to lay a card that is not the delay
    (None: not within ``limit``), every choice of its own tried (pivots, cards, staying
    dead), the dice kind (no harm), the other boats gone."""
    frontier, seen = [race.state], set()
    for turn in range(limit + 1):
        nxt = []
        for state in frontier:
            todo = [state]
            while todo:
                s = todo.pop()
                if s.step is Step.BEGIN and s is not state:
                    key = (s.boats[index].pose, s.boats[index].planned, s.boats[index].delays)
                    if key not in seen:
                        seen.add(key)
                        nxt.append(s)
                    continue
                if s.step is Step.OVER:
                    continue
                r = Race.from_state(race.game, s)
                acts = r.legal_actions()
                if s.step is Step.PLACE:
                    for a in acts:
                        if a.card is not None and race.game.cards.types[a.card].kind is not Kind.DELAY:
                            return turn
                pick = {Step.BEGIN: [Begin(False)], Step.LUCK: [Luck(0)], Step.ROLL: [Roll(6, 6)],
                        Step.WEATHER_EYE: [Pass()], Step.DRIFT: [Drift(1)]}.get(s.step, acts)
                for a in pick:
                    r2 = Race.from_state(race.game, s)
                    r2.push(a)
                    todo.append(r2.state)
        frontier = nxt
    return None


#: Yellow before its round-up in the seeded race (up_and_down, seed 39, round 72).
YELLOW = Boat(0, Pose(666.9753844206161, 249.07136297454403, 105), Tack.PORT, planned="round_up.port",
              lady_luck=1, started=True, legs_done=1, stage=0, launched=True)


def test_the_round_up_into_irons_beside_mark_2s_counts_as_running_into_the_mark():
    """"If a boat comes into a situation where it would violate this rule, it must stop":
    the exit to 000° would leave Yellow trapped beside mark 2s, so it is blocked by the
    mark like the three exits whose paths touch the buoy."""
    game = _game("up_and_down", 39)
    opts = exit_options(game, _alone(game, YELLOW))
    assert [o.pose.heading for o in opts] == [45, 30, 15, 0]
    assert [o.blocked_by for o in opts] == ["mark 2s"] * 4
    assert opts[3].trapped and not any(o.trapped for o in opts[:3])


def test_wherever_the_round_up_leaves_yellow_it_can_lay_a_card_again():
    """"it must stop one card length (short side) short of the obstacle and does not
    place a new movement card; it is "dead in the water" now": whichever exit Yellow
    takes, it stops short of the buoy, dead in the water, and within two turns lays a
    card that is not the delay (before: the only open exit left it in irons beside the
    buoy for ever)."""
    game = _game("up_and_down", 39)
    race = Race.from_state(game, _alone(game, YELLOW))
    moves = [a for a in race.legal_actions() if isinstance(a, Move)]
    assert moves
    for m in moves:
        r = Race.from_state(game, race.state)
        r.push(m)
        me = r.state.boats[0]
        assert me.planned is None, m                      # dead in the water
        assert game.hull(me.pose, me.tack).distance(game.course.mark("2s").geometry) \
            >= game.cards.card_width - 1e-6
        assert turns_to_a_card(r, 0) is not None and turns_to_a_card(r, 0) <= 2, m


def test_the_event_says_why_the_boat_stops():
    """The engine's reason, which the table prints: the stop names the mark and the trap."""
    game = _game("up_and_down", 39)
    assert game.name(0) == "Yellow"
    race = Race.from_state(game, _alone(game, YELLOW))
    race.push(Move(3))
    text = [e.text for e in race.last_events if e.kind == "obstacle"]
    assert text == ["Yellow stops short of mark 2s (where the card would take it, no heading its "
                    "turns reach would let it lay a card but the delay): one card width short, "
                    "dead in the water"]


COURSES = ("up_and_down", "trapeze_outer", "island_race", "standard_triangle")


@settings(deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                                   HealthCheck.too_slow])
@given(st.data())
def test_no_move_near_a_mark_leaves_a_boat_without_a_way_to_lay_a_card(data):
    """Wherever a move near a mark, a gate or land ends (or stops short), the boat alone
    on the water lays a card that is not the delay within a few turns: its delay turns
    ("one 45°-turn"), its 90° turns when dead in the water ("a 90°-turn in either
    direction") and the cards that fit there always find a way out."""
    game = _game(data.draw(st.sampled_from(COURSES), label="course"))
    mark, h, tack, _, card = draw_a_card_by_a_mark(data, game, 72)
    key = card.key
    dist = data.draw(st.floats(5.0, 60.0), label="distance")
    bearing = math.radians(data.draw(st.integers(0, 359), label="bearing"))
    x, y = mark.x + dist * math.sin(bearing), mark.y + dist * math.cos(bearing)
    me = Boat(0, Pose(x, y, h), tack, planned=key, trapeze=card.trapeze, launched=True, started=True,
              legs_done=0, stage=0)
    # the card was laid legally: neither it nor the hull touches anything fixed
    assume(fixed_hit(game, game.hull(me.pose, tack)) is None)
    assume(fixed_hit(game, game.card_shape(me.pose, card, tack)) is None)
    race = Race.from_state(game, _alone(game, me))
    moves = [a for a in race.legal_actions() if isinstance(a, Move) and not a.bonus]
    assume(moves)
    m = data.draw(st.sampled_from(moves), label="move")
    race.push(m)
    if race.state.boats[0].finished is not None:
        return
    turns = turns_to_a_card(race, 0, limit=6)
    me = race.state.boats[0]
    assert turns is not None, f"{m.text()} left the boat at {me.pose} with no way to lay a card"


#: Yellow's bow beside mark 2s (where the round-up would have ended), heading 270°: a
#: reach card fits there; it has revealed a delay ("one 45°-turn whenever executing ...
#: a delay card").
BESIDE_2S = Boat(0, Pose(700.4753844206161, 291.7768170718392, 270), Tack.STARBOARD, started=True,
                 legs_done=1, stage=0, launched=True)


def _delay_turn(game, me: Boat) -> Race:
    state = _alone(game, me).with_(step=Step.PIVOT, turn=Turn(card="delay", pivot_limit=45, then_place=True))
    return Race.from_state(game, state)


def test_turning_to_225_beside_mark_2s_would_trap_the_boat():
    """Where the turn ends counts: at 225° no card fits (dead in the water), and the 90°
    turns from there reach only 135° and 045° (315° puts the hull on the buoy), where no
    card fits either -- the boat would never lay a card again (as the engine plays it,
    before the turn was refused)."""
    game = _game("up_and_down", 39)
    race = _delay_turn(game, BESIDE_2S)
    trapped = Race.from_state(game, race.state.with_boat(
        BESIDE_2S.with_(pose=Pose(BESIDE_2S.pose.x, BESIDE_2S.pose.y, 225),
                        tack=tack_of(225, game.wind_from, Tack.STARBOARD)), step=Step.PLACE))
    assert turns_to_a_card(trapped, 0) is None


def test_a_delay_turn_that_would_trap_the_boat_beside_the_mark_is_refused():
    """"If a boat comes into a situation where it would violate this rule [its cards
    never touch fixed obstacles], it must stop": a turn that would leave the boat where
    it could never lay a card but the delay is refused, like a turn that would put the
    hull on the buoy; the boat may keep its heading (and lay a reach card)."""
    game = _game("up_and_down", 39)
    race = _delay_turn(game, BESIDE_2S)
    assert [a.turn for a in race.legal_actions()] == [0]
    why = race.why_not(Pivot(-45))
    assert why == ("turned to 225° the boat would be trapped by mark 2s: no heading its turns "
                   "reach would let it lay a card but the delay")
    assert "mark 2s" in race.why_not(Pivot(45))            # the hull on the buoy, as before
