"""Race the Wind's public face for bots and views: the actions, the state's types, and
the questions of the rules they may ask, by public names (the rest of the package is the
engine's own business)."""
from __future__ import annotations

from dinghy.games.race_the_wind.actions import (DROP_SPINNAKER, END, MOVE, PENALTY, SET_SPINNAKER, UNBLOCK,
                                                WAIT, Act, parse, turn)
from dinghy.games.race_the_wind.options import shapes
from dinghy.games.race_the_wind.position import position
from dinghy.games.race_the_wind.precedence import precedence
from dinghy.games.race_the_wind.start_finish import EARLY_TURNS, START_TURN, STAYS, on_start_line
from dinghy.games.race_the_wind.state import Boat, Phase, Progress, State

__all__ = ["DROP_SPINNAKER", "END", "MOVE", "PENALTY", "SET_SPINNAKER", "UNBLOCK", "WAIT", "Act", "parse",
           "turn", "shapes", "position", "precedence", "EARLY_TURNS", "START_TURN", "STAYS",
           "on_start_line", "Boat", "Phase", "Progress", "State"]
