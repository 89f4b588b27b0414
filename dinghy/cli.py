"""Command line: ``dinghy play``, ``dinghy replay FILE``, ``dinghy race``, ``dinghy simulate``,
``dinghy course check FILE``, ``dinghy design [FILE]``, ``dinghy serve``.

Errors in files or arguments print one line naming the file and field, and exit with 2.
"""
from __future__ import annotations

import argparse
import random
import os
import sys
from pathlib import Path

from dinghy.core.errors import DinghyError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dinghy", description="Race sailing dinghies on a virtual table.")
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="open the table and play a race (default)")
    play.add_argument("--fullscreen", action="store_true")
    replay = sub.add_parser("replay", help="open a saved race and step through it")
    replay.add_argument("file")
    replay.add_argument("--export", metavar="OUT", action="append", default=[],
                        help="write the race as a picture instead of opening the window: "
                             "OUT ending in .svg or .png (the chart with every track and the "
                             "places) or .gif (the race round by round); may be repeated")
    race = sub.add_parser("race", help="let bots sail a whole race in the terminal and print the results")
    race.add_argument("--rules", default="dinghy_race", help="the game: dinghy_race (default) or another registered game")
    race.add_argument("--course", "--board", dest="course", default=None,
                      help="a shipped course's (or board's) name or a file; default: the game's first")
    who = race.add_mutually_exclusive_group()
    who.add_argument("--skipper", default=None,
                     help="the bot for every seat by name (simple, tactician, ..., or a level); "
                          "default: the game's own")
    who.add_argument("--level", choices=("easy", "medium", "hard"), default=None,
                     help="every seat sailed by this level's skipper")
    race.add_argument("--boats", type=int, default=4)
    race.add_argument("--seed", type=int, default=1)
    race.add_argument("--save", metavar="FILE", help="write the race record here")
    race.add_argument("--log", action="store_true", help="print every event")
    race.add_argument("--races", type=int, default=1, help="sail a series of this many races (seeds S, S+1, ...)")
    race.add_argument("--scoring", default="low_point", help="series scoring: 3m, 10-9-8, low_point, bonus_point")
    race.add_argument("--discard", action="store_true", help="each boat drops its worst race")
    race.add_argument("--option", metavar="KEY=VALUE", action="append", default=[],
                      help="a game's set-up option, e.g. penalty=disqualify for the 3M Regatta's "
                           "advanced game; may be repeated")
    from dinghy.simulate import add_parser as add_simulate
    add_simulate(sub)
    course = sub.add_parser("course", help="course files")
    course_sub = course.add_subparsers(dest="course_command", required=True)
    check = course_sub.add_parser("check", help="validate a course file and print the findings")
    check.add_argument("file")
    check.add_argument("--fleet", type=int, default=6, help="fleet size the lines must fit (default 6)")
    check.add_argument("--game", default=None,
                       help="the game the file is for (default: what the file says; a Dinghy Race course "
                            "if it says nothing)")
    design = sub.add_parser("design", help="open the course designer (a new course, or FILE)")
    design.add_argument("file", nargs="?", help="a course file to open, or the name of a new one")
    design.add_argument("--fleet", type=int, default=6, help="fleet size the check uses (2-6, default 6)")
    design.add_argument("--game", default=None,
                        help="design a grid board for this grid game (a board file says its game itself)")
    serve = sub.add_parser("serve", help="put the table in a browser: host tables on this machine "
                                         "for phones, tablets and other computers to join")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default 127.0.0.1: this machine only; "
                            "0.0.0.0: the home network too)")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    serve.add_argument("--data", default=None,
                       help="the folder the tables are kept in (default: serve/ in dinghy's home)")
    return parser


def _race(args: argparse.Namespace) -> int:
    from dinghy import games
    from dinghy.core.race import Race
    from dinghy.core.scoring import SCORING_SYSTEMS, series_table
    from dinghy.core.setup import PALETTE, RaceSetup, Seat
    from dinghy.skippers import play_bots, skipper

    if not 1 <= args.boats <= len(PALETTE):
        raise DinghyError(f"--boats must be 1 to {len(PALETTE)}")
    if args.scoring not in SCORING_SYSTEMS:
        raise DinghyError(f"--scoring must be one of {', '.join(SCORING_SYSTEMS)}")
    if not 1 <= args.races <= 50:
        raise DinghyError("--races must be 1 to 50")
    entry = games.entry(args.rules, "command line", "--rules")
    board = args.course or ("olympic_triangle" if entry.name == "dinghy_race" else entry.boards()[0])
    try:
        bot = skipper(args.level or args.skipper, entry.name)
    except ValueError as exc:
        raise DinghyError(f"--skipper: {exc}") from None
    seat_skipper = args.level or args.skipper or bot.NAME
    names = list(PALETTE)[: args.boats]
    extra = []
    for opt in args.option:
        key, eq, value = opt.partition("=")
        if not eq or not key.strip():
            raise DinghyError(f"--option {opt!r}: write it as KEY=VALUE")
        known = entry.option(key.strip())
        if known is None:
            offered = ", ".join(o.key for o in entry.options) or "none"
            raise DinghyError(f"--option {opt!r}: {entry.title} has no option {key.strip()!r} "
                              f"(its options: {offered})")
        try:
            extra.append((known.key, known.parse(value)))
        except ValueError as exc:
            raise DinghyError(f"--option {opt!r}: {exc}") from None
    results, finished, ties = [], True, False
    unsaved: list[str] = []
    if args.save:      # a folder that cannot be written fails now, not after the race
        from dinghy.core import io
        io.check_writable(args.save if args.races == 1 else f"{args.save}.1")
    for k in range(args.races):
        setup = RaceSetup(seats=tuple(Seat(n, n, seat_skipper) for n in names), course=board,
                          seed=args.seed + k, extra=tuple(extra))
        race = Race(games.load_game(setup, entry.name))
        ties = ties or getattr(race.game, "places_may_tie", False)
        n = play_bots(race, random.Random(args.seed + k))
        if args.log:
            for e in race.events:
                print(e.text)
        title = f"race {k + 1}: " if args.races > 1 else ""
        rounds = race.game.rounds(race.state)
        print(f"{title}{entry.title}, {board}: " + (f"{rounds} rounds, " if rounds else "") + f"{n} actions")
        places = race.places()
        for seat in sorted((i for i, p in enumerate(places) if p is not None), key=lambda i: places[i]):
            print(f"{places[seat]}. {names[seat]}")
        for seat, p in enumerate(places):
            if p is None:
                print(f"-  {names[seat]} {race.game.unplaced_note(race.state, seat)}")
        results.append(places)
        finished = finished and race.over
        if args.save:
            path = args.save if args.races == 1 else f"{args.save}.{k + 1}"
            try:
                games.save_race(path, race)
            except OSError as exc:      # keep the results on screen; say so at the end
                unsaved.append(f"dinghy: {path}: cannot write ({exc.strerror or exc})")
    if args.races > 1:
        print(f"\nseries ({args.scoring}{', worst race discarded' if args.discard else ''}):")
        for row in series_table(results, args.scoring, discard_worst=args.discard, ties=ties):
            pts = " ".join(f"({p:g})" if i == row.discarded else f"{p:g}" for i, p in enumerate(row.race_points))
            print(f"{row.rank}. {names[row.boat]:10s} {pts}  total {row.total:g}")
    for line in unsaved:
        print(line, file=sys.stderr)
    if unsaved:
        return 2
    return 0 if finished else 1


def _export(args: argparse.Namespace) -> int:
    from dinghy import games
    from dinghy.core import io
    from dinghy.core import picture

    outs = [(out, Path(out).suffix.lower().lstrip(".")) for out in args.export]
    for out, fmt in outs:
        if fmt not in picture.FORMATS:
            raise DinghyError(f"--export {out}: the name must end in .svg, .png or .gif")
    race = games.load_race(args.file)
    if not picture.can_draw(race.game):
        raise DinghyError(f"{args.file}: {race.game.title} races have no pictures")
    for out, fmt in outs:
        try:
            # a GIF takes a while: a progress bar on standard error (tqdm)
            io.write_bytes_atomic(out, picture.render(race.game, race.history, fmt, progress=fmt == "gif"))
        except OSError as exc:
            raise DinghyError(f"{out}: cannot write ({exc.strerror})") from None
        print(f"wrote {out}")
    return 0


def _course_check(args: argparse.Namespace) -> int:
    from dinghy.course_check import check
    return check(args.file, args.game, args.fleet)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command in (None, "play"):
            from dinghy.ui import run_app
            run_app(fullscreen=getattr(args, "fullscreen", False))
            return 0
        if args.command == "replay":
            if args.export:
                return _export(args)
            from dinghy.ui import run_app
            from dinghy.core import io
            if not io.exists(args.file):
                raise DinghyError(f"{args.file}: file not found")
            run_app(replay=args.file)
            return 0
        if args.command == "race":
            return _race(args)
        if args.command == "course":
            return _course_check(args)
        if args.command == "serve":
            try:
                from dinghy.serve.app import serve
            except ImportError as exc:
                raise DinghyError(f"serve needs its web libraries ({exc.name} is missing); "
                                  "install them with: pip install 'dinghy[serve]'") from None
            return serve(args.host, args.port, args.data)
        if args.command == "simulate":
            from dinghy.simulate import main as simulate
            return simulate(args)
        if args.command == "design":
            from dinghy.games.grid.board_edit import is_grid_board_file, open_board
            if args.game is not None:
                from dinghy.course_check import board_game
                args.game = board_game(args.game)
            if args.game or is_grid_board_file(args.file):
                open_board(args.file, args.game)  # a broken file fails here, before any window
            else:
                from dinghy.games.dinghy_race.designer import open_for_design
                open_for_design(args.file)        # a broken file fails here, before any window
            from dinghy.ui.app import configure
            configure(headless=False)    # a window on the screen, as `play` opens: with no
            from dinghy.ui.designer.window import run_designer    # screen, one line, not a hidden one
            run_designer(args.file, fleet=args.fleet, game=args.game, headless=False)
            return 0
    except DinghyError as exc:
        print(f"dinghy: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``dinghy race | head -1``): stop quietly, as Unix tools do.
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except Exception as exc:
        if type(exc).__module__.startswith("pyglet"):
            # No screen (an SSH session, a server): say so in one line, not a traceback.
            print(f"dinghy: cannot open a window ({exc}); run it on a desktop, or under "
                  "a virtual screen: xvfb-run -a python3 run.py", file=sys.stderr)
            return 2
        raise
    return 0
