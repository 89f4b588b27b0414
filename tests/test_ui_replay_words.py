"""The replay viewer's log names places by the course, as the table's log does (issue
22: "the log names places by the course ... not by millimetres"): a recorded Dinghy
Race replayed from its file, its log at the end, at a middle position and after
stepping, says each boat's new place in the same words as the live table (the same
function, dinghy.ui.dinghy_race.words.said_events), never a coordinate."""
from __future__ import annotations

import re

from dinghy.ui import run_app
from dinghy.ui import testing as ui
from dinghy.ui.shell.replay import ReplayScene
from dinghy.ui.shell.table import TableScene

from test_ui_replay import recorded_race
from test_ui_table import shot

#: how the table says a place (dinghy.ui.dinghy_race.words.place_words)
PLACE = re.compile(r": now (on the (start|finish) line|at mark \w+|(half a|one|\w+) card lengths? "
                   r"(above|below|left of|right of|\w+) (the (start|finish) line|mark \w+))$")
#: what a place in millimetres or coordinates looks like
COORDINATES = re.compile(r"\(\s*-?\d+(\.\d+)?\s*,\s*-?\d+(\.\d+)?\s*\)|\d\s*mm\b|\bx\s*=|\by\s*=")


def recorded(tmp_path):
    return recorded_race(tmp_path, seed=7, names=("Ann", "Bob", "Cy"))


def table_lines(make_ui_app, race):
    """The live table's log lines for the same race (its own view's words); its window
    closed again (one window drawing at a time)."""
    app = make_ui_app(1280, 800)
    scene = TableScene(race, bot_delay=0)
    app.push(scene)
    lines = [e.text for e in scene.view.log_events(race.events)]
    app.close()
    return lines


def test_the_replay_log_says_places_by_the_course(make_ui_app, tmp_path):
    path, race = recorded(tmp_path)
    table = table_lines(make_ui_app, race)
    app = run_app(headless=True, run=False, replay=str(path), home=tmp_path / "home")
    try:
        scene = app.scene
        assert isinstance(scene, ReplayScene)
        ui.tap(app, scene.last_button)
        app.step()
        shot(app, "replay_log_words.png")
        lines = [e.text for e in scene.log.events]
        assert len(lines) == len(race.events)
        moved = [(e, t) for e, t in zip(scene.log.events, lines) if e.kind in ("move", "launch")]
        assert len(moved) >= 10
        for e, text in moved:                           # every move and launch: its new place
            assert PLACE.search(text), text
        assert any("mark" in t for _, t in moved) and any("line" in t for _, t in moved)
        assert not [t for t in lines if COORDINATES.search(t)]
        # the very words of the live table, line by line
        assert lines == table
        # at a middle position, and one step on, the log is the table's up to there
        middle = len(scene.playback) // 2
        scene.seek(middle)
        app.step()
        n = scene.playback.event_counts[middle]
        assert [e.text for e in scene.log.events] == lines[:n]
        ui.tap(app, scene.fwd_button)
        app.step()
        assert [e.text for e in scene.log.events] == lines[:scene.playback.event_counts[middle + 1]]
    finally:
        app.close()
