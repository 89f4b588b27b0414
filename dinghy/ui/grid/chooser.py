"""Several legal actions on one square: a small modal list, one 48-pixel button each,
and Cancel. Escape or a tap outside the card cancels."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from dinghy.ui.widgets.gui import LAYER_DIALOG, Gui, key, put  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import Modal
from dinghy.ui.widgets.panels import Panel

from dinghy.ui import theme  # noqa: E402


class SquareChooser(Modal):
    """``SquareChooser(gui, title, [(label, callback)])``; open with ``gui.open``."""

    def __init__(self, gui: Gui, title: str, choices: Sequence[tuple[str, Callable[[], Any]]],
                 layer: int = LAYER_DIALOG) -> None:
        super().__init__(gui, layer, theme.rgba(theme.DIM[:3], 110))
        self.card = self._child(Panel(gui, layer=layer))
        self.title = self._own(gui.label(title, theme.HEADER_PT, theme.INK, layer=layer, bold=True,
                                         anchor_y="top"))
        self.buttons: list[Button] = []
        for i, (label, callback) in enumerate(choices):
            self.buttons.append(self._child(Button(gui, f"{i + 1}. {label}" if i < 9 else label,
                                                   self._closing(callback), layer=layer,
                                                   style="primary" if i == 0 else "secondary")))
        self.cancel = self._child(Button(gui, "Cancel", self.dismiss, layer=layer))

    def _closing(self, callback: Callable[[], Any]) -> Callable[[], None]:
        def run() -> None:
            self.dismiss()
            callback()
        return run

    def layout(self) -> None:
        super().layout()
        g = self.gui
        pad, gap, t = g.px(theme.PAD), g.px(8), g.touch
        widest = max([b.text.content_width for b in self.buttons] + [self.title.content_width, g.px(160)])
        w = min(self.w - g.px(24), widest + 2 * pad + g.px(32))
        rows = len(self.buttons) + 1
        h = pad + g.px(theme.HEADER_PT * 2) + rows * (t + gap) + pad
        h = min(h, self.h - g.px(16))
        x, y = self.x + (self.w - w) / 2, self.y + (self.h - h) / 2
        self.card.place(x, y, w, h)
        put(self.title, x + pad, y + h - pad)
        top = y + h - pad - g.px(theme.HEADER_PT * 2)
        for b in self.buttons + [self.cancel]:
            top -= t
            b.place(x + pad, top, w - 2 * pad, t)
            top -= gap

    def on_release(self, x: float, y: float, inside: bool) -> None:
        if not self.card.contains(x, y):
            self.dismiss()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.ESCAPE:
            self.dismiss()
        elif key._1 <= symbol <= key._9 and symbol - key._1 < len(self.buttons):
            self.buttons[symbol - key._1].callback()  # type: ignore[misc]
        return True
