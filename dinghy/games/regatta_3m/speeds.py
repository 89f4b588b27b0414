"""The Wind Indicator: how many spaces a leg sails, by its direction with respect to the wind.

"Running 2, Broad Reaching 3, Beam Reaching 2, Beating 1, Luffing 0 ... As shown by the
zero on the Wind Indicator, a boat may not sail in a luffing direction." On the grid a
leg runs in one of eight directions, so each is 0 to 4 steps of 45° off the wind:
0 luffing (dead into the wind), 1 beating, 2 beam reaching, 3 broad reaching, 4 running.
"Use of a spinnaker adds one SPACE to a running or broad reaching leg"; a puff card is
"good for a 1-space extension of a leg".
"""
from __future__ import annotations

from dinghy.games.grid import compass
from dinghy.games.regatta_3m.equipment import POINTS, Equipment

LUFFING, BEATING, BEAM, BROAD, RUNNING = range(5)


def point_of_sail(direction: int, wind: int) -> int:
    """0 luffing .. 4 running: 45° steps between the direction and where the wind comes from."""
    return compass.off_wind(direction, wind)


def point_name(direction: int, wind: int) -> str:
    return POINTS[point_of_sail(direction, wind)]


def spinnaker_point(direction: int, wind: int) -> bool:
    """Only when broad reaching or running may a spinnaker be flown."""
    return point_of_sail(direction, wind) in (BROAD, RUNNING)


def spaces(eq: Equipment, direction: int, wind: int, spinnaker: bool = False, puff: bool = False) -> int:
    """The length of a leg in ``direction``: the Wind Indicator's number, +1 with a spinnaker
    on a broad reach or run, +1 with a puff card (a luffing leg stays 0: it does not sail)."""
    off = point_of_sail(direction, wind)
    n = eq.speeds[off]
    if off == LUFFING:
        return 0
    if spinnaker and off in (BROAD, RUNNING):
        n += 1
    return n + (1 if puff else 0)
