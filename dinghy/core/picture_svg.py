"""The SVG picture of a race (:func:`svg`, also found as :func:`dinghy.core.picture.svg`):
the board, what lies on it in the state drawn, the wind's rose, every boat's track and
last hull, and the key, laid out as the raster pictures are
(:mod:`dinghy.core.picture_layout`)."""
from __future__ import annotations

from typing import Any, Iterable, Sequence
from xml.sax.saxutils import escape

from dinghy.core.picture_layout import (INK, PAPER, RGB, XY, Chart, Frame, Shape, colour, extend_tracks,
                                        heading, key_rows, readable)
from dinghy.core.wind_rose import Rose, rose


def _hex(rgb: RGB) -> str:
    return "#%02x%02x%02x" % rgb


def _points(xys: Iterable[XY]) -> str:
    """Picture points as an SVG ``points`` attribute."""
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in xys)


def _f(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class KeptTracks:
    """A race's SVG kept up while the race goes on (a table in play): the board's shapes
    written once, and each boat's track with its points' text carried on state by state
    (:meth:`extend`), so that the next picture writes only the points that are new rather
    than every point of the race again; :func:`svg` with ``kept`` draws the same picture,
    byte for byte, as without."""

    def __init__(self, game: Any, width: float) -> None:
        self.game, self.width = game, width
        self.chart = game.board_drawing()
        self.frame = Frame(self.chart, width, game.seats())
        self.board = _svg_shapes(self.chart.shapes, self.frame)
        self.seen = 0                               # the states gone through
        self.tracks: list[list[XY]] = [[] for _ in range(game.seats())]
        self.texts = [""] * game.seats()            # each track's ``points`` attribute

    def extend(self, states: Sequence[Any]) -> None:
        """The tracks carried on through ``states``, the states after the ``seen`` first."""
        before = [len(t) for t in self.tracks]
        extend_tracks(self.game, self.tracks, states)
        self.seen += len(states)
        for seat, track in enumerate(self.tracks):
            if len(track) > before[seat]:
                new = _points(self.frame.poly(track[before[seat]:]))
                self.texts[seat] = f"{self.texts[seat]} {new}" if self.texts[seat] else new


def svg(game: Any, states: Sequence[Any], width: float = 1000.0, kept: KeptTracks | None = None) -> str:
    """The board, every boat's track and last hull, and the key (places and colours);
    ``kept``: the board and the tracks through ``states`` where the caller keeps them
    (:class:`KeptTracks`, of this game and width, gone through all of ``states``)."""
    if kept is None:
        kept = KeptTracks(game, width)
        kept.extend(states)
    chart, frame, board, texts = kept.chart, kept.frame, kept.board, kept.texts
    s = frame.scale

    def pts(points: Sequence[Sequence[float]]) -> str:
        return _points(frame.poly(points))

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(width)}" height="{_f(frame.height)}" '
           f'viewBox="0 0 {_f(width)} {_f(frame.height)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
           f"<title>{escape(chart.title or game.title)}</title>",
           f'<rect x="0" y="0" width="{_f(width)}" height="{_f(frame.height)}" fill="{_hex(PAPER)}"/>',
           '<g class="board">', *board, "</g>"]
    last = states[-1]
    pieces = game.board_pieces(last)
    if pieces:
        out += ['<g class="pieces">', *_svg_shapes(pieces, frame), "</g>"]
    out.append(_svg_rose(rose(game, last, frame), frame))
    hulls = game.boat_outlines(last)
    track_width = _f(max(chart.unit * s, 1.5))
    for seat, text in enumerate(texts):
        col = _hex(colour(game, seat))
        if " " in text:                             # two points or more
            out.append(f'<polyline class="track" data-boat="{seat}" points="{text}" fill="none" '
                       f'stroke="{col}" stroke-width="{track_width}" '
                       f'stroke-linejoin="round" stroke-opacity="0.9"/>')
        if hulls[seat] is not None:
            out.append(f'<polygon class="boat" data-boat="{seat}" points="{pts(readable(hulls[seat], s))}" '
                       f'fill="{col}" stroke="{_hex(INK)}" stroke-width="1"/>')
    out.append(_svg_key(game, chart, last, frame))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _svg_shapes(shapes: Sequence[Shape], frame: Frame) -> list[str]:
    s = frame.scale
    out = []
    for sh in shapes:
        pts = _points(frame.poly(sh.points))
        fill = _hex(sh.fill) if sh.fill else "none"
        stroke = f' stroke="{_hex(sh.stroke)}" stroke-width="{_f(max(sh.width * s, 0.6))}"' if sh.stroke else ""
        if sh.kind == "polygon":
            out.append(f'<polygon points="{pts}" fill="{fill}"{stroke}/>')
        elif sh.kind == "line":
            out.append(f'<polyline points="{pts}" fill="none"{stroke} stroke-linecap="round"/>')
        elif sh.kind == "circle":
            x, y = frame.px(sh.points[0])
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(max(sh.radius * s, 2))}" fill="{fill}"{stroke}/>')
        elif sh.kind == "label":
            x, y = frame.px(sh.points[0])
            out.append(f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(frame.line * 0.8)}" '
                       f'fill="{_hex(sh.fill or INK)}" text-anchor="middle">{escape(sh.text)}</text>')
    return out


def _svg_rose(r: Rose | None, frame: Frame) -> str:
    """The wind's rose (:mod:`.wind_rose`), "" where the game has no wind."""
    if r is None:
        return ""
    cx, pts = r.centre[0], _points(r.arrow)
    x0, y0, x1, y1 = r.badge
    return (f'<g class="wind" data-from="{_f(r.wind_from)}"><title>{escape(r.words)}</title>'
            f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(x1 - x0)}" height="{_f(y1 - y0)}" rx="{_f(r.radius * 0.3)}" '
            f'fill="{_hex(PAPER)}" fill-opacity="0.9" stroke="{_hex(INK)}" stroke-width="1"/>'
            f'<polygon points="{pts}" fill="{_hex(INK)}"/>'
            f'<text x="{_f(cx)}" y="{_f(r.word_at[1])}" font-size="{_f(r.word_size)}" '
            f'fill="{_hex(INK)}" text-anchor="middle" font-weight="bold">wind</text></g>')


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
