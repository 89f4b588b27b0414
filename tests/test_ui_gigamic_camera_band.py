"""Regatta (Gigamic)'s table as a newcomer meets it: the camera buttons (+, −, Fit table)
sit on an opaque band, as the grid and Dinghy Race tables' do, so nothing of the water
shows between or behind them at any zoom and the framing keeps the boat and its ghosts
out from under it; the water is cut to its own part of the window, so zoomed in it never
shows in the gaps between the panels. At 1024 x 600, 1280 x 800 and 800 x 1280, at
Ann's first turn to sail (a card lifted: its arrows are ghosts to tap)."""
from __future__ import annotations

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.games.regatta_gigamic.ask import WATER
from dinghy.games.regatta_gigamic.state import TURN
from dinghy.ui import testing as ui
from dinghy.ui import theme
from dinghy.ui.shell.table import TableScene

from shots import shot

SIZES = [(1024, 600), (1280, 800), (800, 1280)]


def far(colour, other, by=20):
    return max(abs(a - b) for a, b in zip(colour, other)) > by


def ann_to_sail(app):
    """Ann's first turn to sail against a greedy bot, her first card lifted."""
    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky", "greedy")), course="small", seed=3)
    race = Race(games.load_game(setup, "regatta_gigamic"))
    scene = TableScene(race, bot_delay=0, animate=False)
    app.push(scene)
    for _ in range(80):
        app.step()
        if scene.human_turn and race.state.step == TURN and any(a.verb == "play" for a in race.legal_actions()):
            ui.click(app, *scene.view.tray.card_center(0))
            app.step()
            return scene
        if not scene.human_turn:
            scene.run_bots()
        elif race.chance:
            scene.roll()
        elif race.state.step != TURN:       # the boat set down on the first slot offered
            scene.act(race.legal_actions()[0])
        else:
            scene.act(next(a for a in race.legal_actions() if a.verb in ("becalmed", "swap")))
    raise AssertionError("Ann never had a turn to sail")


def under(rect, x, y):
    return rect[0] <= x <= rect[0] + rect[2] and rect[1] <= y <= rect[1] + rect[3]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_gigamics_camera_buttons_sit_on_an_opaque_band_clear_of_the_boats(make_ui_app, size):
    app = make_ui_app(*size)
    scene = ann_to_sail(app)
    view = scene.view
    assert view.ghosts, "a lifted card shows its arrows"
    band = view.camera_band
    rect = (band.x, band.y, band.w, band.h)
    row = [view.zoom_in, view.zoom_out, view.fit_button]
    for b in row:
        assert band.x <= b.x and b.x + b.w <= band.x + band.w and band.y <= b.y and b.y + b.h <= band.y + band.h, b.label
    cam, state = view.camera, scene.race.state

    def nothing_under_the_band(when):
        boat = state.boats[state.active].spot
        points = [cam.world_to_screen(g.x, g.y) for g in view.ghosts]
        points.append(cam.world_to_screen(*boat.to_world(0, 0)))
        for x, y in points:
            assert not under(rect, x, y), (when, x, y, rect)

    nothing_under_the_band("as framed for the turn")
    ui.tap(app, view.fit_button)           # the whole table, clear of the band too
    x0, y0, x1, y1 = view.bounds
    assert cam.world_to_screen(x0, y0)[1] >= band.y + band.h - 1
    view.focus_ghosts()
    for _ in range(4):                      # zoomed in: the water fills the viewport
        ui.tap(app, view.zoom_in)
    app.step()
    shot(app, f"gigamic_camera_band_{size[0]}x{size[1]}.png", "table-people-2")
    spots = [(int(a.x + a.w + (b.x - a.x - a.w) / 2), int(a.y + a.h / 2)) for a, b in zip(row, row[1:])]
    spots += [(int(b.x + b.w / 2), int(band.y + 2)) for b in row]          # below the buttons
    spots += [(int(band.x + band.w - 2), int(band.y + band.h - 2))]        # the band's far corner
    for x, y in spots:
        seen = ui.pixel(app, x, y)
        assert not far(seen, theme.WATER_DEEP, 8), (x, y, seen)
        assert far(seen, WATER), (x, y, seen)


def test_gigamics_water_zoomed_in_never_shows_beside_its_viewport(make_ui_app):
    """At 1024 x 600 the side panel stands a few pixels off the water's viewport: zoomed
    in, that gap is the window's deep colour, not the water."""
    app = make_ui_app(1024, 600)
    scene = ann_to_sail(app)
    view = scene.view
    for _ in range(5):
        ui.tap(app, view.zoom_in)
    app.step()
    cam = view.camera
    x = int(cam.x0 + cam.width + 2)
    assert scene.gui.widget_at(x, cam.y0 + cam.height / 2) is None, "a gap beside the water"
    for y in (cam.y0 + cam.height * f for f in (0.25, 0.5, 0.75)):
        seen = ui.pixel(app, x, int(y))
        assert far(seen, WATER), (x, y, seen)
