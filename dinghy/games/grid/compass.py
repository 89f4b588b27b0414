"""The eight-point compass of the grid games.

Headings and wind directions are indexes 0..7: 0 north, then clockwise (1 north-east,
2 east, ... 7 north-west). x runs east, y runs north, so ``DIRS[h]`` is the step a boat
heading ``h`` makes; a diagonal step counts as one space (:func:`chebyshev`). The wind is
named by where it blows FROM.
"""
from __future__ import annotations

DIRS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
NAMES: tuple[str, ...] = ("north", "north-east", "east", "south-east",
                          "south", "south-west", "west", "north-west")
SHORT: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

#: off_wind values by name (how far the bow is from the direction the wind comes from)
HEAD_TO_WIND, CLOSE_HAULED, BEAM_REACH, BROAD_REACH, RUN = range(5)
POINT_NAMES: tuple[str, ...] = ("head to wind", "close reach", "beam reach", "broad reach", "run")


def off_wind(heading: int, wind_from: int) -> int:
    """How many 45° steps the bow points away from where the wind comes from:
    0 head to wind, 1 close-hauled (45°), 2 beam reach, 3 broad reach, 4 run."""
    d = (heading - wind_from) % 8
    return min(d, 8 - d)


def tack(heading: int, wind_from: int) -> str | None:
    """``"starboard"`` when the wind comes over the boat's starboard (right-hand) side,
    ``"port"`` when over the port side; None head to wind and on a dead run (the wind
    comes over neither side; a game that needs a tack for a dead run decides it itself,
    e.g. by the side the boom was on)."""
    d = (wind_from - heading) % 8      # where the wind comes from, clockwise from the bow
    if d in (1, 2, 3):
        return "starboard"
    if d in (5, 6, 7):
        return "port"
    return None


def turn(heading: int, steps: int) -> int:
    """The heading ``steps`` eighths clockwise (negative: anticlockwise)."""
    return (heading + steps) % 8


def step(x: int, y: int, heading: int) -> tuple[int, int]:
    """The square (or intersection) one step from (x, y) towards ``heading``."""
    dx, dy = DIRS[heading % 8]
    return x + dx, y + dy


def chebyshev(p: tuple[int, int], q: tuple[int, int]) -> int:
    """Steps between two squares when a diagonal step counts as one."""
    return max(abs(p[0] - q[0]), abs(p[1] - q[1]))


def heading_of(dx: int, dy: int) -> int | None:
    """The heading of a one-step move (dx, dy), or None if it is not one."""
    try:
        return DIRS.index((dx, dy))
    except ValueError:
        return None


def parse(value: object) -> int | None:
    """A compass index from an index 0..7, a name ("north-east") or a short name ("NE");
    None if it is none of these."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 <= value < 8 else None
    if isinstance(value, str):
        v = value.strip().lower().replace("_", "-").replace(" ", "-")
        for i, (name, short) in enumerate(zip(NAMES, SHORT)):
            if v in (name, short.lower(), name.replace("-", "")):
                return i
    return None


_COUNT = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_words(n: int, unit: str = "square") -> str:
    """"one square", "three squares", "12 squares"."""
    return f"{_COUNT[n] if 0 <= n < len(_COUNT) else n} {unit}{'' if n == 1 else 's'}"


def where_words(marks: object, p: tuple[int, int], unit: str = "square") -> str:
    """Where cell ``p`` lies in a newcomer's words, from the nearest of ``marks`` (each
    with ``name``, ``x``, ``y``; a rounded one before a line's end): "on mark A", "two
    squares north-east of mark B"; the coordinates only where there is no mark."""
    marks = list(marks or ())  # type: ignore[call-overload]
    if not marks:
        return f"({p[0]}, {p[1]})"
    m = min(marks, key=lambda k: (chebyshev(p, (k.x, k.y)), getattr(k, "order", 1) == 0))
    name = f"mark {m.name}" if len(m.name) <= 2 else f"the {m.name}"
    dx, dy = p[0] - m.x, p[1] - m.y
    if dx == 0 and dy == 0:
        return f"on {name}"
    h = heading_of((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))
    if abs(dx) == abs(dy) or dx == 0 or dy == 0:
        return f"{count_words(chebyshev(p, (m.x, m.y)), unit)} {NAMES[h]} of {name}"
    return f"{count_words(abs(dx), unit)} {'east' if dx > 0 else 'west'} and " \
           f"{count_words(abs(dy), unit)} {'north' if dy > 0 else 'south'} of {name}"
