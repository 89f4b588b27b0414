"""Seeing the race: by default the whole fleet and the next mark are in view (follow is
the option); on a 1024 x 600 tablet and in portrait the log folds away and the water
keeps most of the screen; nothing is clipped at 800 x 600. Screenshots go to shots/."""
from __future__ import annotations

import itertools
import random

import pytest

from dinghy.core.setup import Seat
from dinghy.games.dinghy_race.actions import Launch, Move, Place
from dinghy.games.dinghy_race.state import Step
from dinghy.skippers.dinghy_race import simple
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.widgets.buttons import Button, Toggle
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text

from test_ui_table import home, lift_curtain, make_setup, play_by_taps, shot, tiny  # noqa: F401


def open_table(app, home, course, *seats):
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    flow.start(make_setup(course, *seats))
    app.step()
    return app.scene


def in_window(scene):
    """Every visible control inside the window, and no two buttons on top of each other."""
    g = scene.gui
    boxes = []
    for w in g.walk():
        if not w.visible or not w.w:
            continue
        if isinstance(w, (Button, ChoiceSelector, Toggle)):
            x, y, bw, bh = w.rect
            assert x >= -0.5 and y >= -0.5 and x + bw <= g.width + 0.5 and y + bh <= g.height + 0.5, w
            boxes.append((w, (x, y, bw, bh)))
        elif isinstance(w, Text) and w.text:
            assert w.x >= -0.5 and w.x + min(w.w, w.label.content_width) <= g.width + 0.5, w.text
    for (wa, a), (wb, b) in itertools.combinations(boxes, 2):
        overlap = (a[0] < b[0] + b[2] - 1 and b[0] < a[0] + a[2] - 1
                   and a[1] < b[1] + b[3] - 1 and b[1] < a[1] + a[3] - 1)
        assert not overlap, (wa, getattr(wa, "label", ""), wb, getattr(wb, "label", ""))


def water_share(scene):
    cam = scene.view.camera
    return cam.width * cam.height / (scene.gui.width * scene.gui.height)


@pytest.mark.parametrize("size,share", [((1024, 600), 0.6), ((768, 1024), 0.5),
                                        ((800, 600), 0.5), ((1280, 800), 0.55)])
def test_panels_fold_and_nothing_is_clipped(make_ui_app, home, tiny, size, share):
    app = make_ui_app(*size)
    scene = open_table(app, home, tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple"))
    rng = random.Random(3)
    seen = set()
    for _ in range(60):
        app.step()
        lift_curtain(app, scene)
        action = simple.choose(scene.race, rng)
        kind = type(action).__name__
        in_window(scene)
        assert water_share(scene) >= share, water_share(scene)
        if kind not in seen and kind in ("Launch", "Begin", "Move", "Place"):
            seen.add(kind)
            shot(app, f"table_{size[0]}x{size[1]}_{kind.lower()}.png")
        play_by_taps(app, scene, action)
        if {"Launch", "Begin", "Move", "Place"} <= seen:
            break
    assert {"Launch", "Move", "Place"} <= seen
    if scene.folded:                      # the folded log opens from its button
        assert not scene.log.visible and scene.log_button.visible
        ui.tap(app, scene.log_button)
        assert scene.log.visible and scene.log.h > 100
        in_window(scene)
        shot(app, f"table_{size[0]}x{size[1]}_log_open.png")
        ui.tap(app, scene.log_button)
        assert not scene.log.visible
    else:
        assert scene.log.visible and not scene.log_button.visible


def test_by_default_the_fleet_and_the_next_mark_stay_in_view(ui_app, home, tiny):
    scene = open_table(ui_app, home, tiny, Seat("Ann", "Orange"), Seat("Bot", "Sky", "simple"),
                       Seat("Cy", "Green", "simple"))
    view = scene.view
    assert not view.follow
    ui.tap(ui_app, view.follow_button)      # follow mode is the option, and back
    assert view.follow
    ui.tap(ui_app, view.follow_button)
    assert not view.follow
    rng = random.Random(5)
    checked = 0
    for _ in range(80):
        ui_app.step()
        lift_curtain(ui_app, scene)
        if scene.race.over:
            break
        b = view.fleet_bounds()
        if view.ghost_focus:      # a person's move with the ghosts specks: shown closer, all in view
            assert scene.race.state.step in (Step.MOVE, Step.PIVOT, Step.PLACE, Step.WEATHER_EYE) \
                and scene.human_turn
            for i in range(len(view.chart.ghosts)):
                assert view.camera.contains_screen(*view.chart.ghost_screen_point(i))
            if scene.race.state.step is Step.PLACE:     # laying a card: the boat and its cards
                x0, y0, x1, y1 = view.place_bounds()
                for corner in ((x0, y0), (x1, y1)):
                    assert view.camera.contains_screen(*view.camera.world_to_screen(*corner))
            if scene.race.state.step is Step.WEATHER_EYE:   # the boat and where the card may lie
                boat = scene.race.state.boat()
                assert view.camera.contains_screen(*view.camera.world_to_screen(*boat.pose.xy))
        elif b is not None and scene.race.state.step is not Step.LAUNCH:
            x0, y0, x1, y1 = view.camera.visible_bounds()
            assert x0 <= b[0] + 1e-6 and y0 <= b[1] + 1e-6 and b[2] <= x1 + 1e-6 and b[3] <= y1 + 1e-6
            checked += 1
        play_by_taps(ui_app, scene, simple.choose(scene.race, rng))
        if checked == 12:
            shot(ui_app, "table_fleet_in_view.png")
    assert checked > 10
