"""Nothing of a grid board shows behind the table's camera buttons (+, −, Fit board,
Course & key): they sit on an opaque band, as Dinghy Race's do (issue 22), so no square,
token or land shows between or under them at any zoom; the band counts as a cover for
the framing, so no square to tap is framed under it. Race the Wind, 3M Regatta and
Yacht Race at 1024 x 600 and 800 x 1280, at a person's first decision."""
from __future__ import annotations

import pytest

from dinghy.ui import testing as ui
from dinghy.ui import theme
from dinghy.ui.grid.drawing import BOARD_WATER

from shots import shot
from test_ui_grid_zoom_frames import person_to_decide

GAMES = [("race_the_wind", "race_the_wind"), ("regatta", "3m_triangle"), ("yacht_race", "yacht_race")]


def far(colour, other, by=20):
    return max(abs(a - b) for a, b in zip(colour, other)) > by


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules,course", GAMES, ids=[g for g, _ in GAMES])
def test_the_grid_boards_camera_buttons_sit_on_an_opaque_band(make_ui_app, rules, course, size):
    app = make_ui_app(*size)
    _, scene = person_to_decide(app, rules, course)
    view = scene.view
    band = view.camera_band
    row = [view.zoom_in, view.zoom_out, view.fit_button, view.card_button]
    for b in row:
        assert band.x <= b.x and b.x + b.w <= band.x + band.w and band.y <= b.y and b.y + b.h <= band.y + band.h, b.label
    # as the table frames the decision: no square to tap under the band
    rect = (band.x, band.y, band.w, band.h)
    for cell in view.targets:
        sx, sy = view.screen_of(cell)
        assert not (rect[0] <= sx <= rect[0] + rect[2] and rect[1] <= sy <= rect[1] + rect[3]), cell
    for _ in range(3):                      # zoomed in: the board fills the viewport
        ui.tap(app, view.zoom_in)
    app.step()
    app.step()
    shot(app, f"grid_camera_band_{rules}_{size[0]}x{size[1]}.png", "table-people")
    spots = [(int(a.x + a.w + (b.x - a.x - a.w) / 2), int(a.y + a.h / 2)) for a, b in zip(row, row[1:])]
    spots += [(int(b.x + b.w / 2), int(band.y + 2)) for b in row]          # below the buttons
    for x, y in spots:
        seen = ui.pixel(app, x, y)
        assert not far(seen, theme.WATER_DEEP, 8), (x, y, seen)
        assert far(seen, BOARD_WATER), (x, y, seen)


@pytest.mark.parametrize("rules,course", [("regatta_advanced", "3m_channel"), ("yacht_race", "yacht_race")])
def test_the_turn_note_over_the_board_sits_on_an_opaque_band(make_ui_app, rules, course):
    """The game's note over the board (whose turn, the wind, what is next) on the deep
    colour, readable over land, tokens and water alike; framing keeps off the band."""
    app = make_ui_app(800, 1280)
    _, scene = person_to_decide(app, rules, course)
    view = scene.view
    note, band, lab = view.note, view.note_band, view.note.label
    assert lab.text and band.visible
    left = lab.x if lab.anchor_x == "left" else lab.x - lab.content_width / 2
    assert band.x <= left and left + lab.content_width <= band.x + band.w + 1
    assert band.y <= note.y and note.y + note.h <= band.y + band.h
    for _ in range(3):                      # whatever lies under it, zoomed in
        ui.tap(app, view.zoom_in)
    app.step()
    app.step()
    for x, y in ((band.x + 2, band.y + 2), (band.x + band.w - 2, band.y + band.h - 2)):
        seen = ui.pixel(app, int(x), int(y))
        assert not far(seen, theme.WATER_DEEP, 8), (x, y, seen)
    notes = [o for o in view.overlays() if o.what == "note"]
    assert notes and notes[0].rect == (band.x, band.y, band.w, band.h)
