"""Edits: each takes a course (an immutable value) and returns a new one, or raises
:class:`EditError` with a message a race officer understands. Marks, the rounding order,
start and finish lines, land, the playing area, Weather Eye markers, the whole course.
"""
from __future__ import annotations

import math
from typing import Any, Iterable, Sequence
from shapely.geometry import Polygon
from dinghy.games.dinghy_race.course import DEFAULT_MARK_RADIUS, WIND_FORCES, XY, Course, FixedWeatherEye, Land, Line, Mark, Rounding
from dinghy.core.geometry import GeometryError, normalize_heading
from dinghy.games.dinghy_race.designer.common import EditError, PRESTART_CARDS, ROTATE_DECIMALS, TEMPLATE_MARGIN_CARDS, check_side, checked_index, mark_index, as_point, rebuild, card_length, next_mark_id


# --- marks ---------------------------------------------------------------------------------

def move_mark(course: Course, mark_id: str, at: Sequence[float]) -> Course:
    i = mark_index(course, mark_id)
    marks = list(course.marks)
    m = marks[i]
    marks[i] = Mark(m.id, *as_point(at), m.radius, m.kind)
    return rebuild(course, marks=tuple(marks))


def add_mark(course: Course, at: Sequence[float], mark_id: str | None = None,
             side: str | None = "port", radius: float | None = None) -> Course:
    """A new buoy; with a ``side`` it is also appended to the rounding order (last
    before the finish), else it is just an obstacle until you put it in the order."""
    mid = next_mark_id(course) if mark_id is None else str(mark_id)
    if not mid.strip():
        raise EditError("a mark needs an id")
    if any(m.id == mid for m in course.marks):
        raise EditError(f"mark id {mid!r} is already used")
    r = course.mark_radius if radius is None else float(radius)
    marks = course.marks + (Mark(mid, *as_point(at), r),)
    rounding = course.rounding
    if side is not None:
        rounding = rounding + (Rounding((mid,), check_side(side)),)
    return rebuild(course, marks=marks, rounding=rounding)


def _squeeze(rounding: Iterable[Rounding]) -> tuple[Rounding, ...]:
    """Drop an entry that repeats the one before it (it would be a leg of no length)."""
    out: list[Rounding] = []
    for r in rounding:
        if not out or out[-1].mark_ids != r.mark_ids:
            out.append(r)
    return tuple(out)


def delete_mark(course: Course, mark_id: str) -> Course:
    """Remove a buoy and every rounding (and gate) that names it."""
    mark_index(course, mark_id)
    marks = tuple(m for m in course.marks if m.id != mark_id)
    if not marks:
        raise EditError("a course needs at least one mark: add another before deleting this one")
    rounding = _squeeze(r for r in course.rounding if mark_id not in r.mark_ids)
    if not rounding:
        raise EditError(f"mark {mark_id} is the only mark in the rounding order: "
                        "put another mark in the order first")
    return rebuild(course, marks=marks, rounding=rounding)


def rename_mark(course: Course, mark_id: str, new_id: str) -> Course:
    i = mark_index(course, mark_id)
    new_id = str(new_id)
    if not new_id.strip():
        raise EditError("a mark needs an id")
    if new_id != mark_id and any(m.id == new_id for m in course.marks):
        raise EditError(f"mark id {new_id!r} is already used")
    marks = list(course.marks)
    m = marks[i]
    marks[i] = Mark(new_id, m.x, m.y, m.radius, m.kind)
    rounding = tuple(Rounding(tuple(new_id if x == mark_id else x for x in r.mark_ids), r.side)
                     for r in course.rounding)
    return rebuild(course, marks=tuple(marks), rounding=rounding)


# --- the rounding order --------------------------------------------------------------------

def _entry(course: Course, target: str | Sequence[str], side: str | None) -> Rounding:
    ids = (target,) if isinstance(target, str) else tuple(target)
    for mid in ids:
        mark_index(course, mid)
    if len(ids) == 1:
        return Rounding(ids, check_side(side or "port"))
    if len(ids) == 2:
        if ids[0] == ids[1]:
            raise EditError("a gate needs two different marks")
        return Rounding(ids, None)
    raise EditError("a rounding names one mark, or two for a gate")


def set_rounding_side(course: Course, index: int, side: str) -> Course:
    i = checked_index(course.rounding, index, "rounding")
    r = course.rounding[i]
    if r.is_gate:
        raise EditError(f"gate {r.label} has no side: boats sail between its marks")
    rounding = list(course.rounding)
    rounding[i] = Rounding(r.mark_ids, check_side(side))
    return rebuild(course, rounding=tuple(rounding))


def toggle_rounding_side(course: Course, index: int) -> Course:
    r = course.rounding[checked_index(course.rounding, index, "rounding")]
    return set_rounding_side(course, index, "starboard" if r.side == "port" else "port")


def insert_rounding(course: Course, index: int, target: str | Sequence[str],
                    side: str | None = "port") -> Course:
    """Insert a rounding (a mark id, or two ids for a gate) before entry ``index``
    (``len(course.rounding)`` appends). The same mark may be rounded several times
    ("round mark 2 twice"), but not twice in a row."""
    if not isinstance(index, int) or not 0 <= index <= len(course.rounding):
        raise EditError(f"a rounding can go at 0 to {len(course.rounding)}, not {index!r}")
    entry = _entry(course, target, side)
    rounding = list(course.rounding)
    rounding.insert(index, entry)
    _no_repeats(rounding, course.laps)
    return rebuild(course, rounding=tuple(rounding))


def append_rounding(course: Course, target: str | Sequence[str], side: str | None = "port") -> Course:
    return insert_rounding(course, len(course.rounding), target, side)


def _no_repeats(rounding: Sequence[Rounding], laps: int) -> None:
    for a, b in zip(rounding, rounding[1:]):
        if a.mark_ids == b.mark_ids:
            raise EditError(f"{b.label} would follow {a.label} straight away: a leg needs a "
                            "mark in between")
    if laps > 1 and rounding and rounding[0].mark_ids == rounding[-1].mark_ids:
        raise EditError(f"with {laps} laps the order would round {rounding[0].label} twice in a "
                        "row (end of one lap, start of the next)")


def remove_rounding(course: Course, index: int) -> Course:
    i = checked_index(course.rounding, index, "rounding")
    if len(course.rounding) == 1:
        raise EditError("the rounding order cannot be empty: a course needs at least one mark to round")
    rounding = list(course.rounding)
    del rounding[i]
    _no_repeats(rounding, course.laps)
    return rebuild(course, rounding=tuple(rounding))


def move_rounding(course: Course, index: int, new_index: int) -> Course:
    """Move one entry of the order to a new place (both 0-based, in the current order)."""
    i = checked_index(course.rounding, index, "rounding")
    j = checked_index(course.rounding, new_index, "place in the order")
    rounding = list(course.rounding)
    rounding.insert(j, rounding.pop(i))
    _no_repeats(rounding, course.laps)
    return rebuild(course, rounding=tuple(rounding))


def set_rounding(course: Course, entries: Iterable[Rounding]) -> Course:
    """Replace the whole order at once."""
    rounding = tuple(entries)
    if not rounding:
        raise EditError("the rounding order cannot be empty")
    _no_repeats(rounding, course.laps)
    return rebuild(course, rounding=rounding)


def make_gate(course: Course, index: int, other_mark: str) -> Course:
    """Turn a mark rounding into a gate between its mark and ``other_mark``."""
    i = checked_index(course.rounding, index, "rounding")
    r = course.rounding[i]
    if r.is_gate:
        raise EditError(f"{r.label} is already a gate")
    rounding = list(course.rounding)
    rounding[i] = _entry(course, (r.mark_ids[0], other_mark), None)
    _no_repeats(rounding, course.laps)
    return rebuild(course, rounding=tuple(rounding))


# --- start and finish ----------------------------------------------------------------------

def _which(which: str) -> str:
    if which not in ("start", "finish"):
        raise EditError(f"a line is the start or the finish, not {which!r}")
    return which


def finish_is_start(course: Course) -> bool:
    return course.finish == course.start


def set_line(course: Course, which: str, a: Sequence[float], b: Sequence[float],
             keep_linked: bool = True) -> Course:
    """Set both ends of the start or finish line. When the finish is the start line
    (an up-and-down course) and ``keep_linked``, moving one moves the other."""
    which = _which(which)
    line = Line(as_point(a), as_point(b))
    if line.length <= 1e-9:
        raise EditError(f"the {which} line's two ends are the same point")
    changes = {which: line}
    if keep_linked and finish_is_start(course):
        changes = {"start": line, "finish": line}
    return rebuild(course, **changes)


def set_line_end(course: Course, which: str, end: str, at: Sequence[float],
                 keep_linked: bool = True) -> Course:
    """Move end ``"a"`` or ``"b"`` of the start or finish line."""
    line = getattr(course, _which(which))
    if end not in ("a", "b"):
        raise EditError(f"a line has ends a and b, not {end!r}")
    a, b = (at, line.b) if end == "a" else (line.a, at)
    return set_line(course, which, a, b, keep_linked)


def link_finish_to_start(course: Course, linked: bool = True) -> Course:
    """Finish on the start line (linked), or give the finish its own line, one line
    length upwind of the start (unlinked; drag it where you want it)."""
    if linked:
        return rebuild(course, finish=course.start)
    if not finish_is_start(course):
        return course
    from dinghy.core.geometry import heading_vector
    w = heading_vector(course.wind_from)
    d = course.start.length
    s = course.start
    return rebuild(course, finish=Line((s.a[0] + w[0] * d, s.a[1] + w[1] * d),
                                        (s.b[0] + w[0] * d, s.b[1] + w[1] * d)))


def square_line(course: Course, which: str) -> Course:
    """Turn a line about its middle so that it is square to the wind (same length)."""
    line = getattr(course, _which(which))
    r = math.radians(course.wind_from + 90)
    h = line.length / 2
    ux, uy = math.sin(r), math.cos(r)
    mx, my = line.midpoint
    a, b = (mx - ux * h, my - uy * h), (mx + ux * h, my + uy * h)
    # keep end "a" on the side it was
    if (a[0] - line.a[0]) ** 2 + (a[1] - line.a[1]) ** 2 > (b[0] - line.a[0]) ** 2 + (b[1] - line.a[1]) ** 2:
        a, b = b, a
    rnd = lambda p: (round(p[0], ROTATE_DECIMALS), round(p[1], ROTATE_DECIMALS))  # noqa: E731
    return set_line(course, which, rnd(a), rnd(b))


# --- land ----------------------------------------------------------------------------------

def _outline(points: Iterable[Sequence[float]]) -> tuple[XY, ...]:
    pts = tuple(as_point(p) for p in points)
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    return pts


def add_land(course: Course, outline: Iterable[Sequence[float]], name: str | None = None) -> Course:
    """An island, coast or cape: a polygon (at least 3 points, not crossing itself)."""
    pts = _outline(outline)
    if name is None:
        taken = {land.name for land in course.land}
        n = 1
        while f"Island {n}" in taken:
            n += 1
        name = f"Island {n}"
    if not str(name).strip():
        raise EditError("land needs a name")
    return rebuild(course, land=course.land + (Land(str(name), pts),))


def _set_outline(course: Course, index: int, pts: Sequence[XY]) -> Course:
    i = checked_index(course.land, index, "piece of land")
    lands = list(course.land)
    lands[i] = Land(lands[i].name, tuple(pts))
    return rebuild(course, land=tuple(lands))


def move_land_vertex(course: Course, land_index: int, vertex: int, at: Sequence[float]) -> Course:
    land = course.land[checked_index(course.land, land_index, "piece of land")]
    pts = list(land.outline)
    pts[checked_index(pts, vertex, "corner")] = as_point(at)
    return _set_outline(course, land_index, pts)


def insert_land_vertex(course: Course, land_index: int, vertex: int, at: Sequence[float]) -> Course:
    """Insert a corner before corner ``vertex`` (``len(outline)`` appends after the last)."""
    land = course.land[checked_index(course.land, land_index, "piece of land")]
    pts = list(land.outline)
    if not isinstance(vertex, int) or not 0 <= vertex <= len(pts):
        raise EditError(f"a corner can go at 0 to {len(pts)}, not {vertex!r}")
    pts.insert(vertex, as_point(at))
    return _set_outline(course, land_index, pts)


def delete_land_vertex(course: Course, land_index: int, vertex: int) -> Course:
    land = course.land[checked_index(course.land, land_index, "piece of land")]
    pts = list(land.outline)
    del pts[checked_index(pts, vertex, "corner")]
    if len(pts) < 3:
        raise EditError(f"{land.name} needs at least 3 corners: delete the whole piece of land instead")
    return _set_outline(course, land_index, pts)


def move_land(course: Course, land_index: int, dx: float, dy: float) -> Course:
    land = course.land[checked_index(course.land, land_index, "piece of land")]
    return _set_outline(course, land_index, [(x + dx, y + dy) for x, y in land.outline])


def rename_land(course: Course, land_index: int, name: str) -> Course:
    i = checked_index(course.land, land_index, "piece of land")
    if not str(name).strip():
        raise EditError("land needs a name")
    lands = list(course.land)
    lands[i] = Land(str(name), lands[i].outline)
    return rebuild(course, land=tuple(lands))


def delete_land(course: Course, land_index: int) -> Course:
    i = checked_index(course.land, land_index, "piece of land")
    return rebuild(course, land=course.land[:i] + course.land[i + 1:])


# --- area ----------------------------------------------------------------------------------

def set_area(course: Course, outline: Iterable[Sequence[float]]) -> Course:
    return rebuild(course, area=_outline(outline))


def _features(course: Course) -> list[XY]:
    pts: list[XY] = [p for m in course.marks for p in
                     ((m.x - m.radius, m.y - m.radius), (m.x + m.radius, m.y + m.radius))]
    pts += [course.start.a, course.start.b, course.finish.a, course.finish.b]
    for land in course.land:
        pts += list(land.outline)
    for eye in course.weather_eyes:
        x0, y0, x1, y1 = course.weather_eye_shape(eye).bounds
        pts += [(x0, y0), (x1, y1)]
    return pts


def fit_area(course: Course, margin_cards: float = TEMPLATE_MARGIN_CARDS, wide: bool = False) -> Course:
    """Make the playing area the rectangle round everything on the course, with
    ``margin_cards`` card lengths of water (and the pre-start box downwind of the start
    line); whole millimetres. ``wide`` makes it at least square (room to add marks)."""
    L = course.card_length
    pts = _features(course)
    from dinghy.core.geometry import heading_vector
    w = heading_vector(course.wind_from)
    for p in (course.start.a, course.start.b):
        pts.append((p[0] - w[0] * PRESTART_CARDS * L, p[1] - w[1] * PRESTART_CARDS * L))
    pad = margin_cards * L
    x0, y0 = math.floor(min(p[0] for p in pts) - pad), math.floor(min(p[1] for p in pts) - pad)
    x1, y1 = math.ceil(max(p[0] for p in pts) + pad), math.ceil(max(p[1] for p in pts) + pad)
    if wide:
        side = max(x1 - x0, y1 - y0)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        x0, x1, y0, y1 = cx - side // 2, cx - side // 2 + side, cy - side // 2, cy - side // 2 + side
    return set_area(course, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


# --- Weather Eye markers -------------------------------------------------------------------

def add_weather_eye(course: Course, at: Sequence[float], long_side_along_wind: bool = True) -> Course:
    """A fixed Weather Eye card ("permanent weather eye markers ... to simulate wind
    changes caused by geography"); it never drifts."""
    return rebuild(course, weather_eyes=course.weather_eyes +
                    (FixedWeatherEye(*as_point(at), bool(long_side_along_wind)),))


def move_weather_eye(course: Course, index: int, at: Sequence[float]) -> Course:
    i = checked_index(course.weather_eyes, index, "Weather Eye marker")
    eyes = list(course.weather_eyes)
    eyes[i] = FixedWeatherEye(*as_point(at), eyes[i].long_side_along_wind)
    return rebuild(course, weather_eyes=tuple(eyes))


def turn_weather_eye(course: Course, index: int) -> Course:
    """Switch a marker between long side along the wind and long side across it."""
    i = checked_index(course.weather_eyes, index, "Weather Eye marker")
    eyes = list(course.weather_eyes)
    e = eyes[i]
    eyes[i] = FixedWeatherEye(e.x, e.y, not e.long_side_along_wind)
    return rebuild(course, weather_eyes=tuple(eyes))


def delete_weather_eye(course: Course, index: int) -> Course:
    i = checked_index(course.weather_eyes, index, "Weather Eye marker")
    return rebuild(course, weather_eyes=course.weather_eyes[:i] + course.weather_eyes[i + 1:])


# --- the whole course ----------------------------------------------------------------------

def area_centre(course: Course) -> XY:
    c = Polygon(course.area).centroid
    return (c.x, c.y)


def rotate_course(course: Course, new_wind_from: int, *, area: bool = True) -> Course:
    """The same course for a new wind: every point turns about the playing area's centre
    by the change of wind, so each leg keeps its angle to the wind. Coordinates keep
    :data:`ROTATE_DECIMALS` decimals. With ``area=False`` the table stays put (fix what
    falls off it, or call :func:`fit_area`)."""
    try:
        new = normalize_heading(new_wind_from)
    except GeometryError as exc:
        raise EditError(f"wind_from: {exc}") from None
    turn = (new - course.wind_from) % 360
    if turn == 0:
        return course
    cx, cy = area_centre(course)
    # exact quarter turns, so four of them give back the very same numbers
    exact = {90: (1.0, 0.0), 180: (0.0, -1.0), 270: (-1.0, 0.0)}
    s, c = exact.get(turn, (math.sin(math.radians(turn)), math.cos(math.radians(turn))))

    def rot(p: XY) -> XY:
        dx, dy = p[0] - cx, p[1] - cy        # clockwise, as compass headings turn
        return (round(cx + dx * c + dy * s, ROTATE_DECIMALS), round(cy - dx * s + dy * c, ROTATE_DECIMALS))

    changes: dict[str, Any] = dict(
        wind_from=new,
        start=Line(rot(course.start.a), rot(course.start.b)),
        finish=Line(rot(course.finish.a), rot(course.finish.b)),
        marks=tuple(Mark(m.id, *rot(m.xy), m.radius, m.kind) for m in course.marks),
        land=tuple(Land(land.name, tuple(rot(p) for p in land.outline)) for land in course.land),
        weather_eyes=tuple(FixedWeatherEye(*rot((e.x, e.y)), e.long_side_along_wind)
                           for e in course.weather_eyes))
    if area:
        changes["area"] = tuple(rot(p) for p in course.area)
    return rebuild(course, **changes)


def translate(course: Course, dx: float, dy: float) -> Course:
    """Shift everything (area included) by (dx, dy) mm."""
    t = lambda p: (p[0] + dx, p[1] + dy)  # noqa: E731
    return rebuild(
        course, area=tuple(t(p) for p in course.area),
        start=Line(t(course.start.a), t(course.start.b)),
        finish=Line(t(course.finish.a), t(course.finish.b)),
        marks=tuple(Mark(m.id, *t(m.xy), m.radius, m.kind) for m in course.marks),
        land=tuple(Land(land.name, tuple(t(p) for p in land.outline)) for land in course.land),
        weather_eyes=tuple(FixedWeatherEye(*t((e.x, e.y)), e.long_side_along_wind)
                           for e in course.weather_eyes))


def rename(course: Course, name: str, description: str | None = None) -> Course:
    name = str(name)
    if not name.strip():
        raise EditError("a course needs a name")
    changes: dict[str, Any] = {"name": name}
    if description is not None:
        changes["description"] = str(description)
    return rebuild(course, **changes)


def set_description(course: Course, description: str) -> Course:
    return rebuild(course, description=str(description))


def set_laps(course: Course, laps: int) -> Course:
    if isinstance(laps, bool) or not isinstance(laps, int) or laps < 1:
        raise EditError(f"laps must be a whole number of at least 1, got {laps!r}")
    _no_repeats(course.rounding, laps)
    return rebuild(course, laps=laps)


def set_wind_force(course: Course, wind_force: str) -> Course:
    if wind_force not in WIND_FORCES:
        raise EditError(f"wind force must be one of {', '.join(WIND_FORCES)}, got {wind_force!r}")
    return rebuild(course, wind_force=wind_force)


def set_card_size(course: Course, card_size: str, scale: bool = False) -> Course:
    """Play the course with the other card size. Buoys of the old default size take the
    new default. With ``scale`` every point is stretched about the area's centre by the
    ratio of card lengths (whole millimetres), so the legs keep their length in cards."""
    new_len = card_length(card_size)
    if card_size == course.card_size:
        return course
    old_r, new_r = DEFAULT_MARK_RADIUS[course.card_size], DEFAULT_MARK_RADIUS[card_size]
    k = new_len / course.card_length if scale else 1.0
    cx, cy = area_centre(course)

    def s(p: XY) -> XY:
        if not scale:
            return p
        return (float(round(cx + (p[0] - cx) * k)), float(round(cy + (p[1] - cy) * k)))

    marks = tuple(Mark(m.id, *s(m.xy), new_r if m.radius == old_r else m.radius, m.kind)
                  for m in course.marks)
    changes: dict[str, Any] = dict(card_size=card_size, marks=marks)
    if scale:
        changes.update(
            area=tuple(s(p) for p in course.area),
            start=Line(s(course.start.a), s(course.start.b)),
            finish=Line(s(course.finish.a), s(course.finish.b)),
            land=tuple(Land(land.name, tuple(s(p) for p in land.outline)) for land in course.land),
            weather_eyes=tuple(FixedWeatherEye(*s((e.x, e.y)), e.long_side_along_wind)
                               for e in course.weather_eyes))
    return rebuild(course, **changes)
