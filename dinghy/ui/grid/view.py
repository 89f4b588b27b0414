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
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import Dialog
from dinghy.ui.widgets.panels import Band
from dinghy.ui.widgets.text import Text

from dinghy.ui import theme  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.grid.chooser import SquareChooser  # noqa: E402
from dinghy.ui.grid.compass import WindRose  # noqa: E402
from dinghy.ui.grid.card_flip import TurnedCardFace, TurnedCards  # noqa: E402
from dinghy.ui.grid.card_tile import CardTile  # noqa: E402
from dinghy.ui.grid.course_card import card_text  # noqa: E402
from dinghy.games.grid.picture import card_played  # noqa: E402
from dinghy.ui.grid.drawing import BoardDrawing  # noqa: E402
from dinghy.ui.grid.layers import CameraMoves  # noqa: E402
from dinghy.ui.grid.framing import fit_beside_rose, frame, place_rose  # noqa: E402
from dinghy.ui.grid.sight import GridSight  # noqa: E402
from dinghy.ui.grid.squares import SquareScan  # noqa: E402
from dinghy.ui.hud import SeatChip, shown_width  # noqa: E402
from dinghy.ui.shell.board_view import seat_colour  # noqa: E402
from dinghy.ui.shell.edge_arrow import EdgeArrow  # noqa: E402
from dinghy.ui.shell.generic import GenericView  # noqa: E402

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
    """``text`` on ``label``, cut short with an ellipsis until it fits ``width`` pixels
    (measured, then set once: each text set lays the label out again)."""
    shown = text
    while shown_width(label, shown) > width and len(text) > 8:
        text = text[: int(len(text) * 0.9)].rstrip()
        shown = text + "…"
    label.text = shown


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


def colours(game: Any) -> dict[int, tuple[int, int, int]]:
    return {i: seat_colour(game, i) for i in range(len(game.setup.seats))}


class GridView(GridSight, TurnedCards, GenericView):
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
        self.moves = CameraMoves()  # a pan or zoom going on: what is drawn follows the camera

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
        self.camera_band = add(Band(g))      # under the camera buttons: no board behind them
        self.zoom_in = add(Button(g, "+", lambda: self.zoom(1.4), style="water", pt=theme.HEADER_PT + 2))
        self.zoom_out = add(Button(g, "−", lambda: self.zoom(1 / 1.4), style="water", pt=theme.HEADER_PT + 2))
        self.fit_button = add(Button(g, "Fit board", self.fit, style="water"))
        self.card_button = add(Button(g, "Course & key", self.show_card, style="water"))
        self.note_band = add(Band(g))        # under the note: readable over land and tokens
        self.note = add(Text(g, "", theme.SMALL_PT + 1, theme.ON_WATER, bold=True))
        self.arrow = add(EdgeArrow(g, self.look_at_mark))
        self.turned = add(TurnedCardFace(g))

    def layout(self, x: float, y: float, w: float, h: float) -> None:
        """The wind rose in the board's top-right corner, the game's note along the top
        beside it, the camera buttons bottom left; the arrow to an unseen mark where it
        points (placed with each drawing)."""
        g = self.gui
        px, t = g.px, g.touch
        m = px(8)
        self.board_rect = (x, y, w, h)
        self.camera.set_viewport(x, y, w, h)
        place_rose(self.rose, g, (x, y, w, h))
        size = self.rose.w
        self.camera_band.hold(((self.zoom_in, t), (self.zoom_out, t), (self.fit_button, px(110)),
                               (self.card_button, px(140))), x, y, w)
        self.note.place(x + m, y + h - m - px(22), max(t, w - 3 * m - size), px(22))
        self._show_note()
        self.place_turned_card()
        if not self._fitted:
            self._fitted = True
            self.fit(redraw=False)
            self.follow_acting()
        elif getattr(self, "_laid_for", None) != self.board_rect:
            self.follow_acting()            # the window changed size (a tablet turned): the decision in sight
        self._laid_for = self.board_rect
        self.redraw()

    # --- the camera ------------------------------------------------------------------------
    def fit(self, redraw: bool = True) -> None:
        """The whole board, clear of the wind rose, the note (along the top) and the
        camera buttons (below)."""
        fit_beside_rose(self.camera, self.game.board, self.gui, self.rose, words=self.note.h)
        if redraw:
            self.redraw()

    def show_card(self) -> None:
        """The course card and the key (one tap): the legs, and what is on the water."""
        self.gui.open(Dialog(self.gui, "The course and the key",
                             card_text(self.game.board, self.current_picture())))

    def follow_acting(self) -> None:
        """At a person's decision: the acting boat and every highlighted square in a clear
        part of the board, a touch target wide where they fit, and the next mark with
        them when it fits too (else the arrow at the edge points to it). A view that
        already shows them so does not move."""
        if not self.human_turn or self.gui is None:
            return
        spot = self._acting_boat()
        cells = ([spot] if spot is not None else []) + list(self.targets)
        goal = self.next_goal()
        mark = (goal.x, goal.y) if goal is not None else None
        if not cells:
            return
        frame(self.camera, self.game.board, cells, mark, self.clear_rooms(), self.gui.touch,
              marks=[(m.x, m.y) for m in self.game.board.marks or ()])

    def _acting_boat(self) -> tuple[int, int] | None:
        seat = self.acting_seat()
        for bm in (self.picture.boats if self.picture is not None else ()):
            if bm.seat == seat and self.game.board.in_bounds(bm.x, bm.y):
                return (bm.x, bm.y)
        return None

    def zoom(self, factor: float) -> None:
        c = self.camera
        c.zoom_at(c.x0 + c.width / 2, c.y0 + c.height / 2, factor)
        if self.moves.zoomed(self.drawing, self.camera, self.redraw):
            self.place_arrow()

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
        if self.panel_waits():
            # the next person's decision: the curtain covers the table now, and its lift
            # (on_curtain_lifted) draws the board and the panel for their eyes
            return
        self.redraw()
        self.build_panel()
        self.scene.layout_side()

    def _show_note(self) -> None:
        """The game's note over the board, cut to the room there is."""
        if hasattr(self, "note") and self.note.w > 1:
            fit_text(self.note.label, self.picture.note if self.picture is not None else "", self.note.w)
            n, pad = self.note, self.gui.px(4)
            shown = bool(n.label.text)
            self.note_band.visible = shown
            if shown:
                self.note_band.place(n.x - pad, n.y, min(n.w, n.label.content_width) + 2 * pad, n.h)

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
        self.moves.drawn()
        self.place_arrow()
        self.drawing.draw(self.camera, self.picture, colours(self.game), targets=self.targets,
                          cards=self.scan.card_targets(self.acting_seat()) if self.scan is not None else None,
                          active=None if self.race.over else self.acting_seat(),
                          viewer=self.viewer(), goal=self.next_goal(),
                          clear=[o.rect for o in self.overlays()] + ([self.arrow.rect] if self.arrow.visible else []))

    def on_curtain_lifted(self) -> None:
        self.refresh(new_step=False)

    def after_undo(self) -> None:
        self._close_chooser()
        self.turned.hide()

    def reset_choices(self) -> None:
        self._close_chooser()

    # --- the panel: what the squares do not cover ------------------------------------------------
    def panel_actions(self) -> list[Any]:
        """What the squares do not cover, and what a boat's square offers (wait, end the
        turn, a penalty turn, a protest...): worded buttons, still a tap on the boat too."""
        memo = getattr(self, "_panel_memo", None)       # asked twice a panel built
        if memo is not None and memo[0] is not None:
            return list(memo[0])
        boats = {(b.x, b.y) for b in self.picture.boats} if self.picture is not None else set()
        on_squares = [a.action for cell, acts in self.squares.items() if cell not in boats
                      for a in acts if a.legal]
        self._boat_words = [(a.action, a.label) for cell in boats for a in self.squares.get(cell, ()) if a.legal]
        on_cards = [p.action for p in self.card_piles() if p.action is not None]
        taken: Any = on_squares + on_cards
        try:
            taken = set(taken)
        except TypeError:           # an action that cannot be hashed: the list, asked in turn
            pass
        out = [a for a in self.legal_now() if a not in taken]
        if memo is not None:
            memo[0] = out
        return list(out)

    def legal_now(self) -> list[Any]:
        """The engine's list of legal actions, asked once a position (the panel asks it
        for its cards' room and again for its buttons)."""
        state = self.race.state
        if getattr(self, "_legal_for", None) is not state:
            self._legal_for, self._legal = state, list(self.race.legal_actions())
        return list(self._legal)

    def action_words(self, action: Any) -> str:
        """A boat's square's action in that square's words ("Luff for one leg (stay)")."""
        words = getattr(self, "_boat_words", [])
        return next((w for a, w in words if a == action), None) or super().action_words(action)

    def card_piles(self) -> tuple[Any, ...]:
        """The acting seat's cards (the picture's), on a person's decision."""
        race, seat = self.race, self.acting_seat()
        if race.over or race.chance or not self.human_turn or self.picture is None or seat is None:
            return ()
        return tuple(getattr(self.picture, "cards", {}).get(seat, ()))

    def roll_hint(self) -> str:
        """The game's note says what the roll is for ("End of turn 4: the die decides the wind.")."""
        return self.picture.note if self.picture is not None else ""

    def rows_before_actions(self) -> None:
        """The seat's cards, one tile a row, under the hint (before the buttons page)."""
        tiles = self.card_row()
        g = self.gui
        keep = min(2, len(self.panel_actions()))          # room kept for the first buttons
        room = (self.scene.panel_rows_free(self.used_rows()) + 1 - keep) * (g.touch + g.px(6)) \
            if hasattr(self.scene, "side_rect") else float("inf")
        fit = 0
        for t in tiles:                                   # as many whole tiles as there is room for
            room -= t.fit(self.panel_width()) + g.px(6)
            if room < 0:
                break
            fit += 1
        for t in tiles[:fit]:
            self._add(t)
        for t in tiles[fit:]:
            t.delete()
            self.buttons = {k: b for k, b in self.buttons.items() if b is not t}

    def card_row(self) -> list[CardTile]:
        """The seat's cards as tiles: "Tap to play", or the engine's reason why not, or how
        the card is played (with a move on the board, by chance)."""
        tiles = []
        for pile in self.card_piles():
            why = self.race.why_not(pile.action) if pile.action is not None else None
            playable = pile.action is not None and why is None
            if playable:
                words = f"Tap to play: {pile.how}"
            elif pile.action is not None:
                words = f"Not now: {why}"
            else:
                words = "None left" if pile.count == 0 else pile.how[:1].upper() + pile.how[1:]

            def tapped(pile: Any = pile, playable: bool = playable, words: str = words) -> None:
                if playable:
                    self.play(pile.action)
                else:
                    self.scene.toast.show(f"{pile.name}: {words}")
            tile = CardTile(self.gui, pile.name, pile.count, words, tapped, playable)
            if pile.action is not None:
                self.buttons[self.game.action_text(pile.action)] = tile     # type: ignore[assignment]
            tiles.append(tile)
        return tiles

    def build_panel(self) -> None:
        """The generic panel; when the line over the board cuts the game's note (the
        engine's words: whose turn, the point of sailing, what it allows), the whole
        note goes under the hint, wrapped, if the panel has the room."""
        self._panel_memo: list[Any] | None = [None]    # the squares and cards stay while it is built
        try:
            super().build_panel()
        finally:
            self._panel_memo = None
        self.note_row: Text | None = None
        note = self.picture.note if self.picture is not None else ""
        if self.hint_row is None or not note or note in (self.note.label.text, self.hint_row.text) \
                or not hasattr(self.scene, "side_rect"):
            return
        g = self.gui
        row = Text(g, note, theme.SMALL_PT + 1, theme.INK, multiline=True,
                   width=max(1, int(self.scene.side_rect[1] - 2 * g.px(theme.PAD))))
        need = row.label.content_height + g.px(8)
        if need > self.scene.panel_room_free(self.used_rows()):
            row.delete()
            return
        self.gui.add(row)
        self.widgets.append(row)
        self.rows.insert(self.rows.index([self.hint_row]) + 1, [row])
        self.note_row, self._note_h = row, need

    def row_height(self, row: list[Any]) -> float:
        if row and row[0] is getattr(self, "note_row", None):
            return self._note_h
        if row and isinstance(row[0], CardTile):
            return row[0].fit(self.panel_width()) + self.gui.px(6)
        return super().row_height(row)

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
        if row is None or self.race.chance:      # the line over the roll says what it is for
            return
        cell = self.cell_at(x, y)
        acts = self.actions_at(cell)
        if acts:
            text = " / ".join(a.label if a.legal else f"{a.label}: {a.reason}" for a in acts)
            card = card_played(self.game, [a.action for a in acts if a.legal], self.acting_seat())
            if card is not None:        # what the tap spends first, before the line is cut
                text = f"Plays a {card.name.lower()} card: {text}"
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
        """The board follows the finger by moving what is drawn (a drag sends a pan each
        frame); it is drawn afresh, its words placed for the new view, once it stops."""
        self.camera.pan(dx, dy)
        if self.moves.panned(self.drawing, self.camera, self.redraw):
            self.place_arrow()

    def tick(self, dt: float) -> None:
        """Every frame: the frame after a pan or a zoom stopped, the board drawn afresh."""
        super().tick(dt)
        if self.moves.tick():
            self.redraw()

    def scroll(self, x: float, y: float, clicks: float) -> bool:
        if not self.camera.contains_screen(x, y):
            return False
        self.camera.scroll(x, y, clicks)
        if self.moves.zoomed(self.drawing, self.camera, self.redraw):
            self.place_arrow()
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
