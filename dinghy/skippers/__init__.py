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

import random
import time
from typing import Any, Protocol

from dinghy.core.interface import CHANCE
from dinghy.skippers.dinghy_race import hard, simple, tactician
from dinghy.skippers.any_game import levels
from dinghy.skippers.race_the_wind import navigator as race_the_wind, hard as race_the_wind_hard
from dinghy.skippers.regatta_3m import navigator as regatta_3m, hard as regatta_3m_hard
from dinghy.skippers.regatta_gigamic import greedy as regatta_gigamic, hard as regatta_gigamic_hard
from dinghy.skippers.yacht_race import pilot as yacht_race, hard as yacht_race_hard


class Skipper(Protocol):
    NAME: str

    def choose(self, race: Any, rng: random.Random) -> Any: ...


class RandomSkipper:
    """Any legal action, uniformly: a bot that knows only the interface."""

    NAME = "random"

    @staticmethod
    def choose(race: Any, rng: random.Random) -> Any:
        return rng.choice(race.legal_actions())


#: game rules_name -> skipper name -> skipper; the first one is the game's default.
SKIPPERS: dict[str, dict[str, Skipper]] = {}


def register(rules: str, bot: Skipper) -> None:
    SKIPPERS.setdefault(rules, {})[bot.NAME] = bot


register("dinghy_race", simple)
register("dinghy_race", tactician)
register("dinghy_race", hard)
register("race_the_wind", race_the_wind)
register("race_the_wind", race_the_wind_hard.HARD)
register("regatta_gigamic", regatta_gigamic)
register("regatta_gigamic", regatta_gigamic_hard.HARD)
for _rules in ("regatta", "regatta_advanced"):
    register(_rules, regatta_3m)
    register(_rules, regatta_3m_hard.HARD)
register("yacht_race", yacht_race)
register("yacht_race", yacht_race_hard.HARD)


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
