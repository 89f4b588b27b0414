"""A whole race of each grid game between two people at 1024x600, sailed by taps alone
(issue 21): Race the Wind, the 3M Regatta basic and advanced, Yacht Race.

A bot chooses each person's action; the test plays it as a person does, by tapping the
window where it is drawn (a highlighted square, a line of the square's chooser, a card
on the turn panel, a worded button, the roll button, the curtain between the two
people), then checks that the race recorded exactly that action. Nothing is typed and
the engine is never called to act. Where a bot would rarely choose an action the
choice is steered, so that each race deterministically holds: in Race the Wind a puff
chain (a boat ending two moves running on puffs), a wait, a protest, a penalty turn, an
unblock, the spinnaker and the dice; in the 3M Regatta a puff card and the spinnaker;
in Yacht Race a wind change card and a move under spinnaker. Then the results."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from dinghy.core.action_words import group_of
from dinghy.skippers import skipper
from dinghy.ui.grid.card_tile import CardTile

from table_taps import (check_results, lift_curtain, no_typing, open_table, shot, tap_button,
                        tap_roll, tap_square, two_people)

FOLDER = "grid-taps"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def tap_action(app, scene, action):
    """Play ``action`` as a person does, by taps only; what was tapped ("square",
    "card" or "button")."""
    view, game = scene.view, scene.game
    for cell in view.targets:
        hit = next((a for a in view.squares[cell] if a.legal and a.action == action), None)
        if hit is not None:
            tap_square(app, scene, cell, hit.label)
            return "square"
    text = game.action_text(action)
    if isinstance(view.buttons.get(text), CardTile):
        tile = view.buttons[text]
        assert tile.playable and tile.h >= 40, (text, tile.words)
        from dinghy.ui import testing as ui
        ui.tap(app, tile)
        return "card"
    tap_button(app, view, text, group_of(game, action))
    return "button"


# --- steering: the bot's choice, or an action the race must hold ------------------------
class Steer:
    """The game's skipper, overruled where the race must show a kind of action; ``kinds``
    counts what was played (by the steerer's own names)."""

    def __init__(self, rules):
        self.bot, self.rules = skipper(None, rules), rules
        self.kinds = Counter()

    def choose(self, race, rng):
        return self.bot.choose(race, rng)

    def played(self, race, action, events):
        """Count the kinds of action ``action`` was (its events)."""


class RaceTheWind(Steer):
    """A wait, a protest, a penalty turn, an unblock and the spinnaker the first time each
    is open; a move onto a puff whose next square straight on is a puff too (a chain),
    until one such chain has been sailed."""

    WANT = ("wait", "protest", "penalty", "unblock", "spinnaker")

    def choose(self, race, rng):
        legal = race.legal_actions()
        for verb in self.WANT:
            if not self.kinds[verb]:
                a = next((a for a in legal if a.verb == verb and (verb != "spinnaker" or a.n == 1)), None)
                if a is not None:
                    return a
        if not self.kinds["chain"]:
            game, state = race.game, race.state
            for a in legal:
                if a.verb == "move" and self._puffs_ahead(game, state, a) >= 2:
                    return a
        return self.bot.choose(race, rng)

    @staticmethod
    def _puffs_ahead(game, state, move):
        """How many moves running end on a puff if the boat moves now and keeps moving."""
        n = 0
        for _ in range(4):
            if move not in game.legal_actions(state):
                break
            state, events = game.apply(state, move)
            if not any(e.kind == "puff" for e in events):
                break
            n += 1
        return n

    def played(self, race, action, events):
        if action.verb in self.WANT:
            self.kinds[action.verb] += 1
        puff = any(e.kind == "puff" for e in events)
        if puff:
            self.kinds["puff"] += 1
            if self._last_puff:
                self.kinds["chain"] += 1
        self._last_puff = puff and action.verb == "move"

    _last_puff = False


class Regatta3M(Steer):
    """A leg with a puff card, the first time one is open after the start; the spinnaker
    set the first time it may be."""

    def choose(self, race, rng):
        from dinghy.games.regatta_3m.actions import Leg, Spinnaker

        legal = race.legal_actions()
        if not self.kinds["spinnaker"]:
            a = next((a for a in legal if isinstance(a, Spinnaker) and a.up), None)
            if a is not None:
                return a
        if not self.kinds["puff"]:
            a = next((a for a in legal if isinstance(a, Leg) and a.puff), None)
            if a is not None:
                return a
        return self.bot.choose(race, rng)

    def played(self, race, action, events):
        from dinghy.games.regatta_3m.actions import Leg, Spinnaker

        if isinstance(action, Spinnaker) and action.up:
            self.kinds["spinnaker"] += 1
        if isinstance(action, Leg) and action.puff:
            self.kinds["puff"] += 1


class YachtRace(Steer):
    """A wind change card the first time one may be played; a move under spinnaker the
    first time one is open."""

    def choose(self, race, rng):
        from dinghy.games.yacht_race.actions import Sail, WindCard

        legal = race.legal_actions()
        if not self.kinds["wind card"] and WindCard() in legal:
            return WindCard()
        if not self.kinds["spinnaker"]:
            a = next((a for a in legal if isinstance(a, Sail) and a.spinnaker), None)
            if a is not None:
                return a
        return self.bot.choose(race, rng)

    def played(self, race, action, events):
        from dinghy.games.yacht_race.actions import Sail, WindCard

        if isinstance(action, WindCard):
            self.kinds["wind card"] += 1
        if isinstance(action, Sail) and action.spinnaker:
            self.kinds["spinnaker"] += 1


#: rules, the shortest board it ships, the seed, the steerer, what the race must hold
GAMES = [
    ("race_the_wind", "race_the_wind", 13, RaceTheWind,
     ("wait", "protest", "penalty", "unblock", "spinnaker", "chain")),
    ("regatta", "3m_triangle", 2, Regatta3M, ("puff", "spinnaker")),
    ("regatta_advanced", "3m_triangle", 2, Regatta3M, ("puff", "spinnaker")),
    ("yacht_race", "yacht_race_wind_island", 2, YachtRace, ("wind card", "spinnaker")),
]


@pytest.mark.race
@pytest.mark.parametrize("rules,course,seed,steer,wanted", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_two_person_race_by_taps_alone_at_1024x600(make_ui_app, home, rules, course, seed,
                                                          steer, wanted):
    app = make_ui_app(1024, 600)
    race = two_people(rules, course, seed)
    scene = open_table(app, home, race)
    steer, rng = steer(rules), random.Random(seed)
    tapped, rolls = Counter(), Counter()
    for _ in range(2000):
        if race.over:
            break
        if scene.curtain is not None:
            lift_curtain(app, scene)
            tapped["curtain"] += 1
            continue
        if not scene.human_turn:
            app.step()
            continue
        view = scene.view
        no_typing(view)
        if race.chance:
            rolls[tap_roll(app, view, race)] += 1
            continue
        action = steer.choose(race, rng)
        n = len(race.actions)
        how = tap_action(app, scene, action)
        tapped[how] += 1
        assert race.actions[n] == action, (how, action, race.actions[n:])
        steer.played(race, action, race.events_by_action()[n])
    assert race.over, "the race did not end"
    print(rules, dict(tapped), dict(rolls), dict(steer.kinds))
    for kind in wanted:
        assert steer.kinds[kind], (kind, dict(steer.kinds))
    assert tapped["square"] > 10 and tapped["curtain"] > 5 and rolls, (tapped, rolls)
    check_results(app, race)
