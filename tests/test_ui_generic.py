"""Any registered game is playable at the table before it has a board view of its own:
the generic view lists the legal actions as buttons, says why an action is refused,
shows the log and the places. The toy game (tests/toy_game.py) is registered for the test."""
from __future__ import annotations

import pytest

from dinghy import games
from dinghy.core.setup import RaceSetup, Seat
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.generic import GenericView
from dinghy.ui.shell.results import ResultsScene
from dinghy.ui.shell.table import TableScene
from dinghy.ui.widgets.gui import key
from dinghy.ui.shell.views import view_class

from test_ui_table import shot
from toy_game import Pinboat


@pytest.fixture
def toy(monkeypatch):
    """Pinboat registered for this test only."""
    monkeypatch.setattr(games, "GAMES", dict(games.GAMES))
    games.register("pinboat", "Pinboat", Pinboat, lambda: ["straight_line", "long_line"])
    return "pinboat"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_a_game_without_a_view_gets_the_generic_one(toy):
    assert view_class(toy) is GenericView
    assert view_class("dinghy_race") is not GenericView


def test_setup_offers_the_game_and_its_boards_then_it_plays_to_the_end(ui_app, toy, home):
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    ui_app.flow = flow
    screen = flow.show_setup(RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")),
                                       seed=3))
    ui_app.step()
    titles = [t for _, t in screen.games]
    assert titles[0] == "Dinghy Race" and "Pinboat" in titles
    while screen.rules != toy:
        ui.click(ui_app, *screen.game_choice.next_point)
    assert screen.form.courses == ["straight_line", "long_line"] and screen.form.course == "straight_line"
    labels = [label.text for label, _ in screen.options]
    assert labels == ["Game", "Board", "Length", "Series", "Scoring", "Drop worst",
                      "Guided first round", "Animations", "Sound", "Follow boat"]   # Dinghy Race's options hide
    assert not screen.wind.visible
    shot(ui_app, "generic_setup.png")
    ui.tap(ui_app, screen.start_button)
    ui_app.step()
    scene = ui_app.scene
    assert isinstance(scene, TableScene) and isinstance(scene.view, GenericView)
    race = scene.race
    assert race.rules_name == toy and race.game.setup.course == "straight_line"
    assert 0 not in race.state.cards            # chance dealt the cards by itself
    # the human's choices are the engine's legal actions, by their text
    view = scene.view
    assert scene.human_turn
    assert set(view.buttons) >= {"beat 1", "reach 0"}
    assert "Ann" in view.seen.text and "my_card" in view.seen.text
    shot(ui_app, "generic_table.png")
    # no field to type in the people's panel: it is a console behind the ` key
    assert "play_typed" not in view.buttons
    ui.key_press(ui_app, key.GRAVE)
    assert "play_typed" in view.buttons
    # a typed action the engine refuses shows its reason, and plays nothing
    n = len(race.actions)
    ui.tap(ui_app, view.field)
    ui.type_text(ui_app, "roll 3")
    ui.tap(ui_app, view.buttons["play_typed"])
    assert len(race.actions) == n
    assert race.why_not(race.game.parse_action("roll 3")) in scene.toast.message
    # play by taps to the end: reach, then roll the die ourselves
    for _ in range(200):
        ui_app.step()
        if race.over:
            break
        if "roll" in view.buttons:
            ui.tap(ui_app, view.buttons["roll"])
        else:
            ui.tap(ui_app, view.buttons["reach 0"])
    ui_app.step()
    assert race.over
    assert any(e.text.startswith("rolls") for e in race.events)
    assert scene.log.shown_texts
    results = ui_app.scene
    assert isinstance(results, ResultsScene)
    places = race.places()
    assert sorted(r[1] for r in results.rows()) == ["Ann", "Bot"]
    assert results.rows()[0][1] == race.game.setup.seats[places.index(1)].name
    assert "Pinboat" in results.sub.text
    shot(ui_app, "generic_results.png")
    # the record replays in the replay viewer, without a board of its own
    ui.tap(ui_app, results.replay_button)
    replay = ui_app.scene
    assert replay.board is None
    replay.last()
    assert "Places" in replay.places.text and "1st" in replay.places.text


def test_a_seat_chip_says_who_sails_it():
    """The seats bar tells a person from a bot, and a bot's level from the default bot."""
    from dinghy.ui.shell.board_view import skipper_word

    assert skipper_word(Seat("Ann", "Orange")) == ""
    assert skipper_word(Seat("Ben", "Sky", "medium")) == "medium bot"
    assert skipper_word(Seat("Cy", "Green", "navigator")) == "bot"


from hypothesis import given, strategies as st  # noqa: E402

from dinghy.ui.shell.action_list import sheet, short_label  # noqa: E402


@given(st.lists(st.integers(1, 30), min_size=1, max_size=6), st.integers(2, 12))
def test_every_action_of_a_long_list_is_on_some_page_of_its_open_group(sizes, room):
    """The panel's list never takes more rows than it has (the pager included), and
    with a group open every action of it is on one of its pages."""
    groups = [(f"g{k}", [(k, i) for i in range(n)]) for k, n in enumerate(sizes)]
    everything = [a for _, acts in groups for a in acts]
    for name, acts in groups:
        first = sheet(groups, name, 0, room)
        seen = []
        for page in range(first.pages):
            sh = sheet(groups, name, page, room)
            assert sh.page == page and len(sh.entries) + (sh.pages > 1) <= room
            seen += [e.action for e in sh.entries if e.action is not None]
        wanted = everything if first.flat else acts
        assert sorted(set(seen)) == sorted(wanted) and len(seen) == len(wanted)
        if not first.flat and len(groups) + 2 <= room:     # the headers stay on every page
            assert sum(e.action is None for e in sh.entries) == len(groups)


def test_an_open_group_does_not_repeat_its_name():
    assert short_label("Sail: Fork, arrow 1", "Sail") == "Fork, arrow 1"
    assert short_label("Heave to: turn 45° to port", "Heave to: turn") == "Turn 45° to port"
    assert short_label("beat 1", "beat") == "beat 1"


class Manyboat(Pinboat):
    """Pinboat with twenty more choices of one kind ("wait 1" … "wait 20": the toy
    moves by its card for each), more than a 600-pixel panel holds."""

    rules_name = "manyboat"

    def legal_actions(self, s):
        acts = super().legal_actions(s)
        if acts and acts[0].verb == "beat":
            acts = acts + [type(acts[0])("wait", k) for k in range(1, 21)]
        return acts


def test_a_long_list_is_grouped_by_first_word_and_every_action_is_a_tap_away(make_ui_app, home, monkeypatch):
    from dinghy.core.race import Race

    monkeypatch.setattr(games, "GAMES", dict(games.GAMES))
    games.register("manyboat", "Manyboat", Manyboat, lambda: ["straight_line"])
    app = make_ui_app(800, 600)
    race = Race(Manyboat(RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")),
                                   course="straight_line", seed=3)))
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    scene = flow.show_table(race)
    for _ in range(20):
        app.step()
        if scene.human_turn and not race.chance:
            break
        if "roll" in scene.view.buttons:
            ui.tap(app, scene.view.buttons["roll"])
    view = scene.view
    legal = race.legal_actions()
    assert len(legal) == 22 and set(view.group_buttons) == {"beat", "reach", "wait"}
    assert "play_typed" not in view.buttons       # typing is a console behind a key, not in the panel
    played = []
    view.act = lambda a, refresh=True: played.append(a) or False
    for a in legal:
        text = a.text()
        if text not in view.buttons:
            if view.open_group != text.split()[0]:
                ui.tap(app, view.group_buttons[text.split()[0]])
            for _ in range(view.pages):
                if text in view.buttons:
                    break
                ui.tap(app, view.buttons["page_more"])
        b = view.buttons[text]
        assert b.w >= 48 and b.h >= 48 and b.y >= scene.panel.y and b.y + b.h <= 600
        ui.tap(app, b)
        assert played[-1] == a
    # the keys 1 … 9 play the actions shown, in their order
    from dinghy.ui.widgets.gui import key

    ui.key_press(app, key._1)
    assert played[-1] == view.keyed[0]
    shot(app, "generic_grouped_800x600.png")
    del view.act                                      # a real tap: the race takes it
    n, first = len(race.actions), view.keyed[0]
    ui.tap(app, view.buttons[first.text()])
    assert race.actions[n] == first
