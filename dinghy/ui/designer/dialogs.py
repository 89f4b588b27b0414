"""The course designer's dialogs: "New course" (:class:`TemplateDialog`) and a name
to type (:class:`NameDialog`, for Save as and Rename), on a shared modal card.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from dinghy.games.dinghy_race import designer as D
from dinghy.games.dinghy_race.course import CARD_SIZES, WIND_FORCES
from dinghy.ui import theme
from dinghy.ui.designer.pieces import COMPASS8
from dinghy.ui.widgets.gui import LAYER_DIALOG, Gui, key, put
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import Modal, place_button_row
from dinghy.ui.widgets.panels import Panel
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import TextField


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
        place_button_row(g, self.buttons, x + w - pad, y + pad)
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
        self.wind = self._child(ChoiceSelector(gui, [(w, f"from {w}°" + (f" {COMPASS8[w]}" if w in COMPASS8 else ""))
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
