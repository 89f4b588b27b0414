"""Where a Dinghy Race's time goes, step by step: the engine's legal actions, its pushes
(apply) and the skippers' choices, per step, in CPU time.

Plays seeded races of 6 easy skippers on the Olympic triangle (seeds 1-5 by default) and
prints, per step kind, the calls per race, the CPU seconds per race and the median call;
then each race's CPU time and their median.
Run: python benchmarks/bench_engine_steps.py [--seeds 1-5] [--course olympic_triangle]
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

clock = time.process_time


def sail(seed: int, course: str, acc: dict[str, list[float]]) -> float:
    setup = RaceSetup(seats=tuple(Seat(n, n, "easy") for n in list(PALETTE)[:6]), course=course, seed=seed)
    race = Race(games.load_game(setup))
    rng = random.Random(seed)
    bot = skipper("easy")
    orig = race.game.legal_actions

    def legal(state):
        t = clock()
        out = orig(state)
        acc.setdefault("legal  " + state.step.value, []).append(clock() - t)
        return out

    race.game.legal_actions = legal      # an instance attribute: only this race's game
    start = clock()
    while not race.over:
        step = race.state.step.value
        t0 = clock()
        action = bot.choose(race, rng)
        t1 = clock()
        race.push(action)
        t2 = clock()
        acc.setdefault("choose " + step, []).append(t1 - t0)
        acc.setdefault("push   " + step, []).append(t2 - t1)
    return clock() - start


def seeds(text: str) -> list[int]:
    a, _, b = text.partition("-")
    return list(range(int(a), int(b or a) + 1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-5")
    ap.add_argument("--course", default="olympic_triangle")
    args = ap.parse_args()
    acc: dict[str, list[float]] = {}
    runs = seeds(args.seeds)
    totals = [sail(s, args.course, acc) for s in runs]
    n = len(runs)
    print(f"{'step':22s} {'n/race':>7s} {'s/race':>8s} {'median ms':>10s}")
    for k, v in sorted(acc.items()):
        print(f"{k:22s} {len(v) / n:7.0f} {sum(v) / n:8.3f} {statistics.median(v) * 1e3:10.3f}")
    pushes = sum(sum(v) for k, v in acc.items() if k.startswith("push")) / n
    legal = sum(sum(v) for k, v in acc.items() if k.startswith("legal")) / n
    print(f"all pushes {pushes:.3f} s/race, all legal_actions {legal:.3f} s/race")
    print("race CPU s: " + " ".join(f"{t:.2f}" for t in totals) + f"   median {statistics.median(totals):.2f} s")


if __name__ == "__main__":
    main()
