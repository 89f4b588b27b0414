"""One pointer to the next mark on the Dinghy Race chart (issue 21, "the next mark (or an
arrow at the board's edge pointing to it, with its name)"): when the active boat's next
mark is off screen, the table draws exactly one pointer to it, the shared edge arrow that
every board uses, naming the mark in words; back in view, none."""
from __future__ import annotations

import gc
import math
import random
import re

import pyglet

from test_ui_chart_labels import play_to, six_boats
from test_ui_table import home  # noqa: F401

#: what a pointer's words look like: the name of something to sail for, alone
POINTER_WORDS = re.compile(r"^(next: )?(mark \w+|gate \S+|the start line|the finish line)(, to \w+)?$")


def pointers(scene):
    """Words drawn over the chart's water that name something to sail for, on their own
    (an arrow's label): (text, x, y) of each visible one."""
    cam = scene.view.camera
    batch = scene.gui.batch
    out = []
    for o in gc.get_objects():
        if not isinstance(o, pyglet.text.Label) or o.batch is not batch or not o.visible:
            continue
        if POINTER_WORDS.match(o.text) and cam.contains_screen(o.x, o.y):
            out.append((o.text, o.x, o.y))
    return out


def test_an_off_screen_next_mark_has_one_pointer_naming_it(make_ui_app, home):
    app = make_ui_app(1280, 800)
    scene = six_boats(app, home)
    sc = next(play_to(app, scene, [8], random.Random(5)))
    view, chart, cam = sc.view, sc.view.chart, sc.view.camera
    name, (wx, wy), _ = view.next_mark()
    # zoomed in on the far corner of the course: the next mark is off the chart
    far = (chart.bounds[0], chart.bounds[3]) if wx > (chart.bounds[0] + chart.bounds[2]) / 2 \
        else (chart.bounds[2], chart.bounds[3])
    cam.zoom = cam.clamp(cam.zoom * 6)
    cam.cx, cam.cy = far
    chart.camera_moved()
    app.step()
    sx, sy = cam.world_to_screen(wx, wy)
    assert not cam.contains_screen(sx, sy)
    shown = pointers(sc)
    assert len(shown) == 1, shown
    assert shown[0][0] == f"next: {name}"
    arrow = view.mark_arrow
    assert arrow.visible and arrow.label == f"next: {name}"
    # its pointer turns from the arrow towards the mark
    cx, cy = arrow.center
    to_mark = math.atan2(sy - cy, sx - cx)
    assert abs((to_mark - arrow.angle + math.pi) % (2 * math.pi) - math.pi) < 0.05
    view.fit()                        # back in view: no pointer at all
    app.step()
    assert pointers(sc) == [] and not arrow.visible
