"""Yacht Race at the table: the one grid board view draws it from ``picture`` and plays
it from ``square_actions`` (the contract of dinghy/games/grid/picture.py), headless."""
from __future__ import annotations

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.ui import testing as ui
from dinghy.ui.grid.view import GridView
from dinghy.ui.shell.table import TableScene


def test_yacht_race_is_drawn_and_played_by_tapping_squares(make_ui_app, tmp_path):
    """"A player MUST MOVE when it is his turn": the highlighted squares are the legal
    courses; a tap sails one; the wind change card is a panel button."""
    app = make_ui_app(1280, 800)
    # Bob draws the higher block (seed 4) and moves first; Ann is the pilot
    setup = RaceSetup(seats=(Seat("Ann", "Orange", "pilot"), Seat("Bob", "Sky", None)),
                      course="yacht_race", seed=4)
    race = Race(games.load_game(setup, "yacht_race"))
    while race.chance:
        race.roll()
    scene = TableScene(race, bot_delay=0)
    app.push(scene)
    app.step()
    view = scene.view
    assert isinstance(view, GridView) and race.current_player() == 1
    state = race.state
    b = race.game.board
    legal = {(x, y) for x in range(b.width) for y in range(b.height)
             if any(a.legal for a in race.game.square_actions(state, x, y))}
    assert set(view.targets) == legal and legal
    assert "wind card" in view.buttons
    path = app.screenshot(tmp_path / "yacht_race.png")
    assert ui.png_colours(path) > 40
    one = next(c for c in view.targets if len([a for a in view.squares[c] if a.legal]) == 1)
    n = len(race.actions)
    ui.click(app, *view.screen_of(one))
    assert len(race.actions) > n
    assert race.actions[n] in [a.action for a in race.game.square_actions(state, *one) if a.legal]


def test_yacht_race_names_its_buttons_in_a_players_words():
    """"A player at the time of his turn may elect to CHANGE THE WIND DIRECTION ... With
    each card thus spent the player may change the direction from which the wind is
    blowing by 45 degrees ... only ... in a CLOCKWISE manner": the button says so, and
    the other actions read as sailing directions."""
    from dinghy import games
    from dinghy.core.setup import PALETTE, RaceSetup, Seat
    from dinghy.games.yacht_race.actions import Forfeit, Sail, WindCard
    from dinghy.ui.shell.action_list import label_of as action_label

    game = games.load_game(RaceSetup(seats=tuple(Seat(c, c, None) for c in list(PALETTE)[:2])), "yacht_race")
    assert action_label(game, WindCard()) == "Wind card: shift the wind 45° clockwise"
    assert action_label(game, Sail(2, True)) == "Sail east with the spinnaker"
    assert action_label(game, Sail(0, False, 1)) == f"Fog: sail {game.name(1)} north"
    assert "forfeit" in action_label(game, Forfeit()).lower()
