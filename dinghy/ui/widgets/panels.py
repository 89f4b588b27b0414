"""Surfaces: the rounded :class:`Panel` card and the :class:`WaterBackground` under
everything else.
"""
from __future__ import annotations

from typing import Any, Sequence

from pyglet import shapes

from dinghy.ui import theme
from dinghy.ui.widgets.buttons import place_row
from dinghy.ui.widgets.gui import BACK, BODY, DETAIL, LAYER_PANEL, Gui, Widget, put, round_rect


# ------------------------------------------------------------------------------------
class Panel(Widget):
    """A rounded card with a soft shadow, optionally titled (top left)."""

    def __init__(self, gui: Gui, title: str = "", *, colour: theme.RGB = theme.CREAM,
                 layer: int = LAYER_PANEL, shadow: bool = True) -> None:
        super().__init__(gui, layer)
        self.shadow = self._own(gui.rect(theme.SHADOW, layer, BACK)) if shadow else None
        self.body = self._own(gui.rect(colour, layer, BODY))
        self.title = self._own(gui.label(title, theme.HEADER_PT, theme.INK, layer=layer,
                                         bold=True, anchor_y="top")) if title else None

    def layout(self) -> None:
        g, r = self.gui, self.gui.px(theme.RADIUS)
        if self.shadow is not None:
            round_rect(self.shadow, self.x + g.px(1), self.y - g.px(4), self.w, self.h, r)
        round_rect(self.body, self.x, self.y, self.w, self.h, r)
        if self.title is not None:
            put(self.title, self.x + g.px(theme.PAD), self.y + self.h - g.px(theme.PAD * 0.8))

    @property
    def content_top(self) -> float:
        """The y below the title (or the top padding) where content may start."""
        g = self.gui
        title_h = g.px(theme.HEADER_PT * 1.9) if self.title is not None else 0
        return self.y + self.h - g.px(theme.PAD * 0.8) - title_h



class WaterBackground(Widget):
    """Deep water with faint swell lines, under everything else (layer -1)."""

    def __init__(self, gui: Gui, layer: int = -1) -> None:
        super().__init__(gui, layer)
        self.sea = self._own(gui.rect(theme.WATER, layer, BACK, rounded=False))
        self.swell: list[Any] = []

    def layout(self) -> None:
        import math

        g = self.gui
        self.sea.position = (self.x, self.y)
        self.sea.width, self.sea.height = max(self.w, 1), max(self.h, 1)
        for line in self.swell:
            line.delete()
            self._drawables.remove(line)
        self.swell = []
        spacing, wave = g.px(64), g.px(90)
        step = wave / 5          # five points a wave draw a 3-pixel swell as smoothly as
        n = int(self.h // spacing) + 1      # more, and pyglet joins each segment in Python
        for row in range(n):
            y0 = self.y + spacing * (row + 0.5)
            shift = (row % 2) * wave / 2
            pts = [(self.x + i * step, y0 + g.px(3) * math.sin((i * step + shift) / wave * 2 * math.pi))
                   for i in range(int(self.w // step) + 2)]
            line = shapes.MultiLine(*pts, thickness=g.px(1.5), color=theme.rgba(theme.WAVE, 110),
                                    batch=g.batch, group=g.group(self.layer, DETAIL))
            self.swell.append(self._own(line))


class Band(Widget):
    """An opaque strip under a row of buttons over a board (the camera buttons): nothing
    of the board shows between or behind them, and a tap there is not a tap on the
    board (it lands on the band)."""

    interactive = True

    def __init__(self, gui: Gui, colour: theme.RGB = theme.WATER_DEEP, layer: int = LAYER_PANEL) -> None:
        super().__init__(gui, layer)
        self.body = self._own(gui.rect(colour, layer, BACK, rounded=False))

    def hold(self, row: Sequence[tuple[Widget, float]], x: float, y: float, w: float) -> None:
        """The buttons of ``row`` ((button, width) pairs) side by side a margin in from
        the corner (x, y) of a board ``w`` wide, and this band under them."""
        g = self.gui
        m = g.px(8)
        end = place_row(g, row, x + m, y + m)
        self.place(x, y, min(w, end - g.px(6) + m - x), g.touch + 2 * m)

    def layout(self) -> None:
        self.body.position = (self.x, self.y)
        self.body.width, self.body.height = max(self.w, 1), max(self.h, 1)
