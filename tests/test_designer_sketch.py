"""The briefing sketch (SVG): "make a sketch of the course to be sure that all players
have properly understood how to sail the course"."""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import pytest

from dinghy.games.dinghy_race import designer as D
from dinghy.games.dinghy_race import sketch
from dinghy.core.io import shipped
from dinghy.games.dinghy_race.data import load_course

NS = {"svg": "http://www.w3.org/2000/svg"}
COURSES = [load_course(n) for n in shipped("courses")] + [D.template(k) for k in D.TEMPLATES] + [
    D.olympic_triangle(wind_from=135, laps=2, card_size="standard")]


def parse(course):
    return ET.fromstring(sketch.course_svg(course).encode("utf-8"))


@pytest.mark.parametrize("course", COURSES, ids=[c.name for c in COURSES])
def test_svg_is_well_formed_with_one_element_per_mark(course):
    root = parse(course)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    marks = root.findall(".//svg:g[@class='mark']", NS)
    assert [g.get("data-mark") for g in marks] == [m.id for m in course.marks]
    assert root.find("svg:title", NS).text == course.name
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert course.name in texts and sketch.course_words(course) in texts
    assert any(t.startswith("Wind from") for t in texts)
    assert any("card length" in t for t in texts)                  # the scale bar
    assert len(root.findall(".//svg:g[@class='land']", NS)) == len(course.land)
    assert len(root.findall(".//svg:g[@class='weather-eye']", NS)) == len(course.weather_eyes)
    lines = root.findall(".//svg:g[@class]", NS)
    classes = {g.get("class") for g in lines}
    assert {"line start", "course", "roundings", "wind", "scale"} <= classes
    assert ("line finish" in classes) == (course.finish != course.start)


def test_marks_carry_the_rule_text_notation():
    c = D.set_rounding_side(D.trapeze("outer"), 4, "starboard")   # 3p rounded to starboard
    labels = sketch.mark_labels(c)
    assert labels == {"1": "1P", "2": "2P", "3s": "3s", "3p": "3pS", "4s": "4s", "4p": "4p"}
    texts = [t.text for t in parse(c).iter("{http://www.w3.org/2000/svg}text")]
    assert "1P" in texts and "3pS" in texts and "gate 3s/3p" in texts and "legs 2, 4" in texts
    twice = D.insert_rounding(D.olympic_triangle(), 3, "2", "starboard")
    assert sketch.mark_labels(twice)["2"] == "2P·2S"
    assert sketch.leg_numbers(D.olympic_triangle(laps=2))["1"] == [1, 4]


def test_rounding_arrows_turn_the_right_way_round_each_mark():
    c = D.olympic_triangle()
    arrows = sketch.rounding_arrows(c)
    assert len(arrows) == 3
    for arrow, r in zip(arrows, c.rounding):
        m = c.mark(r.mark_ids[0])
        a0 = math.atan2(arrow.points[0][1] - m.y, arrow.points[0][0] - m.x)
        a1 = math.atan2(arrow.points[1][1] - m.y, arrow.points[1][0] - m.x)
        turn = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
        assert turn > 0                     # port: counter-clockwise seen from above
    s = D.set_rounding_side(c, 0, "starboard")
    a = sketch.rounding_arrows(s)[0]
    m = s.mark("1")
    a0 = math.atan2(a.points[0][1] - m.y, a.points[0][0] - m.x)
    a1 = math.atan2(a.points[1][1] - m.y, a.points[1][0] - m.x)
    assert (a1 - a0 + math.pi) % (2 * math.pi) - math.pi < 0
    laps = sketch.rounding_arrows(D.olympic_triangle(laps=3))
    assert len(laps) == 3 and laps[0].legs == (1, 4, 7)          # one arrow for every lap
    gate = [a for a in sketch.rounding_arrows(D.up_and_down()) if a.gate]
    assert len(gate) == 1 and gate[0].legs == (2, 4)


def test_names_are_escaped():
    c = D.rename(D.blank(), 'Tom & Jerry <"cup">', "a < b")
    c = D.add_land(c, [(10, 10), (60, 10), (30, 50)], name="<rock>")
    root = parse(c)
    assert root.find("svg:title", NS).text == 'Tom & Jerry <"cup">'
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "<rock>" in texts and "a < b" in texts


def test_chain_and_words():
    c = D.up_and_down(laps=2)
    chain = sketch.course_chain(c)
    assert chain[0] == c.start.midpoint and chain[-1] == c.finish.midpoint and len(chain) == 6
    assert sketch.course_words(c) == "Start – (1P – 2s/2p) × 2 laps – Finish"
    assert sketch.wind_words(D.rotate_course(c, 90)) == "Wind from 90° (E), medium"
    assert sketch.scale_cards(c, 1000) == 5
