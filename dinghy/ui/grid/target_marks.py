"""The squares a tap may play, drawn over a grid board by :class:`~.drawing.BoardDrawing`:
orange, and lilac ringed twice with the card's name on it where only playing a card
(a 3M puff card) reaches the square."""
from __future__ import annotations

import math
from typing import Any, Iterable

from dinghy.ui import theme
from dinghy.ui.grid.geometry import cell_centre
from dinghy.ui.grid.layers import set_label

TARGET = (243, 178, 62)
#: A square a tap reaches only by playing a card (a 3M puff card): lilac, ringed twice,
#: the card's name on it.
CARD_TARGET = (196, 150, 255)


class TargetMarks:
    """Mixed into :class:`~.drawing.BoardDrawing`: its ``pieces`` mesh, ``board``,
    ``px``, ``_screen``, ``_rect_pts`` and ``_label``."""

    pieces: Any
    board: Any
    scale: float
    target_spots: dict[tuple[int, int], tuple[float, float]]
    card_spots: dict[tuple[int, int], str]

    def _targets(self, camera: Any, targets: Iterable[tuple[int, int]], cards: dict[tuple[int, int], str]) -> None:
        m, z = self.pieces, camera.zoom
        self.target_spots = {}
        self.card_spots: dict[tuple[int, int], str] = {}
        width = max(2.0, self.px(2.5))
        for x, y in targets:
            cx, cy = self._screen(camera, *cell_centre(x, y))
            self.target_spots[(x, y)] = (cx, cy)
            h = z * 0.5 - max(1.0, self.px(1))
            card = cards.get((x, y))
            colour = TARGET if card is None else CARD_TARGET
            rings = (1.0,) if card is None else (1.0, 0.72)      # a card's square: ringed twice
            if self.board.cells == "points":     # a ring round the intersection
                m.circle(cx, cy, h * 0.8, theme.rgba(colour, 70), segments=24)
                for k in rings:
                    r = h * 0.8 * k
                    m.line([(cx + r * math.cos(a / 8), cy + r * math.sin(a / 8)) for a in range(0, 51)],
                           width, theme.rgba(colour, 230))
            else:
                m.polygon(self._rect_pts(cx - h, cy - h, 2 * h, 2 * h), theme.rgba(colour, 70))
                for k in rings:
                    m.line(self._rect_pts(cx - h * k, cy - h * k, 2 * h * k, 2 * h * k), width,
                           theme.rgba(colour, 230), closed=True)
            if card is not None:
                self.card_spots[(x, y)] = card.lower()
                if z >= self.px(26):         # the card's name, as a token's word sits on its disc
                    self._card_word(card.lower(), cx, cy, 2 * h * 0.9)

    def _card_word(self, word: str, cx: float, cy: float, room: float) -> None:
        """A card's name on its square, smaller where it is wider than ``room`` pixels
        ("spinnaker"), none where it would be too small to read."""
        pt = theme.SMALL_PT - 1
        lab = self._label(word, cx, cy, pt, theme.CREAM)
        if lab.content_width > room:
            pt = math.floor(2 * pt * room / lab.content_width) / 2
            if pt < 6:
                lab.visible = False
                return
            set_label(lab, word, lab.position, pt * self.scale, True, theme.rgba(theme.CREAM))
