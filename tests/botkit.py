"""Helpers for skipper tests: a whole race sailed by the seats' skippers, every action
checked by the engine before it is pushed."""
from __future__ import annotations

import random

from dinghy.skippers import skipper


def sail_checked(race, rng: random.Random, max_actions: int = 20000) -> None:
    """Every seat's skipper plays until the race is over (or ``max_actions``); chance
    rolls with the race's seeded stream. Fails on the first action the engine refuses,
    naming it and the engine's reason."""
    rules = race.game.rules_name
    bots = [skipper(seat.skipper, rules) for seat in race.game.setup.seats]
    while not race.over and len(race.actions) < max_actions:
        if race.chance:
            race.roll()
            continue
        action = bots[race.current_player()].choose(race, rng)
        reason = race.why_not(action)
        assert reason is None, f"{action.text()}: {reason}"
        race.push(action)
