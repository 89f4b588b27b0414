"""Race the Wind: time of whole seeded races sailed by the navigator on every shipped
board (4 boats), of the navigator's cost-to-go table alone, and of listing the legal
actions of a boat.

Run: python benchmarks/bench_race_the_wind.py
"""
from __future__ import annotations

import random
import statistics
import time

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import play_bots
from dinghy.skippers import race_the_wind as navigator

SEEDS = range(1, 6)


def main() -> None:
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
