"""The game interface: what every ruleset offers, so one facade, one table, one set of
bots and one simulator serve all five games.

A game is an object holding the rules of one ruleset and its data (board or course,
cards, tables, the set-up). Its states are immutable values; it never reads files and
never imports pyglet. The shape follows OpenSpiel's game/state API: chance is a player
(dice and card draws are explicit actions with exact probabilities), so a game record is
the set-up plus the text of every action, and replaying it is a fold of ``apply``.

    game.initial_state()                 -> state
    game.current_player(state)           -> seat index, CHANCE, or TERMINAL
    game.legal_actions(state)            -> the seat's choices (or every chance outcome)
    game.why_not(state, action)          -> None, or the reason in words
    game.apply(state, action)            -> (state, [Event, ...])   IllegalAction if not allowed
    game.chance_outcomes(state)          -> [(action, Fraction)], summing to exactly 1
    game.is_over(state) / game.places(state)
    game.parse_action(text) / action.text()
    game.observation(state, seat)        -> what that seat may see (JSON-able)
    game.position(state)                 -> the same position, checked and made whole
                                            (ImpossiblePosition if no race can be in it)
    game.outcome(state, action)          -> what a legal action does, told before it is made
                                            (None where a game does not tell)
    game.balance_figures / game.balance(states, actions, events)
                                         -> the figures that balance the game, counted per seat

:class:`BaseGame` supplies the parts most games share; a new ruleset subclasses it and
registers in :mod:`dinghy.games`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol, Sequence, runtime_checkable

from dinghy.core import balance as _balance
from dinghy.core.balance import BalanceFigure

#: ``current_player`` when the dice (or a shuffled deck) act next.
CHANCE = -1
#: ``current_player`` when the race is over.
TERMINAL = -2


@runtime_checkable
class Action(Protocol):
    """An action: a frozen value with a one-line text form that its game parses back."""

    def text(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, spelled out for the players (the log shows ``text``)."""

    kind: str
    boat: int | None
    text: str


class BaseGame:
    """Defaults for the interface; a ruleset overrides what its rules decide.

    Subclasses set ``rules_name`` (the registry name, written into records) and
    ``setup`` (a :class:`dinghy.core.setup.RaceSetup`), and implement
    ``initial_state``, ``current_player``, ``legal_actions``, ``why_not``, ``apply``,
    ``is_over``, ``places``, ``parse_action`` and ``observation``.
    """

    rules_name: str = ""
    title: str = ""
    #: What the game calls one turn of every boat, as its board and log say it ("Turn 5"
    #: in Race the Wind); the results and exports count the race's length in it.
    round_word: str = "round"
    #: The figures that balance this game (what a rule designer watches when a card, a
    #: table or a die changes), in its own words; ``dinghy simulate`` reports them.
    balance_figures: tuple[BalanceFigure, ...] = ()

    # -- who acts ----------------------------------------------------------------------
    def is_chance(self, state: Any) -> bool:
        return self.current_player(state) == CHANCE

    def chance_outcomes(self, state: Any) -> list[tuple[Action, Fraction]]:
        """Every chance action open now with its exact probability (empty if no chance
        is due). The default: the legal actions, equally likely."""
        if not self.is_chance(state):
            return []
        acts = self.legal_actions(state)
        return [(a, Fraction(1, len(acts))) for a in acts]

    def sample_chance(self, state: Any, rng: random.Random) -> Action:
        """One chance outcome drawn with ``rng`` according to ``chance_outcomes``."""
        outcomes = self.chance_outcomes(state)
        if not outcomes:
            raise ValueError("no chance event is due")
        u = Fraction(rng.random())
        total = Fraction(0)
        for action, p in outcomes:
            total += p
            if u < total:
                return action
        return outcomes[-1][0]

    def chance_words(self, state: Any) -> str:
        """What the button that lets chance act says (a die rolled, a card drawn)."""
        return "Roll the dice"

    def chance_seat(self, state: Any) -> int | None:
        """The seat whose hand rolls the dice when chance is due, if the rules name one
        (the 3M Regatta's holder of the die); None: the table asks the last to act."""
        return None

    def interjections(self, state: Any) -> list[Action]:
        """Out-of-turn actions open now (a protest, a demand for room); none by default."""
        return []

    def caller(self, state: Any, action: Action) -> int | None:
        """Whose call an out-of-turn ``action`` (one of :meth:`interjections`) is: a
        seat, or None where any player at the table may make it."""
        return None

    # -- names and text ----------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.setup.seats[seat].name

    def seats(self) -> int:
        return len(self.setup.seats)

    def action_text(self, action: Action) -> str:
        return action.text()

    def unplaced_note(self, state: Any, seat: int) -> str:
        """What the results say beside a boat with no place when the race is over."""
        return "did not finish"

    def progress(self, state: Any) -> Any:
        """Something that changes whenever any boat still racing gets anywhere (a hashable
        value), or None where the game does not say: a simulation cuts a race short
        when it stays the same for thousands of actions (boats locked for good)."""
        return None

    # -- positions built by hand -------------------------------------------------------
    def position(self, state: Any) -> Any:
        """The one checked way to build a position (a study, a test, a bot's what-if):
        ``state`` checked against the rules' invariants, with what follows from where the
        boats stand filled in (a line's side, a turn that must be handed on). Raises
        :class:`~dinghy.core.position.ImpossiblePosition` naming the field and why; a
        played race's states come back unchanged. The default checks nothing."""
        return state

    def outcome(self, state: Any, action: Action) -> Any:
        """What legal ``action`` does from ``state``, told before it is made (Dinghy Race:
        where a move ends, what it stops short of, the hazards it calls for); None where
        the game does not tell (apply it to a copy: states are values)."""
        return None

    def rounds(self, state: Any) -> int:
        """The rounds begun (every boat's turn once is a round): the race's length in the
        results, one frame a round in a GIF. Games that count a ``round`` need not override."""
        return int(getattr(state, "round", 0) or 0)

    # -- pictures (see dinghy.core.picture) ----------------------------------------------
    def board_drawing(self) -> Any:
        """The board for pictures of a race (a :class:`dinghy.core.picture.Chart`), or
        None: this game draws none."""
        return None

    def boat_points(self, state: Any) -> list[Any]:
        """Per seat, the world point a picture's track passes, or None (not on the water)."""
        return [None] * self.seats()

    def boat_outlines(self, state: Any) -> list[Any]:
        """Per seat, the hull's outline in world points, or None."""
        return [None] * self.seats()

    def board_pieces(self, state: Any) -> Sequence[Any]:
        """What lies on the board in ``state`` besides the boats and the board itself
        (:class:`dinghy.core.picture.Shape` s, world units): Dinghy Race's Weather Eye
        cards laid during the race. Nothing by default."""
        return ()

    def board_wind(self, state: Any) -> float | None:
        """Where the wind of ``state`` comes from, in compass degrees (0 north, clockwise,
        as the boats' headings), for the pictures' wind rose; None: a game without wind."""
        return None

    def board_placements(self, state: Any) -> list[tuple[Any, Action]]:
        """Choices of the seat to act that put something other than its boat on the
        board (Dinghy Race's Weather Eye card on the water), which ``legal_actions``
        cannot list (a place is a free point): ``(world point, action)`` pairs, each
        action one ``why_not`` allows, a point once per way of laying the thing there.
        None by default. What another seat hides must not change them (they are sent
        to the seat to act)."""
        return []

    def placement_outline(self, state: Any, action: Action) -> Any:
        """The outline (world points) of what one of :meth:`board_placements`' actions
        lays on the board, for a preview before it is laid; None: no preview."""
        return None

    def balance(self, states: Sequence[Any], actions: Sequence[Any],
                events: Sequence[Sequence[Event]]) -> _balance.Balance:
        """Each seat's count of every ``balance_figures`` figure over one race (``states``
        from the first on, ``events`` the events of each action), and rows of rates per
        kind of roll where the game has them (:mod:`dinghy.core.balance`)."""
        return _balance.count(self, states, actions, events)

    # -- records -----------------------------------------------------------------------
    def older_record(self, fmt: int, race: Any) -> str | None:
        """Why a record of an older format ``fmt``, replayed as far as it goes into
        ``race``, does not mean under today's rules what it meant when it was made
        (None: it means the same, and the race stands)."""
        return None

    # -- hidden information ------------------------------------------------------------
    def hidden_variant(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state that differs from ``state`` only in what ``seat`` keeps hidden (its
        face-down card, its hand); the conformance test checks that no other seat's
        observation changes. Games without hidden information return ``state``."""
        return state


@dataclass(frozen=True, slots=True)
class GameOption:
    """A set-up option a ruleset reads from ``RaceSetup.extra`` (a variant the rule text
    or its players offer): the set-up screen shows it as a chooser, ``dinghy race
    --option KEY=VALUE`` sets it. ``choices`` pairs each JSON value with words."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]
    default: Any
    help: str = ""

    def parse(self, text: str) -> Any:
        """The value whose text (``true``, ``disqualify``, ...) is ``text``; ValueError if none."""
        for value, _ in self.choices:
            if str(value).lower() == text.strip().lower():
                return value
        raise ValueError(f"{self.key} must be one of {', '.join(str(v).lower() for v, _ in self.choices)}")


def actions_text(game: BaseGame, actions: Sequence[Action]) -> list[str]:
    return [game.action_text(a) for a in actions]
