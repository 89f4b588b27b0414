"""The race course: playing area, marks, start and finish lines, land, rounding order.

A pure model (no files, no pyglet); a course file is read by
:func:`dinghy.games.dinghy_race.data.load_course`, which hands the parsed TOML to
:func:`dinghy.games.dinghy_race.course_reading.read_course` (every field checked, every
problem a DataError naming the field). Geometry is shapely 2 and follows
:mod:`dinghy.core.geometry`: millimetres, x east, y north, compass headings; ``wind_from`` is
the compass direction the wind comes FROM.

The module holds the model and the functions that follow a boat round it (they read the
course's cache of passages and targets, built once with the course); reading the file
form is :mod:`dinghy.games.dinghy_race.course_reading`.

Field paths in errors and findings are dotted, with 0-based indexes: ``marks[2].at`` is
the ``at`` key of the third ``[[marks]]`` table.

Sailing the course
------------------
``Course.legs`` is the rounding order of one lap repeated ``laps`` times; after the
last leg the boat sails for the finish line. A boat's place on the course is a
:class:`RoundingState` (legs done, and where it stands at the current mark), advanced
move by move with :func:`rounding_progress` from the path of the boat's reference
point (the engine uses the bow).
The exact rounding rules (rays, gates, the rounding sector) are in
:mod:`dinghy.games.dinghy_race.rounding`; :func:`dinghy.games.dinghy_race.course_checks.validate`
judges a course fair or not.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Iterable, Sequence

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from dinghy.core.errors import DataError
from dinghy.core.geometry import (GeometryError, Pose, heading_vector, normalize_heading,
                             rectangle_outline, shape_at)
from dinghy.games.dinghy_race.rounding import (XY, _EPS, GatePassage, MarkPassage, cross,
                                             dot, left, unit)

#: card size -> (card length, card width, hull length) in mm (rule text: small cards
#: 67 x 43 with the 3M boats, 1.7 cm hulls; standard 89 x 58 with the Gigamic boats,
#: 6.2 cm hulls).
CARD_SIZES: dict[str, tuple[float, float, float]] = {
    "small": (67.0, 43.0, 17.0),
    "standard": (89.0, 58.0, 62.0),
}
#: Default buoy radius for each card size (the game's own buoys, roughly).
DEFAULT_MARK_RADIUS: dict[str, float] = {"small": 6.0, "standard": 12.0}
WIND_FORCES = ("light", "medium", "strong")
SIDES = ("port", "starboard")
MARK_KINDS = ("buoy",)
MAX_LAPS = 50               # a course file asking for more laps than any race sails is a typo

#: "Set the course up with a size that the up-wind leg is at least 10 times the card size."
MIN_FIRST_LEG_CARDS = 10
#: A start line more than this many degrees from square to the wind draws a warning
#: (one heading step: beyond it one end of the line is a whole step closer to the wind).
START_SQUARE_TOLERANCE = 15.0
#: A mark the course turns away from by so much that boats must loop more than this many
#: degrees round it draws a warning (a U-turn is 180°).
LOOP_WARNING = 210.0
#: Weight of one leg in :func:`progress`; any distance on a table is far smaller.
LEG_WEIGHT = 1.0e7

_MARK_QUAD_SEGS = 16


# --- small value types ----------------------------------------------------------------

def _xy(p: Sequence[float]) -> XY:
    return (float(p[0]), float(p[1]))


def _prepared(geom: BaseGeometry) -> BaseGeometry:
    shapely.prepare(geom)
    return geom


@lru_cache(maxsize=1024)
def _disc(x: float, y: float, radius: float) -> Polygon:
    """A buoy's disc, prepared (kept: a shape never changes, and courses read again, or
    built anew with one mark moved, ask for the same discs again)."""
    return _prepared(Point(x, y).buffer(radius, quad_segs=_MARK_QUAD_SEGS))


@dataclass(frozen=True, slots=True)
class Line:
    """A start or finish line between two points (its ends are buoys)."""

    a: XY
    b: XY
    geometry: LineString = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "a", _xy(self.a))
        object.__setattr__(self, "b", _xy(self.b))
        object.__setattr__(self, "geometry", _prepared(LineString([self.a, self.b])))

    @property
    def length(self) -> float:
        return math.dist(self.a, self.b)

    @property
    def midpoint(self) -> XY:
        return ((self.a[0] + self.b[0]) / 2.0, (self.a[1] + self.b[1]) / 2.0)


@dataclass(frozen=True, slots=True)
class Mark:
    """A buoy: a disc no boat or card may touch."""

    id: str
    x: float
    y: float
    radius: float
    kind: str = "buoy"
    geometry: Polygon = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))
        object.__setattr__(self, "radius", float(self.radius))
        if not self.radius > 0:
            raise ValueError(f"mark {self.id!r}: radius must be positive")
        object.__setattr__(self, "geometry", _disc(self.x, self.y, self.radius))

    @property
    def xy(self) -> XY:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Rounding:
    """One entry of the rounding order: a mark and its side, or a gate of two marks."""

    mark_ids: tuple[str, ...]
    side: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "mark_ids", tuple(self.mark_ids))
        if len(self.mark_ids) == 1 and self.side not in SIDES:
            raise ValueError(f"rounding of mark {self.mark_ids[0]!r} needs a side, port or starboard")
        if len(self.mark_ids) == 2 and self.side is not None:
            raise ValueError("a gate has no side")
        if len(self.mark_ids) not in (1, 2):
            raise ValueError("a rounding names one mark, or two for a gate")

    @property
    def is_gate(self) -> bool:
        return len(self.mark_ids) == 2

    @property
    def label(self) -> str:
        """``1P``, ``3S`` (the rule text's notation) or ``3s/3p`` for a gate."""
        if self.is_gate:
            return "/".join(self.mark_ids)
        return f"{self.mark_ids[0]}{'P' if self.side == 'port' else 'S'}"


@dataclass(frozen=True, slots=True)
class Land:
    """An island, coast or cape: a polygon no boat or card may touch."""

    name: str
    outline: tuple[XY, ...]
    polygon: Polygon = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "outline", tuple(_xy(p) for p in self.outline))
        object.__setattr__(self, "polygon", _prepared(Polygon(self.outline)))


@dataclass(frozen=True, slots=True)
class FixedWeatherEye:
    """A Weather Eye card fixed to the chart ("winds bent on capes"); it never drifts."""

    x: float
    y: float
    long_side_along_wind: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))
        object.__setattr__(self, "long_side_along_wind", bool(self.long_side_along_wind))


@dataclass(frozen=True, slots=True)
class Finding:
    """A problem :func:`validate` found; ``at`` is the point to highlight on the chart."""

    level: str          # "error" or "warning"
    field: str          # dotted field path, as in DataError
    message: str
    at: XY | None = None
    code: str = ""      # stable short name, e.g. "mark-on-land"


@dataclass(frozen=True, slots=True)
class RoundingState:
    """Where a boat is on the course: legs completed and its count at the current mark.

    ``stage`` is None until the first track of the current leg has been seen (it is then
    read from where the boat is); for a mark it is the net count of ray crossings (done
    at 2), for a gate the net count of crossings (done at 1).
    """

    legs_done: int = 0
    stage: int | None = None



# --- the course -----------------------------------------------------------------------

class _Cache:
    """Derived geometry, built once per course (not part of equality)."""

    __slots__ = ("marks_by_id", "legs", "targets", "target_shapes", "passages", "area", "land_union",
                 "obstacles", "obstacle_union", "start_buoys", "finish_buoys")


def _fail(field_: str, message: str) -> DataError:
    return DataError("course", field_, message)


def polygon_problem(coords: tuple[XY, ...]) -> str | None:
    if len(coords) < 3:
        return f"a polygon needs at least 3 points, got {len(coords)}"
    poly = Polygon(coords)
    if not poly.is_valid:
        return f"not a valid polygon ({shapely.is_valid_reason(poly)})"
    if poly.area <= 0:
        return "the polygon encloses no area"
    return None


@dataclass(frozen=True, slots=True)
class Course:
    """A race course. Build one from its file form with
    :func:`~dinghy.games.dinghy_race.course_reading.read_course` (checks every field)."""

    name: str
    wind_from: int
    wind_force: str
    card_size: str
    area: tuple[XY, ...]
    start: Line
    finish: Line
    marks: tuple[Mark, ...]
    rounding: tuple[Rounding, ...]
    laps: int = 1
    land: tuple[Land, ...] = ()
    weather_eyes: tuple[FixedWeatherEye, ...] = ()
    description: str = ""
    _cache: _Cache = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        try:
            set_(self, "wind_from", normalize_heading(self.wind_from))
        except GeometryError as exc:
            raise _fail("wind_from", str(exc)) from None
        if self.wind_force not in WIND_FORCES:
            raise _fail("wind_force", f"must be one of {', '.join(WIND_FORCES)}, got {self.wind_force!r}")
        if self.card_size not in CARD_SIZES:
            raise _fail("card_size", f"must be one of {', '.join(CARD_SIZES)}, got {self.card_size!r}")
        if isinstance(self.laps, bool) or not isinstance(self.laps, int) or not 1 <= self.laps <= MAX_LAPS:
            raise _fail("laps", f"must be a whole number of at least 1 and at most {MAX_LAPS}, got {self.laps!r}")
        set_(self, "area", tuple(_xy(p) for p in self.area))
        for name in ("marks", "rounding", "land", "weather_eyes"):
            set_(self, name, tuple(getattr(self, name)))
        problem = polygon_problem(self.area)
        if problem:
            raise _fail("area", problem)
        for i, land in enumerate(self.land):
            problem = polygon_problem(land.outline)
            if problem:
                raise _fail(f"land[{i}].outline", problem)
        for name in ("start", "finish"):
            if getattr(self, name).length <= _EPS:
                raise _fail(f"{name}.b", "the line's two ends are the same point")
        if not self.marks:
            raise _fail("marks", "a course needs at least one mark")
        by_id: dict[str, Mark] = {}
        for i, mark in enumerate(self.marks):
            if mark.id in by_id:
                raise _fail(f"marks[{i}].id", f"mark id {mark.id!r} is used twice")
            by_id[mark.id] = mark
        if not self.rounding:
            raise _fail("rounding", "the rounding order is empty")
        for i, r in enumerate(self.rounding):
            key = "gate" if r.is_gate else "mark"
            for mid in r.mark_ids:
                if mid not in by_id:
                    raise _fail(f"rounding[{i}].{key}", f"no mark has the id {mid!r}")
            if r.is_gate and r.mark_ids[0] == r.mark_ids[1]:
                raise _fail(f"rounding[{i}].gate", "a gate needs two different marks")

        cache = _Cache()
        cache.marks_by_id = by_id
        legs = self.rounding * self.laps
        cache.legs = legs
        targets = []
        for r in legs:
            pts = [by_id[m].xy for m in r.mark_ids]
            targets.append(pts[0] if len(pts) == 1 else
                           ((pts[0][0] + pts[1][0]) / 2.0, (pts[0][1] + pts[1][1]) / 2.0))
        cache.targets = tuple(targets)
        shapes: list[BaseGeometry | None] = []
        for r in legs:          # None: a mark, measured by plain distance to its centre
            shapes.append(_prepared(LineString([by_id[m].xy for m in r.mark_ids])) if r.is_gate else None)
        shapes.append(self.finish.geometry)
        cache.target_shapes = tuple(shapes)
        chain = [self.start.midpoint, *targets, self.finish.midpoint]
        passages: list[MarkPassage | GatePassage] = []
        n = len(self.rounding)
        for k in range(len(legs) + 1):
            if math.dist(chain[k], chain[k + 1]) <= 1e-6:
                if k == len(legs):
                    raise _fail(f"rounding[{n - 1}]", "the last target is the finish line's middle: "
                                "the last leg has no length")
                raise _fail(f"rounding[{k % n}]", "this target is where the previous leg began: "
                            "the leg has no length")
        for k, r in enumerate(legs):
            prev, here, nxt = chain[k], chain[k + 1], chain[k + 2]
            where = f"rounding[{k % n}]"
            d_in = unit(here[0] - prev[0], here[1] - prev[1])
            if r.is_gate:
                a, b = (by_id[m].xy for m in r.mark_ids)
                g = unit(b[0] - a[0], b[1] - a[1])
                if abs(cross(g, d_in)) < 1e-6:
                    raise _fail(f"{where}.gate", "the course runs along the gate, not through it")
                passages.append(GatePassage.build(a, b, d_in))
            else:
                d_out = unit(nxt[0] - here[0], nxt[1] - here[1])
                passages.append(MarkPassage.build(here, r.side, d_in, d_out))
        cache.passages = tuple(passages)
        cache.area = _prepared(Polygon(self.area))
        lands = [land.polygon for land in self.land]
        cache.land_union = _prepared(shapely.union_all(lands)) if lands else None
        cache.obstacles = tuple([m.geometry for m in self.marks] + lands)
        cache.obstacle_union = _prepared(shapely.union_all(list(cache.obstacles)))
        r0 = self.mark_radius
        cache.start_buoys = tuple(_disc(*p, r0) for p in (self.start.a, self.start.b))
        cache.finish_buoys = tuple(_disc(*p, r0) for p in (self.finish.a, self.finish.b))
        set_(self, "_cache", cache)

    # -- sizes --------------------------------------------------------------------------
    @property
    def card_length(self) -> float:
        return CARD_SIZES[self.card_size][0]

    @property
    def card_width(self) -> float:
        return CARD_SIZES[self.card_size][1]

    @property
    def hull_length(self) -> float:
        return CARD_SIZES[self.card_size][2]

    @property
    def mark_radius(self) -> float:
        """The default buoy radius for this card size (also the line-end buoys)."""
        return DEFAULT_MARK_RADIUS[self.card_size]

    # -- derived geometry ---------------------------------------------------------------
    @property
    def legs(self) -> tuple[Rounding, ...]:
        """Every rounding of the race in order: one lap's order repeated ``laps`` times."""
        return self._cache.legs

    def mark(self, mark_id: str) -> Mark:
        return self._cache.marks_by_id[mark_id]

    @property
    def area_polygon(self) -> Polygon:
        return self._cache.area

    @property
    def land_union(self) -> BaseGeometry | None:
        return self._cache.land_union

    @property
    def obstacles(self) -> tuple[BaseGeometry, ...]:
        """Fixed shapes no boat or card may touch: every mark's disc, then every land polygon.

        The line-end buoys are not included: the start line is removed once every boat
        has started and the finish line is set up for the last leg (see ``start_buoys``).
        """
        return self._cache.obstacles

    @property
    def obstacle_union(self) -> BaseGeometry:
        """All of :attr:`obstacles` as one prepared geometry (one ``intersects`` call)."""
        return self._cache.obstacle_union

    @property
    def start_buoys(self) -> tuple[BaseGeometry, BaseGeometry]:
        return self._cache.start_buoys

    @property
    def finish_buoys(self) -> tuple[BaseGeometry, BaseGeometry]:
        return self._cache.finish_buoys

    def weather_eye_shape(self, eye: FixedWeatherEye) -> Polygon:
        """The card a fixed Weather Eye marker covers, centred on its point."""
        length, width = self.card_length, self.card_width
        along, across = (length, width) if eye.long_side_along_wind else (width, length)
        return shape_at(Pose(eye.x, eye.y, self.wind_from), rectangle_outline(across, along, along / 2.0))

    # -- file form ----------------------------------------------------------------------
    def to_mapping(self) -> dict[str, Any]:
        """The file form of the course, the inverse of
        :func:`dinghy.games.dinghy_race.course_reading.read_course` (plain dicts, lists,
        str, int, float, bool)."""
        default_r = self.mark_radius
        out: dict[str, Any] = {"name": self.name}
        if self.description:
            out["description"] = self.description
        out.update(wind_from=self.wind_from, wind_force=self.wind_force,
                   card_size=self.card_size, laps=self.laps,
                   area=[_point_out(p) for p in self.area],
                   start={"a": _point_out(self.start.a), "b": _point_out(self.start.b)},
                   finish={"a": _point_out(self.finish.a), "b": _point_out(self.finish.b)})
        marks = []
        for m in self.marks:
            d: dict[str, Any] = {"id": m.id, "at": _point_out(m.xy)}
            if m.radius != default_r:
                d["radius"] = _num_out(m.radius)
            if m.kind != "buoy":
                d["kind"] = m.kind
            marks.append(d)
        out["marks"] = marks
        out["rounding"] = [{"gate": list(r.mark_ids)} if r.is_gate else
                           {"mark": r.mark_ids[0], "side": r.side} for r in self.rounding]
        if self.land:
            out["land"] = [{"name": land.name, "outline": [_point_out(p) for p in land.outline]}
                           for land in self.land]
        if self.weather_eyes:
            out["weather_eye"] = [{"at": _point_out((w.x, w.y)),
                                   "long_side_along_wind": w.long_side_along_wind}
                                  for w in self.weather_eyes]
        return out


def _num_out(v: float) -> int | float:
    return int(v) if float(v).is_integer() and abs(v) < 2**53 else v


def _point_out(p: XY) -> list[int | float]:
    return [_num_out(p[0]), _num_out(p[1])]


# --- sailing the course ------------------------------------------------------------------

def leg_target(course: Course, leg_index: int) -> XY:
    """Where leg ``leg_index`` leads: its mark, its gate's middle, or the finish line's middle."""
    if leg_index < 0:
        raise IndexError(f"no leg {leg_index}")
    if leg_index >= len(course.legs):
        return course.finish.midpoint
    return course._cache.targets[leg_index]


def leg_origin(course: Course, leg_index: int) -> XY:
    """Where leg ``leg_index`` begins: the start line's middle or the previous target."""
    return course.start.midpoint if leg_index <= 0 else leg_target(course, leg_index - 1)


def _points(track: Iterable[Sequence[float]]) -> list[XY]:
    return [(float(p[0]), float(p[1])) for p in track]


def rounding_progress(course: Course, state: RoundingState,
                      track: Iterable[Sequence[float]]) -> RoundingState:
    """The state after the boat's reference point has followed ``track`` (a polyline).

    Feed the moves of one boat in order, each track beginning where the last one ended.
    A mark or gate counts only on the current leg, so a skipped mark blocks every later
    one until the boat goes back. Once every leg is done the state stays put; the boat
    then finishes by touching the finish line (:func:`crosses_line`).
    """
    pts = _points(track)
    legs_done, stage = state.legs_done, state.stage
    n = len(course.legs)
    if legs_done >= n or not pts:
        return state
    passages = course._cache.passages
    if stage is None:
        stage = passages[legs_done].initial_stage(pts[0])
    # segments that cross no line of the current passage's rays are skipped while that
    # passage is current (the same side tests ``events`` makes; once a leg is done the
    # rest of the track is asked in full)
    flips: list[bool] | None = passages[legs_done].flips(pts)
    if not any(flips):
        return RoundingState(legs_done, stage)      # no event on any segment: nothing changes
    for k, (p, q) in enumerate(zip(pts, pts[1:])):
        if flips is not None and not flips[k]:
            continue
        while legs_done < n:
            psg = passages[legs_done]
            done_at = None
            for t, delta in psg.events(p, q):
                stage += delta
                if stage >= psg.goal:
                    done_at = t
                    break
            if done_at is None:
                break
            legs_done += 1
            flips = None
            p = (p[0] + done_at * (q[0] - p[0]), p[1] + done_at * (q[1] - p[1]))
            stage = passages[legs_done].initial_stage(p) if legs_done < n else 0
        if legs_done >= n:
            break
    return RoundingState(legs_done, stage)


def course_complete(course: Course, state: RoundingState) -> bool:
    """Every mark rounded: the boat is on the last leg, sailing for the finish line."""
    return state.legs_done >= len(course.legs)


def crosses_line(line: Line, swept: BaseGeometry) -> bool:
    """Whether a boat's swept shape touches (or passes beyond) a line.

    "Each boat finishes the race the moment it touches (or moves beyond) the finish
    line; the boat itself counts, not its manoeuvre card." Pass the area the hull swept
    during its move (or at least a shape joining its start and end positions), never the
    card.
    """
    return bool(line.geometry.intersects(swept))


def finishes(course: Course, state: RoundingState, swept: BaseGeometry) -> bool:
    """The boat has rounded everything and its hull touches the finish line."""
    return course_complete(course, state) and crosses_line(course.finish, swept)


def _distance_to_target(course: Course, leg_index: int, x: float, y: float) -> float:
    shape = course._cache.target_shapes[leg_index]
    if shape is None:
        return math.dist(course._cache.targets[leg_index], (x, y))
    return shape.distance(Point(x, y))


def progress(course: Course, legs_done: int, x: float, y: float) -> float:
    """How far along the course a boat is: larger is ahead.

    Rule text: "'Ahead' is defined as 'farthest advanced towards the next buoy or the
    finish line' ... If the boats are on different legs of the race course, the boat that
    has already rounded more buoys is ahead." Legs done dominate; then the nearer boat
    to the next mark (a gate's segment, the finish line) is ahead.
    """
    legs_done = max(0, min(legs_done, len(course.legs)))
    return legs_done * LEG_WEIGHT - _distance_to_target(course, legs_done, x, y)


def _upwind_normal(course: Course) -> XY:
    """Unit normal of the start line pointing to its upwind side."""
    line = course.start
    n = left(unit(line.b[0] - line.a[0], line.b[1] - line.a[1]))
    wind = heading_vector(course.wind_from)      # points where the wind comes from
    s = dot(n, (float(wind[0]), float(wind[1])))
    if abs(s) < 1e-6:                            # line along the wind: the first mark decides
        t = leg_target(course, 0)
        s = dot(n, (t[0] - line.a[0], t[1] - line.a[1]))
    return n if s > 0 else (-n[0], -n[1])


def side_of_start(course: Course, x: float, y: float) -> str:
    """``"pre"`` downwind of the start line (where boats wait), ``"post"`` on it or upwind.

    The line is taken as infinite: "positions downwind of this line are OK, upwind
    positions are not". Touching the line itself is the caller's test (crosses_line).
    """
    n = _upwind_normal(course)
    a = course.start.a
    return "post" if dot(n, (x - a[0], y - a[1])) >= 0 else "pre"
