"""Pictures of a finished race from the window: SVG and PNG of the chart with every
boat's track and the places, and the whole race as an animated GIF.

The drawing is :mod:`dinghy.core.picture`'s, from what the game's interface offers (the
same as ``dinghy replay FILE --export``); the window only chooses the format and the
file name, and writes through :mod:`dinghy.core.io`. A game without pictures offers none.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from dinghy.core import picture


def formats(race: Any) -> tuple[str, ...]:
    """The picture formats the race's game can draw ("svg", "png", "gif"), maybe none."""
    return picture.FORMATS if picture.can_draw(race.game) else ()


def export(race: Any, fmt: str, folder: str | Path) -> Path:
    """Write the race as ``fmt`` into ``folder`` (made if need be); the file's path.
    OSError if it cannot be written."""
    from dinghy.core import io

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"race-{stamp}.{fmt}"
    n = 2
    while path.exists():
        path = folder / f"race-{stamp}-{n}.{fmt}"
        n += 1
    io.write_bytes_atomic(path, picture.render(race.game, race.history, fmt))
    return path


def export_dialog(gui: Any, race: Any, folder: str | Path, done: Any = None) -> Any:
    """A dialog with one button per format; each writes the file, then says where."""
    from dinghy.ui.shell.autosave import short_path
    from dinghy.ui.widgets.dialogs import Dialog

    fmts = formats(race)

    def one(fmt: str) -> Any:
        def go() -> None:
            try:
                path = export(race, fmt, folder)
            except OSError as exc:
                gui.open(Dialog(gui, "Export failed", f"{folder}: {exc.strerror or exc}"))
                return
            if done is not None:
                done(path)
            gui.open(Dialog(gui, "Exported", f"Saved to {short_path(path, 60)}"))
        return go

    buttons: list[tuple[Any, ...]] = [("Cancel", None)]
    buttons += [(fmt.upper(), one(fmt), "secondary") for fmt in fmts]
    return gui.open(Dialog(gui, "Export the race",
                           "SVG and PNG: the chart with every track and the places. "
                           "GIF: the whole race, one frame a round.", buttons))
