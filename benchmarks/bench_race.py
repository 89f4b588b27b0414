"""A whole 6-boat race on the Olympic triangle, sailed by each skipper.

    python benchmarks/bench_race.py [--course olympic_triangle] [--boats 6] [--seed 1]
                                    [--skipper easy --skipper simple --skipper tactician]
                                    [--races 5]

A skipper is a registered name or a level (easy, medium, hard). With ``--races N`` each
skipper sails seeds S..S+N-1 and the median race time is printed too.

Prints, per skipper: total seconds, actions, ms per action; how that splits between
the skipper's decisions (``choose``) and the engine (``push``); and the median and
95th percentile of one decision. Times are CPU times (``time.process_time``: on a
shared machine wall time measures the neighbours too). Not a test: no timing assertions, just figures to
compare before and after a change.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import SKIPPERS, skipper


def sail(course: str, boats: int, seed: int, name: str) -> dict:
    setup = RaceSetup(seats=tuple(Seat(n, n, name) for n in list(PALETTE)[:boats]), course=course, seed=seed)
    game = games.load_game(setup)
    race = Race(game)
    rng = random.Random(seed)
    bot = skipper(name)
    decide: list[float] = []
    by_step: dict[str, list[float]] = {}
    engine = 0.0
    t0 = time.process_time()
    n = 0
    while not race.over and n < 20000:
        n += 1
        step = race.state.step.value
        t = time.process_time()
        action = bot.choose(race, rng)
        t1 = time.process_time()
        race.push(action)
        engine += time.process_time() - t1
        decide.append((t1 - t) * 1000)
        by_step.setdefault(step, []).append((t1 - t) * 1000)
    total = time.process_time() - t0
    return dict(total=total, actions=len(race.actions), rounds=race.state.round, over=race.over,
                decide=decide, by_step=by_step, engine=engine)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--course", default="olympic_triangle")
    parser.add_argument("--boats", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skipper", action="append",
                        choices=sorted(SKIPPERS["dinghy_race"]) + ["easy", "medium", "hard"])
    parser.add_argument("--races", type=int, default=1)
    args = parser.parse_args()
    for name in args.skipper or ["easy", "simple", "tactician"]:
        if args.races > 1:
            times = [sail(args.course, args.boats, args.seed + k, name)["total"] for k in range(args.races)]
            print(f"{name:10s} {args.races} races, seeds {args.seed}-{args.seed + args.races - 1}: "
                  f"median {statistics.median(times):.2f} s (min {min(times):.2f}, max {max(times):.2f})")
        r = sail(args.course, args.boats, args.seed, name)
        d = sorted(r["decide"])
        n = r["actions"]
        print(f"{name:10s} {args.course}, {args.boats} boats, seed {args.seed}: "
              f"{r['total']:.2f} s, {n} actions, {r['rounds']} rounds, {r['total'] / n * 1000:.2f} ms per action"
              + ("" if r["over"] else "  (NOT FINISHED)"))
        print(f"{'':10s} decisions {sum(d) / 1000:.2f} s (median {statistics.median(d):.3f} ms, "
              f"p95 {d[int(len(d) * 0.95)]:.2f} ms), engine {r['engine']:.2f} s")
        steps = ", ".join(f"{k} {statistics.median(v):.2f}" for k, v in sorted(r["by_step"].items()))
        print(f"{'':10s} median ms by step: {steps}")


if __name__ == "__main__":
    main()
