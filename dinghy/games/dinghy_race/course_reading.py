"""Reading a course's file form: the mapping a course TOML file parses to, checked field
by field into a :class:`~dinghy.games.dinghy_race.course.Course`.

Every problem is a :class:`~dinghy.core.errors.DataError` naming the file (``source``)
and the field, with dotted paths and 0-based indexes (``marks[2].at``), and saying what
was expected and what was found: a course designer reads it as one line. The inverse is
:meth:`Course.to_mapping`.
"""
from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

from dinghy.core.errors import DataError, key_name
from dinghy.games.dinghy_race.course import (CARD_SIZES, DEFAULT_MARK_RADIUS, MARK_KINDS, MAX_LAPS, SIDES,
                                             WIND_FORCES, XY, Course, FixedWeatherEye, Land, Line, Mark,
                                             Rounding, polygon_problem)
from dinghy.games.dinghy_race.rounding import _EPS

#: Every coordinate of a course lies within this many millimetres of the origin (a
#: table of 100 m either way; the shipped tables are 2 m at most).
MAX_COORD = 50_000
#: A mark's radius, in millimetres: more than 0, at most this.
MAX_MARK_RADIUS = 500
#: The most points in one polygon (the area, an island) and items in one list (marks,
#: roundings, islands, Weather Eye markers).
MAX_POINTS = 1000
MAX_ITEMS = 200
#: The longest name or id, and the longest description, in characters.
MAX_NAME = 200
MAX_DESCRIPTION = 4000


def read_course(data: Mapping[str, Any], source: str = "course") -> Course:
    """A course from a parsed TOML mapping; every problem is a DataError naming the field."""
    return _Parser(source).course(data)


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


class _Parser:
    TOP_REQUIRED = ("name", "wind_from", "wind_force", "card_size", "area", "start", "finish",
                    "marks", "rounding")
    TOP_OPTIONAL = ("description", "laps", "land", "weather_eye")

    def __init__(self, source: str) -> None:
        self.source = str(source)

    def fail(self, field_: str, message: str) -> DataError:
        return DataError(self.source, field_, message)

    def table(self, value: Any, path: str, required: Iterable[str], optional: Iterable[str] = ()) -> Mapping[str, Any]:
        required, optional = tuple(required), tuple(optional)
        if not isinstance(value, Mapping):
            raise self.fail(path, f"must be a table, got {_kind(value)}")
        for key in value:
            if key not in required and key not in optional:
                allowed = ", ".join(required + optional)
                raise self.fail(_join(path, key_name(key)), f"unknown key (allowed here: {allowed})")
        for key in required:
            if key not in value:
                raise self.fail(_join(path, key), "missing" + self._misplaced_hint(value, key))
        return value

    @staticmethod
    def _misplaced_hint(value: Mapping[str, Any], key: str) -> str:
        """TOML puts a key written after a ``[table]`` header into that table: say so."""
        for name, v in value.items():
            last = v[-1] if isinstance(v, list) and v else v
            if isinstance(last, Mapping) and key in last:
                return (f" (there is a {key!r} inside {name}: in TOML a key written after a "
                        f"[{name}] or [[{name}]] header belongs to that table; move it above the first header)")
        return ""

    def text(self, value: Any, path: str, allowed: Sequence[str] | None = None, empty_ok: bool = False) -> str:
        if not isinstance(value, str):
            raise self.fail(path, f"must be a text in quotes, got {_kind(value)}")
        if not empty_ok and not value.strip():
            raise self.fail(path, "must not be empty")
        longest = MAX_DESCRIPTION if path == "description" else MAX_NAME
        if len(value) > longest:
            raise self.fail(path, f"is {len(value):,} characters long; at most {longest}")
        if allowed is not None and value not in allowed:
            raise self.fail(path, f"must be one of {', '.join(allowed)}, got {value!r}")
        return value

    def number(self, value: Any, path: str, lo: float = -MAX_COORD, hi: float = MAX_COORD) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(path, f"must be a number (millimetres), got {_kind(value)}")
        if not math.isfinite(value):
            raise self.fail(path, "must be a finite number")
        if not lo <= value <= hi:
            raise self.fail(path, f"must be between {lo:g} and {hi:g} mm, got {value:g}")
        return float(value)

    def point(self, value: Any, path: str) -> XY:
        if not isinstance(value, (list, tuple)) or len(value) != 2:
            raise self.fail(path, f"must be a point [x, y] in millimetres, got {_kind(value)}"
                            + (f" of {len(value)} items" if isinstance(value, (list, tuple)) else ""))
        return (self.number(value[0], f"{path}[0]"), self.number(value[1], f"{path}[1]"))

    def polygon(self, value: Any, path: str) -> tuple[XY, ...]:
        if not isinstance(value, (list, tuple)):
            raise self.fail(path, f"must be a list of points [[x, y], ...], got {_kind(value)}")
        if len(value) > MAX_POINTS:
            raise self.fail(path, f"holds {len(value)} points; at most {MAX_POINTS}")
        pts = tuple(self.point(p, f"{path}[{i}]") for i, p in enumerate(value))
        problem = polygon_problem(pts)
        if problem:
            raise self.fail(path, problem)
        return pts

    def list_of_tables(self, value: Any, path: str) -> list[Mapping[str, Any]]:
        if not isinstance(value, (list, tuple)):
            raise self.fail(path, f"must be a list of tables, got {_kind(value)}")
        if len(value) > MAX_ITEMS:
            raise self.fail(path, f"holds {len(value)} items; at most {MAX_ITEMS}")
        return list(value)

    def line(self, value: Any, path: str) -> Line:
        t = self.table(value, path, ("a", "b"))
        a, b = self.point(t["a"], f"{path}.a"), self.point(t["b"], f"{path}.b")
        if math.dist(a, b) <= _EPS:
            raise self.fail(f"{path}.b", "the line's two ends are the same point")
        return Line(a, b)

    def course(self, data: Mapping[str, Any]) -> Course:
        d = self.table(data, "", self.TOP_REQUIRED, self.TOP_OPTIONAL)
        name = self.text(d["name"], "name")
        description = self.text(d.get("description", ""), "description", empty_ok=True)
        wf = d["wind_from"]
        if isinstance(wf, bool) or not isinstance(wf, int):
            raise self.fail("wind_from", f"must be whole compass degrees (a multiple of 15), got {_kind(wf)}")
        if wf % 15 or not 0 <= wf < 360:
            raise self.fail("wind_from", f"must be a multiple of 15 degrees from 0 to 345, got {wf}")
        wind_force = self.text(d["wind_force"], "wind_force", WIND_FORCES)
        card_size = self.text(d["card_size"], "card_size", tuple(CARD_SIZES))
        laps = d.get("laps", 1)
        if isinstance(laps, bool) or not isinstance(laps, int) or not 1 <= laps <= MAX_LAPS:
            raise self.fail("laps", f"must be a whole number of at least 1 and at most {MAX_LAPS}, got {laps!r}")
        area = self.polygon(d["area"], "area")
        start, finish = self.line(d["start"], "start"), self.line(d["finish"], "finish")

        marks = []
        seen: dict[str, int] = {}
        for i, raw in enumerate(self.list_of_tables(d["marks"], "marks")):
            path = f"marks[{i}]"
            t = self.table(raw, path, ("id", "at"), ("radius", "kind"))
            if not isinstance(t["id"], str):
                raise self.fail(f"{path}.id", f"must be a text in quotes (id = \"1\"), got {_kind(t['id'])}")
            mid = self.text(t["id"], f"{path}.id")
            if mid in seen:
                raise self.fail(f"{path}.id", f"mark id {mid!r} is already used by marks[{seen[mid]}]")
            seen[mid] = i
            x, y = self.point(t["at"], f"{path}.at")
            radius = self.number(t["radius"], f"{path}.radius") if "radius" in t else DEFAULT_MARK_RADIUS[card_size]
            if not 0 < radius <= MAX_MARK_RADIUS:
                raise self.fail(f"{path}.radius", f"must be positive and at most {MAX_MARK_RADIUS} mm, got {radius:g}")
            kind = self.text(t.get("kind", "buoy"), f"{path}.kind", MARK_KINDS)
            marks.append(Mark(mid, x, y, radius, kind))
        if not marks:
            raise self.fail("marks", "a course needs at least one mark")

        rounding = []
        for i, raw in enumerate(self.list_of_tables(d["rounding"], "rounding")):
            path = f"rounding[{i}]"
            if isinstance(raw, Mapping) and "gate" in raw:
                t = self.table(raw, path, ("gate",))
                g = t["gate"]
                if not isinstance(g, (list, tuple)) or len(g) != 2:
                    raise self.fail(f"{path}.gate", "must name two marks: gate = [\"3s\", \"3p\"]")
                ids = tuple(self.text(m, f"{path}.gate[{j}]") for j, m in enumerate(g))
                for j, m in enumerate(ids):
                    if m not in seen:
                        raise self.fail(f"{path}.gate[{j}]", f"no mark has the id {m!r}")
                if ids[0] == ids[1]:
                    raise self.fail(f"{path}.gate", "a gate needs two different marks")
                rounding.append(Rounding(ids, None))
            else:
                t = self.table(raw, path, ("mark", "side"))
                mid = self.text(t["mark"], f"{path}.mark") if isinstance(t["mark"], str) else None
                if mid is None:
                    raise self.fail(f"{path}.mark", f"must be a mark id in quotes, got {_kind(t['mark'])}")
                if mid not in seen:
                    raise self.fail(f"{path}.mark", f"no mark has the id {mid!r}")
                side = self.text(t["side"], f"{path}.side", SIDES)
                rounding.append(Rounding((mid,), side))
        if not rounding:
            raise self.fail("rounding", "the rounding order is empty")

        land = []
        for i, raw in enumerate(self.list_of_tables(d.get("land", []), "land")):
            path = f"land[{i}]"
            t = self.table(raw, path, ("name", "outline"))
            land.append(Land(self.text(t["name"], f"{path}.name"), self.polygon(t["outline"], f"{path}.outline")))

        eyes = []
        for i, raw in enumerate(self.list_of_tables(d.get("weather_eye", []), "weather_eye")):
            path = f"weather_eye[{i}]"
            t = self.table(raw, path, ("at",), ("long_side_along_wind",))
            x, y = self.point(t["at"], f"{path}.at")
            along = t.get("long_side_along_wind", True)
            if not isinstance(along, bool):
                raise self.fail(f"{path}.long_side_along_wind", f"must be true or false, got {_kind(along)}")
            eyes.append(FixedWeatherEye(x, y, along))

        try:
            return Course(name=name, description=description, wind_from=wf, wind_force=wind_force,
                          card_size=card_size, laps=laps, area=area, start=start, finish=finish,
                          marks=tuple(marks), rounding=tuple(rounding), land=tuple(land),
                          weather_eyes=tuple(eyes))
        except DataError as exc:
            raise self.fail(exc.field, exc.message) from None
