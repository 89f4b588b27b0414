"""Hands, the draw pile and the discard.

Rule text: "On distribue 5 cartes à chaque joueur, le reste des cartes forme la pioche."
(Five cards to each player, the rest is the draw pile.) "puis il retire la carte jouée
et la pose à côté de la pioche dans la défausse; enfin il pioche une nouvelle carte pour
compléter sa main." (The played card goes to the discard; then he draws to complete his
hand.) "Lorsqu'il ne reste plus de cartes dans la pioche, le joueur qui doit piocher
mélange le tas de défausse qui devient la pioche." (When the pile is empty, the player
who must draw shuffles the discard, which becomes the pile.)

The pile is a multiset: a draw is a chance action naming the card, with probability its
count over the pile's size (a shuffled pile's top card). The shuffle of the discard
itself is then no separate chance event: the discard simply becomes the pile.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Iterable

from dinghy.core.interface import Event
from dinghy.games.regatta_gigamic.actions import Act
from dinghy.games.regatta_gigamic.state import State


def pile_of(counts: Counter) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((c, n) for c, n in counts.items() if n > 0))


def take(pile: tuple[tuple[str, int], ...], card: str) -> tuple[tuple[str, int], ...]:
    counts = Counter(dict(pile))
    if counts[card] <= 0:
        raise KeyError(card)
    counts[card] -= 1
    return pile_of(counts)


def remove_cards(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...] | None:
    """The hand without ``cards`` (a multiset); None if the hand lacks one of them."""
    left = list(hand)
    for c in cards:
        if c not in left:
            return None
        left.remove(c)
    return tuple(left)


def draw_outcomes(state: State) -> list[tuple[Act, Fraction]]:
    total = state.pile_count
    return [(Act("draw", card=c), Fraction(n, total)) for c, n in state.pile]


def short(game, state: State, seat: int) -> bool:
    return len(state.hands[seat]) < game.deck.hand_size


def refill(game, state: State, seat: int) -> tuple[State, list[Event]]:
    """Before a draw: an empty pile is replaced by the shuffled discard."""
    if state.pile or not state.discard or not short(game, state, seat):
        return state, []
    n = len(state.discard)
    state = replace(state, pile=pile_of(Counter(state.discard)), discard=())
    return state, [Event("shuffle", seat, f"The draw pile is empty: {game.name(seat)} shuffles the "
                                        f"discard ({n} cards), which becomes the draw pile.")]


def can_draw(game, state: State, seat: int) -> bool:
    return short(game, state, seat) and state.pile_count > 0


def draw(game, state: State, seat: int, card: str) -> State:
    state = replace(state, pile=take(state.pile, card))
    return state.with_hand(seat, state.hands[seat] + (card,))
