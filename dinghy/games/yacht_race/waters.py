"""What a Yacht Race is sailed on: the set-up, the board, the chart read from it and the
Sailors' Luck pack. The rule modules (:mod:`rules`, :mod:`luck_effects`, :mod:`view`)
take a :class:`YachtWaters`; :class:`~dinghy.games.yacht_race.game.YachtRace` adds the
interface's doors on top, so no rule module needs the game class (no import circle)."""
from __future__ import annotations

from typing import Any

from dinghy.core.interface import BaseGame
from dinghy.games.yacht_race.chart import Chart
from dinghy.games.yacht_race.luck import LuckPack


class YachtWaters(BaseGame):
    rules_name = "yacht_race"
    title = "Yacht Race"

    def __init__(self, setup: Any, board: Any, chart: Chart, pack: LuckPack) -> None:
        self.setup = setup
        self.board = board
        self.chart = chart
        self.pack = pack
