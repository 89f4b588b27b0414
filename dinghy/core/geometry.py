"""Poses and shapes on the table: plain plane geometry, no game words.

Conventions used everywhere in dinghy:

* World units are millimetres; x grows to the east, y to the north.
* A heading is a compass bearing in whole degrees (0 = north/+y, 90 = east/+x),
  always a multiple of 15 and kept in ``[0, 360)``.
* A *local frame* of a pose has its origin at the pose point, +y pointing along the
  heading ("forward") and +x pointing to the right of it ("starboard").
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

HEADING_STEP = 15


class GeometryError(ValueError):
    """A pose or shape that breaks the conventions above."""


def normalize_heading(heading: int) -> int:
    """Bring a heading into [0, 360); reject anything that is not a whole 15° step."""
    if isinstance(heading, bool) or not isinstance(heading, (int, np.integer)):
        raise GeometryError(f"heading must be a whole number of degrees, got {heading!r}")
    if heading % HEADING_STEP:
        raise GeometryError(f"heading must be a multiple of {HEADING_STEP}°, got {heading}")
    return int(heading) % 360


def signed_turn(from_heading: int, to_heading: int) -> int:
    """The turn from one heading to another in (-180, 180]; positive is clockwise."""
    d = (to_heading - from_heading) % 360
    return d - 360 if d > 180 else d


def heading_vector(heading: float) -> np.ndarray:
    """Unit vector (dx, dy) pointing along a compass heading."""
    r = math.radians(heading)
    return np.array([math.sin(r), math.cos(r)])


@dataclass(frozen=True, slots=True)
class Pose:
    """A point on the table and a heading (multiple of 15°)."""

    x: float
    y: float
    heading: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "heading", normalize_heading(self.heading))
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))

    @classmethod
    def trusted(cls, x: float, y: float, heading: int) -> "Pose":
        """A pose from values already known to be valid (float, float, heading in
        [0, 360) on the 15° grid): skips the checks, for hot loops."""
        p = _new(cls)
        _set_x(p, x)
        _set_y(p, y)
        _set_heading(p, heading)
        return p

    @property
    def xy(self) -> tuple[float, float]:
        return (self.x, self.y)

    def to_world(self, local_x: float, local_y: float) -> tuple[float, float]:
        """A point given in this pose's local frame, in world coordinates."""
        s, c = math.sin(math.radians(self.heading)), math.cos(math.radians(self.heading))
        return (self.x + local_x * c + local_y * s, self.y - local_x * s + local_y * c)

    def to_local(self, x: float, y: float) -> tuple[float, float]:
        """A world point in this pose's local frame."""
        s, c = math.sin(math.radians(self.heading)), math.cos(math.radians(self.heading))
        dx, dy = x - self.x, y - self.y
        return (dx * c - dy * s, dx * s + dy * c)

    def offset(self, local_x: float, local_y: float, turn: int = 0) -> "Pose":
        """The pose reached by moving in the local frame and turning clockwise by ``turn``."""
        x, y = self.to_world(local_x, local_y)
        return Pose(x, y, self.heading + turn)

    def forward(self, distance: float) -> "Pose":
        return self.offset(0.0, distance)


# the slots' own setters: filling a new Pose without the frozen class's __setattr__
_new = object.__new__
_set_x, _set_y, _set_heading = (Pose.__dict__[n].__set__ for n in ("x", "y", "heading"))


def rotation_matrix(heading: float) -> np.ndarray:
    """Matrix M so that ``local @ M`` gives world offsets for a frame at ``heading``."""
    r = math.radians(heading)
    s, c = math.sin(r), math.cos(r)
    return np.array([[c, -s], [s, c]])


def local_to_world(pose: Pose, points: np.ndarray) -> np.ndarray:
    """Points (n, 2) in the pose's local frame, in world coordinates."""
    pts = np.asarray(points, dtype=float)
    r = math.radians(pose.heading)
    s, c = math.sin(r), math.cos(r)
    out = np.empty_like(pts)
    out[:, 0] = pose.x + pts[:, 0] * c + pts[:, 1] * s
    out[:, 1] = pose.y - pts[:, 0] * s + pts[:, 1] * c
    return out


def shape_at(pose: Pose, outline: np.ndarray) -> Polygon:
    """A polygon given by its local outline, placed at a pose."""
    return shapely.polygons(local_to_world(pose, outline))


def shapes_at(xs: np.ndarray, ys: np.ndarray, headings: np.ndarray,
              outline: np.ndarray) -> np.ndarray:
    """Many copies of one local outline at many poses at once (array of polygons).

    Vectorised with numpy and ``shapely.polygons``: about a microsecond a shape.
    """
    r = np.radians(np.asarray(headings, dtype=float))
    s, c = np.sin(r)[:, None], np.cos(r)[:, None]
    lx, ly = outline[:, 0][None, :], outline[:, 1][None, :]
    wx = np.asarray(xs, dtype=float)[:, None] + lx * c + ly * s
    wy = np.asarray(ys, dtype=float)[:, None] - lx * s + ly * c
    return shapely.polygons(np.stack([wx, wy], axis=-1))


def rectangle_outline(width: float, length: float, back: float = 0.0) -> np.ndarray:
    """A rectangle in a local frame: ``width`` across (centred), from y=-back to y=length-back."""
    w = width / 2.0
    return np.array([[-w, -back], [w, -back], [w, length - back], [-w, length - back]])


def hull_outline(length: float, heel: int = 0) -> np.ndarray:
    """A dinghy hull seen from above, bow at the origin, stern at y = -length.

    ``heel`` is +1 when the boat heels to starboard, -1 to port, 0 upright: the heeled
    hull shows its widest point shifted to the low side, which is how the table shows
    the tack a boat is on.
    """
    beam = 0.38 * length
    b = beam / 2.0
    shift = 0.18 * b * heel
    return np.array([
        [0.0, 0.0],
        [b * 0.55 + shift, -0.15 * length],
        [b + shift, -0.45 * length],
        [b * 0.85 + shift * 0.5, -length],
        [-b * 0.85 + shift * 0.5, -length],
        [-b + shift, -0.45 * length],
        [-b * 0.55 + shift, -0.15 * length],
    ])


def segment_crosses(p0: tuple[float, float], p1: tuple[float, float],
                    q0: tuple[float, float], q1: tuple[float, float]) -> bool:
    """Whether segment p0-p1 meets segment q0-q1 (touching counts)."""
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return 0 if abs(v) < 1e-9 else (1 if v > 0 else -1)

    def on_segment(a, b, c):
        return (min(a[0], b[0]) - 1e-9 <= c[0] <= max(a[0], b[0]) + 1e-9
                and min(a[1], b[1]) - 1e-9 <= c[1] <= max(a[1], b[1]) + 1e-9)

    o1, o2 = orient(p0, p1, q0), orient(p0, p1, q1)
    o3, o4 = orient(q0, q1, p0), orient(q0, q1, p1)
    if o1 != o2 and o3 != o4:
        return True
    return ((o1 == 0 and on_segment(p0, p1, q0)) or (o2 == 0 and on_segment(p0, p1, q1))
            or (o3 == 0 and on_segment(q0, q1, p0)) or (o4 == 0 and on_segment(q0, q1, p1)))


def readable_outline(pts, length: float, scale: float, least: float):
    """An outline's corners (a numpy array, world units) grown about their middle so that a hull
    ``length`` long is drawn at least ``least`` pixels long at ``scale`` pixels per
    unit: a boat on a small picture or a far zoom is a silhouette big enough to see."""
    grow = least / (length * scale) if length * scale > 0 else 1.0
    if grow <= 1.0:
        return pts
    mid = pts.mean(axis=0)
    return mid + (pts - mid) * grow
