"""The designer's constants, its error, and the small helpers every edit uses."""
from __future__ import annotations

import dataclasses
import math
import re
from typing import Any, Sequence
from dinghy.games.dinghy_race.course import CARD_SIZES, DEFAULT_MARK_RADIUS, SIDES, XY, Course
from dinghy.core.errors import DataError, DinghyError
from dinghy.core.geometry import GeometryError


#: Decimals kept when a course is rotated (0.01 mm: far below anything on a table,
#: short enough to read in the file).
ROTATE_DECIMALS = 2
#: Free water around a template's marks and lines, in card lengths.
TEMPLATE_MARGIN_CARDS = 3.0
#: Room downwind of a template's start line for the five pre-start rounds, card lengths
#: (the margin comes on top of it).
PRESTART_CARDS = 3.0
#: A template's start line gives each boat a card length, plus this many spare.
LINE_SPARE_CARDS = 1.0
#: Distance between the two marks of a template's gate, in card lengths (clear water
#: between them is a little less: one buoy radius each side).
GATE_WIDTH_CARDS = 2.4
MAX_FLEET = 6


class EditError(DinghyError, ValueError):
    """An edit the course cannot take; the message says why, in sailing words."""


# --- small helpers -----------------------------------------------------------------------

def rebuild(course: Course, **changes: Any) -> Course:
    """``dataclasses.replace`` that turns the model's complaints into EditError."""
    try:
        return dataclasses.replace(course, **changes)
    except DataError as exc:
        raise EditError(exc.message) from None
    except (ValueError, GeometryError) as exc:
        raise EditError(str(exc)) from None


def as_point(p: Sequence[float]) -> XY:
    x, y = float(p[0]), float(p[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        raise EditError(f"a point must have finite coordinates, got ({x}, {y})")
    return (x, y)


def mark_index(course: Course, mark_id: str) -> int:
    for i, m in enumerate(course.marks):
        if m.id == mark_id:
            return i
    raise EditError(f"there is no mark {mark_id!r}")


def checked_index(seq: Sequence[Any], i: int, what: str) -> int:
    if not isinstance(i, int) or isinstance(i, bool) or not -len(seq) <= i < len(seq):
        raise EditError(f"there is no {what} {i!r} (there are {len(seq)})")
    return i % len(seq)


def check_side(side: str) -> str:
    if side not in SIDES:
        raise EditError(f"a mark is rounded to port or starboard, not {side!r}")
    return side


def card_length(card_size: str) -> float:
    try:
        return CARD_SIZES[card_size][0]
    except KeyError:
        raise EditError(f"card size must be one of {', '.join(CARD_SIZES)}, got {card_size!r}") from None


def line_length_for(fleet: int, card_size: str) -> float:
    """A start line long enough for ``fleet`` boats: a card length each, one spare, and
    the two end buoys (the rule text: "at least one full card length per boat")."""
    L = card_length(card_size)
    raw = (fleet + LINE_SPARE_CARDS) * L + 2 * DEFAULT_MARK_RADIUS[card_size]
    return 2.0 * math.ceil(raw / 2) + 4.0   # whole mm at each end, and a hair to spare for rounding


def next_mark_id(course: Course) -> str:
    """The smallest whole number not yet used as a mark id (gate halves count by number)."""
    used = set()
    for m in course.marks:
        digits = re.match(r"\d+", m.id)
        if digits:
            used.add(int(digits.group()))
    n = 1
    while n in used:
        n += 1
    return str(n)
