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


def _turned(outline: np.ndarray, heading: int) -> list[tuple[float, float]]:
    """An outline turned to ``heading`` about its origin (the polygons' arithmetic:
    x = lx cos + ly sin, y = -lx sin + ly cos)."""
    sn, cs = _SIN[heading], _COS[heading]
    return [(lx * cs + ly * sn, -lx * sn + ly * cs) for lx, ly in outline.tolist()]


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


def axes(game: Table, a_key: tuple, a_heading: int, b_key: tuple, b_heading: int) -> tuple[tuple[float, ...], ...]:
    """Per separating axis candidate: (nx, ny, min and max of shape a's corners, min and
    max of shape b's corners), each shape anchored at the origin (cached on the table per
    outlines and headings). A key names one of the table's outlines: (card key, tack,
    shift), or (None, tack, 0.0) for the hull."""
    cache = game.__dict__.setdefault("_sat_axes", {})
    key = (a_key, a_heading, b_key, b_heading)
    out = cache.get(key)
    if out is None:
        pa, pb = _turned(outline(game, a_key), a_heading), _turned(outline(game, b_key), b_heading)
        rows = []
        for nx, ny in _normals(pa) + _normals(pb):
            qa = [x * nx + y * ny for x, y in pa]
            qb = [x * nx + y * ny for x, y in pb]
            rows.append((nx, ny, min(qa), max(qa), min(qb), max(qb)))
        out = tuple(rows)
        if len(cache) > 50000:
            cache.clear()
        cache[key] = out
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
