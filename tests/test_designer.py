"""The course designer without a window: templates, edits, undo, the TOML writer.

Rule quotes are from the Dinghy Race text (seeds/002_...), "Regatta Courses" and
"Starting the Race".
"""
from __future__ import annotations

import math
import tomllib

import pytest
from hypothesis import given, settings, strategies as st

from dinghy.games.dinghy_race import designer as D
from dinghy.cli import main
from dinghy.games.dinghy_race.course import Course, Rounding, leg_target
from dinghy.games.dinghy_race.course_reading import read_course
from dinghy.games.dinghy_race.course_checks import validate
from dinghy.core.errors import DataError
from dinghy.core.geometry import heading_vector
from dinghy.core.io import shipped
from dinghy.games.dinghy_race.data import load_course

SHIPPED = shipped("courses")


def clean(course, fleet=6):
    return [(f.code, f.message) for f in validate(course, fleet)]


# --- templates ---------------------------------------------------------------------------------

@pytest.mark.parametrize("card_size", ["small", "standard"])
@pytest.mark.parametrize("kind", list(D.TEMPLATES))
def test_templates_validate_clean_for_every_fleet_and_card_size(kind, card_size):
    for fleet in range(2, 7):
        for wind in (0, 105):
            c = D.template(kind, fleet=fleet, card_size=card_size, wind_from=wind)
            assert clean(c, fleet) == [], (kind, card_size, fleet, wind)
            assert c.card_size == card_size and c.wind_from == wind


@pytest.mark.parametrize("kind", list(D.TEMPLATES))
@pytest.mark.parametrize("wind", [0, 45, 270])
def test_template_first_leg_is_a_dead_upwind_beat_of_the_asked_length(kind, wind):
    c = D.template(kind, wind_from=wind, upwind_cards=11, fleet=4)
    a, b = c.start.midpoint, leg_target(c, 0)
    length = math.dist(a, b)
    # "Set the course up with a size that the up-wind leg is at least 10 times the card size"
    assert 11 * c.card_length <= length <= 11 * c.card_length + 4
    w = heading_vector(wind)
    along = ((b[0] - a[0]) * w[0] + (b[1] - a[1]) * w[1]) / length
    assert along > 0.99999                                   # dead upwind
    s = c.start
    square = abs((s.b[0] - s.a[0]) * w[0] + (s.b[1] - s.a[1]) * w[1]) / s.length
    assert square < 0.003                                    # start line square to the wind
    # "at least one full card length per boat in the race", plus a spare one
    assert s.length - 2 * c.mark_radius >= 5 * c.card_length
    xs, ys = [p[0] for p in c.area], [p[1] for p in c.area]
    assert min(xs) == 0 and min(ys) == 0                     # the table's corner is the origin


def test_template_shapes():
    tri = D.olympic_triangle()
    assert [r.label for r in tri.rounding] == ["1P", "2P", "3P"] and tri.laps == 1
    m1, m2, m3 = (tri.mark(i) for i in "123")
    assert m2.x < m1.x                                       # wing mark on the left seen from the start
    assert math.isclose(math.dist(m1.xy, m2.xy), math.dist(m2.xy, m3.xy), abs_tol=2)  # 45-90-45
    assert tri.finish.midpoint[1] > m1.y                     # final beat past mark 1
    outer, inner = D.trapeze("outer"), D.trapeze("inner")
    assert [r.label for r in outer.rounding] == ["1P", "2P", "3s/3p", "2P", "3pP"]
    assert [r.label for r in inner.rounding] == ["1P", "4s/4p", "1P", "2P", "3pP"]
    ud = D.up_and_down()
    assert ud.laps == 2 and ud.finish == ud.start and ud.rounding[1].is_gate
    assert D.up_and_down(gate=False).rounding[1].label == "2P"
    assert D.olympic_triangle(laps=3).laps == 3


@pytest.mark.parametrize("bad", [dict(upwind_cards=9), dict(wind_from=20), dict(fleet=7), dict(laps=0),
                                 dict(card_size="huge"), dict(wind_force="gale"), dict(reach_angle=80)])
def test_template_parameters_are_checked(bad):
    with pytest.raises(D.EditError):
        D.olympic_triangle(**bad)


def test_template_by_name_ignores_parameters_it_does_not_take():
    c = D.template("up_and_down", reach_angle=60, laps=3, fleet=2)
    assert c.laps == 3
    with pytest.raises(D.EditError, match="unknown template"):
        D.template("figure_of_eight")


# --- marks and the rounding order -----------------------------------------------------------------

def test_move_add_delete_mark():
    c = D.olympic_triangle()
    moved = D.move_mark(c, "2", (100, 900))
    assert moved.mark("2").xy == (100.0, 900.0) and c.mark("2").xy != (100.0, 900.0)
    added = D.add_mark(moved, (400, 700))
    assert added.marks[-1].id == "4" and added.rounding[-1] == Rounding(("4",), "port")
    assert added.marks[-1].radius == added.mark_radius
    obstacle = D.add_mark(c, (400, 700), mark_id="X", side=None)
    assert obstacle.rounding == c.rounding
    with pytest.raises(D.EditError, match="already used"):
        D.add_mark(c, (1, 1), mark_id="1")
    gone = D.delete_mark(added, "2")
    assert [m.id for m in gone.marks] == ["1", "3", "4"]
    assert [r.label for r in gone.rounding] == ["1P", "3P", "4P"]


def test_delete_mark_drops_its_gates_and_merges_repeats():
    c = D.trapeze("inner")                 # 1P, 4s/4p, 1P, 2P, 3pP
    d = D.delete_mark(c, "4s")
    assert [r.label for r in d.rounding] == ["1P", "2P", "3pP"]   # 1P 1P merged
    one = D.blank()
    with pytest.raises(D.EditError, match="at least one mark"):
        D.delete_mark(one, "1")
    two = D.add_mark(one, (10, 10), side=None)
    with pytest.raises(D.EditError, match="only mark in the rounding order"):
        D.delete_mark(two, "1")


def test_rounding_side_and_order_edits():
    c = D.olympic_triangle()
    s = D.set_rounding_side(c, 1, "starboard")
    assert s.rounding[1].label == "2S" and c.rounding[1].label == "2P"
    assert D.toggle_rounding_side(s, 1) == c
    # "round mark 2 twice"
    twice = D.insert_rounding(c, 3, "2", "starboard")
    assert [r.label for r in twice.rounding] == ["1P", "2P", "3P", "2S"]
    assert [r.label for r in D.append_rounding(c, "1").rounding] == ["1P", "2P", "3P", "1P"]
    with pytest.raises(D.EditError, match="straight away"):
        D.insert_rounding(c, 1, "1")
    with pytest.raises(D.EditError):
        D.insert_rounding(c, 9, "1")
    with pytest.raises(D.EditError, match="straight away"):
        D.move_rounding(twice, 3, 1)                       # 2S right before 2P
    moved = D.move_rounding(c, 2, 1)
    assert [r.label for r in moved.rounding] == ["1P", "3P", "2P"]
    removed = D.remove_rounding(c, 1)
    assert [r.label for r in removed.rounding] == ["1P", "3P"]
    with pytest.raises(D.EditError, match="cannot be empty"):
        D.remove_rounding(D.blank(), 0)
    with pytest.raises(D.EditError, match="no side"):
        D.set_rounding_side(D.up_and_down(), 1, "port")
    gate = D.make_gate(D.add_mark(c, (700, 560), mark_id="3b", side=None), 2, "3b")
    assert gate.rounding[2].is_gate and gate.rounding[2].mark_ids == ("3", "3b")
    whole = D.set_rounding(c, [Rounding(("2",), "port"), Rounding(("1",), "starboard")])
    assert [r.label for r in whole.rounding] == ["2P", "1S"]


def test_laps_cannot_make_a_mark_follow_itself():
    c = D.olympic_triangle()
    assert D.set_laps(c, 3).laps == 3
    looped = D.append_rounding(c, "1")          # 1 2 3 1: lap 2 would start with 1 after 1
    with pytest.raises(D.EditError, match="twice in a row"):
        D.set_laps(looped, 2)
    with pytest.raises(D.EditError):
        D.set_laps(c, 0)


def test_rename_mark_follows_into_the_order():
    c = D.rename_mark(D.trapeze(), "3p", "7")
    assert c.rounding[-1].label == "7P" and c.rounding[2].mark_ids == ("3s", "7")
    with pytest.raises(D.EditError, match="already used"):
        D.rename_mark(c, "7", "1")


# --- lines, land, area, Weather Eye ---------------------------------------------------------------

def test_line_ends_and_the_linked_finish():
    ud = D.up_and_down()
    moved = D.set_line_end(ud, "start", "a", (100, 200))
    assert moved.start.a == (100.0, 200.0) and moved.finish == moved.start      # still one line
    apart = D.set_line_end(ud, "start", "a", (100, 200), keep_linked=False)
    assert apart.finish == ud.finish
    own = D.link_finish_to_start(ud, False)
    assert own.finish != own.start and math.isclose(own.finish.length, own.start.length)
    assert D.link_finish_to_start(own, True).finish == own.start
    with pytest.raises(D.EditError, match="same point"):
        D.set_line(ud, "finish", (5, 5), (5, 5))
    skew = D.set_line_end(D.olympic_triangle(), "start", "b", (780, 600))
    assert any(f.code == "start-not-square" for f in validate(skew))
    square = D.square_line(skew, "start")
    assert not any(f.code == "start-not-square" for f in validate(square))
    assert math.isclose(square.start.length, skew.start.length, abs_tol=0.05)


def test_land_vertex_edits():
    c = D.olympic_triangle()
    island = [(700, 700), (800, 700), (800, 800), (700, 800)]
    c1 = D.add_land(c, island)
    assert c1.land[0].name == "Island 1" and D.add_land(c1, island).land[1].name == "Island 2"
    c2 = D.move_land_vertex(c1, 0, 2, (850, 850))
    assert c2.land[0].outline[2] == (850.0, 850.0)
    c3 = D.insert_land_vertex(c2, 0, 4, (650, 750))
    assert len(c3.land[0].outline) == 5 and c3.land[0].outline[4] == (650.0, 750.0)
    c4 = D.delete_land_vertex(c3, 0, 4)
    assert c4 == c2
    with pytest.raises(D.EditError, match="valid polygon"):
        D.move_land_vertex(c1, 0, 1, (800, 900))           # the outline would cross itself
    tri = D.delete_land_vertex(c1, 0, 3)
    with pytest.raises(D.EditError, match="at least 3 corners"):
        D.delete_land_vertex(tri, 0, 0)
    assert D.move_land(c1, 0, 10, -5).land[0].outline[0] == (710.0, 695.0)
    assert D.rename_land(c1, 0, "Gull Island").land[0].name == "Gull Island"
    assert D.delete_land(c1, 0) == c
    with pytest.raises(D.EditError, match="no piece of land"):
        D.delete_land(c, 0)
    # land on a mark is allowed as an edit; the check reports it
    on_mark = D.add_land(c, [(500, 1150), (600, 1150), (600, 1250), (500, 1250)])
    assert any(f.code == "mark-on-land" for f in validate(on_mark))


def test_area_and_fit_area():
    c = D.olympic_triangle()
    small = D.set_area(c, [(0, 0), (500, 0), (500, 500), (0, 500)])
    assert any(f.code == "mark-outside-area" for f in validate(small))
    fitted = D.fit_area(small)
    assert validate(fitted, 6) == []
    with pytest.raises(D.EditError):
        D.set_area(c, [(0, 0), (1, 1)])


def test_weather_eye_markers():
    c = D.olympic_triangle()
    c1 = D.add_weather_eye(c, (300, 1200))
    assert c1.weather_eyes[0].long_side_along_wind and validate(c1, 6) == []
    c2 = D.move_weather_eye(c1, 0, (320, 1100))
    assert (c2.weather_eyes[0].x, c2.weather_eyes[0].y) == (320.0, 1100.0)
    c3 = D.turn_weather_eye(c2, 0)
    assert not c3.weather_eyes[0].long_side_along_wind
    assert D.delete_weather_eye(c3, 0).weather_eyes == ()
    with pytest.raises(D.EditError):
        D.move_weather_eye(c, 0, (1, 1))


def test_rotate_keeps_the_course_square_to_the_new_wind():
    c = D.olympic_triangle(fleet=6)
    r = D.rotate_course(c, 90)
    assert r.wind_from == 90
    a, b = r.start.midpoint, leg_target(r, 0)
    assert b[0] - a[0] > 800 and abs(b[1] - a[1]) < 0.02     # the beat now runs east
    assert clean(r) == []
    assert D.rotate_course(c, 0) is c
    cx, cy = D.area_centre(c)
    assert D.area_centre(D.rotate_course(c, 45)) == pytest.approx((cx, cy), abs=0.01)
    still = D.rotate_course(c, 180, area=False)
    assert still.area == c.area
    with pytest.raises(D.EditError):
        D.rotate_course(c, 20)


def test_the_whole_course_edits():
    c = D.olympic_triangle()
    assert D.rename(c, "Harbour race", "Round the harbour").description == "Round the harbour"
    with pytest.raises(D.EditError):
        D.rename(c, "  ")
    assert D.set_description(c, "x").description == "x"
    assert D.set_wind_force(c, "strong").wind_force == "strong"
    with pytest.raises(D.EditError):
        D.set_wind_force(c, "gale")
    big = D.set_card_size(c, "standard")
    assert big.card_size == "standard" and all(m.radius == 12 for m in big.marks)
    scaled = D.set_card_size(c, "standard", scale=True)
    first = math.dist(scaled.start.midpoint, leg_target(scaled, 0)) / scaled.card_length
    assert first == pytest.approx(math.dist(c.start.midpoint, leg_target(c, 0)) / c.card_length, abs=0.05)
    assert D.set_card_size(big, "small") == c
    t = D.translate(c, 10, 20)
    assert t.mark("1").xy == (c.mark("1").x + 10, c.mark("1").y + 20)


def test_edits_never_change_the_course_passed_in():
    c = D.trapeze()
    snapshot = D.to_toml(c)
    for edit in (lambda: D.move_mark(c, "1", (0, 0)), lambda: D.delete_mark(c, "2"),
                 lambda: D.rotate_course(c, 45), lambda: D.add_land(c, [(1, 1), (9, 1), (9, 9)])):
        edit()
    with pytest.raises(D.EditError):
        D.insert_rounding(c, 0, "1")
    assert D.to_toml(c) == snapshot


# --- undo / redo ---------------------------------------------------------------------------------

def test_history_undo_redo():
    c = D.olympic_triangle()
    h = D.History(c)
    assert not h.can_undo and not h.can_redo
    h.apply(D.move_mark, "1", (500, 1300))
    h.apply(D.set_laps, 2)
    assert h.push(h.current) is h.current and h.can_undo
    assert h.undo().laps == 1 and h.undo() == c and h.undo() == c
    assert h.redo().mark("1").xy == (500, 1300) and h.can_redo
    h.apply(D.rename, "x")                      # a new edit forgets the redo
    assert not h.can_redo
    with pytest.raises(D.EditError):
        h.apply(D.delete_mark, "9")
    assert h.current.name == "x"
    assert h.reset(c) == c and not h.can_undo


EDITS = st.one_of(
    st.tuples(st.just("move"), st.sampled_from(["1", "2", "3"]), st.integers(100, 900), st.integers(300, 1400)),
    st.tuples(st.just("side"), st.integers(0, 5)),
    st.tuples(st.just("again"), st.sampled_from(["1", "2", "3"]), st.integers(0, 6)),
    st.tuples(st.just("drop"), st.integers(0, 5)),
    st.tuples(st.just("add"), st.integers(100, 900), st.integers(300, 1400)),
    st.tuples(st.just("rotate"), st.integers(0, 23)),
    st.tuples(st.just("land"), st.integers(100, 800), st.integers(100, 1200)),
    st.tuples(st.just("eye"), st.integers(100, 800), st.integers(100, 1200)),
    st.tuples(st.just("laps"), st.integers(1, 3)),
    st.tuples(st.just("end"), st.sampled_from(["start", "finish"]), st.sampled_from("ab"),
              st.integers(0, 900), st.integers(0, 1500)),
)


def _apply(h, op):
    kind, *a = op
    c = h.current
    fn = {"move": lambda: D.move_mark(c, *a[:1], a[1:]),
          "side": lambda: D.toggle_rounding_side(c, a[0] % len(c.rounding)),
          "again": lambda: D.insert_rounding(c, a[1] % (len(c.rounding) + 1), a[0]),
          "drop": lambda: D.remove_rounding(c, a[0] % len(c.rounding)),
          "add": lambda: D.add_mark(c, a),
          "rotate": lambda: D.rotate_course(c, a[0] * 15),
          "land": lambda: D.add_land(c, [(a[0], a[1]), (a[0] + 60, a[1]), (a[0] + 30, a[1] + 50)]),
          "eye": lambda: D.add_weather_eye(c, a),
          "laps": lambda: D.set_laps(c, a[0]),
          "end": lambda: D.set_line_end(c, a[0], a[1], a[2:])}[kind]
    try:
        h.push(fn())
    except D.EditError:
        pass


@settings(max_examples=30, deadline=None)
@given(st.lists(EDITS, max_size=12))
def test_any_edits_then_undo_all_give_back_the_original(ops):
    start = D.trapeze("outer")
    h = D.History(start)
    for op in ops:
        _apply(h, op)
    end = h.current
    while h.can_undo:
        h.undo()
    assert h.current == start
    while h.can_redo:
        h.redo()
    assert h.current == end


@settings(max_examples=15, deadline=None)
@given(st.lists(st.integers(1, 23), min_size=1, max_size=6), st.sampled_from(list(D.TEMPLATES)))
def test_rotating_by_a_full_turn_in_steps_gives_back_the_course(steps, kind):
    start = D.template(kind, wind_from=30)
    c = start
    angles = list(steps) + [(-sum(steps)) % 24 or 24]        # the steps add up to whole turns
    for s in angles:
        c = D.rotate_course(c, c.wind_from + 15 * s)
    assert c.wind_from == start.wind_from
    # each step keeps 0.01 mm; over a few steps the points come back within a hair
    tol = 0.01 * len(angles)
    pairs = list(zip(c.area, start.area)) + [(m.xy, n.xy) for m, n in zip(c.marks, start.marks)]
    pairs += [(getattr(c, w).a, getattr(start, w).a) for w in ("start", "finish")]
    pairs += [(getattr(c, w).b, getattr(start, w).b) for w in ("start", "finish")]
    for p, q in pairs:
        assert math.dist(p, q) <= tol, (p, q)
    assert [(f.code, f.field) for f in validate(c, 6)] == [(f.code, f.field) for f in validate(start, 6)]


def test_quarter_turns_come_back_exactly():
    start = D.add_land(D.olympic_triangle(), [(610.5, 700), (700, 700.25), (650, 790)])
    start = D.add_weather_eye(start, (300.75, 1200))
    c = start
    for _ in range(4):
        c = D.rotate_course(c, c.wind_from + 90)
    assert c == start
    half = D.rotate_course(D.rotate_course(start, 180), 0)
    assert half == start


# --- the file ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_courses_round_trip_through_the_writer(name, tmp_path):
    c = load_course(name)
    text = D.to_toml(c)
    assert read_course(tomllib.loads(text)) == c
    p = D.save(c, tmp_path / f"{name}.toml")
    assert D.load(p) == c
    assert D.to_toml(D.load(p)) == text == p.read_text(encoding="utf-8")


def test_written_file_has_the_shipped_layout(tmp_path):
    c = D.add_weather_eye(D.add_land(D.trapeze(), [(700, 700), (800, 700), (800, 800), (700, 800)],
                                     name="Gull Island"), (200, 1000))
    text = D.to_toml(c)
    lines = text.splitlines()
    assert lines[0] == "# Trapeze, outer loop"
    assert "#   Start - 1P - 2P - 3s/3p - 2P - 3pP - Finish" in lines
    order = [lines.index(x) for x in ('name = "Trapeze, outer loop"', "[start]", "[finish]", "[[marks]]",
                                      "[[land]]", "[[weather_eye]]")]
    assert order == sorted(order)
    assert any(line.startswith("wind_from = 0 ") and "FROM" in line for line in lines)
    assert '  { gate = ["3s", "3p"] },          # gate 3s/3p' in lines
    assert "long_side_along_wind = true" in lines
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_toml_values():
    assert D.toml_value('say "hi"\n\\ \t\x01\x7f é') == '"say \\"hi\\"\\n\\\\ \\t\\u0001\\u007F é"'
    assert D.toml_value(1.0) == "1.0" and D.toml_value(0.1) == "0.1" and D.toml_value(1e300) == "1e+300"
    assert D.toml_value(True) == "true" and D.toml_value(-3) == "-3"
    assert D.toml_value({"a b": [1, 2.5]}) == '{ "a b" = [1, 2.5] }'
    for v in ("x", 0.1 + 0.2, -0.0, 123456789.123, [[1, 2], [3.5, 4]], {"k": "v"}):
        assert tomllib.loads(f"v = {D.toml_value(v)}")["v"] == v
    with pytest.raises(TypeError):
        D.toml_value(object())


NAMES = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=30).filter(str.strip)
COORD = st.floats(-5000, 5000, allow_nan=False, allow_infinity=False)


@settings(max_examples=25, deadline=None)
@given(NAMES, st.text(max_size=40), st.lists(st.tuples(COORD, COORD), min_size=1, max_size=4),
       st.sampled_from(["small", "standard"]), st.integers(0, 23), st.booleans(),
       st.floats(1.0, 30.0), st.integers(1, 3))
def test_save_load_round_trip_is_exact(tmp_path_factory, name, description, extra, size, wind, along,
                                       radius, laps):
    c = D.olympic_triangle(card_size=size, wind_from=wind * 15, laps=laps)
    c = D.rename(c, name, description)
    for i, p in enumerate(extra):
        try:
            c = D.add_mark(c, p, mark_id=f"m{i}", side=None, radius=radius if i % 2 else None)
        except D.EditError:
            pass
    c = D.add_weather_eye(c, extra[0], along)
    c = D.add_land(c, [(-9000.25, -9000), (-8000, -9000.5), (-8500.125, -8000)], name=name)
    c = D.rotate_course(c, 15 * wind + 45)
    text = D.to_toml(c)
    assert read_course(tomllib.loads(text)) == c
    p = tmp_path_factory.mktemp("rt") / "c.toml"
    D.save(c, p)
    assert D.load(p) == c
    D.save(D.load(p), p)
    assert p.read_text(encoding="utf-8") == text


def test_unknown_keys_of_a_newer_model_are_written_too(monkeypatch):
    c = D.blank()
    orig = Course.to_mapping

    def more(self):
        m = orig(self)
        m["tide"] = 2
        m["current"] = {"speed": 1.5}
        m["buoys"] = [{"x": 1}]
        return m

    monkeypatch.setattr(Course, "to_mapping", more)
    data = tomllib.loads(D.to_toml(c))
    assert data["tide"] == 2 and data["current"] == {"speed": 1.5} and data["buoys"] == [{"x": 1}]


def test_slug_and_courses_home(monkeypatch, tmp_path):
    assert D.slug("Harbour race!") == "harbour_race" and D.slug("???") == "course"
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path))
    assert D.courses_home() == tmp_path / "courses"


def test_cli_design_reports_a_broken_file_in_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\n', encoding="utf-8")
    assert main(["design", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "bad.toml" in err and "missing" in err


def test_cli_course_check_accepts_a_designed_course(tmp_path, capsys):
    p = D.save(D.trapeze("inner", fleet=6), tmp_path / "t.toml")
    assert main(["course", "check", str(p)]) == 0
    assert "ok" in capsys.readouterr().out
    with pytest.raises(DataError):
        load_course(tmp_path / "missing.toml")
