"""The course designer's layout: the top bar, the tool column, the chart's viewport
and the side panel (course settings, selection box, live check findings).

Mixed into :class:`~dinghy.ui.designer.window.DesignerScene`.
"""
from __future__ import annotations

import math
from typing import Any

from dinghy.games.dinghy_race.course import Finding
from dinghy.ui import theme
from dinghy.ui.designer.pieces import FindingRow
from dinghy.ui.widgets.gui import Widget, put
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text


class PanelsMixin:
    """Where everything goes, and the findings list. It places the widgets that
    :meth:`DesignerScene.build` makes, by their names."""

    gui: Any
    history: Any
    camera: Any
    chart: Any
    selection: tuple[Any, ...] | None
    findings: list[Finding]
    fleet: int

    # --- layout -------------------------------------------------------------------------
    def panel_width(self) -> float:
        g = self.gui
        assert g is not None
        return g.px(340) if g.width >= g.px(1100) else g.px(320)

    def layout(self) -> None:
        g = self.gui
        assert g is not None
        W, H = g.width, g.height
        pad, gap, t = g.px(theme.PAD), g.px(theme.GAP), g.touch
        pw = self.panel_width()
        top_h = t + g.px(16)
        show = not self._exporting
        chrome = [self.top, self.undo_button, self.redo_button, self.new_button, self.save_button,
                  self.save_as_button, self.svg_button, self.png_button, self.test_button, self.help_button,
                  self.fit_button, self.table_button, self.status_text, self.panel, self.name_text,
                  self.file_text, self.rename_button, self.order_text, self.sel_title, self.sel_text,
                  self.check_title, self.more_text, *self.tool_buttons.values()]
        for w in chrome:
            w.visible = show
        self.export_title.visible = self.export_words.visible = not show
        if not show:
            for w in self.actions + self.rows + self.selectors:
                w.visible = False
            top = g.px(64)
            self.export_title.place(pad, H - g.px(30), W - g.px(140), g.px(24))
            self.export_words.place(pad, H - g.px(54), W - g.px(140), g.px(20))
            self.camera.set_viewport(0, 0, W, H - top)
            self.wind_arrow.place(W - g.px(104), H - g.px(118), g.px(92), g.px(110))
            return

        # top bar: beside the panel when it fits, else across the whole window
        bar = [self.undo_button, self.redo_button, self.new_button, self.save_button,
               self.save_as_button, self.svg_button, self.png_button, self.test_button]
        widths = [max(t * 1.2, b.text.content_width + g.px(26)) for b in bar]
        need = sum(widths) + g.px(6) * (len(bar) - 1) + g.px(16)
        wide_bar = need > W - pw
        self.top.place(0, H - top_h, W if wide_bar else W - pw, top_h)
        x = g.px(8)
        y = H - top_h + (top_h - t) / 2
        for b, bw in zip(bar, widths):
            b.place(x, y, bw, t)
            x += bw + g.px(6)

        # tool column on the chart's left
        tw = g.px(96) if W >= g.px(1000) else g.px(84)
        ty = H - top_h - g.px(10)
        for b in list(self.tool_buttons.values()) + [self.fit_button, self.table_button]:
            if b is self.fit_button:
                ty -= g.px(14)
            ty -= t
            b.place(g.px(10), ty, tw, t)
            ty -= g.px(6)
        self.help_button.place(g.px(10), g.px(10), t, t)

        # chart viewport between tools and panel, above the status line
        left = tw + g.px(20)
        status_h = g.px(30)
        self.camera.set_viewport(left, status_h, max(1.0, W - pw - left - g.px(8)), max(1.0, H - top_h - status_h))
        self.status_text.place(left, g.px(4), W - pw - left - g.px(16), status_h - g.px(8))
        arrow = g.px(88) if W >= g.px(1000) else g.px(72)
        self.wind_arrow.place(W - pw - g.px(16) - arrow, H - top_h - g.px(10) - arrow - g.px(20), arrow,
                              arrow + g.px(20))
        if not self._fitted:
            self.fit()

        # the panel
        px0 = W - pw + g.px(4)
        panel_top = (H - top_h if wide_bar else H) - g.px(8)
        self.panel.place(px0, g.px(8), pw - g.px(12), panel_top - g.px(8))
        ix, iw = px0 + pad * 0.6, pw - g.px(12) - pad * 1.2
        y = panel_top - pad * 0.6
        # the course's name across the whole panel (never cut at 1024 x 600), then its
        # file with the Rename button beside it
        rb = max(t * 1.4, self.rename_button.text.content_width + g.px(24))
        self.name_text.place(ix, y - t, iw, t)
        y -= t + g.px(2)
        self.rename_button.place(ix + iw - rb, y - t, rb, t)
        self.file_text.place(ix, y - t / 2 - g.px(8), iw - rb - gap, g.px(16))
        y -= t + gap
        self._dynamic = (ix, iw, y)
        self._placed.clear()
        self.layout_dynamic()

    @property
    def selectors(self) -> list[ChoiceSelector]:
        return [self.wind_sel, self.laps_sel, self.cards_sel, self.force_sel, self.fleet_sel]

    def _put(self, w: Widget, x: float, y: float, width: float, h: float) -> None:
        """Place a widget unless it is already there (a selector's layout is not cheap)."""
        rect = (round(x, 1), round(y, 1), round(width, 1), round(h, 1))
        if self._placed.get(id(w)) != rect:
            self._placed[id(w)] = rect
            w.place(x, y, width, h)

    def layout_dynamic(self) -> None:
        """The part of the panel that changes with the course: texts, the course
        settings (folded away on a short window while something is selected), the
        selection's buttons, the findings (cheaper than a whole layout after every edit)."""
        g = self.gui
        if g is None or self._exporting or not hasattr(self, "_dynamic"):
            return
        gap, t, pad = g.px(theme.GAP), g.touch, g.px(theme.PAD)
        ix, iw, y = self._dynamic
        rb = self.rename_button.w
        self._fit_line(self.name_text, self._name_words(), iw, keep="start")
        self.name_text.layout()
        self._fit_line(self.file_text, self._file_words(), iw - rb - gap, keep="end")
        self.file_text.layout()
        bottom = g.px(16) + pad * 0.5

        shown = [b for b in self.actions if b.label != "·"]
        cols = 3 if (iw - 2 * gap) / 3 >= max([self._one_line(b) + g.px(14) for b in shown] + [0]) else 2
        rows = math.ceil(len(shown) / cols)
        buttons_h = rows * t + max(0, rows - 1) * g.px(6)
        if self.sel_text.label.width != max(1, int(iw)):
            self.sel_text.label.width = max(1, int(iw))
        sel_h = g.px(24) + self.sel_text.label.content_height + g.px(8) + buttons_h + gap
        settings_h = 3 * t + 2 * g.px(6) + gap
        fold = (self.selection is not None
                and y - settings_h - g.px(60) - sel_h - g.px(26) - g.px(90) < bottom)
        half = (iw - gap) / 2
        for sel in self.selectors:
            sel.visible = not fold
        if not fold:
            for a, b in ((self.wind_sel, self.laps_sel), (self.cards_sel, self.force_sel)):
                y -= t
                self._put(a, ix, y, half, t)
                self._put(b, ix + half + gap, y, half, t)
                y -= g.px(6)
            y -= t
            self._put(self.fleet_sel, ix, y, half, t)
            y -= gap
        y = self._flow(self.order_text, ix, y, iw) - gap * 1.5
        # selection
        self.sel_title.place(ix, y - g.px(22), iw, g.px(22))
        y -= g.px(24)
        y = self._flow(self.sel_text, ix, y, iw) - g.px(8)
        bw = (iw - gap * (cols - 1)) / cols
        for b in self.actions:
            b.visible = b in shown
        for i, b in enumerate(shown):
            r, c = divmod(i, cols)
            self._wrap(b, bw - g.px(12))      # a button says what it does: on two lines if need be
            b.place(ix + c * (bw + gap), y - (r + 1) * t - r * g.px(6), bw, t)
        y -= buttons_h + gap
        # findings
        self.check_title.place(ix, y - g.px(22), iw, g.px(22))
        y -= g.px(26)
        self._layout_rows(ix, iw, y, bottom)

    def _one_line(self, b: Any) -> float:
        """How wide a selection button's words are on one line."""
        lab = b.text
        if not lab.multiline:
            return lab.content_width
        cache = self.__dict__.setdefault("_line_widths", {})
        key_ = (lab.text, lab.font_size)
        if key_ not in cache:
            cache[key_] = _width_of(lab)
        return cache[key_]

    def _wrap(self, b: Any, width: float) -> None:
        """A selection button's words on one line if they fit ``width``, else wrapped
        (centred) on two."""
        lab = b.text
        wrap = self._one_line(b) > width
        if wrap != lab.multiline or (wrap and lab.width != max(1, int(width))):
            if wrap:                      # (pyglet: a width before multiline, none after)
                lab.width = max(1, int(width))
                lab.multiline = True
                lab.set_style("align", "center")
            else:
                lab.multiline = False
                lab.width = None

    def _flow(self, t: Text, x: float, top: float, w: float) -> float:
        """Place a wrapping text with its top at ``top``; return the y below it."""
        lab = t.label
        if lab.anchor_y != "top":
            lab.anchor_y = "top"
        if lab.width != max(1, int(w)):
            lab.width = max(1, int(w))
        h = lab.content_height
        t.x, t.y, t.w, t.h = x, top - h, w, h       # (not place(): Text.layout would move it)
        put(lab, x, top)
        return top - h

    def _fit_line(self, t: Text, text: str, width: float, keep: str = "start") -> None:
        """One line of text cut with "…" to fit ``width`` (keeping its start or its end;
        a leading "→ " always stays)."""
        lab = t.label
        key_ = (text, round(width), keep)
        lead = "→ " if text.startswith("→ ") else ""
        if lead:
            text = text[len(lead):]
        if getattr(t, "_fitted_for", None) == key_:
            return
        t._fitted_for = key_  # type: ignore[attr-defined]
        lab.text = lead + text
        if lab.content_width <= width:
            return
        lo, hi = 1, len(text) - 1          # the most characters that still fit

        def cut(n: int) -> str:
            return lead + (text[:n] + "…" if keep == "start" else "…" + text[len(text) - n:])
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lab.text = cut(mid)
            if lab.content_width <= width:
                lo = mid
            else:
                hi = mid - 1
        lab.text = cut(lo)

    def _name_words(self) -> str:
        """The course's name, with a dot in front while there are unsaved changes."""
        return ("• " if self.modified else "") + self.history.current.name

    def _layout_rows(self, x: float, w: float, top: float, bottom: float) -> None:
        g = self.gui
        assert g is not None
        y = top
        hidden = 0
        for row in self.rows:
            h = row.height_for(w)
            room = bottom if row is self.rows[-1] else bottom + g.px(18)
            if hidden or y - h < room:
                row.visible = False
                hidden += 1
                continue
            row.visible = True
            row.place(x, y - h, w, h)
            y -= h + g.px(5)
        self.more_text.text = f"… and {hidden} more" if hidden else ""
        self.more_text.place(x, bottom, w, g.px(16))

    # --- findings -------------------------------------------------------------------------------
    def _findings_panel(self) -> None:
        g = self.gui
        assert g is not None
        errors = sum(f.level == "error" for f in self.findings)
        warnings = len(self.findings) - errors
        if not self.findings:
            self.check_title.text = f"Check: all clear for {self.fleet} boats"
        else:
            parts = []
            if errors:
                parts.append(f"{errors} error{'s' if errors > 1 else ''}")
            if warnings:
                parts.append(f"{warnings} warning{'s' if warnings > 1 else ''}")
            self.check_title.text = f"Check ({self.fleet} boats): " + ", ".join(parts)
        if self._rows_for == self.findings:
            return
        for row in self.rows:
            g.remove(row)
        self.rows = [g.add(FindingRow(g, f, self.hover_finding, self.tap_finding)) for f in self.findings]
        self._rows_for = list(self.findings)
        if self.pinned not in self.findings:
            self.pinned = None
        if self.hovered not in self.findings:
            self.hovered = None

    def hover_finding(self, finding: Finding | None) -> None:
        if finding != self.hovered:
            self.hovered = finding
            self.redraw()

    def tap_finding(self, finding: Finding) -> None:
        self.pinned = None if self.pinned == finding else finding
        for row in self.rows:
            row.selected = row.finding == self.pinned
            row.restyle()
        if self.pinned is not None and self.pinned.at is not None:
            x, y = self.pinned.at
            x0, y0, x1, y1 = self.camera.visible_bounds()
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                self.camera.follow(x, y)
        self.chart.camera_moved()
        self.redraw()


def _width_of(label: Any) -> float:
    """The width of a label's words on one line (measured on a throwaway label)."""
    import pyglet

    one = pyglet.text.Label(label.text, font_name=label.font_name, font_size=label.font_size,
                            weight=label.weight)
    w = one.content_width
    one.delete()
    return w
