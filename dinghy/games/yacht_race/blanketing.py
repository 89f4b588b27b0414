"""Blanketing. Rule text: "When it is a player's turn to move, and he finds that an
opposing yacht is occupying ONE OF THE EIGHT BLOCKS IMMEDIATELY SURROUNDING HIS AND IF
THAT OTHER BOAT IS DIRECTLY UP WIND OF HIS, then the player who was about to move must
consider his yacht BLANKETED and FORFEIT THAT TURN. When blanketed a player may NOT
CHANGE THE WIND".

Of the eight neighbouring blocks exactly one lies directly upwind: the one in the
direction the wind blows from. The yacht furthest upwind is never blanketed, so the turn
always reaches someone who may move.
"""
from __future__ import annotations

from dinghy.games.grid.compass import DIRS
from dinghy.games.yacht_race.state import State, Yacht


def upwind_square(x: int, y: int, wind_from: int) -> tuple[int, int]:
    dx, dy = DIRS[wind_from]
    return (x + dx, y + dy)


def blanketed_by(state: State, seat: int) -> Yacht | None:
    """The opposing yacht that blankets ``seat``'s yacht now, or None."""
    me = state.yachts[seat]
    if not me.afloat:
        return None
    other = state.occupant(upwind_square(*me.pos, state.wind))
    return other if other is not None and other.seat != seat else None
