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
``python tests/test_ui_camera_decisions.py --record``.

The card tiles are looked at on the same drives (issue 21, "cards in hand, drawn as
cards"; the 3M "Puff card" tile's words were cut with "…" at 1024 x 600): at every person
decision of the 3M Regatta (basic and advanced) and Yacht Race races, at the three sizes,
every card tile on the turn panel shows its whole words (none cut), and its name, its
words and its count each lie inside the tile, the words clear of the count's column. Each
race is played once a test process at each size (:func:`decisions_seen`) and every test
of it reads what was seen."""
from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.skippers import skipper
from dinghy.ui import testing as ui
from dinghy.ui.grid.card_tile import CardTile
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


def text_box(label):
    """The box a label's words take on the window (x, y, w, h), as pyglet lays it out."""
    return (label.left, label.bottom, label.content_width, label.content_height)


def tile_problems(tile):
    """What is wrong with a card tile's words, in words (empty: all is well)."""
    out = []
    if tile.line.text != tile.words:
        out.append(f"{tile.name}: words cut to {tile.line.text!r} (of {tile.words!r})")
    x, y, w, h = tile.x, tile.y, tile.w, tile.h
    side = tile.gui.px(52)
    for what, lab, right in (("name", tile.title, x + w - side), ("words", tile.line, x + w - side),
                             ("count", tile.figure, x + w), ("left", tile.unit, x + w)):
        if not lab.text:
            continue
        bx, by, bw, bh = text_box(lab)
        if bx < x - 0.5 or bx + bw > right + 0.5 or by < y - 0.5 or by + bh > y + h + 0.5:
            out.append(f"{tile.name}: its {what} ({lab.text!r}) runs out of the tile "
                       f"({bx:.0f},{by:.0f},{bw},{bh} in {x:.0f},{y:.0f},{w:.0f},{h:.0f})")
    return out


@dataclass
class Seen:
    """What a drive saw: the person decisions looked at, the camera's problems and the
    card tiles' problems (each with the decision's number), and the tiles shown in all."""

    decisions: int = 0
    hidden: list = field(default_factory=list)
    tiles: int = 0
    tile_problems: list = field(default_factory=list)


def drive(app, scene, rules, record=None, seed=5):
    """Play the race to its ``DECISIONS``-th person decision, looking at each (the camera,
    the card tiles: :class:`Seen`). With ``record`` (the race's actions as text) the
    people and the bot play those; without, the easy skipper chooses."""
    race, rng = scene.race, random.Random(seed)
    if record is None:
        chooser = easy(rules)
    else:
        chooser = Replay(race, record)
        scene._skipper = lambda name: chooser          # the bot seat replays too
    seen = Seen()
    for n in person_decisions(app, scene, DECISIONS):
        seen.decisions = n
        seen.hidden += [(n, p) for p in problems(scene, (app.window.width, app.window.height))]
        tiles = [w for w in scene.gui.walk() if isinstance(w, CardTile) and w.visible and w.w > 0]
        seen.tiles += len(tiles)
        seen.tile_problems += [(n, p) for t in tiles for p in tile_problems(t)]
        scene.act(chooser.choose(race, rng))
    if record is not None:
        played = [race.game.action_text(a) for a in race.actions]
        assert played == record[:len(played)], "the table's race is not the recorded one"
    return seen


def recorded(rules):
    return json.loads(RECORD.read_text())[rules]["actions"]


_SEEN: dict[tuple, Seen] = {}


def decisions_seen(make_ui_app, rules, course, size):
    """The recorded race of ``rules`` played at the table at ``size`` (a window of its
    own) to its ``DECISIONS``-th person decision, once a test process: what was seen."""
    key = (rules, course, size)
    if key not in _SEEN:
        app = make_ui_app(*size)
        _SEEN[key] = drive(app, open_table(app, rules, course), rules, recorded(rules))
    return _SEEN[key]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules,course", RULESETS, ids=[r for r, _ in RULESETS])
def test_every_decision_shows_the_boat_its_targets_and_the_next_mark(make_ui_app, rules, course, size):
    seen = decisions_seen(make_ui_app, rules, course, size)
    found, n = seen.hidden, seen.decisions
    assert n >= min(DECISIONS, 10), f"only {n} person decisions came"
    decisions = len({k for k, _ in found})
    assert not found, (f"{rules} at {size[0]}x{size[1]}: {decisions} of {n} decisions hide something; "
                       f"first: {found[:6]}")


#: The games whose hands are card tiles on the turn panel.
TILE_GAMES = [("regatta", "3m_triangle"), ("regatta_advanced", "3m_channel"), ("yacht_race", "yacht_race")]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("rules,course", TILE_GAMES, ids=[r for r, _ in TILE_GAMES])
def test_every_card_tile_shows_its_words_whole(make_ui_app, rules, course, size):
    seen = decisions_seen(make_ui_app, rules, course, size)
    n = seen.decisions
    assert n >= DECISIONS and seen.tiles >= n, (n, seen.tiles)
    assert not seen.tile_problems, seen.tile_problems[:6]


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
