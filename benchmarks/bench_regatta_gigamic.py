"""Regatta (Gigamic): the engine's legal actions and whole races of the greedy skipper.

    python benchmarks/bench_regatta_gigamic.py [--boats 4] [--races 5] [--levels N] [--workers 2]

Prints, per shipped course: races finished, mean turns and actions to the first boat
home (and to the last, sailing on), seconds a race, ms per legal_actions call on a
sailing turn, and the share of turns spent en panne; the hard skipper's decision time;
and the levels head to head (``--levels N``: N races a course with one boat each for
easy, medium and hard, seats rotated, sailing on until all are home; 0 skips it). Not a
test: figures only.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
import time

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.regatta_gigamic.state import TURN
from dinghy.skippers import play_bots
from dinghy.skippers.regatta_gigamic import hard as regatta_gigamic_hard

sys.path.insert(0, str(Path(__file__).parent))
import levels_duel  # noqa: E402


def race(course: str, boats: int, seed: int, play_on: bool) -> tuple[Race, float]:
    names = list(PALETTE)[:boats]
    setup = RaceSetup(seats=tuple(Seat(n, n, "greedy") for n in names), course=course, seed=seed,
                      extra=(("play_on", play_on),))
    r = Race(games.load_game(setup, "regatta_gigamic"))
    t = time.perf_counter()
    play_bots(r, random.Random(seed), max_actions=10000)
    return r, time.perf_counter() - t


def legal_ms(r: Race) -> float:
    states = [s for s in r.history if s.step == TURN][:40]
    game = r.game
    t = time.perf_counter()
    for s in states:
        game.cache.clear()
        game.legal_actions(s)
    return 1000 * (time.perf_counter() - t) / max(1, len(states))


def hard_timing(races: int = 2) -> None:
    """The hard skipper's decision time (CPU) in races of three hard boats."""
    times = []
    for course in games.GAMES["regatta_gigamic"].boards():
        for seed in range(1, races + 1):
            setup = RaceSetup(seats=tuple(Seat(n, n, "hard") for n in list(PALETTE)[:3]), course=course,
                              seed=seed, extra=(("play_on", True),))
            r = Race(games.load_game(setup, "regatta_gigamic"))
            rng = random.Random(seed)
            while not r.over and len(r.actions) < 10000:
                if r.chance:
                    r.roll()
                    continue
                t = time.process_time()
                a = regatta_gigamic_hard.choose(r, rng)
                times.append(time.process_time() - t)
                r.push(a)
    times.sort()
    print(f"hard skipper: {len(times)} decisions, median {1000 * times[len(times) // 2]:.1f} ms, "
          f"95% {1000 * times[int(len(times) * 0.95)]:.0f} ms, worst {1000 * times[-1]:.0f} ms (CPU)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boats", type=int, default=4)
    ap.add_argument("--races", type=int, default=5)
    ap.add_argument("--levels", type=int, default=12)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    hard_timing()
    if args.levels:
        levels_duel.run("regatta_gigamic", args.levels, workers=args.workers, extra=(("play_on", True),),
                        max_actions=10000)
    for course in games.GAMES["regatta_gigamic"].boards():
        first, last, secs, ms, panne, done = [], [], [], [], [], 0
        for seed in range(1, args.races + 1):
            r, dt = race(course, args.boats, seed, play_on=False)
            done += r.over
            first.append(r.state.turns)
            secs.append(dt)
            ms.append(legal_ms(r))
            r2, _ = race(course, args.boats, seed, play_on=True)
            last.append(r2.state.turns)
            turns = sum(e.kind in ("play", "panne", "becalmed") and not e.text.count("plays again")
                        for e in r2.events)
            panne.append(sum(e.kind == "panne" for e in r2.events) / max(1, turns))
        print(f"{course:7s} {done}/{args.races} finished; turns to the winner {statistics.mean(first):.0f}, "
              f"to the last {statistics.mean(last):.0f}; {statistics.mean(secs):.1f} s a race; "
              f"legal_actions {statistics.mean(ms):.1f} ms; en panne {100 * statistics.mean(panne):.0f}% of turns")


if __name__ == "__main__":
    main()
