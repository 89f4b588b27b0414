"""Dinghy Race in a person's words, for display: where a boat is by the course ("two
card lengths below mark 2", "on the start line"), how a mark is rounded ("mark 1, to
port, rounds 1 and 4"), the coach's figures ("about 112 rounds to the finish").

Pure functions of the game and its states: no pyglet, nothing decided. The engine's
events keep their own text and data; the table's log shows :func:`log_text` of them.
"""
from __future__ import annotations

import math
import re
from typing import Any, Sequence

_SMALL = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "eleven", "twelve")


def number_word(n: int) -> str:
    """3 -> "three"; numbers past twelve stay figures."""
    return _SMALL[n] if 0 <= n < len(_SMALL) else str(n)


def and_list(items: Sequence[str]) -> str:
    """["1", "4"] -> "1 and 4"; ["1", "3", "5"] -> "1, 3 and 5"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def card_lengths(d: float, card: float) -> str:
    """A distance in card lengths: "half a card length", "two card lengths"."""
    k = d / card
    if k < 0.75:
        return "half a card length"
    n = round(k)
    return "one card length" if n == 1 else f"{number_word(n)} card lengths"


# --- the course ------------------------------------------------------------------------------

def rounding_words(course: Any) -> dict[tuple[str, ...], str]:
    """Each mark (or gate) of the rounding order in words, keyed by its ids: "mark 1, to
    port, rounds 1 and 4"; "gate 3A/3B, rounds 3 and 5"; a mark left to both sides says
    the side of each rounding ("mark 1, rounds 1 (to port) and 4 (to starboard)")."""
    by_ids: dict[tuple[str, ...], list[tuple[int, str | None]]] = {}
    for k, leg in enumerate(course.legs):
        by_ids.setdefault(tuple(leg.mark_ids), []).append((k + 1, leg.side))
    out = {}
    for ids, uses in by_ids.items():
        name = f"gate {'/'.join(ids)}" if len(ids) > 1 else f"mark {ids[0]}"
        word = "round" if len(uses) == 1 else "rounds"
        sides = {side for _, side in uses}
        if len(ids) > 1 or len(sides) == 1:
            side = f", to {uses[0][1]}" if len(ids) == 1 else ""
            out[ids] = f"{name}{side}, {word} {and_list([str(k) for k, _ in uses])}"
        else:
            out[ids] = f"{name}, {word} " + and_list([f"{k} (to {s})" for k, s in uses])
    return out


def next_target(course: Any, boat: Any) -> tuple[str, tuple[float, float]] | None:
    """What the boat sails for next and where it is: ("mark 2", (x, y)), ("the finish
    line", midpoint); None once it has finished. Before the start: the start line."""
    if boat.finished is not None:
        return None
    if not boat.started:
        return ("the start line", tuple(course.start.midpoint))
    legs = course.legs
    if boat.legs_done >= len(legs):
        return ("the finish line", tuple(course.finish.midpoint))
    ids = legs[boat.legs_done].mark_ids
    ms = [course.mark(i) for i in ids]
    name = f"gate {'/'.join(ids)}" if len(ids) > 1 else f"mark {ids[0]}"
    return (name, (sum(m.x for m in ms) / len(ms), sum(m.y for m in ms) / len(ms)))


def _segment_distance(p: Sequence[float], a: Sequence[float], b: Sequence[float]) -> float:
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _direction(frm: Sequence[float], to: Sequence[float], wind_from: float) -> str:
    """Where ``to`` lies from ``frm``: "above" (upwind), "below" (downwind), else "left
    of" / "right of" as the chart shows it (north up)."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    w = math.radians(wind_from)                       # compass: 0 north, 90 east
    up = dx * math.sin(w) + dy * math.cos(w)          # along the wind, towards where it comes from
    across = dx * math.cos(w) - dy * math.sin(w)
    if abs(up) >= abs(across):
        return "above" if up > 0 else "below"
    return "right of" if dx > 0 else "left of"


def place_words(game: Any, xy: Sequence[float]) -> str:
    """Where a point of the water is, by the course: "on the start line", "at mark 2",
    "two card lengths below mark 2", "one card length left of the finish line"."""
    course, card = game.course, game.cards.card_length
    lines = [("the start line", course.start)]
    if tuple(course.finish.a) != tuple(course.start.a) or tuple(course.finish.b) != tuple(course.start.b):
        lines.append(("the finish line", course.finish))
    places: list[tuple[float, str, tuple[float, float]]] = []
    for name, line in lines:
        d = _segment_distance(xy, line.a, line.b)
        if d < card * 0.5:
            return f"on {name}"
        places.append((d, name, tuple(line.midpoint)))
    for m in course.marks:
        d = math.dist(xy, m.xy)
        if d < card * 0.6:
            return f"at mark {m.id}"
        places.append((d, f"mark {m.id}", (m.x, m.y)))
    d, name, at = min(places)
    if name.startswith("the ") and name.endswith("line"):
        line = dict(lines)[name]
        ax, ay, bx, by = line.a[0], line.a[1], line.b[0], line.b[1]
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((xy[0] - ax) * dx + (xy[1] - ay) * dy) / (dx * dx + dy * dy or 1.0)))
        at = (ax + t * dx, ay + t * dy)                # the line's nearest point
    return f"{card_lengths(d, card)} {_direction(at, xy, game.wind_from)} {name}"


# --- the log --------------------------------------------------------------------------------

#: the events that put a boat somewhere new, said with the place they leave it
PLACED = ("move", "launch", "obstacle")


def log_text(game: Any, event: Any, after: Any) -> str:
    """An event's line in the table's log: the engine's words, and for a boat that
    sailed or was put on the water where it is now by the course (``after``: the
    race's state after the action). "Yellow sails to 225° (135° off the wind): now two
    card lengths below mark 2"."""
    if event.kind not in PLACED or event.boat is None or after is None:
        return event.text
    boat = after.boats[event.boat]
    if not boat.launched:
        return event.text
    return f"{event.text}: now {place_words(game, boat.pose.xy)}"


def said_events(game: Any, batches: Sequence[Sequence[Any]], states: Sequence[Any],
                cache: dict[Any, Any] | None = None) -> list[Any]:
    """The log's lines of a race, for the table and the replay viewer alike: the events
    of each action (``batches[k]``, the k-th action's), each boat's new place said by the
    course (:func:`log_text`, with ``states[k + 1]``: the state after that action). An
    event said as the engine said it is itself; ``cache`` keeps the lines made (each
    made once)."""
    from dinghy.core.interface import Event

    cache = {} if cache is None else cache
    out: list[Any] = []
    for k, batch in enumerate(batches):
        after = states[k + 1] if k + 1 < len(states) else None
        for j, e in enumerate(batch):
            key = (k, j, e.text)
            said = cache.get(key)
            if said is None:
                text = log_text(game, e, after)
                said = cache[key] = e if text == e.text else Event(e.kind, e.boat, text)
            out.append(said)
    return out


def rounds_said(x: float) -> str:
    """A number of rounds as a person says it, to the half: "half a round", "one
    round", "1½ rounds", "2 rounds"."""
    if x < 0.75:
        return "half a round"
    halves = round(x * 2)
    if halves % 2:
        return f"{halves // 2}½ rounds"
    return "one round" if halves == 2 else f"{halves // 2} rounds"


_LINE = re.compile(r"^line (?:(\d+(?:\.\d+)?) rounds (before|after)|(with)) the gun$")


def line_said(note: str) -> str:
    """The coach's timing at the start line ("line 2.5 rounds before the gun") as a
    person says it: "at the line 2.5 rounds early", "at the line with the gun", "at the
    line one round late"; another note as it is. The tenth stays (two places on the
    water a card apart may differ by only that), but for a whole number of rounds."""
    m = _LINE.match(note)
    if m is None:
        return note
    if m.group(3):
        return "at the line with the gun"
    x = float(m.group(1))
    said = (("one round" if round(x) == 1 else f"{round(x)} rounds") if abs(x - round(x)) < 0.05
            else f"{x:.1f} rounds")
    return f"at the line {said} {'early' if m.group(2) == 'before' else 'late'}"


def coach_figures(rounds: float, note: str | None) -> str:
    """The coach's figures as a person says them, short enough for the water beside a
    ghost: "about 112 rounds to go, at the line 2 rounds early" (the coach's own:
    "112.5 rounds", "line 2.5 rounds before the gun")."""
    text = f"about {max(1, round(rounds))} rounds to go"
    return f"{text}, {line_said(note)}" if note else text
