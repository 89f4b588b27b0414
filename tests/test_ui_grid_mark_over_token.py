"""A mark to round stays in sight when a token lies on its square: Race the Wind's puffs
and lulls drift with the wind ("top, to port, 1st" was seen under a lull at 800 x 1280,
only its name showing), so the mark's disc and rounding arrow are drawn over the token.
The position is built directly: the table's own picture with a puff and a lull put on
the marks' squares."""
from __future__ import annotations

import dataclasses

import pytest

from dinghy.games.grid.picture import Token
from dinghy.ui import testing as ui
from dinghy.ui.grid.drawing import MARK, TOKENS

from shots import shot
from test_ui_grid_zoom_frames import person_to_decide


def near(a, b, by=30):
    return max(abs(x - y) for x, y in zip(a, b)) <= by


@pytest.mark.parametrize("kind", ["puff", "lull"])
def test_a_mark_under_a_drifting_token_is_drawn_over_it(make_ui_app, kind):
    app = make_ui_app(800, 1280)
    _, scene = person_to_decide(app, "race_the_wind", "race_the_wind")
    view = scene.view
    marks = [m for m in view.game.board.marks if m.order]
    assert marks
    ui.tap(app, view.fit_button)                  # every mark in sight
    app.step()
    pic = view.picture
    view.picture = dataclasses.replace(pic, tokens=tuple(pic.tokens) + tuple(
        Token(kind, m.x, m.y) for m in marks))
    view.redraw()
    shot(app, f"grid_mark_over_{kind}.png", "table-people")
    for m in marks:
        cx, cy = view.screen_of((m.x, m.y))
        seen = ui.pixel(app, int(cx), int(cy))
        assert near(seen, MARK), (m.name, seen)
        assert not near(seen, TOKENS[kind][0][:3], 12), (m.name, seen)
