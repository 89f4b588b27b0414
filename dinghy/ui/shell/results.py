"""The results: places in finishing order, with "New race", "Replay", "Export" and "Quit".

In a series (:mod:`dinghy.ui.shell.series`) the places give way to the series table
(every race's points, the dropped race in brackets, the total) and "Next race" starts
the next one.
"""
from __future__ import annotations

from typing import Any, Callable

from dinghy.ui.widgets.gui import DETAIL, key, round_rect  # (configures pyglet first)
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.panels import Panel
from dinghy.ui.widgets.text import Text

from dinghy.core.picture import rounds_text  # noqa: E402
from dinghy.core.setup import PALETTE  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.hud import fit_text  # noqa: E402
from dinghy.ui.scene import GuiScene  # noqa: E402
from dinghy.ui.shell.board_view import skipper_word  # noqa: E402
from dinghy.ui.shell.views import ordinal, view_class  # noqa: E402


class ResultsScene(GuiScene):
    """``ResultsScene(race, on_new=None, on_quit=None, on_replay=None, saved=None,
    quit_label="Quit", series=None, on_next=None, export_folder=None)``."""

    shortcuts = [("Enter", "New race"), ("R", "Replay this race")]
    help_title = "Results: keyboard shortcuts"

    def __init__(self, race: Any, *, on_new: Callable[[], Any] | None = None,
                 on_quit: Callable[[], Any] | None = None,
                 on_replay: Callable[[], Any] | None = None, saved: Any = None,
                 quit_label: str = "Quit", series: Any = None,
                 on_next: Callable[[], Any] | None = None, export_folder: Any = None) -> None:
        super().__init__()
        self.race = race
        self.series, self.on_next, self.export_folder = series, on_next, export_folder
        self.on_new, self.on_quit, self.on_replay = on_new, on_quit, on_replay
        self.saved = saved
        self.quit_label = quit_label

    def rows(self) -> list[tuple[str, str, tuple[int, int, int], str]]:
        """(place, name, colour, note) for every boat: finishers first, in order."""
        game = self.race.game
        places = self.race.places()
        order = sorted(range(len(places)), key=lambda k: (places[k] is None, places[k] or 0))
        out = []
        for k in order:
            seat = game.setup.seats[k]
            colour = PALETTE.get(seat.colour, (200, 200, 200))
            if places[k] is None:
                out.append(("–", seat.name, colour, game.unplaced_note(self.race.state, k)))
            else:
                out.append((ordinal(places[k]), seat.name, colour, skipper_word(seat)))
        return out

    def build(self) -> None:
        g = self.gui
        assert g is not None
        self.card = g.add(Panel(g))
        series = self.series
        title = "Results"
        if series is not None:
            title = "Series over" if series.over else f"Race {series.sailed} of {series.races}"
        self.title = g.add(Text(g, title, theme.TITLE_PT, theme.INK, bold=True))
        game = self.race.game
        # the board and the race's length in rounds (not its count of actions, nor a file)
        summary = view_class(game.rules_name).board_name(game)
        if game.rounds(self.race.state):            # a game that counts no rounds says none
            summary += f" · {rounds_text(game, self.race.state)}"
        if series is not None:
            summary = f"{series.describe()} · {summary}"
        self.sub = g.add(Text(g, summary, theme.BODY_PT, theme.INK_SOFT))
        self.lines: list[tuple[Text, Any, Text, Text]] = []
        self.cells: list[list[Text]] = []
        if series is not None:
            self._build_series()
        else:
            for place, name, colour, note in self.rows():
                chip = g.rect(colour, 1, DETAIL)
                words = g.add(Text(g, note, theme.BODY_PT, theme.INK_SOFT))
                words.full = note                   # cut to fit at each layout
                self.lines.append((g.add(Text(g, place, theme.HEADER_PT + 2, theme.INK, bold=True)), chip,
                                   g.add(Text(g, name, theme.HEADER_PT + 2, theme.INK)), words))
        saved = "Saved: Replay shows this race again" if self.saved and self.on_replay else \
            ("Saved" if self.saved else "")
        self.saved_text = g.add(Text(g, saved, theme.SMALL_PT, theme.INK_SOFT))
        if self.on_next is not None:
            self.next_button = g.add(Button(g, f"Next race ({series.sailed + 1}/{series.races})",
                                            self.next_race, style="primary", pt=theme.HEADER_PT))
            self.new_button = g.add(Button(g, "Set-up", self.new_race, pt=theme.HEADER_PT))
        else:
            self.next_button = None
            self.new_button = g.add(Button(g, "New race", self.new_race, style="primary", pt=theme.HEADER_PT))
        self.replay_button = g.add(Button(g, "Replay", self.replay, pt=theme.HEADER_PT))
        from dinghy.ui.shell.exports import formats

        self.export_button = g.add(Button(g, "Export", self.export, pt=theme.HEADER_PT))
        self.export_button.visible = self.export_folder is not None and bool(formats(self.race))
        self.quit_button = g.add(Button(g, self.quit_label, self.quit, pt=theme.HEADER_PT))
        self.replay_button.visible = self.on_replay is not None

    def _build_series(self) -> None:
        """The series table: rank, boat, each race's points (dropped in brackets), total."""
        g = self.gui
        series = self.series
        seats = self.race.game.setup.seats
        head = ["", "Boat"] + [f"R{k + 1}" for k in range(series.sailed)] + ["Total"]
        self.cells.append([g.add(Text(g, h, theme.SMALL_PT + 1, theme.INK_SOFT, bold=True)) for h in head])
        self.chips: list[Any] = [None]
        for row in series.table():
            seat = seats[row.boat]
            pts = [(f"({_num(p)})" if k == row.discarded else _num(p)) for k, p in enumerate(row.race_points)]
            texts = [ordinal(row.rank), seat.name, *pts, _num(row.total)]
            line = []
            small = theme.BODY_PT + 1 if series.sailed <= 4 else theme.SMALL_PT + 2
            for k, t in enumerate(texts):
                bold = k in (0, len(texts) - 1)
                pt = small if 1 < k < len(texts) - 1 else theme.BODY_PT + 1
                line.append(g.add(Text(g, t, pt, theme.INK, bold=bold)))
            self.cells.append(line)
            self.chips.append(g.rect(PALETTE.get(seat.colour, (200, 200, 200)), 1, DETAIL))

    def layout(self) -> None:
        g = self.gui
        assert g is not None
        px, t = g.px, g.touch
        W, H = g.width, g.height
        n = len(self.cells) if self.series is not None else len(self.lines)
        w = min(W - px(32), px(720) if self.series is not None else px(600))
        fixed = px(120) + px(40) + t + px(32)
        row = max(px(24), min(px(46) if self.series is None else px(34), (H - px(32) - fixed) / max(1, n)))
        h = min(fixed + row * n, H - px(32))
        x, y = (W - w) / 2, (H - h) / 2
        self.card.place(x, y, w, h)
        pad = px(28)
        top = y + h - pad
        self.title.place(x + pad, top - px(40), w - 2 * pad, px(40))
        self.sub.place(x + pad, top - px(70), w - 2 * pad, px(24))
        ly = top - px(84)
        for place, chip, name, note in self.lines:
            ly -= row
            place.place(x + pad, ly, px(60), row)
            round_rect(chip, x + pad + px(64), ly + row / 2 - px(9), px(18), px(18), px(4))
            name_w = min(name.label.content_width + px(8), px(240))
            name.place(x + pad + px(92), ly, name_w, row)
            # the note (a bot's level, "did not finish", ...) right-aligned in what is left
            room = w - 2 * pad - px(92) - name_w - px(12)
            fit_text(note.label, note.full, room, px(theme.BODY_PT), px(theme.SMALL_PT))
            note_w = min(note.label.content_width + px(2), room)
            note.place(x + w - pad - note_w, ly, note_w, row)
        if self.cells:
            inner = w - 2 * pad
            races = len(self.cells[0]) - 3
            name_w = min(px(170), inner * 0.3)
            num_w = (inner - px(50) - px(26) - name_w) / max(1, races + 1)
            for r, line in enumerate(self.cells):
                ly -= row
                cx = x + pad
                for k, cell in enumerate(line):
                    cw = px(50) if k == 0 else (name_w if k == 1 else num_w)
                    if k == 1:
                        chip = self.chips[r]
                        if chip is not None:
                            round_rect(chip, cx, ly + row / 2 - px(8), px(16), px(16), px(4))
                        cx += px(26)
                    cell.place(cx, ly, cw, row)
                    cx += cw
        self.saved_text.place(x + pad, y + pad + t + px(4), w - 2 * pad, px(20))
        bx = x + w - pad
        for b in (self.next_button, self.new_button, self.replay_button, self.export_button, self.quit_button):
            if b is None or not b.visible:
                continue
            bw = max(px(100), b.text.content_width + px(32))
            bx -= bw
            b.place(bx, y + pad, bw, t)
            bx -= px(8)

    def next_race(self) -> None:
        if self.on_next is not None:
            self.on_next()

    def export(self) -> None:
        from dinghy.ui.shell.exports import export_dialog

        if self.export_folder is not None and self.gui is not None:
            export_dialog(self.gui, self.race, self.export_folder)

    def new_race(self) -> None:
        if self.on_new is not None:
            self.on_new()

    def replay(self) -> None:
        if self.on_replay is not None:
            self.on_replay()

    def quit(self) -> None:
        if self.on_quit is not None:
            self.on_quit()
        elif self.app is not None:
            self.app.close()

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        if symbol in (key.ENTER, key.RETURN):
            if self.on_next is not None:
                self.next_race()
            else:
                self.new_race()
            return True
        if symbol == key.R and self.on_replay is not None:
            self.replay()
            return True
        return False


def _num(x: float) -> str:
    """Points without a needless ``.0`` (5.7 stays 5.7)."""
    return f"{x:g}"
