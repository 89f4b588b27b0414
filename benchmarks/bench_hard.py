"""The hard skipper (``dinghy.skippers.dinghy_race.hard``), measured.

    python benchmarks/bench_hard.py [--solo 3] [--races 6] [--course up_and_down ...]

1. Alone on the Olympic triangle (``--solo`` seeded races): the rounds it sails from the
   start signal (round 6) to the finish, against the time-to-go field's optimum from
   where it stood when the start signal went, and against that optimum sailed exactly
   (``Field.rollout``). Target: within 15% of the field's optimum.
2. Its decision times, median and worst (the field built beforehand, as a race does
   before its first decision once the field is cached), in CPU time (``time.process_time``:
   on a shared machine, wall time measures the neighbours too).
3. Head to head with the tactician: ``--races`` seeded two-boat races per course (the
   seats swapped every other race, the hard skipper claiming room at marks), the share
   the hard skipper wins (``--races 0``: none; ``bench_strength.py --levels
   hard,tactician --detail`` races every course and says where each level loses).

Not a test: no timing assertions, just figures.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from dinghy import games
from dinghy.core.interface import CHANCE
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper
from dinghy.skippers.dinghy_race import hard
from dinghy.skippers.dinghy_race.batch import PRESTART_ROUNDS
from dinghy.skippers.dinghy_race.field_store import field_of


def make(course: str, names: list[str], seed: int) -> Race:
    seats = tuple(Seat(c, c, s) for c, s in zip(list(PALETTE), names))
    return Race(games.load_game(RaceSetup(seats=seats, course=course, seed=seed)))


def sail(race: Race, seed: int, times: list[float] | None = None) -> None:
    rng = random.Random(seed)
    names = [s.skipper for s in race.game.setup.seats]
    while not race.over and len(race.actions) < 30000:
        p = race.current_player()
        if p == CHANCE:
            race.roll()
            continue
        for seat, name in enumerate(names):
            if name == "hard" and seat != p:
                call = hard.interject(race, seat)
                if call is not None:
                    race.push(call)
        t = time.process_time()
        action = skipper(names[p]).choose(race, rng)
        if names[p] == "hard" and times is not None:
            times.append(time.process_time() - t)
        race.push(action)


def solo(n: int, times: list[float]) -> None:
    print(f"hard alone on the Olympic triangle, {n} seeded races:")
    ratios = []
    for seed in range(1, n + 1):
        race = make("olympic_triangle", ["hard"], seed)
        f = field_of(race.game)
        sail(race, seed, times)
        at_gun = next(s for s in race.history if s.round == PRESTART_ROUNDS + 1)
        b = at_gun.boats[0]
        layer = f.layer_index(b.legs_done, b.stage or 0, b.started)
        opt = float(f.value([b.pose.x], [b.pose.y], [b.pose.heading], [layer])[0])
        exact, _ = f.rollout(b.pose.x, b.pose.y, b.pose.heading, b.legs_done if b.started else -1, b.stage or 0)
        sailed = race.state.round - PRESTART_ROUNDS
        ratios.append(sailed / opt)
        print(f"  seed {seed}: {sailed} rounds from the start signal; field optimum {opt:.1f} "
              f"(+{100 * (sailed / opt - 1):.0f}%), the field's line sailed exactly {exact:.1f}")
    print(f"  mean: +{100 * (statistics.mean(ratios) - 1):.0f}% over the field's optimum")


def head_to_head(courses: list[str], races: int) -> None:
    print(f"hard vs tactician, {races} two-boat races per course (seats swapped every other race):")
    total = won = 0
    for course in courses:
        wins = 0
        for seed in range(1, races + 1):
            names = ["hard", "tactician"] if seed % 2 else ["tactician", "hard"]
            race = make(course, names, 100 + seed)
            sail(race, 100 + seed)
            places = race.places()
            if places[names.index("hard")] == 1:
                wins += 1
        total += races
        won += wins
        print(f"  {course:18s} hard wins {wins}/{races} ({100 * wins / races:.0f}%)", flush=True)
    print(f"  all courses: hard wins {won}/{total} ({100 * won / total:.0f}%)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--solo", type=int, default=2)
    parser.add_argument("--races", type=int, default=6)
    parser.add_argument("--course", action="append")
    args = parser.parse_args()
    times: list[float] = []
    solo(args.solo, times)
    t = sorted(times)
    print(f"decision CPU times over {len(t)} decisions: median {1e3 * statistics.median(t):.1f} ms, "
          f"95th percentile {1e3 * t[int(0.95 * (len(t) - 1))]:.0f} ms, worst {1e3 * t[-1]:.0f} ms", flush=True)
    if args.races > 0:
        head_to_head(args.course or ["up_and_down", "standard_triangle"], args.races)


if __name__ == "__main__":
    main()
