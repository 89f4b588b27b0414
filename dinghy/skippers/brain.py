"""What every skipper knows about sailing, vectorised with numpy.

A :class:`Chart` is built once per game (cached) and answers, for many boat positions at
once, "how many turns are still to sail from here to the finish?" (:meth:`Chart.value`)
and "where can one card take a boat from here?" (:meth:`Chart.expand`). Skippers search
a card or two ahead with these and check only their final candidates against the
engine (``dinghy.games.dinghy_race.rules``), which stays the judge of legality.

Units are turns. Speeds come from the card set: a close-hauled trapeze card carries the
bow its depth plus a hull length (60 mm with small cards), a reach card 84 mm. The time
to sail a vector ``d`` is that of the best mix of a close-hauled course and a reach
(the convex hull of the polar): a target less than 45° off the wind costs its upwind
distance over the close-hauled VMG, whatever the split between the tacks.

Marks are rounded along a circle of clearance round the mark, in the prescribed sense,
counted exactly as ``dinghy.games.dinghy_race.course`` counts: the first ray, then the second; a boat
that wound the wrong way has whole laps to make up, so it never pays to unwind. Gates
are crossed in the course direction between the marks; a boat on the far side goes
round an end. Land is sailed round: a field of the extra time a detour costs is built
per target from a visibility graph round the (inflated) land.
"""
from __future__ import annotations

import math
import weakref
from dataclasses import dataclass, field

import numpy as np
import shapely

from dinghy.games.dinghy_race.cards import Kind
from dinghy.games.dinghy_race.rounding import GatePassage
from dinghy.core.wind import Tack

PRESTART_ROUNDS = 5
CH, REACH, RUN = 1, 2, 4
KIND_CODE = {Kind.NORMAL: 0, Kind.TACK: 1, Kind.JIBE: 2, Kind.SPI_UP: 3, Kind.SPI_DOWN: 4, Kind.DELAY: 5}
NORMAL, TACK, JIBE, SPI_UP, SPI_DOWN, DELAY = range(6)
FINISHED = -1000.0        # value of a boat that has finished (turns; anything this low wins)
BIG = 50.0                # a move the engine would punish (touching the line early, ...)


def tack_sign(t: Tack) -> int:
    return 1 if t is Tack.STARBOARD else -1


def sign_tack(s: int) -> Tack:
    return Tack.STARBOARD if s > 0 else Tack.PORT


def off_wind_deg(h: np.ndarray, wind: int) -> np.ndarray:
    d = (np.asarray(h) - wind) % 360
    return np.where(d > 180, 360 - d, d)


def aspect_bits(off: np.ndarray) -> np.ndarray:
    off = np.asarray(off)
    return (((off >= 45) & (off <= 90)) * CH | ((off >= 90) & (off <= 135)) * REACH
            | (off >= 135) * RUN).astype(np.int64)


def seg_intersects(px, py, qx, qy, ax, ay, bx, by) -> np.ndarray:
    """Whether segments p-q (arrays) meet the segment a-b (scalars); touching counts."""
    def orient(x1, y1, x2, y2, x3, y3):
        return (x2 - x1) * (y3 - y1) - (y2 - y1) * (x3 - x1)
    o1 = orient(px, py, qx, qy, ax, ay)
    o2 = orient(px, py, qx, qy, bx, by)
    o3 = orient(ax, ay, bx, by, px, py)
    o4 = orient(ax, ay, bx, by, qx, qy)
    return (o1 * o2 <= 0) & (o3 * o4 <= 0) & ~((o1 == 0) & (o2 == 0) & (o3 == 0))


def cheapest_point(chart: "Chart", px: np.ndarray, py: np.ndarray, x: np.ndarray, y: np.ndarray,
                   extra: np.ndarray | None = None):
    """For each (x, y), the cheapest of the points (px, py) to sail to (plus ``extra`` per
    point): (turns, point x, point y); of equal ones the first wins, and where none is
    finite the point is (x, y) itself. All points at once, one (n, points) array."""
    c = chart.time(px[None, :] - x[:, None], py[None, :] - y[:, None])
    if extra is not None:
        c = c + extra[None, :]
    k = np.argmin(c, axis=1)
    best = c[np.arange(len(x)), k]
    found = best < np.inf
    return best, np.where(found, px[k], x), np.where(found, py[k], y)


def point_segment_distance(px, py, ax, ay, bx, by) -> np.ndarray:
    dx, dy = bx - ax, by - ay
    n2 = dx * dx + dy * dy
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / n2, 0.0, 1.0) if n2 > 0 else 0.0
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


# --- a batch of boat positions ----------------------------------------------------------

@dataclass
class Batch:
    """Boat states after a move (one entry per candidate), and how they came about."""

    x: np.ndarray
    y: np.ndarray
    h: np.ndarray            # heading, degrees (int)
    tack: np.ndarray         # +1 starboard, -1 port
    spi: np.ndarray          # bool
    legs: np.ndarray         # int
    stage: np.ndarray        # int (-99: not known yet)
    started: np.ndarray      # bool
    finished: np.ndarray     # bool
    card: np.ndarray         # card index that made the move (-1: none / delay)
    exit: np.ndarray         # exit index on that card (delay: pivot index)
    parent: np.ndarray       # index into the parent batch
    cost: np.ndarray         # turns already spent beyond the plies (hazards, penalties)
    px: np.ndarray = field(default=None)     # where the bow started (for crossings)
    py: np.ndarray = field(default=None)

    def __len__(self) -> int:
        return len(self.x)

    def take(self, idx) -> "Batch":
        return Batch(*(getattr(self, f)[idx] if getattr(self, f) is not None else None
                       for f in self.__dataclass_fields__))


def single(x, y, h, tack, spi, legs, stage, started, card=-1) -> Batch:
    a = np.array
    return Batch(a([float(x)]), a([float(y)]), a([int(h)]), a([int(tack)]), a([bool(spi)]),
                 a([int(legs)]), a([int(-99 if stage is None else stage)]), a([bool(started)]),
                 a([False]), a([int(card)]), a([0]), a([0]), a([0.0]), a([float(x)]), a([float(y)]))


def concat(batches: list[Batch]) -> Batch:
    return Batch(*(np.concatenate([getattr(b, f) for b in batches]) for f in Batch.__dataclass_fields__))


# --- the course as a cost-to-go ---------------------------------------------------------

class _MarkLeg:
    def __init__(self, chart: "Chart", psg, radius: float) -> None:
        self.cx, self.cy = psg.centre
        self.sigma = psg.sigma
        u0, u1 = psg.rays
        self.u0, self.u1 = u0, u1
        self.a0 = math.atan2(u0[1], u0[0])
        a1 = math.atan2(u1[1], u1[0])
        theta = math.degrees((self.sigma * (a1 - self.a0)) % (2 * math.pi))
        if theta > 359.999:
            theta = 0.0
        self.theta = theta
        self.rc = radius
        # the circle, unrolled over three laps: ray 0 at index 0, ray 1 at index i1
        n_in = max(1, math.ceil(theta / 15.0))
        n_out = max(1, math.ceil((360.0 - theta) / 15.0))
        lap = [theta * i / n_in for i in range(n_in)] + \
              [theta + (360.0 - theta) * i / n_out for i in range(n_out)]
        self.m = len(lap)
        self.i1 = n_in
        t = np.array([a + 360.0 * k for k in range(4) for a in lap] + [360.0 * 4])
        self.t = t
        ang = self.a0 + self.sigma * np.radians(t)
        self.cxs = self.cx + radius * np.cos(ang)
        self.cys = self.cy + radius * np.sin(ang)
        step = chart.time(np.diff(self.cxs), np.diff(self.cys))
        self.cum = np.concatenate([[0.0], np.cumsum(step)])
        self.R = 0.0
        self._ahead = np.arange(8)[None, :]
        self.exit_point = (float(self.cxs[self.i1]), float(self.cys[self.i1]))
        self.target = (self.cx, self.cy)

    def offset(self, x, y) -> np.ndarray:
        ang = np.arctan2(np.asarray(y) - self.cy, np.asarray(x) - self.cx)
        return np.degrees((self.sigma * (ang - self.a0)) % (2 * math.pi))

    def initial_stage(self, x, y) -> np.ndarray:
        off = self.offset(x, y)
        return ((off > 1e-9) & (off <= self.theta + 1e-9)).astype(np.int64)

    def cost(self, chart: "Chart", s: int, x: np.ndarray, y: np.ndarray):
        off = self.offset(x, y)
        need = 2 - s
        if s % 2 == 1:
            base = self.theta - off
            base = np.where(base < -1e-6, base + 360.0, np.maximum(base, 0.0))
            A = base + 360.0 * ((need - 1) // 2)
        else:
            base = (360.0 - off) % 360.0
            A = base + self.theta + 360.0 * max(0, (need - 2) // 2)
        end = off + A
        f = np.minimum(np.searchsorted(self.t, end - 1e-6), len(self.t) - 1)   # the final point
        first = np.searchsorted(self.t, off + 1e-6)                             # first point ahead
        i = np.minimum(first[:, None] + self._ahead, f[:, None])                # (n, k) candidates
        cxs, cys = self.cxs[i], self.cys[i]
        X, Y = x[:, None], y[:, None]
        c = chart.time(cxs - X, cys - Y) + (self.cum[f][:, None] - self.cum[i])
        # a straight hop may not cut inside the circle: no further round than the tangent
        r = np.hypot(x - self.cx, y - self.cy)
        tangent = np.degrees(np.arccos(np.minimum(self.rc / np.maximum(r, 1e-9), 1.0))) + 12.0
        c = c + 3.0 * ((self.t[i] - off[:, None]) > tangent[:, None])
        k = np.argmin(c, axis=1)
        rows = np.arange(len(x))
        return c[rows, k] + self.R, cxs[rows, k], cys[rows, k]


def _centre_to_segments(cx, cy, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    n2 = dx * dx + dy * dy
    t = np.clip(((cx - ax) * dx + (cy - ay) * dy) / np.maximum(n2, 1e-12), 0.0, 1.0)
    return np.hypot(cx - (ax + t * dx), cy - (ay + t * dy))


class _GateLeg:
    def __init__(self, chart: "Chart", psg: GatePassage, radius: float, margin: float) -> None:
        self.ax, self.ay = psg.a
        self.u = psg.u
        self.width = psg.width
        self.sigma = psg.sigma
        ux, uy = psg.u
        self.nx, self.ny = psg.sigma * -uy, psg.sigma * ux       # pointing to the "after" side
        self.bx, self.by = self.ax + ux * self.width, self.ay + uy * self.width
        lo = min(radius + margin, self.width / 2.0 - 1.0)
        ts = np.linspace(lo, self.width - lo, 7)
        self.xs = self.ax + ux * ts
        self.ys = self.ay + uy * ts
        self.Rj = np.zeros(len(ts))
        c = radius + margin
        self.ends = []
        for (ex, ey, sgn) in ((self.ax, self.ay, -1.0), (self.bx, self.by, 1.0)):
            ox, oy = ex + sgn * ux * c, ey + sgn * uy * c
            self.ends.append(((ox + self.nx * c, oy + self.ny * c), (ox - self.nx * c, oy - self.ny * c)))
        self.around = np.zeros(2)
        self.loop = 0.0
        mx, my = (self.ax + self.bx) / 2, (self.ay + self.by) / 2
        self.target = (mx, my)
        self.exit_point = (mx + self.nx * margin, my + self.ny * margin)

    def side(self, x, y):
        return (np.asarray(x) - self.ax) * self.nx + (np.asarray(y) - self.ay) * self.ny

    def finish_setup(self, chart: "Chart") -> None:
        """Costs that need the next leg (``Rj``) already known."""
        arounds = []
        for (aft, bef) in self.ends:
            c, _, _ = self.before_cost(chart, np.array([bef[0]]), np.array([bef[1]]))
            arounds.append(float(chart.time(bef[0] - aft[0], bef[1] - aft[1])) + float(c[0]))
        self.around = np.array(arounds)
        self.aft_x = np.array([aft[0] for aft, _ in self.ends], dtype=float)
        self.aft_y = np.array([aft[1] for aft, _ in self.ends], dtype=float)
        mx, my = self.target
        loops = []
        for (aft, bef) in self.ends:
            loops.append(float(chart.time(aft[0] - mx, aft[1] - my)) +
                         float(chart.time(bef[0] - aft[0], bef[1] - aft[1])) +
                         float(chart.time(mx - bef[0], my - bef[1])))
        self.loop = min(loops)

    def before_cost(self, chart, x, y):
        return cheapest_point(chart, self.xs, self.ys, np.asarray(x, dtype=float), np.asarray(y, dtype=float),
                              self.Rj)

    def cost(self, chart: "Chart", s: int, x: np.ndarray, y: np.ndarray):
        need = max(1, 1 - s)
        bc, btx, bty = self.before_cost(chart, x, y)
        best, tx, ty = cheapest_point(chart, self.aft_x, self.aft_y, x, y, self.around)
        after = self.side(x, y) >= 0
        out = np.where(after, best, bc) + (need - 1) * self.loop
        return out, np.where(after, tx, btx), np.where(after, ty, bty)


class Chart:
    """Per-game sailing model: speeds, card geometry, hazards and the course's costs."""

    def __init__(self, game) -> None:
        self.game = game
        cs = game.cards
        self.L, self.W, self.H = cs.card_length, cs.card_width, cs.hull_length
        self.wind = game.wind_from
        r = math.radians(self.wind)
        self.upx, self.upy = math.sin(r), math.cos(r)
        self.bonus = cs.spi_bonus_distance
        self.delay_key = cs.delay_key()
        # -- the card table ----------------------------------------------------------
        keys = [k for k, t in cs.types.items() if t.kind is not Kind.DELAY]
        self.keys = keys
        self.index = {k: i for i, k in enumerate(keys)}
        types = [cs.types[k] for k in keys]
        self.types = types
        fits = []
        for t in types:
            b = 0
            for p, bit in (("close_hauled", CH), ("reaching", REACH), ("running", RUN)):
                if t.fits is None or any(f.value == p for f in t.fits):
                    b |= bit
            fits.append(b)
        self.c_fits = np.array(fits)
        self.c_tack = np.array([0 if t.tack is None else tack_sign(t.tack) for t in types])
        self.c_trap = np.array([t.trapeze for t in types])
        self.c_kind = np.array([KIND_CODE[t.kind] for t in types])
        self.c_bonus = np.array([t.spi_bonus for t in types])
        self.c_copies = np.array([cs.copies[k] for k in keys])
        self.c_along = np.array([t.along for t in types])
        self.c_across = np.array([t.across for t in types])
        ec, ex, ey, et, ei = [], [], [], [], []
        for ci, t in enumerate(types):
            for i, e in enumerate(t.exits):
                ec.append(ci); ex.append(e.x); ey.append(e.y); et.append(e.turn); ei.append(i)
        self.e_card, self.e_x, self.e_y = np.array(ec), np.array(ex, float), np.array(ey, float)
        self.e_base = np.array([ec.index(ci) if ci in ec else 0 for ci in range(len(types))], dtype=np.int64)
        self.e_turn, self.e_idx = np.array(et), np.array(ei)
        # speeds: the straightest exit of the close-hauled and the reaching cards
        def speed(bit):
            best = 0.0
            for ci, t in enumerate(types):
                if self.c_kind[ci] == NORMAL and fits[ci] & bit and not (fits[ci] & ~bit & (CH | REACH)):
                    for e in t.exits:
                        if e.turn == 0:
                            best = max(best, e.y + self.H)
            return best or (self.L + self.H) * 0.8
        self.v_ch = speed(CH)
        self.v_re = speed(REACH)
        self.k_beat = math.sqrt(2.0) / self.v_ch
        self.inv_re = 1.0 / self.v_re
        # -- hazards -----------------------------------------------------------------
        self.hz = game.hazards
        self._expect: dict[tuple[str, int, int], float] = {}
        self._templates: dict = {}
        self._tables: dict = {}
        self._kids: dict = {}
        self._obstacles: dict = {}
        # -- obstacles ---------------------------------------------------------------
        c = game.course
        circles = [(m.x, m.y, m.radius) for m in c.marks]
        r0 = c.mark_radius
        circles += [(*c.start.a, r0), (*c.start.b, r0)]
        if c.finish != c.start:
            circles += [(*c.finish.a, r0), (*c.finish.b, r0)]
        self.fc = np.array(circles, dtype=float)
        self.fc_x, self.fc_y, self.fc_r = (np.ascontiguousarray(self.fc[:, i]) for i in range(3))
        self.area = game.area
        self.land = c._cache.land_union
        self.land_vertices = None
        if self.land is not None:
            self.land_vertices = shapely.get_coordinates(self.land)
        minx, miny, maxx, maxy = self.area.bounds
        self.area_box = (minx, miny, maxx, maxy)
        self.area_is_box = abs(self.area.area - (maxx - minx) * (maxy - miny)) < 1e-6
        self.fixed_field = None          # built below, once the obstacles are known
        # -- the course ----------------------------------------------------------------
        self.course = c
        self.n_legs = len(c.legs)
        fa, fb = c.finish.a, c.finish.b
        self.finish = (fa, fb)
        sa, sb = c.start.a, c.start.b
        self.start = (sa, sb)
        self.margin = 0.5 * self.L + 0.3 * self.W
        self.legs = []
        passages = c._cache.passages
        for k, leg in enumerate(c.legs):
            psg = passages[k]
            radius = max(c.mark(mid).radius for mid in leg.mark_ids)
            if isinstance(psg, GatePassage):
                self.legs.append(_GateLeg(self, psg, radius, self.margin))
            else:
                self.legs.append(_MarkLeg(self, psg, radius + self.margin))
        self._detours: dict[tuple[float, float], "_Detour"] = {}
        # finish points
        inset = min(r0 + 0.3 * self.L, c.finish.length / 2.0 - 1.0)
        ts = np.linspace(inset, c.finish.length - inset, 7) / c.finish.length
        self.fxs = fa[0] + (fb[0] - fa[0]) * ts
        self.fys = fa[1] + (fb[1] - fa[1]) * ts
        inset = min(r0 + 0.3 * self.L, c.start.length / 2.0 - 1.0)
        ts = np.linspace(inset, c.start.length - inset, 7) / c.start.length
        self.sxs = sa[0] + (sb[0] - sa[0]) * ts
        self.sys = sa[1] + (sb[1] - sa[1]) * ts
        # suffix costs, from the last leg back to the first
        for k in range(self.n_legs - 1, -1, -1):
            leg = self.legs[k]
            if isinstance(leg, _GateLeg):
                xs = leg.xs + leg.nx * 5.0
                ys = leg.ys + leg.ny * 5.0
                leg.Rj = self._after_leg(k, xs, ys)
                leg.finish_setup(self)
            else:
                ex, ey = leg.exit_point
                leg.R = float(self._after_leg(k, np.array([ex]), np.array([ey]))[0])
        self.sRj = self._after_start(self.sxs + self.upx * 5.0, self.sys + self.upy * 5.0)
        self.fixed_field = FixedField(self)
        self.normal_cards = np.flatnonzero(self.c_kind == NORMAL)
        # how far from the bow a card or the hull can reach: beyond it nothing can touch
        self.look = float(max(np.hypot(self.c_across / 2.0, self.c_along).max(),
                              math.hypot(self.W / 2.0, self.L)) + self.H + 2.0)

    # -- sailing time -------------------------------------------------------------------
    def time(self, dx, dy) -> np.ndarray:
        """Turns to sail the vector (dx, dy), in open water."""
        dx = np.asarray(dx, dtype=float)
        dy = np.asarray(dy, dtype=float)
        u = dx * self.upx + dy * self.upy
        c = np.abs(dx * self.upy - dy * self.upx)
        up = u * self.k_beat + np.maximum(c - u, 0.0) * self.inv_re
        return np.where(u >= 0, up, np.hypot(dx, dy) * self.inv_re)

    def detour(self, tx: float, ty: float, x, y) -> np.ndarray:
        """Extra turns land costs on the way from (x, y) to the target (0 without land)."""
        if self.land is None:
            return 0.0
        key = (round(float(tx), 3), round(float(ty), 3))
        d = self._detours.get(key)
        if d is None:
            d = self._detours[key] = _Detour(self, key)
        return d.excess(x, y)

    def _after_leg(self, k: int, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Cost from points just past leg ``k``'s mark/gate, on the next leg."""
        if k + 1 >= self.n_legs:
            return self.finish_cost(x, y)[0]
        nxt = self.legs[k + 1]
        out = np.empty(len(x))
        if isinstance(nxt, _MarkLeg):
            st = nxt.initial_stage(x, y)
        else:
            st = np.zeros(len(x), dtype=np.int64)
        for s in np.unique(st):
            sel = st == s
            out[sel] = self.leg_cost(k + 1, int(s), x[sel], y[sel])[0]
        return out

    def _after_start(self, x, y):
        leg = self.legs[0]
        st = leg.initial_stage(x, y) if isinstance(leg, _MarkLeg) else np.zeros(len(x), dtype=np.int64)
        out = np.empty(len(x))
        for s in np.unique(st):
            sel = st == s
            out[sel] = self.leg_cost(0, int(s), x[sel], y[sel])[0]
        return out

    def leg_cost(self, k: int, s: int, x, y):
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        if k >= self.n_legs:
            return self.finish_cost(x, y)
        leg = self.legs[k]
        c, tx, ty = leg.cost(self, s, x, y)
        if self.land is not None:
            c = c + self.detour(*leg.target, x, y)
        return c, tx, ty

    def finish_cost(self, x, y):
        best, tx, ty = cheapest_point(self, self.fxs, self.fys, np.asarray(x, dtype=float),
                                      np.asarray(y, dtype=float))
        if self.land is not None:
            fm = ((self.finish[0][0] + self.finish[1][0]) / 2, (self.finish[0][1] + self.finish[1][1]) / 2)
            best = best + self.detour(*fm, x, y)
        return best, tx, ty

    def start_cost(self, x, y):
        """A boat that has not started (from round 6): to the line, across, and on."""
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        depth = self.depth(x, y)
        best, tx, ty = cheapest_point(self, self.sxs, self.sys, x, y, self.sRj)
        # on the wrong side of the line without having crossed it: come back first
        back = depth < 0
        if back.any():
            extra = self.time(-self.upx * (10 - depth), -self.upy * (10 - depth)) + 1.0
            best = np.where(back, best + extra, best)
        return best, tx, ty

    def depth(self, x, y) -> np.ndarray:
        """How far downwind of the start line (negative: upwind of it)."""
        ax, ay = self.start[0]
        return -((np.asarray(x) - ax) * self.upx + (np.asarray(y) - ay) * self.upy)

    # -- hazards -----------------------------------------------------------------------
    def expect(self, row: str, modifier: int = 0, luck: int = 0) -> float:
        """Expected delay cards (turns) of one hazard roll."""
        key = (row, modifier, luck)
        v = self._expect.get(key)
        if v is None:
            if not self.hz.needs_roll(row):
                v = 0.0
            else:
                odds = self.hz.odds(row, luck, modifier)
                v = float(sum(p * o.delay_cards for o, p in odds.items()))
            self._expect[key] = v
        return v

    def hazard_cost(self, row: str, modifier: int, luck_cards: int, luck_value: float | None) -> float:
        """Turns a roll costs; with ``luck_value`` the best number of Lady Luck cards is
        committed (each costs ``luck_value`` turns), else none."""
        best = self.expect(row, modifier)
        if luck_value is None or luck_cards <= 0:
            return best
        for n in range(1, luck_cards + 1):
            best = min(best, self.expect(row, modifier, n) + n * luck_value)
        return best

    # -- one card ahead ----------------------------------------------------------------
    def template(self, h: int, tack: int, spi: bool, pre: bool, luck: int, luck_value):
        """Every exit a boat at heading ``h`` on ``tack`` may sail with one card, as
        offsets from its bow: (card, exit, dx, dy, new heading, new tack, spi after,
        hazard turns). Cached: a boat's moves depend only on these."""
        key = (h, tack, spi, pre, luck if luck_value is not None else 0, luck_value)
        t = self._templates.get(key)
        if t is not None:
            return t
        off = int(off_wind_deg(np.array([h]), self.wind)[0])
        bits = int(aspect_bits(np.array([off]))[0])
        ec = self.e_card
        valid = (self.c_fits[ec] & bits) != 0
        ct = self.c_tack[ec]
        valid &= (ct == 0) | (ct == tack)
        kind = self.c_kind[ec]
        valid &= ~((kind == SPI_UP) & (spi or pre))
        if off < 45:
            valid &= False
        ei = np.flatnonzero(valid)
        s = tack
        hr = math.radians(h)
        sn, cs_ = math.sin(hr), math.cos(hr)
        lx = s * self.e_x[ei]
        ly = self.e_y[ei]
        sx = lx * cs_ + ly * sn
        sy = -lx * sn + ly * cs_
        turn = self.e_turn[ei]
        h2 = (h + s * turn) % 360
        h2r = np.radians(h2)
        dxh, dyh = np.sin(h2r), np.cos(h2r)
        bx, by = sx + self.H * dxh, sy + self.H * dyh
        rel = (self.wind - h2) % 360
        t2 = np.where((rel == 0) | (rel == 180), s, np.where(rel < 180, 1, -1))
        changed = t2 != s
        ci = ec[ei]
        kind = self.c_kind[ci]
        bad = ((kind == TACK) | (kind == JIBE)) & ~changed
        invol = changed & (kind == NORMAL)
        spi2 = np.where(kind == SPI_UP, True, np.where(kind == SPI_DOWN, False, spi))
        bonus = spi & self.c_bonus[ci] & bool(bits & RUN) & ~invol
        bx = bx + np.where(bonus, self.bonus * dxh, 0.0)
        by = by + np.where(bonus, self.bonus * dyh, 0.0)
        b2 = aspect_bits(off_wind_deg(h2, self.wind))
        hc = lambda row, mod=0: self.hazard_cost(row, mod, luck, luck_value)   # noqa: E731
        cost = np.zeros(len(ei))
        cost += np.where(kind == TACK, hc("tack"), 0.0)
        cost += np.where(kind == JIBE, hc("jibe_spi") if spi else hc("jibe"), 0.0)
        trap = self.c_trap[ci]
        cost += np.where(invol & (turn > 0), np.where(trap, hc("tack_trapeze", -2), hc("tack", -2)), 0.0)
        cost += np.where(invol & (turn < 0), hc("jibe_spi", -2) if spi else hc("jibe", -2), 0.0)
        cost += np.where(kind == SPI_UP, hc("spi_up"), 0.0)
        cost += np.where(kind == SPI_DOWN, hc("spi_down"), 0.0)
        cost += np.where(spi2 & (kind != SPI_UP) & ((b2 & RUN) == 0), hc("spi_abuse"), 0.0)
        cost += np.where(trap & ((b2 & CH) == 0), hc("trapeze_abuse"), 0.0)
        keep = ~bad
        t = (ci[keep], self.e_idx[ei][keep], bx[keep], by[keep], h2[keep].astype(np.int64),
             t2[keep].astype(np.int64), spi2[keep].astype(bool), cost[keep])
        self._templates[key] = t
        return t

    def _table(self, pre: bool, luck: int, luck_value):
        """Every template, padded into arrays indexed by (heading / 15, tack, spi)."""
        key = (pre, luck if luck_value is not None else 0, luck_value)
        tab = self._tables.get(key)
        if tab is not None:
            return tab
        rows = []
        for hi in range(24):
            for t in (-1, 1):
                for sp in (False, True):
                    rows.append(self.template(hi * 15, t, sp, pre, luck, luck_value))
        M = max(1, max(len(r[0]) for r in rows))
        n = len(rows)
        tab = [np.zeros((n, M), dtype=np.int64), np.zeros((n, M), dtype=np.int64), np.zeros((n, M)),
               np.zeros((n, M)), np.zeros((n, M), dtype=np.int64), np.zeros((n, M), dtype=np.int64),
               np.zeros((n, M), dtype=bool), np.zeros((n, M)), np.zeros((n, M), dtype=bool)]
        for i, r in enumerate(rows):
            m = len(r[0])
            for a, v in zip(tab, r):
                a[i, :m] = v
            tab[8][i, :m] = True
        self._tables[key] = tab
        return tab

    def expand(self, P: Batch, rnd: int, last: np.ndarray | None = None, cards: np.ndarray | None = None,
               luck: int = 0, luck_value: float | None = None, with_delay: bool = True) -> Batch:
        """Every (card, exit) each parent could sail next, in round ``rnd``.

        ``last``: per parent, the card it sails just before (a card held once cannot be
        placed again straight away); ``cards``: restrict to these card indices (one
        boolean row per parent, or one row for all).
        """
        n = len(P)
        if n == 1:
            out = self._expand_one(P, rnd <= PRESTART_ROUNDS, last, cards, luck, luck_value)
            return concat([out, self.delay_kids(P, rnd)]) if with_delay else out
        ci_t, ex_t, dx_t, dy_t, h2_t, t2_t, sp_t, co_t, ok_t = self._table(rnd <= PRESTART_ROUNDS, luck, luck_value)
        row = (P.h // 15) * 4 + (P.tack > 0) * 2 + P.spi
        ok = ok_t[row]
        ci = ci_t[row]
        if last is not None:
            ok &= ~((ci == last[:, None]) & (self.c_copies[ci] == 1))
        if cards is not None:
            cards = np.atleast_2d(cards)
            if cards.shape[0] == n:
                ok &= cards[np.arange(n)[:, None], ci]
            else:
                ok &= cards[0][ci]
        pi, mi = np.nonzero(ok)
        r = row[pi]
        x0, y0 = P.x[pi], P.y[pi]
        out = Batch(x0 + dx_t[r, mi], y0 + dy_t[r, mi], h2_t[r, mi], t2_t[r, mi], sp_t[r, mi], P.legs[pi],
                    P.stage[pi], P.started[pi], P.finished[pi], ci_t[r, mi], ex_t[r, mi], pi,
                    P.cost[pi] + co_t[r, mi], x0, y0)
        if with_delay:
            out = concat([out, self.delay_kids(P, rnd)])
        return out

    def _expand_one(self, P: Batch, pre: bool, last, cards, luck: int, luck_value) -> Batch:
        """:meth:`expand` of a single parent (every decision of the turn starts from one
        pose): the moves of its table row under its card mask are looked up once and kept."""
        row = int(P.h[0] // 15) * 4 + int(P.tack[0] > 0) * 2 + int(P.spi[0])
        key = (row, pre, luck if luck_value is not None else 0, luck_value,
               None if last is None else int(last[0]),
               None if cards is None else np.atleast_2d(cards)[0].tobytes())
        kids = self._kids.get(key)
        if kids is None:
            ci_t, ex_t, dx_t, dy_t, h2_t, t2_t, sp_t, co_t, ok_t = self._table(pre, luck, luck_value)
            ok = ok_t[row].copy()
            ci = ci_t[row]
            if last is not None:
                ok &= ~((ci == last[0]) & (self.c_copies[ci] == 1))
            if cards is not None:
                ok &= np.atleast_2d(cards)[0][ci]
            mi = np.flatnonzero(ok)
            kids = (ci_t[row, mi], ex_t[row, mi], dx_t[row, mi], dy_t[row, mi], h2_t[row, mi], t2_t[row, mi],
                    sp_t[row, mi], co_t[row, mi])
            kids = kids + (self._end_terms(row, kids[0], kids[1], kids[4]),)
            if len(self._kids) >= 4096:
                self._kids.clear()
            self._kids[key] = kids
        ci, ex, dx, dy, h2, t2, sp, co, terms = kids
        m = len(ci)
        x0, y0 = np.full(m, P.x[0]), np.full(m, P.y[0])
        out = Batch(x0 + dx, y0 + dy, h2.copy(), t2.copy(), sp.copy(), np.full(m, P.legs[0]),
                    np.full(m, P.stage[0]), np.full(m, P.started[0]), np.full(m, P.finished[0]), ci.copy(),
                    ex.copy(), np.zeros(m, np.intp), np.full(m, P.cost[0]) + co, x0, y0)
        out.end_terms = terms
        return out

    def _end_terms(self, row: int, ci, ex, h2):
        """The terms of each exit's end as the engine sums them (bow, then the exit point
        across and along the card, then the hull length along the new heading), which
        differ from the card table's in the last bits: (x terms, y terms)."""
        h = (row // 4) * 15
        s = 1 if (row // 2) % 2 else -1
        fi = self.e_base[ci] + ex
        lx = s * self.e_x[fi]
        ly = self.e_y[fi]
        hr = math.radians(h)
        sin0, cos0 = math.sin(hr), math.cos(hr)
        h2r = np.radians(h2)
        return ((lx * cos0, ly * sin0, self.H * np.sin(h2r)), (lx * sin0, ly * cos0, self.H * np.cos(h2r)))

    @staticmethod
    def engine_ends(K: Batch):
        """Where the engine would put each move of ``K`` (from :meth:`expand` of one
        parent): (x, y), or None when not known."""
        terms = getattr(K, "end_terms", None)
        if terms is None:
            return None
        (ax, bx, cx), (ay, by, cy) = terms
        return ((K.px + ax) + bx) + cx, ((K.py - ay) + by) + cy

    def delay_kids(self, P: Batch, rnd: int = PRESTART_ROUNDS + 1) -> Batch:
        """Placing the delay card: next turn the boat pivots 0 or ±45° in place (a turn
        lost in the race; before the start it is the way to wait)."""
        n = len(P)
        pi = np.repeat(np.arange(n), 3)
        turn = np.tile(np.array([0, -45, 45]), n)
        h = P.h[pi]
        h2 = (h + turn) % 360
        rel = (self.wind - h2) % 360
        s = P.tack[pi]
        t2 = np.where((rel == 0) | (rel == 180), s, np.where(rel < 180, 1, -1))
        return Batch(P.x[pi], P.y[pi], h2.astype(np.int64), t2, np.zeros(len(pi), bool), P.legs[pi],
                     P.stage[pi], P.started[pi], P.finished[pi], np.full(len(pi), -1),
                     np.tile(np.arange(3), n), pi, P.cost[pi] + (0.0 if rnd <= PRESTART_ROUNDS else 1.0),
                     P.x[pi], P.y[pi])

    # -- crossing lines and rays -------------------------------------------------------
    def advance(self, B: Batch, rnd: int) -> Batch:
        """Start, roundings and finish along each move's straight track (in place)."""
        if rnd <= PRESTART_ROUNDS or len(B) == 0:
            return B
        px, py, qx, qy = B.px, B.py, B.x, B.y
        if not B.started.all():
            todo = ~B.started & ~B.finished
            (ax, ay), (bx, by) = self.start
            crossed = todo & seg_intersects(px, py, qx, qy, ax, ay, bx, by) & (self.depth(qx, qy) < 0)
            if crossed.any():
                B.started = B.started | crossed
                st = B.stage.copy()
                leg = self.legs[0]
                if isinstance(leg, _MarkLeg):
                    st[crossed] = leg.initial_stage(qx[crossed], qy[crossed])
                else:
                    st[crossed] = 0
                B.stage = st
        legs = B.legs
        k0 = int(legs[0])
        if (legs == k0).all():
            if k0 < self.n_legs:
                live = B.started & ~B.finished
                if live.all():
                    self._cross_leg(B, k0, None)
                elif live.any():
                    self._cross_leg(B, k0, live)
        else:
            live = B.started & ~B.finished & (legs < self.n_legs)
            for k in np.unique(legs[live]):
                self._cross_leg(B, int(k), live & (legs == k))
        done = B.started & ~B.finished & (B.legs >= self.n_legs)
        if done.any():
            (fa, fb) = self.finish
            hr = np.radians(B.h)
            sx, sy = qx - self.H * np.sin(hr), qy - self.H * np.cos(hr)
            hit = seg_intersects(px, py, qx, qy, fa[0], fa[1], fb[0], fb[1]) | \
                seg_intersects(sx, sy, qx, qy, fa[0], fa[1], fb[0], fb[1])
            B.finished = B.finished | (done & hit)
        return B

    def _cross_leg(self, B: Batch, k: int, sel) -> None:
        leg = self.legs[k]
        if sel is None:
            px, py, qx, qy = B.px, B.py, B.x, B.y
            st = B.stage
        else:
            px, py, qx, qy = B.px[sel], B.py[sel], B.x[sel], B.y[sel]
            st = B.stage[sel]
        if (st == -99).any():
            st = st.copy()
            unknown = st == -99
            st[unknown] = (leg.initial_stage(px[unknown], py[unknown]) if isinstance(leg, _MarkLeg) else 0)
        if isinstance(leg, _MarkLeg):
            # quick look: which rays' lines does any track cross at all?
            u0, u1 = leg.u0, leg.u1
            sp0 = u0[0] * (py - leg.cy) - u0[1] * (px - leg.cx)
            sq0 = u0[0] * (qy - leg.cy) - u0[1] * (qx - leg.cx)
            sp1 = u1[0] * (py - leg.cy) - u1[1] * (px - leg.cx)
            sq1 = u1[0] * (qy - leg.cy) - u1[1] * (qx - leg.cx)
            c0 = (sp0 >= 0) != (sq0 >= 0)
            c1 = (sp1 >= 0) != (sq1 >= 0)
            if not (c0.any() or c1.any()):
                if sel is None:
                    B.stage = st
                else:
                    S = B.stage.copy(); S[sel] = st; B.stage = S
                return
            t0, d0 = _ray_events(leg.cx, leg.cy, u0, leg.sigma, px, py, qx, qy, None)
            t1, d1 = _ray_events(leg.cx, leg.cy, u1, leg.sigma, px, py, qx, qy, None)
            first_is_0 = t0 <= t1
            da = np.where(first_is_0, d0, d1)
            db = np.where(first_is_0, d1, d0)
            s1 = st + da
            s2 = s1 + db
            goal_done = (s1 >= 2) | (s2 >= 2)
            new = np.where(goal_done, 0, s2)
        else:
            t0, d0 = _ray_events(leg.ax, leg.ay, leg.u, leg.sigma, px, py, qx, qy, leg.width)
            if not d0.any():
                if sel is None:
                    B.stage = st
                else:
                    S = B.stage.copy(); S[sel] = st; B.stage = S
                return
            s1 = st + d0
            goal_done = s1 >= 1
            new = np.where(goal_done, 0, s1)
        if goal_done.any() and k + 1 < self.n_legs:
            nxt = self.legs[k + 1]
            if isinstance(nxt, _MarkLeg):
                new = np.where(goal_done, nxt.initial_stage(qx, qy), new)
        if sel is None:
            B.legs = B.legs + goal_done
            B.stage = new
        else:
            L = B.legs.copy(); L[sel] = L[sel] + goal_done; B.legs = L
            S = B.stage.copy(); S[sel] = new; B.stage = S

    # -- values ------------------------------------------------------------------------
    def course_value(self, B: Batch, rnd: int, slot: float = 0.5):
        """Turns still to sail, and the point each boat heads for first."""
        if rnd <= PRESTART_ROUNDS:
            return self.prestart_value(B, rnd, slot)
        n = len(B)
        if n and B.started.all() and not B.finished.any():
            # the common case: every boat racing on one leg, at one stage of it
            k0, s0 = int(B.legs[0]), int(B.stage[0])
            if s0 != -99 and (B.legs == k0).all() and (B.stage == s0).all():
                return self.leg_cost(k0, s0, B.x, B.y)
        v = np.zeros(n)
        tx = np.array(B.x, dtype=float)
        ty = np.array(B.y, dtype=float)
        ns = ~B.started & ~B.finished
        if ns.any():
            c, a, b = self.start_cost(B.x[ns], B.y[ns])
            v[ns], tx[ns], ty[ns] = c, a, b
        live = B.started & ~B.finished
        k0, s0 = int(B.legs[0]), int(B.stage[0])
        if s0 != -99 and live.all() and (B.legs == k0).all() and (B.stage == s0).all():
            v, tx, ty = self.leg_cost(k0, s0, B.x, B.y)
        elif live.any():
            keys = B.legs * 1000 + np.where(B.stage == -99, 500, B.stage)
            for key in np.unique(keys[live]):
                sel = live & (keys == key)
                k = int(B.legs[sel][0])
                s = int(B.stage[sel][0])
                if s == -99:
                    leg = self.legs[k] if k < self.n_legs else None
                    idx = np.flatnonzero(sel)
                    ss = (leg.initial_stage(B.x[sel], B.y[sel]) if isinstance(leg, _MarkLeg)
                          else np.zeros(len(idx), dtype=np.int64))
                    for s2 in np.unique(ss):
                        sub = idx[ss == s2]
                        v[sub], tx[sub], ty[sub] = self.leg_cost(k, int(s2), B.x[sub], B.y[sub])
                else:
                    v[sel], tx[sel], ty[sel] = self.leg_cost(k, s, B.x[sel], B.y[sel])
        if not B.finished.any():
            return v, tx, ty
        v = np.where(B.finished, FINISHED, v)
        return v, tx, ty

    def prestart_value(self, B: Batch, rnd: int, slot: float = 0.5):
        """Before the start: be no deeper than a close-hauled step a round still to go
        allows (so as to reach the line at round 5), but not so close before round 5
        that no card may be laid without touching the line; inside the line's ends.
        Waiting costs nothing: the boats keep where they were launched, apart."""
        (ax, ay), (bx, by) = self.start
        length = math.hypot(bx - ax, by - ay)
        lx, ly = (bx - ax) / length, (by - ay) / length
        d = self.depth(B.x, B.y)
        step = self.v_ch * math.sqrt(0.5)
        allowed = 0.15 * self.L + step * (PRESTART_ROUNDS - rnd)
        v = np.maximum(d - allowed, 0.0) / step
        # before round 5 the next card must lie downwind of the line too: a bow too close
        # to it leaves the boat no card at all (dead in the water, at the start)
        close_min = 0.15 * self.L if rnd >= PRESTART_ROUNDS else min(allowed, 1.05 * self.L)
        v = v + 3.0 * np.maximum(close_min - d, 0.0) / close_min
        lat = (B.x - ax) * lx + (B.y - ay) * ly
        inside = np.minimum(np.maximum(lat, 0.12 * length), 0.88 * length)
        v = v + np.abs(lat - inside) / self.v_re
        hr = np.radians(B.h)
        sx, sy = B.x - self.H * np.sin(hr), B.y - self.H * np.cos(hr)
        touch = (d < 2.0) | (self.depth(sx, sy) < 2.0)
        v = v + BIG * touch
        # heading: straight up across the line from where the boat is
        tx = ax + lx * inside + self.upx * self.L
        ty = ay + ly * inside + self.upy * self.L
        return v, tx, ty

    def heading_penalty(self, B: Batch, tx, ty, scale: float = 1.0) -> np.ndarray:
        """Turns lost to pointing the wrong way (or being in irons) when the move ends."""
        dx, dy = tx - B.x, ty - B.y
        brg = np.degrees(np.arctan2(dx, dy))
        w = self.wind
        rel_t = (brg - w) % 360.0                  # target's bearing relative to the wind
        rel_h = (B.h - w) % 360                    # heading relative to the wind
        # upwind targets: the close-hauled heading on either tack is as good as any
        up = (rel_t < 45) | (rel_t > 315)
        ideal = np.where(up, np.where(rel_h < 180, 45.0, 315.0), rel_t)
        d = np.abs(rel_h - ideal) % 360.0
        delta = np.minimum(d, 360.0 - d)
        pen = (0.3 * scale / 45.0) * np.maximum(delta - 15.0, 0.0)
        pen = pen * (1.0 - 0.7 * ((dx * dx + dy * dy) < (0.5 * self.L) ** 2))
        irons = (rel_h < 45) | (rel_h > 315)
        return pen + 1.2 * irons

    def spi_adjust(self, B: Batch, tx, ty, v) -> np.ndarray:
        """A spinnaker up is worth its bonus on the run ahead, less taking it down."""
        if not B.spi.any():
            return np.zeros(len(B))
        dx, dy = tx - B.x, ty - B.y
        brg = np.degrees(np.arctan2(dx, dy)) % 360
        running = off_wind_deg(brg, self.wind) >= 135
        dist = np.hypot(dx, dy)
        moves = np.clip(dist / (self.v_re + self.bonus), 0, 8)
        gain = moves * self.bonus / self.v_re - self.expect("spi_down")
        lose = self.expect("spi_down") + 0.3
        return np.where(B.spi, np.where(running, -gain, lose), 0.0)


def _ray_events(ox, oy, u, sigma, px, py, qx, qy, limit):
    sp = sigma * (u[0] * (py - oy) - u[1] * (px - ox))
    sq = sigma * (u[0] * (qy - oy) - u[1] * (qx - ox))
    ap, aq = sp >= 0.0, sq >= 0.0
    cross = ap != aq
    t = np.divide(sp, np.where(cross, sp - sq, 1.0), out=np.full(len(sp), np.inf), where=cross)
    lp = u[0] * (px - ox) + u[1] * (py - oy)
    lq = u[0] * (qx - ox) + u[1] * (qy - oy)
    along = lp + np.where(cross, t, 0.0) * (lq - lp)
    ok = cross & (along > 0.0)
    if limit is not None:
        ok &= along < limit
    d = np.where(ok, np.where(aq, 1, -1), 0)
    return np.where(ok, t, np.inf), d


class _Detour:
    """Extra time land adds on the way to one target: a coarse field, interpolated."""

    CELL = 20.0

    def __init__(self, chart: Chart, target: tuple[float, float]) -> None:
        self.chart = chart
        land = chart.land
        pad = 0.45 * chart.L
        inflated = land.buffer(pad, quad_segs=2).simplify(pad * 0.3)
        self.inflated = inflated
        shapely.prepare(inflated)
        verts = []
        for g in getattr(inflated, "geoms", [inflated]):
            verts.extend(list(g.exterior.coords)[:-1])
        verts = np.array(verts) if verts else np.zeros((0, 2))
        # nudge the vertices outward a little so that segments between them are clear
        cx, cy = target
        self.tx, self.ty = cx, cy
        core = land.buffer(pad * 0.9, quad_segs=2)
        shapely.prepare(core)
        self.core = core
        n = len(verts)
        # visibility between vertices and to the target
        pts = np.vstack([verts, [[cx, cy]]])
        m = len(pts)
        ii, jj = np.triu_indices(m, 1)
        lines = shapely.linestrings(np.stack([pts[ii], pts[jj]], axis=1))
        vis = ~shapely.intersects(core, lines)
        w = np.full((m, m), np.inf)
        t = chart.time(pts[jj, 0] - pts[ii, 0], pts[jj, 1] - pts[ii, 1])
        t2 = chart.time(pts[ii, 0] - pts[jj, 0], pts[ii, 1] - pts[jj, 1])
        w[ii[vis], jj[vis]] = t[vis]
        w[jj[vis], ii[vis]] = t2[vis]
        # Dijkstra from every vertex to the target (dense, small)
        dist = np.full(m, np.inf)
        dist[m - 1] = 0.0
        done = np.zeros(m, bool)
        for _ in range(m):
            k = int(np.argmin(np.where(done, np.inf, dist)))
            if not np.isfinite(dist[k]):
                break
            done[k] = True
            dist = np.minimum(dist, w[:, k] + dist[k])
        self.verts = pts[:-1]
        self.vdist = dist[:-1]
        # the field over the area
        minx, miny, maxx, maxy = chart.area_box
        gx = np.arange(minx, maxx + self.CELL, self.CELL)
        gy = np.arange(miny, maxy + self.CELL, self.CELL)
        self.gx0, self.gy0 = gx[0], gy[0]
        self.nx, self.ny = len(gx), len(gy)
        X, Y = np.meshgrid(gx, gy, indexing="ij")
        X, Y = X.ravel(), Y.ravel()
        self.field = self._excess_exact(X, Y).reshape(self.nx, self.ny)

    def _excess_exact(self, x, y) -> np.ndarray:
        chart = self.chart
        direct = chart.time(self.tx - x, self.ty - y)
        lines = shapely.linestrings(np.stack([np.stack([x, y], 1), np.tile([[self.tx, self.ty]], (len(x), 1))], 1))
        blocked = shapely.intersects(self.core, lines)
        out = np.zeros(len(x))
        idx = np.flatnonzero(blocked)
        if len(idx) and len(self.verts):
            best = np.full(len(idx), np.inf)
            for v in range(len(self.verts)):
                vx, vy = self.verts[v]
                if not np.isfinite(self.vdist[v]):
                    continue
                ls = shapely.linestrings(np.stack([np.stack([x[idx], y[idx]], 1),
                                                   np.tile([[vx, vy]], (len(idx), 1))], 1))
                ok = ~shapely.intersects(self.core, ls)
                c = chart.time(vx - x[idx], vy - y[idx]) + self.vdist[v]
                best = np.where(ok & (c < best), c, best)
            best = np.where(np.isfinite(best), best, direct[idx] + 5.0)
            out[idx] = np.maximum(best - direct[idx], 0.0)
        inside = shapely.contains_xy(self.core, x, y)
        out[inside] += 3.0
        return out

    def excess(self, x, y) -> np.ndarray:
        fx = (np.asarray(x, dtype=float) - self.gx0) / self.CELL
        fy = (np.asarray(y, dtype=float) - self.gy0) / self.CELL
        i = np.clip(np.floor(fx).astype(int), 0, self.nx - 2)
        j = np.clip(np.floor(fy).astype(int), 0, self.ny - 2)
        ax = np.clip(fx - i, 0, 1)
        ay = np.clip(fy - j, 0, 1)
        f = self.field
        return ((1 - ax) * (1 - ay) * f[i, j] + ax * (1 - ay) * f[i + 1, j]
                + (1 - ax) * ay * f[i, j + 1] + ax * ay * f[i + 1, j + 1])


# --- obstacles, without shapely ------------------------------------------------------------

_CORNER_FX = np.array([-1, 1, -1, 1, 0, -1, 1, 0])[None, :]
_CORNER_FY = np.array([0, 0, 1, 1, 0.5, 0.5, 0.5, 1])[None, :]
_HULL_F = np.array([0.05, 0.5, 0.95])[None, :]
_HULL_CIRCLES = np.array([0.12, 0.37, 0.63, 0.88])[None, :]


class FixedField:
    """Distance from any point to the nearest mark, buoy, land or edge, on a grid:
    candidates far from everything fixed need no closer look."""

    def __init__(self, chart: "Chart") -> None:
        minx, miny, maxx, maxy = chart.area_box
        self.cell = cell = max(4.0, chart.H / 3.0)
        gx = np.arange(minx, maxx + cell, cell)
        gy = np.arange(miny, maxy + cell, cell)
        self.x0, self.y0, self.nx, self.ny = gx[0], gy[0], len(gx), len(gy)
        X, Y = np.meshgrid(gx, gy, indexing="ij")
        d = np.full(X.shape, np.inf)
        for cx, cy, r in chart.fc:
            d = np.minimum(d, np.hypot(X - cx, Y - cy) - r)
        marks = d
        if chart.area_is_box:
            e = np.minimum(np.minimum(X - minx, maxx - X), np.minimum(Y - miny, maxy - Y))
        else:
            pts = shapely.points(X.ravel(), Y.ravel())
            e = shapely.distance(chart.area.exterior, pts).reshape(X.shape)
            e = np.where(shapely.contains_xy(chart.area, X.ravel(), Y.ravel()).reshape(X.shape), e, 0.0)
        d = np.minimum(d, e)
        land = np.full(X.shape, np.inf)
        if chart.land is not None:
            pts = shapely.points(X.ravel(), Y.ravel())
            land = shapely.distance(chart.land, pts).reshape(X.shape)
            d = np.minimum(d, land)
        self.d = d - cell       # conservative: the nearest grid point may be a cell away
        self.flat = self.d.ravel()
        # the same, one kind of obstacle at a time (a clamped point off the grid reads an
        # edge distance of at most nothing: look at the edge first)
        self.marks = (marks - cell).ravel()
        self.edge = (e - cell).ravel()
        self.land = (land - cell).ravel()
        self.inv = 1.0 / cell

    def index(self, x, y) -> np.ndarray:
        """The grid cell of each point (into ``flat``, ``marks``, ``edge``, ``land``)."""
        i = np.minimum(np.maximum((x - self.x0) * self.inv + 0.5, 0.0), self.nx - 1).astype(np.intp)
        j = np.minimum(np.maximum((y - self.y0) * self.inv + 0.5, 0.0), self.ny - 1).astype(np.intp)
        return i * self.ny + j

    def at_point(self, x: float, y: float) -> float:
        """:meth:`at` of one point, in plain floats (the same arithmetic)."""
        i = int(min(max((x - self.x0) * self.inv + 0.5, 0.0), self.nx - 1))
        j = int(min(max((y - self.y0) * self.inv + 0.5, 0.0), self.ny - 1))
        return float(self.flat[i * self.ny + j])

    def kinds_near(self, cell: np.ndarray, reach) -> tuple[bool, bool, bool]:
        """Whether any of the points (grid cells) may lie within ``reach`` of a mark, of
        the edge, of land. Near the edge every kind is looked at (a point off the grid
        reads the edge's cell)."""
        edge = bool((self.edge[cell] < reach).any())
        if edge:
            return True, True, True
        return bool((self.marks[cell] < reach).any()), False, bool((self.land[cell] < reach).any())

    def at(self, x, y) -> np.ndarray:
        i = np.minimum(np.maximum((x - self.x0) * self.inv + 0.5, 0.0), self.nx - 1).astype(np.intp)
        j = np.minimum(np.maximum((y - self.y0) * self.inv + 0.5, 0.0), self.ny - 1).astype(np.intp)
        return self.flat[i * self.ny + j]


class Obstacles:
    """What a boat may not touch: marks and land (fixed), other boats' hulls (as circles)."""

    def __init__(self, chart: Chart, state, me: int) -> None:
        self.chart = chart
        H = chart.H
        # a boat that cannot move this round (card aside, dead in the water, delays)
        self.stuck = {b.index: bool(b.aside or b.planned is None or b.delays) for b in state.boats}
        others = [b for b in state.boats if b.index != me and b.launched and b.finished is None]
        hr = np.radians(np.array([b.pose.heading for b in others], dtype=float))
        dx, dy = np.sin(hr)[:, None] * H, np.cos(hr)[:, None] * H
        self.bx = (np.array([b.pose.x for b in others], dtype=float)[:, None] - dx * _HULL_CIRCLES).ravel()
        self.by = (np.array([b.pose.y for b in others], dtype=float)[:, None] - dy * _HULL_CIRCLES).ravel()
        self.br = np.full(len(self.bx), 0.23 * H)
        self.owners = np.repeat(np.array([b.index for b in others], dtype=np.int64), _HULL_CIRCLES.shape[1])

    @classmethod
    def of(cls, chart: Chart, state, me: int) -> "Obstacles":
        """The obstacles for boat ``me``, shared with the last call for ``me`` while no
        other boat has changed (sailing a card and placing the next see the same table)."""
        others = tuple(b for b in state.boats if b.index != me)
        cache = chart._obstacles
        hit = cache.get(me)
        if hit is not None and len(hit[0]) == len(others) and all(a is b for a, b in zip(hit[0], others)):
            return hit[1]
        obs = cls(chart, state, me)
        cache[me] = (others, obs)
        return obs

    # rectangles: entry edge centred at (x, y), heading h, ``across`` wide, ``along`` deep
    @staticmethod
    def _rect_circles(x, y, h, across, along, cx, cy, cr, sc=None) -> np.ndarray:
        """(n, m) bool: rectangle i touches circle j (``sc``: the headings' sines and
        cosines as (n, 1) columns, when known)."""
        if len(cx) == 0:
            return np.zeros((len(x), 0), bool)
        if sc is None:
            hr = np.radians(h)[:, None]
            s, c = np.sin(hr), np.cos(hr)
        else:
            s, c = sc
        dx, dy = cx[None, :] - x[:, None], cy[None, :] - y[:, None]
        lx = dx * c - dy * s
        ly = dx * s + dy * c
        ex = np.maximum(np.abs(lx) - (np.asarray(across)[:, None] if np.ndim(across) else across) / 2.0, 0.0)
        a = np.asarray(along)[:, None] if np.ndim(along) else along
        ey = np.maximum(np.maximum(-ly, ly - a), 0.0)
        return ex * ex + ey * ey <= (cr[None, :] + 0.5) ** 2

    def rect_fixed(self, x, y, h, across, along, cell=None) -> np.ndarray:
        """Whether each rectangle touches a mark, a buoy, land or the edge (``cell``: the
        points' cells of the chart's fixed field, when known)."""
        ch = self.chart
        ff = ch.fixed_field
        n = len(x)
        hit = np.zeros(n, bool)
        reach = np.hypot(np.asarray(across) / 2.0, along) + 1.0
        if cell is None:
            cell = ff.index(x, y)
        look = ff.flat[cell] < reach
        if not look.any():
            return hit
        k = np.flatnonzero(look)
        if len(k) < n:
            x, y, h, cell = x[k], y[k], h[k], cell[k]
            if np.ndim(across):
                across = np.asarray(across)[k]
            if np.ndim(along):
                along = np.asarray(along)[k]
            if np.ndim(reach):
                reach = reach[k]
        marks, edge, land = ff.kinds_near(cell, reach)
        hr = np.radians(h)
        s, c = np.sin(hr), np.cos(hr)
        s1, c1 = s[:, None], c[:, None]
        sub = np.zeros(len(x), bool)
        if marks:
            sub = self._rect_circles(x, y, h, across, along, ch.fc_x, ch.fc_y, ch.fc_r, (s1, c1)).any(1)
        if edge or (land and ch.land is not None):
            w = np.asarray(across) / 2.0
            a = np.asarray(along)
            w1 = w[:, None] if w.ndim else w
            a1 = a[:, None] if a.ndim else a
            lx, ly = _CORNER_FX * w1, _CORNER_FY * a1
            xs = x[:, None] + lx * c1 + ly * s1
            ys = y[:, None] - lx * s1 + ly * c1
            if edge:
                sub |= ~self._in_area(xs, ys).all(1)
            if land and ch.land is not None:
                sub |= shapely.contains_xy(ch.land, xs, ys).any(1)
                lv = ch.land_vertices
                dx, dy = lv[None, :, 0] - x[:, None], lv[None, :, 1] - y[:, None]
                lx = dx * c1 - dy * s1
                ly = dx * s1 + dy * c1
                sub |= ((np.abs(lx) <= w1) & (ly >= 0) & (ly <= a1)).any(1)
        hit[k] = sub
        return hit

    def _in_area(self, xs, ys) -> np.ndarray:
        ch = self.chart
        if ch.area_is_box:
            minx, miny, maxx, maxy = ch.area_box
            return (xs >= minx) & (xs <= maxx) & (ys >= miny) & (ys <= maxy)
        return shapely.contains_xy(ch.area, xs, ys)

    def rect_boats(self, x, y, h, across, along) -> np.ndarray:
        """(n,) index of a boat whose hull the rectangle touches, or -1."""
        m = self._rect_circles(x, y, h, across, along, self.bx, self.by, self.br)
        if m.shape[1] == 0:
            return np.full(len(x), -1)
        anyhit = m.any(1)
        return np.where(anyhit, self.owners[np.argmax(m, 1)], -1)

    def hull_fixed(self, x, y, h, cell=None) -> np.ndarray:
        ch = self.chart
        H = ch.H
        hr = np.radians(h)
        dx, dy = np.sin(hr), np.cos(hr)
        px = x[:, None] - dx[:, None] * H * _HULL_F
        py = y[:, None] - dy[:, None] * H * _HULL_F
        r = 0.21 * H
        if cell is None:
            cell = ch.fixed_field.index(x, y)
        marks, edge, land = ch.fixed_field.kinds_near(cell, 1.2 * H + 1.0)
        hit = np.zeros(len(x), bool)
        if marks:
            d = np.hypot(px[..., None] - ch.fc[None, None, :, 0], py[..., None] - ch.fc[None, None, :, 1])
            hit = (d <= ch.fc[None, None, :, 2] + r).any(axis=(1, 2))
        if edge:
            hit |= ~self._in_area(px, py).all(1)
        if land and ch.land is not None:
            hit |= shapely.contains_xy(ch.land, px, py).any(1)
        return hit

    def hull_boats(self, x, y, h) -> np.ndarray:
        if len(self.bx) == 0:
            return np.zeros(len(x), bool)
        H = self.chart.H
        hr = np.radians(h)
        dx, dy = np.sin(hr), np.cos(hr)
        f = np.array([0.05, 0.5, 0.95])[None, :]
        px = x[:, None] - dx[:, None] * H * f
        py = y[:, None] - dy[:, None] * H * f
        d = np.hypot(px[..., None] - self.bx[None, None, :], py[..., None] - self.by[None, None, :])
        return (d <= self.br[None, None, :] + 0.21 * H).any(axis=(1, 2))

    def nearest_boat(self, x, y) -> np.ndarray:
        if len(self.bx) == 0:
            return np.full(len(x), np.inf)
        return np.hypot(x[:, None] - self.bx[None, :], y[:, None] - self.by[None, :]).min(1)

    def free_card(self, x, y, h, tack, cell=None) -> np.ndarray:
        """Whether some normal card (of the right point of sail and tack) could lie in
        front of each bow without touching a mark, land or the edge."""
        ch = self.chart
        n = len(x)
        if n == 0:
            return np.zeros(0, bool)
        bits = aspect_bits(off_wind_deg(h, ch.wind))
        normal = ch.normal_cards
        fits = (ch.c_fits[normal][None, :] & bits[:, None]) != 0
        ct = ch.c_tack[normal][None, :]
        fits &= (ct == 0) | (ct == np.asarray(tack)[:, None])
        ki, cj = np.nonzero(fits)
        ok = np.zeros(n, bool)
        if len(ki):
            c = normal[cj]
            hit = self.rect_fixed(x[ki], y[ki], h[ki], ch.c_across[c], ch.c_along[c],
                                  None if cell is None else cell[ki])
            np.logical_or.at(ok, ki, ~hit)
        return ok

    def free_of_boats(self, x, y, h, tack) -> np.ndarray:
        """Whether some normal card fitting each bow's heading would lie clear of every
        other boat's hull (else it would be held aside)."""
        ch = self.chart
        n = len(x)
        ok = np.ones(n, bool)
        if n == 0 or len(self.bx) == 0:
            return ok
        bits = aspect_bits(off_wind_deg(h, ch.wind))
        normal = ch.normal_cards
        fits = (ch.c_fits[normal][None, :] & bits[:, None]) != 0
        ct = ch.c_tack[normal][None, :]
        fits &= (ct == 0) | (ct == np.asarray(tack)[:, None])
        ki, cj = np.nonzero(fits)
        ok[:] = False
        if len(ki):
            c = normal[cj]
            who = self.rect_boats(x[ki], y[ki], h[ki], ch.c_across[c], ch.c_along[c])
            np.logical_or.at(ok, ki, who < 0)
        return ok

    def room_fixed(self, x, y, h, cell=None) -> np.ndarray:
        """The next card needs the delay card's room ahead of the bow."""
        ch = self.chart
        return self.rect_fixed(x, y, h, ch.W, ch.L, cell)


_CHARTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_BY_CONTENT: dict = {}


def _content_key(game):
    cs, hz = game.cards, game.hazards
    return (game.course, cs.size, cs.card_length, cs.card_width, cs.hull_length, cs.plus_zone,
            cs.spi_bonus_length, tuple(cs.types.items()), tuple(cs.copies.items()),
            hz.name, tuple(hz.rows.items()))


def chart_of(game) -> Chart:
    """The chart of a game (built once per course, card set and hazard table)."""
    ch = _CHARTS.get(game)
    if ch is None:
        try:
            key = _content_key(game)
            hash(key)
        except TypeError:
            key = None
        ch = _BY_CONTENT.get(key) if key is not None else None
        if ch is None:
            ch = Chart(game)
            if key is not None:
                if len(_BY_CONTENT) >= 12:
                    _BY_CONTENT.pop(next(iter(_BY_CONTENT)))
                _BY_CONTENT[key] = ch
        _CHARTS[game] = ch
    return ch
