"""The registry of games: each ruleset by the name its records carry.

A game registers a loader that turns a :class:`~dinghy.core.setup.RaceSetup` into a game
object of the interface (:mod:`dinghy.core.interface`), reading its data files.
``load_game``, ``load_race`` and ``save_race`` are the doors the command line, the window,
the bots and the simulator use, whatever the game.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from dinghy.core import io
from dinghy.core.errors import DataError
from dinghy.core.interface import GameOption
from dinghy.core.race import RECORD_FORMAT, Race, check_record
from dinghy.core.setup import RaceSetup
from dinghy.games.dinghy_race.options import OPTIONS as DINGHY_RACE_OPTIONS, RULE_1, SPI_DOWN


@dataclass(frozen=True)
class GameEntry:
    name: str                       # the registry name, as records write it
    title: str                      # for people
    load: Callable[[RaceSetup], Any]
    boards: Callable[[], list[str]]   # the shipped courses or boards, by name
    options: tuple[GameOption, ...] = ()   # set-up options read from RaceSetup.extra
    #: the set-up a record of an older format was played under, in today's terms (a
    #: reading that has changed since kept as the option the record's race was sailed by)
    older_setup: Callable[[RaceSetup, int], RaceSetup] | None = None

    def option(self, key: str) -> GameOption | None:
        return next((o for o in self.options if o.key == key), None)


def _dinghy_race(setup: RaceSetup):
    from dinghy.games.dinghy_race.data import load_game
    return load_game(setup)


GAMES: dict[str, GameEntry] = {}


def register(name: str, title: str, load: Callable[[RaceSetup], Any],
             boards: Callable[[], list[str]], options: Sequence[GameOption] = (),
             older_setup: Callable[[RaceSetup, int], RaceSetup] | None = None) -> None:
    GAMES[name] = GameEntry(name, title, load, boards, tuple(options), older_setup)


_ON_OFF = ((False, "Off"), (True, "On"))




def _dinghy_race_older_setup(setup: RaceSetup, fmt: int) -> RaceSetup:
    """Records before format 3 were sailed when a Spi down with no spinnaker up rolled;
    before format 4, when rule 1 looked at the tack or jibe card only."""
    given = {k for k, _ in setup.extra}
    extra = setup.extra
    if fmt < 3 and SPI_DOWN.key not in given:
        extra += ((SPI_DOWN.key, "rolls"),)
    if fmt < 4 and RULE_1.key not in given:
        extra += ((RULE_1.key, "tack_only"),)
    return setup if extra == setup.extra else setup.with_(extra=extra)


register("dinghy_race", "Dinghy Race", _dinghy_race, lambda: io.shipped("courses"),
         options=tuple(DINGHY_RACE_OPTIONS.values()), older_setup=_dinghy_race_older_setup)


def _race_the_wind(setup: RaceSetup):
    from dinghy.games.race_the_wind.data import load_game
    return load_game(setup)


def _race_the_wind_boards() -> list[str]:
    from dinghy.games.grid.loading import shipped_boards
    return shipped_boards("race_the_wind")


register("race_the_wind", "Race the Wind", _race_the_wind, _race_the_wind_boards, options=(
    GameOption("proper_course", "Proper course", _ON_OFF, False,
               "a boat may not sail above its proper course to block another"),
    GameOption("better_spinnaker", "Better spinnaker", _ON_OFF, False,
               "a spinnaker gives one bonus straight move instead of two moves"),
))


def _regatta_3m_boards() -> list[str]:
    from dinghy.games.regatta_3m.data import boards
    return boards()


def _regatta_3m(advanced: bool) -> Callable[[RaceSetup], Any]:
    def load(setup: RaceSetup):
        from dinghy.games.regatta_3m.data import load_game
        return load_game(setup, advanced)
    return load


register("regatta", "Regatta (3M)", _regatta_3m(False), _regatta_3m_boards)
register("regatta_advanced", "Regatta (3M), advanced", _regatta_3m(True), _regatta_3m_boards, options=(
    GameOption("penalty", "Penalty", (("forfeit", "Take back, forfeit"), ("disqualify", "Disqualify")),
               "forfeit", "Option B takes back the legs and forfeits a turn; Option A disqualifies"),
))


def _yacht_race(setup: RaceSetup):
    from dinghy.games.yacht_race.data import load_game
    return load_game(setup)


def _yacht_race_boards() -> list[str]:
    from dinghy.games.yacht_race.data import boards
    return boards()


register("yacht_race", "Yacht Race", _yacht_race, _yacht_race_boards)


def _regatta_gigamic(setup: RaceSetup):
    from dinghy.games.regatta_gigamic.data import load_game
    return load_game(setup)


register("regatta_gigamic", "Regatta (Gigamic)", _regatta_gigamic,
         lambda: io.shipped("courses/regatta_gigamic"))


def entry(name: str, source: str = "setup", field: str = "rules") -> GameEntry:
    """The registered game ``name``; a DataError naming ``source`` and ``field`` if none."""
    try:
        return GAMES[name]
    except KeyError:
        raise DataError(source, field, f"unknown game {name!r}; known: {', '.join(GAMES)}") from None


def load_game(setup: RaceSetup, rules: str = "dinghy_race", source: str = "setup"):
    """The game object for ``setup``, its data read from the files the set-up names."""
    return entry(rules, source).load(setup)


def save_race(path: str | os.PathLike[str], race: Race) -> None:
    """Write a race record (set-up + actions) atomically as JSON."""
    io.write_json_atomic(path, race.record())


def load_race(path: str | os.PathLike[str]) -> Race:
    """Read and replay a race record; a damaged record fails whole, never half-loads."""
    return race_from_record(io.read_json(path), str(path))


def race_from_record(data: Any, source: str) -> Race:
    """Replay a race record already read (a file's JSON, a table's rows in the server's
    store); a DataError naming ``source`` and the field if it is damaged."""
    check_record(data, source)
    name = data["rules"]
    entry(name, source)
    setup = RaceSetup.from_mapping(data.get("setup"), source=source)
    older = GAMES[name].older_setup
    if older is not None and data["format"] < RECORD_FORMAT:
        setup = older(setup, data["format"])
    try:
        game = load_game(setup, name, source=source)
    except DataError as exc:        # a file the record names: the record is named first
        if exc.source == source:
            raise
        if exc.source == "setup":
            raise DataError(source, f"setup.{exc.field}", exc.message) from None
        raise DataError(source, "setup", f"the race is set on {exc}") from None
    return Race.replay(game, data["actions"], source=source, fmt=data["format"])
