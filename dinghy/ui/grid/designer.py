"""The course designer for grid boards: ``dinghy design BOARD.toml`` (or ``--game GAME``).

The board on the left, the tools on the right. Everything snaps to the grid: the *Mark*
tool drops a mark on the tapped cell (rounded last, to port); tapping a mark turns its
rounding side; dragging a mark moves it to another cell. *Land* turns a cell to land
and back. *Start* and *Finish* take two taps: one end, then the other. *Erase* takes a
mark (the later ones move up the order) or land away. The wind selector turns the
wind. A board's game-specific ``extras`` (:mod:`dinghy.games.grid.extras`: start squares,
fixed puffs, ...) have a selector: a list of cells is edited by taps with the *Extras*
tool, a number by a second selector. The live check lists what the saved file would be refused for (errors) and what a
race officer should look at (warnings); *Save* writes the board atomically through
:func:`dinghy.games.grid.loading.save_board` and refuses while there are errors; *Test
sail* saves, then bots race the board's game on it over the designer.

Every edit is a function of :mod:`dinghy.games.grid.board_edit`; an edit the board cannot
take comes back as its own sentence in the status line. Ctrl+Z / Ctrl+Y undo and redo.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

from dinghy.ui.widgets.gui import key  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button, place_row
from dinghy.ui.widgets.panels import Panel
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text

from dinghy.core.errors import DinghyError  # noqa: E402
from dinghy.games.grid import compass  # noqa: E402
from dinghy.games.grid.board import MAX_SIZE, Board  # noqa: E402
from dinghy.games.grid.loading import save_board  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.games.grid import board_edit as E  # noqa: E402
from dinghy.games.grid import extras as X  # noqa: E402
from dinghy.ui.grid.compass import WindRose  # noqa: E402
from dinghy.ui.grid.drawing import BoardDrawing  # noqa: E402
from dinghy.ui.grid.layers import CameraMoves  # noqa: E402
from dinghy.ui.grid.framing import fit_beside_rose, place_rose  # noqa: E402
from dinghy.ui.grid.view import MAX_ZOOM, MIN_ZOOM, fit_text  # noqa: E402
from dinghy.ui.scene import ChartScene  # noqa: E402
from dinghy.ui.grid.board_trial import sail_board  # noqa: E402

TOOLS = (("mark", "Mark"), ("land", "Land"), ("start", "Start"), ("finish", "Finish"), ("erase", "Erase"))
HINTS = {
    "mark": "Tap water to drop a mark (rounded last, to port); tap a mark to turn its side; "
            "drag a mark to move it.",
    "land": "Tap a cell to make it land, tap land to make it water again.",
    "start": "Tap one end of the start line, then the other.",
    "finish": "Tap one end of the finish line, then the other.",
    "erase": "Tap a mark or land to take it away.",
    "extras": "Tap a cell to add it to the {} (at the end of the list), tap it again to take it away.",
}
SEAT_ONE = {0: (243, 178, 62)}


class GridDesignerScene(ChartScene):
    """``GridDesignerScene(board, path=None)``: edit ``board``; Save writes ``path`` (or
    ``$DINGHY_HOME/courses/grid/<name>.toml``; a shipped board saves as a copy there)."""

    shortcuts = [
        ("1 … 6", "Mark, Land, Start, Finish, Erase, Extras tool"),
        ("Ctrl+Z / Ctrl+Y", "Undo / redo"),
        ("Ctrl+S", "Save"),
        ("F, + / −", "Fit the board, zoom in / out"),
        ("Esc", "Forget a half-drawn line"),
    ]
    help_title = "Grid board designer: keyboard shortcuts"
    water = False

    def __init__(self, board: Board, path: str | os.PathLike[str] | None = None, *,
                 bot_delay: float | None = None) -> None:
        super().__init__()
        self.bot_delay = bot_delay
        self.history: list[Board] = [board]
        self.at = 0
        self.path = Path(path) if path is not None else None
        self.saved: Board | None = board if self.path is not None and self.path.exists() else None
        self.tool = "mark"
        self.pending: tuple[int, int] | None = None      # a line's first end
        self.message = ""
        self.camera = Camera(min_zoom=MIN_ZOOM, max_zoom=MAX_ZOOM)
        self.moves = CameraMoves()                # a pan or zoom going on: the drawing follows
        self._press: tuple[float, float, tuple[int, int] | None] | None = None
        self._fitted = False
        self.extras = X.extras_of(board.game)
        self.tools = TOOLS + ((("extras", "Extras"),) if any(e.kind == "cells" for e in self.extras) else ())
        self.extra = self.extras[0] if self.extras else None

    # --- the board and its history -----------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.history[self.at]

    @property
    def modified(self) -> bool:
        return self.board != self.saved

    def edit(self, fn: Callable[..., Board], *args: Any) -> bool:
        """Apply one edit; False (and its reason in the status line) if refused."""
        try:
            new = fn(self.board, *args)
        except DinghyError as exc:
            self.say(str(exc))
            return False
        if new != self.board:
            del self.history[self.at + 1:]
            self.history.append(new)
            self.at += 1
        self.refresh()
        return True

    def undo(self) -> None:
        if self.at > 0:
            self.at -= 1
            self.say("Undone.")

    def redo(self) -> None:
        if self.at < len(self.history) - 1:
            self.at += 1
            self.say("Redone.")

    def say(self, text: str) -> None:
        self.message = text
        self.refresh()

    # --- building ------------------------------------------------------------------------------
    def build(self) -> None:
        g = self.gui
        assert g is not None
        add = g.add
        self.drawing = BoardDrawing(g.batch, self.board, scale=g.scale)
        self.chart = self.drawing                 # freed when the scene leaves the stack
        self.top = add(Panel(g, colour=theme.WATER_DEEP, shadow=False))
        self.title = add(Text(g, "", theme.HEADER_PT, theme.ON_WATER, bold=True))
        self.undo_button = add(Button(g, "Undo", self.undo, reason="Nothing to undo"))
        self.redo_button = add(Button(g, "Redo", self.redo, reason="Nothing to redo"))
        self.save_button = add(Button(g, "Save", self.save, style="primary"))
        self.sail_button = add(Button(g, "Test sail", self.test_sail))
        self.help_button = add(Button(g, "?", self.show_help, style="water", pt=theme.HEADER_PT))
        self.close_button = add(Button(g, "Close", self.close, style="water"))
        self.panel = add(Panel(g))
        self.tool_buttons = {t: add(Button(g, label, lambda t=t: self.set_tool(t))) for t, label in self.tools}
        self.extra_choice = add(ChoiceSelector(g, [(e, e.title) for e in self.extras] or [(None, "")], 0,
                                               self.choose_extra))
        self.extra_value = add(ChoiceSelector(g, [(None, "")], 0, self.set_extra_value, wrap=False))
        self.extra_choice.visible = bool(self.extras)
        self.wind = add(ChoiceSelector(g, [(i, f"Wind from {compass.NAMES[i]}") for i in range(8)],
                                       self.board.wind_from, lambda v: self.edit(E.set_wind, v)))
        sizes = [(n, f"{n} wide") for n in range(2, MAX_SIZE + 1)]
        self.width_choice = add(ChoiceSelector(g, sizes, self.board.width - 2, self._resize_w, wrap=False))
        self.height_choice = add(ChoiceSelector(g, [(n, f"{n} high") for n in range(2, MAX_SIZE + 1)],
                                                self.board.height - 2, self._resize_h, wrap=False))
        self.hint = add(Text(g, "", theme.SMALL_PT + 1, theme.INK_SOFT, multiline=True))
        self.status = add(Text(g, "", theme.BODY_PT, theme.INK, bold=True, multiline=True))
        self.findings = add(Text(g, "", theme.SMALL_PT + 1, theme.INK, multiline=True))
        self.fit_button = add(Button(g, "Fit board", self.fit, style="water"))
        self.zoom_in = add(Button(g, "+", lambda: self.zoom(1.4), style="water", pt=theme.HEADER_PT + 2))
        self.zoom_out = add(Button(g, "−", lambda: self.zoom(1 / 1.4), style="water", pt=theme.HEADER_PT + 2))
        self.rose = add(WindRose(g, self.board.wind_from))
        self.refresh()

    def layout(self) -> None:
        g = self.gui
        assert g is not None
        px, t = g.px, g.touch
        W, H = g.width, g.height
        m = px(8)
        bar = t + px(16)
        self.top.place(0, H - bar, W, bar)
        by = H - bar + px(8)
        x = W - m
        for b, bw in ((self.close_button, px(84)), (self.help_button, t), (self.sail_button, px(104)),
                      (self.save_button, px(76)), (self.redo_button, px(76)), (self.undo_button, px(76))):
            x -= bw
            b.place(x, by, bw, t)
            x -= px(6)
        self.title.place(m + px(6), by, max(t, x - 2 * m), t)
        self._set_title(getattr(self, "full_title", ""))
        side = min(max(px(300), W * 0.3), px(400))
        col_x = W - side - m
        self.panel.place(col_x, m, side, H - bar - 2 * m)
        pad = px(theme.PAD)
        inner = side - 2 * pad
        top = H - bar - m - pad
        # the tools: three on the first row, two on the second
        per_row = 3
        bw = (inner - px(6) * (per_row - 1)) / per_row
        for i, (tool, _) in enumerate(self.tools):
            r, c = divmod(i, per_row)
            self.tool_buttons[tool].place(col_x + pad + c * (bw + px(6)), top - (r + 1) * t - r * px(6), bw, t)
        top -= 2 * t + px(6) + px(10)
        self.wind.place(col_x + pad, top - t, inner, t)
        top -= t + px(10)
        half = (inner - px(6)) / 2
        self.width_choice.place(col_x + pad, top - t, half, t)
        self.height_choice.place(col_x + pad + half + px(6), top - t, half, t)
        top -= t + px(10)
        if self.extras:     # the extra to edit, and a number extra's value under it
            self.extra_choice.place(col_x + pad, top - t, inner, t)
            self.extra_value.place(col_x + pad, top - 2 * t - px(6), inner, t)
            top -= 2 * t + px(16)
        rest = top - (m + pad)
        self.hint.place(col_x + pad, top - px(54), inner, px(54))
        self.status.place(col_x + pad, top - px(54) - px(48), inner, px(48))
        self.findings.place(col_x + pad, m + pad, inner, max(px(20), rest - px(110)))
        for txt in (self.hint, self.status, self.findings):
            txt.label.anchor_y = "top"
            txt.label.y = round(txt.y + txt.h)
        board_w = col_x - m
        self.camera.set_viewport(0, 0, board_w, H - bar)
        place_row(g, ((self.zoom_in, t), (self.zoom_out, t), (self.fit_button, px(110))), m, m)
        place_rose(self.rose, g, (0, 0, board_w, H - bar))
        if not self._fitted:
            self._fitted = True
            self.fit(redraw=False)
        self.redraw()

    # --- state -> screen --------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.gui is None:
            return
        b = self.board
        self.full_title = f"{'• ' if self.modified else ''}{b.title} · {b.game} · {self.save_target()}"
        self._set_title(self.full_title)
        self.rose.set_wind(b.wind_from)
        for tool, button in self.tool_buttons.items():
            button.style = "primary" if tool == self.tool else "secondary"
            button.restyle()
        for choice, value in ((self.wind, b.wind_from), (self.width_choice, b.width),
                              (self.height_choice, b.height)):
            if choice.value != value:
                choice.set_value(value)
        hint = HINTS[self.tool].format(self.extra.title.lower() if self.extra else "")
        if self.tool == "extras" and self.extra is not None and self.extra.kind != "cells":
            hint = "Choose a list of cells (start squares, ...) in the extras selector, then tap cells."
        self._show_extra_value()
        if self.pending is not None:
            hint = f"First end at {list(self.pending)}: tap the other end (Esc forgets it)."
        self.hint.text = hint
        self.status.text = self.message
        found = E.check(b)
        self.findings.text = "Check: all clear" if not found else "Check\n" + "\n".join(
            f"{'✗' if f.level == 'error' else '!'} {f.text}" for f in found)
        self.undo_button.enabled = self.at > 0
        self.redo_button.enabled = self.at < len(self.history) - 1
        self.save_button.enabled = self.sail_button.enabled = not any(f.level == "error" for f in found)
        self.save_button.reason = self.sail_button.reason = "The check finds errors: mend them first"
        self.redraw()

    def _set_title(self, text: str) -> None:
        """The title, its path cut from the left until it fits beside the buttons."""
        label, room = self.title.label, max(1.0, self.title.w)
        label.text = text
        head, sep, path = text.rpartition(" · ")
        while label.content_width > room and len(path) > 12:
            path = path[len(path) // 4 + 1:]
            label.text = f"{head}{sep}…{path}"
        if label.content_width > room:          # a long title: cut from its end
            fit_text(label, label.text, room)

    def redraw(self) -> None:
        if getattr(self, "drawing", None) is None or self.camera.width <= 1:
            return
        self.drawing.board = self.board
        self.moves.drawn()
        pending = [self.pending] if self.pending is not None else []
        ws = (self.rose, self.zoom_in, self.zoom_out, self.fit_button)     # words keep off them
        self.drawing.draw(self.camera, X.picture(self.board) if self.extras else None, SEAT_ONE,
                          targets=pending, clear=[(w.x, w.y, w.w, w.h) for w in ws if w.visible and w.w > 0])

    def fit(self, redraw: bool = True) -> None:
        fit_beside_rose(self.camera, self.board, self.gui, self.rose)
        if redraw:
            self.redraw()

    def _resize_w(self, width: int) -> None:
        self.resize(width, self.board.height)

    def _resize_h(self, height: int) -> None:
        self.resize(self.board.width, height)

    def resize(self, width: int, height: int) -> None:
        """A new size; the view fits the new board (a refused size snaps back)."""
        if self.edit(E.resize, width, height):
            self.fit()
        else:
            self.width_choice.set_value(self.board.width)
            self.height_choice.set_value(self.board.height)

    def zoom(self, factor: float) -> None:
        c = self.camera
        c.zoom_at(c.x0 + c.width / 2, c.y0 + c.height / 2, factor)
        self.moves.zoomed(self.drawing, self.camera, self.redraw)

    def update(self, dt: float) -> None:
        """Every frame: the frame after a pan or a zoom stopped, the board drawn afresh."""
        super().update(dt)
        if self.moves.tick():
            self.redraw()

    # --- tools ------------------------------------------------------------------------------------
    def set_tool(self, tool: str) -> None:
        self.tool, self.pending = tool, None
        self.message = ""
        self.refresh()

    def choose_extra(self, extra: X.Extra) -> None:
        """The extra to edit: a list of cells takes the Extras tool, a number its selector."""
        self.extra = extra
        if extra.kind == "cells":
            self.set_tool("extras")
        else:
            self.refresh()

    def set_extra_value(self, value: Any) -> None:
        if self.extra is not None and self.edit(E.set_extra, self.extra.key, value):
            self.say(X.value_words(self.extra, value) + ".")

    def _show_extra_value(self) -> None:
        """The value selector follows the chosen number extra (hidden for a list)."""
        e, sel = self.extra, self.extra_value
        sel.visible = e is not None and e.kind == "number"
        if not sel.visible:
            return
        value = self.board.extras.get(e.key)
        values = list(e.values) + ([value] if value not in e.values else [])
        options = [(v, X.value_words(e, v)) for v in values]
        if sel.options != options:
            sel.options = options
        if sel.value != value or sel.shown_text != X.value_words(e, value):
            sel.set_value(value)

    def cell_at(self, sx: float, sy: float) -> tuple[int, int] | None:
        if not self.camera.contains_screen(sx, sy):
            return None
        wx, wy = self.camera.screen_to_world(sx, sy)
        x, y = int(wx // 1), int(wy // 1)
        return (x, y) if self.board.in_bounds(x, y) else None

    def screen_of(self, cell: tuple[int, int]) -> tuple[float, float]:
        return self.camera.world_to_screen(cell[0] + 0.5, cell[1] + 0.5)

    def tap_cell(self, cell: tuple[int, int]) -> None:
        b, tool = self.board, self.tool
        x, y = cell
        if tool == "mark":
            mark = b.mark_at(x, y)
            if mark is not None:
                if self.edit(E.toggle_side, mark.name):
                    self.say(f"Mark {mark.name}: leave it to {self.board.mark_at(x, y).side}.")
            elif self.edit(E.add_mark, x, y):
                new = self.board.mark_at(x, y)
                self.say(f"Mark {new.name} on {list(cell)}, rounded {new.order}{new.side[0].upper()}.")
        elif tool == "land":
            self.edit(E.toggle_land, x, y)
        elif tool == "erase":
            self.edit(E.remove_at, x, y)
        elif tool == "extras" and self.extra is not None and self.extra.kind == "cells":
            was = cell in X.cells(b, self.extra.key)
            if self.edit(E.toggle_extra_cell, self.extra.key, x, y):
                self.say(f"{list(cell)} {'taken out of' if was else 'added to'} the {self.extra.title.lower()}.")
        elif tool in ("start", "finish"):
            if self.pending is None:
                self.pending = cell
                self.message = ""
                self.refresh()
            else:
                first, self.pending = self.pending, None
                if self.edit(E.set_line, tool, first, cell):
                    self.say(f"{tool.capitalize()} line from {list(first)} to {list(cell)}.")

    def drag_mark(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        mark = self.board.mark_at(*start)
        if mark is not None and self.edit(E.move_mark, mark.name, *end):
            self.say(f"Mark {mark.name} moved to {list(end)}.")

    # --- files ------------------------------------------------------------------------------------
    def save_target(self) -> Path:
        if self.path is not None and not E.is_shipped(self.path):
            return self.path
        return E.home_boards() / f"{self.board.name}.toml"

    def save(self) -> Path | None:
        bad = E.errors(self.board)
        if bad:
            self.say(f"Not saved: {bad[0].text}")
            return None
        target = self.save_target()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            save_board(target, self.board)
        except OSError as exc:
            self.say(f"Cannot save to {target}: {exc.strerror or exc}")
            return None
        self.path, self.saved = target, self.board
        self.say(f"Saved to {target}.")
        return target

    def test_sail(self, boats: int = 3) -> Any:
        """Save, then bots race the board in this window (the designer waits below)."""
        return sail_board(self, boats)

    def close(self) -> None:
        if self.app is not None:
            self.app.close()

    # --- input ------------------------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if super().on_mouse_press(x, y, button, modifiers):
            self._press = None
            return True
        if self.camera.contains_screen(x, y):
            self._press = (x, y, self.cell_at(x, y))
            return True
        return False

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> Any:
        if self._press is not None:
            start = self._press[2]
            if not (self.tool == "mark" and start is not None and self.board.mark_at(*start) is not None):
                self.camera.pan(dx, dy)        # drag the water to pan; a mark is dragged to a cell
                self.moves.panned(self.drawing, self.camera, self.redraw)
            return True
        return super().on_mouse_drag(x, y, dx, dy, buttons, modifiers)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if self._press is None:
            return super().on_mouse_release(x, y, button, modifiers)
        px, py, start = self._press
        self._press = None
        end = self.cell_at(x, y)
        moved = abs(x - px) + abs(y - py) > self.gui.px(8)
        if start is None or end is None:
            return True
        if moved and start != end and self.tool == "mark" and self.board.mark_at(*start) is not None:
            self.drag_mark(start, end)
        elif not moved:
            self.tap_cell(end)
        return True

    def on_mouse_scroll(self, x: float, y: float, sx: float, sy: float) -> Any:
        if self.camera.contains_screen(x, y) and (self.gui is None or not self.gui.modals):
            self.camera.scroll(x, y, sy)
            self.moves.zoomed(self.drawing, self.camera, self.redraw)
        return True

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        accel = modifiers & key.MOD_ACCEL
        if accel and symbol == key.Z:
            self.redo() if modifiers & key.MOD_SHIFT else self.undo()
        elif accel and symbol == key.Y:
            self.redo()
        elif accel and symbol == key.S:
            self.save()
        elif symbol == key.ESCAPE and self.pending is not None:
            self.pending = None
            self.refresh()
        elif not accel and key._1 <= symbol < key._1 + len(self.tools):
            self.set_tool(self.tools[symbol - key._1][0])
        elif symbol == key.F:
            self.fit()
        elif symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            self.zoom(1.4)
        elif symbol in (key.MINUS, key.NUM_SUBTRACT):
            self.zoom(1 / 1.4)
        else:
            return False
        return True


def run_grid_designer(file: str | os.PathLike[str] | None = None, *, game: str | None = None,
                      headless: bool | None = None, width: int = 1280, height: int = 800,
                      run: bool = True, bot_delay: float | None = None) -> Any:
    """Open the designer on a grid board file, or on a new board of ``game`` that Save
    writes to ``file`` (or to ``$DINGHY_HOME/courses/grid/``)."""
    from dinghy.ui.app import App

    board, path = E.open_board(file, game)
    if board is None:
        if game is None:
            raise DinghyError("a new grid board needs its game: --game NAME")
        board = E.starting_board(game, path.stem if path is not None else "new_board")
    app = App(headless=headless, width=width, height=height, caption="dinghy · grid board designer")
    scene = GridDesignerScene(board, path, bot_delay=bot_delay)
    app.designer = scene  # type: ignore[attr-defined]
    app.push(scene)
    if run:
        app.run()
    return app
