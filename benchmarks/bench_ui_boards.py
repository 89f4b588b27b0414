"""Frame cost of every board at the table, headless (software GL here; a GPU is faster).

    python benchmarks/bench_ui_boards.py [--frames N] [--only RULES ...] [--size WxH]

Opens the real table of each of the six rulesets at 1024 x 600 with one person and two
bots, sails some moves with bots first (the middle of a race), then times frames with
animations on, in these situations:

- ``idle``: the bots' turn, nothing moving (a bot acts every ``BOT_DELAY`` seconds;
  those frames count under ``move``);
- ``pan`` and ``zoom``: the person's decision, the board dragged (or the wheel turned, in
  and out) every frame;
- ``move``: the frames while a boat's move animates (views that animate moves: Dinghy
  Race; the others draw a move at once);
- ``act``: the frame in which an action is played, by the person or a bot (the
  engine's answer, the squares asked afresh, the board and the turn panel rebuilt);
- ``choices``: the person's decision with the targets or ghosts highlighted, the pointer
  moving over the board every frame (the hint under it).

Also the replay viewer of a grid race (playing) and the grid course designer (panned),
which time their frames with the same helpers. Prints a table of median and 95th
percentile per board and situation and flags those over the bar (8 ms median, 16 ms
p95). Not a test: no timing assertions, numbers to compare before and after a change.
``bench_ui_frames.py`` and ``bench_ui_gigamic_frames.py`` measure with the helpers here.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from typing import Any, Callable

os.environ.setdefault("DINGHY_HEADLESS", "1")
os.environ.setdefault("DINGHY_HOME", tempfile.mkdtemp())

#: The bar: a frame's median and 95th percentile, milliseconds.
MEDIAN_BAR, P95_BAR = 8.0, 16.0
#: The rulesets and the course each is sailed on (as tests/test_ui_camera_decisions.py).
BOARDS = [("dinghy_race", "standard_triangle"), ("race_the_wind", "race_the_wind"),
          ("regatta", "3m_triangle"), ("regatta_advanced", "3m_channel"),
          ("yacht_race", "yacht_race"), ("regatta_gigamic", "medium")]
#: Seconds between two bot actions while measuring (the table's own pace).
BOT_DELAY = 0.25
#: The frame's time step (the animation advances by it whatever the frame cost).
DT = 1 / 60


# --- measuring (shared by the other ui frame benchmarks) ---------------------------------
def p95(ms: list[float]) -> float:
    s = sorted(ms)
    return s[min(len(s) - 1, int(len(s) * 0.95))]


class Times(list):
    """Frame times in wall milliseconds, and beside them (``cpu``) the processor time of
    the same frames (this process, every thread: llvmpipe draws in threads of its own).
    On a shared machine the wall time's tail grows with the load; the processor time
    much less."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu: list[float] = []

    def time(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn()`` and keep its times."""
        c, t = time.process_time(), time.perf_counter()
        out = fn()
        self.append((time.perf_counter() - t) * 1000)
        self.cpu.append((time.process_time() - c) * 1000)
        return out


def frame_times(app: Any, frames: int, before: Callable[[int], Any] | None = None) -> Times:
    """The times of ``frames`` frames of ``app`` (the first, which compiles shaders, not
    counted); ``before(k)`` runs inside frame ``k``'s time (input that frame handles)."""
    app.step()
    out = Times()
    for k in range(frames):
        out.time(lambda: (before(k) if before else None, app.step()))
    return out


def report(name: str, ms: list[float]) -> None:
    """One line: median and 95th percentile of ``ms`` (and of their processor time)."""
    cpu = getattr(ms, "cpu", None)
    extra = f"   (cpu {statistics.median(cpu):6.2f} / {p95(cpu):6.2f})" if cpu else ""
    print(f"{name:44s} median {statistics.median(ms):6.2f} ms   p95 {p95(ms):6.2f} ms{extra}")


class Table:
    """Rows of (board, situation, frame times); :meth:`print` writes them as a table."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, Times]] = []

    def add(self, board: str, situation: str, ms: Times) -> None:
        if ms:
            self.rows.append((board, situation, ms))
            print(f"  {board} {situation}: median {statistics.median(ms):.2f} ms, p95 {p95(ms):.2f} ms",
                  file=sys.stderr, flush=True)

    def print(self) -> None:
        print(f"\n{'board':18s} {'situation':10s} {'frames':>6s} {'median':>8s} {'p95':>8s} {'max':>8s}"
              f"   {'cpu med':>8s} {'cpu p95':>8s}")
        over = 0
        for board, situation, ms in self.rows:
            med, hi = statistics.median(ms), p95(ms)
            flag = []
            if med > MEDIAN_BAR:
                flag.append(f"median > {MEDIAN_BAR:g}")
            if hi > P95_BAR:
                flag.append(f"p95 > {P95_BAR:g}")
            over += bool(flag)
            print(f"{board:18s} {situation:10s} {len(ms):6d} {med:8.2f} {hi:8.2f} {max(ms):8.2f}"
                  f"   {statistics.median(ms.cpu):8.2f} {p95(ms.cpu):8.2f}"
                  f"  {'OVER: ' + ', '.join(flag) if flag else ''}")
        print(f"{over} of {len(self.rows)} over the bar (median {MEDIAN_BAR:g} ms, p95 {P95_BAR:g} ms, wall time)")


# --- driving a table -----------------------------------------------------------------------
def chooser_for(rules: str) -> Any:
    from dinghy.skippers import skipper

    try:
        return skipper("easy", rules)
    except ValueError:
        return skipper(None, rules)


def open_table(app: Any, rules: str, course: str, seed: int = 5) -> Any:
    """The table of ``rules`` with one person (Ann) and two easy bots."""
    from dinghy import games
    from dinghy.core.race import Race
    from dinghy.core.setup import RaceSetup, Seat
    from dinghy.ui.shell.table import TableScene

    seats = (Seat("Ann", "Orange"), Seat("Bob", "Sky", "easy"), Seat("Cy", "Green", "easy"))
    game = games.load_game(RaceSetup(seats=seats, course=course, seed=seed), rules)
    scene = TableScene(Race(game), bot_delay=0, animate=False)
    app.push(scene)
    app.step()
    return scene


def sail(scene: Any, chooser: Any, rng: random.Random, decisions: int) -> None:
    """The person's next ``decisions`` decisions made by ``chooser``, bots at once."""
    race, n = scene.race, 0
    for _ in range(decisions * 80):
        if race.over or n >= decisions and scene.human_turn and not race.chance:
            return
        if not scene.human_turn:
            scene.run_bots()
        elif race.chance:
            scene.roll()
        else:
            n += 1
            scene.act(chooser.choose(race, rng))


def board_points(scene: Any, k: int) -> tuple[float, float]:
    """A walk over the board's part of the window (the pointer's path)."""
    x, y, w, h = scene.view.board_rect
    t = (k * 0.037) % 1.0
    return x + w * (0.2 + 0.6 * t), y + h * (0.3 + 0.4 * abs(2 * ((k * 0.053) % 1.0) - 1))


def measure_table(app: Any, rules: str, course: str, table: Table, frames: int, warm: int) -> Any:
    """The four situations of one board, added to ``table``; the scene (still open)."""
    win = app.window
    scene = open_table(app, rules, course)
    chooser, rng = chooser_for(rules), random.Random(5)
    sail(scene, chooser, rng, warm)
    scene.bot_delay, scene.animate = BOT_DELAY, True
    race = scene.race
    app.step()
    # the person's choices, the pointer moving over the board
    table.add(rules, "choices", frame_times(
        app, frames, lambda k: win.dispatch_event("on_mouse_motion", *board_points(scene, k), 3, 1)))
    # the camera: dragged to and fro, then the wheel turned in and out, every frame
    cx, cy = board_points(scene, 0)
    scene._press, scene._dragged = (cx, cy), True
    table.add(rules, "pan", frame_times(app, frames, lambda k: win.dispatch_event(
        "on_mouse_drag", cx, cy, 6 if (k // 20) % 2 == 0 else -6, 3 if (k // 20) % 2 == 0 else -3, 1, 0)))
    scene._press = None
    table.add(rules, "zoom", frame_times(app, frames, lambda k: win.dispatch_event(
        "on_mouse_scroll", cx, cy, 0, 0.5 if k % 20 < 10 else -0.5)))
    # the race goes on: the person moves when it is their turn, the bots at their pace
    idle, moving, acts = Times(), Times(), Times()
    animates = getattr(scene.view, "motion", None) is not None
    for _ in range(frames * 12):
        if race.over or (len(idle) >= frames and len(acts) >= frames // 4
                         and (len(moving) >= frames or not animates)):
            break
        if scene.human_turn and not scene.animating:
            if race.chance:                   # the person rolls (a tap on the die)
                acts.time(lambda: (scene.roll(), app.step()))
                continue
            action = chooser.choose(race, rng)
            acts.time(lambda: (scene.act(action), app.step()))
            continue
        n, anim = len(race.actions), scene.animating
        probe = Times()
        probe.time(app.step)
        into = acts if len(race.actions) > n else moving if anim or scene.animating else \
            idle if not scene.human_turn else None
        if into is not None:
            into.append(probe[0])
            into.cpu.append(probe.cpu[0])
    table.add(rules, "idle", idle)
    table.add(rules, "move", moving)
    table.add(rules, "act", acts)
    return scene


def measure_replay(app: Any, table: Table, frames: int) -> None:
    """The replay viewer of a grid race (Race the Wind, sailed by bots), playing."""
    from dinghy import games
    from dinghy.core.race import Race
    from dinghy.core.setup import RaceSetup, Seat
    from dinghy.ui.shell.replay import ReplayScene

    seats = (Seat("Bob", "Sky", "easy"), Seat("Cy", "Green", "easy"))
    race = Race(games.load_game(RaceSetup(seats=seats, course="race_the_wind", seed=5), "race_the_wind"))
    bots, rng = chooser_for("race_the_wind"), random.Random(5)
    while not race.over and len(race.actions) < 400:
        race.roll() if race.chance else race.push(bots.choose(race, rng))
    scene = app.replace(ReplayScene(race))
    app.step()
    scene.speed_i = len(getattr(sys.modules[type(scene).__module__], "SPEEDS")) - 1
    if not scene.playing:
        scene.toggle_play()
    table.add("replay (grid)", "playing", frame_times(app, frames))
    win = app.window
    x, y, w, h = scene.board.board_rect if hasattr(scene.board, "board_rect") else (0, 0, *app.size)
    table.add("replay (grid)", "zoom", frame_times(
        app, frames, lambda k: win.dispatch_event("on_mouse_scroll", x + w / 2, y + h / 2, 0,
                                                  0.5 if k % 20 < 10 else -0.5)))


def measure_designer(app: Any, table: Table, frames: int) -> None:
    """The grid course designer on Race the Wind's board: idle, then zoomed."""
    from dinghy import games
    from dinghy.core.setup import RaceSetup, Seat
    from dinghy.ui.grid.designer import GridDesignerScene

    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky")), course="race_the_wind")
    scene = app.replace(GridDesignerScene(games.load_game(setup, "race_the_wind").board))
    app.step()
    table.add("designer (grid)", "idle", frame_times(app, frames))
    win = app.window
    w, h = app.size
    table.add("designer (grid)", "zoom", frame_times(
        app, frames, lambda k: win.dispatch_event("on_mouse_scroll", w * 0.35, h * 0.5, 0,
                                                  0.5 if k % 20 < 10 else -0.5)))
    del scene


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--frames", type=int, default=100, help="frames per situation")
    ap.add_argument("--warm", type=int, default=8, help="person decisions sailed before measuring")
    ap.add_argument("--only", nargs="*", default=None, help="rules names (also: replay, designer)")
    ap.add_argument("--size", default="1024x600")
    args = ap.parse_args(argv)
    from dinghy.ui.app import App

    w, h = (int(v) for v in args.size.split("x"))
    app = App(width=w, height=h, headless=True)
    table = Table()
    want = set(args.only) if args.only else None
    for rules, course in BOARDS:
        if want is None or rules in want:
            measure_table(app, rules, course, table, args.frames, args.warm)
            while app.scene is not None:
                app.pop()
    if want is None or "replay" in want:
        measure_replay(app, table, args.frames)
    if want is None or "designer" in want:
        measure_designer(app, table, args.frames)
    print(f"window {w} x {h}, {args.frames} frames a situation, load {os.getloadavg()[0]:.2f}")
    table.print()
    app.close()


if __name__ == "__main__":
    main()
