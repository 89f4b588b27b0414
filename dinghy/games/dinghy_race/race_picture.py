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
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np
import shapely
from PIL import GifImagePlugin, Image, ImageDraw, ImageFont
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
    size, y = 0.9 * u, H - frame.foot + 4.4 * u
    x = frame.pad
    out.append(f'<g class="places" font-size="{f(size)}" fill="{sketch.INK}" font-weight="bold">')
    for text, rgb in places_key(game, last):      # each boat: a swatch of its colour, its words
        if rgb is not None:
            out.append(f'<rect class="swatch" x="{f(x)}" y="{f(y - 0.8 * size)}" width="{f(0.8 * size)}" '
                       f'height="{f(0.8 * size)}" fill="{_hex(rgb)}" stroke="{sketch.INK}" '
                       f'stroke-width="{f(u * 0.05)}"/>')
            x += 1.1 * size
        out.append(f'<text x="{f(x)}" y="{f(y)}">{escape(text)}</text>')
        x += 0.62 * size * len(text) + 0.8 * size
    out.append('</g>')
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


#: the least length a boat is drawn at on a picture, pixels (a silhouette where its
#: true size is smaller): the same least length as on the table's chart
MIN_BOAT_PX = 28.0


def _boats(d: ImageDraw.ImageDraw, game, canvas: _Canvas, state: RaceState) -> None:
    for b in state.boats:
        if not b.launched:
            continue
        hull = np.asarray(shapely.get_coordinates(game.hull(b.pose, b.tack)), dtype=float)
        hull = sketch.readable_hull(hull, game.cards.hull_length, canvas.scale, MIN_BOAT_PX)
        d.polygon(canvas.poly(hull), fill=colour(game, b.index), outline=_rgb(sketch.INK))


def places_key(game, state: RaceState) -> list[tuple[str, tuple[int, int, int] | None]]:
    """The places as a key: each boat's words and its colour (for a swatch), then the
    boats still sailing; an item without a colour is plain words."""
    out: list[tuple[str, tuple[int, int, int] | None]] = [
        (f"{i + 1}. {game.name(b)}", colour(game, b)) for i, b in enumerate(state.places)]
    left = [b.index for b in state.boats if b.finished is None]
    if not out:
        out.append(("no boat has finished", None))
    if left:
        out.append(("still sailing:", None))
        out += [(game.name(b), colour(game, b)) for b in left]
    return out


def _key(d: ImageDraw.ImageDraw, game, canvas: _Canvas, state: RaceState, size: int = 14) -> None:
    """The bar under the chart: the round, and the places with a colour swatch each."""
    font = _font(size)
    x, y = canvas.margin, canvas.size[1] - canvas.bar + 6
    if state.round:
        d.text((x, y), f"round {state.round}", fill=_rgb(sketch.INK), font=font)
        x += d.textlength(f"round {state.round}", font=font) + 14
    for text, rgb in places_key(game, state):
        if rgb is not None:
            d.rectangle([x, y + 2, x + size - 2, y + size], fill=rgb, outline=_rgb(sketch.INK))
            x += size + 3
        d.text((x, y), text, fill=_rgb(sketch.INK), font=font)
        x += d.textlength(text, font=font) + 10


def _draw_race(img: Image.Image, game, canvas: _Canvas, states: Sequence[RaceState]) -> Image.Image:
    img = img.copy()
    d = ImageDraw.Draw(img)
    for i, track in enumerate(tracks(states)):
        if len(track) > 1:
            d.line(canvas.poly(track), fill=colour(game, i), width=3, joint="curve")
    _boats(d, game, canvas, states[-1])
    _key(d, game, canvas, states[-1])
    return img


def race_image(game, states: Sequence[RaceState], width: int = 1400) -> Image.Image:
    """The chart with every boat's track, where each boat ended, and the places."""
    canvas = _Canvas(game.course, width)
    return _draw_race(_chart(game, canvas), game, canvas, states)


def frame_ends(states: Sequence[RaceState]) -> list[int]:
    """The states a GIF shows: the last of every round, and the very last."""
    ends = [i for i in range(1, len(states)) if states[i].round != states[i - 1].round]
    return [i - 1 for i in ends if i > 0] + [len(states) - 1]


def race_frames(game, states: Sequence[RaceState], width: int = 800) -> Iterator[Image.Image]:
    """One picture at the end of every round (and one at the very end), drawn one at a
    time: the tracks grow on one picture of the water (each round adds its own stretch),
    and each frame is that picture with the boats and the key on top."""
    canvas = _Canvas(game.course, width)
    trail = _chart(game, canvas)
    pen = ImageDraw.Draw(trail)
    last: list[XY | None] = [None] * (len(states[0].boats) if states else 0)
    done = 0
    for end in frame_ends(states):
        for st in states[done:end + 1]:                 # this round's stretch of each track
            for b in st.boats:
                if not b.launched or last[b.index] == b.pose.xy:
                    continue
                if last[b.index] is not None:
                    pen.line(canvas.poly([last[b.index], b.pose.xy]), fill=colour(game, b.index), width=3)
                last[b.index] = b.pose.xy
        done = end + 1
        frame = trail.copy()
        d = ImageDraw.Draw(frame)
        _boats(d, game, canvas, states[end])
        _key(d, game, canvas, states[end])
        yield frame


def save_gif(frames: Iterable[Image.Image], fh, frame_ms: int = 180, hold_ms: int = 2500,
             progress: Callable[[int], None] | None = None) -> None:
    """An animated GIF that plays once through the rounds and rests on the last one,
    written frame by frame as the frames come (only the part of a frame that changed;
    one palette, taken from the first frame and the boats' colours), so that a long
    race never holds its frames in memory. ``progress(n)``: called after each frame."""
    palette: Image.Image | None = None
    previous: Image.Image | None = None
    pending: tuple[Image.Image, tuple[int, int], bool] | None = None

    def write(part: Image.Image, at: tuple[int, int], see_through: bool, ms: int) -> None:
        extra = {"transparency": CLEAR} if see_through else {}
        for chunk in GifImagePlugin.getdata(part, offset=at, duration=ms, disposal=1, **extra):
            fh.write(chunk)

    for frame in frames:
        if palette is None:
            palette = _palette(frame)
        p = frame.quantize(palette=palette, dither=Image.Dither.NONE)
        if previous is None:
            header, _ = GifImagePlugin.getheader(p, info={"loop": 0, "duration": frame_ms})
            for chunk in header:
                fh.write(chunk)
            part, at, see_through = p, (0, 0), False
        else:
            now, before = np.asarray(p), np.asarray(previous)
            diff = now != before
            rows, cols = np.flatnonzero(diff.any(axis=1)), np.flatnonzero(diff.any(axis=0))
            if len(rows):
                y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
            else:
                x0, y0, x1, y1 = 0, 0, 1, 1
            # what is unchanged within the box is see-through: it packs small
            crop = np.where(now[y0:y1, x0:x1] == before[y0:y1, x0:x1], CLEAR, now[y0:y1, x0:x1])
            part = Image.fromarray(crop.astype(np.uint8), mode="P")
            part.putpalette(palette.getpalette())
            at, see_through = (x0, y0), True
        if pending is not None:
            write(*pending, frame_ms)
        pending, previous = (part, at, see_through), p
        if progress is not None:
            progress(1)
    if pending is not None:
        write(*pending, hold_ms)
    fh.write(b";")


#: the palette index left see-through in a frame's changed box (unchanged pixels)
CLEAR = 255


def _palette(first: Image.Image) -> Image.Image:
    """A palette image for every frame: the first frame's colours (the chart) with the
    boats' colours and the ink kept exact."""
    return first.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


FORMATS = ("svg", "png", "gif")


def console_progress(label: str, total: int) -> tuple[Callable[[int], None], Callable[[], None]]:
    """A progress bar on the command line (tqdm, on standard error): the step and the
    close functions."""
    from tqdm import tqdm

    bar = tqdm(total=total, desc=label, unit="frame", leave=False)
    return bar.update, bar.close


def render(game, states: Sequence[RaceState], fmt: str, progress: Any = None) -> bytes:
    """The race as a file's bytes: ``svg``, ``png`` or ``gif``. ``progress``: for a GIF,
    None (quiet), True (a bar on the command line) or a function called with each
    frame drawn (``progress(1)``)."""
    if fmt == "svg":
        return race_svg(game, states).encode("utf-8")
    buf = io.BytesIO()
    if fmt == "png":
        race_image(game, states).save(buf, format="PNG", optimize=True)
    elif fmt == "gif":
        close = None
        if progress is True:
            progress, close = console_progress("GIF", len(frame_ends(states)))
        try:
            save_gif(race_frames(game, states), buf, progress=progress or None)
        finally:
            if close is not None:
                close()
    else:
        raise ValueError(f"unknown picture format {fmt!r}; one of {', '.join(FORMATS)}")
    return buf.getvalue()
