"""The race facade: one object to play a race of any registered game with, for the
window, bots, the simulator and tests.

    race = Race(game)                # game: a ruleset with its data (dinghy.games.load_game)
    race.legal_actions()             # what the player (or chance) may do now
    race.why_not(action)             # the engine's reason an action is not allowed
    race.push(action)                # play it (IllegalAction if not allowed)
    race.roll()                      # when chance is due: the seeded dice or draw
    race.undo()                      # back to, never past, the last chance event

A race's record is its set-up plus the text of every action, chance included;
replaying the record gives the identical state (``Race.replay``).
``Race.from_state(game, state)`` starts from any position (a study, a test, a bot's
look-ahead); such a race has no record of how the position came about.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from dinghy.core.errors import DataError, DinghyError, IllegalAction, key_name
from dinghy.core.interface import CHANCE, Action, Event

#: The record format written. 2: a boat that finishes leaves the race at once and the
#: next boat sails its whole turn (format 1 was written by a dinghy whose finishing move
#: handed the rest of the turn to the next boat). 3: Dinghy Race's Spi down played with
#: no spinnaker up rolls no hazard (before, it rolled; an older record keeps that reading
#: as its set-up's option, see ``games.load_race``). 4: Dinghy Race's rule 1 looks at the
#: card a tack or jibe lays next too (an older record keeps the tack-card-only reading as
#: its set-up's option), and a boat that stops short stops before the first thing its
#: track meets (before, a stop could lie beyond a boat, a buoy or land in its way: an
#: older record is refused where one of its stops short ends elsewhere today). Older
#: formats are read when the game says their actions still mean the same
#: (``older_record``); otherwise they are refused.
RECORD_FORMAT = 4
OLDEST_FORMAT = 1
#: The most actions a record holds (a six-boat race is about 4,000; ``dinghy simulate``
#: cuts a race at 30,000 by default) and the longest action text.
MAX_RECORD_ACTIONS = 100_000
MAX_ACTION_TEXT = 200


class Race:
    def __init__(self, game: Any, state: Any = None) -> None:
        self.game = game
        self.rules_name: str = game.rules_name
        self._studied = state is not None
        self._states: list[Any] = [game.initial_state() if state is None else state]
        self._actions: list[Action] = []
        self._chance: list[bool] = []          # whether each action was a chance event
        self._events: list[list[Event]] = [[]]
        self.record_format: int = RECORD_FORMAT  # the format of the record it was replayed from

    @classmethod
    def from_state(cls, game: Any, state: Any) -> "Race":
        """A race that starts from ``state`` as it is (a bot's what-if from a played state).
        A position set up by hand goes through ``game.position(state)`` first: it is
        checked and made whole there."""
        return cls(game, state)

    # -- reading --------------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def history(self) -> tuple[Any, ...]:
        """Every state from the first to the current one (one more than the actions)."""
        return tuple(self._states)

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

    def events_by_action(self) -> list[list[Event]]:
        """The events of each action, in the order of ``actions``."""
        return [list(batch) for batch in self._events[1:]]

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    @property
    def chance(self) -> bool:
        """Whether chance (the dice, a shuffled deck), not a player, acts next."""
        return self.game.current_player(self.state) == CHANCE

    def current_player(self) -> int:
        return self.game.current_player(self.state)

    def places(self) -> list[int | None]:
        """Each seat's finishing place (None: not finished), by seat index."""
        return self.game.places(self.state)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self.state)

    def interjections(self) -> list[Action]:
        """Out-of-turn actions open now (a protest, a demand for room)."""
        return self.game.interjections(self.state)

    def why_not(self, action: Action) -> str | None:
        return self.game.why_not(self.state, action)

    def observation(self, seat: int) -> Any:
        return self.game.observation(self.state, seat)

    # -- playing --------------------------------------------------------------------
    def push(self, action: Action | str) -> list[Event]:
        if isinstance(action, str):
            action = self.game.parse_action(action)
        chance = self.chance
        state, events = self.game.apply(self.state, action)
        self._states.append(state)
        self._actions.append(action)
        self._chance.append(chance)
        self._events.append(events)
        return events

    def dice_rng(self) -> random.Random:
        """Chance's stream for the next event: fixed by the seed and the events so far."""
        return random.Random(f"dice:{self.game.setup.seed}:{sum(self._chance)}")

    def roll(self) -> list[Event]:
        """Let chance act: the seeded dice (or draw) for the current state."""
        if not self.chance:
            raise IllegalAction("no chance event is due")
        return self.push(self.game.sample_chance(self.state, self.dice_rng()))

    def can_undo(self) -> bool:
        """Undo reaches back to the last chance event, never past it."""
        return bool(self._actions) and not self._chance[-1]

    def undo_depth(self) -> int:
        """How many actions undo can take back, one by one (those since the last chance
        event)."""
        n = 0
        for chance in reversed(self._chance):
            if chance:
                break
            n += 1
        return n

    def undo(self) -> Action:
        if not self.can_undo():
            raise IllegalAction("nothing to undo since the last dice roll")
        self._states.pop()
        self._events.pop()
        self._chance.pop()
        return self._actions.pop()

    # -- the record -----------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        if self._studied:
            raise DinghyError("a race set up from a position has no record of how it came about")
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules_name,
            "setup": self.game.setup.to_mapping(),
            "actions": [self.game.action_text(a) for a in self._actions],
        }

    @classmethod
    def replay(cls, game: Any, actions: list[str], source: str = "record",
               fmt: int = RECORD_FORMAT) -> "Race":
        """A race rebuilt from its actions; any bad action fails the whole load.

        ``fmt`` is the record's format: an older one replays under today's rules only where
        the game finds they mean the same as the rules it was made with (the game's
        ``older_record``); if not, the load fails with that reason, never half-done."""
        race = cls(game)
        race.record_format = fmt
        try:
            for i, text in enumerate(actions):
                if not isinstance(text, str):
                    raise DataError(source, f"actions[{i}]", "expected an action as text")
                try:
                    race.push(text)
                except DinghyError as exc:
                    raise DataError(source, f"actions[{i}]", f"{text!r} cannot be played here: {exc}") from None
        except DataError:
            race._refuse_older(source)
            raise
        race._refuse_older(source)
        return race

    def _refuse_older(self, source: str) -> None:
        if self.record_format >= RECORD_FORMAT:
            return
        older = getattr(self.game, "older_record", None)
        reason = older(self.record_format, self) if older is not None else None
        if reason:
            raise DataError(source, "format", f"record format {self.record_format} {reason}; "
                            f"this dinghy plays format {RECORD_FORMAT} and cannot replay it")


def check_record(data: Mapping[str, Any], source: str) -> None:
    """The record's envelope: format version, ruleset, and the actions list."""
    if not isinstance(data, Mapping):
        raise DataError(source, "", "a race record must be a JSON object")
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool) or not OLDEST_FORMAT <= fmt <= RECORD_FORMAT:
        raise DataError(source, "format", f"unsupported record format {fmt!r} "
                        f"(this dinghy reads {OLDEST_FORMAT} to {RECORD_FORMAT})")
    if not isinstance(data.get("rules"), str):
        raise DataError(source, "rules", "missing or not text")
    if not isinstance(data.get("actions"), list):
        raise DataError(source, "actions", "missing or not a list")
    if len(data["actions"]) > MAX_RECORD_ACTIONS:
        raise DataError(source, "actions", f"holds {len(data['actions']):,} actions; at most {MAX_RECORD_ACTIONS:,}")
    for i, text in enumerate(data["actions"]):
        if not isinstance(text, str):
            raise DataError(source, f"actions[{i}]", "expected an action as text")
        if len(text) > MAX_ACTION_TEXT:
            raise DataError(source, f"actions[{i}]", f"is {len(text):,} characters long; "
                            f"an action is at most {MAX_ACTION_TEXT}")
    if set(data) - {"format", "rules", "setup", "actions"}:
        extra = sorted(set(data) - {"format", "rules", "setup", "actions"})
        raise DataError(source, key_name(extra[0]), "unknown key")
