"""The turn's flow: who acts, the end of a boat's turn, the end of the whole turn and the
chance events between turns.

"The gameplay is split into turns. In each turn each boat performs some of the allowed
actions. Once every boat has performed the actions, a new turn begins. The order in which
the boats perform their actions each turn is fixed before the beginning of the game": the
seat order. At the end of each turn the start rules are checked, boats finishing in it
are placed, and the end-of-turn die is thrown (:mod:`.weather`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from dinghy.core.interface import Event
from dinghy.games.grid import compass
from dinghy.games.race_the_wind import options, start_finish, weather
from dinghy.games.race_the_wind.state import Phase, Progress, State

MAX_TURNS = 150      # a race not over by then is stopped (boats still racing are unplaced)


def begin_turn(g: Any, s: State, ev: list[Event]) -> State:
    turn = s.turn + 1
    racing = tuple(b.seat for b in s.boats if not b.finished)
    s = replace(s, phase=Phase.PLAY, turn=turn, queue=racing, waited=frozenset(), progress=None,
                began=tuple(b.pos for b in s.boats))
    ev.append(Event("turn", None, f"Turn {turn} begins; the wind comes from the {compass.NAMES[s.wind]}."))
    return start_boat(g, s, ev)


def start_boat(g: Any, s: State, ev: list[Event]) -> State:
    seat = s.queue[0]
    b = s.boats[seat]
    point = compass.off_wind(b.heading, s.wind)
    t = compass.tack(b.heading, s.wind)
    prog = Progress(seat, point, b.spinnaker, began=b.pos, began_heading=b.heading,
                    tacks=frozenset({t}) if t else frozenset())
    if b.blocked:
        ev.append(Event("blocked", seat, f"{g.name(seat)} is blocked (the X token): \"A blocked boat will "
                        "skip the next turn - its only possible action for that turn will be to unblock itself\"."))
    else:
        spin = " with the spinnaker: or two straight moves" if b.spinnaker and point >= 3 else ""
        ev.append(Event("to_act", seat, f"{g.name(seat)} to act ({options.WORDS[point]}{spin})."))
    return replace(s, progress=prog)


def end_boat(g: Any, s: State, ev: list[Event]) -> State:
    s = replace(s, queue=s.queue[1:], progress=None)
    if s.queue:
        return start_boat(g, s, ev)
    return end_of_turn(g, s, ev)


def end_of_turn(g: Any, s: State, ev: list[Event]) -> State:
    # boats that finished in this turn, ordered by precedence at their crossing
    new = [b for b in s.boats if b.finished and b.seat not in s.order]
    if new:
        ordered = start_finish.finishing_order(new)
        if len(ordered) > 1:
            names = ", ".join(g.name(b.seat) for b in ordered)
            ev.append(Event("finish_order", None, f"{names} finished in the same turn: \"the winner is "
                            "determined by applying the Precedence Rules ... to the boats as they cross the "
                            f"finish line\", which places them in that order."))
        s = replace(s, order=s.order + tuple(b.seat for b in ordered))
        for b in ordered:
            ev.append(Event("place", b.seat, f"{g.name(b.seat)} is placed {len(s.order) - len(ordered) + ordered.index(b) + 1}."))
    if all(b.finished for b in s.boats):
        ev.append(Event("over", None, "Every boat has finished: the race is over."))
        return replace(s, phase=Phase.OVER)
    if s.turn >= MAX_TURNS:
        ev.append(Event("over", None, f"The race is stopped after {MAX_TURNS} turns; boats still racing are not placed."))
        return replace(s, phase=Phase.OVER)
    if s.turn < start_finish.START_TURN:
        s = _start_checks(g, s, ev)
    return replace(s, phase=Phase.DIE)


def _start_checks(g: Any, s: State, ev: list[Event]) -> State:
    for b in s.boats:
        if b.finished:
            continue
        if s.turn in start_finish.EARLY_TURNS and start_finish.on_start_line(g.course, b.pos):
            b = b.moved(penalties=b.penalties + 1)
            ev.append(Event("penalty", b.seat, f"{g.name(b.seat)} is on the starting line at the end of turn "
                            f"{s.turn}: \"If a boat is present at the starting line at turn 6 or 7 it gets a "
                            "penalty\" (a 360° turn)."))
        still = b.still + 1 if s.began and b.pos == s.began[b.seat] else 0
        if still >= start_finish.STAYS:
            b = b.moved(penalties=b.penalties + 1, still=0)
            ev.append(Event("penalty", b.seat, f"{g.name(b.seat)} has stayed on the same square for three turns in "
                            f"a row before turn {start_finish.START_TURN}: a penalty (a 360° turn)."))
        else:
            b = b.moved(still=still)
        s = s.with_boat(b)
    return s


# --- chance -----------------------------------------------------------------------------

def after_layout(g: Any, s: State, k: int, ev: list[Event]) -> State:
    puffs, lulls = weather.layout(g.board, k, frozenset(g.start_cells))
    ev.append(Event("layout", None, f"Puffs and lulls are laid at random (layout {k}): {len(puffs)} puffs "
                    f"and {len(lulls)} lulls."))
    return begin_turn(g, replace(s, puffs=puffs, lulls=lulls), ev)


def after_die(g: Any, s: State, n: int, ev: list[Event]) -> State:
    s = replace(s, die=n)
    if n == 1:
        lulls = weather.drift(s.lulls, s.wind, g.board)
        ev.append(Event("die", None, "The end-of-turn die shows 1: \"all puffs and lulls move one space in the "
                        f"wind direction\" (towards the {compass.NAMES[weather.downwind(s.wind)]})."))
        for b in s.boats:
            if b.finished:
                continue
            was, now = b.pos in s.lulls, b.pos in lulls
            if b.blocked and was and not now:
                s = s.with_boat(b.moved(blocked=False))
                ev.append(Event("unblock", b.seat, f"The lull moves away from under {g.name(b.seat)}, so its "
                                "block is removed."))
            elif now and not b.blocked:
                s = s.with_boat(b.moved(blocked=True))
                ev.append(Event("blocked", b.seat, f"A lull moves onto {g.name(b.seat)}'s square: it is blocked "
                                "for the coming turn."))
        s = replace(s, puffs=weather.drift(s.puffs, s.wind, g.board), lulls=lulls)
        return begin_turn(g, s, ev)
    if n == 2:
        ev.append(Event("die", None, "The end-of-turn die shows 2: the wind turns 45°, left or right by a coin."))
        return replace(s, phase=Phase.COIN)
    ev.append(Event("die", None, f"The end-of-turn die shows {n}: nothing changes."))
    return begin_turn(g, s, ev)


def after_coin(g: Any, s: State, coin: int, ev: list[Event]) -> State:
    wind = weather.shifted(s.wind, coin)
    ev.append(Event("shift", None, f"The coin says {'left' if coin < 0 else 'right'}: the wind now comes from "
                    f"the {compass.NAMES[wind]}."))
    s = replace(s, wind=wind)
    for b in s.boats:
        if not b.finished and b.spinnaker and compass.off_wind(b.heading, wind) < compass.BROAD_REACH:
            s = s.with_boat(b.moved(spinnaker=False, blocked=True))
            ev.append(Event("spinnaker_lost", b.seat, f"The shift puts {g.name(b.seat)} on a "
                            f"{compass.POINT_NAMES[compass.off_wind(b.heading, wind)]} with its spinnaker up: "
                            "\"it loses the spinnaker and becomes blocked\"."))
    return begin_turn(g, s, ev)


def after_spin_die(g: Any, s: State, n: int, ev: list[Event]) -> State:
    prog = s.progress
    b = s.boats[prog.seat]
    name = g.name(b.seat)
    if n == 1:
        ev.append(Event("spinnaker_fail", b.seat, f"The spinnaker die shows 1: {name}'s spinnaker fouls and "
                        f"{name} becomes blocked (it skips its next turn)."))
        s = replace(s.with_boat(b.moved(blocked=True)), phase=Phase.PLAY)
        return end_boat(g, s, ev)
    ev.append(Event("spinnaker", b.seat, f"The spinnaker die shows {n}: {name} now carries a spinnaker."))
    s = replace(s.with_boat(b.moved(spinnaker=True)), phase=Phase.PLAY)
    if options.exhausted(g.shapes(prog), prog.done):
        return end_boat(g, s, ev)
    return s
