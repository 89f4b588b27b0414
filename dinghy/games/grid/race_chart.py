"""The grid games' part in the pictures of a race (:mod:`dinghy.core.picture`), shared by
Race the Wind, the 3M Regatta and Yacht Race through :class:`GridPictures`: the board in
cells (square (x, y) covers [x, x+1] x [y, y+1]; an intersection lies at its centre), its
land, start and finish lines and marks (red: left to port, green: to starboard, each
with its name and order), and each boat as a small hull on its cell, bow to its heading.
What is on the water comes from the game's own :meth:`picture` (the grid view's contract,
:mod:`dinghy.games.grid.picture`)."""
from __future__ import annotations

import math
from typing import Any

from dinghy.core.picture import Chart, Shape

WATER = (28, 84, 126)
GRID = (70, 124, 166)
FOAM = (232, 241, 247)
LAND = (206, 190, 146)
START = (240, 245, 250)
FINISH = (255, 225, 120)
SIDE = {"port": (220, 60, 60), "starboard": (40, 170, 90)}
INK = (22, 38, 58)
#: a boat's outline about its cell's centre, bow to the north (cell units)
HULL = ((0.0, 0.42), (0.2, 0.1), (0.18, -0.34), (-0.18, -0.34), (-0.2, 0.1))


def centre(x: float, y: float) -> tuple[float, float]:
    return (x + 0.5, y + 0.5)


def chart(board: Any) -> Chart:
    w, h = board.width, board.height
    shapes = [Shape("polygon", ((0, 0), (w, 0), (w, h), (0, h)), WATER, FOAM, 0.06)]
    off = 0.5 if board.cells == "points" else 0.0
    for x in range(w + (1 if not off else 0)):
        shapes.append(Shape("line", ((x + off, off), (x + off, h - off)), stroke=GRID, width=0.02))
    for y in range(h + (1 if not off else 0)):
        shapes.append(Shape("line", ((off, y + off), (w - off, y + off)), stroke=GRID, width=0.02))
    for x, y in sorted(board.land):
        if board.cells == "points":
            shapes.append(Shape("circle", (centre(x, y),), LAND, radius=0.42))
        else:
            shapes.append(Shape("polygon", ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)), LAND))
    same = (board.start.a, board.start.b) == (board.finish.a, board.finish.b)
    lines = [(board.start, START)] + ([] if same else [(board.finish, FINISH)])
    for line, colour in lines:
        shapes.append(Shape("line", (centre(*line.a), centre(*line.b)), stroke=colour, width=0.12))
    for m in board.marks:
        shapes.append(Shape("circle", (centre(m.x, m.y),), SIDE.get(m.side, (243, 120, 40)) if m.order
                            else (250, 210, 70), INK, 0.04, radius=0.3))
        if m.order:
            shapes.append(Shape("label", ((m.x + 0.5, m.y + 1.15),), FOAM, text=f"{m.name} ({m.order})"))
    return Chart((0.0, 0.0, float(w), float(h)), tuple(shapes), unit=0.15, title=board.title or board.name)


def outline(x: int, y: int, heading: int | None) -> tuple[tuple[float, float], ...]:
    a = math.radians(45 * (heading or 0))
    c, s = math.cos(a), math.sin(a)
    cx, cy = centre(x, y)
    return tuple((cx + px * c + py * s, cy - px * s + py * c) for px, py in HULL)


class GridPictures:
    """The picture methods of :class:`dinghy.core.interface.BaseGame` for a game with a
    grid ``board`` and a ``picture(state, seat)``."""

    def board_drawing(self) -> Chart:
        return chart(self.board)        # type: ignore[attr-defined]

    def _marks(self, state: Any) -> list[Any]:
        out: list[Any] = [None] * self.seats()       # type: ignore[attr-defined]
        for b in self.picture(state, 0).boats:      # type: ignore[attr-defined]
            out[b.seat] = b
        return out

    def boat_points(self, state: Any) -> list[Any]:
        return [centre(b.x, b.y) if b is not None else None for b in self._marks(state)]

    def boat_outlines(self, state: Any) -> list[Any]:
        return [outline(b.x, b.y, b.heading) if b is not None else None for b in self._marks(state)]

    def board_wind(self, state: Any) -> float:
        """The wind of ``state`` (the picture's compass index) in degrees."""
        return 45.0 * self.picture(state, 0).wind_from      # type: ignore[attr-defined]
