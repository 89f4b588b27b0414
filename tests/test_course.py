"""The race course: file format, validation, rounding, finishing and "ahead".

Rule quotes are from the Dinghy Race text (seeds/002_...): "Starting the Race",
"Winning the Race", "Regatta Courses", "Obstacles", "Weather Eye", "Right of Way".
"""
from __future__ import annotations

import functools
import json
import math

import pytest
from hypothesis import assume, given, settings, strategies as st
from shapely.geometry import LineString, Point, Polygon

from dinghy.games.dinghy_race.course import (Course, Finding, Line, RoundingState, course_complete, crosses_line,
                           finishes, leg_origin, leg_target, progress, rounding_progress,
                           side_of_start)
from dinghy.games.dinghy_race.course_reading import read_course
from dinghy.games.dinghy_race.course_checks import validate
from dinghy.core.errors import DataError
from dinghy.core.io import shipped
from dinghy.games.dinghy_race.data import load_course

SHIPPED = shipped("courses")


@functools.lru_cache(maxsize=None)
def shipped_course(name):
    return load_course(name)


# --- helpers ----------------------------------------------------------------------------

def base_mapping(**over):
    """A minimal up-and-down course: start/finish line at y=0, mark 1 at (0, 1000) to port."""
    m = {
        "name": "test", "wind_from": 0, "wind_force": "medium", "card_size": "small",
        "area": [[-2000, -2000], [2000, -2000], [2000, 3000], [-2000, 3000]],
        "start": {"a": [-250, 0], "b": [250, 0]},
        "finish": {"a": [-250, 0], "b": [250, 0]},
        "marks": [{"id": "1", "at": [0, 1000]}],
        "rounding": [{"mark": "1", "side": "port"}],
    }
    m.update(over)
    return m


def course_of(**over) -> Course:
    return read_course(base_mapping(**over), source="test.toml")


def arc(cx, cy, r, a0, a1, step=7.0):
    """Points on a circle from math angle a0 to a1 (degrees, counter-clockwise positive)."""
    n = max(1, int(math.ceil(abs(a1 - a0) / step)))
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def unit(a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    return (dx / n, dy / n)


def ideal_track(course: Course, wrong_side=frozenset(), radius=30.0):
    """A path that sails every leg: round marks on the prescribed side, pass through gates.

    Written independently of dinghy.games.dinghy_race.course: it sweeps round each mark from 40° before
    the incoming leg's abeam to 40° past the outgoing leg's abeam. Legs in
    ``wrong_side`` are sailed round the other side.
    """
    s = course.start
    mid = s.midpoint
    first = leg_target(course, 0)
    d0 = unit(mid, first)
    pts = [(mid[0] - 60 * d0[0], mid[1] - 60 * d0[1])]
    for k, r in enumerate(course.legs):
        o, t, n = leg_origin(course, k), leg_target(course, k), leg_target(course, k + 1)
        d_in, d_out = unit(o, t), unit(t, n)
        if r.is_gate:
            pts += [(t[0] - radius * d_in[0], t[1] - radius * d_in[1]),
                    (t[0] + radius * d_in[0], t[1] + radius * d_in[1])]
            continue
        side = r.side
        if k in wrong_side:
            side = "starboard" if side == "port" else "port"
        sigma = 1 if side == "port" else -1
        c = d_in[0] * d_out[1] - d_in[1] * d_out[0]
        dot = d_in[0] * d_out[0] + d_in[1] * d_out[1]
        turn = 180.0 if abs(c) < 1e-9 and dot < 0 else math.degrees(math.atan2(sigma * c, dot))
        if turn < -90 - 1e-6:
            turn += 360
        heading = math.degrees(math.atan2(d_in[1], d_in[0]))
        a_in = heading - 90 * sigma          # the boat's side of the mark, abeam on the way in
        pts += arc(t[0], t[1], radius, a_in - 40 * sigma, a_in + sigma * (turn + 40))
    f = course.finish.midpoint
    last = pts[-1]
    d = unit(last, f)
    pts += [(f[0] + 30 * d[0], f[1] + 30 * d[1])]
    return pts


def sail(course, track, state=None):
    return rounding_progress(course, state or RoundingState(), track)


def sail_moves(course, moves, state=None):
    state = state or RoundingState()
    for m in moves:
        state = rounding_progress(course, state, m)
    return state


def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
    return "[" + ", ".join(toml_value(x) for x in v) + "]"


def write_toml(path, mapping):
    path.write_text("\n".join(f"{k} = {toml_value(v)}" for k, v in mapping.items()) + "\n")
    return path


# --- shipped courses ----------------------------------------------------------------------

def test_the_expected_courses_are_shipped():
    assert {"olympic_triangle", "trapeze_outer", "trapeze_inner", "up_and_down",
            "island_race", "standard_triangle", "short_lap"} <= set(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_course_loads_and_validates_clean_for_six_boats(name):
    course = load_course(name)
    findings = validate(course, fleet_size=6)
    assert [f for f in findings if f.level == "error"] == []
    assert findings == []          # no warnings either: they are examples to copy


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_course_first_leg_is_ten_card_lengths(name):
    # "Set the course up with a size that the up-wind leg is at least 10 times the card size you use."
    course = load_course(name)
    first = math.dist(course.start.midpoint, leg_target(course, 0))
    assert first >= 10 * course.card_length
    # "Nearly always the course starts with an upwind leg that requires tacking."
    d = unit(course.start.midpoint, leg_target(course, 0))
    assert d[1] > math.cos(math.radians(30))          # wind from the north in every shipped course
    assert course.wind_from == 0


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_course_can_be_sailed_and_finished(name):
    course = load_course(name)
    track = ideal_track(course)
    state = sail(course, track)
    assert state.legs_done == len(course.legs)
    assert course_complete(course, state)
    assert finishes(course, state, LineString(track[-2:]))


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_course_one_mark_on_the_wrong_side_stops_the_count_there(name):
    # "A boat must have rounded all buoys in the correct manner and order as demanded in
    # the course description to be able to finish the race."
    course = load_course(name)
    for k, r in enumerate(course.legs):
        if r.is_gate:
            continue
        track = ideal_track(course, wrong_side={k})
        state = sail(course, track)
        assert k <= state.legs_done < len(course.legs), (k, r.label)
        if r not in course.legs[k + 1:]:          # not rounded again later in the race
            assert state.legs_done == k, (k, r.label)
        assert not finishes(course, state, LineString(track[-2:]))


def test_standard_triangle_is_for_standard_cards_and_the_rest_for_small():
    for name in SHIPPED:
        course = load_course(name)
        assert course.card_size == ("standard" if name == "standard_triangle" else "small")


def test_island_race_has_land_both_sides_a_weather_eye_and_its_own_finish():
    course = load_course("island_race")
    assert len(course.land) >= 3
    assert {r.side for r in course.rounding} == {"port", "starboard"}
    assert [r.label for r in course.rounding] == ["1S", "2S", "3P"]
    assert len(course.weather_eyes) == 1
    assert course.finish != course.start


def test_olympic_triangle_is_triangle_sausage_beat():
    course = load_course("olympic_triangle")
    assert [r.label for r in course.legs] == ["1P", "2P", "3P", "1P", "3P"]


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_course_round_trips_through_to_mapping(name):
    course = load_course(name)
    again = read_course(course.to_mapping(), source="again")
    assert again == course
    assert again.to_mapping() == course.to_mapping()


# --- the model -----------------------------------------------------------------------------

def test_card_sizes_and_default_mark_radius():
    small = course_of()
    assert (small.card_length, small.card_width, small.hull_length) == (67, 43, 17)
    assert small.marks[0].radius == 6
    std = course_of(card_size="standard")
    assert (std.card_length, std.card_width, std.hull_length) == (89, 58, 62)
    assert std.marks[0].radius == 12
    assert course_of(marks=[{"id": "1", "at": [0, 1000], "radius": 9.5}]).marks[0].radius == 9.5


def test_laps_repeat_the_rounding_order():
    c = course_of(marks=[{"id": "1", "at": [0, 1000]}, {"id": "2s", "at": [-80, 300]},
                         {"id": "2p", "at": [80, 300]}],
                  rounding=[{"mark": "1", "side": "port"}, {"gate": ["2s", "2p"]}], laps=3)
    assert [r.label for r in c.legs] == ["1P", "2s/2p"] * 3


def test_leg_targets_mark_gate_middle_and_finish():
    c = course_of(marks=[{"id": "1", "at": [0, 1000]}, {"id": "2s", "at": [-80, 300]},
                         {"id": "2p", "at": [100, 300]}],
                  rounding=[{"mark": "1", "side": "port"}, {"gate": ["2s", "2p"]}])
    assert leg_target(c, 0) == (0, 1000)
    assert leg_target(c, 1) == (10, 300)
    assert leg_target(c, 2) == (0, 0)
    assert leg_origin(c, 0) == (0, 0) and leg_origin(c, 1) == (0, 1000)


def test_obstacles_are_marks_and_land():
    c = course_of(land=[{"name": "rock", "outline": [[500, 500], [600, 500], [600, 600]]}])
    assert len(c.obstacles) == 2
    assert c.obstacles[0].intersects(Point(0, 1004))          # inside the 6 mm buoy
    assert not c.obstacles[0].intersects(Point(0, 1007))
    assert c.obstacles[1].intersects(Point(590, 510))
    assert c.obstacle_union.intersects(Point(590, 510))
    assert all(b.intersects(Point(250, 0)) for b in c.start_buoys[1:])


def test_line_geometry():
    line = Line((0, 0), (300, 400))
    assert line.length == 500 and line.midpoint == (150, 200)
    assert line.geometry.equals(LineString([(0, 0), (300, 400)]))


def test_course_is_hashable_and_equal_by_value():
    assert course_of() == course_of() and hash(course_of()) == hash(course_of())
    assert course_of() != course_of(description="other")
    assert course_of() != course_of(marks=[{"id": "1", "at": [0, 1000.5]}])


def test_round_trip_keeps_every_optional_field():
    c = course_of(description="d", laps=2,
                  marks=[{"id": "1", "at": [0, 1000], "radius": 7.25}, {"id": "x", "at": [300.5, 400]}],
                  rounding=[{"mark": "1", "side": "port"}, {"mark": "x", "side": "starboard"}],
                  land=[{"name": "rock", "outline": [[500, 500], [600, 500], [600, 600]]}],
                  weather_eye=[{"at": [-500, 500], "long_side_along_wind": False}])
    m = c.to_mapping()
    assert read_course(m) == c
    assert m["marks"][0]["radius"] == 7.25 and "radius" not in m["marks"][1]
    assert m["weather_eye"] == [{"at": [-500, 500], "long_side_along_wind": False}]
    json.dumps(m)                                              # plain data only


# --- file errors name the file and the field ---------------------------------------------------

BAD = [
    ({"wind_form": 0}, "wind_form", "unknown key"),                      # a typo must not pass
    ({"wind_from": 20}, "wind_from", "multiple of 15"),
    ({"wind_from": 15.0}, "wind_from", "whole"),
    ({"wind_force": "gale"}, "wind_force", "light"),
    ({"card_size": "huge"}, "card_size", "small"),
    ({"laps": 0}, "laps", "at least 1"),
    ({"area": [[0, 0], [10, 10], [10, 0], [0, 10]]}, "area", "valid polygon"),
    ({"area": [[0, 0], [10, 10]]}, "area", "3 points"),
    ({"area": [[0, 0], [10, "x"], [0, 10]]}, "area[1][1]", "number"),
    ({"start": {"a": [0, 0]}}, "start.b", "missing"),
    ({"start": {"a": [0, 0], "b": [0, 0]}}, "start.b", "same point"),
    ({"finish": {"a": [0, 0], "b": [1, 0], "c": [2, 2]}}, "finish.c", "unknown key"),
    ({"marks": [{"id": "1", "at": [0, 1000]}, {"id": "2", "at": "north"}]}, "marks[1].at", "point"),
    ({"marks": [{"id": "1", "at": [0, 1000]}, {"id": "1", "at": [5, 5]}]}, "marks[1].id", "already used"),
    ({"marks": [{"id": 1, "at": [0, 1000]}]}, "marks[0].id", "quotes"),
    ({"marks": [{"id": "1", "at": [0, 1000], "radius": -1}]}, "marks[0].radius", "positive"),
    ({"marks": [{"id": "1", "at": [0, 1000], "colour": "red"}]}, "marks[0].colour", "unknown key"),
    ({"marks": [{"id": "1", "at": [0, 1000], "kind": "ship"}]}, "marks[0].kind", "buoy"),
    ({"rounding": [{"mark": "1", "side": "port"}, {"mark": "1", "side": "left"}]}, "rounding[1].side", "port"),
    ({"rounding": [{"mark": "9", "side": "port"}]}, "rounding[0].mark", "no mark"),
    ({"rounding": [{"mark": "1"}]}, "rounding[0].side", "missing"),
    ({"rounding": [{"gate": ["1", "7"]}]}, "rounding[0].gate[1]", "no mark"),
    ({"rounding": [{"gate": ["1", "1"]}]}, "rounding[0].gate", "two different"),
    ({"rounding": [{"gate": ["1"]}]}, "rounding[0].gate", "two marks"),
    ({"rounding": []}, "rounding", "empty"),
    ({"rounding": [{"mark": "1", "side": "port"}, {"mark": "1", "side": "port"}]}, "rounding[1]", "no length"),
    ({"laps": 2}, "rounding[0]", "no length"),                            # mark 1 straight after mark 1
    ({"land": [{"name": "x", "outline": [[0, 0], [10, 10], [10, 0], [0, 10]]}]}, "land[0].outline", "valid"),
    ({"land": [{"outline": [[0, 0], [10, 0], [0, 10]]}]}, "land[0].name", "missing"),
    ({"weather_eye": [{"at": [0, 0], "long_side_along_wind": "yes"}]}, "weather_eye[0].long_side_along_wind", "true or false"),
]


@pytest.mark.parametrize("change, field, words", BAD, ids=[b[1] for b in BAD])
def test_bad_file_names_the_file_and_the_field(tmp_path, change, field, words):
    path = write_toml(tmp_path / "bad_course.toml", base_mapping(**change))
    with pytest.raises(DataError) as info:
        load_course(path)
    err = info.value
    assert err.source == str(path)
    assert err.field == field
    assert words in err.message
    assert str(path) in str(err) and field in str(err)


def test_missing_key_is_named(tmp_path):
    m = base_mapping()
    del m["marks"]
    with pytest.raises(DataError) as info:
        load_course(write_toml(tmp_path / "c.toml", m))
    assert info.value.field == "marks" and "missing" in info.value.message


def test_key_written_under_a_table_header_gets_a_hint(tmp_path):
    path = tmp_path / "misplaced.toml"
    path.write_text('name = "x"\nwind_from = 0\nwind_force = "light"\ncard_size = "small"\n'
                    'area = [[0, 0], [1600, 0], [1600, 1600], [0, 1600]]\n'
                    'start = { a = [500, 100], b = [1000, 100] }\nfinish = { a = [500, 100], b = [1000, 100] }\n'
                    '[[marks]]\nid = "1"\nat = [750, 1000]\n'
                    'rounding = [{ mark = "1", side = "port" }]\n')
    with pytest.raises(DataError) as info:
        load_course(path)
    assert info.value.field == "rounding"
    assert "inside marks" in info.value.message and "move it above" in info.value.message


def test_invalid_toml_names_the_file(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("name = \n")
    with pytest.raises(DataError) as info:
        load_course(path)
    assert info.value.source == str(path)


# --- validation --------------------------------------------------------------------------------

def codes(findings, level=None):
    return {f.code for f in findings if level is None or f.level == level}


def test_crafted_clean_course_has_no_findings():
    assert validate(course_of(), fleet_size=6) == []


def test_mark_on_land_is_an_error_pointing_at_the_mark():
    c = course_of(land=[{"name": "isle", "outline": [[-50, 990], [50, 990], [0, 1100]]}])
    [f] = [f for f in validate(c) if f.code == "mark-on-land"]
    assert (f.level, f.field, f.at) == ("error", "marks[0]", (0, 1000))


def test_mark_touching_land_counts_as_on_land():
    # "Boats ... may never touch fixed obstacles like buoys ... land": a buoy touching land
    # leaves no way round it.
    c = course_of(land=[{"name": "isle", "outline": [[-50, 1006], [50, 1006], [0, 1100]]}])
    assert "mark-on-land" in codes(validate(c), "error")
    c = course_of(land=[{"name": "isle", "outline": [[-50, 1007], [50, 1007], [0, 1100]]}])
    assert "mark-on-land" not in codes(validate(c))


def test_mark_outside_area_is_an_error():
    c = course_of(marks=[{"id": "1", "at": [0, 1000]}, {"id": "far", "at": [0, 2998]}])
    [f] = [f for f in validate(c) if f.code == "mark-outside-area"]
    assert f.field == "marks[1]" and f.level == "error"


def test_start_line_needs_one_card_length_per_boat_of_clear_space():
    # "Make it wide enough for all boats to pass through, i.e. at least one full card length
    # per boat in the race. If you play with small cards and 5 boats, this would make it
    # 67 x 5 = 335 mm of clear space between the buoys."
    half = (335 + 2 * 6) / 2                  # 335 mm clear between two 6 mm buoys
    ok = course_of(start={"a": [-half, 0], "b": [half, 0]}, finish={"a": [-300, -50], "b": [300, -50]})
    assert "line-too-short" not in codes(validate(ok, fleet_size=5))
    short = course_of(start={"a": [-half + 0.5, 0], "b": [half, 0]}, finish={"a": [-300, -50], "b": [300, -50]})
    [f] = [f for f in validate(short, fleet_size=5) if f.code == "line-too-short"]
    assert (f.level, f.field) == ("error", "start") and "335" in f.message
    assert "line-too-short" in codes(validate(ok, fleet_size=6))


def test_finish_line_is_checked_for_width_too():
    c = course_of(finish={"a": [-100, 1300], "b": [100, 1300]})
    [f] = [f for f in validate(c, fleet_size=6) if f.code == "line-too-short"]
    assert f.field == "finish"


def test_short_first_leg_is_a_warning():
    # "Set the course up with a size that the up-wind leg is at least 10 times the card size you use."
    c = course_of(marks=[{"id": "1", "at": [0, 669]}])
    [f] = [f for f in validate(c) if f.code == "first-leg-short"]
    assert (f.level, f.at) == ("warning", (0, 669))
    assert "first-leg-short" not in codes(validate(course_of(marks=[{"id": "1", "at": [0, 670]}])))
    std = course_of(card_size="standard", marks=[{"id": "1", "at": [0, 880]}])
    assert "first-leg-short" in codes(validate(std))            # 10 x 89 = 890 mm


def test_line_crossing_land_is_an_error():
    c = course_of(land=[{"name": "spit", "outline": [[100, -30], [400, -30], [400, 60]]}])
    [f] = [f for f in validate(c) if f.code == "line-on-land"]
    assert f.level == "error" and f.field == "start"
    assert Polygon([[100, -30], [400, -30], [400, 60]]).buffer(1e-6).contains(Point(f.at))


def test_start_line_not_square_to_the_wind_is_a_warning():
    # "The white line is the start line, usually perpendicular to the wind."
    skew = course_of(start={"a": [-250, -100], "b": [250, 100]})        # about 22° off square
    assert "start-not-square" in codes(validate(skew), "warning")
    slight = course_of(start={"a": [-250, -50], "b": [250, 50]})        # about 11°
    assert "start-not-square" not in codes(validate(slight))
    east_wind = course_of(wind_from=90, start={"a": [0, -250], "b": [0, 250]},
                          finish={"a": [0, -250], "b": [0, 250]}, marks=[{"id": "1", "at": [1000, 0]}])
    assert validate(east_wind) == []


def test_mark_enclosed_by_land_is_unreachable():
    # Two C-shaped pieces of land close a lagoon round mark 2.
    west = [[-600, 400], [-400, 400], [-400, 440], [-560, 440], [-560, 560], [-400, 560], [-400, 600], [-600, 600]]
    east = [[-410, 400], [-200, 400], [-200, 600], [-410, 600], [-410, 560], [-240, 560], [-240, 440], [-410, 440]]
    c = course_of(marks=[{"id": "1", "at": [0, 1000]}, {"id": "2", "at": [-400, 500]}],
                  rounding=[{"mark": "1", "side": "port"}, {"mark": "2", "side": "port"}],
                  land=[{"name": "w", "outline": west}, {"name": "e", "outline": east}])
    [f] = [f for f in validate(c) if f.code == "unreachable"]
    assert (f.level, f.field, f.at) == ("error", "marks[1]", (-400, 500))
    assert "cut off" in f.message


def bay_course(mouth):
    """Mark 2 inside a bay of land whose mouth (to the east) is ``mouth`` mm wide."""
    lo, hi = 500 - mouth / 2, 500 + mouth / 2
    bay = [[-700, 300], [-200, 300], [-200, lo], [-250, lo], [-250, 340], [-660, 340], [-660, 660],
           [-250, 660], [-250, hi], [-200, hi], [-200, 700], [-700, 700]]
    return course_of(marks=[{"id": "1", "at": [0, 1000]}, {"id": "2", "at": [-450, 500]}],
                     rounding=[{"mark": "1", "side": "port"}, {"mark": "2", "side": "port"}],
                     land=[{"name": "bay", "outline": bay}])


def test_mark_behind_a_passage_narrower_than_a_card_is_unreachable():
    # "Boats and the manoeuvre cards placed in front of them may never touch fixed obstacles
    # like buoys, the start ship, land": a 43 mm card cannot pass a 40 mm mouth.
    [f] = [f for f in validate(bay_course(40)) if f.code == "unreachable"]
    assert (f.level, f.field) == ("error", "marks[1]") and "narrower than a card" in f.message
    assert "unreachable" not in codes(validate(bay_course(46)))


def test_weather_eye_markers_must_sit_on_open_water_inside_the_area():
    rock = {"name": "rock", "outline": [[500, 500], [600, 500], [600, 600], [500, 600]]}
    c = course_of(land=[rock], weather_eye=[{"at": [550, 630]}, {"at": [1990, 0]}, {"at": [0, 1030]},
                                            {"at": [-500, 500]}])
    fs = validate(c)
    assert {(f.code, f.field) for f in fs} == {("weather-eye-on-land", "weather_eye[0]"),
                                               ("weather-eye-outside-area", "weather_eye[1]"),
                                               ("weather-eye-on-mark", "weather_eye[2]")}
    # the long side lies along the wind (north-south here): 67 mm tall, 43 mm wide
    shape = c.weather_eye_shape(c.weather_eyes[3])
    xs, ys = shape.exterior.xy
    assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx((43, 67))


def test_gate_narrower_than_a_card_and_loops_are_warnings():
    c = course_of(marks=[{"id": "1", "at": [0, 1000]}, {"id": "a", "at": [-30, 300]}, {"id": "b", "at": [30, 300]}],
                  rounding=[{"mark": "1", "side": "port"}, {"gate": ["a", "b"]}])
    assert "gate-narrow" in codes(validate(c), "warning")
    # The course turns right at mark 1 (to the east) but the mark is to be left to port.
    loop = course_of(finish={"a": [1000, 500], "b": [1000, 1100]})
    [f] = [f for f in validate(loop) if f.code == "rounding-loop"]
    assert f.field == "rounding[0]" and f.level == "warning"


def test_finding_is_plain_data():
    f = Finding("error", "marks[0]", "m", (1.0, 2.0), "mark-on-land")
    assert f == Finding("error", "marks[0]", "m", (1.0, 2.0), "mark-on-land") and hash(f)


# --- rounding ------------------------------------------------------------------------------------
# Mark 1 sits at (0, 1000); the start (and finish) line is at y = 0; port rounding means
# up the east side, over the top counter-clockwise, down the west side.

UP_EAST = [(60, 100), (60, 1000)]
OVER_TOP_CCW = arc(0, 1000, 60, 0, 180)
DOWN_WEST = [(-60, 1000), (-60, 100)]


def test_state_is_small_and_immutable():
    s = RoundingState()
    assert (s.legs_done, s.stage) == (0, None)
    with pytest.raises(AttributeError):
        s.legs_done = 3
    after = sail(course_of(), UP_EAST)
    assert isinstance(after.legs_done, int) and isinstance(after.stage, int)
    assert hash(after) == hash(RoundingState(after.legs_done, after.stage))


def test_port_rounding_on_the_correct_side_counts():
    c = course_of()
    assert sail(c, UP_EAST + OVER_TOP_CCW + DOWN_WEST).legs_done == 1


def test_port_mark_rounded_clockwise_does_not_count():
    c = course_of()
    wrong = [(-60, 100), (-60, 1000)] + arc(0, 1000, 60, 180, 0) + [(60, 1000), (60, 100)]
    s = sail(c, wrong)
    assert s.legs_done == 0
    # "round buoy #3, starboard side": the same track rounds a starboard mark.
    star = course_of(rounding=[{"mark": "1", "side": "starboard"}])
    assert sail(star, wrong).legs_done == 1
    assert sail(star, UP_EAST + OVER_TOP_CCW + DOWN_WEST).legs_done == 0


def test_passing_on_the_wrong_side_and_turning_back_does_not_count():
    c = course_of()
    # up the west side past the mark, then back down the west side
    assert sail(c, [(-60, 100), (-60, 1200), (-60, 100)]).legs_done == 0


def test_approach_and_retreat_without_going_round_does_not_count():
    c = course_of()
    # up the east side beyond the mark, then straight back down
    assert sail(c, [(60, 100), (60, 1100), (60, 100)]).legs_done == 0
    # even after getting over the top, turning back the way it came undoes it
    back = UP_EAST + arc(0, 1000, 60, 0, 170) + arc(0, 1000, 60, 170, 0) + [(60, 100)]
    s = sail(c, back)
    assert s.legs_done == 0 and s.stage == 0


def test_wrong_way_round_must_be_unwound():
    # A boat that went round clockwise has wound the wrong way: one counter-clockwise
    # turn only undoes that, a second one rounds the mark (the racing rules' string test).
    c = course_of()
    cw = [(-60, 100), (-60, 1000)] + arc(0, 1000, 60, 180, 0) + [(60, 900)]
    s = sail(c, cw)
    assert (s.legs_done, s.stage) == (0, -2)
    one_loop = [(60, 900)] + arc(0, 1000, 100, -60, 300)
    s = sail(c, one_loop, s)
    assert (s.legs_done, s.stage) == (0, 0)
    s = sail(c, arc(0, 1000, 100, 300, 560), s)
    assert s.legs_done == 1


def test_going_back_fixes_a_wrong_side_pass():
    c = course_of()
    s = sail(c, [(-60, 100), (-60, 1100), (-200, 600)])       # west of the mark: wrong side
    assert s.legs_done == 0
    s = sail(c, [(-200, 600), (100, 600), (100, 1000)] + arc(0, 1000, 100, 0, 180) + [(-100, 600)], s)
    assert s.legs_done == 1


def test_skipping_a_mark_does_not_count_the_next_one():
    c = course_of(marks=[{"id": "1", "at": [0, 1000]}, {"id": "2", "at": [-500, 500]}],
                  rounding=[{"mark": "1", "side": "port"}, {"mark": "2", "side": "port"}])
    # straight from the start to mark 2 and round it properly (mark 2: in from NE, out to SE)
    round_2 = [(-300, 700)] + arc(-500, 500, 60, 45, 290) + [(-300, 100)]
    s = sail(c, [(0, -50)] + round_2)
    assert s.legs_done == 0
    # go back, round mark 1, then mark 2 again: both count
    s = sail(c, [(-300, 100), (60, 300), (60, 1000)] + arc(0, 1000, 60, 0, 200) + round_2, s)
    assert s.legs_done == 2


def test_boat_beginning_a_leg_beside_the_mark_counts_from_there():
    # A track starting north-east of the mark (past its entry abeam) only needs the
    # exit: over the top and down the west side.
    c = course_of()
    assert sail(c, arc(0, 1000, 80, 45, 180) + [(-80, 500)]).legs_done == 1
    # ... but starting there and leaving down the east side does not count.
    assert sail(c, arc(0, 1000, 80, 45, -10) + [(80, 500)]).legs_done == 0


def test_passing_mark_counts_when_abeam_on_the_prescribed_side():
    # The course bends 30° away from the mark's side: a passing mark, no rounding needed.
    c = course_of(finish={"a": [300, 2400], "b": [1000, 2000]})        # middle (650, 2200)
    d_out = unit((0, 1000), c.finish.midpoint)
    assert d_out[0] > 0                                                 # bends right, mark to port
    assert sail(c, [(40, 100), (40, 1100), (600, 2100)]).legs_done == 1
    assert sail(c, [(-40, 100), (-40, 1100), (600, 2100)]).legs_done == 0
    # The passing sector lies between the two abeam rays (30° apart, south of east):
    # a boat beginning there only has to come abeam on the incoming leg.
    inside = (80 * math.cos(math.radians(-15)), 1000 + 80 * math.sin(math.radians(-15)))
    assert sail(c, [inside, (80, 1100)]).legs_done == 1
    assert sail(c, [inside, (85, 985)]) == RoundingState(0, 1)           # still inside
    assert sail(c, [inside, (80, 900)]) == RoundingState(0, 0)           # back out past the first ray


# --- gates ---------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def gate_course():
    return course_of(marks=[{"id": "1", "at": [0, 1000]}, {"id": "2s", "at": [-100, 300]},
                            {"id": "2p", "at": [100, 300]}],
                     rounding=[{"mark": "1", "side": "port"}, {"gate": ["2s", "2p"]}])


ROUND_1 = UP_EAST + OVER_TOP_CCW + [(-60, 700)]


def test_gate_counts_when_crossed_between_its_marks_in_the_course_direction():
    c = gate_course()
    assert sail(c, ROUND_1 + [(0, 400), (0, 200)]).legs_done == 2


def test_gate_passed_outside_its_marks_does_not_count():
    c = gate_course()
    assert sail(c, ROUND_1 + [(-200, 400), (-200, 200)]).legs_done == 1
    assert sail(c, ROUND_1 + [(200, 400), (200, 200), (0, 200)]).legs_done == 1


def test_gate_crossed_backwards_must_be_crossed_forward_twice():
    # Racing rules' definition of sailing the course: a boat "passes between the marks of
    # a gate from the direction of the course from the previous mark".
    c = gate_course()
    s = sail(c, ROUND_1 + [(-200, 400), (-200, 200), (0, 200), (0, 400)])   # round, then up through
    assert s.legs_done == 1 and s.stage == -1
    s = sail(c, [(0, 400), (0, 200)], s)
    assert (s.legs_done, s.stage) == (1, 0)                                   # back to even
    s = sail(c, [(0, 200), (-200, 200), (-200, 400), (0, 400), (0, 200)], s)
    assert s.legs_done == 2


def test_rounding_order_over_laps():
    c = course_of(marks=[{"id": "1", "at": [0, 1000]}, {"id": "2s", "at": [-100, 300]},
                         {"id": "2p", "at": [100, 300]}],
                  rounding=[{"mark": "1", "side": "port"}, {"gate": ["2s", "2p"]}], laps=2)
    lap = UP_EAST + OVER_TOP_CCW + [(-60, 700), (0, 400), (0, 200), (60, 100)]
    assert sail(c, lap).legs_done == 2
    assert sail(c, lap + lap).legs_done == 4
    assert sail(c, lap + lap + lap).legs_done == 4                   # nothing more to count
    assert sail(c, lap + [(-60, 100), (-60, 1200), (0, 400), (0, 200)]).legs_done == 2   # lap 2: wrong side


# --- split invariance (hypothesis) ------------------------------------------------------------

def refine(track, fractions):
    """Insert points at the given fractions of each segment (cycled)."""
    out = [track[0]]
    k = 0
    for p, q in zip(track, track[1:]):
        for _ in range(2):
            if not fractions:
                break
            t = fractions[k % len(fractions)]
            k += 1
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        out.append(q)
    return out


def cut(track, cuts):
    """Split a polyline into moves at the given vertex indexes (moves share end points)."""
    idx = sorted({c % len(track) for c in cuts} | {0, len(track) - 1})
    return [track[a:b + 1] for a, b in zip(idx, idx[1:])] or [track]


fractions = st.lists(st.one_of(st.sampled_from([0.0, 0.5, 1.0]), st.floats(0, 1)), max_size=6)
cuts = st.lists(st.integers(0, 10_000), max_size=40)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SHIPPED), fractions, cuts, st.sets(st.integers(0, 6), max_size=2))
def test_many_small_moves_count_the_same_as_one_long_move(name, fr, cs, wrong):
    course = shipped_course(name)
    plain = ideal_track(course, wrong_side=wrong)
    track = refine(plain, fr)
    whole = sail(course, track)
    assert sail_moves(course, cut(track, cs)) == whole
    assert whole == sail(course, plain)                  # extra points on the same path change nothing
    if not any(k < len(course.legs) and not course.legs[k].is_gate for k in wrong):
        assert whole.legs_done == len(course.legs)


walk = st.lists(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), min_size=2, max_size=25)


@settings(max_examples=60, deadline=None)
@given(walk, fractions, cuts, st.sampled_from(["port", "starboard"]), st.sampled_from([0, 90, 135, 180, 225, 300]))
def test_split_invariance_on_random_walks_with_points_exactly_on_the_rays(steps, fr, cs, side, bearing):
    # Integer points on a 50 mm grid round a mark at a grid point: tracks run along and
    # stop exactly on the rays, the half-open rule must still add up.
    c = single_mark_course(side, bearing)
    track = [(50.0 * x, 1000 + 50.0 * y) for x, y in steps]
    assume(LineString(track).distance(Point(0, 1000)) > 10)
    track = refine(track, fr)
    assert sail_moves(c, cut(track, cs)) == sail(c, track)


# --- an independent oracle: the winding angle -------------------------------------------------

@functools.lru_cache(maxsize=None)
def single_mark_course(side, bearing):
    """Mark 1 at (0, 1000), reached from the south; the finish lies 600 mm away on ``bearing``."""
    b = math.radians(bearing)
    f = (600 * math.sin(b), 1000 + 600 * math.cos(b))
    p = (200 * math.cos(b), -200 * math.sin(b))
    return course_of(rounding=[{"mark": "1", "side": side}],
                     finish={"a": [f[0] + p[0], f[1] + p[1]], "b": [f[0] - p[0], f[1] - p[1]]})


def oracle(side, bearing, track):
    """(done, count) from the continuous angle swept round the mark (atan2 sums).

    The rounding definition restated: rays abeam of the mark on the incoming and on the
    outgoing leg, on the boat's side; the turn measured in the prescribed sense, a turn
    away of more than 90° taken the long way round.
    """
    sigma = 1 if side == "port" else -1
    d_in = (0.0, 1.0)
    d_out = (math.sin(math.radians(bearing)), math.cos(math.radians(bearing)))
    c = d_in[0] * d_out[1] - d_in[1] * d_out[0]
    dot = d_in[0] * d_out[0] + d_in[1] * d_out[1]
    turn = 180.0 if abs(c) < 1e-9 and dot < 0 else math.degrees(math.atan2(sigma * c, dot))
    if turn < -90 - 1e-6:                  # exactly 90° away still counts as passing
        turn += 360
    a_in = 90 - 90 * sigma                          # math angle of the boat's side, abeam on the way in
    first = a_in if turn >= 0 else a_in + sigma * turn
    w = abs(turn)
    m = (0.0, 1000.0)

    def ang(p):
        return math.degrees(math.atan2(p[1] - m[1], p[0] - m[0]))

    psi = (sigma * (ang(track[0]) - first) - (w - 360)) % 360 + (w - 360)

    def count(x):
        return (math.floor(x / 360) + 1) + (math.floor((x - w) / 360) + 1)

    done = count(psi) >= 2
    for p, q in zip(track, track[1:]):
        vp, vq = (p[0] - m[0], p[1] - m[1]), (q[0] - m[0], q[1] - m[1])
        psi += sigma * math.degrees(math.atan2(vp[0] * vq[1] - vp[1] * vq[0], vp[0] * vq[0] + vp[1] * vq[1]))
        done = done or count(psi) >= 2
    return done, count(psi)


def near_a_ray(track, side, bearing):
    sigma = 1 if side == "port" else -1
    dirs = []
    for h in (0.0, float(bearing)):
        d = (math.sin(math.radians(h)), math.cos(math.radians(h)))
        dirs.append((d[1], -d[0]) if sigma == 1 else (-d[1], d[0]))
    for x, y in track:
        v = (x, y - 1000)
        for u in dirs:
            if abs(u[0] * v[1] - u[1] * v[0]) < 1e-6:
                return True
    return False


@settings(deadline=None)
@given(st.lists(st.tuples(st.floats(-400, 400), st.floats(600, 1400)), min_size=2, max_size=12),
       st.sampled_from(["port", "starboard"]), st.integers(0, 23).map(lambda k: 15 * k))
def test_rounding_agrees_with_the_winding_angle(track, side, bearing):
    assume(LineString(track).distance(Point(0, 1000)) > 5)
    assume(not near_a_ray(track, side, bearing))
    c = single_mark_course(side, bearing)
    done, count = oracle(side, bearing, track)
    s = sail(c, track)
    assert (s.legs_done == 1) == done
    if not done:
        assert s.stage == count


# --- finishing -------------------------------------------------------------------------------------

def hull_at(x, y):
    return Polygon([(x - 3, y - 17), (x + 3, y - 17), (x, y)])


def test_a_boat_finishes_when_its_hull_touches_the_line():
    # "Each boat finishes the race the moment it touches (or moves beyond) the finish line;
    # the boat itself counts, not its manoeuvre card."
    line = Line((-250, 1500), (250, 1500))
    assert crosses_line(line, hull_at(0, 1500))                 # bow on the line
    assert not crosses_line(line, hull_at(0, 1499))
    card = Polygon([(-21, 1500), (21, 1500), (21, 1567), (-21, 1567)])
    assert crosses_line(line, card)                             # a card would touch ...
    assert not crosses_line(line, hull_at(0, 1498))             # ... but only the hull counts
    # moving beyond: the swept shape of a move that jumps over the line
    swept = hull_at(0, 1480).union(hull_at(0, 1560)).convex_hull
    assert crosses_line(line, swept) and not crosses_line(line, hull_at(0, 1560).buffer(0))
    assert not crosses_line(line, hull_at(300, 1500))           # beside the line's end


def test_finishing_needs_every_mark_rounded():
    # "A boat must have rounded all buoys in the correct manner and order as demanded in the
    # course description to be able to finish the race."
    c = course_of()
    at_line = LineString([(0, 50), (0, -10)])
    assert not finishes(c, RoundingState(), at_line)
    s = sail(c, UP_EAST + OVER_TOP_CCW + DOWN_WEST)
    assert finishes(c, s, at_line)


# --- ahead ---------------------------------------------------------------------------------------

def test_progress_orders_boats_as_the_rules_define_ahead():
    # "'Ahead' is defined as 'farthest advanced towards the next buoy or the finish line'.
    # ... If the boats are on different legs of the race course, the boat that has already
    # rounded more buoys is ahead."
    c = gate_course()
    assert progress(c, 0, 0, 900) > progress(c, 0, 0, 500)             # nearer mark 1
    assert progress(c, 1, 0, 1100) > progress(c, 0, 0, 990)            # more buoys rounded
    assert progress(c, 1, 0, 1100) < progress(c, 1, 0, 600)            # nearer the gate
    assert progress(c, 1, -50, 310) == progress(c, 1, 50, 310)         # the gate is a segment
    assert progress(c, 2, 100, 10) > progress(c, 2, 0, 100) > progress(c, 1, 0, 301)   # finish line
    assert progress(c, 2, 249, 5) == progress(c, 2, -249, 5)


@settings(max_examples=40)
@given(st.integers(0, 2), st.integers(0, 2), st.floats(-1999, 1999), st.floats(-1999, 2999),
       st.floats(-1999, 1999), st.floats(-1999, 2999))
def test_more_legs_done_is_always_ahead(l1, l2, x1, y1, x2, y2):
    assume(l1 > l2)
    c = gate_course()
    assert progress(c, l1, x1, y1) > progress(c, l2, x2, y2)


# --- the start line --------------------------------------------------------------------------------

def test_side_of_start_is_downwind_pre_and_upwind_post():
    # "each player puts his boat in a position of his choice downwind of the start line"
    c = course_of()
    assert side_of_start(c, 0, -10) == "pre"
    assert side_of_start(c, 0, 10) == "post"
    assert side_of_start(c, 0, 0) == "post"                  # on the line is not downwind of it
    assert side_of_start(c, 900, -1) == "pre"                # beyond the ends as well
    reversed_line = course_of(start={"a": [250, 0], "b": [-250, 0]})
    assert side_of_start(reversed_line, 0, -10) == "pre"
    east = course_of(wind_from=90, start={"a": [0, -250], "b": [0, 250]}, finish={"a": [0, -250], "b": [0, 250]},
                     marks=[{"id": "1", "at": [1000, 0]}])
    assert side_of_start(east, -10, 0) == "pre" and side_of_start(east, 10, 0) == "post"


def test_side_of_start_with_a_line_along_the_wind_uses_the_first_mark():
    c = course_of(start={"a": [0, -250], "b": [0, 250]}, finish={"a": [0, -250], "b": [0, 250]},
                  marks=[{"id": "1", "at": [-1000, 300]}])
    assert "start-not-square" in codes(validate(c))
    assert side_of_start(c, 10, 0) == "pre" and side_of_start(c, -10, 0) == "post"

