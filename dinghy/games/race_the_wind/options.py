"""What a boat may do in its turn, by its point of sail when the turn begins.

The web board's rules page (restated in the rules notes):

    head to wind  - only a turn of 45° or 90° either way;
    close reach   - one move forward or one 45°/90° turn;
    beam reach    - two actions, each a move or a 45°/90° turn;
    broad reach   - a move and a turn, or only a turn;
    run           - one move or one turn.

A turn's actions are written as a shape: "m" a move, "t" a turn (or a manoeuvre:
setting or dropping the spinnaker). A boat may stop after any prefix of a shape (every
action may be skipped). With a spinnaker on a broad reach or a run, two straight moves
("mm") may replace the standard actions; the "better spinnaker" option instead allows one
bonus straight move before or after the standard actions, and a turn that uses the bonus
may not change tack. Moves earned by puffs are extra and not part of the shape.

The shape is fixed by the point of sail at the start of the turn (a turn that changes the
point of sail does not change what is left of that turn).
"""
from __future__ import annotations

from dinghy.games.grid.compass import BROAD_REACH, RUN

STANDARD: dict[int, tuple[str, ...]] = {
    0: ("t",),
    1: ("m", "t"),
    2: ("mm", "mt", "tm", "tt"),
    3: ("mt", "tm", "t"),
    4: ("m", "t"),
}

WORDS = {
    0: "head to wind: only a turn of 45° or 90°",
    1: "close reach: one move forward or one turn",
    2: "beam reach: two actions, each a move or a turn",
    3: "broad reach: a move and a turn, or only a turn",
    4: "run: one move or one turn",
}


def shapes(point: int, spinnaker: bool, better: bool) -> tuple[str, ...]:
    seqs = STANDARD[point]
    if spinnaker and point in (BROAD_REACH, RUN):
        if better:
            return seqs + tuple("m" + s for s in seqs) + tuple(s + "m" for s in seqs)
        return seqs + ("mm",)
    return seqs


def allows(shape_set: tuple[str, ...], done: str, kind: str) -> bool:
    nxt = done + kind
    return any(s.startswith(nxt) for s in shape_set)


def exhausted(shape_set: tuple[str, ...], done: str) -> bool:
    return not any(len(s) > len(done) and s.startswith(done) for s in shape_set)


def uses_bonus(point: int, done: str) -> bool:
    """Whether ``done`` goes beyond the standard actions (uses the spinnaker's bonus move)."""
    return not any(s.startswith(done) for s in STANDARD[point])
