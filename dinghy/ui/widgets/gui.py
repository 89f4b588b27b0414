"""The :class:`Gui` and the :class:`Widget` base: the widgets of one scene drawn
through one Batch.

A :class:`Gui` owns the Batch, hands out ordered Groups by *layer* (panels 0, widgets 1,
dialogs 5, help 6, curtain 7, tooltip 9) and *part* (0 back, 1 body, 2 detail,
3 text), routes mouse and keyboard events to widgets by rectangle hit-testing, and
keeps the keyboard focus and the one :class:`Tooltip`. While a modal widget is open,
only it gets input.

Widgets are views: they hold a callback, never game state, and they decide no rule.
Sizes given to them are window pixels; ``Gui.px`` turns logical sizes into pixels
using the window's pixel ratio, and no button is ever smaller than the 48-unit touch
target.

Importing this module configures pyglet before pyglet's window module loads; ``key``
(pyglet's key table) is handed on from here, so a view that imports it from this
module gets pyglet configured first.

A deleted widget's labels are kept aside, hidden, and :meth:`Gui.label` takes one back
when the very same label is asked for (:mod:`dinghy.ui.widgets.spares`): a widget
leaves its drawables alone once deleted.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from dinghy.ui.app import configure as _configure

_configure()   # before pyglet's drawing modules (they load its window module)

import pyglet  # noqa: E402
from pyglet import shapes  # noqa: E402
from pyglet.graphics import Batch, Group  # noqa: E402
from pyglet.window import key  # noqa: E402

from dinghy.ui import theme  # noqa: E402
from dinghy.ui.widgets.spares import LabelSpares  # noqa: E402

LAYER_PANEL, LAYER_WIDGET, LAYER_DIALOG, LAYER_HELP, LAYER_CURTAIN, LAYER_TOOLTIP = 0, 1, 5, 6, 7, 9
BACK, BODY, DETAIL, TEXT = 0, 1, 2, 3
SEGMENTS = 6

Callback = Callable[[], Any]


def round_rect(shape: shapes.RoundedRectangle, x: float, y: float, w: float, h: float,
               radius: float) -> None:
    w, h = max(w, 1.0), max(h, 1.0)
    r = max(0.0, min(radius, w / 2, h / 2))
    shape.position = (x, y)
    if isinstance(shape, shapes.RoundedRectangle) and hasattr(shape, "_update_vertices"):
        # one computation of the corners' arcs instead of three (pyglet redoes them on
        # each of width, height and radius), none when the size stays
        if (shape.width, shape.height, shape.radius[0]) != (w, h, (r, r)):
            shape._width, shape._height = w, h
            shape._set_radius(r)
            shape._update_vertices()
        return
    shape.width, shape.height = w, h
    shape.radius = r


def paint(drawable: Any, colour: theme.RGB | theme.RGBA) -> None:
    """Colour a shape or a label, unless it has that colour already (a label's colour
    rewrites every glyph's vertices)."""
    rgba = theme.rgba(colour)
    if tuple(drawable.color) != rgba:
        drawable.color = rgba


def put(label: Any, x: float, y: float) -> None:
    """Move a text label to whole pixels (fractional positions blur the glyphs)."""
    label.position = (round(x), round(y), 0)


class Label(pyglet.text.Label):
    """A pyglet label whose new text is laid out once (pyglet's: twice, the old text
    deleted, then the new one inserted); the same text again lays nothing out."""

    @property
    def text(self) -> str:
        return self.document.text

    @text.setter
    def text(self, text: str) -> None:
        if text == self.document.text:
            return
        self.begin_update()
        self.document.text = text
        self.end_update()


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
        self.spares = LabelSpares()       # deleted widgets' labels, for label() to take back

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
              multiline: bool = False, align: str = "left") -> Label:
        """A text label at (0, 0) in this Gui's batch: a spare that looks exactly so
        (see :meth:`discard`) if there is one, else a new one."""
        group = self.group(layer, TEXT)
        weight, rgba, size = "bold" if bold else "normal", theme.rgba(colour), pt * self.scale
        styles = {"font_name": theme.FONT, "font_size": size, "weight": weight, "italic": False,
                  "stretch": False, "color": rgba, "align": align}
        lab = self.spares.take(text, styles, anchor_x, anchor_y, width, multiline, group)
        if lab is None:
            lab = Label(
                text, x=0, y=0, font_name=theme.FONT, font_size=size, weight=weight, color=rgba,
                anchor_x=anchor_x, anchor_y=anchor_y, width=width, multiline=multiline,
                align=align, batch=self.batch, group=group)
            self.spares.made_one(lab)
        return lab

    @property
    def labels_made(self) -> int:
        return self.spares.made

    @property
    def labels_reused(self) -> int:
        return self.spares.reused

    def discard(self, drawable: Any) -> None:
        """A deleted widget's drawable: a plain label of this Gui's batch is kept aside,
        hidden, for :meth:`label` to take back; anything else is deleted."""
        if type(drawable) is Label and drawable.batch is self.batch:
            self.spares.keep(drawable)
        else:
            drawable.delete()

    def rect(self, colour: theme.RGB | theme.RGBA, layer: int, part: int,
             rounded: bool = True) -> Any:
        if rounded:
            return shapes.RoundedRectangle(0, 0, 1, 1, 0, segments=SEGMENTS,
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
        self.spares.drop()

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
        for m in list(self.modals):          # a modal with work of its own (a GIF being made)
            if m in self.modals:
                m.update(dt)
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
            self.gui.discard(d)
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
        round_rect(self.body, x, y, w, h, g.px(5))
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

