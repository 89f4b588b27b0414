"""Where a boat stands: its bow and its heading in degrees (a float: a boat that stops at
the entry of a forbidden zone part-way round an arrow points wherever the arrow points
there, not on a 15° grid). Hulls and card footprints are built with the same shapely
helpers as Dinghy Race (:mod:`dinghy.core.geometry`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely

from dinghy.core.geometry import hull_outline, rectangle_outline, shapes_at


def place(x, y, heading, lx, ly, turn, s, c):
    """The point (lx, ly) of the frame at (x, y, heading) (+y ahead, +x to starboard) on
    the table, and the heading turned ``turn`` degrees clockwise; ``s`` and ``c`` are the
    heading's sine and cosine. Floats or numpy arrays (broadcast): the one copy of this
    arithmetic, for one spot (:meth:`Spot.to_world`) and for many (:func:`frames`)."""
    return x + lx * c + ly * s, y - lx * s + ly * c, (heading + turn) % 360.0


def frames(x, y, heading, lx, ly, turn=0.0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`place` for arrays: points of many frames, or many points of one frame, at
    once (x, y and heading on the table out)."""
    r = np.radians(heading)
    return place(x, y, heading, lx, ly, turn, np.sin(r), np.cos(r))


@dataclass(frozen=True, slots=True)
class Spot:
    x: float
    y: float
    heading: float      # compass degrees in [0, 360): 0 north (+y), 90 east (+x)

    def to_world(self, lx: float, ly: float) -> tuple[float, float]:
        """A point of this spot's frame (+y ahead, +x to starboard) on the table."""
        r = math.radians(self.heading)
        x, y, _ = place(self.x, self.y, self.heading, lx, ly, 0.0, math.sin(r), math.cos(r))
        return (x, y)

    def local(self, lx: float, ly: float, turn: float) -> "Spot":
        """The spot at (lx, ly) of this frame, turned ``turn`` degrees clockwise."""
        r = math.radians(self.heading)
        return Spot(*place(self.x, self.y, self.heading, lx, ly, turn, math.sin(r), math.cos(r)))

    def text(self) -> str:
        return f"({self.x:.0f}, {self.y:.0f}) heading {self.heading:.0f}°"


class Shapes:
    """The hull and card outlines of one deck, placed at spots."""

    def __init__(self, hull_length: float, card_length: float, card_width: float) -> None:
        self.hull_length = hull_length
        self.card_length = card_length
        self.card_width = card_width
        self.hull = hull_outline(hull_length)
        self.card = rectangle_outline(card_width, card_length)
        # the forbidden zone, a hair smaller so that a hull stopped at its entry is out
        self.zone = rectangle_outline(card_width - 0.02, card_length - 0.02) + np.array([0.0, 0.01])

    @property
    def beam(self) -> float:
        return float(self.hull[:, 0].max() - self.hull[:, 0].min())

    def _at(self, spots, outline) -> np.ndarray:
        xs = np.array([s.x for s in spots], dtype=float)
        ys = np.array([s.y for s in spots], dtype=float)
        hs = np.array([s.heading for s in spots], dtype=float)
        return shapes_at(xs, ys, hs, outline)

    def hulls(self, spots) -> np.ndarray:
        return self._at(spots, self.hull)

    def hull_at(self, spot: Spot):
        return self.hulls([spot])[0]

    def card_at(self, spot: Spot):
        return self._at([spot], self.card)[0]

    def zones(self, spots) -> np.ndarray:
        return self._at(spots, self.zone)

    def sweep(self, spots) -> np.ndarray:
        """The hull carried from each spot to the next: the convex hull of each pair."""
        hulls = self.hulls(spots)
        coords = shapely.get_coordinates(hulls).reshape(len(spots), -1, 2)
        pairs = np.concatenate([coords[:-1], coords[1:]], axis=1)
        return shapely.convex_hull(shapely.multipoints(pairs))
