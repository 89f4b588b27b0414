"""The table's window (pyglet). The only package of dinghy that imports pyglet.

Importing ``dinghy.ui`` loads nothing of pyglet; :func:`run_app` (or
``dinghy.ui.app.App``) configures pyglet first, then opens the window. Modules that
draw (``widgets``, ``scene``, ``setup_screen``, ``table`` ...) configure pyglet from the
environment when imported first: ``DINGHY_HEADLESS=1`` forces a screen-less window.
"""
from __future__ import annotations

import os
from typing import Any, Callable

__all__ = ["run_app"]


def run_app(headless: bool = False, *, width: int | None = None, height: int | None = None,
            fullscreen: bool = False, on_start: Callable[[Any], Any] | None = None,
            can_resume: Callable[[], bool] | None = None,
            on_resume: Callable[[], Any] | None = None, run: bool = True,
            replay: str | os.PathLike[str] | None = None,
            home: str | os.PathLike[str] | None = None,
            bot_delay: float | None = None) -> Any:
    """Open the window and (unless ``run=False``) run until it is closed.

    Without ``replay``: the set-up screen, then the race table, then the results;
    "Resume race" brings back ``$DINGHY_HOME/autosave.json`` (``home`` overrides the
    folder). ``on_start``/``can_resume``/``on_resume`` replace the built-in wiring (for
    tests). ``width``/``height`` None: the largest window the screen allows up to
    1280 x 800, or full screen on a smaller screen (:func:`dinghy.ui.app.fit_window`).
    With ``replay=path``: the saved race in the replay viewer; a damaged file
    raises :class:`~dinghy.core.errors.DataError` before any window opens. Returns the
    :class:`~dinghy.ui.app.App` (its ``flow`` attribute is the screen wiring).
    """
    from dinghy.ui.shell.autosave import Autosave

    race = None
    if replay is not None:
        from dinghy.core import io
        from dinghy import games
        race = games.load_race(replay)

    from dinghy.ui.app import App, configure, fit_window, screen_size
    from dinghy.ui.shell.flow import Flow

    if width is None or height is None:
        on_screen = not configure(headless)
        w, h, full = fit_window(screen_size() if on_screen else None)
        width, height = width or w, height or h
        fullscreen = fullscreen or full
    app = App(headless=headless, width=width, height=height, fullscreen=fullscreen)
    flow = Flow(app, Autosave(home), bot_delay=bot_delay, on_start=on_start,
                can_resume=can_resume, on_resume=on_resume)
    app.flow = flow   # type: ignore[attr-defined]  (the App holds it: pyglet holds handlers weakly)
    if race is not None:
        flow.show_replay(race, title=f"Replay · {os.path.basename(str(replay))}")
    else:
        flow.show_setup()
    if run:
        app.run()
    return app
