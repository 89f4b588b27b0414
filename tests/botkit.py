"""Helpers for skipper tests: a whole race sailed by the seats' skippers, every action
checked by the engine before it is pushed."""
from __future__ import annotations

import json
import random
from pathlib import Path

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


#: The races ``person_stops`` sailed in this process: for each set-up, the actions so far
#: and the skippers' random stream where they stopped. A test file asks for the same
#: seeded race again and again, stopped at other steps or rounds; the hard skipper's
#: choices are made once and replayed after that (the same actions, the same race).
_SAILED: dict[tuple, tuple[list, random.Random]] = {}

#: The first rounds of the races the tests ask ``person_stops`` for most, as the hard
#: skipper sails them, with the skippers' random stream where the record stops (made by
#: tests/records/record_person_races.py): a race starts from its record and the skippers
#: sail on from there only where a test goes further, choice for choice as in a race
#: sailed from the first action.
PERSON_RACES = Path(__file__).parent / "records" / "person_races.json"
USE_RECORDS = True


def race_key(course: str, seed: int, rivals=("hard",), keeps_weather_eye: bool = False) -> tuple:
    return (course, seed, tuple(rivals), keeps_weather_eye)


def _recorded(key: tuple, game) -> tuple[list, random.Random] | None:
    """The record's actions for ``key`` and the skippers' random stream where it stops."""
    if not USE_RECORDS or not PERSON_RACES.exists():
        return None
    for r in json.loads(PERSON_RACES.read_text())["races"]:
        if race_key(r["course"], r["seed"], r["rivals"], r["keeps_weather_eye"]) == key:
            return [game.parse_action(text) for text in r["actions"]], rng_from(r["rng"])
    return None


def write_record(path: Path, about: str, races: dict) -> None:
    """A records file of tests/records/: what made it (``about``: the script to re-record
    with) and its races by key, in one compact line of JSON."""
    import json

    path.write_text(json.dumps({"about": about, "races": races}, separators=(",", ":")) + "\n")


def rng_state(rng: random.Random) -> list:
    """A random stream's state as JSON can keep it (``rng_from`` makes the stream again)."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from(state: list) -> random.Random:
    version, internal, gauss = state
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return rng


#: Seeded bot races recorded up to the position a test is about, with the skippers'
#: random stream there (tests/records/bot_races.json, made by
#: tests/records/record_bot_races.py): a test replays the record and lets the bots
#: decide the moves that matter, choice for choice as in the race sailed whole.
BOT_RACES = Path(__file__).parent / "records" / "bot_races.json"


def resumed(name: str):
    """(race, rng): the record ``name`` replayed (each action through ``Race.push``, which
    applies nothing the engine refuses) and the skippers' random stream where it stops
    (None where the record keeps none)."""
    from dinghy import games
    from dinghy.core.race import Race
    from dinghy.core.setup import RaceSetup
    r = json.loads(BOT_RACES.read_text())["races"][name]
    race = Race(games.load_game(RaceSetup.from_mapping(r["setup"])))
    for text in r["actions"]:
        race.push(text)
    return race, (rng_from(r["rng"]) if r.get("rng") else None)


def person_stops(course: str, seed: int, steps, *, rivals=("hard",), first_round: int = 0,
                 last_round: int = 14, keeps_weather_eye: bool = False):
    """A Dinghy Race with a person in seat 0 and the ``rivals`` (skipper names) in the
    seats after it; the person's choices are made by the hard skipper too (seeded), but
    a person who ``keeps_weather_eye`` passes at every Weather Eye step. Yields the race
    at each of the person's ``steps`` from ``first_round`` to ``last_round``; the race
    must not be changed between stops (a test plays on from a copy, ``Race.from_state``)."""
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
    key = race_key(course, seed, rivals, keeps_weather_eye)
    if key not in _SAILED:
        _SAILED[key] = _recorded(key, race.game) or ([], random.Random(seed))
    sailed, rng = _SAILED[key]
    while not race.over and race.state.round <= last_round:
        n = len(race.actions)
        player = race.current_player()
        if player == 0 and race.state.step in steps and race.state.round >= first_round:
            yield race
            assert len(race.actions) == n, "a test changed the race between person_stops' stops"
        if n == len(sailed):                     # not sailed yet in this process
            if player == CHANCE:
                sailed.append(race.game.sample_chance(race.state, race.dice_rng()))   # race.roll()
            elif player == 0 and keeps_weather_eye and race.state.step is Step.WEATHER_EYE:
                sailed.append(Pass())
            else:
                sailed.append(hard.choose(race, rng))
        race.push(sailed[n])


def served_at_weather_eye(tables, seed: int, board: str = "up_and_down"):
    """A two-person Dinghy Race table of a ``dinghy serve`` (its ``Tables``) played by a
    skipper's brain, through the server as seats' texts, on to a seat's first Weather
    Eye step where its card may lie near the boat and the other boat's card lies
    face-down (a built position: some forty actions)."""
    from dinghy.games.dinghy_race.state import Step
    from dinghy.serve.tables import make_setup
    table = tables.create("dinghy_race", make_setup("dinghy_race", board,
                                                    [{"who": "person"}, {"who": "person"}], seed))
    race, brain, rng = table.race, skipper(None, "dinghy_race"), random.Random(seed)
    for _ in range(400):
        st = race.state
        if (st.step is Step.WEATHER_EYE and race.game.board_placements(st)
                and race.game._face_down(st, 1 - st.active)):
            return table
        tables.act(table, race.current_player(), race.game.action_text(brain.choose(race, rng)), table.count)
    raise AssertionError("no Weather Eye step with places in 400 actions")
