"""The grid board view: every grid game (Race the Wind, Regatta 3M, Yacht Race, ...) at
the table, drawn from the game's :class:`~dinghy.games.grid.picture.GridPicture` and
played by tapping squares (:mod:`dinghy.ui.grid.view`).

This package face loads no pyglet: the registry asks :func:`is_grid_game` of a game.
"""
from __future__ import annotations

from typing import Any


def is_grid_game(game: Any) -> bool:
    """Whether ``game`` keeps the grid contract: a grid ``board`` and ``picture`` /
    ``square_actions`` methods (see :mod:`dinghy.games.grid.picture`)."""
    if not (callable(getattr(game, "picture", None)) and callable(getattr(game, "square_actions", None))):
        return False
    try:
        from dinghy.games.grid.board import Board
    except ImportError:         # no grid board in this build
        return False
    return isinstance(getattr(game, "board", None), Board)


__all__ = ["is_grid_game"]
