"""The state of a Yacht Race: every yacht, the wind, whose turn, and the Sailors' Luck pack.

States are frozen values. Everything here is public: the wind indicator, the cards each
skipper has left in front of him, the spinnakers showing; the Sailors' Luck pack lies face
down, but its order is not in the state at all -- a draw is a chance action over the cards
still in the pack (the cards already drawn were read out to everyone), so no observation
can reveal the next card.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

Square = tuple[int, int]


class Phase(str, Enum):
    ALLOT = "allot"      # chance: the numbered blocks are allocated at random
    SAIL = "sail"        # the player to move: wind cards, then one move (or forfeit)
    DRAW = "draw"        # chance: the top Sailors' Luck card
    FOG = "fog"          # the drawer of "Fog settles" moves each opposing yacht once
    EXTRA = "extra"      # a Sailors' Luck card gave the drawer another move at once
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Yacht:
    seat: int
    block: int | None = None          # the numbered yacht-club block (1-6) it started from
    pos: Square | None = None         # None: not on the chart (not allotted yet, or finished)
    heading: int | None = None        # the course of its last move
    wind_cards: int = 12
    spinnakers: int = 3               # spinnaker cards still bag side up
    spinnaker_up: bool = False
    started: bool = False             # has crossed the starting block properly
    leg: int = 0                      # marks rounded so far
    track: tuple[Square, ...] = ()    # squares stood on since the current leg began
    lose_turn: bool = False           # a Sailors' Luck card: the next turn is lost
    place: int | None = None          # finishing place

    @property
    def finished(self) -> bool:
        return self.place is not None

    @property
    def afloat(self) -> bool:
        """On the chart and in the race (an obstacle to others)."""
        return self.pos is not None and self.place is None


@dataclass(frozen=True, slots=True)
class State:
    yachts: tuple[Yacht, ...]
    wind: int                          # compass index the wind blows FROM
    luck_left: tuple[int, ...]         # copies of each Sailors' Luck card still in the pack
    phase: Phase = Phase.ALLOT
    turn: int = 0                      # the seat to move (the drawer, in FOG and DRAW)
    cards_this_turn: int = 0           # wind change cards spent in this turn so far
    fog: tuple[int, ...] = ()          # yachts the fog still moves, in clockwise order
    round: int = 0                     # turns of the first skipper so far
    first: int = 0                     # the seat that moved first (highest numbered block)

    def yacht(self, seat: int) -> Yacht:
        return self.yachts[seat]

    def with_yacht(self, y: Yacht) -> "State":
        ys = list(self.yachts)
        ys[y.seat] = y
        return replace(self, yachts=tuple(ys))

    def occupant(self, square: Square) -> Yacht | None:
        for y in self.yachts:
            if y.afloat and y.pos == square:
                return y
        return None

    def places(self) -> list[int | None]:
        return [y.place for y in self.yachts]
