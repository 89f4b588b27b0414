"""Yacht Race's data files: the chart (a grid board in ``courses/grid``) and the Sailors'
Luck pack (``cards/yacht_race/sailors_luck.toml``), read through :mod:`dinghy.core.io` and
validated by their own ``from_mapping``, which name the file and field of anything wrong.
"""
from __future__ import annotations

import os

from dinghy.core import io
from dinghy.core.errors import DataError
from dinghy.core.setup import RaceSetup
from dinghy.games.grid.loading import load_board, resolve_board, shipped_boards
from dinghy.games.yacht_race.chart import from_board
from dinghy.games.yacht_race.game import YachtRace
from dinghy.games.yacht_race.luck import LuckPack

RULES = "yacht_race"


def boards() -> list[str]:
    return shipped_boards(RULES)


def load_pack(path: str | os.PathLike[str] | None = None) -> LuckPack:
    """The Sailors' Luck pack (the shipped one, or a file)."""
    p = path if path is not None else io.data_dir("cards") / "yacht_race" / "sailors_luck.toml"
    return LuckPack.from_mapping(io.read_toml(p), source=str(p))


def load_game(setup: RaceSetup) -> YachtRace:
    name = setup.course if setup.course != "olympic_triangle" else boards()[0]
    board = load_board(name, RULES)
    source = str(resolve_board(name))
    chart = from_board(board, source)
    if len(setup.seats) > len(chart.club):
        raise DataError("setup", "seats", f"Yacht Race is for 1 to {len(chart.club)} yachts "
                        f"(the yacht club has {len(chart.club)} numbered blocks), not {len(setup.seats)}")
    return YachtRace(setup, board, chart, load_pack())
