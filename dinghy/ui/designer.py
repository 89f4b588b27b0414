"""The course designer window: ``dinghy design [FILE]``.

A race officer prepares a course before friends arrive: start from a template (or open
a file, or an empty course), drag marks, line ends, land corners and fixed Weather Eye
markers, tap a mark to change its rounding side and its place in the order, draw
islands corner by corner, turn the course to a new wind, and watch the live check of
:func:`dinghy.games.dinghy_race.course_checks.validate` (tap a finding to see where it is). Then save, export
the briefing sketch (SVG, PNG) and test-sail it with bots.

Every change is one of :mod:`dinghy.games.dinghy_race.designer`'s functions over immutable courses and is
recorded in its :class:`~dinghy.games.dinghy_race.designer.History` (Ctrl+Z / Ctrl+Y). The window decides
nothing about the course: an edit the course cannot take comes back as the edit's own
message in the status line.
"""
from __future__ import annotations

import math
import os
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from dinghy.ui.app import configure as _configure

_configure()

from dinghy.games.dinghy_race import designer as D  # noqa: E402
from dinghy.core import io  # noqa: E402
from dinghy.games.dinghy_race import sketch  # noqa: E402
from dinghy.games.dinghy_race.course import CARD_SIZES, WIND_FORCES, Course, Finding  # noqa: E402
from dinghy.games.dinghy_race.course_checks import validate  # noqa: E402
from dinghy.core.errors import DinghyError  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.app import App  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.designer_chart import ERROR, WARNING, DesignerChart, Handle, handles  # noqa: E402
from dinghy.ui.scene import ChartScene  # noqa: E402
from dinghy.ui.widgets.gui import (  # noqa: E402
    BACK, BODY, DETAIL, LAYER_DIALOG, LAYER_WIDGET, Gui, Widget, key, put, round_rect,
)
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import Modal
from dinghy.ui.widgets.panels import Panel
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text, TextField
from pyglet import shapes  # noqa: E402

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
_COMPASS8 = {0: "N", 45: "NE", 90: "E", 135: "SE", 180: "S", 225: "SW", 270: "W", 315: "NW"}


def wind_text(w: int) -> str:
    return f"Wind {w}° {_COMPASS8[w]}" if w in _COMPASS8 else f"Wind {w}°"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --- small widgets ---------------------------------------------------------------------

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


class _FormDialog(Modal):
    """A modal card with a title, free content and a row of buttons (last = primary)."""

    def __init__(self, gui: Gui, title: str, buttons: Sequence[tuple[str, Callable[[], Any]]],
                 on_cancel: Callable[[], Any] | None = None) -> None:
        super().__init__(gui, LAYER_DIALOG, theme.DIM)
        self.on_cancel = on_cancel
        self.card = self._child(Panel(gui, layer=LAYER_DIALOG))
        self.title = self._own(gui.label(title, theme.HEADER_PT + 2, theme.INK, layer=LAYER_DIALOG,
                                         bold=True, anchor_y="top"))
        self.buttons: list[Button] = []
        for i, (label, cb) in enumerate(buttons):
            style = "primary" if i == len(buttons) - 1 else "secondary"
            self.buttons.append(self._child(Button(gui, label, cb, style=style, layer=LAYER_DIALOG)))

    def card_rect(self, w: float, h: float) -> tuple[float, float, float, float]:
        g = self.gui
        w = min(w, self.w - g.px(24))
        h = min(h, self.h - g.px(24))
        return (self.x + (self.w - w) / 2, self.y + (self.h - h) / 2, w, h)

    def place_frame(self, w: float, h: float) -> tuple[float, float, float, float]:
        """Place card, title and buttons; return the content box (x, y, w, h)."""
        Modal.layout(self)
        g = self.gui
        pad = g.px(theme.PAD * 1.5)
        x, y, w, h = self.card_rect(w, h)
        self.card.place(x, y, w, h)
        put(self.title, x + pad, y + h - pad)
        bx = x + w - pad
        for b in reversed(self.buttons):
            bw = max(g.touch * 2, b.text.content_width + g.px(36))
            bx -= bw
            b.place(bx, y + pad, bw, g.touch)
            bx -= g.px(theme.GAP)
        top = y + h - pad - g.px((theme.HEADER_PT + 2) * 2.2)
        bottom = y + pad + g.touch + g.px(theme.GAP)
        return (x + pad, bottom, w - 2 * pad, top - bottom)

    def cancel(self) -> None:
        self.dismiss()
        if self.on_cancel is not None:
            self.on_cancel()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.ESCAPE and self.on_cancel is not None:
            self.cancel()
        elif symbol in (key.ENTER, key.RETURN, key.NUM_ENTER) and self.buttons:
            self.buttons[-1].callback()  # type: ignore[misc]
        return True


class TemplateDialog(_FormDialog):
    """"New course": a template and its parameters, with sensible defaults."""

    def __init__(self, gui: Gui, on_create: Callable[[str, dict[str, Any]], Any],
                 on_cancel: Callable[[], Any] | None = None, *, fleet: int = 6,
                 wind_from: int = 0, card_size: str = "small") -> None:
        buttons = ([("Cancel", self.cancel)] if on_cancel is not None else []) + [("Create", self.create)]
        super().__init__(gui, "New course", buttons, on_cancel)
        self.on_create = on_create
        L = LAYER_DIALOG
        self.message = self._own(gui.label("Pick a course and its size; every template checks clean. "
                                           "Drag anything afterwards.", theme.SMALL_PT + 1, theme.INK_SOFT,
                                           layer=L, anchor_y="top", multiline=True, width=100))

        def sel(options: list[tuple[Any, str]], value: Any, on_change: Any = None) -> ChoiceSelector:
            i = [v for v, _ in options].index(value)
            return self._child(ChoiceSelector(gui, options, i, on_change, wrap=False, layer=L))

        self.kind = self._child(ChoiceSelector(gui, list(D.TEMPLATE_TITLES.items()), 0, self._kind_changed,
                                               layer=L))
        self.wind = self._child(ChoiceSelector(gui, [(w, f"from {w}°" + (f" {_COMPASS8[w]}" if w in _COMPASS8 else ""))
                                                     for w in range(0, 360, 15)],
                                               wind_from // 15 % 24, layer=L))
        self.beat = sel([(n, f"{n} card lengths") for n in range(10, 31)], 12)
        self.reach = sel([(a, f"{a}°") for a in (30, 45, 60, 75)], 45)
        self.laps = sel([(n, f"{n} lap{'s' if n > 1 else ''}") for n in range(1, 6)], 1)
        self.fleet = sel([(n, f"{n} boats") for n in range(2, D.MAX_FLEET + 1)], max(2, min(fleet, 6)))
        self.cards = self._child(ChoiceSelector(gui, [(s, f"{s} ({CARD_SIZES[s][0]:.0f} mm)") for s in CARD_SIZES],
                                                list(CARD_SIZES).index(card_size), layer=L))
        self.force = self._child(ChoiceSelector(gui, [(f, f) for f in WIND_FORCES], 1, layer=L))
        self.rows = [("Course", self.kind), ("Wind", self.wind), ("First beat", self.beat),
                     ("Reach angle", self.reach), ("Laps", self.laps), ("Boats", self.fleet),
                     ("Cards", self.cards), ("Wind force", self.force)]
        self.captions = [self._own(gui.label(t, theme.BODY_PT, theme.INK, layer=L, bold=True))
                         for t, _ in self.rows]
        self._kind_changed(self.kind.value)

    def _kind_changed(self, kind: str) -> None:
        params = D.TEMPLATE_PARAMS[kind]
        self.reach.enabled = "reach_angle" in params
        self.reach.reason = "" if self.reach.enabled else "this course has no reach"
        self.laps.enabled = "laps" in params
        self.reach.set_value(60 if kind.startswith("trapeze") else 45)
        self.laps.set_value(2 if kind.startswith("up_and_down") else 1)

    def params(self) -> dict[str, Any]:
        return dict(wind_from=self.wind.value, upwind_cards=self.beat.value, reach_angle=self.reach.value,
                    laps=self.laps.value, fleet=self.fleet.value, card_size=self.cards.value,
                    wind_force=self.force.value)

    def create(self) -> None:
        self.dismiss()
        self.on_create(self.kind.value, self.params())

    def layout(self) -> None:
        g = self.gui
        row = g.touch + g.px(8)
        cols = 2 if self.w >= g.px(760) else 1
        nrows = math.ceil(len(self.rows) / cols)
        width = g.px(760) if cols == 2 else g.px(440)
        h = g.px(theme.PAD * 3) + g.px((theme.HEADER_PT + 2) * 2.2) + g.px(40) + nrows * row + g.touch + g.px(12)
        x, y, w, hh = self.place_frame(width, h)
        self.message.width = int(w)
        put(self.message, x, y + hh)
        top = y + hh - g.px(40)
        col_w = (w - g.px(theme.GAP) * (cols - 1)) / cols
        cap_w = max(c.content_width for c in self.captions) + g.px(12)
        for i, ((_, sel), cap) in enumerate(zip(self.rows, self.captions)):
            c, r = (i % cols, i // cols) if cols == 2 else (0, i)
            cx = x + c * (col_w + g.px(theme.GAP))
            ry = top - (r + 1) * row + g.px(4)
            put(cap, cx, ry + g.touch / 2)
            sel.place(cx + cap_w, ry, col_w - cap_w, g.touch)


class NameDialog(_FormDialog):
    """Type a name ("Save as", "Rename"); Enter confirms, Esc cancels."""

    def __init__(self, gui: Gui, title: str, message: str, value: str,
                 on_ok: Callable[[str], Any], ok: str = "Save") -> None:
        super().__init__(gui, title, [("Cancel", self.cancel), (ok, self.ok)], on_cancel=lambda: None)
        self.on_ok = on_ok
        self.message = self._own(gui.label(message, theme.SMALL_PT + 1, theme.INK_SOFT, layer=LAYER_DIALOG,
                                           anchor_y="top", multiline=True, width=100))
        self.field = self._child(TextField(gui, value, placeholder="Course name", max_length=48,
                                           layer=LAYER_DIALOG))

    def ok(self) -> None:
        text = self.field.value.strip()
        if not text:
            return
        self.dismiss()
        self.on_ok(text)

    def layout(self) -> None:
        g = self.gui
        h = g.px(theme.PAD * 3) + g.px((theme.HEADER_PT + 2) * 2.2) + g.px(44) + g.touch * 2 + g.px(20)
        x, y, w, hh = self.place_frame(g.px(520), h)
        self.message.width = int(w)
        put(self.message, x, y + hh)
        self.field.place(x, y + hh - g.px(44) - g.touch, w, g.touch)

    def on_text(self, text: str) -> None:
        self.field.on_text(text)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.BACKSPACE:       # text motion does not reach a field inside a modal
            self.field.on_text_motion(key.MOTION_BACKSPACE)
            return True
        return super().on_key_press(symbol, modifiers)


# --- the scene -------------------------------------------------------------------------------

class DesignerScene(ChartScene):
    """``DesignerScene(course=None, path=None, on_test_sail=None, fleet=6, home=None)``.

    ``course`` None shows the template dialog over an empty course. ``path`` is where
    Save writes (the opened file, or the name given on the command line); without it
    Save writes ``<courses folder>/<course name>.toml`` (``home`` or
    ``$DINGHY_HOME/courses``).
    """

    shortcuts = [
        ("Ctrl+Z / Ctrl+Y", "Undo / redo"),
        ("Ctrl+S", "Save"),
        ("Ctrl+Shift+S", "Save as (a new name)"),
        ("V  M  L  W", "Tools: move, new mark, draw land, Weather Eye"),
        ("Tap a mark twice", "Switch its rounding side (port / starboard)"),
        ("Enter / Esc", "Close / drop the island being drawn"),
        ("Delete", "Delete what is selected"),
        ("F", "Fit the course in view"),
        ("Drag / wheel", "Move things or pan / zoom"),
    ]
    help_title = "Course designer: shortcuts"

    def __init__(self, course: Course | None = None, path: str | os.PathLike[str] | None = None, *,
                 on_test_sail: Callable[[Path], Any] | None = None, fleet: int = 6,
                 home: str | os.PathLike[str] | None = None) -> None:
        super().__init__()
        self.ask_template = course is None
        self.history = D.History(course if course is not None else D.blank(fleet=fleet))
        self.path: Path | None = Path(path) if path is not None else None
        self.home = Path(home) if home is not None else None
        opened_shipped = self.path is not None and _is_shipped(self.path)
        if opened_shipped:
            self.path = None        # a shipped course is never overwritten: Save makes a copy
        self.on_test_sail = on_test_sail
        self.fleet = max(2, min(int(fleet), D.MAX_FLEET))
        self.saved: Course | None = course if (course is not None and self.path is not None
                                               and self.path.exists()) else None
        self.camera = Camera(min_zoom=0.02, max_zoom=25.0)
        self.tool = "move"
        self.selection: tuple[Any, ...] | None = None
        self.entry: int | None = None            # the selected mark's rounding entry
        self.draft: list[tuple[float, float]] = []
        self.preview: Course | None = None
        self.findings: list[Finding] = []
        self.hovered: Finding | None = None
        self.pinned: Finding | None = None
        self.status = ("A shipped course: Save writes your copy to the courses folder."
                       if opened_shipped else "")
        self._press: dict[str, Any] | None = None
        self._last_tap: tuple[float, float, float] | None = None
        self._exporting = False
        self._fitted = False
        self._rows_for: list[Finding] | None = None
        self.rows: list[FindingRow] = []
        self._placed: dict[int, tuple[float, ...]] = {}

    # --- the course -----------------------------------------------------------------------
    @property
    def course(self) -> Course:
        return self.preview if self.preview is not None else self.history.current

    @property
    def modified(self) -> bool:
        return self.saved is None or self.saved != self.history.current

    def courses_folder(self) -> Path:
        return self.home if self.home is not None else D.courses_home()

    def save_target(self) -> Path:
        if self.path is not None:
            return self.path
        return self.courses_folder() / f"{D.slug(self.history.current.name)}.toml"

    def edit(self, fn: Callable[..., Course], *args: Any, **kwargs: Any) -> bool:
        """Apply one edit and record it; an EditError goes to the status line."""
        try:
            self.history.apply(fn, *args, **kwargs)
        except DinghyError as exc:
            self.say(str(exc))
            self.refresh()
            return False
        self.say("")
        self.refresh()
        return True

    def undo(self) -> None:
        if self.history.can_undo:
            self.history.undo()
            self.say("Undone.")
            self.refresh()

    def redo(self) -> None:
        if self.history.can_redo:
            self.history.redo()
            self.say("Redone.")
            self.refresh()

    def say(self, text: str) -> None:
        self.status = text
        if getattr(self, "status_text", None) is not None:
            self.status_text.text = text

    # --- building -----------------------------------------------------------------------
    def build(self) -> None:
        g = self.gui
        assert g is not None and self.app is not None
        self.chart = DesignerChart(g.batch, self.app.window, self.camera, scale=g.scale)
        add = g.add
        self.top = add(Panel(g, colour=theme.WATER_DEEP, shadow=False))
        self.undo_button = add(Button(g, "Undo", self.undo, reason="Nothing to undo"))
        self.redo_button = add(Button(g, "Redo", self.redo, reason="Nothing to redo"))
        self.new_button = add(Button(g, "New…", self.ask_new))
        self.save_button = add(Button(g, "Save", self.save, style="primary"))
        self.save_as_button = add(Button(g, "Save as…", self.ask_save_as))
        self.svg_button = add(Button(g, "SVG", self.export_svg))
        self.png_button = add(Button(g, "PNG", lambda: self.export_png()))
        self.test_button = add(Button(g, "Test sail", self.test_sail))
        self.help_button = add(Button(g, "?", self.show_help, style="water", pt=theme.HEADER_PT))
        self.tool_buttons = {t: add(Button(g, label, (lambda t=t: self.set_tool(t)), style="water"))
                             for t, label in TOOLS}
        self.fit_button = add(Button(g, "Fit view", self.fit, style="water"))
        self.table_button = add(Button(g, "Fit table", lambda: self.edit(D.fit_area), style="water"))
        self.wind_arrow = add(WindArrow(g))
        self.status_text = add(Text(g, "", theme.SMALL_PT + 1, theme.ON_WATER))
        self.export_title = add(Text(g, "", theme.HEADER_PT, theme.ON_WATER, bold=True))
        self.export_words = add(Text(g, "", theme.BODY_PT, theme.ON_WATER_SOFT))

        self.panel = add(Panel(g))
        self.name_text = add(Text(g, "", theme.HEADER_PT, theme.INK, bold=True))
        self.file_text = add(Text(g, "", theme.SMALL_PT, theme.INK_SOFT))
        self.rename_button = add(Button(g, "Rename", self.ask_rename))
        c = self.history.current
        self.wind_sel = add(ChoiceSelector(g, [(w, wind_text(w)) for w in range(0, 360, 15)],
                                           c.wind_from // 15, lambda w: self.edit(D.rotate_course, w)))
        self.laps_sel = add(ChoiceSelector(g, [(n, f"{n} lap{'s' if n > 1 else ''}") for n in range(1, 10)],
                                           min(c.laps, 9) - 1, lambda n: self.edit(D.set_laps, n), wrap=False))
        self.cards_sel = add(ChoiceSelector(g, [(s, f"{s.capitalize()} cards") for s in CARD_SIZES],
                                            list(CARD_SIZES).index(c.card_size),
                                            lambda s: self.edit(D.set_card_size, s, scale=True)))
        self.force_sel = add(ChoiceSelector(g, [(f, f"{f.capitalize()} wind") for f in WIND_FORCES],
                                            WIND_FORCES.index(c.wind_force), lambda f: self.edit(D.set_wind_force, f)))
        self.fleet_sel = add(ChoiceSelector(g, [(n, f"{n} boats") for n in range(2, D.MAX_FLEET + 1)],
                                            self.fleet - 2, self.set_fleet, wrap=False))
        self.order_text = add(Text(g, "", theme.SMALL_PT + 1, theme.INK, multiline=True))
        self.sel_title = add(Text(g, "", theme.BODY_PT + 1, theme.INK, bold=True))
        self.sel_text = add(Text(g, "", theme.SMALL_PT + 1, theme.INK_SOFT, multiline=True))
        self.actions = [add(Button(g, "·", None)) for _ in range(8)]
        self.check_title = add(Text(g, "", theme.BODY_PT + 1, theme.INK, bold=True))
        self.more_text = add(Text(g, "", theme.SMALL_PT, theme.INK_SOFT))
        self.refresh()
        if self.ask_template:
            self.ask_template = False
            self.ask_new(first=True)

    # --- layout -------------------------------------------------------------------------
    def panel_width(self) -> float:
        g = self.gui
        assert g is not None
        return g.px(340) if g.width >= g.px(1100) else g.px(320)

    def layout(self) -> None:
        g = self.gui
        assert g is not None
        W, H = g.width, g.height
        pad, gap, t = g.px(theme.PAD), g.px(theme.GAP), g.touch
        pw = self.panel_width()
        top_h = t + g.px(16)
        show = not self._exporting
        chrome = [self.top, self.undo_button, self.redo_button, self.new_button, self.save_button,
                  self.save_as_button, self.svg_button, self.png_button, self.test_button, self.help_button,
                  self.fit_button, self.table_button, self.status_text, self.panel, self.name_text,
                  self.file_text, self.rename_button, self.order_text, self.sel_title, self.sel_text,
                  self.check_title, self.more_text, *self.tool_buttons.values()]
        for w in chrome:
            w.visible = show
        self.export_title.visible = self.export_words.visible = not show
        if not show:
            for w in self.actions + self.rows + self.selectors:
                w.visible = False
            top = g.px(64)
            self.export_title.place(pad, H - g.px(30), W - g.px(140), g.px(24))
            self.export_words.place(pad, H - g.px(54), W - g.px(140), g.px(20))
            self.camera.set_viewport(0, 0, W, H - top)
            self.wind_arrow.place(W - g.px(104), H - g.px(118), g.px(92), g.px(110))
            return

        # top bar: beside the panel when it fits, else across the whole window
        bar = [self.undo_button, self.redo_button, self.new_button, self.save_button,
               self.save_as_button, self.svg_button, self.png_button, self.test_button]
        widths = [max(t * 1.2, b.text.content_width + g.px(26)) for b in bar]
        need = sum(widths) + g.px(6) * (len(bar) - 1) + g.px(16)
        wide_bar = need > W - pw
        self.top.place(0, H - top_h, W if wide_bar else W - pw, top_h)
        x = g.px(8)
        y = H - top_h + (top_h - t) / 2
        for b, bw in zip(bar, widths):
            b.place(x, y, bw, t)
            x += bw + g.px(6)

        # tool column on the chart's left
        tw = g.px(96) if W >= g.px(1000) else g.px(84)
        ty = H - top_h - g.px(10)
        for b in list(self.tool_buttons.values()) + [self.fit_button, self.table_button]:
            if b is self.fit_button:
                ty -= g.px(14)
            ty -= t
            b.place(g.px(10), ty, tw, t)
            ty -= g.px(6)
        self.help_button.place(g.px(10), g.px(10), t, t)

        # chart viewport between tools and panel, above the status line
        left = tw + g.px(20)
        status_h = g.px(30)
        self.camera.set_viewport(left, status_h, max(1.0, W - pw - left - g.px(8)), max(1.0, H - top_h - status_h))
        self.status_text.place(left, g.px(4), W - pw - left - g.px(16), status_h - g.px(8))
        arrow = g.px(88) if W >= g.px(1000) else g.px(72)
        self.wind_arrow.place(W - pw - g.px(16) - arrow, H - top_h - g.px(10) - arrow - g.px(20), arrow,
                              arrow + g.px(20))
        if not self._fitted:
            self.fit()

        # the panel
        px0 = W - pw + g.px(4)
        panel_top = (H - top_h if wide_bar else H) - g.px(8)
        self.panel.place(px0, g.px(8), pw - g.px(12), panel_top - g.px(8))
        ix, iw = px0 + pad * 0.6, pw - g.px(12) - pad * 1.2
        y = panel_top - pad * 0.6
        rb = max(t * 1.4, self.rename_button.text.content_width + g.px(24))
        self.rename_button.place(ix + iw - rb, y - t, rb, t)
        self.name_text.place(ix, y - t, iw - rb - gap, t)
        y -= t + g.px(2)
        self.file_text.place(ix, y - g.px(16), iw, g.px(16))
        y -= g.px(16) + gap
        self._dynamic = (ix, iw, y)
        self._placed.clear()
        self.layout_dynamic()

    @property
    def selectors(self) -> list[ChoiceSelector]:
        return [self.wind_sel, self.laps_sel, self.cards_sel, self.force_sel, self.fleet_sel]

    def _put(self, w: Widget, x: float, y: float, width: float, h: float) -> None:
        """Place a widget unless it is already there (a selector's layout is not cheap)."""
        rect = (round(x, 1), round(y, 1), round(width, 1), round(h, 1))
        if self._placed.get(id(w)) != rect:
            self._placed[id(w)] = rect
            w.place(x, y, width, h)

    def layout_dynamic(self) -> None:
        """The part of the panel that changes with the course: texts, the course
        settings (folded away on a short window while something is selected), the
        selection's buttons, the findings (cheaper than a whole layout after every edit)."""
        g = self.gui
        if g is None or self._exporting or not hasattr(self, "_dynamic"):
            return
        gap, t, pad = g.px(theme.GAP), g.touch, g.px(theme.PAD)
        ix, iw, y = self._dynamic
        rb = self.rename_button.w
        self._fit_line(self.name_text, self._name_words(), iw - rb - gap, keep="start")
        self.name_text.layout()
        self._fit_line(self.file_text, self._file_words(), iw, keep="end")
        self.file_text.layout()
        bottom = g.px(16) + pad * 0.5

        shown = [b for b in self.actions if b.label != "·"]
        cols = 3 if (iw - 2 * gap) / 3 >= max([b.text.content_width + g.px(14) for b in shown] + [0]) else 2
        rows = math.ceil(len(shown) / cols)
        buttons_h = rows * t + max(0, rows - 1) * g.px(6)
        if self.sel_text.label.width != max(1, int(iw)):
            self.sel_text.label.width = max(1, int(iw))
        sel_h = g.px(24) + self.sel_text.label.content_height + g.px(8) + buttons_h + gap
        settings_h = 3 * t + 2 * g.px(6) + gap
        fold = (self.selection is not None
                and y - settings_h - g.px(60) - sel_h - g.px(26) - g.px(90) < bottom)
        half = (iw - gap) / 2
        for sel in self.selectors:
            sel.visible = not fold
        if not fold:
            for a, b in ((self.wind_sel, self.laps_sel), (self.cards_sel, self.force_sel)):
                y -= t
                self._put(a, ix, y, half, t)
                self._put(b, ix + half + gap, y, half, t)
                y -= g.px(6)
            y -= t
            self._put(self.fleet_sel, ix, y, half, t)
            y -= gap
        y = self._flow(self.order_text, ix, y, iw) - gap * 1.5
        # selection
        self.sel_title.place(ix, y - g.px(22), iw, g.px(22))
        y -= g.px(24)
        y = self._flow(self.sel_text, ix, y, iw) - g.px(8)
        bw = (iw - gap * (cols - 1)) / cols
        for b in self.actions:
            b.visible = b in shown
        for i, b in enumerate(shown):
            r, c = divmod(i, cols)
            b.place(ix + c * (bw + gap), y - (r + 1) * t - r * g.px(6), bw, t)
        y -= buttons_h + gap
        # findings
        self.check_title.place(ix, y - g.px(22), iw, g.px(22))
        y -= g.px(26)
        self._layout_rows(ix, iw, y, bottom)

    def _flow(self, t: Text, x: float, top: float, w: float) -> float:
        """Place a wrapping text with its top at ``top``; return the y below it."""
        lab = t.label
        if lab.anchor_y != "top":
            lab.anchor_y = "top"
        if lab.width != max(1, int(w)):
            lab.width = max(1, int(w))
        h = lab.content_height
        t.x, t.y, t.w, t.h = x, top - h, w, h       # (not place(): Text.layout would move it)
        put(lab, x, top)
        return top - h

    def _fit_line(self, t: Text, text: str, width: float, keep: str = "start") -> None:
        """One line of text cut with "…" to fit ``width`` (keeping its start or its end;
        a leading "→ " always stays)."""
        lab = t.label
        key_ = (text, round(width), keep)
        lead = "→ " if text.startswith("→ ") else ""
        if lead:
            text = text[len(lead):]
        if getattr(t, "_fitted_for", None) == key_:
            return
        t._fitted_for = key_  # type: ignore[attr-defined]
        lab.text = lead + text
        if lab.content_width <= width:
            return
        lo, hi = 1, len(text) - 1          # the most characters that still fit

        def cut(n: int) -> str:
            return lead + (text[:n] + "…" if keep == "start" else "…" + text[len(text) - n:])
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lab.text = cut(mid)
            if lab.content_width <= width:
                lo = mid
            else:
                hi = mid - 1
        lab.text = cut(lo)

    def _name_words(self) -> str:
        """The course's name, with a dot in front while there are unsaved changes."""
        return ("• " if self.modified else "") + self.history.current.name

    def _layout_rows(self, x: float, w: float, top: float, bottom: float) -> None:
        g = self.gui
        assert g is not None
        y = top
        hidden = 0
        for row in self.rows:
            h = row.height_for(w)
            room = bottom if row is self.rows[-1] else bottom + g.px(18)
            if hidden or y - h < room:
                row.visible = False
                hidden += 1
                continue
            row.visible = True
            row.place(x, y - h, w, h)
            y -= h + g.px(5)
        self.more_text.text = f"… and {hidden} more" if hidden else ""
        self.more_text.place(x, bottom, w, g.px(16))

    # --- refresh: everything shown follows the course ----------------------------------------
    def refresh(self) -> None:
        if self.gui is None:
            return
        c = self.history.current
        self._fix_selection(c)
        if self.preview is None:
            self.findings = validate(c, self.fleet)
        self._sync_selectors(c)
        self.order_text.text = sketch.course_words(c) + f"   ·   first beat {self._first_cards(c):.1f} card lengths"
        self.wind_arrow.set_wind(c.wind_from)
        self.export_title.text = c.name
        self.export_words.text = f"{sketch.course_words(c)}   ·   {sketch.wind_words(c)}   ·   {c.card_size} cards"
        self.undo_button.enabled = self.history.can_undo
        self.redo_button.enabled = self.history.can_redo
        errors = sum(f.level == "error" for f in self.findings)
        self.test_button.enabled = self.on_test_sail is not None and errors == 0
        self.test_button.reason = ("Test sail is not available here" if self.on_test_sail is None else
                                   "Fix the errors first" if errors else "")
        for t, b in self.tool_buttons.items():
            b.style = "primary" if t == self.tool else "water"
            b.restyle()
        self._selection_panel(c)
        self._findings_panel()
        self.say(self.status)
        self.layout_dynamic()
        self.redraw()

    def redraw(self) -> None:
        land_mid = None
        if self.selection and self.selection[0] in ("land", "vertex"):
            land_mid = self.selection[1]
        self.chart.show(self.course, selection=None if self._exporting else self.selection,
                        highlight=None if self._exporting else (self.hovered or self.pinned),
                        draft=() if self._exporting else self.draft, handles_on=not self._exporting,
                        land_midpoints=None if self._exporting else land_mid)

    def _first_cards(self, c: Course) -> float:
        from dinghy.games.dinghy_race.course import leg_target
        return math.dist(c.start.midpoint, leg_target(c, 0)) / c.card_length

    def _file_words(self) -> str:
        """Where Save writes (``~`` for the home folder); an arrow while it is not written yet."""
        target = str(self.save_target())
        home = str(Path.home())
        if target.startswith(home + os.sep):
            target = "~" + target[len(home):]
        return target if self.saved is not None else f"→ {target}"

    def _sync_selectors(self, c: Course) -> None:
        for sel, value in ((self.wind_sel, c.wind_from), (self.laps_sel, min(c.laps, 9)),
                           (self.cards_sel, c.card_size), (self.force_sel, c.wind_force),
                           (self.fleet_sel, self.fleet)):
            if sel.value != value:
                sel.set_value(value)

    def set_fleet(self, n: int) -> None:
        self.fleet = n
        self.refresh()

    # --- selection ---------------------------------------------------------------------------
    def _fix_selection(self, c: Course) -> None:
        s = self.selection
        ok = True
        if s is None:
            ok = True
        elif s[0] == "mark":
            ok = any(m.id == s[1] for m in c.marks)
        elif s[0] == "line":
            ok = s[1] == "start" or c.finish != c.start
        elif s[0] == "land":
            ok = s[1] < len(c.land)
        elif s[0] == "vertex":
            ok = s[1] < len(c.land) and s[2] < len(c.land[s[1]].outline)
        elif s[0] == "eye":
            ok = s[1] < len(c.weather_eyes)
        if not ok:
            self.selection, self.entry = None, None
        if self.selection and self.selection[0] == "mark":
            uses = self.uses(self.selection[1])
            if self.entry not in uses:
                self.entry = uses[0] if uses else None
        else:
            self.entry = None

    def uses(self, mark_id: str) -> list[int]:
        return [i for i, r in enumerate(self.history.current.rounding) if mark_id in r.mark_ids]

    def select(self, selection: tuple[Any, ...] | None) -> None:
        self.selection = selection
        self.entry = None
        self.refresh()

    def _set_actions(self, specs: Sequence[tuple[str, Callable[[], Any] | None, str]]) -> None:
        """Up to 8 (label, callback, reason-if-disabled) buttons in the selection box."""
        for b, spec in zip(self.actions, list(specs) + [("·", None, "")] * (len(self.actions) - len(specs))):
            label, cb, reason = spec
            b.label = label
            b.callback = cb
            b.reason = reason
            b.enabled = cb is not None

    def _selection_panel(self, c: Course) -> None:
        s = self.selection
        if s is None:
            self.sel_title.text = {"move": "Move", "mark": "New mark", "land": "Draw land",
                                   "eye": "Weather Eye"}[self.tool]
            text = TOOL_HINTS[self.tool]
            if self.tool == "land" and self.draft:
                text = f"{len(self.draft)} corner{'s' if len(self.draft) != 1 else ''} so far. " + text
            self.sel_text.text = text
            specs: list[tuple[str, Any, str]] = []
            if self.tool == "land":
                specs = [("Close", self.close_draft if len(self.draft) >= 3 else None, "needs 3 corners"),
                         ("Drop", self.drop_draft if self.draft else None, "nothing drawn yet")]
            self._set_actions(specs)
            return
        kind = s[0]
        if kind == "mark":
            mid = s[1]
            uses = self.uses(mid)
            self.sel_title.text = f"Mark {mid}"
            if self.entry is None:
                self.sel_text.text = "Not in the rounding order: only an obstacle. 'Add' puts it last."
            else:
                r = c.rounding[self.entry]
                where = f"{ordinal(self.entry + 1)} of {len(c.rounding)} in the order"
                also = [i + 1 for i in uses if i != self.entry]
                more = f"; also rounded {', '.join(ordinal(i) for i in also)}" if also else ""
                if r.is_gate:
                    self.sel_text.text = f"Gate {r.label}, {where}{more}. Boats sail between its marks."
                else:
                    side = "port (leave it on the left)" if r.side == "port" else "starboard (leave it on the right)"
                    self.sel_text.text = f"{r.label}: {where}, to {side}{more}. Tap it again to switch sides."
            e = self.entry
            gate = e is not None and c.rounding[e].is_gate
            side_label = "Starboard" if (e is not None and c.rounding[e].side == "port") else "Port"
            specs = [
                (side_label, self.toggle_side if e is not None and not gate else None,
                 "a gate has no side" if gate else "not in the order"),
                ("Earlier", self.earlier if e else None, "already first"),
                ("Later", self.later if e is not None and e < len(c.rounding) - 1 else None, "already last"),
                ("Again", self.round_again, ""),
                ("Drop" if e is not None else "Add", self.drop_entry if e is not None else self.add_entry, ""),
                ("Delete", self.delete_selected, ""),
            ]
            if len(uses) > 1:
                specs.append(("Next use", self.next_use, ""))
            self._set_actions(specs)
        elif kind == "line":
            which = s[1]
            line = getattr(c, which)
            linked = c.finish == c.start
            clear = line.length - 2 * c.mark_radius
            boats = int(clear // c.card_length)
            name = "Start and finish line" if linked else f"{which.capitalize()} line"
            self.sel_title.text = name
            self.sel_text.text = (f"{line.length:.0f} mm, room for {boats} boats (one card length each). "
                                  "Drag its end buoys.")
            specs = [("Square", lambda: self.edit(D.square_line, which), ""),
                     ("Own finish" if linked else "Finish here",
                      (lambda: self.edit(D.link_finish_to_start, not linked)) if (linked or which == "finish")
                      else None, "select the finish line")]
            self._set_actions(specs)
        elif kind in ("land", "vertex"):
            i = s[1]
            land = c.land[i]
            self.sel_title.text = land.name if kind == "land" else f"{land.name}, corner {s[2] + 1}"
            self.sel_text.text = (f"{len(land.outline)} corners. Drag a corner to move it, a small dot between "
                                  "corners to add one, the inside to move the whole piece.")
            specs = []
            if kind == "vertex":
                specs.append(("Del corner", lambda: self._delete_vertex(i, s[2]), ""))
            specs += [("Rename", self.ask_rename_land, ""), ("Delete", lambda: self._delete_land(i), "")]
            self._set_actions(specs)
        elif kind == "eye":
            i = s[1]
            e = c.weather_eyes[i]
            self.sel_title.text = f"Weather Eye marker {i + 1}"
            self.sel_text.text = ("Long side along the wind." if e.long_side_along_wind else
                                  "Long side across the wind.") + " It never drifts."
            self._set_actions([("Turn", lambda: self.edit(D.turn_weather_eye, i), ""),
                               ("Delete", self.delete_selected, "")])

    # mark actions
    def toggle_side(self) -> None:
        if self.entry is not None:
            self.edit(D.toggle_rounding_side, self.entry)

    def earlier(self) -> None:
        e = self.entry
        if e and self.edit(D.move_rounding, e, e - 1):
            self.entry = e - 1
            self.refresh()

    def later(self) -> None:
        e = self.entry
        if e is not None and self.edit(D.move_rounding, e, e + 1):
            self.entry = e + 1
            self.refresh()

    def round_again(self) -> None:
        """Round the selected mark once more: at the latest place in the order it fits."""
        assert self.selection is not None
        mid = self.selection[1]
        c = self.history.current
        for pos in range(len(c.rounding), -1, -1):
            try:
                new = D.insert_rounding(c, pos, mid, "port")
            except DinghyError:
                continue
            self.history.push(new)
            self.entry = pos
            self.say(f"Mark {mid} is now also rounded {ordinal(pos + 1)}.")
            self.refresh()
            return
        self.say(f"Mark {mid} cannot be rounded once more: it would follow itself.")
        self.refresh()

    def drop_entry(self) -> None:
        if self.entry is not None:
            self.edit(D.remove_rounding, self.entry)

    def add_entry(self) -> None:
        assert self.selection is not None
        self.edit(D.append_rounding, self.selection[1], "port")

    def next_use(self) -> None:
        assert self.selection is not None
        uses = self.uses(self.selection[1])
        if uses:
            self.entry = uses[(uses.index(self.entry) + 1) % len(uses)] if self.entry in uses else uses[0]
            self.refresh()

    def _delete_vertex(self, i: int, j: int) -> None:
        if self.edit(D.delete_land_vertex, i, j):
            self.selection = ("land", i)
            self.refresh()

    def _delete_land(self, i: int) -> None:
        if self.edit(D.delete_land, i):
            self.select(None)

    def delete_selected(self) -> None:
        s = self.selection
        if s is None:
            return
        ok = False
        if s[0] == "mark":
            ok = self.edit(D.delete_mark, s[1])
        elif s[0] == "eye":
            ok = self.edit(D.delete_weather_eye, s[1])
        elif s[0] == "land":
            ok = self.edit(D.delete_land, s[1])
        elif s[0] == "vertex":
            self._delete_vertex(s[1], s[2])
            return
        if ok:
            self.select(None)

    # --- findings -------------------------------------------------------------------------------
    def _findings_panel(self) -> None:
        g = self.gui
        assert g is not None
        errors = sum(f.level == "error" for f in self.findings)
        warnings = len(self.findings) - errors
        if not self.findings:
            self.check_title.text = f"Check: all clear for {self.fleet} boats"
        else:
            parts = []
            if errors:
                parts.append(f"{errors} error{'s' if errors > 1 else ''}")
            if warnings:
                parts.append(f"{warnings} warning{'s' if warnings > 1 else ''}")
            self.check_title.text = f"Check ({self.fleet} boats): " + ", ".join(parts)
        if self._rows_for == self.findings:
            return
        for row in self.rows:
            g.remove(row)
        self.rows = [g.add(FindingRow(g, f, self.hover_finding, self.tap_finding)) for f in self.findings]
        self._rows_for = list(self.findings)
        if self.pinned not in self.findings:
            self.pinned = None
        if self.hovered not in self.findings:
            self.hovered = None

    def hover_finding(self, finding: Finding | None) -> None:
        if finding != self.hovered:
            self.hovered = finding
            self.redraw()

    def tap_finding(self, finding: Finding) -> None:
        self.pinned = None if self.pinned == finding else finding
        for row in self.rows:
            row.selected = row.finding == self.pinned
            row.restyle()
        if self.pinned is not None and self.pinned.at is not None:
            x, y = self.pinned.at
            x0, y0, x1, y1 = self.camera.visible_bounds()
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                self.camera.follow(x, y)
        self.chart.camera_moved()
        self.redraw()

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

    # --- keys ---------------------------------------------------------------------------------------
    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        accel = modifiers & key.MOD_ACCEL
        shift = modifiers & key.MOD_SHIFT
        if accel and symbol == key.Z and not shift:
            self.undo()
        elif accel and (symbol == key.Y or (symbol == key.Z and shift)):
            self.redo()
        elif accel and symbol == key.S:
            self.ask_save_as() if shift else self.save()
        elif accel:
            return False
        elif symbol in (key.ENTER, key.RETURN, key.NUM_ENTER) and self.tool == "land":
            self.close_draft()
        elif symbol == key.ESCAPE:
            if self.draft:
                self.drop_draft()
            else:
                self.select(None)
        elif symbol in (key.DELETE, key.BACKSPACE):
            self.delete_selected()
        elif symbol == key.F:
            self.fit()
        elif symbol in (key.V, key.M, key.L, key.W):
            self.set_tool({key.V: "move", key.M: "mark", key.L: "land", key.W: "eye"}[symbol])
        else:
            return False
        return True

    # --- dialogs -------------------------------------------------------------------------------------
    def ask_new(self, first: bool = False) -> None:
        assert self.gui is not None
        c = self.history.current
        self.gui.open(TemplateDialog(self.gui, self.create_from_template,
                                     on_cancel=(lambda: None), fleet=self.fleet,
                                     wind_from=c.wind_from, card_size=c.card_size))

    def create_from_template(self, kind: str, params: dict[str, Any]) -> None:
        try:
            course = D.template(kind, **params)
        except DinghyError as exc:
            self.say(str(exc))
            self.refresh()
            return
        self.fleet = params.get("fleet", self.fleet)
        if self.path is not None and self.path.exists() and self.saved is not None:
            self.path = None            # a new course never overwrites the file opened
        self.history.reset(course)
        self.saved = None
        self.selection, self.entry, self.draft = None, None, []
        self._fitted = False
        self.say(f"New course: {course.name}.")
        self.refresh()
        self.fit()

    def ask_save_as(self) -> None:
        assert self.gui is not None
        folder = self.save_target().parent
        dialog = self.gui.open(NameDialog(self.gui, "Save as", f"The course gets this name; the file goes to {folder}.",
                                          self.history.current.name, self.save_as))
        self.gui.set_focus(dialog.field)  # type: ignore[attr-defined]

    def save_as(self, name: str) -> None:
        folder = self.save_target().parent
        if not self.edit(D.rename, name):
            return
        self.path = folder / f"{D.slug(name)}.toml"
        self.save()

    def ask_rename(self) -> None:
        assert self.gui is not None
        self.gui.open(NameDialog(self.gui, "Course name", "The name players see in the set-up and on the sketch.",
                                 self.history.current.name, lambda n: self.edit(D.rename, n), ok="Rename"))

    def ask_rename_land(self) -> None:
        assert self.gui is not None and self.selection is not None
        i = self.selection[1]
        self.gui.open(NameDialog(self.gui, "Name of the land", "Islands, coasts and capes carry their name on the chart.",
                                 self.history.current.land[i].name,
                                 lambda n: self.edit(D.rename_land, i, n), ok="Rename"))

    # --- files ------------------------------------------------------------------------------------------
    def save(self) -> Path | None:
        target = self.save_target()
        try:
            D.save(self.history.current, target)
        except OSError as exc:
            self.say(f"Cannot save to {target}: {exc.strerror or exc}")
            self.refresh()
            return None
        self.path = target
        self.saved = self.history.current
        self.say(f"Saved to {target}.")
        self.refresh()
        return target

    def export_svg(self, path: str | os.PathLike[str] | None = None) -> Path:
        p = Path(path) if path is not None else self.save_target().with_suffix(".svg")
        io.write_text_atomic(p, sketch.course_svg(self.history.current))
        self.say(f"Sketch written to {p}.")
        self.refresh()
        return p

    def export_png(self, path: str | os.PathLike[str] | None = None) -> Path:
        """The chart alone (no panels, handles or highlights), fitted to the window."""
        assert self.app is not None
        p = Path(path) if path is not None else self.save_target().with_suffix(".png")
        view = (self.camera.zoom, self.camera.cx, self.camera.cy)
        self._exporting = True
        try:
            self.relayout()
            self.fit()
            self.redraw()
            self.app.screenshot(p)
        finally:
            self._exporting = False
            self.relayout()
            self.camera.zoom, self.camera.cx, self.camera.cy = view
            self.chart.camera_moved()
            self.say(f"Picture written to {p}.")
            self.refresh()
        return p

    def test_sail(self) -> Any:
        if self.on_test_sail is None:
            return None
        if any(f.level == "error" for f in self.findings):
            self.say("Fix the errors first.")
            self.refresh()
            return None
        target = self.save()
        if target is None:
            return None
        return self.on_test_sail(target)


def _is_shipped(path: Path) -> bool:
    try:
        shipped_dir = io.data_dir("courses").resolve()
    except FileNotFoundError:
        return False
    return path.resolve().parent == shipped_dir


def run_designer(file: str | os.PathLike[str] | None = None, *, headless: bool | None = None,
                 width: int = 1280, height: int = 800, run: bool = True, fleet: int = 6,
                 on_test_sail: Callable[[Path], Any] | None = None,
                 home: str | os.PathLike[str] | None = None, test_sail: bool = True,
                 bot_delay: float | None = None, game: str | None = None) -> App:
    """Open the designer window (and unless ``run=False`` run until it closes).

    A grid board file (or any file with ``game`` naming a grid game) opens the grid board
    designer (:mod:`dinghy.ui.grid.designer`) instead of the course designer.

    ``headless`` None takes the environment's choice (``DINGHY_HEADLESS``, or no display).
    Unless ``on_test_sail`` replaces it (or ``test_sail=False``), "Test sail" races the
    saved course with bots in the same window (:class:`~dinghy.ui.shell.flow.TestSail`, its
    files in ``$DINGHY_HOME/test-sail``) and comes back to the designer afterwards;
    the App's ``test_sail`` attribute is that wiring.
    """
    from dinghy.ui.grid.board_edit import is_grid_board_file
    if game is not None or is_grid_board_file(file):
        from dinghy.ui.grid.designer import run_grid_designer
        return run_grid_designer(file, game=game, headless=headless, width=width, height=height,
                                 run=run, bot_delay=bot_delay)
    course, path = D.open_for_design(file)
    app = App(headless=headless, width=width, height=height, caption="Dinghy Race · course designer")
    if on_test_sail is None and test_sail:
        from dinghy.ui.shell.autosave import Autosave, home as dinghy_home
        from dinghy.ui.shell.flow import TestSail

        sail = TestSail(app, Autosave(dinghy_home() / "test-sail"), bot_delay=bot_delay)
        app.test_sail = sail  # type: ignore[attr-defined]
        on_test_sail = lambda p: sail(p, boats=min(sail.boats, scene.fleet))  # noqa: E731
    scene = DesignerScene(course, path, on_test_sail=on_test_sail, fleet=fleet, home=home)
    app.designer = scene  # type: ignore[attr-defined]
    app.push(scene)
    if run:
        app.run()
    return app
