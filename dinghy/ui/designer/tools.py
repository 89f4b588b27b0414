"""The course designer's tools and pointer: Move, Mark, Land and Weather Eye; what a
tap or a drag on the chart hits (:meth:`ToolsMixin.hit`), and the edit it makes.

Mixed into :class:`~dinghy.ui.designer.window.DesignerScene`.
"""
from __future__ import annotations

import math
import time
from typing import Any

from dinghy.games.dinghy_race import designer as D
from dinghy.games.dinghy_race.course import Course
from dinghy.core.errors import DinghyError
from dinghy.ui.designer.chart import Handle, handles


TOOLS = (("move", "Move"), ("mark", "Mark"), ("land", "Land"), ("eye", "W. Eye"))
TOOL_HINTS = {
    "move": "Tap a mark, a line end, land or a Weather Eye marker to select it; drag to move it. "
            "Drag the water to pan, scroll to zoom.",
    "mark": "Tap the water to drop a new mark; it is added to the end of the rounding order (to port).",
    "land": "Tap corner after corner; tap the first corner again, double-tap or press Enter to close "
            "the island. Esc drops it.",
    "eye": "Tap the water to fix a Weather Eye card there (it never drifts).",
}
DRAG_START_PX = 6.0
DOUBLE_TAP_S = 0.4


class ToolsMixin:
    """Tools, hit-testing, taps and drags on the chart."""

    gui: Any
    history: Any
    camera: Any
    chart: Any
    tool: str
    selection: tuple[Any, ...] | None
    entry: int | None
    draft: list[tuple[float, float]]
    preview: Course | None

    # --- tools -------------------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        if tool != "land" and self.draft:
            self.drop_draft()
        self.tool = tool
        if tool != "move":
            self.selection, self.entry = None, None
        self.say("")
        self.refresh()

    def close_draft(self) -> None:
        if len(self.draft) < 3:
            self.say("An island needs at least 3 corners.")
            self.refresh()
            return
        pts, self.draft = list(self.draft), []
        if self.edit(D.add_land, pts):
            i = len(self.history.current.land) - 1
            self.selection = ("land", i)
            self.tool = "move"
            self.say(f"{self.history.current.land[i].name} added.")
            self.refresh()
        else:
            self.draft = pts

    def drop_draft(self) -> None:
        self.draft = []
        self.refresh()

    def fit(self) -> None:
        xs = [p[0] for p in self.course.area]
        ys = [p[1] for p in self.course.area]
        assert self.gui is not None
        self.camera.fit((min(xs), min(ys), max(xs), max(ys)), margin=self.gui.px(24))
        self._fitted = True
        if self.chart is not None:
            self.chart.camera_moved()

    # --- pointer -------------------------------------------------------------------------------
    def world(self, x: float, y: float) -> tuple[float, float]:
        return self.camera.screen_to_world(x, y)

    def hit(self, x: float, y: float) -> Any:
        """The handle under a screen point (within a fingertip), or ("land", i), or None."""
        assert self.gui is not None
        c = self.course
        reach = self.gui.touch / 2
        land_mid = self.selection[1] if self.selection and self.selection[0] in ("land", "vertex") else None
        best, best_d = None, reach
        for h in handles(c, land_midpoints=land_mid):
            sx, sy = self.camera.world_to_screen(h.x, h.y)
            d = math.hypot(sx - x, sy - y)
            if d < best_d - 1e-9:
                best, best_d = h, d
        if best is not None:
            return best
        wx, wy = self.world(x, y)
        from shapely.geometry import Point
        p = Point(wx, wy)
        for i, e in enumerate(c.weather_eyes):
            if c.weather_eye_shape(e).covers(p):
                return Handle("eye", (i,), e.x, e.y)
        for i in range(len(c.land) - 1, -1, -1):
            if c.land[i].polygon.covers(p):
                return Handle("land", (i,), wx, wy)
        return None

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if super().on_mouse_press(x, y, button, modifiers):
            return True
        if not self.camera.contains_screen(x, y):
            return False
        h = self.hit(x, y) if self.tool != "land" else None
        self._press = {"x": x, "y": y, "hit": h, "moved": False, "course": self.history.current,
                       "w0": self.world(x, y)}
        return True

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> Any:
        if super().on_mouse_drag(x, y, dx, dy, buttons, modifiers):
            return True
        p = self._press
        if p is None:
            return False
        assert self.gui is not None
        if not p["moved"] and math.hypot(x - p["x"], y - p["y"]) < self.gui.px(DRAG_START_PX):
            return True
        p["moved"] = True
        h = p["hit"]
        if h is None or h.kind not in ("mark", "line", "vertex", "midpoint", "eye", "land"):
            self.camera.pan(dx, dy)
            self.chart.camera_moved()
            return True
        wx, wy = self.world(x, y)
        ddx, ddy = wx - p["w0"][0], wy - p["w0"][1]
        at = (float(round(h.x + ddx)), float(round(h.y + ddy)))
        orig: Course = p["course"]
        try:
            if h.kind == "mark":
                new = D.move_mark(orig, h.key[0], at)
            elif h.kind == "line":
                new = D.set_line_end(orig, h.key[0], h.key[1], at)
            elif h.kind == "vertex":
                new = D.move_land_vertex(orig, h.key[0], h.key[1], at)
            elif h.kind == "midpoint":
                new = D.insert_land_vertex(orig, h.key[0], h.key[1], at)
            elif h.kind == "eye":
                new = D.move_weather_eye(orig, h.key[0], at)
            else:
                new = D.move_land(orig, h.key[0], float(round(ddx)), float(round(ddy)))
        except DinghyError as exc:
            self.say(str(exc))
            return True
        self.preview = new
        self.say("")
        self.redraw()
        return True

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if super().on_mouse_release(x, y, button, modifiers):
            return True
        p, self._press = self._press, None
        if p is None:
            return False
        if p["moved"]:
            if self.preview is not None:
                new, self.preview = self.preview, None
                h = p["hit"]
                self.history.push(new)
                if h.kind in ("mark", "eye", "vertex", "land"):
                    self.selection = (h.kind, *h.key)
                elif h.kind == "midpoint":
                    self.selection = ("vertex", h.key[0], h.key[1])
                elif h.kind == "line":
                    self.selection = ("line", *h.key)
                self.refresh()
            return True
        self.tap(x, y, p["hit"])
        return True

    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> Any:
        if self.gui is not None and self.gui.modals:
            return True
        if self.camera.contains_screen(x, y):
            self.camera.scroll(x, y, scroll_y)
            self.chart.camera_moved()
        return True

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> Any:
        return super().on_mouse_motion(x, y, dx, dy)

    def tap(self, x: float, y: float, h: Any) -> None:
        w = self.world(x, y)
        at = (float(round(w[0])), float(round(w[1])))
        now = time.monotonic()
        double = (self._last_tap is not None and now - self._last_tap[2] < DOUBLE_TAP_S
                  and math.hypot(x - self._last_tap[0], y - self._last_tap[1]) < (self.gui.touch / 3 if self.gui else 16))
        self._last_tap = (x, y, now)
        if self.tool == "land":
            if len(self.draft) >= 3:
                fx, fy = self.camera.world_to_screen(*self.draft[0])
                assert self.gui is not None
                if double or math.hypot(fx - x, fy - y) < self.gui.touch / 2:
                    self.close_draft()
                    return
            if double:
                return
            self.draft.append(at)
            self.say("")
            self.refresh()
            return
        if h is None:
            if self.tool == "mark":
                if self.edit(D.add_mark, at):
                    mid = self.history.current.marks[-1].id
                    self.selection = ("mark", mid)
                    self.entry = None
                    self.say(f"Mark {mid} added, rounded last, to port.")
                    self.refresh()
                return
            if self.tool == "eye":
                if self.edit(D.add_weather_eye, at):
                    self.selection = ("eye", len(self.history.current.weather_eyes) - 1)
                    self.refresh()
                return
            self.select(None)
            return
        if h.kind == "mark":
            if self.selection == ("mark", h.key[0]) and self.entry is not None:
                r = self.history.current.rounding[self.entry]
                if not r.is_gate:
                    self.toggle_side()
                    new = self.history.current.rounding[self.entry]
                    self.say(f"Mark {h.key[0]} is now rounded to {new.side} ({new.label}).")
                    self.refresh()
                return
            self.select(("mark", h.key[0]))
        elif h.kind == "midpoint":
            if self.edit(D.insert_land_vertex, h.key[0], h.key[1], (round(h.x), round(h.y))):
                self.select(("vertex", h.key[0], h.key[1]))
        else:
            self.select((h.kind, *h.key))
