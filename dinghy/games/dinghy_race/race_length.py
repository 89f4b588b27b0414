"""A Dinghy Race course's length in card lengths, and the quick estimate of its race's
rounds made from it when the course designer saves a course (issue 22: "a course file
made in the designer gets its estimate when it is saved"). The shipped courses' medians
are measured (``dinghy/race_lengths.toml``); benchmarks/bench_estimates.py --fit prints
how close this estimate comes to them.
"""
from __future__ import annotations

import math
import os
from typing import Any

from dinghy.core import estimates
from dinghy.core.errors import DinghyError
from dinghy.games.dinghy_race.course import leg_origin, leg_target

#: the quick estimate from a course's length: pre-start rounds, then rounds per card
#: length of the legs' upwind part and of the rest (as the crow flies); a least-squares
#: fit to the seven shipped courses' medians (benchmarks/bench_estimates.py --fit prints
#: both: within 15% on each, short_lap 34 for 40, olympic_triangle 140 for 141)
PRE_START = 5.0
UPWIND_PER_CARD = 1.13
OFF_WIND_PER_CARD = 2.2


def course_lengths(course: Any) -> tuple[float, float]:
    """Card lengths of the course's legs sailed upwind (as the crow flies, the part
    against the wind) and off the wind, start line to finish line."""
    wind = math.radians(course.wind_from)
    up_x, up_y = math.sin(wind), math.cos(wind)      # towards where the wind comes from
    upwind = off = 0.0
    for k in range(len(course.legs) + 1):
        (ox, oy), (tx, ty) = leg_origin(course, k), leg_target(course, k)
        dx, dy = tx - ox, ty - oy
        against = max(0.0, dx * up_x + dy * up_y)
        upwind += against
        off += max(0.0, math.hypot(dx, dy) - against)
    return upwind / course.card_length, off / course.card_length


def from_course(course: Any) -> float:
    """A quick estimate of a Dinghy Race course's median rounds from its length alone."""
    up, off = course_lengths(course)
    return PRE_START + UPWIND_PER_CARD * up + OFF_WIND_PER_CARD * off


def estimate_saved_course(course: Any, path: str | os.PathLike[str], *,
                          home: str | os.PathLike[str] | None = None) -> float:
    """What the course designer calls after saving ``course`` to ``path``: its quick
    estimate, kept for the set-up screen. A store that cannot be written costs only the
    estimate."""
    n = from_course(course)
    try:
        estimates.record(path, n, home=home)
    except (OSError, DinghyError):
        pass
    return n
