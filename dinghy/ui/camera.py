"""Where the chart is on screen: world millimetres <-> window pixels, pan and zoom.

The :class:`Camera` is plain arithmetic and needs no window, so it is tested on its
own. World y grows to the north and screen y grows upwards, so there is no flip: a
world point (x, y) lands at ``origin + viewport/2 + (p - centre) * zoom``.

``CameraGroup`` (a ``pyglet.graphics.Group``) puts the camera's view matrix on the
window while its children draw, so the chart's shapes are built in millimetres;
the HUD lives in groups outside it and keeps drawing in pixels. It is created on
first access so that importing this module never loads pyglet's window machinery.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: One wheel click zooms by this factor (about the cursor).
ZOOM_STEP = 1.15

Bounds = tuple[float, float, float, float]   # min_x, min_y, max_x, max_y (world mm)


@dataclass
class Camera:
    """A view of the world: ``zoom`` pixels per millimetre, world ``centre`` at the
    middle of a viewport whose lower-left corner is at window pixel ``(x0, y0)``."""

    width: float = 800.0
    height: float = 600.0
    zoom: float = 1.0
    cx: float = 0.0
    cy: float = 0.0
    x0: float = 0.0
    y0: float = 0.0
    min_zoom: float = 0.02
    max_zoom: float = 20.0

    def __post_init__(self) -> None:
        if not 0 < self.min_zoom <= self.max_zoom:
            raise ValueError("need 0 < min_zoom <= max_zoom")
        self.zoom = self.clamp(self.zoom)

    # --- the transform -------------------------------------------------------------
    def clamp(self, zoom: float) -> float:
        return min(self.max_zoom, max(self.min_zoom, zoom))

    def set_viewport(self, x0: float, y0: float, width: float, height: float) -> None:
        """The window rectangle the chart occupies (the centre stays on the same point)."""
        self.x0, self.y0 = float(x0), float(y0)
        self.width, self.height = max(1.0, float(width)), max(1.0, float(height))

    def world_to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.x0 + self.width / 2 + (x - self.cx) * self.zoom,
                self.y0 + self.height / 2 + (y - self.cy) * self.zoom)

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return (self.cx + (sx - self.x0 - self.width / 2) / self.zoom,
                self.cy + (sy - self.y0 - self.height / 2) / self.zoom)

    def contains_screen(self, sx: float, sy: float) -> bool:
        """Whether a window pixel lies on the chart's viewport."""
        return (self.x0 <= sx < self.x0 + self.width) and (self.y0 <= sy < self.y0 + self.height)

    def visible_bounds(self) -> Bounds:
        x_a, y_a = self.screen_to_world(self.x0, self.y0)
        x_b, y_b = self.screen_to_world(self.x0 + self.width, self.y0 + self.height)
        return (x_a, y_a, x_b, y_b)

    # --- moving the view -----------------------------------------------------------
    def pan(self, dx: float, dy: float) -> None:
        """Drag the chart by (dx, dy) pixels: the point under the cursor follows it."""
        self.cx -= dx / self.zoom
        self.cy -= dy / self.zoom

    def zoom_at(self, sx: float, sy: float, factor: float) -> None:
        """Zoom by ``factor`` keeping the world point under pixel (sx, sy) in place."""
        if not factor > 0 or not math.isfinite(factor):
            raise ValueError(f"zoom factor must be a positive number, got {factor!r}")
        wx, wy = self.screen_to_world(sx, sy)
        self.zoom = self.clamp(self.zoom * factor)
        self.cx = wx - (sx - self.x0 - self.width / 2) / self.zoom
        self.cy = wy - (sy - self.y0 - self.height / 2) / self.zoom

    def scroll(self, sx: float, sy: float, clicks: float) -> None:
        """A mouse-wheel turn at (sx, sy): up zooms in."""
        self.zoom_at(sx, sy, ZOOM_STEP ** clicks)

    def fit(self, bounds: Bounds, margin: float = 0.0, bottom: float = 0.0, left: float = 0.0,
            top: float = 0.0) -> None:
        """Show the whole of ``bounds`` with ``margin`` pixels spare on every side, and
        ``bottom`` more pixels under it (buttons along the viewport's foot), ``left`` or
        ``top`` more beside it (a compass in a corner)."""
        min_x, min_y, max_x, max_y = bounds
        if max_x < min_x or max_y < min_y:
            raise ValueError(f"bounds must be (min_x, min_y, max_x, max_y), got {bounds!r}")
        span_x, span_y = max(max_x - min_x, 1e-6), max(max_y - min_y, 1e-6)
        room_x = max(self.width - 2 * margin - left, 1.0)
        room_y = max(self.height - 2 * margin - bottom - top, 1.0)
        self.zoom = self.clamp(min(room_x / span_x, room_y / span_y))
        self.cx = (min_x + max_x) / 2 - left / 2 / self.zoom
        self.cy = (min_y + max_y) / 2 - (bottom - top) / 2 / self.zoom

    def follow(self, x: float, y: float, amount: float = 1.0) -> None:
        """Move the centre towards world point (x, y); ``amount`` 1 jumps, 0.1 eases."""
        amount = min(1.0, max(0.0, amount))
        self.cx += (x - self.cx) * amount
        self.cy += (y - self.cy) * amount

    # --- for the GPU -----------------------------------------------------------------
    def view_values(self) -> tuple[float, ...]:
        """The view matrix (column-major 4x4): scale by zoom, then translate."""
        tx = self.x0 + self.width / 2 - self.cx * self.zoom
        ty = self.y0 + self.height / 2 - self.cy * self.zoom
        z = self.zoom
        return (z, 0.0, 0.0, 0.0,
                0.0, z, 0.0, 0.0,
                0.0, 0.0, 1.0, 0.0,
                tx, ty, 0.0, 1.0)

    def view_matrix(self) -> Any:
        from pyglet.math import Mat4   # pyglet.math loads no window machinery

        return Mat4(*self.view_values())


def scissor(camera: Camera, window: Any) -> None:
    """Cut what is drawn next to ``camera``'s viewport (window pixels to the
    framebuffer's, for a screen with a pixel ratio), until :func:`unscissor`."""
    from pyglet import gl

    fw, fh = window.get_framebuffer_size()
    sx, sy = fw / max(1, window.width), fh / max(1, window.height)
    gl.glEnable(gl.GL_SCISSOR_TEST)
    gl.glScissor(int(camera.x0 * sx), int(camera.y0 * sy), max(0, int(math.ceil(camera.width * sx))),
                 max(0, int(math.ceil(camera.height * sy))))


def unscissor() -> None:
    from pyglet import gl

    gl.glDisable(gl.GL_SCISSOR_TEST)


_camera_group_class: type | None = None


def _make_camera_group() -> type:
    from dinghy.ui.app import configure

    configure()   # pyglet's options first: pyglet.graphics loads the window module
    import pyglet.graphics

    class CameraGroup(pyglet.graphics.Group):
        """Children draw in world millimetres through ``camera``'s view matrix."""

        def __init__(self, camera: Camera, window: Any, order: int = 0,
                     parent: Any = None, clip: bool = False) -> None:
            super().__init__(order=order, parent=parent)
            self.camera, self.window = camera, window
            self.clip = clip                # cut to the camera's viewport (nothing beside it)
            self._saved_view: Any = None

        def set_state(self) -> None:
            self._saved_view = self.window.view
            self.window.view = self.camera.view_matrix()
            if self.clip:
                scissor(self.camera, self.window)

        def unset_state(self) -> None:
            self.window.view = self._saved_view
            if self.clip:
                unscissor()

        # Two cameras with the same order must never be merged into one state.
        def __eq__(self, other: object) -> bool:
            return self is other

        def __hash__(self) -> int:
            return id(self)

    return CameraGroup


def __getattr__(name: str) -> Any:
    global _camera_group_class
    if name == "CameraGroup":
        if _camera_group_class is None:
            _camera_group_class = _make_camera_group()
        return _camera_group_class
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
