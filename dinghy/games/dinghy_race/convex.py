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

from dinghy.games.dinghy_race.bounds import _COS, _SIN, EDGE, Table

#: mm: overlaps and gaps within this are left to shapely
TOL = 1e-6

#: what :func:`fixed_sure` and :func:`sure_hits_of_parts` answer for a close call
UNSURE = object()


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
            if len(self.of_outline) > 20000:
                self.of_outline.clear()
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

    def extent(self, game: Table, key: tuple, heading: int, family: int, r: int) -> tuple[float, float]:
        """The min and max of the outline's corners (turned to ``heading``) along the
        family's normal turned to heading ``15 r`` (cached)."""
        shape = self.shapes.get((key, heading))
        if shape is None:
            if len(self.shapes) > 20000:     # (shifted cards: a key per shift)
                self.shapes.clear()
            shape = self.shapes[(key, heading)] = (corners(game, key, heading), {})
        out = shape[1].get((family, r))
        if out is None:
            nx, ny = self.turned[family][r]
            q = [x * nx + y * ny for x, y in shape[0]]
            out = shape[1][(family, r)] = (min(q), max(q))
        return out


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
        rows = []
        for own, h in ((a_key, a_heading), (b_key, b_heading)):
            r = h // 15
            for f in ax.families_of(game, own):
                rows.append(ax.turned[f][r] + ax.extent(game, a_key, a_heading, f, r)
                            + ax.extent(game, b_key, b_heading, f, r))
        out = tuple(rows)
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


def sure_hits_of_parts(game: Table, parts: list[tuple[tuple, float, float, int]], box: tuple,
                       items: list, boxes: list) -> int | None | object:
    """The first boat among ``items`` (as in :func:`sure_hits`) whose shape surely
    touches the union of the convex ``parts`` (outline key, x, y, heading; ``box`` round
    them all), None when it surely touches none, :data:`UNSURE` on a close call first."""
    for (j, k, bx, by, bh), b in zip(items, boxes):
        if not (box[0] <= b[2] and box[2] >= b[0] and box[1] <= b[3] and box[3] >= b[1]):
            continue
        close = False
        for key, x, y, h in parts:
            v = verdict(axes(game, key, h, k, bh), x, y, bx, by)
            if v:
                return j
            if v is None:
                close = True
        if close:
            return UNSURE
    return None


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


# -- fixed obstacles: the edge of a rectangular area, and convex marks and buoys ----------

def corners(game: Table, key: tuple, heading: int) -> list[tuple[float, float]]:
    """The outline's corners turned to ``heading``, relative to the anchor (cached)."""
    cache = game.__dict__.setdefault("_sat_corners", {})
    out = cache.get((key, heading))
    if out is None:
        if len(cache) > 20000:
            cache.clear()
        out = cache[(key, heading)] = [_turn(x, y, heading) for x, y in outline(game, key).tolist()]
    return out


def _discs(game: Table, lines: tuple[bool, bool]) -> list[tuple[float, float, float, float] | None]:
    """Per fixed obstacle (in :meth:`Table.obstacles` order): (cx, cy, r_in, r_out) of a
    convex one, whose shape holds the disc of radius r_in about the mean of its corners
    and lies in the disc of radius r_out; None for any other (cached on the table)."""
    cache = game.__dict__.setdefault("_sat_discs", {})
    out = cache.get(lines)
    if out is None:
        per_shape = game.__dict__.setdefault("_sat_disc_of", {})
        out = []
        for _, g in game.obstacles(lines)[0]:
            if id(g) not in per_shape:
                per_shape[id(g)] = (g, _disc_of(g))
            out.append(per_shape[id(g)][1])
        cache[lines] = out
    return out


def _disc_of(g) -> tuple[float, float, float, float] | None:
    """(cx, cy, r_in, r_out) of a convex polygon (see :func:`_discs`), or None."""
    if g.geom_type != "Polygon" or len(g.interiors):
        return None
    pts = g.exterior.coords[:-1]
    if len(pts) < 3 or not _convex(pts):
        return None
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    r_out = max(math.hypot(x - cx, y - cy) for x, y in pts)
    r_in = min(_line_distance(cx, cy, p, q) for p, q in zip(pts, pts[1:] + pts[:1]))
    return (cx, cy, r_in, r_out)


def _convex(pts: list[tuple[float, float]]) -> bool:
    """Whether a ring (no closing point) turns one way only, once round: convex."""
    n = len(pts)
    turns, angle = set(), 0.0
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = pts[i], pts[(i + 1) % n], pts[(i + 2) % n]
        ux, uy, vx, vy = bx - ax, by - ay, cx - bx, cy - by
        c = ux * vy - uy * vx
        if c:
            turns.add(c > 0)
        angle += math.atan2(c, ux * vx + uy * vy)
    return len(turns) == 1 and abs(abs(angle) - 2 * math.pi) < 1e-6


def _line_distance(x: float, y: float, p: tuple, q: tuple) -> float:
    """Distance from a point to the line through p and q."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    return abs((x - p[0]) * dy - (y - p[1]) * dx) / math.hypot(dx, dy)


def _distance(x: float, y: float, pts: list[tuple[float, float]]) -> float:
    """Distance from a point to a convex polygon (0 inside it, either way round)."""
    left = right = False
    best = math.inf
    n = len(pts)
    for i in range(n):
        (px, py), (qx, qy) = pts[i], pts[(i + 1) % n]
        dx, dy = qx - px, qy - py
        side = (x - px) * dy - (y - py) * dx
        if side > 0.0:
            right = True
        elif side < 0.0:
            left = True
        ll = dx * dx + dy * dy
        t = ((x - px) * dx + (y - py) * dy) / ll if ll else 0.0
        t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
        d = math.hypot(x - (px + t * dx), y - (py + t * dy))
        if d < best:
            best = d
    return 0.0 if not (left and right) else best


def fixed_sure(game: Table, parts: list[tuple[tuple, float, float, int]], box: tuple,
               lines: tuple[bool, bool], edge: bool = True):
    """What :meth:`Table.fixed_hits` would name for the union of the convex ``parts``
    (outline key, x, y, heading; ``box`` round them all): the edge of a rectangular
    area, or the one convex mark, buoy or land it surely touches (or several of one
    name), None when it surely touches nothing; :data:`UNSURE` for a close call."""
    world = [[(x + cx, y + cy) for cx, cy in corners(game, key, h)] for key, x, y, h in parts]
    if edge:
        area = game.area_box
        if area is None:
            return UNSURE
        x0, y0, x1, y1 = area
        out = False
        for pts in world:
            for px, py in pts:
                if px < x0 - TOL or px > x1 + TOL or py < y0 - TOL or py > y1 + TOL:
                    return EDGE
                if not (x0 + TOL < px < x1 - TOL and y0 + TOL < py < y1 - TOL):
                    out = True
        if out:
            return UNSURE
    names = game.obstacles(lines)[0]
    found = None
    for (name, _), b, disc in zip(names, game.obstacle_box_list(lines), _discs(game, lines)):
        if not (box[0] <= b[2] and box[2] >= b[0] and box[1] <= b[3] and box[3] >= b[1]):
            continue
        if disc is None:
            return UNSURE
        cx, cy, r_in, r_out = disc
        d = min(_distance(cx, cy, pts) for pts in world)
        if d > r_out + TOL:
            continue
        if d >= r_in - TOL or (found is not None and found != name):
            return UNSURE
        found = name
    return found
