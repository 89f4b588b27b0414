"""Race the Wind: time of whole seeded races sailed by the navigator on every shipped
board (4 boats), of the navigator's cost-to-go table alone, and of listing the legal
actions of a boat; the hard skipper's decision time; the levels head to head.

Run: python benchmarks/bench_race_the_wind.py [--levels N] [--workers 2]
  (``--levels N``: N races a board with one boat each for easy, medium and hard, seats
  rotated; 0 skips it)
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
import statistics
import time

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import play_bots
from dinghy.skippers.race_the_wind import navigator, hard as race_the_wind_hard

sys.path.insert(0, str(Path(__file__).parent))
import levels_duel  # noqa: E402

SEEDS = range(1, 6)


def hard_timing() -> None:
    """The hard skipper's decision time (CPU) in races of four hard boats, cold tables."""
    times = []
    for board in games.GAMES["race_the_wind"].boards():
        navigator._TABLES.clear()
        navigator._GRAPHS.clear()
        navigator._TURNS.clear()
        setup = RaceSetup(seats=tuple(Seat(c, c, "hard") for c in list(PALETTE)[:4]), course=board, seed=3)
        race = Race(games.load_game(setup, "race_the_wind"))
        rng = random.Random(3)
        while not race.over:
            if race.chance:
                race.roll()
                continue
            t = time.process_time()
            a = race_the_wind_hard.choose(race, rng)
            times.append(time.process_time() - t)
            race.push(a)
    times.sort()
    print(f"hard skipper: {len(times)} decisions, median {1000 * times[len(times) // 2]:.1f} ms, "
          f"95% {1000 * times[int(len(times) * 0.95)]:.0f} ms, worst {1000 * times[-1]:.0f} ms (CPU)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--levels", type=int, default=12)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    hard_timing()
    if args.levels:
        levels_duel.run("race_the_wind", args.levels, workers=args.workers)
    for board in games.GAMES["race_the_wind"].boards():
        times, turns, actions = [], [], []
        for seed in SEEDS:
            setup = RaceSetup(seats=tuple(Seat(c, c, "navigator") for c in list(PALETTE)[:4]),
                              course=board, seed=seed)
            game = games.load_game(setup, "race_the_wind")
            race = Race(game)
            t = time.perf_counter()
            n = play_bots(race, random.Random(seed))
            times.append(time.perf_counter() - t)
            turns.append(race.state.turn)
            actions.append(n)
        t = time.perf_counter()
        navigator._TABLES.clear()
        navigator._GRAPHS.clear()
        navigator.table(game, 0)
        table_s = time.perf_counter() - t
        race = Race(game)
        while race.chance:
            race.roll()
        t = time.perf_counter()
        for _ in range(200):
            game.legal_actions(race.state)
        legal_ms = (time.perf_counter() - t) / 200 * 1000
        print(f"{board:24s} race {statistics.mean(times):5.2f} s (max {max(times):.2f}), "
              f"{statistics.mean(turns):5.1f} turns, {statistics.mean(actions):6.0f} actions; "
              f"cost table (cold) {table_s * 1000:5.0f} ms; legal actions {legal_ms:.2f} ms")


if __name__ == "__main__":
    main()
