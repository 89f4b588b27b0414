"""The wind rose of a grid game: the eight compass points and an arrow blowing from
where the wind comes FROM (drawn in window pixels, over the board's corner)."""
from __future__ import annotations

import math
from typing import Any

from dinghy.ui.widgets.gui import (  # noqa: F401  (configures pyglet first)
    BACK, BODY, DETAIL, LAYER_PANEL, TEXT, Gui, Widget, put, round_rect,
)

from pyglet import shapes  # noqa: E402

from dinghy.ui import theme  # noqa: E402

POINTS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


class WindRose(Widget):
    """``WindRose(gui, wind_from)``; ``set_wind(i)`` when the wind shifts."""

    def __init__(self, gui: Gui, wind_from: int, layer: int = LAYER_PANEL) -> None:
        super().__init__(gui, layer)
        self.wind_from = wind_from
        self.back = self._own(gui.rect(theme.WATER_DEEP, layer, BACK))     # opaque: no word shows through
        self.title = self._own(gui.label("", theme.SMALL_PT, theme.ON_WATER, layer=layer,
                                         bold=True, anchor_x="center"))
        self.letters = [self._own(gui.label(p, theme.SMALL_PT - 1, theme.ON_WATER_SOFT, layer=layer,
                                            anchor_x="center")) for p in POINTS]
        self.shapes: list[Any] = []

    def set_wind(self, wind_from: int) -> None:
        if wind_from != self.wind_from:
            self.wind_from = wind_from
            self.layout()

    @property
    def title_text(self) -> str:
        return f"Wind from {POINTS[self.wind_from % 8]}"

    def layout(self) -> None:
        g = self.gui
        for s in self.shapes:
            s.delete()
        self.shapes = []
        round_rect(self.back, self.x, self.y, self.w, self.h, g.px(theme.RADIUS))
        self.title.text = self.title_text
        put(self.title, self.x + self.w / 2, self.y + self.h - g.px(11))
        cx, cy = self.x + self.w / 2, self.y + (self.h - g.px(22)) / 2
        r = max(10.0, min(self.w, self.h - g.px(22)) / 2 - g.px(16))
        batch, det = g.batch, g.group(self.layer, DETAIL)
        self._add(shapes.Arc(cx, cy, r, segments=40, thickness=g.px(1.5),
                             color=theme.rgba(theme.ON_WATER_SOFT, 200), batch=batch, group=det))
        for i, lab in enumerate(self.letters):
            a = math.radians(90 - 45 * i)
            put(lab, cx + math.cos(a) * (r + g.px(9)), cy + math.sin(a) * (r + g.px(9)))
            lab.color = theme.rgba(theme.PRIMARY if i == self.wind_from % 8 else theme.ON_WATER_SOFT)
        a = math.radians(90 - 45 * self.wind_from)
        ux, uy = math.cos(a), math.sin(a)
        tail = (cx + ux * r * 0.85, cy + uy * r * 0.85)
        tip = (cx - ux * r * 0.7, cy - uy * r * 0.7)
        self._add(shapes.Line(*tail, *tip, thickness=g.px(3), color=theme.rgba(theme.ON_WATER),
                              batch=batch, group=det))
        s = g.px(9)
        px, py = -uy * s * 0.6, ux * s * 0.6
        base = (tip[0] + ux * s, tip[1] + uy * s)
        self._add(shapes.Triangle(tip[0] - ux * s * 0.3, tip[1] - uy * s * 0.3, base[0] + px, base[1] + py,
                                  base[0] - px, base[1] - py, color=theme.rgba(theme.ON_WATER),
                                  batch=batch, group=det))

    def _add(self, shape: Any) -> None:
        shape.visible = self._visible
        self.shapes.append(shape)

    def visibility_changed(self) -> None:
        for s in getattr(self, "shapes", []):
            s.visible = self._visible

    def delete(self) -> None:
        for s in self.shapes:
            s.delete()
        self.shapes = []
        super().delete()
