"""The grid board view, headless, on a toy grid game (tests/grid_toy.py): the board is
drawn, a tap on a highlighted square plays its action, a tap on a refused one shows
the engine's reason, several actions on one square open a chooser, every target is a
48-pixel touch target, nothing is clipped at 800 x 600, and curtains, undo, autosave,
results and replay work as the shell promises."""
from __future__ import annotations


import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.ui import testing as ui
from dinghy.ui.grid.chooser import SquareChooser
from dinghy.ui.grid.replay import GridReplay
from dinghy.ui.grid.view import GridView
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.generic import GenericView
from dinghy.ui.shell.results import ResultsScene
from dinghy.ui.shell.table import TableScene
from dinghy.ui.shell.views import replay_board_class, view_class
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import Curtain

from grid_toy import Act, Gridboat, State
import shots as shots_kit
from shots import shot as look



@pytest.fixture
def shots(tmp_path):
    """Where the screenshots go: a tmp dir, or where $DINGHY_SHOTS asks (tests/shots.py)."""
    return shots_kit.folder() or tmp_path


@pytest.fixture(autouse=True)
def toy(monkeypatch):
    """Gridboat registered for each test only (the table finds a view by rules name)."""
    monkeypatch.setattr(games, "GAMES", dict(games.GAMES))
    games.register("gridboat", "Gridboat", Gridboat, lambda: ["toy_pond"])
    return "gridboat"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def seats(*kinds):
    names = ["Ann", "Bob", "Cy"]
    colours = ["Orange", "Sky", "Green"]
    return tuple(Seat(names[i], colours[i], None if k == "human" else "random") for i, k in enumerate(kinds))


def table(app, kinds=("human", "random"), seed=4, autosave=None, state=None):
    game = Gridboat(RaceSetup(seats=seats(*kinds), course="toy_pond", seed=seed))
    race = Race(game) if state is None else Race.from_state(game, state)
    scene = TableScene(race, autosave=autosave, bot_delay=0)
    app.push(scene)
    app.step()
    return scene


def roll_to_move(app, scene):
    """Roll (tap Roll) until the human may sail (a 1 only lets it wait)."""
    view = scene.view
    for _ in range(50):
        if scene.race.chance:
            ui.tap(app, view.buttons["roll"])
        elif view.targets:
            return
        else:
            ui.tap(app, view.buttons["wait 0"])
        app.step()
    raise AssertionError("never got a move")


def test_a_grid_game_gets_the_grid_view_by_its_game_object(toy):
    game = Gridboat(RaceSetup(seats=seats("human", "random"), course="toy_pond"))
    assert view_class(game) is GridView
    assert view_class(toy) is GridView                  # by rules name: a sample game is looked at
    assert replay_board_class(toy) is GridReplay
    assert view_class("dinghy_race") is not GridView


def test_a_game_without_a_grid_board_stays_generic(toy, monkeypatch):
    from toy_game import Pinboat
    games.register("pinboat", "Pinboat", Pinboat, lambda: ["line"])
    assert view_class("pinboat") is GenericView and replay_board_class("pinboat") is None


def test_the_board_is_drawn_and_a_tap_on_a_target_plays_it(make_ui_app, shots):
    app = make_ui_app(1280, 800)
    scene = table(app)
    view = scene.view
    assert isinstance(view, GridView)
    roll_to_move(app, scene)
    race = scene.race
    state = race.state
    # the highlighted squares are exactly those with a legal square action
    legal = {(x, y) for x in range(8) for y in range(6)
             if any(a.legal for a in race.game.square_actions(state, x, y))}
    assert set(view.targets) == legal and legal
    assert set(view.drawing.target_spots) == legal
    assert view.drawing.mesh.triangles > 100
    # the toy's wait is not on a square: it is a panel button; sails are not
    assert "wait 0" in view.buttons and not any(t.startswith("sail") for t in view.buttons)
    # the private lull of the seat at the table shows, and only its own
    assert [t.seat for t in view.drawing.shown_tokens if t.seat is not None] == [0]
    path = app.screenshot(shots / "grid_table.png")
    assert ui.png_colours(path) > 40
    # a square with one legal action: one tap plays it
    one = next(c for c in view.targets if len([a for a in view.squares[c] if a.legal]) == 1)
    n = len(race.actions)
    ui.click(app, *view.screen_of(one))
    assert len(race.actions) > n
    assert race.actions[n] in [a.action for a in view_actions(race.game, state, one)]


def view_actions(game, state, cell):
    return [a for a in game.square_actions(state, *cell) if a.legal]


def test_a_refused_square_says_why_and_plays_nothing(make_ui_app):
    app = make_ui_app(1280, 800)
    scene = table(app)
    view = scene.view
    roll_to_move(app, scene)
    race = scene.race
    x, y, _ = race.state.boats[0]
    n = len(race.actions)
    ui.click(app, *view.screen_of((x, y + 1)))      # straight into the wind
    assert len(race.actions) == n
    assert "head to wind" in scene.toast.message
    far = (x + 3, y + 3)
    ui.click(app, *view.screen_of(far))
    assert len(race.actions) == n and "too far" in scene.toast.message


def test_two_actions_on_one_square_open_a_chooser_of_touch_sized_buttons(make_ui_app):
    app = make_ui_app(1280, 800)
    # Ann in open water, her die rolled 4: the squares downwind offer "spinnaker up" too
    scene = table(app, state=State(((3, 3, 2), (6, 0, 1)), (False, False), turn=0, die=4))
    view = scene.view
    race = scene.race
    game = race.game
    two = [c for c in view.targets if len(view_actions(game, race.state, c)) > 1]
    assert sorted(two) == [(2, 2), (3, 2), (4, 2)]
    n = len(race.actions)
    ui.click(app, *view.screen_of(two[0]))
    assert len(race.actions) == n
    chooser = scene.gui.modal
    assert isinstance(chooser, SquareChooser)
    assert all(b.w >= 48 and b.h >= 48 for b in chooser.buttons + [chooser.cancel])
    look(app, "grid_chooser.png", "grid")       # for a person to look at, when asked ($DINGHY_SHOTS)
    ui.tap(app, chooser.buttons[1])                  # "... spinnaker up"
    assert race.actions[n] == Act("spi", race.actions[n].n)
    assert scene.gui.modal is None


def test_targets_are_touch_sized_and_nothing_is_clipped_at_800_by_600(make_ui_app):
    app = make_ui_app(800, 600)
    scene = table(app)
    view = scene.view
    roll_to_move(app, scene)
    # the camera zooms in until a square is a fingertip wide
    assert view.camera.zoom >= 48
    W, H = 800, 600
    for cell in view.targets:
        sx, sy = view.screen_of(cell)
        bx, by, bw, bh = view.board_rect
        assert bx + 24 <= sx <= bx + bw - 24 and by + 24 <= sy <= by + bh - 24, cell
    for w in scene.gui.walk():
        if isinstance(w, Button) and w.visible:
            assert w.w >= 48 and w.h >= 48, w.label
            assert 0 <= w.x and w.x + w.w <= W + 0.5 and 0 <= w.y and w.y + w.h <= H + 0.5, w.label
    look(app, "grid_800x600.png", "grid")       # for a person to look at, when asked ($DINGHY_SHOTS)
    ui.click(app, *view.fit_button.center)
    b = scene.race.game.board                 # "Fit board": every square on the screen
    bx, by, bw, bh = view.board_rect
    for corner in ((0, 0), (b.width, b.height)):
        sx, sy = view.camera.world_to_screen(*corner)
        assert bx - 0.5 <= sx <= bx + bw + 0.5 and by - 0.5 <= sy <= by + bh + 0.5


def test_curtain_hides_the_other_seats_private_token(make_ui_app):
    app = make_ui_app(1280, 800)
    scene = table(app, kinds=("human", "human"))
    view = scene.view
    for _ in range(50):
        if isinstance(scene.gui.modal, Curtain):
            ui.tap(app, scene.gui.modal.button)
            app.step()
        if scene.race.chance:
            ui.tap(app, view.buttons["roll"])
        elif view.targets:
            ui.click(app, *view.screen_of(view.targets[0]))
        else:
            ui.tap(app, view.buttons["wait 0"])
        app.step()
        if scene.viewer == 1 and not isinstance(scene.gui.modal, Curtain):
            break
    assert scene.viewer == 1
    assert [t.seat for t in view.drawing.shown_tokens if t.seat is not None] == [1]


def test_undo_autosave_results_and_replay(make_ui_app, home, toy):
    app = make_ui_app(1280, 800)
    autosave = Autosave(home)
    flow = Flow(app, autosave, bot_delay=0)
    app.flow = flow
    setup = RaceSetup(seats=seats("human", "random"), course="toy_pond", seed=2)
    flow.start(setup, toy)
    app.step()
    scene = app.scene
    assert isinstance(scene, TableScene) and isinstance(scene.view, GridView)
    view, race = scene.view, scene.race
    roll_to_move(app, scene)
    before = race.state
    ui.click(app, *view.screen_of(view.targets[0]))
    app.step()
    assert autosave.load().actions == race.actions        # autosaved after the tap
    ui.tap(app, scene.undo_button)
    app.step()
    assert race.state == before and set(view.targets)
    for _ in range(400):
        if race.over:
            break
        if race.chance:
            ui.tap(app, view.buttons["roll"])
        elif view.targets:
            ui.click(app, *view.screen_of(view.targets[-1]))
        else:
            ui.tap(app, view.buttons["wait 0"])
        app.step()
    app.step()
    assert race.over
    results = app.scene
    assert isinstance(results, ResultsScene)
    assert "Toy pond" in results.sub.text
    ui.tap(app, results.replay_button)
    replay = app.scene
    assert isinstance(replay.board, GridReplay)
    replay.last()
    app.step()
    tracks = replay.board.tracks.tracks(replay.index)
    assert len(tracks[0]) > 1 and replay.board.drawing.mesh.triangles > 100
    look(app, "grid_replay.png", "grid")       # for a person to look at, when asked ($DINGHY_SHOTS)
    replay.seek(0)
    assert replay.board.tracks.tracks(0).get(0, [(1, 0)]) == [(1, 0)]


def test_a_board_of_points_draws_its_intersections_and_taps_them(make_ui_app, shots):
    app = make_ui_app(1280, 800)
    game = Gridboat(RaceSetup(seats=seats("human", "random"), course="toy_pond"), cells="points")
    state = State(((3, 3, 2), (6, 0, 1)), (False, False), turn=0, die=4)
    scene = TableScene(Race.from_state(game, state), bot_delay=0)
    app.push(scene)
    app.step()
    view = scene.view
    assert isinstance(view, GridView) and view.targets
    path = app.screenshot(shots / "grid_points.png")
    assert ui.png_colours(path) > 40
    n = len(scene.race.actions)
    ui.click(app, *view.screen_of((4, 4)))            # north-east: one action
    assert scene.race.actions[n] == Act("sail", 1)


# --- the grid board designer ------------------------------------------------------------

@pytest.fixture
def designer_app(monkeypatch, home):
    """run_designer(..., run=False) apps, closed after the test."""
    from dinghy.ui.app import configure
    import pyglet.window
    configure(headless=True)
    monkeypatch.setattr(pyglet.window.Window, "_enable_event_queue", True)
    apps = []

    def make(path, game=None, size=(1280, 800)):
        from dinghy.ui.designer.window import run_designer
        app = run_designer(path, headless=True, width=size[0], height=size[1], run=False, game=game,
                           bot_delay=0)
        apps.append(app)
        app.step()
        return app, app.designer

    yield make
    for app in apps:
        app.close()


def test_designer_places_a_mark_saves_and_the_file_reloads_equal(designer_app, tmp_path):
    from dinghy.games.grid.loading import load_board
    from dinghy.ui.grid.designer import GridDesignerScene

    path = tmp_path / "pond.toml"
    app, d = designer_app(str(path), game="race_the_wind")
    # a new board starts as a copy of the game's shipped board (its extras come along)
    assert isinstance(d, GridDesignerScene) and d.board.game == "race_the_wind"
    assert d.board.name == "pond" and d.board.extras == load_board("race_the_wind").extras
    ui.tap(app, d.tool_buttons["mark"])
    ui.click(app, *d.screen_of((3, 6)))
    mark = d.board.mark_at(3, 6)
    assert mark is not None and mark.order == 2 and mark.side == "port"
    ui.click(app, *d.screen_of((3, 6)))             # tap it again: round it to starboard
    assert d.board.mark_at(3, 6).side == "starboard"
    # land snaps to the cell tapped; a mark cannot go on land (the edit's reason shows)
    ui.tap(app, d.tool_buttons["land"])
    ui.click(app, *d.screen_of((2, 8)))
    assert d.board.is_land(2, 8)
    ui.tap(app, d.tool_buttons["mark"])
    ui.click(app, *d.screen_of((2, 8)))
    assert d.board.mark_at(2, 8) is None and "land" in d.status.text
    # the finish line by two taps
    ui.tap(app, d.tool_buttons["finish"])
    ui.click(app, *d.screen_of((3, 12)))
    ui.click(app, *d.screen_of((6, 12)))
    assert (d.board.finish.a, d.board.finish.b) == ((3, 12), (6, 12))
    # drag the mark one cell east
    ui.tap(app, d.tool_buttons["mark"])
    x0, y0 = d.screen_of((3, 6))
    x1, y1 = d.screen_of((4, 6))
    ui.press(app, x0, y0)
    ui.drag(app, (x0 + x1) / 2, y0, (x1 - x0) / 2, 0)
    ui.drag(app, x1, y1, (x1 - x0) / 2, 0)
    ui.release(app, x1, y1)
    assert d.board.mark_at(4, 6) is not None and d.board.mark_at(3, 6) is None
    # one column and one row fewer; a second row fewer would cut the finish line: refused
    ui.click(app, *d.width_choice.prev_point)
    ui.click(app, *d.height_choice.prev_point)
    assert (d.board.width, d.board.height) == (14, 13)
    ui.click(app, *d.height_choice.prev_point)
    assert d.board.height == 13 and "finish line would run off" in d.status.text
    assert d.height_choice.value == 13
    # the wind
    ui.click(app, *d.wind.next_point)
    assert d.board.wind_from == 1
    look(app, "grid_designer.png", "grid")       # for a person to look at, when asked ($DINGHY_SHOTS)
    ui.tap(app, d.save_button)
    assert path.exists() and not d.modified
    assert load_board(path) == d.board
    # undo goes back through every edit
    n = d.at
    ui.tap(app, d.undo_button)
    assert d.at == n - 1 and d.board.wind_from == 0 and d.modified


def test_designer_opens_a_board_file_by_itself_and_keeps_shipped_boards(designer_app, home):
    from dinghy.games.grid.loading import board_dir
    from dinghy.ui.grid.designer import GridDesignerScene

    shipped = board_dir() / "race_the_wind.toml"
    app, d = designer_app(str(shipped))
    assert isinstance(d, GridDesignerScene) and d.board.name == "race_the_wind"
    assert d.save_target() == home / "courses" / "grid" / "race_the_wind.toml"
    before = shipped.read_text()
    ui.click(app, *d.screen_of((1, 12)))
    assert d.save() == d.save_target()
    assert shipped.read_text() == before


def test_designer_edits_a_boards_extras_by_taps_and_undoes_them(designer_app, tmp_path):
    """Race the Wind's board carries its extras: "start_cells" (the squares the boats
    start on), fixed "puffs" / "lulls", or the shares laid at random ("puff_share").
    The Extras tool taps cells on and off the chosen list, a selector sets a share; the
    game loads the saved board with them; every edit undoes."""
    from dinghy import games
    from dinghy.core.setup import RaceSetup, Seat
    from dinghy.games.grid.loading import load_board
    from dinghy.games.grid import board_edit as E
    from dinghy.games.grid import extras as X

    path = tmp_path / "pond.toml"
    app, d = designer_app(str(path), game="race_the_wind")
    starts = X.cells(d.board, "start_cells")
    assert len(starts) == 8
    ui.tap(app, d.tool_buttons["extras"])
    assert d.tool == "extras" and d.extra.key == "start_cells" and "start squares" in d.hint.text
    # a start square tapped goes out of the list; a water square tapped comes in last
    ui.click(app, *d.screen_of(starts[0]))
    assert X.cells(d.board, "start_cells") == starts[1:]
    free = next((x, 3) for x in range(d.board.width) if d.board.is_free(x, 3))
    ui.click(app, *d.screen_of(free))
    assert X.cells(d.board, "start_cells") == starts[1:] + [free]
    # fixed puffs: the next list in the selector
    ui.click(app, *d.extra_choice.next_point)
    assert d.extra.key == "puffs" and d.tool == "extras" and not d.extra_value.visible
    ui.click(app, *d.screen_of((2, 9)))
    assert X.cells(d.board, "puffs") == [(2, 9)] and "added to the puffs" in d.status.text
    assert any(t.kind == "puff" and (t.x, t.y) == (2, 9) for t in d.drawing.shown_tokens)
    # a share: a number, set by its own selector
    while d.extra.key != "puff_share":
        ui.click(app, *d.extra_choice.next_point)
    assert d.extra_value.visible and d.extra_value.value == d.board.extras["puff_share"] == 0.1
    ui.click(app, *d.extra_value.next_point)
    assert d.board.extras["puff_share"] == 0.12 and "12%" in d.extra_value.shown_text
    # land on a start square: the live check says the game would refuse the board
    ui.tap(app, d.tool_buttons["land"])
    ui.click(app, *d.screen_of(free))
    assert "is land or a mark" in d.findings.text and not d.save_button.enabled
    ui.tap(app, d.undo_button)
    assert "Check: all clear" in d.findings.text and d.save_button.enabled
    look(app, "grid_designer_extras.png", "grid")       # for a person to look at, when asked ($DINGHY_SHOTS)
    ui.tap(app, d.save_button)
    assert load_board(path) == d.board
    game = games.load_game(RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky")), course=str(path)),
                           "race_the_wind")
    assert game.start_cells == tuple(starts[1:3]) and (2, 9) in game.fixed[0]
    # undo walks back through every extras edit, to the shipped board's extras
    for _ in range(4):
        ui.tap(app, d.undo_button)
    assert d.board.extras == load_board("race_the_wind").extras
    # no start squares at all: the file loads, but the game needs them (a warning)
    bare = E.set_extra(d.board, "start_cells", None)
    assert "start_cells" not in bare.extras
    assert [f.level for f in E.check(bare) if "start squares" in f.text] == ["warning"]


def test_designer_checks_live_and_refuses_to_save_a_board_with_errors(designer_app, tmp_path):
    from dataclasses import replace as dc_replace
    from dinghy.games.grid.board import Mark

    path = tmp_path / "bad.toml"
    app, d = designer_app(str(path), game="race_the_wind", size=(800, 600))
    ui.tap(app, d.tool_buttons["erase"])
    top = d.board.rounding_marks()[0]
    ui.click(app, *d.screen_of(top.pos))
    assert not d.board.rounding_marks() and "no mark to round" in d.findings.text
    ui.tap(app, d.tool_buttons["land"])
    a = d.board.start.squares()[2]
    ui.click(app, *d.screen_of(a))                     # land under the start line: a warning
    assert "start line runs over land" in d.findings.text
    assert d.save_button.enabled
    # a board the file would refuse (a script put a mark on land): the check says so, Save refuses
    bad = dc_replace(d.board, marks=(Mark("X", a[0], a[1], "port", 1),))
    d.edit(lambda b: bad)
    assert "is on land" in d.findings.text and not d.save_button.enabled
    assert d.save() is None and not path.exists() and "Not saved" in d.status.text
    for w in d.gui.walk():
        if isinstance(w, Button) and w.visible:
            assert w.w >= 48 and w.h >= 48 and w.x >= 0 and w.x + w.w <= 800.5 and w.y >= 0 \
                and w.y + w.h <= 600.5, w.label


def test_dinghy_race_courses_still_open_the_course_designer(designer_app, tmp_path):
    from dinghy.ui.designer.window import DesignerScene
    app, d = designer_app(str(tmp_path / "harbour"))
    assert isinstance(d, DesignerScene)


def test_a_broken_board_file_fails_in_one_line_before_any_window(tmp_path, capsys):
    """A grid board with a misspelt key: `dinghy design` and `dinghy course check` say
    which file and key, exit 2."""
    from dinghy.cli import main
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "race_the_wind"\nwidth = 8\nheight = 6\nwind = "north"\n'
                   '[start]\na = [1, 0]\nb = [4, 0]\n')
    assert main(["design", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(bad) in err[0] and "wind" in err[0]
    assert main(["course", "check", str(bad)]) == 2
    good = tmp_path / "good.toml"
    good.write_text(bad.read_text().replace("wind =", "wind_from ="))
    assert main(["course", "check", str(good)]) == 2          # a race refuses it: nowhere to start
    assert "error: extras.start_cells: missing" in capsys.readouterr().out
    good.write_text(good.read_text() + "[extras]\nstart_cells = [[1, 1], [2, 1], [3, 1], [4, 1]]\n")
    assert main(["course", "check", str(good)]) == 0
    assert "warning: no mark to round" in capsys.readouterr().out


def test_race_the_wind_plays_in_the_grid_view_by_taps(make_ui_app):
    """The first real grid game gets the grid view with no UI edit: a tap on a
    highlighted square plays exactly the legal action the engine offers there."""
    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky", "random")),
                      course="race_the_wind", seed=3)
    game = games.load_game(setup, "race_the_wind")
    assert view_class("race_the_wind") is GridView and view_class(game) is GridView
    app = make_ui_app(1280, 800)
    scene = TableScene(Race(game), bot_delay=0)
    app.push(scene)
    app.step()
    view, race = scene.view, scene.race
    for _ in range(40):
        if view.targets:
            break
        if race.chance:
            ui.tap(app, view.buttons["roll"])
        else:
            ui.tap(app, next(b for k, b in view.buttons.items() if k not in ("roll", "play_typed")))
        app.step()
    assert view.targets and view.drawing.mesh.triangles > 100
    cell = next(c for c in view.targets if len(view_actions(game, race.state, c)) == 1)
    expected = view_actions(game, race.state, cell)[0].action
    n = len(race.actions)
    ui.click(app, *view.screen_of(cell))
    assert race.actions[n] == expected


def test_hovering_a_square_says_what_it_does(make_ui_app):
    app = make_ui_app(1280, 800)
    scene = table(app, state=State(((3, 3, 2), (6, 0, 1)), (False, False), turn=0, die=4))
    view = scene.view
    ui.move(app, *view.screen_of((3, 4)))
    assert "head to wind" in view.hint_row.text
    ui.move(app, *view.screen_of((3, 2)))
    assert view.hint_row.text == "Sail south / Sail south, spinnaker up"


def test_a_grid_game_from_the_setup_screen_opens_the_grid_view(ui_app, home):
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    ui_app.flow = flow
    screen = flow.show_setup(RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bot", "Sky", "random")), seed=3))
    ui_app.step()
    for _ in range(len(screen.games)):
        if screen.rules == "race_the_wind":
            break
        ui.click(ui_app, *screen.game_choice.next_point)
    assert screen.rules == "race_the_wind" and screen.form.course == "race_the_wind"
    assert not screen.wind.visible                  # Dinghy Race's options hide
    ui.tap(ui_app, screen.start_button)
    ui_app.step()
    scene = ui_app.scene
    assert isinstance(scene, TableScene) and isinstance(scene.view, GridView)
    assert scene.view.drawing.mesh.triangles > 100


def test_the_top_bar_takes_the_head_of_the_games_note():
    from dinghy.ui.grid.view import status_lines
    assert status_lines("Turn 4 (before the start): Ann to act.", "X") == ("Turn 4", "before the start")
    assert status_lines("Round 3: 2-leg turns; Ann to sail", "X") == ("Round 3", "")
    assert status_lines("Ann rolls for order (first to roll a 3); wind", "X") == \
        ("Ann rolls for order", "first to roll a 3")
    assert status_lines("", "Regatta") == ("Regatta", "")


def test_a_slow_engine_is_asked_nearest_first_within_the_budget_and_the_rest_on_tap():
    from dinghy.ui.grid.squares import SquareScan
    game = Gridboat(RaceSetup(seats=seats("human", "random"), course="toy_pond"))
    state = State(((3, 3, 2), (6, 0, 1)), (False, False), turn=0, die=4)
    ticks = iter(range(1000))
    scan = SquareScan(game, state, (3, 3), budget=8.5, clock=lambda: next(ticks))
    # the clock ticks once a cell: the 9 cells round the boat were asked, nothing else
    assert not scan.complete and set(scan.cells) == {(x, y) for x in (2, 3, 4) for y in (2, 3, 4)}
    assert sorted(scan.targets) == sorted(c for c in scan.cells if any(a.legal for a in scan.cells[c]))
    assert "too far" in scan.at((7, 0))[0].reason and (7, 0) in scan.cells
    full = SquareScan(game, state, (3, 3))
    assert full.complete and len(full.cells) == 8 * 6


def test_a_game_that_lists_its_squares_at_once_is_not_asked_cell_by_cell():
    from dinghy.ui.grid.squares import SquareScan

    class Listing(Gridboat):
        def square_map(self, s):
            return {(x, y): self.square_actions(s, x, y) for x in range(2, 5) for y in range(2, 5)}

        def square_actions(self, s, x, y):
            self.asked = getattr(self, "asked", 0) + 1
            return super().square_actions(s, x, y)

    game = Listing(RaceSetup(seats=seats("human", "random"), course="toy_pond"))
    state = State(((3, 3, 2), (6, 0, 1)), (False, False), turn=0, die=4)
    scan = SquareScan(game, state, (3, 3))
    assert scan.complete and game.asked == 9 and scan.at((7, 0)) == []


def registered_grid_games():
    from dinghy.ui.shell.views import is_grid_game
    out = []
    for name, entry in list(games.GAMES.items()):
        try:
            game = entry.load(RaceSetup(seats=seats("human", "random"), course=entry.boards()[0]))
        except Exception:
            continue
        if is_grid_game(game):
            out.append(name)
    return out


@pytest.mark.parametrize("rules", registered_grid_games())
def test_every_registered_grid_game_is_drawn_and_played_by_a_tap(make_ui_app, rules):
    """A new grid game needs no UI edit: it gets the grid view, its board is drawn at
    800 x 600, and a tap on a highlighted square plays the engine's action there."""
    entry = games.GAMES[rules]
    game = entry.load(RaceSetup(seats=seats("human", "random"), course=entry.boards()[0], seed=1))
    assert view_class(rules) is GridView and replay_board_class(rules) is GridReplay
    app = make_ui_app(800, 600)
    scene = TableScene(Race(game), bot_delay=0)
    app.push(scene)
    app.step()
    view, race = scene.view, scene.race
    for _ in range(60):
        if view.targets or race.over:
            break
        if race.chance:
            ui.tap(app, view.buttons["roll"])
        else:
            ui.tap(app, next(b for k, b in view.buttons.items() if k not in ("roll", "play_typed")))
        app.step()
    assert view.drawing.mesh.triangles > 50 and view.targets
    cell = view.targets[0]
    legal = view_actions(game, race.state, cell)
    n = len(race.actions)
    ui.click(app, *view.screen_of(cell))
    if len(legal) > 1:                      # several actions there: the chooser's first
        chooser = scene.gui.modal
        assert isinstance(chooser, SquareChooser) and len(chooser.buttons) == len(legal)
        ui.tap(app, chooser.buttons[0])
    assert race.actions[n] == legal[0].action


def shipped_grid_boards():
    from dinghy.games.grid.loading import board_dir
    return sorted(p.name for p in board_dir().glob("*.toml"))


@pytest.mark.parametrize("name", shipped_grid_boards())
def test_every_shipped_board_opens_in_the_designer_and_saves_back_equal(designer_app, tmp_path, name):
    import shutil
    from dinghy.games.grid.loading import board_dir, load_board
    from dinghy.ui.grid.designer import GridDesignerScene

    copy = tmp_path / name
    shutil.copy(board_dir() / name, copy)
    app, d = designer_app(str(copy))
    assert isinstance(d, GridDesignerScene) and d.drawing.mesh.triangles > 50
    assert not [f for f in d.findings.text.splitlines() if f.startswith("✗")]
    assert d.save() == copy
    assert load_board(copy) == load_board(board_dir() / name)


def test_test_sail_races_bots_on_the_board_then_back_to_the_designer(designer_app, tmp_path, home):
    from dinghy.ui.grid.designer import GridDesignerScene

    path = tmp_path / "sail.toml"
    app, d = designer_app(str(path), game="race_the_wind")
    ui.tap(app, d.sail_button)
    app.step()
    assert path.exists()                                  # saved first
    scene = app.scene
    race = scene.race
    assert race.rules_name == "race_the_wind" and race.game.board == d.board
    assert race.over and isinstance(scene, ResultsScene)   # the bots sailed it through
    app.test_sail.back()
    assert isinstance(app.scene, GridDesignerScene)


@pytest.mark.parametrize("rules", registered_grid_games())
@pytest.mark.parametrize("size", [(1280, 800), (800, 1280)])
def test_fit_board_shows_every_square_clear_of_the_note_the_rose_and_the_buttons(make_ui_app, rules, size):
    """"Fit board" shows the whole board, none of it under the game's note (the line of
    words along the top), the wind rose or the camera buttons: a puff or a mark under
    the note's words could not be read."""
    entry = games.GAMES[rules]
    game = entry.load(RaceSetup(seats=seats("human", "random"), course=entry.boards()[0], seed=1))
    app = make_ui_app(*size)
    scene = TableScene(Race(game), bot_delay=0)
    app.push(scene)
    app.step()
    view = scene.view
    ui.tap(app, view.fit_button)
    b = game.board
    (x0, y0), (x1, y1) = view.camera.world_to_screen(0, 0), view.camera.world_to_screen(b.width, b.height)
    left, right, low, high = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    bx, by, bw, bh = view.board_rect
    assert bx - 0.5 <= left and right <= bx + bw + 0.5 and by - 0.5 <= low and high <= by + bh + 0.5
    assert right - left > 0.5 * bw or high - low > 0.5 * bh          # and as large as it fits
    for w in (view.note, view.rose, view.fit_button, view.zoom_in):
        clear = (w.x + w.w <= left + 0.5 or right <= w.x + 0.5 or w.y + w.h <= low + 0.5 or high <= w.y + 0.5)
        assert clear, (w, (w.x, w.y, w.w, w.h), (left, low, right, high))
