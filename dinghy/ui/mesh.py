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
        self._col: list[RGBA] = []           # one colour a shape, for the _pos beside it
        self._vlist: Any = None
        self.triangles = 0

    # --- collecting ---------------------------------------------------------------------
    # A board redrawn as its camera moves adds a few hundred small shapes a frame: each
    # shape here is a handful of numpy operations on arrays made once (a fan's indices,
    # a unit circle), and the colours are spread over the vertices once, in build.
    def _add(self, tris: np.ndarray, colour: Sequence[int]) -> None:
        if not len(tris):
            return
        self._pos.append(tris.reshape(-1, 2))
        self._col.append(_rgba(colour))

    def polygon(self, pts: Sequence[Sequence[float]], colour: Sequence[int],
                convex: bool | None = None) -> None:
        """A filled simple polygon (convex or not; ``convex=True`` skips the test)."""
        arr = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        n = len(arr)
        if n < 3:
            return
        if convex or n <= 4 or (convex is None and _convex(arr)):
            tris = arr[_fan(n)]
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
        self.segments(arr[:-1], arr[1:], width, colour)

    def segments(self, a: Any, b: Any, width: float, colour: Sequence[int]) -> None:
        """Straight pieces from each point of ``a`` to the same one of ``b`` (n x 2), each
        ``width`` wide with square ends: many lines of one colour in one call."""
        a = np.asarray(a, dtype=np.float64).reshape(-1, 2)
        b = np.asarray(b, dtype=np.float64).reshape(-1, 2)
        d = b - a
        length = np.hypot(d[:, 0], d[:, 1])
        keep = length > 1e-9
        if not keep.all():
            a, b, d, length = a[keep], b[keep], d[keep], length[keep]
        if not len(a):
            return
        u = d * (width / 2 / length)[:, None]
        n = np.empty_like(u)
        n[:, 0], n[:, 1] = -u[:, 1], u[:, 0]
        a2, b2 = a - u, b + u
        tris = np.empty((len(a), 6, 2))
        tris[:, 0] = tris[:, 3] = a2 + n
        tris[:, 1] = a2 - n
        tris[:, 2] = tris[:, 4] = b2 - n
        tris[:, 5] = b2 + n
        self._add(tris, colour)

    def polygons(self, pts: Any, colour: Sequence[int]) -> None:
        """Many convex polygons of one colour with the same number of corners at once
        (an n x k x 2 array): each as :meth:`polygon` would fill it, in order."""
        arr = np.asarray(pts, dtype=np.float64)
        if arr.ndim != 3 or not len(arr) or arr.shape[1] < 3:
            return
        self._add(arr[:, _fan(arr.shape[1])], colour)

    def circles(self, centres: Any, r: float, colour: Sequence[int], segments: int = 20) -> None:
        """Many discs of one radius and colour at once (centres: n x 2), in order."""
        c = np.asarray(centres, dtype=np.float64).reshape(-1, 1, 2)
        if len(c):
            self._add(_unit_fan(segments)[None] * r + c, colour)

    def circle(self, x: float, y: float, r: float, colour: Sequence[int], segments: int = 20) -> None:
        tris = _unit_fan(segments) * r
        tris += (x, y)
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
        pos = np.concatenate(self._pos).astype(np.float32)
        counts = [len(p) for p in self._pos]
        col = np.repeat(np.array(self._col, dtype=np.uint8), counts, axis=0)
        n = pos.shape[0]
        self.triangles = n // 3
        self._vlist = self.program.vertex_list(n, GL_TRIANGLES, self.batch, self.group, position="f",
                                               colors="Bn", translation="f", rotation="f")
        try:
            _fill(self._vlist, position=pos, colors=col, translation=0.0, rotation=0.0)
        except (AttributeError, KeyError, TypeError, ValueError):    # another pyglet: its own way
            vl = self._vlist
            vl.position[:] = pos.ravel().tolist()
            vl.colors[:] = col.ravel().tolist()
            vl.translation[:] = [0.0] * (2 * n)
            vl.rotation[:] = [0.0] * n
        self.clear()

    def delete(self) -> None:
        self.clear()
        if self._vlist is not None:
            self._vlist.delete()
            self._vlist = None


def _fill(vlist: Any, **data: Any) -> None:
    """Write numpy arrays (or one value) into a vertex list's attributes straight into
    pyglet's client-side copy of the buffers, as ``VertexList.set_attribute_data`` does
    from a Python list (tens of thousands of floats a board: a list of them cost more
    than the board's drawing)."""
    for name, values in data.items():
        buffer = vlist.domain.attrib_name_buffers[name]
        start, size = buffer.count * vlist.start, buffer.count * vlist.count
        view = np.ctypeslib.as_array(buffer.data)
        if view.shape[0] < start + size:
            raise ValueError("buffer smaller than the vertex list")
        view[start:start + size] = np.ravel(values) if np.ndim(values) else values
        buffer.invalidate_region(vlist.start, vlist.count)


_FANS: dict[int, np.ndarray] = {}
_UNIT_FANS: dict[int, np.ndarray] = {}


def _fan(n: int) -> np.ndarray:
    """The vertex indices of a convex polygon of ``n`` corners as a fan of triangles."""
    idx = _FANS.get(n)
    if idx is None:
        idx = _FANS[n] = np.array([(0, i, i + 1) for i in range(1, n - 1)], dtype=int).ravel()
    return idx


def _unit_fan(segments: int) -> np.ndarray:
    """A disc of radius 1 round (0, 0) as ``segments`` triangles (a fresh copy)."""
    fan = _UNIT_FANS.get(segments)
    if fan is None:
        ang = np.linspace(0, 2 * math.pi, segments + 1)
        ring = np.stack([np.cos(ang), np.sin(ang)], axis=1)
        centre = np.zeros((segments, 2))
        fan = _UNIT_FANS[segments] = np.stack([centre, ring[:-1], ring[1:]], axis=1).reshape(-1, 2)
    return fan.copy()


def _convex(arr: np.ndarray) -> bool:
    d1 = np.roll(arr, -1, axis=0) - arr
    d2 = np.roll(d1, -1, axis=0)
    cross = d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0]
    return bool((cross >= -1e-9).all() or (cross <= 1e-9).all())


__all__ = ["Mesh", "pyglet"]
