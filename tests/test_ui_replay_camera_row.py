"""The replay viewer's camera buttons (+, −, Fit) never cover the chart or the board: they
sit on an opaque band of their own along the board's foot, outside the camera's
viewport, so no zoom, pan or window size puts the picture under them; after the window
changes size (a tablet turned) the whole board is fitted again, clear of the buttons and,
in Dinghy Race, of the compass. Checked for Dinghy Race's chart, a grid board (3M
Regatta) and Gigamic's water at 1024 x 600, 1280 x 800 and 800 x 1280, each replay a
short record (a dozen actions)."""
from __future__ import annotations

import random

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.skippers import play_bots
from dinghy.ui import testing as ui
from dinghy.ui import theme
from dinghy.ui.shell.replay import ReplayScene

from shots import shot

SIZES = [(1024, 600), (1280, 800), (800, 1280)]
GAMES = [("dinghy_race", "standard_triangle"), ("regatta", "3m_triangle"), ("regatta_gigamic", "small")]


def short_record(rules, course):
    seats = (Seat("Ann", "Orange", "easy"), Seat("Bob", "Sky", "easy"), Seat("Cy", "Green", "easy"))
    game = games.load_game(RaceSetup(seats=seats[:2 if rules == "regatta_gigamic" else 3],
                                     course=course, seed=4), rules)
    race = Race(game)
    play_bots(race, random.Random(4), max_actions=12)
    return race


def picture_bounds(board):
    """The world box of what the replay board draws (the chart, the grid, the table)."""
    chart = getattr(board, "chart", None)
    if chart is not None and hasattr(chart, "bounds"):
        return chart.bounds
    if hasattr(board, "board"):                 # Gigamic's water
        return board.board.bounds
    return (0, 0, board.game.board.width, board.game.board.height)


def buttons(scene):
    found = [b for b, _ in scene.camera_buttons] + [getattr(scene.board, "fit_button", None)]
    return [b for b in found if b is not None and b.visible and b.w > 0]


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def check_clear(scene, when):
    """Every camera button outside the camera's viewport (where the picture is drawn,
    cut to it), on the band; the whole picture in the viewport after a fit."""
    cam = scene.board.camera
    view = (cam.x0, cam.y0, cam.width, cam.height)
    row = buttons(scene)
    assert len(row) >= 3, when
    for b in row:
        assert not overlaps((b.x, b.y, b.w, b.h), view), (when, b.label, view)
    band = scene.camera_band
    for b in row:
        assert band.x <= b.x and b.x + b.w <= band.x + band.w and band.y <= b.y and b.y + b.h <= band.y + band.h, \
            (when, b.label)
    return row


def check_fitted(scene, when):
    cam = scene.board.camera
    x0, y0, x1, y1 = picture_bounds(scene.board)
    (sx0, sy0), (sx1, sy1) = cam.world_to_screen(x0, y0), cam.world_to_screen(x1, y1)
    assert cam.x0 - 1 <= sx0 and sx1 <= cam.x0 + cam.width + 1, (when, sx0, sx1)
    assert cam.y0 - 1 <= sy0 and sy1 <= cam.y0 + cam.height + 1, (when, sy0, sy1)
    compass = getattr(scene.board, "compass", None)
    if compass is not None:             # Dinghy Race: the course clear of the compass
        for m in scene.game.course.marks:
            sx, sy = cam.world_to_screen(*m.xy)
            assert not (compass.x <= sx <= compass.x + compass.w and compass.y <= sy <= compass.y + compass.h), \
                (when, m.xy)


def check_band_pixels(app, row, when):
    """Between the buttons and under them: the band's deep colour, never the picture."""
    row = sorted(row, key=lambda b: b.x)
    spots = [(int((a.x + a.w + b.x) / 2), int(a.y + a.h / 2)) for a, b in zip(row, row[1:]) if b.x - a.x - a.w > 2]
    spots += [(int(b.x + b.w / 2), int(b.y - 3)) for b in row]
    for x, y in spots:
        seen = ui.pixel(app, x, y)
        assert max(abs(a - b) for a, b in zip(seen, theme.WATER_DEEP)) <= 8, (when, x, y, seen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules,course", GAMES, ids=[g for g, _ in GAMES])
def test_the_camera_buttons_never_cover_the_replayed_board(make_ui_app, rules, course, size):
    app = make_ui_app(*size)
    other = (1280, 800) if size[1] > size[0] else (800, 1280)
    ui.resize(app, *other)                  # opened at another size, then the window turns
    scene = app.push(ReplayScene(short_record(rules, course), title=rules))
    app.step()
    scene.last()
    ui.resize(app, *size)
    app.step()
    check_clear(scene, "after the window turned")
    check_fitted(scene, "after the window turned")
    for _ in range(4):                      # zoomed in: the picture fills the viewport
        ui.tap(app, scene.zoom_in)
    cam = scene.board.camera
    ui.press(app, cam.x0 + cam.width / 2, cam.y0 + cam.height / 2)
    ui.drag(app, cam.x0 + cam.width / 2, cam.y0 + 20, 0, -cam.height / 2 + 20)   # the board pulled down
    ui.release(app, cam.x0 + cam.width / 2, cam.y0 + 20)
    app.step()
    row = check_clear(scene, "zoomed in and pulled down")
    check_band_pixels(app, row, "zoomed in and pulled down")
    shot(app, f"replay_camera_row_{rules}_{size[0]}x{size[1]}.png", "table-people")
    fit = getattr(scene.board, "fit_button", None) or scene.fit_button
    ui.tap(app, fit)
    app.step()
    check_fitted(scene, "Fit")
