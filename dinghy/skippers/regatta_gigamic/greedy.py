"""A skipper for Regatta (Gigamic): greedy on the distance still to sail, one card ahead.

The course becomes a chain of waypoints: a point past the start line, points every 45°
round each buoy on its rounding side (at ``RADIUS`` from it, from the entry ray to a
little past the exit ray), and a point past the finish line. The distance to go is the
bow's distance to the next waypoint not yet passed plus the chain after it, and a
little for the heading (a boat pointing away needs cards to come round).

Each card the boat could sail now is scored by where it leaves the boat and by the best
card of the rest of the hand from there (moved kinematically, the bow's straight line
standing in for the path). When no card gains, it heaves to: it turns towards the next
waypoint if that helps (never undoing its last turn in place), or changes the cards
that help least; now and then it takes its best card anyway, which breaks up a jam of
boats. Spots near the table's edge cost a little extra. It lays a sun on the boat
nearest the finish. It looks only at its own hand.
"""
from __future__ import annotations

import math
import random
from typing import Any

import shapely

from dinghy.games.regatta_gigamic.ask import AGAIN, EXTRA, PLACE, SUN, TURN, Act, Spot, State, advance, end_spot
from dinghy.core.caches import kept

NAME = "greedy"
RADIUS = 100.0            # mm from a buoy's centre at which the skipper rounds it
HEADING_COST = 0.6        # mm of distance a degree off the bearing is worth
EDGE_ROOM = 60.0          # mm from the table's edge under which a spot costs extra
#: mm a move must gain over standing still
_GAIN = 4.0
_EDGES: dict[Any, Any] = {}       # game -> the table's edge (its area's outline)


def _waypoints(game) -> list[list[tuple[float, float, float]]]:
    """For each stage, its waypoints as (x, y, wound past the entry ray)."""
    cached = getattr(game, "_greedy_waypoints", None)
    if cached is not None:
        return cached
    course = game.course
    mx, my = course.line_middle
    r = math.radians(course.towards)
    fx, fy = math.sin(r), math.cos(r)
    chain: list[list[tuple[float, float, float]]] = [[(mx + fx * 60, my + fy * 60, 0.0)]]
    for k in range(len(course.rounding)):
        p = course.passage(k)
        pts = []
        w = 0.0
        while True:
            a = math.radians(p.entry + p.sigma * w)
            pts.append((p.centre[0] + RADIUS * math.cos(a), p.centre[1] + RADIUS * math.sin(a), w))
            if w >= p.turn + 15:
                break
            w = min(w + 45.0, p.turn + 15)
        chain.append(pts)
    chain.append([(mx + fx * 70, my + fy * 70, 0.0)])
    game._greedy_waypoints = chain
    return chain


def _round_points(game, stage: int, wound: float) -> list[tuple[float, float]]:
    """Waypoints round the stage's buoy still to pass: every 45° of winding from just
    past ``wound`` (a boat that went round the wrong way has more to unwind) on to a
    little past the exit ray."""
    p = game.course.passage(stage - 1)
    end = p.turn + 15.0
    w = (math.floor((wound + 5.0) / 45.0) + 1) * 45.0
    ws = []
    while w < end:
        ws.append(w)
        w += 45.0
    ws.append(end)
    out = []
    for w in ws:
        a = math.radians(p.entry + p.sigma * w)
        out.append((p.centre[0] + RADIUS * math.cos(a), p.centre[1] + RADIUS * math.sin(a)))
    return out


def distance_to_go(game, spot: Spot, stage: int, wound: float) -> float:
    chain = _waypoints(game)
    if stage >= len(chain):
        return 0.0
    if 1 <= stage <= len(game.course.rounding):
        rest = _round_points(game, stage, wound)
    else:
        rest = [(x, y) for (x, y, _) in chain[stage]]
    for later in chain[stage + 1:]:
        rest += [(x, y) for (x, y, _) in later]
    d = math.hypot(rest[0][0] - spot.x, rest[0][1] - spot.y)
    for a, b in zip(rest, rest[1:]):
        d += math.hypot(b[0] - a[0], b[1] - a[1])
    bearing = math.degrees(math.atan2(rest[0][0] - spot.x, rest[0][1] - spot.y))
    off = abs((bearing - spot.heading + 180.0) % 360.0 - 180.0)
    return d + HEADING_COST * off


def _value(game, spot: Spot, stage: int, wound: float) -> float:
    if stage >= game.course.stages:
        return -1e6
    return distance_to_go(game, spot, stage, wound) + _edge_cost(game, spot)


def _edge_cost(game, spot: Spot) -> float:
    """Near the table's edge a boat has few cards that keep it on the table: keep off."""
    edge = kept(_EDGES, game, lambda: game.fixed.area.exterior, 4)
    sx, sy = spot.to_world(0.0, -game.deck.hull_length)
    d = float(shapely.distance(edge, shapely.points([(spot.x, spot.y), (sx, sy)])).min())
    return max(0.0, EDGE_ROOM - d) * 2.0


def _look_ahead(game, spot: Spot, stage: int, wound: float, hand: list[str]) -> float:
    """The best value one more card of ``hand`` could reach from ``spot`` (or standing);
    a card whose end would touch a buoy or an obstacle, or leave the table, is no use."""
    best = _value(game, spot, stage, wound)
    hull = game.deck.hull_length
    ends = [end_spot(spot, arrow, hull) for c in sorted(set(hand)) for arrow in game.deck.face(c).arrows]
    if not ends:
        return best
    hulls = game.shapes.hulls(ends)
    blocked = ~shapely.covers(game.fixed.area, hulls)
    if len(game.fixed.shapes):
        blocked |= shapely.intersects(hulls[:, None], game.fixed.shapes[None, :]).any(axis=1)
    for end, bad in zip(ends, blocked):
        if bad:
            continue
        s, w, _ = advance(game.course, stage, wound, [(spot.x, spot.y), (end.x, end.y)])
        best = min(best, _value(game, end, s, w))
    return best


def _score_after(game, before: State, after: State, seat: int) -> float:
    b = after.boats[seat]
    if b.place is not None:
        return -1e9
    now = _value(game, b.spot, b.stage, b.wound)
    hand = list(after.hands[seat])
    if after.step == AGAIN:
        hand = hand + [after.card]
    ahead = _look_ahead(game, b.spot, b.stage, b.wound, [c for c in hand if not game.deck.face(c).is_sun])
    return ahead + 0.3 * now


def _best(scored: list[tuple[float, Act]], rng: random.Random) -> tuple[float, Act]:
    low = min(s for s, _ in scored)
    return low, rng.choice([a for s, a in scored if s <= low + 1e-9])


def choose(race: Any, rng: random.Random) -> Act:
    game, state = race.game, race.state
    seat = state.active
    legal = race.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.step == PLACE:
        mx, my = game.course.line_middle
        return min(legal, key=lambda a: (math.hypot(game.slots[a.n - 1].x - mx, game.slots[a.n - 1].y - my), a.n))
    if state.step == SUN:
        targets = [a for a in legal if a.verb == "sun"]
        if not targets:
            return legal[0]

        def lead(a: Act) -> float:
            b = state.boats[a.n]
            return (-b.stage, distance_to_go(game, b.spot, b.stage, b.wound))
        return min(targets, key=lead)
    if state.step not in (TURN, EXTRA, AGAIN):
        return rng.choice(legal)
    boat = state.boats[seat]
    moves = [a for a in legal if a.verb in ("play", "again")]
    scored = [(_score_after(game, state, game.apply(state, a)[0], seat), a) for a in moves]
    hand = [c for c in state.hands[seat] if not game.deck.face(c).is_sun]
    standing = _look_ahead(game, boat.spot, boat.stage, boat.wound, hand) \
        + 0.3 * _value(game, boat.spot, boat.stage, boat.wound)
    if scored:
        best, act = _best(scored, rng)
        if best < standing - _GAIN or state.step == AGAIN:
            return act
    if state.step == EXTRA:
        return Act("done")
    if state.step == AGAIN:
        return legal[0]
    return _heave_to(race, game, state, seat, legal, standing, rng)


def _last_own(race: Any, seat: int) -> Act | None:
    """This seat's last action before now (a turn in place is never undone by the next
    one: that would only swing the bow back and forth)."""
    history = race.history
    for k in range(len(race.actions) - 1, max(-1, len(race.actions) - 40), -1):
        before = history[k]
        if race.game.current_player(before) == seat:
            return race.actions[k]
    return None


def _heave_to(race: Any, game, state: State, seat: int, legal: list[Act], standing: float,
              rng: random.Random) -> Act:
    boat = state.boats[seat]
    hand = [c for c in state.hands[seat] if not game.deck.face(c).is_sun]
    last = _last_own(race, seat)
    pivots = []
    for a in legal:
        if a.verb != "pivot" or (last is not None and last.verb == "pivot" and last.n * a.n < 0):
            continue
        spot = game.apply(state, a)[0].boats[seat].spot
        pivots.append((_look_ahead(game, spot, boat.stage, boat.wound, hand)
                       + 0.3 * _value(game, spot, boat.stage, boat.wound), a))
    if pivots:
        best, act = _best(pivots, rng)
        if best < standing - _GAIN:
            return act
    # boats jammed together (every card in the way or losing ground): now and then take
    # the best card anyway, so that the jam breaks up
    moves = [a for a in legal if a.verb == "play"]
    if moves and rng.random() < 0.5:
        return _best([(_score_after(game, state, game.apply(state, a)[0], seat), a) for a in moves], rng)[1]
    if pivots and rng.random() < 0.3:
        return rng.choice(pivots)[1]
    # change the cards that help least from here (never more than three)
    worth = []
    for c in sorted(set(state.hands[seat])):
        face = game.deck.face(c)
        if face.is_sun:
            continue
        worth.append((_look_ahead(game, boat.spot, boat.stage, boat.wound, [c]), c))
    worth.sort(reverse=True)
    suns = [c for c in state.hands[seat] if game.deck.face(c).is_sun][1:]   # one sun is enough
    give = tuple(sorted((suns + [c for _, c in worth])[:3])) or tuple(sorted(state.hands[seat])[:1])
    act = Act("swap", cards=give)
    return act if act in legal else rng.choice([a for a in legal if a.verb == "swap"])
