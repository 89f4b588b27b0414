"""The :class:`ChoiceSelector`: one value out of a list, stepped with a tap on its
left or right half.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pyglet
from pyglet import shapes

from dinghy.ui import theme
from dinghy.ui.widgets.gui import BODY, DETAIL, LAYER_WIDGET, Gui, Widget, paint, put, round_rect


class ChoiceSelector(Widget):
    """One value out of a list: tap the left half to step back, the right half forward.

    ``options`` are (value, text) pairs. ``available(value)`` may veto values (a colour
    another seat has): stepping skips them. ``swatch(value)`` may give a colour to show
    beside the text. With ``wrap`` off the arrows stop at the ends (numbers). The
    widget is at least two touch targets wide, so each half is one.
    """

    interactive = True

    def __init__(self, gui: Gui, options: Sequence[tuple[Any, str]], index: int = 0,
                 on_change: Callable[[Any], Any] | None = None, *, wrap: bool = True,
                 available: Callable[[Any], bool] | None = None,
                 swatch: Callable[[Any], theme.RGB | None] | None = None,
                 layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        if not options:
            raise ValueError("a choice needs at least one option")
        self.options = list(options)
        self.index = max(0, min(index, len(self.options) - 1))
        self.on_change, self.wrap = on_change, wrap
        self.available, self.swatch = available, swatch
        self._side = 0
        self.well = self._own(gui.rect(theme.SECONDARY, layer, BODY))
        self.chip = self._own(gui.rect(theme.INK, layer, DETAIL))
        self.text = self._own(gui.label("", theme.BODY_PT, theme.INK, layer=layer,
                                        anchor_x="center", align="center"))
        self.arrows: list[Any] = []
        self.refresh()

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def shown_text(self) -> str:
        return self.options[self.index][1]

    def set_value(self, value: Any) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
                self.refresh()
                return
        raise ValueError(f"{value!r} is not one of the options")

    @property
    def prev_point(self) -> tuple[float, float]:
        """The middle of the 'step back' arrow (where a finger taps)."""
        return (self.x + self._zone / 2, self.y + self.h / 2)

    @property
    def next_point(self) -> tuple[float, float]:
        return (self.x + self.w - self._zone / 2, self.y + self.h / 2)

    @property
    def _zone(self) -> float:
        return self.gui.px(30)

    def _ok(self, i: int) -> bool:
        return self.available is None or bool(self.available(self.options[i][0]))

    def _target(self, direction: int) -> int | None:
        n = len(self.options)
        i = self.index
        for _ in range(n - 1):
            i += direction
            if not self.wrap and not 0 <= i < n:
                return None
            i %= n
            if self._ok(i):
                return i
        return None

    def can_step(self, direction: int) -> bool:
        return self._enabled and self._target(direction) is not None

    def step(self, direction: int) -> None:
        target = self._target(direction)
        if target is None or not self._enabled:
            return
        self.index = target
        self.refresh()
        if self.on_change is not None:
            self.on_change(self.value)

    def refresh(self) -> None:
        self.text.text = self.shown_text
        colour = self.swatch(self.value) if self.swatch else None
        self.chip.visible = self._visible and colour is not None
        if colour is not None:
            paint(self.chip, colour)
        self.layout()

    def restyle(self) -> None:
        if hasattr(self, "arrows"):
            self.refresh()

    def place(self, x: float, y: float, w: float, h: float) -> "ChoiceSelector":
        t = self.gui.touch
        if h < t:
            y -= (t - h) / 2
        return super().place(x, y, max(w, 2 * t), max(h, t))  # type: ignore[return-value]

    def layout(self) -> None:
        if not self.w:
            return
        g = self.gui
        fill = theme.SECONDARY_DOWN if self._side else theme.SECONDARY
        paint(self.well, fill if self._enabled else theme.DISABLED)
        round_rect(self.well, self.x, self.y, self.w, self.h, g.px(theme.RADIUS))
        for a in self.arrows:
            a.delete()
            self._drawables.remove(a)
        self.arrows = []
        cy, a = self.y + self.h / 2, g.px(6)
        for d, (px_, _) in ((-1, self.prev_point), (+1, self.next_point)):
            ink = theme.INK if self.can_step(d) else theme.DISABLED_INK
            tri = shapes.Triangle(px_ + d * a, cy, px_ - d * a * 0.7, cy + a * 1.2,
                                  px_ - d * a * 0.7, cy - a * 1.2, color=theme.rgba(ink),
                                  batch=g.batch, group=g.group(self.layer, DETAIL))
            tri.visible = self._visible
            self.arrows.append(self._own(tri))
        room = self.w - 2 * self._zone - g.px(8)
        chip = g.px(18) if self.chip.visible else 0
        gap = g.px(7) if chip else 0
        self._fit_text(room - chip - gap)
        text_w = self.text.content_width
        left = self.x + (self.w - (chip + gap + text_w)) / 2
        if chip:
            round_rect(self.chip, left, cy - chip / 2, chip, chip, g.px(4))
        put(self.text, left + chip + gap + text_w / 2, cy)
        paint(self.text, theme.INK if self._enabled else theme.DISABLED_INK)

    def _fit_text(self, room: float) -> None:
        """One line if it fits; else two smaller lines ("Olympic / triangle"), in smaller
        type still if three words need it ("Regatta (3M), / advanced"); else cut."""
        lab, full = self.text, self.shown_text
        # (each change of a pyglet label lays its glyphs out again: change only what differs)
        if lab.multiline:
            lab.multiline = False
        if lab.width is not None:
            lab.width = None
        if lab.font_size != self.gui.px(theme.BODY_PT):
            lab.font_size = self.gui.px(theme.BODY_PT)
        if lab.text != full:
            lab.text = full
        if lab.content_width <= room:
            return
        if " " in full.strip():
            for pt in (theme.BODY_PT - 1, theme.SMALL_PT + 1):
                lab.font_size = self.gui.px(pt)
                lab.width, lab.multiline = max(1, int(room)), True
                if lab.content_height <= self.h - self.gui.px(6) and \
                        all(len(w) and self._word_fits(w, room) for w in full.split()):
                    return
                lab.multiline, lab.width = False, None
            lab.font_size = self.gui.px(theme.BODY_PT)
        cut = len(full)
        while cut > 1 and lab.content_width > room:
            cut -= 1
            lab.text = full[:cut].rstrip() + "…"

    def _word_fits(self, word: str, room: float) -> bool:
        probe = pyglet.text.Label(word, font_name=theme.FONT, font_size=self.text.font_size)
        return probe.content_width <= room

    def on_press(self, x: float, y: float) -> None:
        self._side = -1 if x < self.x + self.w / 2 else 1
        self.layout()

    def on_release(self, x: float, y: float, inside: bool) -> None:
        side, self._side = self._side, 0
        if inside and self._enabled:
            self.step(-1 if x < self.x + self.w / 2 else 1)
        self.layout()

