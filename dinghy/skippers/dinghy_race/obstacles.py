"""Obstacles without shapely: marks, land and the edge of the water as a field of
distances on a grid (:class:`FixedField`), and the table round one boat (other hulls as
circles, fixed obstacles by the field) for the skippers' quick checks of where a hull
or a card would lie (:class:`Obstacles`). The engine stays the judge; these only sort
candidates before it is asked.
"""
from __future__ import annotations


import numpy as np
import shapely

from dinghy.skippers.dinghy_race.batch import ChartLike, aspect_bits, off_wind_deg

# --- obstacles, without shapely ------------------------------------------------------------

_CORNER_FX = np.array([-1, 1, -1, 1, 0, -1, 1, 0])[None, :]
_CORNER_FY = np.array([0, 0, 1, 1, 0.5, 0.5, 0.5, 1])[None, :]
_HULL_F = np.array([0.05, 0.5, 0.95])[None, :]
_HULL_CIRCLES = np.array([0.12, 0.37, 0.63, 0.88])[None, :]


def hull_points(H: float, x, y, h) -> tuple[np.ndarray, np.ndarray]:
    """Three points along each hull (near the bow, amidships, near the stern) of length
    ``H`` behind the bows at (x, y), heading ``h``: (n, 3) arrays of x and y."""
    hr = np.radians(h)
    return (x[:, None] - np.sin(hr)[:, None] * H * _HULL_F,
            y[:, None] - np.cos(hr)[:, None] * H * _HULL_F)


class FixedField:
    """Distance from any point to the nearest mark, buoy, land or edge, on a grid:
    candidates far from everything fixed need no closer look."""

    def __init__(self, chart: ChartLike) -> None:
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

    def __init__(self, chart: ChartLike, state, me: int) -> None:
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
    def of(cls, chart: ChartLike, state, me: int) -> "Obstacles":
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
        px, py = hull_points(H, x, y, h)
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
        px, py = hull_points(H, x, y, h)
        d = np.hypot(px[..., None] - self.bx[None, None, :], py[..., None] - self.by[None, None, :])
        return (d <= self.br[None, None, :] + 0.21 * H).any(axis=(1, 2))

    def nearest_boat(self, x, y) -> np.ndarray:
        if len(self.bx) == 0:
            return np.full(len(x), np.inf)
        return np.hypot(x[:, None] - self.bx[None, :], y[:, None] - self.by[None, :]).min(1)

    def _fitting_cards(self, h, tack) -> tuple[np.ndarray, np.ndarray]:
        """Every normal card that fits each bow's point of sail and tack: (the bow's
        index, the card's index in the chart), one entry per pair."""
        ch = self.chart
        bits = aspect_bits(off_wind_deg(h, ch.wind))
        normal = ch.normal_cards
        fits = (ch.c_fits[normal][None, :] & bits[:, None]) != 0
        ct = ch.c_tack[normal][None, :]
        fits &= (ct == 0) | (ct == np.asarray(tack)[:, None])
        ki, cj = np.nonzero(fits)
        return ki, normal[cj]

    def free_card(self, x, y, h, tack, cell=None) -> np.ndarray:
        """Whether some normal card (of the right point of sail and tack) could lie in
        front of each bow without touching a mark, land or the edge."""
        ch = self.chart
        n = len(x)
        if n == 0:
            return np.zeros(0, bool)
        ki, c = self._fitting_cards(h, tack)
        ok = np.zeros(n, bool)
        if len(ki):
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
        ki, c = self._fitting_cards(h, tack)
        ok[:] = False
        if len(ki):
            who = self.rect_boats(x[ki], y[ki], h[ki], ch.c_across[c], ch.c_along[c])
            np.logical_or.at(ok, ki, who < 0)
        return ok

    def room_fixed(self, x, y, h, cell=None) -> np.ndarray:
        """The next card needs the delay card's room ahead of the bow."""
        ch = self.chart
        return self.rect_fixed(x, y, h, ch.W, ch.L, cell)
