"""A kit for the tests that sail a whole race at the table by taps alone (issue 21):
open a table with two people through the Flow (curtains, autosave, results), lift the
curtain, roll, open a group of the turn panel and page to a button, tap a grid square
(or its chooser's line), check that nothing asks for typing, and check the results.

Every tap goes through the window's own dispatch (:mod:`dinghy.ui.testing`), at the
middle of the widget or the square; a target that is not on the screen when the person
must act fails the test (the table should have shown it)."""
from __future__ import annotations

import functools
import random
from pathlib import Path
from typing import Any

import pytest
import shots

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import play_bots
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.on_screen import Spot, core, hidden_by, inside
from dinghy.ui.shell.results import ResultsScene
from dinghy.ui.widgets.text import TextField



@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh $DINGHY_HOME for the race's autosave (import it into a test module)."""
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def shot(app: Any, folder: str, name: str) -> Path | None:
    """A screenshot of the window under <folder>/ of the shots a person asked for
    (``tests/shots.py``: ``$DINGHY_SHOTS``)."""
    return shots.shot(app, name, folder)


def two_people(rules: str, course: str, seed: int) -> Race:
    """A race between two people, Ann and Bob, no bots."""
    setup = RaceSetup(seats=TWO_PEOPLE, course=course, seed=seed)
    return Race(games.load_game(setup, rules))


TWO_PEOPLE = (Seat("Ann", "Orange"), Seat("Bob", "Sky"))


def sailed_by_bots(rules: str, course: str, seed: int, seats: tuple[Seat, ...] = TWO_PEOPLE,
                   most: int = 20000) -> Race:
    """A race the seats' skippers (the game's default for a person) sailed to its end, or
    ``most`` actions, with ``play_bots`` and ``random.Random(seed)``: sailed once a test
    process, and each caller gets a Race of its own replayed from the actions."""
    return Race.replay(games.load_game(RaceSetup(seats=seats, course=course, seed=seed), rules),
                       list(_bots_actions(rules, course, seed, seats, most)))


@functools.cache
def _bots_actions(rules: str, course: str, seed: int, seats: tuple[Seat, ...], most: int) -> tuple[str, ...]:
    race = Race(games.load_game(RaceSetup(seats=seats, course=course, seed=seed), rules))
    play_bots(race, random.Random(seed), max_actions=most)
    return tuple(race.game.action_text(a) for a in race.actions)


def open_table(app: Any, home: Path, race: Race) -> Any:
    """The race at the table, shown through the Flow as a person starts one (the results
    follow the last action)."""
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    return flow.show_table(race)


def lift_curtain(app: Any, scene: Any) -> None:
    """The next person taps "I am …: show my turn" (no frame drawn: the next tap's
    place is read from the layout, which the lift has made)."""
    ui.tap(app, scene.curtain.button)
    assert scene.curtain is None


def tap_roll(app: Any, view: Any, race: Race) -> str:
    """The person taps the roll button (chance is due); its label."""
    roll = view.buttons["roll"]
    n = len(race.actions)
    ui.tap(app, roll)
    assert len(race.actions) > n, f"tapping {roll.label!r} rolled nothing"
    return roll.label


def open_group(app: Any, view: Any, group: str) -> None:
    if view.open_group != group:
        ui.tap(app, view.group_buttons[group])
    assert view.open_group == group


def tap_button(app: Any, view: Any, text: str, group: str | None) -> Any:
    """The action's button (``text``: the action's text): its group opened and paged to,
    then tapped; the button."""
    if text not in view.buttons and group is not None:
        open_group(app, view, group)
    for _ in range(view.pages):
        if text in view.buttons:
            break
        ui.tap(app, view.buttons["page_more"])
    assert text in view.buttons, f"no button for {text!r}; the panel has {sorted(view.buttons)}"
    button = view.buttons[text]
    assert button.visible and button.w >= 40 and button.h >= 40, (text, button.w, button.h)
    ui.tap(app, button)
    return button


def no_typing(view: Any) -> None:
    """Nothing in the turn panel asks a person to type."""
    assert not any(isinstance(w, TextField) for w in view.widgets)
    assert "play_typed" not in view.buttons


def shell_covers(scene: Any) -> list[Spot]:
    """What the table draws round the board: the top bar, the turn panel, the log."""
    return [Spot(name, (w.x, w.y, w.w, w.h), name)
            for name, w in (("top bar", scene.top), ("panel", scene.panel), ("log", scene.log))
            if w.visible and w.w > 0 and w.h > 0]


def tap_square(app: Any, scene: Any, cell: tuple[int, int], label: str | None = None) -> bool:
    """Tap a grid square where it is on the screen; if it holds several actions, the
    chooser's line for ``label`` (then True). Fails if the square is off the board's
    screen or under something drawn over it."""
    view = scene.view
    rect = view.cell_rect(*cell)
    seen = view.on_screen()
    assert inside(core(rect), seen.water), f"square {cell} is off the board's screen {seen.water}: {rect}"
    W, H = app.window.width, app.window.height
    assert inside(core(rect), (0, 0, W, H)), f"square {cell} is off the window: {rect}"
    cover = hidden_by(Spot("target", rect), seen.covers + shell_covers(scene))
    assert cover is None, f"square {cell} lies under the {cover.what} ({cover.name})"
    x, y = view.screen_of(cell)
    assert scene.gui.widget_at(x, y) is None, f"square {cell}: a tap there lands on {scene.gui.widget_at(x, y)}"
    ui.click(app, x, y)
    chooser = view.chooser
    if chooser is not None and chooser in scene.gui.modals:
        assert label is not None, f"square {cell} opened a chooser"
        line = next((b for b in chooser.buttons if b.label.split(". ", 1)[-1] == label), None)
        assert line is not None, (label, [b.label for b in chooser.buttons])
        ui.tap(app, line)
        return True
    return False


def check_results(app: Any, race: Race) -> ResultsScene:
    """After the last action: the results with the places (the winner first, each boat
    in its colour), the length in rounds, no path, the export button."""
    for _ in range(5):
        app.step()
    res = app.scene
    assert isinstance(res, ResultsScene)
    places, seats = race.places(), race.game.setup.seats
    assert 1 in places, places
    assert res.lines[0][0].text == "1st" and res.lines[0][2].text == seats[places.index(1)].name
    for place, chip, name, note in res.lines:
        seat = next(s for s in seats if s.name == name.text)
        assert tuple(chip.color[:3]) == PALETTE[seat.colour]
    # the length in the game's own word for a round, as its board counts them ("Turn 5"
    # in Race the Wind, "Round 5" in the 3M Regatta)
    rounds, word = race.game.rounds(race.state), race.game.round_word
    assert f"{rounds} {word}s" in res.sub.text and "actions" not in res.sub.text
    assert "/" not in res.saved_text.text and ".json" not in res.saved_text.text
    assert res.export_button.visible
    return res
