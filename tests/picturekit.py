"""The finished races the picture tests draw (test_race_picture.py,
test_race_pictures_every_game.py): two boats, seeded, sailed by skippers. A race is
replayed from its record in tests/records/picture_races.json (each action through
``Race.push``, which applies nothing the engine refuses) and sailed by its skippers only
where the record has none; the pictures are about drawing a finished race, not about
how the skippers sail it."""
from __future__ import annotations

import functools
import json
import random
from pathlib import Path

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat

PICTURE_RACES = Path(__file__).parent / "records" / "picture_races.json"
USE_RECORDS = True


def race_key(rules: str, course: str, seed: int, level: str | None) -> str:
    return f"{rules} on {course}, seed {seed}, two {level or 'default'} skippers"


@functools.cache
def _recorded() -> dict[str, list[str]]:
    if not USE_RECORDS or not PICTURE_RACES.exists():
        return {}
    return json.loads(PICTURE_RACES.read_text())["races"]


def finished_race(rules: str, course: str, seed: int, level: str | None = None) -> Race:
    """A fresh Race of two boats (the palette's first two colours, skipper ``level``:
    None is the game's default) on ``course``, sailed to its end with
    ``random.Random(seed)`` or replayed from its record."""
    from dinghy.skippers import play_bots

    seats = tuple(Seat(n, n, level) for n in list(PALETTE)[:2])
    race = Race(games.load_game(RaceSetup(seats=seats, course=course, seed=seed), rules))
    record = _recorded().get(race_key(rules, course, seed, level))
    if record is None:
        play_bots(race, random.Random(seed))
    else:
        for text in record:
            race.push(text)
    return race
