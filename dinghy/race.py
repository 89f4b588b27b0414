"""The race facade: one object to play a race with, for the window, bots and tests.

    race = Race(game)                # game: setup + course + cards + hazard table
    race.legal_actions()             # what the player (or the dice) may do now
    race.why_not(action)             # the engine's reason an action is not allowed
    race.push(action)                # play it (IllegalAction if not allowed)
    race.roll()                      # at a ROLL step: the seeded dice
    race.undo()                      # back to, never past, the last dice roll

A race's record is its set-up plus the text of every action, dice included; replaying
the record gives the identical state (``Race.from_record``).
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from dinghy.actions import Action, Roll, parse
from dinghy.errors import DataError, DinghyError, IllegalAction
from dinghy.rules import ruleset
from dinghy.rules.dinghy_race import Event, Game
from dinghy.state import RaceState, Step

RECORD_FORMAT = 1


class Race:
    def __init__(self, game: Game, rules: str = "dinghy_race") -> None:
        self.game = game
        self.rules_name = rules
        self.rules = ruleset(rules)
        order = list(range(len(game.setup.seats)))
        # "shuffle the turn order cards and put them face-up in a row"
        random.Random(f"order:{game.setup.seed}").shuffle(order)
        self._states: list[RaceState] = [self.rules.initial_state(game, tuple(order))]
        self._actions: list[Action] = []
        self._events: list[list[Event]] = [[]]

    # -- reading --------------------------------------------------------------------
    @property
    def state(self) -> RaceState:
        return self._states[-1]

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def events(self) -> list[Event]:
        """Every event so far, oldest first."""
        return [e for batch in self._events for e in batch]

    @property
    def last_events(self) -> list[Event]:
        return list(self._events[-1])

    @property
    def over(self) -> bool:
        return self.state.step is Step.OVER

    @property
    def chance(self) -> bool:
        """Whether the dice, not a player, act next."""
        return self.state.step is Step.ROLL

    def places(self) -> list[int | None]:
        """Each boat's finishing place (None: not finished), by boat index, for scoring."""
        return [b.finished for b in self.state.boats]

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.game, self.state)

    def interjections(self) -> list[Action]:
        """Out-of-turn actions open now (protest, the inner boat's demand for room)."""
        return self.rules.interjections(self.game, self.state)

    def why_not(self, action: Action) -> str | None:
        return self.rules.why_not(self.game, self.state, action)

    # -- playing --------------------------------------------------------------------
    def push(self, action: Action | str) -> list[Event]:
        if isinstance(action, str):
            action = parse(action)
        state, events = self.rules.apply(self.game, self.state, action)
        self._states.append(state)
        self._actions.append(action)
        self._events.append(events)
        return events

    def dice_rng(self) -> random.Random:
        """The dice for the next roll: a stream fixed by the seed and the rolls so far."""
        n = sum(isinstance(a, Roll) for a in self._actions)
        return random.Random(f"dice:{self.game.setup.seed}:{n}")

    def roll(self) -> list[Event]:
        if not self.chance:
            raise IllegalAction("no hazard roll is due")
        rng = self.dice_rng()
        return self.push(Roll(rng.randint(1, 6), rng.randint(1, 6)))

    def can_undo(self) -> bool:
        """Undo reaches back to the last dice roll, never past it."""
        return bool(self._actions) and not isinstance(self._actions[-1], Roll)

    def undo(self) -> Action:
        if not self.can_undo():
            raise IllegalAction("nothing to undo since the last dice roll")
        self._states.pop()
        self._events.pop()
        return self._actions.pop()

    # -- the record -----------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules_name,
            "setup": self.game.setup.to_mapping(),
            "actions": [a.text() for a in self._actions],
        }

    @classmethod
    def replay(cls, game: Game, actions: list[str], rules: str = "dinghy_race",
               source: str = "record") -> "Race":
        """A race rebuilt from its actions; any bad action fails the whole load."""
        race = cls(game, rules)
        for i, text in enumerate(actions):
            if not isinstance(text, str):
                raise DataError(source, f"actions[{i}]", "expected an action as text")
            try:
                race.push(text)
            except DinghyError as exc:
                raise DataError(source, f"actions[{i}]", f"{text!r} cannot be played here: {exc}") from None
        return race


def check_record(data: Mapping[str, Any], source: str) -> None:
    """The record's envelope: format version, ruleset, and the actions list."""
    if not isinstance(data, Mapping):
        raise DataError(source, "", "a race record must be a JSON object")
    fmt = data.get("format")
    if fmt != RECORD_FORMAT:
        raise DataError(source, "format", f"unsupported record format {fmt!r} (this dinghy reads {RECORD_FORMAT})")
    if not isinstance(data.get("rules"), str):
        raise DataError(source, "rules", "missing or not text")
    if not isinstance(data.get("actions"), list):
        raise DataError(source, "actions", "missing or not a list")
    if set(data) - {"format", "rules", "setup", "actions"}:
        extra = sorted(set(data) - {"format", "rules", "setup", "actions"})
        raise DataError(source, extra[0], "unknown key")
