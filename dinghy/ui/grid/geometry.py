"""The plain geometry of a grid board's pieces, in window pixels or cells (no pyglet):
a hull and its boom for a heading, a line's ends, a point's cell, the land's cells.
:mod:`dinghy.ui.grid.drawing` draws with them."""
from __future__ import annotations

import math
from typing import Any


def heading_angle(heading: int) -> float:
    """A compass index (0 north, clockwise, eighths) as a math angle in radians."""
    return math.radians(90 - 45 * heading)


def hull_outline(cx: float, cy: float, heading: int, length: float) -> list[tuple[float, float]]:
    """A small hull around (cx, cy): bow towards ``heading``, flat transom."""
    a = heading_angle(heading)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux                     # to port of the bow
    half, beam = length / 2, length * 0.19
    local = [(half, 0.0), (half * 0.35, beam), (-half * 0.55, beam * 0.95), (-half, beam * 0.7),
             (-half, -beam * 0.7), (-half * 0.55, -beam * 0.95), (half * 0.35, -beam)]
    return [(cx + ux * f + vx * s, cy + uy * f + vy * s) for f, s in local]


def boom_line(cx: float, cy: float, heading: int, length: float, side: str | None
              ) -> tuple[tuple[float, float], tuple[float, float]]:
    """The boom from the mast towards the stern, swung out to ``side`` (port: left)."""
    a = heading_angle(heading)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    mast = (cx + ux * length * 0.15, cy + uy * length * 0.15)
    swing = {"port": 1.0, "starboard": -1.0}.get(side or "", 0.0) * length * 0.24
    end = (cx - ux * length * 0.3 + vx * swing, cy - uy * length * 0.3 + vy * swing)
    return mast, end


def line_points(line: Any) -> tuple[tuple[float, float], tuple[float, float]]:
    """A start or finish line's two ends as cell centres."""
    return cell_centre(*xy(line.a)), cell_centre(*xy(line.b))


def xy(p: Any) -> tuple[int, int]:
    """(x, y) of a point given as a pair or as anything with ``x`` and ``y``."""
    if hasattr(p, "x") and hasattr(p, "y"):
        return int(p.x), int(p.y)
    return int(p[0]), int(p[1])


def cell_centre(x: float, y: float) -> tuple[float, float]:
    return (x + 0.5, y + 0.5)


def land_cells(board: Any) -> list[tuple[int, int]]:
    return [xy(c) for c in (board.land or ())]
