"""Sailing a yacht on the chart: the seven courses, the speed of each point of sail, and
whether a move can be completed.

Rule text: "players CANNOT MOVE DIRECTLY UPWIND. Skippers at all times ... have a choice
of seven different courses"; beating one block, reaching two, broad reach three, running
three, and "In carrying a spinnaker a player MUST MOVE FIVE BLOCKS ... on a BROAD REACH
or when RUNNING BEFORE THE WIND". "ALL MOVES MUST BE COMPLETE": a course whose blocks are
not all open water is not a course at all this turn.

Headings and the wind are compass indexes 0..7 (0 north, clockwise); the wind is where it
blows FROM. A diagonal step moves one block, as on the chart's squares.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from dinghy.games.grid.compass import DIRS, NAMES, SHORT, off_wind

#: compass index -> short name (action texts) and long name (event texts)
LONG = NAMES

#: steps off the wind (45° each) -> (name of the point of sail, blocks moved)
POINTS = {
    1: ("beat", 1),
    2: ("reach", 2),
    3: ("broad reach", 3),
    4: ("run", 3),
}
SPINNAKER_BLOCKS = 5


def point_of_sail(heading: int, wind_from: int) -> int:
    """Steps of 45° between the bow and the wind's eye: 0 dead upwind .. 4 dead downwind."""
    return off_wind(heading, wind_from)


def spinnaker_fits(heading: int, wind_from: int) -> bool:
    """Rule text: "a spinnaker can only be carried on a BROAD REACH or when RUNNING"."""
    return point_of_sail(heading, wind_from) >= 3


def blocks(heading: int, wind_from: int, spinnaker: bool) -> int:
    """How many blocks a move on ``heading`` must cover (0: not a course, dead upwind)."""
    k = point_of_sail(heading, wind_from)
    if k == 0:
        return 0
    if spinnaker and k >= 3:
        return SPINNAKER_BLOCKS
    return POINTS[k][1]


def sail_name(heading: int, wind_from: int, spinnaker: bool) -> str:
    k = point_of_sail(heading, wind_from)
    if k == 0:
        return "dead upwind"
    name = POINTS[k][0]
    return f"{name} under spinnaker" if spinnaker and k >= 3 else name


def path(x: int, y: int, heading: int, n: int) -> list[tuple[int, int]]:
    """The blocks a straight move of ``n`` blocks enters, in order (the last is where it lands)."""
    dx, dy = DIRS[heading]
    return [(x + dx * i, y + dy * i) for i in range(1, n + 1)]


@dataclass(frozen=True, slots=True)
class Blocked:
    """Why a move cannot be completed: the first block it cannot enter or pass."""

    at: tuple[int, int]
    what: str             # "land", "the edge of the chart", "a mark", "Orange's yacht", ...


def first_obstacle(x: int, y: int, heading: int, n: int,
                   obstacle: Callable[[int, int], str | None],
                   corner: Callable[[int, int, int, int], bool]) -> Blocked | None:
    """The first obstacle on the move, or None if all ``n`` blocks are open.

    ``obstacle(x, y)`` names what stands on a block (None: open water); ``corner(x0, y0,
    x1, y1)`` says a diagonal step squeezes between two land blocks touching at a corner
    (the partial blocks along a shore "CANNOT BE PASSED THROUGH")."""
    px, py = x, y
    for qx, qy in path(x, y, heading, n):
        what = obstacle(qx, qy)
        if what is not None:
            return Blocked((qx, qy), what)
        if heading % 2 == 1 and corner(px, py, qx, qy):
            return Blocked((qx, qy), "a corner of land")
        px, py = qx, qy
    return None


def headings() -> Iterable[int]:
    return range(8)
