"""A toy grid game on the grid contract, to drive the grid board view in tests: "Gridboat".

An 8 x 6 board of squares, the wind from the north. Each turn chance rolls a die for
the boat to act: a 1 leaves it becalmed (it may only "wait"); otherwise it sails one
square to any neighbour except straight into the wind, onto land, off the board or onto
another boat (the engine's reasons say which). Sailing downwind (broad reach or run) it
may also hoist its spinnaker on the way: two legal actions on one square. Boats finish
in the order they reach the finish line (the mark is drawn, not enforced). A puff and a
lull lie on the water, and each seat has a private lull that only it sees.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from fractions import Fraction

from dinghy.core.errors import IllegalAction
from dinghy.core.interface import CHANCE, TERMINAL, BaseGame, Event
from dinghy.games.grid.picture import BoatMark, GridPicture, SquareAction, Token

from dinghy.games.grid.board import Board, Line, Mark

DIRS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
NAMES = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")


def toy_board(cells: str = "squares") -> Board:
    return Board(name="toy_pond", title="Toy pond", game="gridboat", width=8, height=6,
                 cells=cells, land=frozenset({(0, 4), (0, 5), (1, 5)}),
                 marks=(Mark("A", 4, 3, "port", 1),),
                 start=Line((1, 0), (4, 0)), finish=Line((5, 5), (7, 5)), wind_from=0)


@dataclass(frozen=True)
class Act:
    verb: str            # "roll", "sail", "spi", "wait"
    n: int = 0           # die / heading

    def text(self) -> str:
        return f"{self.verb} {self.n}"


@dataclass(frozen=True)
class State:
    boats: tuple[tuple[int, int, int], ...]    # x, y, heading
    spi: tuple[bool, ...]
    turn: int = 0
    die: int = 0                                # 0: chance rolls next
    places: tuple[int, ...] = ()


class Gridboat(BaseGame):
    rules_name = "gridboat"
    title = "Gridboat"

    def __init__(self, setup, cells: str = "squares"):
        self.setup = setup
        self.board = toy_board(cells)

    # --- the interface ---------------------------------------------------------------
    def initial_state(self) -> State:
        n = len(self.setup.seats)
        return State(tuple((1 + i, 0, 1) for i in range(n)), (False,) * n)

    def current_player(self, s: State) -> int:
        if len(s.places) == len(s.boats):
            return TERMINAL
        return CHANCE if s.die == 0 else s.turn

    def _moves(self, s: State) -> list[Act]:
        x, y, _ = s.boats[s.turn]
        out = []
        for h, (dx, dy) in enumerate(DIRS):
            if self._blocked(s, h) is None:
                out.append(Act("sail", h))
                if h in (3, 4, 5) and not s.spi[s.turn]:
                    out.append(Act("spi", h))
        return out

    def _blocked(self, s: State, h: int) -> str | None:
        x, y, _ = s.boats[s.turn]
        dx, dy = DIRS[h]
        nx, ny = x + dx, y + dy
        if h == self.board.wind_from:
            return "head to wind: a boat cannot sail straight into the wind"
        if not (0 <= nx < self.board.width and 0 <= ny < self.board.height):
            return "off the board"
        if (nx, ny) in self.board.land:
            return "that square is land"
        if any((b[0], b[1]) == (nx, ny) for i, b in enumerate(s.boats) if i not in s.places):
            return "another boat is there"
        return None

    def legal_actions(self, s: State) -> list[Act]:
        p = self.current_player(s)
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [a for a, _ in self.chance_outcomes(s)]
        if s.die == 1:
            return [Act("wait", 0)]
        return self._moves(s) + [Act("wait", 0)]

    def chance_outcomes(self, s: State):
        if self.current_player(s) != CHANCE:
            return []
        return [(Act("roll", d), Fraction(1, 6)) for d in range(1, 7)]

    def why_not(self, s: State, a: Act) -> str | None:
        if a in self.legal_actions(s):
            return None
        if s.die == 1 and a.verb in ("sail", "spi"):
            return "becalmed: the die showed 1"
        if a.verb in ("sail", "spi") and 0 <= a.n < 8 and self.current_player(s) >= 0:
            return self._blocked(s, a.n) or "the spinnaker is already up"
        return f"{a.text()} is not possible now"

    def apply(self, s: State, a: Act):
        if (reason := self.why_not(s, a)) is not None:
            raise IllegalAction(reason)
        seat = s.turn
        if a.verb == "roll":
            return replace(s, die=a.n), [Event("roll", seat, f"rolls {a.n}")]
        events = []
        boats, spi, places = list(s.boats), list(s.spi), s.places
        if a.verb in ("sail", "spi"):
            x, y, _ = boats[seat]
            dx, dy = DIRS[a.n]
            boats[seat] = (x + dx, y + dy, a.n)
            if a.verb == "spi":
                spi[seat] = True
            events.append(Event("move", seat, f"sails {NAMES[a.n]} to {x + dx},{y + dy}"))
            fa, fb = self.board.finish.a, self.board.finish.b
            if y + dy == fa[1] and fa[0] <= x + dx <= fb[0]:
                places = places + (seat,)
                events.append(Event("finish", seat, "finishes"))
        else:
            events.append(Event("wait", seat, "waits"))
        s = replace(s, boats=tuple(boats), spi=tuple(spi), places=places, die=0)
        return self._next(s), events

    def _next(self, s: State) -> State:
        n = len(s.boats)
        for k in range(1, n + 1):
            i = (s.turn + k) % n
            if i not in s.places:
                return replace(s, turn=i)
        return s

    def is_over(self, s: State) -> bool:
        return self.current_player(s) == TERMINAL

    def places(self, s: State):
        return [s.places.index(i) + 1 if i in s.places else None for i in range(len(s.boats))]

    def parse_action(self, text: str) -> Act:
        verb, n = text.split()
        return Act(verb, int(n))

    def observation(self, s: State, seat: int) -> dict:
        return {"boats": [list(b) for b in s.boats], "turn": s.turn, "die": s.die,
                "my_lull": list(self.private_lull(seat))}

    def hidden_variant(self, s: State, seat: int, rng: random.Random) -> State:
        return s

    # --- the grid contract -------------------------------------------------------------
    def private_lull(self, seat: int) -> tuple[int, int]:
        return (6 - seat, 2)

    def picture(self, s: State, seat: int | None) -> GridPicture:
        boats = []
        for i, (x, y, h) in enumerate(s.boats):
            flags = ("spinnaker",) if s.spi[i] else ()
            if i in s.places:
                flags += ("finished",)
            if i == s.turn and s.die == 1:
                flags += ("blocked",)
            sail = "port" if h in (1, 2, 3) else "starboard"
            boats.append(BoatMark(i, x, y, h, sail, flags))
        tokens = [Token("puff", 3, 2, "+1"), Token("lull", 5, 1)]
        if seat is not None:
            tokens.append(Token("private_lull", *self.private_lull(seat), "L", seat))
        note = "" if s.die == 0 else f"{self.setup.seats[s.turn].name} rolled {s.die}"
        return GridPicture(tuple(boats), tuple(tokens), self.board.wind_from, note)

    def square_actions(self, s: State, x: int, y: int) -> list[SquareAction]:
        if self.current_player(s) < 0:
            return []
        bx, by, _ = s.boats[s.turn]
        d = (x - bx, y - by)
        if d == (0, 0):
            return [SquareAction("Your boat", reason="tap a square next to your boat")]
        if d not in DIRS:
            return [SquareAction(f"Sail to {x},{y}", reason="too far: a boat sails one square a turn")]
        h = DIRS.index(d)
        out = [SquareAction(f"Sail {NAMES[h]}", *self._square(s, Act("sail", h)))]
        if h in (3, 4, 5) and not s.spi[s.turn]:
            out.append(SquareAction(f"Sail {NAMES[h]}, spinnaker up", *self._square(s, Act("spi", h))))
        return out

    def _square(self, s: State, a: Act) -> tuple[Act | None, str | None]:
        why = self.why_not(s, a)
        return (None, why) if why else (a, None)
