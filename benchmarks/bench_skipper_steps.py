"""Where a race of skippers spends its time, step by step: the skipper's own work
(``choose`` less the engine's ``legal_actions`` and ``why_not`` it calls) and the engine's.

    python benchmarks/bench_skipper_steps.py [--skipper easy] [--course olympic_triangle]
                                             [--boats 6] [--seeds 1-5]

CPU time (``time.process_time``), per race; the median over the seeds is printed for
each step: calls per race, ``choose`` seconds, of which the engine's, and the skipper's
own share. Not a test: figures to compare before and after a change.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper

_ENGINE = [0.0]
_DEPTH = [0]


def _timed(fn):
    def wrapper(self, *a, **k):
        if _DEPTH[0]:
            return fn(self, *a, **k)
        _DEPTH[0] += 1
        t = time.process_time()
        try:
            return fn(self, *a, **k)
        finally:
            _ENGINE[0] += time.process_time() - t
            _DEPTH[0] -= 1
    return wrapper


Race.legal_actions = _timed(Race.legal_actions)
Race.why_not = _timed(Race.why_not)


def sail(course: str, boats: int, seed: int, name: str) -> dict[str, list[float]]:
    """Per step: [calls, choose seconds, engine seconds inside choose, push seconds]."""
    setup = RaceSetup(seats=tuple(Seat(n, n, name) for n in list(PALETTE)[:boats]), course=course, seed=seed)
    race = Race(games.load_game(setup))
    rng = random.Random(seed)
    bot = skipper(name)
    acc: dict[str, list[float]] = {}
    n = 0
    while not race.over and n < 20000:
        n += 1
        step = race.state.step.value
        e0 = _ENGINE[0]
        t = time.process_time()
        action = bot.choose(race, rng)
        t1 = time.process_time()
        race.push(action)
        t2 = time.process_time()
        a = acc.setdefault(step, [0, 0.0, 0.0, 0.0])
        a[0] += 1
        a[1] += t1 - t
        a[2] += _ENGINE[0] - e0
        a[3] += t2 - t1
    return acc


def main() -> None:
    parser = argparse.ArgumentParser()
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
    print(f"{'step':12s} {'calls':>6s} {'choose':>8s} {'engine':>8s} {'own':>8s} {'push':>8s}")
    total = []
    for k in steps:
        col = [r.get(k, [0, 0.0, 0.0, 0.0]) for r in runs]
        med = [statistics.median(c[i] for c in col) for i in range(4)]
        own = statistics.median(c[1] - c[2] for c in col)
        print(f"{k:12s} {med[0]:6.0f} {med[1]:8.3f} {med[2]:8.3f} {own:8.3f} {med[3]:8.3f}")
    for r in runs:
        total.append(sum(c[1] + c[3] for c in r.values()))
    print(f"race total (choose + push): median {statistics.median(total):.2f} s, "
          f"min {min(total):.2f}, max {max(total):.2f}")


if __name__ == "__main__":
    main()
