"""Frame cost of the table's window, headless (software GL here; a GPU is faster).

    python benchmarks/bench_ui_frames.py

Measures: the set-up screen (about 60 widgets), and a chart of N shapes drawn through
a CameraGroup while the camera pans and zooms every frame. Not a test: no timing
assertions, just numbers to compare before and after a change. The boards of every
game are measured by ``bench_ui_boards.py`` (whose timing helpers this one uses).
"""
from __future__ import annotations

import os

os.environ.setdefault("DINGHY_HEADLESS", "1")

from bench_ui_boards import frame_times, report  # noqa: E402
from dinghy.ui.app import App  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402


class Chart:
    def __init__(self, app: App, n: int) -> None:
        import random

        import pyglet

        from dinghy.ui import camera as camera_module

        rng = random.Random(1)
        self.cam = Camera()
        self.cam.set_viewport(0, 0, *app.size)
        self.cam.fit((0, 0, 3000, 2000), margin=20)
        self.batch = pyglet.graphics.Batch()
        group = camera_module.CameraGroup(self.cam, app.window)
        self.shapes = [pyglet.shapes.Rectangle(rng.uniform(0, 3000), rng.uniform(0, 2000),
                                               60, 30, color=(230, 159, 0), batch=self.batch,
                                               group=group) for _ in range(n)]
        self.t = 0.0

    def update(self, dt: float) -> None:
        self.t += dt
        self.cam.pan(1.0, 0.5)
        self.cam.zoom_at(640, 400, 1.001)

    def on_draw(self) -> None:
        self.batch.draw()


def main() -> None:
    from dinghy.ui.shell.setup_screen import SetupScreen

    app = App(headless=True)
    app.push(SetupScreen(lambda s: None, seed=1, courses=["olympic_triangle"]))
    report("set-up screen", frame_times(app, 200))
    for n in (100, 500, 2000):
        app.replace(Chart(app, n))
        report(f"chart, {n} shapes, camera moving", frame_times(app, 200))
    app.close()


if __name__ == "__main__":
    main()
