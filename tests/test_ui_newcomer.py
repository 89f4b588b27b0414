"""What a newcomer trips over, played headless by taps: the set-up screen, the table,
the results and the replay, on a laptop (1280x800, 1024x600) and an upright tablet
(800x1280). Each test taps through the friction it guards against."""
from __future__ import annotations

import functools

import pytest
import shots

from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.table import TableScene


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def setup_for(app, home, rules):
    """The set-up screen on the game ``rules``, as the Flow opens it for a game (choosing
    the game by its arrow gives the same set-up: tests/test_ui_polish.py steps the arrow
    through every game and checks it against :func:`screen_setup`)."""
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    setup = flow.show_setup(rules=rules)
    app.step()
    assert setup.rules == rules
    return setup


def screen_setup(rules, boats=None):
    """The RaceSetup the set-up screen holds when opened on game ``rules`` (its first
    board, the game's options at their defaults; with ``boats``, bots added by "+ Add
    boat" up to that many, or the last seats removed down to it), seed aside; no window
    is opened."""
    from dinghy import games
    from dinghy.ui.shell.setup_screen import SetupScreen

    form = SetupScreen(lambda *a: None, rules=rules, seed=0).form
    while boats is not None and len(form.seats) < boats:
        form.add_seat()
    while boats is not None and len(form.seats) > boats:
        form.remove_seat(len(form.seats) - 1)
    form.extra = tuple((opt.key, opt.default) for opt in games.GAMES[rules].options)
    return form.to_setup()


@functools.cache
def table_setup(rules, bots_only=False, seed=11, boats=None):
    """What :func:`start_by_taps` starts: the screen's set-up for ``rules`` (``boats``:
    see :func:`screen_setup`) with the second seat a bot (the first too with
    ``bots_only``) and ``seed``."""
    import dataclasses

    from dinghy.ui.shell.setup_form import BOT_SKIPPER

    base = screen_setup(rules, boats)
    made_bots = (0, 1) if bots_only else (1,)
    seats = tuple(dataclasses.replace(seat, skipper=seat.skipper or BOT_SKIPPER) if k in made_bots else seat
                  for k, seat in enumerate(base.seats))
    return base.with_(seats=seats, seed=seed)


def start_by_taps(app, home, rules, bots_only=False, seed=11):
    """The set-up screen, driven as a newcomer does: the game's screen, the second seat
    made a bot (the rest already are), "Start race". Returns the table.
    The seed (shown small, not a newcomer's choice) is fixed so that a test replays."""
    setup = setup_for(app, home, rules)
    ui.tap(app, setup.rows[1].level)                  # Human -> Bot
    if bots_only:
        ui.tap(app, setup.rows[0].level)              # Human -> Bot
    assert [s.skipper is None for s in setup.form.to_setup().seats].count(True) == (0 if bots_only else 1)
    setup.form.seed = seed
    assert setup.form.to_setup() == table_setup(rules, bots_only, seed)
    ui.tap(app, setup.start_button)
    app.step()
    scene = app.scene
    assert isinstance(scene, TableScene)
    return scene


def table_for(app, home, rules, bots_only=False, seed=11, boats=None):
    """The table :func:`start_by_taps` reaches, started by the Flow with the same set-up
    (:func:`table_setup`) without drawing the set-up screen: for the tests whose subject
    is the table (the set-up's own taps are checked by start_by_taps' tests)."""
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    flow.start(table_setup(rules, bots_only, seed, boats), rules)
    app.step()
    scene = app.scene
    assert isinstance(scene, TableScene)
    return scene


def shot(app, name):
    """A screenshot for a person to look at, when asked for (``tests/shots.py``)."""
    return shots.shot(app, name)


def inside(widget, label, slack=1.0):
    """Whether a pyglet label's drawn box lies within the widget's rectangle."""
    w = label.content_width
    left = {"left": label.x, "center": label.x - w / 2, "right": label.x - w}[label.anchor_x]
    return widget.x - slack <= left and left + w <= widget.x + widget.w + slack


@pytest.mark.parametrize("size", [(800, 1280), (1024, 600)])
def test_the_seats_bar_keeps_each_boats_words_inside_its_chip(make_ui_app, home, size):
    """Upright, four chips share a narrow strip: each chip's name and status ("bot ·
    luck 3") stay inside it, cut with "…" rather than spilling onto the next chip —
    also after the chips are told their (unchanged) status again on the next step."""
    app = make_ui_app(*size)
    scene = start_by_taps(app, home, "dinghy_race")
    for _ in range(3):
        app.step()
        scene.refresh(new_step=True)
    chips = scene.order.chips
    assert len(chips) == 4
    for chip in chips:
        assert chip.status.text, "every chip says something of its boat"
        assert inside(chip, chip.status), (chip._status, chip.status.text, chip.w)
        assert inside(chip, chip.text), (chip.label, chip.text.text, chip.w)


@functools.cache
def bots_race(setup, rules):
    """The race the table sails for ``setup`` when every seat is a bot: each seat's
    skipper as the table picks it (the game's default bot where the level is unknown to
    the game), the table's bot stream (seeded by the setup's seed) and the race's own
    dice. Sailed once per test process, without the window (a window refreshing at each
    of a race's thousand actions was most of the replay tests' time); the finished Race
    is shared, read only (the results and the replay keep their own states)."""
    import random

    from dinghy import games
    from dinghy.core.race import Race
    from dinghy.skippers import play_bots, skipper

    def bot(name):
        try:
            return skipper(name, rules)
        except ValueError:
            return skipper(None, rules)

    race = Race(games.load_game(setup, rules))
    play_bots(race, random.Random(setup.seed), bots=[bot(seat.skipper) for seat in setup.seats])
    assert race.over
    return race


def race_to_replay(app, home, rules, boats=2, seed=11):
    """``boats`` bots (every seat of the set-up's :func:`table_setup` a bot) race to the
    end, then "Replay" is tapped on the results. The race is sailed without the window
    (:func:`bots_race`); the results come as the table brings them at the finish (the
    Flow's show_results), and the replay from the results' button, as a person reaches
    it. (The set-up's own taps, "+ Add boat" and Human / Bot, are checked by
    test_ui_setup and start_by_taps.)"""
    from dinghy.ui.shell.replay import ReplayScene
    from dinghy.ui.shell.results import ResultsScene

    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    setup = table_setup(rules, bots_only=True, seed=seed, boats=boats)
    assert len(setup.seats) == boats and all(s.skipper for s in setup.seats)
    results = flow.show_results(bots_race(setup, rules))
    app.step()
    assert isinstance(results, ResultsScene) and app.scene is results
    ui.tap(app, results.replay_button)
    app.step()
    assert isinstance(app.scene, ReplayScene) and app.scene.race is results.race
    return app.scene


@pytest.mark.parametrize("size", [(800, 1280), (1280, 800)])
def test_the_replay_top_bar_and_position_line_do_not_overlap(make_ui_app, home, size):
    """The replay's title ("Replay · Olympic triangle") ends before the first seat chip,
    and the position line ("5/1732 · Round 1 · start in 5 rounds · begin") stays in the
    bar; upright, the race log lies under the board instead of eating its width."""
    app = make_ui_app(*size)
    replay = race_to_replay(app, home, "dinghy_race")
    for _ in range(5):
        ui.tap(app, replay.fwd_button)
    app.step()
    shot(app, f"newcomer_replay_{size[0]}x{size[1]}.png")
    title = replay.title_text.label
    assert title.x + title.content_width <= replay.order.chips[0].x + 1
    assert title.text.startswith("Replay")
    pos = replay.position
    assert pos.label.text and pos.label.x + pos.label.content_width <= replay.bar.x + replay.bar.w + 1
    assert replay.index == 5
    W, H = size
    if H > W:
        assert replay.log.w > W * 0.9 and replay.log.y + replay.log.h <= replay.board.camera.y0 + 1
    else:
        assert replay.log.x >= replay.bar.x + replay.bar.w


def to_a_person_turn(app, scene, limit=300):
    """Steps until a person decides (curtains lifted; a person's dice rolled by taps)."""
    for _ in range(limit):
        app.step()
        modal = scene.gui.modal
        if modal is not None and hasattr(modal, "button"):      # the curtain
            ui.tap(app, modal.button)
        if scene.human_turn and not scene.race.chance:
            return
        if scene.human_turn and scene.race.chance:
            roll = getattr(scene.view, "buttons", {}).get("roll")
            if roll is not None:
                ui.tap(app, roll)
    raise AssertionError("no person's turn came")


def tap_a_square_and_sail(app, scene):
    """A grid board's first target square tapped (and the chooser's first line, when a
    square offers several actions): the person's action is played."""
    view = scene.view
    cell = next(iter(view.targets))
    n = len(scene.race.actions)
    ui.click(app, *view.screen_of(cell))
    if len(scene.race.actions) == n and scene.gui.modal is not None:
        ui.tap(app, scene.gui.modal.buttons[0])
    assert len(scene.race.actions) > n


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)])
def test_a_cut_engine_note_is_shown_whole_in_the_turn_panel(make_ui_app, home, size):
    """Race the Wind's note ("Turn 1 (before the start): Orange to act, beam reach: two
    actions, each a move or a turn.") is longer than the line over the board (at
    1024 x 600; upright the line has the room and shows it whole): the
    panel shows it whole, wrapped, inside the panel, and a tapped square still sails."""
    app = make_ui_app(*size)
    scene = start_by_taps(app, home, "race_the_wind")
    to_a_person_turn(app, scene)
    view = scene.view
    note = view.picture.note
    if size == (800, 1280):       # upright the line over the board is wide enough: shown whole there
        assert view.note.label.text == note and view.note.label.content_width <= view.note.w + 1
        tap_a_square_and_sail(app, scene)
        return
    else:
        assert view.note.label.text != note and view.note.label.text.endswith("…")
    row = view.note_row
    assert row is not None and row.text == note
    assert row.label.content_width <= row.w + 1                            # wrapped to fit
    p = scene.panel
    assert p.x <= row.x and row.x + row.w <= p.x + p.w + 1
    assert p.y <= row.y and row.y + row.h <= p.y + p.h + 1
    shot(app, f"newcomer_note_{size[0]}x{size[1]}.png")
    tap_a_square_and_sail(app, scene)


def test_one_step_forward_in_a_dinghy_race_replay_is_shown_moving(make_ui_app, home):
    """Replay, "▶" once on a boat's move: the boat slides along its card's track (the
    table's Motion: hidden from the still chart while it moves) and ends where the
    record puts it; a jump elsewhere (the scrubber, "◀") shows no animation, and a
    tap on the board skips one that runs."""
    from dinghy.games.dinghy_race.actions import Move

    app = make_ui_app(1280, 800)
    replay = race_to_replay(app, home, "dinghy_race")
    pb = replay.playback
    move_at = next(i for i, a in enumerate(pb.actions) if isinstance(a, Move))
    replay.seek(move_at)                                 # just before the first move
    motion = replay.board.motion
    assert not motion.active
    ui.tap(app, replay.fwd_button)
    assert replay.index == move_at + 1
    assert motion.active and motion.hidden, "the moving boat is drawn by the motion"
    boat = next(iter(motion.hidden))
    assert replay.board.chart.hidden == motion.hidden
    shot(app, "newcomer_replay_motion_start.png")
    slides = motion.clips[0]
    assert slides[0].path[-1] == pytest.approx(pb.states[move_at + 1].boats[boat].pose.xy)
    for _ in range(120):                                 # about two seconds of frames
        app.step(1 / 60)
        if not motion.active:
            break
    assert not motion.active and not replay.board.chart.hidden
    ui.tap(app, replay.back_button)                      # one back: no animation
    assert replay.index == move_at and not motion.active
    ui.tap(app, replay.fwd_button)
    assert motion.active
    cam = replay.board.camera
    x, y = cam.x0 + cam.width / 2, cam.y0 + cam.height / 2
    assert replay.gui.widget_at(x, y) is None
    ui.click(app, x, y)                                  # a tap on the board skips it
    assert not motion.active and not replay.board.chart.hidden


@pytest.mark.parametrize("size", [(800, 1280), (1280, 800)])
def test_the_set_up_says_how_a_seat_becomes_a_bot(make_ui_app, home, size):
    """The level button reads "Human" or "Bot": the line under the seats says that a
    tap changes who sails, and it fits the boats panel; the tap it describes works."""
    from dinghy.ui.shell.setup_screen import SetupScreen

    app = make_ui_app(*size)
    flow = Flow(app, Autosave(home), bot_delay=0)
    s = flow.show_setup()
    app.step()
    assert isinstance(s, SetupScreen) and s.seats_hint.visible
    hint = s.seats_hint.label
    assert "Tap Human / Bot" in hint.text
    assert hint.content_width <= s.seats_hint.w + 1
    assert hint.content_height <= s.seats_hint.h + 1
    assert s.boats_panel.y <= s.seats_hint.y
    shot(app, f"newcomer_setup_{size[0]}x{size[1]}.png")
    assert s.rows[0].level.label == "Human"
    ui.tap(app, s.rows[0].level)
    assert s.rows[0].level.label == "Bot" and s.form.seats[0].skipper is not None


def gigamic_sailing_turns(app, scene, turns=3, limit=400):
    """The person's sailing turns of a Gigamic race, played by taps (dice, setting
    down by the panel's first button, a ghost each turn); yields at each."""
    from dinghy.games.regatta_gigamic.state import TURN

    race, view = scene.race, scene.view
    seen = 0
    for _ in range(limit):
        app.step()
        modal = scene.gui.modal
        if modal is not None and hasattr(modal, "button"):
            ui.tap(app, modal.button)
        if not scene.human_turn:
            continue
        if race.chance:
            ui.tap(app, view.buttons["roll"])
        elif race.state.step == TURN and any(g.reason is None for g in view.ghosts):
            yield
            seen += 1
            if seen >= turns:
                return
            gh = next(g for g in view.ghosts if g.reason is None)
            ui.click(app, *view.camera.world_to_screen(gh.x, gh.y))
        else:
            b = next(b for k, b in view.buttons.items() if k != "play_typed" and b.enabled
                     and not k.startswith("page"))
            ui.tap(app, b)
    raise AssertionError("too few sailing turns for the person")


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)])
def test_gigamic_ghosts_can_be_told_apart_by_a_finger(make_ui_app, home, size):
    """Fitted to the whole Large table the arrows' ghosts lie a few pixels apart: on a
    person's turn the view zooms in on the boat and its ghosts so that each is a
    finger's width from the next; "+", "−" and "Fit table" work the camera by taps (a
    tablet has no wheel), and a tapped ghost sails its arrow."""
    from dinghy.games.regatta_gigamic.state import TURN

    app = make_ui_app(*size)
    scene = table_for(app, home, "regatta_gigamic")
    race, view = scene.race, scene.view
    next(gigamic_sailing_turns(app, scene, turns=1))
    assert not view.ghosts_crowded()
    for gh in view.ghosts:
        assert view.camera.contains_screen(*view.camera.world_to_screen(gh.x, gh.y))
    shot(app, f"newcomer_gigamic_{size[0]}x{size[1]}.png")
    zoom = view.camera.zoom
    ui.tap(app, view.fit_button)
    assert view.camera.zoom < zoom
    ui.tap(app, view.zoom_in)
    assert view.camera.zoom > zoom / 1.4 ** 10 and view.camera.zoom > 0
    fitted = view.camera.zoom
    ui.tap(app, view.zoom_out)
    assert view.camera.zoom < fitted
    view.focus_ghosts()                          # as a new turn would
    legal = next(gh for gh in view.ghosts if gh.reason is None)
    n = len(race.actions)
    ui.click(app, *view.camera.world_to_screen(legal.x, legal.y))
    assert race.actions[n] == legal.action


@pytest.mark.parametrize("rules", ["regatta_gigamic", "dinghy_race"])
def test_the_replay_board_zooms_by_taps(make_ui_app, home, rules):
    """A tablet has no wheel and no "+" key: the replay's "+" and "−" buttons zoom the
    board, and a fit button (the board's own, or the scene's "Fit") shows it whole."""
    app = make_ui_app(800, 1280)
    replay = race_to_replay(app, home, rules)
    cam = replay.board.camera
    z0 = cam.zoom
    ui.tap(app, replay.zoom_in)
    assert cam.zoom == pytest.approx(min(z0 * 1.4, cam.max_zoom))
    ui.tap(app, replay.zoom_out)
    ui.tap(app, replay.zoom_out)
    assert cam.zoom < z0
    fit = getattr(replay.board, "fit_button", None) or replay.fit_button
    ui.tap(app, fit)
    assert cam.zoom == pytest.approx(z0)
    for b in (replay.zoom_in, replay.zoom_out, fit):
        assert b.w >= 47 and b.h >= 47                     # a finger's width
    ui.tap(app, replay.fwd_button)
    label = replay.position.label.text
    assert label.startswith("1/") and label.endswith(
        replay.game.action_label(replay.playback.actions[0]) if hasattr(replay.game, "action_label")
        else replay.playback.actions[0].text()) or label.endswith("…")
    shot(app, f"newcomer_replay_zoom_{rules}.png")


def test_gigamic_start_slots_are_ghosts_on_the_line(make_ui_app, home):
    """ "Start: slot 2" names a place the newcomer cannot see: on setting the boat down,
    each slot the engine offers is a ghost behind the start line, and a tapped ghost
    sets the boat down there (the engine's "place N")."""
    app = make_ui_app(1024, 600)
    scene = start_by_taps(app, home, "regatta_gigamic")
    race, view = scene.race, scene.view
    for _ in range(200):
        app.step()
        if scene.human_turn and race.chance:
            ui.tap(app, view.buttons["roll"])
        elif scene.human_turn and any(a.verb == "place" for a in race.legal_actions()):
            break
    else:
        raise AssertionError("the person never set the boat down")
    places = [a for a in race.legal_actions() if a.verb == "place"]
    assert sorted(gh.action.n for gh in view.ghosts) == sorted(a.n for a in places)
    assert not view.ghosts_crowded()
    assert view.hint_row is not None and "ghost" in view.hint_row.text
    shot(app, "newcomer_gigamic_slots.png")
    gh = view.ghosts[len(view.ghosts) // 2]
    n = len(race.actions)
    ui.click(app, *view.camera.world_to_screen(gh.x, gh.y))
    assert race.actions[n] == gh.action
    assert race.state.boats[0].spot == race.game.slots[gh.action.n - 1]


@pytest.mark.parametrize("size", [(800, 1280), (1024, 600)])
def test_dinghy_race_launch_spots_are_shown_close_enough_to_tap(make_ui_app, home, size):
    """Launching, the whole course in view draws the launch spots as overlapping rings
    a few pixels apart: the view shows the start area closer, so that a finger picks
    one spot; a tapped spot, then "Launch here", puts the boat on the water."""
    from test_ui_table import tap_ghost

    app = make_ui_app(*size)
    scene = table_for(app, home, "dinghy_race")
    to_a_person_turn(app, scene)
    view, race = scene.view, scene.race
    spots = view.launch_spots()
    assert len(spots) > 1
    course_zoom = view.camera.zoom
    view.fit()                                 # the whole course, as "Fit course" shows it
    assert view.camera.zoom <= course_zoom
    view.keep_fleet_in_view()                  # what a new step does
    assert view.camera.zoom == pytest.approx(course_zoom)
    pts = [view.camera.world_to_screen(o[0].x, o[0].y) for o in spots]
    gaps = sorted(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
                  for i, a in enumerate(pts) for b in pts[i + 1:])
    shot(app, f"newcomer_launch_{size[0]}x{size[1]}.png")
    assert gaps[0] >= app.scene.gui.touch * 0.75 or view.camera.zoom == pytest.approx(
        view.camera.clamp(app.scene.gui.px(170) / race.game.cards.card_length))
    n = len(race.actions)
    tap_ghost(app, scene, ("spot", len(spots) // 2))
    app.step()
    ui.tap(app, scene.view.turn.buttons["launch"])
    assert len(race.actions) > n


def test_an_upright_grid_table_gives_the_board_more_than_an_empty_panel(make_ui_app, home):
    """Upright, a grid game's turn panel holds a hint, the rules' note and a few buttons:
    its sheet takes less of the screen than Dinghy Race's (whose card drawing needs the
    room), everything in it still fits, and a tapped square still sails."""
    app = make_ui_app(800, 1280)
    scene = table_for(app, home, "race_the_wind")
    to_a_person_turn(app, scene)
    view = scene.view
    assert scene.sheet_h < 1280 * 0.35
    x, y, w, h = view.board_rect
    assert h > 1280 * 0.55
    p = scene.panel
    for row in view.rows:
        for wdg in row:
            assert p.y <= wdg.y and wdg.y + wdg.h <= p.y + p.h + 1, wdg
    shot(app, "newcomer_grid_upright.png")
    tap_a_square_and_sail(app, scene)


def test_a_long_hazard_name_and_the_card_laying_words_fit_a_tablet_panel(make_ui_app, home):
    """On a 1024 x 600 tablet the hazard's name over the odds ("Trapeze abuse (each
    turn)") is the engine's reason for the roll: it shows whole, not cut at the panel's
    edge; laying a card, the panel says to tap (a tablet has no hover).

    The race is sailed without the window (:mod:`uikit`: the people as the simple skipper
    with ``random.Random(3)``, the bot with the table's stream) to Ann's first card to lay,
    then to her first long-named hazard (seed 4: her 22nd decision; seed 7: her 134th),
    and the table opened at each as a resumed race is; the roll is tapped."""
    import uikit

    from dinghy import games
    from dinghy.core.setup import RaceSetup, Seat
    from dinghy.games.dinghy_race.state import Step
    from dinghy.ui.widgets.text import Text

    app = make_ui_app(1024, 600)
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")),
                      course="olympic_triangle", seed=4, weather_eye=0)
    game, start = games.load_game(setup, "dinghy_race"), uikit.opening(setup, "dinghy_race")

    def long_hazard(race):
        state = race.state
        if state.step is not Step.LUCK:
            return False
        row, modifier = state.turn.hazards[0]
        return len(race.game.hazards.rows[row].label) > 20

    placing = uikit.show_at(app, flow, uikit.sailed(game, start, lambda r: r.state.step is Step.PLACE, 3))
    rows = [r.text for r in placing.view.turn.rows if isinstance(r, Text)]
    assert any(t.startswith("Tap a card") for t in rows), rows
    scene = uikit.show_at(app, flow, uikit.sailed(game, start, long_hazard, 3))
    heading = next(r for r in scene.view.turn.rows if isinstance(r, Text) and "abuse" in r.text)
    label = heading.label
    assert label.content_width <= heading.w + 1 and label.content_height <= heading.h + 1
    assert heading.x + heading.w <= scene.panel.x + scene.panel.w
    left = next(r for r in scene.view.turn.rows if isinstance(r, Text) and r.text.startswith("Lady Luck"))
    assert left.label.content_height <= left.h + 1          # its lines all in its row
    shot(app, "newcomer_hazard_1024x600.png")
    ui.tap(app, scene.view.turn.buttons["roll"])
    assert scene.race.state.step is not Step.LUCK


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)])
def test_a_grid_board_with_follow_off_still_shows_the_squares_big_enough_to_tap(make_ui_app, home, size):
    """Follow is off by default (the whole board in view), but on a person's turn the
    highlighted squares are never smaller than a finger: the view zooms in on them when
    the board fitted to the window would make them specks, and leaves the board alone
    otherwise. A tap on one square then sails."""
    app = make_ui_app(*size)
    scene = table_for(app, home, "race_the_wind")
    view = scene.view
    assert view.follow is False
    to_a_person_turn(app, scene)
    touch = scene.gui.touch
    assert view.camera.zoom >= touch - 1e-6                      # a square a finger wide
    for cell in view.targets:
        assert view.camera.contains_screen(*view.screen_of(cell))
    tap_a_square_and_sail(app, scene)
