"""The chart as the rules of Yacht Race read it: water and land, the marks in the order of
the prescribed course, the red starting and finish blocks with the directions they are
crossed in, the six numbered blocks at the yacht club, and the Sailors' Luck anchor blocks.

The chart is built from a shared grid board (:mod:`dinghy.games.grid.board`) and its
Yacht Race extras; ``from_board`` checks everything a race needs and names the field of
anything wrong.
"""
from __future__ import annotations

from dataclasses import dataclass

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class CourseMark:
    name: str
    x: int
    y: int
    side: str              # "port" or "starboard": the side the yacht passes it on

    @property
    def square(self) -> Square:
        return (self.x, self.y)

    @property
    def label(self) -> str:
        """"mark A"; an island rounded as a mark by its own name."""
        return f"mark {self.name}" if len(self.name) <= 2 else self.name


@dataclass(frozen=True, slots=True)
class Gate:
    """A red block: crossed properly by a move that leaves it on one of ``headings``."""

    name: str
    x: int
    y: int
    headings: frozenset[int]     # directions of travel (the text names where it is crossed FROM)

    @property
    def square(self) -> Square:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Chart:
    name: str
    title: str
    width: int
    height: int
    land: frozenset[Square]
    buoys: frozenset[Square]               # squares a mark stands on: no yacht enters them
    course: tuple[CourseMark, ...]         # to be rounded in this order
    start: Gate
    finish: Gate
    club: tuple[Square, ...]               # numbered blocks 1..6 (index 0 is block 1)
    luck: frozenset[Square]                # Sailors' Luck anchor blocks
    wind_cards: int = 12
    spinnakers: int = 3
    start_wind: int = 7                    # "a Northwesterly Wind Direction for the beginning"
    reverse_of: str = ""                   # a reversed course names the board it reverses

    def on_chart(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def water(self, sq: Square) -> bool:
        return self.on_chart(sq) and sq not in self.land

    def fixed_obstacle(self, sq: Square) -> str | None:
        """What, other than a yacht, stops a move entering ``sq`` (None: open water)."""
        if not self.on_chart(sq):
            return "the edge of the chart"
        if sq in self.land:
            return "land"
        if sq in self.buoys:
            return "a mark"
        return None

    def corner(self, x0: int, y0: int, x1: int, y1: int) -> bool:
        """A diagonal step between two land blocks that touch at a corner."""
        return (x1, y0) in self.land and (x0, y1) in self.land

    def target(self, leg: int) -> Square:
        """Where the yacht sails for on leg ``leg``: the next mark, or the finish block."""
        return self.course[leg].square if leg < len(self.course) else self.finish.square

    def previous(self, leg: int) -> Square:
        return self.course[leg - 1].square if leg > 0 else self.start.square


#: letters of a chart drawn in text (tests, sketches): top row is the north edge
LEGEND = {
    ".": "water", "#": "land", "W": "land (Wind Island)", "K": "land (Sailors' Luck Island)",
    "L": "a Sailors' Luck anchor block", "S": "the red starting block", "F": "the finish block",
    "1-6": "the numbered blocks at the yacht club", "A-E, G-J": "marks (a buoy on the block)",
}


def from_rows(rows: list[str], course: str = "A:port B:port C:port",
              start_from: str = "NE E SE", finish_from: str = "SW W NW", name: str = "sketch",
              **supplies) -> Chart:
    """A chart drawn in text, one string a row from north to south (see ``LEGEND``);
    ``course`` names the marks in rounding order with their side."""
    from dinghy.games.yacht_race.sailing import SHORT
    height, width = len(rows), len(rows[0])
    land, luck, marks, club = set(), set(), {}, {}
    start = finish = None
    for r, row in enumerate(rows):
        y = height - 1 - r
        for x, ch in enumerate(row):
            if ch in "#WK":
                land.add((x, y))
            elif ch == "L":
                luck.add((x, y))
            elif ch == "S":
                start = (x, y)
            elif ch == "F":
                finish = (x, y)
            elif ch.isdigit():
                club[int(ch)] = (x, y)
            elif ch.isalpha():
                marks[ch] = (x, y)

    def gate(label: str, sq, words: str) -> Gate:
        return Gate(label, sq[0], sq[1], frozenset((SHORT.index(w) + 4) % 8 for w in words.split()))

    legs = tuple(CourseMark(m, *marks[m], side) for m, side in (w.split(":") for w in course.split()))
    return Chart(name=name, title=name, width=width, height=height, land=frozenset(land),
                 buoys=frozenset(sq for k, sq in marks.items()), course=legs,
                 start=gate("start", start, start_from), finish=gate("finish", finish, finish_from),
                 club=tuple(club[k] for k in sorted(club)), luck=frozenset(luck), **supplies)


# --- from the shared grid board ----------------------------------------------------------

_EXTRAS = ("start_block", "start_from", "finish_block", "finish_from", "club_blocks",
           "luck_blocks", "wind_island", "luck_island", "wind_cards", "spinnakers", "round_islands")


def from_board(board, source: str = "board") -> Chart:
    """The chart of a grid board whose ``game`` is yacht_race; a DataError naming the field
    of anything the race cannot be sailed with."""
    from dinghy.core.errors import DataError
    from dinghy.games.grid import compass

    ex = board.extras

    def err(fieldname: str, message: str) -> DataError:
        return DataError(source, fieldname, message)

    for k in ex:
        if k not in _EXTRAS:
            raise err(f"extras.{k}", f"unknown key (Yacht Race reads {', '.join(_EXTRAS)})")
    if board.cells != "squares":
        raise err("cells", "Yacht Race is sailed on squares")

    def cell(v, fieldname: str, free: bool = True) -> Square:
        if (not isinstance(v, (list, tuple)) or len(v) != 2
                or any(isinstance(c, bool) or not isinstance(c, int) for c in v)):
            raise err(fieldname, f"must be a block [x, y], not {v!r}")
        sq = (v[0], v[1])
        if not board.in_bounds(*sq):
            raise err(fieldname, f"block {list(sq)} is off the chart")
        if free and not board.is_free(*sq):
            raise err(fieldname, f"block {list(sq)} is land or a mark, not open water")
        return sq

    def cells(key: str, free: bool) -> list[Square]:
        v = ex.get(key, ())
        if not isinstance(v, (list, tuple)):
            raise err(f"extras.{key}", "must be a list of blocks [[x, y], ...]")
        return [cell(p, f"extras.{key}[{i}]", free) for i, p in enumerate(v)]

    def gate(key: str, name: str) -> Gate:
        if f"{key}_block" not in ex:
            raise err(f"extras.{key}_block", f"missing: the red {name} block [x, y]")
        sq = cell(ex[f"{key}_block"], f"extras.{key}_block")
        words = ex.get(f"{key}_from")
        if not isinstance(words, (list, tuple)) or not words:
            raise err(f"extras.{key}_from", "must list the directions the block is crossed from, "
                      "e.g. [\"NE\", \"E\", \"SE\"]")
        heads = set()
        for i, w in enumerate(words):
            d = compass.parse(w)
            if d is None:
                raise err(f"extras.{key}_from[{i}]", f"not a compass direction: {w!r}")
            heads.add((d + 4) % 8)
        return Gate(name, sq[0], sq[1], frozenset(heads))

    def count(key: str, default: int, hi: int) -> int:
        v = ex.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
            raise err(f"extras.{key}", f"must be a whole number from 0 to {hi}, not {v!r}")
        return v

    club = cells("club_blocks", True)
    if len(club) != 6 or len(set(club)) != 6:
        raise err("extras.club_blocks", "the yacht club has six numbered blocks: list six "
                  "different blocks, block 1 first")
    start, finish = gate("start", "starting"), gate("finish", "finish")
    for g, key in ((start, "start_block"), (finish, "finish_block")):
        if g.square in club:
            raise err(f"extras.{key}", "a red block cannot be a numbered block of the club")
    course = tuple(CourseMark(m.name, m.x, m.y, m.side) for m in board.rounding_marks())
    course = _with_islands(course, board, ex.get("round_islands", ()), err)
    if not course:
        raise err("marks", "the course needs at least one mark to round (order 1, 2, ...)")
    cells("wind_island", False)
    cells("luck_island", False)
    return Chart(name=board.name, title=board.title, width=board.width, height=board.height,
                 land=frozenset(board.land), buoys=frozenset(m.pos for m in board.marks),
                 course=course, start=start, finish=finish, club=tuple(club),
                 luck=frozenset(cells("luck_blocks", True)),
                 wind_cards=count("wind_cards", 12, 72), spinnakers=count("spinnakers", 3, 18),
                 start_wind=board.wind_from)


def _with_islands(course, board, raw, err) -> tuple[CourseMark, ...]:
    """Islands rounded like marks ("clockwise around Wind Island"): a land block inside
    the island stands for it; ``order`` places it among the marks (1, 2, ...)."""
    if not isinstance(raw, (list, tuple)):
        raise err("extras.round_islands", "must be a list of tables {name, x, y, side, order}")
    slots: dict[int, CourseMark] = {i + 1: m for i, m in enumerate(course)}
    for i, t in enumerate(raw):
        f = f"extras.round_islands[{i}]"
        if not hasattr(t, "get") or set(t) - {"name", "x", "y", "side", "order"}:
            raise err(f, "must be a table with name, x, y, side and order")
        x, y, order = t.get("x"), t.get("y"), t.get("order")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y, order)):
            raise err(f, "x, y and order must be whole numbers")
        if (x, y) not in board.land:
            raise err(f"{f}.x", f"block [{x}, {y}] is not land: an island is rounded by a block of it")
        if t.get("side") not in ("port", "starboard"):
            raise err(f"{f}.side", "must be port or starboard")
        if order in slots:
            raise err(f"{f}.order", f"number {order} is already rounded")
        slots[order] = CourseMark(str(t.get("name", "island")), x, y, t["side"])
    if sorted(slots) != list(range(1, len(slots) + 1)):
        raise err("extras.round_islands", f"rounding orders must run 1, 2, 3 ... without gaps, not {sorted(slots)}")
    return tuple(slots[k] for k in sorted(slots))
