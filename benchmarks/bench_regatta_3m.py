"""The 3M Regatta's speed: whole races sailed by the navigator, basic and advanced; and
the levels head to head.

    python benchmarks/bench_regatta_3m.py [--boats 6] [--races 4] [--levels N] [--workers 2]

(``--levels N``: first N races a board, basic and advanced, with one boat each for easy,
medium and hard, seats rotated, as ``levels_duel`` sails them.)

Prints, per ruleset and board: seconds a race, rounds, actions, the share of the time
spent in the skipper's decisions, and the median and 95th percentile of one
``legal_actions`` call during the races. Not a test: figures to compare, no assertions.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers.regatta_3m import navigator as regatta_3m

sys.path.insert(0, os.path.dirname(__file__))
import levels_duel  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boats", type=int, default=6)
    ap.add_argument("--races", type=int, default=4)
    ap.add_argument("--levels", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    if args.levels:
        for rules in ("regatta", "regatta_advanced"):
            levels_duel.run(rules, args.levels, workers=args.workers)
    if args.races <= 0:         # the levels only
        return
    for rules in ("regatta", "regatta_advanced"):
        for board in games.GAMES[rules].boards():
            total, decide, rounds, actions, legal = 0.0, 0.0, [], [], []
            for seed in range(1, args.races + 1):
                setup = RaceSetup(seats=tuple(Seat(c, c, "navigator") for c in list(PALETTE)[:args.boats]),
                                  course=board, seed=seed)
                race = Race(games.load_game(setup, rules))
                rng = random.Random(seed)
                t0 = time.perf_counter()
                while not race.over:
                    if race.chance:
                        race.roll()
                        continue
                    t = time.perf_counter()
                    race.legal_actions()
                    t1 = time.perf_counter()
                    legal.append(t1 - t)
                    action = regatta_3m.choose(race, rng)
                    decide += time.perf_counter() - t1
                    race.push(action)
                total += time.perf_counter() - t0
                rounds.append(race.state.round)
                actions.append(len(race.actions))
            legal.sort()
            print(f"{rules:17s} {board:12s} {total / args.races:5.2f} s a race, "
                  f"{statistics.mean(rounds):5.1f} rounds, {statistics.mean(actions):6.1f} actions, "
                  f"skipper {100 * decide / total:3.0f}% of the time; legal_actions median "
                  f"{1000 * statistics.median(legal):.2f} ms, p95 {1000 * legal[int(0.95 * len(legal))]:.2f} ms")


if __name__ == "__main__":
    main()
