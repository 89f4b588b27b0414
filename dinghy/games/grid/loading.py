"""Grid board files: ``courses/grid/<name>.toml``, one board a file (the file's stem is
the board's name unless it says ``name = ...``; variants of a board are separate files).

The Dinghy Race course list globs only the top-level ``courses/*.toml``, so the grid
boards in the subfolder never show up there. Only :mod:`dinghy.core.io` touches files.
"""
from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import Any, Mapping

from dinghy.core import io
from dinghy.core.errors import DataError
from dinghy.games.grid.board import Board


def board_dir() -> Path:
    return io.data_dir("courses") / "grid"


def _game_of(path: Path) -> str | None:
    try:
        data = io.read_toml(path)
    except DataError:
        return None
    g = data.get("game")
    return g if isinstance(g, str) else None


def shipped_boards(game: str) -> list[str]:
    """Names (stems) of the shipped grid boards whose ``game`` is ``game``, sorted."""
    folder = board_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.toml") if _game_of(p) == game)


def resolve_board(name_or_path: str | os.PathLike[str]) -> Path:
    """A shipped board by bare name, or any path typed."""
    p = Path(name_or_path)
    if p.exists() or p.suffix or len(p.parts) != 1:
        return p
    f = board_dir() / f"{p.name}.toml"
    if f.exists():
        return f
    shipped = sorted(q.stem for q in board_dir().glob("*.toml")) if board_dir().is_dir() else []
    raise DataError(str(name_or_path), "", f"file not found, nor among the shipped grid boards "
                    f"({', '.join(shipped)})")


def load_board(name_or_path: str | os.PathLike[str], game: str | None = None) -> Board:
    """The board of a shipped name or a path; ``game`` (if given) must match its ``game``."""
    path = resolve_board(name_or_path)
    board = Board.from_mapping(io.read_toml(path), source=str(path))
    if game is not None and board.game != game:
        raise DataError(str(path), "game", f"this board is for {board.game!r}, not {game!r}")
    return board


def save_board(path: str | os.PathLike[str], board: Board) -> None:
    """Write ``board`` as a TOML board file, atomically."""
    io.write_text_atomic(path, to_toml(board))


# --- a small TOML writer ---------------------------------------------------------------

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _str(s: str) -> str:
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _key(k: str) -> str:
    return k if _BARE.match(k) else _str(k)


def _val(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        t = repr(v)
        return t if any(c in t for c in ".en") else t + ".0"
    if isinstance(v, str):
        return _str(v)
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{_key(str(k))} = {_val(x)}" for k, x in v.items()) + " }" if v else "{}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_val(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def to_toml(board: Board) -> str:
    m = board.to_mapping()
    lines = [f"# Grid board for {m['game']}: x is the column eastwards, y the row northwards, "
             "(0, 0) the south-west cell.",
             f"name = {_val(m['name'])}", f"game = {_val(m['game'])}", f"title = {_val(m['title'])}",
             f"width = {m['width']}", f"height = {m['height']}", f"cells = {_val(m['cells'])}",
             f"wind_from = {_val(m['wind_from'])}", f"land = {_val(m['land'])}", ""]
    for mk in m["marks"]:
        lines += ["[[marks]]"] + [f"{k} = {_val(v)}" for k, v in mk.items()] + [""]
    for k in ("start", "finish"):
        lines += [f"[{k}]", f"a = {_val(m[k]['a'])}", f"b = {_val(m[k]['b'])}", ""]
    if m.get("extras"):
        lines.append("[extras]")
        lines += [f"{_key(k)} = {_val(v)}" for k, v in m["extras"].items()]
        lines.append("")
    return "\n".join(lines)
