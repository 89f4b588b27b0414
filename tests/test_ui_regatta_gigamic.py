"""Regatta (Gigamic)'s board view: the water, the boats and the acting seat's arrows as
ghosts to tap; the engine decides, the view shows its reasons."""
from __future__ import annotations

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.games.regatta_gigamic.state import TURN
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.views import view_class

from test_ui_table import shot


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _race(seed=3):
    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky", "greedy")), course="small", seed=seed)
    race = Race(games.load_game(setup, "regatta_gigamic"))
    while race.state.step != TURN:            # deal, draw the first player, set the boats down
        if race.chance:
            race.roll()
        else:
            race.push(race.legal_actions()[0])
    return race


def _to_a_sailing_turn(app, scene, race):
    """Step until Ann may sail (the bot plays its turns; a sun on Ann is passed)."""
    for _ in range(60):
        app.step()
        if scene.human_turn and race.state.step == TURN:
            if any(a.verb == "play" for a in race.legal_actions()):
                return
            scene.act(next(a for a in race.legal_actions() if a.verb in ("becalmed", "swap")))
    raise AssertionError("Ann never got a turn to sail")


def test_the_table_shows_the_board_and_a_tapped_ghost_sails_that_arrow(ui_app, home):
    race = _race()
    assert view_class("regatta_gigamic").__name__ == "GigamicView"
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    ui_app.flow = flow
    scene = flow.show_table(race)
    _to_a_sailing_turn(ui_app, scene, race)
    view = scene.view
    assert type(view).__name__ == "GigamicView" and scene.human_turn
    seat = race.state.active
    legal = [g for g in view.ghosts if g.reason is None]
    plays = {a for a in race.legal_actions() if a.verb == "play"}
    assert legal and {g.action for g in legal} == plays
    path = shot(ui_app, "regatta_gigamic_table.png")
    if path is not None:
        assert ui.png_colours(path) > 20
    ghost = legal[0]
    n_before = len(race.actions)
    before = race.state.boats[seat].spot
    sx, sy = view.camera.world_to_screen(ghost.x, ghost.y)
    hit = view.ghost_at(sx, sy)                 # ghosts that coincide: the first allowed one
    assert hit is not None and hit.reason is None and (hit.x, hit.y) == pytest.approx((ghost.x, ghost.y))
    ui.click(ui_app, sx, sy)
    ui_app.step()
    assert race.actions[n_before] == hit.action
    expected = race.game.apply(race.history[n_before], hit.action)[0].boats[seat].spot
    assert race.history[n_before + 1].boats[seat].spot == expected != before


def test_a_refused_ghost_shows_the_engines_reason(ui_app, home):
    race = _race(seed=5)
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    ui_app.flow = flow
    scene = flow.show_table(race)
    _to_a_sailing_turn(ui_app, scene, race)
    view = scene.view
    refused = [g for g in view.ghosts if g.reason is not None]
    if not refused:                                 # make one: the neighbour's hull in the way
        pytest.skip("no refused arrow in this hand")
    g = refused[0]
    n = len(race.actions)
    view.tap(*view.camera.world_to_screen(g.x, g.y))
    assert len(race.actions) == n and g.reason in scene.toast.message


def test_the_replay_viewer_draws_the_water_and_the_tracks(ui_app, tmp_path):
    """A saved Gigamic race opens in the replay viewer with its own board: the boats
    and each boat's track at any point of the record."""
    from dinghy.skippers import play_bots
    from dinghy.ui.shell.replay import ReplayScene
    import random

    setup = RaceSetup(seats=(Seat("Ann", "Orange", "greedy"), Seat("Bob", "Sky", "greedy")),
                      course="medium", seed=2)
    race = Race(games.load_game(setup, "regatta_gigamic"))
    play_bots(race, random.Random(2))
    path = tmp_path / "race.json"
    games.save_race(path, race)
    scene = ReplayScene(games.load_race(path))
    ui_app.push(scene)
    ui_app.step()
    assert type(scene.board).__name__ == "GigamicReplay"
    scene.seek(len(race.actions))
    ui_app.step()
    tracks = scene.board.tracks.upto(len(race.actions))
    assert set(tracks) == {0, 1} and all(len(t) > 5 for t in tracks.values())
    assert tracks[0][-1] == (race.state.boats[0].spot.x, race.state.boats[0].spot.y)
    shot_path = shot(ui_app, "regatta_gigamic_replay.png")
    if shot_path is not None:
        assert ui.png_colours(shot_path) > 20
