"""The grid board's drawing machinery, game-free: the groups it draws in (a clip to the
board's part of the window, a shift that moves and scales what is drawn while the
board is panned or zoomed), its layers of meshes counted together, a mesh that keeps nothing (the board's
shapes while those drawn before stand), and labels given only what changed."""
from __future__ import annotations

from typing import Any

from dinghy.ui.app import configure as _configure

_configure()

import pyglet  # noqa: E402
from pyglet.graphics import Group  # noqa: E402


def set_label(lab: Any, text: str, position: tuple[float, float, float], size: float, bold: bool,
              rgba: tuple[int, int, int, int]) -> None:
    """Give a pooled label its text, place and style, touching only what changed: each
    style set lays the label out again (about 0.3 ms with pyglet), and a board drawn
    again as the camera moves mostly gives a label what it had. A label not wanted is
    hidden with its text kept (``visible``), not emptied."""
    if lab.text != text:
        lab.text = text
        lab._dinghy_style = None           # new glyphs: style them again
    style = (size, bold, rgba)
    if getattr(lab, "_dinghy_style", None) != style:
        if lab.font_size != size:
            lab.font_size = size
        lab.weight = "bold" if bold else "normal"
        lab.color = rgba
        lab._dinghy_style = style
    lab._dinghy_key = (text, *style)
    if lab.position != position:
        lab.position = position
    lab.visible = True


class ClipGroup(Group):
    """Its children draw only inside ``rect`` (window pixels): the board never shows
    between the panels beside it."""

    def __init__(self, order: int = 0, parent: Any = None) -> None:
        super().__init__(order=order, parent=parent)
        self.rect = (0, 0, 1, 1)

    def set_state(self) -> None:
        from pyglet import gl
        gl.glEnable(gl.GL_SCISSOR_TEST)
        gl.glScissor(*(int(round(v)) for v in self.rect))

    def unset_state(self) -> None:
        from pyglet import gl
        gl.glDisable(gl.GL_SCISSOR_TEST)

    def __eq__(self, other: object) -> bool:     # never merged with another board's clip
        return self is other

    def __hash__(self) -> int:
        return id(self)


class ShiftGroup(Group):
    """Its children drawn scaled by ``scale`` about the window's origin, then moved by
    ``offset`` window pixels (a board panned or zoomed since it was drawn: a window
    point p shows at ``scale * p + offset``): the window's view matrix, changed while
    they draw."""

    def __init__(self, order: int = 0, parent: Any = None) -> None:
        super().__init__(order=order, parent=parent)
        self.offset = (0.0, 0.0)
        self.scale = 1.0
        self._saved: Any = None
        self._window: Any = None

    def set_state(self) -> None:
        self._saved = None
        if self.offset == (0.0, 0.0) and self.scale == 1.0:
            return
        from pyglet.math import Mat4
        window = self._window
        if window is None:              # the window being drawn: the one whose context is current
            current = pyglet.gl.current_context
            window = self._window = next((w for w in pyglet.app.windows if w.context is current), None)
            if window is None:
                return
        self._saved = window.view
        k, (tx, ty) = self.scale, self.offset
        window.view = Mat4(k, 0.0, 0.0, 0.0, 0.0, k, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, tx, ty, 0.0, 1.0) @ self._saved

    def unset_state(self) -> None:
        if self._saved is not None:
            self._window.view = self._saved
            self._saved = None

    def __eq__(self, other: object) -> bool:     # never merged with another board's
        return self is other

    def __hash__(self) -> int:
        return id(self)


class Layers(tuple):
    """A board's meshes, counted together."""

    @property
    def triangles(self) -> int:
        return sum(m.triangles for m in self)


class Skip:
    """A mesh that keeps nothing: the board's own shapes, while those drawn before stand."""

    def polygon(self, *args: Any, **kwargs: Any) -> None:
        pass

    line = circle = segments = polygon


class CameraMoves:
    """When a board whose camera moves frame after frame is drawn afresh and when what
    is drawn only follows the camera (:meth:`BoardDrawing.follow`): a pan follows from
    its first frame; a zoom is drawn afresh the first time (one tap on "+" is crisp at
    once) and follows while it goes on (the wheel, a pinch, "+" held); the frame after
    the camera stops, the board is drawn afresh (true line widths, words placed)."""

    def __init__(self) -> None:
        self.settle = 0      # frames until the board is drawn afresh
        self.zooming = 0     # frames since the camera last zoomed (2: this one)

    @property
    def moving(self) -> bool:
        """Whether the camera moved this frame or the one before (not drawn afresh since)."""
        return bool(self.settle or self.zooming)

    def drawn(self) -> None:
        """The board was drawn afresh: nothing in progress."""
        self.settle = self.zooming = 0

    def panned(self, drawing: Any, camera: Any, redraw: Any) -> bool:
        """The camera panned: True if what is drawn followed it, else ``redraw()``."""
        if drawing is not None and drawing.follow(camera):
            self.settle = 2
            return True
        redraw()
        return False

    def zoomed(self, drawing: Any, camera: Any, redraw: Any) -> bool:
        """The camera zoomed: True if what is drawn followed it, else ``redraw()``."""
        followed = bool(self.zooming) and self.panned(drawing, camera, redraw)
        if not self.zooming:
            redraw()
        self.zooming = 2
        return followed

    def tick(self) -> bool:
        """A frame went by: True when the board is to be drawn afresh now."""
        if self.zooming:
            self.zooming -= 1
        if self.settle:
            self.settle -= 1
            return not self.settle
        return False
