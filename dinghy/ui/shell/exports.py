"""Pictures of a finished race from the window: SVG and PNG of the chart with every
boat's track and the places, and the whole race as an animated GIF.

The drawing is :mod:`dinghy.core.picture`'s, from what the game's interface offers (the
same as ``dinghy replay FILE --export``); the window only chooses the format and the
file name, and writes through :mod:`dinghy.core.io`. A game without pictures offers none.

A GIF draws a frame a round, which takes seconds for a long race: :class:`GifProgress`
draws it a few frames at each tick of the window's clock (on the main thread, as pyglet
wants), shows "frame 40 of 180" and a bar meanwhile, and may be cancelled; the window
keeps drawing and answering between the frames.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from dinghy.core import picture
from dinghy.ui import theme
from dinghy.ui.widgets.gui import BODY, DETAIL, LAYER_DIALOG, key, put, round_rect
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import Dialog, Modal, place_button_row
from dinghy.ui.widgets.panels import Panel


def formats(race: Any) -> tuple[str, ...]:
    """The picture formats the race's game can draw ("svg", "png", "gif"), maybe none."""
    return picture.FORMATS if picture.can_draw(race.game) else ()


def new_path(folder: str | Path, fmt: str) -> Path:
    """A new file's name in ``folder`` (made if need be): ``race-<date>-<time>.<fmt>``,
    numbered if that name is taken."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"race-{stamp}.{fmt}"
    n = 2
    while path.exists():
        path = folder / f"race-{stamp}-{n}.{fmt}"
        n += 1
    return path


def export(race: Any, fmt: str, folder: str | Path) -> Path:
    """Write the race as ``fmt`` into ``folder`` (made if need be); the file's path.
    OSError if it cannot be written."""
    from dinghy.core import io

    path = new_path(folder, fmt)
    io.write_bytes_atomic(path, picture.render(race.game, race.history, fmt))
    return path


def progress_words(done: int, total: int) -> str:
    """The GIF's progress as a person reads it: "frame 40 of 180"."""
    return f"frame {done} of {total}"


class GifProgress(Modal):
    """The GIF being made: a title, "frame 40 of 180", a bar and "Cancel".

    Each ``update`` (the window's clock) draws frames for at most ``budget_s`` seconds
    (at least one), so the window stays responsive; when the last frame is written
    the file is saved at once (atomically) and ``finished(path)`` or
    ``failed(error)`` is called. Cancel stops it and writes nothing."""

    budget_s = 0.03

    def __init__(self, gui: Any, race: Any, folder: str | Path,
                 finished: Callable[[Path], Any], failed: Callable[[OSError], Any]) -> None:
        super().__init__(gui, LAYER_DIALOG, theme.DIM)
        layer = LAYER_DIALOG
        self.folder, self.finished, self.failed = folder, finished, failed
        self.job = picture.GifJob(race.game, race.history)
        self.card = self._child(Panel(gui, layer=layer))
        self.title = self._own(gui.label("Making the GIF", theme.HEADER_PT + 2, theme.INK,
                                         layer=layer, bold=True, anchor_y="top"))
        self.words = self._own(gui.label(progress_words(0, self.job.total), theme.BODY_PT,
                                         theme.INK, layer=layer, anchor_y="top"))
        self.track = self._own(gui.rect(theme.CREAM_DARK, layer, BODY))
        self.bar = self._own(gui.rect(theme.FOCUS, layer, DETAIL))
        self.cancel_button = self._child(Button(gui, "Cancel", self.cancel, style="secondary",
                                                layer=layer))
        self.cancelled = False

    @property
    def text(self) -> str:
        return self.words.text

    @property
    def fraction(self) -> float:
        return self.job.done / max(1, self.job.total)

    def layout(self) -> None:
        super().layout()
        g = self.gui
        pad = g.px(theme.PAD * 1.5)
        w = min(g.px(520), self.w - g.px(32))
        title_h = g.px((theme.HEADER_PT + 2) * 2.2)
        words_h = g.px(theme.BODY_PT * 2.2)
        bar_h = g.px(14)
        h = pad + title_h + words_h + bar_h + g.px(theme.PAD) + g.touch + pad
        x, y = self.x + (self.w - w) / 2, self.y + (self.h - h) / 2
        self.card.place(x, y, w, h)
        put(self.title, x + pad, y + h - pad)
        put(self.words, x + pad, y + h - pad - title_h)
        self._bar_box = (x + pad, y + pad + g.touch + g.px(theme.PAD), w - 2 * pad, bar_h)
        bx, by, bw, bh = self._bar_box
        round_rect(self.track, bx, by, bw, bh, bh / 2)
        self._show_fraction()
        place_button_row(g, [self.cancel_button], x + w - pad, y + pad)

    def _show_fraction(self) -> None:
        bx, by, bw, bh = self._bar_box
        round_rect(self.bar, bx, by, max(bh, bw * self.fraction), bh, bh / 2)
        self.bar.visible = self.visible and self.job.done > 0

    def update(self, dt: float) -> None:
        if self.cancelled or self.job.finished:
            return
        end = time.perf_counter() + self.budget_s
        while not self.job.step() and time.perf_counter() < end:
            pass
        self.words.text = progress_words(self.job.done, self.job.total)
        self._show_fraction()
        if self.job.finished:
            self._save()

    def _save(self) -> None:
        from dinghy.core import io

        self.dismiss()
        try:
            path = new_path(self.folder, "gif")
            io.write_bytes_atomic(path, self.job.data or b"")
        except OSError as exc:
            self.failed(exc)
            return
        self.finished(path)

    def cancel(self) -> None:
        self.cancelled = True
        self.dismiss()

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.ESCAPE:
            self.cancel()
        return True



def export_dialog(gui: Any, race: Any, folder: str | Path, done: Any = None) -> Any:
    """A dialog with one button per format; each writes the file, then says where (a
    GIF through :class:`GifProgress`, its progress shown as it is drawn)."""
    from dinghy.ui.shell.autosave import short_path

    fmts = formats(race)

    def failed(exc: OSError) -> None:
        gui.open(Dialog(gui, "Export failed", f"{folder}: {exc.strerror or exc}"))

    def saved(path: Path) -> None:
        if done is not None:
            done(path)
        gui.open(Dialog(gui, "Exported", f"Saved to {short_path(path, 60)}"))

    def one(fmt: str) -> Any:
        def go() -> None:
            if fmt == "gif":
                try:                       # a folder that cannot be made fails before the frames
                    Path(folder).mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    failed(exc)
                    return
                gui.open(GifProgress(gui, race, folder, saved, failed))
                return
            try:
                path = export(race, fmt, folder)
            except OSError as exc:
                failed(exc)
                return
            saved(path)
        return go

    buttons: list[tuple[Any, ...]] = [("Cancel", None)]
    buttons += [(fmt.upper(), one(fmt), "secondary") for fmt in fmts]
    return gui.open(Dialog(gui, "Export the race",
                           "SVG and PNG: the chart with every track and the places. "
                           "GIF: the whole race, one frame a round.", buttons))
