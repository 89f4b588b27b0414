"""Race lengths the set-up screen shows: measure the medians again with ``dinghy simulate``.

    python benchmarks/bench_estimates.py                  # the short course only (a minute)
    python benchmarks/bench_estimates.py --all --write    # every board of every game -> dinghy/race_lengths.toml
    python benchmarks/bench_estimates.py --fit            # the designer's quick estimate against the medians

Prints, per board, the median rounds of a few races of medium skippers (pre-start
included) and the estimate the set-up shows for it with four people. A game that keeps
no round counter (Race the Wind, Gigamic) is counted in turns: the most turns any boat
began. Not a test: no
assertion, just figures (keep it short: a few races a board).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from dinghy import games
from dinghy.core import estimates
from dinghy.simulate.plan import make_plan
from dinghy.simulate import run as run_module
from dinghy.simulate.run import run
from dinghy.simulate.stats import rounds_by_variant

SHORT = ("dinghy_race", "short_lap")


def turns_begun(race) -> int:
    """Rounds for a game that keeps no round counter (Race the Wind, Gigamic): the most
    turns any seat began, a turn beginning when the decision passes to that seat from
    another seat (the dice and the deck between them do not count)."""
    game, history = race.game, race.history
    begun: dict[int, int] = {}
    last = None
    for i in range(len(race.actions)):
        seat = game.current_player(history[i])
        if seat < 0:
            continue
        if seat != last:
            begun[seat] = begun.get(seat, 0) + 1
            last = seat
    return max(begun.values(), default=0)


def _tally_with_rounds(race, job):
    row = _plain_tally(race, job)
    if row["race"]["rounds"] is None:
        row["race"]["rounds"] = turns_begun(race)
    return row


# every race's tally says its rounds, counted as above where the game keeps none (the
# pool's worker processes are forked from this one and keep the change)
_plain_tally = run_module.tally
run_module.tally = _tally_with_rounds


def measure(rules: str, board: str, races: int, boats: int, level: str, seed: int,
            workers: int) -> tuple[float | None, list[float], float]:
    plan = make_plan(rules, [board], [boats], [level], races, seed=seed)
    out = run(plan, workers=workers, progress=False)
    lengths = sorted(rounds_by_variant(out.results).get(0, []))
    return (statistics.median(lengths) if lengths else None), lengths, out.seconds


def write(medians: dict[str, dict[str, float]], args: argparse.Namespace) -> None:
    """Rewrite the data file's measured rounds, keeping its turn seconds."""
    from dinghy.core import io

    old = estimates.table()
    lines = [
        "# How long a race lasts: the median rounds (pre-start included) of a few races of bots,",
        "# measured with `dinghy simulate` by benchmarks/bench_estimates.py --all --write",
        f"# ({args.races} races a board, {args.boats} boats, {args.level} skippers, seeds {args.seed}-"
        f"{args.seed + args.races - 1}).",
        "# turn_seconds: a guess, not measured: a person's turn and a bot's at the table, in",
        "# seconds; the set-up's minutes are rounds x (people x person + bots x bot).",
        "",
        "[turn_seconds]",
    ]
    for rules, t in old.get("turn_seconds", {}).items():
        lines.append(f"{rules} = {{ person = {t['person']:g}, bot = {t['bot']:g} }}")
    merged = {r: dict(b) for r, b in old.get("rounds", {}).items()}
    for rules, boards in medians.items():
        merged.setdefault(rules, {}).update(boards)
    for rules, boards in merged.items():
        lines += ["", f"[rounds.{rules}]"]
        lines += [f"{b} = {n:g}" for b, n in boards.items()]
    io.write_text_atomic(estimates.DATA, "\n".join(lines) + "\n")
    print(f"wrote {estimates.DATA}")


def fit() -> None:
    """The quick estimate from course length against each measured Dinghy Race median."""
    from dinghy.games.dinghy_race.data import load_course
    from dinghy.games.dinghy_race.race_length import course_lengths, from_course

    for board, n in estimates.table().get("rounds", {}).get("dinghy_race", {}).items():
        course = load_course(board)
        up, off = course_lengths(course)
        print(f"{board:20s} median {n:6.1f}   quick estimate {from_course(course):6.1f}   "
              f"(upwind {up:5.1f}, off the wind {off:5.1f} card lengths)")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--all", action="store_true", help="every board of every game")
    p.add_argument("--rules", action="append", help="only these games (with --all)")
    p.add_argument("--races", type=int, default=3)
    p.add_argument("--boats", type=int, default=4)
    p.add_argument("--level", default="medium")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--write", action="store_true", help="rewrite dinghy/race_lengths.toml")
    p.add_argument("--fit", action="store_true", help="compare the quick estimate with the medians")
    args = p.parse_args()
    if args.fit:
        fit()
        return
    todo = [SHORT]
    if args.all:
        todo = [(rules, board) for rules, entry in games.GAMES.items()
                if not args.rules or rules in args.rules for board in entry.boards()]
    medians: dict[str, dict[str, float]] = {}
    t0 = time.perf_counter()
    for rules, board in todo:
        try:
            median, lengths, secs = measure(rules, board, args.races, args.boats, args.level, args.seed,
                                            args.workers)
        except Exception as exc:      # a game the simulator cannot sail yet: say so, go on
            print(f"{rules:18s} {board:24s} not measured: {type(exc).__name__}: {exc}", flush=True)
            continue
        shown = estimates.describe(rules, board, people=args.boats)
        print(f"{rules:18s} {board:24s} median {median if median is not None else '-':>6} rounds  "
              f"{lengths}  ({secs:.0f} s)   set-up shows: {shown}", flush=True)
        if median is not None:
            medians.setdefault(rules, {})[estimates.board_key(board)] = median
    print(f"{len(todo)} board(s) in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    if args.write:
        write(medians, args)


if __name__ == "__main__":
    main()
