"""Who has precedence when two boats meet, as the web board's rules page puts it:

    different tacks -> the boat on starboard tack;
    same tack       -> the boat farther from the wind (leeward);
    same distance   -> the boat sailing closer to the wind;
    same angle      -> the boat behind.

A boat head to wind or on a dead run has no tack (the wind comes over neither side); we
count it as on port tack, so it keeps clear of a starboard-tack boat (as a boat that is
tacking or gybing must). "Farther from the wind" is measured along the wind: the boat
further downwind is to leeward. "Behind" is measured along the two boats' common heading;
two boats level abreast (not in the text) are split by giving way to the boat on the right.
"""
from __future__ import annotations

from dinghy.games.grid import compass

Point = tuple[int, int]


def tack_of(heading: int, wind: int) -> str:
    return compass.tack(heading, wind) or "port"


def upwind(p: Point, wind: int) -> int:
    """How far upwind a square lies (larger: nearer the wind)."""
    dx, dy = compass.DIRS[wind]
    return p[0] * dx + p[1] * dy


def precedence(a: tuple[Point, int], b: tuple[Point, int], wind: int) -> tuple[int, str]:
    """Which of two boats, each (square, heading), has precedence: (0 for a, 1 for b)
    and the rule that decided it, in words (the boats called A and B)."""
    (pa, ha), (pb, hb) = a, b
    ta, tb = tack_of(ha, wind), tack_of(hb, wind)
    if ta != tb:
        w = 0 if ta == "starboard" else 1
        return w, (f"{'AB'[w]} is on starboard tack and {'BA'[w]} on port tack: "
                   "on different tacks the starboard-tack boat has precedence")
    ua, ub = upwind(pa, wind), upwind(pb, wind)
    if ua != ub:
        w = 0 if ua < ub else 1
        return w, (f"both are on {ta} tack and {'AB'[w]} is farther from the wind: "
                   "on the same tack the leeward boat has precedence")
    oa, ob = compass.off_wind(ha, wind), compass.off_wind(hb, wind)
    if oa != ob:
        w = 0 if oa < ob else 1
        return w, (f"same tack, as far from the wind, and {'AB'[w]} sails closer to the wind "
                   f"({compass.POINT_NAMES[min(oa, ob)]} against {compass.POINT_NAMES[max(oa, ob)]}): "
                   "the boat closer to the wind has precedence")
    dx, dy = compass.DIRS[ha]
    fa, fb = pa[0] * dx + pa[1] * dy, pb[0] * dx + pb[1] * dy
    if fa != fb:
        w = 0 if fa < fb else 1
        return w, (f"same tack, distance from the wind and angle to it, and {'AB'[w]} is behind: "
                   "the boat behind has precedence")
    ra, rb = pa[0] * dy - pa[1] * dx, pb[0] * dy - pb[1] * dx
    w = 0 if ra >= rb else 1
    return w, (f"same tack, distance from the wind and angle to it, level with each other, and {'AB'[w]} "
               "is on the other's right: the boat on the right has precedence (our tie-break)")
