"""Race the Wind's state: immutable values only.

A race runs in turns (1, 2, ...). Within a turn the boats act one after the other in the
fixed seat order (``queue``: who is still to act; a boat that waits goes to its end). A
boat's turn is a short sequence of actions whose shape its point of sail at the start of
the turn decides (:mod:`.options`); ``Progress`` keeps what it has done so far.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

Point = tuple[int, int]


class Phase(str, Enum):
    LAYOUT = "layout"        # chance lays the puffs and lulls (boards without fixed ones)
    PLAY = "play"            # the boat at the head of the queue acts
    SPIN_DIE = "spin_die"    # chance: the d6 for setting a spinnaker
    DIE = "die"              # chance: the end-of-turn d6
    COIN = "coin"            # chance: which way the wind turns
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Boat:
    seat: int
    x: int
    y: int
    heading: int
    started: bool = False          # crossed the start line at turn 8 or later
    leg: int = 0                   # marks rounded so far (index of the next mark)
    count: int = 0                 # signed crossings of the next mark's rounding ray
    penalties: int = 0             # 360° turns still owed
    spin: int | None = None        # penalty rotation under way: eighths turned so far (signed)
    spin_heading: int | None = None   # ... and the heading it must come back to
    blocked: bool = False          # the "X" token: the next turn is only "unblock"
    spinnaker: bool = False
    shadow: Point | None = None    # the private lull token of a shadowed boat
    still: int = 0                 # turns in a row ended on the square the turn began on
    start_side: int = 0            # last side of the start line the boat was strictly on
    finish_side: int = 0           # ... of the finish line
    finished: bool = False
    finish_turn: int = 0           # the turn it crossed the finish line
    finish_heading: int = 0        # its heading and the wind at the crossing (for ties)
    finish_wind: int = 0
    finish_from: Point = (0, 0)    # where it crossed from and to
    finish_to: Point = (0, 0)

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    def moved(self, **changes) -> "Boat":
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Progress:
    """What the acting boat has done in its turn so far."""

    seat: int
    point: int                     # off_wind at the start of the turn (decides the shape)
    spinnaker: bool                # carried a spinnaker at the start of the turn
    done: str = ""                 # "m" a move, "t" a turn or manoeuvre, in order
    puff: bool = False             # a move ended on a puff: one more straight move is due
    began: Point = (0, 0)          # the square the turn began on
    began_heading: int = 0
    tacks: frozenset[str] = frozenset()   # tacks sailed on this turn ("port", "starboard")
    turned: bool = False           # turned at all this turn (for the proper course rule)


@dataclass(frozen=True, slots=True)
class State:
    phase: Phase
    turn: int
    wind: int
    puffs: frozenset[Point]
    lulls: frozenset[Point]
    boats: tuple[Boat, ...]
    queue: tuple[int, ...] = ()           # seats still to act this turn, the head acts now
    waited: frozenset[int] = frozenset()  # seats that waited this turn
    progress: Progress | None = None
    die: int = 0                          # the last end-of-turn die (for the picture)
    order: tuple[int, ...] = ()           # finishing order so far (seats)
    began: tuple[Point, ...] = ()         # where each boat stood when the turn began

    def boat(self, seat: int) -> Boat:
        return self.boats[seat]

    def with_boat(self, b: Boat) -> "State":
        boats = self.boats[:b.seat] + (b,) + self.boats[b.seat + 1:]
        return replace(self, boats=boats)

    def occupant(self, p: Point, but: int | None = None) -> Boat | None:
        """The boat (still racing) on square p, if any, other than seat ``but``."""
        for b in self.boats:
            if not b.finished and b.seat != but and b.pos == p:
                return b
        return None

    @property
    def round(self) -> int:
        """The turn number under the name the command line prints ("N rounds")."""
        return self.turn

    @property
    def active(self) -> int | None:
        return self.queue[0] if self.queue and self.phase is Phase.PLAY else None
