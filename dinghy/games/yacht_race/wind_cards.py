"""Wind change cards. Rule text: "A player at the time of his turn may elect to CHANGE THE
WIND DIRECTION, BEFORE MAKING HIS MOVE. He may do this by giving up one or more of these
cards to the box. With each card thus spent the player may change the direction from which
the wind is blowing by 45 degrees. The wind may only shift in a CLOCKWISE manner, but the
player may expend as many cards as he wishes in any one move". "THERE ARE ONLY TWELVE
CARDS FOR EACH PLAYER FOR THE ENTIRE RACE."

Eight cards in one turn would bring the wind back where it was, so a turn takes at most
seven (a ruling: the eighth would be spent for nothing).
"""
from __future__ import annotations

from dataclasses import replace

from dinghy.core.interface import Event
from dinghy.games.yacht_race.sailing import LONG
from dinghy.games.yacht_race.state import Phase, State

MAX_A_TURN = 7


def problem(state: State) -> str | None:
    y = state.yachts[state.turn]
    if state.phase is Phase.EXTRA:
        return "a Sailors' Luck move is made at once, under the wind as it is"
    if state.phase is not Phase.SAIL:
        return "the wind is changed only at the start of one's own turn, before the move"
    if y.wind_cards == 0:
        return "no wind change card left: there are only twelve for the entire race"
    if state.cards_this_turn >= MAX_A_TURN:
        return "an eighth card would bring the wind back to where it was at the start of the turn"
    return None


def spend(state: State, names) -> tuple[State, list[Event]]:
    y = state.yachts[state.turn]
    old, new = state.wind, (state.wind + 1) % 8
    y = replace(y, wind_cards=y.wind_cards - 1)
    state = replace(state.with_yacht(y), wind=new, cards_this_turn=state.cards_this_turn + 1)
    return state, [Event("wind", y.seat, f"{names(y.seat)} gives up a wind change card: the wind "
                         f"shifts clockwise from the {LONG[old]} to the {LONG[new]} "
                         f"({y.wind_cards} card{'s' if y.wind_cards != 1 else ''} left)")]
