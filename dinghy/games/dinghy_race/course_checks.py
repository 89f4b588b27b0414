"""Is a course fair and playable? :func:`validate` lists errors (unfair or unplayable)
and warnings (unusual), each naming the field and where on the table.
"""
from __future__ import annotations

import math
from typing import Sequence

from shapely.geometry import Point, Polygon
from shapely.geometry.base import BaseGeometry

from dinghy.core.geometry import heading_vector

from dinghy.games.dinghy_race.course import (LOOP_WARNING, MIN_FIRST_LEG_CARDS, START_SQUARE_TOLERANCE, XY,
                                          Course, Finding, leg_target)
from dinghy.games.dinghy_race.rounding import MarkPassage, dot, unit


# --- validation -----------------------------------------------------------------------

def _rep(geom: BaseGeometry) -> XY:
    p = geom.representative_point() if not geom.is_empty else None
    return (p.x, p.y) if p is not None else (0.0, 0.0)


def _component_index(parts: Sequence[BaseGeometry], xy: XY) -> int | None:
    if not parts:
        return None
    pt = Point(xy)
    for i, g in enumerate(parts):
        if g.covers(pt):
            return i
    return min(range(len(parts)), key=lambda i: parts[i].distance(pt))


def _parts(geom: BaseGeometry) -> list[BaseGeometry]:
    if geom.is_empty:
        return []
    return [g for g in getattr(geom, "geoms", [geom]) if isinstance(g, Polygon) and not g.is_empty]


def validate(course: Course, fleet_size: int | None = None) -> list[Finding]:
    """Everything that makes a course unfair or unplayable (errors) or unusual (warnings)."""
    out: list[Finding] = []
    area, land = course.area_polygon, course.land_union
    L = course.card_length

    def add(level: str, code: str, field_: str, message: str, at: XY | None) -> None:
        if not any(f.code == code and f.field == field_ for f in out):
            out.append(Finding(level, field_, message, at, code))

    bad_marks: set[str] = set()
    for i, m in enumerate(course.marks):
        if land is not None and m.geometry.intersects(land):
            add("error", "mark-on-land", f"marks[{i}]", f"mark {m.id} touches land", m.xy)
            bad_marks.add(m.id)
        if not area.contains(m.geometry):
            add("error", "mark-outside-area", f"marks[{i}]", f"mark {m.id} is not inside the playing area", m.xy)
            bad_marks.add(m.id)

    lines = [("start", course.start)]
    if course.finish != course.start:
        lines.append(("finish", course.finish))
    for name, line in lines:
        if not area.contains(line.geometry):
            add("error", "line-outside-area", name, f"the {name} line leaves the playing area", line.midpoint)
        if land is not None and line.geometry.intersects(land):
            add("error", "line-on-land", name, f"the {name} line crosses land",
                _rep(line.geometry.intersection(land)))
        if fleet_size:
            clear = line.length - 2 * course.mark_radius
            need = fleet_size * L
            if clear < need:
                add("error", "line-too-short", name,
                    f"the {name} line has {clear:.0f} mm clear between its buoys; {fleet_size} boats "
                    f"need at least {need:.0f} mm (one card length, {L:.0f} mm, per boat)", line.midpoint)
        for j, m in enumerate(course.marks):
            if m.geometry.intersects(line.geometry):
                add("warning", "line-through-mark", name, f"the {name} line runs through mark {m.id}", m.xy)

    # The start line "usually perpendicular to the wind".
    s = course.start
    along = unit(s.b[0] - s.a[0], s.b[1] - s.a[1])
    wind = heading_vector(course.wind_from)
    off_square = math.degrees(math.asin(min(1.0, abs(dot(along, (float(wind[0]), float(wind[1])))))))
    if off_square > START_SQUARE_TOLERANCE:
        add("warning", "start-not-square", "start",
            f"the start line is {off_square:.0f}° from square to the wind "
            f"(more than {START_SQUARE_TOLERANCE:.0f}°)", s.midpoint)

    first = leg_target(course, 0)
    first_len = math.dist(course.start.midpoint, first)
    if first_len < MIN_FIRST_LEG_CARDS * L:
        add("warning", "first-leg-short", "rounding[0]",
            f"the first leg is {first_len:.0f} mm, shorter than {MIN_FIRST_LEG_CARDS} card lengths "
            f"({MIN_FIRST_LEG_CARDS * L:.0f} mm)", first)

    n = len(course.rounding)
    for k, (r, psg) in enumerate(zip(course.legs, course._cache.passages)):
        where = f"rounding[{k % n}]"
        if isinstance(psg, MarkPassage) and psg.turn > LOOP_WARNING:
            add("warning", "rounding-loop", where,
                f"the course turns away from the {r.side} side at mark {r.mark_ids[0]}: boats must "
                f"loop {psg.turn:.0f}° round it", course.mark(r.mark_ids[0]).xy)
        if r.is_gate:
            a, b = (course.mark(m) for m in r.mark_ids)
            clear = math.dist(a.xy, b.xy) - a.radius - b.radius
            if clear < L:
                add("warning", "gate-narrow", where,
                    f"gate {r.label} has {clear:.0f} mm clear, less than one card length", leg_target(course, k))

    # Reachability: the water joined to the start, and narrower channels than a card.
    water = area.difference(land) if land is not None else area
    comps = _parts(water)
    start_c = _component_index(comps, course.start.midpoint)
    free_parts: list[BaseGeometry] = []
    if start_c is not None:
        free_parts = _parts(comps[start_c].buffer(-course.card_width / 2.0))
    free_start = _component_index(free_parts, course.start.midpoint)
    places = [(f"marks[{i}]", f"mark {m.id}", m.xy) for i, m in enumerate(course.marks) if m.id not in bad_marks]
    places.append(("finish", "the finish line", course.finish.midpoint))
    for field_, what, xy in places:
        if start_c is None:
            break
        if _component_index(comps, xy) != start_c:
            add("error", "unreachable", field_, f"{what} is cut off from the start by land", xy)
        elif free_parts and _component_index(free_parts, xy) != free_start:
            add("error", "unreachable", field_,
                f"{what} can only be reached through a passage narrower than a card "
                f"({course.card_width:.0f} mm)", xy)

    for i, eye in enumerate(course.weather_eyes):
        shape = course.weather_eye_shape(eye)
        if not area.contains(shape):
            add("error", "weather-eye-outside-area", f"weather_eye[{i}]",
                "the Weather Eye marker is not inside the playing area", (eye.x, eye.y))
        if land is not None and shape.intersects(land):
            add("error", "weather-eye-on-land", f"weather_eye[{i}]", "the Weather Eye marker touches land",
                (eye.x, eye.y))
        for m in course.marks:
            if shape.intersects(m.geometry):
                add("error", "weather-eye-on-mark", f"weather_eye[{i}]",
                    f"the Weather Eye marker touches mark {m.id}", (eye.x, eye.y))
    return out
