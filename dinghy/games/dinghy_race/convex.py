"""Whether two convex shapes of the table (hulls, cards) touch, judged in plain floats
where the answer is certain, so that shapely is asked only about the close calls.

Every hull and card outline is convex, and every heading is a multiple of 15 degrees.
Two closed convex polygons are apart exactly when some edge normal of one of them
separates them; :func:`verdict` projects both shapes on every edge normal (unit
normals of the turned outlines, cached per pair of outlines and headings) and answers

* ``False`` when on some axis a gap wider than :data:`TOL` lies between them (surely
  apart: shapely, judging the same shapes, finds no common point),
* ``True`` when on every axis they overlap by more than :data:`TOL` (surely touching),
* ``None`` otherwise: a close call, left to shapely.

The corners here come from the outline turned once and moved to the anchor point,
within a few units in the last place of the polygons' own corners (coordinates on the
table are below 1e5 mm: a unit in the last place is about 1e-11 mm), so a margin of
1e-6 mm keeps both certain answers certain.
"""
from __future__ import annotations

import math

import numpy as np

from dinghy.games.dinghy_race.bounds import _COS, _SIN, Table

#: mm: overlaps and gaps within this are left to shapely
TOL = 1e-6


def _normals(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Unit normals of a polygon's edges (one per direction up to sign)."""
    out: list[tuple[float, float]] = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        dx, dy = x1 - x0, y1 - y0
        n = math.hypot(dx, dy)
        if n == 0.0:
            continue
        nx, ny = -dy / n, dx / n
        if any(abs(nx * ox + ny * oy) > 1.0 - 1e-12 for ox, oy in out):
            continue        # parallel to an axis already listed
        out.append((nx, ny))
    return out


def _turn(x: float, y: float, heading: int) -> tuple[float, float]:
    """A local point (or direction) turned to ``heading``: the polygons' arithmetic,
    x cos + y sin, -x sin + y cos."""
    sn, cs = _SIN[heading], _COS[heading]
    return (x * cs + y * sn, -x * sn + y * cs)


class _Axes:
    """The table's candidate axes: each edge direction of an outline (a "family", the
    unturned unit normal) turned to the 24 headings; and per outline turned to a
    heading, its extents along every heading of the families met so far."""

    def __init__(self) -> None:
        self.families: list[tuple[float, float]] = []    # unturned unit normals
        self.turned: list[list[tuple[float, float]]] = []  # per family, per heading // 15
        self.of_outline: dict[tuple, list[int]] = {}      # outline key -> its families
        self.shapes: dict[tuple, tuple] = {}              # (key, heading) -> (corners, extents)
        self.pairs: dict[tuple, tuple] = {}               # (key a, heading a, key b, heading b) -> rows

    def families_of(self, game: Table, key: tuple) -> list[int]:
        out = self.of_outline.get(key)
        if out is None:
            out = []
            for nx, ny in _normals([tuple(p) for p in outline(game, key).tolist()]):
                i = next((j for j, (ox, oy) in enumerate(self.families)
                          if abs(nx * ox + ny * oy) > 1.0 - 1e-12), None)
                if i is None:
                    i = len(self.families)
                    self.families.append((nx, ny))
                    self.turned.append([_turn(nx, ny, h) for h in range(0, 360, 15)])
                out.append(i)
            self.of_outline[key] = out
        return out

    def extents(self, game: Table, key: tuple, heading: int) -> list[tuple[list, list]]:
        """Per family, the min and max of the outline's corners (turned to ``heading``)
        along the family's normal at each of the 24 headings."""
        shape = self.shapes.get((key, heading))
        if shape is None:
            corners = np.array([_turn(x, y, heading) for x, y in outline(game, key).tolist()])
            shape = self.shapes[(key, heading)] = (corners, [])
        done = shape[1]
        if len(done) < len(self.families):
            q = shape[0] @ np.array(self.turned[len(done):]).reshape(-1, 2).T
            lo, hi = q.min(axis=0).tolist(), q.max(axis=0).tolist()
            done += [(lo[i:i + 24], hi[i:i + 24]) for i in range(0, len(lo), 24)]
        return done


def axes(game: Table, a_key: tuple, a_heading: int, b_key: tuple, b_heading: int) -> tuple[tuple[float, ...], ...]:
    """Per separating axis candidate (the edge normals of both shapes): (nx, ny, min and
    max of shape a's corners, min and max of shape b's corners), each shape anchored at
    the origin (cached on the table per outlines and headings). A key names one of the
    table's outlines: (card key, tack, shift), or (None, tack, 0.0) for the hull."""
    ax = game.__dict__.get("_sat_axes")
    if ax is None:
        ax = game.__dict__["_sat_axes"] = _Axes()
    key = (a_key, a_heading, b_key, b_heading)
    out = ax.pairs.get(key)
    if out is None:
        fa, fb = ax.families_of(game, a_key), ax.families_of(game, b_key)
        ea, eb = ax.extents(game, a_key, a_heading), ax.extents(game, b_key, b_heading)
        turned = ax.turned
        ra, rb = a_heading // 15, b_heading // 15
        out = tuple([turned[f][ra] + (ea[f][0][ra], ea[f][1][ra], eb[f][0][ra], eb[f][1][ra]) for f in fa]
                    + [turned[f][rb] + (ea[f][0][rb], ea[f][1][rb], eb[f][0][rb], eb[f][1][rb]) for f in fb])
        if len(ax.pairs) > 50000:
            ax.pairs.clear()
        ax.pairs[key] = out
    return out


def outline(game: Table, key: tuple) -> np.ndarray:
    """The outline a key names: (card key, tack, shift), or (None, tack, 0.0) for the hull."""
    what, tack, shift = key
    if what is None:
        return game.hull_outline(tack)
    return game.card_outline(game.cards.types[what], tack, shift)


def others_items(game: Table, boats: tuple, index: int) -> tuple[list, list]:
    """The other boats' hulls and cards as (boat index, outline key, x, y, heading), in
    the order of :func:`bounds.others_box_lists` (kept per fleet object)."""
    memo = game.__dict__.setdefault("_others_items", {})
    hit = memo.get((id(boats), index))
    if hit is not None and hit[0] is boats:
        return hit[1]
    delay = game.cards.delay_key()
    hulls, cards = [], []
    for b in boats:
        if b.index == index or not b.launched or b.finished is not None:
            continue
        p = b.pose
        hulls.append((b.index, (None, b.tack, 0.0), p.x, p.y, p.heading))
        key = delay if b.delays else (b.planned if b.planned is not None and not b.aside else None)
        if key is not None:
            cards.append((b.index, (key, b.tack, 0.0), p.x, p.y, p.heading))
    out = (hulls, cards)
    if len(memo) >= 64:
        memo.clear()
    memo[(id(boats), index)] = (boats, out)
    return out


def verdict(rows: tuple[tuple[float, ...], ...], ax: float, ay: float, bx: float, by: float) -> bool | None:
    """Whether shape a anchored at (ax, ay) and shape b at (bx, by) touch (see the module
    docstring): True, False, or None for a close call."""
    dx, dy = bx - ax, by - ay
    sure = True
    for nx, ny, a0, a1, b0, b1 in rows:
        d = dx * nx + dy * ny
        lo = b0 + d
        hi = b1 + d
        # the overlap of [a0, a1] and [lo, hi] on this axis (negative: a gap)
        over = (a1 if a1 < hi else hi) - (a0 if a0 > lo else lo)
        if over < -TOL:
            return False
        if over <= TOL:
            sure = False
    return True if sure else None


def sure_hits(game: Table, key: tuple, at: tuple, box: tuple, items: list, boxes: list,
              first: bool = False) -> tuple[int, ...] | None:
    """The boats among ``items`` (hulls or cards, with their quick ``boxes``, from
    :func:`others_items`) whose shape the table's outline ``key`` placed at ``at`` (x,
    y, heading; quick box ``box``) surely touches, in their order; with ``first``, only
    the first such boat. None when a close call comes first: shapely must judge."""
    x, y, h = at
    out: list[int] = []
    for (j, k, bx, by, bh), b in zip(items, boxes):
        if not (box[0] <= b[2] and box[2] >= b[0] and box[1] <= b[3] and box[3] >= b[1]):
            continue
        v = verdict(axes(game, key, h, k, bh), x, y, bx, by)
        if v is None:
            return None
        if v:
            out.append(j)
            if first:
                break
    return tuple(out)
