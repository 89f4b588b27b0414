"""Many flat shapes as one vertex list: filled polygons, thick polylines and discs.

Creating a pyglet shape costs about half a millisecond with software GL, so a chart
that rebuilt 30 shapes after every action spent most of its frame there. A
:class:`Mesh` collects triangles (drawn in the order they were added, so later shapes
lie on top) and turns them into one vertex list, drawn with pyglet's own shape shader
in one call. Coordinates are whatever the group draws in (world millimetres under the
chart's camera).
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

from dinghy.ui.app import configure as _configure

_configure()

import pyglet  # noqa: E402
from pyglet.extlibs import earcut  # noqa: E402
from pyglet.gl import GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA, GL_TRIANGLES  # noqa: E402
from pyglet.shapes import _ShapeGroup, get_default_shader  # noqa: E402

RGBA = tuple[int, int, int, int]


def _rgba(colour: Sequence[int]) -> RGBA:
    return tuple(colour) if len(colour) == 4 else (*colour, 255)  # type: ignore[return-value]


class Mesh:
    """Triangles collected by :meth:`polygon`, :meth:`line`, :meth:`circle`; :meth:`build`
    replaces what the batch draws."""

    def __init__(self, batch: Any, parent: Any) -> None:
        self.batch = batch
        self.program = get_default_shader()
        self.group = _ShapeGroup(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, self.program, parent)
        self._pos: list[np.ndarray] = []
        self._col: list[np.ndarray] = []
        self._vlist: Any = None
        self.triangles = 0

    # --- collecting ---------------------------------------------------------------------
    def _add(self, tris: np.ndarray, colour: Sequence[int]) -> None:
        if not len(tris):
            return
        self._pos.append(np.asarray(tris, dtype=np.float32).reshape(-1, 2))
        n = self._pos[-1].shape[0]
        self._col.append(np.tile(np.array(_rgba(colour), dtype=np.uint8), (n, 1)))

    def polygon(self, pts: Sequence[Sequence[float]], colour: Sequence[int],
                convex: bool | None = None) -> None:
        """A filled simple polygon (convex or not; ``convex=True`` skips the test)."""
        arr = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        if len(arr) < 3:
            return
        if convex or len(arr) <= 4 or (convex is None and _convex(arr)):
            idx = [(0, i, i + 1) for i in range(1, len(arr) - 1)]
            tris = arr[np.array(idx).ravel()]
        else:
            tris = arr[np.array(earcut.earcut(arr.ravel().tolist()), dtype=int)]
        self._add(tris, colour)

    def line(self, pts: Sequence[Sequence[float]], width: float, colour: Sequence[int],
             closed: bool = False) -> None:
        """A polyline ``width`` wide (square ends reach half a width past each point, so
        the corners of a polygon's edge close)."""
        arr = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        if closed and len(arr) > 2:
            arr = np.vstack([arr, arr[:1]])
        if len(arr) < 2:
            return
        a, b = arr[:-1], arr[1:]
        d = b - a
        length = np.hypot(d[:, 0], d[:, 1])
        keep = length > 1e-9
        a, b, d, length = a[keep], b[keep], d[keep], length[keep]
        if not len(a):
            return
        u = d / length[:, None] * (width / 2)
        n = np.stack([-u[:, 1], u[:, 0]], axis=1)
        a2, b2 = a - u, b + u
        p1, p2, p3, p4 = a2 + n, a2 - n, b2 - n, b2 + n
        tris = np.stack([p1, p2, p3, p1, p3, p4], axis=1).reshape(-1, 2)
        self._add(tris, colour)

    def circle(self, x: float, y: float, r: float, colour: Sequence[int], segments: int = 20) -> None:
        ang = np.linspace(0, 2 * math.pi, segments + 1)
        ring = np.stack([x + r * np.cos(ang), y + r * np.sin(ang)], axis=1)
        centre = np.tile([x, y], (segments, 1))
        tris = np.stack([centre, ring[:-1], ring[1:]], axis=1).reshape(-1, 2)
        self._add(tris, colour)

    def clear(self) -> None:
        self._pos, self._col = [], []

    # --- drawing ------------------------------------------------------------------------
    def build(self) -> None:
        """Hand the collected triangles to the batch (replacing the previous ones)."""
        if self._vlist is not None:
            self._vlist.delete()
            self._vlist = None
        if not self._pos:
            self.triangles = 0
            return
        pos = np.concatenate(self._pos)
        col = np.concatenate(self._col)
        n = pos.shape[0]
        self.triangles = n // 3
        self._vlist = self.program.vertex_list(
            n, GL_TRIANGLES, self.batch, self.group,
            position=("f", pos.ravel().tolist()),
            colors=("Bn", col.ravel().tolist()),
            translation=("f", [0.0] * (2 * n)),
            rotation=("f", [0.0] * n))
        self.clear()

    def delete(self) -> None:
        self.clear()
        if self._vlist is not None:
            self._vlist.delete()
            self._vlist = None


def _convex(arr: np.ndarray) -> bool:
    d1 = np.roll(arr, -1, axis=0) - arr
    d2 = np.roll(d1, -1, axis=0)
    cross = d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0]
    return bool((cross >= -1e-9).all() or (cross <= 1e-9).all())


__all__ = ["Mesh", "pyglet"]
