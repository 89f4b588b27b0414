"""A mark is seen whole or not at all (issue 21: at 800 x 1280 in the 3M Regatta "the
mark itself is cut by the edge", half under the turn note): when the grid board's camera
frames a person's boat and targets, a course mark that the clear room's edge would cut
slides wholly into the room, as long as the boat and its targets stay in it."""
from __future__ import annotations

from dinghy.ui.camera import Camera
from dinghy.ui.grid.framing import frame, shows, span
from dinghy.ui.shell.on_screen import inside, overlap


class _Board:
    def __init__(self, w, h):
        self.width, self.height = w, h


def cam(zoom=10.0):
    c = Camera(zoom=zoom, min_zoom=4.0, max_zoom=400.0)
    c.set_viewport(0, 0, 700, 500)
    return c


def cell_rect(c, cell):
    x, y = c.world_to_screen(*cell)
    return (x, y, c.zoom, c.zoom)


ROOM = (0.0, 0.0, 700.0, 450.0)          # under a note 50 px high along the top
CELLS = [(10, 10), (11, 10)]


def test_without_the_marks_the_room_cuts_this_one():
    c = cam()
    frame(c, _Board(30, 30), CELLS, None, [ROOM], touch=48)
    r = cell_rect(c, (10, 14))
    assert overlap(r, ROOM) > 0 and not inside(r, ROOM, 0.0)       # the case below is real


def test_a_mark_cut_by_the_rooms_edge_slides_whole_into_it():
    c = cam()
    frame(c, _Board(30, 30), CELLS, None, [ROOM], touch=48, marks=[(10, 14), (25, 2)])
    assert inside(cell_rect(c, (10, 14)), ROOM, 0.0)
    assert shows(c, span(CELLS, _Board(30, 30)), ROOM)
    assert c.zoom >= 48


def test_no_slide_that_would_cut_the_boat_or_its_targets():
    c = cam()
    tall = [(10, 6), (10, 13)]           # the targets fill the room from top to bottom
    frame(c, _Board(30, 30), tall, None, [ROOM], touch=48, marks=[(11, 14)])
    assert shows(c, span(tall, _Board(30, 30)), ROOM)
