import math
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dinghy.ui.camera import Camera

coord = st.floats(-5000, 5000, allow_nan=False)
pixel = st.floats(0, 1280, allow_nan=False)
zoom = st.floats(0.05, 10, allow_nan=False)
factor = st.floats(0.2, 5, allow_nan=False)


def camera(z=1.0, cx=0.0, cy=0.0, x0=0.0, y0=0.0, w=1280, h=800):
    c = Camera(zoom=z, cx=cx, cy=cy)
    c.set_viewport(x0, y0, w, h)
    return c


def close(a, b, tol=1e-6):
    return all(math.isclose(p, q, rel_tol=tol, abs_tol=tol * 100) for p, q in zip(a, b))


@settings(deadline=None)
@given(z=zoom, cx=coord, cy=coord, x0=st.floats(0, 400), sx=pixel, sy=pixel)
def test_screen_world_screen_is_identity(z, cx, cy, x0, sx, sy):
    c = camera(z, cx, cy, x0=x0, y0=x0 / 2)
    assert close(c.world_to_screen(*c.screen_to_world(sx, sy)), (sx, sy))


@settings(deadline=None)
@given(z=zoom, cx=coord, cy=coord, x=coord, y=coord)
def test_world_screen_world_is_identity(z, cx, cy, x, y):
    c = camera(z, cx, cy)
    assert close(c.screen_to_world(*c.world_to_screen(x, y)), (x, y))


@settings(deadline=None)
@given(z=zoom, cx=coord, cy=coord, sx=pixel, sy=pixel, f=factor)
def test_zoom_about_a_point_keeps_it_fixed(z, cx, cy, sx, sy, f):
    c = camera(z, cx, cy)
    before = c.screen_to_world(sx, sy)
    c.zoom_at(sx, sy, f)
    assert close(c.screen_to_world(sx, sy), before)
    assert close(c.world_to_screen(*before), (sx, sy))


def test_zoom_is_clamped_and_world_north_is_screen_up():
    c = Camera(zoom=1.0, min_zoom=0.5, max_zoom=2.0)
    c.zoom_at(10, 10, 100)
    assert c.zoom == 2.0
    c.scroll(10, 10, -50)
    assert c.zoom == 0.5
    x1, y1 = c.world_to_screen(0, 0)
    x2, y2 = c.world_to_screen(0, 100)   # 100 mm north
    assert x2 == x1 and y2 > y1
    with pytest.raises(ValueError):
        c.zoom_at(0, 0, 0)


def test_pan_moves_the_chart_with_the_cursor():
    c = camera(0.5, 100, 200)
    p = c.screen_to_world(300, 300)
    c.pan(40, -25)
    assert close(c.world_to_screen(*p), (340, 275))


@pytest.mark.parametrize("bounds", [(0, 0, 3000, 2000), (-500, 100, 500, 3100), (5, 5, 5, 5)])
def test_fit_shows_the_whole_area_inside_the_margin(bounds):
    c = Camera(max_zoom=5.0)
    c.set_viewport(200, 0, 1080, 800)   # the chart right of a 200 px side panel
    c.fit(bounds, margin=20)
    for corner in ((bounds[0], bounds[1]), (bounds[2], bounds[3])):
        sx, sy = c.world_to_screen(*corner)
        assert 220 - 1e-6 <= sx <= 1260 + 1e-6 and 20 - 1e-6 <= sy <= 780 + 1e-6
    assert close(c.world_to_screen((bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2),
                 (200 + 540, 400))


def test_follow_and_visible_bounds():
    c = camera(2.0)
    c.follow(100, 50, amount=0.5)
    assert (c.cx, c.cy) == (50, 25)
    c.follow(100, 50)
    assert close(c.visible_bounds(), (100 - 320, 50 - 200, 100 + 320, 50 + 200))


@settings(max_examples=50, deadline=None)
@given(z=zoom, cx=coord, cy=coord, x=coord, y=coord)
def test_view_matrix_matches_world_to_screen(z, cx, cy, x, y):
    c = camera(z, cx, cy, x0=100, y0=30)
    m = c.view_values()   # column-major
    sx = m[0] * x + m[4] * y + m[12]
    sy = m[1] * x + m[5] * y + m[13]
    assert close((sx, sy), c.world_to_screen(x, y))


def test_pure_modules_import_no_pyglet_window():
    code = ("import sys, dinghy.ui, dinghy.ui.camera, dinghy.ui.shell.setup_form, dinghy.ui.theme;"
            "c = dinghy.ui.camera.Camera(); c.view_matrix();"
            "assert 'pyglet.window' not in sys.modules, 'pyglet.window was loaded'")
    subprocess.run([sys.executable, "-c", code], check=True, env={"DINGHY_HEADLESS": "0"})


def test_camera_group_draws_world_units(ui_app):
    import pyglet

    from dinghy.ui import camera as camera_module
    from dinghy.ui.testing import pixel

    class Chart:
        def __init__(self, app):
            self.cam = Camera()
            self.cam.set_viewport(0, 0, *app.size)
            self.cam.fit((0, 0, 1000, 1000), margin=0)   # 800 px tall: 0.8 px per mm
            self.batch = pyglet.graphics.Batch()
            group = camera_module.CameraGroup(self.cam, app.window)
            # a 100 x 100 mm red square with its lower-left corner at world (600, 600)
            self.square = pyglet.shapes.Rectangle(600, 600, 100, 100, color=(255, 0, 0),
                                                  batch=self.batch, group=group)

        def on_draw(self):
            self.batch.draw()

    chart = ui_app.push(Chart(ui_app))
    sx, sy = chart.cam.world_to_screen(650, 650)
    assert pixel(ui_app, int(sx), int(sy)) == (255, 0, 0)
    ox, oy = chart.cam.world_to_screen(550, 650)
    assert pixel(ui_app, int(ox), int(oy)) != (255, 0, 0)
    chart.cam.pan(-(sx - ox), 0)     # drag the chart left by 100 mm worth of pixels
    assert pixel(ui_app, int(ox), int(oy)) == (255, 0, 0)
