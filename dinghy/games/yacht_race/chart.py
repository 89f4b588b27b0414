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
