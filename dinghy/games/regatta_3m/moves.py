"""Legs (distance moves) and the general instructions.

"Leg -- movement in a straight line consisting of 1, 2 or 3 spaces", its length by the
Wind Indicator (:mod:`speeds`). On the grid a leg runs from intersection to intersection
in one of the eight directions, a diagonal step counting as one space.

GENERAL INSTRUCTIONS
1. "Players may not move onto or through an occupied space." (Other yachts, and the
   marks, the committee boat and the islands, which fill their intersections.)
2. "All legs and turns must be complete." A leg sails its full number of spaces.
3. "Players must take their turns when possible, even though the possibilities may be
   disadvantageous. A player must give up his entire turn if, because of obstacles, he
   cannot complete it." (The turn module offers only legs after which the turn can
   still be completed, and "give up turn" only when no complete turn exists.)
4. "One leg may not be retraced by another within the same turn": no step of a leg may
   run along (either way) a step sailed earlier in the turn.
5. "A player may luff for one, but only one, leg per turn" (basic game: a leg into the
   wind that sails no space; advanced game: see :mod:`headings`).
A leg that crosses the finish line ends the boat's race there.
"""
from __future__ import annotations

from dinghy.core.interface import Event
from dinghy.games.grid import compass
from dinghy.games.regatta_3m import headings, sails, start_finish
from dinghy.games.regatta_3m.actions import Leg
from dinghy.games.regatta_3m.equipment import POINTS
from dinghy.games.regatta_3m.speeds import BROAD, LUFFING, RUNNING, point_of_sail, spaces
from dinghy.games.regatta_3m.state import Point, State


def segment(p: Point, q: Point) -> tuple[Point, Point]:
    return (p, q) if p <= q else (q, p)


def blocker(game, state: State, seat: int, p: Point) -> str | None:
    """What makes ``p`` no place to sail onto or through (None: open water)."""
    board = game.board
    if not board.in_bounds(*p):
        return "the edge of the board"
    if p in game.course.obstacles:
        m = board.mark_at(*p)
        return f"mark {m.name}" if m is not None else "an island"
    for b in state.boats:
        if b.seat != seat and b.afloat and b.at == p:
            return f"{game.name(b.seat)}'s yacht"
    return None


def leg_check(game, state: State, leg: Leg) -> str | None:
    """Why ``leg`` cannot be sailed now, before looking along its path (None: it may)."""
    turn = state.turn
    boat = state.boats[turn.seat]
    off = point_of_sail(leg.direction, state.wind)
    if turn.left <= 0:
        return "no leg is left this turn"
    if off == LUFFING:
        if game.advanced:
            return (f"sailing {compass.NAMES[leg.direction]} is dead into the wind: in the advanced game "
                    "a yacht luffs with a heading move (head), not a leg")
        if leg.puff:
            return "a puff extends a leg; a luffing leg sails no space"
        if boat.spinnaker:
            return "a yacht flying a spinnaker may only broad reach or run"
        if turn.luffed:
            return "a player may luff for one, but only one, leg per turn"
        return None
    if boat.spinnaker and off not in (BROAD, RUNNING):
        return ("a yacht flying a spinnaker may only broad reach or run: when it cannot, it must "
                "begin its turn by taking the spinnaker down (a leg)")
    if game.advanced:
        why = headings.leg_check(boat, leg.direction, state.wind)
        if why:
            return why
    if leg.puff:
        why = sails.puff_check(boat, turn)
        if why:
            return why
    return None


def sail_leg(game, state: State, leg: Leg) -> tuple[State, list[Event], str | None]:
    """The state after sailing ``leg`` (its events), or the reason it cannot be sailed."""
    why = leg_check(game, state, leg)
    if why:
        return state, [], why
    turn = state.turn
    boat = state.boats[turn.seat]
    name = game.name(turn.seat)
    d, wind = leg.direction, state.wind
    off = point_of_sail(d, wind)
    legno = turn.used + 1
    if off == LUFFING:
        turn = turn.with_(used=legno, luffed=True, moved=True, last_heading=False)
        return (state.with_(turn=turn),
                [Event("luff", boat.seat, f"{name} luffs for a leg, head to wind (no space)")], None)
    n = spaces(game.eq, d, wind, boat.spinnaker, leg.puff)
    segs = set(turn.segments)
    b, events = boat, []
    p = boat.at
    for k in range(n):
        q = compass.step(p[0], p[1], d)
        why = blocker(game, state, boat.seat, q)
        if why:
            return state, [], (f"a {_point(off)} leg {compass.NAMES[d]} sails {n} spaces and "
                               f"{'space ' + str(k + 1) + ' is' if k else 'the first space is'} "
                               f"{why}: players may not move onto or through an occupied space")
        s = segment(p, q)
        if s in segs:
            return state, [], "one leg may not be retraced by another within the same turn"
        segs.add(s)
        b, ev = start_finish.step(game.course, b, p, q, state.round, legno, name)
        events.extend(ev)
        p = q
        if b.finished is not None:
            break
    extra = [w for w, on in (("spinnaker", boat.spinnaker and off in (BROAD, RUNNING)),
                             ("puff", leg.puff)) if on]
    text = (f"{name} sails a {_point(off)} leg {compass.NAMES[d]}, {n} space{'s' if n != 1 else ''}"
            + (f" (+1 {', +1 '.join(extra)})" if extra else "")
            + f", to {compass.where_words(game.board.marks, p, 'space')}")
    events.insert(0, Event("leg", boat.seat, text))
    b = b.with_(heading=d, puffs=b.puffs - (1 if leg.puff else 0), tacking=False)
    if game.advanced:
        b = b.with_(tack=headings.tack_after(d, wind, b.tack))
    turn = turn.with_(used=legno, segments=frozenset(segs), moved=True, last_heading=False,
                      puffed=turn.puffed or leg.puff)
    return state.with_boat(b).with_(turn=turn), events, None


def _point(off: int) -> str:
    return POINTS[off]
