"""Regatta (Gigamic)'s public face for bots and views: the actions, the state's types and
steps, and the questions of the rules they may ask, by public names (the rest of the
package is the engine's own business)."""
from __future__ import annotations

from dinghy.games.regatta_gigamic.actions import Act, parse
from dinghy.games.regatta_gigamic.moving import end_spot, path_frame, samples, spot_at, spots_at
from dinghy.games.regatta_gigamic.picture import BUOYS, ROCK, TABLE_EDGE, WATER
from dinghy.games.regatta_gigamic.position import position
from dinghy.games.regatta_gigamic.progress import advance
from dinghy.games.regatta_gigamic.spot import Spot, frames
from dinghy.games.regatta_gigamic.state import (AGAIN, DEAL, DRAW, EXTRA, FIRST, OVER, PLACE, SUN, TURN, Boat,
                                                State, Step)

__all__ = ["Act", "parse", "end_spot", "path_frame", "samples", "spot_at", "spots_at", "frames", "position",
           "advance", "Spot", "AGAIN", "DEAL", "DRAW", "EXTRA", "FIRST", "OVER", "PLACE", "SUN", "TURN", "Boat", "State", "Step",
           "BUOYS", "ROCK", "TABLE_EDGE", "WATER"]
