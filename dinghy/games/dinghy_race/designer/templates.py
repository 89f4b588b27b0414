"""Course templates a race officer starts from: the Olympic triangle, the trapeze (outer and
inner loop), up-and-down (with or without a gate) and a blank course.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Sequence
from dinghy.games.dinghy_race.course import DEFAULT_MARK_RADIUS, MIN_FIRST_LEG_CARDS, WIND_FORCES, XY, Course, Line, Mark, Rounding
from dinghy.core.geometry import GeometryError, normalize_heading
from dinghy.games.dinghy_race.designer.common import EditError, GATE_WIDTH_CARDS, MAX_FLEET, PRESTART_CARDS, TEMPLATE_MARGIN_CARDS, card_length, line_length_for
from dinghy.games.dinghy_race.designer.edits import fit_area, translate


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
