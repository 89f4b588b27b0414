"""Where the chart writes a land's name (dinghy.ui.dinghy_race.pins.inside_point): on the
land, at its widest part, for the race table and the course designer alike."""
from __future__ import annotations

from hypothesis import example, given, settings, strategies as st
from shapely.geometry import Point, Polygon

from dinghy.ui.dinghy_race.pins import inside_point


def test_a_crooked_shore_gets_its_name_on_the_land_not_on_the_water_beside_it():
    # a shore along the east edge with a long cape reaching west along the north: the
    # mean of its corners lies out on the water, inside the bay the cape makes
    shore = Polygon([(900, 0), (1000, 0), (1000, 1000), (100, 1000), (100, 900), (900, 900)])
    mean = Point(sum(x for x, _ in shore.exterior.coords[:-1]) / 6, sum(y for _, y in shore.exterior.coords[:-1]) / 6)
    assert not shore.contains(mean)
    x, y = inside_point(shore)
    assert shore.contains(Point(x, y))
    assert shore.exterior.distance(Point(x, y)) >= 45        # in the middle of the 100 mm strip


@settings(max_examples=60, deadline=None)
# found by hypothesis: an outline with corners a hair apart, on which GEOS's pole of
# inaccessibility fails (NaN); the name still goes inside the land
@example(points=[(0.0, 0.0), (1.0, 1.0), (-1.0, 1.0), (0.0, 0.0), (0.0, 1.2921591879645601e-107),
                 (1.9036352227343323e-93, -1.0)], grow=1.0)
@given(st.lists(st.tuples(st.floats(-500, 500), st.floats(-500, 500)), min_size=3, max_size=9),
       st.floats(1, 300))
def test_the_name_of_any_land_lies_inside_it(points, grow):
    # any land a course may hold (a valid polygon, here a hull or buffered outline of
    # random points, convex or not)
    land = Polygon(points).buffer(0)
    if land.is_empty or land.geom_type != "Polygon" or land.area < 1.0:
        land = Point(points[0]).buffer(grow)
    x, y = inside_point(land)
    # on the land or within a micrometre of it (a buffer of the land itself fails in GEOS
    # on such outlines: the distance says the same)
    assert land.distance(Point(x, y)) <= 1e-6
