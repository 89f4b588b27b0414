"""Mark labels on the grid board lie where a person can read them (issue 21, "things
drawn over what you must tap ... A mark label ("B 2P") runs into the rose"): at 1024 x
600, 1280 x 800 and 800 x 1280, over seeded positions of the 3M Regatta and Yacht Race,
every word the board writes on the water for a mark or a line ("mark B, to port, 2nd",
"START / FINISH", "next") lies whole inside the board's viewport and the window, and
shares no pixel with the turn note, the wind rose, the camera buttons, the edge arrow or
the table's panels (top bar, turn panel, log)."""
from __future__ import annotations

import random

import pytest

from dinghy.ui.shell.on_screen import inside, overlap

from test_ui_camera_decisions import easy, open_table, person_decisions, shell_covers

SIZES = [(1024, 600), (1280, 800), (800, 1280)]
GAMES = [("regatta", "3m_triangle"), ("yacht_race", "yacht_race")]
#: Person decisions looked at in each race.
DECISIONS = 16


def misplaced_labels(scene, size):
    """Each label over the water that is not wholly in free sight, with what it runs into."""
    seen = scene.view.on_screen()
    screen = (0, 0, *size)
    covers = [c for c in seen.covers if c.what != "label"] + shell_covers(scene)
    out = []
    for text, rect in scene.view.drawing.label_rects:
        if not inside(rect, seen.water, 0.0) or not inside(rect, screen, 0.0):
            out.append(f"{text!r}: off the board {rect}")
        for c in covers:
            if overlap(rect, c.rect) > 0:
                out.append(f"{text!r}: under the {c.what} ({c.name[:30]})")
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules,course", GAMES, ids=[r for r, _ in GAMES])
def test_mark_labels_lie_in_free_sight(make_ui_app, rules, course, size):
    app = make_ui_app(*size)
    scene = open_table(app, rules, course, seed=9)
    race, rng, chooser = scene.race, random.Random(9), easy(rules)
    found, n, labels = [], 0, 0
    for n in person_decisions(app, scene, DECISIONS):
        for view_was in ("followed", "zoomed in", "fitted"):     # as the table put it, then a person
            labels += len(scene.view.drawing.label_rects)
            found += [(n, view_was, p) for p in misplaced_labels(scene, size)]
            if view_was == "followed":
                scene.view.zoom(1.4)
            else:
                scene.view.fit()
        scene.act(chooser.choose(race, rng))
    assert n >= DECISIONS and labels > n, (n, labels)
    assert not found, f"{len({k for k, _, _ in found})} of {n} decisions: {found[:6]}"
