"""Where the grid board's camera looks: the whole board ("Fit board"), and at each
person's decision the acting boat and every highlighted square at finger size, with
the next mark too when it fits (else the view's edge arrow points to it).

The board view keeps its words and buttons (the wind rose, the turn note, the camera
buttons) in the viewport's corners and along its edges; :func:`rooms` finds the clear
rectangles between them, and :func:`frame` puts what must be seen inside the one that
shows it largest. Screen geometry only.
"""
from __future__ import annotations

from itertools import product
from typing import Any, Sequence

from dinghy.ui.shell.on_screen import Rect, inside, overlap

Cell = tuple[float, float]


def fit_board(camera: Any, board: Any, *, corner: tuple[float, float] = (0.0, 0.0),
              bottom: float = 0.0, margin: float = 0.0, words: float = 0.0, right: bool = False) -> None:
    """Zoom and centre ``camera`` so that the whole board lies in its viewport clear of
    a strip at the ``bottom``, of a widget in the top-left ``corner`` (w, h; the top-right
    one with ``right``) and of a strip of ``words`` along the top beside it (the game's
    note): beside the corner widget or below it, whichever shows the board larger."""
    best = None
    for left, top in ((corner[0], words), (0.0, max(corner[1], words))):
        room_w = max(1.0, camera.width - left - 2 * margin)
        room_h = max(1.0, camera.height - bottom - top - 2 * margin)
        zoom = camera.clamp(min(room_w / board.width, room_h / board.height))
        if best is None or zoom > best[0]:
            best = (zoom, left, top)
    zoom, left, top = best
    camera.zoom = zoom
    # the board's middle goes to the middle of the free room
    camera.cx = board.width / 2 + (-1 if not right else 1) * (left / 2) / zoom
    camera.cy = board.height / 2 - ((bottom - top) / 2) / zoom


def place_rose(rose: Any, gui: Any, room: Rect) -> None:
    """The wind rose in the top-right corner of a board's viewport ``room``, as every
    grid board shows it (the table, the replay, the designer): the corner
    :func:`fit_beside_rose` keeps the board clear of, and the words on the water keep
    off (``BoardDrawing.draw(clear=...)``)."""
    x, y, w, h = room
    px = gui.px
    m = px(8)
    size = min(px(100), w * 0.22, h * 0.22)
    rose.place(x + w - m - size, y + h - m - size - px(20), size, size + px(20))


def fit_beside_rose(camera: Any, board: Any, gui: Any, rose: Any, words: float = 0.0,
                    buttons: bool = True) -> None:
    """The whole board clear of the rose (placed by :func:`place_rose`), of a strip of
    ``words`` along the top beside it (the table's note: its height) and of the camera
    buttons' strip at the bottom (unless they are outside the viewport: not ``buttons``);
    beside the rose or below it, whichever is larger."""
    gap = gui.px(8)
    fit_board(camera, board, corner=(rose.w + 2 * gap, rose.h + gap),
              bottom=gui.touch + 2 * gap if buttons else 0.0,
              margin=gui.px(12), words=words + gap if words else 0.0, right=True)


def centre_camera(camera: Any, board: Any, point: tuple[float, float], room: Rect) -> None:
    """Put the world ``point`` in the middle of ``room`` (a window rectangle inside the viewport),
    then slide so that the board fills the room where it is big enough (no open water
    beyond its edge), or sits in its middle where it is not."""
    c, z = camera, camera.zoom
    fx, fy, fw, fh = room
    mid_x, mid_y = c.x0 + c.width / 2, c.y0 + c.height / 2

    def axis(p: float, size: int, lo: float, span: float, mid: float) -> float:
        centre = p - (lo + span / 2 - mid) / z
        if size * z <= span:                # the board fits: centre it in the room
            return size / 2 - (lo + span / 2 - mid) / z
        least = (mid - lo) / z              # the board's low edge at the room's low edge
        most = size - (lo + span - mid) / z
        return min(max(centre, least), most)

    c.cx = axis(point[0], board.width, fx, fw, mid_x)
    c.cy = axis(point[1], board.height, fy, fh, mid_y)


def rooms(view: Rect, covers: Sequence[Rect], gap: float = 0.0) -> list[Rect]:
    """The clear rectangles of ``view`` round the ``covers`` (each lying along an edge or
    in a corner): each cover is cut away across the whole view either above/below it
    or beside it, whichever side of the view it is nearer; every mix of the two."""
    x0, y0, w, h = view
    found: list[Rect] = []
    inner = [c for c in covers if c[2] > 0 and c[3] > 0]
    for ways in product((0, 1), repeat=len(inner)):
        lo_x, hi_x, lo_y, hi_y = x0, x0 + w, y0, y0 + h
        for (cx, cy, cw, ch), way in zip(inner, ways):
            if way == 0:        # cut the band of rows it lies in, from its nearer edge
                if cy + ch / 2 > y0 + h / 2:
                    hi_y = min(hi_y, cy - gap)
                else:
                    lo_y = max(lo_y, cy + ch + gap)
            else:               # cut the band of columns
                if cx + cw / 2 > x0 + w / 2:
                    hi_x = min(hi_x, cx - gap)
                else:
                    lo_x = max(lo_x, cx + cw + gap)
        if hi_x - lo_x > 1 and hi_y - lo_y > 1:
            found.append((lo_x, lo_y, hi_x - lo_x, hi_y - lo_y))
    return found or [view]


def span(cells: Sequence[Cell], board: Any = None) -> tuple[float, float, float, float]:
    """The world box of ``cells`` (each a unit square), half a cell spare all round
    (none beyond the ``board``'s edge: the board fills the view there)."""
    box = (min(x for x, _ in cells) - 0.5, min(y for _, y in cells) - 0.5,
           max(x for x, _ in cells) + 1.5, max(y for _, y in cells) + 1.5)
    if board is None:
        return box
    return (max(box[0], 0.0), max(box[1], 0.0), min(box[2], board.width), min(box[3], board.height))


def fits(camera: Any, box: tuple[float, float, float, float], room: Rect) -> float:
    """The zoom at which the world ``box`` just fills ``room``."""
    return camera.clamp(min(room[2] / (box[2] - box[0]), room[3] / (box[3] - box[1])))


def shows(camera: Any, box: tuple[float, float, float, float], room: Rect) -> bool:
    """Whether the world ``box`` lies inside the window rectangle ``room`` now."""
    ax, ay = camera.world_to_screen(box[0], box[1])
    bx, by = camera.world_to_screen(box[2], box[3])
    return room[0] - 0.5 <= ax and room[1] - 0.5 <= ay and bx <= room[0] + room[2] + 0.5 \
        and by <= room[1] + room[3] + 0.5


def frame(camera: Any, board: Any, cells: Sequence[Cell], mark: Cell | None,
          clear: Sequence[Rect], touch: float, marks: Sequence[Cell] = ()) -> bool:
    """Show ``cells`` (the boat and its targets) in one of the ``clear`` rooms at a
    finger's size where they fit (as large as they fit where not), and ``mark`` with
    them when that keeps them at a finger's size. The view stays as it is when it already
    shows them so; when it moves, the course's ``marks`` are not left cut by the room's
    edge (see :func:`uncut`). True when the mark is in view."""
    if not cells:
        return False
    c = camera
    need = span(cells, board)
    both = span(list(cells) + [mark], board) if mark is not None else None
    if c.zoom >= touch:                       # already right: the board does not move
        for room in clear:
            if shows(c, need, room):
                if both is None or shows(c, both, room):
                    return both is not None
                if not any(fits(c, both, r) >= touch for r in clear):
                    return False
    want = max(c.zoom, touch * 1.05)
    best = None
    for room in clear:
        if both is not None and fits(c, both, room) >= touch:
            option = (1, min(want, fits(c, both, room)), room, both)
        else:
            option = (0, min(want, fits(c, need, room)), room, need)
        if best is None or option[:2] > best[:2]:
            best = option
    assert best is not None
    with_mark, zoom, room, box = best
    c.zoom = zoom
    centre_camera(c, board, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), room)
    uncut(c, marks, box, room, clear)
    return bool(with_mark)


def uncut(camera: Any, marks: Sequence[Cell], keep: tuple[float, float, float, float], room: Rect,
          clear: Sequence[Rect] = ()) -> None:
    """A mark seen in part (its square on the viewport but in no clear room: cut by the
    viewport's edge, or half under the note or the rose) slides wholly into ``room``, or
    wholly off the viewport, whichever is the shorter way, when the world box ``keep``
    (the boat and its targets) stays inside ``room``: a mark is seen whole or not at all.
    Marks are taken in turn; a slide that would cut ``keep`` is not made."""
    c, z = camera, camera.zoom
    view = (c.x0, c.y0, c.width, c.height)
    rooms_ = list(clear) or [room]
    for mx, my in marks:
        x, y = c.world_to_screen(mx, my)
        cell = (x, y, z, z)
        if overlap(cell, view) <= 0 or any(inside(cell, r, 0.0) for r in rooms_):
            continue
        slides = [(_into(x, z, room[0], room[2]), _into(y, z, room[1], room[3])),
                  (_off(x, z, view[0], view[2]), 0.0), (0.0, _off(y, z, view[1], view[3]))]
        for dx, dy in sorted(slides, key=lambda d: abs(d[0]) + abs(d[1])):
            c.cx, c.cy = c.cx - dx / z, c.cy - dy / z
            if shows(c, keep, room):
                break
            c.cx, c.cy = c.cx + dx / z, c.cy + dy / z


def _into(a: float, size: float, lo: float, span_: float) -> float:
    """The slide that puts [a, a + size] inside [lo, lo + span_] (0: it is)."""
    if a < lo:
        return lo - a
    if a + size > lo + span_:
        return lo + span_ - a - size
    return 0.0


def _off(a: float, size: float, lo: float, span_: float) -> float:
    """The shorter slide that puts [a, a + size] wholly beyond [lo, lo + span_]."""
    left, right = lo - (a + size), lo + span_ - a
    return left if abs(left) < abs(right) else right
