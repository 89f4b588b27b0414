"""Exits a finger can pick: the revealed card drawn large as the printed card, with a
numbered chip per exit; a tap near an exit line, on a chip, a drag along the card or a
number key chooses; every target at least 48 px. Screenshots go to shots/."""
from __future__ import annotations

import itertools
import math
import random

import pytest

from dinghy.core.setup import Seat
from dinghy.games.dinghy_race.actions import Move
from dinghy.skippers import simple
from dinghy.ui import testing as ui
from dinghy.ui.widgets.gui import key

from test_ui_table import home, lift_curtain, make_setup, play_by_taps, shot, table, tiny  # noqa: F401


def to_move(app, scene, rng, skip=0):
    """Ann plays by taps until her step is a Move (the ``skip``-th one from now)."""
    for _ in range(300):
        app.step()
        lift_curtain(app, scene)
        action = simple.choose(scene.race, rng)
        if isinstance(action, Move):
            if skip == 0:
                return action
            skip -= 1
        play_by_taps(app, scene, action)
    raise AssertionError("no move came")


def allowed(face):
    return [i for i, g in enumerate(face.ghosts) if g.allowed]


def test_the_card_face_chips_are_touch_targets_and_choose(ui_app, table, tiny):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    rng = random.Random(3)
    to_move(ui_app, scene, rng)
    face = scene.view.turn.face
    assert face is not None and face.visible
    shot(ui_app, "card_face.png")
    t = scene.gui.touch
    for i in range(len(face.ghosts)):
        cx, cy = face.chip_center(i)
        assert face.contains(cx - t / 2 + 1, cy) and face.contains(cx + t / 2 - 1, cy)
    for i, j in itertools.combinations(range(len(face.ghosts)), 2):
        assert math.dist(face.chip_center(i), face.chip_center(j)) >= t      # 48 px apart
    numbers = sorted(face.numbers.values())
    assert numbers == list(range(1, len(allowed(face)) + 1))
    # a tap on the chip of the last allowed exit plays that exit
    i = allowed(face)[-1]
    want = face.ghosts[i].action
    n = len(scene.race.actions)
    ui.click(ui_app, *face.chip_center(i))
    assert scene.race.actions[n] == want


def test_a_tap_near_an_exit_line_a_drag_and_a_number_key_choose(ui_app, table, tiny):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    rng = random.Random(3)
    # 1. a tap a few pixels beside an exit line
    to_move(ui_app, scene, rng)
    face = scene.view.turn.face
    i = allowed(face)[0]
    a, b = (face.to_screen(p) for p in face.lines[i])
    mx, my = (a[0] + b[0]) / 2 + 3, (a[1] + b[1]) / 2 + 2
    assert face.nearest(mx, my) == i
    n = len(scene.race.actions)
    ui.click(ui_app, mx, my)
    assert scene.race.actions[n] == face.ghosts[i].action
    # 2. a drag along the card: press on one exit, slide to another, let go there
    to_move(ui_app, scene, rng)
    face = scene.view.turn.face
    ok = allowed(face)
    first, last = ok[0], ok[-1]
    ui.press(ui_app, *face.chip_center(first))
    assert face.lit == first
    x, y = face.chip_center(last)
    ui.drag(ui_app, x, y, 5, 0)
    assert face.lit == last and scene.view.chart.ghosts[last].selected   # lit on the water too
    shot(ui_app, "card_face_drag.png")
    n = len(scene.race.actions)
    ui.release(ui_app, x, y)
    assert scene.race.actions[n] == face.ghosts[last].action
    # 3. the number key of an exit
    to_move(ui_app, scene, rng)
    face = scene.view.turn.face
    one = face.number_of(1)
    n = len(scene.race.actions)
    ui.key_press(ui_app, key._1)
    assert scene.race.actions[n] == face.ghosts[one].action


def test_a_refused_exit_chip_says_why(ui_app, table, tiny):
    scene = table(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    rng = random.Random(3)
    for _ in range(12):
        to_move(ui_app, scene, rng)
        face = scene.view.turn.face
        refused = [i for i, g in enumerate(face.ghosts) if not g.allowed]
        if refused:
            n = len(scene.race.actions)
            ui.click(ui_app, *face.chip_center(refused[0]))
            assert len(scene.race.actions) == n
            assert face.ghosts[refused[0]].reason in scene.toast.message
            return
        ui.click(ui_app, *face.chip_center(allowed(face)[0]))
    pytest.skip("no refused exit met in twelve moves")


@pytest.mark.parametrize("size", [(800, 600), (1024, 600)])
def test_small_screens_keep_every_exit_target_48px(make_ui_app, home, tiny, size):
    from dinghy.ui.shell.autosave import Autosave
    from dinghy.ui.shell.flow import Flow

    app = make_ui_app(*size)
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    flow.show_setup()
    flow.start(make_setup(tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple")))
    app.step()
    scene = app.scene
    to_move(app, scene, random.Random(3))
    panel = scene.view.turn
    shot(app, f"card_face_{size[0]}x{size[1]}.png")
    if panel.face is not None:
        targets = [(panel.face.chip_center(i), scene.gui.touch) for i in range(len(panel.face.ghosts))]
        for (p, d), (q, _) in itertools.combinations(targets, 2):
            assert math.dist(p, q) >= d
    exit_buttons = [b for k, b in panel.buttons.items() if k.startswith("exit:")]
    for b in exit_buttons:
        assert b.w >= 48 and b.h >= 48 and b.label[0].isdigit() or not b.enabled
    assert panel.face is not None or exit_buttons
