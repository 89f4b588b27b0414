"""A whole race of each grid game between two people at 1024x600, sailed by taps alone
(issue 21): Race the Wind, the 3M Regatta basic and advanced, Yacht Race.

A bot chooses each person's action; the test plays it as a person does, by tapping the
window where it is drawn (a highlighted square, on the screen and clear of what is
drawn over the board, and a line of its list when it holds several; a card on the turn
panel; a worded button; the roll button; the curtain between the two people), then
checks that the race recorded exactly that action. Nothing is typed and the engine is
never called to act. Where a bot would rarely choose an action the choice is steered,
so that each race deterministically holds: in Race the Wind a puff chain (a boat ending
two moves running on puffs), and a wait, a protest, a penalty turn, an unblock and the
spinnaker as buttons; in the 3M Regatta a puff card (on a square) and the spinnaker (its
card); in Yacht Race a wind change card and a move under spinnaker; the dice in each.
A roll whose words name who rolls is asked of that person. Then the results."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from dinghy.core.action_words import group_of
from dinghy.skippers import skipper
from dinghy.ui import testing as ui
from dinghy.ui.grid.card_tile import CardTile

from table_taps import (check_results, home, lift_curtain, no_typing, open_table, shot, tap_button,
                        tap_roll, tap_square, two_people)

FOLDER = "grid-taps"
assert home        # a fixture, for the test here


def tap_action(app, scene, action):
    """Play ``action`` as a person does, by taps only: its card on the turn panel, its
    worded button, or else its highlighted square (a line of the square's chooser when
    the square holds several); what was tapped ("card", "button" or "square")."""
    view, game = scene.view, scene.game
    text = game.action_text(action)
    tile = view.buttons.get(text)
    if isinstance(tile, CardTile):
        assert tile.playable and tile.h >= 40, (text, tile.words)
        ui.tap(app, tile)
        return "card"
    if action in view.actions:
        # an action a boat's square offers too is worded as the square's list words it
        square = next((a.label for acts in view.squares.values() for a in acts if a.legal and a.action == action),
                      None)
        button = tap_button(app, view, text, group_of(game, action))
        assert square is None or button.label.endswith(square), (button.label, square)
        return "button"
    cell = next((c for c in view.targets if any(a.legal and a.action == action for a in view.squares[c])), None)
    assert cell is not None, f"{text}: neither a button nor a highlighted square"
    chose = tap_square(app, scene, cell, next(a.label for a in view.squares[cell] if a.action == action))
    return "square, then its list" if chose else "square"


# --- steering: the bot's choice, or an action the race must hold ------------------------
class Steer:
    """The game's skipper, overruled (``want``) the first time an action of a kind the race
    must hold is open; ``kinds(race, action, events)`` names the kinds an action played
    was (the steerer's own words)."""

    def __init__(self, rules):
        self.bot = skipper(None, rules)
        self.done = Counter()

    def choose(self, race, rng):
        return self.want(race, race.legal_actions()) or self.bot.choose(race, rng)

    def want(self, race, legal):
        return None

    def played(self, race, action, events):
        kinds = self.kinds(race, action, events)
        self.done.update(kinds)
        return kinds


def first(legal, test):
    return next((a for a in legal if test(a)), None)


class RaceTheWind(Steer):
    """A wait, a protest, a penalty turn, an unblock and the spinnaker set, each the first
    time it is open; until a puff chain has been sailed, a move onto a puff from which
    the puff move lands on a puff again."""

    WANT = ("wait", "protest", "penalty", "unblock", "spinnaker")

    def want(self, race, legal):
        for verb in self.WANT:
            a = first(legal, lambda a: a.verb == verb and (verb != "spinnaker" or a.n == 1))
            if a is not None and not self.done[verb]:
                return a
        if not self.done["puff chain"]:
            return first(legal, lambda a: a.verb == "move" and self._puffs_ahead(race.game, race.state, a) >= 2)
        return None

    @staticmethod
    def _puffs_ahead(game, state, move):
        """How many moves running end on a puff if the boat moves now and keeps moving."""
        n = 0
        while n < 4 and move in game.legal_actions(state):
            state, events = game.apply(state, move)
            if not any(e.kind == "puff" for e in events):
                break
            n += 1
        return n

    _on_puff = False

    def kinds(self, race, action, events):
        out = [action.verb] if action.verb in self.WANT else []
        puff = any(e.kind == "puff" for e in events)
        if puff and self._on_puff:          # a puff move that ends on a puff again
            out.append("puff chain")
        self._on_puff = puff and action.verb == "move"
        return out


class Regatta3M(Steer):
    """The spinnaker set the first time it may be; a leg with a puff card the first time
    one is open after the start."""

    def want(self, race, legal):
        from dinghy.games.regatta_3m.actions import Leg, Spinnaker

        if not self.done["spinnaker"]:
            a = first(legal, lambda a: isinstance(a, Spinnaker) and a.up)
            if a is not None:
                return a
        if not self.done["puff card"] and race.state.boats[race.current_player()].started:
            return first(legal, lambda a: isinstance(a, Leg) and a.puff)
        return None

    def kinds(self, race, action, events):
        from dinghy.games.regatta_3m.actions import Leg, Spinnaker

        return (["spinnaker"] if isinstance(action, Spinnaker) and action.up else []) + \
            (["puff card"] if isinstance(action, Leg) and action.puff else [])


class YachtRace(Steer):
    """A wind change card the first time one may be played; a move under spinnaker the
    first time one is open."""

    def want(self, race, legal):
        from dinghy.games.yacht_race.actions import Sail, WindCard

        if not self.done["wind card"] and WindCard() in legal:
            return WindCard()
        if not self.done["spinnaker"]:
            return first(legal, lambda a: isinstance(a, Sail) and a.spinnaker)
        return None

    def kinds(self, race, action, events):
        from dinghy.games.yacht_race.actions import Sail, WindCard

        return (["wind card"] if isinstance(action, WindCard) else []) + \
            (["spinnaker"] if isinstance(action, Sail) and action.spinnaker else [])


#: rules, the shortest board it ships, the seed, the steerer, the kinds of action the
#: race must hold with how each was tapped, the kind whose moment is photographed, and
#: what a chance button a person taps says
GAMES = [
    ("race_the_wind", "race_the_wind", 13, RaceTheWind,
     {"wait": "button", "protest": "button", "penalty": "button", "unblock": "button",
      "spinnaker": "button", "puff chain": "square"}, "puff chain", "Roll the die"),
    ("regatta", "3m_triangle", 7, Regatta3M, {"puff card": "square", "spinnaker": "card"}, "puff card",
     "Roll the die"),
    ("regatta_advanced", "3m_triangle", 7, Regatta3M, {"puff card": "square", "spinnaker": "card"}, "spinnaker",
     "Roll the die"),
    ("yacht_race", "yacht_race_wind_island", 15, YachtRace, {"wind card": "card", "spinnaker": "square"},
     "wind card", "Draw a Sailors' Luck card"),
]


@pytest.mark.race
@pytest.mark.parametrize("rules,course,seed,steer,wanted,moment,roll", GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_two_person_race_by_taps_alone_at_1024x600(make_ui_app, home, rules, course, seed,
                                                          steer, wanted, moment, roll):
    app = make_ui_app(1024, 600)
    race = two_people(rules, course, seed)
    scene = open_table(app, home, race)
    steer, rng = steer(rules), random.Random(seed)
    tapped, hows, pictured = Counter(), Counter(), False
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
            # the line over the roll says what it is for, in the game's words
            assert view.hint_row is not None and view.hint_row.text, "a roll with no word of what for"
            # a seat the words name to roll ("Ann rolls the die") is the one the panel asks
            named = [s.name for s in race.game.setup.seats if f"{s.name} rolls" in view.hint_row.text]
            assert not named or named == [race.game.setup.seats[view.acting_seat()].name], \
                (view.hint_row.text, view.acting_seat())
            tapped[f"roll: {tap_roll(app, view, race)}"] += 1
            continue
        action = steer.choose(race, rng)
        n = len(race.actions)
        how = tap_action(app, scene, action)
        tapped[how] += 1
        assert race.actions[n] == action, (how, action, race.actions[n:])
        for kind in steer.played(race, action, race.events_by_action()[n]):
            hows[kind, how] += 1
            if kind == moment and not pictured and scene.curtain is None and not race.chance:
                shot(app, FOLDER, f"{rules}_{kind.replace(' ', '_')}_1024x600.png")
                pictured = True
    assert race.over, "the race did not end"
    for kind, how in wanted.items():
        assert hows[kind, how], f"no {kind} by a tap on a {how}: {dict(hows)}"
    assert pictured, f"no picture of the {moment}"
    assert tapped["square"] + tapped["square, then its list"] > 10 and tapped["curtain"] > 5 and tapped[f"roll: {roll}"], tapped
    check_results(app, race)
    shot(app, FOLDER, f"{rules}_results_1024x600.png")
