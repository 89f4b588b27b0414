"""Buttons: a labelled :class:`Button` (with its reason when disabled), the on/off
:class:`Toggle`, the two-word :class:`PillToggle` and the :class:`CycleButton` that steps
through a short list.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from pyglet import shapes

from dinghy.ui import theme
from dinghy.ui.widgets.gui import BODY, DETAIL, LAYER_WIDGET, Callback, Gui, Widget, paint, put, round_rect


_STYLES: dict[str, tuple[theme.RGB, theme.RGB, theme.RGB, theme.RGB]] = {
    # fill, hover, pressed, ink
    "primary": (theme.PRIMARY, theme.PRIMARY_HOVER, theme.PRIMARY_DOWN, theme.INK),
    "secondary": (theme.SECONDARY, theme.SECONDARY_HOVER, theme.SECONDARY_DOWN, theme.INK),
    "water": (theme.WAVE, (48, 98, 140), theme.WATER_DEEP, theme.ON_WATER),
}


class Button(Widget):
    """A labelled button: ``callback()`` runs on release inside it while enabled.

    A disabled button says why: ``reason`` shows as a tooltip when it is hovered or
    tapped. ``icon`` ("left", "right") draws an arrow instead of text.
    """

    interactive = True

    def __init__(self, gui: Gui, label: str, callback: Callback | None = None, *,
                 enabled: bool = True, reason: str = "", style: str = "secondary",
                 pt: float = theme.BODY_PT, icon: str | None = None,
                 layer: int = LAYER_WIDGET, radius: float = theme.RADIUS) -> None:
        super().__init__(gui, layer)
        self.callback, self.style, self.icon = callback, style, icon
        self.radius = radius
        self.down = False
        self.body = self._own(gui.rect(_STYLES[style][0], layer, BODY))
        self.text = self._own(gui.label("" if icon else label, pt, _STYLES[style][3],
                                        layer=layer, bold=True, anchor_x="center"))
        self._label = label
        self.arrow = self._own(shapes.Triangle(0, 0, 0, 0, 0, 0, color=theme.rgba(theme.INK),
                                               batch=gui.batch, group=gui.group(layer, DETAIL))
                               ) if icon in ("left", "right") else None
        self.reason = reason
        self._enabled = enabled
        self.restyle()

    @property
    def label(self) -> str:
        return self._label

    @label.setter
    def label(self, value: str) -> None:
        self._label = value
        if not self.icon:
            self.text.text = value

    def place(self, x: float, y: float, w: float, h: float) -> "Button":
        t = self.gui.touch   # never smaller than a fingertip
        if w < t:
            x -= (t - w) / 2
        if h < t:
            y -= (t - h) / 2
        return super().place(x, y, max(w, t), max(h, t))  # type: ignore[return-value]

    def layout(self) -> None:
        round_rect(self.body, self.x, self.y, self.w, self.h, self.gui.px(self.radius))
        cx, cy = self.center
        put(self.text, cx, cy)
        if self.arrow is not None:   # pyglet's Triangle moves oddly: build a fresh one
            a = min(self.w, self.h) * 0.16
            d = -1 if self.icon == "left" else 1
            old = self.arrow
            self.arrow = shapes.Triangle(cx + d * a, cy, cx - d * a * 0.8, cy + a * 1.1,
                                         cx - d * a * 0.8, cy - a * 1.1, color=old.color,
                                         batch=self.gui.batch, group=old.group)
            self.arrow.visible = old.visible
            self._drawables[self._drawables.index(old)] = self.arrow
            old.delete()

    def restyle(self) -> None:
        fill, hover, down, ink = _STYLES[self.style]
        if not self._enabled:
            fill, ink = theme.DISABLED, theme.DISABLED_INK
        elif self.down:
            fill = down
        elif self.hover:
            fill = hover
        paint(self.body, fill)
        paint(self.text, ink)
        if self.arrow is not None:
            paint(self.arrow, ink)

    @property
    def hover(self) -> bool:  # type: ignore[override]
        return self._hover

    @hover.setter
    def hover(self, value: bool) -> None:
        self._hover = value
        if hasattr(self, "body"):
            self.restyle()

    def on_press(self, x: float, y: float) -> None:
        if self._enabled:
            self.down = True
            self.restyle()

    def on_release(self, x: float, y: float, inside: bool) -> None:
        was_down, self.down = self.down, False
        self.restyle()
        if was_down and inside and self._enabled and self.callback is not None:
            self.callback()


class Toggle(Widget):
    """A switch with a word for its state ("On"/"Off", or e.g. "Bot"/"Human")."""

    interactive = True

    def __init__(self, gui: Gui, value: bool = False,
                 on_change: Callable[[bool], Any] | None = None, *, text_on: str = "On",
                 text_off: str = "Off", layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        self.value, self.on_change = bool(value), on_change
        self.text_on, self.text_off = text_on, text_off
        self.track = self._own(gui.rect(theme.TOGGLE_OFF, layer, BODY))
        self.knob = self._own(shapes.Circle(0, 0, 1, color=(255, 255, 255, 255),
                                            batch=gui.batch, group=gui.group(layer, DETAIL)))
        self.text = self._own(gui.label("", theme.BODY_PT, theme.INK, layer=layer))
        self.restyle()

    def place(self, x: float, y: float, w: float, h: float) -> "Toggle":
        t = self.gui.touch
        if h < t:
            y -= (t - h) / 2
        return super().place(x, y, max(w, t), max(h, t))  # type: ignore[return-value]

    def layout(self) -> None:
        g = self.gui
        tw, th = g.px(46), g.px(26)
        ty = self.y + (self.h - th) / 2
        round_rect(self.track, self.x, ty, tw, th, th / 2)
        r = th / 2 - g.px(3)
        self.knob.radius = r
        self.knob.position = (self.x + (tw - th / 2 if self.value else th / 2), ty + th / 2)
        put(self.text, self.x + tw + g.px(8), self.y + self.h / 2)

    def restyle(self) -> None:
        on = self.value
        colour = (theme.TOGGLE_ON if on else theme.TOGGLE_OFF) if self._enabled else theme.DISABLED
        paint(self.track, colour)
        word = self.text_on if on else self.text_off
        if self.text.text != word:             # (a label's text lays it out again)
            self.text.text = word
        paint(self.text, theme.INK if self._enabled else theme.DISABLED_INK)
        if self.w:
            self.layout()

    def set(self, value: bool) -> None:
        self.value = bool(value)
        self.restyle()

    def on_release(self, x: float, y: float, inside: bool) -> None:
        if inside and self._enabled:
            self.set(not self.value)
            if self.on_change is not None:
                self.on_change(self.value)


class PillToggle(Toggle):
    """A two-state pill that shows its state as a word (e.g. "Human" / "Bot").

    For a choice between two equally good things, where an on/off switch would
    suggest one of them is "off".
    """

    def __init__(self, gui: Gui, value: bool = False,
                 on_change: Callable[[bool], Any] | None = None, *, text_on: str = "On",
                 text_off: str = "Off", colour_on: theme.RGB = theme.WAVE,
                 colour_off: theme.RGB = theme.SECONDARY, layer: int = LAYER_WIDGET) -> None:
        self.colour_on, self.colour_off = colour_on, colour_off
        super().__init__(gui, value, on_change, text_on=text_on, text_off=text_off, layer=layer)
        self.knob.visible = False
        self.text.anchor_x = "center"

    def visibility_changed(self) -> None:
        if hasattr(self, "knob"):
            self.knob.visible = False

    def layout(self) -> None:
        round_rect(self.track, self.x, self.y, self.w, self.h, self.gui.px(theme.RADIUS))
        put(self.text, self.x + self.w / 2, self.y + self.h / 2)

    def restyle(self) -> None:
        on = self.value
        fill = (self.colour_on if on else self.colour_off) if self._enabled else theme.DISABLED
        paint(self.track, fill)
        word = self.text_on if on else self.text_off
        if self.text.text != word:             # (a label's text lays it out again)
            self.text.text = word
        ink = theme.readable_ink(fill) if self._enabled else theme.DISABLED_INK
        paint(self.text, ink)
        if self.w:
            self.layout()


class CycleButton(Button):
    """A pill that steps through a few values on each tap (Human, Bot, Easy, Medium,
    Hard): one touch target for a short list, where arrows would not fit.

    ``options`` are (value, text) pairs; ``on_change(value)`` runs after each step."""

    def __init__(self, gui: Gui, options: Sequence[tuple[Any, str]], index: int = 0,
                 on_change: Callable[[Any], Any] | None = None, *,
                 layer: int = LAYER_WIDGET) -> None:
        self.options = list(options)
        self.index = max(0, min(index, len(self.options) - 1))
        self.on_change = on_change
        super().__init__(gui, self.options[self.index][1], self.step, layer=layer)

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    def set_value(self, value: Any) -> None:
        self.index = [v for v, _ in self.options].index(value)
        self.label = self.options[self.index][1]
        self.restyle()

    def step(self) -> None:
        self.index = (self.index + 1) % len(self.options)
        self.label = self.options[self.index][1]
        self.restyle()
        if self.on_change is not None:
            self.on_change(self.value)

    def restyle(self) -> None:
        self.style = "secondary" if getattr(self, "index", 0) == 0 else "water"
        super().restyle()



def place_row(gui: Gui, row: Sequence[tuple[Widget, float]], x: float, y: float) -> float:
    """Buttons side by side from ``x`` rightwards at ``y``, each (button, width) a touch
    target high, a small gap apart (the camera buttons under a board); returns the x
    after the last."""
    for b, w in row:
        b.place(x, y, w, gui.touch)
        x += w + gui.px(6)
    return x
