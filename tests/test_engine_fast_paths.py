"""The engine's fast paths must rule exactly as the plain ones (issue "Speed": "without
changing a single ruling"): the quick boxes (``bounds.quick_box``) that let the engine
skip shapely for shapes surely on open water always hold the exact shape, and the card
options they speed up equal the plain shapely check of every card; the bow's track is the
plain ``Pose`` arithmetic; a track the rounding skips crosses no ray; the convex
shapes' plain-float verdicts (``convex.verdict``), when sure, are shapely's. (``table.reach``
against ``reach_exact`` is in ``test_speed_equivalence.py``.)

Rule text judged here: "Boats and the manoeuvre cards placed in front of them may never
touch fixed obstacles like buoys, the start ship, land".
"""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import numpy as np
import shapely
from hypothesis import given, settings, strategies as st

from dinghy.core.geometry import Pose
from dinghy.core.wind import Tack, in_irons, tack_of
from dinghy.games.dinghy_race import bounds, placing, table
from dinghy.games.dinghy_race.cards import Kind
from dinghy.games.dinghy_race.common import (PRESTART_ROUNDS, card_fits, card_near_boats, hand,
                                             lines_on_water, prestart, touches_start_zone)
from dinghy.games.dinghy_race.state import Boat, RaceState, Step

sys.path.insert(0, str(Path(__file__).parent))
from test_speed_equivalence import _bench_game  # noqa: E402  (the course of bench_legal_actions)


@lru_cache(maxsize=None)
def _boat_parts():
    """What ``_boat`` draws, as one strategy made once: each ``data.draw`` of its own costs
    hypothesis a look at the global random state before and after (two copies of it), and
    a strategy made anew each time is validated anew; a fleet drew some forty times."""
    game = _bench_game()
    cards = [k for k, c in game.cards.types.items() if c.exits]
    return st.tuples(st.integers(0, 23), st.floats(-1700, 1700, allow_nan=False),
                     st.floats(-800, 2600, allow_nan=False),
                     st.booleans(), st.floats(-450, 450), st.floats(300, 1250),
                     st.sampled_from([None] + cards), st.booleans(), st.booleans(), st.integers(0, 1))


def _boat(data, i: int) -> Boat:
    h, x, y, crowd, cx, cy, planned, started, spi_up, delays = data.draw(_boat_parts())
    h *= 15
    if crowd:                               # crowd them round the islands and the marks
        x, y = cx, cy
    return Boat(i, Pose(x, y, h), tack_of(h, 0, Tack.STARBOARD), planned=planned,
                launched=True, started=started, spi_up=spi_up, delays=delays)


def _holds(quick, exact) -> bool:
    return quick[0] <= exact[0] and quick[1] <= exact[1] and quick[2] >= exact[2] and quick[3] >= exact[3]


@settings(deadline=None)
@given(st.data())
def test_a_quick_box_always_holds_the_shape(data):
    """The hull and every card at any pose and shift lie inside their quick boxes."""
    game = _bench_game()
    b = _boat(data, 0)
    shift = data.draw(st.sampled_from([0.0, 12.5, -20.0, 7.3]))
    key = data.draw(st.sampled_from(sorted(game.cards.types)))
    p = b.pose
    card = shapely.bounds(table.card_shapes(game, p, b.tack, shift, (key,))[0]).tolist()
    assert _holds(bounds.quick_box(game, key, b.tack, shift, p.x, p.y, p.heading), card)
    hull = shapely.bounds(game.hull(p, b.tack)).tolist()
    assert _holds(bounds.quick_box(game, None, b.tack, 0.0, p.x, p.y, p.heading), hull)


def _plain_card_options(game, state):
    """The card options with every card built and judged by shapely (no boxes)."""
    boat = state.boat()
    keys = list(hand(game, boat))
    lines = lines_on_water(game, state)
    hits = game.fixed_hits(table.card_shapes(game, boat.pose, boat.tack, 0.0, tuple(keys)), lines=lines)
    early = prestart(state) and state.round + 1 <= PRESTART_ROUNDS
    out = []
    for key, hit in zip(keys, hits):
        card = game.cards.types[key]
        reason = card_fits(game, boat, card, trapeze=True, round_=state.round + 1)
        if in_irons(boat.pose.heading, game.wind_from) and card.kind is not Kind.DELAY:
            reason = "in irons: only the delay card fits"
        if reason is None and early and touches_start_zone(
                game, table.card_shapes(game, boat.pose, boat.tack, 0.0, (key,))[0]):
            reason = "before the start, cards must stay downwind of the start line"
        if reason is None and hit:
            reason = f"the card would touch {hit}"
        out.append((key, reason))
    return tuple(out)


@settings(deadline=None)
@given(st.data())
def test_card_options_equal_the_plain_shapely_check(data):
    """Every card of the hand gets the same verdict as when each card is built and
    judged by shapely; and a card said to be clear of the other boats is."""
    game = _bench_game()
    fleet = tuple(_boat(data, i) for i in range(data.draw(st.integers(1, 6))))
    state = RaceState(fleet, tuple(range(len(fleet))), round=data.draw(st.integers(1, 9)), active=0, step=Step.PLACE)
    assert placing.hand_options(game, state) == _plain_card_options(game, state)
    me = fleet[0]
    others = table.others(game, fleet, 0)
    for key in hand(game, me):
        card = game.cards.types[key]
        near_hull, near_card = card_near_boats(game, state, me, card)
        shape = game.card_shape(me.pose, card, me.tack)
        if not near_hull:
            assert not any(g.intersects(shape) for g in others.hulls)
        if not near_card:
            assert not any(g.intersects(shape) for g in others.cards)


def _plain_track(pose, tack, card, ex, hull_length, shift, samples=6):
    """The bow's path built with ``Pose.offset``/``to_world`` and ``exit_pose`` (the
    reference ``exit_track`` must equal point for point)."""
    import math

    from dinghy.games.dinghy_race.cards import exit_pose
    s = tack.windward_sign
    start = pose.offset(s * shift, 0.0)
    pts = [pose.xy, start.xy]
    for i in range(1, samples + 1):
        t = i / samples
        ang = math.radians(ex.turn * t)
        if ex.turn:
            a = math.radians(abs(ex.turn))
            r_x = abs(ex.x) / (1 - math.cos(a)) if abs(1 - math.cos(a)) > 1e-12 else 0.0
            r = r_x if r_x else ex.y / math.sin(a)
            lx, ly = math.copysign(r * (1 - math.cos(abs(ang))), ex.turn), r * math.sin(abs(ang))
        else:
            lx, ly = 0.0, ex.y * t
        pts.append(start.to_world(s * lx, ly))
    pts.append(exit_pose(pose, tack, card, ex, hull_length, shift).xy)
    return pts


@settings(deadline=None)
@given(st.data())
def test_the_exit_track_is_the_plain_pose_arithmetic(data):
    """The track a move's marks and lines are judged on ("Each boat finishes the race the
    moment it touches (or moves beyond) the finish line") is exactly the one ``Pose``
    arithmetic gives, ending where ``exit_pose`` puts the bow."""
    from dinghy.games.dinghy_race.cards import exit_track
    game = _bench_game()
    b = _boat(data, 0)
    card = data.draw(st.sampled_from([c for c in game.cards.types.values() if c.exits]))
    ex = data.draw(st.sampled_from(card.exits))
    shift = data.draw(st.sampled_from([0.0, 12.5, -20.0, 7.3]))
    L = game.cards.hull_length
    assert exit_track(b.pose, b.tack, card, ex, L, shift) == _plain_track(b.pose, b.tack, card, ex, L, shift)


@settings(deadline=None)
@given(st.data())
def test_a_segment_the_rounding_skips_has_no_event(data):
    """``rounding_progress`` skips a segment of the track whose ends lie on one side of
    each ray's line of the mark (or of the gate's line): it may not cross one. Rule
    text: "a boat must round the buoys in the order and direction given"."""
    game = _bench_game()
    passages = game.course._cache.passages
    psg = data.draw(st.sampled_from(passages))
    x, y = data.draw(st.floats(-900, 900)), data.draw(st.floats(-300, 1800))
    pts = [(x, y)]
    for _ in range(data.draw(st.integers(1, 9))):
        x += data.draw(st.floats(-120, 120))
        y += data.draw(st.floats(-120, 120))
        pts.append((x, y))
    for flip, p, q in zip(psg.flips(pts), pts, pts[1:]):
        if not flip:
            assert psg.events(p, q) == []


@settings(deadline=None)
@given(st.data())
def test_a_launch_is_judged_as_the_shapes_judge_it(data):
    """``why_not_launch`` lets quick boxes pass a boat and card that are surely free; its
    verdict must be the one the shapes give. Rule text: "each player puts his boat in a
    position of his choice downwind of the start line and places one manoeuvre card of
    his choice in front of it"."""
    from unittest import mock

    from dinghy.games.dinghy_race import launch_and_start
    from dinghy.games.dinghy_race.actions import Launch
    game = _bench_game()
    fleet = []
    for i in range(data.draw(st.integers(1, 6))):
        h = data.draw(st.sampled_from([45, 90, 270, 315, 0]))
        x, y = data.draw(st.floats(-700, 700)), data.draw(st.floats(-560, 80))
        fleet.append(Boat(i, Pose(x, y, h), tack_of(h, 0, Tack.STARBOARD), launched=i > 0,
                          planned=data.draw(st.sampled_from([None, "close_hauled.port", "reach.starboard"]))))
    state = RaceState(tuple(fleet), tuple(range(len(fleet))), round=data.draw(st.sampled_from([0, 0, 2])),
                      active=0, step=Step.LAUNCH)
    act = Launch(data.draw(st.floats(-1600, 1600)), data.draw(st.floats(-700, 120)),
                 data.draw(st.sampled_from([45, 90, 270, 315])),
                 data.draw(st.sampled_from(["close_hauled.port", "close_hauled.starboard", "reach.port",
                                            "reach.starboard", game.cards.delay_key()])))
    fast = launch_and_start.why_not_launch(game, state, act)
    with mock.patch.object(launch_and_start, "_surely_free", lambda *a: False):
        assert launch_and_start.why_not_launch(game, state, act) == fast


@settings(deadline=None)
@given(st.data())
def test_a_move_said_to_be_far_from_the_finish_does_not_touch_it(data):
    """The finish is judged on the shapes only where the boxes of the hull and the track
    meet the line's: "Each boat finishes the race the moment it touches (or moves beyond)
    the finish line; the boat itself counts, not its manoeuvre card"."""
    from shapely.geometry import LineString

    from dinghy.games.dinghy_race.cards import exit_track
    from dinghy.games.dinghy_race.course import crosses_line
    from dinghy.games.dinghy_race.lines_and_marks import _may_reach_finish
    game = _bench_game()
    b = _boat(data, 0)
    if data.draw(st.booleans()):          # near the line (from -300,0 to 300,0)
        b = b.with_(pose=Pose(data.draw(st.floats(-450, 450)), data.draw(st.floats(-150, 150)), b.pose.heading))
    card = data.draw(st.sampled_from([c for c in game.cards.types.values() if c.exits]))
    track = exit_track(b.pose, b.tack, card, data.draw(st.sampled_from(card.exits)), game.cards.hull_length)
    end = Pose(track[-1][0], track[-1][1], b.pose.heading)
    moved = b.with_(pose=end)
    swept = game.hull(end, b.tack).union(LineString(track))
    if not _may_reach_finish(game, moved, track):
        assert not crosses_line(game.course.finish, swept)


@settings(deadline=None)
@given(st.data())
def test_the_exact_boxes_are_the_polygons_bounds(data):
    """``card_boxes`` and ``others_boxes`` (the skippers read them to judge "exactly as the
    engine sees it") are the very bounds of the polygons the engine builds."""
    import numpy as np

    game = _bench_game()
    fleet = tuple(_boat(data, i) for i in range(data.draw(st.integers(1, 6))))
    me = fleet[0]
    keys = tuple(data.draw(st.lists(st.sampled_from(sorted(game.cards.types)), min_size=1, max_size=5)))
    got = bounds.card_boxes(game, me.pose, me.tack, keys)
    assert np.array_equal(got, shapely.bounds(table.card_shapes(game, me.pose, me.tack, 0.0, keys)))
    hulls, cards = bounds.others_boxes(game, fleet, 0)
    oth = table.others(game, fleet, 0)
    assert np.array_equal(hulls, shapely.bounds(oth.hulls).reshape(len(oth.hulls), 4))
    assert np.array_equal(cards, shapely.bounds(oth.cards).reshape(len(oth.cards), 4))


def _plain_stop_short(game, state, boat, card, end, tack, shift):
    """``turn.stop_short_at`` with every hull built and judged by shapely (the reference):
    the track slid stretch by stretch (the convex hull of two neighbouring samples) up to
    the first that touches a boat or a mark, then the last acceptable sample before it."""
    from dinghy.games.dinghy_race.trapped import trapped_by
    from dinghy.games.dinghy_race.common import (EPS, boat_obstacles, fixed_hit, lines_on_water, move_shape,
                                                 room_ahead)
    boats = [g for _, g in boat_obstacles(game, state, boat.index)]
    gap = game.cards.card_width
    lines = lines_on_water(game, state)
    fixed = (fixed_hit(game, move_shape(game, boat, card, end, tack, shift), lines=lines)
             or fixed_hit(game, room_ahead(game, end, tack), lines=lines))
    x0, y0 = boat.pose.xy
    poses = [Pose(x0 + (end.x - x0) * (i / 20), y0 + (end.y - y0) * (i / 20), end.heading) for i in range(21)]
    hulls = [game.hull(p, tack) for p in poses]
    first = len(poses)
    for i, hull in enumerate(hulls):
        stretch = hull if i == 0 else shapely.convex_hull(shapely.union(hulls[i - 1], hull))
        met = fixed_hit(game, stretch, edge=False, lines=lines)
        if met or any(g.intersects(stretch) for g in boats):
            first, fixed = i, fixed or met
            break
    for i in range(first - 1, -1, -1):
        pose, hull = poses[i], hulls[i]
        if fixed is None:       # a stop short of a boat that leaves hull or next card on a buoy
            fixed = fixed_hit(game, hull, lines=lines) or fixed_hit(game, room_ahead(game, pose, tack), lines=lines)
        if fixed is not None and table.fixed_within(game, hull, gap - EPS, lines):
            continue
        # nor where it would be trapped (the trap check is the rules' own, tested with its
        # own plain reference)
        trapped = trapped_by(game, state, boat, pose, tack)
        if trapped is not None:
            fixed = fixed or trapped
            continue
        return pose, tack, fixed
    return boat.pose, boat.tack, fixed


@settings(deadline=None)
@given(st.data())
def test_stopping_short_is_judged_as_the_shapes_judge_it(data):
    """Where a blocked move stops: "stop the execution of his move in a way that his boat
    does not touch the other boat"; before a fixed obstacle "it must stop one card length
    (short side) short of the obstacle". The quick boxes must not change the spot."""
    from dinghy.games.dinghy_race import turn
    game = _bench_game()
    fleet = tuple(b.with_(launched=True) for b in (_boat(data, i) for i in range(data.draw(st.integers(2, 6)))))
    me = fleet[0]
    card = data.draw(st.sampled_from([c for c in game.cards.types.values() if c.exits]))
    r = data.draw(st.sampled_from(table.reach(game, fleet, me, [card])))
    if data.draw(st.booleans()):     # another boat in the way, near where the move ends
        x, y = r.pose.x + data.draw(st.floats(-60, 60)), r.pose.y + data.draw(st.floats(-60, 60))
        fleet = (me, fleet[1].with_(pose=Pose(x, y, fleet[1].pose.heading))) + fleet[2:]
    state = RaceState(fleet, tuple(range(len(fleet))), round=7, active=0, step=Step.MOVE)
    assert turn.stop_short_at(game, state, me, card, r.pose, r.tack, 0.0) == \
        _plain_stop_short(game, state, me, card, r.pose, r.tack, 0.0)


def _plain_swing_blocker(game, state, b, turn, with_boats=True):
    """What the hull meets on its way turning ``turn``° about the bow, judged polygon by
    polygon (the reference of ``sweep.swing_contact``): steps of at most 5°, each covered
    by the convex hull of the outline's corners at both ends and, at the middle, pushed out
    to where the tangents of their arcs meet; a thing the hull touches where it lies is
    left out; a mark, buoy or land before a boat at the same step (``with_boats`` False:
    marks, buoys and land alone)."""
    import math
    from dinghy.games.dinghy_race.common import boat_obstacles, lines_on_water
    start = game.hull(b.pose, b.tack)
    fixed = [(n, g) for n, g in game.obstacles(lines_on_water(game, state))[0] if not g.intersects(start)]
    boats = [(game.name(o.index), g) for o, g in boat_obstacles(game, state, b.index)
             if with_boats and not g.intersects(start)]
    n = max(1, math.ceil(abs(turn) / 5))
    step = turn / n
    grow = 1 / math.cos(math.radians(step) / 2)
    outline = game.hull_outline(b.tack).tolist()
    x, y, h = b.pose.x, b.pose.y, b.pose.heading

    def at(a, scale):
        r = math.radians(a)
        return [(x + lx * scale * math.cos(r) + ly * scale * math.sin(r),
                 y - lx * scale * math.sin(r) + ly * scale * math.cos(r)) for lx, ly in outline]

    for k in range(n):
        a0, a1 = h + step * k, h + step * (k + 1)
        cover = shapely.convex_hull(shapely.multipoints(np.array(at(a0, 1.0) + at((a0 + a1) / 2, grow) + at(a1, 1.0))))
        for name, g in fixed + boats:
            if g.intersects(cover):
                return name
    return None


@settings(deadline=None)
@given(st.data())
def test_a_pivot_is_judged_as_the_shapes_judge_it(data):
    """A pivot "may make a 90°-turn in either direction"; the hull may not swing into a
    boat, a mark or land, where it ends nor on its way. The quick boxes and the
    vectorised swing must give the verdict the hull's shapes give.
    (Found by hypothesis: a boat by the edge whose turn would trap it is refused for the
    trap, which this test first left out of its reference.)"""
    from dinghy.games.dinghy_race import turn
    from dinghy.games.dinghy_race.common import path_blocker
    from dinghy.games.dinghy_race.state import Turn
    game = _bench_game()
    fleet = tuple(b.with_(launched=True) for b in (_boat(data, i) for i in range(data.draw(st.integers(1, 6)))))
    if len(fleet) > 1 and data.draw(st.booleans()):    # another hull right by the bow
        me = fleet[0].pose
        fleet = (fleet[0], fleet[1].with_(pose=Pose(me.x + data.draw(st.floats(-80, 80)),
                                                    me.y + data.draw(st.floats(-80, 80)), fleet[1].pose.heading))) + fleet[2:]
    lim = data.draw(st.sampled_from([45, 90]))
    state = RaceState(fleet, tuple(range(len(fleet))), round=7, active=0, step=Step.PIVOT,
                      turn=Turn(pivot_limit=lim))
    t = data.draw(st.sampled_from([lim, -lim]))
    b = fleet[0]
    pose = Pose(b.pose.x, b.pose.y, b.pose.heading + t)
    hull = game.hull(pose, tack_of(pose.heading, game.wind_from, b.tack))
    blocker = path_blocker(game, state, b, hull, edge=False) or _plain_swing_blocker(game, state, b, t)
    # (a turn clear of everything may still be refused for leaving the boat trapped
    # beside a mark: that verdict is the trap check's, tested with it)
    assert turn.why_not_pivot(game, state, t) == (f"the hull would swing into {blocker}" if blocker
                                                  else turn.pivot_traps(game, state).get(t))


def _plain_rounding_progress(course, state, track):
    """``course.rounding_progress`` asking every segment (the reference)."""
    from dinghy.games.dinghy_race.course import RoundingState
    pts = [(float(p[0]), float(p[1])) for p in track]
    legs_done, stage = state.legs_done, state.stage
    n = len(course.legs)
    if legs_done >= n or not pts:
        return state
    passages = course._cache.passages
    if stage is None:
        stage = passages[legs_done].initial_stage(pts[0])
    for p, q in zip(pts, pts[1:]):
        while legs_done < n:
            psg = passages[legs_done]
            done_at = None
            for t, delta in psg.events(p, q):
                stage += delta
                if stage >= psg.goal:
                    done_at = t
                    break
            if done_at is None:
                break
            legs_done += 1
            p = (p[0] + done_at * (q[0] - p[0]), p[1] + done_at * (q[1] - p[1]))
            stage = passages[legs_done].initial_stage(p) if legs_done < n else 0
        if legs_done >= n:
            break
    return RoundingState(legs_done, stage)


@settings(deadline=None)
@given(st.data())
def test_the_rounding_counts_as_the_plain_count(data):
    """"A boat must round the buoys in the order and direction given": the marks a
    track rounds are those the segment-by-segment count finds."""
    from dinghy.games.dinghy_race.course import RoundingState, rounding_progress
    game = _bench_game()
    course = game.course
    legs = data.draw(st.integers(0, len(course.legs) - 1))
    state = RoundingState(legs, data.draw(st.sampled_from([None, 0, 1])))
    # round the target of the leg: points on a loose circle about it
    cx, cy = course._cache.targets[legs]
    r = data.draw(st.floats(20, 400))
    a0 = data.draw(st.floats(0, 6.3))
    steps = data.draw(st.lists(st.floats(-1.2, 1.2), min_size=1, max_size=12))
    import math
    pts, a = [], a0
    for d in [0.0] + steps:
        a += d
        rr = r * data.draw(st.floats(0.6, 1.4))
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    assert rounding_progress(course, state, pts) == _plain_rounding_progress(course, state, pts)


# -- convex shapes judged in plain floats (dinghy_race.convex) ----------------------------

def _shape_of(game, key, x, y, h):
    """The polygon the engine builds for an outline key at a bow point (the reference)."""
    what, tack, shift = key
    pose = Pose(x, y, h)
    if what is None:
        return game.hull(pose, tack)
    return table.card_shapes(game, pose, tack, shift, (what,))[0]


def _outline_key(data, game):
    what = data.draw(st.sampled_from([None] + sorted(game.cards.types)))
    tack = data.draw(st.sampled_from(list(Tack)))
    shift = 0.0 if what is None else data.draw(st.sampled_from([0.0, 12.5, -20.0]))
    return (what, tack, shift)


@settings(deadline=None)
@given(st.data())
def test_a_sure_convex_verdict_is_the_shapes_verdict(data):
    """Rule 1 ("a boat may not ... put the boat ... on another boat's manoeuvre card") and
    the obstacles ("stop ... in a way that his boat does not touch the other boat") ask
    whether two shapes touch; the plain-float verdict, when it is sure, must be shapely's
    on the very polygons, touching included. Shapes are set on whole millimetres and
    right-angle headings as often as not, where edges lie exactly on each other."""
    from dinghy.games.dinghy_race import convex
    game = _bench_game()
    a, b = _outline_key(data, game), _outline_key(data, game)
    grid = data.draw(st.booleans())
    ha = data.draw(st.sampled_from([0, 90, 180, 270])) if grid else data.draw(st.integers(0, 23)) * 15
    hb = data.draw(st.sampled_from([0, 90, 180, 270])) if grid else data.draw(st.integers(0, 23)) * 15
    ax, ay = data.draw(st.integers(-500, 500)), data.draw(st.integers(-500, 500))
    if grid:
        bx, by = ax + data.draw(st.integers(-160, 160)), ay + data.draw(st.integers(-160, 160))
    else:
        bx, by = ax + data.draw(st.floats(-160, 160)), ay + data.draw(st.floats(-160, 160))
    v = convex.verdict(convex.axes(game, a, ha, b, hb), float(ax), float(ay), float(bx), float(by))
    if v is not None:
        assert v == _shape_of(game, a, ax, ay, ha).intersects(_shape_of(game, b, bx, by, hb))


def test_the_convex_verdict_leaves_shapes_that_just_touch_to_shapely():
    """Two cards side by side, edge on edge, touch ("touching counts" for shapely): the
    plain floats must not call them apart; a hair further they are surely apart, well
    inside each other surely touching."""
    from dinghy.games.dinghy_race import convex
    game = _bench_game()
    key = (sorted(game.cards.types)[0], Tack.PORT, 0.0)
    xs = game.card_outline(game.cards.types[key[0]], Tack.PORT)[:, 0]
    width = float(xs.max() - xs.min())
    rows = convex.axes(game, key, 0, key, 0)
    assert _shape_of(game, key, 0.0, 0.0, 0).intersects(_shape_of(game, key, width, 0.0, 0))
    assert convex.verdict(rows, 0.0, 0.0, width, 0.0) is None
    assert convex.verdict(rows, 0.0, 0.0, width + 1e-3, 0.0) is False
    assert convex.verdict(rows, 0.0, 0.0, width / 2, 0.0) is True


def _plain_placement(game, state, boat, card):
    """Which hull blocks the card and whose cards it meets, every shape judged by shapely."""
    from dinghy.games.dinghy_race.common import boat_obstacles, card_obstacles
    shape = game.card_shape(boat.pose, card, boat.tack)
    blocker = next((game.name(b.index) for b, g in boat_obstacles(game, state, boat.index)
                    if g.intersects(shape)), None)
    met = tuple(b.index for b, g in card_obstacles(game, state, boat.index) if g.intersects(shape))
    return blocker, met


@settings(deadline=None)
@given(st.data())
def test_a_card_placed_is_blocked_and_meets_cards_as_the_shapes_judge(data):
    """"When the player ... would be forced to play his manoeuvre card for the next turn
    on top of another boat, he places the card beside the boat"; a card laid on another
    boat's card calls for a right-of-way ruling. The convex verdicts must name the same
    blocking boat and the same cards met, in the same order, as shapely does."""
    from dinghy.games.dinghy_race.common import placement_blocked
    game = _bench_game()
    fleet = tuple(b.with_(launched=True) for b in (_boat(data, i) for i in range(data.draw(st.integers(2, 6)))))
    me = fleet[0]
    moved = []
    for b in fleet[1:]:              # crowd the others round the bow
        if data.draw(st.booleans()):
            b = b.with_(pose=Pose(me.pose.x + data.draw(st.integers(-120, 120)),
                                  me.pose.y + data.draw(st.integers(-120, 120)), b.pose.heading))
        moved.append(b)
    fleet = (me,) + tuple(moved)
    state = RaceState(fleet, tuple(range(len(fleet))), round=7, active=0, step=Step.PLACE)
    card = game.cards.types[data.draw(st.sampled_from(sorted(game.cards.types)))]
    assert (placement_blocked(game, state, me, card), placing.cards_met(game, state, me, card)) == \
        _plain_placement(game, state, me, card)


@settings(deadline=None)
@given(st.data())
def test_the_box_round_every_exit_holds_each_shape_of_the_move(data):
    """``reach`` calls a move clear on open water ("Boats and the manoeuvre cards placed
    in front of them may never touch fixed obstacles") when the relative box round all
    its shapes, moved to the bow, is clear: that box must hold the quick box of the card,
    and of the hull and the room ahead at every exit (which hold the shapes)."""
    from dinghy.games.dinghy_race import exit_tables
    game = _bench_game()
    b = _boat(data, 0)
    cards = data.draw(st.lists(st.sampled_from([c for c in game.cards.types.values() if c.exits]),
                               min_size=1, max_size=3, unique_by=lambda c: c.key))
    shift = data.draw(st.sampled_from([0.0, 12.5, -20.0, 7.3]))
    spec = exit_tables.exit_spec(game, cards)
    p = b.pose
    rows = exit_tables._turned_exits(game, spec, p.heading, b.tack, shift)
    u, m = exit_tables._exit_unions(game, spec, p.heading, b.tack, shift)
    every = (p.x + u[0], p.y + u[1], p.x + u[2], p.y + u[3])
    moving = (p.x + m[0], p.y + m[1], p.x + m[2], p.y + m[3])
    delay = game.delay_card.key
    for key in spec[5]:
        card = bounds.quick_box(game, key, b.tack, shift, p.x, p.y, p.heading)
        assert _holds(every, card) and _holds(moving, card)
    for r in table.reach(game, (b,), b, cards, shift):
        hull = bounds.quick_box(game, None, r.tack, 0.0, r.pose.x, r.pose.y, r.pose.heading)
        room = bounds.quick_box(game, delay, Tack.PORT, 0.0, r.pose.x, r.pose.y, r.pose.heading)
        assert _holds(every, hull) and _holds(moving, hull) and _holds(every, room)
    assert len(rows) == len(spec[6])


@settings(deadline=None)
@given(st.data())
def test_a_sure_fixed_verdict_is_the_shapes_verdict(data):
    """"Boats and the manoeuvre cards placed in front of them may never touch fixed
    obstacles like buoys, the start ship, land": a hull or card by a mark, a buoy, land
    or the edge of the water, judged in plain floats when sure, must be named as
    ``Table.fixed_hits`` names it on the polygon."""
    from dinghy.games.dinghy_race import convex
    game = _bench_game()
    lines = data.draw(st.sampled_from([(True, True), (False, True), (True, False)]))
    names, _ = game.obstacles(lines)
    key = _outline_key(data, game)
    h = data.draw(st.integers(0, 23)) * 15
    where = data.draw(st.sampled_from(["obstacle", "edge", "anywhere"]))
    if where == "obstacle":
        _, g = data.draw(st.sampled_from(names))
        c = g.centroid
        x, y = c.x + data.draw(st.floats(-90, 90)), c.y + data.draw(st.floats(-90, 90))
    elif where == "edge":
        x0, y0, x1, y1 = game.area.bounds
        x = data.draw(st.sampled_from([x0, x1])) + data.draw(st.floats(-60, 60))
        y = data.draw(st.floats(y0, y1))
        if data.draw(st.booleans()):
            x, y = data.draw(st.floats(x0, x1)), data.draw(st.sampled_from([y0, y1])) + data.draw(st.floats(-60, 60))
    else:
        x, y = data.draw(st.floats(-1700, 1700)), data.draw(st.floats(-800, 2600))
    if data.draw(st.booleans()):     # whole millimetres, right angles: edges on the edge
        x, y, h = float(round(x)), float(round(y)), data.draw(st.sampled_from([0, 90, 180, 270]))
    shape = _shape_of(game, key, x, y, h)
    box = bounds.quick_box(game, key[0], key[1], key[2], x, y, h)
    sure = convex.fixed_sure(game, [(key, x, y, h)], box, lines)
    if sure is not convex.UNSURE:
        assert sure == game.fixed_hits(__import__("numpy").array([shape], dtype=object), lines=lines)[0]


@settings(deadline=None)
@given(st.data())
def test_a_launch_judged_as_convex_shapes_is_judged_as_the_polygons_judge_it(data):
    """"each player puts his boat in a position of his choice downwind of the start line
    and places one manoeuvre card of his choice in front of it": the plain-float verdict
    on the hull and card (start line, marks and buoys, other hulls and cards) must be the
    one shapely gives on the polygons, whatever the boxes say."""
    from unittest import mock

    from dinghy.games.dinghy_race import convex, launch_and_start
    from dinghy.games.dinghy_race.actions import Launch
    game = _bench_game()
    x0, y0 = data.draw(st.floats(-1600, 1600)), data.draw(st.floats(-700, 120))
    if data.draw(st.booleans()):     # by the start line and its buoys
        x0, y0 = data.draw(st.floats(-400, 400)), data.draw(st.floats(-260, 10))
    grid = data.draw(st.booleans())
    fleet = []
    for i in range(data.draw(st.integers(1, 6))):
        h = data.draw(st.sampled_from([45, 90, 270, 315, 0]))
        x, y = x0 + data.draw(st.floats(-120, 120)), y0 + data.draw(st.floats(-120, 120))
        if grid:                     # whole millimetres, right angles: edges on edges
            x0, y0 = float(round(x0)), float(round(y0))
            x, y, h = x0 + data.draw(st.integers(-90, 90)), y0 + data.draw(st.integers(-90, 90)), h // 90 * 90
        fleet.append(Boat(i, Pose(x, y, h), tack_of(h, 0, Tack.STARBOARD), launched=i > 0,
                          planned=data.draw(st.sampled_from([None, "close_hauled.port", "reach.starboard"]))))
    state = RaceState(tuple(fleet), tuple(range(len(fleet))), round=data.draw(st.sampled_from([0, 0, 2])),
                      active=0, step=Step.LAUNCH)
    h = data.draw(st.sampled_from([90, 270] if grid else [45, 90, 270, 315]))
    tack = tack_of(h, game.wind_from, Tack.STARBOARD).value
    card = (game.cards.delay_key() if state.round else
            data.draw(st.sampled_from([f"close_hauled.{tack}" if h in (45, 315) else f"reach.{tack}",
                                       "reach.port"])))
    act = Launch(x0, y0, h, card)
    with mock.patch.object(launch_and_start, "_surely_free", lambda *a: False):
        fast = launch_and_start.why_not_launch(game, state, act)
        with mock.patch.object(launch_and_start, "_launch_sure", lambda *a: convex.UNSURE):
            assert launch_and_start.why_not_launch(game, state, act) == fast


@settings(deadline=None)
@given(st.data())
def test_the_lines_on_the_water_kept_for_a_fleet_are_the_plain_answer(data):
    """"When the last boat has started, remove the start line"; "When the first boat
    begins the last leg of the race, set up the finish line": the answer kept for the
    last fleet asked about must be the plain count for every state asked, the same
    fleet with other places included."""
    game = _bench_game()
    legs = len(game.course.legs)

    def plain(state):
        return (any(b.racing and not b.started for b in state.boats),
                bool(state.places) or any(b.started and b.legs_done >= legs for b in state.boats))

    fleet = tuple(b.with_(started=data.draw(st.booleans()), legs_done=data.draw(st.integers(0, legs)),
                          finished=data.draw(st.sampled_from([None, None, 1])))
                  for b in (_boat(data, i) for i in range(data.draw(st.integers(1, 6)))))
    for places in data.draw(st.lists(st.sampled_from([(), (0,), (1, 0)]), min_size=1, max_size=4)):
        state = RaceState(fleet, tuple(range(len(fleet))), round=7, active=0, step=Step.MOVE, places=places)
        assert lines_on_water(game, state) == plain(state)
    other = state.with_(boats=tuple(b.with_(started=True) for b in fleet))
    assert lines_on_water(game, other) == plain(other)


def test_a_mark_is_judged_as_a_disc_only_when_its_ring_is_convex():
    """The plain-float verdict by a mark ("may never touch fixed obstacles like buoys")
    holds for convex shapes only: the ring test must tell a convex ring from a dented or
    self-crossing one, as shapely's convex hull does."""
    import math

    from dinghy.games.dinghy_race import convex
    rings = {
        "square": [(0, 0), (1, 0), (1, 1), (0, 1)],
        "square, other way round": [(0, 0), (0, 1), (1, 1), (1, 0)],
        "dented": [(0, 0), (2, 0), (1, 0.5), (2, 2), (0, 2)],
        "star": [(math.cos(a * 4 * math.pi / 5), math.sin(a * 4 * math.pi / 5)) for a in range(5)],
        "with a straight corner": [(0, 0), (1, 0), (2, 0), (2, 1), (0, 1)],
    }
    for name, ring in rings.items():
        poly = shapely.Polygon(ring)
        plain = poly.is_valid and poly.equals(poly.convex_hull)
        assert convex._convex([tuple(map(float, p)) for p in ring]) == plain, name


def _plain_trapped_by(game, state, boat, pose, tack, may_stay=False):
    """The trap check with nothing skipped: the card options asked at every heading the
    turns reach, every hull after a turn built and judged by shapely, and every turn's
    swing judged polygon by polygon (``_plain_swing_blocker``, marks, buoys and land
    alone): a turn is open when the hull neither ends on nor swings through one."""
    from dinghy.games.dinghy_race import trapped
    from dinghy.games.dinghy_race.common import fixed_hit
    lines = lines_on_water(game, state)
    after = max(state.round, PRESTART_ROUNDS)
    seen, todo, met, hulls, swings = set(), [(pose.heading % 360, may_stay)], [], {}, {}
    while todo:
        h, may_stay = todo.pop()
        if (h, may_stay) in seen:
            continue
        seen.add((h, may_stay))
        t = tack_of(h, game.wind_from, tack)
        probe = boat.with_(pose=Pose(pose.x, pose.y, h), tack=t, planned=None, aside=False, spi_up=False,
                           trapeze=False)
        opts = _plain_card_options(game, state.with_boat(probe, active=boat.index, step=Step.PLACE, round=after))
        fits = [(game.cards.types[k].kind is Kind.DELAY, r is None) for k, r in opts]
        if any(ok and not delay for delay, ok in fits):
            return None
        delay = any(ok and d for d, ok in fits)
        met += [r[len(trapped._TOUCH):] for _, r in opts if r and r.startswith(trapped._TOUCH)]
        turns = ((0, 45, -45, False),) if delay else ()
        if not delay or may_stay:
            turns += ((0, 90, -90, True),)
        for *steps, stay in turns:
            for d in steps:
                h2 = (h + d) % 360
                if h2 not in hulls:
                    hit = fixed_hit(game, game.hull(Pose(pose.x, pose.y, h2), tack_of(h2, game.wind_from, t)),
                                    edge=False, lines=lines)
                    hulls[h2] = hit is None
                    if hit:
                        met.append(hit)
                if hulls[h2] and d and (h, d) not in swings:
                    swings[(h, d)] = _plain_swing_blocker(game, state, boat.with_(pose=Pose(pose.x, pose.y, h), tack=t),
                                                          d, with_boats=False)
                    if swings[(h, d)]:
                        met.append(swings[(h, d)])
                if hulls[h2] and swings.get((h, d)) is None:
                    todo.append((h2, stay))
    return max(met, key=met.count) if met else "the edge of the water"


def _pose_by_an_obstacle(data, game, lines):
    """A pose within a card's reach of a mark, a buoy, land or the edge (or anywhere)."""
    names, _ = game.obstacles(lines)
    where = data.draw(st.sampled_from(["obstacle", "obstacle", "edge", "anywhere"]))
    if where == "obstacle":         # by its outline: often trapped there
        _, g = data.draw(st.sampled_from(names))
        c = g.exterior.interpolate(data.draw(st.floats(0, 1)), normalized=True)
        r = data.draw(st.sampled_from([30, 30, 160]))
        x, y = c.x + data.draw(st.floats(-r, r)), c.y + data.draw(st.floats(-r, r))
    elif where == "edge":
        x0, y0, x1, y1 = game.area.bounds
        x = data.draw(st.sampled_from([x0 + 1, x1 - 1])) + data.draw(st.floats(-150, 150))
        y = data.draw(st.floats(y0, y1))
    else:
        x, y = data.draw(st.floats(-1700, 1700)), data.draw(st.floats(-800, 2600))
    return Pose(x, y, data.draw(st.integers(0, 23)) * 15)


@settings(deadline=None)
@given(st.data())
def test_the_trap_check_rules_as_the_plain_check_of_every_heading(data):
    """Our reading of "If a boat comes into a situation where it would violate this rule,
    it must stop one card length (short side) short of the obstacle ... it is "dead in
    the water"" (``trapped.trapped_by``): its shortcuts (nothing fixed within reach; a
    card other than the delay whose quick box is clear; only the delay suiting the
    heading, its box clear; a turned hull's box apart from every mark's and land's) must
    name the obstacle the plain check of every heading names, or None as it does; a
    heading said surely free (``trapped.surely_free``) is one the plain check finds free."""
    from dinghy.games.dinghy_race import trapped
    game = _bench_game()
    lines = data.draw(st.sampled_from([(True, True), (False, True), (True, False)]))
    pose = _pose_by_an_obstacle(data, game, lines)
    if data.draw(st.booleans()):     # in irons or close to it: only the delay may suit
        pose = Pose(pose.x, pose.y, data.draw(st.sampled_from([0, 15, 345, 30, 330])))
    me = _boat(data, 0).with_(pose=pose, tack=tack_of(pose.heading, game.wind_from, Tack.STARBOARD))
    legs = len(game.course.legs)
    me = me.with_(started=True, legs_done=0, finished=None)
    # the start line is on while a boat has not started, the finish line once one sails the last leg
    waiting = me.with_(index=1, started=not lines[0])
    last_leg = me.with_(index=2, legs_done=legs if lines[1] else 0)
    state = RaceState((me, waiting, last_leg), (0, 1, 2), round=data.draw(st.integers(PRESTART_ROUNDS, 12)),
                      active=0, step=Step.MOVE)
    assert lines_on_water(game, state) == lines
    may_stay = data.draw(st.booleans())
    plain = _plain_trapped_by(game, state, me, pose, me.tack, may_stay)
    assert trapped.trapped_by(game, state, me, pose, me.tack, may_stay) == plain
    # the exits' shortcut (``trapped.surely_free``): a card surely clear ahead, no trap
    if trapped.surely_free(game, me, pose, me.tack, lines):
        assert plain is None


def test_a_boat_whose_every_turn_swings_through_a_mark_is_trapped_by_it_in_both_checks():
    """"Boats and the manoeuvre cards placed in front of them may never touch fixed
    obstacles like buoys ... If a boat comes into a situation where it would violate this
    rule, it must stop one card length (short side) short of the obstacle ... it is "dead
    in the water""; its way out is "one 45°-turn whenever "executing" ... a delay card" or,
    dead, "a 90°-turn in either direction", and a turn may not swing the hull through a
    mark. In irons, bow 23.125 above mark 1 (a 12-wide buoy at (0, 1500)), the 17-long hull
    ends 0.125 above the buoy: only the delay fits, and the stern's corners swing through
    the buoy whichever way it turns, 45° or 90°. Trapped by mark 1, says the engine, and
    so must the plain check (it once let the boat turn to 045°, judging where the hull
    ends but not its swing, and found it free: the hypothesis test above then failed
    whenever its draws came here)."""
    from dinghy.games.dinghy_race import sweep, trapped
    game = _bench_game()
    pose = Pose(1.4193737118335649e-14, 1523.125, 0)
    me = Boat(0, pose, Tack.STARBOARD, launched=True, started=True)
    state = RaceState((me,), (0,), round=8, active=0, step=Step.MOVE)
    lines = lines_on_water(game, state)
    assert game.fixed_hits(np.array([game.hull(pose, me.tack)], dtype=object), edge=False, lines=lines) == [None]
    assert [k for k, r in _plain_card_options(game, state.with_(step=Step.PLACE)) if r is None] == ["delay"]
    for turn in (45, -45, 90, -90):
        assert _plain_swing_blocker(game, state, me, turn) == "mark 1"
        assert sweep.swing_contact(game, state, me, turn, lines, boats=False) == "mark 1"
    for may_stay in (False, True):
        assert trapped.trapped_by(game, state, me, pose, me.tack, may_stay) == "mark 1"
        assert _plain_trapped_by(game, state, me, pose, me.tack, may_stay) == "mark 1"


@settings(deadline=None)
@given(st.data())
def test_no_exit_said_free_of_traps_ends_trapped(data):
    """The move's shortcut (``trapped.no_exit_traps``): when the box round the whole move
    is said to be far from everything fixed, the plain trap check finds no exit of the
    card ending trapped ("it must stop one card length (short side) short of the
    obstacle")."""
    from dinghy.games.dinghy_race import trapped
    game = _bench_game()
    lines = (True, True)
    pose = _pose_by_an_obstacle(data, game, lines)
    me = _boat(data, 0).with_(pose=pose, tack=tack_of(pose.heading, game.wind_from, Tack.STARBOARD))
    state = RaceState((me,), (0,), round=8, active=0, step=Step.MOVE)
    card = data.draw(st.sampled_from([c for c in game.cards.types.values() if c.exits]))
    shift = data.draw(st.sampled_from([0.0, 12.5, -20.0]))
    if trapped.no_exit_traps(game, me, card, shift, lines):
        for r in table.reach(game, (me,), me, [card], shift, lines):
            assert _plain_trapped_by(game, state, me, r.pose, r.tack) is None


@settings(deadline=None)
@given(st.data())
def test_a_turn_weighed_for_a_trap_is_blocked_as_the_shapes_judge(data):
    """A pivot "may make a 90°-turn in either direction"; the hull may not end on a boat,
    a mark or land (``turn.swing_blocker``, asked for each turn the trap check of a
    pivot weighs, and by the pivot's own check): the quick boxes must give the verdict
    of the hull's shape, naming the same blocker."""
    from dinghy.games.dinghy_race import turn
    from dinghy.games.dinghy_race.common import path_blocker
    game = _bench_game()
    lines = (True, True)
    fleet = tuple(b.with_(launched=True) for b in (_boat(data, i) for i in range(data.draw(st.integers(1, 6)))))
    if data.draw(st.booleans()):         # by a mark, land or the edge
        p = _pose_by_an_obstacle(data, game, lines)
        fleet = (fleet[0].with_(pose=p, tack=tack_of(p.heading, game.wind_from, Tack.STARBOARD)),) + fleet[1:]
    if len(fleet) > 1 and data.draw(st.booleans()):    # another hull right by the bow
        me = fleet[0].pose
        fleet = (fleet[0], fleet[1].with_(pose=Pose(me.x + data.draw(st.floats(-80, 80)),
                                                    me.y + data.draw(st.floats(-80, 80)), fleet[1].pose.heading))) + fleet[2:]
    state = RaceState(fleet, tuple(range(len(fleet))), round=7, active=0, step=Step.PIVOT)
    b = fleet[0]
    pose = Pose(b.pose.x, b.pose.y, b.pose.heading + data.draw(st.sampled_from([45, -45, 90, -90])))
    tack = tack_of(pose.heading, game.wind_from, b.tack)
    assert turn.swing_blocker(game, state, b, pose, tack) == \
        path_blocker(game, state, b, game.hull(pose, tack), edge=False)


@settings(deadline=None)
@given(st.data())
def test_the_exits_on_open_water_are_judged_as_every_rule_judges_them(data):
    """``turn._exit_options`` on open water (no exit touches anything, meets a card or
    may end trapped: ``turn._open_water_options``, with the trap check skipped by
    ``trapped.no_exit_traps`` or ``trapped.surely_free``) must give the verdicts the full
    rules give every exit:
    "Playing them commits you to perform a change from one tack to the other", the
    involuntary tack or jibe, "the acting player must, if possible, use an exit line that
    does not cause boat-to-boat conflict"."""
    from unittest import mock

    from dinghy.games.dinghy_race import turn
    from dinghy.games.dinghy_race.state import Turn
    game = _bench_game()
    fleet = tuple(b.with_(launched=True) for b in (_boat(data, i) for i in range(data.draw(st.integers(1, 4)))))
    if data.draw(st.booleans()):         # by a mark, land or the edge
        p = _pose_by_an_obstacle(data, game, (True, True))
        fleet = (fleet[0].with_(pose=p, tack=tack_of(p.heading, game.wind_from, Tack.STARBOARD)),) + fleet[1:]
    me = fleet[0]
    if len(fleet) > 1 and data.draw(st.booleans()):    # the others crowd round the card
        fleet = (me,) + tuple(b.with_(pose=Pose(me.pose.x + data.draw(st.floats(-120, 120)),
                                                me.pose.y + data.draw(st.floats(-120, 120)), b.pose.heading))
                              for b in fleet[1:])
    if data.draw(st.booleans()):         # running with the spinnaker up: the bonus is in question
        h = data.draw(st.sampled_from([135, 150, 165, 180, 195, 210, 225]))
        me = me.with_(pose=Pose(me.pose.x, me.pose.y, h), tack=tack_of(h, game.wind_from, me.tack), spi_up=True)
        fleet = (me,) + fleet[1:]
    keys = [k for k, c in game.cards.types.items()
            if c.exits and card_fits(game, me, c, True, 8) is None]
    if not keys:
        return
    turning = [k for k in keys if game.cards.types[k].changes_tack]
    bonus = [k for k in keys if game.cards.types[k].spi_bonus and me.spi_up]
    pick = data.draw(st.sampled_from(["any", "turning", "bonus"]))
    key = data.draw(st.sampled_from({"turning": turning, "bonus": bonus}.get(pick) or keys))
    state = RaceState(fleet, tuple(range(len(fleet))), round=8, active=0, step=Step.MOVE, turn=Turn(card=key))
    fast = turn._exit_options.__wrapped__(game, state, 0.0)
    with mock.patch.object(turn, "no_exit_traps", lambda *a: False), \
            mock.patch.object(turn, "surely_free", lambda *a: False), \
            mock.patch.object(turn, "_open_water_options", None):
        plain = turn._exit_options.__wrapped__(game, state, 0.0)
    assert fast == plain


@settings(deadline=None)
@given(st.data())
def test_the_table_builds_hulls_and_cards_as_the_plain_shape_at(data):
    """The table's hulls and cards (``Table.hull``, ``Table.card_shape``: plain floats,
    the hull kept per pose) are the polygons ``geometry.shape_at`` builds, corner for
    corner: every ruling on "Boats and the manoeuvre cards placed in front of them" is
    judged on them."""
    from dinghy.core.geometry import shape_at
    game = _bench_game()
    b = _boat(data, 0)
    shift = data.draw(st.sampled_from([0.0, 12.5, -20.0, 7.3]))
    card = game.cards.types[data.draw(st.sampled_from(sorted(game.cards.types)))]
    for _ in range(2):      # built, then kept
        assert _same_corners(game.hull(b.pose, b.tack), shape_at(b.pose, game.hull_outline(b.tack)))
    assert _same_corners(game.card_shape(b.pose, card, b.tack, shift),
                         shape_at(b.pose, game.card_outline(card, b.tack, shift)))


def _same_corners(a, b) -> bool:
    """The same polygon corner for corner, to the last bit (a zero's sign aside: a boat
    at x = -0.0 gave one corner at -0.0 and the other at 0.0, the same point)."""
    return np.array_equal(np.asarray(a.exterior.coords), np.asarray(b.exterior.coords))


@settings(deadline=None)
@given(st.data())
def test_what_a_stopped_move_touches_is_what_its_shapes_touch(data):
    """A blocked move: "Boats and the manoeuvre cards placed in front of them may never
    touch fixed obstacles like buoys ... it must stop one card length (short side) short
    of the obstacle". What the move's shapes and the room for its next card touch
    (``turn._move_touches``, skipping the polygons whose quick boxes are clear) must be
    what the polygons touch."""
    from dinghy.games.dinghy_race import turn
    from dinghy.games.dinghy_race.common import fixed_hit, move_shape, room_ahead
    game = _bench_game()
    lines = data.draw(st.sampled_from([(True, True), (False, True), (True, False)]))
    p = _pose_by_an_obstacle(data, game, lines)
    me = _boat(data, 0).with_(pose=p, tack=tack_of(p.heading, game.wind_from, Tack.STARBOARD))
    card = data.draw(st.sampled_from([c for c in game.cards.types.values() if c.exits]))
    shift = data.draw(st.sampled_from([0.0, 12.5, -20.0]))
    r = data.draw(st.sampled_from(table.reach(game, (me,), me, [card], shift, lines)))
    plain = (fixed_hit(game, move_shape(game, me, card, r.pose, r.tack, shift), lines=lines)
             or fixed_hit(game, room_ahead(game, r.pose, r.tack), lines=lines))
    assert turn._move_touches(game, me, card, r.pose, r.tack, shift, lines) == plain


@settings(deadline=None)
@given(st.data())
def test_the_boxes_kept_for_a_fleet_are_those_of_its_boats(data):
    """The other boats' boxes (``bounds.others_box_lists``, ``bounds.others_boxes``) are
    kept per fleet and per boat, the last fleet's by place: asked of fleets that change
    one boat at a time (a move, a card laid, a boat finishing), for any boat, they must be
    the boxes of that very fleet's hulls and cards ("Boats and the manoeuvre cards
    placed in front of them" are what the rulings judge)."""
    import numpy as np

    game = _bench_game()
    fleet = tuple(b.with_(launched=True) for b in (_boat(data, i) for i in range(data.draw(st.integers(2, 6)))))
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(fleet) - 1))
        b = fleet[i]
        change = data.draw(st.sampled_from(["move", "card", "aside", "finish", "delays", "none"]))
        if change == "move":
            b = b.with_(pose=Pose(b.pose.x + data.draw(st.floats(-50, 50)), b.pose.y, b.pose.heading))
        elif change == "card":
            b = b.with_(planned=data.draw(st.sampled_from([None] + sorted(game.cards.types))), aside=False)
        elif change == "aside":
            b = b.with_(aside=not b.aside)
        elif change == "finish":
            b = b.with_(finished=1)
        elif change == "delays":
            b = b.with_(delays=1 - b.delays)
        fleet = fleet[:i] + (b,) + fleet[i + 1:]
        index = data.draw(st.integers(0, len(fleet) - 1))
        hulls, cards = bounds.others_box_lists(game, fleet, index)
        exact_hulls, exact_cards = bounds.others_boxes(game, fleet, index)
        afloat = [o for o in fleet if o.index != index and o.launched and o.finished is None]
        keys = [(o, game.cards.delay_key() if o.delays else (o.planned if not o.aside else None)) for o in afloat]
        assert hulls == [bounds.quick_box(game, None, o.tack, 0.0, o.pose.x, o.pose.y, o.pose.heading)
                         for o in afloat]
        assert cards == [bounds.quick_box(game, k, o.tack, 0.0, o.pose.x, o.pose.y, o.pose.heading)
                         for o, k in keys if k is not None]
        oth = table.others(game, fleet, index)
        assert np.array_equal(exact_hulls, shapely.bounds(oth.hulls).reshape(len(oth.hulls), 4))
        assert np.array_equal(exact_cards, shapely.bounds(oth.cards).reshape(len(oth.cards), 4))
