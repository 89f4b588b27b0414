"""The course's legs as the skippers see them: a mark rounded along its circle of
clearance (counted ray by ray, as ``dinghy.games.dinghy_race.course`` counts), a gate
crossed between its marks, and the detour land costs (a visibility graph round the
inflated land), each answering "what does it cost to get past me from here?" for many
positions at once.
"""
from __future__ import annotations

import math

import numpy as np
import shapely

from dinghy.games.dinghy_race.rounding import GatePassage
from dinghy.skippers.dinghy_race.batch import ChartLike, cheapest_point

class MarkLeg:
    def __init__(self, chart: ChartLike, psg, radius: float) -> None:
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

    def cost(self, chart: ChartLike, s: int, x: np.ndarray, y: np.ndarray):
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


def centre_to_segments(cx, cy, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    n2 = dx * dx + dy * dy
    t = np.clip(((cx - ax) * dx + (cy - ay) * dy) / np.maximum(n2, 1e-12), 0.0, 1.0)
    return np.hypot(cx - (ax + t * dx), cy - (ay + t * dy))


class GateLeg:
    def __init__(self, chart: ChartLike, psg: GatePassage, radius: float, margin: float) -> None:
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

    def finish_setup(self, chart: ChartLike) -> None:
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

    def cost(self, chart: ChartLike, s: int, x: np.ndarray, y: np.ndarray):
        need = max(1, 1 - s)
        bc, btx, bty = self.before_cost(chart, x, y)
        best, tx, ty = cheapest_point(chart, self.aft_x, self.aft_y, x, y, self.around)
        after = self.side(x, y) >= 0
        out = np.where(after, best, bc) + (need - 1) * self.loop
        return out, np.where(after, tx, btx), np.where(after, ty, bty)


def ray_events(ox, oy, u, sigma, px, py, qx, qy, limit):
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


class Detour:
    """Extra time land adds on the way to one target: a coarse field, interpolated."""

    CELL = 20.0

    def __init__(self, chart: ChartLike, target: tuple[float, float]) -> None:
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
            bx, by = x[idx], y[idx]
            for v in range(len(self.verts)):
                vx, vy = self.verts[v]
                if not np.isfinite(self.vdist[v]):
                    continue
                c = chart.time(vx - bx, vy - by) + self.vdist[v]
                # only a way round that would beat the best so far needs its line of sight
                j = np.flatnonzero(c < best)
                if not len(j):
                    continue
                ls = shapely.linestrings(np.stack([np.stack([bx[j], by[j]], 1),
                                                   np.tile([[vx, vy]], (len(j), 1))], 1))
                ok = ~shapely.intersects(self.core, ls)
                best[j[ok]] = c[j[ok]]
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
