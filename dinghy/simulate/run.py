"""Sailing a plan's races: in this process, over a pool of processes, or on a Dask
cluster, always with the same result for the same plan.

Each race is a self-contained :class:`~dinghy.simulate.plan.Job` whose seeds come from
the plan, so it does not matter which worker sails it, or how many there are; results
are put back in the plan's order. Ctrl+C stops the run: the races finished so far are
kept (``Outcome.interrupted`` says the run was cut short) and the report is written
from them.
"""
from __future__ import annotations

import gc
import os
import random
import signal
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable

from dinghy.core.interface import CHANCE
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.simulate.plan import Job, Plan, Variant
from dinghy.simulate.tally import tally


@dataclass
class Outcome:
    plan: Plan
    results: list[dict[str, Any]] = field(default_factory=list)    # tallies, in job order
    interrupted: bool = False
    seconds: float = 0.0
    workers: int = 1


# -- one race -----------------------------------------------------------------------------

#: Actions after which a race where no boat still racing has got anywhere (the game's
#: ``progress``) is cut short: two Dinghy Race boats bow to bow, each holding the other's
#: cards aside, pivot on the spot for good. A whole race of six boats takes about 4,000
#: actions, with every boat moving every round.
STALLED = 3000


def sail(job: Job) -> dict[str, Any]:
    """Sail one race of the plan and tally it (runs in whichever process gets the job)."""
    from dinghy.skippers import out_of_turn, skipper
    spec = job.spec
    seats = tuple(Seat(c, c, s) for c, s in zip(PALETTE, job.skippers))
    setup = RaceSetup(seats=seats, course=spec.board, seed=job.seed,
                      wind_force=spec.wind_force, card_size=spec.card_size)
    race = Race(_game(setup, spec))
    rng = random.Random(f"skippers:{job.seed}")
    by_name = {name: skipper(name, spec.rules) for name in set(job.skippers)}
    bots = [by_name[name] for name in job.skippers]
    n = moved = 0
    where = race.game.progress(race.state)
    while n < job.max_actions and not race.over:
        player = race.current_player()
        if player == CHANCE:
            race.roll()
        elif (call := out_of_turn(race, bots, player)) is not None:
            race.push(call)         # a skipper speaking out of turn (rule 3), as at the table
        else:
            race.push(bots[player].choose(race, rng))
        n += 1
        if where is not None and n % 50 == 0:
            now = race.game.progress(race.state)
            if now != where:
                where, moved = now, n
            elif n - moved >= STALLED:
                break           # every boat still racing is locked where it lies: cut short
    return tally(race, job)


def _game(setup: RaceSetup, spec: Variant) -> Any:
    from dinghy import games
    if spec.rules != "dinghy_race":
        return games.load_game(setup, spec.rules)
    # the data files are read once per process, not once per race
    from dinghy.games.dinghy_race.game import DinghyRace
    course = _course(setup.course)
    force = setup.wind_force or course.wind_force
    return DinghyRace(setup=setup, course=course, cards=_cards(setup.card_size or course.card_size),
                      hazards=_hazards(spec.hazards or force, spec.hazard_scale))


@lru_cache(maxsize=16)
def _course(name: str):
    from dinghy.games.dinghy_race import data
    return data.load_playable_course(name)


@lru_cache(maxsize=8)
def _cards(name: str):
    from dinghy.games.dinghy_race import data
    return data.load_cards(name)


@lru_cache(maxsize=16)
def _hazards(name: str, scale: float):
    from dinghy.games.dinghy_race import data
    from dinghy.simulate.hazard_scale import scaled
    table = data.load_hazard_table(name)
    return table if scale == 1.0 else scaled(table, scale)


def check_variants(plan: Plan) -> None:
    """Load every variant's data once, so a bad file fails before any race (DataError)."""
    for spec in plan.variants:
        seats = tuple(Seat(c, c, None) for c in list(PALETTE)[:spec.boats])
        setup = RaceSetup(seats=seats, course=spec.board, wind_force=spec.wind_force, card_size=spec.card_size)
        _game(setup, spec)
        from dinghy.skippers import skipper
        for name in set(spec.levels):
            try:
                skipper(name, spec.rules)
            except ValueError as exc:
                from dinghy.core.errors import DinghyError
                raise DinghyError(f"--levels: {exc}") from None


# -- many races ---------------------------------------------------------------------------

#: A worker's garbage collector runs its youngest generation after this many new objects
#: (Python's default is 700): a race makes and drops hundreds of thousands of small
#: objects, few of them in cycles, and collecting less often saved about 3% of a race's
#: CPU (benchmarks/bench_steps.py, six easy skippers), at no measurable memory cost.
GC_YOUNG = 20000


def _quiet_worker() -> None:
    """Workers leave Ctrl+C to the parent, which decides what to keep; they collect
    garbage less often (:data:`GC_YOUNG`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])


def run(plan: Plan, workers: int | None = None, cluster: str | None = None, progress: bool = True,
        sail_job: Callable[[Job], dict[str, Any]] = sail) -> Outcome:
    """Sail every race of ``plan``; ``workers`` processes (default: every core; 1: this
    process), or the Dask cluster at ``cluster``."""
    workers = workers or os.cpu_count() or 1
    out = Outcome(plan, workers=workers)
    done: dict[int, dict[str, Any]] = {}
    bar = _bar(len(plan.jobs), progress)
    t0 = time.perf_counter()
    try:
        if cluster:
            _on_dask(plan.jobs, cluster, sail_job, done, bar)
        elif workers == 1:
            for job in plan.jobs:
                done[job.index] = sail_job(job)
                bar.update(1)
        else:
            _on_pool(plan.jobs, workers, sail_job, done, bar)
    except KeyboardInterrupt:
        out.interrupted = True
    finally:
        bar.close()
    out.seconds = time.perf_counter() - t0
    out.results = [done[i] for i in sorted(done)]
    return out


def _on_pool(jobs: Iterable[Job], workers: int, sail_job, done: dict, bar) -> None:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)
    pending: dict = {}
    try:
        pending = {pool.submit(sail_job, job): job.index for job in jobs}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for f in finished:
                done[pending.pop(f)] = f.result()
                bar.update(1)
    except KeyboardInterrupt:
        # the races under way finish (workers ignore Ctrl+C); the rest never start
        pool.shutdown(wait=True, cancel_futures=True)
        for f, i in pending.items():
            if f.done() and not f.cancelled() and f.exception() is None:
                done[i] = f.result()
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _on_dask(jobs: Iterable[Job], address: str, sail_job, done: dict, bar) -> None:
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        from dinghy.core.errors import DinghyError
        raise DinghyError("--cluster needs dask.distributed (pip install 'dinghy[cluster]')") from None
    jobs = list(jobs)
    try:
        client = Client(address, timeout="10s")
    except OSError as exc:
        from dinghy.core.errors import DinghyError
        raise DinghyError(f"--cluster {address}: cannot reach the scheduler ({exc})") from None
    try:
        futures = client.map(sail_job, jobs, pure=False)
        index = {f.key: job.index for f, job in zip(futures, jobs)}
        try:
            for f in as_completed(futures):
                done[index[f.key]] = f.result()
                bar.update(1)
        except KeyboardInterrupt:
            client.cancel(futures)
            raise
    finally:
        client.close()


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool):
    if not progress:
        return _NoBar()
    from tqdm import tqdm
    return tqdm(total=total, unit="race", desc="sailing", smoothing=0.1)
