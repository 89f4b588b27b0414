"""A card tile's words fit its tile (issue 21, "cards in hand, drawn as cards"; the 3M
"Puff card" tile's words were cut with "…" at 1024 x 600): at 1024 x 600, 1280 x 800 and
800 x 1280, over the first decisions of a seeded 3M Regatta and Yacht Race, every card
tile on the turn panel shows its whole words (none cut), and its name, its words and its
count each lie inside the tile, the words clear of the count's column."""
from __future__ import annotations

import random

import pytest

from dinghy.ui.grid.card_tile import CardTile

from test_ui_camera_decisions import easy, open_table, person_decisions

SIZES = [(1024, 600), (1280, 800), (800, 1280)]
GAMES = [("regatta", "3m_triangle"), ("regatta_advanced", "3m_channel"), ("yacht_race", "yacht_race")]
DECISIONS = 8


def text_box(label):
    """The box a label's words take on the window (x, y, w, h), as pyglet lays it out."""
    return (label.left, label.bottom, label.content_width, label.content_height)


def tile_problems(tile):
    out = []
    if tile.line.text != tile.words:
        out.append(f"{tile.name}: words cut to {tile.line.text!r} (of {tile.words!r})")
    x, y, w, h = tile.x, tile.y, tile.w, tile.h
    side = tile.gui.px(52)
    for what, lab, right in (("name", tile.title, x + w - side), ("words", tile.line, x + w - side),
                             ("count", tile.figure, x + w), ("left", tile.unit, x + w)):
        if not lab.text:
            continue
        bx, by, bw, bh = text_box(lab)
        if bx < x - 0.5 or bx + bw > right + 0.5 or by < y - 0.5 or by + bh > y + h + 0.5:
            out.append(f"{tile.name}: its {what} ({lab.text!r}) runs out of the tile "
                       f"({bx:.0f},{by:.0f},{bw},{bh} in {x:.0f},{y:.0f},{w:.0f},{h:.0f})")
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules,course", GAMES, ids=[r for r, _ in GAMES])
def test_every_card_tile_shows_its_words_whole(make_ui_app, rules, course, size):
    app = make_ui_app(*size)
    scene = open_table(app, rules, course)
    race, rng, chooser = scene.race, random.Random(5), easy(rules)
    found, n, seen = [], 0, 0
    for n in person_decisions(app, scene, DECISIONS):
        app.step()
        tiles = [w for w in scene.gui.walk() if isinstance(w, CardTile) and w.visible and w.w > 0]
        seen += len(tiles)
        found += [(n, p) for t in tiles for p in tile_problems(t)]
        scene.act(chooser.choose(race, rng))
    assert n >= DECISIONS and seen >= n, (n, seen)
    assert not found, found[:6]
