"""The shared grid board: compass, lines, board files (dinghy/games/grid)."""
from __future__ import annotations

import copy
import tomllib

import pytest
from hypothesis import given, settings, strategies as st

from dinghy.core import io
from dinghy.core.errors import DataError
from dinghy.games.grid import compass
from dinghy.games.grid.board import Board, Line
from dinghy.games.grid.loading import load_board, save_board, shipped_boards, to_toml

heading = st.integers(0, 7)


# --- compass ----------------------------------------------------------------------------

@given(heading, heading)
def test_off_wind_is_symmetric_and_in_range(h, w):
    """Five orientations: "in the wind ... close reach (45 degrees away) ... beam reach
    (90 degrees) ... broad reach ... run" (004): turning the same amount either way from
    the wind gives the same point of sail."""
    o = compass.off_wind(h, w)
    assert 0 <= o <= 4
    mirror = compass.turn(w, -((h - w) % 8))
    assert compass.off_wind(mirror, w) == o
    assert compass.off_wind(compass.turn(h, 4), w) == 4 - o


@given(heading, st.integers(-20, 20))
def test_turn_has_an_inverse(h, n):
    assert compass.turn(compass.turn(h, n), -n) == h


@given(heading, heading)
def test_tack_mirrors_and_is_none_only_head_to_wind_or_run(h, w):
    """Wind over the starboard side is starboard tack; mirrored course, other tack."""
    t = compass.tack(h, w)
    o = compass.off_wind(h, w)
    assert (t is None) == (o in (0, 4))
    mirror = compass.turn(w, -((h - w) % 8))
    if t is not None:
        assert compass.tack(mirror, w) == ("port" if t == "starboard" else "starboard")


def test_tack_examples():
    # wind from north, heading north-east: the wind comes over the port bow -> port tack
    assert compass.tack(1, 0) == "port"
    # heading north-west: wind over the starboard bow -> starboard tack
    assert compass.tack(7, 0) == "starboard"
    assert compass.tack(4, 0) is None and compass.tack(0, 0) is None
    assert compass.off_wind(2, 0) == compass.BEAM_REACH


@given(st.integers(-50, 50), st.integers(-50, 50), heading)
def test_step_is_one_chebyshev_space(x, y, h):
    """A diagonal step counts as one space (rules notes)."""
    p = compass.step(x, y, h)
    assert compass.chebyshev((x, y), p) == 1
    assert compass.step(*p, compass.turn(h, 4)) == (x, y)


def test_names_and_parse():
    assert compass.NAMES[1] == "north-east" and compass.SHORT[7] == "NW"
    for i in range(8):
        assert compass.parse(compass.NAMES[i]) == i == compass.parse(compass.SHORT[i]) == compass.parse(i)
    assert compass.parse("up") is None and compass.parse(8) is None and compass.parse(True) is None


# --- lines --------------------------------------------------------------------------------

LINE = Line((5, 3), (9, 3))


def test_line_squares_include_both_ends():
    assert LINE.squares() == ((5, 3), (6, 3), (7, 3), (8, 3), (9, 3))
    assert Line((0, 0), (3, 3)).squares() == ((0, 0), (1, 1), (2, 2), (3, 3))
    assert Line((0, 0), (0, 2)).squares() == ((0, 0), (0, 1), (0, 2))


def test_line_crossed_needs_arriving_off_the_line():
    """"being on the line does not yet constitute a finish" (004): arriving on the line
    is not crossing; leaving it to the other side is."""
    assert not LINE.crossed((7, 2), (7, 3))          # onto the line
    assert LINE.crossed((7, 3), (7, 4))              # off it northwards
    assert LINE.crossed((7, 2), (7, 4))              # straight over
    assert LINE.crossed((6, 2), (7, 4), direction=0)
    assert not LINE.crossed((6, 2), (7, 4), direction=4)   # wrong way
    assert LINE.crossed((7, 4), (7, 2), direction=4)
    assert not LINE.crossed((3, 2), (3, 4))          # west of the pin
    assert not LINE.crossed((10, 2), (10, 4))        # east of the committee end
    assert not LINE.crossed((7, 4), (8, 4))          # along one side


@given(st.integers(-3, 17), st.integers(-3, 9), heading)
def test_line_crossed_reverse_is_symmetric(x, y, h):
    """Crossing one way off the line strictly is crossing back the other way."""
    p1 = compass.step(x, y, h)
    s0, s1 = LINE.side((x, y)), LINE.side(p1)
    if s0 and s1 and s0 != s1:
        assert LINE.crossed((x, y), p1) == LINE.crossed(p1, (x, y))


# --- boards -------------------------------------------------------------------------------

def test_shipped_board_matches_the_web_board():
    """"14 rows x 15 columns; the wind starts blowing towards the bottom; marks at
    (row 10, col 5), (10, 9) and (3, 7), the start/finish line between the two on row 10"
    (rules notes) -- rows counted from the top, so row r is y = 13 - r."""
    b = load_board("race_the_wind", "race_the_wind")
    assert (b.width, b.height, b.wind_from, b.cells) == (15, 14, 0, "squares")
    assert {m.pos for m in b.marks} == {(5, 3), (9, 3), (7, 10)}
    assert b.start == Line((5, 3), (9, 3)) == b.finish
    assert [m.name for m in b.rounding_marks()] == ["top"]
    assert b.rounding_marks()[0].side == "port"     # "leaving it to the left"
    assert not b.is_free(7, 10) and b.is_free(7, 9) and not b.is_free(15, 0)
    assert b.neighbours(0, 0) == ((0, 1), (1, 1), (1, 0))
    assert "race_the_wind" in shipped_boards("race_the_wind")
    assert shipped_boards("no_such_game") == []


def test_grid_boards_stay_out_of_the_dinghy_race_course_list():
    assert not any(n.startswith("race_the_wind") for n in io.shipped("courses"))


def _sample() -> dict:
    return {"name": "t", "game": "g", "title": "T", "width": 6, "height": 5, "cells": "points",
            "wind_from": "NE", "land": [[0, 0]], "land_rects": [[4, 3, 5, 4]],
            "marks": [{"name": "m", "x": 2, "y": 3, "side": "starboard", "order": 1},
                      {"name": "p", "x": 1, "y": 1, "side": "port", "order": 0}],
            "start": {"a": [1, 1], "b": [3, 1]}, "finish": {"a": [1, 1], "b": [3, 1]},
            "extras": {"puffs": [[1, 2]], "deck": {"fog": 2}}}


def test_round_trip(tmp_path):
    b = Board.from_mapping(_sample(), "t.toml")
    assert b.land == {(0, 0), (4, 3), (5, 3), (4, 4), (5, 4)}
    assert b.wind_from == 1 and b.extras["puffs"] == ((1, 2),)
    assert Board.from_mapping(b.to_mapping(), "x") == b
    assert Board.from_mapping(tomllib.loads(to_toml(b)), "x") == b
    save_board(tmp_path / "t.toml", b)
    assert load_board(tmp_path / "t.toml") == b
    hash(b)
    with pytest.raises(TypeError):
        b.extras["puffs"] = ()          # read-only


BAD = [
    ("game", lambda d: d.pop("game")),
    ("width", lambda d: d.update(width=1)),
    ("height", lambda d: d.update(height="5")),
    ("cells", lambda d: d.update(cells="hexes")),
    ("wind_from", lambda d: d.update(wind_from="up")),
    ("land[0]", lambda d: d.update(land=[[9, 9]])),
    ("land", lambda d: d.update(land=3)),
    ("land_rects[0]", lambda d: d.update(land_rects=[[0, 0, 1]])),
    ("marks[0].side", lambda d: d["marks"][0].update(side="left")),
    ("marks[0].x", lambda d: d["marks"][0].update(x=99)),
    ("marks[0].order", lambda d: d["marks"][0].update(order=-1)),
    ("marks[1].order", lambda d: d["marks"][1].update(order=1)),
    ("marks[1].name", lambda d: d["marks"][1].update(name="m")),
    ("marks[0].name", lambda d: d["marks"][0].pop("name")),
    ("marks[0].x", lambda d: d["marks"][0].update(x=0, y=0)),     # on land
    ("marks[0].colour", lambda d: d["marks"][0].update(colour="red")),
    ("marks", lambda d: d["marks"][0].update(order=3)),           # a gap in the orders
    ("start", lambda d: d.pop("start")),
    ("start.a", lambda d: d["start"].update(a=[1])),
    ("finish.b", lambda d: d["finish"].update(b=[1, 1])),
    ("extras", lambda d: d.update(extras=[1])),
    ("colour", lambda d: d.update(colour="blue")),
    ("title", lambda d: d.update(title="")),
]


@pytest.mark.parametrize("fieldname,damage", BAD, ids=[f for f, _ in BAD])
def test_every_bad_field_is_one_data_error_naming_it(fieldname, damage):
    d = copy.deepcopy(_sample())
    damage(d)
    with pytest.raises(DataError) as exc:
        Board.from_mapping(d, "t.toml")
    assert exc.value.field == fieldname
    assert str(exc.value).startswith("t.toml: " + fieldname)


def test_wrong_game_names_the_game_field(tmp_path):
    save_board(tmp_path / "b.toml", Board.from_mapping(_sample(), "b.toml"))
    with pytest.raises(DataError) as exc:
        load_board(tmp_path / "b.toml", game="race_the_wind")
    assert exc.value.field == "game"
    with pytest.raises(DataError):
        load_board("no_such_board")


@settings(deadline=None)      # the first call imports shapely
@given(st.tuples(st.integers(0, 12), st.integers(0, 12)), st.tuples(st.integers(0, 12), st.integers(0, 12)),
       st.tuples(st.integers(-1, 13), st.integers(-1, 13)), heading)
def test_line_crossed_agrees_with_segment_geometry(a, b, p0, h):
    """From strictly one side to strictly the other, ``crossed`` is exactly "the move meets
    the segment between the line's ends" (checked with shapely), and ``direction`` picks
    the side it ends on."""
    from shapely.geometry import LineString
    if a == b:
        return
    line = Line(a, b)
    p1 = compass.step(*p0, h)
    s0, s1 = line.side(p0), line.side(p1)
    if s0 == 0 or s1 == 0:
        return
    meets = s0 != s1 and LineString([a, b]).intersects(LineString([p0, p1]))
    assert line.crossed(p0, p1) == meets
    for d in range(8):
        assert line.crossed(p0, p1, direction=d) == (meets and line.side_of(d) == s1)
