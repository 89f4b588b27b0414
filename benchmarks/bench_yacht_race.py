"""Yacht Race: the engine's speed and what whole races sailed by the pilot look like.

    python benchmarks/bench_yacht_race.py [--races 20] [--boats 6] [--seed 1] [--levels N] [--workers 2]

Prints, per shipped board: races finished, median and worst rounds, actions per race,
wind change cards and spinnaker cards spent per yacht, Sailors' Luck cards drawn,
blanketed turns, ms per action split between the pilot's decisions and the engine; the
mean place by numbered block (does the block you draw matter?); and the engine alone:
legal actions and apply per second on a mid-race position. ``--levels N`` first sails N
races a board with one boat each for easy, medium and hard, seats rotated, as
``levels_duel`` does. Not a test: no timing assertions, just figures.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.yacht_race.data import boards
from dinghy.skippers.yacht_race import pilot

sys.path.insert(0, os.path.dirname(__file__))
import levels_duel  # noqa: E402


def one_race(board: str, boats: int, seed: int) -> dict:
    setup = RaceSetup(seats=tuple(Seat(n, n, "pilot") for n in list(PALETTE)[:boats]),
                      course=board, seed=seed)
    race = Race(games.load_game(setup, "yacht_race"))
    rng = random.Random(seed)
    decide = engine = 0.0
    while not race.over and len(race.actions) < 20000:
        t = time.perf_counter()
        if race.chance:
            race.roll()
            engine += time.perf_counter() - t
            continue
        action = pilot.choose(race, rng)
        t1 = time.perf_counter()
        race.push(action)
        decide += t1 - t
        engine += time.perf_counter() - t1
    kinds = Counter(e.kind for e in race.events)
    start = race.history[0]
    ys = race.state.yachts
    return {
        "over": race.over, "rounds": race.state.round, "actions": len(race.actions),
        "decide": decide, "engine": engine,
        "wind_cards": sum(race.game.chart.wind_cards - y.wind_cards for y in ys) / boats,
        "spinnakers": kinds["spinnaker"] / boats,
        "luck": sum(1 for e in race.events if e.kind == "luck" and "takes the top" in e.text),
        "blanketed": kinds["blanketed"],
        "by_block": [(y.block, y.place) for y in ys],
        "start": start,
    }


def engine_speed(board: str, boats: int, seed: int) -> tuple[float, float]:
    setup = RaceSetup(seats=tuple(Seat(n, n, "pilot") for n in list(PALETTE)[:boats]),
                      course=board, seed=seed)
    game = games.load_game(setup, "yacht_race")
    race = Race(game)
    rng = random.Random(seed)
    while len(race.actions) < 60 and not race.over:
        race.roll() if race.chance else race.push(pilot.choose(race, rng))
    while race.chance:
        race.roll()
    state = race.state
    n, t = 0, time.perf_counter()
    while time.perf_counter() - t < 0.5:
        acts = game.legal_actions(state)
        n += 1
    legal_rate = n / (time.perf_counter() - t)
    n, t = 0, time.perf_counter()
    while time.perf_counter() - t < 0.5:
        game.apply(state, acts[-1])
        n += 1
    return legal_rate, n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--races", type=int, default=20)
    ap.add_argument("--boats", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    if args.levels:
        levels_duel.run("yacht_race", args.levels, workers=args.workers)
    if args.races <= 0:         # the levels only
        return
    for board in boards():
        t0 = time.perf_counter()
        rs = [one_race(board, args.boats, args.seed + k) for k in range(args.races)]
        wall = time.perf_counter() - t0
        rounds = [r["rounds"] for r in rs]
        acts = sum(r["actions"] for r in rs)
        print(f"{board}: {sum(r['over'] for r in rs)}/{len(rs)} races finished, {args.boats} yachts, "
              f"{wall:.1f} s")
        print(f"  rounds: median {statistics.median(rounds)}, worst {max(rounds)}; "
              f"actions per race {acts / len(rs):.0f}")
        print(f"  per yacht: {statistics.mean(r['wind_cards'] for r in rs):.1f} wind cards, "
              f"{statistics.mean(r['spinnakers'] for r in rs):.1f} spinnaker events; per race: "
              f"{statistics.mean(r['luck'] for r in rs):.1f} Sailors' Luck cards, "
              f"{statistics.mean(r['blanketed'] for r in rs):.1f} blanketed turns")
        print(f"  ms per action: pilot {1000 * sum(r['decide'] for r in rs) / acts:.2f}, "
              f"engine {1000 * sum(r['engine'] for r in rs) / acts:.2f}")
        places: dict[int, list[int]] = {}
        for r in rs:
            for block, place in r["by_block"]:
                places.setdefault(block, []).append(place)
        print("  mean place by numbered block: " + ", ".join(
            f"{b}: {statistics.mean(p):.2f}" for b, p in sorted(places.items())))
        legal, apply_ = engine_speed(board, args.boats, args.seed)
        print(f"  engine alone: legal_actions {legal:.0f}/s, apply {apply_:.0f}/s")


if __name__ == "__main__":
    main()
