"""The results: places in finishing order, with "New race", "Replay" and "Quit"."""
from __future__ import annotations

from typing import Any, Callable

from dinghy.ui.widgets import DETAIL, Button, Panel, Text, _round_rect, key  # (configures pyglet first)

from dinghy.core.setup import PALETTE  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.shell.autosave import short_path  # noqa: E402
from dinghy.ui.scene import GuiScene  # noqa: E402
from dinghy.ui.shell.views import ordinal, view_class  # noqa: E402


class ResultsScene(GuiScene):
    """``ResultsScene(race, on_new=None, on_quit=None, on_replay=None, saved=None,
    quit_label="Quit")``."""

    shortcuts = [("Enter", "New race"), ("R", "Replay this race")]
    help_title = "Results: keyboard shortcuts"

    def __init__(self, race: Any, *, on_new: Callable[[], Any] | None = None,
                 on_quit: Callable[[], Any] | None = None,
                 on_replay: Callable[[], Any] | None = None, saved: Any = None,
                 quit_label: str = "Quit") -> None:
        super().__init__()
        self.race = race
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
                out.append(("–", seat.name, colour, "did not finish"))
            else:
                out.append((ordinal(places[k]), seat.name, colour, "bot" if seat.skipper else ""))
        return out

    def build(self) -> None:
        g = self.gui
        assert g is not None
        self.card = g.add(Panel(g))
        self.title = g.add(Text(g, "Results", theme.TITLE_PT, theme.INK, bold=True))
        summary = view_class(self.race.game.rules_name).summary(self.race)
        self.sub = g.add(Text(g, summary, theme.BODY_PT, theme.INK_SOFT))
        self.lines: list[tuple[Text, Any, Text, Text]] = []
        for place, name, colour, note in self.rows():
            chip = g.rect(colour, 1, DETAIL)
            self.lines.append((g.add(Text(g, place, theme.HEADER_PT + 2, theme.INK, bold=True)), chip,
                               g.add(Text(g, name, theme.HEADER_PT + 2, theme.INK)),
                               g.add(Text(g, note, theme.BODY_PT, theme.INK_SOFT))))
        saved = f"Saved for replay: {short_path(self.saved)}" if self.saved else ""
        self.saved_text = g.add(Text(g, saved, theme.SMALL_PT, theme.INK_SOFT))
        self.new_button = g.add(Button(g, "New race", self.new_race, style="primary", pt=theme.HEADER_PT))
        self.replay_button = g.add(Button(g, "Replay", self.replay, pt=theme.HEADER_PT))
        self.quit_button = g.add(Button(g, self.quit_label, self.quit, pt=theme.HEADER_PT))
        self.replay_button.visible = self.on_replay is not None

    def layout(self) -> None:
        g = self.gui
        assert g is not None
        px, t = g.px, g.touch
        W, H = g.width, g.height
        row = px(46)
        w = min(W - px(32), px(560))
        h = px(120) + row * len(self.lines) + px(40) + t + px(32)
        h = min(h, H - px(32))
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
            _round_rect(chip, x + pad + px(64), ly + row / 2 - px(9), px(18), px(18), px(4))
            name.place(x + pad + px(92), ly, px(240), row)
            note.place(x + w - pad - px(140), ly, px(140), row)
        self.saved_text.place(x + pad, y + pad + t + px(4), w - 2 * pad, px(20))
        bx = x + w - pad
        for b in (self.new_button, self.replay_button, self.quit_button):
            if not b.visible:
                continue
            bw = max(px(120), b.text.content_width + px(40))
            bx -= bw
            b.place(bx, y + pad, bw, t)
            bx -= px(10)

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
            self.new_race()
            return True
        if symbol == key.R and self.on_replay is not None:
            self.replay()
            return True
        return False
