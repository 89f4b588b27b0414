"""A Yacht Race position built by hand: checked, and the turn handed on where the rules
would have handed it on.

Blanketing is decided "When it is a player's turn to move": a played race never gives the
turn to a blanketed yacht (or to one whose Sailors' Luck card costs it this turn), it hands
the turn on at once. A position built with the turn on such a yacht is made whole the same
way, so it never offers that yacht a move.
"""
from __future__ import annotations

from dataclasses import replace

from dinghy.core import position as P
from dinghy.core.position import require
from dinghy.games.yacht_race import turns
from dinghy.games.yacht_race.blanketing import blanketed_by
from dinghy.games.yacht_race.state import Phase, State, Yacht


def position(game, state: State) -> State:
    """``state`` checked; in the SAIL phase, before any wind card of the turn, a turn held
    by a blanketed yacht (or one that loses this turn) is handed on clockwise."""
    require(isinstance(state, State), f"not a Yacht Race position: {type(state).__name__}")
    n, chart = game.seats(), game.chart
    require(all(isinstance(y, Yacht) for y in state.yachts), "yachts: every entry must be a Yacht")
    P.seats_in_order(state.yachts, "seat", n, "yachts")
    require(isinstance(state.phase, Phase), f"phase is {state.phase!r}, not one of the race's phases")
    P.count(state.wind, "wind", 0, 7)
    P.seat(state.turn, n, "turn")
    P.seat(state.first, n, "first")
    P.count(state.round, "round")
    P.count(state.cards_this_turn, "cards_this_turn", 0, 7)
    require(len(state.luck_left) == len(game.pack.cards), f"luck_left lists {len(state.luck_left)} "
            f"counts for {len(game.pack.cards)} Sailors' Luck cards")
    for i, (k, card) in enumerate(zip(state.luck_left, game.pack.cards)):
        P.count(k, f"luck_left[{i}]", 0, card.copies)
    P.distinct_seats(state.fog, n, "fog")
    seen: dict[tuple[int, int], int] = {}
    for y in state.yachts:
        where = f"yachts[{y.seat}]"
        P.count(y.wind_cards, f"{where}.wind_cards")
        P.count(y.spinnakers, f"{where}.spinnakers")
        P.count(y.leg, f"{where}.leg", 0, len(chart.course))
        require(y.block is None or y.block in range(1, len(chart.club) + 1),
                f"{where}.block is {y.block!r}, not a numbered block 1 to {len(chart.club)}")
        require(y.started or not (y.leg or y.finished), f"{where} has rounded a mark or finished "
                "without starting")
        require(not y.finished or y.leg == len(chart.course), f"{where} has finished with "
                f"{y.leg} of {len(chart.course)} marks rounded")
        if y.afloat:
            require(chart.fixed_obstacle(y.pos) is None, f"{where}.pos {list(y.pos)} is "
                    f"{chart.fixed_obstacle(y.pos)}, not open water")
            require(y.pos not in seen, f"{where} and yachts[{seen.get(y.pos)}] both stand on {list(y.pos)}")
            seen[y.pos] = y.seat
    order = sorted((y.place, y.seat) for y in state.yachts if y.place is not None)
    P.finishing_order([s for _, s in order], [y.place for y in state.yachts], "the finishing places")
    if state.phase is not Phase.ALLOT:
        blocks = [y.block for y in state.yachts]
        require(None not in blocks and len(set(blocks)) == n, "every yacht holds its own numbered "
                "block once the blocks are allocated")
    over = all(y.finished for y in state.yachts)
    require((state.phase is Phase.OVER) == over, "phase is over but yachts are still racing"
            if not over else "every yacht has finished: the phase is over")
    if state.phase in (Phase.SAIL, Phase.EXTRA, Phase.DRAW, Phase.FOG):
        require(not state.yachts[state.turn].finished, f"turn is seat {state.turn}, whose yacht "
                "has finished")
    if state.phase is Phase.SAIL and state.cards_this_turn == 0:
        y = state.yachts[state.turn]
        if y.lose_turn or blanketed_by(state, state.turn) is not None:
            # hand_on counts a round when the turn reaches the first mover: this one is
            # already counted in ``round``
            back = state.round - 1 if state.turn == state.first else state.round
            state = turns.hand_on(replace(state, round=back), state.turn, game.name, [])
    return state
