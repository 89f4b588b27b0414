"""Helpers for the 3M Regatta tests: positions built by hand on the triangular course
(courses/grid/3m_triangle.toml: intersections x 0..20, y 0..26; start-finish line y = 4
from x = 4 to 16, course side north; mark A at (10, 22), mark B at (4, 13), both left to
port)."""
from __future__ import annotations

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.regatta_3m.state import Boat, Phase, State, Turn

N, NE, E, SE, S, SW, W, NW = range(8)


def make(rules="regatta", seats=3, board="3m_triangle", seed=1, penalty=None):
    extra = (("penalty", penalty),) if penalty else ()
    setup = RaceSetup(seats=tuple(Seat(c, c, None) for c in list(PALETTE)[:seats]),
                      course=board, seed=seed, extra=extra)
    return games.load_game(setup, rules)


def boats(game, spec):
    """Boats from {seat: {field: value}} (``game.position`` derives their line sides from
    where they stand)."""
    return tuple(Boat(seat=i).with_(**spec.get(i, {})) for i in range(game.seats()))


def rolling(game, spec, round_=4, holder=0, wind=N):
    """A race about to roll the die for the next round."""
    return Race.from_state(game, game.position(State(phase=Phase.ROLL, boats=boats(game, spec), wind=wind,
                                                     round=round_, holder=holder)))


def turn(game, spec, legs=3, round_=5, seat=0, wind=N):
    """A race in which ``seat`` begins a turn of ``legs`` legs."""
    bs = boats(game, spec)
    n = game.seats()
    queue = tuple((seat + k) % n for k in range(n))
    return Race.from_state(game, game.position(State(phase=Phase.TURN, boats=bs, wind=wind, round=round_,
                                                     holder=seat, legs=legs, queue=queue,
                                                     turn=Turn(seat=seat, legs=legs, start=bs[seat]))))


def at(race, seat=0):
    return race.state.boats[seat].at


def texts(events):
    return " | ".join(e.text for e in events)
