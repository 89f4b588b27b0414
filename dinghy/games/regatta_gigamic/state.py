"""The state of a Gigamic regatta: immutable values only (tuples and frozen dataclasses).

Hands and the draw pile are multisets of card ids: a hand is a sorted tuple, the pile a
sorted tuple of (card id, count). The discard is face up and public. A sun card laid
on a boat is the boat's ``sun`` until that boat's turn puts it in the discard.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from dinghy.games.regatta_gigamic.spot import Spot

class Step(str, Enum):
    """The decision the race is waiting for (a ``str`` enum, as the other games' phases:
    ``Step.TURN == "turn"``, so code and tests that spell a step as text keep working)."""

    DEAL = "deal"        # chance: the hands are dealt
    FIRST = "first"      # chance: who begins
    PLACE = "place"      # a boat is set down behind the start line
    TURN = "turn"        # the active boat plays a card (or heaves to)
    AGAIN = "again"      # a cloud card's second play
    EXTRA = "extra"      # the helm's extra card
    SUN = "sun"          # a sun card may be laid on a boat
    DRAW = "draw"        # chance: the active seat draws
    OVER = "over"

    def __str__(self) -> str:
        return self.value

    __hash__ = str.__hash__      # a dict keyed by the text finds the step too


#: the steps of the game, by the names the modules import
DEAL, FIRST, PLACE, TURN, AGAIN, EXTRA, SUN, DRAW, OVER = Step
STEPS = tuple(Step)


@dataclass(frozen=True, slots=True)
class Boat:
    spot: Spot | None = None      # None until set down behind the start line
    stage: int = 0                # 0 start line, 1.. the buoys, last the finish
    wound: float = 0.0            # degrees round the current buoy, past its entry ray
    sun: str | None = None        # the sun card lying in front of it (becalmed)
    place: int | None = None      # finishing place

    @property
    def racing(self) -> bool:
        return self.spot is not None and self.place is None


@dataclass(frozen=True, slots=True)
class State:
    step: Step
    boats: tuple[Boat, ...]
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[tuple[str, int], ...]
    discard: tuple[str, ...] = ()
    active: int = 0               # the seat acting (dealt to, placing, sailing)
    first: int = 0                # the seat that began
    card: str | None = None       # the card being played (a cloud card's second play)
    barre_used: bool = False      # the helm's extra card was taken this turn
    moved: bool = False           # the boat moved this turn (a sun may follow)
    turns: int = 0                # turns begun so far
    finished: tuple[int, ...] = ()

    def with_boat(self, seat: int, **changes: Any) -> "State":
        boats = list(self.boats)
        boats[seat] = replace(boats[seat], **changes)
        return replace(self, boats=tuple(boats))

    def with_hand(self, seat: int, hand: tuple[str, ...]) -> "State":
        hands = list(self.hands)
        hands[seat] = tuple(sorted(hand))
        return replace(self, hands=tuple(hands))

    @property
    def pile_count(self) -> int:
        return sum(n for _, n in self.pile)
