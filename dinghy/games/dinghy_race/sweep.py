"""The ground a hull sweeps on its way, and the first thing it meets there.

Two ways a boat moves without a card to lie on: a stop short slides the hull, turned to
the exit's heading, straight from the bow's start towards the exit ("stop the execution
of his move in a way that his boat does not touch the other boat, still keeping the
direction of one of the possible exit lines"); a pivot (a delay's 45° turn, a boat dead
in the water turning 90°) swings it about the bow. Neither may pass through a boat, a
mark, a buoy or land: "you can neither move through it", and "Boats ... may never touch
fixed obstacles".

Both are judged exactly, in a few vectorised shapely calls: a convex hull slid along a
line sweeps the convex hull of where it starts and ends, so the track is cut into
stretches between its sample poses, each one convex polygon; a swing is cut into steps
of at most 5°, each covered by the convex hull of the hull's corners at both ends of the
step and of the points where the tangents to their arcs meet (each corner's arc lies in
that triangle, so the cover holds the whole swept ground and exceeds it by at most
0.1 % of a hull length).
"""
from __future__ import annotations

import math

import numpy as np
import shapely

from dinghy.core.geometry import Pose
from dinghy.core.wind import Tack, tack_of
from dinghy.games.dinghy_race.bounds import others_box_lists, quick_box, touching, union
from dinghy.games.dinghy_race.common import path_blocker, lines_on_water
from dinghy.games.dinghy_race.state import Boat, RaceState
from dinghy.games.dinghy_race.table import Table, others

SWING_STEP = 5      # degrees: the swing is covered step by step


def track_contact(game: Table, state: RaceState, boat: Boat, poses: list[Pose], tack: Tack,
                  lines: tuple[bool, bool]) -> tuple[int, str | None]:
    """Along the hull slid through ``poses`` (one heading, bow points on a line, in
    order), the first pose at or before which it touches another boat's hull or a fixed
    obstacle (a mark, a buoy of a line on the water, land; the edge of the water is no
    thing to pass through), and the fixed obstacle's name (None: a boat). ``len(poses)``
    when it touches nothing. The quick boxes of both ends settle open water."""
    first, last = poses[0], poses[-1]
    box = union([quick_box(game, None, tack, 0.0, p.x, p.y, p.heading) for p in (first, last)])
    hulls = others_box_lists(game, state.boats, boat.index)[0]
    near_fixed = touching(box, game.obstacle_box_list(lines))
    if not near_fixed and not touching(box, hulls):
        return len(poses), None
    outline = game.hull_outline(tack)
    h = math.radians(first.heading)
    s, c = math.sin(h), math.cos(h)
    xs = np.array([p.x for p in poses])[:, None]
    ys = np.array([p.y for p in poses])[:, None]
    wx = xs + outline[:, 0] * c + outline[:, 1] * s
    wy = ys - outline[:, 0] * s + outline[:, 1] * c
    pts = np.stack([wx, wy], axis=-1)                          # (n, k, 2)
    # stretch 0 is the first hull; stretch i the ground between poses i-1 and i
    pairs = np.concatenate([np.concatenate([pts[:1], pts[:1]], axis=1),
                            np.concatenate([pts[:-1], pts[1:]], axis=1)])
    stretches = shapely.convex_hull(shapely.multipoints(pairs))
    first, fixed, _ = _first_meeting(game, state, boat, stretches, lines, near_fixed)
    return first, fixed


def swing_shapes(game: Table, pose: Pose, tack: Tack, turn: int) -> np.ndarray:
    """Convex polygons that together cover the ground the hull sweeps turning ``turn``
    degrees about the bow from ``pose`` (the tack it has at the start: the outline's heel
    barely changes its reach), in order from the start of the swing."""
    n = max(1, math.ceil(abs(turn) / SWING_STEP))
    step = turn / n
    outline = game.hull_outline(tack)
    a = np.radians(pose.heading + step * np.arange(n + 1))      # ends of the steps
    m = np.radians(pose.heading + step * (np.arange(n) + 0.5))  # their middles
    grow = 1.0 / math.cos(math.radians(step) / 2)               # tangents' meeting point

    def placed(angles: np.ndarray, scale: float) -> np.ndarray:
        s, c = np.sin(angles)[:, None], np.cos(angles)[:, None]
        lx, ly = outline[:, 0] * scale, outline[:, 1] * scale
        return np.stack([pose.x + lx * c + ly * s, pose.y - lx * s + ly * c], axis=-1)

    ends, mids = placed(a, 1.0), placed(m, grow)
    pts = np.concatenate([ends[:-1], mids, ends[1:]], axis=1)
    return shapely.convex_hull(shapely.multipoints(pts))


def swing_contact(game: Table, state: RaceState, boat: Boat, turn: int,
                  lines: tuple[bool, bool], boats: bool = True) -> str | None:
    """What the hull meets swinging ``turn`` degrees about the bow (the name of the first
    mark, buoy, land or, unless ``boats`` is False, boat), or None. A thing the hull
    already touches where it lies is left out (two bows that touch may turn apart; where
    the hull ends is judged on its own)."""
    if not turn:
        return None
    p = boat.pose
    # the swing lies within a hull length (and the cover's 0.1 %) of the bow: a box round
    # that disc apart from every buoy's, land's and hull's settles open water unbuilt
    r = 1.01 * float(np.hypot(*game.hull_outline(boat.tack).T).max())
    box = (p.x - r, p.y - r, p.x + r, p.y + r)
    near_fixed = touching(box, game.obstacle_box_list(lines))
    near_boats = boats and touching(box, others_box_lists(game, state.boats, boat.index)[0])
    if not near_fixed and not near_boats:
        return None
    shapes = swing_shapes(game, p, boat.tack, turn)
    start = game.hull(p, boat.tack)
    i, fixed, other = _first_meeting(game, state, boat, shapes, lines, near_fixed, start, near_boats)
    return None if i == len(shapes) else (fixed or other)


def _first_meeting(game: Table, state: RaceState, boat: Boat, shapes: np.ndarray,
                   lines: tuple[bool, bool], near_fixed: bool, start=None,
                   boats: bool = True) -> tuple[int, str | None, str | None]:
    """The first of ``shapes`` that touches another boat's hull (if ``boats``) or a fixed
    obstacle (not those ``start`` touches), with the fixed obstacle's name and the
    boat's (each None where not met by that shape); ``len(shapes)`` if none."""
    n = len(shapes)
    hit_fixed = np.zeros(n, bool)
    fixed_at: dict[int, str] = {}
    if near_fixed:
        names, tree = game.obstacles(lines)
        if names:
            gi, ti = tree.query(shapes, predicate="intersects")
            skip = set(tree.query(start, predicate="intersects").tolist()) if start is not None else set()
            for i, j in zip(gi.tolist(), ti.tolist()):
                if j not in skip and i not in fixed_at:
                    fixed_at[i] = names[j][0]
                    hit_fixed[i] = True
    oth = others(game, state.boats, boat.index)
    hit_boat = np.zeros(n, bool)
    m = None
    if boats and len(oth.hulls):
        m = shapely.intersects(shapes[:, None], oth.hulls[None, :])
        if start is not None:
            m &= ~shapely.intersects(start, oth.hulls)[None, :]
        hit_boat = m.any(axis=1)
    hit = np.flatnonzero(hit_fixed | hit_boat)
    if not len(hit):
        return n, None, None
    i = int(hit[0])
    other = game.name(oth.hull_boats[int(m[i].argmax())]) if hit_boat[i] else None
    return i, fixed_at.get(i), other


def turn_blocker(game: Table, state: RaceState, boat: Boat, turn: int) -> str | None:
    """The boat, mark or land a turn in place of ``turn`` degrees about the bow meets:
    where the hull ends (:func:`swing_blocker`), or on the way, the stern swinging
    through it (:func:`swing_contact`); None if nothing. Every turn in place (a
    delay's 45°, a boat dead in the water's 90°) is judged so: the swing counts, as it
    does against the start line before the start."""
    pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + turn)
    tack = tack_of(pose.heading, game.wind_from, boat.tack)
    return swing_blocker(game, state, boat, pose, tack) or \
        swing_contact(game, state, boat, turn, lines_on_water(game, state))


def swing_blocker(game: Table, state: RaceState, boat: Boat, pose: Pose, tack: Tack) -> str | None:
    """The boat, mark or land the hull turned to ``pose`` would lie on, or None; a hull
    whose quick box is apart from every buoy's, land's and hull's box surely lies on
    none. The table's edge is no obstacle to turning on the spot (the rule text knows
    only boats, buoys and land); without this a boat that stops by the edge could be
    pinned there for ever."""
    box = quick_box(game, None, tack, 0.0, pose.x, pose.y, pose.heading)
    if not touching(box, game.obstacle_box_list(lines_on_water(game, state))) and \
            not touching(box, others_box_lists(game, state.boats, boat.index)[0]):
        return None
    return path_blocker(game, state, boat, game.hull(pose, tack), edge=False)
