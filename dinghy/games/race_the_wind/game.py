"""Race the Wind (the 2017 web board's rules) as a game of the shared interface.

:class:`RaceTheWind` holds the board, the course geometry and the options; the rules
live in the topic modules (:mod:`.turns`, :mod:`.flow`, :mod:`.weather`,
:mod:`.start_finish`, :mod:`.precedence`, :mod:`.options`). Chance acts for the random
puffs and lulls at set-up (one of ``weather.LAYOUTS`` layouts, equally likely), the
spinnaker's die, the end-of-turn die and its coin.

Options (``RaceSetup.extra`` pairs): ``proper_course`` (bool) and ``better_spinnaker``
(bool), both off by default.
"""
from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

from dinghy.core.errors import DataError, IllegalAction
from dinghy.core.interface import CHANCE, TERMINAL, BaseGame, Event
from dinghy.core.setup import RaceSetup
from dinghy.games.grid import compass
from dinghy.games.grid.board import Board
from dinghy.games.grid.race_chart import GridPictures
from dinghy.games.race_the_wind import actions as A, flow, options, position as positions, start_finish, turns, view, weather
from dinghy.games.race_the_wind.state import Boat, Phase, Progress, State
from dinghy.games.race_the_wind.balance import FIGURES as _BALANCE

OPTIONS = ("proper_course", "better_spinnaker")


def _points(board: Board, source: str, key: str) -> tuple[tuple[int, int], ...] | None:
    raw = board.extras.get(key)
    if raw is None:
        return None
    out = []
    if not isinstance(raw, (list, tuple)):
        raise DataError(source, f"extras.{key}", "must be a list of squares [[x, y], ...]")
    for i, p in enumerate(raw):
        if (not isinstance(p, (list, tuple)) or len(p) != 2
                or any(isinstance(c, bool) or not isinstance(c, int) for c in p)):
            raise DataError(source, f"extras.{key}[{i}]", f"must be a square [x, y], not {p!r}")
        if not board.is_free(*p):
            raise DataError(source, f"extras.{key}[{i}]", f"square {list(p)} is off the board, land or a mark")
        out.append((p[0], p[1]))
    return tuple(out)


class RaceTheWind(GridPictures, BaseGame):
    rules_name = "race_the_wind"
    title = "Race the Wind"
    round_word = "turn"
    balance_figures = _BALANCE

    def __init__(self, setup: RaceSetup, board: Board, source: str = "board") -> None:
        self.setup = setup
        self.board = board
        opts = dict(setup.extra)
        for key, value in setup.extra:
            if key in OPTIONS and not isinstance(value, bool):
                raise DataError("setup", f"extra.{key}", f"must be true or false, not {value!r}")
        self.proper_course = bool(opts.get("proper_course", False))
        self.better_spinnaker = bool(opts.get("better_spinnaker", False))
        cells = _points(board, source, "start_cells")
        if cells is None:
            raise DataError(source, "extras.start_cells", "missing: the squares the boats start on")
        if len(set(cells)) < len(setup.seats):
            raise DataError(source, "extras.start_cells", f"{len(set(cells))} starting squares for "
                            f"{len(setup.seats)} boats")
        self.start_cells = cells[:len(setup.seats)]
        puffs, lulls = _points(board, source, "puffs"), _points(board, source, "lulls")
        self.fixed = None if puffs is None and lulls is None else (frozenset(puffs or ()), frozenset(lulls or ()))
        for key in ("puff_share", "lull_share"):
            v = board.extras.get(key, 0.1)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 0.5:
                raise DataError(source, f"extras.{key}", f"must be a share between 0 and 0.5, not {v!r}")
        self.course = start_finish.course_of(board, self.start_cells)
        self._shapes: dict[tuple[int, bool], tuple[str, ...]] = {}

    # -- helpers the rules modules use ---------------------------------------------------
    def shapes(self, prog: Progress) -> tuple[str, ...]:
        key = (prog.point, prog.spinnaker)
        if key not in self._shapes:
            self._shapes[key] = options.shapes(prog.point, prog.spinnaker, self.better_spinnaker)
        return self._shapes[key]

    # -- the interface -----------------------------------------------------------------
    def initial_state(self) -> State:
        wind = self.board.wind_from
        heading = compass.turn(wind, -2)       # a beam reach on starboard tack
        boats = tuple(Boat(i, x, y, heading, start_side=self.course.start.side((x, y)),
                           finish_side=self.course.finish.side((x, y)))
                      for i, (x, y) in enumerate(self.start_cells))
        s = State(Phase.LAYOUT, 0, wind, frozenset(), frozenset(), boats)
        if self.fixed is not None:
            s = replace(s, puffs=self.fixed[0], lulls=self.fixed[1])
            return flow.begin_turn(self, s, [])
        return s

    def current_player(self, s: State) -> int:
        if s.phase is Phase.OVER:
            return TERMINAL
        if s.phase is Phase.PLAY:
            return s.queue[0]
        return CHANCE

    def chance_outcomes(self, s: State) -> list[tuple[A.Act, Fraction]]:
        if s.phase is Phase.LAYOUT:
            return [(A.Act("layout", k), Fraction(1, weather.LAYOUTS)) for k in range(weather.LAYOUTS)]
        if s.phase is Phase.SPIN_DIE:
            return [(A.Act("spin_die", k), Fraction(1, 6)) for k in range(1, 7)]
        if s.phase is Phase.DIE:
            return [(A.Act("die", k), Fraction(1, 6)) for k in range(1, 7)]
        if s.phase is Phase.COIN:
            return [(A.Act("coin", -1), Fraction(1, 2)), (A.Act("coin", 1), Fraction(1, 2))]
        return []

    def legal_actions(self, s: State) -> list[A.Act]:
        if s.phase is Phase.OVER:
            return []
        if s.phase is not Phase.PLAY:
            return [a for a, _ in self.chance_outcomes(s)]
        return turns.legal(self, s)

    def why_not(self, s: State, a: Any) -> str | None:
        if not isinstance(a, A.Act):
            return f"{a!r} is not a Race the Wind action"
        if s.phase is Phase.OVER:
            return "the race is over"
        if s.phase is not Phase.PLAY:
            if a in [o for o, _ in self.chance_outcomes(s)]:
                return None
            return "the dice (or the coin) act now"
        if a.verb in ("layout", "spin_die", "die", "coin"):
            return "that is for the dice, and no dice are due"
        return turns.reason(self, s, a)

    def apply(self, s: State, a: Any) -> tuple[State, list[Event]]:
        r = self.why_not(s, a)
        if r is not None:
            raise IllegalAction(r)
        ev: list[Event] = []
        if s.phase is Phase.LAYOUT:
            return flow.after_layout(self, s, a.n, ev), ev
        if s.phase is Phase.DIE:
            return flow.after_die(self, s, a.n, ev), ev
        if s.phase is Phase.COIN:
            return flow.after_coin(self, s, a.n, ev), ev
        if s.phase is Phase.SPIN_DIE:
            return flow.after_spin_die(self, s, a.n, ev), ev
        return turns.apply(self, s, a)

    def is_over(self, s: State) -> bool:
        return s.phase is Phase.OVER

    def places(self, s: State) -> list[int | None]:
        """Each boat's place as soon as it has finished: the boats placed at the end of an
        earlier turn, then those that finished in this one ordered as the end of the turn
        will order them (``start_finish.finishing_order``; one still to finish in this
        turn may yet come in between)."""
        new = [b for b in s.boats if b.finished and b.seat not in s.order]
        order = s.order + tuple(b.seat for b in start_finish.finishing_order(new))
        return [order.index(i) + 1 if i in order else None for i in range(len(s.boats))]

    def parse_action(self, text: str) -> A.Act:
        return A.parse(text)

    def position(self, s: State) -> State:
        return positions.position(self, s)

    def observation(self, s: State, seat: int) -> dict[str, Any]:
        """Everything is in plain sight in Race the Wind (a shadow token is private in that it
        acts on one boat only, not hidden)."""
        return {
            "phase": s.phase.value, "turn": s.turn, "wind_from": s.wind, "die": s.die,
            "puffs": sorted(map(list, s.puffs)), "lulls": sorted(map(list, s.lulls)),
            "queue": list(s.queue), "waited": sorted(s.waited), "order": list(s.order),
            "done": s.progress.done if s.progress else "", "puff_move": bool(s.progress and s.progress.puff),
            "boats": [{"seat": b.seat, "x": b.x, "y": b.y, "heading": b.heading, "started": b.started,
                       "leg": b.leg, "penalties": b.penalties, "rotating": b.spin is not None,
                       "blocked": b.blocked, "spinnaker": b.spinnaker, "finished": b.finished,
                       "shadow": list(b.shadow) if b.shadow else None} for b in s.boats],
            "you": seat,
        }

    def hidden_variant(self, s: State, seat: int, rng: random.Random) -> State:
        return s

    def progress(self, s: State) -> Any:
        """The interface's ``progress`` (a simulation cuts a race short when it stays the
        same): where the boats still racing stand, their legs and starts, and the order
        of those finished. A boat turning on the spot gets nowhere."""
        return (tuple((b.seat, b.pos, b.leg, b.started) for b in s.boats if not b.finished),
                tuple(s.order))

    # -- for bots that cut a play-out short ----------------------------------------------
    def distance_along(self, s: State, seat: int) -> float:
        """How far boat ``seat`` is along the course: stages done (start, each mark, the
        finish), less the squares still to its next target as a fraction of the board."""
        b = s.boats[seat]
        c = self.course
        if b.finished:
            return 10.0 + len(c.marks) + (len(s.boats) - s.order.index(seat) if seat in s.order else 0)
        if not b.started:
            stage, target = 0, c.start
        elif b.leg < len(c.marks):
            stage, target = 1 + b.leg, None
        else:
            stage, target = 1 + len(c.marks), c.finish
        if target is None:
            m = c.marks[b.leg]
            d = compass.chebyshev(b.pos, m.pos)
        else:
            d = min(compass.chebyshev(b.pos, q) for q in target.squares())
        size = max(self.board.width, self.board.height)
        return stage + 1 - min(d, size) / size - 0.2 * b.penalties - (0.1 if b.blocked else 0)

    def estimate(self, s: State, seat: int) -> float:
        """The share of the other boats this boat is ahead of (1: ahead of all): what a
        play-out cut short is worth."""
        n = len(s.boats)
        if n == 1:
            return 1.0
        mine = self.distance_along(s, seat)
        score = sum(1.0 if mine > self.distance_along(s, o) else 0.5 if mine == self.distance_along(s, o)
                    else 0.0
                    for o in range(n) if o != seat)
        return score / (n - 1)

    # -- the grid view contract --------------------------------------------------------
    def picture(self, s: State, seat: int | None = None):
        return view.picture(self, s, seat)

    def square_actions(self, s: State, x: int, y: int):
        return view.square_actions(self, s, x, y)

    def chance_words(self, s: State) -> str:
        """The chance button's words: the die, the coin, the puffs and lulls laid."""
        return {Phase.LAYOUT: "Lay the puffs and lulls", Phase.SPIN_DIE: "Roll the spinnaker die",
                Phase.DIE: "Roll the die", Phase.COIN: "Toss the coin"}.get(s.phase, "Roll the dice")

    def action_label(self, action: A.Act) -> str:
        """An action in a player's words (the window's buttons; no rule here)."""
        return view.action_label(self, action)
