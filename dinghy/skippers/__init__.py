"""Bots: each skipper offers ``choose(race, rng) -> action`` and receives its RNG from outside."""
from __future__ import annotations

import random
from types import ModuleType

from dinghy.skippers import simple, tactician

SKIPPERS: dict[str, ModuleType] = {simple.NAME: simple, tactician.NAME: tactician}


def skipper(name: str) -> ModuleType:
    try:
        return SKIPPERS[name]
    except KeyError:
        raise ValueError(f"unknown skipper {name!r}; known: {', '.join(SKIPPERS)}") from None


def play_bots(race, rng: random.Random, max_actions: int = 20000) -> int:
    """Let every seat's skipper (the simple one for humans too) play until the race is over.

    Returns the number of actions played.
    """
    n = 0
    while not race.over and n < max_actions:
        seat = race.game.setup.seats[race.state.active]
        bot = skipper(seat.skipper or simple.NAME)
        race.push(bot.choose(race, rng))
        n += 1
    return n
