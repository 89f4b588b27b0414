"""The course: the table, the buoys, the start/finish line and the obstacles.

Rule text: "Placer 2 bouées blanches qui formeront la ligne de départ ainsi que les 2
autres bouées comme indiqué figure 2. La taille du plan d'eau et donc la durée de la
partie varieront en fonction du choix des joueurs." (Place two white buoys forming the
start line and the two others as figure 2 shows; the size of the water, and so the
length of the game, is the players' choice.) Figure 2 is lost: the layouts are course
files (``courses/regatta_gigamic/*.toml``), one a table size.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Mapping

import shapely
from shapely.geometry import Polygon

from dinghy.core.errors import DataError, check_table
from dinghy.games.regatta_gigamic.spot import Spot

#: Every coordinate lies within this many millimetres of the origin (the shipped
#: tables are 1.8 m at most); a polygon has at most MAX_POINTS points, a list at most
#: MAX_ITEMS buoys or obstacles, a name or id at most MAX_TEXT characters.
MAX_COORD = 50_000
MAX_POINTS = 1000
MAX_ITEMS = 200
MAX_TEXT = 200

COLOURS = ("white", "red", "green", "yellow", "orange", "black", "blue")
SIDES = ("port", "starboard")


@dataclass(frozen=True, slots=True)
class Buoy:
    id: str
    colour: str
    x: float
    y: float
    radius: float


@dataclass(frozen=True, slots=True)
class Obstacle:
    name: str
    outline: tuple[tuple[float, float], ...]


@dataclass(frozen=True, slots=True)
class Passage:
    """How a buoy is rounded: the boat's bow must wind round ``centre`` in the sense
    ``sigma`` (+1 counter-clockwise: the buoy left to port) from the entry ray (at
    ``entry`` degrees, mathematical angle, square to the leg in, on the boat's side) on
    to the exit ray, ``turn`` degrees further (square to the leg out)."""

    buoy: str
    side: str
    centre: tuple[float, float]
    entry: float
    turn: float
    sigma: int


@dataclass(frozen=True, slots=True)
class Course:
    name: str
    description: str
    area: tuple[tuple[float, float], ...]
    buoys: tuple[Buoy, ...]
    line: tuple[str, str]          # the start/finish line between these two buoys
    towards: float                 # the heading with which a boat crosses the line
    rounding: tuple[tuple[str, str], ...]
    obstacles: tuple[Obstacle, ...]
    # worked out on first use (the bots ask for them at every step they weigh); not part
    # of the course's value
    _known: dict = field(default=None, init=False, repr=False, compare=False, hash=False)  # type: ignore[assignment]

    def _memo(self) -> dict:
        known = self._known
        if known is None:
            known = {}
            object.__setattr__(self, "_known", known)
        return known

    def buoy(self, bid: str) -> Buoy:
        known = self._memo()
        b = known.get(bid)
        if b is None:
            b = known[bid] = next(b for b in self.buoys if b.id == bid)
        return b

    @property
    def line_ends(self) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = self.buoy(self.line[0]), self.buoy(self.line[1])
        return (a.x, a.y), (b.x, b.y)

    @property
    def line_middle(self) -> tuple[float, float]:
        (ax, ay), (bx, by) = self.line_ends
        return ((ax + bx) / 2, (ay + by) / 2)

    @property
    def stages(self) -> int:
        """Start, each rounding, finish."""
        return len(self.rounding) + 2

    def stage_name(self, stage: int) -> str:
        if stage == 0:
            return "the start line"
        if stage <= len(self.rounding):
            bid, side = self.rounding[stage - 1]
            return f"the {self.buoy(bid).colour} buoy ({bid}) to {side}"
        return "the finish line"

    def passage(self, k: int) -> Passage:
        """The passage of the k-th rounding (0-based)."""
        known = self._memo()
        p = known.get(k)
        if p is None:
            p = known[k] = self._passage(k)
        return p

    def _passage(self, k: int) -> Passage:
        bid, side = self.rounding[k]
        b = self.buoy(bid)
        before = self.line_middle if k == 0 else _xy(self.buoy(self.rounding[k - 1][0]))
        after = self.line_middle if k == len(self.rounding) - 1 else _xy(self.buoy(self.rounding[k + 1][0]))
        sigma = 1 if side == "port" else -1
        d_in = math.degrees(math.atan2(b.y - before[1], b.x - before[0]))
        d_out = math.degrees(math.atan2(after[1] - b.y, after[0] - b.x))
        # the boat's side of a leg: right of it for port (the buoy on the left)
        entry = d_in - 90.0 * sigma
        exit_ = d_out - 90.0 * sigma
        turn = ((exit_ - entry) * sigma) % 360.0
        return Passage(bid, side, (b.x, b.y), entry % 360.0, turn, sigma)

    def area_polygon(self) -> Polygon:
        return Polygon(self.area)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "course") -> "Course":
        return _parse(data, source)


def _xy(b: Buoy) -> tuple[float, float]:
    return (b.x, b.y)


def start_slots(course: Course, spacing: float, behind: float, hull: float, beam: float) -> list[Spot]:
    """Where boats may be set down "juste derrière la ligne de départ": bows ``behind``
    mm short of the line, heading across it, ``spacing`` apart, clear of the buoys."""
    (ax, ay), (bx, by) = course.line_ends
    width = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / width, (by - ay) / width
    r = math.radians(course.towards)
    fx, fy = math.sin(r), math.cos(r)
    n = int(width // spacing)
    spots = []
    for k in range(n):
        along = (k + 0.5) * width / n
        x, y = ax + ux * along - fx * behind, ay + uy * along - fy * behind
        spots.append(Spot(x, y, course.towards % 360.0))
    keep = []
    for s in spots:
        clear = all(math.hypot(s.x - b.x, s.y - b.y) > b.radius + beam / 2 + 2
                    and math.hypot(s.x - hull * fx - b.x, s.y - hull * fy - b.y) > b.radius + beam / 2 + 2
                    for b in course.buoys)
        if clear:
            keep.append(s)
    return keep


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _point(v: Any, source: str, field: str) -> tuple[float, float]:
    if not isinstance(v, list) or len(v) != 2 or not all(_num(c) and abs(c) <= MAX_COORD for c in v):
        raise DataError(source, field, f"must be a point [x, y] in mm, each from {-MAX_COORD} to {MAX_COORD}")
    return (float(v[0]), float(v[1]))


def _polygon(v: Any, source: str, field: str) -> tuple[tuple[float, float], ...]:
    if not isinstance(v, list) or not 3 <= len(v) <= MAX_POINTS:
        raise DataError(source, field, f"must be a list of 3 to {MAX_POINTS} points")
    pts = tuple(_point(p, source, f"{field}[{i}]") for i, p in enumerate(v))
    poly = Polygon(pts)
    if not poly.is_valid or poly.area <= 0:
        raise DataError(source, field, "is not a simple polygon (its edges cross or it has no area)")
    return pts


def _text(data: Mapping[str, Any], key: str, source: str, field: str) -> str:
    v = data.get(key)
    if not isinstance(v, str) or not v:
        raise DataError(source, field, "missing or not text")
    if len(v) > MAX_TEXT:
        raise DataError(source, field, f"is {len(v):,} characters long; at most {MAX_TEXT}")
    return v


def _parse(data: Mapping[str, Any], source: str) -> Course:
    check_table(data, {"name", "description", "area", "buoys", "line", "rounding", "obstacles"}, source)
    name = _text(data, "name", source, "name")
    description = data.get("description", "")
    if not isinstance(description, str) or len(description) > 20 * MAX_TEXT:
        raise DataError(source, "description", f"must be text of at most {20 * MAX_TEXT} characters")
    area = _polygon(data.get("area"), source, "area")
    area_poly = Polygon(area)
    raw_buoys = data.get("buoys")
    if not isinstance(raw_buoys, list) or not 3 <= len(raw_buoys) <= MAX_ITEMS:
        raise DataError(source, "buoys", "must list at least three buoys (two for the line, one to round)")
    buoys: list[Buoy] = []
    for i, rb in enumerate(raw_buoys):
        f = f"buoys[{i}]"
        check_table(rb, {"id", "colour", "at", "radius"}, source, f)
        bid = _text(rb, "id", source, f"{f}.id")
        if any(b.id == bid for b in buoys):
            raise DataError(source, f"{f}.id", f"{bid!r} is used twice")
        colour = rb.get("colour")
        if not isinstance(colour, str) or colour not in COLOURS:
            raise DataError(source, f"{f}.colour", f"must be one of {', '.join(COLOURS)}")
        x, y = _point(rb.get("at"), source, f"{f}.at")
        radius = rb.get("radius", 12)
        if not _num(radius) or not 2 <= radius <= 100:
            raise DataError(source, f"{f}.radius", "must be 2 to 100 mm")
        if not area_poly.contains(shapely.Point(x, y).buffer(float(radius))):
            raise DataError(source, f"{f}.at", "the buoy is not on the table (area)")
        buoys.append(Buoy(bid, colour, x, y, float(radius)))
    ids = {b.id for b in buoys}
    line = data.get("line")
    if not isinstance(line, Mapping) or set(line) - {"a", "b", "towards"}:
        raise DataError(source, "line", "must be a table with a, b (buoy ids) and towards (a heading)")
    la, lb = line.get("a"), line.get("b")
    for key, v in (("a", la), ("b", lb)):
        if not isinstance(v, str) or v not in ids:
            raise DataError(source, f"line.{key}", f"{v!r} is not a buoy of this course")
    if la == lb:
        raise DataError(source, "line.b", "the line needs two different buoys")
    ba = next(b for b in buoys if b.id == la)
    bb = next(b for b in buoys if b.id == lb)
    if math.hypot(ba.x - bb.x, ba.y - bb.y) < 50:
        raise DataError(source, "line.b", "the line's buoys must stand at least 50 mm apart")
    towards = line.get("towards")
    if not _num(towards) or not 0 <= towards < 360:
        raise DataError(source, "line.towards", "must be a heading in degrees, 0 to 359")
    rounding_raw = data.get("rounding")
    if not isinstance(rounding_raw, list) or not rounding_raw:
        raise DataError(source, "rounding", "must list the buoys to round, in order")
    rounding = []
    for i, r in enumerate(rounding_raw):
        f = f"rounding[{i}]"
        if not isinstance(r, Mapping) or set(r) - {"buoy", "side"}:
            raise DataError(source, f, "must be a table with buoy and side")
        if not isinstance(r.get("buoy"), str) or r["buoy"] not in ids or r["buoy"] in (la, lb):
            raise DataError(source, f"{f}.buoy", f"{r.get('buoy')!r} is not a buoy of this course off the line")
        if not isinstance(r.get("side", "port"), str) or r.get("side", "port") not in SIDES:
            raise DataError(source, f"{f}.side", "must be port or starboard")
        rounding.append((r["buoy"], r.get("side", "port")))
    obstacles = []
    raw_obstacles = data.get("obstacles", [])
    if not isinstance(raw_obstacles, list) or len(raw_obstacles) > MAX_ITEMS:
        raise DataError(source, "obstacles", f"must be a list of at most {MAX_ITEMS} tables (name, outline)")
    for i, o in enumerate(raw_obstacles):
        f = f"obstacles[{i}]"
        if not isinstance(o, Mapping) or set(o) - {"name", "outline"}:
            raise DataError(source, f, "must be a table with name and outline")
        obstacles.append(Obstacle(_text(o, "name", source, f"{f}.name"), _polygon(o.get("outline"), source, f"{f}.outline")))
    course = Course(name, description, area, tuple(buoys), (la, lb), float(towards), tuple(rounding), tuple(obstacles))
    for k in range(len(rounding)):
        p = course.passage(k)
        if not 20 <= p.turn <= 340:
            raise DataError(source, f"rounding[{k}]", f"the course turns {p.turn:.0f}° at {p.buoy}: "
                            "a buoy to round must turn the course by 20° to 340°")
    for i, o in enumerate(obstacles):
        poly = Polygon(o.outline)
        for b in buoys:
            if poly.distance(shapely.Point(b.x, b.y)) <= b.radius:
                raise DataError(source, f"obstacles[{i}].outline", f"touches buoy {b.id}")
    return course
