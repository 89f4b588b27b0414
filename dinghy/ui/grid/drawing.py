"""A grid board drawn in window pixels: water, the grid (squares or intersections),
land, marks with their rounding arrows and order, start and finish lines, tokens,
boats with sail and flags, and the squares a tap may play.

Board coordinates are cells: square (x, y) covers [x, x+1] x [y, y+1], and an
intersection (x, y) of a "points" board lies at (x + 0.5, y + 0.5), so the same tap
arithmetic serves both. A :class:`~dinghy.ui.camera.Camera` maps cells to pixels. The
board is three :class:`~dinghy.ui.mesh.Mesh` layers plus a pool of labels: the water
behind (rebuilt when the board's part of the window changes), the board itself (grid,
land, lines, marks: rebuilt when the camera zooms or moves, or the board is edited),
and what the state puts on it (tokens, targets, boats: rebuilt at every drawing). A
camera that keeps panning or zooming moves and scales what is drawn by a view matrix
(:meth:`BoardDrawing.follow`) and the view draws it afresh once the camera stops.

It decides nothing: what it draws is the game's :class:`GridPicture` and the view's
list of legal squares.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any, Iterable, Sequence

from dinghy.ui.app import configure as _configure

_configure()

import numpy as np  # noqa: E402
import pyglet  # noqa: E402
from pyglet.graphics import Group  # noqa: E402

from dinghy.ui import theme  # noqa: E402
from dinghy.ui.theme import LAND, MARK  # noqa: E402
from dinghy.ui.mesh import Mesh  # noqa: E402
from dinghy.ui.grid.layers import ClipGroup, Layers, ShiftGroup, Skip, set_label  # noqa: E402
from dinghy.ui.grid.geometry import (  # noqa: E402,F401  (the pieces' geometry, offered here too)
    boom_line, cell_centre, heading_angle, hull_outline, land_cells, line_points, xy,
)
from dinghy.ui.grid.target_marks import CARD_TARGET, TARGET, TargetMarks  # noqa: E402,F401
from dinghy.ui.shell.edge_arrow import NEXT  # noqa: E402
from dinghy.ui.shell.on_screen import core, inside, overlap  # noqa: E402

BOARD_WATER = (28, 84, 126)
GRID_LINE = (70, 124, 166)
PORT = (220, 60, 60)          # rounding arrows: red leaves the mark to port
STARBOARD = (40, 170, 90)     # green: to starboard
START = (240, 245, 250)
FINISH = (255, 225, 120)
LINE_END = (250, 210, 70)
#: Token kind -> (fill RGBA, ink); a kind not listed is drawn like "luck".
TOKENS: dict[str, tuple[tuple[int, int, int, int], tuple[int, int, int]]] = {
    "puff": ((120, 205, 250, 170), theme.INK),
    "lull": ((170, 176, 184, 170), theme.INK),
    "shadow": ((8, 26, 44, 150), theme.ON_WATER),
    "luck": ((250, 214, 90, 200), theme.INK),
    "blocked": ((120, 124, 130, 140), theme.ON_WATER),
    "start": ((240, 245, 250, 110), theme.INK),
    "finish": ((255, 225, 120, 130), theme.INK),
    "club": ((11, 38, 64, 200), theme.ON_WATER),
}
#: Flags drawn as nothing (the picture says them otherwise or they are cosmetic).
QUIET_FLAGS = {"heeled"}
FLAG_BADGES = {"spinnaker": ("S", (250, 120, 200)), "penalty": ("P", (220, 60, 60)),
               "blocked": ("×", (120, 124, 130)), "finished": ("✓", (40, 170, 90)),
               "rotating": ("↻", (250, 200, 80)), "shadowed": ("◐", (60, 70, 90)),
               "out": ("✗", (90, 90, 96)), "premature": ("!", (240, 140, 40)),
               "luffing": ("~", (120, 205, 250))}


def mark_words(mark: Any) -> str:
    """A rounding mark's label in a newcomer's words: "mark B, to port, 2nd"."""
    name = f"mark {mark.name}" if len(mark.name) <= 2 else mark.name
    n = mark.order
    nth = f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
    return f"{name}, to {mark.side}, {nth}"


class BoardDrawing(TargetMarks):
    """The board of one game in ``batch`` under the widgets (``order`` below 0)."""

    def __init__(self, batch: Any, board: Any, *, scale: float = 1.0, order: int = -6) -> None:
        self.batch, self.board, self.scale = batch, board, scale
        self.clip = ClipGroup(order=order)
        self.back = Mesh(batch, Group(order=0, parent=self.clip))      # the water behind
        self.shift = ShiftGroup(order=1, parent=self.clip)
        self.board_mesh = Mesh(batch, Group(order=0, parent=self.shift))
        self.pieces = Mesh(batch, Group(order=1, parent=self.shift))     # what the state puts on it
        self.text_group = Group(order=2, parent=self.shift)
        self._back_key: Any = None
        self._board_key: Any = None
        self._drawn: Any = None          # the camera of the last drawing (follow() moves from it)
        self._kept: Any = ({}, {}, [], [])     # its spots and boxes, as drawn
        self.labels: list[Any] = []
        self.used = 0
        self._spare: dict[Any, list[Any]] = {}     # the pool by what each label showed
        self._rest: list[Any] = []
        self._taken: set[int] = set()
        self.rect = (0.0, 0.0, 1.0, 1.0)
        # what was drawn, for tests and hit checks
        self.boat_spots: dict[int, tuple[float, float]] = {}
        self.target_spots: dict[tuple[int, int], tuple[float, float]] = {}
        self.card_spots: dict[tuple[int, int], str] = {}     # the targets that play a card: its name
        self.shown_tokens: list[Any] = []
        self.label_rects: list[tuple[str, tuple[float, float, float, float]]] = []   # words over the water
        self.avoid: list[tuple[float, float, float, float]] = []       # squares words keep off
        self.clear: list[tuple[float, float, float, float]] = []       # overlays they keep off, whole

    def px(self, v: float) -> float:
        return v * self.scale

    # --- labels: a pool reused from one drawing to the next -----------------------------
    def _free_label(self, text: str, spots: Sequence[tuple[float, float]], pt: float, colour: Any,
                    bold: bool = True, names: tuple[float, float, float] | None = None,
                    also: Sequence[Any] = ()) -> None:
        """A word over the water at the first of ``spots`` (label centres) where it covers
        no target, no boat, nothing drawn over the board and no word already there; none
        where every spot would (the squares to tap come first: the course card names every
        mark), nor when what it ``names`` (a mark: x, y, radius) is not wholly in sight,
        cut by the board's edge or partly under the rose, the note or a button (a word
        afloat far from anything it names); ``also``: more boxes to keep off (a line's
        end discs)."""
        if names is not None and not self.in_sight(*names):
            return
        lab = self._label(text, *spots[0], pt, colour, bold, keep=True)
        w, h = lab.content_width, lab.content_height
        # a square's rim may be touched (its drawn highlight is inset), not its inside;
        # what is drawn over the board (rose, note, buttons, arrow) not at all
        taken = [core(r, 0.84) for r in self.avoid] + self.clear + [r for _, r in self.label_rects[:-1]] + list(also)
        for x, y in spots:
            rect = (x - w / 2, y - h / 2, w, h)
            if inside(rect, self.rect, 0.0) and not any(overlap(rect, r) > 0 for r in taken):
                lab.position = (round(x), round(y), 0)
                self.label_rects[-1] = (text, rect)
                return
        lab.visible = False          # its text kept: shown again, it is not laid out again
        self.label_rects.pop()

    def in_sight(self, x: float, y: float, radius: float) -> bool:
        """Whether the disc of ``radius`` round a window point lies wholly on the board's
        viewport, clear of what is drawn over it."""
        disc = (x - radius, y - radius, 2 * radius, 2 * radius)
        return inside(disc, self.rect, 0.0) and not any(overlap(disc, c) > 0 for c in self.clear)

    def _take(self, key: tuple[Any, ...]) -> Any:
        """A label of the pool for a word of ``key`` (text, size, bold, colour): one that
        showed the same word last time if there is one (nothing to lay out: the same words
        come back at each drawing, not always in the same order), else any not taken yet."""
        same = self._spare.get(key)
        while same:
            lab = same.pop()
            if id(lab) not in self._taken:
                self._taken.add(id(lab))
                return lab
        while self._rest:
            lab = self._rest.pop()
            if id(lab) not in self._taken:
                self._taken.add(id(lab))
                return lab
        lab = pyglet.text.Label("", font_name=theme.FONT, font_size=key[1], anchor_x="center",
                                anchor_y="center", batch=self.batch, group=self.text_group)
        self.labels.append(lab)
        self._taken.add(id(lab))
        return lab

    def _label(self, text: str, x: float, y: float, pt: float, colour: Any, bold: bool = True,
               keep: bool = False) -> Any:
        """A label centred on (x, y); ``keep``: a word over the water (a mark's or a line's
        name) whose box is kept in ``label_rects`` (what it may cover)."""
        size, rgba = pt * self.scale, theme.rgba(colour)
        lab = self._take((text, size, bold, rgba))
        self.used += 1
        set_label(lab, text, (round(x), round(y), 0), size, bold, rgba)
        if keep:
            w, h = lab.content_width, lab.content_height
            self.label_rects.append((text, (x - w / 2, y - h / 2, w, h)))
        return lab

    # --- the whole board ------------------------------------------------------------------
    def draw(self, camera: Any, picture: Any, colours: dict[int, tuple[int, int, int]], *,
             targets: Iterable[tuple[int, int]] = (), active: int | None = None,
             viewer: int | None = None, tracks: dict[int, Sequence[tuple[int, int]]] | None = None,
             goal: Any = None, clear: Sequence[tuple[float, float, float, float]] = (),
             cards: dict[tuple[int, int], str] | None = None) -> None:
        """Everything, for ``camera`` as it is now. ``viewer``: the seat at the table (its
        private tokens show, no other seat's); None shows them all (a replay). ``goal``:
        the acting boat's next mark or line (ringed, "next" beside it); ``clear``: more
        window rectangles the words on the water keep off (the edge arrow); ``cards``:
        the targets a tap reaches only by playing a card, and the card's name (drawn
        apart: lilac, ringed twice, the name on the square)."""
        self.used = 0
        self._spare: dict[Any, list[Any]] = {}
        for lab in reversed(self.labels):
            self._spare.setdefault(getattr(lab, "_dinghy_key", None), []).append(lab)
        # when no label showed the word: one hidden last time first (likely not wanted now)
        self._rest = [lab for lab in reversed(self.labels) if lab.visible] + \
            [lab for lab in reversed(self.labels) if not lab.visible]
        self._taken = set()
        self.label_rects = []
        targets = list(targets)
        z = camera.zoom
        # the squares words must keep off: every target and every boat
        self.avoid = [(*self._screen(camera, x, y), z, z) for x, y in targets]
        self.avoid += [(*self._screen(camera, b.x, b.y), z, z) for b in (picture.boats if picture else ())]
        if goal is not None:
            self.avoid.append((*self._screen(camera, goal.x, goal.y), z, z))
        self.clear = list(clear)
        self.rect = (camera.x0, camera.y0, camera.width, camera.height)
        self.clip.rect = self.rect
        self.shift.offset, self.shift.scale = (0.0, 0.0), 1.0
        self._drawn = (camera.cx, camera.cy, camera.zoom, *self.rect)
        if self._back_key != self.rect:
            self._back_key = self.rect
            self.back.polygon(self._rect_pts(*self.rect), theme.rgba(theme.WATER))
            self.back.build()
        key = (self.board, self.scale, self._drawn)
        fresh = self._board_key is None or self._board_key[0] is not self.board or self._board_key[1:] != key[1:]
        self._board_key = key
        self._board(camera, self.board_mesh if fresh else Skip())
        if fresh:
            self.board_mesh.build()
        if tracks:
            self._tracks(camera, tracks, colours)
        self._tokens(camera, picture.tokens if picture else (), viewer, colours)
        self._targets(camera, targets, cards or {})
        if goal is not None:
            self._goal(camera, goal)
        self._boats(camera, picture.boats if picture else (), colours, active)
        self.pieces.build()
        for lab in self.labels:
            if id(lab) not in self._taken:
                lab.visible = False
        self._kept = (dict(self.boat_spots), dict(self.target_spots), list(self.label_rects), list(self.avoid))

    def follow(self, camera: Any) -> bool:
        """The camera has only panned or zoomed since the last drawing (the same part of
        the window): move and scale what is drawn with it, by the view matrix, and the
        spots kept for hit checks with it; False (nothing done) when it must be drawn
        again. Lines and words grow and shrink with the zoom until the next drawing."""
        d = self._drawn
        if d is None or (camera.x0, camera.y0, camera.width, camera.height) != d[3:]:
            return False
        k = camera.zoom / d[2]
        ox, oy = camera.x0 + camera.width / 2, camera.y0 + camera.height / 2
        # a window point p drawn for the old camera shows at k * p + off for the new one
        off = (ox * (1 - k) + (d[0] - camera.cx) * camera.zoom, oy * (1 - k) + (d[1] - camera.cy) * camera.zoom)
        self.shift.offset, self.shift.scale = off, k
        boats, targets, words, avoid = self._kept
        p = lambda x, y: (k * x + off[0], k * y + off[1])  # noqa: E731
        r = lambda b: (*p(b[0], b[1]), k * b[2], k * b[3])  # noqa: E731
        self.boat_spots = {key: p(*v) for key, v in boats.items()}
        self.target_spots = {key: p(*v) for key, v in targets.items()}
        self.label_rects = [(t, r(b)) for t, b in words]
        self.avoid = [r(b) for b in avoid]
        return True

    def drawn_camera(self, camera: Any) -> Any:
        """A copy of ``camera`` where the last drawing was made (None: not drawn, or in
        another part of the window): what is drawn again while the camera moves."""
        d = self._drawn
        if d is None or (camera.x0, camera.y0, camera.width, camera.height) != d[3:]:
            return None
        return dataclasses.replace(camera, cx=d[0], cy=d[1], zoom=d[2])

    @staticmethod
    def _rect_pts(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]

    def _screen(self, camera: Any, x: float, y: float) -> tuple[float, float]:
        return camera.world_to_screen(x, y)

    def _board(self, camera: Any, m: Any) -> None:
        """The board's own shapes into ``m`` (skipped when kept), and its words."""
        if not isinstance(m, Skip):
            self._board_shapes(camera, m)
        for line, name, colour in self._lines():
            self._line(camera, m, line, name, colour)
        for mark in self.board.marks or ():
            self._mark(camera, m, mark)

    def _board_shapes(self, camera: Any, m: Any) -> None:
        """The water of the board, its grid, its edge and its land."""
        b, z = self.board, camera.zoom
        s = lambda x, y: self._screen(camera, x, y)  # noqa: E731
        corners = [s(0, 0), s(b.width, 0), s(b.width, b.height), s(0, b.height)]
        m.polygon(corners, theme.rgba(BOARD_WATER))
        lw = max(1.0, self.px(1))
        # the grid: lines through the intersections ("points"), or round the squares
        h = 0.5 if b.cells == "points" else 0.0
        xs = [x + h for x in range(b.width + (0 if h else 1))]
        ys = [y + h for y in range(b.height + (0 if h else 1))]
        grid = theme.rgba(GRID_LINE)
        m.segments([s(x, h) for x in xs], [s(x, b.height - h) for x in xs], lw, grid)
        m.segments([s(h, y) for y in ys], [s(b.width - h, y) for y in ys], lw, grid)
        m.line(corners, max(1.5, self.px(2)), theme.rgba(theme.FOAM, 200), closed=True)
        land = np.array(land_cells(b), dtype=np.float64).reshape(-1, 2)
        if len(land):               # every land cell at once, as the camera maps a point
            ox, oy = camera.x0 + camera.width / 2, camera.y0 + camera.height / 2
            if b.cells == "points":
                m.circles(np.stack([ox + (land[:, 0] + 0.5 - camera.cx) * z,
                                    oy + (land[:, 1] + 0.5 - camera.cy) * z], axis=1),
                          z * 0.42, theme.rgba(LAND), segments=16)
            else:
                quad = land[:, None, :] + np.array([(0, 0), (1, 0), (1, 1), (0, 1)], dtype=np.float64)
                m.polygons(np.stack([ox + (quad[..., 0] - camera.cx) * z,
                                     oy + (quad[..., 1] - camera.cy) * z], axis=2), theme.rgba(LAND))

    def _lines(self) -> list[tuple[Any, str, Any]]:
        b = self.board
        out = []
        same = b.start is not None and b.finish is not None and \
            (xy(b.start.a), xy(b.start.b)) == (xy(b.finish.a), xy(b.finish.b))
        if b.start is not None:
            out.append((b.start, "START / FINISH" if same else "START", START))
        if b.finish is not None and not same:
            out.append((b.finish, "FINISH", FINISH))
        return out

    def _line(self, camera: Any, m: Any, line: Any, name: str, colour: Any) -> None:
        z = camera.zoom
        (ax, ay), (bx, by) = line_points(line)
        a, b = self._screen(camera, ax, ay), self._screen(camera, bx, by)
        if self.board.cells == "squares":       # the line's squares, tinted
            for cx, cy in line.squares():
                m.polygon([self._screen(camera, cx + dx, cy + dy) for dx, dy in ((0, 0), (1, 0), (1, 1), (0, 1))],
                          theme.rgba(colour, 55))
        dash = max(4.0, z * 0.25)
        length = math.dist(a, b)
        k = max(1, int(length / dash))
        ts = [(i / k, min(1.0, (i + 1) / k)) for i in range(0, k, 2)]
        m.segments([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0) for t0, _ in ts],
                   [(a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1) for _, t1 in ts],
                   max(2.0, self.px(3)), theme.rgba(colour, 230))
        rim = max(self.px(5), z * 0.16)
        for p in (a, b):
            m.circle(*p, rim, theme.rgba(theme.INK))
            m.circle(*p, max(self.px(4), z * 0.13), theme.rgba(colour))
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        off = max(self.px(12), z * 0.42)
        lab_w = self.px(theme.SMALL_PT * 0.75) * len(name)
        if abs(b[1] - a[1]) > abs(b[0] - a[0]):     # a line up and down: its name beside it
            spots = [(mid[0] - off - lab_w / 2, mid[1]), (mid[0] + off + lab_w / 2, mid[1])]
        else:
            spots = [(mid[0], mid[1] - off), (mid[0], mid[1] + off)]
        spots += [(p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t + d)
                  for t in (0.25, 0.75) for d in (-off, off) for p, q in ((a, b),)]
        discs = [(p[0] - rim, p[1] - rim, 2 * rim, 2 * rim) for p in (a, b)]    # the name off its ends
        self._free_label(name, spots, theme.SMALL_PT, colour, also=discs)

    def _mark(self, camera: Any, m: Any, mark: Any) -> None:
        z = camera.zoom
        cx, cy = self._screen(camera, *cell_centre(mark.x, mark.y))
        r = max(self.px(6), z * 0.2)
        if not mark.order:           # not rounded (a line's end): a buoy and its name
            m.circle(cx, cy, r * 0.95, theme.rgba(theme.INK))
            m.circle(cx, cy, r * 0.8, theme.rgba(LINE_END))
            if z >= self.px(30):
                d = r + self.px(8)
                self._free_label(mark.name, [(cx, cy + d), (cx, cy - d)], theme.SMALL_PT - 1,
                                 theme.ON_WATER_SOFT, bold=False, names=(cx, cy, r))
            return
        ring = self._rounding_mark(camera, m, mark)
        text = mark_words(mark)
        d = ring + self.px(6)
        half = self.px(theme.SMALL_PT * 0.36) * len(text)
        self._free_label(text, [(cx + d + half, cy + ring * 0.6), (cx - d - half, cy + ring * 0.6),
                                (cx, cy + d + self.px(6)), (cx, cy - d - self.px(6)),
                                (cx + d + half, cy - ring * 0.6), (cx - d - half, cy - ring * 0.6),
                                (cx + half, cy + d + self.px(6)), (cx - half, cy + d + self.px(6)),
                                (cx + half, cy - d - self.px(6)), (cx - half, cy - d - self.px(6)),
                                (cx + d + half, cy + z * 1.2), (cx - d - half, cy - z * 1.2)],
                         theme.SMALL_PT + 1, theme.ON_WATER, names=(cx, cy, r * 1.15))

    def _rounding_mark(self, camera: Any, m: Any, mark: Any) -> float:
        """A mark to round into ``m``: its disc and its rounding arrow; returns the
        arrow's radius (its name goes beyond it)."""
        z = camera.zoom
        cx, cy = self._screen(camera, *cell_centre(mark.x, mark.y))
        r = max(self.px(6), z * 0.2)
        side = mark.side
        colour = PORT if side == "port" else STARBOARD
        # the rounding arrow: anticlockwise round a mark left to port, clockwise to starboard
        ring = max(r * 1.9, z * 0.38)
        sweep = 1 if side == "port" else -1
        start = math.radians(-60)
        pts = [(cx + ring * math.cos(start + sweep * math.radians(t)),
                cy + ring * math.sin(start + sweep * math.radians(t))) for t in range(0, 241, 12)]
        m.line(pts, max(2.0, self.px(2.5)), theme.rgba(colour, 235))
        end = start + sweep * math.radians(240)
        tip = (cx + ring * math.cos(end), cy + ring * math.sin(end))
        along = end + sweep * math.pi / 2
        size = max(self.px(7), z * 0.14)
        ux, uy = math.cos(along), math.sin(along)
        bx, by = tip[0] - ux * size, tip[1] - uy * size
        px, py = -uy * size * 0.6, ux * size * 0.6
        m.polygon([(tip[0] + ux * size * 0.3, tip[1] + uy * size * 0.3), (bx + px, by + py), (bx - px, by - py)],
                  theme.rgba(colour, 235))
        m.circle(cx, cy, r * 1.15, theme.rgba(theme.INK))
        m.circle(cx, cy, r, theme.rgba(MARK))
        return ring

    def _goal(self, camera: Any, goal: Any) -> None:
        """The acting boat's next mark or line stands out: a bright ring and "next"."""
        m, z = self.pieces, camera.zoom
        cx, cy = self._screen(camera, goal.x + 0.5, goal.y + 0.5)
        r = max(self.px(14), z * 0.62)
        ring = [(cx + r * math.cos(a / 10), cy + r * math.sin(a / 10)) for a in range(0, 63)]
        m.line(ring, max(3.0, self.px(4)), theme.rgba(NEXT, 240), closed=True)
        self._free_label("next", [(cx, cy - r - self.px(9)), (cx, cy + r + self.px(9)),
                                  (cx - r - self.px(20), cy), (cx + r + self.px(20), cy)],
                         theme.SMALL_PT, NEXT, names=(cx, cy, self.px(6)))

    def _tracks(self, camera: Any, tracks: dict[int, Sequence[tuple[int, int]]],
                colours: dict[int, Any]) -> None:
        for seat, pts in tracks.items():
            if len(pts) > 1:
                self.pieces.line([self._screen(camera, *cell_centre(*p)) for p in pts],
                               max(1.5, self.px(2)), theme.rgba(colours.get(seat, theme.FOAM), 150))

    def _tokens(self, camera: Any, tokens: Sequence[Any], viewer: int | None,
                colours: dict[int, Any]) -> None:
        m, z = self.pieces, camera.zoom
        self.shown_tokens = []
        for t in tokens:
            private = t.kind.startswith("private_")
            if private and viewer is not None and t.seat != viewer:
                continue             # another seat's secret: behind the curtain
            self.shown_tokens.append(t)
            base = t.kind[len("private_"):] if t.kind.startswith("private_") else t.kind
            fill, ink = TOKENS.get(base, TOKENS["luck"])
            cx, cy = self._screen(camera, *cell_centre(t.x, t.y))
            h = z * 0.42
            pts = self._rect_pts(cx - h, cy - h, 2 * h, 2 * h)
            if base == "shadow":
                m.polygon(pts, fill)
            else:
                m.circle(cx, cy, h, fill, segments=20)
            if t.seat is not None:   # ringed in its seat's colour (the owner, or the boat that casts it)
                m.line([(cx + h * math.cos(a / 10), cy + h * math.sin(a / 10)) for a in range(0, 63, 3)],
                       max(2.0, self.px(2.5)), theme.rgba(colours.get(t.seat, theme.FOAM)))
            label = t.label or {"puff": "puff", "lull": "lull", "luck": "luck"}.get(base, "")
            if label and z >= self.px(26):
                self._label(label, cx, cy - h * 0.55, theme.SMALL_PT - 1, ink, bold=False)
        # a mark to round under a token (Race the Wind's puffs drift) shows over it
        covered = {(t.x, t.y) for t in self.shown_tokens}
        for mark in self.board.marks or ():
            if mark.order and (mark.x, mark.y) in covered:
                self._rounding_mark(camera, m, mark)

    def _boats(self, camera: Any, boats: Sequence[Any], colours: dict[int, Any], active: int | None) -> None:
        m, z = self.pieces, camera.zoom
        self.boat_spots = {}
        for bm in boats:
            if not self.board.in_bounds(bm.x, bm.y):
                continue            # not on the board yet
            cx, cy = self._screen(camera, *cell_centre(bm.x, bm.y))
            self.boat_spots[bm.seat] = (cx, cy)
            colour = colours.get(bm.seat, (200, 200, 200))
            length = max(self.px(16), z * 0.82)
            if bm.seat == active:
                m.circle(cx, cy, length * 0.6, theme.rgba(theme.PRIMARY, 90), segments=24)
            if bm.heading is None:  # on the board with no heading (yet): a round token
                m.circle(cx, cy, length * 0.32, theme.rgba(theme.INK), segments=20)
                m.circle(cx, cy, length * 0.28, theme.rgba(colour), segments=20)
                self._flags(cx, cy, length, bm.flags)
                continue
            if "spinnaker" in bm.flags:
                a = heading_angle(bm.heading)
                sx, sy = cx + math.cos(a) * length * 0.45, cy + math.sin(a) * length * 0.45
                m.circle(sx, sy, length * 0.22, (255, 150, 210, 220), segments=16)
            hull = hull_outline(cx, cy, bm.heading, length)
            faded = "finished" in bm.flags
            m.polygon(hull, theme.rgba(colour, 130 if faded else 255))
            m.line(hull, max(1.0, self.px(1.5)), theme.rgba(theme.INK), closed=True)
            mast, end = boom_line(cx, cy, bm.heading, length, bm.sail)
            m.line([mast, end], max(2.0, self.px(2.5)), theme.rgba(theme.CREAM))
            m.circle(*mast, max(1.5, self.px(2)), theme.rgba(theme.INK), segments=8)
            self._flags(cx, cy, length, bm.flags)

    def _flags(self, cx: float, cy: float, length: float, flags: Sequence[str]) -> None:
        m = self.pieces
        r = max(self.px(7), length * 0.18)
        x = cx + length * 0.45
        y = cy + length * 0.45
        for f in flags:
            if f in QUIET_FLAGS:
                continue
            text, colour = FLAG_BADGES.get(f, (f[:1].upper(), (160, 160, 170)))
            m.circle(x, y, r + 1, theme.rgba(theme.INK), segments=12)
            m.circle(x, y, r, theme.rgba(colour), segments=12)
            self._label(text, x, y, theme.SMALL_PT - 1, theme.readable_ink(colour))
            x += 2 * r + self.px(2)

    @property
    def mesh(self) -> Layers:
        """The three meshes together (their ``triangles`` counted as one)."""
        return Layers((self.back, self.board_mesh, self.pieces))

    def delete(self) -> None:
        self.pieces.delete()
        self.board_mesh.delete()
        self.back.delete()
        self._back_key = self._board_key = self._drawn = None
        for lab in self.labels:
            lab.delete()
        self.labels = []
