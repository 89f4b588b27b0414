"""Levels against each other in one game: easy, medium and hard sail one boat each.

A small helper for the games' own benchmarks (``bench_race_the_wind.py``,
``bench_regatta_gigamic.py``): every shipped board sails ``races`` races, the seats
rotating from race to race (each level sails from each seat equally often), chance
drawn from the race's own seeded stream. Prints the number of races up front, then each
level's win share and mean place, the head-to-head table (how often the row's level
finished ahead of the column's in the same race; a boat not placed counts behind every
placed one, two unplaced boats are a tie that counts for neither), and each level's
decision time (CPU: median and worst). Not a test: figures only.
"""
from __future__ import annotations

import itertools
import random
import statistics
from concurrent.futures import ProcessPoolExecutor

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import play_bots, skipper

LEVELS = ("easy", "medium", "hard")


def sail(job: tuple) -> dict:
    rules, board, seed, names, extra, max_actions = job
    seats = tuple(Seat(c, c, n) for c, n in zip(PALETTE, names))
    race = Race(games.load_game(RaceSetup(seats=seats, course=board, seed=seed, extra=extra), rules))
    rng = random.Random(f"levels:{seed}")
    bots = [skipper(n, rules) for n in names]
    per_seat: list[list[float]] = [[] for _ in names]
    play_bots(race, rng, max_actions, bots=bots, timings=per_seat)
    times: dict[str, list[float]] = {n: [] for n in names}
    for n, ts in zip(names, per_seat):
        times[n] += ts
    return {"board": board, "names": names, "places": race.game.places(race.state), "over": race.over,
            "times": times}


def plan(rules: str, races: int, seed: int, extra: tuple, max_actions: int,
         levels: tuple[str, ...] = LEVELS) -> list[tuple]:
    jobs = []
    for board in games.GAMES[rules].boards():
        for k in range(races):
            names = tuple(levels[(i + k) % len(levels)] for i in range(len(levels)))
            jobs.append((rules, board, seed + k, names, extra, max_actions))
    return jobs


def report(results: list[dict], levels: tuple[str, ...] = LEVELS) -> None:
    wins = {lv: 0 for lv in levels}
    places: dict[str, list[float]] = {lv: [] for lv in levels}
    ahead = {(a, b): 0 for a in levels for b in levels}
    met = {(a, b): 0 for a in levels for b in levels}
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    cut = 0
    for r in results:
        cut += not r["over"]
        n = len(r["names"])
        pl = {name: (p if p is not None else n + 1) for name, p in zip(r["names"], r["places"])}
        for name, p in pl.items():
            places[name].append(p)
            wins[name] += p == 1
            times[name] += r["times"][name]
        for a, b in itertools.permutations(r["names"], 2):
            met[(a, b)] += 1
            ahead[(a, b)] += pl[a] < pl[b]
    total = len(results)
    print(f"  {total} races ({cut} cut short)")
    for lv in levels:
        ts = sorted(times[lv]) or [0.0]
        print(f"  {lv:7s} wins {wins[lv]:3d} ({100 * wins[lv] / max(1, total):3.0f}%), mean place "
              f"{statistics.mean(places[lv]):.2f}; decision ms median {1000 * ts[len(ts) // 2]:6.1f}, "
              f"worst {1000 * ts[-1]:6.0f} ({len(ts)} decisions)")
    print("  head to head (row ahead of column, share of the races both sailed):")
    print("           " + "".join(f"{b:>9s}" for b in levels))
    for a in levels:
        cells = "".join(f"{'-':>9s}" if a == b else f"{100 * ahead[(a, b)] / max(1, met[(a, b)]):8.0f}%"
                        for b in levels)
        print(f"  {a:8s} {cells}")


def run(rules: str, races: int, seed: int = 1, workers: int = 1, extra: tuple = (),
        max_actions: int = 20000) -> list[dict]:
    jobs = plan(rules, races, seed, extra, max_actions)
    print(f"{rules}: {len(jobs)} races ({races} a board on {len(games.GAMES[rules].boards())} boards), "
          f"one boat each for {', '.join(LEVELS)}, seats rotated")
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(sail, jobs))
    else:
        results = [sail(j) for j in jobs]
    for board in games.GAMES[rules].boards():
        print(f" {board}:")
        report([r for r in results if r["board"] == board])
    print(" all boards:")
    report(results)
    return results
