"""Text: a plain :class:`Text` label and the one-line :class:`TextField` for a name.
"""
from __future__ import annotations

from typing import Any, Callable

from pyglet import shapes

from dinghy.ui import theme
from dinghy.ui.widgets.gui import BODY, DETAIL, LAYER_WIDGET, TEXT, Gui, Widget, key, put, round_rect


class Text(Widget):
    """A plain piece of text, anchored at the left middle of its rectangle by default.

    Text on several lines (``multiline``) wraps at the width of its rectangle; ``width``
    (pixels) is where it wraps until it is placed: the width it will be placed at, if
    known, spares a second layout."""

    def __init__(self, gui: Gui, text: str, pt: float = theme.BODY_PT,
                 colour: theme.RGB = theme.INK, *, bold: bool = False, align: str = "left",
                 layer: int = LAYER_WIDGET, multiline: bool = False, width: int = 100) -> None:
        super().__init__(gui, layer)
        self.align, self.multiline = align, multiline
        anchor_x = {"left": "left", "center": "center", "right": "right"}[align]
        self.label = self._own(gui.label(text, pt, colour, layer=layer, bold=bold,
                                         anchor_x=anchor_x, multiline=multiline,
                                         width=width if multiline else None, align=align))

    @property
    def text(self) -> str:
        return self.label.text

    @text.setter
    def text(self, value: str) -> None:
        self.label.text = value

    def layout(self) -> None:
        if self.multiline:
            wrap(self.label, self.w)
        x = {"left": self.x, "center": self.x + self.w / 2, "right": self.x + self.w}[self.align]
        put(self.label, x, self.y + self.h / 2)



def wrap(label: Any, width: float) -> None:
    """``label`` on as many lines as it needs at ``width`` pixels (whole, at least 1),
    laid out again only if it was not so already (pyglet lays a label out again at each
    width or multiline set, even to the value it has)."""
    width = max(1, int(width))
    if label.multiline and label.width == width:
        return
    if not label.multiline:
        label._width = width        # (one layout for both: the multiline set does it)
        label.multiline = True
        return
    label.width = width


class TextField(Widget):
    """A one-line text box for a name: tap to focus, type, Backspace, Enter to finish."""

    interactive = True
    focusable = True

    def __init__(self, gui: Gui, text: str = "", on_change: Callable[[str], Any] | None = None,
                 *, placeholder: str = "", max_length: int = 16,
                 layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        self.value, self.on_change = text[:max_length], on_change
        self.placeholder, self.max_length = placeholder, max_length
        self._blink = 0.0
        self.edge = self._own(gui.rect(theme.SAND_LINE, layer, BODY))
        self.body = self._own(gui.rect((255, 255, 255), layer, DETAIL))
        self.text = self._own(gui.label("", theme.BODY_PT, theme.INK, layer=layer))
        self.caret = self._own(shapes.Rectangle(0, 0, 1, 1, color=theme.rgba(theme.FOCUS),
                                                batch=gui.batch, group=gui.group(layer, TEXT)))
        self._show_text()
        self.restyle()

    @property
    def focused(self) -> bool:  # type: ignore[override]
        return self._focused

    @focused.setter
    def focused(self, value: bool) -> None:
        self._focused = bool(value)
        self._blink = 0.0
        if hasattr(self, "caret"):
            self.restyle()

    def _show_text(self) -> None:
        if self.value:
            self.text.text, self.text.color = self.value, theme.rgba(theme.INK)
            room = self.w - self.gui.px(24)
            start = 0
            while self.w and start < len(self.value) - 1 and self.text.content_width > room:
                start += 1   # a long name scrolls: the caret's end stays in view
                self.text.text = "…" + self.value[start:]
        else:
            self.text.text, self.text.color = self.placeholder, theme.rgba(theme.INK_SOFT)
        self.layout()

    def place(self, x: float, y: float, w: float, h: float) -> "TextField":
        t = self.gui.touch
        if h < t:
            y -= (t - h) / 2
        super().place(x, y, w, max(h, t))
        self._show_text()
        return self

    def layout(self) -> None:
        g = self.gui
        b = g.px(2 if self._focused else 1)
        r = g.px(6)
        round_rect(self.edge, self.x, self.y, self.w, self.h, r)
        round_rect(self.body, self.x + b, self.y + b, self.w - 2 * b, self.h - 2 * b, r - b)
        pad = g.px(10)
        put(self.text, self.x + pad, self.y + self.h / 2)
        text_w = self.text.content_width if self.value else 0
        ch = g.px(theme.BODY_PT * 1.6)
        self.caret.position = (self.x + pad + text_w + g.px(1), self.y + (self.h - ch) / 2)
        self.caret.width, self.caret.height = g.px(2), ch

    def restyle(self) -> None:
        self.edge.color = theme.rgba(theme.FOCUS if self._focused else theme.SAND_LINE)
        self.caret.visible = self._visible and self._focused
        self.layout()

    def _changed(self) -> None:
        self._blink = 0.0
        self._show_text()
        self.restyle()
        if self.on_change is not None:
            self.on_change(self.value)

    def set_text(self, value: str) -> None:
        """Change the text from code (no callback)."""
        self.value = value[: self.max_length]
        self._show_text()

    def on_text(self, text: str) -> None:
        clean = "".join(ch for ch in text if ch.isprintable())
        room = self.max_length - len(self.value)
        if clean and room > 0:
            self.value += clean[:room]
            self._changed()

    def on_text_motion(self, motion: int) -> None:
        if motion == key.MOTION_BACKSPACE and self.value:
            self.value = self.value[:-1]
            self._changed()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (key.ENTER, key.RETURN, key.NUM_ENTER, key.ESCAPE):
            self.gui.set_focus(None)
            return True
        return False

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0
        self.caret.visible = self._visible and self._focused and self._blink < 0.6


