"""The race table every game shares: the top bar (status, seats bar, undo, save, help,
leave), the side column (turn panel over the race log), the curtain between two people,
bots, autosave; humans and bots playing one race to the end.

The shell works through the Race facade and the game interface alone
(``race.current_player()``, ``race.legal_actions()``, ``race.why_not()``,
``race.push()``, ``race.roll()``, ``race.undo()``). The board and the turn panel belong
to the game's view (:mod:`dinghy.ui.shell.views`), which the scene asks for everything
that knows the game's steps. Bots (seats with a skipper) act by themselves, one action
every ``bot_delay`` seconds (0: at once, for tests).
"""
from __future__ import annotations

import math
import random
from typing import Any, Callable

from dinghy.ui.widgets.gui import key  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import Curtain, Dialog
from dinghy.ui.widgets.panels import Panel
from dinghy.ui.widgets.text import Text

from dinghy.core.errors import DinghyError  # noqa: E402
from dinghy.core.setup import PALETTE  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.hud import EventLog, OrderStrip, Slider, Toast, warm_glyphs  # noqa: E402
from dinghy.ui.scene import ChartScene  # noqa: E402
from dinghy.ui.shell.guided import GuidedMixin  # noqa: E402
from dinghy.ui.shell.table_bots import BotsMixin  # noqa: E402
from dinghy.ui.shell.table_motion import MotionMixin  # noqa: E402
from dinghy.ui.shell.views import view_class  # noqa: E402

from dinghy.ui.shell.settings import BOT_DELAY  # noqa: E402,F401  (the table's default, kept light for start-up)
#: Pixels a press may travel and still be a tap (beyond it, it pans the board).
TAP_SLOP = 8


class TableScene(BotsMixin, MotionMixin, GuidedMixin, ChartScene):
    """``TableScene(race, autosave=None, on_over=None, on_leave=None, bot_delay=BOT_DELAY)``."""

    shell_shortcuts = [
        ("Ctrl+Z", "Undo (back to the last dice roll)"),
        ("Ctrl+S", "Save the race to a file"),
    ]
    help_title = "Race table: keyboard shortcuts"
    water = False           # the board covers the water

    #: What the "Leave the race?" dialog says (a test sail says where it goes instead).
    leave_message = "The race is autosaved: \"Resume race\" on the set-up screen brings it back."

    def __init__(self, race: Any, *, autosave: Any = None,
                 on_over: Callable[[Any], Any] | None = None,
                 on_leave: Callable[[], Any] | None = None,
                 bot_delay: float = BOT_DELAY, bot_seed: int | None = None,
                 follow: bool = True, animate: bool = False, sound: Any = None,
                 guided: bool = False) -> None:
        super().__init__()
        self.guided = guided             # the guided first round (shell/guided.py)
        self.race, self.game = race, race.game
        self.autosave, self.on_over, self.on_leave = autosave, on_over, on_leave
        self.bot_delay = bot_delay
        # movement you can see (a view with ``animate``); never with instant bots
        self.animate = animate and bot_delay > 0
        self.sound = sound
        self.log_hold: int | None = None     # log entries shown while an animation runs
        self.bot_rng = random.Random(race.game.setup.seed if bot_seed is None else bot_seed)
        self.viewer: int | None = None          # the human who may see the table now
        player = race.current_player()
        self.last_seat: int | None = player if player >= 0 else None   # who rolls when chance is due
        self._bot_wait = 0.0
        self._asked: Any = None          # the state the bots were last asked to speak out of turn in
        self._over_reported = False
        self._unsaved = False            # actions played since the last autosave (save_now)
        self._press: tuple[float, float] | None = None
        self._dragged = False
        self._step_key: Any = None
        self.curtain: Curtain | None = None
        self.log_open = False                  # the folded log, opened by its button
        self.folded = self.portrait = False
        self.sheet_h, self.bar_h = 0, 64.0     # the bottom sheet's and the top bar's heights
        self.sheet_max = 0                     # the sheet's height when its panel is full
        self.view = view_class(race.game.rules_name)(self)
        self.view.follow = follow

    @property
    def shortcuts(self) -> list[tuple[str, str]]:  # type: ignore[override]
        return self.shell_shortcuts + list(self.view.shortcuts)

    @property
    def help_rules(self) -> str:  # type: ignore[override]
        """"?" opens how to play the game on the table."""
        return self.race.rules_name

    # --- who decides -------------------------------------------------------------------
    def seat(self, boat: int | None = None) -> Any:
        return self.game.setup.seats[self.view.acting_seat() if boat is None else boat]

    @property
    def human_turn(self) -> bool:
        """Whether a person decides now (a view may say nobody does: chance acts alone)."""
        if self.race.over:
            return False
        seat = self.view.acting_seat()
        return seat is not None and self.game.setup.seats[seat].skipper is None

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.game.setup.seats) if s.skipper is None]

    # --- building ---------------------------------------------------------------------
    def build(self) -> None:
        g = self.gui
        assert g is not None and self.app is not None
        warm_glyphs(g)
        add = g.add
        self.top = add(Panel(g, colour=theme.WATER_DEEP, shadow=False))
        self.round_label = add(Text(g, "", theme.HEADER_PT, theme.ON_WATER, bold=True))
        self.countdown = add(Text(g, "", theme.SMALL_PT + 1, theme.PRIMARY, bold=True))
        self.order = add(OrderStrip(g, on_tap=self.view.look_at))
        self.undo_button = add(Button(g, "Undo", self.undo, reason="Nothing to undo since the last dice roll"))
        self.save_button = add(Button(g, "Save", self.save_copy))
        self.help_button = add(Button(g, "?", self.show_help, style="water", pt=theme.HEADER_PT))
        self.menu_button = add(Button(g, "Leave", self.leave, style="water"))
        self.log_button = add(Button(g, "Log", self.toggle_log, style="water"))
        self.panel = add(Panel(g))
        self.view.build()
        self.log = add(EventLog(g))
        self.toast = add(Toast(g))
        self.build_guide()
        self.refresh(new_step=True)

    def on_exit(self) -> None:
        self.save_now()
        self.view.delete()
        super().on_exit()

    # --- layout -----------------------------------------------------------------------
    def layout(self) -> None:
        """The top bar, the water and the side column. On a short landscape screen (a
        1024 x 600 tablet) the log folds away behind a "Log" button and the column
        narrows; in portrait the turn panel is a sheet along the bottom and the log folds
        away: the water keeps most of the screen."""
        g = self.gui
        assert g is not None
        px, t = g.px, g.touch
        W, H = g.width, g.height
        m = px(8)
        bar = t + px(16)
        self.portrait = H > W
        self.folded = self.portrait or H < px(700)
        if self.portrait:
            side = W - 2 * m
        elif W <= px(1100):
            side = px(296)
        else:
            side = min(max(px(330), W * 0.28), px(420))
        by = H - bar + px(8)
        x = W - m
        top_buttons = [(self.menu_button, px(84)), (self.help_button, t), (self.save_button, px(76)),
                       (self.undo_button, px(76))]
        self.log_button.visible = self.folded
        if self.folded:
            top_buttons.append((self.log_button, px(64)))
        for b, bw in top_buttons:
            x -= bw
            b.place(x, by, bw, t)
            x -= px(6)
        self.round_label.place(m + px(6), by + t * 0.3, px(190), t * 0.7)
        self.countdown.place(m + px(6), by, px(190), t * 0.35)
        strip_x = m + px(200)
        strip_w = max(t, x - strip_x - px(6))
        if self.order.roomy(strip_w, len(self.game.setup.seats)):
            self.order.place(strip_x, by, strip_w, t)
        else:       # too narrow for the boats' names (upright): a row of its own under the buttons
            bar += t + px(8)
            self.order.place(m, H - bar + px(8), W - 2 * m, t)
        self.bar_h = bar
        self.top.place(0, H - bar, W, bar)
        if self.portrait:
            share = getattr(self.view, "sheet_share", 0.4)
            sheet = round(min(max(px(260), H * share), H - bar - px(260)))
            self.sheet_max = sheet
            self.side_rect = (m, side)
            sheet = self._sheet_for_content(sheet)
            self.sheet_h = sheet
            self.layout_side()
            self.toast.place(0, H - bar - m, W, 0)
            self.view.layout(0, sheet + m, W, H - bar - sheet - m)
            self.layout_guide(0, H - bar, W)
            return
        self.sheet_h = 0
        col_x = W - side - m
        self.side_rect = (col_x, side)
        self.layout_side()
        board_w = col_x - m
        self.toast.place(0, H - bar - m, board_w, 0)
        self.view.layout(0, 0, board_w, H - bar)
        self.layout_guide(0, H - bar, board_w)

    def _sheet_for_content(self, most: float) -> float:
        """Upright, a view that sizes its sheet to its panel (``sheet_fits_content``)
        gets the panel's height (no less than a fifth of the screen, no more than
        ``most``) while the log is folded; the chart takes the rest."""
        g = self.gui
        assert g is not None
        if not getattr(self.view, "sheet_fits_content", False) or self.log_open:
            return most
        need = self.view.panel_height() + g.px(2 * theme.PAD) + g.px(8)
        return round(min(most, max(g.height * 0.2, need)))

    def fit_sheet(self) -> None:
        """After the panel was rebuilt: upright, a sheet sized to its content follows it
        (the whole table is laid out again when its height changes)."""
        if self.sheet_h and self._sheet_for_content(self.sheet_max) != self.sheet_h:
            self.layout()
        else:
            self.layout_side()

    def toggle_log(self) -> None:
        self.log_open = not self.log_open
        relayout = getattr(self.view, "relayout_panel", None)
        if relayout is not None:
            relayout()              # the panel's rows for its new height
        else:
            self.layout_side()

    def _log_height(self, avail: float) -> float:
        g = self.gui
        assert g is not None
        if self.folded and not self.log_open:
            return 0.0
        if self.folded:
            return avail * 0.5
        need = self.view.panel_height() + g.px(2 * theme.PAD)
        return max(g.px(130), min(avail * 0.42, avail - need))

    def layout_side(self) -> None:
        """The parts that change with the state: turn panel, event log, seats bar."""
        g = self.gui
        if g is None or not hasattr(self, "side_rect"):
            return
        px = g.px
        m = px(8)
        col_x, side = self.side_rect
        avail = (self.sheet_h - m) if self.sheet_h else g.height - self.bar_h - 3 * m
        log_h = self._log_height(avail)
        self.log.visible = log_h > 0
        base = m
        if log_h > 0:
            if self.sheet_h:         # portrait: the log opens beside the panel
                half = (side - m) / 2
                self.log.place(col_x + half + m, base, half, avail)
                side = half
            else:
                self.log.place(col_x, m, side, log_h)
                base, avail = 2 * m + log_h, avail - log_h
        self.panel_avail = avail
        self.panel.place(col_x, base, side, avail)
        pad = px(theme.PAD)
        self.view.layout_panel(col_x + pad, base + pad, side - 2 * pad, avail - 2 * pad)
        self.order.layout()

    def panel_room_free(self, used: float) -> float:
        """Pixels that are still free in the turn panel, at its tallest, under ``used``
        pixels of it."""
        g = self.gui
        assert g is not None
        bar = self.bar_h
        if self.sheet_h:
            avail = self.sheet_max - g.px(8)
        elif self.folded:
            avail = g.height - bar - 3 * g.px(8)
            if self.log_open:
                avail = avail / 2 - g.px(8)
        else:
            avail = g.height - bar - 3 * g.px(8) - g.px(130)
        return avail - g.px(2 * theme.PAD) - used

    def panel_rows_free(self, used: float) -> int:
        """Button rows that still fit in the turn panel under ``used`` pixels of it, less
        one (kept for a pager)."""
        g = self.gui
        assert g is not None
        row = g.touch + g.px(6)
        return int((self.panel_room_free(used) - row) // row)

    # --- state -> screen ----------------------------------------------------------------
    def refresh(self, new_step: bool = False) -> None:
        race = self.race
        key_ = (len(race.actions), race.current_player())
        if key_ != self._step_key:
            new_step = True
            self._step_key = key_
        if new_step:
            self.view.reset_choices()
        self.round_label.text, self.countdown.text = self.view.status()
        self.order.set_seats(self.view.seat_chips())
        colours = {i: PALETTE.get(s.colour, (200, 200, 200)) for i, s in enumerate(self.game.setup.seats)}
        events = self.view.log_events(race.events)
        self.log.set_events(events if self.log_hold is None else events[:self.log_hold], colours)
        self.undo_button.enabled = race.can_undo()
        self.view.refresh(new_step)
        self.refresh_guide()
        self._check_curtain()

    def _report_over(self) -> None:
        """Once the race is over: keep the record, then hand over to the results."""
        race = self.race
        if not race.over or self._over_reported:
            return
        self._over_reported = True
        if self.autosave is not None:
            try:
                self.finished_path = self.autosave.finish(race)
            except OSError as exc:
                self.toast.show(f"Could not keep the finished race: {exc}")
        if self.on_over is not None:
            self.on_over(race)

    def curtain_due(self) -> bool:
        """Whether the curtain is up, or falls at the next refresh (:meth:`_check_curtain`'s
        test): a person's decision while another person sits at the table. A view then
        draws nothing of that decision until the curtain lifts."""
        if self.curtain is not None:
            return True
        if self.race.over or not self.human_turn or len(self.humans) < 2:
            return False
        return self.view.acting_seat() != self.viewer

    def _check_curtain(self) -> None:
        if self.race.over or not self.human_turn:
            return
        active = self.view.acting_seat()
        if active == self.viewer:
            return
        if len(self.humans) < 2:
            self.viewer = active
            return
        if self.curtain is not None:
            return
        seat = self.seat()
        g = self.gui
        assert g is not None

        def ready() -> None:
            self.curtain = None
            self.viewer = active
            self.view.on_curtain_lifted()

        self.curtain = Curtain(g, f"Pass to {seat.name}", f"I am {seat.name}: show my turn", ready,
                               colour=PALETTE.get(seat.colour), detail="The other skippers look away.")
        g.open(self.curtain)

    # --- acting -------------------------------------------------------------------------
    def act(self, action: Any, refresh: bool = True) -> bool:
        """Play one action through the engine; False (and the reason shown) if refused."""
        race = self.race
        before = self.view.acting_seat()
        state_before = race.state
        if not race.chance:
            self.last_seat = race.current_player()
        try:
            events = race.push(action)
        except DinghyError as exc:
            self.toast.show(str(exc))
            return False
        self.view.after_action(events, before)
        self._show_motion(state_before, action, events)
        self._unsaved = True
        self._let_bots_speak(refresh)
        if refresh:
            self.refresh()
            if self.bot_delay <= 0:
                self.run_bots()
            self.save_now()
        return True

    def roll(self, refresh: bool = True) -> None:
        """Chance acts: the race's seeded dice (or draw)."""
        if not self.race.chance:
            return
        before, state_before = self.view.acting_seat(), self.race.state
        events = self.race.roll()
        self.view.after_action(events, before)
        self._show_motion(state_before, self.race.actions[-1], events)
        self._unsaved = True
        self._let_bots_speak(refresh)
        if refresh:
            self.refresh()
            if self.bot_delay <= 0:
                self.run_bots()
            self.save_now()

    def save_now(self) -> None:
        """Write the autosave if the race changed since the last one. Every action marks
        the race unsaved; the file is written once the person's action and the bots'
        answers to it are played (the end of the tap), and at the latest on the next
        frame: a crash loses at most one frame's actions, and a tap that sets off a
        chain of bot moves costs one write, not one per move."""
        if not self._unsaved or self.autosave is None:
            return
        self._unsaved = False
        try:
            self.autosave.save(self.race)
        except OSError as exc:
            self.toast.show(f"Autosave failed: {exc}")

    def undo(self) -> None:
        race = self.race
        self.skip_motion()
        # the last decision a person made since the last dice roll: back past the bots'
        # actions after it (their calls out of turn included: undone alone, a bot's claim
        # would be made again at once), and that decision too
        n = len(race.actions)
        mine = next((k for k in range(n - 1, n - 1 - race.undo_depth(), -1) if self._made_by_a_person(k)), None)
        if mine is None:
            self.toast.show("Nothing to undo since the last dice roll")
            return
        while len(race.actions) > mine:
            race.undo()
        # bots replay at once: go back past their moves to the last human decision
        while race.can_undo() and not race.over and not self.human_turn:
            race.undo()
        self.view.after_undo()
        if self.human_turn:
            self.viewer = self.view.acting_seat()
        self._over_reported = False
        self._unsaved = True
        self.save_now()
        self.refresh(new_step=True)

    def _made_by_a_person(self, k: int) -> bool:
        """Whether action ``k`` was a person's: the seat whose turn it was, or the seat
        that called out of turn (a protest is the players' call)."""
        race = self.race
        before, action = race.history[k], race.actions[k]
        if action in race.game.interjections(before):
            seat = getattr(action, "boat", None)
        else:
            seat = race.game.current_player(before)
        return seat is None or not 0 <= seat < len(self.game.setup.seats) or self.game.setup.seats[seat].skipper is None

    def save_copy(self) -> None:
        if self.autosave is None:
            from dinghy.ui.shell.autosave import Autosave
            self.autosave = Autosave()
        try:
            path = self.autosave.save_copy(self.race)
        except OSError as exc:
            self.toast.show(f"Could not save: {exc}")
            return
        self.saved_path = path
        self.toast.show(f"Saved to {path}", seconds=6.0)

    def leave(self) -> None:
        g = self.gui
        assert g is not None

        def go() -> None:
            if self.on_leave is not None:
                self.on_leave()
        g.open(Dialog(g, "Leave the race?", self.leave_message, [("Stay", None), ("Leave race", go)]))

    # --- time ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.toast.update(dt)
        motion = getattr(self.view, "motion", None)
        if motion is not None and motion.active:
            motion.update(dt)
        self.view.tick(dt)
        self.run_bots(dt)
        self.save_now()
        if self.race.over:
            self._report_over()

    # --- input ----------------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if self.gui is not None and not self.gui.modals and self.skip_motion():
            self._press = None
            return True                          # a tap skips the animation
        if super().on_mouse_press(x, y, button, modifiers):
            self._press = None
            return True
        if self.view.board_contains(x, y):
            self._press, self._dragged = (x, y), False
            return True
        return False

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if self._press is None:
            return super().on_mouse_release(x, y, button, modifiers)
        press, self._press = self._press, None
        if not self._dragged and math.dist(press, (x, y)) <= self.gui.px(TAP_SLOP):
            g = self.gui
            if not g.modals:
                self.view.tap(x, y)
        return True

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int,
                      modifiers: int) -> Any:
        g = self.gui
        pressed = getattr(g, "_pressed", None)
        if isinstance(pressed, Slider):
            pressed.drag_to(x)
            return True
        if hasattr(pressed, "drag_point"):       # a drag along a card face
            pressed.drag_point(x, y)
            return True
        if self._press is not None:
            if self._dragged or math.dist(self._press, (x, y)) > g.px(TAP_SLOP):
                self._dragged = True
                self.view.pan(dx, dy)
            return True
        return super().on_mouse_drag(x, y, dx, dy, buttons, modifiers)

    def on_mouse_scroll(self, x: float, y: float, sx: float, sy: float) -> Any:
        g = self.gui
        if g is None or g.modals:
            return True
        if self.log.contains(x, y):
            self.log.scroll(1 if sy > 0 else -1)
            return True
        if g.widget_at(x, y) is None:
            self.view.scroll(x, y, sy)
        return True

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> Any:
        hit = super().on_mouse_motion(x, y, dx, dy)
        if not hit and self.view.board_contains(x, y):
            self.view.hover(x, y)
        return hit

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        if self.skip_motion():
            return True                          # a key skips the animation
        if symbol == key.Z and modifiers & key.MOD_ACCEL:
            self.undo()
            return True
        if symbol == key.S and modifiers & key.MOD_ACCEL:
            self.save_copy()
            return True
        return self.view.on_shortcut(symbol, modifiers)
