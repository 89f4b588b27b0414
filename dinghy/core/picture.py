"""Pictures of a race, for every game: the board with every boat's track, where each boat
ended and a key of the places with each boat's colour (SVG, PNG), and the race round
by round (an animated GIF).

A game that can be drawn offers two things through its interface
(:class:`dinghy.core.interface.BaseGame`):

    game.board_drawing()             -> Chart: the board that never moves, in the game's own
                                world units (x east, y north), or None: no pictures
    game.boat_points(state)  -> [XY | None]: per seat, the point its track passes (None:
                                not on the water yet)
    game.boat_outlines(state) -> [outline | None]: per seat, its hull (world points)
    game.rounds(state)       -> the rounds begun (the GIF shows one frame a round)

Everything else (tracks, the key, the three formats) is here, once. Pure: a game and the
race's states in, text or a Pillow image out; writing the file is the caller's business
(:mod:`dinghy.core.io` writes atomically).
"""
from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Any, Sequence
from xml.sax.saxutils import escape

from PIL import Image, ImageDraw, ImageFont

from dinghy.core.setup import PALETTE

XY = tuple[float, float]
RGB = tuple[int, int, int]

FORMATS = ("svg", "png", "gif")
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


def _tracks_at(game: Any, states: Sequence[Any], ends: Sequence[int]) -> list[list[list[XY]]]:
    """The tracks as they stand at each state index of ``ends`` (in increasing order)."""
    out: list[list[XY]] = [[] for _ in range(game.seats())]
    snaps: list[list[list[XY]]] = []
    todo = list(ends)
    for i, st in enumerate(states):
        for seat, at in enumerate(game.boat_points(st)):
            if at is not None and (not out[seat] or out[seat][-1] != at):
                out[seat].append(at)
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
    """The places, finishers first in order, then the rest with the game's note."""
    places = game.places(state)
    order = sorted(range(len(places)), key=lambda k: (places[k] is None, places[k] or 0))
    return [KeyRow(f"{places[k]}." if places[k] else "-", game.name(k), colour(game, k),
                   "" if places[k] else game.unplaced_note(state, k)) for k in order]


def rounds_text(game: Any, state: Any) -> str:
    n = game.rounds(state)
    return f"{n} round{'s' if n != 1 else ''}"


def heading(game: Any, chart: Chart, state: Any) -> str:
    """The key's first line: the game, the board and the race's length."""
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


def _hex(rgb: RGB) -> str:
    return "#%02x%02x%02x" % rgb


def _f(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# --- SVG ----------------------------------------------------------------------------------

def svg(game: Any, states: Sequence[Any], width: float = 1000.0) -> str:
    """The board, every boat's track and last hull, and the key (places and colours)."""
    chart = game.board_drawing()
    frame = Frame(chart, width, game.seats())
    s = frame.scale

    def pts(points: Sequence[Sequence[float]]) -> str:
        return " ".join(f"{_f(x)},{_f(y)}" for x, y in frame.poly(points))

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(frame.height)}" '
           f'viewBox="0 0 {_f(width)} {_f(frame.height)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
           f"<title>{escape(chart.title or game.title)}</title>",
           f'<rect x="0" y="0" width="{_f(width)}" height="{_f(frame.height)}" fill="{_hex(PAPER)}"/>',
           '<g class="board">']
    for sh in chart.shapes:
        fill = _hex(sh.fill) if sh.fill else "none"
        stroke = f' stroke="{_hex(sh.stroke)}" stroke-width="{_f(max(sh.width * s, 0.6))}"' if sh.stroke else ""
        if sh.kind == "polygon":
            out.append(f'<polygon points="{pts(sh.points)}" fill="{fill}"{stroke}/>')
        elif sh.kind == "line":
            out.append(f'<polyline points="{pts(sh.points)}" fill="none"{stroke} stroke-linecap="round"/>')
        elif sh.kind == "circle":
            x, y = frame.px(sh.points[0])
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(max(sh.radius * s, 2))}" fill="{fill}"{stroke}/>')
        elif sh.kind == "label":
            x, y = frame.px(sh.points[0])
            out.append(f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(frame.line * 0.8)}" '
                       f'fill="{_hex(sh.fill or INK)}" text-anchor="middle">{escape(sh.text)}</text>')
    out.append("</g>")
    last = states[-1]
    hulls = game.boat_outlines(last)
    for seat, track in enumerate(tracks(game, states)):
        col = _hex(colour(game, seat))
        if len(track) > 1:
            out.append(f'<polyline class="track" data-boat="{seat}" points="{pts(track)}" fill="none" '
                       f'stroke="{col}" stroke-width="{_f(max(chart.unit * s, 1.5))}" '
                       f'stroke-linejoin="round" stroke-opacity="0.9"/>')
        if hulls[seat] is not None:
            out.append(f'<polygon class="boat" data-boat="{seat}" points="{pts(hulls[seat])}" '
                       f'fill="{col}" stroke="{_hex(INK)}" stroke-width="1"/>')
    out.append(_svg_key(game, chart, last, frame))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _svg_key(game: Any, chart: Chart, state: Any, frame: Frame) -> str:
    m, row = frame.margin, frame.line
    y = frame.key_top + row
    out = ['<g class="places">',
           f'<text x="{_f(m)}" y="{_f(y)}" font-size="{_f(row * 0.85)}" fill="{_hex(INK)}" font-weight="bold">'
           f'{escape(heading(game, chart, state))}</text>']
    for r in key_rows(game, state):
        y += row
        out.append(f'<rect class="swatch" x="{_f(m)}" y="{_f(y - row * 0.7)}" width="{_f(row * 0.8)}" '
                   f'height="{_f(row * 0.8)}" rx="2" fill="{_hex(r.colour)}" stroke="{_hex(INK)}"/>')
        words = f"{r.place} {r.name}" + (f" ({r.note})" if r.note else "")
        out.append(f'<text class="place" x="{_f(m + row * 1.2)}" y="{_f(y)}" font-size="{_f(row * 0.75)}" '
                   f'fill="{_hex(INK)}">{escape(words)}</text>')
    out.append("</g>")
    return "\n".join(out)


# --- raster (PNG, GIF) ----------------------------------------------------------------------

def _font(size: float) -> Any:
    try:
        return ImageFont.load_default(size=max(8, int(size)))
    except TypeError:                                  # Pillow < 10.1
        return ImageFont.load_default()


def _board(chart: Chart, frame: Frame) -> Image.Image:
    img = Image.new("RGB", (int(frame.width), int(math.ceil(frame.height))), PAPER)
    d = ImageDraw.Draw(img)
    s = frame.scale
    font = _font(frame.line * 0.8)
    for sh in chart.shapes:
        w = max(1, round(sh.width * s))
        if sh.kind == "polygon":
            d.polygon(frame.poly(sh.points), fill=sh.fill, outline=sh.stroke, width=w if sh.stroke else 1)
        elif sh.kind == "line":
            d.line(frame.poly(sh.points), fill=sh.stroke, width=w, joint="curve")
        elif sh.kind == "circle":
            x, y = frame.px(sh.points[0])
            r = max(sh.radius * s, 2)
            d.ellipse([x - r, y - r, x + r, y + r], fill=sh.fill, outline=sh.stroke)
        elif sh.kind == "label":
            d.text(frame.px(sh.points[0]), sh.text, fill=sh.fill or INK, font=font, anchor="ms")
    return img


def _draw_race(board: Image.Image, game: Any, chart: Chart, frame: Frame, last: Any,
               race_tracks: list[list[XY]]) -> Image.Image:
    img = board.copy()
    d = ImageDraw.Draw(img)
    for seat, track in enumerate(race_tracks):
        if len(track) > 1:
            d.line(frame.poly(track), fill=colour(game, seat), width=max(2, round(chart.unit * frame.scale)),
                   joint="curve")
    for seat, hull in enumerate(game.boat_outlines(last)):
        if hull is not None:
            d.polygon(frame.poly(hull), fill=colour(game, seat), outline=INK)
    m, row = frame.margin, frame.line
    y = frame.key_top + row
    d.text((m, y), heading(game, chart, last), fill=INK, font=_font(row * 0.85), anchor="ls")
    font = _font(row * 0.75)
    for r in key_rows(game, last):
        y += row
        d.rounded_rectangle([m, y - row * 0.7, m + row * 0.8, y + row * 0.1], radius=2, fill=r.colour, outline=INK)
        words = f"{r.place} {r.name}" + (f" ({r.note})" if r.note else "")
        d.text((m + row * 1.2, y), words, fill=INK, font=font, anchor="ls")
    return img


def image(game: Any, states: Sequence[Any], width: int = 1400) -> Image.Image:
    """The board with every track, where each boat ended, and the key."""
    chart = game.board_drawing()
    frame = Frame(chart, width, game.seats())
    return _draw_race(_board(chart, frame), game, chart, frame, states[-1], tracks(game, states))


def frames(game: Any, states: Sequence[Any], width: int = 800) -> list[Image.Image]:
    """One picture at the end of every round (and one at the very end)."""
    chart = game.board_drawing()
    frame = Frame(chart, width, game.seats())
    board = _board(chart, frame)
    rounds = [game.rounds(s) for s in states]
    ends = sorted({i - 1 for i in range(1, len(states)) if rounds[i] != rounds[i - 1]} | {len(states) - 1})
    return [_draw_race(board, game, chart, frame, states[i], t)
            for i, t in zip(ends, _tracks_at(game, states, ends))]


def save_gif(pictures: list[Image.Image], fh: Any, frame_ms: int = 180, hold_ms: int = 2500) -> None:
    """An animated GIF that plays once through the rounds and rests on the last one."""
    durations = [frame_ms] * (len(pictures) - 1) + [hold_ms]
    pictures[0].save(fh, format="GIF", save_all=True, append_images=pictures[1:], duration=durations,
                     loop=0, optimize=True)


def render(game: Any, states: Sequence[Any], fmt: str) -> bytes:
    """The race as a file's bytes: ``svg``, ``png`` or ``gif``."""
    if fmt == "svg":
        return svg(game, states).encode("utf-8")
    buf = io.BytesIO()
    if fmt == "png":
        image(game, states).save(buf, format="PNG", optimize=True)
    elif fmt == "gif":
        save_gif(frames(game, states), buf)
    else:
        raise ValueError(f"unknown picture format {fmt!r}; one of {', '.join(FORMATS)}")
    return buf.getvalue()
