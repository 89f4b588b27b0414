"""Frame cost of the race table while a 6-boat race is played back, headless.

    python benchmarks/bench_ui_playback.py [--course olympic_triangle] [--actions 6000]
    python benchmarks/bench_ui_playback.py --setup-only     # just the first set-up frame

0. First set-up frame: ``dinghy play`` as a player starts it, in fresh processes: from
   process start to the set-up screen's first drawn frame (the median of a few, and the
   dinghy modules, and whether scipy, shapely or a skipper were imported on the way).
1. Startup: from before pyglet is imported to the first drawn frame of the race table
   (window, shader compile, course, boats, panels).
2. Playback: the bots sail a 6-boat race (``dinghy.skippers.play_bots``, as ``dinghy
   race`` does); the replay viewer then steps one action per frame, so every frame
   rebuilds boats, cards, tracks and the log from a new state. Median and worst frame
   after a warm-up.
3. Idle table: frames of the race table when nothing changes (the common case).
4. Animated table: frames while a move slides or the dice land (bots at their pace).

Not a test: no timing assertions, just figures to compare before and after a change.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

T0 = time.perf_counter()
os.environ.setdefault("DINGHY_HEADLESS", "1")


def report(name: str, ms: list[float]) -> None:
    """Median, p95 and worst; p25 too, which other processes on a shared machine disturb least."""
    ms_sorted = sorted(ms)
    print(f"{name:44s} median {statistics.median(ms):7.2f} ms   p25 {ms_sorted[len(ms) // 4]:6.2f}"
          f"   p95 {ms_sorted[int(len(ms) * 0.95)]:7.2f}   worst {ms_sorted[-1]:7.2f} ms   (n={len(ms)})")


_FIRST_SETUP = """
import os, sys, time
t0 = time.perf_counter()
os.environ["DINGHY_HEADLESS"] = "1"
from dinghy.ui import run_app
app = run_app(headless=True, run=False, home=sys.argv[1])
app.step()
ms = (time.perf_counter() - t0) * 1000
heavy = [m for m in ("scipy", "shapely", "matplotlib", "dinghy.skippers", "dinghy.ui.shell.table")
         if m in sys.modules]
print(ms, sum(m.startswith("dinghy") for m in sys.modules), ",".join(heavy) or "none")
"""


def first_setup_frame(runs: int = 5) -> None:
    """Process start -> the set-up screen's first frame, in ``runs`` fresh processes
    (the interpreter's own start included: ``python -X importtime`` shows the rest).
    Wall time on a busy machine waits for the other processes; the CPU time (user +
    system, the GL driver's threads included) waits less.
    Bytecode is cached (in a temporary folder) after one untimed start, as an installed
    dinghy has it, even where PYTHONDONTWRITEBYTECODE is set."""
    import resource
    import subprocess
    import tempfile

    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    times, cpus = [], []
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = os.path.join(home, "pycache")
        for k in range(runs + 1):
            t, c = time.perf_counter(), cpu()
            out = subprocess.run([sys.executable, "-c", _FIRST_SETUP, home], capture_output=True,
                                 text=True, check=True, env=env).stdout.split()
            if k:                     # the first start only writes the bytecode
                times.append((time.perf_counter() - t) * 1000)
                cpus.append((cpu() - c) * 1000)
    print(f"{'process start -> first set-up frame':44s} median {statistics.median(times):7.0f} ms   "
          f"best {min(times):5.0f} ms   CPU median {statistics.median(cpus):5.0f} ms   (n={runs}; in-process {float(out[0]):.0f} ms, "
          f"{out[1]} dinghy modules, heavy imports: {out[2]})")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--course", default="olympic_triangle")
    parser.add_argument("--actions", type=int, default=6000, help="cap on the bots' actions")
    parser.add_argument("--boats", type=int, default=6)
    parser.add_argument("--frames", type=int, default=900, help="animated table frames to time")
    parser.add_argument("--setup-only", action="store_true", help="only the first set-up frame")
    args = parser.parse_args()
    first_setup_frame()
    if args.setup_only:
        return

    from dinghy.core import io
    from dinghy import games
    from dinghy.core.race import Race
    from dinghy.core.setup import PALETTE, RaceSetup, Seat
    from dinghy.skippers import play_bots

    names = list(PALETTE)[: args.boats]
    setup = RaceSetup(seats=tuple(Seat(n, n, "simple") for n in names), course=args.course, seed=1)
    game = games.load_game(setup)

    # 1. launch to first frame: a fresh table with the boats on the water
    t_start = time.perf_counter()
    from dinghy.ui.app import App
    from dinghy.ui.shell.table import TableScene

    race = Race(game)
    app = App(headless=True, width=1280, height=800)
    table = app.push(TableScene(race, bot_delay=3600.0))
    app.step()
    first = (time.perf_counter() - t_start) * 1000
    print(f"{'launch -> first table frame':44s} {first:7.1f} ms  "
          f"(process start -> first frame {(time.perf_counter() - T0) * 1000:.0f} ms)")

    # 3. the idle table, after a few launches
    for _ in range(args.boats):
        table._bot_step()
    table.refresh()
    app.step()
    idle = []
    for _ in range(120):
        t = time.perf_counter()
        app.step()
        idle.append((time.perf_counter() - t) * 1000)
    report("race table, idle (6 boats on the water)", idle)
    app.pop()

    # 2. playback of a bot race
    t = time.perf_counter()
    n = play_bots(race, random.Random(1), max_actions=args.actions)
    print(f"{'bots sailed':44s} {n} actions in {time.perf_counter() - t:.1f} s "
          f"(round {race.state.round}, {'over' if race.over else 'not over'})", file=sys.stderr)
    from dinghy.ui.shell.replay import ReplayScene

    t = time.perf_counter()
    scene = app.push(ReplayScene(race))
    print(f"{'replay viewer opened (replays the record)':44s} {(time.perf_counter() - t) * 1000:7.1f} ms")
    if scene.board is not None and hasattr(scene.board, "fit"):
        scene.board.fit()
    frames = []
    for i in range(len(scene.playback)):
        t = time.perf_counter()
        scene.seek(i)
        app.step()
        frames.append((time.perf_counter() - t) * 1000)
    warm = frames[20:]
    report(f"playback, one action a frame ({args.boats} boats)", warm)
    # as a viewer plays it: 60 frames a second, 8 actions a second
    scene.seek(0)
    scene.speed_i = 3
    scene.toggle_play()
    live = []
    while scene.playing and len(live) < 1200:
        t = time.perf_counter()
        app.step(1 / 60)
        live.append((time.perf_counter() - t) * 1000)
    report(f"playback at {scene.speed:g} actions/s, 60 frames/s", live[20:])
    still = []
    for _ in range(120):
        t = time.perf_counter()
        app.step()
        still.append((time.perf_counter() - t) * 1000)
    report("replay viewer, paused", still)
    app.pop()

    # 4. the race table with animations on: bots sail at their real pace, every move
    #    slides, every hazard roll throws the dice (the frames a player sees most)
    race2 = Race(game)
    table = app.push(TableScene(race2, bot_delay=0.05, animate=True))
    app.step()
    moving, n_anim = [], 0
    while not race2.over and len(moving) < args.frames:
        t = time.perf_counter()
        app.step(1 / 60)
        ms = (time.perf_counter() - t) * 1000
        if table.animating:
            moving.append(ms)
            n_anim += 1
    report(f"race table, animations on ({args.boats} boats)", moving[20:])
    app.close()


if __name__ == "__main__":
    main()
