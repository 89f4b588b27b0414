"""The 3M Regatta's data: its board (``courses/grid/<name>.toml`` with ``game =
"regatta_3m"``, or a path) read through :mod:`dinghy.games.grid.loading`, and its
equipment (``cards/regatta_3m/equipment.toml``: the die, the Wind Indicator, puff cards)
read through :mod:`dinghy.core.io`. The set-up's ``course`` names the board."""
from __future__ import annotations

from dinghy.core import io
from dinghy.core.setup import RaceSetup
from dinghy.games.grid.loading import load_board, resolve_board, shipped_boards
from dinghy.games.regatta_3m.equipment import Equipment
from dinghy.games.regatta_3m.game import Regatta3M, Regatta3MAdvanced

GAME = "regatta_3m"          # the boards' ``game`` key: both rulesets sail the same boards


def load_equipment() -> Equipment:
    p = io.data_dir("cards") / "regatta_3m" / "equipment.toml"
    return Equipment.from_mapping(io.read_toml(p), source=str(p))


def boards() -> list[str]:
    """The shipped boards, the triangular course first ("the one most often used")."""
    return sorted(shipped_boards(GAME), key=lambda n: (n != "3m_triangle", n))


def load_game(setup: RaceSetup, advanced: bool = False) -> Regatta3M:
    board = load_board(setup.course, game=GAME)
    cls = Regatta3MAdvanced if advanced else Regatta3M
    return cls(setup, board, load_equipment(), source=str(resolve_board(setup.course)))
