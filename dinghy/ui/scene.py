"""A scene made of widgets: it owns a :class:`~dinghy.ui.widgets.gui.Gui`, routes the
window's events to it first, and opens the help overlay on F1 or "?".

Subclasses fill :meth:`build` (make widgets once) and :meth:`layout` (place them for
the current window size; called on every resize) and list their keyboard shortcuts
in ``shortcuts``; ``on_shortcut`` gets the keys the widgets did not use.
"""
from __future__ import annotations

from typing import Any

from dinghy.ui.app import App, Scene
from dinghy.ui.widgets.gui import Gui, key
from dinghy.ui.widgets.dialogs import HelpOverlay
from dinghy.ui.widgets.panels import WaterBackground

COMMON_SHORTCUTS: list[tuple[str, str]] = [
    ("F1 or ?", "Show or hide this help"),
    ("F11", "Full screen on or off"),
    ("Esc", "Close a dialog or this help"),
    ("Ctrl+Q", "Quit"),
]


class GuiScene(Scene):
    """Widgets over water; HiDPI-aware through ``app.scale``."""

    shortcuts: list[tuple[str, str]] = []
    help_title = "Keyboard shortcuts"
    #: The game whose "how to play" the help opens with (None: the shortcuts alone).
    help_rules: str | None = None
    #: False for a scene whose chart covers the water: the swell would only cost fill time.
    water = True

    def __init__(self) -> None:
        self.app: App | None = None
        self.gui: Gui | None = None
        self.background: WaterBackground | None = None

    # --- life cycle -----------------------------------------------------------------
    def on_enter(self, app: App) -> None:
        self.app = app
        w, h = app.size
        self.gui = Gui(app.scale, w, h)
        if self.water:
            self.background = WaterBackground(self.gui)
            self.gui.add(self.background)
        self.build()

    def on_exit(self) -> None:
        if self.gui is not None:
            self.gui.clear()

    def build(self) -> None:
        """Create the widgets (once, or again after a structural change)."""

    def layout(self) -> None:
        """Place the widgets for ``self.gui.width`` x ``self.gui.height``."""

    def on_resize(self, width: int, height: int) -> None:
        if self.gui is None:
            return
        self.gui.resize(width, height)
        if self.background is not None:
            self.background.place(0, 0, width, height)
        self.layout()

    def relayout(self) -> None:
        if self.gui is not None:
            self.on_resize(self.gui.width, self.gui.height)

    def update(self, dt: float) -> None:
        if self.gui is not None:
            self.gui.update(dt)

    def on_draw(self) -> None:
        if self.gui is not None:
            self.gui.draw()

    # --- help -----------------------------------------------------------------------
    def all_shortcuts(self) -> list[tuple[str, str]]:
        return list(self.shortcuts) + COMMON_SHORTCUTS

    def show_help(self) -> HelpOverlay | None:
        if self.gui is None:
            return None
        for m in self.gui.modals:
            if isinstance(m, HelpOverlay):
                return m
        if self.help_rules:
            from dinghy.ui.help.overlay import HowToPlay

            return self.gui.open(HowToPlay(self.gui, self.help_rules, self.all_shortcuts(),  # type: ignore[return-value]
                                           self.help_title))
        return self.gui.open(HelpOverlay(self.gui, self.all_shortcuts(), self.help_title))  # type: ignore[return-value]

    @property
    def help_open(self) -> bool:
        return self.gui is not None and any(isinstance(m, HelpOverlay) for m in self.gui.modals)

    # --- input ----------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> Any:
        return self.gui is not None and self.gui.on_mouse_press(x, y, button, modifiers)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> Any:
        return self.gui is not None and self.gui.on_mouse_release(x, y, button, modifiers)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> Any:
        return self.gui is not None and self.gui.on_mouse_motion(x, y, dx, dy)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int,
                      modifiers: int) -> Any:
        return self.gui is not None and self.gui.on_mouse_drag(x, y, dx, dy, buttons, modifiers)

    def on_key_press(self, symbol: int, modifiers: int) -> Any:
        if self.gui is None:
            return False
        if symbol == key.F1 and not self.help_open:
            self.show_help()
            return True
        if self.gui.on_key_press(symbol, modifiers):
            return True
        return self.on_shortcut(symbol, modifiers)

    def on_text(self, text: str) -> Any:
        if self.gui is None:
            return False
        if self.gui.on_text(text):
            return True
        if text == "?":
            self.show_help()
            return True
        return False

    def on_text_motion(self, motion: int) -> Any:
        return self.gui is not None and self.gui.on_text_motion(motion)

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        """A key no widget wanted; subclasses map their shortcuts here."""
        return False


class ChartScene(GuiScene):
    """A GuiScene with a chart (``self.chart``, made in :meth:`build`): the chart's
    drawing is freed when the scene leaves the stack."""

    chart: Any = None

    def on_exit(self) -> None:
        if self.chart is not None:
            self.chart.delete()
        super().on_exit()
