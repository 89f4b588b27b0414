"""The Hint button on new water: the coach's field is built on its own thread and the
table stays live meanwhile; the hint appears when the field is ready, and only if the
same person is still at the same step.

Issue "Skippers worth racing": 'In the window, a "Hint" button: the hard skipper's top
three choices for this step' — the first hint of a course used to freeze the window for
the whole field build (4 to 32 s)."""
from __future__ import annotations

import threading

import pytest

from dinghy.games.dinghy_race.state import Step
from dinghy.skippers.dinghy_race import field_store as field
from dinghy.ui import testing as ui
from dinghy.ui.dinghy_race import view as view_module
from dinghy.ui.shell.table import TableScene
from test_ui_coach import race_at_human


@pytest.fixture
def slow_water(monkeypatch):
    """``field.warm`` as a thread that builds the real field only once the test lets it."""
    go = threading.Event()

    def warm(game):
        def build():
            go.wait(60)
            field.field_of(game)
        t = threading.Thread(target=build, daemon=True)
        t.start()
        return t

    monkeypatch.setattr(field, "warm", warm)
    yield go
    go.set()


def test_a_hint_on_new_water_waits_for_the_field_and_the_table_stays_live(ui_app, slow_water):
    race = race_at_human(Step.MOVE)
    scene = ui_app.push(TableScene(race, bot_delay=0))
    ui_app.step()
    view = scene.view
    view.fit()                                   # the whole course: boats are specks
    ui_app.step()
    ui.tap(ui_app, view.hint_button)
    # not built yet: no ghosts, the button says it is working, the window keeps drawing
    assert view.hints == [] and view.hint_button.label == view_module.HINT_WAIT
    for _ in range(3):
        ui_app.step()
    assert view.hints == [] and view._field_job.is_alive()
    slow_water.set()
    view._field_job.join(120)
    ui_app.step()
    assert view.hint_button.label == "Hint"
    assert 1 <= len(view.hints) <= 3
    assert [g.action for g in view.chart.ghosts] == [h.action for h in view.hints]
    # drawn where they can be read: a card about 170 px long, the boat on the screen
    assert view.camera.zoom * race.game.cards.card_length >= scene.gui.px(170) - 1e-6
    boat = race.state.boat()
    assert view.camera.contains_screen(*view.camera.world_to_screen(boat.pose.x, boat.pose.y))


def test_a_hint_asked_before_the_step_changed_is_dropped(ui_app, slow_water):
    race = race_at_human(Step.MOVE)
    scene = ui_app.push(TableScene(race, bot_delay=0))
    ui_app.step()
    view = scene.view
    ui.tap(ui_app, view.hint_button)
    assert view.hint_button.label == view_module.HINT_WAIT
    # the person plays on without waiting for the coach
    view.act(race.legal_actions()[0])
    ui_app.step()
    slow_water.set()
    view._field_job.join(120)
    ui_app.step()
    assert view.hint_button.label == "Hint" and view.hints == []
