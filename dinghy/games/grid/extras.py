"""A grid board's extras in the designer: the fields under ``[extras]`` that one game
reads beyond squares, marks and lines (Race the Wind's start squares, fixed puffs and
lulls and their shares at random; Yacht Race's blocks and islands; Regatta 3M's line
length per boat). No pyglet.

:data:`EXTRAS` names, for each game, the fields the designer offers: a list of cells
(tapped on and off the board with the *Extras* tool, drawn as tokens) or a number (a
selector). The game stays the judge of its extras when it loads the board; the live
check here (part of :func:`dinghy.games.grid.board_edit.check`) only says which listed cells a boat could not stand on or are off the board
(the game would refuse the file) and (a warning) which list a game cannot do without.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dinghy.games.grid.board import Board
from dinghy.games.grid.picture import GridPicture, Token


@dataclass(frozen=True)
class Finding:
    """One line of a board's live check."""

    level: str            # "error" or "warning"
    text: str


@dataclass(frozen=True)
class Extra:
    key: str                          # the field under [extras]
    title: str                        # what the designer calls it
    kind: str = "cells"               # "cells" (a list of squares) or "number"
    token: str = "luck"               # how a listed cell is drawn (a board token kind)
    numbered: bool = False            # cells drawn with their place in the list
    values: tuple[Any, ...] = ()      # the numbers offered ("number"; None: the game's default)
    required: bool = False            # the game refuses a board without it
    free: bool = True                 # each cell must be open water (no land, no mark)


def _shares() -> tuple[Any, ...]:
    return (None,) + tuple(round(i * 0.02, 2) for i in range(26))


EXTRAS: dict[str, tuple[Extra, ...]] = {
    "race_the_wind": (
        Extra("start_cells", "Start squares", token="start", numbered=True, required=True),
        Extra("puffs", "Puffs (fixed)", token="puff"),
        Extra("lulls", "Lulls (fixed)", token="lull"),
        Extra("puff_share", "Puff share", "number", values=_shares()),
        Extra("lull_share", "Lull share", "number", values=_shares()),
    ),
    "yacht_race": (
        Extra("luck_blocks", "Luck blocks", token="luck"),
        Extra("club_blocks", "Club blocks", token="club", numbered=True),
        Extra("wind_island", "Wind island", token="blocked", free=False),
        Extra("luck_island", "Luck island", token="blocked", free=False),
        Extra("wind_cards", "Wind cards", "number", values=(None,) + tuple(range(0, 73))),
        Extra("spinnakers", "Spinnakers", "number", values=(None,) + tuple(range(0, 19))),
    ),
    "regatta_3m": (
        Extra("line_per_boat", "Line per boat", "number", values=(None,) + tuple(range(1, 7))),
    ),
}


def extras_of(game: str) -> tuple[Extra, ...]:
    """The extras the designer edits for ``game`` (numbers with no values left out)."""
    return tuple(e for e in EXTRAS.get(game, ()) if e.kind == "cells" or e.values)


def cells(board: Board, key: str) -> list[tuple[int, int]]:
    """The cells listed under ``extras[key]`` (none when it is missing or not a list);
    an item that is not two whole numbers is no cell (the game's own reading names it)."""
    raw = board.extras.get(key)
    if not isinstance(raw, (list, tuple)):
        return []
    return [(p[0], p[1]) for p in raw if isinstance(p, (list, tuple)) and len(p) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in p)]


def value_words(extra: Extra, value: Any) -> str:
    """A number extra's value as the selector shows it."""
    if value is None:
        return f"{extra.title}: game's default"
    if isinstance(value, float):
        return f"{extra.title}: {value:.0%}"
    return f"{extra.title}: {value}"


def picture(board: Board) -> GridPicture:
    """The board's listed cells as tokens to draw (numbered lists with their numbers)."""
    tokens = []
    for e in extras_of(board.game):
        if e.kind != "cells":
            continue
        for i, (x, y) in enumerate(cells(board, e.key)):
            tokens.append(Token(e.token, x, y, str(i + 1) if e.numbered else ""))
    return GridPicture(boats=(), tokens=tuple(tokens), wind_from=board.wind_from)


def check(board: Board) -> list[Finding]:
    """Errors: a listed cell off the board or, where a boat stands on it, on land or a
    mark (the game would refuse the board). A warning: a list the game needs, missing."""
    out: list[Finding] = []
    for e in extras_of(board.game):
        if e.kind != "cells":
            continue
        listed = cells(board, e.key)
        if e.required and not listed:
            out.append(Finding("warning", f"{e.title.lower()}: none yet, and the game needs them "
                               "(the Extras tool adds them)"))
        for x, y in listed:
            if not board.in_bounds(x, y):
                out.append(Finding("error", f"{e.title.lower()}: [{x}, {y}] is off the board"))
            elif e.free and not board.is_free(x, y):
                out.append(Finding("error", f"{e.title.lower()}: [{x}, {y}] is land or a mark"))
    return out
