"""Modal widgets that cover the window: the base :class:`Modal`, a :class:`Dialog`
question, the hot-seat :class:`Curtain` and the keyboard :class:`HelpOverlay`.
"""
from __future__ import annotations

from typing import Any, Sequence

from dinghy.ui import theme
from dinghy.ui.widgets.gui import (
    BACK, BODY, LAYER_CURTAIN, LAYER_DIALOG, LAYER_HELP, Callback, Gui, Widget, key, put,
)


from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.panels import Panel


def place_button_row(gui: Gui, buttons: Sequence[Button], right: float, y: float) -> None:
    """A dialog's buttons side by side at ``y``, the last one rightmost at ``right``;
    each at least two touch targets wide."""
    bx = right
    for b in reversed(buttons):
        bw = max(gui.touch * 2, b.text.content_width + gui.px(36))
        bx -= bw
        b.place(bx, y, bw, gui.touch)
        bx -= gui.px(theme.GAP)


class Modal(Widget):
    """Covers the window (dimmed or opaque) and swallows every click."""

    interactive = True

    def __init__(self, gui: Gui, layer: int, cover: theme.RGB | theme.RGBA) -> None:
        super().__init__(gui, layer)
        self.cover = self._own(gui.rect(cover, layer, BACK, rounded=False))

    def layout(self) -> None:
        self.cover.position = (self.x, self.y)
        self.cover.width, self.cover.height = max(self.w, 1), max(self.h, 1)

    def dismiss(self) -> None:
        self.gui.close(self)


class Dialog(Modal):
    """A modal question: a title, a message and a row of buttons.

    ``buttons`` are (label, callback) or (label, callback, style) tuples; pressing one
    closes the dialog, then runs its callback. Escape closes it and runs ``on_cancel``.
    Show it with ``gui.open(Dialog(...))``.
    """

    def __init__(self, gui: Gui, title: str, message: str,
                 buttons: Sequence[tuple[Any, ...]] = (("OK", None),),
                 on_cancel: Callback | None = None, layer: int = LAYER_DIALOG) -> None:
        super().__init__(gui, layer, theme.DIM)
        self.on_cancel = on_cancel
        self.card = self._child(Panel(gui, layer=layer))
        self.title = self._own(gui.label(title, theme.HEADER_PT + 2, theme.INK, layer=layer,
                                         bold=True, anchor_y="top"))
        self.message = self._own(gui.label(message, theme.BODY_PT, theme.INK, layer=layer,
                                           anchor_y="top", multiline=True, width=100))
        self.buttons: list[Button] = []
        for i, spec in enumerate(buttons):
            label, callback = spec[0], spec[1]
            style = spec[2] if len(spec) > 2 else ("primary" if i == len(buttons) - 1 else "secondary")
            self.buttons.append(self._child(Button(gui, label, self._closing(callback),
                                                   style=style, layer=layer)))

    def _closing(self, callback: Callback | None) -> Callback:
        def run() -> None:
            self.dismiss()
            if callback is not None:
                callback()
        return run

    def layout(self) -> None:
        super().layout()
        g = self.gui
        pad = g.px(theme.PAD * 1.5)
        w = min(g.px(520), self.w - g.px(32))
        self.message.width = int(w - 2 * pad)
        title_h = g.px((theme.HEADER_PT + 2) * 2.2)
        msg_h = self.message.content_height
        h = pad + title_h + msg_h + g.px(theme.PAD) + g.touch + pad
        x, y = self.x + (self.w - w) / 2, self.y + (self.h - h) / 2
        self.card.place(x, y, w, h)
        put(self.title, x + pad, y + h - pad)
        put(self.message, x + pad, y + h - pad - title_h)
        place_button_row(g, self.buttons, x + w - pad, y + pad)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.ESCAPE:
            self.dismiss()
            if self.on_cancel is not None:
                self.on_cancel()
        elif symbol in (key.ENTER, key.RETURN) and self.buttons:
            self.buttons[-1].callback()  # type: ignore[misc]
        return True


class Curtain(Modal):
    """The full-screen cover between hot-seat turns: nobody sees the last hand.

    Only the button lifts it ("Pass to Orange" / "Tap when ready"); ``colour`` paints
    the next skipper's boat colour as a band so the right person takes the table.
    """

    def __init__(self, gui: Gui, message: str, button: str = "Tap when ready",
                 on_ready: Callback | None = None, *, colour: theme.RGB | None = None,
                 detail: str = "", layer: int = LAYER_CURTAIN) -> None:
        super().__init__(gui, layer, theme.WATER_DEEP)
        self.on_ready = on_ready
        self.band = self._own(gui.rect(colour or theme.FOAM, layer, BODY, rounded=False))
        self.message = self._own(gui.label(message, theme.TITLE_PT, theme.ON_WATER, layer=layer,
                                           bold=True, anchor_x="center"))
        self.detail = self._own(gui.label(detail, theme.BODY_PT, theme.ON_WATER_SOFT,
                                          layer=layer, anchor_x="center"))
        self.button = self._child(Button(gui, button, self._ready, style="primary",
                                         pt=theme.HEADER_PT, layer=layer))

    def _ready(self) -> None:
        self.dismiss()
        if self.on_ready is not None:
            self.on_ready()

    def layout(self) -> None:
        super().layout()
        g = self.gui
        cx, cy = self.x + self.w / 2, self.y + self.h / 2
        band_h = g.px(10)
        self.band.position = (self.x, cy + g.px(70))
        self.band.width, self.band.height = max(self.w, 1), band_h
        put(self.message, cx, cy + g.px(30))
        put(self.detail, cx, cy - g.px(4))
        bw = max(g.px(260), self.button.text.content_width + g.px(48))
        self.button.place(cx - bw / 2, cy - g.px(40) - g.touch * 1.25, bw, g.touch * 1.25)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (key.ENTER, key.RETURN, key.SPACE):
            self._ready()
        return True


class HelpOverlay(Modal):
    """The keyboard shortcuts as a two-column card; any tap, Esc, F1 or ? closes it."""

    def __init__(self, gui: Gui, shortcuts: Sequence[tuple[str, str]],
                 title: str = "Keyboard shortcuts", layer: int = LAYER_HELP) -> None:
        super().__init__(gui, layer, theme.DIM)
        self.shortcuts = list(shortcuts)
        self.card = self._child(Panel(gui, layer=layer))
        self.title = self._own(gui.label(title, theme.HEADER_PT + 2, theme.INK, layer=layer,
                                         bold=True, anchor_y="top"))
        self.keys = [self._own(gui.label(k, theme.BODY_PT, theme.FOCUS, layer=layer, bold=True))
                     for k, _ in self.shortcuts]
        self.texts = [self._own(gui.label(d, theme.BODY_PT, theme.INK, layer=layer))
                      for _, d in self.shortcuts]
        self.hint = self._own(gui.label("Tap anywhere or press Esc to close", theme.SMALL_PT,
                                        theme.INK_SOFT, layer=layer, anchor_y="bottom"))

    def layout(self) -> None:
        super().layout()
        g = self.gui
        pad = g.px(theme.PAD * 1.5)
        row = g.px(theme.BODY_PT * 2.3)
        key_w = max([lab.content_width for lab in self.keys] + [g.px(40)]) + g.px(24)
        text_w = max([lab.content_width for lab in self.texts] + [g.px(200)])
        title_h = g.px((theme.HEADER_PT + 2) * 2)
        w = min(max(key_w + text_w, self.title.content_width) + 2 * pad, self.w - g.px(32))
        h = min(pad + title_h + row * len(self.keys) + g.px(24) + pad, self.h - g.px(32))
        x, y = self.x + (self.w - w) / 2, self.y + (self.h - h) / 2
        self.card.place(x, y, w, h)
        put(self.title, x + pad, y + h - pad)
        top = y + h - pad - title_h
        for i, (k, d) in enumerate(zip(self.keys, self.texts)):
            ry = top - row * i - row / 2
            put(k, x + pad, ry)
            put(d, x + pad + key_w, ry)
        put(self.hint, x + pad, y + pad * 0.6)

    def on_release(self, x: float, y: float, inside: bool) -> None:
        self.dismiss()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (key.ESCAPE, key.F1, key.ENTER, key.RETURN):
            self.dismiss()
        return True

    def on_text(self, text: str) -> None:
        if text == "?":
            self.dismiss()

