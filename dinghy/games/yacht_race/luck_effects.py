"""What a Sailors' Luck card does when drawn (the cards themselves: :mod:`luck`).

Rule text: "he must take the top card from the Island and immediately follow the stated
instructions." "FOG SETTLES -- Skipper each yacht one move. Upon drawing this particular
card, the player receiving it must make ONE FULL MOVE with each opposing yacht. This move
must be in keeping with the rules of YACHT RACE and is to be made under EXISTING wind
conditions. ... When each yacht has been moved, play then resumes in the normal clockwise
manner."

Rulings where the text is silent: one card a move, however many anchor blocks it crosses;
yachts moved by the fog draw no card and are not blanketed (it is not their turn); an
opposing yacht with no course open stays where it is; an empty pack is shuffled again.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from dinghy.core.interface import Event
from dinghy.games.yacht_race import moves, turns
from dinghy.games.yacht_race.actions import Draw
from dinghy.games.yacht_race.sailing import LONG
from dinghy.games.yacht_race.state import Phase, State

if TYPE_CHECKING:
    from dinghy.games.yacht_race.waters import YachtWaters


def to_draw(game: "YachtWaters", state: State, events: list[Event]) -> State:
    """The mover must take the top card: chance acts next."""
    if sum(state.luck_left) == 0:
        events.append(Event("luck", None, "the Sailors' Luck pack is used up: the cards are "
                            "shuffled and put back face down on the island"))
        state = replace(state, luck_left=game.pack.full())
    return replace(state, phase=Phase.DRAW)


def outcomes(game: "YachtWaters", state: State) -> list[tuple[Draw, Fraction]]:
    total = sum(state.luck_left)
    return [(Draw(c.key), Fraction(k, total))
            for c, k in zip(game.pack.cards, state.luck_left) if k > 0]


def draw(game: "YachtWaters", state: State, key: str) -> tuple[State, list[Event]]:
    i = game.pack.index(key)
    card = game.pack.cards[i]
    left = list(state.luck_left)
    left[i] -= 1
    state = replace(state, luck_left=tuple(left))
    seat = state.turn
    name = game.name(seat)
    y = state.yachts[seat]
    events = [Event("luck", seat, f"{name} takes the top Sailors' Luck card: "
                    f"\u201c{card.title} \u2014 {card.text}\u201d")]
    if card.effect == "fog":
        queue = tuple(s % len(state.yachts) for s in range(seat + 1, seat + len(state.yachts))
                      if state.yachts[s % len(state.yachts)].afloat)
        state = replace(state, phase=Phase.FOG, fog=queue)
        events.append(Event("fog", seat, f"{name} must make one full move with each opposing "
                            "yacht, under the existing wind; no other skipper's cards are spent"))
        return next_in_fog(game, state, events), events
    if card.effect == "extra_move":
        events.append(Event("luck", seat, f"{name} makes one more move at once, under the wind "
                            "as it is"))
        return replace(state, phase=Phase.EXTRA), events
    if card.effect == "lose_turn":
        state = state.with_yacht(replace(y, lose_turn=True))
        events.append(Event("luck", seat, f"{name} will lose the next turn"))
    elif card.effect == "wind_shift":
        old, new = state.wind, (state.wind + card.amount) % 8
        state = replace(state, wind=new)
        events.append(Event("wind", seat, f"the wind shifts for everyone from the {LONG[old]} to "
                            f"the {LONG[new]}"))
    elif card.effect == "wind_cards":
        n = max(0, y.wind_cards + card.amount)
        state = state.with_yacht(replace(y, wind_cards=n))
        events.append(Event("luck", seat, f"{name} now has {n} wind change card{'s' if n != 1 else ''}"))
    elif card.effect == "spinnaker_cards":
        if card.amount < 0 and y.spinnaker_up:
            y = replace(y, spinnaker_up=False, spinnakers=max(0, y.spinnakers + card.amount + 1))
            events.append(Event("spinnaker", seat, f"{name}'s spinnaker comes down and goes back "
                                f"to the box ({y.spinnakers} spinnaker cards left)"))
        else:
            y = replace(y, spinnakers=max(0, y.spinnakers + card.amount))
            events.append(Event("spinnaker", seat, f"{name} now has {y.spinnakers} spinnaker "
                                f"card{'s' if y.spinnakers != 1 else ''}"))
        state = state.with_yacht(y)
    return turns.end_turn(state, game.name, events), events


def fog_sails(game: "YachtWaters", state: State, seat: int) -> list[tuple[int, bool]]:
    return [(h, spin) for h in range(8) for spin in (False, True)
            if moves.sail_problem(game.chart, state, seat, h, spin, game.name, fog=True) is None]


def next_in_fog(game: "YachtWaters", state: State, events: list[Event]) -> State:
    """Pass over opposing yachts with no course open; when all are moved, play resumes."""
    queue = state.fog
    while queue and not fog_sails(game, state, queue[0]):
        events.append(Event("fog", queue[0], f"{game.name(queue[0])}'s yacht has no course open "
                            "in the fog and stays where it is"))
        queue = queue[1:]
    state = replace(state, fog=queue)
    if queue:
        return state
    events.append(Event("fog", state.turn, "each yacht has been moved: play resumes in the "
                        "normal clockwise manner"))
    return turns.end_turn(state, game.name, events)
