"""Touch-friendly widgets drawn through one Batch: buttons, toggles, selectors, a name
field, panels, a modal dialog, the hot-seat curtain and a help overlay.

A :class:`Gui` owns the Batch, hands out ordered Groups by *layer* (panels 0, widgets 1,
dialogs 5, help 6, curtain 7, tooltip 9) and *part* (0 back, 1 body, 2 detail,
3 text), routes mouse and keyboard events to widgets by rectangle hit-testing, and
keeps the keyboard focus. While a modal widget is open, only it gets input.

Widgets are views: they hold a callback, never game state, and they decide no rule.
Sizes given to them are window pixels; ``Gui.px`` turns logical sizes into pixels
using the window's pixel ratio, and no button is ever smaller than the 48-unit touch
target.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator, Sequence

from dinghy.ui.app import configure as _configure

_configure()   # before pyglet's drawing modules (they load its window module)

import pyglet  # noqa: E402
from pyglet import shapes  # noqa: E402
from pyglet.graphics import Batch, Group  # noqa: E402
from pyglet.window import key  # noqa: E402

from dinghy.ui import theme  # noqa: E402

LAYER_PANEL, LAYER_WIDGET, LAYER_DIALOG, LAYER_HELP, LAYER_CURTAIN, LAYER_TOOLTIP = 0, 1, 5, 6, 7, 9
BACK, BODY, DETAIL, TEXT = 0, 1, 2, 3
_SEGMENTS = 6

Callback = Callable[[], Any]


def _round_rect(shape: shapes.RoundedRectangle, x: float, y: float, w: float, h: float,
                radius: float) -> None:
    w, h = max(w, 1.0), max(h, 1.0)
    shape.position = (x, y)
    shape.width, shape.height = w, h
    shape.radius = max(0.0, min(radius, w / 2, h / 2))


def put(label: Any, x: float, y: float) -> None:
    """Move a text label to whole pixels (fractional positions blur the glyphs)."""
    label.position = (round(x), round(y), 0)


# ------------------------------------------------------------------------------------
class Gui:
    """The widgets of one scene: drawing order, hit-testing, focus, modals, tooltip."""

    def __init__(self, scale: float = 1.0, width: int = 800, height: int = 600) -> None:
        self.batch = Batch()
        self.scale = max(1.0, float(scale))
        self.width, self.height = width, height
        self.widgets: list[Widget] = []
        self.modals: list[Widget] = []
        self.focus: Widget | None = None
        self._groups: dict[int, Group] = {}
        self._pressed: Widget | None = None
        self._hover: Widget | None = None
        self._tooltip: Tooltip | None = None

    # --- sizes, groups, text -------------------------------------------------------
    def px(self, logical: float) -> float:
        """Logical pixels to window pixels (the window's pixel ratio)."""
        return logical * self.scale

    @property
    def touch(self) -> float:
        return self.px(theme.TOUCH)

    def group(self, layer: int, part: int = BODY) -> Group:
        order = layer * 10 + part
        if order not in self._groups:
            self._groups[order] = Group(order=order)
        return self._groups[order]

    def label(self, text: str, pt: float = theme.BODY_PT, colour: theme.RGB = theme.INK, *,
              layer: int = LAYER_WIDGET, bold: bool = False, anchor_x: str = "left",
              anchor_y: str = "center", width: float | None = None,
              multiline: bool = False, align: str = "left") -> pyglet.text.Label:
        return pyglet.text.Label(
            text, x=0, y=0, font_name=theme.FONT, font_size=pt * self.scale,
            weight="bold" if bold else "normal", color=theme.rgba(colour),
            anchor_x=anchor_x, anchor_y=anchor_y, width=width, multiline=multiline,
            align=align, batch=self.batch, group=self.group(layer, TEXT))

    def rect(self, colour: theme.RGB | theme.RGBA, layer: int, part: int,
             rounded: bool = True) -> Any:
        if rounded:
            return shapes.RoundedRectangle(0, 0, 1, 1, 0, segments=_SEGMENTS,
                                           color=theme.rgba(colour), batch=self.batch,
                                           group=self.group(layer, part))
        return shapes.Rectangle(0, 0, 1, 1, color=theme.rgba(colour), batch=self.batch,
                                group=self.group(layer, part))

    # --- the widget lists ------------------------------------------------------------
    def add(self, widget: "Widget") -> "Widget":
        self.widgets.append(widget)
        return widget

    def remove(self, widget: "Widget") -> None:
        if widget in self.widgets:
            self.widgets.remove(widget)
        if widget in self.modals:
            self.modals.remove(widget)
        for w in widget.walk():
            if self.focus is w:
                self.focus = None
            if self._pressed is w:
                self._pressed = None
            if self._hover is w:
                self._hover = None
        widget.delete()

    def clear(self) -> None:
        for w in list(self.widgets) + list(self.modals):
            self.remove(w)
        self.hide_tooltip()

    def open(self, modal: "Widget") -> "Widget":
        """Show a modal widget on top; it takes all input until closed."""
        if self.focus is not None:
            self.set_focus(None)
        self.hide_tooltip()
        self.modals.append(modal)
        modal.place(0, 0, self.width, self.height)
        return modal

    def close(self, modal: "Widget") -> None:
        self.remove(modal)

    @property
    def modal(self) -> "Widget | None":
        return self.modals[-1] if self.modals else None

    def walk(self) -> Iterator["Widget"]:
        for w in self.widgets + self.modals:
            yield from w.walk()

    def find_button(self, text: str) -> "Button | None":
        """The first visible button whose label is ``text`` (handy for tests)."""
        for w in self.walk():
            if isinstance(w, Button) and w.visible and w.label == text:
                return w
        return None

    def widget_at(self, x: float, y: float) -> "Widget | None":
        roots = [self.modals[-1]] if self.modals else list(self.widgets)
        for root in reversed(roots):
            hit = root.find(x, y)
            if hit is not None:
                return hit
        return None

    # --- layout and time -------------------------------------------------------------
    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        for m in self.modals:
            m.place(0, 0, width, height)
        self.hide_tooltip()

    def update(self, dt: float) -> None:
        if self.focus is not None:
            self.focus.update(dt)
        if self._tooltip is not None:
            self._tooltip.update(dt)

    def draw(self) -> None:
        self.batch.draw()

    # --- focus and tooltip -------------------------------------------------------------
    def set_focus(self, widget: "Widget | None") -> None:
        if widget is self.focus:
            return
        if self.focus is not None:
            self.focus.focused = False
        self.focus = widget
        if widget is not None:
            widget.focused = True

    def focus_next(self, backwards: bool = False) -> None:
        fields = [w for w in self.walk() if w.focusable and w.visible]
        if not fields:
            return
        i = fields.index(self.focus) if self.focus in fields else -1
        self.set_focus(fields[(i + (-1 if backwards else 1)) % len(fields)])

    def show_tooltip(self, text: str, near: "Widget", seconds: float | None = None) -> None:
        if self._tooltip is None:
            self._tooltip = Tooltip(self)
        self._tooltip.show(text, near, seconds)

    def hide_tooltip(self) -> None:
        if self._tooltip is not None:
            self._tooltip.hide()

    @property
    def tooltip_text(self) -> str | None:
        t = self._tooltip
        return t.text if t is not None and t.shown else None

    # --- events: each returns True when a widget used it ---------------------------------
    def on_mouse_press(self, x: float, y: float, button: int = 1, modifiers: int = 0) -> bool:
        self.hide_tooltip()
        target = self.widget_at(x, y)
        if target is None or not target.focusable:
            self.set_focus(None)
        if target is None:
            return bool(self.modals)     # a modal swallows clicks outside its buttons
        if target.focusable and target.enabled:
            self.set_focus(target)
        self._pressed = target
        target.on_press(x, y)
        if not target.enabled and target.reason:
            self.show_tooltip(target.reason, target, seconds=3.0)
        return True

    def on_mouse_release(self, x: float, y: float, button: int = 1, modifiers: int = 0) -> bool:
        target, self._pressed = self._pressed, None
        if target is None:
            return bool(self.modals)
        target.on_release(x, y, target.contains(x, y))
        return True

    def on_mouse_motion(self, x: float, y: float, dx: float = 0, dy: float = 0) -> bool:
        hit = self.widget_at(x, y)
        if hit is not self._hover:
            if self._hover is not None:
                self._hover.hover = False
            self._hover = hit
            if hit is not None:
                hit.hover = True
                if not hit.enabled and hit.reason:
                    self.show_tooltip(hit.reason, hit)
                else:
                    self.hide_tooltip()
            else:
                self.hide_tooltip()
        return hit is not None

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int = 1,
                      modifiers: int = 0) -> bool:
        return self._pressed is not None or bool(self.modals)

    def on_key_press(self, symbol: int, modifiers: int = 0) -> bool:
        if self.modals:
            self.modals[-1].on_key_press(symbol, modifiers)
            return True
        if symbol == key.TAB and any(w.focusable for w in self.walk()):
            self.focus_next(backwards=bool(modifiers & key.MOD_SHIFT))
            return True
        if self.focus is not None:
            return bool(self.focus.on_key_press(symbol, modifiers))
        return False

    def on_text(self, text: str) -> bool:
        if self.modals:
            self.modals[-1].on_text(text)
            return True
        if self.focus is not None:
            self.focus.on_text(text)
            return True
        return False

    def on_text_motion(self, motion: int) -> bool:
        if self.focus is not None and not self.modals:
            self.focus.on_text_motion(motion)
            return True
        return bool(self.modals)


# ------------------------------------------------------------------------------------
class Widget:
    """A rectangle on screen with drawables; subclasses add looks and behaviour."""

    interactive = False
    focusable = False

    def __init__(self, gui: Gui, layer: int = LAYER_WIDGET) -> None:
        self.gui, self.layer = gui, layer
        self.x = self.y = 0.0
        self.w = self.h = 0.0
        self.children: list[Widget] = []
        self._drawables: list[Any] = []
        self._visible = True
        self._enabled = True
        self.reason = ""
        self.hover = False
        self.focused = False

    # drawables and children
    def _own(self, drawable: Any) -> Any:
        self._drawables.append(drawable)
        return drawable

    def _child(self, widget: "Widget") -> "Widget":
        self.children.append(widget)
        widget.visible = self._visible
        return widget

    def walk(self) -> Iterator["Widget"]:
        yield self
        for c in self.children:
            yield from c.walk()

    def delete(self) -> None:
        for c in self.children:
            c.delete()
        for d in self._drawables:
            d.delete()
        self.children, self._drawables = [], []

    # geometry
    def place(self, x: float, y: float, w: float, h: float) -> "Widget":
        self.x, self.y, self.w, self.h = float(x), float(y), float(w), float(h)
        self.layout()
        return self

    def layout(self) -> None:
        """Move the drawables to the current rectangle."""

    @property
    def center(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def rect(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h

    def find(self, x: float, y: float) -> "Widget | None":
        if not self._visible:
            return None
        for c in reversed(self.children):
            hit = c.find(x, y)
            if hit is not None:
                return hit
        return self if self.interactive and self.contains(x, y) else None

    # state
    @property
    def visible(self) -> bool:
        return self._visible

    @visible.setter
    def visible(self, value: bool) -> None:
        self._visible = bool(value)
        for d in self._drawables:
            d.visible = self._visible
        for c in self.children:
            c.visible = self._visible
        self.restyle()
        self.visibility_changed()

    def visibility_changed(self) -> None:
        """Called after ``visible`` was set: a widget that draws something outside its
        own drawables (or caches what is shown) follows here."""

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        self.restyle()

    def restyle(self) -> None:
        """Colours for the current state (enabled, hover, pressed, focus)."""

    # events (only called on the widget the Gui chose)
    def on_press(self, x: float, y: float) -> None:
        pass

    def on_release(self, x: float, y: float, inside: bool) -> None:
        pass

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        return False

    def on_text(self, text: str) -> None:
        pass

    def on_text_motion(self, motion: int) -> None:
        pass

    def update(self, dt: float) -> None:
        pass


# ------------------------------------------------------------------------------------
class Panel(Widget):
    """A rounded card with a soft shadow, optionally titled (top left)."""

    def __init__(self, gui: Gui, title: str = "", *, colour: theme.RGB = theme.CREAM,
                 layer: int = LAYER_PANEL, shadow: bool = True) -> None:
        super().__init__(gui, layer)
        self.shadow = self._own(gui.rect(theme.SHADOW, layer, BACK)) if shadow else None
        self.body = self._own(gui.rect(colour, layer, BODY))
        self.title = self._own(gui.label(title, theme.HEADER_PT, theme.INK, layer=layer,
                                         bold=True, anchor_y="top")) if title else None

    def layout(self) -> None:
        g, r = self.gui, self.gui.px(theme.RADIUS)
        if self.shadow is not None:
            _round_rect(self.shadow, self.x + g.px(1), self.y - g.px(4), self.w, self.h, r)
        _round_rect(self.body, self.x, self.y, self.w, self.h, r)
        if self.title is not None:
            put(self.title, self.x + g.px(theme.PAD), self.y + self.h - g.px(theme.PAD * 0.8))

    @property
    def content_top(self) -> float:
        """The y below the title (or the top padding) where content may start."""
        g = self.gui
        title_h = g.px(theme.HEADER_PT * 1.9) if self.title is not None else 0
        return self.y + self.h - g.px(theme.PAD * 0.8) - title_h


class Text(Widget):
    """A plain piece of text, anchored at the left middle of its rectangle by default."""

    def __init__(self, gui: Gui, text: str, pt: float = theme.BODY_PT,
                 colour: theme.RGB = theme.INK, *, bold: bool = False, align: str = "left",
                 layer: int = LAYER_WIDGET, multiline: bool = False) -> None:
        super().__init__(gui, layer)
        self.align, self.multiline = align, multiline
        anchor_x = {"left": "left", "center": "center", "right": "right"}[align]
        self.label = self._own(gui.label(text, pt, colour, layer=layer, bold=bold,
                                         anchor_x=anchor_x, multiline=multiline,
                                         width=100 if multiline else None, align=align))

    @property
    def text(self) -> str:
        return self.label.text

    @text.setter
    def text(self, value: str) -> None:
        self.label.text = value

    def layout(self) -> None:
        if self.multiline:
            self.label.width = max(1, int(self.w))
        x = {"left": self.x, "center": self.x + self.w / 2, "right": self.x + self.w}[self.align]
        put(self.label, x, self.y + self.h / 2)


# ------------------------------------------------------------------------------------
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
        _round_rect(self.body, self.x, self.y, self.w, self.h, self.gui.px(self.radius))
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
        self.body.color = theme.rgba(fill)
        self.text.color = theme.rgba(ink)
        if self.arrow is not None:
            self.arrow.color = theme.rgba(ink)

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
        _round_rect(self.track, self.x, ty, tw, th, th / 2)
        r = th / 2 - g.px(3)
        self.knob.radius = r
        self.knob.position = (self.x + (tw - th / 2 if self.value else th / 2), ty + th / 2)
        put(self.text, self.x + tw + g.px(8), self.y + self.h / 2)

    def restyle(self) -> None:
        on = self.value
        colour = (theme.TOGGLE_ON if on else theme.TOGGLE_OFF) if self._enabled else theme.DISABLED
        self.track.color = theme.rgba(colour)
        self.text.text = self.text_on if on else self.text_off
        self.text.color = theme.rgba(theme.INK if self._enabled else theme.DISABLED_INK)
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
        _round_rect(self.track, self.x, self.y, self.w, self.h, self.gui.px(theme.RADIUS))
        put(self.text, self.x + self.w / 2, self.y + self.h / 2)

    def restyle(self) -> None:
        on = self.value
        fill = (self.colour_on if on else self.colour_off) if self._enabled else theme.DISABLED
        self.track.color = theme.rgba(fill)
        self.text.text = self.text_on if on else self.text_off
        ink = theme.readable_ink(fill) if self._enabled else theme.DISABLED_INK
        self.text.color = theme.rgba(ink)
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
            self.chip.color = theme.rgba(colour)
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
        self.well.color = theme.rgba(fill if self._enabled else theme.DISABLED)
        _round_rect(self.well, self.x, self.y, self.w, self.h, g.px(theme.RADIUS))
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
            _round_rect(self.chip, left, cy - chip / 2, chip, chip, g.px(4))
        put(self.text, left + chip + gap + text_w / 2, cy)
        self.text.color = theme.rgba(theme.INK if self._enabled else theme.DISABLED_INK)

    def _fit_text(self, room: float) -> None:
        """One line if it fits; else two smaller lines ("Olympic / triangle"); else cut."""
        lab, full = self.text, self.shown_text
        lab.multiline, lab.width = False, None
        lab.font_size = self.gui.px(theme.BODY_PT)
        lab.text = full
        if lab.content_width <= room:
            return
        if " " in full.strip():
            lab.font_size = self.gui.px(theme.BODY_PT - 1)
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
        _round_rect(self.edge, self.x, self.y, self.w, self.h, r)
        _round_rect(self.body, self.x + b, self.y + b, self.w - 2 * b, self.h - 2 * b, r - b)
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


# ------------------------------------------------------------------------------------
class Tooltip(Widget):
    """A small dark label above a widget; the Gui owns one."""

    def __init__(self, gui: Gui) -> None:
        super().__init__(gui, LAYER_TOOLTIP)
        self.body = self._own(gui.rect(theme.TOOLTIP, LAYER_TOOLTIP, BODY))
        self.label = self._own(gui.label("", theme.BODY_PT, theme.ON_WATER, layer=LAYER_TOOLTIP))
        self.text = ""
        self.shown = False
        self._left: float | None = None
        self.visible = False

    def show(self, text: str, near: Widget, seconds: float | None = None) -> None:
        g = self.gui
        self.text, self.label.text = text, text
        pad = g.px(8)
        w, h = self.label.content_width + 2 * pad, self.label.content_height + pad
        x = min(max(near.x + near.w / 2 - w / 2, g.px(4)), g.width - w - g.px(4))
        y = near.y + near.h + g.px(6)
        if y + h > g.height:
            y = near.y - h - g.px(6)
        _round_rect(self.body, x, y, w, h, g.px(5))
        put(self.label, x + pad, y + h / 2)
        self.shown, self._left = True, seconds
        self.visible = True

    def hide(self) -> None:
        if self.shown:
            self.shown = False
            self.visible = False

    def update(self, dt: float) -> None:
        if self.shown and self._left is not None:
            self._left -= dt
            if self._left <= 0:
                self.hide()


class _Modal(Widget):
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


class Dialog(_Modal):
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
        bx = x + w - pad
        for b in reversed(self.buttons):
            bw = max(g.touch * 2, b.text.content_width + g.px(36))
            bx -= bw
            b.place(bx, y + pad, bw, g.touch)
            bx -= g.px(theme.GAP)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.ESCAPE:
            self.dismiss()
            if self.on_cancel is not None:
                self.on_cancel()
        elif symbol in (key.ENTER, key.RETURN) and self.buttons:
            self.buttons[-1].callback()  # type: ignore[misc]
        return True


class Curtain(_Modal):
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


class HelpOverlay(_Modal):
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


class WaterBackground(Widget):
    """Deep water with faint swell lines, under everything else (layer -1)."""

    def __init__(self, gui: Gui, layer: int = -1) -> None:
        super().__init__(gui, layer)
        self.sea = self._own(gui.rect(theme.WATER, layer, BACK, rounded=False))
        self.swell: list[Any] = []

    def layout(self) -> None:
        import math

        g = self.gui
        self.sea.position = (self.x, self.y)
        self.sea.width, self.sea.height = max(self.w, 1), max(self.h, 1)
        for line in self.swell:
            line.delete()
            self._drawables.remove(line)
        self.swell = []
        spacing, wave = g.px(64), g.px(90)
        n = int(self.h // spacing) + 1
        for row in range(n):
            y0 = self.y + spacing * (row + 0.5)
            shift = (row % 2) * wave / 2
            pts = [(self.x + i * g.px(10), y0 + g.px(3) * math.sin((i * g.px(10) + shift) / wave * 2 * math.pi))
                   for i in range(int(self.w // g.px(10)) + 2)]
            line = shapes.MultiLine(*pts, thickness=g.px(1.5), color=theme.rgba(theme.WAVE, 110),
                                    batch=g.batch, group=g.group(self.layer, DETAIL))
            self.swell.append(self._own(line))
