"""A process that holds many races at once (`dinghy serve`: a table each) asks the same
skipper about each of them in turn; the skippers' caches of a game's graphs and tables
are bounded and evict the oldest, and a choice must never depend on what was evicted.
(Found by benchmarks/bench_serve.py: ten Race the Wind tables, the easy skipper failed
with a KeyError once more than eight graphs had been built.)"""
from __future__ import annotations

import random

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper


def test_the_race_the_wind_skipper_chooses_in_many_races_held_at_once():
    board = games.entry("race_the_wind").boards()[0]
    races = []
    for seed in range(12):
        setup = RaceSetup(seats=tuple(Seat(n, n, "easy") for n in list(PALETTE)[:2]), course=board, seed=seed)
        races.append(Race(games.load_game(setup, "race_the_wind")))
    bot, rng = skipper("easy", "race_the_wind"), random.Random(0)
    for _ in range(60):                     # round the tables, as a server's bots do (the wind shifts)
        for race in races:
            while race.chance:
                race.roll()
            action = bot.choose(race, rng)
            assert race.why_not(action) is None
            race.push(action)
    assert all(len(r.actions) >= 60 for r in races)
