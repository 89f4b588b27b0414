"""Where a Dinghy Race's time goes, step by step: the skippers' choices, the engine's
legal actions and checks inside them, and the engine's pushes (apply).

    python benchmarks/bench_steps.py [--skipper easy] [--course olympic_triangle]
                                     [--boats 6] [--seeds 1-5]

Plays seeded races (6 easy skippers on the Olympic triangle by default) and prints, in
CPU time (``time.process_time``) per race, the median over the seeds for each step:
the calls, the seconds spent choosing, of which in the engine (``legal_actions`` and
``why_not``, however deep the skipper calls them) and the skipper's own share, the
pushes, and the median ``legal_actions`` call in ms; the runner's question for
out-of-turn calls before each action (as ``play_bots`` and ``dinghy simulate`` ask it)
is a row of its own; then the whole race. Not a test:
figures to compare before and after a change.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import out_of_turn, skipper

clock = time.process_time

_ENGINE = [0.0]          # engine seconds inside the skippers' choices, so far
_DEPTH = [0]
_LEGAL: dict[str, list[float]] = {}     # step -> each outermost legal_actions call


def _timed(fn, legal: bool = False):
    def wrapper(self, *a, **k):
        if _DEPTH[0]:
            return fn(self, *a, **k)
        _DEPTH[0] += 1
        t = clock()
        try:
            return fn(self, *a, **k)
        finally:
            d = clock() - t
            _ENGINE[0] += d
            if legal:
                _LEGAL.setdefault(self.state.step.value, []).append(d)
            _DEPTH[0] -= 1
    return wrapper


Race.legal_actions = _timed(Race.legal_actions, legal=True)
Race.why_not = _timed(Race.why_not)


def sail(course: str, boats: int, seed: int, name: str) -> dict[str, list[float]]:
    """Per step: [calls, choose seconds, engine seconds inside choose, push seconds]."""
    setup = RaceSetup(seats=tuple(Seat(n, n, name) for n in list(PALETTE)[:boats]), course=course, seed=seed)
    race = Race(games.load_game(setup))
    rng = random.Random(seed)
    bot = skipper(name)
    bots = [bot] * boats
    acc: dict[str, list[float]] = {}
    n = 0
    while not race.over and n < 20000:
        n += 1
        step = race.state.step.value
        e0 = _ENGINE[0]
        t = clock()
        # as play_bots (and dinghy simulate) does: out-of-turn calls first
        call = out_of_turn(race, bots, race.current_player())
        t0 = clock()
        o = acc.setdefault("(out of turn)", [0, 0.0, 0.0, 0.0])
        o[0] += 1
        o[1] += t0 - t
        if call is not None:
            race.push(call)
            continue
        t = t0
        action = bot.choose(race, rng)
        t1 = clock()
        race.push(action)
        t2 = clock()
        a = acc.setdefault(step, [0, 0.0, 0.0, 0.0])
        a[0] += 1
        a[1] += t1 - t
        a[2] += _ENGINE[0] - e0
        a[3] += t2 - t1
    return acc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skipper", default="easy")
    parser.add_argument("--course", default="olympic_triangle")
    parser.add_argument("--boats", type=int, default=6)
    parser.add_argument("--seeds", default="1-5")
    args = parser.parse_args()
    lo, _, hi = args.seeds.partition("-")
    seeds = range(int(lo), int(hi or lo) + 1)
    runs = [sail(args.course, args.boats, s, args.skipper) for s in seeds]
    steps = sorted({k for r in runs for k in r})
    print(f"{args.skipper}, {args.course}, {args.boats} boats, seeds {args.seeds}: CPU s per race (median)")
    print(f"{'step':12s} {'calls':>6s} {'choose':>8s} {'engine':>8s} {'own':>8s} {'push':>8s} {'legal ms':>9s}")
    for k in steps:
        col = [r.get(k, [0, 0.0, 0.0, 0.0]) for r in runs]
        med = [statistics.median(c[i] for c in col) for i in range(4)]
        own = statistics.median(c[1] - c[2] for c in col)
        legal = f"{statistics.median(_LEGAL[k]) * 1e3:9.3f}" if _LEGAL.get(k) else f"{'-':>9s}"
        print(f"{k:12s} {med[0]:6.0f} {med[1]:8.3f} {med[2]:8.3f} {own:8.3f} {med[3]:8.3f} {legal}")
    pushes = statistics.median(sum(c[3] for c in r.values()) for r in runs)
    engine = statistics.median(sum(c[2] for c in r.values()) for r in runs)
    print(f"all pushes {pushes:.3f} s, the engine inside the choices {engine:.3f} s (per race, median)")
    total = [sum(c[1] + c[3] for c in r.values()) for r in runs]
    print("race CPU s: " + " ".join(f"{t:.2f}" for t in total) + f"   median {statistics.median(total):.2f} s")


if __name__ == "__main__":
    main()
