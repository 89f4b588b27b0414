"""Pictures of a race for every ruleset (issue 21: "Export (SVG, PNG, GIF: the board, every
boat's track, the places) works for all six rulesets, from the results screen, the replay
viewer and ``dinghy replay FILE --export``"): one drawing, dinghy.core.picture, from what
each game's interface offers (board_drawing, boat_points, boat_outlines, rounds)."""
from __future__ import annotations

import io as bytes_io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from dinghy import games
from dinghy.cli import main
from dinghy.core import picture
from dinghy.core.race import Race
from picturekit import finished_race

RULESETS = ("dinghy_race", "race_the_wind", "regatta", "regatta_advanced", "yacht_race", "regatta_gigamic")
SVG = "{http://www.w3.org/2000/svg}"


def _hex(rgb):
    return "#%02x%02x%02x" % rgb


@pytest.fixture(scope="module", params=RULESETS)
def race(request):
    """A whole race of each game, two default skippers, seed 3, on the game's first
    board (Dinghy Race: short_lap, its shortest course; test_race_picture draws a long
    race round up_and_down)."""
    course = "short_lap" if request.param == "dinghy_race" else games.entry(request.param).boards()[0]
    r = finished_race(request.param, course, 3)        # replayed from its record (tests/picturekit.py)
    assert r.over, request.param
    return r


def test_every_game_can_be_drawn(race):
    assert picture.can_draw(race.game)


def test_the_svg_has_one_track_per_boat_in_its_colour_and_the_places_with_swatches(race):
    game = race.game
    root = ET.fromstring(picture.svg(game, race.history))
    tracks = root.findall(f".//{SVG}polyline[@class='track']")
    moved = [k for k, t in enumerate(picture.tracks(game, race.history)) if len(t) > 1]
    assert sorted(int(t.get("data-boat")) for t in tracks) == moved == [0, 1]
    for t in tracks:
        assert t.get("stroke") == _hex(picture.colour(game, int(t.get("data-boat"))))
        assert len(t.get("points").split()) > 3
    swatches = [r.get("fill") for r in root.findall(f".//{SVG}rect[@class='swatch']")]
    places = [t.text for t in root.findall(f".//{SVG}text[@class='place']")]
    order = sorted(range(2), key=lambda k: (race.places()[k] is None, race.places()[k] or 0))
    assert swatches == [_hex(picture.colour(game, k)) for k in order]
    winner = race.places().index(1)
    assert places[0] == f"1. {game.name(winner)}"
    text = ET.tostring(root, encoding="unicode")
    assert f"{game.rounds(race.state)} {game.round_word}s" in text and game.rounds(race.state) > 1
    assert ".json" not in text and "actions" not in text
    first = picture.heading(game, game.board_drawing(), race.state)
    assert first.count(game.title) == 1, first        # "Yacht Race, Yacht Race: ..." said it twice


def test_the_png_shows_the_board_and_each_boats_colour(race):
    game = race.game
    png = Image.open(bytes_io.BytesIO(picture.render(game, race.history, "png")))
    assert png.format == "PNG" and png.size[0] == 1400
    rgb = png.convert("RGB")
    counts = {c: n for n, c in rgb.getcolors(maxcolors=1 << 20)}
    assert len(counts) > 10, "a blank picture"
    for k in range(2):                    # each track (and swatch) in the boat's colour
        assert counts.get(picture.colour(game, k), 0) > 300
    # the board's middle is not the paper
    assert rgb.getpixel((png.size[0] // 2, png.size[1] // 3)) != picture.PAPER


def test_a_short_gif_has_a_frame_a_round(race):
    game = race.game
    states = race.history[:60]
    gif = Image.open(bytes_io.BytesIO(picture.render(game, states, "gif")))
    rounds = {game.rounds(s) for s in states}
    assert gif.format == "GIF" and gif.n_frames in (len(rounds), len(rounds) + 1) and gif.n_frames >= 2


def test_dinghy_replay_export_draws_every_game(race, tmp_path, capsys):
    rec = tmp_path / "race.json"
    games.save_race(rec, race)
    outs = [tmp_path / "race.svg", tmp_path / "race.png"]
    assert main(["replay", str(rec)] + [a for o in outs for a in ("--export", str(o))]) == 0
    assert ET.parse(outs[0]).getroot().tag == f"{SVG}svg"
    assert Image.open(outs[1]).size[0] == 1400
    assert capsys.readouterr().out.count("wrote ") == 2


def test_the_picture_shows_the_wind_of_the_state_drawn(race):
    """The pyglet table shows the wind; the exports (and the browser's board, the same
    SVG) show it too: a rose in the board's top-right corner whose arrow blows the way the
    wind of the state drawn blows (the game's ``board_wind``: where it comes FROM, compass
    degrees), so a race whose wind shifts (Race the Wind, the 3M Regatta, Yacht Race's
    wind cards) shows each state's own. The Gigamic Regatta's basic game has no wind
    ("card-driven free movement without wind"): no rose."""
    import math
    game = race.game
    winds = {}
    for k, st in enumerate(race.history):
        winds.setdefault(game.board_wind(st), k)
    if race.game.rules_name == "regatta_gigamic":
        assert list(winds) == [None]
        assert 'class="wind"' not in picture.svg(game, race.history)
        return
    if race.game.rules_name in ("race_the_wind", "regatta", "regatta_advanced", "yacht_race"):
        assert len(winds) >= 2, "the wind never shifted in this race"
    frame = picture.Frame(game.board_drawing(), 1000.0, game.seats())
    for wind, k in winds.items():
        root = ET.fromstring(picture.svg(game, race.history[:k + 1]))
        roses = root.findall(f".//{SVG}g[@class='wind']")
        assert len(roses) == 1
        assert float(roses[0].get("data-from")) == wind % 360
        pts = [tuple(map(float, p.split(","))) for p in roses[0].find(f"{SVG}polygon").get("points").split()]
        cx, cy = (float(roses[0].find(f"{SVG}rect").get(a)) for a in ("x", "y"))
        tip = max(pts, key=lambda p: math.dist(p, (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))))
        mid = ((pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2)        # the tail's middle
        # the picture's y runs down: the wind from the north blows down the picture
        blow = math.degrees(math.atan2(tip[0] - mid[0], -(tip[1] - mid[1])))
        assert abs((blow - (wind + 180)) % 360) < 1e-3 or abs((blow - (wind + 180)) % 360 - 360) < 1e-3
        # in the board's top-right corner: right of its middle, above its middle
        assert cx > frame.width / 2 and cy < frame.margin + frame.board_h / 2
        assert roses[0].find(f"{SVG}title").text.startswith("Wind from ")
