"""A grid board zoomed frame after frame (the wheel turned, "+" held: issue 21, "a
frame's median stays <= 8 ms ... with animations on") scales what is already drawn
while the zoom goes on, and is drawn afresh the frame after it stops: that frame is
pixel for pixel the board a new table draws at the same camera, and a tap on a
highlighted square while the board is still scaled plays that square (taps use the
true camera, and the spots kept for hit checks follow it)."""
from __future__ import annotations

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.ui import testing as ui
from dinghy.ui.grid.chooser import SquareChooser
from dinghy.ui.shell.table import TableScene

GAMES = [("race_the_wind", "race_the_wind"), ("regatta", "3m_triangle"), ("yacht_race", "yacht_race")]


def open_table(app, game, state=None):
    race = Race(game) if state is None else Race.from_state(game, state)
    scene = TableScene(race, bot_delay=0, animate=False)
    app.push(scene)
    app.step()
    return scene


def person_to_decide(app, rules, course):
    """Ann's first decision on a square, the bots sailed and the dice rolled."""
    seats = (Seat("Ann", "Orange"), Seat("Bob", "Sky", "easy"), Seat("Cy", "Green", "easy"))
    game = games.load_game(RaceSetup(seats=seats, course=course, seed=3), rules)
    scene = open_table(app, game)
    for _ in range(40):
        if scene.view.targets and scene.human_turn and not scene.race.chance:
            return game, scene
        if not scene.human_turn:
            scene.run_bots()
        elif scene.race.chance:
            scene.roll()
        app.step()
    raise AssertionError("Ann never had a square to play")


def board_pixels(app, rect):
    """The window's pixels inside ``rect`` (x, y, w, h) of a frame drawn now, as bytes."""
    import pyglet.image

    app.window.switch_to()
    app.on_draw()
    data = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
    rows = bytes(data.get_data("RGBA", data.width * 4))
    x, y, w, h = (int(round(v)) for v in rect)
    out = b"".join(rows[(y + j) * data.width * 4 + x * 4:(y + j) * data.width * 4 + (x + w) * 4]
                   for j in range(h))
    app.window.flip()
    return out


def zoom_frames(app, view, clicks):
    """The wheel turned by each of ``clicks`` over the board, one turn a frame."""
    x, y, w, h = view.board_rect
    for k, c in enumerate(clicks):
        ui.scroll(app, x + w * 0.4, y + h * 0.55, c)
        app.step()
        if k:       # the zoom goes on: what is drawn is scaled, not drawn again
            assert view.drawing.shift.scale != 1.0
        for cell, spot in view.drawing.target_spots.items():
            assert spot == pytest.approx(view.screen_of(cell), abs=1e-6), cell
        for seat, spot in view.drawing.boat_spots.items():
            bm = next(b for b in view.picture.boats if b.seat == seat)
            assert spot == pytest.approx(view.camera.world_to_screen(bm.x + 0.5, bm.y + 0.5), abs=1e-6)


def wheel_zoom_settled(app, camera, drawing, where, clicks, between=None):
    """The wheel turned by each of ``clicks`` at ``where`` (fractions of the camera's
    rectangle), one turn a frame (``between(k)`` before frame ``k`` is drawn): what is
    drawn is scaled while the zoom goes on and drawn afresh the frame after it stops.
    Returns that frame's pixels of the board and the camera (cx, cy, zoom)."""
    rect, zoom0 = (camera.x0, camera.y0, camera.width, camera.height), camera.zoom
    for k, c in enumerate(clicks):
        ui.scroll(app, camera.x0 + camera.width * where[0], camera.y0 + camera.height * where[1], c)
        if between is not None:
            between(k)
        app.step()
        assert (drawing.shift.scale != 1.0) == (k > 0)      # scaled while the zoom goes on
    assert camera.zoom > zoom0 * 1.2
    app.step()                           # the zoom stopped: drawn afresh
    assert drawing.shift.scale == 1.0
    return board_pixels(app, rect), (camera.cx, camera.cy, camera.zoom)


@pytest.mark.parametrize("rules,course", GAMES, ids=[r for r, _ in GAMES])
def test_the_frame_after_a_zoom_is_the_board_drawn_afresh(make_ui_app, rules, course):
    app = make_ui_app(1024, 600)
    game, scene = person_to_decide(app, rules, course)
    view = scene.view
    zoom0 = view.camera.zoom
    zoom_frames(app, view, [0.5, 0.5, 0.5, 0.5, -0.5, 0.5])
    assert view.camera.zoom > zoom0 * 1.2
    app.step()                           # the zoom stopped: drawn afresh
    assert view.drawing.shift.scale == 1.0 and view.drawing.shift.offset == (0.0, 0.0)
    rect, cam = view.board_rect, (view.camera.cx, view.camera.cy, view.camera.zoom)
    settled = board_pixels(app, rect)
    # the same position at a new table, its board drawn once at that camera
    state = scene.race.state
    app.pop()
    fresh = open_table(app, game, state)
    assert fresh.view.board_rect == rect
    fresh.view.camera.cx, fresh.view.camera.cy, fresh.view.camera.zoom = cam
    fresh.view.redraw()
    assert board_pixels(app, rect) == settled


@pytest.mark.parametrize("rules,course", GAMES[:2], ids=[r for r, _ in GAMES[:2]])
def test_a_tap_while_the_board_is_still_scaled_plays_the_square_under_it(make_ui_app, rules, course):
    app = make_ui_app(1024, 600)
    _, scene = person_to_decide(app, rules, course)
    view, race = scene.view, scene.race
    zoom_frames(app, view, [0.5, 0.5, 0.5])
    assert view.drawing.shift.scale != 1.0           # still scaled: the tap comes mid-zoom
    over = [o.rect for o in view.overlays()]
    seen = [c for c, (x, y) in view.drawing.target_spots.items() if view.board_contains(x, y)
            and not any(r[0] <= x <= r[0] + r[2] and r[1] <= y <= r[1] + r[3] for r in over)]
    cell = min(seen)
    legal = [a.action for a in race.game.square_actions(race.state, *cell) if a.legal]
    n = len(race.actions)
    ui.click(app, *view.drawing.target_spots[cell])
    if len(legal) == 1:
        assert len(race.actions) > n and race.actions[n] == legal[0]     # (the bots may follow)
    else:                                # several: the chooser names the square tapped
        assert isinstance(view.chooser, SquareChooser) and len(race.actions) == n
        assert view.chooser.title.text == f"Square {cell[0]}, {cell[1]}"


def test_the_replay_board_after_a_zoom_is_the_board_drawn_afresh(make_ui_app):
    from dinghy.ui.shell.replay import ReplayScene

    app = make_ui_app(1024, 600)
    _, table = person_to_decide(app, "regatta", "3m_triangle")
    race = table.race
    assert len(race.actions) > 2
    scene = app.push(ReplayScene(race))
    app.step()
    scene.seek(len(scene.playback.states) - 1)
    app.step()
    board = scene.board
    assert len(scene.playback.states) > 5
    cam = board.camera
    rect = (cam.x0, cam.y0, cam.width, cam.height)
    last = len(scene.playback.states) - 1
    settled, at = wheel_zoom_settled(app, cam, board.drawing, (0.6, 0.45), [0.5, 0.5, 0.5, -0.5, 0.5],
                                     between=lambda k: scene.seek(last - k))   # the replay goes on
    app.pop()
    fresh = app.push(ReplayScene(race))
    app.step()
    fresh.seek(last - 4)
    fresh.board.camera.cx, fresh.board.camera.cy, fresh.board.camera.zoom = at
    fresh.board.redraw()
    assert board_pixels(app, rect) == settled


def test_the_designer_board_after_a_zoom_is_the_board_drawn_afresh(tmp_path, monkeypatch):
    from dinghy.games.grid.loading import board_dir
    from dinghy.ui.app import configure
    from dinghy.ui.designer.window import run_designer

    configure(headless=True)
    import pyglet.window                     # events queued outside pyglet.app.run (platform-notes)
    monkeypatch.setattr(pyglet.window.Window, "_enable_event_queue", True)
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    shipped = str(board_dir() / "race_the_wind.toml")
    app = run_designer(shipped, headless=True, width=1024, height=600, run=False, bot_delay=0)
    try:
        app.step()
        d = app.designer
        cam = d.camera
        rect = (cam.x0, cam.y0, cam.width, cam.height)
        settled, at = wheel_zoom_settled(app, cam, d.drawing, (0.3, 0.6), [0.5, 0.5, 0.5, 0.5])
        cell = (3, 4)                        # a tap lands on the cell under it, true camera
        assert d.cell_at(*d.screen_of(cell)) == cell
    finally:
        app.close()
    app = run_designer(shipped, headless=True, width=1024, height=600, run=False, bot_delay=0)
    try:
        app.step()
        d = app.designer
        d.camera.cx, d.camera.cy, d.camera.zoom = at
        d.redraw()
        assert board_pixels(app, rect) == settled
    finally:
        app.close()
