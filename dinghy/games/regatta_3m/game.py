"""The 3M Regatta as a game of the shared interface, and as a grid game of the board view.

:class:`Regatta3M` holds the board (intersections, marks, the start-finish line), the
equipment (die, Wind Indicator, puff cards) and the set-up; ``advanced`` adds headings,
heading moves and right of way, with the penalty option from ``RaceSetup.extra``
(("penalty", "disqualify") or ("penalty", "forfeit")). Chance is the die.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from dinghy.core.errors import DataError
from dinghy.core.interface import CHANCE, TERMINAL, BaseGame, Event
from dinghy.core.setup import RaceSetup
from dinghy.games.grid import compass
from dinghy.games.grid.board import Board
from dinghy.games.grid.race_chart import GridPictures
from dinghy.games.grid.picture import (
    BoatMark, CardPile, Goal, GridPicture, TurnedCard, SquareAction, course_goal,
)
from dinghy.games.regatta_3m import die_and_rounds, penalties, position as positions, start_finish, turn
from dinghy.games.regatta_3m.actions import Action, Head, Leg, Place, Spinnaker, parse
from dinghy.games.regatta_3m.equipment import Equipment, parse_die
from dinghy.games.regatta_3m.speeds import point_name, point_of_sail, spaces
from dinghy.games.regatta_3m.state import Phase, State
from dinghy.games.regatta_3m.balance import FIGURES as _BALANCE


class Regatta3M(GridPictures, BaseGame):
    rules_name = "regatta"
    title = "Regatta (3M)"
    balance_figures = _BALANCE
    advanced = False
    places_may_tie = True          # "Players finishing in the same round and the same number of legs tie."

    def __init__(self, setup: RaceSetup, board: Board, equipment: Equipment, source: str = "setup") -> None:
        self.setup = setup
        self.board = board = start_finish.line_for_fleet(board, len(setup.seats), source)
        if "die" in board.extras:
            equipment = Equipment(die=parse_die(board.extras["die"], source, "extras.die"),
                                  speeds=equipment.speeds, puff_cards=equipment.puff_cards,
                                  yachts=equipment.yachts, time_limit=equipment.time_limit)
        self.eq = equipment
        if len(setup.seats) > equipment.yachts:
            raise DataError(source, "setup.seats", f"the 3M Regatta has {equipment.yachts} yachts, "
                            f"not {len(setup.seats)}")
        self.course = start_finish.Course.from_board(board, source)
        self.start_area = tuple((x, y) for y in range(board.height) for x in range(board.width)
                                if start_finish.behind_line(self.course, (x, y))
                                and (x, y) not in self.course.obstacles)
        if len(self.start_area) < 2 * len(setup.seats):
            raise DataError(source, "start", f"too little water behind the starting line for "
                            f"{len(setup.seats)} yachts")
        options = dict(setup.extra)
        self.penalty = options.get("penalty", penalties.DEFAULT)
        if self.penalty not in penalties.OPTIONS:
            raise DataError("set-up", "extra.penalty", f"must be one of {', '.join(penalties.OPTIONS)}, "
                            f"not {self.penalty!r}")

    # -- the interface -------------------------------------------------------------------
    def initial_state(self) -> State:
        return die_and_rounds.initial_state(self)

    def current_player(self, state: State) -> int:
        if state.phase is Phase.OVER:
            return TERMINAL
        if state.phase in (Phase.ORDER, Phase.ROLL):
            return CHANCE
        return state.active

    def legal_actions(self, state: State) -> list[Action]:
        return turn.legal_actions(self, state)

    def why_not(self, state: State, action: Action) -> str | None:
        return turn.why_not(self, state, action)

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        return turn.apply(self, state, action)

    def chance_outcomes(self, state: State) -> list[tuple[Action, Fraction]]:
        return die_and_rounds.chance_outcomes(self, state)

    def chance_seat(self, state: State) -> int | None:
        """Who rolls the die now (the order roll's roller, each round's holder)."""
        return die_and_rounds.roller(state)

    def is_over(self, state: State) -> bool:
        return state.phase is Phase.OVER

    def places(self, state: State) -> list[int | None]:
        return start_finish.places(state.boats)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def position(self, state: State) -> State:
        return positions.position(self, state)

    def chance_words(self, state: State) -> str:
        """The chance button's words: the one die."""
        return "Roll the die"

    def action_label(self, action: Action) -> str:
        """An action in a player's words (the window's buttons; no rule here)."""
        if isinstance(action, Leg):
            way = compass.NAMES[action.direction]
            return f"Sail {way} playing a puff card (a leg one space longer)" if action.puff else f"Sail {way}"
        if isinstance(action, Head):
            return f"Turn to head {compass.NAMES[action.direction]} (a heading move)"
        if isinstance(action, Spinnaker):
            return "Set the spinnaker" if action.up else "Take down the spinnaker"
        if isinstance(action, Place):
            return f"Position the yacht {compass.where_words(self.board.marks, (action.x, action.y), 'space')}"
        return action.text()[:1].upper() + action.text()[1:]

    def observation(self, state: State, seat: int) -> dict[str, Any]:
        """Everything is in the open (the puff cards lie face down but are all alike)."""
        t = state.turn
        return {
            "rules": self.rules_name, "seat": seat, "phase": state.phase.value, "round": state.round,
            "wind_from": state.wind, "holder": state.holder, "legs": state.legs,
            "queue": list(state.queue), "active": state.active,
            "turn": None if t is None else {"seat": t.seat, "legs": t.legs, "used": t.used,
                                            "luffed": t.luffed, "puffed": t.puffed,
                                            "last_heading": t.last_heading},
            "boats": [{"seat": b.seat, "at": None if b.at is None else list(b.at), "heading": b.heading,
                       "tack": b.tack, "luffing": b.luffing, "spinnaker": b.spinnaker, "puffs": b.puffs,
                       "premature": b.premature, "started": b.started, "rounded": b.rounded,
                       "finished": None if b.finished is None else list(b.finished), "out": b.out,
                       "lose_turn": b.lose_turn} for b in state.boats],
            "claims": [[c.giver, c.holder, list(c.at)] for c in state.claims],
            "places": self.places(state),
        }

    # -- the grid view -------------------------------------------------------------------
    def picture(self, state: State, seat: int) -> GridPicture:
        marks = []
        for b in state.boats:
            if b.at is None:
                continue
            flags = tuple(f for f, on in (
                ("spinnaker", b.spinnaker), ("finished", b.finished is not None),
                ("out", b.out is not None), ("premature", b.premature), ("luffing", b.luffing),
                ("heeled", self.advanced and b.tack is not None and not b.luffing),
                ("blocked", b.lose_turn)) if on)
            heading = b.heading if b.heading is not None else state.wind   # waiting head to wind
            tack = b.tack if self.advanced else compass.tack(heading, state.wind)
            sail = None
            if tack is not None and not b.luffing:
                sail = "port" if tack == "starboard" else "starboard"     # the boom is to leeward
            marks.append(BoatMark(b.seat, b.at[0], b.at[1], heading, sail, flags))
        return GridPicture(boats=tuple(marks), wind_from=state.wind, note=self.note(state),
                           extra={"round": state.round, "legs": state.legs, "holder": state.holder,
                                  "puffs": [b.puffs for b in state.boats],
                                  "marks_rounded": [b.rounded for b in state.boats]},
                           goals={b.seat: self.goal(b) for b in state.boats
                                  if b.finished is None and b.out is None},
                           cards={b.seat: self.cards(b) for b in state.boats})

    def cards(self, b: Any) -> tuple[CardPile, ...]:
        """A yacht's puff cards (played with a leg) and its spinnaker (set or taken down
        as a leg of its own)."""
        place = "point" if self.board.cells == "points" else "square"     # the board's own word
        return (CardPile("Puff card", b.puffs, None, f"tap a {place} one space past a leg's end"),
                CardPile("Spinnaker " + ("down" if b.spinnaker else "up"), None, Spinnaker(not b.spinnaker),
                         "takes down the spinnaker" if b.spinnaker else "sets the spinnaker"))

    def turned_card(self, action: Any, seat: int) -> TurnedCard | None:
        """The card ``action`` by ``seat`` turns face up: a puff card played with a leg,
        the spinnaker set; else None."""
        if isinstance(action, Leg) and action.puff:
            return TurnedCard(seat, "Puff card", "Puff", "a leg one space longer")
        if isinstance(action, Spinnaker) and action.up:
            return TurnedCard(seat, "Spinnaker up", "Spinnaker", "flying a spinnaker")
        return None

    def goal(self, b: Any) -> Goal:
        """Where boat ``b`` sails for next: the start line, the next mark, the finish."""
        return course_goal(self.course, b.started, b.rounded)

    def note(self, state: State) -> str:
        wind = f"wind from the {compass.NAMES[state.wind]}"
        if state.phase is Phase.ORDER:
            return f"Order of play: {self.name(state.roller)} rolls (the first to roll a 3 starts); {wind}"
        if state.phase is Phase.PLACE:
            return f"{self.name(state.queue[0])}: position your yacht behind the starting line; {wind}"
        if state.phase is Phase.ROLL:
            return f"Round {state.round + 1}: {self.name(die_and_rounds.roller(state))} rolls the legs a turn; {wind}"
        if state.phase is Phase.TURN:
            t = state.turn
            return (f"Round {state.round}: {state.legs}-leg turns; {self.name(t.seat)} to sail, "
                    f"{t.left} leg{'s' if t.left != 1 else ''} left; {wind}")
        return "The race is over"

    def square_actions(self, state: State, x: int, y: int) -> list[SquareAction]:
        """What tapping (x, y) does: position the yacht there, sail a leg that ends there,
        or (advanced) a heading move towards it; else the engine's reason why not."""
        if state.phase is Phase.PLACE:
            hs = [h for h in range(8) if point_of_sail(h, state.wind)] if self.advanced else [None]
            out = []
            for h in hs:
                a = Place(x, y, h)
                label = "Position here" + (f", heading {compass.NAMES[h]}" if h is not None else "")
                why = self.why_not(state, a)
                out.append(SquareAction(label, a if why is None else None, why))
            return out if any(s.legal for s in out) else out[:1]
        if state.phase is not Phase.TURN:
            return []
        boat = state.boats[state.turn.seat]
        ends, whys = self._squares(state)
        out = list(ends.get((x, y), ()))
        if out:
            return out
        dx, dy = x - boat.at[0], y - boat.at[1]
        k = compass.chebyshev(boat.at, (x, y))
        d = compass.heading_of(dx // k, dy // k) if k and (dx % k == 0 and dy % k == 0) else None
        if d is None or (abs(dx) != abs(dy) and dx and dy):
            return [SquareAction("Sail here", None, "a leg runs in a straight line along one of the "
                                 "eight directions from the yacht")]
        if d not in whys:
            whys[d] = self.why_not(state, Leg(d))
        why = whys[d]
        if why is None:
            n = spaces(self.eq, d, state.wind, boat.spinnaker)
            why = f"a leg {compass.NAMES[d]} sails {n} spaces, not {k}"
        return [SquareAction(f"Sail {compass.NAMES[d]}", None, why)]

    def _squares(self, state: State) -> tuple[dict[tuple[int, int], list[SquareAction]], dict[int, str | None]]:
        """The squares the legal legs and heading moves end on, each with its actions in
        the engine's order, worked out once a state (the view asks cell after cell of one
        state); and a memo of why a plain leg each way is refused."""
        cached = getattr(self, "_squares_of", None)
        if cached is not None and cached[0] is state:
            return cached[1], cached[2]
        boat = state.boats[state.turn.seat]
        ends: dict[tuple[int, int], list[SquareAction]] = {}
        for a in self.legal_actions(state):
            if isinstance(a, Leg):
                ends.setdefault(self._leg_end(state, a), []).append(SquareAction(self._leg_label(state, a), a))
            elif isinstance(a, Head):
                ends.setdefault(compass.step(*boat.at, a.direction), []).append(
                    SquareAction(f"Heading move: head {compass.NAMES[a.direction]} (one leg)", a))
        self._squares_of = (state, ends, {})
        return ends, self._squares_of[2]

    def _leg_end(self, state: State, a: Leg) -> tuple[int, int]:
        st, _ = turn.act(self, state, a)
        return st[0].boats[state.turn.seat].at

    def _leg_label(self, state: State, a: Leg) -> str:
        boat = state.boats[state.turn.seat]
        n = spaces(self.eq, a.direction, state.wind, boat.spinnaker, a.puff)
        what = point_name(a.direction, state.wind)
        if n == 0:
            return "Luff for one leg (stay)"
        return (f"Sail {compass.NAMES[a.direction]}: {what}, {n} space{'s' if n != 1 else ''}"
                + (" with a puff card" if a.puff else ""))


class Regatta3MAdvanced(Regatta3M):
    rules_name = "regatta_advanced"
    title = "Regatta (3M), advanced"
    advanced = True
