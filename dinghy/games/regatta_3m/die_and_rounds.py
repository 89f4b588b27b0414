"""The die and the rounds: order of play, legs a round, wind shifts, the hand-over.

"1. Players roll the die to decide order of play. The first player to roll a 3 is first;
the player to his left is second, etc." (Seat order is the order round the table; the
seats roll in turn, from the first seat, until one rolls a 3.)

"3. Every round starts with a roll of the die to determine the number of legs per turn
for all players ... For the first round, the first player rolls the die. He continues
to roll the die for each successive round until "S" turns up."

WIND SHIFTS: "When the red "S" appears, the Wind Indicator is moved counterclockwise 45°
...; when the green "S" appears, the Indicator is moved clockwise 45°. The player who
rolled the "S" gives the die to the next player who rolls it to determine the number of
legs for the coming round. This player becomes the first player for succeeding rounds."

Round: "consists of one turn per player", the holder of the die first, then to his left.
A boat that has finished (or is out) passes; if the holder is out, the die goes on to
the next boat still racing.
"""
from __future__ import annotations

from fractions import Fraction

from dinghy.core.interface import Event
from dinghy.games.grid import compass
from dinghy.games.regatta_3m import headings, right_of_way, sails
from dinghy.games.regatta_3m.actions import Roll
from dinghy.games.regatta_3m.state import Boat, Phase, State, Turn


def initial_state(game) -> State:
    boats = tuple(Boat(seat=i, puffs=game.eq.puff_cards) for i in range(game.seats()))
    return State(phase=Phase.ORDER, boats=boats, wind=game.board.wind_from)


def chance_outcomes(game, state: State) -> list[tuple[Roll, Fraction]]:
    if state.phase not in (Phase.ORDER, Phase.ROLL):
        return []
    return [(Roll(f), p) for f, p in game.eq.die_outcomes()]


def racing_from(state: State, seat: int) -> tuple[int, ...]:
    """The seats still racing, in order round the table starting at ``seat``."""
    n = len(state.boats)
    return tuple(s for s in ((seat + k) % n for k in range(n)) if state.boats[s].racing)


def next_racing(state: State, seat: int) -> int:
    """The next seat to the left of ``seat`` still racing (``seat`` if none)."""
    n = len(state.boats)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if state.boats[s].racing:
            return s
    return seat


def roller(state: State) -> int | None:
    """Who rolls the die now: in the order roll the seat whose roll it is; each round the
    holder of the die ("He continues to roll the die for each successive round"), or the
    next boat still racing if the holder is not. None when no roll is due."""
    if state.phase is Phase.ORDER:
        return state.roller
    if state.phase is Phase.ROLL:
        return state.holder if state.boats[state.holder].racing else next_racing(state, state.holder)
    return None


def roll(game, state: State, face: str) -> tuple[State, list[Event]]:
    if state.phase is Phase.ORDER:
        return _order_roll(game, state, face)
    return _round_roll(game, state, face)


def _order_roll(game, state: State, face: str) -> tuple[State, list[Event]]:
    who = game.name(state.roller)
    if face != "3":
        nxt = (state.roller + 1) % len(state.boats)
        return (state.with_(roller=nxt),
                [Event("order", state.roller, f"{who} rolls {face} for the order of play: not a 3")])
    order = racing_from(state, state.roller)
    names = ", ".join(game.name(s) for s in order)
    return (state.with_(phase=Phase.PLACE, holder=state.roller, queue=order),
            [Event("order", state.roller, f"{who} rolls a 3 and is first; the order of play is {names}. "
                   "Each in turn positions a yacht behind the starting line")])


def _round_roll(game, state: State, face: str) -> tuple[State, list[Event]]:
    holder = roller(state)
    who = game.name(holder)
    if face in ("red S", "green S"):
        turn_by = -1 if face == "red S" else 1
        wind = compass.turn(state.wind, turn_by)
        nxt = next_racing(state, holder)
        events = [Event("shift", holder, f"{who} rolls the {face}: the wind shifts 45° "
                        f"{'counterclockwise' if turn_by < 0 else 'clockwise'} and now blows from the "
                        f"{compass.NAMES[wind]}; {who} gives the die to {game.name(nxt)}, who rolls "
                        "for the coming round and becomes the first player")]
        state = state.with_(wind=wind, holder=nxt)
        if game.advanced:
            for b in state.boats:
                nb, text = headings.after_shift(b, wind)
                if text:
                    state = state.with_boat(nb)
                    events.append(Event("attitude", b.seat, f"{game.name(b.seat)} {text}"))
        return state, events
    n = int(face)
    rnd = state.round + 1
    if rnd > game.eq.time_limit:
        return (state.with_(phase=Phase.OVER, queue=()),
                [Event("over", None, f"The time limit of {game.eq.time_limit} rounds is reached: "
                       "the race ends; boats still sailing did not finish")])
    stage = {1: "round one (pre-start)", 2: "round two (pre-start)", 3: "round three, the starting round"}
    label = stage.get(rnd, f"round {rnd}")
    events = [Event("round", holder, f"{who} rolls {n}: {label}, {n}-leg turns for all")]
    state = state.with_(round=rnd, legs=n, holder=holder, queue=racing_from(state, holder))
    return next_turn(game, state, events)


def next_turn(game, state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Begin the next boat's turn of the round (lost turns pass); after the last, the die."""
    while True:
        if state.claims:        # claims of or against a yacht that left the race lapse
            state = state.with_(claims=tuple(c for c in state.claims if state.boats[c.giver].afloat
                                             and state.boats[c.holder].afloat))
        queue = tuple(s for s in state.queue if state.boats[s].racing)
        if not any(b.racing for b in state.boats):
            return state.with_(phase=Phase.OVER, queue=(), turn=None), events
        if not queue:
            return state.with_(phase=Phase.ROLL, queue=(), turn=None), events
        seat = queue[0]
        state = state.with_(queue=queue)
        name = game.name(seat)
        if game.advanced:
            state, ev = right_of_way.resolve_claims(game, state, seat)
            events.extend(ev)
            if not state.boats[seat].racing:
                continue
        boat = state.boats[seat]
        if boat.lose_turn:
            state = state.with_boat(boat.with_(lose_turn=False)).with_(queue=queue[1:])
            events.append(Event("penalty", seat, f"{name} forfeits this turn (Option B penalty)"))
            continue
        lost, by, whole = sails.blanketing(state, seat)
        legs = state.legs - lost
        if lost:
            what = ("loses its turn" if whole else "loses one leg of its turn"
                    + (", its only one: the turn is lost" if legs <= 0 else ""))
            how = ("is directly to windward" if whole
                   else "flies a spinnaker on the second space directly to windward")
            events.append(Event("blanket", seat, f"{name} is blanketed: {game.name(by)} {how}; "
                                f"{name} {what}"))
        if legs <= 0:
            state = state.with_(queue=queue[1:])
            continue
        turn = Turn(seat=seat, legs=legs, start=boat)
        return state.with_(phase=Phase.TURN, turn=turn), events


def end_turn(game, state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The active boat's turn is complete: its attitude is set, the right-of-way claims
    against it are noted, and the next boat's turn begins."""
    turn = state.turn
    boat = state.boats[turn.seat]
    if game.advanced and boat.afloat:
        state = state.with_boat(boat.with_(tacking=turn.last_heading or boat.luffing))
        state, ev = right_of_way.claims_after_turn(game, state, turn.seat)
        events.extend(ev)
    state = state.with_(turn=None, queue=state.queue[1:])
    return next_turn(game, state, events)
