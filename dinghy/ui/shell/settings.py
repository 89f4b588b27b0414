"""The table's own settings (not the race's): animations, sound, the camera's default.

Kept in ``$DINGHY_HOME/settings.json`` through :mod:`dinghy.core.io`. A missing or
damaged file gives the defaults (a settings file is never worth a refused start);
unknown keys are ignored, so an older or newer dinghy reads it too.
"""
from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from dinghy.core import io
from dinghy.core.errors import DinghyError

FILE = "settings.json"
#: How long a bot waits before each action in a real window, seconds.
BOT_DELAY = 0.45


@dataclass
class Settings:
    animations: bool = True      # moves slide, pivots turn, dice land
    sound: bool = False          # start gun, dice, capsize
    follow: bool = False         # the camera follows the active boat (else: fleet and next mark)
    guided: bool = False         # the guided first round: the table says what to tap and why

    @classmethod
    def load(cls, folder: str | os.PathLike[str]) -> "Settings":
        path = Path(folder) / FILE
        if not path.is_file():
            return cls()
        try:
            data = io.read_json(path)
        except (DinghyError, OSError):
            return cls()
        if not isinstance(data, dict):
            return cls()
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known and isinstance(v, bool)})

    def save(self, folder: str | os.PathLike[str]) -> None:
        Path(folder).mkdir(parents=True, exist_ok=True)
        io.write_json_atomic(Path(folder) / FILE, asdict(self))
