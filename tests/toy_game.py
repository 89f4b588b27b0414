"""A toy game that plugs into the shared interface, to prove the boundary: "Pinboat".

Each seat's boat starts at 0 on a line and races to ``FINISH``. Before the race, chance
deals each seat a face-down wind card (1 or 2: how far "reach" sails); on its turn a
seat either "beat"s one step, or "reach"es by its hidden card and then rolls a die:
a 1 loses the next turn. The first boat at or past the finish wins.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from dinghy.core.errors import IllegalAction
from dinghy.core.interface import CHANCE, TERMINAL, BaseGame, Event

FINISH = 6


@dataclass(frozen=True)
class Act:
    verb: str          # "deal", "beat", "reach", "roll"
    n: int = 0

    def text(self) -> str:
        return f"{self.verb} {self.n}"


@dataclass(frozen=True)
class State:
    pos: tuple[int, ...]
    cards: tuple[int, ...]           # 0: not dealt yet
    skip: tuple[bool, ...]
    turn: int = 0
    rolling: bool = False
    places: tuple[int, ...] = ()


class Pinboat(BaseGame):
    rules_name = "pinboat"
    title = "Pinboat"

    def __init__(self, setup):
        self.setup = setup

    def initial_state(self) -> State:
        n = len(self.setup.seats)
        return State((0,) * n, (0,) * n, (False,) * n)

    def current_player(self, s: State) -> int:
        if len(s.places) == len(s.pos):
            return TERMINAL
        if 0 in s.cards or s.rolling:
            return CHANCE
        return s.turn

    def legal_actions(self, s: State) -> list[Act]:
        p = self.current_player(s)
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [a for a, _ in self.chance_outcomes(s)]
        return [Act("beat", 1), Act("reach", 0)]

    def chance_outcomes(self, s: State):
        if 0 in s.cards:
            return [(Act("deal", 1), Fraction(1, 2)), (Act("deal", 2), Fraction(1, 2))]
        if s.rolling:
            return [(Act("roll", d), Fraction(1, 6)) for d in range(1, 7)]
        return []

    def why_not(self, s: State, a: Act) -> str | None:
        return None if a in self.legal_actions(s) else f"{a.text()} is not possible now"

    def apply(self, s: State, a: Act):
        if (reason := self.why_not(s, a)) is not None:
            raise IllegalAction(reason)
        seat = s.turn
        if a.verb == "deal":
            i = s.cards.index(0)
            return replace(s, cards=s.cards[:i] + (a.n,) + s.cards[i + 1:]), []
        if a.verb == "roll":
            skip = s.skip[:seat] + (a.n == 1,) + s.skip[seat + 1:]
            return self._next(replace(s, skip=skip, rolling=False)), [Event("roll", seat, f"rolls {a.n}")]
        step = 1 if a.verb == "beat" else s.cards[seat]
        pos = s.pos[:seat] + (s.pos[seat] + step,) + s.pos[seat + 1:]
        s = replace(s, pos=pos)
        if pos[seat] >= FINISH:
            s = replace(s, places=s.places + (seat,))
        elif a.verb == "reach":
            return replace(s, rolling=True), [Event("move", seat, f"reaches {step}")]
        return self._next(s), [Event("move", seat, f"moves to {pos[seat]}")]

    def _next(self, s: State) -> State:
        n = len(s.pos)
        for k in range(1, 2 * n + 1):        # twice round: a skipped boat comes next time
            i = (s.turn + k) % n
            if i in s.places:
                continue
            if s.skip[i]:
                s = replace(s, skip=s.skip[:i] + (False,) + s.skip[i + 1:])
                continue
            return replace(s, turn=i)
        return s

    def is_over(self, s: State) -> bool:
        return self.current_player(s) == TERMINAL

    def places(self, s: State):
        return [s.places.index(i) + 1 if i in s.places else None for i in range(len(s.pos))]

    def parse_action(self, text: str) -> Act:
        verb, n = text.split()
        return Act(verb, int(n))

    def observation(self, s: State, seat: int) -> dict:
        return {"pos": list(s.pos), "my_card": s.cards[seat], "turn": s.turn,
                "skip": list(s.skip), "places": list(s.places)}

    def hidden_variant(self, s: State, seat: int, rng: random.Random) -> State:
        if s.cards[seat] == 0:
            return s
        cards = s.cards[:seat] + (3 - s.cards[seat],) + s.cards[seat + 1:]
        return replace(s, cards=cards)
