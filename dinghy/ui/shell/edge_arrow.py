"""The arrow at the board's edge that points to the next mark when it is out of view:
a button saying "next: mark B, to port" with a pointer on its rim towards the mark (a
tap brings the mark into view). Every board view uses it (grid, Dinghy Race, Gigamic);
where it goes is :func:`dinghy.ui.shell.on_screen.edge_slot`."""
from __future__ import annotations

import math
from typing import Any, Callable

from dinghy.ui.widgets.gui import DETAIL, Gui  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button

from pyglet import shapes  # noqa: E402

from dinghy.ui import theme  # noqa: E402
from dinghy.ui.shell.on_screen import Rect, bearing, edge_slot  # noqa: E402

#: The pointer's colour (the next mark's ring on a grid board is the same).
NEXT = (120, 240, 255)


class EdgeArrow(Button):
    """``EdgeArrow(gui, on_tap)``; ``point(room, to, name, avoid)`` places it, ``hide()``."""

    def __init__(self, gui: Gui, on_tap: Callable[[], Any]) -> None:
        super().__init__(gui, "", on_tap, style="water")
        self.angle = 0.0
        self.pointer = self._own(shapes.Triangle(0, 0, 0, 0, 0, 0, color=theme.rgba(NEXT),
                                                 batch=gui.batch, group=gui.group(self.layer, DETAIL)))
        self.visible = False

    def point(self, room: Rect, to: tuple[float, float], name: str, avoid: list[Rect]) -> None:
        """Show "next: ``name``" at the edge of ``room`` towards the window point ``to``,
        off the ``avoid`` rectangles where it can be."""
        g = self.gui
        self.label = f"next: {name}"
        size = (self.text.content_width + g.px(44), float(g.touch))
        x, y, w, h = edge_slot(room, to, size, avoid, g.px(24))
        self.angle = bearing((x + w / 2, y + h / 2), to)
        self.place(x, y, w, h)
        self.visible = True

    def hide(self) -> None:
        self.visible = False

    def layout(self) -> None:
        super().layout()
        g = self.gui
        cx, cy = self.center
        ux, uy = math.cos(self.angle), math.sin(self.angle)
        # where the way to the mark leaves the button: the pointer sits on that rim
        t = min(abs((self.w / 2 - g.px(10)) / ux) if abs(ux) > 1e-6 else math.inf,
                abs((self.h / 2 - g.px(4)) / uy) if abs(uy) > 1e-6 else math.inf)
        bx, by = cx + ux * t, cy + uy * t
        s = g.px(9)
        px, py = -uy * s * 0.7, ux * s * 0.7
        old = self.pointer          # pyglet's Triangle moves oddly: a fresh one
        self.pointer = shapes.Triangle(bx + ux * s * 0.6, by + uy * s * 0.6, bx - ux * s * 0.6 + px,
                                       by - uy * s * 0.6 + py, bx - ux * s * 0.6 - px, by - uy * s * 0.6 - py,
                                       color=old.color, batch=g.batch, group=old.group)
        self.pointer.visible = old.visible
        self._drawables[self._drawables.index(old)] = self.pointer
        old.delete()
