"""A 3M Regatta position built by hand: checked, with what follows from where each yacht
stands derived as the legs of a played race would have left it.

A yacht's ``start_side`` and ``finish_side`` are the sides of the lines it last stood
strictly on: a start ("crosses the starting line") or a finish is judged against them, so
a hand-set value that disagrees with where the yacht stands would make a crossing silently
fail to count. "A player may not be on or across the starting line before round three":
a yacht over the line before round three has jumped the gun (``premature``), and one
wholly back behind it no longer has. Marks rounded must fit the race so far: none before
the start, all of them before the finish.
"""
from __future__ import annotations

from dinghy.core import position as P
from dinghy.core.position import require
from dinghy.games.grid import rounding
from dinghy.games.grid.position import free_and_alone, last_side
from dinghy.games.regatta_3m import start_finish
from dinghy.games.regatta_3m.state import Boat, Phase, State, Turn


def position(game, state: State) -> State:
    require(isinstance(state, State), f"not a 3M Regatta position: {type(state).__name__}")
    n, course = game.seats(), game.course
    require(isinstance(state.phase, Phase), f"phase is {state.phase!r}, not one of the race's phases")
    require(all(isinstance(b, Boat) for b in state.boats), "boats: every entry must be a Boat")
    P.seats_in_order(state.boats, "seat", n)
    P.count(state.wind, "wind", 0, 7)
    P.count(state.round, "round")
    P.seat(state.holder, n, "holder")
    P.seat(state.roller, n, "roller")
    P.distinct_seats(state.queue, n, "queue")
    spots: dict = {}
    boats = []
    for b in state.boats:
        boats.append(_boat(game, state, b, spots))
    state = state.with_(boats=tuple(boats))
    if state.phase is Phase.TURN:
        t = state.turn
        require(isinstance(t, Turn), "turn: the TURN phase needs the Turn being sailed")
        P.seat(t.seat, n, "turn.seat")
        require(state.boats[t.seat].racing and state.boats[t.seat].at is not None,
                f"turn.seat {t.seat}'s yacht is not on the board racing")
        P.count(t.used, "turn.used", 0, max(t.legs, 0))
    if state.phase is not Phase.PLACE and state.phase is not Phase.ORDER:
        unplaced = [b.seat for b in state.boats if b.at is None]
        require(not unplaced, f"boats {unplaced} are not positioned, and the placing is over")
    over = not any(b.racing for b in state.boats)
    require((state.phase is Phase.OVER) or not over, "every yacht is out of the race: the phase is over")
    for k, c in enumerate(state.claims):
        P.seat(c.giver, n, f"claims[{k}].giver")
        P.seat(c.holder, n, f"claims[{k}].holder")
    return state


def _boat(game, state: State, b: Boat, spots: dict) -> Boat:
    course, where = game.course, f"boats[{b.seat}]"
    marks = len(course.marks)
    P.count(b.rounded, f"{where}.rounded", 0, marks)
    P.count(b.puffs, f"{where}.puffs", 0, game.eq.puff_cards)
    require(b.heading is None or b.heading in range(8), f"{where}.heading is {b.heading!r}, not 0 to 7")
    require(b.started or not (b.rounded or b.crossings or b.finished),
            f"{where} has rounded a mark or finished without starting: marks are rounded after the start")
    require(b.finished is None or b.rounded == marks,
            f"{where} has finished with {b.rounded} of {marks} marks rounded")
    if b.rounded < marks and b.started:
        side = course.marks[b.rounded].side
        require(not rounding.is_rounded(b.crossings, side), f"{where}.crossings {b.crossings} "
                f"would have rounded mark {course.marks[b.rounded].name}: rounded is then {b.rounded + 1}")
    else:
        require(b.crossings == 0, f"{where}.crossings is {b.crossings} with no mark left to round")
    if b.at is None:
        require(not (b.started or b.finished), f"{where} has started or finished but is not on the board")
        return b
    if b.afloat:
        free_and_alone(game.board, spots, b.at, f"{where}",
                       lambda p: "a mark or an island" if p in course.obstacles else None)
    b = b.with_(start_side=last_side(course.start, b.at, b.start_side, f"{where}.start_side"),
                finish_side=last_side(course.finish, b.at, b.finish_side, f"{where}.finish_side"))
    if not b.started:
        if start_finish.behind_line(course, b.at):
            b = b.with_(premature=False)
        elif start_finish.over_line(course, b.at) and 0 < state.round < start_finish.STARTING_ROUND:
            b = b.with_(premature=True)
    else:
        require(not b.premature, f"{where} has started, so it is not over the line early")
    return b
