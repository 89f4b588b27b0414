"""A seat's cards on a grid board's turn panel (3M puff cards, Yacht Race wind change,
spinnaker and Sailors' Luck cards), drawn as cards: the card's name, the count left
in large figures, and a line of words — "Tap to play", or why it cannot be played
now (the engine's reason), or how it is played (with a move on the board, by chance).
A tap plays a card whose action is legal; otherwise it shows the words whole. A tile
is as tall as its words need at the panel's width (:meth:`CardTile.fit`): none are cut.
"""
from __future__ import annotations

from typing import Any, Callable

from dinghy.ui.widgets.gui import BODY, BACK, Gui, Widget, put, round_rect  # noqa: F401  (configures pyglet first)

from dinghy.ui import theme  # noqa: E402

#: A tile's height, in unscaled pixels.
TILE_H = 62
CARD = (252, 250, 242)
CARD_EDGE = (176, 160, 120)
PLAYABLE_EDGE = theme.PRIMARY


class CardTile(Widget):
    """``CardTile(gui, name, count, words, on_tap, playable)``: one card of a seat's
    supply, a row of the panel: its name and words on the left, the count on the right."""

    interactive = True

    def __init__(self, gui: Gui, name: str, count: int | None, words: str,
                 on_tap: Callable[[], Any], playable: bool) -> None:
        super().__init__(gui)
        self.name, self.count, self.words, self.playable = name, count, words, playable
        self.on_tap = on_tap
        self.edge = self._own(gui.rect(PLAYABLE_EDGE if playable else CARD_EDGE, self.layer, BACK))
        self.face = self._own(gui.rect(CARD if playable or count else theme.DISABLED, self.layer, BODY))
        self.title = self._own(gui.label(name, theme.SMALL_PT + 2, theme.INK, layer=self.layer, bold=True,
                                         anchor_y="top"))
        left = "" if count is None else (f"{count}" if count else "0")
        self.figure = self._own(gui.label(left, theme.HEADER_PT + 4, theme.INK, layer=self.layer, bold=True,
                                          anchor_x="center"))
        self.unit = self._own(gui.label("" if count is None else "left", theme.SMALL_PT, theme.INK_SOFT,
                                        layer=self.layer, anchor_x="center"))
        # the words are made once their width is known (fit, layout), at that width and
        # with the words (one layout; each width or text set lays the label out again)
        self._line: Any = None
        self._fitted: tuple[float, float] | None = None     # (width, height) last fitted

    def _words_width(self, w: float) -> int:
        """The width the words wrap at in a tile ``w`` wide (the count keeps its column)."""
        g = self.gui
        return max(1, int(w - g.px(52) - 2 * g.px(10)))

    def _wrap_at(self, w: float) -> None:
        """The words wrapped for a tile ``w`` wide (laid out again only if that changed)."""
        width = self._words_width(w)
        if self._line is None:
            self._make_line(width)
        elif self._line.width != width:
            self._line.width = width

    def _make_line(self, width: int) -> None:
        self._line = self._own(self.gui.label(self.words, theme.SMALL_PT + 0.5,
                                              theme.INK if self.playable else theme.INK_SOFT,
                                              layer=self.layer, anchor_y="top", multiline=True,
                                              width=width))
        self._line.visible = self._visible

    @property
    def line(self) -> Any:
        """The words' label (made at the tile's width once it is known: 100 before)."""
        if self._line is None:
            self._make_line(100)
        return self._line

    def fit(self, w: float | None) -> float:
        """The tile's height at width ``w``: the name and every line of the words, at
        least :data:`TILE_H` (kept for :attr:`tile_h`)."""
        if w is None or w <= 0:
            return self.tile_h
        if self._fitted is None or self._fitted[0] != w:
            g = self.gui
            self._wrap_at(w)
            self.line.text = self.words
            need = g.px(14) + self.title.content_height + self.line.content_height
            self._fitted = (w, max(g.px(TILE_H), float(need)))
        return self._fitted[1]

    @property
    def tile_h(self) -> float:
        return self._fitted[1] if self._fitted is not None else self.gui.px(TILE_H)

    def place(self, x: float, y: float, w: float, h: float) -> "CardTile":
        """Placed in a row of the panel from its top down (its own height at ``w``)."""
        top = y + h
        th = self.fit(w)
        return super().place(x, top - th, w, th)  # type: ignore[return-value]

    def layout(self) -> None:
        g = self.gui
        r = g.px(theme.RADIUS)
        b = g.px(3 if self.playable else 1.5)
        round_rect(self.edge, self.x, self.y, self.w, self.h, r)
        round_rect(self.face, self.x + b, self.y + b, self.w - 2 * b, self.h - 2 * b, r - b)
        side = g.px(52)
        pad = g.px(10)
        self._wrap_at(self.w)
        put(self.title, self.x + pad, self.y + self.h - g.px(6))
        put(self.line, self.x + pad, self.y + self.h - g.px(8) - self.title.content_height)
        cx = self.x + self.w - side / 2 - g.px(4)
        put(self.figure, cx, self.y + self.h * 0.58)
        put(self.unit, cx, self.y + self.h * 0.22)
        words, room = self.words, self.h - g.px(12) - self.title.content_height
        self.line.text = words
        while self.line.content_height > room and len(words) > 8:      # cut to the card's foot
            words = words[: int(len(words) * 0.9)].rstrip()
            self.line.text = words + "…"

    def on_release(self, x: float, y: float, inside: bool) -> None:
        if inside:
            self.on_tap()
