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


@dataclass(frozen=True, slots=True)
class Spot:
    x: float
    y: float
    heading: float      # compass degrees in [0, 360): 0 north (+y), 90 east (+x)

    def to_world(self, lx: float, ly: float) -> tuple[float, float]:
        """A point of this spot's frame (+y ahead, +x to starboard) on the table."""
        r = math.radians(self.heading)
        s, c = math.sin(r), math.cos(r)
        return (self.x + lx * c + ly * s, self.y - lx * s + ly * c)

    def local(self, lx: float, ly: float, turn: float) -> "Spot":
        """The spot at (lx, ly) of this frame, turned ``turn`` degrees clockwise."""
        x, y = self.to_world(lx, ly)
        return Spot(x, y, (self.heading + turn) % 360.0)

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
