"""Heads-up pieces of the race table, drawn in window pixels: the seats bar (turn
order), the event log, a slider, dice and a toast.

They show what the engine says (state, events, reasons) and decide nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from dinghy.ui.widgets.gui import (  # noqa: F401  (configures pyglet first)
    BODY, DETAIL, LAYER_PANEL, LAYER_WIDGET, TEXT, Gui, Widget, put, round_rect,
)
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.panels import Panel

from pyglet import shapes  # noqa: E402

from dinghy.ui import theme  # noqa: E402

#: Characters the table writes (names, events, numbers, arrows).
GLYPHS = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
          " .,:;!?'\"()[]/+-=%&#*_<>|°×…·—–▲▼◀▶⟲⟳✓"
          "↻◐✗~▾▸")   # the grid boards' flag badges (grid.drawing.FLAG_BADGES), the panel's groups
_warmed: dict[tuple[float, bool], Any] = {}


def warm_glyphs(gui: Gui, sizes: Sequence[tuple[float, bool]] = (
        (theme.SMALL_PT - 2, True),              # the Gigamic tray's card names and reasons
        (theme.SMALL_PT + 2, True), (theme.HEADER_PT + 4, True),    # a grid card tile's name, count
        (theme.SMALL_PT - 1, False), (theme.SMALL_PT - 1, True), (theme.SMALL_PT - 0.5, True),
        (theme.SMALL_PT, False), (theme.SMALL_PT, True), (theme.SMALL_PT + 0.5, False),
        (theme.SMALL_PT + 1, False), (theme.SMALL_PT + 1, True), (theme.BODY_PT - 1, False),
        (theme.BODY_PT, False), (theme.BODY_PT, True), (theme.HEADER_PT, True))) -> None:
    """Render the usual glyphs once, before the first frame.

    With software GL a glyph that first appears mid-race can stall a frame for a few
    hundred milliseconds (the glyph atlas grows while it is in use); a few dozen
    milliseconds at start-up spare the race those hitches. The fonts are kept: pyglet
    holds only a few recent fonts, and a dropped one loses its glyphs.
    """
    import pyglet

    for pt, bold in sizes:
        key = (pt * gui.scale, bold)
        if key in _warmed:
            continue
        label = pyglet.text.Label(GLYPHS, font_name=theme.FONT, font_size=pt * gui.scale,
                                  weight="bold" if bold else "normal")
        _warmed[key] = label.document.get_font()


class Chip(Button):
    """One boat in the turn-order strip: its colour, name and status; tap to look at it."""

    def __init__(self, gui: Gui, callback: Callable[[], Any] | None = None, layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, "", callback, layer=layer, pt=theme.SMALL_PT + 1)
        self.swatch = self._own(gui.rect(theme.INK, layer, DETAIL))
        self.status = self._own(gui.label("", theme.SMALL_PT - 1, theme.INK_SOFT, layer=layer,
                                          anchor_x="center"))
        self.mark = self._own(gui.label("", theme.SMALL_PT, theme.INK, layer=layer, bold=True))
        self.active = False
        self.done = False
        self._status = ""

    def set(self, name: str, colour: theme.RGB, status: str, active: bool, done: bool,
            mark: str = "") -> None:
        if self.label != name:
            self.label = name
        self.swatch.color = theme.rgba(colour)
        if status != self._status:      # a new line to fit (the label may hold a cut one)
            self._status = status
            self.status.text = status
            self.status._dinghy_fit = None
        if self.mark.text != mark:
            self.mark.text = mark
        changed = (active, done) != (self.active, self.done)
        self.active, self.done = active, done
        if changed:
            self.restyle()

    def restyle(self) -> None:
        if not hasattr(self, "active"):
            return super().restyle()
        fill = theme.PRIMARY if self.active else (theme.CREAM_DARK if self.done else theme.SECONDARY)
        if self.hover and not self.active:
            fill = theme.SECONDARY_HOVER
        self.body.color = theme.rgba(fill)
        self.text.color = theme.rgba(theme.INK_SOFT if self.done and not self.active else theme.INK)

    def layout(self) -> None:
        super().layout()
        if not hasattr(self, "swatch"):
            return
        g = self.gui
        s = g.px(12)
        if self.narrow:
            s = g.px(8)
            round_rect(self.swatch, self.x + g.px(4), self.y + self.h - g.px(4) - s, s, s, g.px(2))
        else:
            round_rect(self.swatch, self.x + g.px(8), self.y + self.h / 2 - s / 2, s, s, g.px(3))
        self.layout_text()

    @property
    def narrow(self) -> bool:
        """Too narrow for the swatch beside the words (a tablet held upright): the
        swatch goes to the top corner and the words get the whole width."""
        return self.w < self.gui.px(96)

    def layout_text(self) -> None:
        g = self.gui
        if self.narrow:
            room, cx = self.w - g.px(8), self.x + self.w / 2
        else:
            room, cx = self.w - g.px(34), self.x + self.w / 2 + g.px(6)
        fit_text(self.text, self._label, room, g.px(theme.SMALL_PT + 1), g.px(theme.SMALL_PT))
        fit_text(self.status, self._status, room, g.px(theme.SMALL_PT - 1))
        put(self.text, cx, self.y + self.h / 2 + g.px(6))
        put(self.status, cx, self.y + self.h / 2 - g.px(10))
        put(self.mark, self.x + self.w - g.px(16), self.y + self.h - g.px(10))


def fit_text(label: Any, text: str, room: float, size: float, smallest: float | None = None) -> None:
    """Show ``text`` in ``room`` pixels, cut with "…" if need be.

    Only the font sizes :func:`warm_glyphs` prepared are used (``smallest`` is the one
    fallback size): a glyph in a new size can stall a software-GL frame. Text layout is
    costly too: a label already fitted for the same text and room is left alone.
    """
    if room <= 0:
        return
    key = (text, room, size)
    if getattr(label, "_dinghy_fit", None) == key:
        return
    label._dinghy_fit = key
    if label.text != text:
        label.text = text
    if label.font_size != size:
        label.font_size = size
    if smallest is not None and label.content_width > room:
        label.font_size = smallest
    if label.content_width <= room:
        return
    # the cut found by measuring (laying the label out again for each try cost a frame)
    cut, shown = len(text), text
    while shown_width(label, shown) > room and cut > 1:
        cut -= 1
        shown = text[:cut].rstrip(" ·") + "…"
    label.text = shown


def shown_width(label: Any, text: str) -> float:
    """The width ``label`` would have showing ``text`` in its style now (its first
    character's): on one line, the glyphs' advances as pyglet lays them out, without
    laying anything out; a label of several lines is given the text and asked."""
    if label.multiline:
        label.text = text
        return label.content_width
    font = label.document.get_font(0, dpi=label.dpi)
    glyphs, _ = font.get_glyphs(text)
    return sum(g.advance for g in glyphs)


@dataclass(frozen=True)
class SeatChip:
    """What the seats bar shows of one seat."""

    seat: int
    name: str
    colour: theme.RGB
    status: str = ""
    active: bool = False
    done: bool = False
    mark: str = ""


class OrderStrip(Widget):
    """The turn order cards, face-up in a row: who is active, who has moved."""

    #: The narrowest chip that still shows a short name whole ("Vermilion"), at scale 1.
    MIN_CHIP = 72

    def __init__(self, gui: Gui, on_tap: Callable[[int], Any] | None = None,
                 layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        self.on_tap = on_tap
        self.chips: list[Chip] = []
        self.boats: list[int] = []

    def set_seats(self, chips: Sequence["SeatChip"]) -> None:
        """One chip per seat, in the order given (the game's view decides the order and
        what each chip says)."""
        while len(self.chips) < len(chips):
            i = len(self.chips)
            self.chips.append(self._child(Chip(self.gui, lambda i=i: self._tapped(i), self.layer)))
        self.boats = [c.seat for c in chips]
        for chip, c in zip(self.chips, chips):
            chip.set(c.name, c.colour, c.status, c.active, c.done, c.mark)
        self.layout()

    def roomy(self, width: float, seats: int) -> bool:
        """Whether ``seats`` chips side by side in ``width`` pixels are each wide enough
        for a short name (else a bar gives the strip a row of its own)."""
        gap = self.gui.px(6)
        return (width - gap * (seats - 1)) / max(1, seats) >= self.gui.px(self.MIN_CHIP)

    def _tapped(self, i: int) -> None:
        if self.on_tap is not None and i < len(self.boats):
            self.on_tap(self.boats[i])

    def layout(self) -> None:
        n = len(self.chips)
        if not n or not self.w:
            return
        key = (n, self.x, self.y, self.w, self.h)
        if key == getattr(self, "_placed", None):
            for chip in self.chips:
                chip.layout_text()
            return
        self._placed = key
        gap = self.gui.px(6)
        w = min(self.gui.px(150), (self.w - gap * (n - 1)) / n)
        for i, chip in enumerate(self.chips):
            chip.place(self.x + i * (w + gap), self.y, w, self.h)


def _row(event: Any, colours: dict[int, theme.RGB]) -> tuple[str, Any]:
    """What an event's row of the log shows: its words and its chip's colour."""
    return event.text, (colours.get(event.boat) if event.boat is not None else None)


class EventLog(Panel):
    """The last events, newest at the bottom; the wheel or ▲/▼ scroll back.

    Text layout is the costly part of a frame's rebuild, so each event keeps its label
    while it stays in view; only new events get a new one.
    """

    def __init__(self, gui: Gui, layer: int = LAYER_PANEL) -> None:
        super().__init__(gui, "Race log", colour=theme.CREAM, layer=layer)
        self.events: list[Any] = []
        self.colours: dict[int, theme.RGB] = {}
        self.offset = 0
        self._labels: dict[int, Any] = {}
        self._chips: dict[int, Any] = {}
        self._key: Any = None
        self._width = 0
        self.up = self._child(Button(gui, "▲", lambda: self.scroll(1), layer=max(layer, LAYER_WIDGET),
                                     reason="Showing the first event"))
        self.down = self._child(Button(gui, "▼", lambda: self.scroll(-1), layer=max(layer, LAYER_WIDGET),
                                       reason="Showing the newest event"))

    def set_events(self, events: Sequence[Any], colours: dict[int, theme.RGB]) -> None:
        # undo or another race: the rows whose words or chip changed are made afresh
        stale = {i for i in self._labels if i >= len(events)
                 or _row(events[i], colours) != _row(self.events[i], self.colours)}
        if stale:
            self._drop(stale)
            self._key = None
        grew = len(events) != len(self.events)
        self.events, self.colours = list(events), colours
        if grew:
            self.offset = 0
        self._fill()

    def scroll(self, clicks: int) -> None:
        self.offset = max(0, min(len(self.events) - 1, self.offset + clicks))
        self._fill()

    def layout(self) -> None:
        super().layout()
        if not self.w:
            return
        g = self.gui
        t = g.touch
        top = self.y + self.h - g.px(4)
        self.down.place(self.x + self.w - g.px(6) - t, top - t, t, t)
        self.up.place(self.x + self.w - g.px(10) - 2 * t, top - t, t, t)
        if self.title is not None:
            self.title.anchor_y = "center"
            put(self.title, self.x + g.px(theme.PAD), top - t / 2)
        self._fill()

    def _drop(self, indices: set[int]) -> None:
        for i in indices:
            for d in (self._labels.pop(i, None), self._chips.pop(i, None)):
                if d is not None:
                    self._drawables.remove(d)
                    self.gui.discard(d)            # a label waits for the same row again

    def _fill(self) -> None:
        g = self.gui
        if not self.w:
            return
        key = (len(self.events), self.offset, self.x, self.y, self.w, self.h, self._visible)
        if key == self._key:
            return
        self._key = key
        pad = g.px(12)
        text_w = max(40, int(self.w - 2 * pad - g.px(14)))
        if text_w != self._width:
            self._drop(set(self._labels))
            self._width = text_w
        bottom = self.y + g.px(8)
        top_limit = self.y + self.h - g.touch - g.px(8)
        y = bottom
        i = len(self.events) - self.offset - 1
        shown: set[int] = set()
        while i >= 0:
            lab = self._labels.get(i)
            if lab is None:
                text, colour = _row(self.events[i], self.colours)
                lab = self._own(g.label(text, theme.SMALL_PT + 0.5, theme.INK, layer=self.layer,
                                        anchor_y="bottom", multiline=True, width=text_w))
                self._labels[i] = lab
                self._chips[i] = self._own(g.rect(colour or theme.SAND_LINE, self.layer, DETAIL,
                                                  rounded=False))
            h = lab.content_height
            if y + h > top_limit:
                break
            chip = self._chips[i]
            lab.visible = chip.visible = self._visible
            put(lab, self.x + pad + g.px(14), y)
            if chip.width != g.px(8):
                chip.width = chip.height = g.px(8)
            chip.position = (self.x + pad, y + h - g.px(12))
            shown.add(i)
            y += h + g.px(3)
            i -= 1
        self._drop(set(self._labels) - shown)
        self.shown = sorted(shown)
        self.up.enabled = i >= 0
        self.down.enabled = self.offset > 0

    def visibility_changed(self) -> None:
        self._key = None

    @property
    def shown_texts(self) -> list[str]:
        """The texts on screen, oldest first (for tests)."""
        return [self._labels[i].text for i in getattr(self, "shown", [])]


class Slider(Widget):
    """A value between ``lo`` and ``hi``: tap or drag along the track."""

    interactive = True

    def __init__(self, gui: Gui, lo: float, hi: float, value: float,
                 on_change: Callable[[float], Any] | None = None, *, step: float = 0.0,
                 layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        self.lo, self.hi, self.step, self.on_change = lo, hi, step, on_change
        self.value = value
        self.track = self._own(gui.rect(theme.SAND_LINE, layer, BODY))
        self.fill = self._own(gui.rect(theme.FOCUS, layer, DETAIL))
        self.knob = self._own(shapes.Circle(0, 0, 1, color=theme.rgba(theme.PRIMARY),
                                            batch=gui.batch, group=gui.group(layer, TEXT)))

    def place(self, x: float, y: float, w: float, h: float) -> "Slider":
        t = self.gui.touch
        if h < t:
            y -= (t - h) / 2
        return super().place(x, y, w, max(h, t))  # type: ignore[return-value]

    @property
    def _pad(self) -> float:
        return self.gui.px(14)

    def x_of(self, value: float) -> float:
        span = self.hi - self.lo
        t = 0.5 if span <= 0 else (value - self.lo) / span
        return self.x + self._pad + t * (self.w - 2 * self._pad)

    def value_at(self, x: float) -> float:
        span = self.w - 2 * self._pad
        t = 0.0 if span <= 0 else (x - self.x - self._pad) / span
        v = self.lo + max(0.0, min(1.0, t)) * (self.hi - self.lo)
        if self.step:
            v = self.lo + round((v - self.lo) / self.step) * self.step
        return max(self.lo, min(self.hi, v))

    def layout(self) -> None:
        g = self.gui
        th = g.px(6)
        cy = self.y + self.h / 2
        round_rect(self.track, self.x + self._pad, cy - th / 2, self.w - 2 * self._pad, th, th / 2)
        kx = self.x_of(self.value)
        zero = self.x_of(min(max(0.0, self.lo), self.hi))
        round_rect(self.fill, min(zero, kx), cy - th / 2, max(abs(kx - zero), 1), th, th / 2)
        self.knob.radius = g.px(11)
        self.knob.position = (kx, cy)

    def set(self, value: float, notify: bool = True) -> None:
        value = max(self.lo, min(self.hi, value))
        changed = value != self.value
        self.value = value
        self.layout()
        if changed and notify and self.on_change is not None:
            self.on_change(value)

    def drag_to(self, x: float) -> None:
        if self._enabled:
            self.set(self.value_at(x))

    def on_press(self, x: float, y: float) -> None:
        self.drag_to(x)

    def on_release(self, x: float, y: float, inside: bool) -> None:
        self.drag_to(x)


class Dice(Widget):
    """Two dice showing a roll (pips drawn as dots)."""

    PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (-1, 1), (1, -1), (1, 1)], 5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
            6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}

    def __init__(self, gui: Gui, layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        self.faces = [self._own(gui.rect((255, 255, 255), layer, BODY)) for _ in range(2)]
        self.pips: list[Any] = []
        self.values: tuple[int, int] | None = None

    def show(self, d1: int, d2: int) -> None:
        self.values = (d1, d2)
        self.layout()

    def layout(self) -> None:
        g = self.gui
        for p in self.pips:
            p.delete()
            self._drawables.remove(p)
        self.pips = []
        size = min(self.h, g.px(40))
        for i, face in enumerate(self.faces):
            x = self.x + i * (size + g.px(8))
            round_rect(face, x, self.y + (self.h - size) / 2, size, size, g.px(6))
            if self.values is None:
                continue
            cx, cy = x + size / 2, self.y + self.h / 2
            for px_, py_ in self.PIPS[self.values[i]]:
                pip = self._own(shapes.Circle(cx + px_ * size * 0.27, cy + py_ * size * 0.27,
                                              size * 0.085, color=theme.rgba(theme.INK),
                                              batch=g.batch, group=g.group(self.layer, DETAIL)))
                pip.visible = self._visible
                self.pips.append(pip)


class Toast(Widget):
    """A short message over the chart that fades after a few seconds."""

    def __init__(self, gui: Gui, layer: int = 4) -> None:
        super().__init__(gui, layer)
        self.body = self._own(gui.rect(theme.rgba(theme.TOOLTIP, 235), layer, BODY))
        self.text = self._own(gui.label("", theme.BODY_PT, theme.ON_WATER, layer=layer,
                                        anchor_x="center", multiline=True, width=400,
                                        align="center"))
        self.left = 0.0
        self.message = ""
        self.visible = False

    def show(self, message: str, seconds: float = 4.0) -> None:
        self.message = message
        self.text.text = message
        self.left = seconds
        self.visible = True
        self.layout()

    def layout(self) -> None:
        g = self.gui
        if not self.message:
            return
        self.text.width = int(max(100, min(self.w, g.px(560)) - g.px(32)))
        w = min(self.text.content_width, self.text.width) + g.px(32)
        h = self.text.content_height + g.px(18)
        x = self.x + (self.w - w) / 2
        round_rect(self.body, x, self.y - h, w, h, g.px(8))
        self.text.anchor_y = "center"
        put(self.text, x + w / 2, self.y - h / 2)

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left -= dt
            if self.left <= 0:
                self.visible = False
                self.message = ""
