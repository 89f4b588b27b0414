"""The generic view: any registered game at the table before it has a board of its own.

The side column lists the seat's legal actions as buttons (each action's text, or the
game's ``action_label``; one the engine refuses is greyed with ``why_not``'s reason; a
long list grouped by kind behind header buttons and paged, see ``action_list``; a view
may show an open group as a picker of its own, see :meth:`GenericView.group_picker`), "Roll"
when chance is due and a person rolls, and a field to type any action (a refused one
shows the engine's reason) — an extra: every action is reachable by taps alone.
The board area shows the places and what the seat at the table may see
(``game.observation(state, seat)``). Nothing here knows a game's steps. The field to
type an action is a console behind a key (`, the key left of 1): people tap buttons.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from dinghy.ui.widgets.gui import Widget, key  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.panels import Panel
from dinghy.ui.widgets.text import Text, TextField, wrap

from dinghy.core.errors import DinghyError  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.hud import fit_text  # noqa: E402
from dinghy.ui.shell.action_list import grouped, label_of, sheet, short_label  # noqa: E402
from dinghy.ui.shell.board_view import BoardView, ordinal  # noqa: E402

#: How many characters of the observation the board shows.
OBSERVATION_CHARS = 900


def observation_lines(obs: Any) -> list[str]:
    """A seat's observation as short ``key: value`` lines (JSON for nested values)."""
    if isinstance(obs, dict):
        return [f"{k}: {v if isinstance(v, (str, int, float)) else json.dumps(v)}" for k, v in obs.items()]
    return [json.dumps(obs) if not isinstance(obs, str) else obs]


@dataclass(eq=False)
class PickerRow:
    """One row of a view's picker (widgets side by side), shown in an open group's
    place instead of one button an action."""

    widgets: list[Widget]


class GenericView(BoardView):
    """Buttons for the legal actions, the places, the observation (``GenericView(scene)``)."""

    shortcuts = [("1 … 9", "Play the action with that number"),
                 ("`", "Show or hide the console (type an action)")]

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.widgets: list[Widget] = []
        self.rows: list[list[Widget]] = []
        self.buttons: dict[str, Button] = {}     # by action text, and "roll"
        self.actions: list[Any] = []
        self.hint_row: Text | None = None
        self.typed = ""
        self.keyed: list[Any] = []              # the actions shown, in the order 1 … 9 plays
        self.group_buttons: dict[str, Button] = {}
        self.open_group: str | None = None
        self.page, self.pages = 0, 1
        self._panel_texts: tuple[str, ...] = ()
        self.console = False            # the typed-action field, behind the ` key

    # --- building ---------------------------------------------------------------------
    def build(self) -> None:
        g = self.gui
        self.board = g.add(Panel(g))
        self.title = g.add(Text(g, "", theme.HEADER_PT, theme.INK, bold=True))
        self.places = g.add(Text(g, "", theme.BODY_PT, theme.INK, multiline=True))
        self.seen = g.add(Text(g, "", theme.SMALL_PT + 1, theme.INK_SOFT, multiline=True))

    def _add(self, w: Widget, row: bool = True) -> Any:
        self.gui.add(w)
        self.widgets.append(w)
        if row:
            self.rows.append([w])
        return w

    def _clear_panel(self) -> None:
        for w in self.widgets:
            self.gui.remove(w)
        self.widgets, self.rows, self.buttons = [], [], {}
        self.group_buttons = {}
        self.hint_row: Text | None = None

    def panel_waits(self) -> bool:
        """Under the curtain (``scene.curtain_due``) the turn panel holds no button of the
        last position: it is built for the next person when the curtain lifts. True when
        it waits."""
        if not self.scene.curtain_due():
            return False
        self._clear_panel()
        self.actions, self.keyed = [], []
        return True

    def build_panel(self) -> None:
        """The turn panel: whose turn, then what they may do."""
        self._clear_panel()
        s, race, game = self.scene, self.race, self.game
        self.actions, self.keyed = [], []
        if race.over:
            self._add(Text(self.gui, "The race is over.", theme.BODY_PT, theme.INK, bold=True))
            return
        seat = self.acting_seat()
        if seat is None:
            self._add(Text(self.gui, "Chance acts…", theme.BODY_PT, theme.INK_SOFT))
            return
        who = game.setup.seats[seat]
        self._add(Text(self.gui, who.name + (" (bot)" if who.skipper else ""), theme.HEADER_PT,
                       theme.INK, bold=True))
        if not s.human_turn:
            self._add(Text(self.gui, "The bot is playing…", theme.BODY_PT, theme.INK_SOFT))
            return
        if race.chance:
            why = self.roll_hint()
            if why:                     # what the roll is for, in the game's words
                self.hint_row = self._add(Text(self.gui, why, theme.SMALL_PT + 1, theme.INK_SOFT))
            words = game.chance_words(race.state) if hasattr(game, "chance_words") else "Roll the dice"
            self.buttons["roll"] = self._add(Button(self.gui, words, s.roll, style="primary"))
            return
        hint = self.panel_hint()
        if hint:
            self.hint_row = self._add(Text(self.gui, hint, theme.SMALL_PT + 1, theme.INK_SOFT))
        self.rows_before_actions()
        self.actions = self.panel_actions()
        # every row that fits under the hint, less one for the typed action's field when open
        room = max(1, s.panel_rows_free(self.used_rows(extra=int(self.console))) + 1)
        groups = grouped(game, self.actions)
        texts = tuple(game.action_text(a) for a in self.actions)
        if texts != self._panel_texts:          # a new position: the first page, a group open
            self._panel_texts, self.page = texts, 0
            if groups and self.open_group not in dict(groups):
                self.open_group = groups[0][0]
        picker = self.group_picker(self.open_group, dict(groups)[self.open_group]) \
            if self.open_group in dict(groups) else None
        listed = groups if picker is None else \
            [(g, list(picker) if g == self.open_group else acts) for g, acts in groups]
        sh = sheet(listed, self.open_group, self.page, room)
        self.page, self.pages = sh.page, sh.pages
        self.keyed = []
        counts = {g: len(acts) for g, acts in groups}
        for e in sh.entries:
            if e.action is None:
                mark = "▾" if e.open else "▸"
                self.group_buttons[e.group] = self._add(Button(
                    self.gui, f"{mark} {e.group} ({counts[e.group]})", lambda g=e.group: self.toggle_group(g),
                    style="primary" if e.open else "secondary"))
                continue
            if isinstance(e.action, PickerRow):
                for w in e.action.widgets:
                    self._add(w, row=False)
                self.rows.append(e.action.widgets)
                continue
            a = e.action
            text = game.action_text(a)
            why = race.why_not(a)
            label = self.action_words(a) if sh.flat else short_label(self.action_words(a), e.group)
            n = len(self.keyed)
            self.keyed.append(a)
            label = f"{n + 1}. {label}" if n < 9 else label
            self.buttons[text] = self._add(Button(self.gui, label, lambda a=a: self.play(a),
                                                  enabled=why is None, reason=why or ""))
        shown = {id(e.action) for e in sh.entries}
        for row in picker or []:        # a picker's rows on another page: not drawn
            if id(row) not in shown:
                for w in row.widgets:
                    w.delete()
                self.buttons = {k: b for k, b in self.buttons.items() if b not in row.widgets}
        if sh.pages > 1:
            back = Button(self.gui, "▲", lambda: self.turn_page(-1), enabled=sh.page > 0)
            more = Button(self.gui, f"More ({sh.page + 1}/{sh.pages}) ▼", lambda: self.turn_page(1))
            self._add(back, row=False)
            self._add(more, row=False)
            self.buttons["page_back"], self.buttons["page_more"] = back, more
            self.rows.append([back, more])
        if not self.console:
            return
        self.field = TextField(self.gui, self.typed, on_change=self._typed,
                               placeholder="an action's text, e.g. from the log")
        play = Button(self.gui, "Play", self.play_typed)
        self._add(self.field, row=False)
        self._add(play, row=False)
        self.buttons["play_typed"] = play
        self.rows.append([self.field, play])

    def toggle_console(self) -> None:
        """The ` key: the field to type an action, in the panel or gone."""
        self.console = not self.console
        self.build_panel()
        self.scene.layout_side()

    def action_words(self, action: Any) -> str:
        """What an action's button says: the game's words for it (a board view may say
        it as its square does)."""
        return label_of(self.game, action)

    def roll_hint(self) -> str:
        """A line over "Roll the dice" saying what the roll is for ("" : none here)."""
        return ""

    def rows_before_actions(self) -> None:
        """A view's own rows between the hint and the action buttons (a seat's cards, say),
        added with ``_add``; the buttons page in the room left. None here."""

    def panel_actions(self) -> list[Any]:
        """The actions the panel offers as buttons (a board view leaves out those it
        plays by taps on the board)."""
        return list(self.race.legal_actions())

    def group_picker(self, group: str, actions: list[Any]) -> list[PickerRow] | None:
        """A view may show an open group as a picker of its own instead of one button
        an action (the cards of a swap as toggles, then one button, say): its rows of
        fresh widgets, which page like actions. None here: the plain list."""
        return None

    def toggle_group(self, group: str) -> None:
        """A group header tapped: open its list (close it if it was open)."""
        self.open_group = None if self.open_group == group else group
        self.page = None        # the page that shows the group's actions
        self.build_panel()
        self.scene.layout_side()

    def turn_page(self, step: int) -> None:
        """The pager: the next page (after the last, the first again) or the one before."""
        self.page = (self.page + step) % max(1, self.pages)
        self.build_panel()
        self.scene.layout_side()

    def panel_hint(self) -> str:
        """A line above the buttons (e.g. "Tap a highlighted square"); none here."""
        return ""

    def _typed(self, text: str) -> None:
        self.typed = text

    # --- acting ---------------------------------------------------------------------------
    def play(self, action: Any) -> None:
        why = self.race.why_not(action)
        if why is not None:
            self.scene.toast.show(f"{self.game.action_text(action)}: {why}")
            return
        self.act(action)

    def play_typed(self) -> None:
        """Play the typed action; the parser's or the engine's reason if refused."""
        text = self.typed.strip()
        if not text:
            self.scene.toast.show("Type an action first")
            return
        try:
            action = self.game.parse_action(text)
        except (DinghyError, ValueError, KeyError, IndexError) as exc:
            self.scene.toast.show(f"{text!r} is not an action: {exc}")
            return
        why = self.race.why_not(action)
        if why is not None:
            self.scene.toast.show(f"{text}: {why}")
            return
        self.typed = ""
        self.act(action)

    # --- state -> screen ----------------------------------------------------------------
    def refresh(self, new_step: bool) -> None:
        game, race = self.game, self.race
        self.title.text = self.board_name(game)
        places = race.places()
        order = sorted(range(len(places)), key=lambda k: (places[k] is None, places[k] or 0))
        rows = [f"{ordinal(places[k]) if places[k] else '–'}   {game.setup.seats[k].name}" for k in order]
        self.places.text = "Places\n" + "\n".join(rows)
        seat = self.scene.viewer
        if seat is None:
            humans = self.scene.humans
            seat = humans[0] if humans else 0
        seen = "\n".join(observation_lines(game.observation(race.state, seat)))
        if len(seen) > OBSERVATION_CHARS:
            seen = seen[:OBSERVATION_CHARS] + "…"
        self.seen.text = f"What {game.setup.seats[seat].name} sees\n{seen}"
        self.build_panel()
        self.scene.layout_side()

    # --- layout -----------------------------------------------------------------------
    def row_height(self, row: list[Widget]) -> float:
        g = self.gui
        if isinstance(row[0], Text):
            line = g.px(theme.BODY_PT * 1.75)
            if len(row) == 1:
                line = max(line, self.wrap_line(row[0]))
            return line + g.px(6)
        return g.touch + g.px(6)

    def panel_width(self) -> float | None:
        """The width of the panel's rows (None before the first layout)."""
        w = getattr(self, "_panel_w", None)
        if w is None and hasattr(self.scene, "side_rect"):
            w = self.scene.side_rect[1] - 2 * self.gui.px(theme.PAD)
        return w

    def wrap_line(self, t: Text) -> float:
        """A line of words in the panel: wrapped onto more lines when it is wider than
        the panel (a tablet's narrow column); the height its lines need."""
        width, lab = self.panel_width(), t.label
        if width is not None and width > 0:
            if not t.multiline and lab.content_width > width:
                t.multiline = True
                wrap(lab, width)
            elif t.multiline:
                wrap(lab, width)
        return lab.content_height

    def used_rows(self, extra: int = 0) -> float:
        g = self.gui
        return sum(self.row_height(r) for r in self.rows) + extra * (g.touch + g.px(6))

    def panel_height(self) -> float:
        return self.used_rows()

    def relayout_panel(self) -> None:
        """The panel's rows for its new height (the folded log opened or closed)."""
        self.build_panel()
        self.scene.layout_side()

    def layout_panel(self, x: float, y: float, w: float, h: float) -> None:
        g = self.gui
        self._panel_w = w
        if self.rows and self.used_rows() > h + 0.5:     # a smaller window: fewer rows a page
            self.build_panel()
        top = y + h
        for row in self.rows:
            rh = self.row_height(row)
            if len(row) == 1:
                row[0].place(x, top - rh + g.px(3), w, rh - g.px(6))
            elif isinstance(row[0], TextField):    # the field and its Play button
                bw = g.px(80)
                row[0].place(x, top - g.touch, w - bw - g.px(6), g.touch)
                row[1].place(x + w - bw, top - g.touch, bw, g.touch)
            elif row[0] is self.buttons.get("page_back"):     # the pager: "▲" then "More (2/3) ▼"
                bw = max(g.touch, g.px(56))
                row[0].place(x, top - g.touch, bw, g.touch)
                row[1].place(x + bw + g.px(6), top - g.touch, w - bw - g.px(6), g.touch)
            else:           # a picker's row: equal widths side by side
                gap = g.px(6)
                bw = (w - gap * (len(row) - 1)) / len(row)
                for i, b in enumerate(row):
                    b.place(x + i * (bw + gap), top - g.touch, bw, g.touch)
            for b in row:
                if isinstance(b, Button) and not b.icon:
                    self.fit_label(b)
            top -= rh

    def fit_label(self, b: Button) -> None:
        """A button's words in its width: smaller type, then two lines, then cut with "…"."""
        g, t = self.gui, b.text
        room = b.w - g.px(12)
        fit_text(t, b.label, room, g.px(theme.BODY_PT), g.px(theme.SMALL_PT + 1))
        if t.text == b.label:
            return
        t.text, t.font_size = b.label, g.px(theme.SMALL_PT + 1)
        t.width, t.multiline = room, True
        t.set_style("align", "center")
        if t.content_height <= b.h - g.px(4):
            return
        t.multiline, t.width, t._dinghy_fit = False, None, None
        fit_text(t, b.label, room, g.px(theme.SMALL_PT + 1))

    def layout(self, x: float, y: float, w: float, h: float) -> None:
        g = self.gui
        m, pad = g.px(8), g.px(theme.PAD)
        self.board.place(x + m, y + m, w - 2 * m, h - 2 * m)
        inner_w = w - 2 * m - 2 * pad
        top = y + h - m - pad
        self.title.place(x + m + pad, top - g.px(30), inner_w, g.px(30))
        col = inner_w / 2 - pad
        body_h = h - 2 * m - 2 * pad - g.px(40)
        self.places.place(x + m + pad, top - g.px(40) - body_h, col, body_h)
        self.seen.place(x + m + pad + col + 2 * pad, top - g.px(40) - body_h, col, body_h)
        for t in (self.places, self.seen):
            t.label.anchor_y = "top"
            t.label.y = round(top - g.px(40))

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        if symbol == key.GRAVE:
            self.toggle_console()
            return True
        if not self.human_turn or not key._1 <= symbol <= key._9:
            return False
        n = symbol - key._1
        if n < len(self.keyed):
            self.play(self.keyed[n])
            return True
        return False
