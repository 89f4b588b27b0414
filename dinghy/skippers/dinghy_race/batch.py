"""Candidate boat positions as numpy columns, and the small vector geometry the skippers
share: a :class:`Batch` holds many candidates at once (where each bow is, its heading,
tack, spinnaker, legs done, the card that took it there and what that cost), so that a
skipper judges a whole turn's choices in a few array operations.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dinghy.core.wind import Tack
from dinghy.games.dinghy_race.cards import Kind

#: A :class:`dinghy.skippers.dinghy_race.brain.Chart` (the course's sailing chart), as the pieces it is
#: made of (legs, obstacles) and these helpers receive it from the chart itself.
ChartLike = Any

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


def cheapest_point(chart: ChartLike, px: np.ndarray, py: np.ndarray, x: np.ndarray, y: np.ndarray,
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


def at_places(boat, x, y, h, tack) -> Batch:
    """The batch of ``boat`` (a table's boat: its spinnaker, legs and stage, whether it
    has started) put at several places and headings ``x``, ``y``, ``h`` on ``tack``
    (+1 starboard, -1 port), as if each were a move from where its bow is now."""
    n = len(x)
    return Batch(np.array(x, float), np.array(y, float), np.array(h, np.int64), np.array(tack, np.int64),
                 np.full(n, bool(boat.spi_up)), np.full(n, int(boat.legs_done), np.int64),
                 np.full(n, -99 if boat.stage is None else int(boat.stage), np.int64),
                 np.full(n, bool(boat.started)), np.zeros(n, bool), np.full(n, -1, np.int64),
                 np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n),
                 np.full(n, float(boat.pose.x)), np.full(n, float(boat.pose.y)))


def at_poses(boat, poses, tacks) -> Batch:
    """:func:`at_places` for a list of poses and their tacks (:class:`Tack`)."""
    return at_places(boat, [p.x for p in poses], [p.y for p in poses], [p.heading % 360 for p in poses],
                     [tack_sign(t) for t in tacks])


def concat(batches: list[Batch]) -> Batch:
    return Batch(*(np.concatenate([getattr(b, f) for b in batches]) for f in Batch.__dataclass_fields__))


# --- the course as a cost-to-go ---------------------------------------------------------
