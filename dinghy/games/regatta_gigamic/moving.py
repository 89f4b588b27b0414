"""Laying a card and sailing one of its arrows.

Rule text: "il pose la carte qu'il a choisie devant son bateau dans le même axe que
celui-ci; il soulève son bateau et le place au bout de l'une des flèches de la carte, la
poupe (l'arrière) dans l'axe de la flèche dessinée sur la carte" (he lays the card in
front of his boat, in line with it; he lifts the boat and sets it at the end of one of
the arrows, its stern on the axis of the arrow drawn on the card).

So the card's frame is the boat's frame at the bow, and the boat ends with its stern on
the arrow's tip, pointing along the arrow there. "le déplacement du bateau doit suivre
le trajet indiqué par la carte": in between, the hull is carried with its stern on the
path (first straight onto the card, then along the arrow), pointing along the path; the
swept area is the union of the convex hulls of consecutive samples.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from dinghy.games.regatta_gigamic.collisions import Surroundings
from dinghy.games.regatta_gigamic.deck import Arrow
from dinghy.games.regatta_gigamic.spot import Shapes, Spot, frames

XY = tuple[float, float]
_TURN_STEP = 7.5        # degrees of arrow between samples
_LENGTH_STEP = 15.0     # mm of arrow between samples


@dataclass(frozen=True)
class Trace:
    """Where an arrow takes a boat and what is in the way."""

    touch: str | None           # what the path touches, in words (None: clear)
    end: Spot
    track: tuple[XY, ...]       # the bow's positions along the way
    zone_of: tuple[int, ...]    # seats in front of whose bow the boat would end

    @property
    def clear(self) -> bool:
        return self.touch is None

    @property
    def good(self) -> bool:
        """Clear all the way and ending outside every forbidden zone."""
        return self.touch is None and not self.zone_of


def samples(arrow: Arrow, hull: float) -> list[float]:
    """Path parameters: 0 the boat as it stands, ``hull`` its stern on the card's edge,
    ``hull + arrow.length`` its stern on the arrow's tip."""
    n = max(1, math.ceil(abs(arrow.turn) / _TURN_STEP), math.ceil(arrow.length / _LENGTH_STEP))
    return [0.0, hull] + [hull + arrow.length * k / n for k in range(1, n + 1)]


def in_start_frame(arrow: Arrow, hull: float, t: float) -> tuple[float, float, float]:
    """The boat at path parameter ``t`` (see :func:`samples`) in the frame it started
    from: its bow's x and y and the turn of its heading."""
    if t <= hull:
        return (0.0, t, 0.0)
    x, y, h = arrow.point(min(t - hull, arrow.length))
    r = math.radians(h)
    return (x + hull * math.sin(r), y + hull * math.cos(r), h)


def path_frame(arrow: Arrow, hull: float, ts) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`in_start_frame` at each path parameter of ``ts``, as three arrays."""
    a = np.array([in_start_frame(arrow, hull, t) for t in ts], dtype=float).reshape(-1, 3)
    return a[:, 0], a[:, 1], a[:, 2]


def spots_at(x, y, heading, arrow: Arrow, hull: float, ts) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`spot_at` in a batch, arrays in and out: the boat starting from (x, y,
    heading) (floats, or arrays of starts) at each path parameter of ``ts``; its bow's x,
    y and its heading on the table. The same arithmetic as :func:`spot_at`'s
    (:func:`in_start_frame`, then :func:`~dinghy.games.regatta_gigamic.spot.place`), the
    same numbers."""
    return frames(x, y, heading, *path_frame(arrow, hull, ts))


def spot_at(start: Spot, arrow: Arrow, hull: float, t: float) -> Spot:
    """The boat at path parameter ``t`` (see :func:`samples`): one spot of
    :func:`spots_at`, without numpy's cost for a single one."""
    return start.local(*in_start_frame(arrow, hull, t))


def _spots(start: Spot, arrow: Arrow, hull: float, ts) -> list[Spot]:
    xs, ys, hs = spots_at(start.x, start.y, start.heading, arrow, hull, ts)
    return [Spot(x, y, h) for x, y, h in zip(xs.tolist(), ys.tolist(), hs.tolist())]


def end_spot(start: Spot, arrow: Arrow, hull: float) -> Spot:
    return spot_at(start, arrow, hull, hull + arrow.length)


def trace(shapes: Shapes, sur: Surroundings, start: Spot, arrow: Arrow) -> Trace:
    ts = samples(arrow, shapes.hull_length)
    spots = _spots(start, arrow, shapes.hull_length, ts)
    touch = sur.touch(shapes.sweep(spots))
    end = spots[-1]
    zone_of = sur.zones_of(shapes.hull_at(end)) if touch is None else ()
    return Trace(touch, end, tuple((s.x, s.y) for s in spots), zone_of)


def stop_short(shapes: Shapes, sur: Surroundings, start: Spot, arrow: Arrow) -> tuple[Spot, tuple[XY, ...]]:
    """Where the boat stops "à l'entrée de cette zone": the last point of the path
    before it enters, for the last time, a forbidden zone it would end in."""
    hull = shapes.hull_length
    ts = samples(arrow, hull)
    spots = _spots(start, arrow, hull, ts)
    inside = sur.in_any_zone(shapes.hulls(spots))
    clear = [i for i in range(len(ts)) if not inside[i]]
    if not clear:
        return start, ((start.x, start.y),)
    i = clear[-1]
    if i == len(ts) - 1:
        return spots[-1], tuple((s.x, s.y) for s in spots)
    lo, hi = ts[i], ts[i + 1]
    for _ in range(40):
        mid = (lo + hi) / 2
        if sur.in_any_zone(shapes.hulls([spot_at(start, arrow, hull, mid)]))[0]:
            hi = mid
        else:
            lo = mid
    stop = spot_at(start, arrow, hull, lo)
    return stop, tuple((s.x, s.y) for s in spots[: i + 1]) + ((stop.x, stop.y),)


def pivot_spots(start: Spot, turn: int, hull: float) -> list[Spot]:
    """A boat turned in place about the middle of its hull, in 5° steps."""
    cx, cy = start.to_world(0.0, -hull / 2)
    steps = max(1, abs(turn) // 5)
    out = []
    for k in range(steps + 1):
        h = (start.heading + turn * k / steps) % 360.0
        r = math.radians(h)
        out.append(Spot(cx + math.sin(r) * hull / 2, cy + math.cos(r) * hull / 2, h))
    return out


def pivot_sweep(shapes: Shapes, spots: list[Spot]) -> np.ndarray:
    return shapes.hulls(spots)
