"""Nothing of the course shows behind the Dinghy Race table's camera buttons (issue 22:
"course lines are drawn ... behind the camera buttons"), and nothing a person needs is
framed under them. The buttons' row (zoom in, zoom out, Fit course, Follow, Hint) sits
on an opaque band, so no line, mark or boat shows between the buttons at any zoom (the
pixels there are the table's deep background, never the chart's water); the camera
frames the fleet and the next mark in the sight rectangle, the water above that band;
"Fit course" shows every mark clear of it. Checked at seeded positions of a race, after
"Fit course" and zoomed in, at 1024 x 600 and 800 x 1280."""
from __future__ import annotations

import random

import pytest

from dinghy.ui import testing as ui
from dinghy.ui.dinghy_race.chart import TABLE_WATER
from dinghy.ui import theme

from test_ui_camera_decisions import easy, open_table, person_decisions


def sail_to(app, scene, decisions, seed):
    """The race played (people by the easy skipper) to a person's ``decisions``-th decision."""
    race, rng, chooser, n = scene.race, random.Random(seed), easy("dinghy_race"), 0
    for n in person_decisions(app, scene, decisions):
        if n >= decisions:
            break
        scene.act(chooser.choose(race, rng))
    app.step()
    assert n >= decisions


def camera_buttons(view):
    return [b for b in (view.zoom_in, view.zoom_out, view.fit_button, view.follow_button, view.hint_button)
            if b.visible and b.w > 0]


def under(rect, sx, sy):
    return rect[0] <= sx <= rect[0] + rect[2] and rect[1] <= sy <= rect[1] + rect[3]


def check_band(app, view, when):
    """The band under every camera button, opaque: the table's deep colour between them."""
    band = view.camera_band
    b_rect = (band.x, band.y, band.w, band.h)
    buttons = camera_buttons(view)
    assert len(buttons) >= 3, when
    for b in buttons:
        assert under(b_rect, b.x, b.y) and under(b_rect, b.x + b.w, b.y + b.h), (when, b.label)
    row = sorted(buttons, key=lambda b: b.x)
    gaps = [(int(a.x + a.w + (b.x - a.x - a.w) / 2), int(a.y + a.h / 2)) for a, b in zip(row, row[1:])]
    gaps.append((int(row[0].x + row[0].w / 2), int(band.y + 2)))        # below the buttons
    for x, y in gaps:
        seen = ui.pixel(app, x, y)
        assert max(abs(a - b) for a, b in zip(seen, theme.WATER_DEEP)) <= 8, (when, x, y, seen)
        assert max(abs(a - b) for a, b in zip(seen, TABLE_WATER)) > 20, (when, x, y, seen)
    return b_rect


def check_framed(view, when, marks):
    """The fleet and the next mark (all ``marks`` when True) in the sight rectangle,
    none of them under the band."""
    cam, band = view.camera, view.camera_band
    b_rect = (band.x, band.y, band.w, band.h)
    sx0, sy0, sx1, sy1 = view.sight_bounds()
    fleet = view.fleet_bounds()
    if fleet is not None:
        assert sx0 - 1 <= fleet[0] and sy0 - 1 <= fleet[1] and fleet[2] <= sx1 + 1 and fleet[3] <= sy1 + 1, when
    points = [m.xy for m in view.game.course.marks] if marks else []
    nxt = view.next_mark()
    if nxt is not None:
        points.append(nxt[1])
    for at in points:
        sx, sy = cam.world_to_screen(*at)
        assert cam.contains_screen(sx, sy) and not under(b_rect, sx, sy), (when, at)


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("seed,decisions", [(5, 8), (11, 20)])
def test_the_course_is_never_under_the_camera_buttons(make_ui_app, size, seed, decisions):
    app = make_ui_app(*size)
    scene = open_table(app, "dinghy_race", "standard_triangle", seed)
    sail_to(app, scene, decisions, seed)
    view = scene.view
    view.keep_fleet_in_view()                # (a person's turn: the camera as the table frames it)
    app.step()
    check_band(app, view, "as the table frames it")
    check_framed(view, "as the table frames it", marks=False)
    ui.tap(app, view.fit_button)
    app.step()
    check_band(app, view, "Fit course")
    check_framed(view, "Fit course", marks=True)
    for _ in range(3):                      # zoomed in: the course's water fills the chart
        ui.tap(app, view.zoom_in)
    app.step()
    cam = view.camera
    sx, sy = view.zoom_in.center
    assert view.chart.bounds[1] < cam.screen_to_world(sx, sy)[1] < view.chart.bounds[3]  # water there
    check_band(app, view, "zoomed in")
