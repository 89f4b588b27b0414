"""Bounding boxes of the shapes on the table, computed from their corners without
building polygons: a cheap, exact pre-filter for the collision checks of
:mod:`dinghy.games.dinghy_race.table`. Two shapes whose boxes are strictly apart cannot
touch; a shape whose box lies strictly inside a rectangular playing area is on the
water. Anything else is left to shapely. The corners are computed with the same IEEE
operations as the polygons' (``table._batch``, ``card_shapes``, ``shapes_at``), so a box
is exactly the bounds of the polygon it stands for."""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np
import shapely

from dinghy.core.geometry import Pose
from dinghy.core.wind import Tack
from dinghy.games.dinghy_race.state import Boat

#: the game these helpers read (a :class:`dinghy.games.dinghy_race.table.Table`: its
#: cards, course and hull shapes); named loosely, as the table imports this module.
Table = Any


def boxes_of(geoms: np.ndarray) -> np.ndarray:
    return shapely.bounds(geoms) if len(geoms) else np.empty((0, 4))


def others_afloat(game: Table, boats: tuple[Boat, ...], index: int):
    delay = game.cards.delay_key()
    afloat = [b for b in boats if b.index != index and b.launched and b.finished is None]
    with_card = [(b, delay if b.delays else b.planned) for b in afloat
                 if b.delays or (b.planned is not None and not b.aside)]
    return afloat, with_card


def _fleet_boxes(game: Table, boats: tuple[Boat, ...], index: int, name: str,
                 box: Callable[[Boat, str | None], tuple], pack: Callable[[list, list], Any]) -> Any:
    """``pack(hulls, cards)`` of the boxes ``box(boat, key)`` of every other boat afloat:
    its hull (key None) and the card before its bow (the delay card while it has
    delays, else its planned card unless aside), in the boats' order. Kept per fleet
    object (the cache named ``name``): a step asks about the same fleet several times;
    and each boat's boxes per boat object, the last fleet's by place (a move changes one
    boat of it: the others are the very objects of the last fleet)."""
    d = game.__dict__
    memo = d.get(name)
    if memo is None:
        memo = d[name] = {}
        d[name + "_per_boat"] = {}
        d[name + "_last"] = [(), ()]
    hit = memo.get((id(boats), index))
    if hit is not None and hit[0] is boats:
        return hit[1]
    per_boat, last = d[name + "_per_boat"], d[name + "_last"]
    prev, prev_entries = last
    same = len(prev) == len(boats)
    entries: list = [None] * len(boats)
    hulls, cards = [], []
    for i, b in enumerate(boats):
        if b.index == index or not b.launched or b.finished is not None:
            continue
        e = prev_entries[i] if same and prev[i] is b else None
        if e is None:
            e = per_boat.get(id(b))
            if e is None or e[0] is not b:
                if b.delays:
                    key = game.cards.delay_key()
                else:
                    key = b.planned if b.planned is not None and not b.aside else None
                e = (b, box(b, None))
                if key is not None:
                    e += (box(b, key),)
                if len(per_boat) >= 256:
                    per_boat.clear()
                per_boat[id(b)] = e
        entries[i] = e
        hulls.append(e[1])
        if len(e) > 2:
            cards.append(e[2])
    last[0], last[1] = boats, entries
    out = pack(hulls, cards)
    if len(memo) >= 64:
        memo.clear()
    memo[(id(boats), index)] = (boats, out)
    return out


def _read_only_arrays(hulls: list, cards: list) -> tuple[np.ndarray, np.ndarray]:
    out = (np.array(hulls, dtype=float).reshape(len(hulls), 4), np.array(cards, dtype=float).reshape(len(cards), 4))
    for arr in out:
        arr.setflags(write=False)
    return out


def others_boxes(game: Table, boats: tuple[Boat, ...], index: int) -> tuple[np.ndarray, np.ndarray]:
    """Bounds of the hulls and of the cards :func:`others` would build (same order),
    from their corners alone: no polygons (kept per fleet object, each boat's per boat
    object; the arrays are read-only)."""
    return _fleet_boxes(game, boats, index, "_others_boxes",
                        lambda b, key: _placed_box(game, (b.pose, b.tack, key)), _read_only_arrays)


def card_boxes(game: Table, pose: Pose, tack: Tack, keys) -> np.ndarray:
    """Bounds of the table's cards laid in front of a bow (exactly those of the polygons
    :func:`card_shapes` builds), without building them."""
    boxes, row = _pose_card_boxes(game, pose, tack)
    return boxes[[row[k] for k in keys]]


def _pose_card_boxes(game: Table, pose: Pose, tack: Tack) -> tuple[np.ndarray, dict[str, int]]:
    """Bounds of every card of the table in front of one bow, computed together (cached
    per pose): the arithmetic of :func:`_batch` on the cards' corners, ``x + lx cos +
    ly sin``, with the two products taken from a table per heading and tack."""
    cache = game.__dict__.setdefault("_pose_card_boxes", {})
    key = (pose, tack)
    out = cache.get(key)
    if out is None:
        if len(cache) > 4096:
            cache.clear()
        xc, ys, xs, yc, row = _card_products(game, pose.heading, tack)
        wx = pose.x + xc + ys
        wy = pose.y - xs + yc
        boxes = np.stack([wx.min(axis=1), wy.min(axis=1), wx.max(axis=1), wy.max(axis=1)], axis=1)
        out = cache[key] = (boxes, row)
    return out


def _card_products(game: Table, heading: int, tack: Tack) -> tuple:
    """The corners of every card of the table (rows padded by repeating the last
    corner) times the heading's cosine and sine: lx cos, ly sin, lx sin, ly cos (cached
    per heading and tack)."""
    cache = game.__dict__.setdefault("_card_products", {})
    out = cache.get((heading, tack))
    if out is None:
        keys = list(game.cards.types)
        outlines = [game.card_outline(game.cards.types[k], tack) for k in keys]
        n = max(len(o) for o in outlines)
        pts = np.empty((len(keys), n, 2))
        for i, o in enumerate(outlines):
            pts[i, :len(o)] = o
            pts[i, len(o):] = o[-1]
        r = np.radians([heading])[:, None]
        sn, cs = np.sin(r), np.cos(r)
        lx, ly = pts[..., 0], pts[..., 1]
        out = cache[(heading, tack)] = (lx * cs, ly * sn, lx * sn, ly * cs, {k: i for i, k in enumerate(keys)})
    return out


def fixed_clear(game: Table, boxes: np.ndarray, lines: tuple[bool, bool] = (True, True)) -> np.ndarray:
    """For shapes with these bounds: True where the shape surely lies on the water clear
    of every mark, buoy and land (False: let :meth:`Table.fixed_hits` judge)."""
    return _inside(boxes, game.area_box) & ~boxes_near(boxes, game.obstacle_boxes(lines)).any(axis=1)


def _corner_box(pose: Pose, outline: np.ndarray) -> tuple[float, float, float, float]:
    """Bounds of an outline placed at a pose: the arithmetic of :func:`_batch`, point
    by point in plain floats (the same IEEE operations, so the same corners; the
    sine and cosine of the table's 15-degree headings are the same in math and numpy)."""
    r = math.radians(pose.heading)
    sn, cs = math.sin(r), math.cos(r)
    x0, y0 = pose.x, pose.y
    xs, ys = [], []
    for lx, ly in outline.tolist():
        xs.append(x0 + lx * cs + ly * sn)
        ys.append(y0 - lx * sn + ly * cs)
    return (min(xs), min(ys), max(xs), max(ys))


def _placed_boxes(game: Table, items: list) -> np.ndarray:
    """Bounds of hulls (key None) or cards at poses, as :func:`_batch` would place them:
    the same arithmetic on the same corners (cached per item)."""
    cache = game.__dict__.setdefault("_placed_boxes", {})
    get = cache.get
    boxes = [get(it) for it in items]
    if None in boxes:
        if len(cache) > 8192:
            cache.clear()
        found: dict = {}
        for it, b in zip(items, boxes):
            if b is None and it not in found:
                pose, t, k = it
                o = game.hull_outline(t) if k is None else game.card_outline(game.cards.types[k], t)
                found[it] = cache[it] = _corner_box(pose, o)
        boxes = [found[it] if b is None else b for it, b in zip(items, boxes)]
    return np.array(boxes, dtype=float).reshape(len(items), 4)


def _placed_box(game: Table, item: tuple) -> tuple[float, float, float, float]:
    """:func:`_placed_boxes` of one item, as a tuple (the same cache)."""
    cache = game.__dict__.setdefault("_placed_boxes", {})
    b = cache.get(item)
    if b is None:
        if len(cache) > 8192:
            cache.clear()
        pose, t, k = item
        o = game.hull_outline(t) if k is None else game.card_outline(game.cards.types[k], t)
        b = cache[item] = _corner_box(pose, o)
    return b


def _boxes(wx: np.ndarray, wy: np.ndarray) -> np.ndarray:
    """Bounds (minx, miny, maxx, maxy) of shapes given by their corners, (n, 4)."""
    return np.stack([wx.min(axis=1), wy.min(axis=1), wx.max(axis=1), wy.max(axis=1)], axis=1)


def boxes_near(a: np.ndarray, b: np.ndarray | None) -> np.ndarray:
    """(len(a), len(b)): whether two boxes overlap or touch. False means the shapes are
    certainly apart (every corner of one lies strictly beyond the other's bounds)."""
    if b is None or not len(b):
        return np.zeros((len(a), 0), bool)
    return ((a[:, None, 0] <= b[None, :, 2]) & (a[:, None, 2] >= b[None, :, 0])
            & (a[:, None, 1] <= b[None, :, 3]) & (a[:, None, 3] >= b[None, :, 1]))


def _inside(a: np.ndarray, box: tuple[float, float, float, float] | None) -> np.ndarray:
    """Whether each box lies strictly inside the rectangle (False when there is none)."""
    if box is None:
        return np.zeros(len(a), bool)
    return (a[:, 0] > box[0]) & (a[:, 1] > box[1]) & (a[:, 2] < box[2]) & (a[:, 3] < box[3])


# -- quick boxes: plain floats, a hair wider than the shapes -----------------------------
#
# The boxes above are exact (the corners' own arithmetic). The quick boxes below come from
# an outline's bounds turned to a heading once (cached per outline and heading) and moved
# to the anchor point: the corners come out within a few units in the last place of the
# exact ones, so each box is widened by MARGIN, far more than that error and far less
# than anything on the table. A quick box therefore always holds the exact box: "apart"
# or "strictly inside" judged on quick boxes is still certain.

#: mm a quick box is widened by on every side (coordinates on the table are below 1e5 mm,
#: where a unit in the last place is about 1e-11 mm)
MARGIN = 1e-6
#: What a shape reaching past the playing area touches, as the rulings name it.
EDGE = "the edge of the playing area"

_SIN = {h: math.sin(math.radians(h)) for h in range(0, 360, 15)}
_COS = {h: math.cos(math.radians(h)) for h in range(0, 360, 15)}


def turned_box(outline: np.ndarray, heading: int) -> tuple[float, float, float, float]:
    """Bounds of an outline turned to ``heading`` about its origin, widened by MARGIN."""
    sn, cs = _SIN[heading], _COS[heading]
    pts = outline.tolist()
    xs = [lx * cs + ly * sn for lx, ly in pts]
    ys = [ly * cs - lx * sn for lx, ly in pts]
    return (min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN)


def local_boxes(game: Table) -> dict:
    """The table's cache of turned boxes: (what, tack, shift, heading) -> box, where
    ``what`` is a card key, or None for the hull."""
    return game.__dict__.setdefault("_turned_boxes", {})


def quick_box(game: Table, what: str | None, tack: Tack, shift: float, x: float, y: float,
              heading: int) -> tuple[float, float, float, float]:
    """A quick box of the hull (``what`` None) or a table's card (shifted) at a pose."""
    cache = local_boxes(game)
    key = (what, tack, shift, heading)
    b = cache.get(key)
    if b is None:
        o = game.hull_outline(tack) if what is None else game.card_outline(game.cards.types[what], tack, shift)
        b = cache[key] = turned_box(o, heading)
    return (x + b[0], y + b[1], x + b[2], y + b[3])


def touching(box: tuple, boxes: list) -> bool:
    """Whether a box overlaps or touches any of ``boxes`` (False: certainly apart)."""
    x0, y0, x1, y1 = box
    for b in boxes:
        if x0 <= b[2] and x1 >= b[0] and y0 <= b[3] and y1 >= b[1]:
            return True
    return False


def inside(box: tuple, area: tuple | None) -> bool:
    """Whether a box lies strictly inside the rectangle (False when there is none)."""
    return area is not None and box[0] > area[0] and box[1] > area[1] and box[2] < area[2] and box[3] < area[3]


def union(boxes: list) -> tuple[float, float, float, float]:
    """The box round several boxes."""
    x0, y0, x1, y1 = zip(*boxes)
    return (min(x0), min(y0), max(x1), max(y1))


def others_box_lists(game: Table, boats: tuple[Boat, ...], index: int) -> tuple[list, list]:
    """Quick boxes of the shapes :func:`others_boxes` bounds, as lists of tuples (same order), kept per
    fleet object and per boat object."""
    return _fleet_boxes(game, boats, index, "_others_box_lists",
                        lambda b, key: quick_box(game, key, b.tack, 0.0, b.pose.x, b.pose.y, b.pose.heading),
                        lambda hulls, cards: (hulls, cards))
