"""A grid table keeps a person's decision in sight when the window changes size (a
tablet turned, a window made smaller): the squares to tap are framed again on the
board's new rectangle, none off it nor under what is drawn over it (the rose, the
note, the camera buttons). Before, the camera kept its old place and zoom: at
1280 x 800 -> 1024 x 600 two of Race the Wind's five targets and 31 of 3M's 79 placing
squares fell off the board."""
from __future__ import annotations

import pytest

from dinghy.ui import testing as ui
from dinghy.ui.shell.on_screen import inside, overlap

from test_ui_grid_zoom_frames import person_to_decide


@pytest.mark.parametrize("rules,course,before,after", [
    ("race_the_wind", "race_the_wind", (1280, 800), (1024, 600)),
    ("regatta", "3m_triangle", (1280, 800), (1024, 600)),
    ("regatta", "3m_triangle", (1280, 800), (800, 1280)),
])
def test_the_squares_to_tap_are_framed_again_after_the_window_turns(make_ui_app, rules, course, before, after):
    app = make_ui_app(*before)
    _, scene = person_to_decide(app, rules, course)
    view = scene.view
    ui.resize(app, *after)
    app.step()
    cam = view.camera
    board = (cam.x0, cam.y0, cam.width, cam.height)
    covers = [o.rect for o in view.overlays()]
    for cell in view.targets:
        sx, sy = view.screen_of(cell)
        dot = (sx - 2, sy - 2, 4, 4)            # the square's middle, where a finger taps
        assert inside(dot, board, 0.0), (cell, (sx, sy), board)
        assert not any(overlap(dot, c) > 0 for c in covers), (cell, (sx, sy))
