"""``dinghy simulate``: many races of bots, varied over what a rule designer changes,
sailed in parallel (or on a Dask cluster), with a report: CSV and JSON of every race,
PNG plots and a one-screen summary.

    plan.py      variants x races, each race a self-contained job with its own seeds
    run.py       sailing the jobs: here, over a process pool, or on dask.distributed
    tally.py     the rows one race gives (race, seats, hazard rolls)
    stats.py     figures over the rows;  report.py  files, plots and the summary
"""
from __future__ import annotations

import argparse
import os
import signal
import sys

from dinghy.core.errors import DinghyError

EPILOG = """\
examples:
  dinghy simulate --races 200                          200 races of 6 easy boats, olympic triangle
  dinghy simulate --levels easy,medium,hard --boats 3  who wins: levels rotate through the seats
  dinghy simulate --levels easy --levels hard          an all-easy fleet against an all-hard one
  dinghy simulate --hazard-scale 0.5 --hazard-scale 1.5 --races 300
                                                       hazards half and one and a half times as likely
  dinghy simulate --hazards my_table.toml --course all --wind strong
  dinghy simulate --cluster tcp://10.0.0.5:8786 --races 5000
every variant sails the same seeds (seed, seed+1, ...); results are the same whatever
--workers says. Ctrl+C stops early and still writes the report of the races finished.
"""


def add_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("simulate", help="sail many bot races, varied over rules settings, and report",
                       description="Sail many races of bots, varied over hazard tables, wind force, card set,\n"
                                   "course, number of boats and skipper levels, and write a report (CSV, JSON,\n"
                                   "PNG plots, a one-screen text summary).",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rules", default="dinghy_race", help="the game (default dinghy_race)")
    p.add_argument("--course", "--board", dest="course", action="append", metavar="NAME",
                   help="a course (board) name or file; repeat to vary; 'all' for every shipped one "
                        "(default: the game's first, olympic_triangle for Dinghy Race)")
    p.add_argument("--boats", type=int, action="append", metavar="N", help="fleet size; repeat to vary (default 6)")
    p.add_argument("--levels", action="append", metavar="L1,L2,...",
                   help="the fleet's skippers, levels (easy, medium, hard) or names; with several, "
                        "each race rotates them through the seats; repeat to vary (default easy)")
    p.add_argument("--wind", action="append", choices=("light", "medium", "strong"),
                   help="wind force; repeat to vary (default: the course's)")
    p.add_argument("--cards", action="append", metavar="SET", help="card set: small, standard or a file; repeat to vary")
    p.add_argument("--hazards", action="append", metavar="TABLE",
                   help="hazard table: light, medium, strong or a .toml file; repeat to vary (default: the wind's)")
    p.add_argument("--hazard-scale", type=float, action="append", metavar="X",
                   help="multiply every hazard's chance by X (to the nearest 36th); repeat to vary")
    p.add_argument("--races", type=int, default=20, help="races per variant (default 20)")
    p.add_argument("--seed", type=int, default=1, help="first seed; race k sails seed+k (default 1)")
    p.add_argument("--workers", type=int, default=None, help="processes (default: every core; 1: no pool)")
    p.add_argument("--cluster", metavar="ADDRESS", help="run on the Dask scheduler at ADDRESS instead")
    p.add_argument("--out", default="simulation", help="folder for the report (default ./simulation)")
    p.add_argument("--max-actions", type=int, default=30000, help="a race still going after this many actions is cut short")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def main(args: argparse.Namespace) -> int:
    from dinghy import games
    from dinghy.simulate import plan as plan_mod, report, run

    entry = games.entry(args.rules, "command line", "--rules")
    boards = args.course or [("olympic_triangle" if entry.name == "dinghy_race" else entry.boards()[0])]
    if "all" in boards:
        boards = entry.boards()
    if args.workers is not None and args.workers < 1:
        raise DinghyError("--workers must be 1 or more")
    levels = [[x.strip() for x in mix.split(",") if x.strip()] for mix in (args.levels or ["easy"])]
    plan = plan_mod.make_plan(entry.name, boards, args.boats or [6], levels, args.races, args.seed,
                              args.wind, args.cards, args.hazards, args.hazard_scale, args.max_actions)
    run.check_variants(plan)
    from dinghy.core import io
    io.check_writable(os.path.join(args.out, "summary.txt"))
    print(f"{len(plan.variants)} variant(s) x {plan.races} races = {len(plan.jobs)} races"
          + (f" on {args.cluster}" if args.cluster else f", {args.workers or os.cpu_count()} worker(s)"),
          file=sys.stderr)
    outcome = run.run(plan, workers=args.workers, cluster=args.cluster, progress=not args.quiet)
    if outcome.interrupted:
        print("interrupted: writing the report of the races finished (a moment)", file=sys.stderr)
    # the report is written whole even if Ctrl+C is pressed again meanwhile
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        text = report.write(outcome, args.out)
    finally:
        signal.signal(signal.SIGINT, previous)
    print(text, end="")
    print(f"report: {args.out}/ (races.csv, seats.csv, hazards.csv, results.json, summary.txt, *.png)")
    return 130 if outcome.interrupted else 0
