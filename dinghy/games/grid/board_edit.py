"""Editing a grid board: plain functions from a board to a new board (no pyglet), for
the grid board designer and for scripts.

Every edit returns a new :class:`~dinghy.games.grid.board.Board` or raises
:class:`EditRefused` with a sentence for the status line; :func:`check` lists what the
board file would be refused for (the board's own ``from_mapping`` is the judge) and a
few warnings a race officer wants to see before the friends arrive.
"""
from __future__ import annotations

import os
import string
from dataclasses import replace
from pathlib import Path

from dinghy.core import io
from dinghy.core.errors import DataError, DinghyError
from dinghy.games.grid import compass
from dinghy.games.grid.board import MAX_SIZE, Board, FrozenMap, Line, Mark, thaw
from dinghy.games.grid.loading import board_dir, load_board, shipped_boards
from dinghy.games.grid.extras import Finding, check as check_extras


class EditRefused(DinghyError):
    """An edit the board cannot take (the message says why)."""


# --- new boards and files ----------------------------------------------------------------

def new_board(game: str, name: str = "new_board", *, width: int = 15, height: int = 14,
              cells: str = "squares", wind_from: int = 0) -> Board:
    """An empty board: open water, a start line across the lower middle, no marks."""
    y = max(1, height // 5)
    a, b = (width // 3, y), (width - 1 - width // 3, y)
    if a == b:
        b = (a[0] + 1, y)
    return Board(name=name, title=name.replace("_", " ").capitalize(), game=game, width=width,
                 height=height, cells=cells, land=frozenset(), marks=(), start=Line(a, b),
                 finish=Line(a, b), wind_from=wind_from)


def starting_board(game: str, name: str) -> Board:
    """A new board for ``game``: its first shipped board under a new name (so the
    game's extras come along), or an empty one when it ships none."""
    shipped = shipped_boards(game)
    if not shipped:
        return new_board(game, name)
    b = load_board(shipped[0], game)
    return replace(b, name=name, title=name.replace("_", " ").capitalize())


def resize(b: Board, width: int, height: int) -> Board:
    """The board ``width`` x ``height`` (2 to MAX_SIZE each); land beyond the new edge
    goes, a mark or a line end beyond it refuses the change."""
    if not (2 <= width <= MAX_SIZE and 2 <= height <= MAX_SIZE):
        raise EditRefused(f"a board is 2 to {MAX_SIZE} cells each way")
    inside = lambda p: p[0] < width and p[1] < height  # noqa: E731
    for m in b.marks:
        if not inside(m.pos):
            raise EditRefused(f"mark {m.name} at {list(m.pos)} would be off the board: move it first")
    for which in ("start", "finish"):
        line = getattr(b, which)
        if not (inside(line.a) and inside(line.b)):
            raise EditRefused(f"the {which} line would run off the board: move it first")
    return replace(b, width=width, height=height, land=frozenset(p for p in b.land if inside(p)))


def is_grid_board_file(file: str | os.PathLike[str] | None) -> bool:
    """Whether ``file`` holds a grid board (a ``game`` and a ``width``), not a Dinghy
    Race course; a missing or unreadable file is not one."""
    if file is None:
        return False
    p = io.check_name(file)
    if not io.exists(p) or not p.is_file():
        return False
    try:
        data = io.read_toml(p)
    except DataError:
        return False
    return "game" in data and "width" in data


def open_board(file: str | os.PathLike[str] | None, game: str | None = None
               ) -> tuple[Board | None, Path | None]:
    """What the designer starts with: the file's board when it exists (a broken file
    raises DataError naming it and the field), else no board and the path Save writes
    to (``.toml`` added when missing)."""
    if file is None:
        return None, None
    p, there = io.design_target(file)
    return (load_board(p, game), p) if there else (None, p)


def is_shipped(path: Path) -> bool:
    try:
        return path.resolve().parent == board_dir().resolve()
    except (FileNotFoundError, OSError):
        return False


def home_boards() -> Path:
    """``$DINGHY_HOME/courses/grid``: where boards made in the designer are saved."""
    return io.user_home() / "courses" / "grid"


# --- edits ---------------------------------------------------------------------------------

def _inside(b: Board, x: int, y: int) -> None:
    if not b.in_bounds(x, y):
        raise EditRefused(f"[{x}, {y}] is off the board")


def toggle_land(b: Board, x: int, y: int) -> Board:
    """Land on the cell, or open water again."""
    _inside(b, x, y)
    if (x, y) in b.land:
        return replace(b, land=b.land - {(x, y)})
    mark = b.mark_at(x, y)
    if mark is not None:
        raise EditRefused(f"mark {mark.name} lies on [{x}, {y}]: move it before making land there")
    return replace(b, land=b.land | {(x, y)})


def _next_name(b: Board) -> str:
    used = {m.name for m in b.marks}
    for ch in string.ascii_uppercase:
        if ch not in used:
            return ch
    n = len(b.marks) + 1
    while f"M{n}" in used:
        n += 1
    return f"M{n}"


def add_mark(b: Board, x: int, y: int, side: str = "port") -> Board:
    """A new mark on the cell, rounded last, to ``side``."""
    _inside(b, x, y)
    if (x, y) in b.land:
        raise EditRefused(f"[{x}, {y}] is land: a mark needs water")
    if b.mark_at(x, y) is not None:
        raise EditRefused(f"mark {b.mark_at(x, y).name} already lies on [{x}, {y}]")
    order = max((m.order for m in b.marks), default=0) + 1
    return replace(b, marks=b.marks + (Mark(_next_name(b), x, y, side, order),))


def _mark(b: Board, name: str) -> Mark:
    for m in b.marks:
        if m.name == name:
            return m
    raise EditRefused(f"no mark called {name!r}")


def toggle_side(b: Board, name: str) -> Board:
    """Round the mark the other way (port <-> starboard)."""
    m = _mark(b, name)
    new = replace(m, side="starboard" if m.side == "port" else "port")
    return replace(b, marks=tuple(new if k is m else k for k in b.marks))


def move_mark(b: Board, name: str, x: int, y: int) -> Board:
    """The mark to another cell (it snaps to the cell)."""
    m = _mark(b, name)
    _inside(b, x, y)
    if (x, y) in b.land:
        raise EditRefused(f"[{x}, {y}] is land: a mark needs water")
    other = b.mark_at(x, y)
    if other is not None and other is not m:
        raise EditRefused(f"mark {other.name} already lies on [{x}, {y}]")
    new = replace(m, x=x, y=y)
    return replace(b, marks=tuple(new if k is m else k for k in b.marks))


def remove_at(b: Board, x: int, y: int) -> Board:
    """Take away the mark on the cell (the later ones move up the order), or its land."""
    m = b.mark_at(x, y)
    if m is not None:
        marks = []
        for k in b.marks:
            if k is m:
                continue
            if m.order and k.order > m.order:
                k = replace(k, order=k.order - 1)
            marks.append(k)
        return replace(b, marks=tuple(marks))
    if (x, y) in b.land:
        return replace(b, land=b.land - {(x, y)})
    raise EditRefused(f"nothing to take away on [{x}, {y}]")


def set_line(b: Board, which: str, a: tuple[int, int], end: tuple[int, int]) -> Board:
    """The start or finish line from cell ``a`` to cell ``end``."""
    if which not in ("start", "finish"):
        raise ValueError(which)
    _inside(b, *a)
    _inside(b, *end)
    if a == end:
        raise EditRefused("a line needs two different cells")
    return replace(b, **{which: Line(a, end)})


def set_wind(b: Board, wind_from: int) -> Board:
    return replace(b, wind_from=wind_from % 8)


def rename(b: Board, name: str) -> Board:
    name = name.strip()
    if not name:
        raise EditRefused("a board needs a name")
    return replace(b, name=name, title=b.title if b.title != b.name else name)


def set_extra(b: Board, key: str, value: object) -> Board:
    """The board's ``extras[key]`` set to ``value`` (None takes the field away: the
    game's default then)."""
    extras = thaw(b.extras)
    if value is None:
        extras.pop(key, None)
    else:
        extras[key] = value
    return replace(b, extras=FrozenMap(extras))


def toggle_extra_cell(b: Board, key: str, x: int, y: int) -> Board:
    """The cell added to the end of the board's ``extras[key]`` list of squares, or taken
    out of it when listed already."""
    _inside(b, x, y)
    raw = b.extras.get(key, ())
    listed = [tuple(p) for p in raw] if isinstance(raw, (list, tuple)) else []
    if (x, y) in listed:
        listed.remove((x, y))
    else:
        listed.append((x, y))
    return set_extra(b, key, [list(p) for p in listed] or None)

# --- the check -----------------------------------------------------------------------------

def check(b: Board) -> list[Finding]:
    """Errors: what loading the saved file would refuse (the game's extras included,
    see :mod:`dinghy.games.grid.extras`). Warnings: lines on land, no mark to round, a
    start line along the wind."""
    out: list[Finding] = []
    try:
        Board.from_mapping(b.to_mapping(), source=b.name)
    except DataError as exc:
        out.append(Finding("error", f"{exc.field}: {exc.message}" if exc.field else exc.message))
    for which in ("start", "finish"):
        line: Line = getattr(b, which)
        wet = [c for c in line.squares() if c in b.land]
        if wet:
            out.append(Finding("warning", f"the {which} line runs over land at {list(wet[0])}"))
    if not b.rounding_marks():
        out.append(Finding("warning", "no mark to round: tap the water with the Mark tool"))
    if b.start.side_of(b.wind_from) == 0:
        out.append(Finding("warning", f"the start line runs along the wind (from the "
                           f"{compass.NAMES[b.wind_from]}): boats cannot cross it upwind"))
    return out + check_extras(b)


def errors(b: Board) -> list[Finding]:
    return [f for f in check(b) if f.level == "error"]
