"""Checking a position built by hand: the one error it raises and the checks every game
shares (seats in order, seats in range, places that agree with the boats).

A game's ``position(state)`` (see :mod:`dinghy.core.interface`) runs these and its own
checks, and fills in what follows from where the boats stand; a played race's states pass
through it unchanged.
"""
from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

from dinghy.core.errors import DinghyError


class ImpossiblePosition(DinghyError, ValueError):
    """A position no race can be in; the message names the field and says why."""


def require(ok: bool, message: str) -> None:
    """Raise ImpossiblePosition(message) unless ``ok``."""
    if not ok:
        raise ImpossiblePosition(message)


def seats_in_order(items: Sequence[Any], attr: str, seats: int, what: str = "boats") -> None:
    """``items`` hold one entry per seat, entry ``i`` naming seat ``i`` in ``attr``."""
    require(len(items) == seats, f"{what}: {len(items)} listed for {seats} seats")
    for i, item in enumerate(items):
        got = getattr(item, attr)
        require(got == i, f"{what}[{i}].{attr} is {got!r}: list the {what} in seat order "
                f"(entry {i} is seat {i})")


def seat(value: Any, seats: int, field: str) -> None:
    """``value`` is a seat index (0 .. seats-1)."""
    require(isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats,
            f"{field} is {value!r}, not a seat (0 to {seats - 1})")


def distinct_seats(values: Iterable[Any], seats: int, field: str) -> None:
    """Each of ``values`` a seat, none twice."""
    seen: set[int] = set()
    for k, v in enumerate(values):
        seat(v, seats, f"{field}[{k}]")
        require(v not in seen, f"{field} names seat {v} twice")
        seen.add(v)


def count(value: Any, field: str, lo: int = 0, hi: int | None = None) -> None:
    """``value`` a whole number from ``lo`` (to ``hi``)."""
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= lo and (hi is None or value <= hi)
    require(ok, f"{field} is {value!r}, not a whole number from {lo}" + ("" if hi is None else f" to {hi}"))


def finite(value: Any, field: str) -> None:
    require(isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value),
            f"{field} is {value!r}, not a finite number")


def finishing_order(order: Sequence[int], place_of: Sequence[int | None], field: str) -> None:
    """The finishing order ``order`` (seats, first first) and each seat's place agree:
    seat ``order[k]`` has place ``k + 1`` and no seat outside the order has a place."""
    distinct_seats(order, len(place_of), field)
    for k, s in enumerate(order):
        require(place_of[s] == k + 1, f"seat {s} is {k + 1}. in {field} but its place is {place_of[s]!r}")
    for s, p in enumerate(place_of):
        require(p is None or s in order, f"seat {s} has place {p} but is not in {field}")
