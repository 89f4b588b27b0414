"""A turn in place swings the stern: the swing may not pass through a buoy or a boat.

Rule text: "You are allowed to perform one 45°-turn whenever "executing" (revealing or
removing) a delay card"; a boat dead in the water "may make a 90°-turn in either
direction"; "Boats and the manoeuvre cards placed in front of them may never touch fixed
obstacles like buoys, the start ship, land or boats dead in water"; and of a boat that
has moved, "you can neither move through it". Our decision: the ground the hull sweeps
turning about its bow counts, as it counts against the start line before the start
("When a player touches the start line before round 6, he must remove his boat").
"""
from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import assume, given, settings, strategies as st

from dinghy.core.geometry import Pose
from dinghy.core.wind import Tack, tack_of
from dinghy.games.dinghy_race.actions import Begin, Pivot

from enginekit import boat, far, game, race_at


def _hull_at(g, x: float, y: float, heading: float, tack: Tack):
    """The hull at any heading (the engine's poses keep to 15° steps)."""
    r = math.radians(heading)
    s, c = math.sin(r), math.cos(r)
    return shapely.Polygon([(x + lx * c + ly * s, y - lx * s + ly * c) for lx, ly in g.hull_outline(tack)])


def _bow_with_buoy_mid_swing(g, heading: int, turn: int) -> tuple[float, float]:
    """A bow point from which the hull, turning ``turn``° from ``heading``, lies on mark 1
    half way round, while it lies clear of it where it starts and where it ends (the
    buoy straight astern of the half-way heading, as near as that allows)."""
    mark = g.course.mark("1")
    mid = math.radians(heading + 180 + turn / 2)
    tack = tack_of(heading, g.wind_from, Tack.STARBOARD)
    for tenth in range(400, 0, -1):
        reach = tenth / 10
        x, y = mark.x - reach * math.sin(mid), mark.y - reach * math.cos(mid)
        half = _hull_at(g, x, y, heading + turn / 2, tack)
        if half.intersects(mark.geometry) and _end_hulls_clear(g, boat(0, x, y, heading), turn):
            return x, y
    raise AssertionError("no such place")


def _end_hulls_clear(g, b, turn: int) -> bool:
    mark = g.course.mark("1").geometry
    end = Pose(b.pose.x, b.pose.y, b.pose.heading + turn)
    return not g.hull(b.pose, b.tack).intersects(mark) and \
        not g.hull(end, tack_of(end.heading, g.wind_from, b.tack)).intersects(mark)


def test_a_delay_turn_whose_stern_swings_through_a_buoy_is_refused():
    g = game(2)
    x, y = _bow_with_buoy_mid_swing(g, 90, 45)
    me = boat(0, x, y, 90, planned="delay")
    assert _end_hulls_clear(g, me, 45)          # only the swing meets the buoy
    r = race_at(g, [me, far(1)])
    r.push(Begin(False))
    assert r.state.turn.pivot_limit == 45
    reason = r.why_not(Pivot(45))
    assert reason is not None and "swing into mark 1" in reason
    assert r.why_not(Pivot(0)) is None and r.why_not(Pivot(-45)) is None


def test_a_dead_boats_90_degree_turn_whose_stern_swings_through_a_buoy_is_refused():
    g = game(2)
    x, y = _bow_with_buoy_mid_swing(g, 90, -90)
    me = boat(0, x, y, 90, planned=None)
    assert _end_hulls_clear(g, me, -90)
    r = race_at(g, [me, far(1)])
    r.push(Begin(False))
    assert r.state.turn.pivot_limit == 90
    reason = r.why_not(Pivot(-90))
    assert reason is not None and "swing into mark 1" in reason
    assert r.why_not(Pivot(90)) is None


@settings(deadline=None)
@given(st.data())
def test_no_hull_pose_of_an_allowed_turn_in_place_touches_a_buoy_or_a_boat(data):
    """Every pivot the engine allows: no hull pose on the way (every degree) touches the
    mark or another boat's hull that the hull did not touch where it lay."""
    g = game(2)
    mark = g.course.mark("1")
    h = data.draw(st.integers(0, 23), label="heading") * 15
    x = mark.x + data.draw(st.integers(-30, 30), label="dx")
    y = mark.y + data.draw(st.integers(-30, 30), label="dy")
    dead = data.draw(st.booleans(), label="dead in the water")
    me = boat(0, x, y, h, planned=None if dead else "delay")
    ox = x + data.draw(st.integers(-25, 25), label="other dx")
    oy = y + data.draw(st.integers(-25, 25), label="other dy")
    other = boat(1, ox, oy, data.draw(st.integers(0, 23), label="other heading") * 15, planned=None)
    start = g.hull(me.pose, me.tack)
    other_hull = g.hull(other.pose, other.tack)
    assume(not start.intersects(mark.geometry) and not other_hull.intersects(mark.geometry))
    assume(not start.intersects(other_hull))
    r = race_at(g, [me, other])
    r.push(Begin(False))
    lim = r.state.turn.pivot_limit
    for turn in (-lim, lim):
        if r.why_not(Pivot(turn)) is not None:
            continue
        for a in np.linspace(0.0, turn, abs(turn) + 1):
            hull = _hull_at(g, x, y, h + a, me.tack)    # (the outline of the tack it turns from)
            assert not hull.intersects(mark.geometry), f"turn {turn}: the hull at {h + a:.0f}° is on mark 1"
            assert not hull.intersects(other_hull), f"turn {turn}: the hull at {h + a:.0f}° is on Sky"
