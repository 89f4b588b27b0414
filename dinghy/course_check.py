"""``dinghy course check FILE [--game NAME]``: every game's course and board files.

A file says which game it is for: a grid board has ``game`` and ``width`` (Race the
Wind, the 3M Regatta, Yacht Race), a Regatta (Gigamic) course has ``buoys`` (or lies in
a ``regatta_gigamic`` folder), anything else is a Dinghy Race course. ``--game`` says it
instead (a bare name is then looked up among that game's shipped files). The file is
then loaded as its game loads it to race (so everything a race would refuse is refused
here as an error finding naming the field) and its findings are printed.
"""
from __future__ import annotations

from dinghy.core import io
from dinghy.core.errors import DataError

#: The grid boards' ``game`` key for each registered game that sails a grid board.
GRID_GAMES = {"race_the_wind": "race_the_wind", "regatta": "regatta_3m",
              "regatta_advanced": "regatta_3m", "yacht_race": "yacht_race"}
#: The registered game that races a board of each ``game`` key.
RULES_OF_BOARD = {"race_the_wind": "race_the_wind", "regatta_3m": "regatta", "yacht_race": "yacht_race"}


def board_game(game: str) -> str:
    """The grid boards' ``game`` key for ``--game`` (a registered game's name, or the
    key itself); a DinghyError naming the grid games when it is none."""
    if game in RULES_OF_BOARD:
        return game
    if game in GRID_GAMES:
        return GRID_GAMES[game]
    raise DataError("command line", "--game", f"{game!r} sails no grid board; the grid games: "
                    f"{', '.join(GRID_GAMES)} (a Dinghy Race course needs no --game)")


def kind_of(file: str, game: str | None) -> str:
    """``dinghy_race``, ``regatta_gigamic`` or ``grid``: how ``file`` is read."""
    if game is not None:
        from dinghy import games
        name = games.entry(game, "command line", "--game").name
        return "grid" if name in GRID_GAMES else name
    p = io.check_name(file)
    if not io.exists(p):
        return "dinghy_race"            # a bare name or a missing file: reported as typed
    data = io.read_toml(p)
    if "game" in data and "width" in data:
        return "grid"
    if "buoys" in data or p.parent.name == "regatta_gigamic":
        return "regatta_gigamic"
    return "dinghy_race"


def check(file: str, game: str | None = None, fleet: int = 6) -> int:
    """Print the findings on ``file`` (``FILE: ok`` when none); 2 if any is an error."""
    kind = kind_of(file, game)
    if kind == "grid":
        lines = _grid(file, GRID_GAMES[game] if game is not None else None)
    elif kind == "regatta_gigamic":
        lines = _gigamic(file)
    else:
        lines = _dinghy_race(file, fleet)
    for level, text in lines:
        print(f"{file}: {level}: {text}")
    if not lines:
        print(f"{file}: ok")
    return 2 if any(level == "error" for level, _ in lines) else 0


def _race_setup(course: str, boats: int = 2):
    from dinghy.core.setup import PALETTE, RaceSetup, Seat
    return RaceSetup(seats=tuple(Seat(n, n, None) for n in list(PALETTE)[:boats]), course=course)


def _dinghy_race(file: str, fleet: int) -> list[tuple[str, str]]:
    from dinghy.games.dinghy_race import data
    from dinghy.games.dinghy_race.course_checks import validate
    course = data.load_course(file)
    out = []
    for f in validate(course, fleet_size=fleet):
        at = f" at ({f.at[0]:.0f}, {f.at[1]:.0f})" if f.at else ""
        out.append((f.level, f"{f.field}: {f.message}{at}"))
    return out


def _grid(file: str, board_game: str | None) -> list[tuple[str, str]]:
    from dinghy import games
    from dinghy.games.grid.loading import load_board, resolve_board
    from dinghy.games.grid.board_edit import check as check_board
    board = load_board(file, board_game)
    rules = RULES_OF_BOARD.get(board.game)
    if rules is None:
        raise DataError(str(resolve_board(file)), "game", f"no game sails a board of {board.game!r}; "
                        f"grid games: {', '.join(sorted(RULES_OF_BOARD))}")
    path = str(resolve_board(file))
    refused = _refused(lambda: games.load_game(_race_setup(path), rules), path)
    return refused + [(f.level, f.text) for f in check_board(board)]


def _gigamic(file: str) -> list[tuple[str, str]]:
    from dinghy import games
    from dinghy.games.regatta_gigamic.data import COURSES
    p = str(io.resolve(COURSES, file))
    return _refused(lambda: games.load_game(_race_setup(p), "regatta_gigamic"), p)


def _refused(load, path: str) -> list[tuple[str, str]]:
    """What a race would refuse in the file at ``path``, as an error finding (an error
    in another file stays a DataError naming that file)."""
    try:
        load()
    except DataError as exc:
        if exc.source != path:
            raise
        return [("error", f"{exc.field}: {exc.message}" if exc.field else exc.message)]
    return []
