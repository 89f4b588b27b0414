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


def _rtw(board: str, seed: int, boats: int = 2, **options) -> Race:
    setup = RaceSetup(seats=tuple(Seat(n, n, "easy") for n in list(PALETTE)[:boats]), course=board,
                      seed=seed, extra=tuple(options.items()))
    return Race(games.load_game(setup, "race_the_wind"))


def test_races_on_one_board_share_the_navigators_graph_and_tables():
    """The navigator's plans depend on the board and the course alone (and the turn
    tables on the spinnaker option): fifty tables on one board share one graph (built in
    about 150 ms) instead of each building its own and evicting the others'."""
    from dinghy.skippers.race_the_wind import navigator as nav
    a, b = _rtw("race_the_wind", 1).game, _rtw("race_the_wind", 2, boats=4).game
    assert a is not b and a.board is not b.board
    assert nav._graph(a, False) is nav._graph(b, False)
    assert nav._graph(a, True) is nav._graph(b, True) is not nav._graph(a, False)
    assert nav.table(a, 2) is nav.table(b, 2) is not nav.table(a, 3)
    assert nav.turn_table(a, 0, True) is nav.turn_table(b, 0, True)
    other = _rtw("race_the_wind_island", 1).game
    assert nav._graph(other, False) is not nav._graph(a, False)
    better = _rtw("race_the_wind", 1, better_spinnaker=True).game
    assert better.better_spinnaker and not a.better_spinnaker
    assert nav._graph(better, False) is nav._graph(a, False)
    assert nav.turn_table(better, 0, True) is not nav.turn_table(a, 0, True)


def test_a_race_sails_the_same_whatever_other_races_left_in_the_caches():
    """The same seeded race, its bots choosing with caches emptied first and with caches
    filled by races on the same board and on others: the same actions."""
    from dinghy.skippers.race_the_wind import navigator as nav

    def sail(warm: bool) -> list[str]:
        for cache in (nav._GRAPHS, nav._TABLES, nav._TURNS):
            cache.clear()
        if warm:
            for board, seed in (("race_the_wind", 7), ("race_the_wind_island", 3), ("race_the_wind", 9)):
                other = _rtw(board, seed)
                for _ in range(12):
                    while other.chance:
                        other.roll()
                    other.push(skipper("easy", "race_the_wind").choose(other, random.Random(seed)))
        race, bot, rng = _rtw("race_the_wind", 5), skipper("easy", "race_the_wind"), random.Random(5)
        for _ in range(40):
            while race.chance:
                race.roll()
            race.push(bot.choose(race, rng))
        return [race.game.action_text(x) for x in race.actions]

    assert sail(warm=False) == sail(warm=True)


def test_a_kept_answer_is_made_once_even_when_empty_and_the_oldest_goes_first():
    """The bounded caches the games and skippers share (dinghy.core.caches.kept): an
    answer is made the first time it is asked for, an empty one too (a course without
    rocks was worked out again at every decision), and past the bound the oldest key
    is let go."""
    from dinghy.core.caches import kept

    cache: dict = {}
    made = []

    def make(k):
        made.append(k)
        return [] if k == "empty" else [k]
    assert kept(cache, "empty", lambda: make("empty"), 3) == []
    assert kept(cache, "empty", lambda: make("empty"), 3) == []
    for k in ("a", "b", "c"):
        assert kept(cache, k, lambda k=k: make(k), 3) == [k]
    assert made == ["empty", "a", "b", "c"] and list(cache) == ["a", "b", "c"]
    kept(cache, "a", lambda: make("a"), 3)
    assert made == ["empty", "a", "b", "c"]
