"""The hard Yacht Race skipper: the whole course valued in turns, with the wind it could
buy and the spinnaker it could set, and the next chance weighed with its exact odds.

**Turns to go.** For every square, wind and spinnaker (up or not) a table holds the
turns still to sail to the finish: one turn a move, each wind change card spent on the
way at :data:`CARD` turns, a spinnaker card set at :data:`HOIST` turns ("With each card
thus spent the player may change the direction from which the wind is blowing by 45
degrees ... only ... in a CLOCKWISE manner"; "In carrying a spinnaker a player MUST
MOVE FIVE BLOCKS ... on a BROAD REACH or when RUNNING"). The course is a chain of goals:
the starting block crossed the right way, then for each mark the half-lines from it,
about every 45° round its rounding side, crossed in turn the right way round (what the
engine's winding of the track counts as "passing all marks to PORT"), then the finish
block. The tables are chained backwards from the finish, so where a goal is reached
counts for the legs after it; they are solved with numpy by value iteration over the
moves the chart allows (yachts ignored: they move), per chart, each goal when first
asked. A yacht without wind change cards (or spinnaker cards) has its own set.

**The turn.** It tries every number of wind change cards (0 to 7) and every legal
course under the resulting wind on the engine (``apply`` on copies), and scores where
each leaves it: the table's turns to go, the cards spent, and -- over a Sailors' Luck
block -- every card left in the pack, weighed by ``chance_outcomes`` (exact Fractions):
another move at once is played out, a lost turn costs a turn, a shifted wind is read
off the tables, cards gained count at their price, "Fog settles" counts for each rival
it moves (and, drawn, it sails each rival on its worst course). A landing directly
upwind of the next rival to move, under the wind it leaves, counts in its favour: that
rival is blanketed and forfeits its turn ("IF THAT OTHER BOAT IS DIRECTLY UP WIND OF
HIS ... FORFEIT THAT TURN"; nobody can change the wind in between). Everything in
Yacht Race is on the table but the order of the Sailors' Luck pack, which it never
reads: it weighs the cards still in it, as the game's chance odds give them.
"""
from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from dinghy.games.grid.compass import off_wind
from dinghy.games.yacht_race import ask
from dinghy.games.yacht_race.ask import (POINTS, SPINNAKER_BLOCKS, Chart, Forfeit, Phase, Sail, State, WindCard,
                                         Yacht, crosses, path)
from dinghy.core.caches import remember
from dinghy.skippers.yacht_race import pilot

NAME = "hard"
CARD = 1.0              # turns a wind change card is worth in the tables
HOIST = 0.7             # turns a spinnaker card is worth
BLANKET = 0.5          # a rival's lost turn, counted as our gain (one rival of several)
FOG = 0.5              # each rival moved to its worst course by our fog
SLOPE = 2.0            # a card spent now costs CARD + SLOPE / (cards left + 1) turns
BIG = 1_000.0           # no way to the goal from here (a square walled in)
_TABLES: dict[int, tuple[Chart, Any]] = {}


# --- the tables --------------------------------------------------------------------------

def rays(chart: Chart, leg: int) -> tuple[tuple[float, float], ...]:
    """Directions (unit vectors from mark ``leg``) of the half-lines a yacht rounding it
    crosses in turn, about every 45° round its rounding side: the sweep the engine's
    winding asks for (from the way to the previous mark, round the mark's side, to the
    way to the next one, one whole turn more than the straight way turns)."""
    m = chart.course[leg]
    prev, nxt = chart.previous(leg), chart.target(leg + 1)
    u = pilot._bearing(m.square, prev)
    v = pilot._bearing(m.square, nxt)
    sign = 1 if m.side == "port" else -1
    d = math.atan2(math.sin(v - u), math.cos(v - u))
    span = 2 * math.pi + sign * d
    k = max(1, math.ceil(span / (math.pi / 4)) - 1)
    return tuple((math.cos(u + sign * span * j / (k + 1)), math.sin(u + sign * span * j / (k + 1)))
                 for j in range(1, k + 1))


def crosses_ray(mark, ray, sign: int, a, b) -> bool:
    """The straight line from landing ``a`` to landing ``b`` (an edge of the engine's
    loop) crosses the half-line from ``mark`` along ``ray`` turning ``sign`` round it
    (+1 anticlockwise: a mark passed to port)."""
    ax, ay = a[0] - mark[0], a[1] - mark[1]
    bx, by = b[0] - mark[0], b[1] - mark[1]
    sa = sign * (ray[0] * ay - ray[1] * ax)
    sb = sign * (ray[0] * by - ray[1] * bx)
    if not (sa < 0 <= sb):
        return False
    t = sa / (sa - sb)
    return ray[0] * (ax + t * (bx - ax)) + ray[1] * (ay + t * (by - ay)) > 0


def _goals(chart: Chart) -> list[tuple]:
    """The chain of goals, in sailing order: ("gate", "start"), ("ray", leg, j) for each
    half-line round each mark, ("gate", "finish")."""
    out: list[tuple] = [("gate", "start")]
    for leg in range(len(chart.course)):
        out += [("ray", leg, j) for j in range(len(rays(chart, leg)))]
    return out + [("gate", "finish")]


def _moves(chart: Chart) -> dict[tuple[int, int], tuple]:
    """Every move of ``n`` blocks on heading ``h`` the chart allows (yachts ignored):
    (heading, n) -> (from squares, to squares, crosses the start, crosses the finish)."""
    w = chart.width
    open_ = [i for i in range(w * chart.height) if chart.fixed_obstacle((i % w, i // w)) is None]
    out: dict[tuple[int, int], tuple] = {}
    reach = pilot.move_reach(chart)          # a move is open if n is at most its reach
    for hd in range(8):
        for n in (1, 2, 3, SPINNAKER_BLOCKS):
            frm, to, cs, cf = [], [], [], []
            for i in open_:
                x, y = i % w, i // w
                if n > reach[(x, y, hd)]:
                    continue
                p = path(x, y, hd, n)
                frm.append(i)
                to.append(p[-1][1] * w + p[-1][0])
                cs.append(crosses(chart.start, (x, y), p, hd))
                cf.append(crosses(chart.finish, (x, y), p, hd))
            out[(hd, n)] = (np.array(frm, dtype=np.int64), np.array(to, dtype=np.int64),
                            np.array(cs, dtype=bool), np.array(cf, dtype=bool))
    return out


class Tables:
    """Turns to go from each goal of the chain: ``value[g][wind, up, square]``."""

    def __init__(self, chart: Chart, card: float | None = None, hoist: float | None = None,
                 moves: dict | None = None) -> None:
        self.chart = chart
        self.card = CARD if card is None else card
        self.hoist = HOIST if hoist is None else hoist
        self.size = chart.width * chart.height
        self.goals = _goals(chart)
        self.rays = [rays(chart, leg) for leg in range(len(chart.course))]
        self.offsets = [1]
        for leg in range(len(chart.course)):
            self.offsets.append(self.offsets[-1] + len(self.rays[leg]))
        self.moves = moves if moves is not None else _moves(chart)
        self.value: list[np.ndarray | None] = [None] * len(self.goals)

    def get(self, g: int) -> np.ndarray:
        """The table of goal ``g``, solved when first asked (with the goals after it: a
        yacht far along the course never waits for the tables of the legs behind it)."""
        if self.value[g] is None:
            self.value[g] = self._solve(g)
        return self.value[g]

    def _advance(self, leg: int, j: int, a, b) -> int:
        """Half-lines of mark ``leg`` crossed in turn from the ``j``-th by the edge a -> b."""
        m = self.chart.course[leg]
        sign = 1 if m.side == "port" else -1
        rs = self.rays[leg]
        while j < len(rs) and crosses_ray(m.square, rs[j], sign, a, b):
            j += 1
        return j

    def _landing_goal(self, g: int, frm: np.ndarray, to: np.ndarray) -> np.ndarray:
        """For goal ``g``, a half-line: the goal each move lands in (g: not crossed)."""
        _, leg, j = self.goals[g]
        w = self.chart.width
        m = self.chart.course[leg]
        sign = 1 if m.side == "port" else -1
        ax, ay = frm % w - m.x, frm // w - m.y
        bx, by = to % w - m.x, to // w - m.y
        k = np.full(len(frm), j)
        going = np.ones(len(frm), dtype=bool)
        for jj in range(j, len(self.rays[leg])):
            rx, ry = self.rays[leg][jj]
            sa = sign * (rx * ay - ry * ax)
            sb = sign * (rx * by - ry * bx)
            with np.errstate(divide="ignore", invalid="ignore"):
                t = np.where(sa < 0, sa / (sa - sb), 0.0)
            ahead = rx * (ax + t * (bx - ax)) + ry * (ay + t * (by - ay)) > 0
            going &= (sa < 0) & (sb >= 0) & ahead
            k += going
        return np.where(k > j, self.offsets[leg] + k, g)

    def _solve(self, g: int) -> np.ndarray:
        """Value iteration: V[w, up, s] = min over k cards of k * card + M[w + k, up, s],
        M[w, up, s] = 1 + min over the courses under w of V at the landing (or the next
        goal's value there when the move reaches the goal)."""
        goal = self.goals[g]
        S = self.size
        V = np.full((8, 2, S), BIG)
        # every move under every wind it is sailed in: where its value is read (V at the
        # landing), where it counts (the start square), whether it reaches the goal and
        # its value then (fixed: a later goal's table, or 0 over the finish)
        src, dst, hits, bases = [], [], [], []
        for (hd, n), (frm, to, cs, cf) in self.moves.items():
            if not len(frm):
                continue
            for spin in (False, True):
                winds = np.array([wd for wd in range(8) if (off_wind(hd, wd) >= 3 if spin else
                                  off_wind(hd, wd) and POINTS[off_wind(hd, wd)][1] == n)
                                  and (n == SPINNAKER_BLOCKS) == spin], dtype=np.int64)
                if not len(winds):
                    continue
                if goal == ("gate", "finish"):
                    hit, base = cf, np.zeros((len(winds), len(frm)))
                elif goal == ("gate", "start"):
                    hit, base = cs, self.get(1)[winds, int(spin)][:, to]
                else:
                    lg = self._landing_goal(g, frm, to)
                    hit = lg != g
                    base = np.full((len(winds), len(frm)), BIG)
                    for nxt in np.unique(lg[hit]).tolist():
                        sel = lg == nxt
                        base[:, sel] = self.get(nxt)[winds, int(spin)][:, to[sel]]
                nw, nm = len(winds), len(frm)
                src.append(((winds[:, None] * 2 + int(spin)) * S + to[None, :]).ravel())
                dst.append(((int(spin) * 8 + winds[:, None]) * S + frm[None, :]).ravel())
                hits.append(np.broadcast_to(hit[None, :], (nw, nm)).ravel())
                bases.append(np.broadcast_to(base, (nw, nm)).ravel())
        # one gather and one grouped minimum a sweep: the moves sorted by where they start
        order = np.argsort(np.concatenate(dst), kind="stable")
        src_ = np.concatenate(src)[order]
        dst_ = np.concatenate(dst)[order]
        hit_ = np.concatenate(hits)[order]
        base_ = np.concatenate(bases)[order][hit_]
        starts = np.flatnonzero(np.r_[True, dst_[1:] != dst_[:-1]])
        heads = dst_[starts]
        for _ in range(400):
            land = V.ravel()[src_]
            land[hit_] = base_
            best = np.full(2 * 8 * S, BIG)      # [spinnaker carried, wind, square]
            best[heads] = np.minimum.reduceat(land, starts)
            best = best.reshape(2, 8, S)
            M = np.empty((8, 2, S))
            M[:, 0] = np.minimum(best[0], best[1] + self.hoist) + 1.0
            M[:, 1] = np.minimum(best[0], best[1]) + 1.0
            # cards bought before the move: min over k of k * card + M[w + k], round the
            # compass twice (no turn buys more than seven)
            if self.card < BIG:
                for _ in range(2):
                    for w in range(7, -1, -1):
                        np.minimum(M[w], M[(w + 1) % 8] + self.card, out=M[w])
            new = np.minimum(M, BIG)
            if np.array_equal(new, V):
                break
            V = new
        return V

    def index(self, y: Yacht) -> int:
        """Where ``y`` is in the chain of goals, read off its track as the engine keeps it
        (the landings since the leg began)."""
        chart = self.chart
        if not y.started:
            return 0
        if y.leg >= len(chart.course):
            return len(self.goals) - 1
        j = 0
        for a, b in zip(y.track, y.track[1:]):
            j = self._advance(y.leg, j, a, b)
        # every half-line crossed and the engine still counts no rounding: sail on
        return min(self.offsets[y.leg] + j, self.offsets[y.leg + 1] if y.leg + 1 < len(chart.course)
                   else len(self.goals) - 1)

    def to_go(self, y: Yacht, wind: int) -> float:
        """Turns still to sail for ``y`` with the wind from ``wind`` (0: finished)."""
        if y.finished:
            return 0.0
        if y.pos is None:
            return BIG
        x, yy = y.pos
        return float(self.get(self.index(y))[wind, int(y.spinnaker_up), yy * self.chart.width + x])


class Course:
    """The tables of one chart, a set for each of what a yacht still holds: wind change
    cards or none (then no wind is bought on the way), spinnaker cards or none (then
    none is set, though one that is up may stay up). Each set is built when first asked."""

    def __init__(self, chart: Chart) -> None:
        self.chart = chart
        self.moves = _moves(chart)
        self.sets: dict[tuple, Tables] = {}

    def table(self, cards: bool = True, spinnakers: bool = True) -> Tables:
        """The set for a yacht with wind change cards (at :data:`CARD` a card) or none,
        spinnaker cards or none."""
        price = CARD if cards else BIG
        key = (price, spinnakers)
        if key not in self.sets:
            self.sets[key] = Tables(self.chart, price, HOIST if spinnakers else BIG, self.moves)
        return self.sets[key]

    def for_yacht(self, y: Yacht) -> Tables:
        return self.table(y.wind_cards > 0, y.spinnakers > 0)

    def to_go(self, y: Yacht, wind: int) -> float:
        """Turns still to sail for ``y`` with the wind from ``wind`` (0: finished)."""
        if y.finished:
            return 0.0
        return self.for_yacht(y).to_go(y, wind)

    def index(self, y: Yacht) -> int:
        return self.table().index(y)

    @property
    def offsets(self) -> list[int]:
        return self.table().offsets

    @property
    def goals(self) -> list[tuple]:
        return self.table().goals


def tables(chart: Chart) -> Course:
    hit = _TABLES.get(id(chart))
    if hit is not None and hit[0] is chart:
        return hit[1]
    store = pilot._cache(chart)           # equal charts share one set of tables
    t = store.get("hard-course")
    if t is None:
        t = store["hard-course"] = Course(chart)
    remember(_TABLES, id(chart), (chart, t), 256)
    return t


# --- the turn ------------------------------------------------------------------------------

def card_cost(y: Yacht) -> float:
    """A card spent now: dearer as they run out."""
    return CARD + SLOPE / (y.wind_cards + 1)


def worth(game: Any, t: Course, state: State, seat: int) -> float:
    """Turns to go for ``seat`` in a state where the turn has passed on."""
    y = state.yachts[seat]
    return t.to_go(y, state.wind)


def options(game: Any, state: State, seat: int) -> list[tuple[float, int, Any]]:
    """(value, cards, sail) for every number of cards and every legal course."""
    t = tables(game.chart)
    y = state.yachts[seat]
    out = []
    can_change = ask.wind_card_problem(state) is None
    spare = min(y.wind_cards, ask.MAX_A_TURN - state.cards_this_turn) if can_change else 0
    s = state
    for k in range(spare + 1):
        if k:
            s, _ = game.apply(s, WindCard())
        sails = [a for a in game.legal_actions(s) if isinstance(a, Sail)]
        paid = 1.0 + k * card_cost(y)
        for a in sails:
            out.append((paid + _after_sail(game, t, s, seat, a), k, a))
        if not sails:
            out.append((paid + t.to_go(y, s.wind), k, None))
    return out


def _after_sail(game: Any, t: Course, state: State, seat: int, a: Sail, depth: int = 1) -> float:
    """Turns to go after sailing ``a``: a Sailors' Luck draw weighed card by card with the
    pack's exact odds, a rival blanketed by the move counted in our favour."""
    nxt, events = game.apply(state, a)
    if nxt.phase is not Phase.DRAW:
        return worth(game, t, nxt, seat) - BLANKET * _blanketed(events, seat)
    me = nxt.yachts[seat]
    total = 0.0
    for draw, p in game.chance_outcomes(nxt):
        s, events = game.apply(nxt, draw)
        y = s.yachts[seat]
        v = -CARD * (y.wind_cards - me.wind_cards) - HOIST * (y.spinnakers - me.spinnakers)
        if s.phase is Phase.EXTRA and s.turn == seat:
            sails = [b for b in game.legal_actions(s) if isinstance(b, Sail)]
            if depth > 0 and sails:
                v += min(_after_sail(game, t, s, seat, b, depth - 1) for b in sails)
            else:
                v += worth(game, t, s, seat)
        elif s.phase is Phase.FOG:
            v += worth(game, t, s, seat) - FOG * len(s.fog)
        else:
            v += worth(game, t, s, seat) + (1.0 if y.lose_turn else 0.0)
            v -= BLANKET * _blanketed(events, seat)
        total += float(p) * v
    return total


def _blanketed(events, seat: int) -> int:
    """Rivals that lose the coming turn to our wind shadow."""
    return sum(1 for e in events if e.kind == "blanketed" and e.boat != seat)


def choose(race: Any, rng: random.Random):
    game, state = race.game, race.state
    if state.phase is Phase.FOG:
        return _fog_move(game, state, rng)
    seat = state.turn
    opts = options(game, state, seat)
    value, k, a = min(opts, key=lambda o: (o[0], o[1], rng.random()))
    if k > 0:
        return WindCard()
    if a is None:
        return Forfeit()
    return a


def _fog_move(game: Any, state: State, rng: random.Random):
    """Move a rival where it has the most turns still to sail."""
    t = tables(game.chart)
    seat = state.fog[0]
    acts = [a for a in game.legal_actions(state) if isinstance(a, Sail)]
    def left(a: Sail) -> float:
        nxt, _ = game.apply(state, a)
        return t.to_go(nxt.yachts[seat], state.wind)
    return max(acts, key=lambda a: (left(a), rng.random()))


class Hard:
    NAME = NAME

    @staticmethod
    def choose(race: Any, rng: random.Random):
        return choose(race, rng)


HARD = Hard()
