"""Re-record tests/records/played_races.json: the seeded races tests/test_positions.py's
``played`` gives (each game on its first board, sailed by its default skippers), as
their action texts. Re-record when a skipper's play is meant to change:

    PYTHONPATH=$PWD:$PWD/tests .venv/bin/python tests/records/record_played_races.py
"""
from __future__ import annotations

import botkit
import test_positions
from dinghy import games

#: (name, seed, seats, limit) of the races tests ask ``played`` for: test_positions.py and
#: test_spellings.py (every game, seed 1), test_skipper_models.py and test_public_face.py.
RACES = [*((name, 1, 3, None) for name in sorted(games.GAMES)),
         ("regatta", 2, 3, None), ("regatta_advanced", 2, 3, None),
         ("dinghy_race", 1, 3, 700)]


def main() -> None:
    test_positions._recorded = lambda: {}
    races = {}
    for key in RACES:
        game, race = test_positions.played(*key)
        races[test_positions.played_key(*key)] = [game.action_text(a) for a in race.actions]
        print(f"{test_positions.played_key(*key)}: {len(race.actions)} actions")
    botkit.write_record(test_positions.PLAYED, "The seeded races tests/test_positions.py's played() gives, as sailed by each game's "
                                               "default skippers; made by tests/records/record_played_races.py (re-record with it when "
                                               "a skipper's play is meant to change).", races)


if __name__ == "__main__":
    main()
