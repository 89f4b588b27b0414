"""Advanced game: the right-of-way rules (NAYRU) and keeping clear.

Opposite Tack Rule: "A port-tack yacht shall keep clear of a starboard-tack yacht."
Same Tack Rule: "A windward yacht shall keep clear of a leeward yacht." (Windward: the
yacht further towards where the wind comes from; level yachts: neither.)
Changing Tack Rule: "A yacht which is either tacking or jibing shall keep clear of a
yacht on a tack." (Here: a yacht whose turn ended with a heading move, or a luffing one.)

Rules of exception, each overriding the rules above:
1. Rounding or Passing Marks and Obstructions: "When an inside yacht is within 2 spaces
   of the mark, an outside yacht on the same tack must keep clear." (Marks, the committee
   boat and islands; the inside yacht is the one nearer the mark.)
2. Yachts Returning to Start: "A premature starter when returning to start, or a yacht
   working into position from the wrong side of the starting line or its extensions,
   when the starting round begins, shall keep clear of all yachts which are starting
   (or have started) correctly until she is wholly on the right side".

Keeping Clear: "When a player ends a turn on a space directly in the path of a
right-of-way yacht, he has failed to keep clear if the player with right of way reaches
the occupied space within his next turn." Directly in the path: on the line ahead of
that yacht's heading. Reaches: sailing straight on along its heading for the legs of its
next turn (the Wind Indicator's spaces, its spinnaker counted if flying; a luffing yacht
reaches nothing), with nothing else in between. Judged as that turn begins.
"""
from __future__ import annotations

from dinghy.core.interface import Event
from dinghy.games.grid import compass
from dinghy.games.regatta_3m import penalties, sails
from dinghy.games.regatta_3m.moves import blocker
from dinghy.games.regatta_3m.speeds import LUFFING, point_of_sail, spaces
from dinghy.games.regatta_3m.state import Boat, Claim, Point, State

ROOM = 2        # "within 2 spaces of the mark"


def upwind(p: Point, wind: int) -> int:
    dx, dy = compass.DIRS[wind]
    return p[0] * dx + p[1] * dy


def _changing(b: Boat) -> bool:
    return b.tacking or b.luffing


def must_keep_clear(game, state: State, a: Boat, b: Boat) -> str | None:
    """Why yacht ``a`` must keep clear of yacht ``b`` (None: it need not)."""
    na, nb = game.name(a.seat), game.name(b.seat)
    if a.premature != b.premature:                                   # exception 2
        if a.premature:
            return (f"{na} is a premature starter returning to start and keeps clear of {nb}, "
                    "which is starting correctly (Yachts Returning to Start)")
        return None
    if a.tack == b.tack and not a.luffing and not b.luffing:         # exception 1
        near = _nearest_obstruction(game, a.at, b.at)
        if near is not None:
            o, da, db = near
            if db < da:
                return (f"{nb} is the inside yacht within {ROOM} spaces of {_what(game, o)} and "
                        f"{na}, outside on the same tack, must keep clear (Rounding or Passing Marks)")
            if da < db:
                return None
    if _changing(a) and not _changing(b):
        return (f"{na} is tacking or jibing and keeps clear of {nb}, which is on a tack "
                "(Changing Tack Rule)")
    if _changing(b) and not _changing(a):
        return None
    if a.tack != b.tack and a.tack and b.tack:
        if a.tack == "port":
            return f"{na} on port tack keeps clear of {nb} on starboard tack (Opposite Tack Rule)"
        return None
    if a.tack == b.tack and upwind(a.at, state.wind) > upwind(b.at, state.wind):
        return f"{na} is to windward of {nb} on the same tack and keeps clear (Same Tack Rule)"
    return None


def _nearest_obstruction(game, a: Point, b: Point):
    """(obstruction, distance from a, from b) of the obstruction within ROOM of either
    yacht that is nearest to one of them; None if there is none."""
    best = None
    for o in game.course.obstacles:
        da, db = compass.chebyshev(a, o), compass.chebyshev(b, o)
        if min(da, db) <= ROOM and (best is None or min(da, db) < min(best[1], best[2])):
            best = (o, da, db)
    return best


def _what(game, p: Point) -> str:
    m = game.board.mark_at(*p)
    return f"mark {m.name}" if m is not None else "an island"


def ahead(b: Boat, p: Point) -> int:
    """How many spaces ``p`` lies directly ahead of ``b`` along its heading (0: not ahead)."""
    if b.at is None or b.heading is None:
        return 0
    dx, dy = p[0] - b.at[0], p[1] - b.at[1]
    k = compass.chebyshev(b.at, p)
    hx, hy = compass.DIRS[b.heading]
    return k if k and (hx * k, hy * k) == (dx, dy) else 0


def claims_after_turn(game, state: State, seat: int) -> tuple[State, list[Event]]:
    """Note every right-of-way yacht whose path ``seat`` ended its turn in."""
    a = state.boats[seat]
    events, claims = [], list(state.claims)
    before = state.turn.start if state.turn is not None and state.turn.start is not None else a
    for b in state.boats:
        if b.seat == seat or not b.afloat:
            continue
        k = ahead(b, a.at)
        if not k:
            continue
        reason = must_keep_clear(game, state, a, b)
        if reason is None:
            continue
        claims.append(Claim(seat, b.seat, a.at, reason, before))
        events.append(Event("right_of_way", seat,
                            f"{game.name(seat)} ends its turn {k} space{'s' if k > 1 else ''} directly ahead of "
                            f"{game.name(b.seat)}: {reason}. It has failed to keep clear if "
                            f"{game.name(b.seat)} reaches that space in its next turn"))
    return state.with_(claims=tuple(claims)), events


def reach(game, state: State, b: Boat, legs: int) -> int:
    """Spaces ``b`` sails straight on along its heading in ``legs`` legs."""
    if b.heading is None or b.luffing or point_of_sail(b.heading, state.wind) == LUFFING:
        return 0
    return legs * spaces(game.eq, b.heading, state.wind, b.spinnaker)


def _clear_way(game, state: State, b: Boat, k: int, giver: int) -> bool:
    x, y = b.at
    for _ in range(k - 1):
        x, y = compass.step(x, y, b.heading)
        if blocker(game, state, b.seat, (x, y)):
            return False
    return True


def resolve_claims(game, state: State, seat: int) -> tuple[State, list[Event]]:
    """As ``seat``'s turn begins: has each yacht that ended in its path failed to keep clear?"""
    mine = [c for c in state.claims if c.holder == seat]
    if not mine:
        return state, []
    state = state.with_(claims=tuple(c for c in state.claims if c.holder != seat))
    events: list[Event] = []
    b = state.boats[seat]
    lost, _, _ = sails.blanketing(state, seat)
    legs = 0 if b.lose_turn else max(0, state.legs - lost)
    for c in mine:
        g = state.boats[c.giver]
        gname, hname = game.name(c.giver), game.name(seat)
        if not g.afloat or g.at != c.at:
            events.append(Event("right_of_way", c.giver, f"{gname} is no longer in {hname}'s path"))
            continue
        k = ahead(b, c.at)
        far = reach(game, state, b, legs)
        if k and k <= far and _clear_way(game, state, b, k, c.giver):
            text = (f"{hname}, sailing {compass.NAMES[b.heading]} {legs} leg{'s' if legs > 1 else ''} "
                    f"({far} spaces), reaches {gname}'s space {k} ahead: {gname} has failed to keep "
                    f"clear ({c.reason})")
            state, ev = penalties.penalize(game, state, c, text)
            events.extend(ev)
        else:
            why = ("is luffing" if b.luffing or far == 0 and legs else
                   f"sails at most {far} spaces this turn and {gname} is {k} ahead" if k else
                   f"is no longer heading at {gname}")
            if k and k <= far:
                why = f"could not get past another obstacle before {gname}'s space"
            events.append(Event("right_of_way", c.giver, f"{gname} kept clear of {hname}: {hname} {why}"))
    return state, events
