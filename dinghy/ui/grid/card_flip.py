"""A card turned over where everyone can see it (issue 21, "a card drawn from the pile
turns over where everyone can see it"): after an action that draws a card (a Sailors'
Luck card) or plays one (a puff, wind change or spinnaker card), the board shows that
card in its corner by the turn panel, its back first, turning over in a short flip to its
face: who turned it and from which pile, the card's name, what it says. The face stays
until the next action. What the card is comes from the game
(``game.turned_card(action, seat)``, a :class:`~dinghy.games.grid.picture.TurnedCard`).

Cheap by design: three rectangles and three labels; while it turns (``FLIP_S``) only the
rectangles are moved, once a frame; the labels show when the face is whole.
"""
from __future__ import annotations

import math
from typing import Any

from dinghy.ui.widgets.gui import BACK, BODY, DETAIL, LAYER_PANEL, Gui, Widget, put  # noqa: F401

from dinghy.ui import theme  # noqa: E402
from dinghy.ui.grid.card_tile import CARD, CARD_EDGE  # noqa: E402

#: How long the card takes to turn over, seconds.
FLIP_S = 0.45
#: A card's back: warm, so that it stands out from the water.
CARD_BACK = (184, 72, 52)
#: Its width, in unscaled pixels (narrower on a small board).
CARD_W = 220


class TurnedCardFace(Widget):
    """``TurnedCardFace(gui)``; ``show(card, who)`` starts the flip, ``tick(dt)`` turns it,
    ``hide()``. ``card``: the TurnedCard shown (None: none)."""

    def __init__(self, gui: Gui, layer: int = LAYER_PANEL) -> None:
        super().__init__(gui, layer)
        # plain rectangles: a rounded one costs ten times as much to move, every frame of the flip
        self.edge = self._own(gui.rect(CARD_EDGE, layer, BACK, rounded=False))
        self.face = self._own(gui.rect(CARD, layer, BODY, rounded=False))
        self.stripe = self._own(gui.rect(theme.CREAM, layer, DETAIL, rounded=False))    # the back's border
        self.head = self._own(gui.label("", theme.SMALL_PT, theme.INK_SOFT, layer=layer, anchor_y="top"))
        self.name = self._own(gui.label("", theme.BODY_PT + 1, theme.INK, layer=layer, bold=True,
                                        anchor_y="top", multiline=True, width=100))
        self.words = self._own(gui.label("", theme.SMALL_PT + 0.5, theme.INK, layer=layer,
                                         anchor_y="top", multiline=True, width=100))
        self.card: Any = None
        self.elapsed = FLIP_S
        self._side: tuple[bool, bool, bool] | None = None    # (back up, face whole, shown) as drawn
        self.visible = False

    # --- what it shows --------------------------------------------------------------------
    def show(self, card: Any, who: str) -> None:
        """Turn ``card`` over (drawn or played by ``who``): the flip starts now."""
        self.card = card
        self.head.text = f"{who} · {card.pile}"
        self.name.text = card.name
        self.words.text = card.words[:1].upper() + card.words[1:] if card.words else ""
        self.elapsed = 0.0
        self._side = None
        self.visible = True
        self.layout()

    def hide(self) -> None:
        if self.card is not None or self.visible:
            self.card = None
            self.visible = False

    @property
    def turning(self) -> bool:
        return self.card is not None and self.elapsed < FLIP_S

    @property
    def face_up(self) -> bool:
        """Whether the face (its words) shows now: the flip is over."""
        return self.card is not None and self.visible and not self.turning

    def size(self, room_w: float) -> tuple[float, float]:
        """Its width and height in a board ``room_w`` wide: as tall as its words need."""
        g = self.gui
        w = min(g.px(CARD_W), max(g.px(140), room_w * 0.42))
        inner = max(1, int(w - 2 * g.px(10)))
        self.name.width = self.words.width = inner
        h = g.px(10) + self.head.content_height + g.px(2) + self.name.content_height
        if self.words.text:
            h += g.px(4) + self.words.content_height
        return w, h + g.px(10)

    # --- time -------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        if self.turning:
            self.elapsed = min(FLIP_S, self.elapsed + dt)
            self.layout()

    # --- drawing ----------------------------------------------------------------------
    def layout(self) -> None:
        if self.card is None or not self.w:
            return
        g = self.gui
        p = self.elapsed / FLIP_S
        narrow = abs(math.cos(math.pi * p))            # its width as it turns: 1 → 0 → 1
        w = max(1.0, self.w * narrow)
        x = self.x + (self.w - w) / 2
        back = p < 0.5
        b, inset = g.px(2), g.px(8)
        for shape, d in ((self.edge, 0.0), (self.face, b), (self.stripe, inset)):
            _box(shape, x + d, self.y + d, max(1.0, w - 2 * d), max(1.0, self.h - 2 * d))
        whole = not self.turning and self.visible
        side = (back, whole, self.visible)
        if side == self._side:          # colours and words change only as the card turns
            return
        self._side = side
        self.face.color = theme.rgba(CARD_BACK if back else CARD)
        self.stripe.color = theme.rgba(theme.CREAM, 90)
        self.stripe.visible = back and self.visible
        for lab in (self.head, self.name, self.words):
            lab.visible = whole
        if whole:
            pad = g.px(10)
            top = self.y + self.h - pad
            put(self.head, self.x + pad, top)
            top -= self.head.content_height + g.px(2)
            put(self.name, self.x + pad, top)
            top -= self.name.content_height + g.px(4)
            put(self.words, self.x + pad, top)

    def place(self, x: float, y: float, w: float, h: float) -> "TurnedCardFace":
        self._side = None                 # the words move with it
        return super().place(x, y, w, h)  # type: ignore[return-value]

    def visibility_changed(self) -> None:
        self._side = None
        if self.card is not None:
            self.layout()


def _box(shape: Any, x: float, y: float, w: float, h: float) -> None:
    """Move a rectangle, setting only what changed (each setter rebuilds its vertices)."""
    if (shape.x, shape.y) != (x, y):
        shape.position = (x, y)
    if shape.width != w:
        shape.width = w
    if shape.height != h:
        shape.height = h


class TurnedCards:
    """Mixed into the grid board view: the card the last action turned over, in the
    board's bottom-right corner (by the turn panel), until the next action."""

    gui: Any
    game: Any
    race: Any
    camera: Any
    turned: TurnedCardFace

    def after_action(self, events: list[Any], seat_before: int | None) -> None:
        self.turn_card_over(seat_before)

    def tick(self, dt: float) -> None:
        self.turned.tick(dt)

    def turn_card_over(self, seat: int | None) -> None:
        """After an action by ``seat``: the card it drew or played turns over (the game
        says which: ``game.turned_card``), or the last one goes."""
        hook = getattr(self.game, "turned_card", None)
        actions = self.race.actions
        card = hook(actions[-1], seat) if hook is not None and actions and seat is not None else None
        if card is None:
            self.turned.hide()
            return
        self.turned.show(card, self.game.name(card.seat))
        self.place_turned_card()

    def place_turned_card(self) -> None:
        """The card in the bottom-right corner of the board's viewport."""
        t = self.turned
        if t.card is None:
            return
        c, m = self.camera, self.gui.px(8)
        w, h = t.size(c.width)
        t.place(c.x0 + c.width - m - w, c.y0 + m, w, h)
