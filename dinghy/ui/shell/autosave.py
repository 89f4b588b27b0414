"""Where the table keeps races: the autosave after every action, the previous good one,
and "Save" copies under ``saves/``.

``$DINGHY_HOME`` (default ``~/.local/share/dinghy``) holds ``autosave.json`` (the race
being played, rewritten atomically once a person's action and the bots' moves it sets
off are played, and at the latest on the frame after any action), ``autosave.prev.json`` (the
one before it, so a file damaged outside dinghy still leaves a race to resume),
``last-race.json`` (the last finished race, for ``dinghy replay``) and ``saves/``.
All reading and writing goes through :mod:`dinghy.core.io`; this module only names paths
and rotates files.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from dinghy.core import io
from dinghy import games

AUTOSAVE = "autosave.json"
PREVIOUS = "autosave.prev.json"
LAST_RACE = "last-race.json"


def home() -> Path:
    """``$DINGHY_HOME``, or ``~/.local/share/dinghy`` (:func:`dinghy.core.io.user_home`)."""
    return io.user_home()


class Autosave:
    """The autosave files of one ``$DINGHY_HOME`` (computed when made)."""

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else home()
        # a process killed while writing leaves its temporary file: clear those on start
        io.remove_stale_temporaries(self.folder, (AUTOSAVE, PREVIOUS, LAST_RACE))
        self._written: tuple[int, int, int] | None = None   # the file saved last, as written

    @property
    def path(self) -> Path:
        return self.folder / AUTOSAVE

    @property
    def previous(self) -> Path:
        return self.folder / PREVIOUS

    @property
    def last_race(self) -> Path:
        return self.folder / LAST_RACE

    def exists(self) -> bool:
        return self.path.is_file() or self.previous.is_file()

    def save(self, race: Any) -> None:
        """Write the race; the file it replaces becomes the previous good one.

        Both writes are atomic replaces and the current file is copied, never moved, so
        ``autosave.json`` exists at every moment (a process killed in between leaves
        the old race or the new one). The file this autosave wrote last is known good and
        is kept by a link, not read again; any other current file is kept only if it reads
        as JSON (one damaged outside dinghy is not copied: the previous good one stays).
        """
        current = _identity(self.path)
        if current is not None:
            if current == self._written:
                io.copy_atomic(self.path, self.previous)
            else:
                try:
                    raw = io.read_bytes(self.path, io.MAX_JSON_BYTES)
                    io.json_from_bytes(self.path, raw)
                except ValueError:
                    pass
                else:
                    io.write_bytes_atomic(self.previous, raw)
        games.save_race(self.path, race)
        self._written = _identity(self.path)

    def summary(self, now: float | None = None) -> str | None:
        """One line on the race in the autosave, for a person deciding whether to keep it:
        the game, the board, the boats and who sails them, and how long ago it was saved
        (None when there is no autosave or it cannot be read)."""
        path = self.path if self.path.is_file() else self.previous
        try:
            data = io.read_json(path)
            entry = games.GAMES.get(data["rules"])
            setup = data["setup"]
            seats = setup["seats"]
            people = [str(s["name"]) for s in seats if s.get("skipper") is None]
            age = (time.time() if now is None else now) - path.stat().st_mtime
        except (OSError, ValueError, KeyError, TypeError):
            return None
        title = entry.title if entry is not None else str(data["rules"])
        board = Path(str(setup.get("course") or "")).stem.replace("_", " ")     # a name or a file
        who = (", ".join(people) + " at the table") if people else "bots only"
        return f"{title}, {board}, {len(seats)} boats ({who}), saved {_ago(age)}"

    def load(self) -> Any:
        """The autosaved race (DataError with a one-line message if damaged)."""
        return games.load_race(self.path)

    def load_previous(self) -> Any:
        return games.load_race(self.previous)

    def finish(self, race: Any) -> Path:
        """A finished race leaves the autosave slot and becomes ``last-race.json``."""
        games.save_race(self.last_race, race)
        for p in (self.path, self.previous):
            try:
                p.unlink()
            except FileNotFoundError:
                pass
        return self.last_race

    def discard(self) -> None:
        for p in (self.path, self.previous):
            try:
                p.unlink()
            except FileNotFoundError:
                pass

    def save_copy(self, race: Any, now: float | None = None) -> Path:
        """``saves/race-<timestamp>.json`` (a second-resolution stamp, never overwritten)."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
        folder = self.folder / "saves"
        path = folder / f"race-{stamp}.json"
        n = 2
        while path.exists():
            path = folder / f"race-{stamp}-{n}.json"
            n += 1
        games.save_race(path, race)
        return path


def _identity(path: Path) -> tuple[int, int, int] | None:
    """Which file is at ``path`` as it stands (inode, time, size); None if none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


def _ago(seconds: float) -> str:
    """"just now", "5 minutes ago", "3 hours ago", "2 days ago"."""
    s = max(0.0, seconds)
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        n = int(s // size)
        if n >= 1:
            return f"{n} {unit}{'s' if n > 1 else ''} ago"
    return "just now"


def short_path(path: Any, room: int = 60) -> str:
    """A path for a narrow line: ``~`` for the home folder, then ``…/`` from the left."""
    text = str(path)
    home = os.path.expanduser("~")
    if home and home != "/" and text.startswith(home):
        text = "~" + text[len(home):]
    parts = text.split(os.sep)
    while len(text) > room and len(parts) > 2:
        parts = parts[1:]
        text = "…" + os.sep + os.sep.join(parts)
    return text
