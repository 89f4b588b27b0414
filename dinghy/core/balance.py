"""The figures that balance a game, as each game names them: what a rule designer watches
when a card, a table or a die changes (Lady Luck cards and capsizes in Dinghy Race, puff
cards and penalties in the 3M Regatta, suns in the Gigamic Regatta, ...).

A game lists its figures in ``balance_figures``; ``dinghy simulate`` counts each, per
boat and race, and reports them in the game's own words. Most figures are counted by the
default :func:`count` from what a race already keeps: an event of a kind (optionally
with some words in its text), credited to the event's boat, or an action of a kind,
credited to the seat that took it. A game whose figures need more (Dinghy Race resolves
its hazard rolls) overrides ``BaseGame.balance``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence


@dataclass(frozen=True)
class BalanceFigure:
    """One figure, counted per boat and race.

    ``key`` names the column of the seat rows (``seats.csv``); ``label`` says in words
    what one count is ("puff cards played"); ``short`` heads the summary's column (at
    most 7 characters). Counted by :func:`count`: every event whose kind is one of
    ``events`` (and whose text holds ``text``, when given), once for its boat; and every
    action for which ``action`` holds, once for the seat that took it."""

    key: str
    label: str
    short: str
    events: tuple[str, ...] = ()
    text: str = ""
    action: Callable[[Any], bool] | None = None


#: What a game's ``balance`` returns: each seat's counts ({figure key: count}), and rows
#: of rates per kind of roll (Dinghy Race's hazard rolls per manoeuvre; empty elsewhere).
Balance = tuple[list[dict[str, int]], list[dict[str, Any]]]


def zeros(figures: Sequence[BalanceFigure], seats: int) -> list[dict[str, int]]:
    return [{f.key: 0 for f in figures} for _ in range(seats)]


def count(game: Any, states: Sequence[Any], actions: Sequence[Any],
          events: Sequence[Sequence[Any]]) -> Balance:
    """Each seat's count of every figure in ``game.balance_figures`` over one race:
    ``states`` from the first on (one more than ``actions``), ``events`` the events of
    each action in turn."""
    figures = game.balance_figures
    seats = zeros(figures, game.seats())
    by_event = [f for f in figures if f.events]
    by_action = [f for f in figures if f.action is not None]
    for before, action, evs in zip(states, actions, events):
        for f in by_event:
            for e in evs:
                if e.kind in f.events and e.boat is not None and f.text in e.text:
                    seats[e.boat][f.key] += 1
        if by_action:
            seat = game.current_player(before)
            if 0 <= seat < len(seats):
                for f in by_action:
                    if f.action(action):
                        seats[seat][f.key] += 1
    return seats, []
