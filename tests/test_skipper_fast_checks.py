"""The skippers' quick looks at the table skip work only where it cannot matter.

``Obstacles.rect_fixed`` and ``hull_fixed`` look at marks, the edge and land only where
the chart's fixed field says one of them may be within reach (issue 11, "Speed": the
skippers' decisions fast "without changing a single choice"); here they are compared,
for random rectangles and hulls on and off the water, with the plain checks that look
at everything every time. The rule they serve: "Boats and the manoeuvre cards placed in
front of them may never touch fixed obstacles like buoys, the start ship, land".
"""
from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings, strategies as st

from dinghy import games
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers.dinghy_race.brain import chart_of
from dinghy.skippers.dinghy_race.obstacles import Obstacles

_CHARTS: dict = {}


def _chart(course: str):
    if course not in _CHARTS:
        seats = tuple(Seat(n, n, None) for n in list(PALETTE)[:2])
        _CHARTS[course] = chart_of(games.load_game(RaceSetup(seats=seats, course=course, seed=1)))
    return _CHARTS[course]


def _plain_rect_fixed(ch, x, y, h, across, along):
    """Every rectangle checked against every circle, the area and land."""
    hr = np.radians(h)
    s, c = np.sin(hr), np.cos(hr)
    sub = Obstacles._rect_circles(x, y, h, across, along, ch.fc[:, 0], ch.fc[:, 1], ch.fc[:, 2]).any(1)
    w = (np.asarray(across) / 2.0) * np.ones(len(x))
    a = np.asarray(along) * np.ones(len(x))
    fx = np.array([-1, 1, -1, 1, 0, -1, 1, 0])[None, :]
    fy = np.array([0, 0, 1, 1, 0.5, 0.5, 0.5, 1])[None, :]
    lx, ly = fx * w[:, None], fy * a[:, None]
    xs = x[:, None] + lx * c[:, None] + ly * s[:, None]
    ys = y[:, None] - lx * s[:, None] + ly * c[:, None]
    minx, miny, maxx, maxy = ch.area_box
    inside = ((xs >= minx) & (xs <= maxx) & (ys >= miny) & (ys <= maxy)) if ch.area_is_box \
        else shapely.contains_xy(ch.area, xs, ys)
    sub |= ~inside.all(1)
    if ch.land is not None:
        sub |= shapely.contains_xy(ch.land, xs, ys).any(1)
        lv = ch.land_vertices
        dx, dy = lv[None, :, 0] - x[:, None], lv[None, :, 1] - y[:, None]
        lx = dx * c[:, None] - dy * s[:, None]
        ly = dx * s[:, None] + dy * c[:, None]
        sub |= ((np.abs(lx) <= w[:, None]) & (ly >= 0) & (ly <= a[:, None])).any(1)
    return sub


def _plain_hull_fixed(ch, x, y, h):
    H = ch.H
    hr = np.radians(h)
    f = np.array([0.05, 0.5, 0.95])[None, :]
    px = x[:, None] - np.sin(hr)[:, None] * H * f
    py = y[:, None] - np.cos(hr)[:, None] * H * f
    d = np.hypot(px[..., None] - ch.fc[None, None, :, 0], py[..., None] - ch.fc[None, None, :, 1])
    hit = (d <= ch.fc[None, None, :, 2] + 0.21 * H).any(axis=(1, 2))
    minx, miny, maxx, maxy = ch.area_box
    inside = ((px >= minx) & (px <= maxx) & (py >= miny) & (py <= maxy)) if ch.area_is_box \
        else shapely.contains_xy(ch.area, px, py)
    hit |= ~inside.all(1)
    if ch.land is not None:
        hit |= shapely.contains_xy(ch.land, px, py).any(1)
    return hit


@st.composite
def _poses(draw, ch):
    """Points anywhere from a little off the water to right beside a mark or land."""
    minx, miny, maxx, maxy = ch.area_box
    n = draw(st.integers(1, 12))
    xs, ys = [], []
    for _ in range(n):
        where = draw(st.sampled_from(["anywhere", "mark", "edge"]))
        if where == "mark":
            cx, cy, r = ch.fc[draw(st.integers(0, len(ch.fc) - 1))]
            xs.append(cx + draw(st.floats(-3 * ch.L, 3 * ch.L)))
            ys.append(cy + draw(st.floats(-3 * ch.L, 3 * ch.L)))
        elif where == "edge":
            xs.append(draw(st.sampled_from([minx, maxx])) + draw(st.floats(-2 * ch.L, 2 * ch.L)))
            ys.append(draw(st.floats(miny - ch.L, maxy + ch.L)))
        else:
            xs.append(draw(st.floats(minx - 2 * ch.L, maxx + 2 * ch.L)))
            ys.append(draw(st.floats(miny - 2 * ch.L, maxy + 2 * ch.L)))
    hs = [draw(st.integers(0, 23)) * 15 for _ in range(n)]
    return np.array(xs), np.array(ys), np.array(hs)


@settings(deadline=None)
@given(st.data())
def test_the_quick_looks_at_marks_edge_and_land_judge_as_the_plain_checks(data):
    course = data.draw(st.sampled_from(["olympic_triangle", "island_race", "up_and_down"]))
    ch = _chart(course)
    obs = Obstacles.__new__(Obstacles)
    obs.chart = ch
    x, y, h = data.draw(_poses(ch))
    cards = data.draw(st.lists(st.integers(0, len(ch.keys) - 1), min_size=len(x), max_size=len(x)))
    across, along = ch.c_across[cards], ch.c_along[cards]
    assert (obs.rect_fixed(x, y, h, across, along) == _plain_rect_fixed(ch, x, y, h, across, along)).all()
    assert (obs.room_fixed(x, y, h) == _plain_rect_fixed(ch, x, y, h, ch.W, ch.L)).all()
    assert (obs.hull_fixed(x, y, h) == _plain_hull_fixed(ch, x, y, h)).all()
