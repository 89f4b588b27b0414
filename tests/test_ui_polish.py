"""Frictions of the newcomer pass, played headless by taps at the three sizes friends
play on: a laptop (1280x800), a small laptop (1024x600) and an upright tablet
(800x1280). Each test taps to the place a newcomer tripped and checks what they see."""
from __future__ import annotations

import pytest

from dinghy import games
from dinghy.ui import testing as ui
from dinghy.ui.widgets.selectors import ChoiceSelector

from test_ui_newcomer import home, setup_for, shot  # noqa: F401  (the fixture)

SIZES = [(1280, 800), (1024, 600), (800, 1280)]


def label_box(label):
    """A pyglet label's drawn box (left, bottom, width, height), from its anchors."""
    w, h = label.content_width, label.content_height
    left = {"left": label.x, "center": label.x - w / 2, "right": label.x - w}[label.anchor_x]
    bottom = {"bottom": label.y, "center": label.y - h / 2, "top": label.y - h,
              "baseline": label.y - h * 0.8}[label.anchor_y]
    return left, bottom, w, h


@pytest.mark.parametrize("size", SIZES)
def test_every_game_name_reads_in_full_in_the_chooser(make_ui_app, home, size):
    """Upright the Game chooser is narrow: "Regatta (3M), advanced" showed as
    "Regatta (…". Stepping through every game by its arrow, each name shows whole (two
    lines in smaller type if need be) inside the chooser, and so does every other
    choice of the race panel (board, penalty, …)."""
    app = make_ui_app(*size)
    setup = setup_for(app, home, "dinghy_race")
    seen = set()
    for _ in range(len(setup.games)):
        app.step()
        choice = setup.game_choice
        title = games.GAMES[setup.rules].title
        assert " ".join(choice.text.text.split()) == title, (choice.text.text, title)
        seen.add(setup.rules)
        for w in setup.gui.walk():
            if isinstance(w, ChoiceSelector) and w.visible:
                x, y, lw, lh = label_box(w.text)
                assert "…" not in w.text.text, w.text.text
                assert w.x + w._zone - 1 <= x and x + lw <= w.x + w.w - w._zone + 1, w.text.text
                assert w.y <= y + 1 and y + lh <= w.y + w.h + 1, w.text.text
        if setup.rules == "regatta_advanced":
            shot(app, f"polish_chooser_{size[0]}x{size[1]}.png")
        ui.click(app, *choice.next_point)
    assert seen == set(games.GAMES)
