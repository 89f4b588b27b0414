"""The 3M Regatta's public face for bots and views: the actions, the state's types, and
the questions of the rules they may ask, by public names (the rest of the package is the
engine's own business)."""
from __future__ import annotations

from dinghy.games.regatta_3m.actions import GiveUp, Head, Leg, Place, Roll, Spinnaker, parse
from dinghy.games.regatta_3m.headings import tack_after
from dinghy.games.regatta_3m.position import position
from dinghy.games.regatta_3m.right_of_way import ahead, must_keep_clear
from dinghy.games.regatta_3m.speeds import BROAD, LUFFING, RUNNING, point_of_sail, spaces
from dinghy.games.regatta_3m.start_finish import STARTING_ROUND, behind_line, over_line
from dinghy.games.regatta_3m.state import Boat, Phase, State, Turn

__all__ = ["GiveUp", "Head", "Leg", "Place", "Roll", "Spinnaker", "parse", "tack_after", "position", "ahead",
           "must_keep_clear", "BROAD", "LUFFING", "RUNNING", "point_of_sail", "spaces", "STARTING_ROUND",
           "behind_line", "over_line", "Boat", "Phase", "State", "Turn"]
