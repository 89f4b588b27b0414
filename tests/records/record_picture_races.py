"""Re-record tests/records/picture_races.json: the finished races the picture tests draw
(tests/picturekit.py's ``finished_race``), as their action texts. Re-record when a
skipper's play is meant to change:

    PYTHONPATH=$PWD:$PWD/tests .venv/bin/python tests/records/record_picture_races.py
"""
from __future__ import annotations

import json

import picturekit

#: (rules, course, seed, level) of the races the picture tests ask for:
#: test_race_pictures_every_game.py (every game, seed 3, its first board; Dinghy Race on
#: short_lap) and test_race_picture.py (Dinghy Race round up_and_down, simple skippers).
RACES = [("dinghy_race", "short_lap", 3, None), ("race_the_wind", "race_the_wind", 3, None),
         ("regatta", "3m_triangle", 3, None), ("regatta_advanced", "3m_triangle", 3, None),
         ("yacht_race", "yacht_race", 3, None), ("regatta_gigamic", "large", 3, None),
         ("dinghy_race", "up_and_down", 4, "simple")]


def main() -> None:
    picturekit.USE_RECORDS = False
    races = {}
    for key in RACES:
        race = picturekit.finished_race(*key)
        assert race.over, key
        races[picturekit.race_key(*key)] = [race.game.action_text(a) for a in race.actions]
        print(f"{picturekit.race_key(*key)}: {len(race.actions)} actions")
    data = {"about": "The finished races the picture tests draw (tests/picturekit.py), as sailed by their "
                     "skippers; made by tests/records/record_picture_races.py (re-record with it when a "
                     "skipper's play is meant to change).",
            "races": races}
    picturekit.PICTURE_RACES.write_text(json.dumps(data, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
