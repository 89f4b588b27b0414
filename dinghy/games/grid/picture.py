"""What a grid game shows and what a tap on a square means: the contract between the
grid rulesets (Race the Wind, Regatta 3M, Yacht Race) and the one grid board view.

A grid game (a :class:`dinghy.core.interface.BaseGame` whose ``board`` is a
:class:`dinghy.games.grid.board.Board`) also offers

    game.picture(state, seat)        -> GridPicture: boats, tokens, wind, what ``seat`` sees
    game.square_actions(state, x, y) -> [SquareAction]: what the player to act may do by
                                        tapping square (x, y); each either an action or
                                        the engine's reason why not

so the board view draws any grid game and turns taps into actions without knowing a
single rule. Coordinates are the board's: x the column eastwards, y the row northwards,
(0, 0) the south-west square (or intersection). Headings and wind are compass indexes
0..7 (0 north, 1 north-east, ... 7 north-west); the wind is where it blows FROM.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class BoatMark:
    seat: int
    x: int
    y: int
    heading: int | None            # compass index the bow points to; None: not on the board yet
    sail: str | None = None        # "port" / "starboard": the side the boom is on, or None
    flags: tuple[str, ...] = ()    # e.g. "spinnaker", "penalty", "blocked", "finished", "heeled"


@dataclass(frozen=True, slots=True)
class Token:
    kind: str                      # "puff", "lull", "shadow", "luck", "private_lull", ...
    x: int
    y: int
    label: str = ""                # short text shown on the token (may be empty)
    seat: int | None = None        # a private token belongs to one seat


@dataclass(frozen=True, slots=True)
class Goal:
    """Where a boat sails for next: a mark to round, or the start or finish line (the
    cell in the line's middle). ``name`` is in a newcomer's words ("mark B, to port",
    "the finish line")."""

    name: str
    x: float
    y: float


def mark_goal(mark: Any, side: str | None = None) -> Goal:
    """The goal of rounding a board :class:`~dinghy.games.grid.board.Mark`."""
    name = f"mark {mark.name}" if len(mark.name) <= 2 else f"the {mark.name} mark"
    return Goal(f"{name}, to {side or mark.side}", mark.x, mark.y)


def line_goal(name: str, line: Any) -> Goal:
    """The goal of crossing a :class:`~dinghy.games.grid.board.Line` (its middle cell)."""
    return Goal(name, (line.a[0] + line.b[0]) / 2, (line.a[1] + line.b[1]) / 2)


def course_goal(course: Any, started: bool, marks_done: int) -> Goal:
    """Where a boat sails for next on a grid course: the start line until it has
    started, then its next mark (``marks_done`` rounded), then the finish line."""
    if not started:
        return line_goal("the start line", course.start)
    if marks_done < len(course.marks):
        return mark_goal(course.marks[marks_done])
    return line_goal("the finish line", course.finish)


@dataclass(frozen=True, slots=True)
class CardPile:
    """A seat's supply of one kind of card, shown as a card with the count left.
    ``action``: the action that plays one now on its own (legal or not: the view asks
    the engine why not), or None when the card is played with a move on the board or
    drawn by chance; ``how`` says so in words."""

    name: str                      # "Puff card", "Wind change card"
    count: int | None              # cards left (None: not counted, e.g. a spinnaker set or not)
    action: Any = None
    how: str = ""


@dataclass(frozen=True, slots=True)
class TurnedCard:
    """A card just turned face up where everyone can see it: drawn from a pile (a
    Sailors' Luck card) or played from a seat's supply (a puff, wind change or spinnaker
    card). A game that has cards answers ``game.turned_card(action, seat)`` with one
    after ``action`` by ``seat``, or None; the table shows it until the next action."""

    seat: int
    pile: str                      # the CardPile it comes from ("Sailors' Luck pack")
    name: str                      # what the card is called ("Fog settles", "Puff")
    words: str = ""                # what it says


def card_played(game: Any, actions: Any, seat: int | None) -> TurnedCard | None:
    """The card a tap plays when every one of ``actions`` (a square's legal actions)
    turns one face up (the game's ``turned_card``: a 3M leg with a puff card, a Yacht
    Race move with the spinnaker card): a square reached only by spending a card, the
    first action's card. None when any of them is free, or the game has no cards."""
    hook = getattr(game, "turned_card", None)
    acts = list(actions)
    if hook is None or not acts:
        return None
    cards = [hook(a, seat) for a in acts]
    return cards[0] if all(c is not None for c in cards) else None


@dataclass(frozen=True, slots=True)
class GridPicture:
    boats: tuple[BoatMark, ...]
    tokens: tuple[Token, ...] = ()
    wind_from: int = 0
    note: str = ""                 # one line for the status bar ("Round 4: die shows 2 legs")
    extra: dict[str, Any] = field(default_factory=dict)   # game-specific, optional
    goals: dict[int, Goal] = field(default_factory=dict)  # seat -> where it sails for next
    cards: dict[int, tuple[CardPile, ...]] = field(default_factory=dict)   # seat -> its cards


@dataclass(frozen=True, slots=True)
class SquareAction:
    """What tapping a square does: ``action`` (legal now) or ``reason`` (why not)."""

    label: str                     # "Move north-east", "Tack to port", ...
    action: Any = None
    reason: str | None = None

    @property
    def legal(self) -> bool:
        return self.action is not None and self.reason is None
