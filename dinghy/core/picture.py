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
    game.board_pieces(state) -> [Shape]: what lies on the board in this state besides
                                the boats (Dinghy Race's Weather Eye cards laid)
    game.board_wind(state)   -> where the wind comes from (compass degrees) or None:
                                the rose in the board's corner (:mod:`.wind_rose`)

Everything else (tracks, the key, the three formats) is here, once. Pure: a game and the
race's states in, text or a Pillow image out; writing the file is the caller's business
(:mod:`dinghy.core.io` writes atomically).
"""
from __future__ import annotations

import functools
import io
import math
from typing import Any, Callable, Iterable, Iterator, Sequence

import numpy as np
from PIL import GifImagePlugin, Image, ImageDraw, ImageFont

from dinghy.core.picture_layout import (INK, MIN_BOAT_PX, PAPER, Chart, Frame, Shape, can_draw, colour,
                                        extend_tracks, heading, key_rows, readable, rounds_text, tracks)
from dinghy.core.picture_svg import KeptTracks, svg
from dinghy.core.wind_rose import rose

#: What a race's picture can be written as (:func:`render`).
FORMATS = ("svg", "png", "gif")

#: The picture's model and layout live in :mod:`dinghy.core.picture_layout` and the SVG
#: writer in :mod:`dinghy.core.picture_svg`; this module is where callers find them all.
__all__ = ["FORMATS", "INK", "MIN_BOAT_PX", "PAPER", "Chart", "Frame", "GifJob", "GifWriter", "KeptTracks", "Shape",
           "can_draw", "colour", "console_progress", "extend_tracks", "frame_ends", "frames", "heading",
           "image", "key_rows", "readable", "render", "rounds_text", "save_gif", "svg", "tracks"]

# --- raster (PNG, GIF) ----------------------------------------------------------------------

@functools.lru_cache(maxsize=32)
def _font(size: float) -> Any:
    """DejaVu Sans, the table's own type, where the system has it; else Pillow's own
    font (whose word space is 2 pixels at small sizes: "24turns")."""
    px = max(8, int(size))
    try:
        return ImageFont.truetype("DejaVuSans.ttf", px)
    except OSError:
        pass
    try:
        return ImageFont.load_default(size=px)
    except TypeError:                                  # Pillow < 10.1
        return ImageFont.load_default()


def _board(chart: Chart, frame: Frame) -> Image.Image:
    img = Image.new("RGB", (int(frame.width), int(math.ceil(frame.height))), PAPER)
    _draw_shapes(ImageDraw.Draw(img), chart.shapes, frame)
    return img


def _draw_shapes(d: ImageDraw.ImageDraw, shapes: Sequence[Shape], frame: Frame) -> None:
    s = frame.scale
    font = _font(frame.line * 0.8)
    for sh in shapes:
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


def _draw_state(d: ImageDraw.ImageDraw, game: Any, frame: Frame, state: Any) -> None:
    """What lies on the board in ``state`` besides the boats, and the wind's rose."""
    _draw_shapes(d, game.board_pieces(state), frame)
    r = rose(game, state, frame)
    if r is not None:
        d.rounded_rectangle(list(r.badge), radius=r.radius * 0.3, fill=PAPER, outline=INK)
        d.polygon(list(r.arrow), fill=INK)
        d.text(r.word_at, "wind", fill=INK, font=_font(r.word_size), anchor="ms")


def _draw_boats(d: ImageDraw.ImageDraw, game: Any, frame: Frame, last: Any) -> None:
    for seat, hull in enumerate(game.boat_outlines(last)):
        if hull is not None:
            d.polygon(frame.poly(readable(hull, frame.scale)), fill=colour(game, seat), outline=INK)


def _draw_key(d: ImageDraw.ImageDraw, game: Any, chart: Chart, frame: Frame, last: Any) -> None:
    m, row = frame.margin, frame.line
    y = frame.key_top + row
    d.text((m, y), heading(game, chart, last), fill=INK, font=_font(row * 0.85), anchor="ls")
    font = _font(row * 0.75)
    for r in key_rows(game, last):
        y += row
        d.rounded_rectangle([m, y - row * 0.7, m + row * 0.8, y + row * 0.1], radius=2, fill=r.colour, outline=INK)
        words = f"{r.place} {r.name}" + (f" ({r.note})" if r.note else "")
        d.text((m + row * 1.2, y), words, fill=INK, font=font, anchor="ls")


def _track_width(chart: Chart, frame: Frame) -> int:
    return max(2, round(chart.unit * frame.scale))


def image(game: Any, states: Sequence[Any], width: int = 1400) -> Image.Image:
    """The board with every track, where each boat ended, and the key."""
    chart = game.board_drawing()
    frame = Frame(chart, width, game.seats())
    img = _board(chart, frame)
    d = ImageDraw.Draw(img)
    _draw_state(d, game, frame, states[-1])
    for seat, track in enumerate(tracks(game, states)):
        if len(track) > 1:
            d.line(frame.poly(track), fill=colour(game, seat), width=_track_width(chart, frame), joint="curve")
    _draw_boats(d, game, frame, states[-1])
    _draw_key(d, game, chart, frame, states[-1])
    return img


def frame_ends(game: Any, states: Sequence[Any]) -> list[int]:
    """The states a GIF shows: the last of every round, and the very last."""
    rounds = [game.rounds(s) for s in states]
    return sorted({i - 1 for i in range(1, len(states)) if rounds[i] != rounds[i - 1]} | {len(states) - 1})


def frames(game: Any, states: Sequence[Any], width: int = 800) -> Iterator[Image.Image]:
    """One picture at the end of every round (and one at the very end), drawn one at a
    time: the tracks grow on one picture of the board (each round adds its own stretch),
    and each frame is that picture with the boats and the key on top."""
    chart = game.board_drawing()
    frame = Frame(chart, width, game.seats())
    trail = _board(chart, frame)
    pen = ImageDraw.Draw(trail)
    pen_width = _track_width(chart, frame)
    last: list[Any] = [None] * game.seats()
    done = 0
    for end in frame_ends(game, states):
        for st in states[done:end + 1]:                 # this round's stretch of each track
            for seat, at in enumerate(game.boat_points(st)):
                if at is None or last[seat] == at:
                    continue
                if last[seat] is not None:
                    pen.line(frame.poly([last[seat], at]), fill=colour(game, seat), width=pen_width)
                last[seat] = at
        done = end + 1
        picture = trail.copy()
        d = ImageDraw.Draw(picture)
        _draw_state(d, game, frame, states[end])
        _draw_boats(d, game, frame, states[end])
        _draw_key(d, game, chart, frame, states[end])
        yield picture


#: the palette index left see-through in a frame's changed box (unchanged pixels)
CLEAR = 255


def _palette(first: Image.Image) -> Image.Image:
    """A palette image for every frame: the first frame's colours (the board, the boats'
    colours in the key, the ink)."""
    return first.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


class GifWriter:
    """An animated GIF that plays once through the rounds and rests on the last one,
    written to ``fh`` frame by frame as the frames come (only the box of a frame that
    changed, the unchanged pixels in it see-through; one palette, taken from the first
    frame), so that a long race never holds its frames in memory. ``add`` each picture,
    then ``close``."""

    def __init__(self, fh: Any, frame_ms: int = 180, hold_ms: int = 2500) -> None:
        self.fh, self.frame_ms, self.hold_ms = fh, frame_ms, hold_ms
        self._palette: Image.Image | None = None
        self._previous: Image.Image | None = None
        self._pending: tuple[Image.Image, tuple[int, int], bool] | None = None

    def _write(self, part: Image.Image, at: tuple[int, int], see_through: bool, ms: int) -> None:
        extra = {"transparency": CLEAR} if see_through else {}
        for chunk in GifImagePlugin.getdata(part, offset=at, duration=ms, disposal=1, **extra):
            self.fh.write(chunk)

    def add(self, picture: Image.Image) -> None:
        if self._palette is None:
            self._palette = _palette(picture)
        palette, previous = self._palette, self._previous
        p = picture.quantize(palette=palette, dither=Image.Dither.NONE)
        if previous is None:
            header, _ = GifImagePlugin.getheader(p, info={"loop": 0, "duration": self.frame_ms})
            for chunk in header:
                self.fh.write(chunk)
            part, at, see_through = p, (0, 0), False
        else:
            now, before = np.asarray(p), np.asarray(previous)
            diff = now != before
            rows, cols = np.flatnonzero(diff.any(axis=1)), np.flatnonzero(diff.any(axis=0))
            if len(rows):
                y0, y1, x0, x1 = int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
            else:
                x0, y0, x1, y1 = 0, 0, 1, 1
            crop = np.where(now[y0:y1, x0:x1] == before[y0:y1, x0:x1], CLEAR, now[y0:y1, x0:x1])
            part = Image.fromarray(crop.astype(np.uint8), mode="P")
            part.putpalette(palette.getpalette())
            at, see_through = (x0, y0), True
        if self._pending is not None:
            self._write(*self._pending, self.frame_ms)
        self._pending, self._previous = (part, at, see_through), p

    def close(self) -> None:
        if self._pending is not None:
            self._write(*self._pending, self.hold_ms)
            self._pending = None
        self.fh.write(b";")


def save_gif(pictures: Iterable[Image.Image], fh: Any, frame_ms: int = 180, hold_ms: int = 2500,
             progress: Callable[[int], None] | None = None) -> None:
    """The pictures as an animated GIF written to ``fh`` (:class:`GifWriter`);
    ``progress(1)`` after each frame."""
    writer = GifWriter(fh, frame_ms, hold_ms)
    for picture in pictures:
        writer.add(picture)
        if progress is not None:
            progress(1)
    writer.close()


class GifJob:
    """The race's GIF made a frame at a time, for a caller that must do other things
    between frames (the window draws itself and answers taps): ``step()`` draws and
    writes the next frame and says whether the GIF is finished; ``done`` of ``total``
    frames so far; ``data``: the file's bytes once finished."""

    def __init__(self, game: Any, states: Sequence[Any], width: int = 800) -> None:
        self.total = len(frame_ends(game, states))
        self.done = 0
        self._frames = frames(game, states, width)
        self._buf = io.BytesIO()
        self._writer = GifWriter(self._buf)
        self.data: bytes | None = None

    @property
    def finished(self) -> bool:
        return self.data is not None

    def step(self) -> bool:
        if self.data is not None:
            return True
        picture = next(self._frames, None)
        if picture is not None:
            self._writer.add(picture)
            self.done += 1
        if picture is None or self.done >= self.total:       # the last frame: end the file
            self._writer.close()
            self.data, self._buf = self._buf.getvalue(), io.BytesIO()
        return self.data is not None


def console_progress(label: str, total: int) -> tuple[Callable[[int], None], Callable[[], None]]:
    """A progress bar on the command line (tqdm, on standard error): the step and the
    close functions."""
    from tqdm import tqdm

    bar = tqdm(total=total, desc=label, unit="frame", leave=False)
    return bar.update, bar.close


def render(game: Any, states: Sequence[Any], fmt: str, progress: Any = None) -> bytes:
    """The race as a file's bytes: ``svg``, ``png`` or ``gif``. ``progress``: for a GIF,
    None (quiet), True (a bar on the command line) or a function called with each frame
    drawn (``progress(1)``)."""
    if fmt == "svg":
        return svg(game, states).encode("utf-8")
    buf = io.BytesIO()
    if fmt == "png":
        image(game, states).save(buf, format="PNG", optimize=True)
    elif fmt == "gif":
        close = None
        if progress is True:
            progress, close = console_progress("GIF", len(frame_ends(game, states)))
        try:
            save_gif(frames(game, states), buf, progress=progress or None)
        finally:
            if close is not None:
                close()
    else:
        raise ValueError(f"unknown picture format {fmt!r}; one of {', '.join(FORMATS)}")
    return buf.getvalue()

