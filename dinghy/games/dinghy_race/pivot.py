"""Pivoting: the delay's 45° turn and the 90° turn of a boat dead in the water, each
about the bow ("one 45°-turn whenever executing ... a delay card"; "such a boat may make
a 90°-turn in either direction"), with what may refuse a turn: the hull ending on a
boat, a mark or land, or the boat left trapped beside one (:mod:`trapped`), and the
start line touched before the start."""
from __future__ import annotations

from dinghy.core.geometry import Pose
from dinghy.core.interface import Event
from dinghy.core.wind import tack_of
from dinghy.games.dinghy_race.actions import Pivot
from dinghy.games.dinghy_race.common import say, prestart, touches_start_zone
from dinghy.games.dinghy_race.memo import per_object
from dinghy.games.dinghy_race.rounds import end_turn
from dinghy.games.dinghy_race.state import Boat, RaceState, Step
from dinghy.games.dinghy_race.table import Table
from dinghy.games.dinghy_race.sweep import swing_blocker, swing_shapes, turn_blocker  # noqa: F401
from dinghy.games.dinghy_race.trapped import trapped_by


def why_not_pivot(game: Table, state: RaceState, turn: int) -> str | None:
    """A pivot turns the boat about its bow; the hull may neither end on a boat, a mark or
    land nor swing through one on the way ("Boats ... may never touch fixed obstacles";
    "you can neither move through it"; see :func:`turn_blocker`), nor leave the boat
    trapped beside one (:func:`pivot_traps`). Keeping the heading is always open."""
    lim = state.turn.pivot_limit
    if turn not in (0, lim, -lim):
        return f"may only pivot by 0 or ±{lim}°"
    if turn == 0:
        return None
    blocker = turn_blocker(game, state, state.boat(), turn)
    if blocker:
        return f"the hull would swing into {blocker}"
    return pivot_traps(game, state).get(turn)


@per_object(maxsize=16)
def pivot_traps(game: Table, state: RaceState) -> dict[int, str]:
    """Why each turn of this pivot that would leave the boat trapped
    (:func:`trapped.trapped_by`) is refused, when a card is laid after it: "If a boat
    comes into a situation where it would violate this rule, it must stop" -- our
    reading, as for a move. Refused only while another turn (keeping the heading
    included) leaves a way out; keeping the heading itself is never refused."""
    if not state.turn.then_place:
        return {}           # more face-up delays to remove: the next turn turns again
    boat, lim = state.boat(), state.turn.pivot_limit
    may_stay = boat.planned is None and state.turn.card is None     # dead in the water
    out, free = {}, False
    for turn in (0, -lim, lim) if lim else (0,):
        pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + turn)
        tack = tack_of(pose.heading, game.wind_from, boat.tack)
        if turn and turn_blocker(game, state, boat, turn):
            continue
        trap = trapped_by(game, state, boat, pose, tack, may_stay)
        if trap is None:
            free = True
        elif turn:
            out[turn] = (f"turned to {pose.heading:03d}° the boat would be trapped by {trap}: no heading "
                         "its turns reach would let it lay a card but the delay")
    return out if free else {}


def _swing_touches_start_zone(game: Table, boat: Boat, turn: int) -> bool:
    """Whether the hull, turning about the bow by ``turn`` degrees, touches the start line
    (or the water beyond it) on the way or where it ends (the ground the swing sweeps,
    :func:`sweep.swing_shapes`)."""
    pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + turn)
    if touches_start_zone(game, game.hull(pose, tack_of(pose.heading, game.wind_from, boat.tack))):
        return True
    return any(touches_start_zone(game, g) for g in swing_shapes(game, boat.pose, boat.tack, turn))


def do_pivot(game: Table, state: RaceState, act: Pivot, ev: list[Event]) -> RaceState:
    boat = state.boat()
    if act.turn:
        swing_touches = prestart(state) and _swing_touches_start_zone(game, boat, act.turn)
        pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + act.turn)
        # "if this pivoting changes the tack the boat is on, adjust the heel of the boat (it
        # is an automatic tack or jibe, not an involuntary one, and it does not involve a
        # hazard die roll)"
        tack = tack_of(pose.heading, game.wind_from, boat.tack)
        boat = boat.with_(pose=pose, tack=tack)
        say(ev, "pivot", boat.index, f"{game.name(boat.index)} pivots {act.turn:+d}°")
        if swing_touches:
            # A pivot swings the stern: "When a player touches the start line before round
            # 6, he must remove his boat place it again ... He must then place a delay card"
            say(ev, "prestart", boat.index, f"{game.name(boat.index)} touched the start line "
                 "before round 6: re-place to leeward, then a delay")
            return state.with_boat(boat.with_(planned=None), step=Step.LAUNCH)
    state = state.with_boat(boat.with_(planned=None))
    if state.turn.then_place:
        return state.with_(step=Step.PLACE)
    return end_turn(game, state, ev)
