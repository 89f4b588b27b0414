"""The course file: a small TOML writer that keeps the file readable (comments, one line a
mark), and saving, loading and naming course files.
"""
from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import Any, Mapping, Sequence
from dinghy.core import io
from dinghy.games.dinghy_race.course import DEFAULT_MARK_RADIUS, Course, leg_target
from dinghy.games.dinghy_race.designer.edits import finish_is_start


# --- the file: TOML text (dinghy.core.toml_text) and its layout -----------------------

from dinghy.core.toml_text import toml_key, toml_string, toml_value  # noqa: E402


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
    p = Path(path)
    io.write_text_atomic(p, to_toml(course))
    return p


def load(path: str | os.PathLike[str]) -> Course:
    from dinghy.games.dinghy_race import data as dr_data

    return dr_data.load_course(path)


def open_for_design(file: str | os.PathLike[str] | None) -> tuple[Course | None, Path | None]:
    """What ``dinghy design FILE`` starts with: the file's course when it exists (a
    broken file raises DataError naming it and the field), else no course and the path
    Save will write to (``.toml`` added when missing)."""
    if file is None:
        return None, None
    p, there = io.design_target(file)
    return (load(p), p) if there else (None, p)


def slug(name: str) -> str:
    """A file stem for a course name: ``"Harbour race!"`` -> ``harbour_race``."""
    s = re.sub(r"[^0-9A-Za-z]+", "_", name.strip().lower()).strip("_")
    return s or "course"


def courses_home() -> Path:
    """``$DINGHY_HOME/courses`` (the default ``$DINGHY_HOME`` is ``~/.local/share/dinghy``)."""
    return io.user_home() / "courses"
