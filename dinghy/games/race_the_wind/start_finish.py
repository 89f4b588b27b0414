"""The start, the marks and the finish.

- "To begin the race they must cross the starting line at turn number 8 or later." A
  crossing before turn 8 does not count: the boat comes back and crosses again.
- "If a boat is present at the starting line at turn 6 or 7 it gets a penalty": a boat
  standing on a square of the line (between its two marks) when turn 6 or 7 ends.
- "A boat also gets a penalty if it manouvers (i.e. stays) on the same square for more
  than two turns in a row before turn 8": a boat that ends a turn before turn 8 on the
  square it began it on for the third turn in a row (turning on the spot is staying);
  the count starts again after the penalty.
- Marks are rounded in order on their side (:mod:`dinghy.games.grid.rounding`), from
  the start on.
- "A boat finishes when it crosses the finish line (i.e. being on the line does not yet
  constitute a finish)", after its marks, away from the last mark's side. A boat still
  owing penalty turns does not finish when it crosses: it does them and crosses again.
- "If several boats finish on the same turn, the winner is determined by applying the
  Precedence Rules above to the boats as they cross the finish line."
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cmp_to_key

from dinghy.core.interface import Event
from dinghy.games.grid import rounding
from dinghy.games.grid.board import Board, Line, Mark
from dinghy.games.race_the_wind.precedence import precedence
from dinghy.games.race_the_wind.state import Boat

Point = tuple[int, int]
START_TURN = 8
EARLY_TURNS = (6, 7)
STAYS = 3


@dataclass(frozen=True)
class Course:
    start: Line
    finish: Line
    course_side: int           # the side of the start line the race is sailed on
    finish_side: int           # the side of the finish line a finishing boat ends on
    marks: tuple[Mark, ...]
    rays: tuple[tuple[float, float], ...]


def _mid(line: Line) -> tuple[float, float]:
    return ((line.a[0] + line.b[0]) / 2, (line.a[1] + line.b[1]) / 2)


def course_of(board: Board, start_cells: tuple[Point, ...]) -> Course:
    marks = board.rounding_marks()
    start, finish = board.start, board.finish
    side = start.side(marks[0].pos) if marks else 0
    if side == 0 and start_cells:
        side = -start.side(start_cells[0])
    side = side or 1
    fside = -finish.side(marks[-1].pos) if marks else 0
    if fside == 0:
        fside = -side if finish == start else side
    rays = []
    for i, m in enumerate(marks):
        prev = _mid(start) if i == 0 else marks[i - 1].pos
        nxt = _mid(finish) if i == len(marks) - 1 else marks[i + 1].pos
        rays.append(rounding.rounding_ray(m.pos, m.side, prev, nxt))
    return Course(start, finish, side, fside, marks, tuple(rays))


def _crosses(line: Line, last_side: int, p0: Point, p1: Point, to_side: int) -> bool:
    s1 = line.side(p1)
    before = line.side(p0) or last_side
    return s1 == to_side and before != s1 and line.crossed(p0, p1)


def after_move(course: Course, b: Boat, p0: Point, p1: Point, turn: int, wind: int, name: str) -> tuple[Boat, list[Event]]:
    """The start, rounding and finishing consequences of one move of boat ``b``
    (already standing on p1) from p0."""
    ev: list[Event] = []
    if not b.started and _crosses(course.start, b.start_side, p0, p1, course.course_side):
        if turn >= START_TURN:
            b = b.moved(started=True)
            ev.append(Event("start", b.seat, f"{name} crosses the start line at turn {turn}: "
                            f"boats must cross it at turn {START_TURN} or later, so {name}'s race has begun."))
        else:
            ev.append(Event("early", b.seat, f"{name} crosses the start line at turn {turn}, before turn "
                            f"{START_TURN}: that does not count; {name} must come back and cross it "
                            f"again at turn {START_TURN} or later."))
    s = course.start.side(p1)
    if s:
        b = b.moved(start_side=s)
    if b.started and b.leg < len(course.marks):
        mark, ray = course.marks[b.leg], course.rays[b.leg]
        c = rounding.ray_crossing(mark.pos, ray, p0, p1)
        if c:
            count = b.count + c
            if rounding.is_rounded(count, mark.side):
                b = b.moved(leg=b.leg + 1, count=0)
                ev.append(Event("round", b.seat, f"{name} rounds mark {mark.name!r}, leaving it to {mark.side} "
                                f"as the course asks (mark {mark.order} of {len(course.marks)})."))
            else:
                b = b.moved(count=count)
                if c == -rounding.sense(mark.side):
                    ev.append(Event("wrong_way", b.seat, f"{name} passes mark {mark.name!r} the wrong way "
                                    f"round (it is to be left to {mark.side}): {name} must sail back round it."))
    if b.started and b.leg == len(course.marks) and not b.finished \
            and _crosses(course.finish, b.finish_side, p0, p1, course.finish_side):
        if b.penalties or b.spin is not None:
            ev.append(Event("no_finish", b.seat, f"{name} crosses the finish line but still owes "
                            f"{b.penalties} penalty turn(s): a penalty is a full rotation \"sometime before "
                            f"the end of the race\", so {name} must do it and cross again."))
        else:
            b = b.moved(finished=True, finish_turn=turn, finish_from=p0, finish_to=p1,
                        finish_heading=b.heading, finish_wind=wind)
            ev.append(Event("finish", b.seat, f"{name} crosses the finish line at turn {turn} and finishes."))
    f = course.finish.side(p1)
    if f:
        b = b.moved(finish_side=f)
    return b, ev


def on_start_line(course: Course, p: Point) -> bool:
    return course.start.on_line(p)


def finishing_order(boats: list[Boat]) -> list[Boat]:
    """Boats that finished in the same turn, ordered by the precedence rules applied as
    they crossed the line (their heading and square just after the crossing)."""
    def cmp(a: Boat, b: Boat) -> int:
        w, _ = precedence((a.finish_to, a.finish_heading), (b.finish_to, b.finish_heading), a.finish_wind)
        return -1 if w == 0 else 1
    return sorted(boats, key=cmp_to_key(cmp))
