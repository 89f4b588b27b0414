"""The plain version of :func:`dinghy.games.dinghy_race.table.reach`: every shape built
as a polygon and judged by shapely, no bounding-box pre-filter. Kept as the reference
the fast path must match exactly (``tests/test_speed_equivalence.py`` compares them)."""
from __future__ import annotations

import math

import numpy as np

from dinghy.core.geometry import Pose, shapes_at
from dinghy.core.wind import Tack
from dinghy.games.dinghy_race.cards import CardType
from dinghy.games.dinghy_race.state import Boat
from dinghy.games.dinghy_race.table import ALL_LINES, Reach, Table, card_shapes, others, tack_after


def reach_exact(game: Table, boats: tuple[Boat, ...], boat: Boat, cards: list[CardType],
          shift: float = 0.0, lines: tuple[bool, bool] = ALL_LINES) -> list[Reach]:
    """:func:`reach` as plain shapely calls on every shape: the reference the fast path
    must match exactly (tests compare the two).

    A move touches what its card (shifted by ``shift``), the hull where it ends, or the
    room the next card needs ahead of the bow (the delay card's footprint, for fixed
    obstacles only) touches.
    """
    keys, idx, ex_x, ex_y, turns = [], [], [], [], []
    for card in cards:
        for i, ex in enumerate(card.exits):
            keys.append(card.key)
            idx.append(i)
            ex_x.append(ex.x)
            ex_y.append(ex.y)
            turns.append(ex.turn)
    n = len(keys)
    if n == 0:
        return []
    s = boat.tack.windward_sign
    h0 = math.radians(boat.pose.heading)
    sin0, cos0 = math.sin(h0), math.cos(h0)
    lx = s * (np.asarray(ex_x) + shift)
    ly = np.asarray(ex_y)
    sx = boat.pose.x + lx * cos0 + ly * sin0
    sy = boat.pose.y - lx * sin0 + ly * cos0
    headings = (boat.pose.heading + s * np.asarray(turns)) % 360
    hr = np.radians(headings)
    L = game.cards.hull_length
    bx, by = sx + L * np.sin(hr), sy + L * np.cos(hr)
    tacks = tack_after(game.wind_from, headings, boat.tack)

    # Shapes: one card footprint per card, a hull and a room-ahead per exit.
    unique = tuple(dict.fromkeys(c.key for c in cards))
    card_geom = dict(zip(unique, card_shapes(game, boat.pose, boat.tack, shift, unique)))
    hulls = np.empty(n, dtype=object)
    for t in Tack:
        sel = np.array([tk is t for tk in tacks])
        if sel.any():
            hulls[sel] = shapes_at(bx[sel], by[sel], headings[sel], game.hull_outline(t))
    rooms = shapes_at(bx, by, headings, game.card_outline(game.delay_card, Tack.PORT))
    cards_arr = np.array(list(card_geom.values()), dtype=object)
    card_pos = {k: i for i, k in enumerate(card_geom)}

    # one query per obstacle kind for cards, hulls and rooms together (each shape's
    # answer is its own, whatever else is asked with it)
    nc = len(cards_arr)
    fixed = game.fixed_hits(np.concatenate([cards_arr, hulls, rooms]), lines=lines)
    fixed_cards, fixed_hulls, fixed_rooms = fixed[:nc], fixed[nc:nc + n], fixed[nc + n:]
    oth = others(game, boats, boat.index)
    moving = np.concatenate([cards_arr, hulls])
    hit = oth.hull_hits(moving)
    boat_cards, boat_hulls = hit[:nc], hit[nc:]
    met = oth.card_hits(moving)
    met_cards, met_hulls = met[:nc], met[nc:]

    out = []
    xs, ys, hs = bx.tolist(), by.tolist(), headings.astype(int).tolist()
    for i in range(n):
        c = card_pos[keys[i]]
        blocked = fixed_cards[c] or fixed_hulls[i] or fixed_rooms[i]
        if blocked is None:
            hit = boat_cards[c] if boat_cards[c] is not None else boat_hulls[i]
            blocked = game.name(hit) if hit is not None else None
        met = tuple(sorted(set(met_cards[c]) | set(met_hulls[i])))
        out.append(Reach(keys[i], idx[i], Pose.trusted(xs[i], ys[i], hs[i]), tacks[i], blocked, met))
    return out
