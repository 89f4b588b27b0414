"""The frozen state of a 3M Regatta: boats, the round and the turn being sailed.

Positions are intersections (x, y) of the grid board; headings and the wind are compass
indexes (0 north, clockwise; the wind named by where it blows FROM).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

Point = tuple[int, int]
Segment = tuple[Point, Point]


class Phase(str, Enum):
    ORDER = "order"      # rolling for the first player ("the first player to roll a 3")
    PLACE = "place"      # positioning the yachts behind the starting line
    ROLL = "roll"        # the die decides the legs of the coming round (or shifts the wind)
    TURN = "turn"        # a yacht sails its turn
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Boat:
    seat: int
    at: Point | None = None          # None until positioned
    heading: int | None = None       # the direction of its last leg (advanced: its heading)
    tack: str | None = None          # advanced: "port"/"starboard", the side the wind comes over
    luffing: bool = False            # advanced: head to wind (after a shift or on purpose)
    tacking: bool = False            # advanced: ended its turn with a heading move
    spinnaker: bool = False          # the spinnaker card face up
    puffs: int = 3                   # puff cards still face down
    start_side: int = 0              # last side (+1/-1, Line.side) of the start line it stood strictly on
    finish_side: int = 0             # ... of the finish line
    premature: bool = False          # jumped the gun (or on the wrong side at round 3): must return
    started: bool = False
    rounded: int = 0                 # marks rounded so far
    crossings: int = 0               # signed crossings (+1 anticlockwise) of the next mark's ray
    finished: tuple[int, int] | None = None   # (round, legs sailed in that turn)
    out: str | None = None           # "disqualified"
    lose_turn: bool = False          # Option B: forfeits its next turn

    def with_(self, **changes: Any) -> "Boat":
        return replace(self, **changes)

    @property
    def racing(self) -> bool:
        """Still in the race (not finished, not disqualified)."""
        return self.finished is None and self.out is None

    @property
    def afloat(self) -> bool:
        """On the board: positioned and still racing (an obstacle, can blanket)."""
        return self.at is not None and self.racing


@dataclass(frozen=True, slots=True)
class Turn:
    seat: int
    legs: int                        # legs this turn: the die's number, less any lost leg
    used: int = 0                    # legs used: distance moves, a luff, heading moves, a lowered spinnaker
    segments: frozenset[Segment] = frozenset()   # every step sailed this turn (no retracing)
    luffed: bool = False             # the one luffing leg of the turn is used
    puffed: bool = False             # the one puff card of the turn is played
    moved: bool = False              # a leg or heading move made (the spinnaker is set before moving)
    sail_changed: bool = False       # the spinnaker was set or taken down this turn
    last_heading: bool = False       # advanced: the last leg was a heading move
    start: Boat | None = None        # the boat as it began the turn (Option B takes legs back)

    def with_(self, **changes: Any) -> "Turn":
        return replace(self, **changes)

    @property
    def left(self) -> int:
        return self.legs - self.used


@dataclass(frozen=True, slots=True)
class Claim:
    """A yacht ended its turn in the path of a yacht with right of way: it has failed to
    keep clear if that yacht reaches the space within its next turn."""

    giver: int                       # the yacht that must keep clear
    holder: int                      # the yacht with right of way
    at: Point                        # where the giver ended its turn
    reason: str                      # the rule, in words
    before: Boat                     # the giver as it began that turn (Option B)


@dataclass(frozen=True, slots=True)
class State:
    phase: Phase
    boats: tuple[Boat, ...]
    wind: int                        # where the wind blows from
    round: int = 0                   # rounds begun (1 and 2 are the pre-start)
    holder: int = 0                  # the seat holding the die: it rolls and sails first
    roller: int = 0                  # Phase.ORDER: the seat rolling for first player
    legs: int = 0                    # legs of each turn this round
    queue: tuple[int, ...] = ()      # seats still to place / to sail this round, next first
    turn: Turn | None = None
    claims: tuple[Claim, ...] = ()

    def with_(self, **changes: Any) -> "State":
        return replace(self, **changes)

    def with_boat(self, boat: Boat) -> "State":
        boats = list(self.boats)
        boats[boat.seat] = boat
        return replace(self, boats=tuple(boats))

    @property
    def active(self) -> int | None:
        if self.phase is Phase.TURN and self.turn is not None:
            return self.turn.seat
        if self.phase is Phase.PLACE and self.queue:
            return self.queue[0]
        return None
