import gc

import pytest

from dinghy.ui import testing as ui
from dinghy.ui.app import configure


class Recorder:
    """A plain scene (no base class) that notes every call."""

    def __init__(self, name, log, opaque=True):
        self.name, self.log, self.opaque = name, log, opaque

    def on_enter(self, app):
        self.log.append((self.name, "enter"))

    def on_exit(self):
        self.log.append((self.name, "exit"))

    def on_resize(self, w, h):
        self.log.append((self.name, "resize", w, h))

    def on_draw(self):
        self.log.append((self.name, "draw"))

    def update(self, dt):
        self.log.append((self.name, "update", dt))

    def on_mouse_press(self, x, y, button, modifiers):
        self.log.append((self.name, "press", x, y))

    def on_key_press(self, symbol, modifiers):
        self.log.append((self.name, "key", symbol))

    def on_text(self, text):
        self.log.append((self.name, "text", text))


def test_scene_stack_push_pop_replace(ui_app):
    log = []
    ui_app.push(Recorder("a", log))
    assert log == [("a", "enter"), ("a", "resize", 1280, 800)]
    ui_app.push(Recorder("b", log))
    ui.click(ui_app, 10, 20)
    assert ("b", "press", 10, 20) in log and ("a", "press", 10, 20) not in log
    log.clear()
    ui_app.replace(Recorder("c", log))
    assert log[:2] == [("b", "exit"), ("c", "enter")]
    log.clear()
    ui_app.pop()
    assert log == [("c", "exit"), ("a", "resize", 1280, 800)]
    assert [s.name for s in ui_app.scenes] == ["a"]


def test_app_keeps_scenes_alive(ui_app):
    log = []
    ui_app.push(Recorder("only", log))   # no reference kept by the test
    gc.collect()
    ui.type_text(ui_app, "x")
    assert ("only", "text", "x") in log


def test_step_updates_and_draws_visible_scenes(ui_app):
    log = []
    ui_app.push(Recorder("table", log))
    ui_app.push(Recorder("overlay", log, opaque=False))
    log.clear()
    ui_app.step(0.25)
    assert log == [("table", "update", 0.25), ("overlay", "update", 0.25),
                   ("table", "draw"), ("overlay", "draw")]
    ui_app.push(Recorder("cover", log))
    log.clear()
    ui_app.step()
    assert [entry[0] for entry in log] == ["cover", "cover"]


def test_resize_reaches_every_scene(ui_app):
    log = []
    ui_app.push(Recorder("a", log))
    ui_app.push(Recorder("b", log))
    log.clear()
    ui.resize(ui_app, 900, 640)
    assert log == [("a", "resize", 900, 640), ("b", "resize", 900, 640)]


def test_f11_escape_and_quit(ui_app):
    from pyglet.window import key

    log = []
    ui_app.push(Recorder("a", log))
    ui.key_press(ui_app, key.F11)
    assert ui_app.fullscreen and ("a", "key", key.F11) not in log
    ui.key_press(ui_app, key.F11)
    assert not ui_app.fullscreen
    ui.key_press(ui_app, key.ESCAPE)     # pyglet would close the window; we pass it on
    assert not ui_app.closed and ("a", "key", key.ESCAPE) in log
    ui.key_press(ui_app, key.Q, key.MOD_ACCEL)
    assert ui_app.closed and ("a", "exit") in log


def test_screenshot_is_a_real_picture(ui_app, tmp_path):
    from dinghy.ui.scene import GuiScene

    ui_app.push(GuiScene())     # water and swell lines only
    path = ui_app.screenshot(tmp_path / "water.png")
    assert ui.png_colours(path) >= 2
    assert ui.pixel(ui_app, 5, 5) != (0, 0, 0)


def test_headless_choice_cannot_change_once_pyglet_is_loaded(ui_app):
    assert ui_app.headless and ui_app.scale >= 1.0
    with pytest.raises(RuntimeError, match="already loaded"):
        configure(headless=False)


def test_run_returns_when_the_window_closes(ui_app):
    import pyglet

    log = []
    ui_app.push(Recorder("a", log))
    pyglet.clock.schedule_once(lambda dt: ui_app.close(), 0.1)
    ui_app.run()                      # leaves Window._enable_event_queue False (quirk 2)
    assert ui_app.closed and ("a", "draw") in log and ("a", "exit") in log


def test_a_window_made_after_run_still_works(make_ui_app):
    app = make_ui_app(640, 480)       # the fixture put _enable_event_queue back
    log = []
    app.push(Recorder("b", log))
    ui.click(app, 3, 4)
    app.step()
    assert ("b", "press", 3, 4) in log and ("b", "draw") in log
