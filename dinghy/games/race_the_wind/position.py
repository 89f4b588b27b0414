"""A Race the Wind position built by hand: checked, with each boat's line sides derived
from where it stands (a start or a finish is a crossing from the side it last stood on:
a side that disagrees with the square would make the crossing silently not count)."""
from __future__ import annotations

from dataclasses import replace

from dinghy.core import position as P
from dinghy.core.position import require
from dinghy.games.grid import rounding
from dinghy.games.grid.position import free_and_alone, last_side
from dinghy.games.race_the_wind.state import Boat, Phase, State


def position(game, state: State) -> State:
    require(isinstance(state, State), f"not a Race the Wind position: {type(state).__name__}")
    n, course, board = game.seats(), game.course, game.board
    require(isinstance(state.phase, Phase), f"phase is {state.phase!r}, not one of the race's phases")
    require(all(isinstance(b, Boat) for b in state.boats), "boats: every entry must be a Boat")
    P.seats_in_order(state.boats, "seat", n)
    P.count(state.wind, "wind", 0, 7)
    P.count(state.turn, "turn")
    P.distinct_seats(state.queue, n, "queue")
    spots: dict = {}
    boats = []
    for b in state.boats:
        where = f"boats[{b.seat}]"
        P.count(b.heading, f"{where}.heading", 0, 7)
        P.count(b.leg, f"{where}.leg", 0, len(course.marks))
        P.count(b.penalties, f"{where}.penalties")
        require(b.started or not (b.leg or b.count or b.finished),
                f"{where} has rounded a mark or finished without starting")
        require(not b.finished or b.leg == len(course.marks),
                f"{where} has finished with {b.leg} of {len(course.marks)} marks rounded")
        if b.started and b.leg < len(course.marks):
            require(not rounding.is_rounded(b.count, course.marks[b.leg].side),
                    f"{where}.count {b.count} would have rounded its next mark")
        if not b.finished:
            free_and_alone(board, spots, b.pos, where, lambda p: None if board.is_free(*p) else "land or a mark")
        boats.append(b.moved(start_side=last_side(course.start, b.pos, b.start_side, f"{where}.start_side"),
                             finish_side=last_side(course.finish, b.pos, b.finish_side, f"{where}.finish_side")))
    state = replace(state, boats=tuple(boats))
    P.distinct_seats(state.order, n, "order")
    for s in state.order:
        require(state.boats[s].finished, f"seat {s} is in the finishing order but has not finished")
    for s in state.queue:
        require(not state.boats[s].finished, f"queue: seat {s} has finished and acts no more")
    if state.phase is Phase.PLAY:
        require(bool(state.queue), "the PLAY phase needs a boat to act (queue is empty)")
        require(state.progress is None or state.progress.seat == state.queue[0],
                f"progress is seat {getattr(state.progress, 'seat', None)}'s turn, but seat "
                f"{state.queue[:1]} acts")
    over = all(b.finished for b in state.boats)
    require((state.phase is Phase.OVER) == over, "phase is over but boats are still racing"
            if not over else "every boat has finished: the phase is over")
    return state
