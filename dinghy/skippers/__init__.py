"""Bots: each skipper offers ``choose(race, rng) -> action`` and receives its RNG from outside.

Laid out like :mod:`dinghy.games`: one package a game (``dinghy_race``, ``race_the_wind``,
``regatta_3m``, ``regatta_gigamic``, ``yacht_race``) holds that game's skippers and the
parts only they use; ``any_game`` holds the bots that know the game interface alone
(the levels' generic easy and look-ahead hard). This module is the registry.

Skippers are registered per game (the game's ``rules_name``); ``random`` plays any
game through the interface alone (a uniformly chosen legal action), so every game has
at least one bot from the day it registers.
"""
from __future__ import annotations

import importlib
import random
import threading
import time
from typing import Any, Protocol

from dinghy.core.interface import CHANCE
from dinghy.skippers.any_game import levels


class Skipper(Protocol):
    NAME: str

    def choose(self, race: Any, rng: random.Random) -> Any: ...


class RandomSkipper:
    """Any legal action, uniformly: a bot that knows only the interface."""

    NAME = "random"

    @staticmethod
    def choose(race: Any, rng: random.Random) -> Any:
        return rng.choice(race.legal_actions())


#: Each game's own skippers, (module, its attribute or "" for the module itself) in the
#: order they register (the first is the game's default): imported when that game's
#: skippers are first asked for, so that a program playing one game never loads the
#: others' bots (each game's skippers are a few tenths of a second of imports).
_HARD = "HARD"
_FLEETS: dict[str, tuple[tuple[str, str], ...]] = {
    "dinghy_race": (("dinghy.skippers.dinghy_race.simple", ""), ("dinghy.skippers.dinghy_race.tactician", ""),
                    ("dinghy.skippers.dinghy_race.hard", "")),
    "race_the_wind": (("dinghy.skippers.race_the_wind.navigator", ""), ("dinghy.skippers.race_the_wind.hard", _HARD)),
    "regatta_gigamic": (("dinghy.skippers.regatta_gigamic.greedy", ""),
                        ("dinghy.skippers.regatta_gigamic.hard", _HARD)),
    **{rules: (("dinghy.skippers.regatta_3m.navigator", ""), ("dinghy.skippers.regatta_3m.hard", _HARD))
       for rules in ("regatta", "regatta_advanced")},
    "yacht_race": (("dinghy.skippers.yacht_race.pilot", ""), ("dinghy.skippers.yacht_race.hard", _HARD)),
}


class _Registry(dict):
    """:data:`SKIPPERS`: a plain mapping to read, whose games' own skippers are imported
    (:data:`_FLEETS`) when that game is first asked for; going through the whole mapping
    imports every game's. One lock: a server's threads never see a game half loaded."""

    _lock = threading.RLock()

    def _game(self, rules: Any) -> None:
        if rules not in _FLEETS:
            return
        with self._lock:
            for path, attr in _FLEETS.get(rules, ()):
                module = importlib.import_module(path)
                bot = getattr(module, attr) if attr else module
                dict.setdefault(self, rules, {})[bot.NAME] = bot
            _FLEETS.pop(rules, None)

    def _every_game(self) -> None:
        for rules in list(_FLEETS):
            self._game(rules)

    def get(self, rules: Any, default: Any = None) -> Any:
        self._game(rules)
        return dict.get(self, rules, default)

    def __getitem__(self, rules: Any) -> Any:
        self._game(rules)
        return dict.__getitem__(self, rules)

    def __contains__(self, rules: Any) -> bool:
        self._game(rules)
        return dict.__contains__(self, rules)

    def setdefault(self, rules: Any, default: Any = None) -> Any:
        self._game(rules)
        return dict.setdefault(self, rules, default)

    def __iter__(self) -> Any:
        self._every_game()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._every_game()
        return dict.__len__(self)

    def keys(self) -> Any:
        self._every_game()
        return dict.keys(self)

    def values(self) -> Any:
        self._every_game()
        return dict.values(self)

    def items(self) -> Any:
        self._every_game()
        return dict.items(self)

    def __repr__(self) -> str:
        self._every_game()
        return dict.__repr__(self)


#: game rules_name -> skipper name -> skipper; the first one is the game's default.
SKIPPERS: dict[str, dict[str, Skipper]] = _Registry()


def register(rules: str, bot: Skipper) -> None:
    SKIPPERS.setdefault(rules, {})[bot.NAME] = bot


def skipper(name: str | None, rules: str = "dinghy_race") -> Skipper:
    """The skipper ``name`` for game ``rules`` (None: the game's default). A level's
    name (``easy``, ``medium``, ``hard``) gives that level's skipper for the game
    (:mod:`dinghy.skippers.any_game.levels`)."""
    bots = SKIPPERS.get(rules, {})
    if name is None:
        return next(iter(bots.values()), RandomSkipper)
    if name == RandomSkipper.NAME:
        return RandomSkipper
    if name in bots:
        return bots[name]
    if levels.is_level(name):
        return levels.level_skipper(name, rules)
    known = ", ".join([*bots, RandomSkipper.NAME, *levels.LEVELS])
    raise ValueError(f"unknown skipper {name!r} for {rules}; known: {known}")


def ready(bot, race) -> bool:
    """Whether ``bot`` can decide now without waiting for something it prepares in the
    background (the hard skipper's field of the course, the first race on new water): a
    window asks, and lives on meanwhile. Skippers without such work are always ready."""
    check = getattr(bot, "ready", None)
    return True if check is None else bool(check(race))


def out_of_turn(race, bots: list, player: int) -> Any | None:
    """The first out-of-turn call a seat's skipper makes now (the hard skipper's claim
    for room at a mark, rule 3), asked of every seat but the one about to act; None when
    the game offers none or nobody speaks."""
    speakers = [(seat, speak) for seat, bot in enumerate(bots)
                if seat != player and callable(speak := getattr(bot, "interject", None))]
    # a fleet of skippers that never speak out of turn need not ask what the game offers
    if not speakers or not race.interjections():
        return None
    for seat, speak in speakers:
        call = speak(race, seat)
        if call is not None:
            return call
    return None


def play_bots(race, rng: random.Random, max_actions: int = 20000, bots: list | None = None,
              timings: list[list[float]] | None = None) -> int:
    """Let every seat's skipper (the game's default for people too; ``bots``: one per
    seat instead) play until the race is over; chance acts with the race's seeded stream.
    ``timings``, one list per seat, receives the CPU seconds of each of its decisions.
    Returns the number of actions."""
    n = 0
    rules = race.game.rules_name
    if bots is None:
        bots = [skipper(seat.skipper, rules) for seat in race.game.setup.seats]
    while not race.over and n < max_actions:
        player = race.current_player()
        if player == CHANCE:
            race.roll()
        else:
            call = out_of_turn(race, bots, player)
            if call is not None:          # then ask again who acts
                race.push(call)
            elif timings is None:
                race.push(bots[player].choose(race, rng))
            else:
                t = time.process_time()
                action = bots[player].choose(race, rng)
                timings[player].append(time.process_time() - t)
                race.push(action)
        n += 1
    return n
