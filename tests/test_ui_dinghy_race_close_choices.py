"""What a newcomer tripped over at a Dinghy Race table, walked at 800 x 1280 (and the two
other sizes): exits drawn close together on the water ("2, 3 and 4" overlapping) were
hard to tap apart, and the start line's buoys and its name were cut at the chart's top
edge under the top bar. Now each ghost's ring (its tap handle) has a touch target's
width of its own, and a close-up leaves no course line across the chart's top edge.
Each test builds the table on the race
sailed to the step without the window (test_ui_table.sail_on)."""
from __future__ import annotations

import math

import pytest

from dinghy.games.dinghy_race.state import Step
from dinghy.ui import testing as ui

from test_ui_newcomer import home, shot, table_for  # noqa: F401  (the fixture)
from test_ui_table_views import sail_to

SIZES = [(800, 1280), (1024, 600), (1280, 800)]


@pytest.mark.parametrize("step", [Step.MOVE, Step.PIVOT], ids=["exits", "pivots"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_each_ghost_on_the_water_has_a_touch_target_of_its_own(make_ui_app, home, size, step):
    app = make_ui_app(*size)
    scene = sail_to(table_for(app, home, "dinghy_race"), step)
    view, g = scene.view, scene.gui
    chart = view.chart
    assert len(chart.ghosts) >= 2
    for _ in range(2):                      # zoomed out: the ghosts lie a few pixels apart
        ui.tap(app, view.zoom_out)
    app.step()
    pts = [chart.ghost_screen_point(i) for i in range(len(chart.ghosts))]
    shot(app, f"dinghy_race_close_{step.name.lower()}_{size[0]}x{size[1]}.png")
    for i, a in enumerate(pts):
        for j, b in enumerate(pts[i + 1:], i + 1):
            assert math.dist(a, b) >= g.touch - 0.5, (chart.ghosts[i].label, chart.ghosts[j].label, a, b)
    for i, p in enumerate(pts):             # a tap on each ring is that ghost, and no other
        assert chart.ghost_at(*p, g.touch) == i, chart.ghosts[i].label


def across_top_edge(view):
    """The course lines' buoys and names (in the chart's width) cut by its top edge."""
    cam, g = view.camera, view.gui
    top, course = cam.y0 + cam.height, view.game.course
    return [(x, y, h) for line in (course.start, course.finish) for x, y, h in view.line_spots(line)
            if cam.x0 <= x <= cam.x0 + cam.width and y - h < top < y + h]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_close_up_never_leaves_the_start_line_cut_by_the_charts_top_edge(make_ui_app, home, size):
    """A close-up of the boat (laying a card) that put the start line on the chart's top
    edge, its name and a buoy half under the top bar: the view moves the least that
    shows the line whole, the framed water still in view over the camera buttons."""
    app = make_ui_app(*size)
    scene = sail_to(table_for(app, home, "dinghy_race"), Step.PLACE)
    view, g = scene.view, scene.gui
    cam = view.camera
    line = scene.game.course.start
    mx, my = line.midpoint
    cam.cx = mx                                 # the line just over the top edge, its name cut
    cam.cy = my - (cam.height / 2 + g.px(6)) / cam.zoom
    assert across_top_edge(view)
    sx, sy = cam.x0 + cam.width / 2, cam.y0 + cam.height / 2
    keep = (*cam.screen_to_world(sx - 60, sy - 60), *cam.screen_to_world(sx + 60, sy + 60))
    view.clear_lines_of_top_edge(keep)
    view.chart.camera_moved()
    app.step()
    shot(app, f"dinghy_race_line_off_the_edge_{size[0]}x{size[1]}.png")
    assert not across_top_edge(view)
    seen = [(x, y, h) for x, y, h in view.line_spots(line) if cam.x0 <= x <= cam.x0 + cam.width]
    assert seen and all(y + h <= cam.y0 + cam.height for _, y, h in seen), seen   # moved into view, whole
    (_, ky0), (_, ky1) = cam.world_to_screen(*keep[:2]), cam.world_to_screen(*keep[2:])
    band = view.camera_band
    assert band.y + band.h <= ky0 and ky1 <= cam.y0 + cam.height


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_laying_a_card_frames_no_course_line_across_the_top_edge(make_ui_app, home, size):
    app = make_ui_app(*size)
    scene = sail_to(table_for(app, home, "dinghy_race"), Step.PLACE, rounds=2)
    view = scene.view
    view.focus_place()
    assert not across_top_edge(view)
