"""The 3M Regatta in the grid board view, headless: no UI code of its own, only the
grid contract (``game.board``, ``picture``, ``square_actions``). A tap on a highlighted
intersection plays exactly the leg (or position) the engine offers there."""
from __future__ import annotations

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.ui import testing as ui
from dinghy.ui.grid.chooser import SquareChooser
from dinghy.ui.grid.view import GridView
from dinghy.ui.shell.table import TableScene
from dinghy.ui.shell.views import view_class
from shots import shot as look


@pytest.mark.parametrize("rules", ["regatta", "regatta_advanced"])
def test_the_regatta_plays_in_the_grid_view_by_taps(make_ui_app, rules):
    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky", "navigator")),
                      course="3m_triangle", seed=3)
    game = games.load_game(setup, rules)
    assert view_class(game) is GridView
    app = make_ui_app(1280, 800)
    scene = TableScene(Race(game), bot_delay=0)
    app.push(scene)
    app.step()
    view, race = scene.view, scene.race
    taps = 0
    for _ in range(80):
        app.step()
        if race.chance:
            ui.tap(app, view.buttons["roll"])
            continue
        if race.current_player() != 0:
            continue
        legal_here = [c for c in view.targets if any(s.legal for s in game.square_actions(race.state, *c))]
        if not legal_here:
            break
        cell = legal_here[len(legal_here) // 2]
        offered = [s.action for s in game.square_actions(race.state, *cell) if s.legal]
        n = len(race.actions)
        ui.click(app, *view.screen_of(cell))
        if len(offered) > 1:                         # several on one cross: a chooser opens
            chooser = scene.gui.modal
            assert isinstance(chooser, SquareChooser) and len(chooser.buttons) == len(offered)
            ui.tap(app, chooser.buttons[0])
        assert race.actions[n] == offered[0]
        taps += 1
        if taps >= 4:
            break
    assert taps >= 2 and view.drawing.mesh.triangles > 100
    look(app, f"{rules}_table.png", "regatta_3m")      # for a person to look at, when asked ($DINGHY_SHOTS)
