"""Regatta (Gigamic) as a game of the shared interface."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from typing import Any

from dinghy.core import caches
from dinghy.core.interface import CHANCE, TERMINAL, BaseGame, Event
from dinghy.core.setup import RaceSetup
from dinghy.games.regatta_gigamic import picture, position as positions, turn
from dinghy.games.regatta_gigamic.actions import Act, parse
from dinghy.games.regatta_gigamic.collisions import Fixed
from dinghy.games.regatta_gigamic.course import Course, start_slots
from dinghy.games.regatta_gigamic.deck import Deck
from dinghy.games.regatta_gigamic.hand import pile_of
from dinghy.games.regatta_gigamic.spot import Shapes
from dinghy.games.regatta_gigamic.state import DEAL, DRAW, FIRST, OVER, Boat, State
from dinghy.games.regatta_gigamic.balance import FIGURES as _BALANCE

#: how far behind the line a bow is set down ("juste derrière la ligne de départ"), mm
START_BEHIND = 10.0


#: the turn panel's groups (the window's words; see ``action_group``)
_GROUPS = {"play": "Sail", "again": "Sail", "stay": "Sail", "done": "Sail",
           "swap": "Heave to: swap cards", "pivot": "Heave to: turn", "sun": "Sun", "no sun": "Sun",
           "becalmed": "Becalmed", "place": "Start", "draw": "Draw", "first": "First"}
_WORDS = {"stay": "Sail again: every arrow blocked, stay", "done": "Sail: no second card",
          "no sun": "Sun: keep it", "becalmed": "Becalmed: discard the sun card"}


class RegattaGigamic(BaseGame):
    rules_name = "regatta_gigamic"
    title = "Regatta (Gigamic)"
    balance_figures = _BALANCE

    def __init__(self, setup: RaceSetup, course: Course, deck: Deck) -> None:
        self.setup = setup
        self.course = course
        self.deck = deck
        self.shapes = Shapes(deck.hull_length, deck.card_length, deck.card_width)
        self.fixed = Fixed(course)
        spacing = deck.card_width / 2 + self.shapes.beam / 2 + 6.0
        self.slots = tuple(start_slots(course, spacing, START_BEHIND, deck.hull_length, self.shapes.beam))
        #: option: sail on after the winner until every boat has finished (the text ends
        #: the game at the first boat over the line)
        self.play_on = bool(dict(setup.extra).get("play_on", False))
        self.cache: dict[Any, Any] = {}

    def kept(self, key: Any, make: Any) -> Any:
        """``make()``, worked out once for ``key`` (a question of one state, whose answer
        depends on nothing else) and kept in the game's bounded cache."""
        return caches.kept(self.cache, key, make, 512)

    # -- the interface ---------------------------------------------------------------
    def initial_state(self) -> State:
        n = len(self.setup.seats)
        return State(step=DEAL, boats=tuple(Boat() for _ in range(n)), hands=((),) * n,
                     pile=self.deck.full_pile())

    def current_player(self, state: State) -> int:
        if state.step == OVER:
            return TERMINAL
        if state.step in (DEAL, DRAW, FIRST):
            return CHANCE
        return state.active

    def legal_actions(self, state: State) -> list[Act]:
        return turn.legal_actions(self, state)

    def chance_outcomes(self, state: State) -> list[tuple[Act, Fraction]]:
        return turn.chance_outcomes(self, state)

    def why_not(self, state: State, action: Act) -> str | None:
        return turn.why_not(self, state, action)

    def apply(self, state: State, action: Act) -> tuple[State, list[Event]]:
        return turn.apply(self, state, action)

    def is_over(self, state: State) -> bool:
        return state.step == OVER

    def places(self, state: State) -> list[int | None]:
        return [b.place for b in state.boats]

    def unplaced_note(self, state: State, seat: int) -> str:
        # "Le premier joueur qui franchit la ligne d'arrivée ... est déclaré vainqueur":
        # the game ends with the first boat home, unless the table chose to sail on
        if state.step == OVER and not self.play_on:
            return "still sailing: the first boat home wins"
        return "did not finish"

    def parse_action(self, text: str) -> Act:
        return parse(text)

    def position(self, state: State) -> State:
        return positions.position(self, state)

    def rounds(self, state: State) -> int:
        """Rounds begun: every skipper's turn once is a round."""
        return -(-state.turns // max(1, len(state.boats)))

    # -- pictures (drawn by dinghy.core.picture) -------------------------------------------
    def board_drawing(self) -> Any:
        return picture.chart(self)

    def boat_points(self, state: State) -> list[Any]:
        return picture.boat_points(state)

    def boat_outlines(self, state: State) -> list[Any]:
        return picture.boat_outlines(self, state)

    # -- words for the window (no rule here) ------------------------------------------
    def action_group(self, action: Act) -> str:
        """The kind of an action, for the turn panel's headers."""
        return _GROUPS.get(action.verb, action.verb.capitalize())

    def action_label(self, action: Act) -> str:
        """An action in a player's words: "Sail: Fork, arrow 1", "Heave to: swap 2
        cards (Fork + Trident)", "Heave to: turn 45° to port"."""
        v = action.verb
        if v == "play":
            face = self.deck.face(action.card)
            return f"Sail: {face.name}, arrow {action.n}"
        if v == "again":
            return f"Sail again: arrow {action.n}"
        if v == "swap":
            names = " + ".join(self.deck.face(c).name for c in action.cards)
            k = len(action.cards)
            return f"Heave to: swap {k} card{'s' if k > 1 else ''} ({names})"
        if v == "pivot":
            side = "starboard" if action.n > 0 else "port"
            return f"Heave to: turn {abs(action.n)}° to {side}"
        if v == "place":
            return f"Start: slot {action.n}"
        if v == "sun":
            return f"Sun: becalm {self.name(action.n)}"
        if v == "draw":
            return "Draw a card"            # its face is the drawing seat's secret
        if v == "first":
            return f"First to play: {self.name(action.n)}"
        return _WORDS.get(v, action.text())

    # -- hidden information ----------------------------------------------------------
    def observation(self, state: State, seat: int) -> dict[str, Any]:
        """The whole table and the discard (face up); of the hands only ``seat``'s own
        and how many cards the others hold; of the pile only its size."""
        boats = []
        for i, b in enumerate(state.boats):
            spot = None if b.spot is None else [b.spot.x, b.spot.y, b.spot.heading]
            boats.append({"seat": i, "spot": spot, "stage": b.stage, "wound": b.wound,
                          "becalmed": b.sun is not None, "place": b.place,
                          "cards": len(state.hands[i])})
        return {"rules": self.rules_name, "seat": seat, "step": state.step.value, "active": state.active,
                "first": state.first, "turns": state.turns, "card": state.card,
                "barre_used": state.barre_used, "boats": boats, "hand": list(state.hands[seat]),
                "pile": state.pile_count, "discard": list(state.discard),
                "finished": list(state.finished)}

    def hidden_variant(self, state: State, seat: int, rng: random.Random) -> State:
        """The same table with one card of ``seat``'s hand exchanged for another kind of
        card from the draw pile (what the others cannot tell apart)."""
        hand = state.hands[seat]
        pile = Counter(dict(state.pile))
        choices = [(h, p) for h in sorted(set(hand)) for p in sorted(pile) if p != h and pile[p] > 0]
        if not choices:
            return state
        give, take = rng.choice(choices)
        new_hand = list(hand)
        new_hand.remove(give)
        new_hand.append(take)
        pile[take] -= 1
        pile[give] += 1
        out = state.with_hand(seat, tuple(new_hand))
        return replace(out, pile=pile_of(pile))
