"""Replaying a saved race headless: stepping, play/pause, the scrub bar, tracks."""
from __future__ import annotations

import random

import pytest

from dinghy.core import io
from dinghy import games
from dinghy.cli import main
from dinghy.core.errors import DataError
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.skippers import play_bots
from dinghy.ui import run_app
from dinghy.ui import testing as ui
from dinghy.ui.dinghy_race.replay_board import BoatTracks
from dinghy.ui.shell.replay import Playback, ReplayScene
from dinghy.ui.widgets.gui import key

from test_ui_table import TINY_COURSE, shot


def recorded_race(tmp_path, seed, names=("Ann", "Bot", "Cy")):
    """A finished race of three simple skippers on the tiny course, saved: (path, race)."""
    course = tmp_path / "tiny.toml"
    course.write_text(TINY_COURSE)
    setup = RaceSetup(seats=tuple(Seat(n, c, "simple") for n, c in zip(names, ("Orange", "Sky", "Green"))),
                      course=str(course), seed=seed)
    race = Race(games.load_game(setup))
    play_bots(race, random.Random(seed), max_actions=3000)
    path = tmp_path / "race.json"
    games.save_race(path, race)
    return path, race


@pytest.fixture
def record(tmp_path):
    return recorded_race(tmp_path, seed=11)


def test_playback_keeps_every_state_and_the_tracks(record):
    path, race = record
    pb = Playback(games.load_race(path))
    assert len(pb) == len(race.actions) + 1
    assert pb.states[-1] == race.state
    tracks = BoatTracks(pb.states).tracks(len(pb) - 1)
    assert set(tracks) == {0, 1, 2}
    assert all(len(t) > 5 for t in tracks.values())
    assert tracks[0][-1] == race.state.boats[0].pose.xy


def test_replay_window_steps_scrubs_and_plays(ui_app, record, monkeypatch, tmp_path):
    path, race = record
    app = run_app(headless=True, run=False, replay=str(path), home=tmp_path / "home")
    try:
        scene = app.scene
        assert isinstance(scene, ReplayScene)
        n = len(scene.playback) - 1
        assert scene.index == 0 and not scene.back_button.enabled
        ui.tap(app, scene.fwd_button)
        ui.tap(app, scene.fwd_button)
        assert scene.index == 2 and scene.chart.state == scene.playback.states[2]
        ui.tap(app, scene.back_button)
        assert scene.index == 1
        ui.key_press(app, key.END)
        assert scene.index == n and not scene.fwd_button.enabled
        ui.key_press(app, key.HOME)
        assert scene.index == 0
        # the scrub bar: tap in the middle, then drag to the end
        bar = scene.scrub
        ui.click(app, bar.x + bar.w / 2, bar.center[1])
        assert abs(scene.index - n / 2) <= 1
        ui.press(app, bar.x + bar.w / 2, bar.center[1])
        ui.drag(app, bar.x + bar.w - 2, bar.center[1], bar.w / 2, 0)
        ui.release(app, bar.x + bar.w - 2, bar.center[1])
        assert scene.index == n
        # play: several actions a second, stops at the end
        ui.key_press(app, key.HOME)
        ui.tap(app, scene.play_button)
        assert scene.playing and scene.play_button.label == "Pause"
        app.step(1.0)
        assert scene.index == int(scene.speed)
        ui.key_press(app, key.SPACE)
        assert not scene.playing
        at = scene.index
        app.step(1.0)
        assert scene.index == at
        # the tracks are drawn, and the log shows the events up to here
        ui.click(app, bar.x + bar.w * 0.6, bar.center[1])
        assert scene.chart.tracks_drawn == 3
        assert scene.log.shown_texts and scene.log.shown_texts[-1] == \
            scene.playback.events[scene.playback.event_counts[scene.index] - 1].text
        shot(app, "replay.png")
        ui.tap(app, scene.close_button)
        assert app.closed
    finally:
        app.close()


def test_a_damaged_record_fails_before_any_window(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "rules": "dinghy_race", "actions": [')
    with pytest.raises(DataError):
        run_app(headless=True, run=False, replay=str(bad))
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and len(err.strip().splitlines()) == 1
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_the_replay_board_zooms_pans_and_fits_by_keys_and_wheel(ui_app, record, tmp_path):
    """The replay board's camera: + zooms in, − out, F fits the course again, the wheel
    zooms where the pointer is, a drag pans (the same for every game's replay board)."""
    from dinghy.ui.widgets.gui import key

    path, race = record
    app = run_app(headless=True, run=False, replay=str(path), home=tmp_path / "home")
    try:
        board = app.scene.board
        cam = board.camera
        fitted = (cam.zoom, cam.cx, cam.cy)
        assert board.on_shortcut(key.PLUS, 0) and cam.zoom == pytest.approx(fitted[0] * 1.4)
        assert board.on_shortcut(key.MINUS, 0) and cam.zoom == pytest.approx(fitted[0])
        cx = cam.cx
        board.pan(40, 0)
        assert cam.cx == pytest.approx(cx - 40 / cam.zoom)
        x, y = cam.x0 + cam.width / 2, cam.y0 + cam.height / 2
        board.scroll(x, y, 2)
        assert cam.zoom > fitted[0]
        assert board.on_shortcut(key.F, 0)
        assert (cam.zoom, cam.cx, cam.cy) == pytest.approx(fitted)
        assert not board.on_shortcut(key.Q, 0)
    finally:
        app.close()
