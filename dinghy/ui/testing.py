"""Drive an :class:`~dinghy.ui.app.App` with synthetic input, as a player would.

Every helper goes through the window's own event dispatch (``dispatch_event`` then
``dispatch_events``: outside ``pyglet.app.run`` pyglet only queues events), so the
App's routing is part of what a test checks.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from dinghy.ui.app import App
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.gui import Gui

LEFT = 1   # pyglet.window.mouse.LEFT


def _send(app: App, event: str, *args: Any) -> None:
    app.window.dispatch_event(event, *args)
    app.window.dispatch_events()


def press(app: App, x: float, y: float, button: int = LEFT, modifiers: int = 0) -> None:
    _send(app, "on_mouse_press", x, y, button, modifiers)


def release(app: App, x: float, y: float, button: int = LEFT, modifiers: int = 0) -> None:
    _send(app, "on_mouse_release", x, y, button, modifiers)


def click(app: App, x: float, y: float, button: int = LEFT, modifiers: int = 0) -> None:
    """Press and release at one point (a tap)."""
    press(app, x, y, button, modifiers)
    release(app, x, y, button, modifiers)


def find_button(gui: Gui, text: str) -> Button | None:
    """The first visible button whose label is ``text``."""
    for w in gui.walk():
        if isinstance(w, Button) and w.visible and w.label == text:
            return w
    return None


def tap(app: App, widget: Any) -> None:
    """Click the middle of a widget (anything with a ``center``)."""
    click(app, *widget.center)


def move(app: App, x: float, y: float) -> None:
    _send(app, "on_mouse_motion", x, y, 0, 0)


def drag(app: App, x: float, y: float, dx: float, dy: float, button: int = LEFT) -> None:
    _send(app, "on_mouse_drag", x, y, dx, dy, button, 0)


def scroll(app: App, x: float, y: float, clicks: float) -> None:
    _send(app, "on_mouse_scroll", x, y, 0, clicks)


def key_press(app: App, symbol: int, modifiers: int = 0) -> None:
    _send(app, "on_key_press", symbol, modifiers)
    _send(app, "on_key_release", symbol, modifiers)


def type_text(app: App, text: str) -> None:
    for ch in text:
        _send(app, "on_text", ch)


def text_motion(app: App, motion: int) -> None:
    _send(app, "on_text_motion", motion)


def resize(app: App, width: int, height: int) -> None:
    """Tell the scenes the window changed size (a headless buffer keeps its size)."""
    _send(app, "on_resize", width, height)


def png_colours(path: str | Path) -> int:
    """How many distinct colours a PNG holds (decoded by pyglet, no Pillow)."""
    import numpy as np
    import pyglet.image

    img = pyglet.image.load(str(path)).get_image_data()
    fmt = img.format     # ask for the stored layout: converting in pyglet is slow
    data = np.frombuffer(img.get_data(fmt, img.width * len(fmt)), dtype=np.uint8)
    pixels = data.reshape(-1, len(fmt))[:, :3].astype(np.uint32)
    return int(np.unique(pixels[:, 0] << 16 | pixels[:, 1] << 8 | pixels[:, 2]).size)


def pixel(app: App, x: int, y: int) -> tuple[int, int, int]:
    """The colour of one pixel of the last drawn frame (draws a fresh one first)."""
    import pyglet.image

    app.window.switch_to()
    app.on_draw()
    img = pyglet.image.get_buffer_manager().get_color_buffer().get_region(x, y, 1, 1)
    data = img.get_image_data().get_data("RGB", 3)
    app.window.flip()
    return (data[0], data[1], data[2])
