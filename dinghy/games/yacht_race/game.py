"""Yacht Race (Parker Brothers, 1961) as a game of the shared interface
(:mod:`dinghy.core.interface`) and of the grid board view (:mod:`dinghy.games.grid.picture`).

:class:`YachtRace` holds the set-up, the board, the chart read from it and the Sailors'
Luck pack; each method is a thin door into :mod:`rules` (the turn) or :mod:`view` (what
the board view draws and what a tap means). Chance acts twice: the numbered blocks are
allocated at random, and the top Sailors' Luck card is any card still in the pack, with
exact probabilities.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from dinghy.core.interface import CHANCE, TERMINAL, Event
from dinghy.games.grid.race_chart import GridPictures
from dinghy.games.yacht_race import luck_effects, position as positions, rules, view
from dinghy.games.yacht_race.actions import Action, Forfeit, Sail, WindCard, parse
from dinghy.games.yacht_race.sailing import LONG
from dinghy.games.yacht_race.state import Phase, State
from dinghy.games.yacht_race.waters import YachtWaters
from dinghy.games.yacht_race.balance import FIGURES as _BALANCE


class YachtRace(GridPictures, YachtWaters):
    balance_figures = _BALANCE

    # -- the interface -----------------------------------------------------------------
    def initial_state(self) -> State:
        return rules.initial_state(self)

    def current_player(self, state: State) -> int:
        if state.phase is Phase.OVER:
            return TERMINAL
        if state.phase in (Phase.ALLOT, Phase.DRAW):
            return CHANCE
        return state.turn

    def legal_actions(self, state: State) -> list[Action]:
        return rules.legal_actions(self, state)

    def why_not(self, state: State, action: Action) -> str | None:
        return rules.why_not(self, state, action)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        return rules.apply(self, state, action)

    def chance_outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        if state.phase is Phase.ALLOT:
            free = rules.free_blocks(self, state)
            return [(a, Fraction(1, len(free))) for a in rules.legal_actions(self, state)]
        if state.phase is Phase.DRAW:
            return list(luck_effects.outcomes(self, state))
        return []

    def is_over(self, state: State) -> bool:
        return state.phase is Phase.OVER

    def places(self, state: State) -> list[int | None]:
        return state.places()

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def position(self, state: State) -> State:
        return positions.position(self, state)

    def chance_words(self, state: State) -> str:
        """The chance button's words: a card drawn, the blocks allotted."""
        return {Phase.DRAW: "Draw a Sailors' Luck card", Phase.ALLOT: "Draw the starting blocks"}.get(
            state.phase, "Roll the dice")

    def action_label(self, action: Action) -> str:
        """An action in a player's words (the window's buttons; no rule here)."""
        if isinstance(action, WindCard):
            # "With each card thus spent the player may change the direction from which
            # the wind is blowing by 45 degrees ... only ... in a CLOCKWISE manner"
            return "Wind card: shift the wind 45° clockwise"
        if isinstance(action, Forfeit):
            return "Forfeit the turn (no course open)"
        if isinstance(action, Sail):
            what = f"{LONG[action.heading]}" + (" with the spinnaker" if action.spinnaker else "")
            return f"Sail {what}" if action.boat is None else f"Fog: sail {self.name(action.boat)} {what}"
        return action.text()

    def observation(self, state: State, seat: int) -> dict[str, Any]:
        """Everything on the table is public; the Sailors' Luck pack shows only how many of
        each card are left in it (every drawn card was read out), never its order."""
        return {
            "phase": state.phase.value,
            "turn": state.turn,
            "wind_from": state.wind,         # compass index, as in the state and the other grid games
            "round": state.round,
            "fog": list(state.fog),
            "cards_this_turn": state.cards_this_turn,
            "luck_pack": {c.key: k for c, k in zip(self.pack.cards, state.luck_left)},
            "yachts": [{
                "seat": y.seat, "block": y.block, "pos": list(y.pos) if y.pos else None,
                "heading": y.heading, "wind_cards": y.wind_cards, "spinnakers": y.spinnakers,
                "spinnaker_up": y.spinnaker_up, "started": y.started, "leg": y.leg,
                "lose_turn": y.lose_turn, "place": y.place,
            } for y in state.yachts],
        }

    # -- the grid board view ------------------------------------------------------------
    def picture(self, state: State, seat: int):
        return view.picture(self, state, seat)

    def square_actions(self, state: State, x: int, y: int):
        return view.square_actions(self, state, x, y)

    def square_map(self, state: State):
        return view.square_map(self, state)

    def turned_card(self, action: Any, seat: int):
        return view.turned_card(self, action, seat)
