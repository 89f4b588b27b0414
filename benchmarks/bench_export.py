"""The race pictures people share: the GIF (and PNG, SVG) of a 6-boat race on the
Olympic triangle, sailed by the simple skipper.

    python benchmarks/bench_export.py [--boats 6] [--seed 1] [--course olympic_triangle]
                                      [--record FILE]

The race is sailed first (or read from ``--record``, a race record); then each picture
is drawn and its time printed, with the GIF's frames and the process's peak memory
(resident set, as the kernel counts it) before and after the GIF: the picture's own
cost is the rise. Not a test: no timing assertions, just figures to compare before and
after a change.
"""
from __future__ import annotations

import argparse
import random
import resource
import sys
import time

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper


def peak_mb() -> float:
    """The process's peak resident set so far, MB (Linux counts ru_maxrss in kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def sail(course: str, boats: int, seed: int) -> Race:
    setup = RaceSetup(seats=tuple(Seat(n, n, "simple") for n in list(PALETTE)[:boats]),
                      course=course, seed=seed)
    race = Race(games.load_game(setup))
    rng = random.Random(seed)
    bot = skipper("simple")
    while not race.over and len(race.actions) < 20000:
        race.push(bot.choose(race, rng))
    return race


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--course", default="olympic_triangle")
    ap.add_argument("--boats", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--record", help="a race record to draw instead of sailing one")
    args = ap.parse_args(argv)
    from dinghy.core import picture

    t = time.perf_counter()
    if args.record:
        race = games.load_race(args.record)
    else:
        race = sail(args.course, args.boats, args.seed)
    print(f"race: {len(race.game.setup.seats)} boats, {race.state.round} rounds, "
          f"{len(race.actions)} actions ({time.perf_counter() - t:.1f} s to sail or load)")
    for fmt in ("svg", "png"):
        t = time.perf_counter()
        data = picture.render(race.game, race.history, fmt)
        print(f"{fmt}: {time.perf_counter() - t:.2f} s, {len(data) / 1024:.0f} kB")
    before = peak_mb()
    t = time.perf_counter()
    data = picture.render(race.game, race.history, "gif")
    took = time.perf_counter() - t
    after = peak_mb()
    frames = len(picture.frame_ends(race.game, race.history))
    print(f"gif: {frames} frames, {took:.1f} s, {len(data) / 1024:.0f} kB; peak memory {after:.0f} MB "
          f"(before the GIF {before:.0f} MB: the GIF's rise {after - before:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
