"""Hazard rolls after risky manoeuvres: Lady Luck committed before the dice, the roll
itself, and what follows once every roll of the move is made."""
from __future__ import annotations

from dinghy.core.interface import Event
from dinghy.games.dinghy_race.actions import Luck, Roll
from dinghy.games.dinghy_race.common import say
from dinghy.games.dinghy_race.rounds import end_turn
from dinghy.games.dinghy_race.state import RaceState, Step
from dinghy.games.dinghy_race.table import Table


def next_hazard_or_place(game: Table, state: RaceState, ev: list[Event]) -> RaceState:
    if state.turn.hazards:
        row = state.turn.hazards[0][0]
        label = game.hazards.rows[row].label
        say(ev, "hazard", state.active, f"{game.name(state.active)} must roll for: {label}")
        if state.boat().lady_luck:
            return state.with_(step=Step.LUCK, turn=state.turn.with_(luck=0))
        return state.with_(step=Step.ROLL, turn=state.turn.with_(luck=0))
    boat = state.boat()
    if boat.delays:
        return end_turn(game, state, ev)
    if not state.turn.then_place:
        return end_turn(game, state, ev)
    return state.with_(step=Step.PLACE)



def do_luck(game: Table, state: RaceState, act: Luck, ev: list[Event]) -> RaceState:
    boat = state.boat()
    if act.cards:
        # "spent cards are out of the game and may not be used again, even if they did not
        # actually change the net result"
        say(ev, "luck", boat.index, f"{game.name(boat.index)} commits {act.cards} Lady Luck card(s)")
    state = state.with_boat(boat.with_(lady_luck=boat.lady_luck - act.cards))
    return state.with_(step=Step.ROLL, turn=state.turn.with_(luck=act.cards))



def do_roll(game: Table, state: RaceState, act: Roll, ev: list[Event]) -> RaceState:
    boat = state.boat()
    (row, modifier), rest = state.turn.hazards[0], state.turn.hazards[1:]
    outcome = game.hazards.resolve(row, (act.d1, act.d2), luck=state.turn.luck, modifier=modifier)
    total = act.d1 + act.d2 + state.turn.luck + modifier
    extra = "".join(f" {x:+d}" for x in (state.turn.luck, modifier) if x)
    say(ev, "roll", boat.index,
         f"{game.name(boat.index)} rolls {act.d1}+{act.d2}{extra} = {total}: {outcome.describe()}")
    if outcome.delay_cards:
        # "When played as a penalty or as a hazard result, more than one delay cards may be
        # placed face-up in front of your boat, replacing any card that may have been there."
        boat = boat.with_(delays=boat.delays + outcome.delay_cards, trapeze=False,
                          spi_up=False, planned=None, aside=False, mishap=outcome.effect)
    state = state.with_boat(boat, turn=state.turn.with_(hazards=rest, luck=0))
    return next_hazard_or_place(game, state, ev)
