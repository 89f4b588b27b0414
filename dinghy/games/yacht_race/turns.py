"""Whose turn: the numbered blocks, clockwise play, lost and blanketed turns.

Rule text: "The NUMBERED BLOCKS 1-6 at the yacht club are to be allocated at random to the
players"; "The player occupying the highest numbered square will be the first to move, and
the play then continues among the skippers in a CLOCK-WISE manner." Clockwise round the
table is the order of the seats.
"""
from __future__ import annotations

from dataclasses import replace

from dinghy.core.interface import Event
from dinghy.games.yacht_race.blanketing import blanketed_by
from dinghy.games.yacht_race.sailing import LONG
from dinghy.games.yacht_race.state import Phase, State


def hand_on(state: State, start: int, names, events: list[Event]) -> State:
    """Give the turn to the first skipper, clockwise from seat ``start`` (included), who
    may move: finished yachts are passed over, a lost turn (a Sailors' Luck card) is
    spent, a blanketed yacht forfeits its turn."""
    n = len(state.yachts)
    if all(y.finished for y in state.yachts):
        events.append(Event("over", None, "every yacht has crossed the finish line: the race is over"))
        return replace(state, phase=Phase.OVER, fog=(), cards_this_turn=0)
    seat = start % n
    for _ in range(2 * n + 1):        # a lost turn is spent on the first pass round
        y = state.yachts[seat]
        if seat == state.first:
            state = replace(state, round=state.round + 1)
        if not y.finished:
            if y.lose_turn:
                state = state.with_yacht(replace(y, lose_turn=False))
                events.append(Event("lose_turn", seat, f"{names(seat)} loses this turn "
                                    "(a Sailors' Luck card)"))
            elif (other := blanketed_by(state, seat)) is not None:
                events.append(Event("blanketed", seat, f"{names(seat)} is blanketed: "
                                    f"{names(other.seat)}'s yacht lies directly upwind (to the "
                                    f"{LONG[state.wind]}) on a neighbouring block, so "
                                    f"{names(seat)} forfeits this turn and may not change the wind"))
            else:
                return replace(state, turn=seat, phase=Phase.SAIL, cards_this_turn=0, fog=())
        seat = (seat + 1) % n
    raise AssertionError("no yacht can take the turn")      # the upwind-most yacht always can


def end_turn(state: State, names, events: list[Event]) -> State:
    """The turn passes clockwise from the skipper who just played."""
    return hand_on(state, state.turn + 1, names, events)
