"""The coach's hints drawn on the Dinghy Race chart (``dinghy.ui.dinghy_race.coach_view``),
headless: each hint is a ghost carrying its action, on screen, found by a tap."""
from __future__ import annotations

import random

from dinghy import games
from dinghy.core.interface import CHANCE
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.games.dinghy_race.actions import Move, Place
from dinghy.games.dinghy_race.state import Step
from dinghy.skippers.dinghy_race import hard
from dinghy.skippers.dinghy_race.coach import hints
from dinghy.ui.dinghy_race.coach_view import hint_label, show_hints
from dinghy.ui.shell.table import TableScene


def race_at_human(step: Step, after_round: int = 6) -> Race:
    """A race on the up-and-down course where the human seat (0) must act at ``step``."""
    seats = (Seat("Orange", "Orange", None), Seat("Blue", "Blue", "hard"))
    race = Race(games.load_game(RaceSetup(seats=seats, course="up_and_down", seed=4)))
    rng = random.Random(4)
    while not race.over:
        p = race.current_player()
        if p == CHANCE:
            race.roll()
            continue
        if p == 0 and race.state.step is step and race.state.round >= after_round:
            return race
        race.push(hard.choose(race, rng))
    raise AssertionError("the race ended first")


def test_the_hints_are_ghosts_on_the_chart_that_a_tap_finds(ui_app):
    for step, kind in ((Step.MOVE, Move), (Step.PLACE, Place)):
        race = race_at_human(step)
        scene = ui_app.push(TableScene(race, bot_delay=0))
        ui_app.step()
        hs = hints(race)
        assert 1 <= len(hs) <= 3 and all(isinstance(h.action, kind) for h in hs)
        ghosts = show_hints(scene.view, hs)
        chart = scene.view.chart
        assert [g.action for g in chart.ghosts] == [h.action for h in hs]
        assert ghosts[0].selected and not any(g.selected for g in ghosts[1:])
        for i, (g, h) in enumerate(zip(ghosts, hs)):
            assert g.allowed and race.why_not(g.action) is None
            assert g.label == hint_label(i + 1, h)
            x, y = chart.ghost_screen_point(i)
            assert scene.view.camera.contains_screen(x, y)
        # the best one, where it stands apart from the others, is the one a tap finds
        x, y = chart.ghost_screen_point(0)
        hit = chart.ghost_at(x, y, scene.gui.touch)
        assert hit is not None and chart.ghosts[hit].action in [h.action for h in hs]
        ui_app.pop()


def test_the_hint_button_shows_the_coach_on_a_person_s_turn_only(ui_app):
    """Issue: 'In the window, a "Hint" button: the hard skipper's top three choices for
    this step ... drawn as ghosts on the chart.' The button is there on a person's turn,
    tapping it draws the coach's ghosts, and a tap on the best ghost plays its action."""
    from dinghy.ui import testing as ui

    race = race_at_human(Step.MOVE)
    scene = ui_app.push(TableScene(race, bot_delay=0))
    ui_app.step()
    view = scene.view
    assert view.hint_button.visible and view.hint_button.w >= 48 * scene.gui.scale - 0.5
    ui.tap(ui_app, view.hint_button)
    assert 1 <= len(view.hints) <= 3
    assert [g.action for g in view.chart.ghosts] == [h.action for h in view.hints]
    best = view.hints[0].action
    ui_app.step()
    before = len(race.actions)
    ui.click(ui_app, *view.chart.ghost_screen_point(0))
    ui_app.step()
    assert len(race.actions) > before and race.actions[before] == best
    ui_app.pop()


def test_lady_luck_hints_share_the_boat_with_one_mark_and_say_the_cards(ui_app):
    """Rule text: "Before any hazard die roll you may commit as many of your "Lady Luck"
    cards as you like". The coach's Lady Luck choices have no place of their own: they
    were drawn on the boat with their three rank marks one over the other, unreadable,
    and named "luck 0". Now the boat carries one mark, and each choice's words, all on
    the chart, say the cards in a player's words."""
    race = race_at_human(Step.LUCK)
    scene = ui_app.push(TableScene(race, bot_delay=0))
    ui_app.step()
    hs = hints(race)
    assert len(hs) >= 2
    show_hints(scene.view, hs)
    chart = scene.view.chart
    marks = [p for p in chart.ghost_layer.pins if p.is_label and p.rank is None]
    words = [p.drawable for p in chart.ghost_layer.pins if p.is_label and p.rank is not None]
    assert [m.drawable.text for m in marks] == ["1."]
    assert all(w.visible for w in words)
    assert words[0].text.startswith("1. ") and "Lady Luck" in words[0].text
    assert not any("luck 0" in w.text for w in words)
    ui_app.pop()


def test_hint_ghosts_a_finger_cannot_tell_apart_are_shown_closer(ui_app):
    """Issue: the coach's choices "drawn as ghosts on the chart", a tap on one playing
    it. Two cards laid for the same beat (the close-hauled card with and without the
    trapeze) take the boat to places a few millimetres apart: at the readable scale
    their ghosts lay under one finger. After "Hint" the chart closes in until every two
    ghosts at different spots are three quarters of a touch apart (or every ghost and
    the boat just fit, a card no longer than the chart), all of them on the chart; a
    tap on each plays its own choice."""
    import math

    from dinghy.ui import testing as ui

    race = race_at_human(Step.PLACE, after_round=8)
    scene = ui_app.push(TableScene(race, bot_delay=0))
    ui_app.step()
    view, g = scene.view, scene.gui
    ui.tap(ui_app, view.hint_button)
    ui_app.step()
    chart, cam = view.chart, view.camera
    pts = [chart.ghost_screen_point(i) for i in range(len(chart.ghosts))]
    assert len(pts) == 3
    for p in pts:
        assert cam.contains_screen(*p) and g.widget_at(*p) is None, p
    L = race.game.cards.card_length
    capped = cam.zoom * L >= min(cam.width, cam.height) - 1
    assert capped or min(math.dist(a, b) for i, a in enumerate(pts) for b in pts[i + 1:]) >= 0.75 * g.touch
    for i, p in enumerate(pts):
        assert chart.ghost_at(*p, g.touch) == i
    ui_app.pop()
