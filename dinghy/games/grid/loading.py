"""Grid board files: ``courses/grid/<name>.toml``, one board a file (the file's stem is
the board's name unless it says ``name = ...``; variants of a board are separate files).

The Dinghy Race course list globs only the top-level ``courses/*.toml``, so the grid
boards in the subfolder never show up there. Only :mod:`dinghy.core.io` touches files.
"""
from __future__ import annotations

import os
from pathlib import Path

from dinghy.core import caches, io
from dinghy.core.errors import DataError
from dinghy.core.toml_text import toml_key, toml_value
from dinghy.games.grid.board import Board


def board_dir() -> Path:
    return io.data_dir("courses") / "grid"


#: A board file's game by (path, modification time, size): the set-up screen asks for
#: every board of a game each time it is drawn or the game is changed.
_GAMES: dict[tuple[str, int, int], str | None] = {}


def _game_of(path: Path) -> str | None:
    seen = io.version(path)
    if seen is None:
        return None
    return caches.kept(_GAMES, (str(path), *seen), lambda: _read_game(path), 512)


def _read_game(path: Path) -> str | None:
    try:
        g = io.read_toml(path).get("game")
    except DataError:
        return None
    return g if isinstance(g, str) else None


def shipped_boards(game: str) -> list[str]:
    """Names (stems) of the shipped grid boards whose ``game`` is ``game``, sorted."""
    folder = board_dir()
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.toml") if _game_of(p) == game)


def resolve_board(name_or_path: str | os.PathLike[str]) -> Path:
    """A shipped board by bare name, or any path typed."""
    p = io.check_name(name_or_path)
    if io.exists(p) or p.suffix or len(p.parts) != 1:
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


def to_toml(board: Board) -> str:
    m = board.to_mapping()
    lines = [f"# Grid board for {m['game']}: x is the column eastwards, y the row northwards, "
             "(0, 0) the south-west cell.",
             f"name = {toml_value(m['name'])}", f"game = {toml_value(m['game'])}", f"title = {toml_value(m['title'])}",
             f"width = {m['width']}", f"height = {m['height']}", f"cells = {toml_value(m['cells'])}",
             f"wind_from = {toml_value(m['wind_from'])}", f"land = {toml_value(m['land'])}", ""]
    for mk in m["marks"]:
        lines += ["[[marks]]"] + [f"{k} = {toml_value(v)}" for k, v in mk.items()] + [""]
    for k in ("start", "finish"):
        lines += [f"[{k}]", f"a = {toml_value(m[k]['a'])}", f"b = {toml_value(m[k]['b'])}", ""]
    if m.get("extras"):
        lines.append("[extras]")
        lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in m["extras"].items()]
        lines.append("")
    return "\n".join(lines)
