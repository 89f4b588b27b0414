"""Two things a newcomer saw on a grid board walked at 800 x 1280: the words of tokens
(a puff's name, a mark's) read through the wind rose's see-through backing, and the
"START" word half under one of the line's end discs. The rose's backing is now opaque,
and a line's name keeps off its own end discs at every zoom. Race the Wind, 3M Regatta
and Yacht Race at a person's first decision."""
from __future__ import annotations

import pytest

from dinghy.ui import testing as ui
from dinghy.ui.grid.geometry import line_points
from dinghy.ui.shell.on_screen import overlap

from test_ui_grid_zoom_frames import person_to_decide

GAMES = [("race_the_wind", "race_the_wind"), ("regatta", "3m_triangle"), ("yacht_race", "yacht_race")]


@pytest.mark.parametrize("rules,course", GAMES, ids=[g for g, _ in GAMES])
def test_the_wind_roses_backing_hides_the_board_under_it(make_ui_app, rules, course):
    app = make_ui_app(800, 1280)
    _, scene = person_to_decide(app, rules, course)
    view = scene.view
    for _ in range(3):                      # zoomed in: the board fills the corner under the rose
        ui.tap(app, view.zoom_in)
    app.step()
    rose, px, band = view.rose, scene.gui.px, view.camera_band
    deep = ui.pixel(app, int(band.x + band.w - px(3)), int(band.y + px(3)))     # the opaque band, as drawn
    for x, y in ((rose.x + px(8), rose.y + px(8)), (rose.x + rose.w - px(8), rose.y + px(8))):
        seen = ui.pixel(app, int(x), int(y))
        assert max(abs(a - b) for a, b in zip(seen, deep)) <= 2, (x, y, seen, deep)


@pytest.mark.parametrize("rules,course", GAMES[1:], ids=[g for g, _ in GAMES[1:]])
def test_a_lines_name_keeps_off_its_end_discs_at_every_zoom(make_ui_app, rules, course):
    app = make_ui_app(800, 1280)
    _, scene = person_to_decide(app, rules, course)
    view = scene.view
    drawing, cam = view.drawing, view.camera
    lines = [(ln, name) for ln, name, _ in drawing._lines()]
    assert lines
    seen = 0
    for line, name in lines:
        (ax, ay), (bx, by) = line_points(line)
        for zoom in (6.0, 9.0, 12.0, 18.0, 27.0, 40.0, 60.0):   # the line's middle in the middle
            cam.zoom = cam.clamp(zoom)
            cam.cx, cam.cy = (ax + bx) / 2, (ay + by) / 2
            view.redraw()
            app.step()
            rim = max(scene.gui.px(4), cam.zoom * 0.13)             # the disc's coloured part
            words = [r for text, r in drawing.label_rects if text == name]
            if not words:
                continue                                        # no room for it: not drawn
            seen += 1
            for end in line_points(line):
                x, y = cam.world_to_screen(*end)
                disc = (x - rim, y - rim, 2 * rim, 2 * rim)
                assert overlap(words[0], disc) <= 0, (name, round(cam.zoom, 2), words[0], disc)
    assert seen, "no line's name was drawn"
