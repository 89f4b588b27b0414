"""A boat that stops short stops before what is in its way, never beyond it.

Rule text ("Right of Way"): "the boat (not its manoeuvre card!) then acts like a fixed
obstacle until its next turn, you can neither move through it nor place a manoeuvre card
on top of it ... If this does not solve the problem, he must stop the execution of his
move in a way that his boat does not touch the other boat, still keeping the direction
of one of the possible exit lines." ("Obstacles"): "Boats and the manoeuvre cards placed
in front of them may never touch fixed obstacles like buoys, the start ship, land or
boats dead in water. If a boat comes into a situation where it would violate this rule,
it must stop one card length (short side) short of the obstacle and does not place a new
movement card; it is "dead in the water"".
"""
from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import assume, given, settings, strategies as st

from dinghy.core.geometry import Pose
from dinghy.core.race import Race
from dinghy.core.wind import Tack, tack_of
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Begin, Move
from dinghy.games.dinghy_race.state import Step, Turn

from enginekit import boat, far, game, race_at


def _track_poses(start: Pose, stop: Pose, n: int = 80) -> list[Pose]:
    """Poses of the hull between the start and the stop: turned to the stop's heading,
    the bow on the straight line between (the track the engine draws for a stop)."""
    return [Pose(start.x + (stop.x - start.x) * t, start.y + (stop.y - start.y) * t, stop.heading)
            for t in np.linspace(0.0, 1.0, n)]


def _met_on_the_way(g, state_before, index: int, start: Pose, stop: Pose, tack: Tack) -> list[str]:
    """What a hull pose between the start and the stop touches: other boats' hulls and
    the marks (none when the boat did not move). The track's hulls are built at once,
    each corner by the table's own arithmetic (``g.hull``'s: ``x + lx cos + ly sin``,
    ``y - lx sin + ly cos``, so the same corners), and judged by shapely in one call."""
    if stop == start:
        return []
    others = [(g.name(b.index), g.hull(b.pose, b.tack)) for b in state_before.boats
              if b.index != index and b.launched and b.racing]
    marks = [(f"mark {m.id}", m.geometry) for m in g.course.marks]
    names = [name for name, _ in others + marks]
    shapes = np.array([shape for _, shape in others + marks], dtype=object)
    poses = _track_poses(start, stop)
    turns = [math.radians(p.heading) for p in poses]
    s = np.array([math.sin(r) for r in turns])[:, None]
    c = np.array([math.cos(r) for r in turns])[:, None]
    lx, ly = g.hull_outline(tack)[:, 0][None, :], g.hull_outline(tack)[:, 1][None, :]
    x = np.array([p.x for p in poses])[:, None]
    y = np.array([p.y for p in poses])[:, None]
    hulls = shapely.polygons(np.stack([x + lx * c + ly * s, y - lx * s + ly * c], axis=-1))
    hits = shapely.intersects(hulls[:, None], shapes[None, :])
    return [names[j] for _, j in zip(*np.nonzero(hits))]


def test_a_boat_stops_short_of_a_dead_boat_in_the_middle_of_its_card_not_beyond_it():
    g = game(2)
    me = boat(0, 0, 600, 90, planned="reach.port")
    # Sky lies dead across the middle of Orange's reach card (it has moved: an obstacle)
    sky = boat(1, 38, 610, 0, planned=None)
    r = race_at(g, [me, sky])
    r.push(Begin(False))
    opts = dr.exit_options(g, r.state)
    assert all(o.blocked_by == "Sky" for o in opts)
    straight = next(o for o in opts if o.turn == 0)
    assert g.hull(straight.pose, straight.tack).bounds[0] > g.hull(sky.pose, sky.tack).bounds[2], \
        "the straight exit lies beyond Sky"
    before = r.state
    r.push(Move(straight.index))
    stop = r.state.boat(0)
    assert stop.pose.x < g.hull(sky.pose, sky.tack).bounds[0], "Orange sailed through Sky"
    assert _met_on_the_way(g, before, 0, me.pose, stop.pose, stop.tack) == []


def test_a_boat_whose_card_lies_over_a_buoy_stops_short_of_the_buoy_not_beyond_it():
    g = game(2)
    mark = g.course.mark("1")
    me = boat(0, mark.x - 40, mark.y, 90, planned="reach.port")
    r = race_at(g, [me, far(1)])
    r.push(Begin(False))
    opts = dr.exit_options(g, r.state)
    assert all(o.blocked_by == "mark 1" for o in opts)
    assert all(o.pose.x > mark.x for o in opts), "every exit lies beyond the buoy"
    before = r.state
    r.push(Move(next(o.index for o in opts if o.turn == 0)))
    stop = r.state.boat(0)
    assert stop.pose.x < mark.x, "the boat sailed through mark 1"
    assert stop.planned is None and r.state.active == 1           # dead in the water
    assert _met_on_the_way(g, before, 0, me.pose, stop.pose, stop.tack) == []


def test_the_skippers_forecast_of_a_stop_is_the_engines():
    # dinghy/skippers/dinghy_race/moving.py asks the engine where a stop short ends
    g = game(2)
    me = boat(0, 0, 600, 90, planned="reach.port")
    sky = boat(1, 38, 610, 0, planned=None)
    r = race_at(g, [me, sky])
    r.push(Begin(False))
    for o in dr.exit_options(g, r.state):
        forecast = dr.stop_short(g, r.state, o)
        moved = Race.from_state(g, r.state)
        moved.push(Move(o.index))
        b = moved.state.boat(0)
        assert (b.pose, b.tack) == forecast[:2]


_REACHING = [h for h in range(90, 271, 15) if h != 180]


@settings(deadline=None)
@given(st.data())
def test_no_hull_pose_between_the_start_and_the_stop_touches_a_boat_or_a_mark(data):
    """Along any move that stops short, the hull between the start and the stop touches
    no other boat's hull and no mark ("you can neither move through it")."""
    g = game(3)
    mark = g.course.mark("1")
    h = data.draw(st.sampled_from(_REACHING), label="heading")
    tack = tack_of(h, g.wind_from, Tack.STARBOARD)
    key = f"reach.{tack.value}"
    if data.draw(st.booleans(), label="by the mark"):
        x0 = mark.x + data.draw(st.integers(-90, 90), label="dx")
        y0 = mark.y + data.draw(st.integers(-90, 90), label="dy")
    else:
        x0, y0 = 0.0, 600.0
    me = boat(0, x0, y0, h, planned=key)
    card = g.card_shape(me.pose, g.cards.types[key], me.tack)
    c = card.centroid
    fleet = [me]
    for i in (1, 2):
        if data.draw(st.booleans(), label=f"boat {i} in the way"):
            ox = c.x + data.draw(st.integers(-45, 45), label=f"x{i}")
            oy = c.y + data.draw(st.integers(-45, 45), label=f"y{i}")
            oh = data.draw(st.integers(0, 23), label=f"h{i}") * 15
            fleet.append(boat(i, ox, oy, oh, planned=None))
        else:
            fleet.append(far(i))
    # a position the rules allow: no hull on another or on the mark
    hulls = [g.hull(b.pose, b.tack) for b in fleet]
    assume(not any(a.intersects(b) for k, a in enumerate(hulls) for b in hulls[k + 1:]))
    assume(not any(hl.intersects(mark.geometry) for hl in hulls))
    r = race_at(g, fleet, step=Step.MOVE, turn=Turn(card=key))
    moves = [m for m in r.legal_actions() if isinstance(m, Move) and m.shift == 0]
    blocked = [m for m in moves if dr.exit_options(g, r.state)[m.exit].blocked_by is not None]
    assume(blocked)
    for m in blocked:
        moved = Race.from_state(g, r.state)
        moved.push(m)
        stop = moved.state.boat(0)
        assert _met_on_the_way(g, r.state, 0, me.pose, stop.pose, stop.tack) == [], \
            f"exit {m.exit} passes through something on its way to the stop"


def test_an_older_record_whose_stop_short_ends_elsewhere_today_is_refused_in_one_line():
    # Record format 4: a record made when a stop could lie beyond what stopped the boat
    # replays only where each of its stops short ends where it did; this one (format 2,
    # tactician against hard on the outer trapeze) has Orange stop beyond Sky.
    import json
    from pathlib import Path

    import pytest

    from dinghy import games
    from dinghy.core.errors import DataError

    path = Path(__file__).parent / "records" / "every_exit_closed_by_a_mark_and_rule_1.json"
    assert json.loads(path.read_text())["format"] < 4
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.field == "format" and "\n" not in str(err.value)
    assert "stop short of Sky (actions[201])" in str(err.value)
