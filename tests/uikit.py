"""A kit for the window tests that look at the table at a position some way into a race:
the race is sailed there without the window, once a test process, and the table opened
on it by the Flow, as a resumed race is shown (a resumed table shows a step as play
arriving at it does: test_ui_table_views' resumed-race test checks it).

The people's turns are played by the simple skipper with ``random.Random(seed)``, the
bots' by their own skippers with the table's bot stream (``random.Random`` of the
set-up's seed), chance by the race's dice. That way of sailing on from a position is
one trajectory: where a test stops on it (its ``until``) changes nothing of where it
goes, so the trajectory is sailed once a process for each start and seed, and each
caller walks it to its stop (the skippers' choices are most of a sail's time; opening
the table is most of the rest, done once per test instead of twice)."""
from __future__ import annotations

import random
from typing import Any, Callable

from dinghy import games
from dinghy.core.race import Race
from dinghy.skippers import skipper
from dinghy.skippers.dinghy_race import simple


def _bot(name: str | None, rules: str) -> Any:
    """A seat's skipper as the table picks it (the game's default where the level is
    unknown to the game)."""
    try:
        return skipper(name, rules)
    except ValueError:
        return skipper(None, rules)


class _Trajectory:
    """The race sailed on from ``start`` (action texts) with the people's ``seed`` (or a
    stream of the caller's): the actions found so far, and the sailing race, its skippers
    and streams where it stands."""

    def __init__(self, game: Any, start: tuple[str, ...], seed: int | random.Random, person: Any) -> None:
        self.game, self.start = game, start
        self.race = Race.replay(game, list(start))
        self.bots = {i: _bot(seat.skipper, game.rules_name) for i, seat in enumerate(game.setup.seats)
                     if seat.skipper}
        self.person = person
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.bot_rng = random.Random(game.setup.seed)
        self.actions: list[Any] = list(self.race.actions)

    def action(self, n: int) -> Any:
        """The ``n``-th action of the trajectory (sailed on to it if need be)."""
        race = self.race
        while len(self.actions) <= n:
            assert not race.over, "the race ended first"
            if race.chance:
                race.roll()
            else:
                player = race.current_player()
                chooser, rng = (self.bots[player], self.bot_rng) if player in self.bots else (self.person, self.rng)
                race.push(chooser.choose(race, rng))
            self.actions.append(race.actions[-1])
        return self.actions[n]

    def to(self, until: Callable[[Race], bool], limit: int = 20000) -> Race:
        """A Race of the trajectory at its first person's turn where ``until(race)`` holds."""
        race = Race.replay(self.game, list(self.start))
        for n in range(len(self.start), len(self.start) + limit):
            if not race.chance and race.current_player() not in self.bots and until(race):
                return race
            race.push(self.action(n))
        raise AssertionError("never reached")


_TRAJECTORIES: dict[tuple, _Trajectory] = {}


def way_on(game: Any, start: tuple[str, ...], seed: int | random.Random, person: Any = simple) -> _Trajectory:
    """The way on from ``start``: kept for the test process for a seed, sailed for the
    caller alone for a stream (``random.Random``) of its own."""
    if isinstance(seed, random.Random):
        return _Trajectory(game, start, seed, person)
    key = (game.rules_name, game.setup, start, seed, person)
    if key not in _TRAJECTORIES:
        _TRAJECTORIES[key] = _Trajectory(game, start, seed, person)
    return _TRAJECTORIES[key]


def sailed(game: Any, start: tuple[str, ...], until: Callable[[Race], bool], seed: int,
           person: Any = simple, limit: int = 20000) -> Race:
    """A Race of ``game`` from the actions ``start`` sailed on (see the module's words)
    until ``until(race)`` holds at a person's turn (chance and the bots act on)."""
    return way_on(game, start, seed, person).to(until, limit)


def opening(setup: Any, rules: str) -> tuple[str, ...]:
    """The actions a table of ``setup`` plays by itself as it opens, before its first
    person's decision: the bots (the table's bot stream) and chance."""
    return _opening(setup, rules)


_OPENINGS: dict[tuple, tuple[str, ...]] = {}


def _opening(setup: Any, rules: str) -> tuple[str, ...]:
    key = (setup, rules)
    if key not in _OPENINGS:
        game = games.load_game(setup, rules)
        race = Race(game)
        bots = {i: _bot(seat.skipper, rules) for i, seat in enumerate(setup.seats) if seat.skipper}
        rng = random.Random(setup.seed)
        while not race.over and (race.chance or race.current_player() in bots):
            if race.chance:
                race.roll()
            else:
                race.push(bots[race.current_player()].choose(race, rng))
        _OPENINGS[key] = tuple(game.action_text(a) for a in race.actions)
    return _OPENINGS[key]


def show_at(app: Any, flow: Any, race: Race) -> Any:
    """The race (replayed from its actions' texts, as a saved race is) at the table,
    opened by the Flow as a resumed race is; the curtain, if any, lifted by a tap.
    Returns the table, at a person's turn."""
    from dinghy.ui import testing as ui

    game = race.game
    scene = flow.show_table(Race.replay(game, [game.action_text(a) for a in race.actions]))
    app.step()
    if scene.curtain is not None:
        ui.tap(app, scene.curtain.button)
    assert scene.human_turn and scene.race.state == race.state
    return scene


def table_sailed(app: Any, home: Any, rules: str, until: Callable[[Race], bool], seed: int,
                 **setup: Any) -> Any:
    """The table ``test_ui_newcomer.table_for(app, home, rules, **setup)`` opens, its race
    sailed on (see the module's words; the people's stream seeded by ``seed``) to the
    first person's turn where ``until(race)`` holds, shown as a resumed race is: what
    ``test_ui_table.sail_on`` shows from that table, without opening it first."""
    from dinghy.ui.shell.autosave import Autosave
    from dinghy.ui.shell.flow import Flow
    from test_ui_newcomer import table_setup

    setup_ = table_setup(rules, **setup)
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    game = games.load_game(setup_, rules)
    return show_at(app, flow, sailed(game, opening(setup_, rules), until, seed))
