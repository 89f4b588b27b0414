"""Race the Wind's data: its board (``courses/grid/<name>.toml`` or a path), read through
:mod:`dinghy.games.grid.loading`; the set-up's ``course`` names the board."""
from __future__ import annotations

from dinghy.core.setup import RaceSetup
from dinghy.games.grid.loading import load_board, resolve_board
from dinghy.games.race_the_wind.game import RaceTheWind


def load_game(setup: RaceSetup) -> RaceTheWind:
    board = load_board(setup.course, game="race_the_wind")
    return RaceTheWind(setup, board, source=str(resolve_board(setup.course)))
