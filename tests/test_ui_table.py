"""The race table, played headless by synthetic taps only.

A tiny course (one short beat to a mark left to port, back to the start/finish line)
keeps a whole race short. The human seat's choices come from the simple skipper (an
oracle: what to play), but they reach the engine only through taps on the window's
buttons and ghosts; after every step the test checks the engine state.
"""
from __future__ import annotations

import json
import random

import pytest
import shots
import uikit

from dinghy.core import io
from dinghy import games
from dinghy.games.dinghy_race.actions import Begin, Drift, Launch, Luck, Move, Pass, Pivot, Place, Roll, Substitute
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.skippers.dinghy_race import simple
from dinghy.games.dinghy_race.state import Step
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.results import ResultsScene
from dinghy.ui.dinghy_race.view import round_text
from dinghy.ui.shell.table import TableScene
from dinghy.ui.widgets.gui import key
from dinghy.ui.widgets.dialogs import Curtain, Dialog, HelpOverlay


TINY_COURSE = """
name = "Tiny beat"
description = "One short beat to mark 1 (to port) and back to the line."
wind_from = 0
wind_force = "light"
card_size = "small"
laps = 1
area = [[0, 0], [1000, 0], [1000, 1000], [0, 1000]]
rounding = [ { mark = "1", side = "port" } ]
[start]
a = [300, 250]
b = [700, 250]
[finish]
a = [300, 250]
b = [700, 250]
[[marks]]
id = "1"
at = [500, 520]
"""


def shot(app, name):
    """A screenshot for a person to look at, when asked for (``tests/shots.py``)."""
    return shots.shot(app, name)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def tiny(tmp_path):
    path = tmp_path / "tiny.toml"
    path.write_text(TINY_COURSE)
    return str(path)


def make_setup(course, *seats, seed=5, **kw):
    return RaceSetup(seats=tuple(seats), course=course, seed=seed, **kw)


@pytest.fixture
def table(ui_app, home):
    """open(setup) -> the TableScene of a fresh race, wired as `dinghy play` wires it
    (started by the Flow, as "Start race" on the set-up screen starts it: the screen
    itself, replaced by the table, is not drawn first)."""
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    ui_app.flow = flow

    def open_table(setup):
        flow.start(setup)
        ui_app.step()
        scene = ui_app.scene
        assert isinstance(scene, TableScene)
        return scene
    return open_table


# --- the tap driver ---------------------------------------------------------------------

def lift_curtain(app, scene):
    modal = scene.gui.modal
    if isinstance(modal, Curtain):
        ui.tap(app, modal.button)
        return True
    return False


def tap_ghost(app, scene, action):
    """Tap the ghost on the water that stands for ``action``."""
    for i, g in enumerate(scene.view.chart.ghosts):
        if g.action == action:
            x, y = scene.view.chart.ghost_screen_point(i)
            assert scene.view.camera.contains_screen(x, y), "ghost off screen"
            assert scene.view.chart.ghost_at(x, y, scene.gui.touch) == i, "ghost not the one tapped"
            ui.click(app, x, y)
            return
    raise AssertionError(f"no ghost for {action}: {[g.action for g in scene.view.chart.ghosts]}")


def play_by_taps(app, scene, action):
    """Make the window play ``action`` for the human whose turn it is, by taps only."""
    state = scene.race.state
    panel = scene.view.turn
    if isinstance(action, Launch):
        spots = scene.view.launch_spots()
        spot = next(i for i, opts in enumerate(spots) if action in opts)
        if scene.view.launch_pos != spot:            # a second tap on the chosen spot lets it go
            tap_ghost(app, scene, ("spot", spot))
        choice = spots[spot].index(action)
        app.step()
        panel = scene.view.turn          # the tap rebuilt the panel with the spot's options
        assert scene.view.launch_pos == spot, "the tapped spot is not selected"
        for _ in range(choice):
            ui.click(app, *panel.selector.next_point)
        assert scene.view.launch_choice % len(spots[spot]) == choice
        ui.tap(app, panel.buttons["launch"])
    elif isinstance(action, Begin):
        if scene.view.trapeze != action.trapeze:
            ui.tap(app, panel.buttons["trapeze"])
        ui.tap(app, panel.buttons["reveal"])
    elif isinstance(action, Pivot):
        name = {0: "pivot_stay"}.get(action.turn, "pivot_left" if action.turn < 0 else "pivot_right")
        ui.tap(app, panel.buttons[name])
    elif isinstance(action, Move):
        if action.shift:
            sl = panel.slider
            ui.click(app, sl.x_of(sl.hi if action.shift > 0 else sl.lo), sl.center[1])
            assert scene.view.shift == action.shift
        tap_ghost(app, scene, action)
    elif isinstance(action, Substitute):
        ui.tap(app, panel.buttons[f"sub:{action.card}"])
    elif isinstance(action, Luck):
        for _ in range(action.cards):
            ui.click(app, *panel.selector.next_point)
        ui.tap(app, panel.buttons["roll"])        # commits the luck, then rolls
    elif isinstance(action, Roll):
        ui.tap(app, panel.buttons["roll"])
    elif isinstance(action, Place):
        if action.card is None:
            ui.tap(app, panel.buttons["none"])
        else:
            ui.tap(app, panel.card_buttons[action.card])
    elif isinstance(action, Pass):
        ui.tap(app, panel.buttons["skip"])
    elif isinstance(action, Drift):
        ui.tap(app, panel.buttons[f"drift{action.flips}"])
    else:  # pragma: no cover
        raise AssertionError(action)
    assert state.step is not None


def human_turns(app, scene, oracle_rng, limit=400, on_step=None):
    """Play the human seats by taps until the race is over; returns the actions tapped."""
    race = scene.race
    played = []
    for _ in range(limit):
        app.step()
        if race.over:
            break
        lift_curtain(app, scene)
        assert scene.human_turn, "the bots should have played already"
        if on_step is not None and on_step(app, scene):
            continue
        action = simple.choose(race, oracle_rng)
        n = len(race.actions)
        play_by_taps(app, scene, action)
        assert len(race.actions) > n, f"the tap played nothing for {action}"
        mine = race.actions[n]
        assert mine == action, (mine, action)
        if isinstance(action, Luck):
            assert isinstance(race.actions[n + 1], Roll)
        played.append(action)
    return played


def sail_on(scene, until, seed, limit=20000):
    """The table's race sailed on without the window (the people's turns by the simple
    skipper with ``random.Random(seed)``, the bots' by their own skippers with the table's
    bot stream, seeded by the set-up's seed; chance by the race's dice) until ``until(race)``
    holds at a person's turn; then the table opened on it by the Flow, as a resumed race is
    shown (:mod:`uikit`: the way on is sailed once a test process). A table refreshing at
    every action of a long way to a step was most of the time of the tests that look at
    the table there (a resumed table shows the step as play arriving at it does:
    test_ui_table_views). Returns the new table."""
    game = scene.game
    race = uikit.sailed(game, tuple(game.action_text(a) for a in scene.race.actions), until, seed, limit=limit)
    return uikit.show_at(scene.app, scene.app.flow, race)


# --- the whole race -------------------------------------------------------------------------

@pytest.mark.race
def test_play_a_whole_race_by_taps(ui_app, table, tiny, home):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    race = scene.race
    assert race.state.step is Step.LAUNCH
    shots = {}
    seen = set()

    def on_step(app, sc):
        st = sc.race.state
        if st.step is Step.MOVE and "move" not in shots:
            shots["move"] = shot(app, "table_move_ghosts.png")
            assert any(not g.allowed for g in sc.view.chart.ghosts) or len(sc.view.chart.ghosts) >= 3
        if sc.view.last_roll is not None and sc.human_turn and "rolled" not in shots:
            dice = [w for w in sc.view.turn.widgets if type(w).__name__ == "Dice"]
            assert dice and dice[0].values == sc.view.last_roll[:2]
            assert "rolls" in sc.view.last_roll[2]
            shots["rolled"] = shot(app, "table_roll_result.png")
        if st.step in (Step.LUCK, Step.ROLL) and "hazard" not in shots:
            shots["hazard"] = shot(app, "table_hazard.png")
            assert sc.view.turn.odds is not None and sc.view.turn.buttons["roll"].enabled
        if st.step is Step.PLACE and "place" not in shots:
            key_ = next(k for k, b in sc.view.turn.card_buttons.items() if b.enabled)
            ui.move(app, *sc.view.turn.card_buttons[key_].center)      # hover: footprint preview
            assert sc.view.chart.preview_layer.drawables
            shots["place"] = shot(app, "table_place.png")
            ui.move(app, 5, 5)
        if st.step is Step.LAUNCH and "launch" not in shots:
            spots = sc.view.launch_spots()
            tap_ghost(app, sc, ("spot", 0))
            shots["launch"] = shot(app, "table_launch.png")
            assert sc.view.launch_pos == 0 and sc.view.turn.buttons["launch"].enabled
            return False
        if st.step is Step.WEATHER_EYE and "weather_eye" not in shots:
            shots["weather_eye"] = True
            place_weather_eye(app, sc)
            return True
        seen.add(st.step)
        return False

    played = human_turns(ui_app, scene, random.Random(7), on_step=on_step)
    ui_app.step()
    assert race.over
    texts = [e.text for e in race.events]
    assert any("crosses the start line" in t for t in texts)
    assert any("rounds mark 1" in t for t in texts)
    assert sum("finishes in place" in t for t in texts) == 2
    assert len(played) > 20 and {Step.BEGIN, Step.MOVE, Step.PLACE} <= seen
    # the results are on screen, and the finished race was kept for replay
    results = ui_app.scene
    assert isinstance(results, ResultsScene)
    names = [r[1] for r in results.rows()]
    assert sorted(names) == ["Ann", "Bot"]
    assert (home / "last-race.json").is_file() and not (home / "autosave.json").exists()
    again = games.load_race(home / "last-race.json")
    assert again.state == race.state
    shot(ui_app, "results.png")
    ui.tap(ui_app, results.new_button)
    assert type(ui_app.scene).__name__ == "SetupScreen"


def place_weather_eye(app, scene):
    """At a WEATHER_EYE step: a bad spot shows the engine's reason, a good one is placed."""
    state = scene.race.state
    boat = state.boat()
    # on the boat itself: refused, with the engine's reason
    sx, sy = scene.view.camera.world_to_screen(*boat.pose.xy)
    ui.click(app, sx, sy)
    assert scene.view.we_reason() is not None
    assert not scene.view.turn.buttons["place_we"].enabled
    assert "Not here" in scene.view.turn.hint.text
    shot(app, "table_weather_eye_refused.png")
    # search the visible water for a spot the engine accepts, tap it, then "Place here"
    c = scene.view.camera
    for fx in (0.15, 0.3, 0.5, 0.7, 0.85):
        for fy in (0.15, 0.3, 0.5, 0.7, 0.85):
            x, y = c.x0 + c.width * fx, c.y0 + c.height * fy
            if scene.gui.widget_at(x, y) is not None:
                continue
            ui.click(app, x, y)
            if scene.view.we_reason() is None:
                assert scene.view.turn.buttons["place_we"].enabled and "fits" in scene.view.turn.hint.text
                shot(app, "table_weather_eye.png")
                n = len(state.weather_eyes)
                ui.tap(app, scene.view.turn.buttons["place_we"])
                assert len(scene.race.state.weather_eyes) >= n + 1 or scene.race.state.round > state.round
                return
    ui.tap(app, scene.view.turn.buttons["skip"])


def test_round_text_counts_down_to_the_start():
    class S:
        def __init__(self, r):
            self.round = r
    assert round_text(S(0)) == "Boats launching"
    assert round_text(S(3)) == "Round 3 · start in 3 rounds"
    assert round_text(S(5)) == "Round 5 · start in 1 round"
    assert round_text(S(6)) == "Round 6 · start!"
    assert round_text(S(9)) == "Round 9"


# --- hot seat: two humans share the screen -------------------------------------------------

def test_curtain_between_two_human_players(ui_app, table, tiny):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Ben", "Sky")))
    race = scene.race
    first = scene.seat().name
    assert isinstance(scene.gui.modal, Curtain) and f"Pass to {first}" in scene.gui.modal.message.text
    shot(ui_app, "table_curtain.png")
    # while the curtain is up, a tap on the panel does nothing
    ui.click(ui_app, *scene.panel.center)
    assert len(race.actions) == 0
    rng = random.Random(3)
    switches = 0
    for _ in range(40):
        ui_app.step()
        if isinstance(scene.gui.modal, Curtain):
            who = scene.seat().name
            assert scene.gui.modal.message.text == f"Pass to {who}"
            # the next player's hand is hidden: the curtain covers the window, takes all input
            assert scene.gui.widget_at(*scene.panel.center) is scene.gui.modal.button or \
                scene.gui.widget_at(*scene.panel.center) is scene.gui.modal
            lift_curtain(ui_app, scene)
            switches += 1
        before = race.state.active
        play_by_taps(ui_app, scene, simple.choose(race, rng))
        if race.state.active != before and not race.over:
            ui_app.step()
            assert isinstance(scene.gui.modal, Curtain)
    assert switches >= 4
    assert race.state.round >= 1


# --- undo, autosave, resume, save -----------------------------------------------------------

def test_undo_goes_back_to_the_last_human_decision(ui_app, table, tiny, home):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    race = scene.race
    rng = random.Random(1)
    # launch (both boats), then play until Ann has a decision after the bots moved
    for _ in range(6):
        ui_app.step()
        play_by_taps(ui_app, scene, simple.choose(race, rng))
    assert race.can_undo() and scene.undo_button.enabled
    state_before = race.state
    n = len(race.actions)
    ui.key_press(ui_app, key.Z, key.MOD_ACCEL)
    assert len(race.actions) < n
    assert scene.human_turn                                       # back at Ann's decision
    assert race.state != state_before
    # the autosave follows the undo
    saved = json.loads((home / "autosave.json").read_text())
    assert saved["actions"] == [a.text() for a in race.actions]
    ui.tap(ui_app, scene.undo_button)
    while race.can_undo():
        ui.tap(ui_app, scene.undo_button)
    assert not scene.undo_button.enabled
    ui.tap(ui_app, scene.undo_button)                             # says why
    assert "last dice roll" in scene.gui.tooltip_text


def test_autosave_every_action_and_resume(ui_app, table, tiny, home):
    setup = make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple"))
    scene = table(setup)
    race = scene.race
    rng = random.Random(2)
    for _ in range(5):
        ui_app.step()
        play_by_taps(ui_app, scene, simple.choose(race, rng))
    auto = json.loads((home / "autosave.json").read_text())
    prev = json.loads((home / "autosave.prev.json").read_text())
    assert auto["actions"] == [a.text() for a in race.actions]
    assert len(prev["actions"]) < len(auto["actions"])
    actions = race.actions
    # leave to the set-up screen: "Resume race" brings the same race back
    ui.tap(ui_app, scene.menu_button)
    ui.tap(ui_app, ui.find_button(ui_app.scene.gui, "Leave race"))
    setup_screen = ui_app.scene
    assert type(setup_screen).__name__ == "SetupScreen"
    ui_app.step(0.6)
    assert setup_screen.resume_button.visible
    ui.tap(ui_app, setup_screen.resume_button)
    resumed = ui_app.scene
    assert isinstance(resumed, TableScene) and resumed.race.actions == actions


def test_a_tap_and_the_bot_moves_it_sets_off_are_saved_in_one_write(ui_app, table, tiny, home, monkeypatch):
    """The autosave holds every action once a tap is played, the bots' answers included,
    and writes the file once for them all (it used to write once per bot move: two
    synced files each time)."""
    setup = make_setup(tiny, Seat("Ann", "Orange"), Seat("Bo", "Sky", "simple"), Seat("Cy", "Mint", "simple"))
    scene = table(setup)
    race = scene.race
    writes = []
    real = Autosave.save
    monkeypatch.setattr(Autosave, "save", lambda self, r: (writes.append(len(r.actions)), real(self, r)))
    rng = random.Random(3)
    taps = 0
    while taps < 6 and not race.over:
        ui_app.step()
        if not scene.human_turn:
            continue
        before, writes_before = len(race.actions), len(writes)
        play_by_taps(ui_app, scene, simple.choose(race, rng))
        taps += 1
        saved = json.loads((home / "autosave.json").read_text())["actions"]
        assert saved == [a.text() for a in race.actions]          # nothing played is unsaved
        assert len(writes) - writes_before <= 1, (before, len(race.actions), writes[writes_before:])
    assert taps == 6 and len(race.actions) > len(writes) + 6      # bots did move in between


def test_a_new_race_asks_before_it_discards_the_unfinished_one(ui_app, table, tiny, home):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    race = scene.race
    rng = random.Random(2)
    for _ in range(3):
        ui_app.step()
        play_by_taps(ui_app, scene, simple.choose(race, rng))
    actions = race.actions
    saved = (home / "autosave.json").read_text()
    ui.tap(ui_app, scene.menu_button)
    ui.tap(ui_app, ui.find_button(ui_app.scene.gui, "Leave race"))
    setup_screen = ui_app.scene
    # "Start race" with a race in progress: a question, and the autosave is untouched
    ui.tap(ui_app, setup_screen.start_button)
    dialog = setup_screen.gui.modal
    assert isinstance(dialog, Dialog) and ui_app.scene is setup_screen
    assert (home / "autosave.json").read_text() == saved
    # ... that says which race would be lost: the game, the board, the boats, who sails
    assert dialog.message.text.startswith("Dinghy Race, tiny, 2 boats (Ann at the table), saved just now. ")
    shot(ui_app, "start_asks_before_discarding.png")
    ui.tap(ui_app, ui.find_button(setup_screen.gui, "Resume"))
    resumed = ui_app.scene
    assert isinstance(resumed, TableScene) and resumed.race.actions == actions
    # asked again, "Discard and start" starts afresh
    ui.tap(ui_app, resumed.menu_button)
    ui.tap(ui_app, ui.find_button(ui_app.scene.gui, "Leave race"))
    setup_screen = ui_app.scene
    ui.tap(ui_app, setup_screen.start_button)
    ui.tap(ui_app, ui.find_button(setup_screen.gui, "Discard and start"))
    fresh = ui_app.scene
    assert isinstance(fresh, TableScene) and fresh.race is not resumed.race
    assert json.loads((home / "autosave.json").read_text())["actions"] == [a.text() for a in fresh.race.actions]
    assert len(fresh.race.actions) < len(actions) or fresh.race.game.setup.seed != race.game.setup.seed


def test_damaged_autosave_offers_the_previous_one(ui_app, table, tiny, home):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    race = scene.race
    rng = random.Random(2)
    for _ in range(4):
        ui_app.step()
        play_by_taps(ui_app, scene, simple.choose(race, rng))
    prev_actions = json.loads((home / "autosave.prev.json").read_text())["actions"]
    (home / "autosave.json").write_text('{"format": 1, "rules": "dinghy_race", "act')
    ui_app.flow.show_setup()
    ui_app.step(0.6)
    setup_screen = ui_app.scene
    ui.tap(ui_app, setup_screen.resume_button)
    dialog = setup_screen.gui.modal
    assert isinstance(dialog, Dialog)
    assert "autosave.json" in dialog.message.text and "JSON" in dialog.message.text
    assert "\n" not in dialog.message.text
    shot(ui_app, "resume_damaged.png")
    ui.tap(ui_app, ui.find_button(setup_screen.gui, "Use the previous autosave"))
    resumed = ui_app.scene
    assert isinstance(resumed, TableScene)
    assert [a.text() for a in resumed.race.actions] == prev_actions


def test_save_copy_shows_the_path(ui_app, table, tiny, home):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    ui.tap(ui_app, scene.save_button)
    saves = list((home / "saves").glob("race-*.json"))
    assert len(saves) == 1
    assert str(saves[0]) in scene.toast.message
    ui.key_press(ui_app, key.S, key.MOD_ACCEL)
    assert len(list((home / "saves").glob("race-*.json"))) == 2


# --- camera and help ------------------------------------------------------------------------

def test_camera_buttons_drag_wheel_and_resize(ui_app, table, tiny):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    cam = scene.view.camera
    ui.tap(ui_app, scene.view.fit_button)
    fit_zoom = cam.zoom
    x0, y0, x1, y1 = cam.visible_bounds()
    assert x0 <= 0 and y0 <= 0 and x1 >= 1000 and y1 >= 1000
    ui.tap(ui_app, scene.view.zoom_in)
    assert cam.zoom > fit_zoom
    ui.tap(ui_app, scene.view.zoom_out)
    assert cam.zoom == pytest.approx(fit_zoom)
    cx = cam.cx
    mx, my = cam.x0 + cam.width / 2, cam.y0 + cam.height / 2
    ui.press(ui_app, mx, my)
    ui.drag(ui_app, mx + 60, my, 60, 0)
    ui.release(ui_app, mx + 60, my)
    assert cam.cx == pytest.approx(cx - 60 / cam.zoom)
    z = cam.zoom
    ui.scroll(ui_app, mx, my, 2)
    assert cam.zoom > z
    assert not scene.view.follow      # by default the fleet and the next mark are in view
    ui.tap(ui_app, scene.view.follow_button)
    assert scene.view.follow and scene.view.follow_button.label == "Follow: on"
    ui.tap(ui_app, scene.view.follow_button)
    assert not scene.view.follow and scene.view.follow_button.label == "Follow: off"
    for b in (scene.view.zoom_in, scene.view.zoom_out, scene.view.fit_button, scene.view.follow_button,
              scene.undo_button, scene.save_button):
        assert b.w >= 48 and b.h >= 48
    ui.resize(ui_app, 800, 600)
    assert scene.view.camera.width + scene.panel.w < 800
    assert scene.panel.x + scene.panel.w <= 800 and scene.log.y >= 0
    ui.key_press(ui_app, key.F11)
    assert ui_app.fullscreen


def test_help_lists_the_table_shortcuts(ui_app, table, tiny):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    ui.tap(ui_app, scene.help_button)
    overlay = scene.gui.modal
    assert isinstance(overlay, HelpOverlay)
    keys = [k for k, _ in overlay.shortcuts]
    assert "Ctrl+Z" in keys and "F11" in keys and "Ctrl+S" in keys


def refused_exit_race():
    """A hand-built position (as in the engine tests): Ann reaches on port tack, and
    Bot lies where her straight exit ends, so that exit is refused and others are clear."""
    from dinghy.games.dinghy_race import data as dr_data, rules as dr
    from dinghy.games.dinghy_race.game import DinghyRace
    import enginekit as ek

    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")), course="test")
    g = DinghyRace(setup, ek.open_course(), dr_data.load_cards("small"), dr_data.load_hazard_table("medium"))
    me = ek.boat(0, 0, 600, 90, planned="reach.port")
    alone = ek.race_at(g, [me, ek.far(1)], step=Step.MOVE, turn=dr.Turn(card="reach.port"))
    end = dr.exit_options(g, alone.state)[0].pose
    other = ek.boat(1, end.x - 8, end.y + 8, 0, planned=None)
    return ek.race_at(g, [me, other], step=Step.MOVE, turn=dr.Turn(card="reach.port"))


def test_illegal_ghost_shows_the_engine_reason(ui_app):
    race = refused_exit_race()
    scene = ui_app.push(TableScene(race, bot_delay=0))
    ui_app.step()
    ghosts = scene.view.chart.ghosts
    bad = [i for i, g in enumerate(ghosts) if not g.allowed]
    assert bad and any(g.allowed for g in ghosts)
    g = ghosts[bad[0]]
    x, y = scene.view.chart.ghost_screen_point(bad[0])
    assert scene.view.camera.contains_screen(x, y)
    assert scene.view.chart.ghost_at(x, y, scene.gui.touch) == bad[0]
    ui.click(ui_app, x, y)
    assert len(race.actions) == 0
    assert g.reason and g.reason in scene.toast.message
    assert g.reason == race.why_not(g.action)
    assert g.reason in scene.view.turn.hint.text
    shot(ui_app, "table_refused_exit.png")


def test_setup_to_table_through_the_start_button(ui_app, home, tiny):
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    setup_screen = flow.show_setup(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    shot(ui_app, "setup_before_race.png")
    ui.tap(ui_app, setup_screen.start_button)
    ui_app.step()
    assert isinstance(ui_app.scene, TableScene)
    assert (home / "autosave.json").is_file()


def test_a_course_that_does_not_load_is_a_dialog(ui_app, home, tmp_path):
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    flow.show_setup()
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 'x'\nwind_from = 7\n")
    flow.start(make_setup(str(bad), Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    assert type(ui_app.scene).__name__ == "SetupScreen"
    assert isinstance(ui_app.scene.gui.modal, Dialog)
    assert "bad.toml" in ui_app.scene.gui.modal.message.text


def test_bots_wait_between_actions_in_a_real_window(ui_app, home, tiny):
    flow = Flow(ui_app, Autosave(home), bot_delay=0.5)
    flow.settings.animations = False     # the bots' own pace (animations: tests/test_ui_motion.py)
    flow.start(make_setup(tiny, Seat("A", "Orange", "simple"), Seat("B", "Sky", "simple")))
    scene = ui_app.scene
    ui_app.step(0.1)
    assert len(scene.race.actions) == 0
    ui_app.step(0.45)
    assert len(scene.race.actions) == 1
    for _ in range(4):
        ui_app.step(0.5)
    assert len(scene.race.actions) == 5


def test_race_record_from_the_table_replays(ui_app, table, tiny, home):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    rng = random.Random(9)
    for _ in range(8):
        ui_app.step()
        play_by_taps(ui_app, scene, simple.choose(scene.race, rng))
    again = games.load_race(home / "autosave.json")
    assert again.state == scene.race.state
    assert Race.replay(scene.game, [a.text() for a in scene.race.actions]).state == scene.race.state


@pytest.mark.parametrize("course", io.shipped("courses"))
def test_every_shipped_course_draws(ui_app, table, course):
    seats = [Seat(n, n, "simple") for n in ("Orange", "Sky", "Green", "Yellow")] + [Seat("Ann", "Blue")]
    scene = table(make_setup(course, *seats))
    assert scene.human_turn and scene.race.state.step is Step.LAUNCH
    order = scene.race.state.order
    assert sum(b.launched for b in scene.race.state.boats) == order.index(4)
    play_by_taps(ui_app, scene, scene.race.legal_actions()[0])      # Ann launches
    ui_app.step()
    assert all(b.launched for b in scene.race.state.boats)
    assert scene.view.chart.course_layer.mesh.triangles > 20
    ui.tap(ui_app, scene.view.fit_button)
    for mark in scene.game.course.marks:
        assert scene.view.camera.contains_screen(*scene.view.camera.world_to_screen(mark.x, mark.y))
    if course == "island_race":
        shot(ui_app, "table_island_race.png")


def test_small_window_keeps_every_control_on_screen(make_ui_app, home, tiny):
    app = make_ui_app(800, 600)
    flow = Flow(app, Autosave(home), bot_delay=0)
    flow.start(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple"),
                          Seat("Cy", "Green", "simple"), Seat("Di", "Yellow", "simple")))
    app.step()
    scene = app.scene
    rng = random.Random(1)
    for _ in range(12):                  # into the first turns: the hand of cards is the tallest panel
        app.step()
        play_by_taps(app, scene, simple.choose(scene.race, rng))
        if scene.race.state.step is Step.PLACE:
            break
    assert scene.race.state.step is Step.PLACE
    for w in scene.gui.walk():
        if w.visible and w.interactive and w.w:
            assert w.x >= 0 and w.y >= 0 and w.x + w.w <= 800 + 0.5 and w.y + w.h <= 600 + 0.5, w
    panel_bottom = scene.panel.y
    for b in scene.view.turn.card_buttons.values():
        assert b.y >= panel_bottom, "a card button falls off the turn panel"
    assert scene.view.camera.width > 300
    shot(app, "table_800x600.png")


def test_protest_a_ruling_from_the_table(ui_app, table, tiny):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    # sailed without the window to the first ruling Ann may protest (the table offers
    # the engine's Protest interjection)
    scene = sail_on(scene, lambda race: any(type(a).__name__ == "Protest" for a in race.interjections()), 7)
    race = scene.race
    assert scene.view.protest_button.visible, "no right-of-way ruling came up in the seeded race"
    ruling = race.state.last_ruling
    assert not ruling.protested
    ui.tap(ui_app, scene.view.protest_button)
    dialog = scene.gui.modal
    assert isinstance(dialog, Dialog) and ruling.text in dialog.message.text
    shot(ui_app, "table_protest.png")
    order = race.state.order
    ui.tap(ui_app, ui.find_button(scene.gui, "Uphold"))
    assert race.state.last_ruling.protested
    assert any("Protest upheld" in e.text for e in race.last_events)
    assert race.state.order != order or ruling.swapped
    assert not scene.view.protest_button.visible


def test_the_autosave_summary_names_the_race_and_says_nothing_of_a_damaged_file(tmp_path):
    """The line the "unfinished race" question shows: the game's title, the board, the
    boats and the people among them, and the age of the save; a file that cannot be read
    gives no line (the question is then asked without it, never a traceback)."""
    from dinghy.ui.shell.autosave import Autosave, _ago
    keeper = Autosave(tmp_path)
    assert keeper.summary() is None                          # nothing saved
    rec = {"format": 1, "rules": "yacht_race", "actions": [],
           "setup": {"course": "ocean_chart", "seats": [{"name": "Ann", "colour": "Orange", "skipper": None},
                                                         {"name": "Bo", "colour": "Sky", "skipper": None},
                                                         {"name": "Cy", "colour": "Green", "skipper": "easy"}]}}
    keeper.path.write_text(json.dumps(rec))
    mtime = keeper.path.stat().st_mtime
    assert keeper.summary(now=mtime + 7200) == "Yacht Race, ocean chart, 3 boats (Ann, Bo at the table), saved 2 hours ago"
    keeper.path.write_text('{"rules": "yacht_race", "setup": ')       # damaged outside dinghy
    assert keeper.summary() is None
    assert [_ago(s) for s in (5, 61, 3 * 3600 + 5, 86400)] == ["just now", "1 minute ago", "3 hours ago", "1 day ago"]
