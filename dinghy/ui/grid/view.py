"""The grid board view: any grid game at the table, played by tapping squares.

The board shows the game's :class:`~dinghy.games.grid.picture.GridPicture` for the seat
at the table (its private tokens, nobody else's). On a person's turn the view asks
``game.square_actions(state, x, y)`` of every square once per decision: squares with a
legal action are highlighted; a tap plays the one action there, opens a chooser when
there are several, or shows the engine's reason when there is none. Whatever the
squares do not cover (wait, penalty turn, a card, the dice) is a button in the side
panel, as the generic view makes them. Small boards are zoomed so that a square is a
48-pixel touch target round the acting boat; ``Fit board`` shows it all.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from dinghy.ui.widgets import Button, Text, key  # noqa: F401  (configures pyglet first)

from dinghy.ui import theme  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.grid.chooser import SquareChooser  # noqa: E402
from dinghy.ui.grid.compass import WindRose  # noqa: E402
from dinghy.ui.grid.drawing import BoardDrawing  # noqa: E402
from dinghy.ui.hud import SeatChip  # noqa: E402
from dinghy.ui.shell.board_view import seat_colour  # noqa: E402
from dinghy.ui.shell.generic import GenericView  # noqa: E402

#: Zoom limits, pixels per square.
MIN_ZOOM, MAX_ZOOM = 4.0, 400.0
#: A fitted board whose squares are at least this share of a touch target stays fitted
#: (a tap within half a touch target of a highlighted square's middle still finds it).
TOUCH_SLACK = 0.9
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


def fit_board(camera: Camera, board: Any, *, left: float = 0.0, bottom: float = 0.0,
              margin: float = 0.0) -> None:
    """Zoom and centre ``camera`` so that the whole board lies in its viewport less a
    strip ``left`` and one at the ``bottom`` (where widgets float over the board)."""
    room_w = max(1.0, camera.width - left - 2 * margin)
    room_h = max(1.0, camera.height - bottom - 2 * margin)
    camera.zoom = camera.clamp(min(room_w / board.width, room_h / board.height))
    # the board's middle goes to the middle of the free room
    off_x = left / 2
    off_y = bottom / 2
    camera.cx = board.width / 2 - off_x / camera.zoom
    camera.cy = board.height / 2 - off_y / camera.zoom


def centre_camera(camera: Camera, board: Any, cell: tuple[int, int],
                  room: tuple[float, float, float, float]) -> None:
    """Put ``cell`` in the middle of ``room`` (a window rectangle inside the viewport),
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

    c.cx = axis(cell[0] + 0.5, board.width, fx, fw, mid_x)
    c.cy = axis(cell[1] + 0.5, board.height, fy, fh, mid_y)


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

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.follow = True
        self.camera = Camera(min_zoom=MIN_ZOOM, max_zoom=MAX_ZOOM)
        self.drawing: BoardDrawing | None = None
        self.picture: Any = None
        self._picture_key: Any = None
        self.squares: dict[tuple[int, int], list[Any]] = {}
        self.targets: list[tuple[int, int]] = []
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
        bx = x + m
        for b, bw in ((self.zoom_in, t), (self.zoom_out, t), (self.fit_button, px(110))):
            b.place(bx, y + m, bw, t)
            bx += bw + px(6)
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
        """The whole board, clear of the wind rose (left) and the camera buttons (below)."""
        g = self.gui
        fit_board(self.camera, self.game.board, left=self.rose.w + g.px(16), bottom=g.touch + g.px(16),
                  margin=g.px(12))
        if redraw:
            self.redraw()

    def follow_acting(self) -> None:
        """On a person's turn, squares of at least a touch target round the acting boat."""
        if not self.follow or not self.human_turn or self.gui is None:
            return
        spot = self._acting_boat()
        if spot is None:
            return
        c, touch = self.camera, self.gui.touch
        if c.zoom >= touch * TOUCH_SLACK and self._in_view(spot):
            return
        c.zoom = c.clamp(max(c.zoom, touch * 1.05))
        g = self.gui
        # the free room: above the camera buttons, below the note
        bottom, top = g.touch + g.px(16), g.px(30)
        centre_camera(c, self.game.board, spot, (c.x0, c.y0 + bottom, c.width, c.height - bottom - top))

    def _in_view(self, cell: tuple[int, int]) -> bool:
        """Whether the cell and its neighbours are all on screen."""
        c = self.camera
        x0, y0 = c.world_to_screen(cell[0] - 1, cell[1] - 1)
        x1, y1 = c.world_to_screen(cell[0] + 2, cell[1] + 2)
        return c.contains_screen(x0, y0) and c.contains_screen(x1 - 1, y1 - 1)

    def _acting_boat(self) -> tuple[int, int] | None:
        seat = self.acting_seat()
        for bm in (self.picture.boats if self.picture is not None else ()):
            if bm.seat == seat and bm.heading is not None:
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
        """What every square does now, asked of the engine once per decision."""
        self.squares, self.targets = {}, []
        race = self.race
        if race.over or race.chance or not self.human_turn:
            return
        b, state = self.game.board, race.state
        for x in range(b.width):
            for y in range(b.height):
                acts = list(self.game.square_actions(state, x, y))
                if acts:
                    self.squares[(x, y)] = acts
                    if any(a.legal for a in acts):
                        self.targets.append((x, y))

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
        on_squares = [a.action for acts in self.squares.values() for a in acts if a.legal]
        return [a for a in self.race.legal_actions() if a not in on_squares]

    def panel_hint(self) -> str:
        if not self.targets:
            return ""
        return f"Tap a highlighted {'point' if self.game.board.cells == 'points' else 'square'} to sail there"

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
        acts = self.squares.get(cell, []) if cell is not None else []
        if not any(a.legal for a in acts):
            near = self._near_target(x, y)
            if near is not None:
                cell, acts = near, self.squares[near]
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
        acts = self.squares.get(cell, []) if cell is not None else []
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
