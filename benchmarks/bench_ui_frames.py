"""Frame cost of the table's window, headless (software GL here; a GPU is faster).

    python benchmarks/bench_ui_frames.py

Measures: the set-up screen (about 60 widgets), and a chart of N shapes drawn through
a CameraGroup while the camera pans and zooms every frame. Not a test: no timing
assertions, just numbers to compare before and after a change.
"""
from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("DINGHY_HEADLESS", "1")

from dinghy.ui.app import App  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402


def frame_times(app: App, frames: int) -> list[float]:
    app.step()                       # the first frame compiles shaders
    out = []
    for _ in range(frames):
        t = time.perf_counter()
        app.step()
        out.append((time.perf_counter() - t) * 1000)
    return out


def report(name: str, ms: list[float]) -> None:
    print(f"{name:38s} median {statistics.median(ms):6.2f} ms   p95 "
          f"{sorted(ms)[int(len(ms) * 0.95)]:6.2f} ms")


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
