"""Rounding a mark on the chart: which side the yacht's track passed it on.

Rule text: "All yachts will proceed toward and round the markers A, B and C, passing all
marks to PORT (left)". A mark is rounded when the "string" of the yacht's track wraps it
the right way: the closed loop from the previous mark (or the start block), along every
square the yacht has stood on since, to the next mark (or the finish block) and back,
winds once around the mark -- anticlockwise for a mark passed to port, clockwise for one
passed to starboard. A yacht that has not yet gone round, or went round the wrong way,
winds zero (or the wrong sign) and must keep sailing ("he must in subsequent moves return").

Integer arithmetic only (the winding number of a polygon, counted by signed crossings of a
ray), so a record replays to the same rounding on any machine.
"""
from __future__ import annotations

from typing import Sequence

Point = tuple[int, int]


def _is_left(a: Point, b: Point, p: Point) -> int:
    return (b[0] - a[0]) * (p[1] - a[1]) - (p[0] - a[0]) * (b[1] - a[1])


def winding(polygon: Sequence[Point], p: Point) -> int:
    """How many times the closed ``polygon`` winds anticlockwise around ``p``."""
    wn = 0
    n = len(polygon)
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        if a[1] <= p[1]:
            if b[1] > p[1] and _is_left(a, b, p) > 0:
                wn += 1
        elif b[1] <= p[1] and _is_left(a, b, p) < 0:
            wn -= 1
    return wn


def rounded(mark: Point, side: str, previous: Point, track: Sequence[Point], following: Point) -> bool:
    """Whether ``track`` (the yacht's squares since the leg began) has passed ``mark`` on
    ``side`` ("port" or "starboard") on the way from ``previous`` to ``following``."""
    loop = [previous, *track, following]
    w = winding(loop, mark)
    return w >= 1 if side == "port" else w <= -1
