"""Stand-in for dinghy.games.grid.compass until the shared grid lands (same names)."""
from __future__ import annotations

DIRS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def off_wind(heading: int, wind_from: int) -> int:
    d = (heading - wind_from) % 8
    return min(d, 8 - d)
