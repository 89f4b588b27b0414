"""The turn panel: what the player whose turn it is may do now, step by step.

It is rebuilt after every action from the engine's own lists (``legal_actions``,
``dr.card_options``, ``dr.exit_options``, ``game.hazards.odds_table``) and shows the
engine's reasons on the controls it disables. Choices on the water (exits, launch
spots, pivots, the Weather Eye card) are ghosts on the chart; this panel holds the
buttons that go with them.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from dinghy.games.dinghy_race.actions import Drift, Pass, Pivot, Place, Substitute
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.state import Step
from dinghy.ui import theme
from dinghy.ui.dinghy_race.panel_text import _fit_button_texts, _leg_text, card_label, exit_short, outcome_name
from dinghy.ui.hud import Dice, Slider
from dinghy.ui.widgets.gui import BODY, LAYER_WIDGET, Gui, Widget, round_rect
from dinghy.ui.widgets.buttons import Button, Toggle
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text, wrap

STEP_TITLES = {
    Step.LAUNCH: "Put the boat on the water",
    Step.BEGIN: "Start the turn",
    Step.PIVOT: "Pivot in place",
    Step.MOVE: "Sail the card",
    Step.LUCK: "Hazard roll",
    Step.ROLL: "Hazard roll",
    Step.PLACE: "Lay the next card",
    Step.WEATHER_EYE: "Weather Eye",
    Step.DRIFT: "Drift the Weather Eye cards",
    Step.OVER: "Race over",
}


class CardButton(Button):
    """A hand card: hovering previews its footprint in front of the bow."""

    def __init__(self, gui: Gui, label: str, callback: Callable[[], Any] | None,
                 on_hover: Callable[[bool], Any] | None = None, **kw: Any) -> None:
        self.on_hover = on_hover
        super().__init__(gui, label, callback, pt=theme.SMALL_PT + 1, **kw)

    @property
    def hover(self) -> bool:  # type: ignore[override]
        return self._hover

    @hover.setter
    def hover(self, value: bool) -> None:
        changed = value != getattr(self, "_hover", False)
        self._hover = value
        if hasattr(self, "body"):
            self.restyle()
        if changed and getattr(self, "on_hover", None) is not None:
            self.on_hover(value)


class OddsTable(Widget):
    """The exact odds for 0..N Lady Luck cards, one row per N; the chosen row stands out."""

    def __init__(self, gui: Gui, table: list[dict[Any, Any]], chosen: int = 0,
                 layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        outcomes: list[Any] = []
        for row in table:
            for o in row:
                if o not in outcomes:
                    outcomes.append(o)
        outcomes.sort(key=lambda o: (o.effect is None, -o.delay_cards))
        self.outcomes, self.table, self.chosen = outcomes, table, chosen
        self.highlight = self._own(gui.rect(theme.rgba(theme.PRIMARY, 150), layer, BODY))
        self.heads = [self._own(gui.label(outcome_name(o), theme.SMALL_PT - 0.5, theme.INK_SOFT,
                                          layer=layer, anchor_x="right", bold=True))
                      for o in outcomes]
        self.row_heads = [self._own(gui.label(f"{n} luck", theme.SMALL_PT, theme.INK, layer=layer,
                                              bold=True)) for n in range(len(table))]
        self.cells = [[self._own(gui.label(self.percent(row.get(o, 0)), theme.SMALL_PT + 0.5,
                                           theme.INK, layer=layer, anchor_x="right"))
                       for o in outcomes] for row in table]

    @staticmethod
    def percent(p: Any) -> str:
        v = float(p) * 100
        if v == 0:
            return "0%"
        if v < 1:
            return f"{v:.1f}%"
        return f"{v:.0f}%" if abs(v - round(v)) < 0.05 else f"{v:.1f}%"

    @property
    def needed_height(self) -> float:
        return self.gui.px(20) * (len(self.table) + 1) + self.gui.px(4)

    def choose(self, n: int) -> None:
        self.chosen = n
        self.layout()

    def layout(self) -> None:
        g = self.gui
        row_h = g.px(20)
        first = g.px(52)
        col = (self.w - first) / max(1, len(self.outcomes))
        top = self.y + self.h
        for j, head in enumerate(self.heads):
            head.x, head.y = round(self.x + first + col * (j + 1) - g.px(4)), round(top - row_h / 2)
        for i, (rh, cells) in enumerate(zip(self.row_heads, self.cells)):
            cy = top - row_h * (i + 1.5)
            rh.x, rh.y = round(self.x + g.px(4)), round(cy)
            for j, cell in enumerate(cells):
                cell.x, cell.y = round(self.x + first + col * (j + 1) - g.px(4)), round(cy)
        hy = top - row_h * (self.chosen + 2)
        round_rect(self.highlight, self.x, hy, self.w, row_h, g.px(4))


class TurnPanel:
    """Builds the widgets of one step inside a rectangle of the side column; it asks the
    view (its half-made choices) and the engine, and calls the view back."""

    def __init__(self, view: Any) -> None:
        # ``view`` is the DinghyRaceView that owns this panel; it is not imported here,
        # so that the view (which builds the panel) and the panel do not import each other.
        self.view = view
        self.widgets: list[Widget] = []
        self.rows: list[list[Widget] | Widget | tuple[str, float]] = []
        self.rect = (0.0, 0.0, 10.0, 10.0)
        self.buttons: dict[str, Button] = {}
        self.hint: Text | None = None
        self.slider: Slider | None = None
        self.odds: OddsTable | None = None
        self.card_buttons: dict[str, CardButton] = {}
        self.selector: ChoiceSelector | None = None
        self.face: Any = None                       # the card face (choosing an exit)
        self.exit_numbers: dict[int, int] = {}

    @property
    def gui(self) -> Gui:
        g = self.view.gui
        assert g is not None
        return g

    # --- building -----------------------------------------------------------------
    def clear(self) -> None:
        for w in self.widgets:
            self.gui.remove(w)
        self.widgets, self.rows, self.buttons, self.card_buttons = [], [], {}, {}
        self.hint = self.slider = self.odds = self.selector = self.face = None
        self.exit_numbers = {}

    def _add(self, w: Widget) -> Any:
        self.gui.add(w)
        self.widgets.append(w)
        return w

    def text(self, text: str, pt: float = theme.BODY_PT, colour: theme.RGB = theme.INK,
             bold: bool = False, lines: int = 1) -> Text:
        t = self._add(Text(self.gui, text, pt, colour, bold=bold, multiline=lines > 1))
        self.rows.append(t)
        t.lines = lines  # type: ignore[attr-defined]
        return t

    def button(self, key: str, label: str, callback: Callable[[], Any] | None, *,
               enabled: bool = True, reason: str = "", style: str = "secondary",
               row: list[Widget] | None = None) -> Button:
        b = self._add(Button(self.gui, label, callback, enabled=enabled, reason=reason,
                             style=style, pt=theme.BODY_PT))
        self.buttons[key] = b
        if row is None:
            self.rows.append([b])
        else:
            row.append(b)
        return b

    def row(self) -> list[Widget]:
        r: list[Widget] = []
        self.rows.append(r)
        return r

    def gap(self, h: float = 6) -> None:
        self.rows.append(("gap", h))

    def build(self) -> None:
        """The widgets for the race's current step (and whose turn it is)."""
        self.clear()
        s = self.view
        race, game, state = s.race, s.game, s.race.state
        if race.over:
            self.text("All boats have finished.", bold=True)
            return
        boat = state.boat()
        seat = game.setup.seats[boat.index]
        self.header = self.text(f"{seat.name}" + (" (bot)" if seat.skipper else ""),
                                theme.HEADER_PT, theme.INK, bold=True)
        self.text(STEP_TITLES[state.step] + _leg_text(game, boat), theme.SMALL_PT + 1, theme.INK_SOFT)
        if s.last_roll is not None:
            d1, d2, text = s.last_roll
            dice = self._add(Dice(self.gui))
            dice.show(d1, d2)
            self.rows.append(dice)
            self.text(text, theme.SMALL_PT + 1, theme.INK, lines=2)
        if not s.human_turn:
            self.text("The bot is sailing…", theme.BODY_PT, theme.INK_SOFT)
            return
        getattr(self, f"_build_{state.step.value}")(race, game, state, boat)

    # --- one builder per step ----------------------------------------------------------
    def _build_launch(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        s = self.view
        relaunch = state.round > 0
        self.text("Touched the start line: re-place the boat to leeward; it plays a delay card."
                  if relaunch else
                  "Tap a spot below the start line, then Launch. The arrows change the heading "
                  "and the first card.", theme.SMALL_PT + 1, theme.INK, lines=3)
        spots = s.launch_spots()
        if not spots:
            self.text("No free spot is offered.", theme.BODY_PT, theme.INK_SOFT)
            return
        chosen = s.launch_pos
        if chosen is None:
            self.button("launch", "Launch here", None, enabled=False, style="primary",
                        reason="Tap a spot on the water first")
            return
        opts = spots[chosen]
        options = [(i, f"{a.heading:03d}° · {card_label(game.cards.types[a.card].name)}")
                   for i, a in enumerate(opts)]
        sel = self._add(ChoiceSelector(self.gui, options, s.launch_choice % len(opts),
                                       on_change=s.set_launch_choice))
        self.selector = sel
        self.rows.append([sel])
        self.button("launch", "Launch here", s.launch, style="primary")

    def _build_begin(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        s = self.view
        if boat.delays:
            self.text(f"{boat.delays} delay card(s) in front of the boat: one is removed this turn.",
                      theme.SMALL_PT + 1, lines=2)
        elif boat.planned is None:
            self.text("Dead in the water: the boat may turn up to 90° and lay a card.",
                      theme.SMALL_PT + 1, lines=2)
        else:
            card = game.cards.types[boat.planned]
            self.text(f"Your card: {card.name}" + (" (held beside the boat)" if boat.aside else ""),
                      theme.BODY_PT, bold=True, lines=2)
            warn = dr.card_fits(game, boat, card, s.trapeze, state.round)
            if warn:
                self.text(f"Revealed now it is illegal ({warn}) and becomes a delay.",
                          theme.SMALL_PT + 1, (160, 40, 40), lines=3)
        r = self.row()
        t = self._add(Toggle(self.gui, s.trapeze, s.set_trapeze, text_on="Trapeze: out",
                             text_off="Trapeze: in"))
        r.append(t)
        self.buttons["trapeze"] = t  # type: ignore[assignment]
        self.button("reveal", "Reveal card" if boat.planned and not boat.delays else "Begin turn",
                    s.reveal, style="primary")

    def _build_pivot(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        s = self.view
        lim = state.turn.pivot_limit
        why = ("Dead in the water" if lim == 90 else "Delay card") + f": turn up to {lim}° or stay."
        self.text(why, theme.SMALL_PT + 1, lines=2)
        r = self.row()
        self.button("pivot_left", f"⟲ {lim}°", lambda: s.act(Pivot(-lim)), row=r)
        self.button("pivot_stay", "Stay", lambda: s.act(Pivot(0)), row=r)
        self.button("pivot_right", f"{lim}° ⟳", lambda: s.act(Pivot(lim)), row=r)

    def _build_move(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        s = self.view
        card = game.cards.types[state.turn.card]
        self.text(f"{card.name}: tap a numbered chip on the card, or the boat with its number "
                  "on the water, to choose the exit. Grey ones are not allowed: tap one to see why.",
                  theme.SMALL_PT + 1, lines=3)
        opts = s.exit_opts
        limit = opts[0].shift_limit if opts else 0.0
        if limit:
            self.text(f"Weather Eye: shift the card up to {limit:.1f} mm", theme.SMALL_PT + 1)
            sl = self._add(Slider(self.gui, -limit, limit, s.shift, s.set_shift, step=limit / 4))
            self.slider = sl
            self.rows.append([sl])
        from dinghy.ui.dinghy_race.card_face import CardFace
        from dinghy.ui.dinghy_race.chart import seat_colour

        exits = [(i, g) for i, g in enumerate(s.chart.ghosts)]
        face = self._add(CardFace(self.gui, game, card, boat.tack, [g for _, g in exits],
                                  s.choose_ghost, s.highlight_ghost, heading0=boat.pose.heading,
                                  shift=s.shift, colour=seat_colour(game, boat.index)))
        self.exit_numbers = face.numbers          # ghost index -> the number 1-9 choose
        s.chart.number_ghosts(face.numbers)       # the same numbers on the boats on the water
        r: list[Widget] = []
        exit_rows: list[list[Widget]] = []
        for n, (i, g) in enumerate(sorted(exits, key=lambda ig: face.order.index(ig[0]))):
            if n % 2 == 0:
                r = self.row()
                exit_rows.append(r)
            num = face.numbers.get(i)
            label = exit_short(g.action, s.exit_opts)
            b = self._add(CardButton(self.gui, f"{num} · {label}" if num else label,
                                     lambda i=i: s.choose_ghost(i),
                                     on_hover=lambda on, i=i: s.highlight_ghost(i if on else None),
                                     enabled=g.allowed, reason=g.reason or ""))
            self.buttons[f"exit:{g.action.exit}{':bonus' if g.action.bonus else ''}"] = b
            r.append(b)
        # the card face instead of the buttons, where the panel has room for it
        pitch = self.gui.touch + self.gui.px(6)
        room = (s.panel_rows_free(self) + len(exit_rows)) * pitch
        if exits and room >= face.needed_height:
            for row in exit_rows:
                self.rows.remove(row)
                for b in row:
                    self.gui.remove(b)
                    self.widgets.remove(b)
            self.buttons = {k: v for k, v in self.buttons.items() if not k.startswith("exit:")}
            face.needed_height = min(room - self.gui.px(6), self.gui.px(300))
            self.face = face
            self.rows.append(face)
        else:
            self.gui.remove(face)
            self.widgets.remove(face)
        subs = dr.substitutes(game, state)
        if subs:
            self.text("Rule 1 closes every exit: exchange the card", theme.SMALL_PT + 1, bold=True)
            for k in subs:
                self.button(f"sub:{k}", card_label(game.cards.types[k].name),
                            lambda k=k: s.act(Substitute(k)))
        self.hint = self.text("", theme.SMALL_PT + 1, theme.INK_SOFT, lines=3)

    def _hazard(self, race: Any, game: Any, state: Any, boat: Any, choose: bool) -> None:
        s = self.view
        row, modifier = state.turn.hazards[0]
        label = game.hazards.rows[row].label
        extra = "" if not modifier else f" ({modifier:+d}, involuntary)"
        heading = f"{label}{extra}"
        if len(heading) <= 20:
            self.text(heading, theme.HEADER_PT, bold=True)
        else:        # "Spinnaker abuse (each turn)" is wider than the panel in the large type
            self.text(heading, theme.BODY_PT, bold=True, lines=2)
        max_luck = boat.lady_luck if choose else 0
        if choose:
            table = game.hazards.odds_table(row, max_luck, modifier)
        else:
            table = [game.hazards.odds(row, state.turn.luck, modifier)]
        odds = self._add(OddsTable(self.gui, table, s.luck_n if choose else 0))
        self.odds = odds
        self.rows.append(odds)
        if choose:
            self.text(f"Lady Luck cards left: {boat.lady_luck}. Spent cards are gone, even if "
                      "they do not change the result.", theme.SMALL_PT, theme.INK_SOFT, lines=3)
            sel = self._add(ChoiceSelector(self.gui, [(n, f"Commit {n} Lady Luck") for n in
                                                      range(max_luck + 1)], s.luck_n,
                                           on_change=s.set_luck, wrap=False))
            self.selector = sel
            self.rows.append([sel])
        elif state.turn.luck:
            self.text(f"{state.turn.luck} Lady Luck committed (+{state.turn.luck}).", theme.SMALL_PT + 1)
        self.button("roll", "Roll the dice", s.roll, style="primary")

    def _build_luck(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        self._hazard(race, game, state, boat, True)

    def _build_roll(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        self._hazard(race, game, state, boat, False)

    def _build_place(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        s = self.view
        self.text("Tap a card to lay it face-down in front of the bow (with a mouse, "
                  "hovering over a card first shows where it lies).", theme.SMALL_PT + 1, lines=2)
        counts = Counter(dr.hand(game, boat, dr.executed_card(game, state, boat.index)))
        options = dr.card_options(game, state)
        options.sort(key=lambda kr: kr[1] is not None)
        legal = race.legal_actions()
        room_rows = max(1, s.panel_rows_free(self))
        cells = len(options)
        show = options
        hidden: list[tuple[str, str | None]] = []
        if (cells + 1) // 2 > room_rows:
            show, hidden = options[: room_rows * 2 - 1], options[room_rows * 2 - 1:]
        r: list[Widget] = []
        for i, (key, reason) in enumerate(show):
            if i % 2 == 0:
                r = self.row()
            name = card_label(game.cards.types[key].name)
            n = counts.get(key, 0)
            b = self._add(CardButton(self.gui, f"{name} ×{n}" if n > 1 else name,
                                     lambda k=key: s.act(Place(k)),
                                     on_hover=lambda on, k=key: s.preview_card(k if on else None),
                                     enabled=reason is None, reason=reason or ""))
            self.card_buttons[key] = b
            r.append(b)
        if hidden:
            why = "; ".join(f"{game.cards.types[k].name}: {why}" for k, why in hidden)
            if len(show) % 2 == 0:
                r = self.row()
            b = self._add(Button(self.gui, f"+{len(hidden)} not now", None, enabled=False,
                                 reason=why, pt=theme.SMALL_PT + 1))
            r.append(b)
        if Place(None) in legal:
            self.button("none", "Stay without a card", lambda: s.act(Place(None)))

    def _build_weather_eye(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        s = self.view
        self.text(f"You may put a Weather Eye card on the water ({boat.weather_eye} left). Tap the "
                  "water (the green dots fit): green fits, red does not.", theme.SMALL_PT + 1, lines=3)
        sel = self._add(ChoiceSelector(self.gui, [(True, "Long side along the wind"),
                                                  (False, "Short side along the wind")],
                                       0 if s.we_long else 1, on_change=s.set_we_long))
        self.selector = sel
        self.rows.append([sel])
        self.hint = self.text(s.we_reason_text(), theme.SMALL_PT + 1, theme.INK_SOFT, lines=2)
        r = self.row()
        self.button("skip", "Skip", lambda: s.act(Pass()), row=r)
        ok = s.we_action() is not None and s.we_reason() is None
        self.button("place_we", "Place here", s.place_weather_eye, enabled=ok, style="primary",
                    reason=s.we_reason() or "Tap the water first", row=r)

    def _build_drift(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        s = self.view
        self.text("Last boat of the round: drift every Weather Eye card downwind by one or two "
                  "card lengths.", theme.SMALL_PT + 1, lines=3)
        r = self.row()
        self.button("drift1", "Drift 1", lambda: s.act(Drift(1)), row=r)
        self.button("drift2", "Drift 2", lambda: s.act(Drift(2)), row=r)

    def _build_over(self, race: Any, game: Any, state: Any, boat: Any) -> None:
        pass

    # --- layout -------------------------------------------------------------------------
    def row_height(self, item: Any) -> float:
        g = self.gui
        if isinstance(item, tuple):
            return g.px(item[1])
        if isinstance(item, list):
            return g.touch + g.px(6)
        if isinstance(item, OddsTable):
            return item.needed_height + g.px(6)
        if isinstance(item, Dice):
            return g.px(44)
        if getattr(item, "needed_height", None) is not None and not isinstance(item, OddsTable):
            return item.needed_height + g.px(6)
        lines = getattr(item, "lines", 1)
        pt = item.label.font_size / g.scale if isinstance(item, Text) else theme.BODY_PT
        need = g.px(pt * 1.75) * lines
        if isinstance(item, Text):
            need = max(need, self._wrapped_height(item))
        return need + g.px(6)

    def _wrapped_height(self, t: Text) -> float:
        """A line of words wider than the panel wraps (a 1024 x 600 tablet's narrow
        column); the height its lines take (0 before the panel's width is known)."""
        width = getattr(self, "width", None)
        if width is None:
            scene = self.view.scene
            if not hasattr(scene, "side_rect"):
                return 0.0
            width = scene.side_rect[1] - 2 * self.gui.px(theme.PAD)
        lab, width = t.label, max(1, int(width))
        if not t.multiline and lab.content_width > width:
            t.multiline = True
            wrap(lab, width)                # width and multiline in one layout
        elif t.multiline:
            wrap(lab, width)
        return lab.content_height if t.multiline else 0.0

    def used_height(self) -> float:
        return sum(self.row_height(r) for r in self.rows)

    def layout(self, x: float, y: float, w: float, h: float) -> None:
        self.rect = (x, y, w, h)
        self.width = w
        g = self.gui
        top = y + h
        for item in self.rows:
            rh = self.row_height(item)
            if isinstance(item, tuple):
                top -= rh
                continue
            if isinstance(item, list):
                n = max(1, len(item))
                gap = g.px(6)
                cw = (w - gap * (n - 1)) / n
                for i, wdg in enumerate(item):
                    wdg.place(x + i * (cw + gap), top - g.touch, cw, g.touch)
                _fit_button_texts(item)
            elif isinstance(item, Dice):
                item.place(x, top - g.px(42), w, g.px(40))
            elif isinstance(item, OddsTable) or getattr(item, "needed_height", None) is not None:
                item.place(x, top - item.needed_height, w, item.needed_height)
            elif isinstance(item, Text):
                item.place(x, top - rh + g.px(3), w, rh - g.px(6))
                if item.multiline:
                    item.label.anchor_y = "top"
                    item.label.y = round(top - g.px(3))
            top -= rh


__all__ = ["TurnPanel", "CardButton", "OddsTable", "card_label", "exit_short", "STEP_TITLES"]
