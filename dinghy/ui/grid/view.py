"""The grid board view: any grid game at the table, played by tapping squares.

The board shows the game's :class:`~dinghy.games.grid.picture.GridPicture` for the seat
at the table (its private tokens, nobody else's). On a person's turn the view asks
``game.square_actions(state, x, y)`` of the squares once per decision (nearest the boat
first, within a time budget; the rest when tapped): squares with a legal action are
highlighted; a tap plays the one action there, opens a chooser when
there are several, or shows the engine's reason when there is none. Whatever the
squares do not cover (wait, penalty turn, a card, the dice) is a button in the side
panel, as the generic view makes them. Small boards are zoomed so that a square is a
48-pixel touch target round the acting boat; ``Fit board`` shows it all.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from dinghy.ui.widgets.gui import key  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button, place_row
from dinghy.ui.widgets.text import Text

from dinghy.ui import theme  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.grid.chooser import SquareChooser  # noqa: E402
from dinghy.ui.grid.compass import WindRose  # noqa: E402
from dinghy.ui.grid.drawing import BoardDrawing  # noqa: E402
from dinghy.ui.grid.squares import SquareScan  # noqa: E402
from dinghy.ui.hud import SeatChip  # noqa: E402
from dinghy.ui.shell.board_view import seat_colour  # noqa: E402
from dinghy.ui.shell.generic import GenericView  # noqa: E402
from dinghy.ui.shell.on_screen import OnScreen, Rect, Spot, core, inside  # noqa: E402

#: Zoom limits, pixels per square.
MIN_ZOOM, MAX_ZOOM = 4.0, 400.0
#: A fitted board whose squares are at least this share of a touch target stays fitted.
TOUCH_SLACK = 1.0
#: Seat flags the seats bar names (finished is said by the place).
CHIP_FLAGS = ("penalty", "blocked", "spinnaker", "premature", "out")


def board_title(game: Any) -> str:
    board = game.board
    return getattr(board, "title", "") or getattr(board, "name", "") or game.setup.course


def fit_text(label: Any, text: str, width: float) -> None:
    """``text`` on ``label``, cut short with an ellipsis until it fits ``width`` pixels."""
    label.text = text
    while label.content_width > width and len(text) > 8:
        text = text[: int(len(text) * 0.9)].rstrip()
        label.text = text + "…"


def status_lines(note: str, fallback: str) -> tuple[str, str]:
    """("Turn 4", "before the start") from "Turn 4 (before the start): Ann to act."."""
    head = re.split(r"[:;]", note, maxsplit=1)[0].strip().rstrip(".") if note else ""
    if not head:
        return (fallback[:22], "")
    main, _, sub = head.partition("(")
    main, sub = main.strip(), sub.split(")", 1)[0].strip()
    if len(main) > 22:
        main, sub = main[:21] + "…", sub
    return (main, sub[:30])


def chips_with_flags(chips: list[SeatChip], picture: Any) -> list[SeatChip]:
    """The seats bar with each boat's flags (penalty, blocked, spinnaker) added."""
    flags = {b.seat: [f for f in b.flags if f in CHIP_FLAGS] for b in picture.boats}
    out = []
    for chip in chips:
        extra = [] if chip.done else flags.get(chip.seat, [])
        out.append(replace(chip, status=" · ".join(([chip.status] if chip.status else []) + extra))
                   if extra else chip)
    return out


def fit_board(camera: Camera, board: Any, *, corner: tuple[float, float] = (0.0, 0.0),
              bottom: float = 0.0, margin: float = 0.0, words: float = 0.0) -> None:
    """Zoom and centre ``camera`` so that the whole board lies in its viewport clear of
    a strip at the ``bottom``, of a widget in the top-left ``corner`` (w, h) and of a
    strip of ``words`` along the top beside it (the game's note): beside the corner
    widget or below it, whichever shows the board larger."""
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
    camera.cx = board.width / 2 - (left / 2) / zoom
    camera.cy = board.height / 2 - ((bottom - top) / 2) / zoom


def centre_camera(camera: Camera, board: Any, point: tuple[float, float],
                  room: tuple[float, float, float, float]) -> None:
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


def colours(game: Any) -> dict[int, tuple[int, int, int]]:
    return {i: seat_colour(game, i) for i in range(len(game.setup.seats))}


class GridView(GenericView):
    """``GridView(scene)``: the board of a grid game and its action buttons."""

    shortcuts = [
        ("1 … 9", "Play the panel's action with that number"),
        ("+ / −", "Zoom in / out"),
        ("F", "Fit the board"),
        ("Arrows", "Pan the board"),
        ("Drag / wheel", "Pan / zoom the board"),
    ]

    #: Upright, the panel holds a hint, the note and a few buttons: the board takes more.
    sheet_share = 0.3

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.follow = True
        self.camera = Camera(min_zoom=MIN_ZOOM, max_zoom=MAX_ZOOM)
        self.drawing: BoardDrawing | None = None
        self.picture: Any = None
        self._picture_key: Any = None
        self.scan: SquareScan | None = None
        self.chooser: SquareChooser | None = None
        self._fitted = False

    # --- words -------------------------------------------------------------------------
    @classmethod
    def board_name(cls, game: Any) -> str:
        return f"{game.title or game.rules_name} · {board_title(game)}"

    def status(self) -> tuple[str, str]:
        """The top bar's two short lines, from the head of the game's note ("Turn 4
        (before the start): ..." -> "Turn 4", "before the start"); the whole note is
        written over the board."""
        return status_lines(self.current_picture().note, self.game.title or board_title(self.game))

    def seat_chips(self) -> list[SeatChip]:
        chips = super().seat_chips()
        if self.picture is None:
            return chips
        return chips_with_flags(chips, self.picture)

    # --- building and layout ---------------------------------------------------------------
    def build(self) -> None:
        g = self.gui
        self.drawing = BoardDrawing(g.batch, self.game.board, scale=g.scale)
        add = g.add
        self.rose = add(WindRose(g, getattr(self.game.board, "wind_from", 0) or 0))
        self.zoom_in = add(Button(g, "+", lambda: self.zoom(1.4), style="water", pt=theme.HEADER_PT + 2))
        self.zoom_out = add(Button(g, "−", lambda: self.zoom(1 / 1.4), style="water", pt=theme.HEADER_PT + 2))
        self.fit_button = add(Button(g, "Fit board", self.fit, style="water"))
        self.note = add(Text(g, "", theme.SMALL_PT + 1, theme.ON_WATER, bold=True))

    def layout(self, x: float, y: float, w: float, h: float) -> None:
        g = self.gui
        px, t = g.px, g.touch
        m = px(8)
        self.board_rect = (x, y, w, h)
        self.camera.set_viewport(x, y, w, h)
        size = min(px(130), w * 0.3, h * 0.3)
        self.rose.place(x + m, y + h - m - size - px(20), size, size + px(20))
        place_row(g, ((self.zoom_in, t), (self.zoom_out, t), (self.fit_button, px(110))), x + m, y + m)
        nx = x + m + size + px(12)
        self.note.place(nx, y + h - m - px(22), max(t, x + w - m - nx), px(22))
        self._show_note()
        if not self._fitted:
            self._fitted = True
            self.fit(redraw=False)
            self.follow_acting()
        self.redraw()

    # --- the camera ------------------------------------------------------------------------
    def fit(self, redraw: bool = True) -> None:
        """The whole board, clear of the wind rose (left), the game's note beside it (the
        line along the top) and the camera buttons (below)."""
        g = self.gui
        fit_board(self.camera, self.game.board, corner=(self.rose.w + g.px(16), self.rose.h + g.px(16)),
                  bottom=g.touch + g.px(16), margin=g.px(12), words=self.note.h + g.px(8))
        if redraw:
            self.redraw()

    def follow_acting(self) -> None:
        """On a person's turn: the acting boat and every highlighted square in view, the
        squares a touch target wide where they can be (else as large as they fit). With
        Follow off the view is left alone unless the squares are too small to tap."""
        if not self.human_turn or self.gui is None:
            return
        if not self.follow and self.camera.zoom >= self.gui.touch * TOUCH_SLACK:
            return
        spot = self._acting_boat()
        cells = ([spot] if spot is not None else []) + list(self.targets)
        if not cells:
            return
        c, g, touch = self.camera, self.gui, self.gui.touch
        bottom, top = g.touch + g.px(16), g.px(30)      # clear of the camera buttons and the note
        room = (c.x0, c.y0 + bottom, c.width, c.height - bottom - top)
        lo_x, hi_x = min(x for x, _ in cells), max(x for x, _ in cells) + 1
        lo_y, hi_y = min(y for _, y in cells), max(y for _, y in cells) + 1
        if c.zoom >= touch * TOUCH_SLACK and self._in_room((lo_x, lo_y, hi_x, hi_y), room):
            return
        # one spare cell round the region, so a target never sits on the edge
        fits = min(room[2] / (hi_x - lo_x + 1), room[3] / (hi_y - lo_y + 1))
        c.zoom = c.clamp(min(max(c.zoom, touch * 1.05), fits))
        centre_camera(c, self.game.board, ((lo_x + hi_x) / 2, (lo_y + hi_y) / 2), room)

    def _in_room(self, region: tuple[float, float, float, float],
                 room: tuple[float, float, float, float]) -> bool:
        """Whether the world rectangle ``region`` lies inside the window rectangle ``room``."""
        c = self.camera
        ax, ay = c.world_to_screen(region[0], region[1])
        bx, by = c.world_to_screen(region[2], region[3])
        return room[0] <= ax and room[1] <= ay and bx <= room[0] + room[2] and by <= room[1] + room[3]

    def _acting_boat(self) -> tuple[int, int] | None:
        seat = self.acting_seat()
        for bm in (self.picture.boats if self.picture is not None else ()):
            if bm.seat == seat and self.game.board.in_bounds(bm.x, bm.y):
                return (bm.x, bm.y)
        return None

    def zoom(self, factor: float) -> None:
        c = self.camera
        c.zoom_at(c.x0 + c.width / 2, c.y0 + c.height / 2, factor)
        self.redraw()

    # --- state -> screen ----------------------------------------------------------------------
    def viewer(self) -> int | None:
        """The seat whose eyes the board shows (None: nobody sits at the table, all bots)."""
        seat = self.scene.viewer
        if seat is None:
            humans = self.scene.humans
            seat = humans[0] if humans else None
        return seat

    def current_picture(self) -> Any:
        """The game's picture of the state now, for the seat at the table (asked again
        only when the state or the seat changed)."""
        viewer = self.viewer()
        state = self.race.state
        if self.picture is None or self._picture_key is None or self._picture_key[0] is not state \
                or self._picture_key[1] != viewer:
            self.picture = self.game.picture(state, viewer if viewer is not None else 0)
            self._picture_key = (state, viewer)
        return self.picture

    def refresh(self, new_step: bool) -> None:
        self.current_picture()
        self.rose.set_wind(self.picture.wind_from)
        self._show_note()
        if new_step:
            self.scan_squares()
            if self._fitted:
                self.follow_acting()
        self.redraw()
        self.build_panel()
        self.scene.layout_side()

    def _show_note(self) -> None:
        """The game's note over the board, cut to the room there is."""
        if hasattr(self, "note") and self.note.w > 1:
            fit_text(self.note.label, self.picture.note if self.picture is not None else "", self.note.w)

    def scan_squares(self) -> None:
        """What the squares do now, asked of the engine once per decision (nearest the
        acting boat first, within a time budget: see :mod:`dinghy.ui.grid.squares`)."""
        self.scan = None
        race = self.race
        if race.over or race.chance or not self.human_turn:
            return
        origin = self._acting_boat()
        if origin is None:
            start = self.game.board.start
            origin = ((start.a[0] + start.b[0]) // 2, (start.a[1] + start.b[1]) // 2)
        self.scan = SquareScan(self.game, race.state, origin)

    @property
    def targets(self) -> list[tuple[int, int]]:
        """The highlighted cells: those with a legal action (as far as asked)."""
        return self.scan.targets if self.scan is not None else []

    @property
    def squares(self) -> dict[tuple[int, int], list[Any]]:
        return self.scan.cells if self.scan is not None else {}

    def actions_at(self, cell: tuple[int, int] | None) -> list[Any]:
        """What tapping ``cell`` does now (nothing while it is not a person's decision)."""
        if cell is None or self.scan is None:
            return []
        if self.scan.state is not self.race.state:      # the position moved on: ask afresh
            self.scan_squares()
            if self.scan is None:
                return []
        return self.scan.at(cell)

    def redraw(self) -> None:
        if self.drawing is None or not hasattr(self, "board_rect"):
            return
        self.drawing.draw(self.camera, self.picture, colours(self.game), targets=self.targets,
                          active=None if self.race.over else self.acting_seat(),
                          viewer=self.viewer())

    def on_curtain_lifted(self) -> None:
        self.refresh(new_step=False)

    def after_undo(self) -> None:
        self._close_chooser()

    def reset_choices(self) -> None:
        self._close_chooser()

    # --- the panel: what the squares do not cover ------------------------------------------------
    def panel_actions(self) -> list[Any]:
        on_squares = self.scan.legal_actions() if self.scan is not None else []
        return [a for a in self.race.legal_actions() if a not in on_squares]

    def build_panel(self) -> None:
        """The generic panel; when the line over the board cuts the game's note (the
        engine's words: whose turn, the point of sailing, what it allows), the whole
        note goes under the hint, wrapped, if the panel has the room."""
        super().build_panel()
        self.note_row: Text | None = None
        note = self.picture.note if self.picture is not None else ""
        if self.hint_row is None or not note or self.note.label.text == note \
                or not hasattr(self.scene, "side_rect"):
            return
        g = self.gui
        row = Text(g, note, theme.SMALL_PT + 1, theme.INK, multiline=True)
        row.label.width = max(1, int(self.scene.side_rect[1] - 2 * g.px(theme.PAD)))
        need = row.label.content_height + g.px(8)
        if need > self.scene.panel_rows_free(self.used_rows()) * (g.touch + g.px(6)):
            row.delete()
            return
        self.gui.add(row)
        self.widgets.append(row)
        self.rows.insert(self.rows.index([self.hint_row]) + 1, [row])
        self.note_row, self._note_h = row, need

    def row_height(self, row: list[Any]) -> float:
        if row and row[0] is getattr(self, "note_row", None):
            return self._note_h
        return super().row_height(row)

    def panel_hint(self) -> str:
        if not self.targets:
            return ""
        return f"Tap a highlighted {'point' if self.game.board.cells == 'points' else 'square'} to sail there"

    # --- what must be seen -------------------------------------------------------------------
    def cell_rect(self, x: float, y: float) -> Rect:
        """The window rectangle of square (or intersection) ``(x, y)``."""
        c = self.camera
        ax, ay = c.world_to_screen(x, y)
        return (ax, ay, c.zoom, c.zoom)

    def next_goal(self) -> Any:
        """Where the acting boat sails for next (the picture's goal), or None."""
        seat = self.acting_seat()
        pic = self.picture
        return None if pic is None or seat is None else pic.goals.get(seat)

    def on_screen(self) -> OnScreen:
        """The acting boat, the highlighted squares, the next mark and what is drawn over
        the board, in window pixels (see :mod:`dinghy.ui.shell.on_screen`)."""
        c = self.camera
        out = OnScreen((c.x0, c.y0, c.width, c.height))
        spot = self._acting_boat()
        if spot is not None:
            out.boat = Spot("boat", self.cell_rect(*spot), "the boat")
        out.targets = [Spot("target", self.cell_rect(*t), f"square {t}") for t in self.targets]
        goal = self.next_goal()
        if goal is not None:
            out.mark_name = goal.name
            r = self.cell_rect(goal.x, goal.y)
            if inside(core(r), out.water):
                out.mark = Spot("mark", r, goal.name)
        ws = [("rose", self.rose), ("note", self.note), ("button", self.zoom_in),
              ("button", self.zoom_out), ("button", self.fit_button)]
        out.covers = [Spot(k, (w.x, w.y, w.w, w.h), k) for k, w in ws if w.visible and w.w > 0]
        if self.drawing is not None:
            out.covers += [Spot("label", r, t) for t, r in self.drawing.label_rects]
        return out

    # --- taps ----------------------------------------------------------------------------------
    def cell_at(self, sx: float, sy: float) -> tuple[int, int] | None:
        """The square (or intersection) under a window pixel, or None off the board."""
        if not self.camera.contains_screen(sx, sy):
            return None
        wx, wy = self.camera.screen_to_world(sx, sy)
        x, y = int(wx // 1), int(wy // 1)
        b = self.game.board
        return (x, y) if 0 <= x < b.width and 0 <= y < b.height else None

    def screen_of(self, cell: tuple[int, int]) -> tuple[float, float]:
        """The window pixel at the middle of a square (for tests and the chooser)."""
        return self.camera.world_to_screen(cell[0] + 0.5, cell[1] + 0.5)

    def _near_target(self, sx: float, sy: float) -> tuple[int, int] | None:
        """A highlighted square whose middle is within half a touch target of the tap."""
        best, reach = None, (self.gui.touch / 2) ** 2
        for cell in self.targets:
            cx, cy = self.screen_of(cell)
            d = (cx - sx) ** 2 + (cy - sy) ** 2
            if d <= reach:
                best, reach = cell, d
        return best

    def tap(self, x: float, y: float) -> None:
        race, toast = self.race, self.scene.toast
        if race.over or not self.human_turn:
            return
        if race.chance:
            toast.show("Roll the dice first")
            return
        cell = self.cell_at(x, y)
        acts = self.actions_at(cell)
        if not any(a.legal for a in acts):
            near = self._near_target(x, y)
            if near is not None:
                cell, acts = near, self.actions_at(near)
        legal = [a for a in acts if a.legal]
        if len(legal) == 1:
            self.play(legal[0].action)
        elif legal:
            self.choose(cell, legal)
        elif acts:
            why = next(a for a in acts if a.reason)
            toast.show(f"{why.label}: {why.reason}")
        elif cell is not None and self.targets:
            toast.show("Nothing to do there: tap a highlighted square")

    def hover(self, x: float, y: float) -> None:
        """The panel's hint line says what the square under the pointer does."""
        row = self.hint_row
        if row is None:
            return
        cell = self.cell_at(x, y)
        acts = self.actions_at(cell)
        if acts:
            text = " / ".join(a.label if a.legal else f"{a.label}: {a.reason}" for a in acts)
        else:
            text = self.panel_hint()
        if row.text != text:
            fit_text(row.label, text, row.w)

    def choose(self, cell: tuple[int, int], legal: list[Any]) -> None:
        """Several actions on one square: a small list to pick from."""
        self._close_chooser()
        choices = [(a.label, lambda a=a: self.play(a.action)) for a in legal]
        self.chooser = SquareChooser(self.gui, f"Square {cell[0]}, {cell[1]}", choices)
        self.gui.open(self.chooser)

    def _close_chooser(self) -> None:
        if self.chooser is not None and self.chooser in self.gui.modals:
            self.chooser.dismiss()
        self.chooser = None

    # --- input the widgets did not take --------------------------------------------------------
    def board_contains(self, x: float, y: float) -> bool:
        return self.camera.contains_screen(x, y)

    def pan(self, dx: float, dy: float) -> None:
        self.camera.pan(dx, dy)
        self.redraw()

    def scroll(self, x: float, y: float, clicks: float) -> bool:
        if not self.camera.contains_screen(x, y):
            return False
        self.camera.scroll(x, y, clicks)
        self.redraw()
        return True

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        step = self.gui.px(60)
        moves = {key.LEFT: (step, 0), key.RIGHT: (-step, 0), key.UP: (0, -step), key.DOWN: (0, step)}
        if symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            self.zoom(1.4)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            self.zoom(1 / 1.4)
        elif symbol == key.F:
            self.fit()
        elif symbol in moves:
            self.pan(*moves[symbol])
        else:
            return super().on_shortcut(symbol, modifiers)
        return True

    def delete(self) -> None:
        if self.drawing is not None:
            self.drawing.delete()
            self.drawing = None
