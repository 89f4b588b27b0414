"""What trouble costs a skipper, in turns, and how a skipper plays (:class:`Style`);
with the memory a skipper keeps of its boat through a race (:class:`Track`)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from dinghy.games.dinghy_race import rules as dr
from dinghy.core.wind import Tack


DEAD = 3.0           # turns lost when a move runs into a mark, land or the edge
CRAMPED = 2.0        # ... when it ends where only the delay card fits ahead
#: placements in a row without moving after which a delay's pivot must turn the boat
STILL_BREAK = 6
HELD = 1.0           # ... when the card would be held aside by another boat's hull
HELD_STUCK = 2.5     # ... by the hull of a boat that cannot move away before our turn
BUMP = 0.6           # ... when the move would stop short of another boat
BOXED = 1.5          # ... when it ends where every card would lie on another boat's hull
NEAR = 0.6           # at most, for ending right beside another boat (less further off)
TRAP_COST = 25.0     # ... when it ends where no card may ever lie again
LOCK_NEAR = 0.5      # a bow ending this close (hull lengths) to another boat's hull ...
LOCK = 5.0           # ... risks a lock of the two boats (each holding the other's cards aside)



def card_and_hull_reach(game) -> float:
    """How far from a bow a card laid in front of it and another boat's hull can reach
    together: another boat's bow further off than this holds no card of ours aside."""
    r = game.__dict__.get("_skipper_card_hull_reach")
    if r is None:
        card = max(float(np.hypot(t.outline[:, 0], t.outline[:, 1]).max()) for t in game.cards.types.values())
        hull = max(float(np.hypot(*np.asarray(game.hull(dr.Pose(0.0, 0.0, 0), t).exterior.coords.xy)).max())
                   for t in (Tack.PORT, Tack.STARBOARD))
        r = game.__dict__["_skipper_card_hull_reach"] = card + hull + 2.0
    return r


def boat_within_reach(game, state, boat) -> bool:
    """Whether another boat's bow lies near enough for a card of ``boat``'s to touch its hull."""
    r = card_and_hull_reach(game)
    x, y = boat.pose.x, boat.pose.y
    return any(b.index != boat.index and abs(b.pose.x - x) < r and abs(b.pose.y - y) < r for b in state.boats)


#: a cramped bow's pivots, 45° a turn: the turn and the turns it takes
WAY_OUT_TURNS = np.array([45, -45, 90, -90, 135, -135, 180])
WAY_OUT_STEPS = np.array([1, 1, 2, 2, 3, 3, 4])


@dataclass(frozen=True)
class Style:
    """How a skipper plays."""

    depth: int = 1                  # cards looked at when placing: 1 = the placed card only
    tack_penalty: float = 0.0       # extra turns a voluntary tack costs (sail to the layline)
    luck_value: float | None = None  # turns a Lady Luck card is worth (None: simple threshold)
    heading_scale: float = 1.0
    spinnaker: bool = True
    weather_eye: bool = True
    stuck_turns: int = 8            # turns without progress before breaking away


@dataclass
class Track:
    values: list = field(default_factory=list)      # (round, value) at each placement
    still: int = 0                                  # placements in a row without moving
    last_xy: tuple[float, float] | None = None
    escape_until: int = -1
    anchor: tuple[float, float] = (0.0, 0.0)
    heading: float = 0.0
    escapes: int = 0
    turn_sign: int = 0                              # the way a locked boat keeps turning
    memo: tuple | None = None                       # what placing the card found out (Skipper._memo_ok)
    plan_memo: tuple | None = None                  # ... and planning pivots from where the boat lies
    plan: tuple | None = None                       # (round, pose, card, exit) an easy skipper means to sail
    before: tuple = (None, 0, math.inf)             # (values list, how many of it, their least value)
