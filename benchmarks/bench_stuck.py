"""How often a boat is stuck for good: seeded bot races over every shipped course.

    python benchmarks/bench_stuck.py [--seeds 1-20] [--fleet easy,medium,easy,medium,easy,medium]
        [--courses a,b] [--stuck 50] [--max-actions 20000] [--workers 1] [--save results.json]

Each race is sailed by the fleet's skippers from its seed to the end (or until the
action guard). A boat is "stuck" when, racing, its bow has not moved for more than
``--stuck`` rounds (it may pivot, it does not sail); the race is then stopped and
counted, with where the boat lies and what is near it (marks within 150 mm, other bows
within a hull length: two bows a hair apart are a lock). Prints per course how many races
finished, how many had a stuck boat and how many hit the action guard, and each stuck
race's seed, boat, round and position, and how many races had a boat stop short of
another boat and a card width short of a mark, land or the edge as well (the rule of
``turn.stop_short_at`` that keeps boats from being trapped beside a buoy), how many had a
move stopped a card width short because it would have ended trapped (``trapped.py``) and
how many had a boat back off under the house rule for two boats holding each other's
card aside (``placing.back_off``). ``--save``
writes each race's result with a digest of its actions, to see which races a change to
the rules altered. Not a test: no assertions, just figures to
compare before and after a change to the rules.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

from dinghy import games
from dinghy.core import io
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper


def sail(course: str, seed: int, fleet: tuple[str, ...], stuck: int, max_actions: int) -> dict:
    """One seeded race; stops when a boat has not moved for more than ``stuck`` rounds."""
    t0 = time.process_time()
    seats = tuple(Seat(n, n, s) for n, s in zip(list(PALETTE)[:len(fleet)], fleet))
    race = Race(games.load_game(RaceSetup(seats=seats, course=course, seed=seed)))
    rng = random.Random(seed)
    since: dict[int, tuple[tuple[float, float], int]] = {}
    out = {"course": course, "seed": seed, "result": "finished", "stuck": None, "short_of_both": 0,
           "trap_stops": 0, "backed_off": 0}
    while not race.over:
        if len(race.actions) >= max_actions:
            out["result"] = "guard"
            break
        seat = race.game.setup.seats[race.state.active]
        race.push(skipper(seat.skipper).choose(race, rng))
        out["short_of_both"] += sum(e.kind == "obstacle" and "card width short of" in e.text
                                    for e in race.last_events)
        # the two rules that keep a boat from being stuck for good (trapped.py, placing.back_off)
        out["trap_stops"] += sum(e.kind == "obstacle" and "no heading its turns reach" in e.text
                                 for e in race.last_events)
        out["backed_off"] += sum(e.kind == "aside" and "backs off" in e.text for e in race.last_events)
        state = race.state
        for b in state.boats:
            if not (b.launched and b.racing):
                since.pop(b.index, None)
                continue
            xy = (round(b.pose.x, 6), round(b.pose.y, 6))
            if b.index not in since or since[b.index][0] != xy:
                since[b.index] = (xy, state.round)
            elif state.round - since[b.index][1] > stuck:
                near = [m.id for m in race.game.course.marks
                        if ((m.x - xy[0]) ** 2 + (m.y - xy[1]) ** 2) ** 0.5 < 150]
                # and the boats whose bows lie within a hull length (a lock bow to bow)
                near += [f"{race.game.name(o.index)} {((o.pose.x - xy[0]) ** 2 + (o.pose.y - xy[1]) ** 2) ** 0.5:.1f} mm"
                         for o in state.boats if o.index != b.index and o.launched and o.racing
                         and ((o.pose.x - xy[0]) ** 2 + (o.pose.y - xy[1]) ** 2) ** 0.5 < race.game.cards.hull_length]
                out["result"] = "stuck"
                out["stuck"] = (race.game.name(b.index), since[b.index][1], xy, b.pose.heading, near)
        if out["result"] == "stuck":
            break
    out["actions"] = len(race.actions)
    out["digest"] = hashlib.sha1("\n".join(a.text() for a in race.actions).encode()).hexdigest()[:12]
    out["cpu"] = time.process_time() - t0
    return out


def _seeds(text: str) -> list[int]:
    a, _, b = text.partition("-")
    return list(range(int(a), int(b or a) + 1))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", default="1-20")
    p.add_argument("--fleet", default="easy,medium,easy,medium,easy,medium")
    p.add_argument("--courses", default="")
    p.add_argument("--stuck", type=int, default=50)
    p.add_argument("--max-actions", type=int, default=20000)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--save", default="")
    a = p.parse_args()
    courses = a.courses.split(",") if a.courses else io.shipped("courses")
    fleet = tuple(a.fleet.split(","))
    jobs = [(c, s, fleet, a.stuck, a.max_actions) for c in courses for s in _seeds(a.seeds)]
    print(f"{len(jobs)} races: courses {', '.join(courses)}; seeds {a.seeds}; fleet {','.join(fleet)}")
    if a.workers > 1:
        with ProcessPoolExecutor(a.workers) as pool:
            results = list(pool.map(sail, *zip(*jobs)))
    else:
        results = [sail(*j) for j in jobs]
    if a.save:
        with open(a.save, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=0)
    total = {"finished": 0, "stuck": 0, "guard": 0}
    for c in courses:
        mine = [r for r in results if r["course"] == c]
        counts = {k: sum(r["result"] == k for r in mine) for k in total}
        for k in total:
            total[k] += counts[k]
        cpu = sum(r["cpu"] for r in mine)
        both = sum(r["short_of_both"] > 0 for r in mine)
        traps = sum(r.get("trap_stops", 0) > 0 for r in mine)
        backs = sum(r.get("backed_off", 0) > 0 for r in mine)
        print(f"{c:20s} finished {counts['finished']:3d}  stuck {counts['stuck']:3d}  "
              f"guard {counts['guard']:3d}  short of a boat and a mark {both:3d}  "
              f"trap stop {traps:3d}  backed off {backs:3d}  cpu {cpu:7.1f} s")
        for r in mine:
            if r["result"] != "finished":
                print(f"    seed {r['seed']}: {r['result']} {r['stuck'] or ''} after {r['actions']} actions")
    print(f"{'all':20s} finished {total['finished']:3d}  stuck {total['stuck']:3d}  guard {total['guard']:3d}")


if __name__ == "__main__":
    main()
