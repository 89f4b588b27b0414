"""The race table: the chart, the turn panel, the turn order, the log; humans and bots
playing one race to the end.

Every decision goes to the engine: the scene asks ``race.legal_actions()``,
``race.why_not()`` and the ``dr`` helpers what may be done and why not, pushes what the
player chose, autosaves, and redraws from the new state. Bots (seats with a skipper)
act by themselves, one action every ``bot_delay`` seconds (0: at once, for tests).
Between two human players a curtain hides the next player's hand.
"""
from __future__ import annotations

import math
import random
from typing import Any, Callable

from dinghy.ui.widgets import (  # noqa: F401  (configures pyglet first)
    Button, Curtain, Dialog, Panel, Text, key,
)

from dinghy.games.dinghy_race.actions import Begin, Launch, Luck, Move, Pivot, WeatherEye  # noqa: E402
from dinghy.games.dinghy_race.cards import exit_track  # noqa: E402
from dinghy.core.errors import DinghyError  # noqa: E402
from dinghy.core.geometry import Pose  # noqa: E402
from dinghy.games.dinghy_race import rules as dr  # noqa: E402
from dinghy.core.setup import PALETTE  # noqa: E402
from dinghy.skippers import skipper  # noqa: E402
from dinghy.games.dinghy_race.state import Step, WeatherEyeCard  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.dinghy_race.chart import Chart, Ghost, seat_colour  # noqa: E402
from dinghy.ui.hud import Compass, EventLog, OrderStrip, Slider, Toast, warm_glyphs  # noqa: E402
from dinghy.ui.scene import ChartScene  # noqa: E402
from dinghy.ui.dinghy_race.turn_panel import TurnPanel  # noqa: E402

#: How long a bot waits before each action in a real window, seconds.
BOT_DELAY = 0.45
#: Pixels a press may travel and still be a tap (beyond it, it pans the chart).
TAP_SLOP = 8


def round_parts(state: Any) -> tuple[str, str]:
    """The round, and the pre-start countdown: ("Round 3", "start in 3 rounds")."""
    r = state.round
    if r == 0:
        return ("Boats launching", "")
    if r <= dr.PRESTART_ROUNDS:
        left = dr.PRESTART_ROUNDS + 1 - r
        return (f"Round {r}", f"start in {left} round{'s' if left > 1 else ''}")
    if r == dr.PRESTART_ROUNDS + 1:
        return (f"Round {r}", "start!")
    return (f"Round {r}", "")


def round_text(state: Any) -> str:
    """``Round 3 · start in 3 rounds`` (the pre-start countdown), ``Round 6 · start!``."""
    return " · ".join(p for p in round_parts(state) if p)


class TableScene(ChartScene):
    """``TableScene(race, autosave=None, on_over=None, on_leave=None, bot_delay=BOT_DELAY)``."""

    shortcuts = [
        ("Ctrl+Z", "Undo (back to the last dice roll)"),
        ("Ctrl+S", "Save the race to a file"),
        ("Enter", "Main action (Reveal, Roll, Launch, Place here)"),
        ("1 … 9", "Choose exit / card / pivot by number"),
        ("+ / −", "Zoom in / out"),
        ("F", "Fit the course"),
        ("A", "Follow the active boat on or off"),
        ("Arrows", "Pan the chart"),
        ("Drag / wheel", "Pan / zoom the chart"),
    ]
    help_title = "Race table: keyboard shortcuts"
    water = False           # the chart covers the water

    #: What the "Leave the race?" dialog says (a test sail says where it goes instead).
    leave_message = "The race is autosaved: \"Resume race\" on the set-up screen brings it back."

    def __init__(self, race: Any, *, autosave: Any = None,
                 on_over: Callable[[Any], Any] | None = None,
                 on_leave: Callable[[], Any] | None = None,
                 bot_delay: float = BOT_DELAY, bot_seed: int | None = None,
                 follow: bool = True) -> None:
        super().__init__()
        self.race, self.game = race, race.game
        self.autosave, self.on_over, self.on_leave = autosave, on_over, on_leave
        self.bot_delay = bot_delay
        self.bot_rng = random.Random(race.game.setup.seed if bot_seed is None else bot_seed)
        self.follow = follow
        self.camera = Camera(min_zoom=0.05, max_zoom=25.0)
        self.viewer: int | None = None          # the human who may see the table now
        self._bot_wait = 0.0
        self._over_reported = False
        self._press: tuple[float, float] | None = None
        self._dragged = False
        self._fitted = False
        # choices in progress (reset when the step changes)
        self.launch_pos: int | None = None
        self.launch_choice = 0
        self.trapeze = False
        self.shift = 0.0
        self.luck_n = 0
        self.we_long = True
        self.we_point: tuple[float, float] | None = None
        self.exit_opts: list[Any] = []
        self.last_roll: tuple[int, int, str] | None = None
        self._step_key: Any = None
        self.curtain: Curtain | None = None

    # --- who decides -------------------------------------------------------------------
    def seat(self, boat: int | None = None) -> Any:
        return self.game.setup.seats[self.race.state.active if boat is None else boat]

    @property
    def human_turn(self) -> bool:
        return not self.race.over and self.seat().skipper is None

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.game.setup.seats) if s.skipper is None]

    # --- building ---------------------------------------------------------------------
    def build(self) -> None:
        g = self.gui
        assert g is not None and self.app is not None
        warm_glyphs(g)
        self.chart = Chart(g.batch, self.app.window, self.game, self.camera, scale=g.scale)
        add = g.add
        self.top = add(Panel(g, colour=theme.WATER_DEEP, shadow=False))
        self.round_label = add(Text(g, "", theme.HEADER_PT, theme.ON_WATER, bold=True))
        self.countdown = add(Text(g, "", theme.SMALL_PT + 1, theme.PRIMARY, bold=True))
        self.order = add(OrderStrip(g, on_tap=self.look_at))
        self.undo_button = add(Button(g, "Undo", self.undo, reason="Nothing to undo since the last dice roll"))
        self.save_button = add(Button(g, "Save", self.save_copy))
        self.help_button = add(Button(g, "?", self.show_help, style="water", pt=theme.HEADER_PT))
        self.menu_button = add(Button(g, "Leave", self.leave, style="water"))
        self.panel = add(Panel(g))
        self.turn = TurnPanel(self)
        self.log = add(EventLog(g))
        self.compass = add(Compass(g, self.game.wind_from))
        self.zoom_in = add(Button(g, "+", lambda: self.zoom(1.4), style="water", pt=theme.HEADER_PT + 2))
        self.zoom_out = add(Button(g, "−", lambda: self.zoom(1 / 1.4), style="water", pt=theme.HEADER_PT + 2))
        self.fit_button = add(Button(g, "Fit course", self.fit, style="water"))
        self.follow_button = add(Button(g, "", self.toggle_follow, style="water"))
        # out-of-turn actions: anyone at the table may tap them
        self.protest_button = add(Button(g, "Protest…", self.protest, style="primary"))
        self.room_button = add(Button(g, "Claim room", self.claim_room, style="primary"))
        self.toast = add(Toast(g))
        self.refresh(new_step=True)

    # --- layout -----------------------------------------------------------------------
    def layout(self) -> None:
        g = self.gui
        assert g is not None
        px, t = g.px, g.touch
        W, H = g.width, g.height
        m = px(8)
        bar = t + px(16)
        side = min(max(px(330), W * 0.28), px(420))
        self.top.place(0, H - bar, W, bar)
        by = H - bar + px(8)
        x = W - m
        for b, bw in ((self.menu_button, px(84)), (self.help_button, t), (self.save_button, px(76)),
                      (self.undo_button, px(76))):
            x -= bw
            b.place(x, by, bw, t)
            x -= px(6)
        self.round_label.place(m + px(6), by + t * 0.3, px(190), t * 0.7)
        self.countdown.place(m + px(6), by, px(190), t * 0.35)
        strip_x = m + px(200)
        self.order.place(strip_x, by, max(t, x - strip_x - px(6)), t)
        col_x = W - side - m
        self.side_rect = (col_x, side)
        self.layout_side()
        # the chart fills the rest
        chart_w = col_x - m
        self.camera.set_viewport(0, 0, chart_w, H - bar)
        self.compass.place(m, H - bar - m - px(190), px(150), px(190))
        cb = m
        for b, bw in ((self.zoom_in, t), (self.zoom_out, t), (self.fit_button, px(110)),
                      (self.follow_button, px(130))):
            b.place(cb, m, bw, t)
            cb += bw + px(6)
        self.toast.place(0, H - bar - m, chart_w, 0)
        self.layout_buttons()
        if not self._fitted:
            self.fit()
            self._fitted = True
            if self.follow and self.human_turn:
                self.follow_active(jump=True)
        self.chart.camera_moved()
        self._label_follow()

    def layout_side(self) -> None:
        """The parts that change with the state: turn panel, event log, turn order."""
        g = self.gui
        if g is None or not hasattr(self, "side_rect"):
            return
        px = g.px
        m = px(8)
        bar = g.touch + px(16)
        col_x, side = self.side_rect
        avail = g.height - bar - 3 * m
        need = self.turn.used_height() + px(2 * theme.PAD)
        log_h = max(px(130), min(avail * 0.42, avail - need))
        self.log.place(col_x, m, side, log_h)
        self.panel.place(col_x, 2 * m + log_h, side, avail - log_h)
        pad = px(theme.PAD)
        self.turn.layout(col_x + pad, 2 * m + log_h + pad, side - 2 * pad, avail - log_h - 2 * pad)
        self.order.layout()

    def panel_rows_free(self, panel: TurnPanel) -> int:
        """Button rows that still fit under what the panel holds so far."""
        g = self.gui
        assert g is not None
        H = g.height
        avail = H - (g.touch + g.px(16)) - 3 * g.px(8) - g.px(130) - g.px(2 * theme.PAD)
        left = avail - panel.used_height() - (g.touch + g.px(6))
        return int(left // (g.touch + g.px(6)))

    # --- camera -----------------------------------------------------------------------
    def fit(self) -> None:
        """The whole playing area, clear of the camera buttons and the compass."""
        self.camera.fit(self.chart.bounds, margin=self.gui.px(64) if self.gui else 64)
        self.chart.camera_moved()

    def zoom(self, factor: float) -> None:
        c = self.camera
        self.camera.zoom_at(c.x0 + c.width / 2, c.y0 + c.height / 2, factor)
        self.chart.camera_moved()

    def toggle_follow(self) -> None:
        self.follow = not self.follow
        if self.follow:
            self.follow_active(jump=True)
        self._label_follow()

    def _label_follow(self) -> None:
        self.follow_button.label = "Follow: on" if self.follow else "Follow: off"

    def follow_active(self, jump: bool = False) -> None:
        state = self.race.state
        boat = state.boat()
        if state.step is Step.LAUNCH:
            self.show_launch_spots()
            return
        if not boat.launched:
            return
        if jump:
            self._readable_zoom()
        self.camera.follow(boat.pose.x, boat.pose.y)
        self.chart.camera_moved()

    def show_launch_spots(self) -> None:
        """Every launch spot and the start line in view (at a readable zoom if they fit)."""
        (ax, ay), (bx, by) = self.game.start_line
        xs, ys = [ax, bx], [ay, by]
        for opts in self.launch_spots():
            xs.append(opts[0].x)
            ys.append(opts[0].y)
        L = self.game.cards.card_length
        self.camera.fit((min(xs) - L, min(ys) - L, max(xs) + L, max(ys) + L),
                        margin=self.gui.px(24) if self.gui else 24)
        self.camera.zoom = min(self.camera.zoom, self.camera.clamp(
            (self.gui.px(170) if self.gui else 170) / L))
        self.chart.camera_moved()

    def _readable_zoom(self, share: float = 1.0) -> None:
        """Zoom so that a card is about 170 px long (choices become easy to tap)."""
        want = self.gui.px(170) * share / self.game.cards.card_length
        self.camera.zoom = self.camera.clamp(max(self.camera.zoom, want) if share < 1 else want)

    def look_at(self, boat: int) -> None:
        b = self.race.state.boats[boat]
        if b.launched:
            self.camera.follow(b.pose.x, b.pose.y)
            self.chart.camera_moved()

    # --- state -> screen ----------------------------------------------------------------
    def refresh(self, new_step: bool = False) -> None:
        race, state = self.race, self.race.state
        key = (len(race.actions), state.step, state.active)
        if key != self._step_key:
            new_step = True
            self._step_key = key
        if new_step:
            self._reset_choices()
        self.chart.active_ring = True
        self.chart.update_state(state)
        self.round_label.text, self.countdown.text = round_parts(state)
        self.order.set_state(self.game, state)
        colours = {i: PALETTE.get(s.colour, (200, 200, 200)) for i, s in enumerate(self.game.setup.seats)}
        self.log.set_events(race.events, colours)
        self.undo_button.enabled = race.can_undo()
        boat = state.boat()
        self.compass.set_heading(boat.pose.heading if boat.launched and not race.over else None,
                                 seat_colour(self.game, boat.index))
        self._update_ghosts()
        self._update_interjections()
        self.turn.build()
        self.layout_side()
        if self.follow and not race.over and (new_step and (self.human_turn or self.bot_delay > 0)):
            self.follow_active(jump=self.human_turn and state.step in (Step.BEGIN, Step.LAUNCH))
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

    def _reset_choices(self) -> None:
        state = self.race.state
        self.launch_pos, self.launch_choice = None, 0
        self.trapeze = state.boat().trapeze
        self.shift = 0.0
        self.luck_n = 0
        self.we_point = None
        self.chart.show_preview(None)
        self.exit_opts = (dr.exit_options(self.game, state) if state.step is Step.MOVE
                          and self.human_turn else [])

    def _check_curtain(self) -> None:
        if self.race.over or not self.human_turn:
            return
        active = self.race.state.active
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
            if self.follow:
                self.follow_active(jump=True)

        self.curtain = Curtain(g, f"Pass to {seat.name}", f"I am {seat.name}: show my turn", ready,
                               colour=PALETTE.get(seat.colour), detail="The other skippers look away.")
        g.open(self.curtain)

    # --- out of turn: protests and the inner boat's claim (rule 3) --------------------------
    def interjections(self) -> list[Any]:
        getter = getattr(self.race, "interjections", None)
        return list(getter()) if getter is not None else []

    def _update_interjections(self) -> None:
        acts = self.interjections()
        self.protest_button.visible = any(type(a).__name__ == "Protest" for a in acts)
        claim = next((a for a in acts if type(a).__name__ == "Overlap"), None)
        human = claim is not None and self.game.setup.seats[claim.boat].skipper is None
        self.room_button.visible = human
        if human:
            self.room_button.label = f"{self.game.name(claim.boat)}: room! (rule 3)"
        self._claim = claim if human else None
        if self.gui is not None and self.app is not None:
            self.layout_buttons()

    def layout_buttons(self) -> None:
        g = self.gui
        assert g is not None
        if not hasattr(self, "side_rect"):
            return
        px, t = g.px, g.touch
        m = px(8)
        bar = t + px(16)
        right = self.side_rect[0] - 2 * m
        for b in (self.protest_button, self.room_button):
            if not b.visible:
                continue
            bw = max(px(120), b.text.content_width + px(32))
            b.place(right - bw, g.height - bar - m - t, bw, t)
            right -= bw + px(6)

    def protest(self) -> None:
        """A skipper protests the latest ruling; the table decides, as Race Steward."""
        ruling = getattr(self.race.state, "last_ruling", None)
        g = self.gui
        if ruling is None or g is None:
            return
        from dinghy.games.dinghy_race.actions import Protest

        g.open(Dialog(g, "Protest", f"The ruling: {ruling.text}. Decide together, as Race Steward: "
                      "upheld turns the ruling round, dismissed lets it stand.",
                      [("Cancel", None), ("Dismiss", lambda: self.act(Protest(False))),
                       ("Uphold", lambda: self.act(Protest(True)))]))

    def claim_room(self) -> None:
        if getattr(self, "_claim", None) is not None:
            self.act(self._claim)

    # --- ghosts -------------------------------------------------------------------------
    def launch_spots(self) -> list[list[Launch]]:
        """The engine's launch slots grouped by spot (each spot: its headings and cards)."""
        spots: dict[tuple[float, float], list[Launch]] = {}
        for a in self.race.legal_actions():
            if isinstance(a, Launch):
                spots.setdefault((a.x, a.y), []).append(a)
        return list(spots.values())

    def _update_ghosts(self) -> None:
        ghosts: list[Ghost] = []
        state, game = self.race.state, self.game
        if self.human_turn:
            colour = seat_colour(game, state.active)
            boat = state.boat()
            step = state.step
            if step is Step.LAUNCH:
                for i, opts in enumerate(self.launch_spots()):
                    sel = i == self.launch_pos
                    a = opts[self.launch_choice % len(opts)] if sel else opts[0]
                    pose = Pose(a.x, a.y, a.heading)
                    tack = dr.tack_of(a.heading, game.wind_from, dr.Tack.STARBOARD)
                    ghosts.append(Ghost(("spot", i), pose, tack, None,
                                        f"{a.heading:03d}°", sel, colour=colour))
                    if sel:
                        card = game.cards.types[a.card]
                        self.chart.show_preview(game.card_shape(pose, card, tack))
            elif step is Step.PIVOT:
                for a in self.race.legal_actions():
                    if isinstance(a, Pivot) and a.turn:
                        pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + a.turn)
                        tack = dr.tack_of(pose.heading, game.wind_from, boat.tack)
                        ghosts.append(Ghost(a, pose, tack, None, f"pivot {a.turn:+d}°", colour=colour))
            elif step is Step.MOVE:
                card = game.cards.types[state.turn.card]
                opts = dr.exit_options(game, state, self.shift) if self.shift else self.exit_opts
                for o in opts:
                    ex = card.exits[o.index]
                    track = exit_track(boat.pose, boat.tack, card, ex, game.cards.hull_length, self.shift)
                    ghosts.append(Ghost(Move(o.index, self.shift), o.pose, o.tack, o.reason,
                                        exit_text(o), track=track, colour=colour))
                    if o.bonus is not None and o.reason is None:
                        ghosts.append(Ghost(Move(o.index, self.shift, bonus=True), o.bonus, o.tack, None,
                                            exit_text(o) + " + spinnaker bonus", colour=colour))
        self.chart.show_ghosts(ghosts)

    # --- acting -------------------------------------------------------------------------
    def act(self, action: Any, refresh: bool = True) -> bool:
        """Play one action through the engine; False (and the reason shown) if refused."""
        race = self.race
        before = race.state.active
        try:
            events = race.push(action)
        except DinghyError as exc:
            self.toast.show(str(exc))
            return False
        self._note_roll(events)
        if not any(e.kind == "roll" for e in events) and race.state.active != before:
            self.last_roll = None
        self._autosave()
        if refresh:
            self.refresh()
            if self.bot_delay <= 0:
                self.run_bots()
        return True

    def _note_roll(self, events: list[Any]) -> None:
        rolls = [e for e in events if e.kind == "roll"]
        last = self.race.actions[-1] if self.race.actions else None
        if rolls and hasattr(last, "d1"):
            self.last_roll = (last.d1, last.d2, rolls[-1].text)  # type: ignore[union-attr]

    def _autosave(self) -> None:
        if self.autosave is None:
            return
        try:
            self.autosave.save(self.race)
        except OSError as exc:
            self.toast.show(f"Autosave failed: {exc}")

    def reveal(self) -> None:
        self.act(Begin(self.trapeze))

    def set_trapeze(self, value: bool) -> None:
        self.trapeze = value
        self.turn.build()
        self.layout_side()

    def launch(self) -> None:
        spots = self.launch_spots()
        if self.launch_pos is None or self.launch_pos >= len(spots):
            self.toast.show("Tap a spot on the water first")
            return
        opts = spots[self.launch_pos]
        self.act(opts[self.launch_choice % len(opts)])

    def set_launch_choice(self, i: int) -> None:
        self.launch_choice = i
        self._update_ghosts()

    def select_spot(self, i: int) -> None:
        if self.launch_pos == i:
            self.launch()
            return
        self.launch_pos, self.launch_choice = i, 0
        self._update_ghosts()
        self.turn.build()
        self.layout_side()

    def set_shift(self, value: float) -> None:
        limit = self.exit_opts[0].shift_limit if self.exit_opts else 0.0
        if abs(abs(value) - limit) < 1e-6:
            self.shift = math.copysign(limit, value)      # the ends are exact
        else:
            self.shift = max(-limit, min(limit, round(value, 1)))
        before = [(g.action.exit, g.action.bonus, g.reason) for g in self.chart.ghosts]
        self._update_ghosts()
        after = [(g.action.exit, g.action.bonus, g.reason) for g in self.chart.ghosts]
        if before != after:          # other exits open or close: new buttons
            self.turn.build()
            self.layout_side()

    def highlight_ghost(self, i: int | None) -> None:
        """Hovering an exit button rings its ghost on the water."""
        for k, g in enumerate(self.chart.ghosts):
            g.selected = k == i
        self.chart.show_ghosts(self.chart.ghosts)

    def set_luck(self, n: int) -> None:
        self.luck_n = n
        if self.turn.odds is not None:
            self.turn.odds.choose(n)

    def roll(self) -> None:
        state = self.race.state
        if state.step is Step.LUCK:
            if not self.act(Luck(self.luck_n)):
                return
        if self.race.chance:
            self._note_roll(self.race.roll())
            self._autosave()
            self.refresh()
            if self.bot_delay <= 0:
                self.run_bots()

    def preview_card(self, key: str | None) -> None:
        state = self.race.state
        if key is None or state.step is not Step.PLACE:
            self.chart.show_preview(None)
            return
        boat = state.boat()
        card = self.game.cards.types[key]
        self.chart.show_preview(self.game.card_shape(boat.pose, card, boat.tack))

    # Weather Eye placement
    def set_we_long(self, value: bool) -> None:
        self.we_long = value
        self._show_we()

    def we_action(self) -> WeatherEye | None:
        if self.we_point is None:
            return None
        x, y = self.we_point
        return WeatherEye(round(x, 1), round(y, 1), self.we_long)

    def we_reason(self) -> str | None:
        a = self.we_action()
        if a is None:
            return "Tap the water first"
        return dr.why_not_weather_eye(self.game, self.race.state, a)

    def we_reason_text(self) -> str:
        if self.we_point is None:
            return "Tap the water where the card should lie."
        why = self.we_reason()
        return "It fits here." if why is None else f"Not here: {why}"

    def _show_we(self, rebuild: bool = True) -> None:
        a = self.we_action()
        if a is None:
            self.chart.show_preview(None)
        else:
            we = WeatherEyeCard(a.x, a.y, a.long_side_along_wind, self.race.state.active)
            ok = self.we_reason() is None
            self.chart.show_preview(dr.weather_eye_shape(self.game, we), ok, (120, 220, 140))
        if rebuild:
            self.turn.build()
            self.layout_side()

    def place_weather_eye(self) -> None:
        a = self.we_action()
        if a is None:
            self.toast.show("Tap the water where the card should lie")
            return
        self.act(a)

    # undo, save, leave
    def undo(self) -> None:
        race = self.race
        if not race.can_undo():
            self.toast.show("Nothing to undo since the last dice roll")
            return
        race.undo()
        # bots replay at once: go back past their moves to the last human decision
        while race.can_undo() and not race.over and self.seat().skipper is not None:
            race.undo()
        self.last_roll = None
        if self.human_turn:
            self.viewer = race.state.active
        self._over_reported = False
        self._autosave()
        self.refresh(new_step=True)

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
        self.run_bots(dt)
        if self.race.over:
            self._report_over()

    def run_bots(self, dt: float = 0.0) -> None:
        """Let bot seats act: all at once with no delay, else one per ``bot_delay``."""
        g = self.gui
        if g is None or g.modals:
            return
        if self.bot_delay <= 0:
            n = 0
            while not self.race.over and not self.human_turn and n < 100000:
                self._bot_step(refresh=False)
                n += 1
            if n:
                self.refresh()
            return
        if self.race.over or self.human_turn:
            self._bot_wait = 0.0
            return
        self._bot_wait += dt
        if self._bot_wait >= self.bot_delay:
            self._bot_wait = 0.0
            self._bot_step()

    def _bot_step(self, refresh: bool = True) -> None:
        race = self.race
        bot = skipper(self.seat().skipper)
        action = bot.choose(race, self.bot_rng)
        self.act(action, refresh=refresh)

    # --- input ----------------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if super().on_mouse_press(x, y, button, modifiers):
            self._press = None
            return True
        if self.camera.contains_screen(x, y):
            self._press, self._dragged = (x, y), False
            return True
        return False

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> Any:
        if self._press is None:
            return super().on_mouse_release(x, y, button, modifiers)
        press, self._press = self._press, None
        if not self._dragged and math.dist(press, (x, y)) <= self.gui.px(TAP_SLOP):
            self.tap_chart(x, y)
        return True

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int,
                      modifiers: int) -> Any:
        g = self.gui
        pressed = getattr(g, "_pressed", None)
        if isinstance(pressed, Slider):
            pressed.drag_to(x)
            return True
        if self._press is not None:
            if self._dragged or math.dist(self._press, (x, y)) > g.px(TAP_SLOP):
                self._dragged = True
                self.camera.pan(dx, dy)
                self.chart.camera_moved()
            return True
        return super().on_mouse_drag(x, y, dx, dy, buttons, modifiers)

    def on_mouse_scroll(self, x: float, y: float, sx: float, sy: float) -> Any:
        g = self.gui
        if g is None or g.modals:
            return True
        if self.log.contains(x, y):
            self.log.scroll(1 if sy > 0 else -1)
            return True
        if self.camera.contains_screen(x, y) and g.widget_at(x, y) is None:
            self.camera.scroll(x, y, sy)
            self.chart.camera_moved()
        return True

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> Any:
        hit = super().on_mouse_motion(x, y, dx, dy)
        if hit or not self.camera.contains_screen(x, y):
            return hit
        state = self.race.state
        if self.human_turn and state.step is Step.WEATHER_EYE and self.curtain is None:
            if self.we_point is None or getattr(self, "_we_hover", False):
                self._we_hover = True
                self.we_point = self.camera.screen_to_world(x, y)
                self._show_we(rebuild=False)
        elif self.turn.hint is not None:
            i = self.chart.ghost_at(x, y, self.gui.touch)
            text = ""
            if i is not None:
                gh = self.chart.ghosts[i]
                text = gh.label + ("" if gh.allowed else f" — not allowed: {gh.reason}")
            if self.turn.hint.text != text:
                self.turn.hint.text = text
        return hit

    def tap_chart(self, x: float, y: float) -> None:
        """A tap on the water: a ghost, or a Weather Eye spot."""
        g = self.gui
        assert g is not None
        if not self.human_turn or g.modals:
            return
        state = self.race.state
        if state.step is Step.WEATHER_EYE:
            self._we_hover = False
            self.we_point = self.camera.screen_to_world(x, y)
            self._show_we()
            return
        i = self.chart.ghost_at(x, y, g.touch)
        if i is None:
            return
        self.choose_ghost(i)

    def choose_ghost(self, i: int) -> None:
        gh = self.chart.ghosts[i]
        if not gh.allowed:
            self.toast.show(f"{gh.label}: {gh.reason}")
            if self.turn.hint is not None:
                self.turn.hint.text = f"{gh.label} — not allowed: {gh.reason}"
            return
        if isinstance(gh.action, tuple) and gh.action[0] == "spot":
            self.select_spot(gh.action[1])
            return
        self.act(gh.action)

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.Z and modifiers & key.MOD_ACCEL:
            self.undo()
            return True
        if symbol == key.S and modifiers & key.MOD_ACCEL:
            self.save_copy()
            return True
        if symbol in (key.PLUS, key.EQUAL, key.NUM_ADD):
            self.zoom(1.4)
            return True
        if symbol in (key.MINUS, key.NUM_SUBTRACT):
            self.zoom(1 / 1.4)
            return True
        if symbol == key.F:
            self.fit()
            return True
        if symbol == key.A:
            self.toggle_follow()
            return True
        pan = {key.LEFT: (1, 0), key.RIGHT: (-1, 0), key.UP: (0, -1), key.DOWN: (0, 1)}.get(symbol)
        if pan is not None:
            step = self.gui.px(80)
            self.camera.pan(pan[0] * step, pan[1] * step)
            self.chart.camera_moved()
            return True
        if not self.human_turn:
            return False
        if symbol in (key.ENTER, key.RETURN, key.NUM_ENTER):
            for name in ("reveal", "roll", "launch", "place_we"):
                b = self.turn.buttons.get(name)
                if b is not None and b.enabled and b.visible and b.callback is not None:
                    b.callback()
                    return True
            return False
        if key._1 <= symbol <= key._9:
            return self._choose_number(symbol - key._1)
        return False

    def _choose_number(self, n: int) -> bool:
        state = self.race.state
        if state.step is Step.PLACE:
            buttons = [b for b in self.turn.card_buttons.values()]
            if n < len(buttons) and buttons[n].enabled and buttons[n].callback is not None:
                buttons[n].callback()
                return True
            return False
        allowed = [i for i, gh in enumerate(self.chart.ghosts) if gh.allowed]
        if n < len(allowed):
            self.choose_ghost(allowed[n])
            return True
        return False


def exit_text(o: Any) -> str:
    """An exit option in words: how far it turns, and what taking it means."""
    t = o.turn
    words = "straight on" if t == 0 else (f"luff {t}°" if t > 0 else f"bear away {-t}°")
    notes = []
    if o.involuntary:
        notes.append(f"involuntary {o.involuntary}")
    if o.blocked_by:
        notes.append(f"stops short of {o.blocked_by}")
    if o.gives_way:
        notes.append("gives way: swaps turn order")
    return f"{words} (to {o.pose.heading:03d}°)" + (f", {', '.join(notes)}" if notes else "")
