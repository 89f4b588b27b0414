"""The wind compass: where the wind comes from, the four points of sail, and the active
boat's heading (drawn in window pixels, beside the chart). On a small chart it is
``compact``: the dial, and under it the point of sail of the active boat's heading (the
engine's sectors) instead of the four-line legend."""
from __future__ import annotations

import math
from typing import Any

from dinghy.ui.widgets.gui import (  # noqa: F401  (configures pyglet first)
    BACK, BODY, DETAIL, LAYER_PANEL, TEXT, Gui, Widget, put, round_rect,
)

from pyglet import shapes  # noqa: E402

from dinghy.core.wind import SECTORS, PointOfSail, points_of_sail  # noqa: E402
from dinghy.ui import theme  # noqa: E402

SECTOR_COLOURS: dict[PointOfSail, theme.RGB] = {
    PointOfSail.IN_IRONS: (205, 85, 75),
    PointOfSail.CLOSE_HAULED: (95, 170, 225),
    PointOfSail.REACHING: (110, 200, 145),
    PointOfSail.RUNNING: (240, 200, 95),
}
SECTOR_NAMES = {PointOfSail.IN_IRONS: "in irons", PointOfSail.CLOSE_HAULED: "close-hauled",
                PointOfSail.REACHING: "reaching", PointOfSail.RUNNING: "running"}




class Compass(Widget):
    """Where the wind comes from, the four sectors, and the active boat's heading."""

    def __init__(self, gui: Gui, wind_from: int, layer: int = LAYER_PANEL) -> None:
        super().__init__(gui, layer)
        self.wind_from = wind_from
        self.heading: int | None = None
        self.needle_colour: theme.RGB = theme.ON_WATER
        self.back = self._own(gui.rect(theme.rgba(theme.WATER_DEEP, 200), layer, BACK))
        self.title = self._own(gui.label(f"Wind from {wind_from:03d}°", theme.SMALL_PT,
                                         theme.ON_WATER, layer=layer, bold=True, anchor_x="center"))
        self.legend = [self._own(gui.label(SECTOR_NAMES[p], theme.SMALL_PT - 1, theme.ON_WATER_SOFT,
                                           layer=layer)) for p, _, _ in SECTORS]
        # small: the dial and, instead of the legend, the active boat's point of sail
        self.compact = False
        self.sail = self._own(gui.label("", theme.SMALL_PT - 1, theme.ON_WATER, layer=layer,
                                        bold=True, anchor_x="center"))
        self.shapes: list[Any] = []
        self.needle: list[Any] = []

    def _shape(self, shape: Any, into: list[Any]) -> Any:
        shape.visible = self._visible
        into.append(shape)
        return shape

    @property
    def radius(self) -> float:
        px = self.gui.px
        if self.compact:
            return max(10.0, min(self.w, self.h - px(44)) / 2 - px(4))
        return max(10.0, min(self.w, self.h - px(64)) / 2 - px(8))

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h - self.gui.px(22) - self.radius)

    def _clear(self, items: list[Any]) -> None:
        for s in items:
            s.delete()
        items.clear()

    def layout(self) -> None:
        g = self.gui
        round_rect(self.back, self.x, self.y, self.w, self.h, g.px(theme.RADIUS))
        self.title.text = f"Wind from {self.wind_from:03d}°"
        if self.title.content_width > self.w - g.px(6):
            self.title.text = f"Wind {self.wind_from:03d}°"
        put(self.title, self.x + self.w / 2, self.y + self.h - g.px(11))
        self._clear(self.shapes)
        cx, cy = self.centre
        r = self.radius
        batch, grp = g.batch, g.group(self.layer, BODY)
        for p, lo, hi in SECTORS:
            colour = theme.rgba(SECTOR_COLOURS[p], 210)
            for side in (1, -1):
                # headings wind_from + side*lo .. wind_from + side*hi, drawn as math angles
                h1, h2 = self.wind_from + side * lo, self.wind_from + side * (hi + (1 if hi < 180 else 0))
                a1, a2 = 90 - h1, 90 - h2
                start, sweep = min(a1, a2), abs(a2 - a1)
                self._shape(shapes.Sector(cx, cy, r, segments=12, angle=sweep, start_angle=start,
                                          color=colour, batch=batch, group=grp), self.shapes)
        self._shape(shapes.Arc(cx, cy, r, segments=40, thickness=g.px(1.5),
                               color=theme.rgba(theme.ON_WATER, 200), batch=batch,
                               group=g.group(self.layer, DETAIL)), self.shapes)
        # the wind: an arrow blowing across the compass from wind_from
        a = math.radians(90 - self.wind_from)
        ux, uy = math.cos(a), math.sin(a)
        tail = (cx + ux * (r + g.px(6)), cy + uy * (r + g.px(6)))
        tip = (cx - ux * r * 0.35, cy - uy * r * 0.35)
        det = g.group(self.layer, DETAIL)
        self._shape(shapes.Line(*tail, *tip, thickness=g.px(3), color=theme.rgba(theme.ON_WATER),
                                batch=batch, group=det), self.shapes)
        s = g.px(8)
        px, py = -uy * s * 0.6, ux * s * 0.6
        base = (tip[0] + ux * s, tip[1] + uy * s)
        self._shape(shapes.Triangle(tip[0] - ux * s * 0.4, tip[1] - uy * s * 0.4,
                                    base[0] + px, base[1] + py, base[0] - px, base[1] - py,
                                    color=theme.rgba(theme.ON_WATER), batch=batch, group=det),
                    self.shapes)
        for lab in self.legend:
            lab.visible = self._visible and not self.compact
        self.sail.visible = self._visible and self.compact
        put(self.sail, self.x + self.w / 2, self.y + g.px(11))
        self._draw_needle()
        if self.compact:
            return
        # legend: two rows of two
        lx, ly = self.x + g.px(10), self.y + g.px(30)
        col = (self.w - g.px(20)) / 2
        for i, (p, _, _) in enumerate(SECTORS):
            x = lx + (i % 2) * col
            y = ly - (i // 2) * g.px(17)
            self._shape(shapes.Rectangle(x, y - g.px(5), g.px(10), g.px(10),
                                         color=theme.rgba(SECTOR_COLOURS[p]), batch=batch,
                                         group=g.group(self.layer, DETAIL)), self.shapes)
            put(self.legend[i], x + g.px(14), y)

    def set_heading(self, heading: int | None, colour: theme.RGB = theme.ON_WATER) -> None:
        if heading == self.heading and colour == self.needle_colour:
            return
        self.heading, self.needle_colour = heading, colour
        if self.w:
            self._draw_needle()

    def _draw_needle(self) -> None:
        self._clear(self.needle)
        sails = () if self.heading is None else points_of_sail(self.heading, self.wind_from)
        names = [SECTOR_NAMES[p] for p, _, _ in SECTORS if p in sails]
        self.sail.text = " / ".join(names)        # (laid out only when it changes)
        if names:
            first = next(p for p, _, _ in SECTORS if p in sails)
            if tuple(self.sail.color) != tuple(theme.rgba(SECTOR_COLOURS[first])):
                self.sail.color = theme.rgba(SECTOR_COLOURS[first])
        if self.heading is None:
            return
        g = self.gui
        cx, cy = self.centre
        a = math.radians(90 - self.heading)
        r = self.radius * 0.92
        tip = (cx + math.cos(a) * r, cy + math.sin(a) * r)
        grp = g.group(self.layer, TEXT)
        self._shape(shapes.Line(cx, cy, *tip, thickness=g.px(4), color=theme.rgba(theme.INK),
                                batch=g.batch, group=grp), self.needle)
        self._shape(shapes.Line(cx, cy, *tip, thickness=g.px(2.2),
                                color=theme.rgba(self.needle_colour), batch=g.batch, group=grp),
                    self.needle)
        self._shape(shapes.Circle(*tip, g.px(4), color=theme.rgba(self.needle_colour),
                                  batch=g.batch, group=grp), self.needle)

    def visibility_changed(self) -> None:
        for s in getattr(self, "shapes", []) + getattr(self, "needle", []):
            s.visible = self._visible
        compact = getattr(self, "compact", False)
        for lab in getattr(self, "legend", []):
            lab.visible = self._visible and not compact
        if hasattr(self, "sail"):
            self.sail.visible = self._visible and compact

    def delete(self) -> None:
        self._clear(self.shapes)
        self._clear(self.needle)
        super().delete()


