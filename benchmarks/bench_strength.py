"""How strong each skipper level is: the levels race each other in Dinghy Race.

    python benchmarks/bench_strength.py [--races-per-course 6] [--workers 2] [--seed 1]

The number of races is fixed up front: every shipped course sails ``--races-per-course``
races (printed before the first starts). In each race the levels (easy, medium, hard,
and today's tactician as well when "hard" is a skipper of its own) sail one boat each;
the seats rotate from race to race, so every level sails from every seat. The dice are
the same for every seat: a boat's k-th hazard roll is drawn from a stream keyed by the
race's seed and k alone, not by who rolls or how many rolls came before, so a level
never wins by drawing kinder dice (the rolls are ordinary actions of the record; the
game is unchanged).

Prints: each level's openskill rating (Plackett-Luce; mu with a 95% interval of
mu ± 1.96 sigma), its mean place and win share, and the head-to-head table: how often
the row's level finished ahead of the column's when both sailed the same race.
Not a test: no assertions, just figures to compare.
"""
from __future__ import annotations

import argparse
import itertools
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor

from dinghy import games
from dinghy.core import io
from dinghy.core.interface import CHANCE
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.dinghy_race.actions import Roll
from dinghy.skippers import SKIPPERS, out_of_turn, skipper


def fleet() -> list[str]:
    """The levels, and the tactician too when the hard level is a skipper of its own."""
    out = ["easy", "medium", "hard"]
    if skipper("hard") is not skipper("tactician"):
        out.append("tactician")
    return out


def same_dice(seed: int, k: int) -> Roll:
    """A boat's k-th hazard roll in the race with ``seed``: the same for every seat."""
    r = random.Random(f"strength:{seed}:{k}")
    return Roll(r.randint(1, 6), r.randint(1, 6))


def sail(job: tuple[str, int, tuple[str, ...]]) -> dict:
    course, seed, names = job
    seats = tuple(Seat(c, c, n) for c, n in zip(PALETTE, names))
    race = Race(games.load_game(RaceSetup(seats=seats, course=course, seed=seed)))
    rng = random.Random(f"skippers:{seed}")
    rolls = [0] * len(seats)
    bots = {n: skipper(n) for n in names}
    n = 0
    while not race.over and n < 30000:
        player = race.current_player()
        if player == CHANCE:
            boat = race.state.active
            race.push(same_dice(seed, rolls[boat]))
            rolls[boat] += 1
        else:
            call = out_of_turn(race, [bots[name] for name in names], player)
            race.push(call if call is not None else bots[names[player]].choose(race, rng))
        n += 1
    return {"course": course, "seed": seed, "skippers": names, "places": race.places(),
            "rounds": race.state.round, "over": race.over}


def plan(per_course: int, seed: int) -> list[tuple[str, int, tuple[str, ...]]]:
    levels = fleet()
    jobs = []
    for course in io.shipped("courses"):
        for k in range(per_course):
            names = tuple(levels[(i + k) % len(levels)] for i in range(len(levels)))
            jobs.append((course, seed + k, names))
    return jobs


def ratings(results: list[dict]):
    from openskill.models import PlackettLuce
    model = PlackettLuce()
    rating = {n: model.rating(name=n) for n in fleet()}
    for r in results:
        # unfinished boats share the last place
        last = len(r["places"])
        ranks = [p if p is not None else last for p in r["places"]]
        teams = model.rate([[rating[n]] for n in r["skippers"]], ranks=ranks)
        for n, (t,) in zip(r["skippers"], teams):
            rating[n] = t
    return rating


def head_to_head(results: list[dict]) -> dict[tuple[str, str], tuple[int, int]]:
    """(a, b) -> (races a finished ahead of b, races both sailed)."""
    out: dict[tuple[str, str], list[int]] = {}
    for r in results:
        last = len(r["places"]) + 1
        place = {n: (p if p is not None else last) for n, p in zip(r["skippers"], r["places"])}
        for a, b in itertools.permutations(place, 2):
            w = out.setdefault((a, b), [0, 0])
            w[0] += place[a] < place[b]
            w[1] += 1
    return {k: (v[0], v[1]) for k, v in out.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--races-per-course", type=int, default=6)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    jobs = plan(args.races_per_course, args.seed)
    levels = fleet()
    courses = io.shipped("courses")
    hard = skipper("hard")
    print(f"{len(jobs)} races fixed up front: {len(courses)} courses x {args.races_per_course}, "
          f"one boat each for {', '.join(levels)} (hard = {getattr(hard, 'NAME', hard)}); "
          f"seats rotated, the same dice for every seat")
    t0 = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(sail, jobs))
    else:
        results = [sail(j) for j in jobs]
    secs = time.perf_counter() - t0
    unfinished = sum(not r["over"] for r in results)
    print(f"sailed in {secs:.0f} s" + (f"; {unfinished} race(s) cut short" if unfinished else ""))
    rating = ratings(results)
    h2h = head_to_head(results)
    print()
    print(f"{'level':10s} {'rating mu':>9s} {'95% interval':>15s} {'mean place':>10s} {'wins':>5s}")
    for n in sorted(levels, key=lambda n: -rating[n].mu):
        r = rating[n]
        places = [p if p is not None else len(x["places"])
                  for x in results for s, p in zip(x["skippers"], x["places"]) if s == n]
        wins = sum(p == 1 for p in places) / len(places)
        lo, hi = r.mu - 1.96 * r.sigma, r.mu + 1.96 * r.sigma
        print(f"{n:10s} {r.mu:9.1f} {f'{lo:.1f} .. {hi:.1f}':>15s} {sum(places) / len(places):10.2f} {wins:5.0%}")
    print()
    print("head to head: % of races the row finished ahead of the column")
    print(f"{'':10s}" + "".join(f"{n:>10s}" for n in levels))
    for a in levels:
        cells = []
        for b in levels:
            if a == b:
                cells.append(f"{'-':>10s}")
            else:
                w, n = h2h.get((a, b), (0, 0))
                cells.append(f"{(100 * w / n if n else float('nan')):9.0f}%")
        print(f"{a:10s}" + "".join(cells))
    print()
    rounds = {c: sorted(r["rounds"] for r in results if r["course"] == c) for c in courses}
    print("rounds per course (median): " + ", ".join(f"{c} {v[len(v) // 2]}" for c, v in rounds.items() if v))


if __name__ == "__main__":
    main()
