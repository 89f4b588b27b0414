"""Pictures of a race: the chart with every track and the places (SVG, PNG) and the
race round by round (GIF), from the results, the replay viewer and the command line."""
from __future__ import annotations

import io as bytes_io
import os
import re
import stat

import pytest
from hypothesis import given, strategies as st
from PIL import Image

from dinghy import games
from dinghy.cli import main
from dinghy.core import io
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE
from dinghy.core import picture as race_picture
from picturekit import finished_race


@pytest.fixture(scope="module")
def race():
    """A long Dinghy Race round up_and_down, two simple skippers (replayed from its record:
    tests/picturekit.py)."""
    r = finished_race("dinghy_race", "up_and_down", 4, "simple")
    assert r.over
    return r


@pytest.fixture(scope="module")
def gif(race):
    """The race's GIF (rendered once for the tests that read it), the frame numbers
    ``render`` reported to ``progress`` as it went, and every seventh picture (and the
    last) as drawn and handed to the GIF's writer, by frame number."""
    seen, fed, real_add = [], {}, race_picture.GifWriter.add

    def add(writer, picture):
        k = len(fed.setdefault("all", []))
        fed["all"].append(k)
        if k % 7 == 0:
            fed[k] = picture.copy()
        fed["last"] = (k, picture.copy())
        return real_add(writer, picture)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(race_picture.GifWriter, "add", add)
        data = race_picture.render(race.game, race.history, "gif", progress=seen.append)
    k, last = fed.pop("last")
    fed[k] = last
    return data, seen, {k: v for k, v in fed.items() if k != "all"}, len(fed["all"])


def test_tracks_follow_each_boat_from_launch_to_its_last_position(race):
    tracks = race_picture.tracks(race.game, race.history)
    assert len(tracks) == 2
    for b in race.state.boats:
        track = tracks[b.index]
        assert track[-1] == b.pose.xy
        assert len(track) > 10
        assert all(p != q for p, q in zip(track, track[1:]))     # no standing still twice


def test_the_svg_has_a_track_and_a_hull_per_boat_in_its_colour_and_the_places(race):
    svg = race_picture.svg(race.game, race.history)
    assert svg.startswith("<?xml") and svg.rstrip().endswith("</svg>")
    for seat in race.game.setup.seats:
        col = "#%02x%02x%02x" % PALETTE[seat.colour]
        assert re.search(rf'<polyline class="track" data-boat="\d" points="[^"]+" fill="none" stroke="{col}"', svg)
    assert svg.count('class="boat"') == 2
    first = race.game.name(race.state.places[0])
    assert f"1. {first}" in svg


def test_png_and_gif_decode_and_the_gif_has_a_frame_a_round(race, gif):
    png = Image.open(bytes_io.BytesIO(race_picture.render(race.game, race.history, "png")))
    assert png.format == "PNG" and png.size[0] == 1400
    # the water is drawn: the centre pixel is not the paper colour
    assert png.convert("RGB").getpixel((png.size[0] // 2, png.size[1] // 2)) != (250, 246, 236)
    gif = Image.open(bytes_io.BytesIO(gif[0]))
    rounds = len({race.game.rounds(s) for s in race.history})
    assert gif.format == "GIF" and gif.n_frames in (rounds - 1, rounds)


def test_replay_export_writes_each_picture_with_ordinary_permissions(race, tmp_path, capsys):
    """The record of the race's first quarter (a record of a race under way: some thirty
    rounds, so some thirty GIF frames; the whole race's GIF, 168 rounds, is drawn by the
    ``gif`` fixture and checked frame by frame below)."""
    rec = tmp_path / "race.json"
    games.save_race(rec, Race.replay(race.game, race.record()["actions"][:len(race.actions) // 4]))
    outs = [tmp_path / f"race.{x}" for x in ("svg", "png", "gif")]
    argv = ["replay", str(rec)] + [a for o in outs for a in ("--export", str(o))]
    assert main(argv) == 0
    for o in outs:
        assert o.stat().st_size > 1000
        assert stat.S_IMODE(o.stat().st_mode) & 0o044, "a picture should be readable by others"
    assert capsys.readouterr().out.count("wrote ") == 3


def test_export_to_an_unknown_format_is_one_line_and_exit_2(race, tmp_path, capsys):
    rec = tmp_path / "race.json"
    games.save_race(rec, race)
    assert main(["replay", str(rec), "--export", str(tmp_path / "race.bmp")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "must end in .svg, .png or .gif" in err


def test_atomic_writes_keep_the_mode_of_the_file_they_replace(tmp_path):
    p = tmp_path / "kept.txt"
    p.write_text("old")
    os.chmod(p, 0o640)
    io.write_text_atomic(p, "new")
    assert p.read_text() == "new" and stat.S_IMODE(p.stat().st_mode) == 0o640


# --- pictures people share (issue 22) ----------------------------------------------------

def test_the_key_has_a_colour_swatch_per_boat_in_the_svg_and_the_png(race):
    """A key of names alone ("1. Sky 2. Green") tells no track from another: each boat's
    name comes with a swatch of its colour."""
    svg = race_picture.svg(race.game, race.history)
    png = race_picture.image(race.game, race.history).convert("RGB")
    frame = race_picture.Frame(race.game.board_drawing(), png.size[0], race.game.seats())
    # the swatches' column of the key, under the board
    bar = png.crop((0, int(frame.key_top), int(frame.margin + frame.line), png.size[1]))
    bar_colours = {c for _, c in bar.getcolors(maxcolors=1 << 16)}
    for seat in race.game.setup.seats:
        rgb = PALETTE[seat.colour]
        assert re.search(rf'<rect class="swatch"[^>]* fill="#%02x%02x%02x"' % rgb, svg), seat.colour
        assert rgb in bar_colours, seat.colour       # the swatch, in the key's column


def test_the_gif_written_frame_by_frame_shows_each_frame_as_drawn(race, gif):
    """The GIF is written as its frames are drawn (only what changed, the rest see-through):
    every decoded frame is the drawn frame in the GIF's palette, pixel for pixel, and
    the frames are made one at a time (a generator), each reported to ``progress``."""
    import inspect

    from PIL import ImageChops, ImageSequence

    frames = race_picture.frames(race.game, race.history)
    assert inspect.isgenerator(frames)
    data, seen, drawn, fed = gif
    gif = Image.open(bytes_io.BytesIO(data))
    assert len(seen) == gif.n_frames == fed == len(race_picture.frame_ends(race.game, race.history))
    first = next(frames)
    assert ImageChops.difference(first, drawn[0]).getbbox() is None     # the writer was fed the frames
    palette = race_picture._palette(first)
    for k, shown in enumerate(ImageSequence.Iterator(gif)):
        if k not in drawn:
            continue
        want = drawn[k].quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
        assert ImageChops.difference(shown.convert("RGB"), want).getbbox() is None, k
    assert sorted(drawn) == sorted({*range(0, fed, 7), fed - 1})


@given(length=st.floats(5, 200), scale=st.floats(0.01, 5), heading=st.floats(0, 360))
def test_a_hull_is_drawn_at_least_the_least_length_and_never_shrunk(length, scale, heading):
    """Boats on a small picture are not specks: a hull shorter than 28 px at the
    picture's scale is drawn 28 px long, about its middle; a longer one as it is."""
    import math

    import numpy as np

    from dinghy.core.geometry import readable_outline as readable_hull

    a = math.radians(heading)
    pts = np.array([[0, 0], [math.cos(a) * length, math.sin(a) * length],
                    [math.cos(a) * length / 2 - math.sin(a) * 5, math.sin(a) * length / 2 + math.cos(a) * 5]])
    out = readable_hull(pts, length, scale, 28.0)
    drawn = math.dist(out[0], out[1]) * scale
    assert drawn >= min(28.0, length * scale) * (1 - 1e-9)
    assert drawn >= length * scale * (1 - 1e-9)
    assert drawn <= max(28.0, length * scale) * (1 + 1e-9)
    assert np.allclose(out.mean(axis=0), pts.mean(axis=0))


def test_a_picture_of_a_race_in_play_says_the_boats_are_sailing_and_shows_them_readable(race):
    """Mid-race (a browser table draws the race as it goes) no boat is said not to have
    finished; a Dinghy Race hull, tiny on the whole course, is drawn at least
    MIN_BOAT_PX long in the SVG as in the PNG."""
    middle = race.history[: len(race.history) // 2]
    assert not race.game.is_over(middle[-1])
    svg = race_picture.svg(race.game, middle, 800.0)
    assert "did not finish" not in svg and svg.count("(sailing)") == 2
    for pts in re.findall(r'<polygon class="boat" data-boat="\d" points="([^"]+)"', svg):
        xy = [tuple(map(float, p.split(","))) for p in pts.split()]
        longest = max(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for a in xy for b in xy)
        assert longest >= race_picture.MIN_BOAT_PX - 0.5


def test_a_kept_picture_carried_on_state_by_state_is_the_picture_drawn_whole(race):
    """A table in play keeps its board and tracks drawn (KeptTracks) and writes only the
    new points at each action; its picture must be the one drawn from the whole race,
    byte for byte, at every stretch (one state, a bot's burst of several, the last)."""
    history = race.history
    kept = race_picture.KeptTracks(race.game, 800.0)
    ends, at, step = [], 1, 1
    while at < len(history):                    # stretches of 1, 2, 3, ... states
        ends.append(at)
        at, step = at + step, step + 1
    ends.append(len(history))
    for end in ends:
        kept.extend(history[kept.seen:end])
        assert kept.seen == end
        assert race_picture.svg(race.game, history[:end], 800.0, kept) == race_picture.svg(race.game, history[:end], 800.0)
    assert kept.tracks == race_picture.tracks(race.game, history)
