"""How strong each skipper level is: the levels race each other in Dinghy Race.

    python benchmarks/bench_strength.py [--races-per-course 6] [--workers 2] [--seed 1]
        [--levels hard,tactician] [--detail] [--legs] [--save results.json]

The number of races is fixed up front: every shipped course sails ``--races-per-course``
races (printed before the first starts). In each race the levels (easy, medium, hard,
and today's tactician as well when "hard" is a skipper of its own) sail one boat each;
the seats rotate from race to race, so every level sails from every seat. The dice are
the same for every seat: a boat's k-th hazard roll is drawn from a stream keyed by the
race's seed and k alone, not by who rolls or how many rolls came before, so a level
never wins by drawing kinder dice (the rolls are ordinary actions of the record; the
game is unchanged).

``--levels`` races only the named skippers (two of them: a head-to-head of two-boat
races, the seats swapped from race to race). ``--detail`` adds, per level and course,
where the boats stood at the start signal (the time-to-go field's turns to go), the
round they finished, what they sailed beyond the field's promise, delay cards taken,
Lady Luck spent, cards held aside, right-of-way rulings they had to keep clear by,
hazard rolls and tacks refused under rule 1: where a level loses. ``--legs`` adds the
mean rounds of each leg per level and course, and the changes of tack.

Prints: each level's openskill rating (Plackett-Luce; mu with a 95% interval of
mu ± 1.96 sigma), its mean place and win share, and the head-to-head table: how often
the row's level finished ahead of the column's when both sailed the same race.
Not a test: no assertions, just figures to compare.
"""
from __future__ import annotations

import argparse
import itertools
import math
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
from dinghy.simulate.stats import wilson
from dinghy.skippers import SKIPPERS, out_of_turn, skipper


LEVELS: list[str] | None = None        # --levels: only these skippers race


def fleet() -> list[str]:
    """The levels, and the tactician too when the hard level is a skipper of its own
    (or the skippers named with ``--levels``)."""
    if LEVELS:
        return list(LEVELS)
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
    diag = Diagnosis(race)
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
        diag.note(race)
        n += 1
    return {"course": course, "seed": seed, "skippers": names, "places": race.places(),
            "rounds": race.state.round, "over": race.over, "boats": diag.rows(race)}


class Diagnosis:
    """Per boat: where it stood at the start signal (the field's turns to go), the round
    it finished, the delay cards it took, Lady Luck spent, cards held aside and
    right-of-way rulings it had to keep clear by."""

    def __init__(self, race: Race) -> None:
        n = len(race.state.boats)
        self.gun = [math.nan] * n
        self.finish = [None] * n
        self.delays = [0] * n
        self.aside = [0] * n
        self.rule1 = [0] * n
        self.rolls: list[list[str]] = [[] for _ in range(n)]
        self.keep_clear = [0] * n
        self.luck0 = [b.lady_luck for b in race.state.boats]
        self.legs: list[list[int]] = [[] for _ in range(n)]   # the round each leg was done
        self.tacks = [0] * n                                    # changes of tack after the start
        self.prev = race.state

    def note(self, race: Race) -> None:
        from dinghy.skippers.dinghy_race.field_store import field_of
        from dinghy.skippers.dinghy_race.batch import single, tack_sign
        from dinghy.skippers.dinghy_race.brain import chart_of
        state = race.state
        for a, b in zip(self.prev.boats, state.boats):
            if b.delays > a.delays:
                self.delays[b.index] += b.delays - a.delays
            if b.finished is not None and self.finish[b.index] is None:
                self.finish[b.index] = state.round
            if b.legs_done > a.legs_done:
                self.legs[b.index] += [state.round] * (b.legs_done - a.legs_done)
            if b.started and a.started and b.tack != a.tack:
                self.tacks[b.index] += 1
        if self.prev.round == 5 and state.round == 6:
            f = field_of(race.game)
            for b in state.boats:
                B = single(b.pose.x, b.pose.y, b.pose.heading, tack_sign(b.tack), False, b.legs_done,
                           b.stage, True)
                chart_of(race.game).advance(B, 6)
                self.gun[b.index] = float(f.value_of_batch(B)[0])
        for ev in race.last_events:
            if ev.kind == "aside" and ev.boat is not None:
                self.aside[ev.boat] += 1
            if ev.kind == "right_of_way" and ev.boat is not None and "cannot tack or jibe" in ev.text:
                self.rule1[ev.boat] += 1
            if ev.kind == "hazard" and ev.boat is not None:
                self.rolls[ev.boat].append(ev.text.split("roll for: ", 1)[-1])
        r = state.last_ruling
        if r is not None and r is not self.prev.last_ruling:
            self.keep_clear[r.keeps_clear] += 1
        self.prev = state

    def rows(self, race: Race) -> list[dict]:
        return [{"gun": self.gun[i], "finish": self.finish[i], "delays": self.delays[i],
                 "luck": self.luck0[i] - b.lady_luck, "aside": self.aside[i],
                 "keep_clear": self.keep_clear[i], "rolls": self.rolls[i], "rule1": self.rule1[i],
                 "legs": self.legs[i], "tacks": self.tacks[i]} for i, b in enumerate(race.state.boats)]


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


def detail(results: list[dict], levels: list[str], courses: list[str]) -> None:
    """Means per level and course: the field's turns to go at the start signal, the round
    it finished, the rounds it sailed beyond the field's promise, delay cards taken, Lady
    Luck spent, cards held aside, rulings to keep clear, hazard rolls, and tacks or jibes
    refused under rule 1 (another boat's card in the way)."""
    print()
    print(f"{'course':18s} {'level':10s} {'place':>5s} {'gun':>6s} {'finish':>6s} {'sailed':>6s} "
          f"{'delays':>6s} {'luck':>5s} {'aside':>5s} {'clear':>5s} {'rolls':>5s} {'rule1':>5s}")
    for c in courses + ["all"]:
        for n in levels:
            rows = [(p, b) for r in results if c in ("all", r["course"])
                    for s, p, b in zip(r["skippers"], r["places"], r["boats"]) if s == n]
            if not rows:
                continue
            k = len(rows)
            mean = lambda xs: sum(xs) / len(xs) if xs else math.nan
            fin = [b["finish"] for _, b in rows if b["finish"] is not None]
            print(f"{c:18s} {n:10s} {mean([p or 9 for p, _ in rows]):5.2f} {mean([b['gun'] for _, b in rows]):6.1f} "
                  f"{mean(fin):6.1f} {mean([b['finish'] - 5 - b['gun'] for _, b in rows if b['finish']]):+6.1f} "
                  f"{mean([b['delays'] for _, b in rows]):6.2f} {mean([b['luck'] for _, b in rows]):5.2f} "
                  f"{mean([b['aside'] for _, b in rows]):5.2f} {mean([b['keep_clear'] for _, b in rows]):5.2f} {mean([len(b['rolls']) for _, b in rows]):5.1f} {mean([b['rule1'] for _, b in rows]):5.2f}")


def legs(results: list[dict], levels: list[str], courses: list[str]) -> None:
    """Mean rounds per leg, per course and level: the start signal (round 6) to the first
    mark, each leg after it, and the last leg to the finish; with the changes of tack
    after the start. A level's loss shows as the leg where its rounds exceed the other's
    (only races where every level finished count, so the legs compare like for like)."""
    print()
    print("rounds per leg (races every boat finished; the last column: changes of tack)")
    for c in courses:
        rs = [r for r in results if r["course"] == c and all(b["finish"] is not None for b in r["boats"])]
        if not rs:
            continue
        for n in levels:
            rows = [b for r in rs for s, b in zip(r["skippers"], r["boats"]) if s == n]
            if not rows:
                continue
            split = []
            for b in rows:
                marks = [PRESTART] + list(b["legs"]) + [b["finish"]]
                split.append([y - x for x, y in zip(marks, marks[1:])])
            k = min(len(x) for x in split)
            means = [sum(x[i] for x in split) / len(split) for i in range(k)]
            tacks = sum(b.get("tacks", 0) for b in rows) / len(rows)
            print(f"  {c:18s} {n:10s} " + " ".join(f"{m:5.1f}" for m in means) + f"  | {tacks:5.1f}")


PRESTART = 5


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--races-per-course", type=int, default=6)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--levels", default="", help="only these skippers, comma-separated (e.g. hard,tactician)")
    ap.add_argument("--detail", action="store_true", help="per level: start, finish, delays, luck, rulings")
    ap.add_argument("--legs", action="store_true", help="per level: mean rounds of each leg, tacks")
    ap.add_argument("--save", default="", help="write the races' results to this JSON file")
    args = ap.parse_args()
    global LEVELS
    LEVELS = [x for x in args.levels.split(",") if x] or None
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
    if args.save:
        import json
        with open(args.save, "w") as fh:
            json.dump(results, fh)
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
    print("head to head with a 95% interval (Wilson):")
    for a, b in itertools.combinations(levels, 2):
        w, n = h2h.get((a, b), (0, 0))
        if n:
            lo, hi = wilson(w, n)
            print(f"  {a} ahead of {b}: {w}/{n} = {w / n:.0%} ({lo:.0%} .. {hi:.0%})")
    if args.detail:
        detail(results, levels, courses)
    if args.legs:
        legs(results, levels, courses)
    print()
    rounds = {c: sorted(r["rounds"] for r in results if r["course"] == c) for c in courses}
    print("rounds per course (median): " + ", ".join(f"{c} {v[len(v) // 2]}" for c, v in rounds.items() if v))


if __name__ == "__main__":
    main()
