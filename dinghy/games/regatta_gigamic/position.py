"""A Gigamic regatta position built by hand, checked: one hand and one boat a seat, every
card of the deck in exactly one place (a hand, the draw pile, the discard, or lying on a
becalmed boat as its sun), and places that agree with the finishing order."""
from __future__ import annotations

import math
from collections import Counter

from dinghy.core import position as P
from dinghy.core.position import require
from dinghy.games.regatta_gigamic.spot import Spot
from dinghy.games.regatta_gigamic.symbols import sun_in_hand
from dinghy.games.regatta_gigamic.state import Boat, State, Step, STEPS


def position(game, state: State) -> State:
    require(isinstance(state, State), f"not a Gigamic regatta position: {type(state).__name__}")
    n, deck = game.seats(), game.deck
    require(isinstance(state.step, Step), f"step is {state.step!r}, not one of {', '.join(map(str, STEPS))}")
    require(all(isinstance(b, Boat) for b in state.boats) and len(state.boats) == n,
            f"boats: one Boat a seat ({n}), not {len(state.boats)} entries")
    require(len(state.hands) == n, f"hands: one hand a seat ({n}), not {len(state.hands)}")
    P.seat(state.active, n, "active")
    P.seat(state.first, n, "first")
    P.count(state.turns, "turns")
    ids = set(deck.ids)
    held = Counter()
    for i, hand in enumerate(state.hands):
        for c in hand:
            require(c in ids, f"hands[{i}] holds {c!r}, not a card of this deck")
        require(list(hand) == sorted(hand), f"hands[{i}] must be sorted")
        held.update(hand)
    for k, (c, m) in enumerate(state.pile):
        require(c in ids, f"pile[{k}] is {c!r}, not a card of this deck")
        P.count(m, f"pile[{k}] count", 1)
        held[c] += m
    for c in state.discard:
        require(c in ids, f"the discard holds {c!r}, not a card of this deck")
    held.update(state.discard)
    held.update(b.sun for b in state.boats if b.sun is not None)
    for f in deck.faces:
        require(held[f.id] <= f.copies, f"{held[f.id]} copies of {f.id} are in play; the deck has {f.copies}")
    require(state.card is None or state.card in ids, f"card {state.card!r} is not a card of this deck")
    for i, b in enumerate(state.boats):
        where = f"boats[{i}]"
        P.count(b.stage, f"{where}.stage", 0, game.course.stages)
        P.finite(b.wound, f"{where}.wound")
        require(b.sun is None or (b.sun in ids and deck.face(b.sun).is_sun),
                f"{where}.sun {b.sun!r} is not a sun card")
        if b.spot is not None:
            require(isinstance(b.spot, Spot) and all(math.isfinite(v) for v in (b.spot.x, b.spot.y, b.spot.heading)),
                    f"{where}.spot must be a Spot of finite numbers")
        require(b.place is None or b.spot is not None, f"{where} has a place but was never set down")
        require(b.place is None or b.stage == game.course.stages,
                f"{where} has a place before reaching the finish stage")
    P.finishing_order(state.finished, [b.place for b in state.boats], "finished")
    if state.step in (Step.TURN, Step.AGAIN, Step.EXTRA):
        b = state.boats[state.active]
        require(b.spot is not None and b.place is None, f"active seat {state.active}'s boat is not "
                "sailing (not set down, or finished), so it cannot play a card")
    if state.step is Step.SUN:
        require(bool(sun_in_hand(game, state, state.active)), f"the sun step waits for seat "
                f"{state.active} to lay a sun card, but it holds none")
    return state
