"""The exits of the table's cards as tables per heading, tack and shift, for
:func:`dinghy.games.dinghy_race.table.reach`: the exits as arrays, the products that
place each exit's bow point and boxes relative to the bow, the relative boxes round
all of them, and the reference's arithmetic for building the polygons that must be
built. (Cached on the table; the table is passed as ``game``.)"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import shapely

from dinghy.core.wind import Tack
from dinghy.games.dinghy_race.cards import CardType
from dinghy.games.dinghy_race.bounds import _COS, _SIN, quick_box, union

Table = Any     # dinghy.games.dinghy_race.table.Table (which imports this module)

#: mm the relative union boxes of :func:`reach` are widened by: far more than the
#: rounding of adding a relative box to a bow point (coordinates below 1e5 mm, a few
#: units in the last place, about 1e-10 mm), far less than anything on the table
UNION_SLACK = 1e-7


def _turned_exits(game: Table, spec: tuple, h: int, tack: Tack, shift: float) -> list[tuple]:
    """What the exits of ``spec`` look like from a bow at heading ``h`` on ``tack``, the
    card shifted by ``shift`` (cached on the table): per exit the four products of the
    stern point's place (exit point times the heading's sine and cosine), the hull's
    length along the exit heading, that heading, the tack it leaves the boat on, and the
    turned quick boxes of the hull and of the room ahead. Adding them to a pose, in the
    reference's order, gives exactly the reference's bow points."""
    cache = game.__dict__.setdefault("_turned_exits", {})
    key = (id(spec), h, tack, shift)
    hit = cache.get(key)
    if hit is not None and hit[0] is spec:
        return hit[1]
    s = tack.windward_sign
    h0 = math.radians(h)
    sin0, cos0 = math.sin(h0), math.cos(h0)
    L = game.cards.hull_length
    wind = game.wind_from
    delay = game.delay_card.key
    rows = []
    for _, _, ex, ey, turn in spec[6]:
        lx = s * (ex + shift)
        hd = (h + s * turn) % 360
        rel = (wind - hd) % 360
        t = tack if rel == 0 or rel == 180 else (Tack.STARBOARD if rel < 180 else Tack.PORT)
        rows.append((lx * cos0, ey * sin0, lx * sin0, ey * cos0, L * _SIN[hd], L * _COS[hd], hd, t,
                     quick_box(game, None, t, 0.0, 0.0, 0.0, hd),
                     quick_box(game, delay, Tack.PORT, 0.0, 0.0, 0.0, hd)))
    # the boxes round all the shapes (cards, hulls, rooms) and round the moving ones
    # (cards, hulls), relative to the bow, widened by UNION_SLACK (see reach)
    cards = [quick_box(game, k, tack, shift, 0.0, 0.0, h) for k in spec[5]]
    hulls = [(p + q + ls + hb[0], -pn + qn + lc + hb[1], p + q + ls + hb[2], -pn + qn + lc + hb[3])
             for p, q, pn, qn, ls, lc, _, _, hb, _ in rows]
    rooms = [(p + q + ls + rb[0], -pn + qn + lc + rb[1], p + q + ls + rb[2], -pn + qn + lc + rb[3])
             for p, q, pn, qn, ls, lc, _, _, _, rb in rows]
    e = UNION_SLACK
    unions = [(u[0] - e, u[1] - e, u[2] + e, u[3] + e) for u in (union(cards + hulls + rooms), union(cards + hulls))]
    if len(cache) > 8192:
        cache.clear()
    cache[key] = (spec, rows, unions)
    return rows


def _exit_unions(game: Table, spec: tuple, h: int, tack: Tack, shift: float) -> list[tuple]:
    """The two relative union boxes :func:`_turned_exits` keeps with its rows."""
    return turned_exits_and_unions(game, spec, h, tack, shift)[1]


def turned_exits_and_unions(game: Table, spec: tuple, h: int, tack: Tack, shift: float) -> tuple:
    """:func:`_turned_exits`'s rows and :func:`_exit_unions`' boxes, in one look-up."""
    hit = game.__dict__.get("_turned_exits", {}).get((id(spec), h, tack, shift))
    if hit is None or hit[0] is not spec:
        _turned_exits(game, spec, h, tack, shift)
        hit = game.__dict__["_turned_exits"][(id(spec), h, tack, shift)]
    return hit[1], hit[2]


def placed_at(ends: list[tuple[float, float, int, Tack]], outlines: np.ndarray) -> np.ndarray:
    """Polygons of local outlines (m, k, 2) placed at bow points and headings: the
    arithmetic of :func:`dinghy.core.geometry.shapes_at`, so the reference's polygons."""
    bx = np.array([e[0] for e in ends])[:, None]
    by = np.array([e[1] for e in ends])[:, None]
    hr = np.radians(np.array([e[2] for e in ends]))
    s_, c_ = np.sin(hr)[:, None], np.cos(hr)[:, None]
    lx, ly = outlines[..., 0], outlines[..., 1]
    wx = bx + lx * c_ + ly * s_
    wy = by - lx * s_ + ly * c_
    return shapely.polygons(np.stack([wx, wy], axis=-1))


def exit_spec(game: Table, cards: list[CardType]):
    """The exits of the given cards as arrays (cached per list of the table's cards)."""
    own = all(game.cards.types.get(c.key) is c for c in cards)
    key = tuple(c.key for c in cards)
    cache = game.__dict__.setdefault("_exit_specs", {})
    if own and key in cache:
        return cache[key]
    keys, idx, ex_x, ex_y, turns = [], [], [], [], []
    for card in cards:
        for i, ex in enumerate(card.exits):
            keys.append(card.key)
            idx.append(i)
            ex_x.append(ex.x)
            ex_y.append(ex.y)
            turns.append(ex.turn)
    spec = None
    if keys:
        spec = (keys, idx, np.asarray(ex_x), np.asarray(ex_y), np.asarray(turns),
                tuple(dict.fromkeys(c.key for c in cards)),
                tuple(zip(keys, idx, ex_x, ex_y, turns)))
    if own:
        cache[key] = spec
    return spec


