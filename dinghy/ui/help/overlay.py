"""The "?" panel: how to play the game on the table, page by page, by touch.

Pages come from the game's guide (:mod:`dinghy.ui.help`): what the game is, each step
of the turn with its picture, the rule behind each choice; the last page is the
keyboard shortcuts. Big Back / Next buttons page it (also ← → and the number keys
nothing else uses); Close, Esc, F1 or "?" close it. A game with no guide shows the
shortcuts alone, as before.
"""
from __future__ import annotations

from typing import Any, Sequence

from dinghy.core.errors import DinghyError
from dinghy.ui import theme
from dinghy.ui.help import Page, guide, pages
from dinghy.ui.help.pictures import WIDGETS, draw
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import HelpOverlay
from dinghy.ui.widgets.gui import LAYER_HELP, Gui, key, put
from dinghy.ui.widgets.text import Text

KEYS_TITLE = "Keyboard shortcuts"


class HowToPlay(HelpOverlay):
    """``HowToPlay(gui, rules, shortcuts, title)``: the guide of game ``rules`` and, as
    its last page, the shortcuts (``self.shortcuts``, as the plain help has them)."""

    def __init__(self, gui: Gui, rules: str | None, shortcuts: Sequence[tuple[str, str]],
                 title: str = KEYS_TITLE, layer: int = LAYER_HELP) -> None:
        super().__init__(gui, shortcuts, title, layer)
        self.keys_title = title
        try:
            self.guide = guide(rules) if rules else None
        except DinghyError:
            self.guide = None            # no guide for this game: the shortcuts alone
        self.pages: list[Page] = pages(self.guide) if self.guide else []
        self.pages.append(Page(title))   # the keys page
        self.index = 0
        self.hint.visible = False
        self.counter = self._own(gui.label("", theme.SMALL_PT + 1, theme.INK_SOFT, layer=layer,
                                           anchor_x="right", anchor_y="top"))
        self.body = self._child(Text(gui, "", theme.BODY_PT + 1, theme.INK, layer=layer, multiline=True))
        self.names = [self._child(Text(gui, "", theme.BODY_PT + 1, theme.INK, bold=True, layer=layer))
                      for _ in range(3)]
        self.rules = [self._child(Text(gui, "", theme.BODY_PT, theme.INK_SOFT, layer=layer, multiline=True))
                      for _ in range(3)]
        self.back = self._child(Button(gui, "‹ Back", self.previous, pt=theme.HEADER_PT, layer=layer,
                                       reason="This is the first page"))
        self.next = self._child(Button(gui, "Next ›", self.forward, style="primary", pt=theme.HEADER_PT,
                                       layer=layer, reason="This is the last page"))
        self.close_button = self._child(Button(gui, "Close", self.dismiss, pt=theme.BODY_PT, layer=layer))
        self.keys_button = self._child(Button(gui, "Keys", self.show_keys, pt=theme.BODY_PT, layer=layer))
        self.picture: list[Any] = []
        self.view_pictures: dict[str, Any] = {}     # pictures drawn by a game's view, made once

    # --- paging -------------------------------------------------------------------------
    @property
    def page(self) -> Page:
        return self.pages[self.index]

    @property
    def on_keys_page(self) -> bool:
        return self.index == len(self.pages) - 1

    def go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.pages) - 1))
        self.layout()

    def forward(self) -> None:
        self.go(self.index + 1)

    def previous(self) -> None:
        self.go(self.index - 1)

    def show_keys(self) -> None:
        self.go(len(self.pages) - 1)

    def on_release(self, x: float, y: float, inside: bool) -> None:
        pass                             # a tap on the page does nothing: the buttons page it

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol in (key.RIGHT, key.PAGEDOWN, key.SPACE):
            self.forward()
        elif symbol in (key.LEFT, key.PAGEUP, key.BACKSPACE):
            self.previous()
        elif symbol in (key.ESCAPE, key.F1):
            self.dismiss()
        elif symbol in (key.ENTER, key.RETURN):
            self.dismiss() if self.on_keys_page else self.forward()
        return True

    def _view_picture(self, name: str, box: tuple[float, float, float, float]) -> Any | None:
        """The widget for picture ``name`` drawn by a game's own view (built on first
        use, placed in ``box``, kept as a child), or None: then the simple picture."""
        if name not in WIDGETS:
            return None
        if name not in self.view_pictures:
            made = WIDGETS[name][0](self.gui, self.layer)
            if made is not None:
                made.place(*box)         # placed before it is shown: it draws to its box
                self.children.append(made)
            self.view_pictures[name] = made
        return self.view_pictures[name]

    def _picture(self, name: str, x: float, y: float, w: float, h: float) -> None:
        for widget in self.view_pictures.values():
            if widget is not None:
                widget.visible = False
        widget = self._view_picture(name, (x, y, w, h))
        if widget is not None:
            widget.visible = True
            widget.place(x, y, w, h)
            return
        self.picture = draw(WIDGETS[name][1] if name in WIDGETS else name, self.gui, self.layer, x, y, w, h)

    def delete(self) -> None:
        for d in self.picture:
            d.delete()
        self.picture = []
        super().delete()

    # --- layout ---------------------------------------------------------------------------
    def layout(self) -> None:
        super().layout()                 # the cover, and the keys page's labels
        g = self.gui
        px, t = g.px, g.touch
        pad = px(theme.PAD * 1.5)
        w = min(self.w - px(24), px(820))
        h = min(self.h - px(24), px(560))
        x, y = self.x + (self.w - w) / 2, self.y + (self.h - h) / 2
        self.card.place(x, y, w, h)
        page, keys = self.page, self.on_keys_page
        self.title.text = page.title
        put(self.title, x + pad, y + h - pad)
        self.counter.text = f"{self.index + 1} / {len(self.pages)}"
        put(self.counter, x + w - pad, y + h - pad - px(28))
        # the buttons along the bottom: Close, Keys on the left, Back, Next on the right
        bh = max(t, px(56))
        nw = max(px(150), self.next.text.content_width + px(40))
        self.next.place(x + w - pad - nw, y + pad * 0.6, nw, bh)
        self.back.place(x + w - pad - 2 * nw - px(12), y + pad * 0.6, nw, bh)
        cw = max(px(96), self.close_button.text.content_width + px(32))
        self.close_button.place(x + pad, y + pad * 0.6, cw, t)
        self.keys_button.place(x + pad + cw + px(10), y + pad * 0.6, cw, t)
        self.keys_button.visible = not keys
        self.back.enabled = self.index > 0
        self.next.enabled = not keys
        # the page itself, between the title and the buttons
        top = y + h - pad - px(44)
        bottom = y + pad * 0.6 + bh + px(14)
        for lab in (*self.keys, *self.texts):
            lab.visible = keys
        for d in self.picture:
            d.delete()
        self.picture = []
        inner_w, inner_h = w - 2 * pad, top - bottom
        self.body.visible = bool(page.text) and not keys
        for n, r in zip(self.names, self.rules):
            n.visible = r.visible = False
        for widget in self.view_pictures.values():
            if widget is not None:
                widget.visible = False
        if keys:
            self._layout_keys(x + pad, top, inner_h)
        elif page.choices:
            row = inner_h / len(self.names)
            for i, (name, rule) in enumerate(page.choices):
                ry = top - row * i
                self.names[i].text, self.rules[i].text = name, rule
                self.names[i].visible = self.rules[i].visible = True
                self.names[i].place(x + pad, ry - px(26), inner_w, px(26))
                rule_h = min(row - px(30), px(50))
                self.rules[i].place(x + pad + px(12), ry - px(28) - rule_h, inner_w - px(12), rule_h)
        else:
            self.body.text = page.text
            upright = inner_w < px(560)
            side = min(inner_h * (0.5 if upright else 1.0), inner_w * (1.0 if upright else 0.42), px(300))
            if upright:         # picture above the text
                px0 = x + (w - side) / 2
                self._picture(page.picture or "course", px0, top - side, side, side)
                self.body.place(x + pad, bottom, inner_w, top - side - px(10) - bottom)
            else:               # picture on the left, text on the right
                self._picture(page.picture or "course", x + pad, top - side, side, side)
                tx = x + pad + side + px(20)
                self.body.place(tx, bottom, x + w - pad - tx, top - bottom)
            self.body.label.anchor_y = "center"

    def _layout_keys(self, left: float, top: float, height: float) -> None:
        g = self.gui
        row = min(g.px(theme.BODY_PT * 2.3), height / max(1, len(self.keys)))
        key_w = max([lab.content_width for lab in self.keys] + [g.px(40)]) + g.px(24)
        for i, (k, d) in enumerate(zip(self.keys, self.texts)):
            ry = top - row * i - row / 2
            put(k, left, ry)
            put(d, left + key_w, ry)
