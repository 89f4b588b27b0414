"""The start, the marks and the finish: what each step of a leg does on the course.

* "A player may not be on or across the starting line before round three. Boats jumping
  the gun must return and re-cross the line." A boat that stands on the line, or on the
  course side of it (or of its extensions), during rounds one and two has jumped the gun:
  it must return wholly behind the line and then cross it from round three on.
* The start line runs between the committee boat and a course marker (the board's
  ``start``); its course side is the side of the first mark (or ``extras.start_towards``).
* Marks are rounded in order, each left to the side the board gives. A mark counts as
  rounded when the boat has crossed the mark's rounding ray (:mod:`dinghy.games.grid.rounding`;
  ``extras.rays`` may name its direction) in the rounding sense once more than in the
  other sense: anticlockwise for a mark left to port.
* "The player who crosses the finish line first wins": after the last mark, crossing the
  finish line to the side away from the last mark (or ``extras.finish_towards``).
  "Players finishing in the same round and the same number of legs tie. If two or more
  players cross the finish line in the same round, but not in the same number of legs,
  the one who crosses in the fewest legs wins."
"""
from __future__ import annotations

from dataclasses import dataclass

from dinghy.core.errors import DataError
from dinghy.core.interface import Event
from dinghy.games.grid import compass, rounding
from dinghy.games.grid.board import Board, Line, Mark
from dinghy.games.regatta_3m.state import Boat, Point

#: the starting round: "A player may not be on or across the starting line before round three."
STARTING_ROUND = 3


@dataclass(frozen=True)
class Course:
    """The board's start, marks and finish, with the sides and rays the rules need."""

    start: Line
    course_side: int                 # Line.side of the course side of the start line
    finish: Line
    finish_side: int                 # Line.side a finishing boat crosses to
    marks: tuple[Mark, ...]          # to round, in order
    rays: tuple[rounding.Vector, ...]   # each mark's rounding ray (a unit vector)
    obstacles: frozenset[Point]      # land and every mark (committee boat and marker included)

    @classmethod
    def from_board(cls, board: Board, source: str = "board") -> "Course":
        marks = board.rounding_marks()
        ex = board.extras
        course_side = _side_towards(board.start, ex.get("start_towards"), source, "extras.start_towards")
        if course_side is None:
            target = marks[0].pos if marks else None
            course_side = board.start.side(target) if target else board.start.side_of(board.wind_from)
        if course_side == 0:
            raise DataError(source, "start", "the first mark lies on the start line's extension: "
                            "say which way the start goes (extras.start_towards)")
        finish_side = _side_towards(board.finish, ex.get("finish_towards"), source, "extras.finish_towards")
        if finish_side is None:
            last = marks[-1].pos if marks else None
            finish_side = -board.finish.side(last) if last else -board.finish.side_of(board.wind_from)
        if finish_side == 0:
            raise DataError(source, "finish", "the last mark lies on the finish line's extension: "
                            "say which way the finish goes (extras.finish_towards)")
        named = ex.get("rays", {})
        if not hasattr(named, "get"):
            raise DataError(source, "extras.rays", "must be a table: mark name = direction")
        rays = []
        for i, m in enumerate(marks):
            if m.name in named:
                d = compass.parse(named[m.name])
                if d is None:
                    raise DataError(source, f"extras.rays.{m.name}", f"not a direction: {named[m.name]!r}")
                dx, dy = compass.DIRS[d]
                n = (dx * dx + dy * dy) ** 0.5
                rays.append((dx / n, dy / n))
            else:
                before = marks[i - 1].pos if i else _middle(board.start)
                after = marks[i + 1].pos if i + 1 < len(marks) else _middle(board.finish)
                rays.append(rounding.rounding_ray(m.pos, m.side, before, after))
        obstacles = frozenset(board.land) | frozenset(m.pos for m in board.marks)
        return cls(board.start, course_side, board.finish, finish_side, marks, tuple(rays), obstacles)


def _side_towards(line: Line, value, source: str, field: str) -> int | None:
    if value is None:
        return None
    d = compass.parse(value)
    if d is None or line.side_of(d) == 0:
        raise DataError(source, field, f"must be a direction across the line, not {value!r}")
    return line.side_of(d)


def _middle(line: Line) -> tuple[float, float]:
    return ((line.a[0] + line.b[0]) / 2, (line.a[1] + line.b[1]) / 2)


def behind_line(course: Course, p: Point) -> bool:
    """Strictly on the pre-start side of the start line (or its extensions)."""
    return course.start.side(p) == -course.course_side


def over_line(course: Course, p: Point) -> bool:
    """On the start line or across it (on the course side of it or its extensions)."""
    return course.start.side(p) == course.course_side or course.start.on_line(p)


def placed(course: Course, boat: Boat, p: Point) -> Boat:
    """The boat's line sides once positioned at ``p``."""
    return boat.with_(at=p, start_side=course.start.side(p), finish_side=course.finish.side(p))


def step(course: Course, boat: Boat, p0: Point, p1: Point, round_: int, legs: int,
         name: str) -> tuple[Boat, list[Event]]:
    """The boat after one step from ``p0`` to ``p1`` (the ``legs``-th leg of its turn in
    round ``round_``): jumping the gun, returning, starting, rounding, finishing."""
    ev: list[Event] = []
    b = boat.with_(at=p1)
    s1 = course.start.side(p1)
    if not b.started:
        if round_ < STARTING_ROUND and not b.premature and over_line(course, p1):
            b = b.with_(premature=True)
            ev.append(Event("gun", b.seat, f"{name} is on or across the starting line in round {round_}, "
                            f"before round {STARTING_ROUND}: jumping the gun, it must return "
                            "behind the line and re-cross it"))
        elif b.premature and s1 == -course.course_side:
            b = b.with_(premature=False)
            ev.append(Event("gun", b.seat, f"{name} is wholly back behind the starting line "
                            "and may start"))
        elif (round_ >= STARTING_ROUND and not b.premature and b.start_side == -course.course_side
              and s1 == course.course_side and course.start.crossed(p0, p1)):
            b = b.with_(started=True)
            ev.append(Event("start", b.seat, f"{name} crosses the starting line in round {round_}: started"))
    if s1:
        b = b.with_(start_side=s1)
    if b.started and b.rounded < len(course.marks):
        m = course.marks[b.rounded]
        c = b.crossings + rounding.ray_crossing(m.pos, course.rays[b.rounded], p0, p1)
        if rounding.is_rounded(c, m.side):
            b = b.with_(rounded=b.rounded + 1, crossings=0)
            ev.append(Event("mark", b.seat, f"{name} rounds mark {m.name} (left to {m.side})"))
        else:
            b = b.with_(crossings=c)
    f1 = course.finish.side(p1)
    if (b.started and b.rounded == len(course.marks) and b.finish_side == -course.finish_side
            and f1 == course.finish_side and course.finish.crossed(p0, p1)):
        b = b.with_(finished=(round_, legs))
        ev.append(Event("finish", b.seat, f"{name} crosses the finish line in round {round_}, "
                        f"on leg {legs} of its turn"))
    if f1:
        b = b.with_(finish_side=f1)
    return b, ev


def places(boats: tuple[Boat, ...]) -> list[int | None]:
    """Each boat's place: by round, then legs ("the one who crosses in the fewest legs
    wins"); the same round and number of legs tie and share the place."""
    keys = [b.finished for b in boats]
    return [None if k is None else 1 + sum(1 for o in keys if o is not None and o < k) for k in keys]
