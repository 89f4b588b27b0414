"""Geometry conventions and points of sail (rules notes: "Points of sail")."""
import math

import numpy as np
import pytest
from hypothesis import given, strategies as st

from dinghy.core.geometry import (GeometryError, Pose, hull_outline, local_to_world, normalize_heading,
                             segment_crosses, shapes_at, signed_turn)
from dinghy.core.wind import PointOfSail, Tack, off_wind, points_of_sail, tack_of

headings = st.integers(-48, 48).map(lambda k: k * 15)
coords = st.floats(-5000, 5000, allow_nan=False)


@given(headings)
def test_headings_are_normalised_multiples_of_15(h):
    n = Pose(0, 0, h).heading
    assert 0 <= n < 360 and n % 15 == 0 and (n - h) % 360 == 0


@pytest.mark.parametrize("bad", [7, 14.9, "45", True, 1.5])
def test_heading_off_the_15_degree_grid_is_rejected(bad):
    # Rules notes: "Headings are always exact multiples of 15° (store integers, not floats)."
    with pytest.raises(GeometryError):
        normalize_heading(bad)


@given(coords, coords, headings, coords, coords)
def test_local_world_round_trip(x, y, h, lx, ly):
    p = Pose(x, y, h)
    wx, wy = p.to_world(lx, ly)
    bx, by = p.to_local(wx, wy)
    assert math.isclose(bx, lx, abs_tol=1e-6) and math.isclose(by, ly, abs_tol=1e-6)


def test_forward_follows_compass_heading():
    assert Pose(0, 0, 0).forward(10).xy == pytest.approx((0, 10))
    assert Pose(0, 0, 90).forward(10).xy == pytest.approx((10, 0))
    assert Pose(0, 0, 90).to_world(1, 0) == pytest.approx((0, -1))  # starboard of an eastbound boat is south


@given(st.lists(st.tuples(coords, coords, headings), min_size=1, max_size=20))
def test_vectorised_shapes_match_single_placement(poses):
    outline = hull_outline(17, 1)
    xs, ys, hs = zip(*poses)
    many = shapes_at(list(xs), list(ys), list(hs), outline)
    for (x, y, h), g in zip(poses, many):
        single = local_to_world(Pose(x, y, h), outline)
        got = np.asarray(g.exterior.coords)[:-1]
        assert np.allclose(got, single, atol=1e-6)


@given(headings, headings)
def test_signed_turn(a, b):
    t = signed_turn(a, b)
    assert -180 < t <= 180 and (a + t - b) % 360 == 0


@pytest.mark.parametrize("heading, angle, sectors", [
    (0, 0, {PointOfSail.IN_IRONS}),
    (30, 30, {PointOfSail.IN_IRONS}),
    (45, 45, {PointOfSail.CLOSE_HAULED}),
    (90, 90, {PointOfSail.CLOSE_HAULED, PointOfSail.REACHING}),   # border: either
    (120, 120, {PointOfSail.REACHING}),
    (135, 135, {PointOfSail.REACHING, PointOfSail.RUNNING}),
    (180, 180, {PointOfSail.RUNNING}),
    (225, 135, {PointOfSail.REACHING, PointOfSail.RUNNING}),
    (300, 60, {PointOfSail.CLOSE_HAULED}),
])
def test_points_of_sail(heading, angle, sectors):
    # Rule text: "A boat that points exactly along a sector border may choose which sector to apply."
    assert off_wind(heading, 0) == angle
    assert points_of_sail(heading, 0) == sectors


def test_tack_follows_the_side_the_wind_comes_over():
    # Rule text: starboard tack when the wind comes over the starboard (right) side.
    assert tack_of(315, 0, Tack.PORT) is Tack.STARBOARD      # NW-bound, wind from N: wind on the right
    assert tack_of(45, 0, Tack.STARBOARD) is Tack.PORT
    # "even on a 180° (flat before the wind) course the boat is always considered to be on one specific tack"
    assert tack_of(180, 0, Tack.PORT) is Tack.PORT and tack_of(180, 0, Tack.STARBOARD) is Tack.STARBOARD


@given(headings, headings)
def test_tack_is_symmetric_about_the_wind(h, wind):
    mirrored = (2 * wind - h) % 360
    if off_wind(h, wind) not in (0, 180):
        assert tack_of(h, wind, Tack.PORT) is not tack_of(mirrored, wind, Tack.PORT)


def test_segment_crossing():
    assert segment_crosses((0, -1), (0, 1), (-1, 0), (1, 0))
    assert not segment_crosses((0, 1), (0, 2), (-1, 0), (1, 0))
    assert segment_crosses((0, 0), (0, 1), (-1, 0), (1, 0))   # touching counts
