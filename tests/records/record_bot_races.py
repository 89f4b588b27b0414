"""Re-record tests/records/bot_races.json: seeded bot races up to the position a test is
about, with the skippers' random stream there (tests/botkit.py's ``resumed`` replays
them). Re-record when a skipper's play is meant to change (its decisions then differ):

    PYTHONPATH=$PWD:$PWD/tests .venv/bin/python tests/records/record_bot_races.py
"""
from __future__ import annotations

import random

import botkit
from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper


def _race(course: str, skippers: list[str], seed: int) -> Race:
    seats = tuple(Seat(n, n, s) for n, s in zip(PALETTE, skippers))
    return Race(games.load_game(RaceSetup(seats=seats, course=course, seed=seed)))


def _sail(race: Race, rng: random.Random, stop) -> tuple[list[str], list]:
    """Each seat's skipper plays (chance with the race's seeded stream) until ``stop(race)``
    holds after an action: the actions before that one, and the stream before it."""
    states = []
    while not race.over:
        states.append(botkit.rng_state(rng))
        if race.chance:
            race.roll()
        else:
            race.push(skipper(race.game.setup.seats[race.current_player()].skipper).choose(race, rng))
        if stop(race):
            return [race.game.action_text(a) for a in race.actions[:-1]], states[-1]
    raise SystemExit("the race ended before its stop")


def before_the_first_finish(seed: int) -> dict:
    """test_finishing.py's whole bot races (four simple boats, up-and-down): to the action
    before the first boat finishes."""
    race = _race("up_and_down", ["simple"] * 4, seed)
    actions, rng = _sail(race, random.Random(seed), lambda r: bool(r.state.places))
    return {"setup": race.game.setup.to_mapping(), "actions": actions, "rng": rng}


def coach_race() -> dict:
    """test_hard_skipper.py's coach race (hard, tactician and simple, up-and-down, seed 3):
    its first 400 actions."""
    race = _race("up_and_down", ["hard", "tactician", "simple"], 3)
    actions, _ = _sail(race, random.Random(3), lambda r: len(r.actions) > 400)
    return {"setup": race.game.setup.to_mapping(), "actions": actions}


def simulated_weather_eye_race() -> dict:
    """test_simulate.py's Weather Eye tally race (``run.sail``: three hard boats, up-and-down,
    seed 2, cut at 300 actions): its first 280 actions."""
    import dataclasses

    from dinghy.simulate import plan as sim_plan, run
    plan = sim_plan.make_plan("dinghy_race", ["up_and_down"], [3], ["hard"], races=1, seed=2)
    tally, run.tally = run.tally, (lambda race, job: race)
    try:
        race = run.sail(dataclasses.replace(plan.jobs[0], max_actions=300))
    finally:
        run.tally = tally
    return {"setup": race.game.setup.to_mapping(), "actions": [race.game.action_text(a) for a in race.actions[:280]]}


def main() -> None:
    races = {"finishing_simple_3": before_the_first_finish(3),
             "finishing_simple_8": before_the_first_finish(8),
             "coach_race": coach_race(),
             "simulated_weather_eye": simulated_weather_eye_race()}
    for name, r in races.items():
        print(f"{name}: {len(r['actions'])} actions")
    botkit.write_record(botkit.BOT_RACES, "Seeded bot races up to the position a test is about, with the skippers' random stream "
                                          "there; made by tests/records/record_bot_races.py (re-record with it when a skipper's "
                                          "play is meant to change).", races)


if __name__ == "__main__":
    main()
