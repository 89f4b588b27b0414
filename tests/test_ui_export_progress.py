"""A GIF export shows its progress in the window while it runs (issue 22: "shows it in
the window"), from the results screen and from the replay viewer, and the window keeps
drawing between its frames: each tick of the window's clock draws a frame or a few,
the dialog says "frame N of M" with a bar, and the file is complete at the end (every
frame in it). Cancel stops it and writes nothing.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from PIL import Image

from dinghy import games
from dinghy.core import picture
from dinghy.core.race import Race
from dinghy.core.setup import Seat
from dinghy.skippers import play_bots
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.exports import GifProgress, progress_words
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.results import ResultsScene
from dinghy.ui.widgets.dialogs import Dialog

from test_ui_table import home, make_setup, shot, tiny  # noqa: F401


_SAILED = {}


def sailed(course):
    """Three simple skippers' finished race on the course file ``course``: sailed once
    per test process for the same course text (every test here only reads it: its
    pictures, its results, its replay)."""
    text = Path(course).read_text()
    if text not in _SAILED:
        race = Race(games.load_game(make_setup(course, Seat("A", "Orange", "simple"),
                                               Seat("B", "Sky", "simple"), Seat("C", "Green", "simple"))))
        play_bots(race, random.Random(3))
        assert race.over
        _SAILED[text] = race
    return _SAILED[text]


def start_gif(app, scene):
    ui.tap(app, scene.export_button)
    ui.tap(app, next(b for b in scene.gui.modal.buttons if b.label == "GIF"))
    progress = scene.gui.modal
    assert isinstance(progress, GifProgress)
    return progress


@pytest.mark.parametrize("where", ["results", "replay"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (800, 1280)])
def test_the_gif_export_shows_its_progress_and_ends_complete(make_ui_app, home, tiny, monkeypatch,
                                                            where, size):
    monkeypatch.setattr(GifProgress, "budget_s", 0.0)      # one frame a tick: every step seen
    app = make_ui_app(*size)
    race = sailed(tiny)
    total = len(picture.frame_ends(race.game, race.history))
    assert total >= 4
    folder = home / "exports"
    if where == "results":
        scene = app.push(ResultsScene(race, on_replay=lambda: None, export_folder=folder))
    else:
        flow = Flow(app, Autosave(home), bot_delay=0)
        app.flow = flow
        scene = flow.show_replay(race)
    app.step()
    progress = start_gif(app, scene)
    assert progress.text == progress_words(0, total) == f"frame 0 of {total}"
    seen, widths = [], []
    for k in range(total + 5):
        app.step()
        if scene.gui.modal is not progress:
            break
        seen.append(progress.text)
        widths.append(progress.bar.width)
        assert not list(folder.glob("*.gif"))               # nothing written half-way
        if k == total // 2:
            shot(app, f"export_gif_progress_{where}_{size[0]}x{size[1]}.png")
            # the dialog sits inside the window, its words inside its card
            card = progress.card
            assert card.x >= 0 and card.y >= 0 and card.x + card.w <= size[0] and card.y + card.h <= size[1]
            assert progress.words.content_width <= card.w
    # one frame drawn at each tick, the words and the bar advancing with it
    assert seen == [f"frame {n} of {total}" for n in range(1, total)]
    assert widths == sorted(widths) and widths[-1] > widths[0]
    done = scene.gui.modal
    assert isinstance(done, Dialog) and "Saved to" in done.message.text
    files = list(folder.glob("*.gif"))
    assert len(files) == 1
    data = files[0].read_bytes()
    assert data[:6] == b"GIF89a" and data[-1:] == b";"
    with Image.open(files[0]) as gif:                      # every frame is in the file
        assert gif.n_frames == total


def test_the_window_answers_taps_and_cancel_writes_nothing(ui_app, home, tiny, monkeypatch):
    monkeypatch.setattr(GifProgress, "budget_s", 0.0)
    race = sailed(tiny)
    total = len(picture.frame_ends(race.game, race.history))
    folder = home / "exports"
    scene = ui_app.push(ResultsScene(race, on_replay=lambda: None, export_folder=folder))
    ui_app.step()
    progress = start_gif(ui_app, scene)
    ui_app.step()
    ui_app.step()
    assert progress.text == f"frame 2 of {total}"
    ui.tap(ui_app, progress.cancel_button)                  # a tap between frames is heard
    assert scene.gui.modal is None
    for _ in range(total + 2):
        ui_app.step()
    assert not folder.exists() or not list(folder.iterdir())
    # and the export can be started again, to the end
    monkeypatch.setattr(GifProgress, "budget_s", 60.0)      # all frames in one tick
    progress = start_gif(ui_app, scene)
    ui_app.step()
    assert isinstance(scene.gui.modal, Dialog) and "Saved to" in scene.gui.modal.message.text
    assert len(list(folder.glob("*.gif"))) == 1


def test_the_gif_job_matches_the_command_line_gif(tiny):
    """The window's frame-at-a-time GIF is the same file as the command line's."""
    race = sailed(tiny)
    job = picture.GifJob(race.game, race.history)
    steps = 0
    while not job.step():
        steps += 1
        assert job.done == steps
    assert job.done == job.total and job.data == picture.render(race.game, race.history, "gif")


def test_a_gif_that_cannot_be_written_says_so(ui_app, home, tiny, monkeypatch):
    """The export folder is a file: at once (before any frame is drawn), a dialog names
    the folder; no crash, nothing written."""
    monkeypatch.setattr(GifProgress, "budget_s", 60.0)
    race = sailed(tiny)
    folder = home / "exports"
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder")
    scene = ui_app.push(ResultsScene(race, on_replay=lambda: None, export_folder=folder))
    ui_app.step()
    ui.tap(ui_app, scene.export_button)
    ui.tap(ui_app, next(b for b in scene.gui.modal.buttons if b.label == "GIF"))
    failed = scene.gui.modal
    assert isinstance(failed, Dialog) and failed.title.text == "Export failed"
    assert str(folder) in failed.message.text
    assert folder.read_text() == "not a folder"
