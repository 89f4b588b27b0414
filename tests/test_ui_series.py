"""A series in the window, and pictures of a race from the results and the replay viewer.

The set-up starts a series (races, scoring system, drop the worst race); after each race
the results show the series table (as dinghy.core.scoring computes it) and "Next race"
starts the next; the series survives in $DINGHY_HOME/series.json. "Export" writes SVG,
PNG and GIF through the game's own race pictures. Screenshots go to shots/.
"""
from __future__ import annotations

import pytest

from dinghy.core.scoring import series_table
from dinghy.core.setup import Seat
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.exports import GifProgress
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.results import ResultsScene
from dinghy.ui.shell.series import Series
from dinghy.ui.shell.table import TableScene
from dinghy.ui.widgets.dialogs import Dialog

from test_ui_table import home, make_setup, shot, tiny  # noqa: F401


def show(app, screen, widget):
    """Page the set-up's options until ``widget`` is on screen."""
    for _ in range(screen.pages + 1):
        if widget.visible:
            return
        ui.tap(app, screen.more_button)
    assert widget.visible


def finish(app):
    for _ in range(50):
        app.step()
        if isinstance(app.scene, ResultsScene):
            return app.scene
    raise AssertionError(f"no results: {app.scene}")


@pytest.mark.race
def test_a_series_from_the_set_up_to_the_series_table(ui_app, home, tiny):
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    ui_app.flow = flow
    screen = flow.show_setup(make_setup(tiny, Seat("A", "Orange", "simple"), Seat("B", "Sky", "simple")))
    ui_app.step()
    show(ui_app, screen, screen.series_choice)
    ui.click(ui_app, *screen.series_choice.next_point)
    ui.click(ui_app, *screen.series_choice.next_point)           # 3 races
    assert screen.start_button.label == "Start series"
    show(ui_app, screen, screen.scoring_choice)
    while screen.scoring_choice.value != "10-9-8":
        ui.click(ui_app, *screen.scoring_choice.next_point)
    show(ui_app, screen, screen.discard_toggle)
    ui.tap(ui_app, screen.discard_toggle)
    ui.tap(ui_app, screen.start_button)
    assert isinstance(ui_app.scene, TableScene)
    assert flow.series.races == 3 and flow.series.scoring == "10-9-8" and flow.series.discard
    seeds = set()
    for k in range(1, 4):
        results = finish(ui_app)
        seeds.add(results.race.game.setup.seed)
        s = flow.series
        assert s.sailed == k and results.title.text == (f"Race {k} of 3" if k < 3 else "Series over")
        want = series_table(s.results, "10-9-8", discard_worst=True)
        shown = [[c.text for c in line] for line in results.cells[1:]]
        assert [line[1] for line in shown] == [results.race.game.setup.seats[r.boat].name for r in want]
        assert [line[-1] for line in shown] == [f"{r.total:g}" for r in want]
        if k >= 2:                  # the dropped race in brackets
            assert all(any(c.startswith("(") for c in line[2:-1]) for line in shown)
        assert Series.load(home).sailed == k                    # kept on disk
        shot(ui_app, f"series_after_race_{k}.png")
        if k < 3:
            assert results.next_button is not None
            ui.tap(ui_app, results.next_button)
            assert isinstance(ui_app.scene, TableScene)
        else:
            assert results.next_button is None and results.new_button.label == "New race"
    assert len(seeds) == 3                                      # each race its own seed
    # showing the results again counts nothing twice
    flow.show_results(results.race)
    assert flow.series.sailed == 3


def test_a_single_race_ends_the_series(ui_app, home, tiny):
    Series(3, names=("A", "B"), results=[[1, 2]], seeds=[1]).save(home)
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    assert flow.series is not None and flow.series.sailed == 1
    flow.start(make_setup(tiny, Seat("A", "Orange", "simple"), Seat("B", "Sky", "simple")))
    assert flow.series is None and Series.load(home) is None
    results = finish(ui_app)
    assert results.series is None and results.title.text == "Results"


@pytest.mark.parametrize("where", ["results", "replay"])
def test_export_svg_png_gif(ui_app, home, tiny, where):
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    ui_app.flow = flow
    flow.start(make_setup(tiny, Seat("A", "Orange", "simple"), Seat("B", "Sky", "simple")))
    scene = finish(ui_app)
    if where == "replay":
        scene = flow.show_replay(scene.race)
        ui_app.step()
    assert scene.export_button.visible and scene.export_button.w >= 48
    for fmt, magic in (("SVG", b"<svg"), ("PNG", b"\x89PNG"), ("GIF", b"GIF8")):
        ui.tap(ui_app, scene.export_button)
        dialog = scene.gui.modal
        assert isinstance(dialog, Dialog)
        if fmt == "SVG":
            shot(ui_app, f"export_dialog_{where}.png")
        ui.tap(ui_app, next(b for b in dialog.buttons if b.label == fmt))
        for _ in range(200):                  # a GIF is drawn over the window's next ticks
            if not isinstance(scene.gui.modal, GifProgress):
                break
            ui_app.step()
        done = scene.gui.modal
        assert isinstance(done, Dialog) and "Saved to" in done.message.text
        ui.tap(ui_app, done.buttons[0])
    files = sorted((home / "exports").iterdir())
    assert sorted(f.suffix for f in files) == [".gif", ".png", ".svg"]
    for f in files:
        head = f.read_bytes()[:200]
        assert {".svg": b"<svg", ".png": b"\x89PNG", ".gif": b"GIF8"}[f.suffix] in head


def test_a_long_series_table_fits_800x600(make_ui_app, tmp_path, tiny):
    """Six boats, seven races, every button: nothing outside the window, no cell's text
    wider than its cell."""
    import random

    from dinghy import games
    from dinghy.core.race import Race
    from dinghy.core.setup import PALETTE
    from dinghy.skippers import play_bots
    from dinghy.ui.widgets.buttons import Button
    from dinghy.ui.widgets.text import Text

    names = list(PALETTE)[:6]
    setup = make_setup(tiny, *(Seat(n, n, "simple") for n in names))
    race = Race(games.load_game(setup))
    play_bots(race, random.Random(2))
    rng = random.Random(4)
    earlier = []
    for _ in range(6):
        places = list(range(1, 7))
        rng.shuffle(places)
        earlier.append(places)
    series = Series(7, "bonus_point", True, names=tuple(names), results=earlier, seeds=list(range(100, 106)))
    assert series.add(race) and series.over
    app = make_ui_app(800, 600)
    scene = app.push(ResultsScene(race, series=series, on_replay=lambda: None, export_folder=tmp_path))
    app.step()
    shot(app, "series_800x600.png")
    for w in scene.gui.walk():
        if not w.visible or not w.w:
            continue
        assert w.x >= 0 and w.y >= 0 and w.x + w.w <= 800 and w.y + w.h <= 600, w
        if isinstance(w, Text) and w.text and w in [c for line in scene.cells for c in line]:
            assert w.label.content_width <= w.w - 4, (w.text, w.w)
        if isinstance(w, Button):
            assert w.text.content_width <= w.w and w.h >= 48
