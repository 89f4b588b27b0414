"""Yacht Race's public face for bots and views: the actions, the state's types, the chart,
and the questions of the rules they may ask, by public names (the rest of the package is
the engine's own business)."""
from __future__ import annotations

from dinghy.games.yacht_race.actions import Allot, Draw, Forfeit, Sail, WindCard, parse
from dinghy.games.yacht_race.blanketing import blanketed_by
from dinghy.games.yacht_race.chart import Chart
from dinghy.games.yacht_race.moves import sail_problem
from dinghy.games.yacht_race.position import position
from dinghy.games.yacht_race.rules import legal_actions
from dinghy.games.yacht_race.sailing import (POINTS, SPINNAKER_BLOCKS, blocks, first_obstacle, path,
                                             spinnaker_fits)
from dinghy.games.yacht_race.start_finish import crosses, progress
from dinghy.games.yacht_race.state import Phase, State, Yacht
from dinghy.games.yacht_race.wind_cards import MAX_A_TURN, problem as wind_card_problem

__all__ = ["Allot", "Draw", "Forfeit", "Sail", "WindCard", "parse", "blanketed_by", "Chart", "sail_problem",
           "position", "legal_actions", "POINTS", "SPINNAKER_BLOCKS", "blocks", "first_obstacle", "path",
           "spinnaker_fits", "crosses", "progress", "Phase", "State", "Yacht", "MAX_A_TURN",
           "wind_card_problem"]
