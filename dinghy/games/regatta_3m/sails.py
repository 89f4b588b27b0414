"""Puff cards, the spinnaker and blanketing.

PUFF CARDS: "good for a 1-space extension of a leg ... he may play only one per turn.
After a puff card has been used, it is placed aside and may not be used again."

USING A SPINNAKER: "Only when broad reaching or running may a player use a spinnaker to
gain 1 more space per leg. He does so by turning his spinnaker card face up before
moving ... When unable to run or broad reach to advantage for a full turn, he must begin
his turn by taking down his spinnaker ... and giving up one leg. (To take down a
spinnaker in a one-leg turn is, in effect, to lose a turn.)" So: set before the turn's
first move, taken down only at the beginning of a turn (costing a leg), and while it
flies every leg is a broad reach or a run.

BLANKETING: "When a boat occupies the space directly to windward of another boat, it
blankets the other boat ... The blanketed player loses a turn. A boat flying a
spinnaker can partially blanket from the second space directly to windward of another
boat; the blanketed player loses one leg of his turn." Judged as the blanketed boat's
turn begins, from where the boats then stand.
"""
from __future__ import annotations

from dinghy.games.grid import compass
from dinghy.games.regatta_3m.state import Boat, State, Turn


def puff_check(boat: Boat, turn: Turn) -> str | None:
    if boat.puffs <= 0:
        return "no puff card left (three a race, each used once)"
    if turn.puffed:
        return "only one puff card may be played a turn"
    return None


def spinnaker_check(boat: Boat, turn: Turn, up: bool) -> str | None:
    if turn.sail_changed:
        return "the spinnaker has already been set or taken down this turn"
    if turn.moved or turn.used:
        return ("the spinnaker is set before moving" if up
                else "a spinnaker is taken down at the beginning of a turn")
    if up and boat.spinnaker:
        return "the spinnaker is already flying"
    if not up and not boat.spinnaker:
        return "no spinnaker is flying"
    if up and boat.luffing:
        return "a luffing yacht cannot set a spinnaker (it must first make a heading move)"
    return None


def windward_of(p: tuple[int, int], wind: int, spaces: int) -> tuple[int, int]:
    """The space ``spaces`` steps directly to windward of ``p``."""
    x, y = p
    for _ in range(spaces):
        x, y = compass.step(x, y, wind)
    return (x, y)


def blanketing(state: State, seat: int) -> tuple[int, int | None, bool]:
    """(legs lost, by which seat, whole turn) for ``seat`` as its turn begins: the whole
    turn when a boat stands directly to windward, one leg when a boat flying a spinnaker
    stands on the second space directly to windward, else (0, None, False)."""
    me = state.boats[seat]
    if me.at is None:
        return 0, None, False
    near, far = windward_of(me.at, state.wind, 1), windward_of(me.at, state.wind, 2)
    for b in state.boats:
        if b.seat != seat and b.afloat and b.at == near:
            return state.legs, b.seat, True
    for b in state.boats:
        if b.seat != seat and b.afloat and b.spinnaker and b.at == far:
            return 1, b.seat, False
    return 0, None, False
