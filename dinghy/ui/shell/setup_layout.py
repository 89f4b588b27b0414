"""Where the set-up screen's widgets go: the header, the Boats and Race panels (side by
side, or stacked at full width when the window stands upright) and the footer. A mixin
of :class:`~dinghy.ui.shell.setup_screen.SetupScreen`, which makes the widgets.
"""
from __future__ import annotations

from typing import Any

from dinghy.ui.shell.setup_form import MAX_SEATS
from dinghy.ui.widgets.gui import put
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text


class SetupLayout:
    """Places the set-up's widgets for ``self.gui.width`` x ``self.gui.height``."""

    gui: Any
    rows: list[Any]
    options: list[tuple[Text, Any]]
    page: int
    pages: int
    stacked = False

    def layout(self) -> None:
        """Header, the Boats and Race panels, footer. Upright (taller than wide) the panels
        stack at full width, Boats above Race; else they stand side by side."""
        g = self.gui
        assert g is not None
        px, t = g.px, g.touch
        W, H = g.width, g.height
        m = px(16) if W < px(1000) else px(28)
        gap, pad, pitch = px(12), px(14), t + px(6)
        block_w = min(W - 2 * m, px(1120))
        header_h, footer_h = px(76), px(56) + px(14)
        self.stacked = H > W
        rows_h = pad + t + px(10) - px(6) + pad          # a panel's title row and padding
        if self.stacked:
            boats_h = rows_h + len(self.rows) * pitch + px(60)
            race_h = rows_h + len(self.options) * pitch
            panel_h = min(boats_h + gap + race_h, H - 2 * m - header_h - footer_h)
        else:
            panel_h = rows_h + max(MAX_SEATS, len(self.options)) * pitch
            panel_h = min(panel_h, H - 2 * m - header_h - footer_h)
        block_h = header_h + panel_h + footer_h
        bx = (W - block_w) / 2
        by = max(m, (H - block_h) / 2)
        top = by + block_h

        # header: title, subtitle, help
        self.title.place(bx, top - px(38), block_w - t, px(40))
        self.subtitle.place(bx + px(2), top - px(64), block_w - t, px(22))
        self.help_button.place(bx + block_w - t, top - t - px(6), t, t)

        # panels
        py = by + footer_h
        if self.stacked:
            boats_h = min(rows_h + len(self.rows) * pitch + px(60), panel_h * 0.6)
            self._layout_boats(bx, py + panel_h - boats_h, block_w, boats_h)
            self._layout_race(bx, py, block_w, panel_h - boats_h - gap)
        else:
            race_w = min(max(px(300), block_w * 0.38), px(440))
            boats_w = block_w - race_w - gap
            self._layout_boats(bx, py, boats_w, panel_h)
            self._layout_race(bx + boats_w + gap, py, race_w, panel_h)

        # footer: seed (small), resume, start
        start_w = max(px(200), self.start_button.text.content_width + px(48))
        resume_w = max(px(180), self.resume_button.text.content_width + px(40))
        self.start_button.place(bx + block_w - start_w, by, start_w, px(56))
        self.resume_button.place(bx + block_w - start_w - gap - resume_w, by, resume_w, px(56))
        self.seed_text.place(bx + px(2), by, px(200), px(56))
        self.refresh_resume()
        self.show_problem()

    def _layout_boats(self, bx: float, py: float, boats_w: float, panel_h: float) -> None:
        """The Boats panel: its header button, then one row per seat, then the hint."""
        g = self.gui
        assert g is not None
        px, t = g.px, g.touch
        pad, pitch = px(14), t + px(6)
        self.boats_panel.place(bx, py, boats_w, panel_h)
        ptop = py + panel_h - pad
        add_w = max(self.add_button.text.content_width + px(28), px(120))
        self.add_button.place(bx + boats_w - pad - add_w, ptop - t, add_w, t)
        put(self.boats_panel.title, bx + pad, ptop - t / 2)
        self.boats_panel.title.anchor_y = "center"
        inner = boats_w - 2 * pad
        colour_w, bot_w, remove_w, sp = px(170), px(78), t, px(8)
        name_w = min(inner - colour_w - bot_w - remove_w - 3 * sp, px(340))
        if name_w > px(260):   # a wide window: the colour chooser takes some of it
            extra = min(name_w - px(260), px(50))
            colour_w, name_w = colour_w + extra, name_w - extra
        y = ptop - t - px(10)
        for row in self.rows:
            y -= t
            x = bx + pad
            row.colour.place(x, y, colour_w, t)
            row.name.place(x + colour_w + sp, y, name_w, t)
            right = bx + boats_w - pad
            row.remove.place(right - remove_w, y, remove_w, t)
            row.bot.place(right - remove_w - sp - bot_w, y, bot_w, t)
            y -= pitch - t
        self.seats_hint.place(bx + pad, y - px(44), inner, px(40))
        self.seats_hint.visible = y - px(44) > py + pad

    def _layout_race(self, rx: float, py: float, race_w: float, panel_h: float) -> None:
        """The Race panel: a label column and a chooser column, folded into pages
        (More 1/2) when the rows do not fit."""
        g = self.gui
        assert g is not None
        px, t = g.px, g.touch
        pad, pitch = px(14), t + px(6)
        self.race_panel.place(rx, py, race_w, panel_h)
        ptop = py + panel_h - pad
        put(self.race_panel.title, rx + pad, ptop - t / 2)
        self.race_panel.title.anchor_y = "center"
        label_w = px(112) if race_w < px(600) else px(160)
        chooser_w = min(race_w - 2 * pad - label_w, px(240) if race_w < px(600) else px(420))
        cx = rx + race_w - pad - chooser_w
        y = ptop - t - px(10)
        fit = max(1, int((y - py - pad + pitch - t) // pitch))
        self.pages = -(-len(self.options) // fit)
        self.page = min(self.page, self.pages - 1)
        more_w = max(px(110), self.more_button.text.content_width + px(28))
        self.more_button.visible = self.pages > 1
        self.more_button.label = f"More ({self.page + 1}/{self.pages})"
        self.more_button.place(rx + race_w - pad - more_w, ptop - t, more_w, t)
        shown = self.options[self.page * fit:(self.page + 1) * fit]
        for label, widget in self.options:
            on = (label, widget) in shown
            label.visible = widget.visible = on
        for label, widget in shown:
            y -= t
            label.place(rx + pad, y, label_w, t)
            if isinstance(widget, ChoiceSelector):
                widget.place(cx, y, chooser_w, t)
            elif isinstance(widget, Text):    # words (the race's length): the width there is
                wx = cx if chooser_w >= px(300) else rx + pad + label_w
                widget.place(wx, y, rx + race_w - pad - wx, t)
            else:   # a switch lines up with the choosers, clear of a long label
                toggle_x = max(cx, rx + pad + label.label.content_width + px(10))
                widget.place(toggle_x, y, px(96), t)
            y -= pitch - t
