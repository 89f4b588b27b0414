"""Re-record tests/records/person_races.json: the first rounds of the seeded races that
tests ask ``botkit.person_stops`` for (a person in seat 0, the hard skipper's choices
made for it too, hard rivals after it), as the hard skipper sails them, and the
skippers' random stream where each record stops, so that a race sailed on from the
record is the race sailed from its first action.

Re-record when the hard skipper's play is meant to change (its decisions then differ):

    PYTHONPATH=$PWD:$PWD/tests .venv/bin/python tests/records/record_person_races.py
"""
from __future__ import annotations

import botkit

#: (course, seed, rivals, keeps_weather_eye, last round recorded): the races of
#: test_coach_weather_eye.py, test_weather_eye_places.py and test_coach_hints.py, to the
#: furthest round those tests walk.
RACES = [
    ("up_and_down", 3, ("hard", "hard"), True, 24),
    ("up_and_down", 7, ("hard", "hard"), True, 20),
    ("island_race", 5, ("hard", "hard"), True, 16),
    ("olympic_triangle", 2, ("hard",), False, 5),
    ("olympic_triangle", 11, ("hard",), False, 9),
    ("up_and_down", 4, ("hard",), False, 9),
]


def main() -> None:
    botkit.USE_RECORDS = False
    races = []
    for course, seed, rivals, keeps, last_round in RACES:
        for _ in botkit.person_stops(course, seed, (), rivals=rivals, last_round=last_round,
                                     keeps_weather_eye=keeps):
            pass
        sailed, rng = botkit._SAILED[botkit.race_key(course, seed, rivals, keeps)]
        races.append({"course": course, "seed": seed, "rivals": list(rivals), "keeps_weather_eye": keeps,
                      "last_round": last_round, "actions": [a.text() for a in sailed],
                      "rng": botkit.rng_state(rng)})
        print(f"{course} seed {seed}: {len(sailed)} actions to round {last_round}")
    botkit.write_record(botkit.PERSON_RACES, "The first rounds of the races tests/botkit.py's person_stops sails (a person in seat 0 "
                                             "whose choices the hard skipper makes, hard rivals), with the skippers' random stream "
                                             "where each stops; made by tests/records/record_person_races.py (re-record with it when "
                                             "the hard skipper's play is meant to change).", races)


if __name__ == "__main__":
    main()
