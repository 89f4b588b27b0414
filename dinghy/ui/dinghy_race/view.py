"""Dinghy Race's view at the table: the chart with its camera, the compass, the camera
buttons, the out-of-turn buttons (protest, room) and the turn panel of each step.

The shell (:class:`~dinghy.ui.shell.table.TableScene`) asks this view for everything
that knows the game's steps; the choices on the water (ghosts, launch spots, the
Weather Eye card) are in :mod:`dinghy.ui.dinghy_race.choices`. Every decision goes to
the engine: the view shows ``race.legal_actions()``, ``race.why_not()`` and the ``dr``
helpers' reasons, and plays what the player chose through ``scene.act``.
"""
from __future__ import annotations

import math
from typing import Any

from dinghy.ui.widgets.gui import key  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.dialogs import Dialog
from dinghy.ui.widgets.panels import Band

from dinghy.games.dinghy_race import rules as dr  # noqa: E402
from dinghy.games.dinghy_race.state import Step  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.dinghy_race.chart import Chart, seat_colour  # noqa: E402
from dinghy.ui.dinghy_race.choices import Choices  # noqa: E402
from dinghy.ui.dinghy_race.compass import Compass  # noqa: E402
from dinghy.ui.dinghy_race.view_camera import ChartCamera  # noqa: E402
from dinghy.ui.shell.edge_arrow import EdgeArrow  # noqa: E402
from dinghy.ui.dinghy_race.motion import Motion  # noqa: E402
from dinghy.ui.dinghy_race.turn_panel import TurnPanel  # noqa: E402
from dinghy.ui.hud import SeatChip  # noqa: E402
from dinghy.ui.shell.board_view import skipper_word  # noqa: E402
from dinghy.ui.shell.views import BoardView  # noqa: E402

#: The Hint button's label while the coach reads new water (a few seconds, once a course).
HINT_WAIT = "Hint…"
#: Seconds the first Hint waits for the field before it lets the table run on.
HINT_PATIENCE = 0.3


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


def seat_status(boat: Any, seat: Any, state: Any) -> str:
    """A seat's chip in the seats bar: finished, ashore, or its boat's state in short."""
    if boat.finished is not None:
        return f"finished {boat.finished}."
    if not boat.launched:
        return "ashore"
    bits = []
    if seat.skipper:
        bits.append(skipper_word(seat))
    mid_turn = boat.index == state.active and state.turn.card is not None
    if boat.delays:
        bits.append(f"delay ×{boat.delays}")
    elif boat.planned is None and not mid_turn:
        bits.append("dead")
    if boat.trapeze:
        bits.append("trapeze")
    if boat.spi_up:
        bits.append("spi")
    if boat.lady_luck:
        bits.append(f"luck {boat.lady_luck}")
    return " · ".join(bits)


def seat_chips(game: Any, state: Any) -> list[SeatChip]:
    """The turn order cards, face-up in a row: who is active, who has moved."""
    chips = []
    for b in state.order:
        boat, seat = state.boats[b], game.setup.seats[b]
        chips.append(SeatChip(
            b, seat.name, seat_colour(game, b), seat_status(boat, seat, state),
            active=b == state.active and state.step is not Step.OVER,
            done=b in state.done or not boat.racing,
            mark="✓" if (b in state.done and boat.racing) else ""))
    return chips


class DinghyRaceView(Choices, ChartCamera, BoardView):
    """The chart and the turn panel of a Dinghy Race (``DinghyRaceView(scene)``)."""

    setup_options = ("wind_force", "card_size", "lady_luck", "weather_eye", "inner_boat_rule")
    shortcuts = [
        ("Enter", "Main action (Reveal, Roll, Launch, Place here)"),
        ("1 … 9", "Choose exit / card / pivot by number"),
        ("+ / −", "Zoom in / out"),
        ("F", "Fit the course"),
        ("A", "Follow the active boat (else the fleet and the next mark stay in view)"),
        ("Arrows", "Pan the chart"),
        ("Drag / wheel", "Pan / zoom the chart"),
    ]
    bots_roll = True        # the skippers roll with the race's dice stream themselves
    sheet_fits_content = True   # upright, the turn panel's sheet is as tall as its rows

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.follow = True
        self.camera = Camera(min_zoom=0.05, max_zoom=25.0)
        self.chart: Any = None
        self._fitted = False
        self.motion = Motion(self)
        self.ghost_focus = False       # the camera closed in on this step's choices (ghosts, cards)
        self.init_choices()

    @classmethod
    def board_name(cls, game: Any) -> str:
        return game.course.name

    @classmethod
    def summary(cls, race: Any) -> str:
        return f"{race.game.course.name} · {race.state.round} rounds · {len(race.actions)} actions"

    def acting_seat(self) -> int:
        return self.race.state.active

    def status(self) -> tuple[str, str]:
        return round_parts(self.race.state)

    def seat_chips(self) -> list[SeatChip]:
        return seat_chips(self.game, self.race.state)

    def log_events(self, events: list[Any]) -> list[Any]:
        """The engine's events with each boat's new place said by the course ("now two
        card lengths below mark 2"): :func:`~dinghy.ui.dinghy_race.words.said_events`,
        each line made once."""
        from dinghy.ui.dinghy_race.words import said_events

        race = self.race
        out = said_events(self.game, race.events_by_action(), race.history,
                          self.__dict__.setdefault("_log_words", {}))
        return out[:len(events)] if len(out) >= len(events) else list(events)

    # --- building ---------------------------------------------------------------------
    def build(self) -> None:
        s, g = self.scene, self.gui
        self.chart = Chart(g.batch, s.app.window, self.game, self.camera, scale=g.scale)
        s.chart = self.chart                 # the scene frees it when it leaves the stack
        add = g.add
        self.turn = TurnPanel(self)
        self._field_job: Any = None          # the thread building the coach's field
        self._hint_asked: int | None = None  # the action count at which Hint was tapped
        if any(seat.skipper in (None, "hard") for seat in self.game.setup.seats):
            # the field of the hard skipper and of a person's Hint, built while people
            # play (one core for a few seconds, once per course; the window stays live)
            self._read_the_water()
        self.compass = add(Compass(g, self.game.wind_from))
        self.camera_band = add(Band(g))      # under the camera buttons: no course behind them
        self.zoom_in = add(Button(g, "+", lambda: self.zoom(1.4), style="water", pt=theme.HEADER_PT + 2))
        self.zoom_out = add(Button(g, "−", lambda: self.zoom(1 / 1.4), style="water", pt=theme.HEADER_PT + 2))
        self.fit_button = add(Button(g, "Fit course", self.fit, style="water"))
        self.follow_button = add(Button(g, "", self.toggle_follow, style="water"))
        self.hint_button = add(Button(g, "Hint", self.hint, style="water"))
        self.hints: list[Any] = []
        # out-of-turn actions: anyone at the table may tap them
        self.protest_button = add(Button(g, "Protest…", self.protest, style="primary"))
        self.room_button = add(Button(g, "Claim room", self.claim_room, style="primary"))
        self.chart.avoid = self.over_the_chart
        self.mark_arrow = add(EdgeArrow(g, self.look_at_next_mark))
        self.chart.after_move = self.place_arrow

    def over_the_chart(self) -> list[tuple[float, float, float, float]]:
        """The screen boxes drawn over the chart (camera buttons, compass, out-of-turn
        buttons): words on the water keep clear of them."""
        ws = (self.compass, self.camera_band, self.zoom_in, self.zoom_out, self.fit_button,
              self.follow_button, self.hint_button, self.protest_button, self.room_button, self.mark_arrow)
        return [(w.x, w.y, w.w, w.h) for w in ws if w.visible and w.w > 0]

    # --- layout -----------------------------------------------------------------------
    def layout(self, x: float, y: float, w: float, h: float) -> None:
        g = self.gui
        px, t = g.px, g.touch
        m = px(8)
        self.board_rect = (x, y, w, h)
        self.camera.set_viewport(x, y, w, h)
        c = self.compass                  # a small chart (1024 x 600): a small compass
        c.compact = h < px(600) or w < px(560)
        cw, ch = (px(112), px(118)) if c.compact else (px(172), px(190))
        c.place(m, y + h - m - ch, cw, ch)
        self.camera_band.hold(((self.zoom_in, t), (self.zoom_out, t), (self.fit_button, px(110)),
                               (self.follow_button, px(130)), (self.hint_button, px(90))), x, y, w)
        self.layout_buttons()
        if not self._fitted:
            self.fit()
            self._fitted = True
            if self.follow and self.human_turn:
                self.follow_active(jump=True)
            elif not self.follow:
                self.keep_fleet_in_view(force=True)
            if self.human_turn:
                # a race resumed at a person's step: its close-up, which the first refresh
                # asked for before the board had an area, as play arriving at it shows it
                self.ghost_focus = False
                self.focus_ghosts()
                self.focus_place()
                self.focus_weather_eye()
        elif not self.follow and not self.ghost_focus:
            self.keep_fleet_in_view()
        self.chart.camera_moved()
        self._label_follow()

    def panel_height(self) -> float:
        return self.turn.used_height()

    def layout_panel(self, x: float, y: float, w: float, h: float) -> None:
        self.turn.layout(x, y, w, h)

    def panel_rows_free(self, panel: TurnPanel) -> int:
        return self.scene.panel_rows_free(panel.used_height())

    def layout_buttons(self) -> None:
        """The out-of-turn buttons, top right of the chart."""
        g = self.gui
        if not hasattr(self, "board_rect"):
            return
        px, t = g.px, g.touch
        m = px(8)
        x, y, w, h = self.board_rect
        right = x + w - m
        for b in (self.protest_button, self.room_button):
            if not b.visible:
                continue
            bw = max(px(120), b.text.content_width + px(32))
            b.place(right - bw, y + h - m - t, bw, t)
            right -= bw + px(6)

    def on_curtain_lifted(self) -> None:
        if self.follow:
            self.follow_active(jump=True)

    def delete(self) -> None:
        self.motion.delete()  # the scene deletes the chart (ChartScene)

    def animate(self, before: Any, action: Any, events: list[Any]) -> bool:
        """Show the action before the log says it (see :mod:`.motion`); False: nothing to show."""
        if self.chart is None or not self.motion.start(before, action, events, self.race.state):
            return False
        self.chart.hidden = self.motion.hidden
        return True

    # --- state -> screen ----------------------------------------------------------------
    def refresh(self, new_step: bool) -> None:
        race, state = self.race, self.race.state
        self.chart.active_ring = True
        self.chart.update_state(state)
        boat = state.boat()
        self.compass.set_heading(boat.pose.heading if boat.launched and not race.over else None,
                                 seat_colour(self.game, boat.index))
        self._update_ghosts()
        if new_step and state.step is Step.PLACE:
            self.preview_card(None)         # where the cards would lie, before a hover
        self._update_interjections()
        self.hints = []
        self.hint_button.visible = self.human_turn and not race.over and not race.chance
        self.turn.build()
        self._fit_panel()
        if self.follow and not race.over and (new_step and (self.human_turn or self.scene.bot_delay > 0)):
            self.follow_active(jump=self.human_turn and state.step in (Step.BEGIN, Step.LAUNCH))
        elif not self.follow and not race.over and new_step and hasattr(self, "board_rect"):
            self.keep_fleet_in_view()
        if new_step and hasattr(self, "board_rect"):
            self.ghost_focus = False
            self.focus_ghosts()
            self.focus_place()
            self.focus_weather_eye()
        if hasattr(self, "board_rect"):
            self.keep_in_sight()
            self.place_arrow()

    def relayout_panel(self) -> None:
        self.turn.build()
        self._fit_panel()

    def _fit_panel(self) -> None:
        """The panel laid out again; upright, its sheet follows its height."""
        fit = getattr(self.scene, "fit_sheet", None)
        if fit is not None:
            fit()
        else:
            self.scene.layout_side()

    # --- the coach ---------------------------------------------------------------------------
    def hint(self) -> None:
        """The coach: the hard skipper's top three choices for this step, drawn as ghosts
        with the rounds it expects to the finish and the risk of each (a tap on a ghost
        plays it). The first hint on new water builds its time-to-go field, which takes
        a few seconds once; it is kept on disk after that."""
        from dinghy.skippers.dinghy_race import coach
        from dinghy.ui.dinghy_race.coach_view import show_hints

        if not self.human_turn or self.race.over or self.race.chance:
            return
        if self._read_the_water(HINT_PATIENCE):   # a field on disk loads in a moment
            # new water: the field is built on its own thread while the table stays
            # live; the hint comes when it is ready (see tick), if the step is still ours
            self._hint_asked = len(self.race.actions)
            self.hint_button.label = HINT_WAIT
            self.scene.toast.show("The coach is reading the water: a few seconds, once per course")
            return
        self.hints = coach.hints(self.race)
        if self.hints:
            self.chart.show_preview(None)     # the coach's cards, not every card's place
            show_hints(self, self.hints)      # each ghost's words: rank, rounds, risk
            self._close_enough_to_read()
            self._hints_apart()

    def _close_enough_to_read(self) -> None:
        """The coach's ghosts are worth nothing as specks: zoom in to the readable scale
        (never out) and bring the acting boat to the middle."""
        want = self.gui.px(170) / self.game.cards.card_length
        if self.camera.zoom < want:
            self.camera.zoom = self.camera.clamp(want)
        self.look_at(self.race.state.active)
        self._ghosts_in_view()

    def _ghosts_in_view(self) -> None:
        """Every ghost of the coach and the boat on screen: a hint off the edge (a Weather
        Eye card a few card lengths upwind, seen from a close-up) is a hint unseen. Where
        one is off, the view is centred on them all and zoomed out as far as they need."""
        chart, cam = self.chart, self.camera
        boat = self.race.state.boat()
        pts = [chart.ghost_centre(gh) for gh in chart.ghosts] + [boat.pose.xy]
        if not all(cam.contains_screen(*cam.world_to_screen(x, y)) for x, y in pts):
            self._frame(pts, lambda fits: min(cam.zoom, fits))

    def _hints_apart(self) -> None:
        """Two of the coach's ghosts at different spots closer on the screen than a
        finger can tell apart (three quarters of a touch target): closer in, until they
        are apart or every ghost and the boat just fit, and no closer than a card as long
        as the chart's shorter side; the ghosts in the middle."""
        chart, cam, g = self.chart, self.camera, self.gui
        spots: list[tuple[float, float]] = []
        for gh in chart.ghosts:
            c = chart.ghost_centre(gh)
            if all(math.dist(c, s) > 1e-6 for s in spots):
                spots.append(c)
        if len(spots) < 2:
            return
        nearest = min(math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1:])
        want = 0.8 * g.touch / nearest
        if cam.zoom * nearest >= 0.75 * g.touch:
            return
        boat = self.race.state.boat()
        most = min(cam.width, cam.height) / self.game.cards.card_length
        self._frame(spots + [boat.pose.xy], lambda fits: max(cam.zoom, min(want, fits, most)))

    def _frame(self, pts: list[tuple[float, float]], zoom: Any) -> None:
        """Centre the view on ``pts`` (a hull's length round them, the panel's foot kept
        clear) at ``zoom(fits)``: ``fits`` is the zoom at which they all just fit."""
        cam, g = self.camera, self.gui
        hull = self.game.cards.hull_length
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        span_x, span_y = max(xs) - min(xs) + 2 * hull, max(ys) - min(ys) + 2 * hull
        foot = g.touch + g.px(8)
        fits = min((cam.width - 2 * g.touch) / span_x, (cam.height - 2 * g.touch - foot) / span_y)
        cam.zoom = cam.clamp(zoom(fits))
        cam.cx = (min(xs) + max(xs)) / 2
        cam.cy = (min(ys) + max(ys)) / 2 - foot / 2 / cam.zoom
        self.chart.camera_moved()

    def _read_the_water(self, patience: float = 0.0) -> bool:
        """Start building (or loading) the coach's field if nobody has; True while it is
        still being built (after waiting up to ``patience`` seconds for it)."""
        if self._field_job is None:
            from dinghy.skippers.dinghy_race.field_store import warm

            self._field_job = warm(self.game)
        self._field_job.join(patience)
        return self._field_job.is_alive()

    def tick(self, dt: float) -> None:
        """Called every frame by the table: a Hint asked for on new water is shown once
        the field is ready, if it is still the same person's same step."""
        if self._hint_asked is None or self._field_job.is_alive():
            return
        asked, self._hint_asked = self._hint_asked, None
        self.hint_button.label = "Hint"
        if asked == len(self.race.actions):
            self.hint()

    # --- out of turn: protests and the inner boat's claim (rule 3) --------------------------
    def _update_interjections(self) -> None:
        acts = list(self.race.interjections())
        self.protest_button.visible = any(type(a).__name__ == "Protest" for a in acts)
        claim = next((a for a in acts if type(a).__name__ == "Overlap"), None)
        human = claim is not None and self.game.setup.seats[claim.boat].skipper is None
        self.room_button.visible = human
        if human:
            self.room_button.label = f"{self.game.name(claim.boat)}: room! (rule 3)"
        self._claim = claim if human else None
        self.layout_buttons()

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

    # --- input the widgets did not take ------------------------------------------------
    def board_contains(self, x: float, y: float) -> bool:
        return self.camera.contains_screen(x, y)

    def pan(self, dx: float, dy: float) -> None:
        self.camera.pan(dx, dy)
        self.chart.camera_moved()

    def scroll(self, x: float, y: float, clicks: float) -> bool:
        if not self.camera.contains_screen(x, y):
            return False
        self.camera.scroll(x, y, clicks)
        self.chart.camera_moved()
        return True

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
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
            self.pan(pan[0] * step, pan[1] * step)
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
        numbers = getattr(self.turn, "exit_numbers", None)
        if numbers:           # the numbers on the card face and the exit buttons
            i = next((k for k, v in numbers.items() if v == n + 1), None)
            if i is not None:
                self.choose_ghost(i)
                return True
            return False
        allowed = [i for i, gh in enumerate(self.chart.ghosts) if gh.allowed]
        if n < len(allowed):
            self.choose_ghost(allowed[n])
            return True
        return False
