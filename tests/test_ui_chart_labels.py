"""Boats and words you can see on the Dinghy Race chart (issue 22): at "Fit course" every
boat is drawn at least ``MIN_BOAT_PX`` long, the words on the water (boat names, the
card's name, the marks' roundings in words) lie off every boat and off one another, and the
exits' ghosts carry their chips' numbers, fanned apart where they would cover one another."""
from __future__ import annotations

import itertools
import math

import pytest
import uikit
from shapely.geometry import Polygon, box

from dinghy.core.setup import Seat
from dinghy.games.dinghy_race.state import Step
from dinghy.ui.dinghy_race.chart import MIN_BOAT_PX
from dinghy.ui import testing as ui
from dinghy.ui.dinghy_race.pins import fan_out, label_box, overlaps, place_apart

from test_ui_table import home, make_setup  # noqa: F401
from test_ui_table_layout import open_table

COLOURS = ("Orange", "Sky", "Green", "Yellow", "Purple", "Red")


def six_seats():
    return [Seat("Ann", "Orange")] + [Seat(c, c, "simple") for c in COLOURS[1:]]


def six_boats(app, home):
    return open_table(app, home, "olympic_triangle", *six_seats())


def six_boats_at(app, home, rounds, seed):
    """What :func:`play_to` shows from the table :func:`six_boats` opens, without opening
    that table first (its bots' opening moves are played without the window too:
    :func:`uikit.opening`)."""
    from dinghy import games
    from dinghy.ui.shell.autosave import Autosave
    from dinghy.ui.shell.flow import Flow

    setup = make_setup("olympic_triangle", *six_seats())
    app.flow = Flow(app, Autosave(home), bot_delay=0)
    yield from _play_to(app, games.load_game(setup, "dinghy_race"), uikit.opening(setup, "dinghy_race"), rounds, seed)


def play_to(app, scene, rounds, rng):
    """Sail on from the table's race (the person's turns by the simple skipper, the bots'
    by their own skippers, seeded: :mod:`uikit`) to the person's MOVE step of each
    round in ``rounds``; yields at each the table opened on the race as it stands there
    (as a resumed race is shown), fleet view, Fit course. The race is sailed without the
    table in between: a table refreshing at every one of hundreds of actions was most of
    these tests' time, and what they look at is the table at the stops. ``rng``: the
    person's seed (the race is then shared by the tests of the process that sail it
    from the same start), or a Random of the caller's (sailed for this call only)."""
    game = scene.race.game
    yield from _play_to(app, game, tuple(game.action_text(a) for a in scene.race.actions), rounds, rng)


def _play_to(app, game, texts, rounds, rng):
    way = uikit.way_on(game, texts, rng)
    for r in sorted(set(rounds)):
        race = way.to(lambda race: race.state.step is Step.MOVE and race.state.round >= r)
        sc = uikit.show_at(app, app.flow, race)
        assert sc.race.state.step is Step.MOVE and sc.human_turn
        view = sc.view
        if view.follow:
            view.toggle_follow()
        view.fit()
        app.step()
        yield sc


def hull_on_screen(chart, pts):
    return [chart.camera.world_to_screen(float(x), float(y)) for x, y in pts]


def visible_words(chart):
    pins = chart.course_layer.pins + chart.state_layer.pins
    return [(p.drawable.text, label_box(p.drawable)) for p in pins if p.is_label and p.drawable.visible
            and p.drawable.text.strip()]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (800, 1280)])
def test_fit_course_draws_every_boat_at_least_the_least_length(make_ui_app, home, size):
    """"Boats are specks. In the fleet view a hull is 10–15 px long": at Fit course a
    boat whose true size is under ``MIN_BOAT_PX`` (times the gui's scale) is drawn that
    long, a silhouette about its middle."""
    app = make_ui_app(*size)
    for sc in six_boats_at(app, home, [3, 9], 2):
        chart = sc.view.chart
        least = MIN_BOAT_PX * chart.scale
        true_px = sc.game.cards.hull_length * chart.camera.zoom
        assert true_px < least                 # the true hull would be a speck here
        afloat = [b.index for b in sc.race.state.boats if b.launched]
        assert sorted(chart.drawn_hulls) == afloat
        for b, pts in chart.drawn_hulls.items():
            scr = hull_on_screen(chart, pts)
            length = max(math.dist(p, q) for p, q in itertools.combinations(scr, 2))
            assert length >= least - 0.5, (b, length)
            true = Polygon(hull_on_screen(chart, chart.hull_points(sc.race.state.boats[b].pose,
                                                                    sc.race.state.boats[b].tack)))
            assert Polygon(scr).buffer(0.5).contains(true)       # grown about the true hull


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800), (800, 1280)])
def test_words_on_the_water_keep_off_the_boats_and_each_other(make_ui_app, home, size):
    """Today: "Orange" on Sky's boat, "Yellow" on mark 1, mark labels over "Finish". No
    visible word lies on a boat as drawn or on another word; the active boat's name and
    each mark's rounding, in words, are shown."""
    app = make_ui_app(*size)
    checked = 0
    for sc in six_boats_at(app, home, [2, 4, 9], 5):
        chart = sc.view.chart
        words = visible_words(chart)
        texts = [t for t, _ in words]
        assert sc.game.name(sc.race.state.active) in texts
        assert "mark 1, to port, rounds 1 and 4" in texts and "mark 2, to port, round 2" in texts
        hulls = [Polygon(hull_on_screen(chart, pts)) for pts in chart.drawn_hulls.values()]
        for text, (x, y, w, h) in words:
            rect = box(x + 0.5, y + 0.5, x + w - 0.5, y + h - 0.5)
            for hull in hulls:
                assert not rect.intersects(hull), (text, size, sc.race.state.round)
        for (ta, a), (tb, b) in itertools.combinations(words, 2):
            assert not overlaps(a, b), (ta, tb, size)
        checked += 1
    assert checked == 3


def test_exit_ghosts_carry_their_chip_numbers(make_ui_app, home):
    app = make_ui_app(1280, 800)
    sc = next(six_boats_at(app, home, [3], 5))
    sc.view.follow_active(jump=True)
    app.step()
    chart, panel = sc.view.chart, sc.view.turn
    assert panel.exit_numbers
    for i, n in panel.exit_numbers.items():
        assert chart.ghosts[i].number == n
    shown = {p.drawable.text for p in chart.ghost_layer.pins if p.is_label and p.drawable.visible}
    assert {str(n) for n in panel.exit_numbers.values()} <= shown
    rings = [chart.ghost_screen_point(i) for i in range(len(chart.ghosts))]
    for a, b in itertools.combinations(rings, 2):
        assert math.dist(a, b) >= 44 * chart.scale - 0.5       # apart enough to tap
    assert "tap a numbered chip" in " ".join(getattr(w, "text", "") for w in panel.rows
                                             if hasattr(w, "text"))
    # the log names places by the course, never by millimetres
    lines = [e.text for e in sc.log.events]
    assert any(": now " in t and ("mark" in t or "line" in t) for t in lines)
    assert not any("mm" in t or "(1" in t for t in lines if ": now " in t)


def test_fan_out_puts_close_points_apart_and_leaves_lone_ones():
    pts = [(100, 100), (104, 101), (102, 98), (300, 300)]
    shifts = fan_out(pts, 40)
    moved = [(x + dx, y + dy) for (x, y), (dx, dy) in zip(pts, shifts)]
    assert shifts[3] == (0.0, 0.0)
    for a, b in itertools.combinations(moved[:3], 2):
        assert math.dist(a, b) >= 40 - 1e-6
    assert math.dist(moved[0], pts[0]) < 40


def test_place_apart_moves_a_word_off_what_it_would_cover():
    words = [(0, 0, 40, 10), (5, 0, 40, 10)]          # two words on one spot, a boat by them
    boat = (10, -30, 20, 25)
    shifts = place_apart(words, [boat])
    placed = [(x + s[0], y + s[1], w, h) for (x, y, w, h), s in zip(words, shifts)]
    assert shifts[0] == (0.0, 0.0)
    assert not overlaps(placed[0], placed[1]) and not any(overlaps(p, boat) for p in placed)
    assert place_apart([(0, 0, 10, 10)], [(-1000, -1000, 3000, 3000)]) == [None]


def test_the_chart_is_drawn_on_its_own_area_only(make_ui_app, home):
    """"Course lines are drawn between the side panels": zoomed in, the water and the
    course reach past the chart's viewport; nothing of them shows beside it (the gap
    before the side panel), while the chart itself shows water."""
    from dinghy.ui.dinghy_race.chart import TABLE_WATER

    app = make_ui_app(1280, 800)
    sc = next(six_boats_at(app, home, [3], 5))
    view, cam = sc.view, sc.view.camera
    cam.zoom = cam.clamp(cam.zoom * 3)
    cam.cx = (view.chart.bounds[0] + view.chart.bounds[2]) / 2
    cam.cy = (view.chart.bounds[1] + view.chart.bounds[3]) / 2
    view.chart.camera_moved()
    right = int(cam.x0 + cam.width)
    side = sc.panel.x if hasattr(sc, "panel") else right + 8
    assert side - right >= 4                        # a gap between the chart and the panel
    y = int(cam.y0 + cam.height / 2)
    inside = ui.pixel(app, right - 3, y)
    assert max(abs(a - b) for a, b in zip(inside, TABLE_WATER)) <= 12, inside
    beside = ui.pixel(app, right + 2, y)
    assert max(abs(a - b) for a, b in zip(beside, TABLE_WATER)) > 12, beside
