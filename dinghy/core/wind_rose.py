"""The wind on a picture of a race (:mod:`dinghy.core.picture`): a small badge in the
board's top-right corner, an arrow blowing the way the wind of the state drawn blows
over the word "wind".

The game says where its wind comes from through ``game.board_wind(state)``: compass
degrees (0 north, clockwise, as the boats' headings; x east, y north), or None where
the game has no wind (the Gigamic Regatta's basic game): then nothing is drawn. One
geometry, in the picture's own units (y down), for the SVG and the raster pictures.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

XY = tuple[float, float]

#: The arrow about the disc's centre, in disc radii: (along the wind, across it).
ARROW: tuple[XY, ...] = ((-0.62, -0.12), (0.12, -0.12), (0.12, -0.4), (0.72, 0.0),
                         (0.12, 0.4), (0.12, 0.12), (-0.62, 0.12))

NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


@dataclass(frozen=True, slots=True)
class Rose:
    centre: XY                 # the arrow's middle
    radius: float              # the arrow's reach from it
    arrow: tuple[XY, ...]      # the arrow's outline, its point downwind
    badge: tuple[float, float, float, float]   # the paper under it all: x0, y0, x1, y1
    word_at: XY                # the word's baseline middle
    word_size: float
    wind_from: float           # compass degrees
    words: str                 # "Wind from the north-east"


def words(wind_from: float) -> str:
    """Where the wind comes from, in words: a compass point's name, else its degrees."""
    deg = wind_from % 360
    if abs(deg / 45 - round(deg / 45)) < 1e-9:
        return f"Wind from the {NAMES[round(deg / 45) % 8]}"
    return f"Wind from {deg:g}°"


def rose(game: Any, state: Any, frame: Any) -> Rose | None:
    """The rose for ``state`` on ``frame`` (a :class:`dinghy.core.picture.Frame`), in the
    board's top-right corner; None where the game has no wind."""
    wind = game.board_wind(state)
    if wind is None:
        return None
    r = max(14.0, frame.width * 0.032)
    pad = frame.margin + r * 0.35
    cx = frame.width - pad - r
    cy = pad + r
    a = math.radians(wind)
    ux, uy = -math.sin(a), math.cos(a)        # downwind on the picture (y down)
    vx, vy = -uy, ux
    arrow = tuple((cx + (p * ux + q * vx) * r, cy + (p * uy + q * vy) * r) for p, q in ARROW)
    size = max(9.0, r * 0.55)
    badge = (cx - r, cy - r, cx + r, cy + r + size * 1.1)
    return Rose((cx, cy), r, arrow, badge, (cx, cy + r + size * 0.75), size, float(wind % 360), words(wind))
