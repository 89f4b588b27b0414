"""The camera never loses you (issue 21): at every person's decision of a seeded race,
in all six rulesets, at 1280 x 800, 1024 x 600 and 800 x 1280, the active boat, every
target the person may tap and the next mark (or an arrow at the board's edge pointing to
it, with its name) are on the board's part of the screen and not under a panel, the
wind rose, the turn note, a label or a button.

Two people and a bot sit at the table, and the race is played through the table's own
``act``, ``roll`` and ``run_bots`` (and the curtain lifted by a tap), so that the boats
sail the course as people would. Each race stops after its first ``DECISIONS`` person
decisions. The views answer ``on_screen()`` (window rectangles,
:mod:`dinghy.ui.shell.on_screen`).

The people's choices and the bot's were made once by the game's easy skipper (seeded)
and are kept in ``tests/records/camera_decisions.json``: the table replays them (the dice
roll as the seed says), which is what a decision looks like on screen without the
skippers' search at every one. The replay checks, action by action, that the race is the
recorded one. When a game's rules or its easy skipper change, record again:
``python tests/test_ui_camera_decisions.py --record``."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.skippers import skipper
from dinghy.ui import testing as ui
from dinghy.ui.shell.on_screen import Spot, core, hidden_by, inside
from dinghy.ui.shell.table import TableScene
from dinghy.ui.widgets.dialogs import Curtain

#: Person decisions looked at in each race.
DECISIONS = 40
RULESETS = [("dinghy_race", "standard_triangle"), ("race_the_wind", "race_the_wind"),
            ("regatta", "3m_triangle"), ("regatta_advanced", "3m_channel"),
            ("yacht_race", "yacht_race"), ("regatta_gigamic", "medium")]
SIZES = [(1280, 800), (1024, 600), (800, 1280)]
RECORD = Path(__file__).parent / "records" / "camera_decisions.json"


def easy(rules):
    try:
        return skipper("easy", rules)
    except ValueError:
        return skipper(None, rules)


def open_table(app, rules, course, seed=5):
    seats = (Seat("Ann", "Orange"), Seat("Bob", "Sky"), Seat("Cy", "Green", "easy"))
    game = games.load_game(RaceSetup(seats=seats, course=course, seed=seed), rules)
    scene = TableScene(Race(game), bot_delay=0)
    app.push(scene)
    app.step()
    return scene


def shell_covers(scene):
    """What the table draws round the board: the top bar, the turn panel, the log."""
    out = []
    for name, w in (("top bar", scene.top), ("panel", scene.panel), ("log", scene.log)):
        if w.visible and w.w > 0 and w.h > 0:
            out.append(Spot(name, (w.x, w.y, w.w, w.h), name))
    return out


def problems(scene, size):
    """What a person cannot see now, in words (empty: all is well)."""
    seen = scene.view.on_screen()
    screen = (0, 0, *size)
    covers = seen.covers + shell_covers(scene)
    out = []
    must = [s for s in [seen.boat] + seen.targets if s is not None]
    if seen.mark_name:
        if seen.mark is None and seen.arrow is None:
            out.append(f"{seen.mark_name}: off screen and no arrow points to it")
        elif seen.arrow is not None and seen.mark_name not in seen.arrow.name:
            out.append(f"the arrow says {seen.arrow.name!r}, not {seen.mark_name!r}")
        if seen.mark is not None or seen.arrow is not None:
            must.append(seen.mark or seen.arrow)
    for s in must:
        if not inside(core(s.rect), seen.water) or not inside(core(s.rect), screen):
            out.append(f"{s.what} {s.name}: off the board")
            continue
        cover = hidden_by(s, [c for c in covers if c.rect != s.rect])
        if cover is not None:
            out.append(f"{s.what} {s.name}: under the {cover.what} ({cover.name})")
    return out


class Replay:
    """A skipper that plays the recorded race's next action (a bot seat's roll too, where
    the view lets the bots roll their own dice)."""

    def __init__(self, race, actions):
        self.race, self.actions = race, actions

    def choose(self, race, rng=None):
        n = len(race.actions)
        assert n < len(self.actions), f"the record ends after {n} actions"
        return race.game.parse_action(self.actions[n])


def person_decisions(app, scene, most):
    """Play the race on to each person's decision, up to ``most`` of them, yielding its
    number (from 1): curtains lifted by a tap, the bots and chance let act. The caller
    looks, then acts (``scene.act``) before asking for the next."""
    race, n = scene.race, 0
    for _ in range(most * 60):
        modal = scene.gui.modal
        if isinstance(modal, Curtain):
            ui.tap(app, modal.button)
            continue
        if race.over or n >= most:
            return
        if not scene.human_turn:
            scene.run_bots()
            continue
        if race.chance:
            scene.roll()
            continue
        n += 1
        yield n


def drive(app, scene, rules, record=None, seed=5):
    """Play the race to its ``DECISIONS``-th person decision; every problem seen, with the
    decision's number, and how many decisions were looked at. With ``record`` (the race's
    actions as text) the people and the bot play those; without, the easy skipper chooses."""
    race, rng = scene.race, random.Random(seed)
    if record is None:
        chooser = easy(rules)
    else:
        chooser = Replay(race, record)
        scene._skipper = lambda name: chooser          # the bot seat replays too
    found, n = [], 0
    for n in person_decisions(app, scene, DECISIONS):
        found += [(n, p) for p in problems(scene, (app.window.width, app.window.height))]
        scene.act(chooser.choose(race, rng))
    if record is not None:
        played = [race.game.action_text(a) for a in race.actions]
        assert played == record[:len(played)], "the table's race is not the recorded one"
    return found, n


def recorded(rules):
    return json.loads(RECORD.read_text())[rules]["actions"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules,course", RULESETS, ids=[r for r, _ in RULESETS])
def test_every_decision_shows_the_boat_its_targets_and_the_next_mark(make_ui_app, rules, course, size):
    app = make_ui_app(*size)
    scene = open_table(app, rules, course)
    found, n = drive(app, scene, rules, recorded(rules))
    assert n >= min(DECISIONS, 10), f"only {n} person decisions came"
    decisions = len({k for k, _ in found})
    assert not found, (f"{rules} at {size[0]}x{size[1]}: {decisions} of {n} decisions hide something; "
                       f"first: {found[:6]}")


def record_races(size=SIZES[0]):
    """Sail each ruleset's race at the table with the easy skippers; write their actions."""
    import os
    os.environ.setdefault("DINGHY_HEADLESS", "1")
    from dinghy.ui.app import App, configure
    configure(headless=True)
    import pyglet.window
    pyglet.window.Window._enable_event_queue = True
    out = {}
    for rules, course in RULESETS:
        app = App(headless=True, width=size[0], height=size[1])
        scene = open_table(app, rules, course)
        drive(app, scene, rules)
        out[rules] = {"course": course, "seed": 5,
                      "actions": [scene.race.game.action_text(a) for a in scene.race.actions]}
        app.close()
    text = json.dumps(out, indent=1) + "\n"
    tmp = RECORD.with_suffix(".tmp")
    tmp.write_text(text)
    tmp.replace(RECORD)
    print(f"wrote {RECORD}: " + ", ".join(f"{r} {len(v['actions'])} actions" for r, v in out.items()))


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    record_races()
