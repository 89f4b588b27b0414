"""What the pictures of a race share (:mod:`dinghy.core.picture` for PNG and GIF,
:mod:`dinghy.core.picture_svg` for SVG): the board's shapes (:class:`Chart`,
:class:`Shape`), the boats' tracks and colours, the key's rows and heading, and the
layout of world units on a picture (:class:`Frame`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from dinghy.core.geometry import readable_outline
from dinghy.core.setup import PALETTE

XY = tuple[float, float]
RGB = tuple[int, int, int]

PAPER: RGB = (250, 246, 236)
INK: RGB = (22, 38, 58)
SOFT: RGB = (90, 100, 115)


@dataclass(frozen=True, slots=True)
class Shape:
    """One piece of a board: ``kind`` "polygon" (``points``, ``fill``, ``stroke``),
    "line" (``points``, ``stroke``, ``width``), "circle" (``points[0]``, ``radius``,
    ``fill``, ``stroke``) or "label" (``points[0]``, ``text``, ``fill``: its ink). Sizes
    are in world units."""

    kind: str
    points: tuple[XY, ...]
    fill: RGB | None = None
    stroke: RGB | None = None
    width: float = 0.0
    radius: float = 0.0
    text: str = ""


@dataclass(frozen=True, slots=True)
class Chart:
    """The board that never moves: its bounds (x0, y0, x1, y1), its shapes in drawing
    order, and ``unit``: a track's width in world units."""

    bounds: tuple[float, float, float, float]
    shapes: tuple[Shape, ...]
    unit: float
    title: str = ""


def colour(game: Any, seat: int) -> RGB:
    return PALETTE.get(game.setup.seats[seat].colour, (90, 90, 90))


def can_draw(game: Any) -> bool:
    """Whether the game offers pictures at all."""
    return game.board_drawing() is not None


def tracks(game: Any, states: Sequence[Any]) -> list[list[XY]]:
    """Each boat's points through the race, from when it is first on the water (a point
    repeated at once is left out)."""
    return _tracks_at(game, states, [len(states) - 1])[-1] if states else []


def extend_tracks(game: Any, out: list[list[XY]], states: Sequence[Any]) -> None:
    """Each boat's track ``out`` (one list a seat) carried on through ``states``: a table
    in play keeps its tracks and adds each new state's points, instead of going through
    the whole race again for every picture."""
    for st in states:
        for seat, at in enumerate(game.boat_points(st)):
            if at is not None and (not out[seat] or out[seat][-1] != at):
                out[seat].append(at)


def _tracks_at(game: Any, states: Sequence[Any], ends: Sequence[int]) -> list[list[list[XY]]]:
    """The tracks as they stand at each state index of ``ends`` (in increasing order)."""
    out: list[list[XY]] = [[] for _ in range(game.seats())]
    snaps: list[list[list[XY]]] = []
    todo = list(ends)
    for i, st in enumerate(states):
        extend_tracks(game, out, (st,))
        while todo and todo[0] == i:
            snaps.append([list(t) for t in out])
            todo.pop(0)
    return snaps


@dataclass(frozen=True, slots=True)
class KeyRow:
    place: str          # "1." or "-"
    name: str
    colour: RGB
    note: str           # "finished", "did not finish", ...


def key_rows(game: Any, state: Any) -> list[KeyRow]:
    """The places, finishers first in order, then the rest with the game's note (while
    the race goes on, a picture of it in play, they are still sailing)."""
    places = game.places(state)
    over = game.is_over(state)
    order = sorted(range(len(places)), key=lambda k: (places[k] is None, places[k] or 0))
    return [KeyRow(f"{places[k]}." if places[k] else "-", game.name(k), colour(game, k),
                   "" if places[k] else game.unplaced_note(state, k) if over else "sailing")
            for k in order]


def rounds_text(game: Any, state: Any) -> str:
    """The race's length in the game's own word for a round ("30 rounds", "30 turns")."""
    n, word = game.rounds(state), game.round_word
    return f"{n} {word}{'s' if n != 1 else ''}"


def heading(game: Any, chart: Chart, state: Any) -> str:
    """The key's first line: the game, the board and the race's length."""
    if chart.title.startswith(game.title):     # the board names the game itself
        return f"{chart.title} · {rounds_text(game, state)}"
    board = f", {chart.title}" if chart.title else ""
    return f"{game.title}{board} · {rounds_text(game, state)}"


# --- the layout shared by SVG and raster --------------------------------------------------

class Frame:
    """World units onto a picture ``width`` wide, north up; the key under the board."""

    def __init__(self, chart: Chart, width: float, boats: int) -> None:
        x0, y0, x1, y1 = chart.bounds
        self.x0, self.y1 = x0, y1
        self.width = width
        self.margin = width * 0.015
        self.scale = (width - 2 * self.margin) / max(x1 - x0, 1e-9)
        self.board_h = (y1 - y0) * self.scale
        self.line = max(14.0, width / 60)                 # one row of the key
        self.key_top = self.margin * 2 + self.board_h
        self.height = self.key_top + self.line * (1.6 + boats) + self.margin

    def px(self, p: Sequence[float]) -> XY:
        return (self.margin + (p[0] - self.x0) * self.scale, self.margin + (self.y1 - p[1]) * self.scale)

    def poly(self, pts: Sequence[Sequence[float]]) -> list[XY]:
        return [self.px(p) for p in pts]


#: the least length a boat is drawn at on a picture, pixels (a silhouette where its true
#: size is smaller): the same least length as on the table's chart
MIN_BOAT_PX = 28.0


def readable(outline: Sequence[Sequence[float]], scale: float, least: float = MIN_BOAT_PX) -> Any:
    """A hull's outline (world points) grown about its middle so that it is drawn at least
    ``least`` pixels long at ``scale`` pixels a world unit (its length: its two furthest
    corners); a boat on a small picture is a silhouette big enough to see."""
    pts = np.asarray(outline, dtype=float)
    length = float(np.max(np.linalg.norm(pts[:, None, :] - pts[None, :, :], axis=-1))) if len(pts) else 0.0
    return readable_outline(pts, length, scale, least)
