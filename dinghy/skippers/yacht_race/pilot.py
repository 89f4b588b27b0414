"""The pilot: a Yacht Race skipper that sails the shortest way with the wind it has, and
buys a better wind with its cards when the saving is worth the card.

For each goal (the starting block crossed the right way, a square beside each rounding
waypoint of a mark, the finish block) and each of the eight winds it keeps a field of
moves-to-go over the chart, found by a breadth-first search backwards from the goal over
the moves the rules allow (other yachts ignored: they move). A mark is rounded by
sailing through waypoints around its outside on the side the course passes it; which
waypoints are done it reads from the yacht's track, so it keeps no memory of its own.

On its turn it weighs every number of wind change cards it could spend (0 to 7) against
the best legal move under each resulting wind: one card is worth about a move and a half
early in the race and more as they run out. A spinnaker goes up when five blocks beat
three by more than the card is worth. Moving an opponent in the fog, it picks the move
that leaves that yacht furthest from its goal. :data:`HARD` (the ``hard`` level until
:mod:`dinghy.skippers.yacht_race.hard` took its place; kept for comparison) also weighs
blanketing: see :func:`tactics`.
"""
from __future__ import annotations

import math
import random
from collections import deque
from dataclasses import replace
from typing import Any

from dinghy.games.grid.compass import DIRS
from dinghy.games.yacht_race import ask
from dinghy.games.yacht_race.ask import (Chart, Forfeit, Phase, Sail, State, WindCard, Yacht, blocks, crosses,
                                         first_obstacle, path, progress, sail_problem, spinnaker_fits)
from dinghy.core.caches import remember

NAME = "pilot"

UNREACHABLE = 10_000
HOIST_COST = 1.0          # moves a spinnaker card is worth
BLANKETED = 0.8           # a turn lost, times the odds the yacht above is still there
BLANKETING = 0.4
STAGE = 20_000            # worth more than any distance: a goal reached is never given up
_CACHES: dict[int, tuple[Chart, dict]] = {}
_SHARED: list[tuple[Chart, dict]] = []


def _cache(chart: Chart) -> dict:
    """The chart's own store of fields and waypoints; a chart loaded again (an equal one)
    shares the store of the first. Looked up by identity: comparing charts is slow."""
    hit = _CACHES.get(id(chart))
    if hit is not None and hit[0] is chart:
        return hit[1]
    store = next((d for c, d in _SHARED if c == chart), None)
    if store is None:
        store = {}
        _SHARED.append((chart, store))
    remember(_CACHES, id(chart), (chart, store), 256)   # holds the chart, so its id is never reused
    return store


# --- where to sail next --------------------------------------------------------------

def _bearing(a, b) -> float:
    return math.atan2(b[1] - a[1], b[0] - a[0])


def _waypoints(chart: Chart, leg: int) -> tuple[tuple[int, int], ...]:
    store = _cache(chart)
    hit = store.get(("waypoints", leg))
    if hit is None:
        hit = store[("waypoints", leg)] = waypoints(chart, leg)
    return hit


def waypoints(chart: Chart, leg: int) -> tuple[tuple[int, int], ...]:
    """Squares around the outside of mark ``leg`` on its rounding side, in sailing order."""
    m = chart.course[leg]
    prev, nxt = chart.previous(leg), chart.target(leg + 1)
    u, v = _bearing(m.square, prev), _bearing(m.square, nxt)
    sign = 1 if m.side == "port" else -1
    # the straight way from prev to next turns d round the mark; rounding it on its side
    # takes one whole turn more that way (the engine's rule: the loop winds once)
    d = math.atan2(math.sin(v - u), math.cos(v - u))
    span = 2 * math.pi + sign * d
    k = max(1, math.ceil(span / (math.pi / 2)) - 1)
    out = []
    for j in range(1, k + 1):
        b = u + sign * span * j / (k + 1)
        for r in range(2, 16):
            sq = (m.x + round(r * math.cos(b)), m.y + round(r * math.sin(b)))
            if chart.fixed_obstacle(sq) is None and all(chart.water((sq[0] + dx, sq[1] + dy))
                                                       for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                out.append(sq)
                break
    return tuple(out)


def _near(a, b, tol: int) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= tol


def _after_mark(chart: Chart, leg: int) -> tuple:
    """The goal once mark ``leg``'s waypoints are all visited: on to the next mark's first
    waypoint, or to the finish."""
    if leg + 1 < len(chart.course):
        return ("near", _waypoints(chart, leg + 1)[0])
    return ("gate", "finish")


def plan(chart: Chart, y: Yacht) -> tuple[int, tuple]:
    """(stage, goal): how far along the course the yacht is (grows with every goal reached,
    never falls) and its next goal, ("gate", "start"|"finish") or ("near", square).

    The waypoints of the mark being rounded are visited in order, read off the track; if
    the yacht went on to the next goal and the engine still did not count the rounding
    (it went round the wrong way first), it goes round again."""
    if y.finished:
        return 10 ** 7, ("gate", "finish")
    if not y.started:
        return 0, ("gate", "start")
    if y.leg == len(chart.course):
        return 1 + 1000 * y.leg, ("gate", "finish")
    wps = _waypoints(chart, y.leg)
    on = _after_mark(chart, y.leg)
    on_sq = on[1] if on[0] == "near" else chart.finish.square
    j = visits = 0
    for t in y.track:
        if j < len(wps) and _near(wps[j], t, 1):
            j, visits = j + 1, visits + 1
        elif j == len(wps) and _near(on_sq, t, 2):
            j, visits = 0, visits + 1
    stage = 1 + 1000 * y.leg + visits
    return stage, (("near", wps[j]) if j < len(wps) else on)


def goal(chart: Chart, y: Yacht) -> tuple:
    return plan(chart, y)[1]


# --- moves-to-go fields ------------------------------------------------------------------

def _moves(chart: Chart, wind: int):
    """Every move under ``wind`` between open squares, ignoring yachts: (from, heading, path)."""
    reach = move_reach(chart)
    for x in range(chart.width):
        for yy in range(chart.height):
            if chart.fixed_obstacle((x, yy)) is None:
                for h in range(8):
                    n = blocks(h, wind, False)
                    if n and n <= reach[(x, yy, h)]:
                        yield (x, yy), h, path(x, yy, h, n)


def move_reach(chart: Chart) -> dict:
    """How many blocks a move may cover from each open square on each heading before a
    fixed obstacle (``first_obstacle`` of the longest move, whatever the wind and sail): a
    move of ``n`` blocks is open if and only if ``n`` is at most that (``first_obstacle``
    checks the blocks in order). Worked out once a chart; the hard skipper's moves too."""
    store = _cache(chart)
    hit = store.get("reach")
    if hit is None:
        most = max([3] + [blocks(h, w, up) for h in range(8) for w in range(8) for up in (False, True)])
        fixed = lambda a, b: chart.fixed_obstacle((a, b))      # noqa: E731
        hit = {}
        for x in range(chart.width):
            for yy in range(chart.height):
                if chart.fixed_obstacle((x, yy)) is None:
                    for h in range(8):
                        stop = first_obstacle(x, yy, h, most, fixed, chart.corner)
                        hit[(x, yy, h)] = most if stop is None else max(abs(stop.at[0] - x), abs(stop.at[1] - yy)) - 1
        store["reach"] = hit
    return hit


def _graph(chart: Chart, wind: int) -> tuple[dict, list]:
    """Moves under ``wind``: (landing square -> the squares they start from, [all moves])."""
    store = _cache(chart)
    hit = store.get(("graph", wind))
    if hit is None:
        back: dict = {}
        every = list(_moves(chart, wind))
        for frm, _, p in every:
            back.setdefault(p[-1], []).append(frm)
        hit = store[("graph", wind)] = (back, every)
    return hit


def field(chart: Chart, wind: int, target: tuple) -> dict:
    """Moves-to-go to ``target`` from every square under a steady ``wind`` (a chart loaded
    twice is the same chart: equal charts share their fields)."""
    store = _cache(chart)
    hit = store.get(("field", wind, target))
    if hit is not None:
        return hit
    back, every = _graph(chart, wind)
    dist: dict = {}
    queue: deque = deque()
    if target[0] == "gate":
        gate = chart.start if target[1] == "start" else chart.finish
        for frm, h, p in every:
            if frm not in dist and crosses(gate, frm, p, h):
                dist[frm] = 1
                queue.append(frm)
    else:
        tx, ty = target[1]
        for x in range(tx - 1, tx + 2):
            for yy in range(ty - 1, ty + 2):
                if chart.fixed_obstacle((x, yy)) is None:
                    dist[(x, yy)] = 0
                    queue.append((x, yy))
    while queue:
        sq = queue.popleft()
        for frm in back.get(sq, ()):
            if frm not in dist:
                dist[frm] = dist[sq] + 1
                queue.append(frm)
    store[("field", wind, target)] = dist
    return dist


def to_go(chart: Chart, wind: int, y: Yacht, at) -> float:
    """Moves still to sail (under ``wind``) from ``at``, less a large bonus for every goal
    already reached, so that reaching the next goal always beats hovering near it."""
    stage, target = plan(chart, y)
    return _to_go(chart, wind, target, at) - STAGE * stage


def _to_go(chart: Chart, wind: int, target: tuple, at) -> float:
    d = field(chart, wind, target).get(at)
    if d is not None:
        return d
    aim = target[1] if target[0] == "near" else (chart.start if target[1] == "start" else chart.finish).square
    return UNREACHABLE + max(abs(at[0] - aim[0]), abs(at[1] - aim[1]))


# --- choosing ------------------------------------------------------------------------------

def card_cost(y: Yacht) -> float:
    return 1.0 + 3.0 / (y.wind_cards + 1)


def after(game: Any, state: State, seat: int, h: int, spin: bool, wind: int) -> Yacht:
    """The yacht after the move (started, rounded, finished), as the engine would have it."""
    y = state.yachts[seat]
    squares = path(*y.pos, h, blocks(h, wind, spin))
    moved = replace(y, pos=squares[-1], heading=h)
    return progress(game.chart, state, moved, y.pos, squares, h, "")[0]


def tactics(state: State, seat: int, landing, wind: int) -> float:
    """The hard skipper's look at the others: landing directly downwind of an opponent
    (it would blanket us at our next turn) costs most of a move; landing directly upwind
    of one (we blanket it) gains a little."""
    ux, uy = DIRS[wind]
    value = 0.0
    above = state.occupant((landing[0] + ux, landing[1] + uy))
    if above is not None and above.seat != seat:
        value += BLANKETED
    below = state.occupant((landing[0] - ux, landing[1] - uy))
    if below is not None and below.seat != seat:
        value -= BLANKETING
    return value


def best_sail(game: Any, state: State, seat: int, wind: int, rng: random.Random,
              sharp: bool = False):
    """(value, heading, spinnaker) of the best legal move under ``wind``, or None;
    ``sharp`` adds :func:`tactics`."""
    chart, y = game.chart, state.yachts[seat]
    best = None
    for h in range(8):
        for spin in ((False, True) if spinnaker_fits(h, wind) else (False,)):
            if sail_problem(chart, state, seat, h, spin, game.name, wind=wind) is not None:
                continue
            moved = after(game, state, seat, h, spin, wind)
            value = 1 + to_go(chart, wind, moved, moved.pos)
            if sharp and not moved.finished:
                value += tactics(state, seat, moved.pos, wind)
            if spin and not y.spinnaker_up:
                value += HOIST_COST
            value += rng.random() * 1e-3
            if best is None or value < best[0]:
                best = (value, h, spin)
    return best


def choose(race: Any, rng: random.Random, sharp: bool = False):
    game, state = race.game, race.state
    seat = state.turn
    if state.phase is Phase.FOG:
        return _fog_move(game, state, rng)
    y = state.yachts[seat]
    options = []
    can_change = ask.wind_card_problem(state) is None
    spare = min(y.wind_cards, ask.MAX_A_TURN - state.cards_this_turn) if can_change else 0
    for k in range(spare + 1):
        wind = (state.wind + k) % 8
        best = best_sail(game, state, seat, wind, rng, sharp)
        stay = 1 + to_go(game.chart, wind, y, y.pos)
        value = (best[0] if best else stay) + k * card_cost(y)
        options.append((value, k, best))
    value, k, best = min(options, key=lambda o: (o[0], o[1]))
    if k > 0:
        return WindCard()
    if best is None:
        return Forfeit()
    return Sail(best[1], best[2])


def _fog_move(game: Any, state: State, rng: random.Random):
    """Move an opponent where it is furthest from its goal."""
    seat = state.fog[0]
    y = state.yachts[seat]
    acts = [a for a in ask.legal_actions(game, state) if isinstance(a, Sail)]
    def worth(a: Sail) -> float:
        moved = after(game, state, seat, a.heading, a.spinnaker, state.wind)
        return to_go(game.chart, state.wind, moved, moved.pos)
    return max(acts, key=lambda a: (worth(a), rng.random()))


class Hard:
    """The hard level: the pilot that also looks at the other yachts -- it keeps out of
    the square directly downwind of an opponent (where it would be blanketed) and likes
    the square directly upwind of one (where it blankets it)."""

    NAME = "hard"

    @staticmethod
    def choose(race: Any, rng: random.Random):
        return choose(race, rng, sharp=True)


HARD = Hard()
