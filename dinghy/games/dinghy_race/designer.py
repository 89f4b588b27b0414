"""The course designer's headless half: templates, edits, undo, and the TOML writer.

Every function takes a :class:`~dinghy.games.dinghy_race.course.Course` (an immutable value) and returns a
new one, so a script can build a course without a window and the designer window is a
thin layer of taps over these functions::

    >>> from dinghy import designer
    >>> c = designer.olympic_triangle(wind_from=45, upwind_cards=12, fleet=4)
    >>> c = designer.move_mark(c, "2", (300, 900))
    >>> c = designer.set_rounding_side(c, 1, "starboard")
    >>> text = designer.to_toml(c)          # designer.save(c, "my_course.toml") writes it

An edit that would break the course (a leg of no length, an island that crosses itself,
the last mark deleted) raises :class:`EditError` with a message a race officer
understands; the course passed in is untouched. Validation (an unfair but well-formed
course) is :func:`dinghy.games.dinghy_race.course.validate`'s job and never blocks an edit.

Conventions are :mod:`dinghy.core.geometry`'s: millimetres, x east, y north, compass degrees,
``wind_from`` the direction the wind comes FROM.
"""
from __future__ import annotations

import dataclasses
import math
import os
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from shapely.geometry import Polygon

from dinghy.games.dinghy_race.course import (CARD_SIZES, DEFAULT_MARK_RADIUS, MIN_FIRST_LEG_CARDS, SIDES,
                           WIND_FORCES, XY, Course, FixedWeatherEye, Land, Line, Mark,
                           Rounding, leg_target)
from dinghy.core.errors import DataError, DinghyError
from dinghy.core.geometry import GeometryError, normalize_heading

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

def _rebuild(course: Course, **changes: Any) -> Course:
    """``dataclasses.replace`` that turns the model's complaints into EditError."""
    try:
        return dataclasses.replace(course, **changes)
    except DataError as exc:
        raise EditError(exc.message) from None
    except (ValueError, GeometryError) as exc:
        raise EditError(str(exc)) from None


def _pt(p: Sequence[float]) -> XY:
    x, y = float(p[0]), float(p[1])
    if not (math.isfinite(x) and math.isfinite(y)):
        raise EditError(f"a point must have finite coordinates, got ({x}, {y})")
    return (x, y)


def _mark_index(course: Course, mark_id: str) -> int:
    for i, m in enumerate(course.marks):
        if m.id == mark_id:
            return i
    raise EditError(f"there is no mark {mark_id!r}")


def _index(seq: Sequence[Any], i: int, what: str) -> int:
    if not isinstance(i, int) or isinstance(i, bool) or not -len(seq) <= i < len(seq):
        raise EditError(f"there is no {what} {i!r} (there are {len(seq)})")
    return i % len(seq)


def _check_side(side: str) -> str:
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


# --- templates -----------------------------------------------------------------------------

def _frame(wind_from: int) -> Callable[[float, float], XY]:
    """Wind frame -> world: ``v`` points upwind (where the wind comes from), ``u`` to its
    right (seen facing the wind)."""
    r = math.radians(wind_from)
    s, c = math.sin(r), math.cos(r)
    return lambda u, v: (u * c + v * s, -u * s + v * c)


def _check_params(wind_from: int, upwind_cards: float, laps: int, fleet: int,
                  card_size: str, wind_force: str) -> int:
    try:
        wf = normalize_heading(wind_from)
    except GeometryError as exc:
        raise EditError(f"wind_from: {exc}") from None
    if not upwind_cards >= MIN_FIRST_LEG_CARDS:
        raise EditError(f"the first beat must be at least {MIN_FIRST_LEG_CARDS} card lengths "
                        f"(rule text), got {upwind_cards}")
    if isinstance(laps, bool) or not isinstance(laps, int) or laps < 1:
        raise EditError(f"laps must be a whole number of at least 1, got {laps!r}")
    if isinstance(fleet, bool) or not isinstance(fleet, int) or not 1 <= fleet <= MAX_FLEET:
        raise EditError(f"the fleet must be 1 to {MAX_FLEET} boats, got {fleet!r}")
    card_length(card_size)
    if wind_force not in WIND_FORCES:
        raise EditError(f"wind force must be one of {', '.join(WIND_FORCES)}, got {wind_force!r}")
    return wf


def _assemble(*, name: str, description: str, wind_from: int, wind_force: str, card_size: str,
              laps: int,
              marks: Sequence[tuple[str, float, float]], rounding: Sequence[Rounding],
              start: tuple[XY, XY], finish: tuple[XY, XY] | None) -> Course:
    """Turn a course drawn in the wind frame (start line's middle at the origin, wind from
    +v) into a course on a table whose lower-left corner is (0, 0), in whole millimetres."""
    L = card_length(card_size)
    to_world = _frame(wind_from)
    half = start[1][0]
    # Everything that needs water: marks, line ends, and the pre-start box downwind.
    frame_pts = [(u, v) for _, u, v in marks] + list(start) + list(finish or ())
    frame_pts += [(-half, -PRESTART_CARDS * L), (half, -PRESTART_CARDS * L)]
    world = [to_world(u, v) for u, v in frame_pts]
    pad = TEMPLATE_MARGIN_CARDS * L
    x0 = math.floor(min(p[0] for p in world) - pad)
    y0 = math.floor(min(p[1] for p in world) - pad)
    x1 = math.ceil(max(p[0] for p in world) + pad)
    y1 = math.ceil(max(p[1] for p in world) + pad)

    def place(u: float, v: float) -> XY:
        x, y = to_world(u, v)
        return (float(round(x - x0)), float(round(y - y0)))

    r = DEFAULT_MARK_RADIUS[card_size]
    line_s = Line(place(*start[0]), place(*start[1]))
    line_f = line_s if finish is None else Line(place(*finish[0]), place(*finish[1]))
    course = Course(
        name=name, description=description, wind_from=wind_from, wind_force=wind_force,
        card_size=card_size, laps=laps, area=((0.0, 0.0), (float(x1 - x0), 0.0),
                                              (float(x1 - x0), float(y1 - y0)), (0.0, float(y1 - y0))),
        start=line_s, finish=line_f,
        marks=tuple(Mark(mid, *place(u, v), r) for mid, u, v in marks),
        rounding=tuple(rounding))
    return course


def _line_ends(length: float) -> tuple[XY, XY]:
    return ((-length / 2, 0.0), (length / 2, 0.0))


def _beat_length(upwind_cards: float, L: float) -> float:
    # 2 mm spare: rounding both ends to whole millimetres never makes the beat short.
    return upwind_cards * L + 2.0


def olympic_triangle(wind_from: int = 0, upwind_cards: float = 12, reach_angle: float = 45,
                     laps: int = 1, fleet: int = 6, card_size: str = "small", *,
                     wind_force: str = "medium", name: str | None = None) -> Course:
    """The classic triangle: Start - 1P - 2P - 3P (x laps) - Finish upwind of mark 1.

    Mark 1 is ``upwind_cards`` card lengths dead upwind of the start line's middle, mark
    3 (leeward) two card lengths upwind of it, and the wing mark 2 to the left (seen
    from the start) so that both reaches leave marks to port; ``reach_angle`` is the
    angle at marks 1 and 3 between the beat and the reaches (45: a right angle at 2).
    """
    wf = _check_params(wind_from, upwind_cards, laps, fleet, card_size, wind_force)
    if not 15 <= reach_angle <= 75:
        raise EditError(f"the reach angle must be 15° to 75°, got {reach_angle}")
    L = card_length(card_size)
    D = _beat_length(upwind_cards, L)
    lee = 2 * L
    h = D - lee
    wing = (-(h / 2) * math.tan(math.radians(reach_angle)), lee + h / 2)
    ends = _line_ends(line_length_for(fleet, card_size))
    finish_v = D + 2 * L
    return _assemble(
        name=name or "Olympic triangle",
        description=f"Triangle: Start, 1, 2, 3{' (x%d laps)' % laps if laps > 1 else ''}, "
                    "then a beat to the finish; marks to port.",
        wind_from=wf, wind_force=wind_force, card_size=card_size, laps=laps,
        marks=[("1", 0.0, D), ("2", *wing), ("3", 0.0, lee)],
        rounding=[Rounding(("1",), "port"), Rounding(("2",), "port"), Rounding(("3",), "port")],
        start=ends, finish=((ends[0][0], finish_v), (ends[1][0], finish_v)))


def trapeze(loop: str = "outer", wind_from: int = 0, upwind_cards: float = 12,
            reach_angle: float = 60, laps: int = 1, fleet: int = 6, card_size: str = "small", *,
            wind_force: str = "medium", name: str | None = None) -> Course:
    """The trapeze ("a simplified form of the Olympic triangle"), outer or inner loop.

    Mark 1 windward, mark 2 at the end of a reach ``reach_angle`` degrees off the beat,
    gate 3s/3p under mark 2 (outer loop), gate 4s/4p under mark 1 (inner loop); the
    finish is a line along the wind between the gates, reached from mark 3p.
    Outer loop: Start - 1 - 2 - 3s/3p - 2 - 3p - Finish; inner loop:
    Start - 1 - 4s/4p - 1 - 2 - 3p - Finish (marks to port).
    """
    if loop not in ("outer", "inner"):
        raise EditError(f"a trapeze is sailed as the outer or the inner loop, not {loop!r}")
    wf = _check_params(wind_from, upwind_cards, laps, fleet, card_size, wind_force)
    if not 30 <= reach_angle <= 90:
        raise EditError(f"the reach angle must be 30° to 90°, got {reach_angle}")
    L = card_length(card_size)
    D = _beat_length(upwind_cards, L)
    a = math.radians(reach_angle)
    reach = 0.6 * D
    u2, v2 = -reach * math.sin(a), D - reach * math.cos(a)
    gv, gw = 2.5 * L, GATE_WIDTH_CARDS * L
    length = line_length_for(fleet, card_size)
    # The finish runs along the wind between the gates, above the start line.
    uf = ((u2 + gw / 2) + (-gw / 2)) / 2
    finish = ((uf, L), (uf, L + length))
    marks = [("1", 0.0, D), ("2", u2, v2), ("3s", u2 - gw / 2, gv), ("3p", u2 + gw / 2, gv),
             ("4s", -gw / 2, gv), ("4p", gw / 2, gv)]
    P = "port"
    if loop == "outer":
        order = [Rounding(("1",), P), Rounding(("2",), P), Rounding(("3s", "3p")),
                 Rounding(("2",), P), Rounding(("3p",), P)]
        text = "Start, 1, 2, gate 3s/3p, 2, 3p, Finish; marks to port."
    else:
        order = [Rounding(("1",), P), Rounding(("4s", "4p")), Rounding(("1",), P),
                 Rounding(("2",), P), Rounding(("3p",), P)]
        text = "Start, 1, gate 4s/4p, 1, 2, 3p, Finish; marks to port."
    return _assemble(
        name=name or f"Trapeze, {loop} loop", description=text, wind_from=wf,
        wind_force=wind_force, card_size=card_size, laps=laps, marks=marks, rounding=order,
        start=_line_ends(length), finish=finish)


def up_and_down(gate: bool = True, wind_from: int = 0, upwind_cards: float = 12, laps: int = 2,
                fleet: int = 6, card_size: str = "small", *, wind_force: str = "medium",
                name: str | None = None) -> Course:
    """Windward-leeward ("made popular by match races"): mark 1 to port, then the leeward
    gate 2s/2p (or a single mark 2 to port) below the start line; ``laps`` times; the
    finish is the start line, crossed on the last short beat."""
    wf = _check_params(wind_from, upwind_cards, laps, fleet, card_size, wind_force)
    L = card_length(card_size)
    D = _beat_length(upwind_cards, L)
    gv, gw = -2.5 * L, GATE_WIDTH_CARDS * L
    if gate:
        marks = [("1", 0.0, D), ("2s", -gw / 2, gv), ("2p", gw / 2, gv)]
        order = [Rounding(("1",), "port"), Rounding(("2s", "2p"))]
        text = "Windward mark 1 to port, leeward gate 2s/2p; finish on the start line."
    else:
        marks = [("1", 0.0, D), ("2", 0.0, gv)]
        order = [Rounding(("1",), "port"), Rounding(("2",), "port")]
        text = "Windward mark 1 and leeward mark 2, both to port; finish on the start line."
    return _assemble(
        name=name or "Up and down", description=text, wind_from=wf, wind_force=wind_force,
        card_size=card_size, laps=laps, marks=marks,
        rounding=order, start=_line_ends(line_length_for(fleet, card_size)), finish=None)


def blank(wind_from: int = 0, upwind_cards: float = 12, fleet: int = 6, card_size: str = "small", *,
          wind_force: str = "medium", name: str | None = None) -> Course:
    """The smallest course there is, to start a free-form design from: a start line
    that is also the finish and one mark dead upwind, rounded to port."""
    wf = _check_params(wind_from, upwind_cards, 1, fleet, card_size, wind_force)
    L = card_length(card_size)
    D = _beat_length(upwind_cards, L)
    course = _assemble(
        name=name or "New course", description="", wind_from=wf, wind_force=wind_force,
        card_size=card_size, laps=1,
        marks=[("1", 0.0, D)], rounding=[Rounding(("1",), "port")],
        start=_line_ends(line_length_for(fleet, card_size)), finish=None)
    course = fit_area(course, wide=True)
    return translate(course, -min(p[0] for p in course.area), -min(p[1] for p in course.area))


#: The templates by name, as the designer window offers them.
TEMPLATES: dict[str, Callable[..., Course]] = {
    "olympic_triangle": olympic_triangle,
    "trapeze_outer": lambda **kw: trapeze("outer", **kw),
    "trapeze_inner": lambda **kw: trapeze("inner", **kw),
    "up_and_down": lambda **kw: up_and_down(True, **kw),
    "up_and_down_mark": lambda **kw: up_and_down(False, **kw),
    "blank": blank,
}
TEMPLATE_TITLES: dict[str, str] = {
    "olympic_triangle": "Olympic triangle", "trapeze_outer": "Trapeze, outer loop",
    "trapeze_inner": "Trapeze, inner loop", "up_and_down": "Up and down (gate)",
    "up_and_down_mark": "Up and down (mark)", "blank": "Empty (one mark)",
}
#: Which parameters each template takes beyond wind, size, fleet and card size.
TEMPLATE_PARAMS: dict[str, tuple[str, ...]] = {
    "olympic_triangle": ("reach_angle", "laps"), "trapeze_outer": ("reach_angle", "laps"),
    "trapeze_inner": ("reach_angle", "laps"), "up_and_down": ("laps",),
    "up_and_down_mark": ("laps",), "blank": (),
}


def template(kind: str, **params: Any) -> Course:
    """A template by name (see :data:`TEMPLATES`); parameters it does not take are ignored."""
    try:
        make = TEMPLATES[kind]
    except KeyError:
        raise EditError(f"unknown template {kind!r}; known: {', '.join(TEMPLATES)}") from None
    common = ("wind_from", "upwind_cards", "fleet", "card_size", "wind_force", "name")
    allowed = set(common) | set(TEMPLATE_PARAMS[kind])
    return make(**{k: v for k, v in params.items() if k in allowed})


# --- marks ---------------------------------------------------------------------------------

def move_mark(course: Course, mark_id: str, at: Sequence[float]) -> Course:
    i = _mark_index(course, mark_id)
    marks = list(course.marks)
    m = marks[i]
    marks[i] = Mark(m.id, *_pt(at), m.radius, m.kind)
    return _rebuild(course, marks=tuple(marks))


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
    marks = course.marks + (Mark(mid, *_pt(at), r),)
    rounding = course.rounding
    if side is not None:
        rounding = rounding + (Rounding((mid,), _check_side(side)),)
    return _rebuild(course, marks=marks, rounding=rounding)


def _squeeze(rounding: Iterable[Rounding]) -> tuple[Rounding, ...]:
    """Drop an entry that repeats the one before it (it would be a leg of no length)."""
    out: list[Rounding] = []
    for r in rounding:
        if not out or out[-1].mark_ids != r.mark_ids:
            out.append(r)
    return tuple(out)


def delete_mark(course: Course, mark_id: str) -> Course:
    """Remove a buoy and every rounding (and gate) that names it."""
    _mark_index(course, mark_id)
    marks = tuple(m for m in course.marks if m.id != mark_id)
    if not marks:
        raise EditError("a course needs at least one mark: add another before deleting this one")
    rounding = _squeeze(r for r in course.rounding if mark_id not in r.mark_ids)
    if not rounding:
        raise EditError(f"mark {mark_id} is the only mark in the rounding order: "
                        "put another mark in the order first")
    return _rebuild(course, marks=marks, rounding=rounding)


def rename_mark(course: Course, mark_id: str, new_id: str) -> Course:
    i = _mark_index(course, mark_id)
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
    return _rebuild(course, marks=tuple(marks), rounding=rounding)


# --- the rounding order --------------------------------------------------------------------

def _entry(course: Course, target: str | Sequence[str], side: str | None) -> Rounding:
    ids = (target,) if isinstance(target, str) else tuple(target)
    for mid in ids:
        _mark_index(course, mid)
    if len(ids) == 1:
        return Rounding(ids, _check_side(side or "port"))
    if len(ids) == 2:
        if ids[0] == ids[1]:
            raise EditError("a gate needs two different marks")
        return Rounding(ids, None)
    raise EditError("a rounding names one mark, or two for a gate")


def set_rounding_side(course: Course, index: int, side: str) -> Course:
    i = _index(course.rounding, index, "rounding")
    r = course.rounding[i]
    if r.is_gate:
        raise EditError(f"gate {r.label} has no side: boats sail between its marks")
    rounding = list(course.rounding)
    rounding[i] = Rounding(r.mark_ids, _check_side(side))
    return _rebuild(course, rounding=tuple(rounding))


def toggle_rounding_side(course: Course, index: int) -> Course:
    r = course.rounding[_index(course.rounding, index, "rounding")]
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
    return _rebuild(course, rounding=tuple(rounding))


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
    i = _index(course.rounding, index, "rounding")
    if len(course.rounding) == 1:
        raise EditError("the rounding order cannot be empty: a course needs at least one mark to round")
    rounding = list(course.rounding)
    del rounding[i]
    _no_repeats(rounding, course.laps)
    return _rebuild(course, rounding=tuple(rounding))


def move_rounding(course: Course, index: int, new_index: int) -> Course:
    """Move one entry of the order to a new place (both 0-based, in the current order)."""
    i = _index(course.rounding, index, "rounding")
    j = _index(course.rounding, new_index, "place in the order")
    rounding = list(course.rounding)
    rounding.insert(j, rounding.pop(i))
    _no_repeats(rounding, course.laps)
    return _rebuild(course, rounding=tuple(rounding))


def set_rounding(course: Course, entries: Iterable[Rounding]) -> Course:
    """Replace the whole order at once."""
    rounding = tuple(entries)
    if not rounding:
        raise EditError("the rounding order cannot be empty")
    _no_repeats(rounding, course.laps)
    return _rebuild(course, rounding=rounding)


def make_gate(course: Course, index: int, other_mark: str) -> Course:
    """Turn a mark rounding into a gate between its mark and ``other_mark``."""
    i = _index(course.rounding, index, "rounding")
    r = course.rounding[i]
    if r.is_gate:
        raise EditError(f"{r.label} is already a gate")
    rounding = list(course.rounding)
    rounding[i] = _entry(course, (r.mark_ids[0], other_mark), None)
    _no_repeats(rounding, course.laps)
    return _rebuild(course, rounding=tuple(rounding))


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
    line = Line(_pt(a), _pt(b))
    if line.length <= 1e-9:
        raise EditError(f"the {which} line's two ends are the same point")
    changes = {which: line}
    if keep_linked and finish_is_start(course):
        changes = {"start": line, "finish": line}
    return _rebuild(course, **changes)


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
        return _rebuild(course, finish=course.start)
    if not finish_is_start(course):
        return course
    from dinghy.core.geometry import heading_vector
    w = heading_vector(course.wind_from)
    d = course.start.length
    s = course.start
    return _rebuild(course, finish=Line((s.a[0] + w[0] * d, s.a[1] + w[1] * d),
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
    pts = tuple(_pt(p) for p in points)
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
    return _rebuild(course, land=course.land + (Land(str(name), pts),))


def _set_outline(course: Course, index: int, pts: Sequence[XY]) -> Course:
    i = _index(course.land, index, "piece of land")
    lands = list(course.land)
    lands[i] = Land(lands[i].name, tuple(pts))
    return _rebuild(course, land=tuple(lands))


def move_land_vertex(course: Course, land_index: int, vertex: int, at: Sequence[float]) -> Course:
    land = course.land[_index(course.land, land_index, "piece of land")]
    pts = list(land.outline)
    pts[_index(pts, vertex, "corner")] = _pt(at)
    return _set_outline(course, land_index, pts)


def insert_land_vertex(course: Course, land_index: int, vertex: int, at: Sequence[float]) -> Course:
    """Insert a corner before corner ``vertex`` (``len(outline)`` appends after the last)."""
    land = course.land[_index(course.land, land_index, "piece of land")]
    pts = list(land.outline)
    if not isinstance(vertex, int) or not 0 <= vertex <= len(pts):
        raise EditError(f"a corner can go at 0 to {len(pts)}, not {vertex!r}")
    pts.insert(vertex, _pt(at))
    return _set_outline(course, land_index, pts)


def delete_land_vertex(course: Course, land_index: int, vertex: int) -> Course:
    land = course.land[_index(course.land, land_index, "piece of land")]
    pts = list(land.outline)
    del pts[_index(pts, vertex, "corner")]
    if len(pts) < 3:
        raise EditError(f"{land.name} needs at least 3 corners: delete the whole piece of land instead")
    return _set_outline(course, land_index, pts)


def move_land(course: Course, land_index: int, dx: float, dy: float) -> Course:
    land = course.land[_index(course.land, land_index, "piece of land")]
    return _set_outline(course, land_index, [(x + dx, y + dy) for x, y in land.outline])


def rename_land(course: Course, land_index: int, name: str) -> Course:
    i = _index(course.land, land_index, "piece of land")
    if not str(name).strip():
        raise EditError("land needs a name")
    lands = list(course.land)
    lands[i] = Land(str(name), lands[i].outline)
    return _rebuild(course, land=tuple(lands))


def delete_land(course: Course, land_index: int) -> Course:
    i = _index(course.land, land_index, "piece of land")
    return _rebuild(course, land=course.land[:i] + course.land[i + 1:])


# --- area ----------------------------------------------------------------------------------

def set_area(course: Course, outline: Iterable[Sequence[float]]) -> Course:
    return _rebuild(course, area=_outline(outline))


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
    return _rebuild(course, weather_eyes=course.weather_eyes +
                    (FixedWeatherEye(*_pt(at), bool(long_side_along_wind)),))


def move_weather_eye(course: Course, index: int, at: Sequence[float]) -> Course:
    i = _index(course.weather_eyes, index, "Weather Eye marker")
    eyes = list(course.weather_eyes)
    eyes[i] = FixedWeatherEye(*_pt(at), eyes[i].long_side_along_wind)
    return _rebuild(course, weather_eyes=tuple(eyes))


def turn_weather_eye(course: Course, index: int) -> Course:
    """Switch a marker between long side along the wind and long side across it."""
    i = _index(course.weather_eyes, index, "Weather Eye marker")
    eyes = list(course.weather_eyes)
    e = eyes[i]
    eyes[i] = FixedWeatherEye(e.x, e.y, not e.long_side_along_wind)
    return _rebuild(course, weather_eyes=tuple(eyes))


def delete_weather_eye(course: Course, index: int) -> Course:
    i = _index(course.weather_eyes, index, "Weather Eye marker")
    return _rebuild(course, weather_eyes=course.weather_eyes[:i] + course.weather_eyes[i + 1:])


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
    return _rebuild(course, **changes)


def translate(course: Course, dx: float, dy: float) -> Course:
    """Shift everything (area included) by (dx, dy) mm."""
    t = lambda p: (p[0] + dx, p[1] + dy)  # noqa: E731
    return _rebuild(
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
    return _rebuild(course, **changes)


def set_description(course: Course, description: str) -> Course:
    return _rebuild(course, description=str(description))


def set_laps(course: Course, laps: int) -> Course:
    if isinstance(laps, bool) or not isinstance(laps, int) or laps < 1:
        raise EditError(f"laps must be a whole number of at least 1, got {laps!r}")
    _no_repeats(course.rounding, laps)
    return _rebuild(course, laps=laps)


def set_wind_force(course: Course, wind_force: str) -> Course:
    if wind_force not in WIND_FORCES:
        raise EditError(f"wind force must be one of {', '.join(WIND_FORCES)}, got {wind_force!r}")
    return _rebuild(course, wind_force=wind_force)


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
    return _rebuild(course, **changes)


# --- undo / redo ---------------------------------------------------------------------------

class History:
    """Undo and redo over Course values (they are immutable, so a list is enough).

    ``push`` records a new course (and forgets what could be redone); pushing a course
    equal to the current one records nothing.
    """

    def __init__(self, course: Course, limit: int = 500) -> None:
        self._past: list[Course] = []
        self._future: list[Course] = []
        self._current = course
        self.limit = max(1, int(limit))

    @property
    def current(self) -> Course:
        return self._current

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    def push(self, course: Course) -> Course:
        if course == self._current:
            return self._current
        self._past.append(self._current)
        if len(self._past) > self.limit:
            del self._past[0]
        self._future.clear()
        self._current = course
        return course

    def apply(self, edit: Callable[..., Course], *args: Any, **kwargs: Any) -> Course:
        """Run an edit on the current course and record it (EditError leaves all as it was)."""
        return self.push(edit(self._current, *args, **kwargs))

    def undo(self) -> Course:
        if self._past:
            self._future.append(self._current)
            self._current = self._past.pop()
        return self._current

    def redo(self) -> Course:
        if self._future:
            self._past.append(self._current)
            self._current = self._future.pop()
        return self._current

    def reset(self, course: Course) -> Course:
        """Start afresh (a new template or another file): nothing to undo."""
        self._past.clear()
        self._future.clear()
        self._current = course
        return course


# --- the file: a small TOML writer -----------------------------------------------------------

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def toml_string(s: str) -> str:
    out = []
    for ch in s:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_key(k: str) -> str:
    return k if _BARE_KEY.match(k) else toml_string(k)


def toml_value(v: Any) -> str:
    """One TOML value in inline form: text, true/false, integer, float, array, inline table."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        text = repr(v)          # the shortest text that reads back as the same float
        return text if any(c in text for c in ".en") else text + ".0"
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, Mapping):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(str(k))} = {toml_value(x)}" for k, x in v.items()) + " }"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _points(points: Sequence[Any], indent: int, width: int = 88) -> str:
    """A list of points, wrapped under its opening bracket when it gets long."""
    items = [toml_value(p) for p in points]
    lines, cur = [], "["
    for i, item in enumerate(items):
        piece = item + (", " if i < len(items) - 1 else "]")
        if len(cur) > 1 and indent + len(cur) + len(piece.rstrip()) > width:
            lines.append(cur.rstrip())
            cur = " " * (indent + 1)
        cur += piece
    if not items:
        cur += "]"
    lines.append(cur)
    return "\n".join(lines)


def _comment(text: str) -> str:
    """Text made safe for a one-line comment (no line breaks or control characters)."""
    return "".join(" " if ord(c) < 0x20 or ord(c) == 0x7F else c for c in text).strip()


def _fmt_num(v: float) -> str:
    return f"{v:.0f}" if abs(v - round(v)) < 0.05 else f"{v:.1f}"


def course_line(course: Course) -> str:
    """``Start - 1P - 2P - 3P - Finish`` (the rule text's notation), laps spelt out."""
    lap = " - ".join(r.label for r in course.rounding)
    if course.laps > 1:
        return f"Start - ({lap}) x {course.laps} laps - Finish"
    return f"Start - {lap} - Finish"


def _line_comment(course: Course, which: str) -> str:
    line = getattr(course, which)
    L = course.card_length
    clear = line.length - 2 * course.mark_radius
    boats = max(0, int(clear // L))
    name = "Start" if which == "start" else "Finish"
    return (f"# {name} line: {_fmt_num(line.length)} mm between its buoys, {_fmt_num(clear)} mm clear, "
            f"room for {boats} boat{'s' if boats != 1 else ''} ({_fmt_num(L)} mm each).")


_KNOWN_TOP = ("name", "description", "wind_from", "wind_force", "card_size", "laps", "area",
              "rounding", "start", "finish", "marks", "land", "weather_eye")
_KNOWN_SUB = {"marks": ("id", "at", "radius", "kind"), "land": ("name", "outline"),
              "weather_eye": ("at", "long_side_along_wind"), "start": ("a", "b"), "finish": ("a", "b")}


def _table_body(d: Mapping[str, Any], known: Sequence[str]) -> list[str]:
    out = []
    for k in list(known) + [k for k in d if k not in known]:
        if k in d:
            v = d[k]
            if k == "outline":
                out.append(f"outline = {_points(v, len('outline = '))}")
            else:
                out.append(f"{toml_key(k)} = {toml_value(v)}")
    return out


def to_toml(course: Course) -> str:
    """The course as a TOML file in the layout of the shipped courses: a header comment
    with the course line, the top-level keys with their meaning, then the lines, marks,
    land and Weather Eye markers. Deterministic: the same course gives the same bytes."""
    m = course.to_mapping()
    L = course.card_length
    first = math.dist(course.start.midpoint, leg_target(course, 0))
    size = "Small" if course.card_size == "small" else "Standard"
    out = [
        f"# {_comment(course.name)}",
        "#",
        f"#   {course_line(course)}",
        "# (1P: round mark 1 leaving it to port, the boat's left; 3S: to starboard; a gate",
        "# is passed between its two marks.)",
        "#",
        "# Made with `dinghy design`. Units: millimetres on the table, x grows to the east",
        f"# (right), y to the north (up). {size} cards ({_fmt_num(L)} mm); the first leg is "
        f"{_fmt_num(first)} mm,",
        f"# {first / L:.1f} card lengths.",
        "",
        f"name = {toml_value(m['name'])}",
    ]
    if "description" in m:
        out.append(f"description = {toml_value(m['description'])}")
    out += [
        f"wind_from = {toml_value(m['wind_from'])}".ljust(25)
        + "# compass degrees the wind blows FROM (multiple of 15); 0 = north",
        f"wind_force = {toml_value(m['wind_force'])}".ljust(25) + "# light | medium | strong (the hazard table to use)",
        f"card_size = {toml_value(m['card_size'])}".ljust(25) + "# small (67 x 43 mm cards) | standard (89 x 58 mm)",
        f"laps = {toml_value(m['laps'])}".ljust(25) + "# the rounding order is sailed this many times, then the finish",
    ]
    extra_top = [k for k in m if k not in _KNOWN_TOP]
    for k in extra_top:      # keys a newer course model may add: written, never lost
        v = m[k]
        if not isinstance(v, Mapping) and not (isinstance(v, list) and v and all(isinstance(x, Mapping) for x in v)):
            out.append(f"{toml_key(k)} = {toml_value(v)}")
    out += ["", "# The playing area (the table): boats and cards must stay inside it.",
            f"area = {_points(m['area'], len('area = '))}", "",
            "# The rounding order of one lap (mark and side, or a gate to pass through).",
            "rounding = ["]
    entries = [toml_value(r) + "," for r in m["rounding"]]
    width = max(len(e) for e in entries)
    for e, r in zip(entries, course.rounding):
        note = f"gate {r.label}" if r.is_gate else r.label
        out.append(f"  {e.ljust(width)}   # {_comment(note)}")
    out.append("]")
    out += ["", _line_comment(course, "start"), "[start]", *_table_body(m["start"], _KNOWN_SUB["start"])]
    out.append("")
    if finish_is_start(course):
        out.append("# The same line as the start.")
    else:
        out.append(_line_comment(course, "finish"))
    out += ["[finish]", *_table_body(m["finish"], _KNOWN_SUB["finish"])]
    out += ["", f"# Marks (buoys). radius is optional: {_fmt_num(DEFAULT_MARK_RADIUS['small'])} mm with "
            f"small cards, {_fmt_num(DEFAULT_MARK_RADIUS['standard'])} mm with standard cards."]
    for i, mk in enumerate(m["marks"]):
        if i:
            out.append("")
        out += ["[[marks]]", *_table_body(mk, _KNOWN_SUB["marks"])]
    if m.get("land"):
        out += ["", "# Land: islands, coasts and capes; no boat or card may touch them."]
        for i, ld in enumerate(m["land"]):
            if i:
                out.append("")
            out += ["[[land]]", *_table_body(ld, _KNOWN_SUB["land"])]
    if m.get("weather_eye"):
        out += ["", "# Fixed Weather Eye cards (they never drift); long side along the wind or across it."]
        for i, we in enumerate(m["weather_eye"]):
            if i:
                out.append("")
            out += ["[[weather_eye]]", *_table_body(we, _KNOWN_SUB["weather_eye"])]
    for k in extra_top:
        v = m[k]
        if isinstance(v, Mapping):
            out += ["", f"[{toml_key(k)}]", *_table_body(v, ())]
        elif isinstance(v, list) and v and all(isinstance(x, Mapping) for x in v):
            for x in v:
                out += ["", f"[[{toml_key(k)}]]", *_table_body(x, ())]
    return "\n".join(out) + "\n"


def save(course: Course, path: str | os.PathLike[str]) -> Path:
    """Write the course atomically (through :func:`dinghy.core.io.write_text_atomic`)."""
    from dinghy.core import io
    from dinghy import games
    from dinghy.games.dinghy_race import data as dr_data

    p = Path(path)
    io.write_text_atomic(p, to_toml(course))
    return p


def load(path: str | os.PathLike[str]) -> Course:
    from dinghy.core import io
    from dinghy import games
    from dinghy.games.dinghy_race import data as dr_data

    return dr_data.load_course(path)


def open_for_design(file: str | os.PathLike[str] | None) -> tuple[Course | None, Path | None]:
    """What ``dinghy design FILE`` starts with: the file's course when it exists (a
    broken file raises DataError naming it and the field), else no course and the path
    Save will write to (``.toml`` added when missing)."""
    if file is None:
        return None, None
    p = Path(file)
    if p.suffix != ".toml" and not p.exists():
        p = p.with_suffix(".toml")
    if p.exists():
        return load(p), p
    return None, p


def slug(name: str) -> str:
    """A file stem for a course name: ``"Harbour race!"`` -> ``harbour_race``."""
    s = re.sub(r"[^0-9A-Za-z]+", "_", name.strip().lower()).strip("_")
    return s or "course"


def courses_home() -> Path:
    """``$DINGHY_HOME/courses`` (the default ``$DINGHY_HOME`` is ``~/.local/share/dinghy``)."""
    env = os.environ.get("DINGHY_HOME")
    if env:
        base = Path(env).expanduser()
    else:
        data = os.environ.get("XDG_DATA_HOME")
        base = (Path(data).expanduser() if data else Path.home() / ".local" / "share") / "dinghy"
    return base / "courses"
