"""Replay a saved race: step forward and back, play and pause, scrub.

The record is replayed once through the engine (``Race.push`` of every action), keeping
each state, so stepping is free afterwards. The game's replay board (registered in
:mod:`dinghy.ui.shell.views`; Dinghy Race's draws the chart and each boat's track)
shows the state at the position; a game without one shows the log and the places.
"""
from __future__ import annotations

from typing import Any, Callable

from dinghy.ui.widgets.gui import key  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button, place_row
from dinghy.ui.widgets.panels import Band, Panel
from dinghy.ui.widgets.text import Text

from dinghy.core.race import Race  # noqa: E402
from dinghy.core.setup import PALETTE  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.hud import EventLog, OrderStrip, SeatChip, Slider, fit_text, warm_glyphs  # noqa: E402
from dinghy.ui.scene import ChartScene  # noqa: E402
from dinghy.ui.shell.action_list import label_of  # noqa: E402
from dinghy.ui.shell.views import ordinal, replay_board_class, seat_colour  # noqa: E402

SPEEDS = (1.0, 2.0, 4.0, 8.0, 16.0, 32.0)


class Playback:
    """Every state of a race record, its events, and each boat's track (no drawing)."""

    def __init__(self, race: Any) -> None:
        fresh = Race(race.game)
        self.game = race.game
        self.actions = list(race.actions)
        self.states = [fresh.state]
        self.event_counts = [0]
        n = 0
        for a in self.actions:
            n += len(fresh.push(a))
            self.states.append(fresh.state)
            self.event_counts.append(n)
        self.events = fresh.events

    def __len__(self) -> int:
        return len(self.states)

    def events_by_action(self) -> list[list[Any]]:
        """The events of each action, in order (as :meth:`Race.events_by_action`)."""
        c = self.event_counts
        return [self.events[c[k]:c[k + 1]] for k in range(len(c) - 1)]


class ReplayScene(ChartScene):
    """``ReplayScene(race, on_close=None, title="")``: the board with replay controls."""

    shortcuts = [
        ("Space", "Play / pause"),
        ("← / →", "One action back / forward"),
        ("Home / End", "First / last action"),
    ]
    help_title = "Replay: keyboard shortcuts"
    water = False           # the board covers the water

    def __init__(self, race: Any, *, on_close: Callable[[], Any] | None = None,
                 title: str = "", export_folder: Any = None) -> None:
        super().__init__()
        self.race, self.export_folder = race, export_folder
        self.playback = Playback(race)
        self.game = race.game
        self.on_close = on_close
        self.title = title or "Replay"
        self.index = 0
        self.playing = False
        self.speed_i = 2
        self._clock = 0.0
        self._press: tuple[float, float] | None = None
        board = replay_board_class(self.game.rules_name)
        self.board = board(self) if board is not None else None
        if self.board is not None:
            self.shortcuts = type(self).shortcuts + self.board.shortcuts
        self._log_due, self._log_wait = False, 0.0

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_i]

    def build(self) -> None:
        g = self.gui
        assert g is not None and self.app is not None
        warm_glyphs(g)
        add = g.add
        self.top = add(Panel(g, colour=theme.WATER_DEEP, shadow=False))
        self.title_text = add(Text(g, self.title, theme.HEADER_PT, theme.ON_WATER, bold=True))
        self._title_pt = self.title_text.label.font_size
        self.order = add(OrderStrip(g))
        self.close_button = add(Button(g, "Close", self.close, style="water"))
        self.help_button = add(Button(g, "?", self.show_help, style="water", pt=theme.HEADER_PT))
        from dinghy.ui.shell.exports import formats

        self.export_button = add(Button(g, "Export", self.export, style="water"))
        self.export_button.visible = self.export_folder is not None and bool(formats(self.race))
        self.bar = add(Panel(g))
        self.first_button = add(Button(g, "|◀", self.first))
        self.back_button = add(Button(g, "◀", lambda: self.seek(self.index - 1)))
        self.play_button = add(Button(g, "Play", self.toggle_play, style="primary"))
        self.fwd_button = add(Button(g, "▶", lambda: self.seek(self.index + 1)))
        self.last_button = add(Button(g, "▶|", self.last))
        self.speed_button = add(Button(g, "", self.next_speed))
        self.scrub = add(Slider(g, 0, max(1, len(self.playback) - 1), 0,
                                lambda v: self.seek(int(round(v)), from_scrub=True), step=1))
        self.position = add(Text(g, "", theme.SMALL_PT + 1, theme.INK))
        self.log = add(EventLog(g))
        self.places = add(Text(g, "", theme.BODY_PT, theme.ON_WATER, multiline=True))
        # the camera by taps (a tablet has no wheel and no keys), on a strip of their own
        self.camera_buttons: list[tuple[Button, float]] = []
        if self.board is not None and hasattr(self.board, "zoom"):
            self.camera_band = add(Band(g))     # (under every button, the board's too)
        if self.board is not None:
            self.board.build()
        if self.board is not None and hasattr(self.board, "zoom"):
            pt = theme.HEADER_PT + 2
            self.zoom_in = add(Button(g, "+", lambda: self.board.zoom(1.4), style="water", pt=pt))
            self.zoom_out = add(Button(g, "−", lambda: self.board.zoom(1 / 1.4), style="water", pt=pt))
            self.camera_buttons = [(self.zoom_in, 0), (self.zoom_out, 0)]
            if not hasattr(self.board, "fit_button"):
                self.fit_button = add(Button(g, "Fit", self.board.fit, style="water"))
                self.camera_buttons.append((self.fit_button, 80))
        self.seek(0)

    def layout(self) -> None:
        g = self.gui
        assert g is not None
        px, t = g.px, g.touch
        W, H = g.width, g.height
        m = px(8)
        topbar = t + px(16)
        self.top.place(0, H - topbar, W, topbar)
        by = H - topbar + px(8)
        self.close_button.place(W - m - px(84), by, px(84), t)
        self.help_button.place(W - m - px(84) - px(6) - t, by, t, t)
        right = W - m - px(84) - px(6) - t - px(6)
        if self.export_button.visible:
            self.export_button.place(right - px(84), by, px(84), t)
            right -= px(84) + px(6)
        # the title takes what it needs (at most 250 px), the seats bar the rest
        title_w = min(px(250), max(t, right - m - px(6) - 4 * t))
        fit_text(self.title_text.label, self.title, title_w, self._title_pt, px(theme.BODY_PT))
        title_w = min(title_w, self.title_text.label.content_width + px(12))
        self.title_text.place(m + px(6), by, title_w, t)
        chips_x = m + px(6) + title_w + px(6)
        strip_w = max(t, right - px(6) - chips_x)
        if self.order.roomy(strip_w, len(self.game.setup.seats)):
            self.order.place(chips_x, by, strip_w, t)
        else:           # too narrow for the boats' names: the seats bar on a row of its own
            topbar += t + px(8)
            self.top.place(0, H - topbar, W, topbar)
            self.order.place(m, H - topbar + px(8), W - 2 * m, t)
        upright = H > W * 1.1          # a tablet held upright: the log under the board
        side = 0 if upright else min(max(px(300), W * 0.26), px(400))
        bar_w = W - 2 * m - (side + m if side else 0)
        bar_h = t * 2 + px(24)
        self.bar.place(m, m, bar_w, bar_h)
        x = 2 * m
        y2 = m + px(8)
        for b, bw in ((self.first_button, t), (self.back_button, t), (self.play_button, px(90)),
                      (self.fwd_button, t), (self.last_button, t), (self.speed_button, px(70))):
            b.place(x, y2, bw, t)
            x += bw + px(6)
        room = m + bar_w - m - (x + px(6))
        self.position.place(x + px(6), y2, max(t, room), t)
        self._fit_position()
        self.scrub.place(2 * m, y2 + t + px(4), bar_w - 2 * m, t)
        if upright:
            log_h = min(px(260), (H - topbar) * 0.24)
            self.log.place(m, bar_h + 2 * m, W - 2 * m, log_h)
            below = bar_h + 2 * m + log_h
            board = (0, below + m, W, H - topbar - below - m)
        else:
            self.log.place(W - side - m, m, side, H - topbar - 2 * m)
            board = (0, bar_h + m, W - side - 2 * m, H - topbar - bar_h - m)
        if self.camera_buttons:
            board = self._camera_row(board)
        self.places.place(board[0] + 3 * m, board[1] + m, board[2] - 6 * m, board[3] - 2 * m)
        if self.board is not None:
            self.board.layout(*board)

    def _camera_row(self, board: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """The camera buttons (+, −, the fit button at the right end) on an opaque band of
        their own along the foot of ``board``; returns the board's rectangle above it, so
        no zoom, pan or window size ever puts the chart or the board under a button."""
        g = self.gui
        px, t, m = g.px, g.touch, g.px(8)
        x, y, w, h = board
        band_h = t + 2 * m
        self.camera_band.place(x, y, w, band_h)
        place_row(g, [(b, px(bw) or t) for b, bw in self.camera_buttons], x + m, y + m)
        fit = getattr(self.board, "fit_button", None)
        if fit is not None:
            fit.place(x + w - m - px(110), y + m, px(110), t)
        return (x, y + band_h, w, max(1.0, h - band_h))

    def _fit_position(self) -> None:
        """Where the replay is ("12/240 · Round 3 · sail 045"), cut to the bar's room."""
        text = getattr(self, "_position", "")
        if self.position.w > 1:
            fit_text(self.position.label, text, self.position.w, self.position.label.font_size)
        else:
            self.position.text = text

    # --- moving through the record -------------------------------------------------------
    def seek(self, i: int, from_scrub: bool = False) -> None:
        pb = self.playback
        i = max(0, min(len(pb) - 1, i))
        one_forward = i == self.index + 1 and not from_scrub and not self.playing
        self.index = i
        state = pb.states[i]
        if self.board is not None:
            self.board.show(i, state)
            if one_forward and hasattr(self.board, "animate"):
                self.board.animate(i)          # a board that can shows the step moving
            self.order.set_seats(self.board.seat_chips(state))
        else:
            self.order.set_seats(self.seat_chips(state))
            self.places.text = self.places_text(state)
        self._log_due = True
        if not self.playing or self._log_wait <= 0:
            self._update_log()
        if not from_scrub:
            self.scrub.set(i, notify=False)
        action = label_of(self.game, pb.actions[i - 1]) if i else "start"
        where = self.board.status_text(state) if self.board is not None else ""
        self._position = " · ".join(p for p in (f"{i}/{len(pb) - 1}", where, action) if p)
        self._fit_position()
        self.first_button.enabled = self.back_button.enabled = i > 0
        self.fwd_button.enabled = self.last_button.enabled = i < len(pb) - 1
        self.speed_button.label = f"{self.speed:g}×"
        self.play_button.label = "Pause" if self.playing else "Play"
        if i >= len(pb) - 1 and self.playing:
            self.playing = False
            self.play_button.label = "Play"

    def seat_chips(self, state: Any) -> list[SeatChip]:
        """The seats bar without a board of the game's own: names and places."""
        places = self.game.places(state)
        return [SeatChip(k, s.name, seat_colour(self.game, k),
                         f"finished {ordinal(places[k])}" if places[k] else "", done=bool(places[k]))
                for k, s in enumerate(self.game.setup.seats)]

    def places_text(self, state: Any) -> str:
        places = self.game.places(state)
        order = sorted(range(len(places)), key=lambda k: (places[k] is None, places[k] or 0))
        rows = [f"{ordinal(places[k]) if places[k] else '–'}  {self.game.setup.seats[k].name}"
                for k in order]
        return "Places\n" + "\n".join(rows)

    def _update_log(self) -> None:
        """The log follows the position (while playing, at most five times a second)."""
        pb = self.playback
        colours = {k: PALETTE.get(s.colour, (200, 200, 200)) for k, s in enumerate(self.game.setup.seats)}
        say = getattr(self.board, "log_events", None)       # a board that says places in words
        events = say(self.index) if say is not None else pb.events[: pb.event_counts[self.index]]
        self.log.set_events(events, colours)
        self._log_due, self._log_wait = False, 0.2

    def first(self) -> None:
        self.seek(0)

    def last(self) -> None:
        self.seek(len(self.playback) - 1)

    def toggle_play(self) -> None:
        if not self.playing and self.index >= len(self.playback) - 1:
            self.seek(0)
        self.playing = not self.playing
        self._clock = 0.0
        self.play_button.label = "Pause" if self.playing else "Play"

    def next_speed(self) -> None:
        self.speed_i = (self.speed_i + 1) % len(SPEEDS)
        self.speed_button.label = f"{self.speed:g}×"

    def motion_done(self) -> None:
        """An animated step ended (the log is already up to date in a replay)."""

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.board is not None and hasattr(self.board, "update"):
            self.board.update(dt)
        self._log_wait -= dt
        if self._log_due and (self._log_wait <= 0 or not self.playing):
            self._update_log()
        if not self.playing:
            return
        self._clock += dt * self.speed
        steps = int(self._clock)
        if steps:
            self._clock -= steps
            self.seek(self.index + steps)

    def export(self) -> None:
        from dinghy.ui.shell.exports import export_dialog

        if self.export_folder is not None and self.gui is not None:
            export_dialog(self.gui, self.race, self.export_folder)

    def close(self) -> None:
        if self.on_close is not None:
            self.on_close()
        elif self.app is not None:
            self.app.close()

    def on_exit(self) -> None:
        if self.board is not None and hasattr(self.board, "delete"):
            self.board.delete()                # its animation layer, before the chart goes
        super().on_exit()

    # --- input ---------------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if super().on_mouse_press(x, y, button, modifiers):
            self._press = None
            return True
        self._press = (x, y) if self.board is not None and self.board.board_contains(x, y) else None
        if self._press is not None and hasattr(self.board, "skip"):
            self.board.skip()                   # a tap on the board ends an animation
        return True

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if self._press is not None:
            self._press = None
            return True
        return super().on_mouse_release(x, y, button, modifiers)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int,
                      modifiers: int) -> Any:
        pressed = getattr(self.gui, "_pressed", None)
        if isinstance(pressed, Slider):
            pressed.drag_to(x)
            return True
        if self._press is not None:
            self.board.pan(dx, dy)
            return True
        return super().on_mouse_drag(x, y, dx, dy, buttons, modifiers)

    def on_mouse_scroll(self, x: float, y: float, sx: float, sy: float) -> Any:
        if self.log.contains(x, y):
            self.log.scroll(1 if sy > 0 else -1)
        elif self.board is not None and self.gui is not None and self.gui.widget_at(x, y) is None:
            self.board.scroll(x, y, sy)
        return True

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.SPACE:
            self.toggle_play()
        elif symbol == key.RIGHT:
            self.seek(self.index + 1)
        elif symbol == key.LEFT:
            self.seek(self.index - 1)
        elif symbol == key.HOME:
            self.first()
        elif symbol == key.END:
            self.last()
        else:
            return self.board is not None and self.board.on_shortcut(symbol, modifiers)
        return True
