"""Out-of-turn calls: the inner boat's demand for room at a mark (right-of-way rule 3)
and protests against the latest right-of-way ruling."""
from __future__ import annotations

from dataclasses import replace

from dinghy.core.interface import Event
from dinghy.games.dinghy_race import right_of_way
from dinghy.games.dinghy_race.actions import Action, Overlap, Protest
from dinghy.games.dinghy_race.common import say
from dinghy.games.dinghy_race.state import RaceState, RulingRecord, Step
from dinghy.games.dinghy_race.table import Table


def interjections(game: Table, state: RaceState) -> list[Action]:
    """Out-of-turn actions open now: a protest against the latest right-of-way ruling,
    and the inner boat's demand for room at a mark (rule 3). They are not the active
    player's decision, so ``legal_actions`` leaves them out; ``apply`` takes them."""
    acts: list[Action] = []
    if state.step not in (Step.LAUNCH, Step.ROLL, Step.OVER):
        if state.last_ruling is not None and not state.last_ruling.protested:
            acts += [Protest(True), Protest(False)]
        if state.step in (Step.BEGIN, Step.MOVE, Step.PLACE) and not state.turn.overlap_claimed:
            inner = right_of_way.inner_boat_claim(game, state)
            if inner is not None:
                acts.append(Overlap(inner))
    return acts



def do_overlap(game: Table, state: RaceState, act: Overlap, ev: list[Event]) -> RaceState:
    """Rule 3: the inner boat takes the outer boat's turn-order position; "After that,
    the active player continues with his turn as usual"."""
    inner, outer = act.boat, state.active
    mark = game.course.legs[state.boat().legs_done].mark_ids[0]
    text = (f"{game.name(inner)}, the inner boat at mark {mark}, demands room: "
            f"{game.name(inner)} and {game.name(outer)} swap turn order (rule 3)")
    say(ev, "right_of_way", inner, text)
    return state.with_(order=right_of_way.swap_positions(state.order, inner, outer),
                       turn=state.turn.with_(overlap_claimed=True),
                       last_ruling=RulingRecord(3, outer, inner, True, text))



def do_protest(game: Table, state: RaceState, act: Protest, ev: list[Event]) -> RaceState:
    """A protest against the latest ruling, decided by the players (the Race Steward):
    upheld, the ruling is turned round -- a swap of turn-order positions it made is undone,
    or, where it made none, the two boats swap now; dismissed, it stands."""
    r = state.last_ruling
    a, b = game.name(r.keeps_clear), game.name(r.right_of_way)
    done = replace(r, protested=True)
    if not act.upheld:
        say(ev, "protest", None, f"Protest dismissed: the ruling stands ({r.text})")
        return state.with_(last_ruling=done)
    order = right_of_way.swap_positions(state.order, r.keeps_clear, r.right_of_way)
    what = "the swap of turn order is undone" if r.swapped else f"{a} and {b} swap turn order"
    say(ev, "protest", None, f"Protest upheld against rule {r.rule} between {a} and {b}: {what}")
    return state.with_(order=order, last_ruling=done)
