"""The wind rose of the grid replay board and of the grid board designer is placed as
the live table places it (issue 21, "things drawn over what you must tap. The wind rose
covers highlighted squares and puffs ... A mark label runs into the rose"): in the same
corner of the board's viewport, the fitted board putting no boat and no mark under it,
and the words on the water (a mark's rounding, a line's name) kept off it wherever the
board is panned, at 1024 x 600, 1280 x 800 and 800 x 1280."""
from __future__ import annotations

import shutil

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.ui.shell.on_screen import overlap

from table_taps import sailed_by_bots
from test_ui_table import home  # noqa: F401

SIZES = [(1024, 600), (1280, 800), (800, 1280)]
BOARDS = [("regatta", "3m_triangle"), ("yacht_race", "yacht_race")]


def rose_rect(board_view):
    r = board_view.rose
    return (r.x, r.y, r.w, r.h)


def corner_of(board_view):
    """Where the rose sits on the board's viewport: ("top"/"bottom", "left"/"right")."""
    c, (x, y, w, h) = board_view.camera, rose_rect(board_view)
    return ("top" if y + h / 2 > c.y0 + c.height / 2 else "bottom",
            "right" if x + w / 2 > c.x0 + c.width / 2 else "left")


def covered(board, drawing, camera, rose, fitted):
    """What lies under the rose: boats and marks (in a fitted view), words (always)."""
    z = camera.zoom
    out = []
    if fitted:
        for seat, (cx, cy) in drawing.boat_spots.items():
            if overlap((cx - z / 2, cy - z / 2, z, z), rose) > 0:
                out.append(f"boat {seat}")
        for m in board.marks or ():
            x, y = camera.world_to_screen(m.x, m.y)
            if overlap((x, y, z, z), rose) > 0:
                out.append(f"mark {m.name}")
    out += [f"word {t!r}" for t, r in drawing.label_rects if overlap(r, rose) > 0]
    return out


def check(board_view, board, redraw):
    """The fitted view, then each mark panned to just beside the rose (left, right,
    below, zoomed in): what the rose covers."""
    found = []
    board_view.fit()
    cam = board_view.camera
    rose = rose_rect(board_view)
    found += covered(board, board_view.drawing, cam, rose, True)
    assert board_view.drawing.label_rects, "no words on the water to check"
    cam.zoom = cam.clamp(cam.zoom * 1.6)
    x, y, w, h = rose
    for m in board.marks or ():
        for to in ((x - cam.zoom, y + h / 2), (x + w + cam.zoom, y + h / 2), (x + w / 2, y - cam.zoom)):
            sx, sy = cam.world_to_screen(m.x + 0.5, m.y + 0.5)
            cam.cx += (sx - to[0]) / cam.zoom
            cam.cy += (sy - to[1]) / cam.zoom
            redraw()
            found += [f"{p} (mark {m.name} beside the rose)"
                      for p in covered(board, board_view.drawing, cam, rose, False)]
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules,course", BOARDS, ids=[c for _, c in BOARDS])
def test_the_replay_board_keeps_boats_marks_and_words_from_under_the_rose(make_ui_app, home, rules,
                                                                          course, size):
    from dinghy.ui.shell.replay import ReplayScene
    from dinghy.ui.shell.table import TableScene

    seats = (Seat("Ann", "Orange", "easy"), Seat("Bob", "Sky", "easy"), Seat("Cy", "Green", "easy"))
    race = sailed_by_bots(rules, course, 5, seats, most=120)     # sailed once for the three sizes
    app = make_ui_app(*size)
    # the live table as it opens (its bots wait: where the rose sits is the board's
    # viewport's, whatever the race; with no delay the three bots sailed the whole race
    # in the first frame)
    table = app.push(TableScene(Race(race.game), bot_delay=3600))
    app.step()
    live_corner = corner_of(table.view)
    scene = app.push(ReplayScene(race))
    app.step()
    assert corner_of(scene.board) == live_corner
    found = []
    for at in (len(scene.playback.states) // 2, len(scene.playback.states) - 1):
        scene.seek(at)
        app.step()
        board_view = scene.board
        assert board_view.drawing.boat_spots, "no boats on the board"
        found += [(at, p) for p in check(board_view, race.game.board, board_view.redraw)]
    assert not found, found[:6]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("course", [c for _, c in BOARDS])
def test_the_designer_keeps_marks_and_words_from_under_the_rose(make_ui_app, monkeypatch, home, tmp_path,
                                                               course, size):
    from dinghy.games.grid.loading import board_dir
    from dinghy.ui.designer.window import run_designer
    from dinghy.ui.shell.table import TableScene

    app = make_ui_app(*size)             # the live table's rose, at this size
    rules = "regatta" if course.startswith("3m") else "yacht_race"
    seats = (Seat("Ann", "Orange"), Seat("Bob", "Sky"))
    table = app.push(TableScene(Race(games.load_game(RaceSetup(seats=seats, course=course, seed=5), rules)),
                                bot_delay=0))
    app.step()
    live_corner = corner_of(table.view)
    copy = tmp_path / f"{course}.toml"
    shutil.copy(board_dir() / f"{course}.toml", copy)
    dapp = run_designer(str(copy), headless=True, width=size[0], height=size[1], run=False, bot_delay=0)
    try:
        dapp.step()
        d = dapp.designer
        assert d.board.marks
        assert corner_of(d) == live_corner
        found = check(d, d.board, d.redraw)
    finally:
        dapp.close()
    assert not found, found[:6]
