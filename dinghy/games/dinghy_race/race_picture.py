"""Pictures of a race to show afterwards: the chart with every boat's track and the
places (SVG, PNG), and the whole race as an animated GIF, one frame a round.

Pure: a game and the race's states in, text or a Pillow image out; writing the file is
the caller's business (``dinghy.core.io`` writes atomically). The chart is the briefing
sketch of :mod:`dinghy.games.dinghy_race.sketch`, so the picture of a race and the
course's paper sketch agree.
"""
from __future__ import annotations

import io
import math
from typing import Sequence

import shapely
from PIL import Image, ImageDraw, ImageFont
from xml.sax.saxutils import escape

from dinghy.core.setup import PALETTE
from dinghy.games.dinghy_race import sketch
from dinghy.games.dinghy_race.state import RaceState

XY = tuple[float, float]


def colour(game, boat: int) -> tuple[int, int, int]:
    return PALETTE.get(game.setup.seats[boat].colour, (90, 90, 90))


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb


def tracks(states: Sequence[RaceState]) -> list[list[XY]]:
    """Each boat's positions through the race, from its launch (repeats left out; a boat
    re-placed after touching the start line starts a new leg of its track there)."""
    out: list[list[XY]] = [[] for _ in states[0].boats] if states else []
    for st in states:
        for b in st.boats:
            if b.launched and (not out[b.index] or out[b.index][-1] != b.pose.xy):
                out[b.index].append(b.pose.xy)
    return out


def places_text(game, state: RaceState) -> str:
    done = [f"{i + 1}. {game.name(b)}" for i, b in enumerate(state.places)]
    left = [game.name(b.index) for b in state.boats if b.finished is None]
    text = "  ".join(done) if done else "no boat has finished"
    return text + (f"  (still sailing: {', '.join(left)})" if left else "")


# --- SVG ---------------------------------------------------------------------------------

def race_svg(game, states: Sequence[RaceState]) -> str:
    """The course sketch with every boat's track, its last position and the places."""
    base = sketch.course_svg(game.course)
    frame = sketch.Frame.of(game.course)
    u = frame.u
    f = sketch._f
    last = states[-1]
    out = ['<g class="race">']
    for i, track in enumerate(tracks(states)):
        if not track:
            continue
        col = _hex(colour(game, i))
        pts = " ".join(f"{f(x)},{f(y)}" for x, y in (frame.point(p) for p in track))
        out.append(f'<polyline class="track" data-boat="{i}" points="{pts}" fill="none" stroke="{col}" '
                   f'stroke-width="{f(u * 0.22)}" stroke-linejoin="round" stroke-opacity="0.9"/>')
        b = last.boats[i]
        hull = game.hull(b.pose, b.tack)
        hp = " ".join(f"{f(x)},{f(y)}" for x, y in (frame.point(p) for p in hull.exterior.coords))
        out.append(f'<polygon class="boat" data-boat="{i}" points="{hp}" fill="{col}" '
                   f'stroke="{sketch.INK}" stroke-width="{f(u * 0.08)}"/>')
    W, H = frame.size
    out.append(f'<text class="places" x="{f(frame.pad)}" y="{f(H - frame.foot + 4.4 * u)}" '
               f'font-size="{f(0.9 * u)}" fill="{sketch.INK}" font-weight="bold">'
               f'{escape(places_text(game, last))}</text>')
    out.append("</g>")
    return base.replace("</svg>\n", "\n".join(out) + "\n</svg>\n")


# --- raster (PNG, GIF) -----------------------------------------------------------------------

def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


class _Canvas:
    """Table millimetres onto an image of ``width`` pixels, north up."""

    def __init__(self, course, width: int) -> None:
        xs = [p[0] for p in course.area]
        ys = [p[1] for p in course.area]
        self.min_x, self.max_y = min(xs), max(ys)
        span_x, span_y = max(xs) - self.min_x, self.max_y - min(ys)
        self.margin = 12
        self.bar = 28                                  # the places bar at the bottom
        self.scale = (width - 2 * self.margin) / span_x
        self.size = (int(width), int(span_y * self.scale + 2 * self.margin + self.bar))

    def px(self, p: Sequence[float]) -> XY:
        return (self.margin + (p[0] - self.min_x) * self.scale,
                self.margin + (self.max_y - p[1]) * self.scale)

    def poly(self, coords) -> list[XY]:
        return [self.px(p) for p in coords]


def _font(size: int):
    try:
        return ImageFont.load_default(size=size)
    except TypeError:                                  # Pillow < 10.1
        return ImageFont.load_default()


def _chart(game, canvas: _Canvas) -> Image.Image:
    course = game.course
    img = Image.new("RGB", canvas.size, _rgb(sketch.PAPER))
    d = ImageDraw.Draw(img)
    d.polygon(canvas.poly(course.area), fill=_rgb(sketch.WATER), outline=_rgb(sketch.INK))
    for land in course.land:
        d.polygon(canvas.poly(land.outline), fill=_rgb(sketch.LAND), outline=_rgb(sketch.LAND_EDGE))
    for line, col in ((course.start, sketch.FOAM), (course.finish, sketch.FINISH)):
        d.line([canvas.px(line.a), canvas.px(line.b)], fill=_rgb(col), width=2)
    r = max(3.0, 8 * canvas.scale)
    font = _font(max(10, int(r * 1.6)))
    labels = sketch.mark_labels(course)
    for m in course.marks:
        x, y = canvas.px(m.xy)
        rr = max(r, m.radius * canvas.scale)
        d.ellipse([x - rr, y - rr, x + rr, y + rr], fill=_rgb(sketch.MARK), outline=_rgb(sketch.INK))
        d.text((x + rr + 2, y - rr - 2), labels[m.id], fill=_rgb(sketch.PAPER), font=font)
    _wind(d, game, canvas)
    return img


def _wind(d: ImageDraw.ImageDraw, game, canvas: _Canvas) -> None:
    """An arrow top right, pointing where the wind blows."""
    w = canvas.size[0]
    cx, cy, r = w - canvas.margin - 30, canvas.margin + 30, 22
    a = math.radians(game.wind_from + 180)
    dx, dy = math.sin(a), -math.cos(a)
    tip, tail = (cx + dx * r, cy + dy * r), (cx - dx * r, cy - dy * r)
    d.line([tail, tip], fill=_rgb(sketch.PAPER), width=4)
    px, py = -dy * 8, dx * 8
    base = (tip[0] - dx * 12, tip[1] - dy * 12)
    d.polygon([tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)], fill=_rgb(sketch.PAPER))


def _draw_race(img: Image.Image, game, canvas: _Canvas, states: Sequence[RaceState]) -> Image.Image:
    img = img.copy()
    d = ImageDraw.Draw(img)
    state = states[-1]
    for i, track in enumerate(tracks(states)):
        if len(track) > 1:
            d.line(canvas.poly(track), fill=colour(game, i), width=3, joint="curve")
    for b in state.boats:
        if not b.launched:
            continue
        hull = game.hull(b.pose, b.tack)
        d.polygon(canvas.poly(shapely.get_coordinates(hull)), fill=colour(game, b.index),
                  outline=_rgb(sketch.INK))
    bar_y = canvas.size[1] - canvas.bar + 6
    rnd = f"round {state.round}   " if state.round else ""
    d.text((canvas.margin, bar_y), rnd + places_text(game, state), fill=_rgb(sketch.INK), font=_font(14))
    return img


def race_image(game, states: Sequence[RaceState], width: int = 1400) -> Image.Image:
    """The chart with every boat's track, where each boat ended, and the places."""
    canvas = _Canvas(game.course, width)
    return _draw_race(_chart(game, canvas), game, canvas, states)


def race_frames(game, states: Sequence[RaceState], width: int = 800) -> list[Image.Image]:
    """One picture at the end of every round (and one at the very end)."""
    canvas = _Canvas(game.course, width)
    chart = _chart(game, canvas)
    ends = [i for i in range(1, len(states)) if states[i].round != states[i - 1].round]
    ends = [i - 1 for i in ends if i > 0] + [len(states) - 1]
    return [_draw_race(chart, game, canvas, states[: i + 1]) for i in ends]


def save_gif(frames: list[Image.Image], fh, frame_ms: int = 180, hold_ms: int = 2500) -> None:
    """An animated GIF that plays once through the rounds and rests on the last one."""
    durations = [frame_ms] * (len(frames) - 1) + [hold_ms]
    frames[0].save(fh, format="GIF", save_all=True, append_images=frames[1:], duration=durations,
                   loop=0, optimize=True)


FORMATS = ("svg", "png", "gif")


def render(game, states: Sequence[RaceState], fmt: str) -> bytes:
    """The race as a file's bytes: ``svg``, ``png`` or ``gif``."""
    if fmt == "svg":
        return race_svg(game, states).encode("utf-8")
    buf = io.BytesIO()
    if fmt == "png":
        race_image(game, states).save(buf, format="PNG", optimize=True)
    elif fmt == "gif":
        save_gif(race_frames(game, states), buf)
    else:
        raise ValueError(f"unknown picture format {fmt!r}; one of {', '.join(FORMATS)}")
    return buf.getvalue()
