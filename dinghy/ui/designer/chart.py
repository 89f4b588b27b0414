"""The course designer's chart: a course drawn in world millimetres, with handles.

The course is small (tens of shapes), so every change rebuilds the whole picture; a pan
only moves the *pinned* things (mark labels, handles, the finding highlight), which are
drawn in window pixels at the screen position of a world point so that they keep a
readable, tappable size at any zoom. The rounding arrows and the course line come from
:mod:`dinghy.games.dinghy_race.sketch`, so the window shows what the paper sketch shows.

The chart decides nothing and holds no course of its own: the scene calls :meth:`show`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Sequence

from dinghy.ui.app import configure as _configure

_configure()

import pyglet  # noqa: E402
from pyglet import shapes  # noqa: E402
from pyglet.graphics import Group  # noqa: E402

from dinghy.games.dinghy_race import sketch  # noqa: E402
from dinghy.games.dinghy_race.course import Course  # noqa: E402
from dinghy.ui import camera as camera_module  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.theme import LAND, LAND_EDGE, LINE_BUOY, MARK  # noqa: E402
from dinghy.ui.dinghy_race.chart import TABLE_WATER, WEATHER_EYE, _Pin  # noqa: E402  (the race chart's table)
from dinghy.ui.dinghy_race.pins import inside_point  # noqa: E402

COURSE_LINE = (243, 178, 62)
FINISH = (255, 235, 150)
SELECT = (120, 230, 255)
ERROR = (235, 70, 60)
WARNING = (255, 200, 60)
HANDLE = (255, 255, 255)

G_TABLE, G_LAND, G_LINE, G_MARKS, G_DRAFT = range(5)

#: Handle radius on screen (logical pixels); a tap within the touch radius hits.
HANDLE_PX = 6.0


@dataclass
class _Layer:
    drawables: list[Any] = field(default_factory=list)
    pins: list[_Pin] = field(default_factory=list)

    def clear(self) -> None:
        for d in self.drawables:
            d.delete()
        for p in self.pins:
            p.drawable.delete()
        self.drawables, self.pins = [], []


@dataclass(frozen=True)
class Handle:
    """Something on the chart a finger can grab: ``kind`` and its address."""

    kind: str                  # "mark", "line", "vertex", "midpoint", "land", "eye"
    key: tuple[Any, ...]       # ("2",), ("start", "a"), (land, vertex), (land,), (eye,)
    x: float
    y: float


def handles(course: Course, *, land_midpoints: int | None = None) -> list[Handle]:
    """Every grabbable point, most specific first (a tap takes the nearest of the first
    kind that is within reach)."""
    out: list[Handle] = []
    lines = [("start", course.start)]
    if course.finish != course.start:
        lines.append(("finish", course.finish))
    for which, line in lines:
        out.append(Handle("line", (which, "a"), *line.a))
        out.append(Handle("line", (which, "b"), *line.b))
    for m in course.marks:
        out.append(Handle("mark", (m.id,), m.x, m.y))
    for i, e in enumerate(course.weather_eyes):
        out.append(Handle("eye", (i,), e.x, e.y))
    for i, land in enumerate(course.land):
        for j, p in enumerate(land.outline):
            out.append(Handle("vertex", (i, j), *p))
    if land_midpoints is not None and 0 <= land_midpoints < len(course.land):
        pts = course.land[land_midpoints].outline
        for j, p in enumerate(pts):
            q = pts[(j + 1) % len(pts)]
            out.append(Handle("midpoint", (land_midpoints, j + 1), (p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
    return out


class DesignerChart:
    """``show(course, ...)`` draws; ``camera_moved()`` after a pan or zoom."""

    def __init__(self, batch: Any, window: Any, camera: Any, *, scale: float = 1.0,
                 order: int = -5) -> None:
        self.batch, self.camera, self.scale = batch, camera, scale
        self.root = camera_module.CameraGroup(camera, window, order=order)
        self.groups = [Group(order=i, parent=self.root) for i in range(5)]
        self.pin_shapes = Group(order=order + 2)
        self.pin_text = Group(order=order + 3)
        self.layer = _Layer()
        self.overlay = _Layer()
        self.course: Course | None = None
        self._zoom_built = camera.zoom
        self._args: dict[str, Any] = {}
        self.visible = True

    # --- small builders -------------------------------------------------------------
    def _px(self, logical: float) -> float:
        """A screen size in logical pixels, as world millimetres at the current zoom."""
        return logical * self.scale / self.camera.zoom

    def _poly(self, L: _Layer, pts: Sequence[tuple[float, float]], colour: Any, group: int) -> Any:
        s = shapes.Polygon(*pts, color=theme.rgba(colour), batch=self.batch, group=self.groups[group])
        L.drawables.append(s)
        return s

    def _outline(self, L: _Layer, pts: Sequence[tuple[float, float]], colour: Any, group: int,
                 width: float, closed: bool = True) -> Any:
        s = shapes.MultiLine(*pts, closed=closed, thickness=width, color=theme.rgba(colour),
                             batch=self.batch, group=self.groups[group])
        L.drawables.append(s)
        return s

    def _line(self, L: _Layer, a: Sequence[float], b: Sequence[float], colour: Any, group: int,
              width: float) -> Any:
        s = shapes.Line(a[0], a[1], b[0], b[1], thickness=width, color=theme.rgba(colour),
                        batch=self.batch, group=self.groups[group])
        L.drawables.append(s)
        return s

    def _circle(self, L: _Layer, x: float, y: float, r: float, colour: Any, group: int) -> Any:
        s = shapes.Circle(x, y, r, segments=24, color=theme.rgba(colour), batch=self.batch,
                          group=self.groups[group])
        L.drawables.append(s)
        return s

    def _dashed(self, L: _Layer, a: Sequence[float], b: Sequence[float], colour: Any, group: int,
                width: float, dash: float) -> None:
        n = max(1, int(math.dist(a, b) / dash))
        for i in range(0, n, 2):
            t0, t1 = i / n, min(1.0, (i + 1) / n)
            self._line(L, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                       (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), colour, group, width)

    def _arrowhead(self, L: _Layer, tip: tuple[float, float], direction: float, size: float,
                   colour: Any, group: int) -> None:
        ux, uy = math.cos(direction), math.sin(direction)
        bx, by = tip[0] - ux * size, tip[1] - uy * size
        px, py = -uy * size * 0.55, ux * size * 0.55
        self._poly(L, [tip, (bx + px, by + py), (bx - px, by - py)], colour, group)

    def _pin_label(self, L: _Layer, text: str, x: float, y: float, *, dx: float = 0, dy: float = 0,
                   pt: float = theme.SMALL_PT, colour: Any = theme.ON_WATER, bold: bool = True,
                   anchor_x: str = "center") -> Any:
        label = pyglet.text.Label(text, font_name=theme.FONT, font_size=pt * self.scale,
                                  weight="bold" if bold else "normal", color=theme.rgba(colour),
                                  anchor_x=anchor_x, anchor_y="center", batch=self.batch,
                                  group=self.pin_text)
        pin = _Pin(label, x, y, dx * self.scale, dy * self.scale, True)
        L.pins.append(pin)
        pin.place(self.camera)
        return label

    def _pin_circle(self, L: _Layer, x: float, y: float, radius: float, colour: Any,
                    ring: float | None = None) -> Any:
        if ring is None:
            s = shapes.Circle(0, 0, radius * self.scale, segments=20, color=theme.rgba(colour),
                              batch=self.batch, group=self.pin_shapes)
        else:
            s = shapes.Arc(0, 0, radius * self.scale, segments=32, thickness=ring * self.scale,
                           color=theme.rgba(colour), batch=self.batch, group=self.pin_shapes)
        pin = _Pin(s, x, y)
        L.pins.append(pin)
        pin.place(self.camera)
        return s

    def camera_moved(self) -> None:
        """Pinned things follow the camera; line widths are rebuilt when the zoom changed."""
        if self.course is not None and abs(self.camera.zoom - self._zoom_built) > 1e-9 * self._zoom_built:
            self.show(self.course, **self._args)
            return
        for L in (self.layer, self.overlay):
            for pin in L.pins:
                pin.place(self.camera)

    def set_visible(self, visible: bool) -> None:
        self.visible = visible
        for L in (self.layer, self.overlay):
            for d in L.drawables:
                d.visible = visible
            for p in L.pins:
                p.drawable.visible = visible

    # --- the picture ------------------------------------------------------------------
    def show(self, course: Course, *, selection: Any = None, highlight: Any = None,
             draft: Sequence[tuple[float, float]] = (), handles_on: bool = True,
             land_midpoints: int | None = None) -> None:
        """Draw ``course``; ``selection`` is a :class:`Handle` key tuple ``(kind, key)``;
        ``highlight`` a finding (its ``at`` gets a ring); ``draft`` a land outline being
        drawn."""
        self.course = course
        self._args = dict(selection=selection, highlight=highlight, draft=tuple(draft),
                          handles_on=handles_on, land_midpoints=land_midpoints)
        self._zoom_built = self.camera.zoom
        self.layer.clear()
        self.overlay.clear()
        L, c = self.layer, course
        lw = self._px(1.6)
        self._poly(L, list(c.area), TABLE_WATER, G_TABLE)
        self._outline(L, list(c.area), theme.rgba(theme.FOAM, 170), G_TABLE, lw)
        # a faint grid of card lengths ("chequered table cloth"), every 5 cards
        self._grid(L, c, lw)
        for i, land in enumerate(c.land):
            self._poly(L, list(land.outline), LAND, G_LAND)
            self._outline(L, list(land.outline), LAND_EDGE, G_LAND, lw)
            self._pin_label(L, land.name, *inside_point(land.polygon), colour=theme.INK, bold=False)
        for e in c.weather_eyes:
            poly = c.weather_eye_shape(e)
            pts = [(float(x), float(y)) for x, y in list(poly.exterior.coords)[:-1]]
            self._poly(L, pts, theme.rgba(WEATHER_EYE, 90), G_LAND)
            self._outline(L, pts, theme.rgba(WEATHER_EYE, 220), G_LAND, lw)
            self._pin_label(L, "WE", e.x, e.y, colour=theme.INK)
        self._lines(L, c, lw)
        self._course_line(L, c, lw)
        labels = sketch.mark_labels(c)
        legs = sketch.leg_numbers(c)
        for m in c.marks:
            r = max(m.radius, self._px(5))
            self._circle(L, m.x, m.y, r * 1.25, theme.INK, G_MARKS)
            self._circle(L, m.x, m.y, r, MARK, G_MARKS)
            self._pin_label(L, labels[m.id], m.x, m.y, dx=10, dy=12, pt=theme.BODY_PT,
                            colour=(255, 225, 160), anchor_x="left")
            if legs[m.id]:
                self._pin_label(L, "leg " + ", ".join(map(str, legs[m.id])), m.x, m.y, dx=10, dy=-4,
                                colour=theme.ON_WATER_SOFT, bold=False, anchor_x="left")
        if draft:
            self._draft(L, draft, lw)
        if handles_on:
            for h in handles(c, land_midpoints=land_midpoints):
                if h.kind == "vertex":
                    self._pin_circle(L, h.x, h.y, HANDLE_PX * 0.8, HANDLE)
                    self._pin_circle(L, h.x, h.y, HANDLE_PX * 0.8, LAND_EDGE, ring=1.5)
                elif h.kind == "midpoint":
                    self._pin_circle(L, h.x, h.y, HANDLE_PX * 0.6, theme.rgba(HANDLE, 150))
        self._selection(selection, c)
        self._highlight(highlight)

    def _grid(self, L: _Layer, c: Course, lw: float) -> None:
        xs, ys = [p[0] for p in c.area], [p[1] for p in c.area]
        step = c.card_length * 5
        colour = theme.rgba(theme.FOAM, 28)
        x = math.ceil(min(xs) / step) * step
        area = c.area_polygon
        from shapely.geometry import LineString
        while x < max(xs):
            seg = LineString([(x, min(ys)), (x, max(ys))]).intersection(area)
            for part in getattr(seg, "geoms", [seg]):
                if not part.is_empty and part.geom_type == "LineString":
                    (a, b) = list(part.coords)[0], list(part.coords)[-1]
                    self._line(L, a, b, colour, G_TABLE, lw * 0.7)
            x += step
        y = math.ceil(min(ys) / step) * step
        while y < max(ys):
            seg = LineString([(min(xs), y), (max(xs), y)]).intersection(area)
            for part in getattr(seg, "geoms", [seg]):
                if not part.is_empty and part.geom_type == "LineString":
                    (a, b) = list(part.coords)[0], list(part.coords)[-1]
                    self._line(L, a, b, colour, G_TABLE, lw * 0.7)
            y += step

    def _lines(self, L: _Layer, c: Course, lw: float) -> None:
        same = c.finish == c.start
        lines = [("start", c.start, "Start / Finish" if same else "Start", theme.ON_WATER)]
        if not same:
            lines.append(("finish", c.finish, "Finish", FINISH))
        wr = math.radians(c.wind_from)
        for which, line, name, colour in lines:
            self._dashed(L, line.a, line.b, theme.rgba(colour, 230), G_LINE, lw * 1.4,
                         dash=max(self._px(8), line.length / 14))
            for p in (line.a, line.b):
                self._circle(L, p[0], p[1], max(c.mark_radius, self._px(4)), LINE_BUOY, G_LINE)
            sign = -1 if which == "start" else 1        # the start's name downwind
            mx, my = line.midpoint
            self._pin_label(L, name, mx, my, dx=18 * sign * math.sin(wr), dy=18 * sign * math.cos(wr),
                            colour=colour, bold=True)

    def _course_line(self, L: _Layer, c: Course, lw: float) -> None:
        chain = sketch.course_chain(c)
        colour = theme.rgba(COURSE_LINE, 150)
        seen: set[tuple[Any, Any]] = set()
        for a, b in zip(chain, chain[1:]):
            if (a, b) in seen or a == b:
                continue
            seen.add((a, b))
            self._line(L, a, b, theme.rgba(COURSE_LINE, 110), G_LINE, lw)
            t = 0.55
            tip = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            self._arrowhead(L, tip, math.atan2(b[1] - a[1], b[0] - a[0]), self._px(11), colour, G_LINE)
        for arrow in sketch.rounding_arrows(c):
            pts = list(arrow.points)
            col = theme.rgba(theme.PRIMARY, 235)
            if arrow.gate:
                self._line(L, pts[0], pts[-1], col, G_LINE, lw * 1.4)
            else:
                self._outline(L, pts[:-1], col, G_LINE, lw * 1.6, closed=False)
            self._arrowhead(L, arrow.tip, arrow.direction, max(self._px(10), c.card_length * 0.25), col, G_LINE)
        for r in c.rounding:
            if r.is_gate:
                a, b = (c.mark(i) for i in r.mark_ids)
                self._dashed(L, a.xy, b.xy, theme.rgba(theme.PRIMARY, 200), G_LINE, lw,
                             dash=max(self._px(5), math.dist(a.xy, b.xy) / 10))

    def _draft(self, L: _Layer, draft: Sequence[tuple[float, float]], lw: float) -> None:
        pts = list(draft)
        if len(pts) >= 3:
            try:
                self._poly(L, pts, theme.rgba(LAND, 110), G_DRAFT)
            except Exception:       # a crossing outline cannot be filled yet: just its edges
                pass
        if len(pts) >= 2:
            self._outline(L, pts, LAND_EDGE, G_DRAFT, lw * 1.5, closed=False)
        for i, p in enumerate(pts):
            self._pin_circle(L, p[0], p[1], HANDLE_PX * (1.3 if i == 0 else 0.9),
                             SELECT if i == 0 else HANDLE)

    def _selection(self, selection: Any, c: Course) -> None:
        if not selection:
            return
        kind, key = selection[0], selection[1:]
        pt: tuple[float, float] | None = None
        if kind == "mark" and any(m.id == key[0] for m in c.marks):
            pt = c.mark(key[0]).xy
        elif kind == "line":
            line = getattr(c, key[0])
            pt = getattr(line, key[1]) if len(key) > 1 else line.midpoint
        elif kind == "vertex" and key[0] < len(c.land) and key[1] < len(c.land[key[0]].outline):
            pt = c.land[key[0]].outline[key[1]]
        elif kind == "eye" and key[0] < len(c.weather_eyes):
            e = c.weather_eyes[key[0]]
            pt = (e.x, e.y)
        if kind in ("land", "vertex") and key[0] < len(c.land):
            pts = list(c.land[key[0]].outline)
            self._outline(self.overlay, pts, theme.rgba(SELECT, 230), G_DRAFT, self._px(2.5))
        if pt is not None:
            self._pin_circle(self.overlay, pt[0], pt[1], 16, SELECT, ring=3)

    def _highlight(self, finding: Any) -> None:
        if finding is None or getattr(finding, "at", None) is None:
            return
        x, y = finding.at
        colour = ERROR if finding.level == "error" else WARNING
        self._pin_circle(self.overlay, x, y, 26, colour, ring=4)
        self._pin_circle(self.overlay, x, y, 38, theme.rgba(colour, 120), ring=2)

    def delete(self) -> None:
        self.layer.clear()
        self.overlay.clear()
