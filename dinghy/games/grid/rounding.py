"""Rounding a mark on a grid, for every grid game.

A boat rounds a mark by crossing the mark's *rounding ray* the right way round. The ray
starts at the mark's cell centre and points away from the inside of the turn: opposite
the bisector of the bearings from the mark to where the leg came from (``prev``) and to
where the next leg goes (``next_``). A windward mark with the line below it gets a ray
pointing straight up; a mark passed without turning gets a ray pointing across the
course towards the side the boat passes on.

A mark left to port (on the boat's left) is sailed round anticlockwise: the boat crosses
the ray anticlockwise (+1); to starboard clockwise (-1). :func:`ray_crossing` gives the
signed crossing of one move; a game keeps the running count per boat and leg (sailing
back across the ray undoes a crossing) and the mark is rounded once the count reaches +1
(port) or -1 (starboard): :func:`is_rounded`.

Boats move one cell at a time and never enter the mark's cell, so a move never passes
through the mark's centre. A point exactly on the ray's line counts as lying on the
anticlockwise side, so a boat that touches the ray and turns back makes no crossing.
"""
from __future__ import annotations

import math

Point = tuple[int, int]
Vector = tuple[float, float]
_EPS = 1e-9


def _unit(dx: float, dy: float) -> Vector:
    n = math.hypot(dx, dy)
    return (dx / n, dy / n) if n > _EPS else (0.0, 0.0)


def rounding_ray(mark: Point, side: str, prev: tuple[float, float] | None,
                 next_: tuple[float, float] | None) -> Vector:
    """The unit direction of the mark's rounding ray (see the module text).

    ``prev``/``next_`` are where the legs before and after the mark come from and go
    to (another mark, the middle of a line); None: unknown, taken as straight through.
    """
    mx, my = mark
    up = _unit(prev[0] - mx, prev[1] - my) if prev is not None else (0.0, 0.0)
    un = _unit(next_[0] - mx, next_[1] - my) if next_ is not None else (0.0, 0.0)
    if up == (0.0, 0.0) and un == (0.0, 0.0):
        return (0.0, 1.0)
    bx, by = up[0] + un[0], up[1] + un[1]
    if math.hypot(bx, by) > 1e-6:
        return _unit(-bx, -by)
    # straight through (or one end unknown): across the course, on the boat's side
    if un != (0.0, 0.0):
        cx, cy = un
    else:
        cx, cy = -up[0], -up[1]
    # port: the mark on the boat's left, so the boat passes on the course's right
    return (cy, -cx) if side == "port" else (-cy, cx)


def _c(ray: Vector, mark: Point, p: Point) -> float:
    """Which side of the ray's line p lies on: > 0 anticlockwise of the ray."""
    return ray[0] * (p[1] - mark[1]) - ray[1] * (p[0] - mark[0])


def _d(ray: Vector, mark: Point, p: Point) -> float:
    return ray[0] * (p[0] - mark[0]) + ray[1] * (p[1] - mark[1])


def ray_crossing(mark: Point, ray: Vector, p0: Point, p1: Point) -> int:
    """+1 if the move p0 → p1 crosses the ray anticlockwise round the mark, -1 clockwise,
    0 if it does not cross the ray."""
    c0, c1 = _c(ray, mark, p0), _c(ray, mark, p1)
    s0 = 1 if c0 >= -_EPS else -1        # on the line counts as anticlockwise
    s1 = 1 if c1 >= -_EPS else -1
    if s0 == s1:
        return 0
    # where the move meets the ray's line, measured along the ray
    if abs(c0 - c1) < _EPS:
        return 0
    t = c0 / (c0 - c1)
    along = (1 - t) * _d(ray, mark, p0) + t * _d(ray, mark, p1)
    if along <= _EPS:
        return 0                          # met the line on the far side of the mark
    return 1 if s1 > s0 else -1


def is_rounded(count: int, side: str) -> bool:
    """Whether a running crossing count rounds a mark left to ``side``."""
    return count >= 1 if side == "port" else count <= -1


def sense(side: str) -> int:
    """+1 for a mark left to port (anticlockwise), -1 to starboard."""
    return 1 if side == "port" else -1
