"""Choices on the water in a Dinghy Race: launch spots, pivots and exits as ghost boats,
the Weather Eye card under the pointer, a hand card's footprint, the dice just rolled.

A mixin of :class:`~dinghy.ui.dinghy_race.view.DinghyRaceView`: the half-made choices
of the player whose turn it is live here until the engine takes the action.
"""
from __future__ import annotations

import math
from typing import Any

from dinghy.core.geometry import Pose
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Begin, Launch, Luck, Move, Pass, Pivot, WeatherEye
from dinghy.games.dinghy_race.cards import exit_track
from dinghy.games.dinghy_race.state import Step, WeatherEyeCard
from dinghy.ui.dinghy_race.chart import Ghost, seat_colour


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


class Choices:
    """The choices in progress (reset when the step changes) and the ghosts that show them."""

    def init_choices(self) -> None:
        self.launch_pos: int | None = None
        self.launch_choice = 0
        self.trapeze = False
        self.shift = 0.0
        self.luck_n = 0
        self.we_long = True
        self.we_point: tuple[float, float] | None = None
        self.exit_opts: list[Any] = []
        self.last_roll: tuple[int, int, str] | None = None

    def reset_choices(self) -> None:
        state = self.race.state
        self.launch_pos, self.launch_choice = None, 0
        self.trapeze = state.boat().trapeze
        self.shift = 0.0
        self.luck_n = 0
        self.we_point = None
        self.chart.show_preview(None)
        self.exit_opts = (dr.exit_options(self.game, state) if state.step is Step.MOVE
                          and self.human_turn else [])

    # --- after the engine acted ---------------------------------------------------------
    def after_action(self, events: list[Any], seat_before: int) -> None:
        self._note_roll(events)
        if not any(e.kind == "roll" for e in events) and self.race.state.active != seat_before:
            self.last_roll = None

    def _note_roll(self, events: list[Any]) -> None:
        rolls = [e for e in events if e.kind == "roll"]
        last = self.race.actions[-1] if self.race.actions else None
        if rolls and hasattr(last, "d1"):
            self.last_roll = (last.d1, last.d2, rolls[-1].text)  # type: ignore[union-attr]

    def after_undo(self) -> None:
        self.last_roll = None

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

    # --- the turn panel's controls ------------------------------------------------------
    def reveal(self) -> None:
        self.act(Begin(self.trapeze))

    def set_trapeze(self, value: bool) -> None:
        self.trapeze = value
        self.relayout_panel()

    def launch(self) -> None:
        spots = self.launch_spots()
        if self.launch_pos is None or self.launch_pos >= len(spots):
            self.scene.toast.show("Tap a spot on the water first")
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
        self.relayout_panel()

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
            self.relayout_panel()

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
        """Commit the Lady Luck cards chosen (at a LUCK step), then roll the dice."""
        if self.race.state.step is Step.LUCK:
            if not self.act(Luck(self.luck_n)):
                return
        self.scene.roll()

    def preview_card(self, key: str | None) -> None:
        """A hand card's footprint in front of the bow (hovering its button); with no
        card hovered, on a person's PLACE step, the place every card the engine allows
        would take, faint, so that a finger without a hover sees where a card lies."""
        state = self.race.state
        if state.step is not Step.PLACE:
            self.chart.show_preview(None)
            return
        boat = state.boat()
        if key is None:
            shapes = {}
            for k, why in dr.card_options(self.game, state) if self.human_turn else ():
                if why is None:
                    shape = self.game.card_shape(boat.pose, self.game.cards.types[k], boat.tack)
                    shapes.setdefault(shape.wkb, shape)        # each footprint once
            self.chart.show_preview(list(shapes.values()) or None, alpha=45)
            return
        card = self.game.cards.types[key]
        self.chart.show_preview(self.game.card_shape(boat.pose, card, boat.tack))

    # --- Weather Eye placement ------------------------------------------------------------
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

    def we_spots(self) -> list[tuple[float, float]]:
        """The places near the boat the engine lets the card lie (turned as the panel
        has it), worked out once per step and turn of the card."""
        key = (len(self.race.actions), self.we_long)
        if getattr(self, "_we_spots", (None, []))[0] != key:
            self._we_spots = (key, self.weather_eye_spots())
        return self._we_spots[1]

    def _show_we(self, rebuild: bool = True) -> None:
        a = self.we_action()
        dots = self.we_spots()
        if a is None:
            self.chart.show_preview(None, dots=dots)
        else:
            we = WeatherEyeCard(a.x, a.y, a.long_side_along_wind, self.race.state.active)
            ok = self.we_reason() is None
            self.chart.show_preview(dr.weather_eye_shape(self.game, we), ok, (120, 220, 140), dots=dots)
        if rebuild:
            self.relayout_panel()

    def place_weather_eye(self) -> None:
        a = self.we_action()
        if a is None:
            self.scene.toast.show("Tap the water where the card should lie")
            return
        self.act(a)

    # --- taps and hovers on the water -----------------------------------------------------
    def hover(self, x: float, y: float) -> None:
        state = self.race.state
        if self.human_turn and state.step is Step.WEATHER_EYE and self.scene.curtain is None:
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

    def tap(self, x: float, y: float) -> None:
        """A tap on the water: a ghost, or a Weather Eye spot (a coach's Weather Eye
        ghost picks its place and its side along the wind, for "Place here")."""
        if not self.human_turn:
            return
        if self.race.state.step is Step.WEATHER_EYE:
            i = self.chart.ghost_at(x, y, self.gui.touch)
            a = self.chart.ghosts[i].action if i is not None else None
            if isinstance(a, WeatherEye):
                self._we_hover = False
                self.we_point, self.we_long = (a.x, a.y), a.long_side_along_wind
                self._show_we()
                return
            if isinstance(a, Pass):             # the coach's "keep your card"
                self.act(a)
                return
            self._we_hover = False
            self.we_point = self.camera.screen_to_world(x, y)
            self._show_we()
            return
        i = self.chart.ghost_at(x, y, self.gui.touch)
        if i is not None:
            self.choose_ghost(i)

    def choose_ghost(self, i: int) -> None:
        gh = self.chart.ghosts[i]
        if not gh.allowed:
            self.scene.toast.show(f"{gh.label}: {gh.reason}")
            if self.turn.hint is not None:
                self.turn.hint.text = f"{gh.label} — not allowed: {gh.reason}"
            return
        if isinstance(gh.action, tuple) and gh.action[0] == "spot":
            self.select_spot(gh.action[1])
            return
        self.act(gh.action)
