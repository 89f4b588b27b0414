"""The symbol cards and what follows a move.

Rule text (CARTES SYMBOLE):

- "La barre : signifie que le joueur peut, s'il le souhaite, rejouer une carte
  immédiatement. On ne peut rejouer une nouvelle carte qu'une seule fois même si la
  seconde carte porte elle aussi une barre." (The helm: the player may play one more
  card at once; only once, even if the second card has a helm too.)
- "Le nuage : signifie que la carte doit être jouée 2 fois." (The cloud: the card must
  be played twice.) Each play chooses its arrow; if every arrow of the second play is
  blocked, the boat stays where the first play left it.
- "Le soleil : la carte soleil est jouée sur un bateau adverse, à la fin de son tour.
  [...] Le joueur pose donc une carte de direction pour bouger son bateau puis il pose
  la carte soleil devant un adversaire de son choix qui devra passer son prochain tour,
  enfin il pioche deux cartes pour compléter sa main. A son tour de jeu, l'adversaire ne
  jouera pas et se contentera de remettre la carte soleil dans la défausse." (After
  moving, the sun is laid before an opponent of one's choice, who skips its next turn,
  then the player draws two cards; on its turn the opponent only puts the sun card in
  the discard.) One sun a turn; a boat already becalmed cannot be becalmed twice.
"""
from __future__ import annotations

from dataclasses import replace

from dinghy.core.interface import Event
from dinghy.games.regatta_gigamic import hand as hands
from dinghy.games.regatta_gigamic.state import DRAW, EXTRA, OVER, SUN, TURN, State


def sun_in_hand(game, state: State, seat: int) -> str | None:
    return next((c for c in state.hands[seat] if game.deck.face(c).is_sun), None)


def sun_targets(state: State, seat: int) -> list[int]:
    return [i for i, b in enumerate(state.boats) if i != seat and b.racing and b.sun is None]


def sun_blocked(game, state: State, target: int) -> str | None:
    seat = state.active
    if not 0 <= target < len(state.boats):
        return f"there is no seat {target}"
    if target == seat:
        return "the sun is laid in front of an opponent, not one's own boat"
    b = state.boats[target]
    if not b.racing:
        return f"{game.name(target)}'s boat is no longer racing"
    if b.sun is not None:
        return f"{game.name(target)} is already becalmed"
    return None


def after_card(game, state: State, card: str, events: list[Event]) -> tuple[State, list[Event]]:
    """A direction card has been played (once, or twice for a cloud): what comes next."""
    seat = state.active
    face = game.deck.face(card)
    if face.symbol == "barre" and not state.barre_used:
        if any(not game.deck.face(c).is_sun for c in state.hands[seat]):
            events.append(Event("barre", seat, f"{face.name} carries the helm: {game.name(seat)} may "
                                               "play one more card at once (only once this turn)."))
            return replace(state, step=EXTRA, barre_used=True, card=None), events
    return offer_sun(game, replace(state, card=None), events)


def offer_sun(game, state: State, events: list[Event]) -> tuple[State, list[Event]]:
    seat = state.active
    if sun_in_hand(game, state, seat) and sun_targets(state, seat):
        return replace(state, step=SUN), events
    return finish_turn(game, state, events)


def lay_sun(game, state: State, target: int) -> tuple[State, list[Event]]:
    seat = state.active
    card = sun_in_hand(game, state, seat)
    state = state.with_hand(seat, hands.remove_cards(state.hands[seat], [card]))
    state = state.with_boat(target, sun=card)
    events = [Event("sun", seat, f"{game.name(seat)} lays the sun in front of {game.name(target)}'s "
                                 f"boat: flat calm, {game.name(target)} skips the next turn.")]
    return finish_turn(game, state, events)


def becalmed(game, state: State) -> tuple[State, list[Event]]:
    seat = state.active
    card = state.boats[seat].sun
    state = state.with_boat(seat, sun=None)
    state = replace(state, discard=state.discard + (card,))
    events = [Event("becalmed", seat, f"{game.name(seat)} is becalmed: no move this turn; the sun "
                                      "card goes to the discard.")]
    return finish_turn(game, state, events)


def finish_turn(game, state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Draw to a full hand (chance), then the next boat."""
    seat = state.active
    state = replace(state, step=DRAW)
    state, shuffled = hands.refill(game, state, seat)
    events.extend(shuffled)
    if hands.can_draw(game, state, seat):
        need = game.deck.hand_size - len(state.hands[seat])
        events.append(Event("draw", seat, f"{game.name(seat)} draws {need} card{'s' * (need > 1)} "
                                          "to complete the hand."))
        return state, events
    return next_turn(game, state, events)


def next_turn(game, state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The next boat still racing, clockwise (seat order)."""
    n = len(state.boats)
    for k in range(1, n + 1):
        i = (state.active + k) % n
        if state.boats[i].racing:
            return replace(state, step=TURN, active=i, card=None, barre_used=False,
                           moved=False, turns=state.turns + 1), events
    return replace(state, step=OVER), events

