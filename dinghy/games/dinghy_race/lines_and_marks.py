"""The lines and marks a move's track passes: touching the start line early, crossing it
at the start, rounding the marks, and finishing."""
from __future__ import annotations

from shapely.geometry import LineString

from dinghy.core.geometry import segment_crosses
from dinghy.core.interface import Event
from dinghy.games.dinghy_race import course as course_mod
from dinghy.games.dinghy_race.bounds import quick_box, touching
from dinghy.games.dinghy_race.common import EPS, say, prestart, touches_start_zone
from dinghy.games.dinghy_race.course import RoundingState
from dinghy.games.dinghy_race.rounds import end_turn
from dinghy.games.dinghy_race.state import Boat, RaceState, Step
from dinghy.games.dinghy_race.table import Table


def after_track(game: Table, state: RaceState, track: list[tuple[float, float]],
                 ev: list[Event]) -> RaceState:
    """Start line, marks and finish line, judged on the bow's track of the move."""
    boat = state.boat()
    name = game.name(boat.index)
    if prestart(state):
        # "When a player touches the start line before round 6, he must remove his boat
        # place it again ... at least as much to leeward as the boat that is farthest to
        # downwind at this moment. He must then place a delay card".
        if touches_start_zone(game, game.hull(boat.pose, boat.tack)) or any(
                game.leeward_depth(x, y) <= EPS for x, y in track):
            say(ev, "prestart", boat.index,
                 f"{name} touched the start line before round 6: re-place to leeward, then a delay")
            return state.with_(step=Step.LAUNCH)
        return state
    if not boat.started:
        a, b = game.start_line
        crossed = any(segment_crosses(p, q, a, b) for p, q in zip(track, track[1:]))
        if crossed and game.leeward_depth(*boat.pose.xy) < 0:
            boat = boat.with_(started=True)
            crossings = state.start_crossings + ((boat.index, state.round),)
            say(ev, "start", boat.index, f"{name} crosses the start line ({len(crossings)}.)")
            state = state.with_boat(boat, start_crossings=crossings)
        else:
            return state
    rounded = advance_rounding(game, state, boat, track, ev)
    if rounded is not boat:
        boat = rounded
        state = state.with_boat(boat)
    legs = len(game.course.legs)
    if boat.legs_done >= legs and _may_reach_finish(game, boat, track):
        hull = game.hull(boat.pose, boat.tack)
        swept = hull.union(LineString(track)) if len(track) > 1 else hull
        # "Each boat finishes the race the moment it touches (or moves beyond) the finish
        # line; the boat itself counts, not its manoeuvre card."
        if course_mod.crosses_line(game.course.finish, swept):
            place = len(state.places) + 1
            boat = boat.with_(finished=place, planned=None, aside=False)
            say(ev, "finish", boat.index, f"{name} finishes in place {place}")
            state = state.with_boat(boat, places=state.places + (boat.index,))
            return end_turn(game, state, ev)
    return state



def _may_reach_finish(game: Table, boat: Boat, track: list[tuple[float, float]]) -> bool:
    """False when the hull's quick box and the track's bounds are apart from the finish
    line's bounds: the swept shape then surely does not touch the line."""
    p = boat.pose
    hull = quick_box(game, None, boat.tack, 0.0, p.x, p.y, p.heading)
    xs, ys = [x for x, _ in track], [y for _, y in track]
    box = (min([hull[0], *xs]), min([hull[1], *ys]), max([hull[2], *xs]), max([hull[3], *ys]))
    (ax, ay), (bx, by) = game.course.finish.a, game.course.finish.b
    return touching(box, [(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))])



def advance_rounding(game: Table, state: RaceState, boat: Boat, track, ev) -> Boat:
    """Count the marks this move's track rounds (exact rules in ``dinghy.games.dinghy_race.course``)."""
    before = boat.legs_done
    rs = course_mod.rounding_progress(game.course, RoundingState(boat.legs_done, boat.stage), track)
    for leg in game.course.legs[before:rs.legs_done]:
        what = " and ".join(leg.mark_ids)
        say(ev, "rounding", boat.index, f"{game.name(boat.index)} rounds mark {what}"
             + (f" to {leg.side}" if leg.side else " (gate)"))
    if rs.legs_done == len(game.course.legs) and before < rs.legs_done:
        say(ev, "rounding", boat.index, f"{game.name(boat.index)} sails for the finish")
    if rs.legs_done == boat.legs_done and rs.stage == boat.stage:
        return boat
    return boat.with_(legs_done=rs.legs_done, stage=rs.stage)
