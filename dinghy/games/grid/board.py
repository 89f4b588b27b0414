"""The shared grid board of the grid rulesets (Race the Wind, Regatta 3M, Yacht Race).

A board is a rectangle of ``width`` × ``height`` cells: squares (a boat stands in a
square) or points (a boat stands on an intersection of lines); the rules are the same
either way, only the picture differs. x is the column eastwards, y the row northwards,
(0, 0) the south-west cell. A board holds land, marks (their rounding order and side), a
start and a finish line, the wind's first direction and ``extras``: read-only per-game
data (fixed puffs, lulls, luck squares, numbered blocks ...) that the board itself does
not interpret.

Nothing here reads files: :mod:`dinghy.games.grid.loading` reads the TOML and hands the
mapping to :meth:`Board.from_mapping`, which checks every field and raises
:class:`DataError` naming the field at fault.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping

from dinghy.core.errors import DataError, key_name
from dinghy.games.grid import compass

Point = tuple[int, int]
SIDES = ("port", "starboard")
CELLS = ("squares", "points")
MAX_SIZE = 200


# --- read-only extras ------------------------------------------------------------------

class FrozenMap(Mapping[str, Any]):
    """A read-only, hashable mapping (lists inside become tuples, tables FrozenMaps)."""

    __slots__ = ("_d",)

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self._d = {str(k): _freeze(v) for k, v in (data or {}).items()}

    def __getitem__(self, key: str) -> Any:
        return self._d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._d.items(), key=lambda kv: kv[0])))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self._d) == dict(other)

    def __repr__(self) -> str:
        return f"FrozenMap({self._d!r})"


def _freeze(v: Any) -> Any:
    if isinstance(v, Mapping):
        return FrozenMap(v)
    if isinstance(v, (list, tuple)):
        return tuple(_freeze(x) for x in v)
    return v


def thaw(v: Any) -> Any:
    """Plain dicts and lists again (for writing a file)."""
    if isinstance(v, Mapping):
        return {k: thaw(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [thaw(x) for x in v]
    return v


# --- marks and lines -------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Mark:
    """A mark on one cell. ``order`` 1, 2, ... is the rounding sequence; order 0 is a mark
    that is not rounded (the ends of a start or finish line). ``side`` is the side of the
    boat the mark is left on ("port": leave it to the left, sailing anticlockwise round it)."""

    name: str
    x: int
    y: int
    side: str
    order: int

    @property
    def pos(self) -> Point:
        return (self.x, self.y)


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


@dataclass(frozen=True, slots=True)
class Line:
    """A straight line between the centres of cells ``a`` and ``b`` (usually two marks)."""

    a: Point
    b: Point

    def side(self, p: Point) -> int:
        """+1 left of a→b, -1 right of it, 0 on the (infinite) line."""
        (ax, ay), (bx, by) = self.a, self.b
        return _sign((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax))

    def side_of(self, direction: int) -> int:
        """The side (as :meth:`side`) that compass ``direction`` points to from the line;
        0 if the direction runs along the line."""
        (ax, ay), (bx, by) = self.a, self.b
        dx, dy = compass.DIRS[direction % 8]
        return _sign((bx - ax) * dy - (by - ay) * dx)

    def squares(self) -> tuple[Point, ...]:
        """Every cell the line runs through, from ``a`` to ``b`` (both included). Exact for
        straight and 45° lines; for any other slope, the cells its centre line visits."""
        return _squares(self.a, self.b)

    def on_line(self, p: Point) -> bool:
        """Whether cell ``p`` is one of :meth:`squares` between the two ends (ends excluded)."""
        if type(p) is tuple:
            return p in _inner(self.a, self.b)
        return p in _squares(self.a, self.b)[1:-1]

    def crossed(self, p0: Point, p1: Point, direction: int | None = None) -> bool:
        """Whether a move from cell ``p0`` to cell ``p1`` crosses the line between its ends.

        Crossing means arriving strictly on one side having started on the line or on the
        other side; merely arriving on the line is not a crossing (so a boat "on the line"
        has not yet crossed it). The move must meet the segment a–b (ends included).
        ``direction`` (a compass index), if given, is the side the crossing must end on:
        the side that direction points to (e.g. 4: crossing southwards over an east-west
        line). A game that must know from which side a boat came onto the line keeps that
        in its own state.
        """
        s0, s1 = self.side(p0), self.side(p1)
        if s1 == 0 or s0 == s1:
            return False
        if direction is not None and self.side_of(direction) != s1:
            return False
        (ax, ay), (bx, by) = self.a, self.b
        if s0 == 0:       # starts on the line's extension or on it: must be within a..b
            return _between(self.a, self.b, p0)
        # the move p0→p1 goes from one side to the other: does it meet a–b?
        m0 = _sign((p1[0] - p0[0]) * (ay - p0[1]) - (p1[1] - p0[1]) * (ax - p0[0]))
        m1 = _sign((p1[0] - p0[0]) * (by - p0[1]) - (p1[1] - p0[1]) * (bx - p0[0]))
        return m0 * m1 <= 0


@functools.lru_cache(maxsize=256)
def _squares(a: Point, b: Point) -> tuple[Point, ...]:
    """:meth:`Line.squares`, worked out once a line (the bots ask it of the start and
    finish lines at every step they weigh)."""
    (ax, ay), (bx, by) = a, b
    n = max(abs(bx - ax), abs(by - ay))
    if n == 0:
        return (a,)
    out: list[Point] = []
    for i in range(n + 1):
        # round half away from zero, exactly, in integers
        p = (ax * n + (bx - ax) * i, ay * n + (by - ay) * i)
        q = tuple(_div_round(c, n) for c in p)
        if not out or out[-1] != q:
            out.append(q)        # type: ignore[arg-type]
    return tuple(out)


@functools.lru_cache(maxsize=256)
def _inner(a: Point, b: Point) -> frozenset[Point]:
    return frozenset(_squares(a, b)[1:-1])


def _div_round(num: int, den: int) -> int:
    q, r = divmod(abs(num), den)
    if 2 * r >= den:
        q += 1
    return q if num >= 0 else -q


def _between(a: Point, b: Point, p: Point) -> bool:
    """p, on the line through a and b, lies between them (ends included)."""
    return (min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


# --- the board -------------------------------------------------------------------------

@dataclass(frozen=True)
class Board:
    name: str
    title: str
    game: str
    width: int
    height: int
    cells: str
    land: frozenset[Point]
    marks: tuple[Mark, ...]
    start: Line
    finish: Line
    wind_from: int
    extras: Mapping[str, Any] = field(default_factory=FrozenMap)

    # -- cells --------------------------------------------------------------------------
    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def is_land(self, x: int, y: int) -> bool:
        return (x, y) in self.land

    def mark_at(self, x: int, y: int) -> Mark | None:
        for m in self.marks:
            if m.x == x and m.y == y:
                return m
        return None

    def is_free(self, x: int, y: int) -> bool:
        """In bounds, not land and not a mark: a boat may stand here."""
        return self.in_bounds(x, y) and (x, y) not in self.land and self.mark_at(x, y) is None

    def neighbours(self, x: int, y: int) -> tuple[Point, ...]:
        """The in-bounds cells one step away (diagonals included), in compass order from
        north clockwise (land and marks included: use :meth:`is_free` to filter)."""
        out = []
        for dx, dy in compass.DIRS:
            if self.in_bounds(x + dx, y + dy):
                out.append((x + dx, y + dy))
        return tuple(out)

    def rounding_marks(self) -> tuple[Mark, ...]:
        """The marks to round, in order (order 1, 2, ...)."""
        return tuple(sorted((m for m in self.marks if m.order > 0), key=lambda m: m.order))

    # -- file form ----------------------------------------------------------------------
    @classmethod
    def from_mapping(cls, data: Any, source: str = "board") -> Board:
        return _from_mapping(cls, data, str(source))

    def to_mapping(self) -> dict[str, Any]:
        """The file form (a plain mapping): ``Board.from_mapping(b.to_mapping()) == b``."""
        out: dict[str, Any] = {
            "name": self.name, "game": self.game, "title": self.title,
            "width": self.width, "height": self.height, "cells": self.cells,
            "wind_from": compass.NAMES[self.wind_from],
            "land": [list(p) for p in sorted(self.land, key=lambda p: (p[1], p[0]))],
            "marks": [{"name": m.name, "x": m.x, "y": m.y, "side": m.side, "order": m.order}
                      for m in self.marks],
            "start": {"a": list(self.start.a), "b": list(self.start.b)},
            "finish": {"a": list(self.finish.a), "b": list(self.finish.b)},
        }
        if self.extras:
            out["extras"] = thaw(self.extras)
        return out


_KEYS = ("name", "game", "title", "width", "height", "cells", "wind_from", "land", "land_rects",
         "marks", "start", "finish", "extras")


def _int(v: Any, source: str, fieldname: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise DataError(source, fieldname, f"must be a whole number, not {v!r}")
    if not lo <= v <= hi:
        raise DataError(source, fieldname, f"must be between {lo} and {hi}, not {v}")
    return v


def _text(v: Any, source: str, fieldname: str) -> str:
    if not isinstance(v, str) or not v.strip():
        raise DataError(source, fieldname, f"must be a non-empty text, not {v!r}")
    return v


def _point(v: Any, source: str, fieldname: str, width: int, height: int) -> Point:
    if (not isinstance(v, (list, tuple)) or len(v) != 2
            or any(isinstance(c, bool) or not isinstance(c, int) for c in v)):
        raise DataError(source, fieldname, f"must be a cell [x, y] of two whole numbers, not {v!r}")
    x, y = v
    if not (0 <= x < width and 0 <= y < height):
        raise DataError(source, fieldname, f"cell [{x}, {y}] is off the board "
                        f"(x 0..{width - 1}, y 0..{height - 1})")
    return (x, y)


def _table(v: Any, source: str, fieldname: str) -> Mapping[str, Any]:
    if not isinstance(v, Mapping):
        raise DataError(source, fieldname, f"must be a table, not {type(v).__name__}")
    return v


def _line(v: Any, source: str, fieldname: str, width: int, height: int) -> Line:
    t = _table(v, source, fieldname)
    for k in t:
        if k not in ("a", "b"):
            raise DataError(source, f"{fieldname}.{k}", "unknown key (a line has a and b)")
    for k in ("a", "b"):
        if k not in t:
            raise DataError(source, f"{fieldname}.{k}", "missing (a line runs from a = [x, y] to b = [x, y])")
    a = _point(t["a"], source, f"{fieldname}.a", width, height)
    b = _point(t["b"], source, f"{fieldname}.b", width, height)
    if a == b:
        raise DataError(source, f"{fieldname}.b", "the line's two ends are the same cell")
    return Line(a, b)


def _check_extras(v: Any, source: str, fieldname: str) -> None:
    if isinstance(v, Mapping):
        for k, x in v.items():
            _check_extras(x, source, f"{fieldname}.{k}")
    elif isinstance(v, (list, tuple)):
        for i, x in enumerate(v):
            _check_extras(x, source, f"{fieldname}[{i}]")
    elif not isinstance(v, (str, int, float, bool)):
        raise DataError(source, fieldname, f"must be text, a number, true/false, a list or a table, "
                        f"not {type(v).__name__}")


def _from_mapping(cls: type[Board], data: Any, source: str) -> Board:
    d = _table(data, source, "")
    for k in d:
        if k not in _KEYS:
            raise DataError(source, key_name(k), f"unknown key (a board has {', '.join(_KEYS)})")
    for k in ("game", "width", "height"):
        if k not in d:
            raise DataError(source, k, "missing")
    stem = source.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".toml") or "board"
    name = _text(d.get("name", stem), source, "name")
    game = _text(d["game"], source, "game")
    title = _text(d.get("title", name), source, "title")
    width = _int(d["width"], source, "width", 2, MAX_SIZE)
    height = _int(d["height"], source, "height", 2, MAX_SIZE)
    cells = d.get("cells", "squares")
    if cells not in CELLS:
        raise DataError(source, "cells", f"must be one of {', '.join(CELLS)}, not {cells!r}")
    wind = compass.parse(d.get("wind_from", 0))
    if wind is None:
        raise DataError(source, "wind_from", f"must be a compass index 0..7 or a name like "
                        f"'north' or 'NE', not {d.get('wind_from')!r}")

    land: set[Point] = set()
    raw_land = d.get("land", [])
    if not isinstance(raw_land, (list, tuple)):
        raise DataError(source, "land", "must be a list of cells [[x, y], ...]")
    for i, p in enumerate(raw_land):
        land.add(_point(p, source, f"land[{i}]", width, height))
    rects = d.get("land_rects", [])
    if not isinstance(rects, (list, tuple)):
        raise DataError(source, "land_rects", "must be a list of rectangles [[x0, y0, x1, y1], ...]")
    for i, r in enumerate(rects):
        f = f"land_rects[{i}]"
        if not isinstance(r, (list, tuple)) or len(r) != 4:
            raise DataError(source, f, f"must be a rectangle [x0, y0, x1, y1], not {r!r}")
        x0, y0 = _point(list(r[:2]), source, f, width, height)
        x1, y1 = _point(list(r[2:]), source, f, width, height)
        for x in range(min(x0, x1), max(x0, x1) + 1):
            for y in range(min(y0, y1), max(y0, y1) + 1):
                land.add((x, y))

    raw_marks = d.get("marks", [])
    if not isinstance(raw_marks, (list, tuple)):
        raise DataError(source, "marks", "must be a list of tables ([[marks]] name, x, y, side, order)")
    marks: list[Mark] = []
    names: set[str] = set()
    orders: set[int] = set()
    for i, m in enumerate(raw_marks):
        f = f"marks[{i}]"
        t = _table(m, source, f)
        for k in t:
            if k not in ("name", "x", "y", "side", "order"):
                raise DataError(source, f"{f}.{k}", "unknown key (a mark has name, x, y, side, order)")
        for k in ("name", "x", "y"):
            if k not in t:
                raise DataError(source, f"{f}.{k}", "missing")
        mname = _text(t["name"], source, f"{f}.name")
        if mname in names:
            raise DataError(source, f"{f}.name", f"two marks are called {mname!r}")
        names.add(mname)
        x = _int(t["x"], source, f"{f}.x", 0, width - 1)
        y = _int(t["y"], source, f"{f}.y", 0, height - 1)
        if (x, y) in land:
            raise DataError(source, f"{f}.x", f"mark {mname!r} at [{x}, {y}] is on land")
        if any(o.x == x and o.y == y for o in marks):
            raise DataError(source, f"{f}.x", f"mark {mname!r} at [{x}, {y}] shares its cell with another mark")
        side = t.get("side", "port")
        if side not in SIDES:
            raise DataError(source, f"{f}.side", f"must be port or starboard, not {side!r}")
        order = _int(t.get("order", 0), source, f"{f}.order", 0, 99)
        if order and order in orders:
            raise DataError(source, f"{f}.order", f"two marks are rounded as number {order}")
        orders.add(order)
        marks.append(Mark(mname, x, y, side, order))
    if orders - {0} and sorted(orders - {0}) != list(range(1, len(orders - {0}) + 1)):
        raise DataError(source, "marks", f"rounding orders must run 1, 2, 3 ... without gaps, "
                        f"not {sorted(orders - {0})}")

    if "start" not in d:
        raise DataError(source, "start", "missing (the start line: [start] a = [x, y] b = [x, y])")
    start = _line(d["start"], source, "start", width, height)
    finish = _line(d["finish"], source, "finish", width, height) if "finish" in d else start
    extras = _table(d.get("extras", {}), source, "extras")
    _check_extras(extras, source, "extras")
    return cls(name=name, title=title, game=game, width=width, height=height, cells=cells,
               land=frozenset(land), marks=tuple(marks), start=start, finish=finish,
               wind_from=wind, extras=FrozenMap(extras))
