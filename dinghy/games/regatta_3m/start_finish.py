"""The start, the marks and the finish: what each step of a leg does on the course.

* "A player may not be on or across the starting line before round three. Boats jumping
  the gun must return and re-cross the line." A boat that stands on the line, or on the
  course side of it (or of its extensions), during rounds one and two has jumped the gun:
  it must return wholly behind the line and then cross it from round three on.
* The start line runs between the committee boat and a course marker (the board's
  ``start``), "two spaces apart for each boat in the race" where the board asks for it
  (``extras.line_per_boat``, :func:`line_for_fleet`); its course side is the side of the first mark (or ``extras.start_towards``).
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

from dataclasses import dataclass, replace

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


def line_for_fleet(board: Board, boats: int, source: str = "board") -> Board:
    """The board with its start line (and the committee boat and course marker at its
    ends) set "two spaces apart for each boat in the race" when the board says so
    (``extras.line_per_boat``): the line keeps its middle and direction and shrinks to
    ``line_per_boat`` × ``boats`` spaces (never longer than the board draws it). A finish
    line on the same crosses moves with it."""
    per = board.extras.get("line_per_boat")
    if per is None:
        return board
    if isinstance(per, bool) or not isinstance(per, int) or not 1 <= per <= 10:
        raise DataError(source, "extras.line_per_boat", f"must be a whole number 1 to 10, not {per!r}")
    (ax, ay), (bx, by) = board.start.a, board.start.b
    n = compass.chebyshev(board.start.a, board.start.b)
    if (bx - ax) % n or (by - ay) % n:
        raise DataError(source, "extras.line_per_boat", "the start line must run along one of the eight "
                        "directions for its length to follow the fleet")
    dx, dy = (bx - ax) // n, (by - ay) // n
    want = min(n, per * boats)
    k = (n - want) // 2
    a, b = (ax + k * dx, ay + k * dy), (ax + (k + want) * dx, ay + (k + want) * dy)
    moved = {board.start.a: a, board.start.b: b}
    marks = tuple(replace(m, x=moved[m.pos][0], y=moved[m.pos][1]) if m.pos in moved else m
                  for m in board.marks)
    start = Line(a, b)
    finish = start if board.finish == board.start else board.finish
    return replace(board, marks=marks, start=start, finish=finish)


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
    round ``round_``): jumping the gun, returning, starting, rounding, finishing. (The
    changes are gathered and made in one ``with_``: a leg asks this of every space.)"""
    ev: list[Event] = []
    seat, started, premature, rounded = boat.seat, boat.started, boat.premature, boat.rounded
    ch: dict = {"at": p1}
    s1 = course.start.side(p1)
    if not started:
        if round_ < STARTING_ROUND and not premature and over_line(course, p1):
            premature = ch["premature"] = True
            ev.append(Event("gun", seat, f"{name} is on or across the starting line in round {round_}, "
                            f"before round {STARTING_ROUND}: jumping the gun, it must return "
                            "behind the line and re-cross it"))
        elif premature and s1 == -course.course_side:
            premature = ch["premature"] = False
            ev.append(Event("gun", seat, f"{name} is wholly back behind the starting line "
                            "and may start"))
        elif (round_ >= STARTING_ROUND and not premature and boat.start_side == -course.course_side
              and s1 == course.course_side and course.start.crossed(p0, p1)):
            started = ch["started"] = True
            ev.append(Event("start", seat, f"{name} crosses the starting line in round {round_}: started"))
    if s1:
        ch["start_side"] = s1
    if started and rounded < len(course.marks):
        m = course.marks[rounded]
        c = boat.crossings + rounding.ray_crossing(m.pos, course.rays[rounded], p0, p1)
        if rounding.is_rounded(c, m.side):
            rounded = ch["rounded"] = rounded + 1
            ch["crossings"] = 0
            ev.append(Event("mark", seat, f"{name} rounds mark {m.name} (left to {m.side})"))
        else:
            ch["crossings"] = c
    f1 = course.finish.side(p1)
    if (started and rounded == len(course.marks) and boat.finish_side == -course.finish_side
            and f1 == course.finish_side and course.finish.crossed(p0, p1)):
        ch["finished"] = (round_, legs)
        ev.append(Event("finish", seat, f"{name} crosses the finish line in round {round_}, "
                        f"on leg {legs} of its turn"))
    if f1:
        ch["finish_side"] = f1
    return boat.with_(**ch), ev


def places(boats: tuple[Boat, ...]) -> list[int | None]:
    """Each boat's place: by round, then legs ("the one who crosses in the fewest legs
    wins"); the same round and number of legs tie and share the place."""
    keys = [b.finished for b in boats]
    return [None if k is None else 1 + sum(1 for o in keys if o is not None and o < k) for k in keys]
