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


def person_stops(course: str, seed: int, steps, *, rivals=("hard",), first_round: int = 0,
                 last_round: int = 14, keeps_weather_eye: bool = False):
    """A Dinghy Race with a person in seat 0 and the ``rivals`` (skipper names) in the
    seats after it; the person's choices are made by the hard skipper too (seeded), but
    a person who ``keeps_weather_eye`` passes at every Weather Eye step. Yields the race
    at each of the person's ``steps`` from ``first_round`` to ``last_round``."""
    from dinghy import games
    from dinghy.core.interface import CHANCE
    from dinghy.core.race import Race
    from dinghy.core.setup import PALETTE, RaceSetup, Seat
    from dinghy.games.dinghy_race.actions import Pass
    from dinghy.games.dinghy_race.state import Step
    from dinghy.skippers.dinghy_race import hard

    names = list(PALETTE)
    seats = (Seat(names[0], names[0], None),) + tuple(Seat(n, n, r) for n, r in zip(names[1:], rivals))
    race = Race(games.load_game(RaceSetup(seats=seats, course=course, seed=seed)))
    rng = random.Random(seed)
    while not race.over and race.state.round <= last_round:
        if race.current_player() == CHANCE:
            race.roll()
            continue
        person = race.current_player() == 0
        if person and race.state.step in steps and race.state.round >= first_round:
            yield race
        if person and keeps_weather_eye and race.state.step is Step.WEATHER_EYE:
            race.push(Pass())
            continue
        race.push(hard.choose(race, rng))
