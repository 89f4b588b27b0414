"""Frame cost of the table's window, headless (software GL here; a GPU is faster).

    python benchmarks/bench_ui_frames.py [--acts N] [--only RULES ...] [--size WxH]

Measures: the set-up screen (about 60 widgets), a chart of N shapes drawn through
a CameraGroup while the camera pans and zooms every frame, and the table's act frame of
each ruleset: the frame in which the person's action is played (the engine's answer,
the board and the turn panel rebuilt, then drawn), and the frame in which a bot's is
(its skipper's choice included), with the labels the Gui laid out anew and those it
took back from the panel before (``Gui.labels_made`` / ``labels_reused``) per act.
Not a test: no timing assertions, just numbers to compare before and after a change.
The other situations of every board are measured by ``bench_ui_boards.py`` (whose
timing helpers this one uses).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
from typing import Any

os.environ.setdefault("DINGHY_HEADLESS", "1")

from bench_ui_boards import BOARDS, BOT_DELAY, Times, chooser_for, frame_times, open_table, report, sail  # noqa: E402
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


def count_layouts() -> list[int]:
    """A counter of pyglet's text layouts (``TextLayout._update``: a label made, or its
    text, width, size... set), from now on; ``[n]``. Calls between ``begin_update`` and
    ``end_update`` lay nothing out and are not counted."""
    from pyglet.text.layout import TextLayout

    counter = [0]
    update = getattr(TextLayout._update, "__wrapped__", TextLayout._update)

    def counted(self: Any) -> None:
        counter[0] += self._update_enabled
        update(self)

    counted.__wrapped__ = update  # type: ignore[attr-defined]
    TextLayout._update = counted  # type: ignore[method-assign]
    return counter


def measure_acts(app: App, rules: str, course: str, acts: int, warm: int = 4) -> None:
    """The act frames of one ruleset's table (one person, two easy bots at the table's
    pace, no animation): ``acts`` of the person's and as many of the bots'."""
    layouts = count_layouts()
    scene = open_table(app, rules, course)
    chooser, rng = chooser_for(rules), random.Random(5)
    sail(scene, chooser, rng, warm)
    scene.bot_delay = BOT_DELAY
    race, g = scene.race, scene.gui
    person, bots = Times(), Times()
    made = reused = 0
    app.step()
    laid0 = layouts[0]
    for _ in range(acts * 400):
        if race.over or (len(person) >= acts and len(bots) >= acts):
            break
        m0, r0 = getattr(g, "labels_made", 0), getattr(g, "labels_reused", 0)
        if scene.human_turn and not race.chance:
            action = chooser.choose(race, rng)          # the person's thinking: not timed
            person.time(lambda: (scene.act(action), app.step()))
        elif scene.human_turn:
            person.time(lambda: (scene.roll(), app.step()))   # a tap on the die
        else:
            n = len(race.actions)
            probe = Times()
            probe.time(app.step)
            if len(race.actions) == n:
                continue
            bots.append(probe[0])
            bots.cpu.append(probe.cpu[0])
        made += getattr(g, "labels_made", 0) - m0
        reused += getattr(g, "labels_reused", 0) - r0
    n = max(1, len(person) + len(bots))
    report(f"{rules}: act (person)", person)
    report(f"{rules}: act (bot)", bots)
    print(f"{'':44s} a act: {(layouts[0] - laid0) / n:.1f} text layouts (pyglet's), labels "
          f"{made / n:.1f} new, {reused / n:.1f} taken back"
          f"   ({len(person)} + {len(bots)} acts, median of both {statistics.median(person + bots):.2f} ms)")
    while app.scene is not None:
        app.pop()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--acts", type=int, default=40, help="act frames per ruleset (person and bots each)")
    ap.add_argument("--only", nargs="*", default=None,
                    help="rules names for the act frames (also: setup, chart); all by default")
    ap.add_argument("--size", default="1024x600", help="the window of the tables")
    args = ap.parse_args(argv)
    from dinghy.ui.shell.setup_screen import SetupScreen

    want = set(args.only) if args.only else None
    app = App(headless=True)
    if want is None or "setup" in want:
        app.push(SetupScreen(lambda s: None, seed=1, courses=["olympic_triangle"]))
        report("set-up screen", frame_times(app, 200))
    if want is None or "chart" in want:
        for n in (100, 500, 2000):
            app.replace(Chart(app, n))
            report(f"chart, {n} shapes, camera moving", frame_times(app, 200))
    while app.scene is not None:
        app.pop()
    app.close()
    w, h = (int(v) for v in args.size.split("x"))
    app = App(width=w, height=h, headless=True)
    print(f"act frames, window {w} x {h}:")
    for rules, course in BOARDS:
        if want is None or rules in want:
            measure_acts(app, rules, course, args.acts)
    app.close()


if __name__ == "__main__":
    main()
