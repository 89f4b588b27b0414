"""The table's window (pyglet). The only package of dinghy that imports pyglet.

Importing ``dinghy.ui`` loads nothing of pyglet; :func:`run_app` (or
``dinghy.ui.app.App``) configures pyglet first, then opens the window. Modules that
draw (``widgets``, ``scene``, ``setup_screen``) configure pyglet from the environment
when imported first: ``DINGHY_HEADLESS=1`` forces a screen-less window.
"""
from __future__ import annotations

from typing import Any, Callable

__all__ = ["run_app"]


def run_app(headless: bool = False, *, width: int = 1280, height: int = 800,
            fullscreen: bool = False, on_start: Callable[[Any], Any] | None = None,
            can_resume: Callable[[], bool] | None = None,
            on_resume: Callable[[], Any] | None = None, run: bool = True) -> Any:
    """Open the window on the set-up screen and (unless ``run=False``) run until closed.

    ``on_start(setup)`` receives the RaceSetup; without one, a dialog says the race
    table is not wired yet. Returns the :class:`~dinghy.ui.app.App`.
    """
    from dinghy.ui.app import App

    app = App(headless=headless, width=width, height=height, fullscreen=fullscreen)
    from dinghy.ui.setup_screen import SetupScreen
    from dinghy.ui.widgets import Dialog

    def placeholder_start(setup: Any) -> None:
        screen = app.scene
        names = ", ".join(s.name for s in setup.seats)
        screen.gui.open(Dialog(screen.gui, "Ready to race",
                               f"{len(setup.seats)} boats ({names}) on {setup.course}, "
                               f"seed {setup.seed}. The race table is not wired in yet.",
                               [("OK", None)]))

    app.push(SetupScreen(on_start or placeholder_start, can_resume=can_resume,
                         on_resume=on_resume))
    if run:
        app.run()
    return app
