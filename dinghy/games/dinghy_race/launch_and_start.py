"""Putting boats on the water: the set-up before round 1, and the re-placing of a boat
that touched the start line before round 6."""
from __future__ import annotations

import math

import numpy as np

from dinghy.core.geometry import Pose
from dinghy.core.interface import Event
from dinghy.core.wind import Tack, tack_of
from dinghy.games.dinghy_race.actions import Launch
from dinghy.games.dinghy_race.bounds import inside, others_box_lists, quick_box, touching, union
from dinghy.games.dinghy_race.convex import TOL, UNSURE, corners, fixed_sure, others_items, sure_hits_of_parts
from dinghy.games.dinghy_race.cards import Kind
from dinghy.games.dinghy_race.common import (EPS, PRESTART_ROUNDS, say, boat_obstacles, card_fits,
                                             card_obstacles, fixed_hit, others, touches_start_zone)
from dinghy.games.dinghy_race.rounds import end_turn
from dinghy.games.dinghy_race.state import RaceState, Step
from dinghy.games.dinghy_race.table import ALL_LINES, Table


def launch_slots(game: Table, state: RaceState, depth: float | None = None,
                 enough: int = 24) -> list[Launch]:
    """Suggested start positions downwind of the start line, free of everything.

    Rule text: "each player puts his boat in a position of his choice downwind of the
    start line and places one manoeuvre card of his choice in front of it".  Any free
    position is legal (see ``why_not``); these are offered to players and bots: rows
    parallel to the line, nearest the line's middle first, from ``depth`` (default a
    couple of card lengths) down to the edge of the water, until ``enough`` are found.
    """
    (ax, ay), (bx, by) = game.start_line
    L = game.cards.card_length
    wind = game.wind_from
    along = np.array([bx - ax, by - ay]) / (math.hypot(bx - ax, by - ay) or 1.0)
    mid = np.array([(ax + bx) / 2, (ay + by) / 2])
    half = math.hypot(bx - ax, by - ay) / 2 + 2 * L
    bottom = max(game.leeward_depth(x, y) for x, y in game.area.exterior.coords)
    first = max(depth if depth is not None else 2.2 * L, 0.5 * L)
    offsets = sorted(np.arange(-half, half + 1e-9, 0.9 * L), key=abs)
    out: list[Launch] = []
    d = first
    while d <= bottom and len(out) < enough:
        for off in offsets:
            x, y = mid + along * off - game.upwind * d
            for turn in (45, -45, 90, -90):
                heading = (wind + turn) % 360
                tack = tack_of(heading, wind, Tack.STARBOARD)
                card = f"close_hauled.{tack.value}" if abs(turn) == 45 else f"reach.{tack.value}"
                if state.round > 0:
                    card = game.cards.delay_key()      # re-placed after touching the line
                if card not in game.cards.types:
                    continue
                act = Launch(round(float(x), 1), round(float(y), 1), heading, card)
                if why_not_launch(game, state, act) is None:
                    out.append(act)
            if len(out) >= enough:
                break
        d += 1.2 * L
    return out



def relaunch_depth(game: Table, state: RaceState) -> float:
    """How far to leeward a boat that touched the line early must be re-placed: "at least
    as much to leeward as the boat that is farthest to downwind at this moment" -- but
    never deeper than the water allows (two card lengths above its downwind edge)."""
    deepest = max((game.leeward_depth(*b.pose.xy) for b in others(state, state.active)), default=0.0)
    bottom = max(game.leeward_depth(x, y) for x, y in game.area.exterior.coords)
    return min(deepest, bottom - 2 * game.cards.card_length)



def why_not_launch(game: Table, state: RaceState, act: Launch) -> str | None:
    if act.card not in game.cards.types:
        return f"unknown card {act.card!r}"
    if act.heading % 15:
        return "headings are multiples of 15°"
    pose = Pose(act.x, act.y, act.heading)
    tack = tack_of(pose.heading, game.wind_from, Tack.STARBOARD)
    boat = state.boat().with_(pose=pose, tack=tack)
    card = game.cards.types[act.card]
    relaunch = state.round > 0
    if relaunch and card.kind is not Kind.DELAY:
        return "after touching the start line the boat must play a delay card"
    reason = card_fits(game, boat, card, trapeze=card.trapeze, round_=state.round)
    if reason:
        return reason
    if not _surely_free(game, state, boat.index, pose, tack, card.key):
        # the hull and card as convex shapes in plain floats; the shapes on a close call
        reason = _launch_sure(game, state, boat.index, pose, tack, card.key)
        if reason is UNSURE:
            reason = _launch_by_shapes(game, state, boat.index, pose, tack, card)
        if reason:
            return reason
    if relaunch:
        deepest = relaunch_depth(game, state)
        if game.leeward_depth(act.x, act.y) < deepest - EPS:
            return ("must be re-placed at least as far to leeward as the most leeward boat "
                    f"({deepest:.0f} mm below the line)")
    return None



def _launch_by_shapes(game: Table, state: RaceState, index: int, pose: Pose, tack: Tack, card) -> str | None:
    """:func:`why_not_launch`'s verdict on the hull and card at ``pose``, judged by shapely."""
    hull = game.hull(pose, tack)
    shape = hull.union(game.card_shape(pose, card, tack))
    if touches_start_zone(game, shape):
        return "boats and their cards must stay downwind of the start line"
    hit = fixed_hit(game, shape)
    if hit:
        return f"touches {hit}"
    for b, g in boat_obstacles(game, state, index):
        if g.intersects(shape):
            return f"touches {game.name(b.index)}"
    for b, g in card_obstacles(game, state, index):
        if g.intersects(shape):
            return f"touches {game.name(b.index)}'s card"
    return None


def _launch_sure(game: Table, state: RaceState, index: int, pose: Pose, tack: Tack, key: str):
    """:func:`why_not_launch`'s verdict on the hull and card at ``pose`` (start line,
    fixed obstacles, other hulls, other cards, in that order), judged as convex shapes
    in plain floats (:mod:`convex`): the reason, None, or UNSURE on a close call."""
    parts = [((None, tack, 0.0), pose.x, pose.y, pose.heading), ((key, tack, 0.0), pose.x, pose.y, pose.heading)]
    (ax, ay), (ux, uy) = game.start_line[0], game.upwind.tolist()
    # the farthest upwind corner: a linear function's largest value on the shape
    up = max((x + cx - ax) * ux + (y + cy - ay) * uy for k, x, y, h in parts for cx, cy in corners(game, k, h))
    if up >= -EPS + TOL:
        return "boats and their cards must stay downwind of the start line"
    if up > -EPS - TOL:
        return UNSURE
    box = union([quick_box(game, k[0], tack, 0.0, x, y, h) for k, x, y, h in parts])
    hit = fixed_sure(game, parts, box, ALL_LINES)
    if hit is UNSURE or hit:
        return hit if hit is UNSURE else f"touches {hit}"
    hulls, cards = others_items(game, state.boats, index)
    hull_boxes, card_boxes = others_box_lists(game, state.boats, index)
    j = sure_hits_of_parts(game, parts, box, hulls, hull_boxes)
    if j is UNSURE or j is not None:
        return j if j is UNSURE else f"touches {game.name(j)}"
    j = sure_hits_of_parts(game, parts, box, cards, card_boxes)
    if j is UNSURE or j is not None:
        return j if j is UNSURE else f"touches {game.name(j)}'s card"
    return None


def _surely_free(game: Table, state: RaceState, index: int, pose: Pose, tack: Tack, key: str) -> bool:
    """Whether the hull and card at ``pose`` surely lie downwind of the start line, on
    the water and clear of marks, buoys, land and every other boat and card, judged on
    their quick boxes (False: let the shapes judge). A box wholly more than EPS to leeward
    of the line holds only points that are; apart boxes hold shapes that do not touch."""
    hull = quick_box(game, None, tack, 0.0, pose.x, pose.y, pose.heading)
    card = quick_box(game, key, tack, 0.0, pose.x, pose.y, pose.heading)
    area, obstacles = game.area_box, game.obstacle_box_list(ALL_LINES)
    hulls, cards = others_box_lists(game, state.boats, index)
    (ax, ay), (ux, uy) = game.start_line[0], game.upwind.tolist()
    for b in (hull, card):
        if not inside(b, area) or touching(b, obstacles) or touching(b, hulls) or touching(b, cards):
            return False
        for x in (b[0], b[2]):
            for y in (b[1], b[3]):
                if (x - ax) * ux + (y - ay) * uy >= -EPS:
                    return False
    return True



def do_launch(game: Table, state: RaceState, act: Launch, ev: list[Event]) -> RaceState:
    pose = Pose(act.x, act.y, act.heading)
    tack = tack_of(pose.heading, game.wind_from, Tack.STARBOARD)
    boat = state.boat().with_(pose=pose, tack=tack, planned=act.card, aside=False,
                              launched=True, delays=0, trapeze=False, spi_up=False)
    state = state.with_boat(boat)
    if state.round > 0:      # re-placed after touching the start line: the turn ends
        say(ev, "prestart", boat.index,
             f"{game.name(boat.index)} is re-placed to leeward and must play a delay card")
        return end_turn(game, state, ev)
    say(ev, "launch", boat.index, f"{game.name(boat.index)} is on the water")
    pending = [i for i in state.order if not state.boats[i].launched]
    if pending:
        return state.with_(active=pending[0])
    say(ev, "round", None, f"Round 1 of {PRESTART_ROUNDS} before the start")
    return state.with_(round=1, active=state.order[0], step=Step.BEGIN, done=frozenset())
