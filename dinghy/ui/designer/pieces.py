"""The course designer's own small widgets: a :class:`FindingRow` of the live check
and the :class:`WindArrow` compass on the chart, with the words they show.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from dinghy.games.dinghy_race.course import Finding
from dinghy.ui import theme
from dinghy.ui.designer.chart import ERROR, WARNING
from dinghy.ui.widgets.gui import BACK, BODY, DETAIL, LAYER_WIDGET, Gui, Widget, put, round_rect
from pyglet import shapes


COMPASS8 = {0: "N", 45: "NE", 90: "E", 135: "SE", 180: "S", 225: "SW", 270: "W", 315: "NW"}


def wind_text(w: int) -> str:
    return f"Wind {w}° {COMPASS8[w]}" if w in COMPASS8 else f"Wind {w}°"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class FindingRow(Widget):
    """One finding of the live check: hover or tap it to see its point on the chart."""

    interactive = True

    def __init__(self, gui: Gui, finding: Finding, on_hover: Callable[[Any], Any],
                 on_tap: Callable[[Any], Any]) -> None:
        self._ready = False
        super().__init__(gui, LAYER_WIDGET)
        self.finding, self.on_hover, self.on_tap = finding, on_hover, on_tap
        self.selected = False
        self.body = self._own(gui.rect(theme.SECONDARY, LAYER_WIDGET, BODY))
        colour = ERROR if finding.level == "error" else WARNING
        self.chip = self._own(gui.rect(colour, LAYER_WIDGET, DETAIL))
        word = "Error" if finding.level == "error" else "Warning"
        self.label = self._own(gui.label(f"{word}: {finding.message}", theme.SMALL_PT + 1, theme.INK,
                                         anchor_y="top", multiline=True, width=100))
        self._ready = True

    @property
    def hover(self) -> bool:  # type: ignore[override]
        return self._hover

    @hover.setter
    def hover(self, value: bool) -> None:
        self._hover = bool(value)
        if getattr(self, "_ready", False):
            self.restyle()
            self.on_hover(self.finding if value else None)

    def height_for(self, width: float) -> float:
        g = self.gui
        if self.label.width != max(1, int(width - g.px(26))):
            self.label.width = max(1, int(width - g.px(26)))
        return max(g.px(30), self.label.content_height + g.px(10))

    def layout(self) -> None:
        g = self.gui
        round_rect(self.body, self.x, self.y, self.w, self.h, g.px(6))
        round_rect(self.chip, self.x + g.px(5), self.y + g.px(5), g.px(6), self.h - g.px(10), g.px(3))
        if self.label.width != max(1, int(self.w - g.px(26))):
            self.label.width = max(1, int(self.w - g.px(26)))
        put(self.label, self.x + g.px(18), self.y + self.h - g.px(5))

    def restyle(self) -> None:
        fill = theme.SECONDARY_DOWN if self.selected else (theme.SECONDARY_HOVER if self._hover else theme.SECONDARY)
        self.body.color = theme.rgba(fill)

    def on_release(self, x: float, y: float, inside: bool) -> None:
        if inside:
            self.on_tap(self.finding)


class WindArrow(Widget):
    """A small compass on the chart: the arrow points where the wind blows to."""

    def __init__(self, gui: Gui, layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        self.disc = self._own(shapes.Circle(0, 0, 1, segments=32, color=theme.rgba(theme.WATER_DEEP, 200),
                                            batch=gui.batch, group=gui.group(layer, BACK)))
        self.shaft = self._own(shapes.Line(0, 0, 1, 1, thickness=3, color=theme.rgba(theme.ON_WATER),
                                           batch=gui.batch, group=gui.group(layer, DETAIL)))
        self.head = self._own(shapes.Triangle(0, 0, 1, 0, 0, 1, color=theme.rgba(theme.ON_WATER),
                                              batch=gui.batch, group=gui.group(layer, DETAIL)))
        self.text = self._own(gui.label("", theme.SMALL_PT, theme.ON_WATER, layer=layer, anchor_x="center"))
        self.wind_from = 0

    def set_wind(self, wind_from: int) -> None:
        self.wind_from = wind_from
        self.text.text = wind_text(wind_from)
        self.layout()

    def layout(self) -> None:
        g = self.gui
        r = min(self.w, self.h - g.px(16)) / 2
        cx, cy = self.x + self.w / 2, self.y + g.px(16) + r
        self.disc.position, self.disc.radius = (cx, cy), max(1.0, r)
        a = math.radians(self.wind_from + 180)           # where the wind blows to
        dx, dy = math.sin(a), math.cos(a)
        tail = (cx - dx * r * 0.7, cy - dy * r * 0.7)
        tip = (cx + dx * r * 0.75, cy + dy * r * 0.75)
        base = (tip[0] - dx * r * 0.45, tip[1] - dy * r * 0.45)
        self.shaft.x, self.shaft.y = tail
        self.shaft.x2, self.shaft.y2 = base
        self.shaft.thickness = g.px(3)
        px, py = -dy * r * 0.25, dx * r * 0.25
        old = self.head          # pyglet's Triangle moves oddly: build a fresh one
        self.head = shapes.Triangle(tip[0], tip[1], base[0] + px, base[1] + py, base[0] - px, base[1] - py,
                                    color=old.color, batch=g.batch, group=old.group)
        self.head.visible = old.visible
        self._drawables[self._drawables.index(old)] = self.head
        old.delete()
        put(self.text, cx, self.y + g.px(6))
