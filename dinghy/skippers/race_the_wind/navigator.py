"""The navigator: a Race the Wind skipper that sails the shortest way with the wind.

It plans over (square, heading, leg, rounding count) states: a move costs the share of a
turn it takes on its point of sail (half a turn on a beam reach, where two actions fit in
a turn, a whole turn close-hauled, broad or running), a 45°/90° turn likewise; turns
into the wind and moves head to wind are not edges; land and marks are walls; the legs
are the start crossing, each mark rounded on its side (the grid rounding rays) and the
finish crossing. A Dijkstra (scipy's) from the goal backwards gives every state's
turns-to-go; it is cached per game and wind direction.

At the table it tries each legal action on a copy of the state (the engine decides
everything: waits, precedence, lulls, puffs) and takes the one that leaves the boat
nearest the finish, a lull counting as a lost turn. Until it has started it plans whole
turns instead (:func:`_start_turn`): every sequence of moves and turns its turn allows,
scored by the exact whole turns still to the crossing (:func:`turn_table`), no earlier
than turn 8, and the start penalties (the line at turns 6-7, a third turn on one square).
The fractional costs above undercount a second manoeuvre on a broad reach or a run (one
action a turn there), which once sent the boat away from the line at the gun. It does
its penalty turns as soon as it may start them after the start gun, sets the spinnaker
for a long broad reach or run and drops it when it must turn up, waits when the rules
make it wait, declares a penalty on a boat in its way when it may, and breaks a
deadlock now and then with a random legal move.

(The exact whole-turn table, :func:`turn_table`, is built on the navigator's graph
and serves this skipper and the hard one, :mod:`dinghy.skippers.race_the_wind.hard`;
it stays here so that neither module imports the other both ways. Its edges, with and
without the weather, are worked out in :mod:`dinghy.skippers.race_the_wind.whole_turns`.)
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from dinghy.games.grid import compass, rounding
from dinghy.games.race_the_wind import ask as A
from dinghy.games.race_the_wind.ask import Phase, State
from dinghy.core.caches import kept, remember
from dinghy.skippers.race_the_wind import whole_turns

NAME = "navigator"

MOVE_COST = {0: None, 1: 1.0, 2: 0.5, 3: 1.0, 4: 1.0}
TURN_COST = {0: 1.0, 1: 1.0, 2: 0.5, 3: 0.5, 4: 1.0}
C_MIN = -2
INF = float("inf")
GOAL = ("goal",)

_TABLES: dict[tuple, Any] = {}


def waters(game: Any) -> tuple:
    """What the navigator's plans of ``game`` depend on: its board and its course, by
    content, so that every race on one board (the tables of a server, the races of a
    simulation) shares one graph and its tables instead of each building its own."""
    return (game.board, game.course)


def _line_step(line, last: int, p0, p1, to_side):
    """(crossed, new last side) as the engine tracks it: a crossing must come from
    strictly off the target side (remembered while standing on the line)."""
    s1 = line.side(p1)
    before = line.side(p0) or last
    crossed = s1 == to_side and before != s1 and line.crossed(p0, p1)
    return crossed, (s1 or last)


def _after_move(course, leg: int, c: int, p0, p1):
    """(leg, c) after a move, or GOAL. On the start and finish legs ``c`` remembers the
    last side of the line the boat was strictly on: -1 the target side, 0 the other."""
    k = len(course.marks)
    if leg == 0:
        last = course.course_side if c == -1 else -course.course_side
        crossed, last = _line_step(course.start, last, p0, p1, course.course_side)
        if crossed:
            return (1, 0) if k else (k + 1, 0 if course.finish.side(p1) != course.finish_side else -1)
        return (0, -1 if last == course.course_side else 0)
    if leg <= k:
        m = course.marks[leg - 1]
        cr = rounding.ray_crossing(m.pos, course.rays[leg - 1], p0, p1) * rounding.sense(m.side)
        c2 = c + cr
        if c2 >= 1:
            if leg == k:
                return (leg + 1, -1 if course.finish.side(p1) == course.finish_side else 0)
            return (leg + 1, 0)
        return (leg, max(c2, C_MIN))
    last = course.finish_side if c == -1 else -course.finish_side
    crossed, last = _line_step(course.finish, last, p0, p1, course.finish_side)
    if crossed:
        return GOAL
    return (leg, -1 if last == course.finish_side else 0)


class _Graph:
    """The wind-independent part of the plan: every state, its move and its turn edges."""

    def __init__(self, game: Any, to_start: bool) -> None:
        board, course = game.board, game.course
        k = len(course.marks)
        self.index: dict[Any, int] = {GOAL: 0}
        heads: list[int] = [0]
        free = [(x, y) for x in range(board.width) for y in range(board.height) if board.is_free(x, y)]
        legs = range(1) if to_start else range(k + 2)
        for (x, y) in free:
            for h in range(8):
                for leg in legs:
                    for c in (range(C_MIN, 1) if 1 <= leg <= k else (-1, 0)):
                        self.index[(x, y, h, leg, c)] = len(heads)
                        heads.append(h)
        src, dst, kind, h_from, h_to = [], [], [], [], []
        for u, i in self.index.items():
            if u == GOAL:
                continue
            x, y, h, leg, c = u
            p1 = compass.step(x, y, h)
            if board.is_free(*p1):
                nxt = _after_move(course, leg, c, (x, y), p1)
                if to_start and nxt != GOAL and nxt[0] != 0:
                    nxt = GOAL
                v = GOAL if nxt == GOAL else (p1[0], p1[1], h, nxt[0], nxt[1])
                src.append(i); dst.append(self.index[v]); kind.append(0); h_from.append(h); h_to.append(h)
            for n in (-2, -1, 1, 2):
                h2 = compass.turn(h, n)
                src.append(i); dst.append(self.index[(x, y, h2, leg, c)]); kind.append(1)
                h_from.append(h); h_to.append(h2)
        self.n = len(heads)
        self.heads = np.array(heads)
        self.cells = [(-1, -1) if k == GOAL else (k[0], k[1]) for k in self.index]
        self.src, self.dst = np.array(src), np.array(dst)
        self.kind, self.h_from, self.h_to = np.array(kind), np.array(h_from), np.array(h_to)


class _Table:
    """Turns to go by state, read like a dict."""

    def __init__(self, graph: _Graph, dist) -> None:
        self.graph, self.dist = graph, dist

    def get(self, key: Any, default: float = INF) -> float:
        i = self.graph.index.get(key)
        if i is None:
            return default
        d = float(self.dist[i])
        return d if np.isfinite(d) else default


_GRAPHS: dict[tuple, _Graph] = {}


def table(game: Any, wind: int, to_start: bool = False) -> _Table:
    """Turns to go from every (x, y, heading, leg, count) under wind ``wind`` to the
    finish (``to_start``: to the start crossing, leg 0 only)."""
    key = (waters(game), wind, to_start)
    hit = _TABLES.get(key)
    if hit is not None:
        return hit
    g = _graph(game, to_start)
    off = np.array([compass.off_wind(h, wind) for h in range(8)])
    move_cost = np.array([np.inf if MOVE_COST[o] is None else MOVE_COST[o] for o in range(5)])
    turn_cost = np.array([TURN_COST[o] for o in range(5)])
    of, ot = off[g.h_from], off[g.h_to]
    cost = np.where(g.kind == 0, move_cost[of], turn_cost[of])
    ok = np.isfinite(cost) & ((g.kind == 0) | (ot != 0))
    # the graph reversed: from the goal back to every state
    m = csr_matrix((cost[ok], (g.dst[ok], g.src[ok])), shape=(g.n, g.n))
    dist = dijkstra(m, directed=True, indices=0)
    t = _Table(g, dist)
    return remember(_TABLES, key, t, 64)


# --- whole turns to go (the start here; the hard skipper everywhere) -----------------

def _steps(g: Any) -> tuple[np.ndarray, np.ndarray]:
    """One action's successors in the navigator's graph: MOVE[i] and TURN[i, k] for
    turns -2, -1, +1, +2 (-1: no such move)."""
    hit = getattr(g, "_hard_steps", None)
    if hit is not None:
        return hit
    move = np.full(g.n, -1, dtype=np.int64)
    turn = np.full((g.n, 4), -1, dtype=np.int64)
    km = g.kind == 0
    move[g.src[km]] = g.dst[km]
    kt = g.kind == 1
    col = np.array([-1, 2, 3, -1, -1, -1, 0, 1])[(g.h_to[kt] - g.h_from[kt]) % 8]
    turn[g.src[kt], col] = g.dst[kt]
    move[0] = 0
    turn[0, :] = 0
    g._hard_steps = (move, turn)
    return g._hard_steps


def _graph(game: Any, to_start: bool) -> Any:
    """The navigator's graph of ``game``'s waters (cached by content: the races on one
    board share it; built again when the cache has let it go, even while a table built
    on it is still cached)."""
    gk = (waters(game), to_start)
    g = kept(_GRAPHS, gk, lambda: _Graph(game, to_start), 8)
    return g


BIG = 60.0                  # turns to go where the table finds no way (walled in)
_TURNS: dict[tuple, "TurnTable"] = {}
_CALM: dict[tuple, whole_turns.Calm] = {}   # (waters, better spinnaker, wind, to start) -> edges


class TurnTable:
    """Whole turns to go from every (square, heading, leg, count), without the spinnaker
    (``plain``) and with it up (``spin``)."""

    def __init__(self, g: Any, dist: np.ndarray) -> None:
        self.g = g
        d = np.where(np.isfinite(dist), dist, BIG)
        self.plain, self.spin = d[:g.n], d[g.n:]

    def get(self, key: Any, spinnaker: bool = False) -> float:
        i = self.g.index.get(key)
        if i is None:
            return BIG
        return float(self.spin[i] if spinnaker else self.plain[i])


def _square_mask(g: Any, squares) -> np.ndarray:
    """Which of the graph's states stand on one of ``squares`` (both layers)."""
    codes = getattr(g, "_cell_codes", None)
    if codes is None:        # each state's square as one integer (the goal's, (-1, -1), matches none)
        codes = g._cell_codes = np.array([(x + 1) * _CODE + (y + 1) for x, y in g.cells], dtype=np.int64)
    on = np.isin(codes, np.array([(x + 1) * _CODE + (y + 1) for x, y in squares], dtype=np.int64))
    return np.concatenate([on, on])


_CODE = 1 << 20          # wider than any board


def turn_table(game: Any, wind: int, to_start: bool = False, weather: tuple | None = None) -> TurnTable:
    """Whole turns to go under wind ``wind``; with ``weather`` (puffs, lulls) a move onto
    a lull ends the turn and costs the next one (blocked), and a move onto a puff may be
    followed by another straight move, as the rules have it (the edges:
    :mod:`dinghy.skippers.race_the_wind.whole_turns`, the weather's worked out from the
    calm's)."""
    key = (waters(game), game.better_spinnaker, wind, to_start, weather)
    hit = _TURNS.get(key)
    if hit is not None:
        return hit
    g = _graph(game, to_start)
    n = g.n
    calm_key = (waters(game), game.better_spinnaker, wind, to_start)
    calm = _CALM.get(calm_key)
    if calm is None or calm.st.n != n:
        calm = remember(_CALM, calm_key, whole_turns.Calm(whole_turns.Steps(g, *_steps(g), wind),
                                                          game.better_spinnaker), 16)
    if weather is None:
        pair, w = calm.pair, calm.w
    else:
        pair, w = calm.weathered(_square_mask(g, weather[0]), _square_mask(g, weather[1]))
    m = csr_matrix((w, (pair // (2 * n), pair % (2 * n))), shape=(2 * n, 2 * n))
    dist = dijkstra(m, directed=True, indices=0)
    t = TurnTable(g, dist)
    return remember(_TURNS, key, t, 48)


def _key(game: Any, b) -> tuple:
    course = game.course
    k = len(course.marks)
    if not b.started:
        return (b.x, b.y, b.heading, 0, -1 if b.start_side == course.course_side else 0)
    if b.leg < k:
        c = b.count * rounding.sense(course.marks[b.leg].side)
        return (b.x, b.y, b.heading, b.leg + 1, max(min(c, 0), C_MIN))
    return (b.x, b.y, b.heading, k + 1, -1 if b.finish_side == course.finish_side else 0)


def togo(game: Any, s: State, seat: int, dist: dict | None = None) -> float:
    b = s.boats[seat]
    if b.finished:
        return 0.0
    if dist is None:
        dist = table(game, s.wind)
    return dist.get(_key(game, b), INF)


def _value(game: Any, s: State, seat: int, dist: dict) -> float:
    b = s.boats[seat]
    v = togo(game, s, seat, dist)
    if b.blocked:
        v += 1.0            # a lost turn
    return v


def _try(game: Any, s: State, a: A.Act):
    try:
        return game.apply(s, a)
    except Exception:          # an action the engine refuses on a copy is simply not taken
        return None


def choose(race: Any, rng: random.Random) -> A.Act:
    game, s = race.game, race.state
    legal = race.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if A.UNBLOCK in legal:
        return A.UNBLOCK
    seat = s.queue[0]
    b = s.boats[seat]
    dist = table(game, s.wind)
    # penalty turns: after the gun, as soon as they may start
    if b.spin is not None:
        for n in (2, 1):
            if A.turn(n if b.spin >= 0 else -n) in legal:
                return A.turn(n if b.spin >= 0 else -n)
        return A.END
    if b.penalties and s.turn >= 8:
        if A.PENALTY in legal:
            return A.PENALTY
        if A.DROP_SPINNAKER in legal:
            return A.DROP_SPINNAKER
    if not b.started and not (b.penalties and s.turn >= 8):
        return _start_turn(game, s, seat, legal, dist)
    return _race(game, s, seat, legal, rng, dist)


#: before the gun, a boat that cannot move off its square next turn risks the penalty for
#: staying (a corner, the edge, a mark ahead): what that costs in turns
STUCK_COST = 1.0
#: before the gun, a turn of slack (the line reachable before turn 8) costs a little more
#: than a turn, so the boat keeps its distance rather than crowd the line; and being over
#: the line early (which does not count: the boat must come back) costs turns
SLACK = 1.1
OVER_EARLY = 2.0


def mobile(game, s: State, b) -> bool:
    """Whether boat ``b`` could move off its square in its next turn (the wind as now,
    other boats ignored): a move straight on, or one after a turn where the turn's shape
    allows a move after a turn (a beam or broad reach)."""
    point = compass.off_wind(b.heading, s.wind)
    free = game.board.is_free
    if point and free(*compass.step(b.x, b.y, b.heading)):
        return True
    if point in (compass.BEAM_REACH, compass.BROAD_REACH):
        for n in (-2, -1, 1, 2):
            h = compass.turn(b.heading, n)
            if compass.off_wind(h, s.wind) and free(*compass.step(b.x, b.y, h)):
                return True
    return False


def _start_cost(game, s: State, seat: int, turns, dist) -> float:
    """Turns until the boat is over the line, as its turn ends here: the whole turns to
    the crossing (``turns``: the exact table), no earlier than turn 8, and the start
    penalties the end of this turn would bring (a line square at turns 6-7, a third
    turn on one square), each a full rotation."""
    b = s.boats[seat]
    if b.started:
        return -1.0 + 0.001 * togo(game, s, seat, dist)
    d = turns.get(_key(game, b))
    cost = d + SLACK * max(0, A.START_TURN - (s.turn + d))
    if s.turn < A.START_TURN:
        if b.start_side == game.course.course_side:
            cost += OVER_EARLY
        if s.turn + 1 < A.START_TURN and not mobile(game, s, b):
            cost += STUCK_COST
        if s.turn in A.EARLY_TURNS and A.on_start_line(game.course, b.pos):
            cost += 3.0
        if s.began and s.began[seat] == b.pos:
            cost += 3.0 if b.still + 1 >= A.STAYS else 0.3 * (b.still + 1)
    if b.blocked:
        cost += 1.0
    return cost + 0.001 * togo(game, s, seat, dist)


def _start_turn(game, s: State, seat: int, legal, dist) -> A.Act:
    """Until the boat has started: the best whole turn to the start line. Every sequence
    of moves and turns this turn allows is tried on a copy of the state and scored by
    :func:`_start_cost` where the turn leaves the boat (the exact turns-to-go table, so
    a second turn on a broad reach or a run costs the whole turn it takes)."""
    turns = turn_table(game, s.wind, to_start=True)
    budget = [300]

    def value(st: State) -> float:
        if st.phase is not Phase.PLAY or not st.queue or st.queue[0] != seat or budget[0] <= 0:
            return _start_cost(game, st, seat, turns, dist)
        budget[0] -= 1
        best = _start_cost(game, st, seat, turns, dist)      # ending the turn here
        for a in game.legal_actions(st):
            if a.verb in ("move", "turn"):
                r = _try(game, st, a)
                if r is not None:
                    best = min(best, value(r[0]))
        return best

    scored = []
    for a in legal:
        if a.verb in ("move", "turn"):
            r = _try(game, s, a)
            if r is not None:
                scored.append((value(r[0]), a.text(), a))
    end = _start_cost(game, s, seat, turns, dist)
    if A.END in legal:
        scored.append((end, A.END.text(), A.END))
    if not scored:
        return A.WAIT if A.WAIT in legal else legal[0]
    best = min(scored)
    if best[2] == A.END and A.WAIT in legal and "must wait" in (game.why_not(s, A.MOVE) or ""):
        return A.WAIT
    return best[2]


def _race(game, s, seat, legal, rng, dist) -> A.Act:
    b = s.boats[seat]
    v0 = _value(game, s, seat, dist)
    best, best_v = None, INF
    for a in legal:
        if a.verb not in ("move", "turn"):
            continue
        r = _try(game, s, a)
        if r is None:
            continue
        s2 = r[0]
        v = _value(game, s2, seat, dist)
        if a.verb == "move":
            v -= 0.01                       # progress first when equal
            if s2.progress is not None and s2.progress.seat == seat and s2.progress.puff:
                v -= 0.2
        if v < best_v:
            best, best_v = a, v
    # the spinnaker: wanted on a long run or broad reach when going straight on is right
    point = compass.off_wind(b.heading, s.wind)
    if A.SET_SPINNAKER in legal and point >= 3 and best == A.MOVE and v0 > 4 \
            and not s.progress.done:
        return A.SET_SPINNAKER
    if b.spinnaker and A.DROP_SPINNAKER in legal:
        for n in (-2, -1, 1, 2):
            h2 = compass.turn(b.heading, n)
            if compass.off_wind(h2, s.wind) in (1, 2):
                if dist.get((b.x, b.y, h2) + _key(game, b)[3:], INF) < min(best_v, v0) - 0.4:
                    return A.DROP_SPINNAKER
    if best is not None and best_v < v0 - 1e-9:
        return best
    why = game.why_not(s, A.MOVE) or ""
    protests = [a for a in legal if a.verb == "protest" and not s.boats[a.n].penalties]
    if protests:
        return protests[0]
    if A.WAIT in legal and "must wait" in why:
        return A.WAIT
    if "on the square ahead" in why and best is not None and best_v < v0 + 1.0 and rng.random() < 0.5:
        return best                 # a boat in the way: a small detour rather than waiting
    if rng.random() < 0.25:
        moves = [a for a in legal if a.verb in ("move", "turn")]
        if moves:
            return rng.choice(moves)
    if A.WAIT in legal and "precedence" in why and rng.random() < 0.5:
        return A.WAIT
    return A.END
