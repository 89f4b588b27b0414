"""The Gigamic hand as a tray of the printed cards along the foot of the table.

Each card is drawn as printed (pyglet shapes in one mesh): its arrows leaving the
middle of the near edge, each numbered at its tip as the ghosts on the water are, its
name, and its symbol in the corner (the helm's wheel, the cloud, the sun). A card the
engine refuses is dimmed and says why in words (the view gives the reason: the
engine's ``why_not``). The lifted card is the one whose arrows show on the water; in a
swap the picked cards carry a tick. A hand the viewer may not see shows card backs.
At the tray's end lie the pile (face down, its count) and the discard's top card, face
up for everyone.

Nothing is decided here: the view says what each card shows; a tap on a card calls
``on_card(index)``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from dinghy.ui import theme
from dinghy.ui.mesh import Mesh
from dinghy.ui.widgets.gui import BODY, LAYER_WIDGET, Gui, Widget

PAPER = (250, 246, 236)
EDGE = (120, 110, 90)
INK = (40, 52, 70)
BACK = (34, 70, 110)
DIM = (60, 66, 76, 150)
TICK = (40, 120, 200)
SUN = (245, 190, 30)
CLOUD = (170, 180, 196)
HELM = (150, 90, 40)


@dataclass
class CardShow:
    """What one card of the tray shows: ``face`` None is a card back."""

    face: Any = None
    lifted: bool = False       # its arrows are the ghosts on the water
    picked: bool = False       # picked for a swap
    reason: str = ""           # why it cannot be played now (dimmed), "" if it can
    new: bool = False          # drawn since its holder's last turn


class HandTray(Widget):
    """``HandTray(gui, on_card)``; :meth:`show` the cards, ``place`` the strip."""

    interactive = True

    def __init__(self, gui: Gui, on_card: Callable[[int], Any], layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        self.on_card = on_card
        self.mesh = Mesh(gui.batch, gui.group(layer, BODY))
        self.cards: list[CardShow] = []
        self.pile, self.discard, self.caption = 0, None, ""
        self.accent = (255, 255, 255)
        self.rects: list[tuple[float, float, float, float]] = []
        self.labels: list[Any] = []
        self._pool: dict[tuple[Any, ...], Any] = {}     # every label made, by its looks
        self._free: dict[tuple[Any, ...], list[Any]] = {}
        self._press: int | None = None

    # --- content --------------------------------------------------------------------
    def show(self, cards: Sequence[CardShow], pile: int, discard: Any, accent: Sequence[int],
             caption: str = "") -> None:
        self.cards, self.pile, self.discard, self.caption = list(cards), pile, discard, caption
        self.accent = tuple(accent[:3])
        self.layout()

    def card_rect(self, i: int) -> tuple[float, float, float, float]:
        return self.rects[i]

    def card_center(self, i: int) -> tuple[float, float]:
        x, y, w, h = self.rects[i]
        return (x + w / 2, y + h / 2)

    # --- drawing --------------------------------------------------------------------
    def _sizes(self) -> tuple[float, float, float]:
        """The card's width and height and the gap, for the strip's rectangle (the
        hand's cards, then a gap, then the pile and the discard)."""
        g = self.gui
        gap = g.px(6)
        n = len(self.cards) + 2
        lift = g.px(8)
        h = self.h - lift - g.px(4)
        w = h * 58 / 89
        most = (self.w - gap * (n + 1)) / n
        if w > most:
            w, h = most, most * 89 / 58
        return w, h, gap

    def layout(self) -> None:
        for lab in self.labels:              # kept for the next layout (making text is slow)
            lab.visible = False
        self._free = {}
        for key, lab in self._pool.items():
            self._free.setdefault(key[:-1], []).append(lab)
        self.labels, self.rects = [], []
        m = self.mesh
        m.clear()
        if self.w <= 1 or not self._visible:
            m.build()
            return
        g = self.gui
        m.polygon([(self.x, self.y), (self.x + self.w, self.y), (self.x + self.w, self.y + self.h),
                   (self.x, self.y + self.h)], theme.rgba(theme.WATER_DEEP))
        w, h, gap = self._sizes()
        lift = g.px(8)
        base = self.y + g.px(2)
        x = self.x + gap
        for c in self.cards:
            y = base + (lift if c.lifted else 0)
            self.rects.append((x, y, w, h))
            self._card(c, x, y, w, h)
            x += w + gap
        x += gap
        # the pile, face down with its count; the discard's top card, face up
        self._back(x, base, w, h)
        self._text(f"pile\n{self.pile}", x + w / 2, base + h / 2, w, theme.SMALL_PT, (255, 255, 255), bold=True)
        x += w + gap
        if self.discard is not None:            # face up for everyone: the last card played
            self._card(CardShow(self.discard), x, base, w, h)
            band = g.px(15)
            m.polygon([(x, base), (x + w, base), (x + w, base + band), (x, base + band)], theme.rgba(INK, 220))
            self._text("last played", x + w / 2, base + band / 2, w, theme.SMALL_PT - 2, PAPER, bold=True)
            x += w + gap
        room = self.x + self.w - x - gap
        if self.caption and room > g.px(90):      # whose hand this is, where there is room
            self._text(self.caption, x + room / 2, base + h / 2, room, theme.SMALL_PT, (220, 230, 240), bold=True)
        m.build()
        if len(self._pool) > 80:                 # words no longer shown (old counts, reasons) go
            unused = {id(lab) for labs in self._free.values() for lab in labs}
            for key in [k for k, lab in self._pool.items() if id(lab) in unused]:
                self._pool.pop(key).delete()

    def _text(self, text: str, x: float, y: float, w: float, pt: float, colour: Any, bold: bool = False) -> Any:
        width = max(1, int(w - self.gui.px(4)))
        key = (text, pt, tuple(colour), bold, width)
        free = self._free.get(key)
        if free:
            lab = free.pop()
        else:
            lab = self.gui.label(text, pt, colour, layer=self.layer, bold=bold, anchor_x="center", anchor_y="center",
                                 width=width, multiline=True, align="center")
            self._pool[key + (len(self._pool),)] = lab
        lab.position = (round(x), round(y), 0)
        lab.visible = self._visible
        self.labels.append(lab)
        return lab

    def _box(self, x: float, y: float, w: float, h: float, r: float) -> list[tuple[float, float]]:
        pts = []
        for cx, cy, a0 in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90), (x + r, y + r, 180)):
            for k in range(5):
                a = math.radians(a0 + 22.5 * k)
                pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        return pts

    def _back(self, x: float, y: float, w: float, h: float) -> None:
        box = self._box(x, y, w, h, w * 0.08)
        self.mesh.polygon(box, theme.rgba(BACK))
        self.mesh.line(box, self.gui.px(1.5), theme.rgba((220, 230, 240)), closed=True)
        inner = self._box(x + w * 0.12, y + w * 0.12, w * 0.76, h - w * 0.24, w * 0.06)
        self.mesh.line(inner, self.gui.px(1), theme.rgba((120, 160, 200)), closed=True)

    def _card(self, c: CardShow, x: float, y: float, w: float, h: float) -> None:
        m, px = self.mesh, self.gui.px
        if c.face is None:
            self._back(x, y, w, h)
            return
        box = self._box(x, y, w, h, w * 0.08)
        if c.lifted:
            m.polygon(self._box(x - px(3), y - px(3), w + px(6), h + px(6), w * 0.1), theme.rgba(self.accent))
        m.polygon(box, theme.rgba(PAPER))
        m.line(box, px(1.5) if not c.picked else px(3), theme.rgba(TICK if c.picked else EDGE), closed=True)
        face = c.face
        s = (h * 0.62) / 89.0                     # card millimetres to pixels (arrows' room)
        ox, oy = x + w / 2, y + h * 0.06
        for k, arrow in enumerate(face.arrows):
            pts = [arrow.point(arrow.length * t / 12) for t in range(13)]
            line = [(ox + px_ * s, oy + py * s) for px_, py, _ in pts]
            m.line(line, max(2.0, px(2.2)), theme.rgba(INK))
            tx, ty, hd = pts[-1]
            a = math.radians(hd)
            ux, uy = math.sin(a), math.cos(a)
            tip = (ox + tx * s, oy + ty * s)
            hs = px(7)
            m.polygon([tip, (tip[0] - ux * hs - uy * hs * 0.5, tip[1] - uy * hs + ux * hs * 0.5),
                       (tip[0] - ux * hs + uy * hs * 0.5, tip[1] - uy * hs - ux * hs * 0.5)], theme.rgba(INK))
            if len(face.arrows) > 1 or c.lifted:
                bx, by = tip[0] + ux * px(9), tip[1] + uy * px(9)
                m.circle(bx, by, px(7.5), theme.rgba(self.accent if c.lifted else INK))
                self._text(str(k + 1), bx, by, px(16), theme.SMALL_PT - 1, INK if c.lifted else PAPER, bold=True)
        m.circle(ox, oy, px(2.5), theme.rgba(INK))
        self._symbol(face.symbol, x + w * 0.18, y + h * 0.22, w * 0.11)
        self._text(_short(face.name), x + w / 2, y + h - px(13), w, theme.SMALL_PT - 2, INK, bold=True)
        if c.new:                                  # a tag in the foot's right corner
            r = w * 0.36
            m.polygon([(x + w - r, y), (x + w, y), (x + w, y + r)], theme.rgba(self.accent))
            self._text("new", x + w - r * 0.3, y + r * 0.28, r, theme.SMALL_PT - 3, INK, bold=True)
        if c.reason:
            m.polygon(box, DIM)
            self._text(c.reason, x + w / 2, y + h * 0.4, w, theme.SMALL_PT - 2, (255, 255, 255), bold=True)
        if c.picked:                               # a tick in the middle of a picked card
            m.circle(x + w / 2, y + h * 0.45, w * 0.2, theme.rgba(TICK))
            self._text("✓", x + w / 2, y + h * 0.45, w * 0.4, theme.BODY_PT, (255, 255, 255), bold=True)

    def _symbol(self, symbol: str, cx: float, cy: float, r: float) -> None:
        m = self.mesh
        if symbol == "soleil":
            for k in range(8):
                a = math.radians(45 * k)
                m.line([(cx + math.cos(a) * r * 1.1, cy + math.sin(a) * r * 1.1),
                        (cx + math.cos(a) * r * 1.6, cy + math.sin(a) * r * 1.6)], max(1.5, r * 0.2), theme.rgba(SUN))
            m.circle(cx, cy, r, theme.rgba(SUN))
        elif symbol == "nuage":
            for dx, dy, k in ((-0.6, -0.1, 0.6), (0.0, 0.25, 0.8), (0.6, -0.1, 0.6)):
                m.circle(cx + dx * r * 1.2, cy + dy * r, r * k, theme.rgba(CLOUD))
            m.polygon([(cx - r * 1.3, cy - r * 0.5), (cx + r * 1.3, cy - r * 0.5), (cx + r * 1.3, cy - r * 0.1),
                       (cx - r * 1.3, cy - r * 0.1)], theme.rgba(CLOUD))
        elif symbol == "barre":
            m.line(self._ring(cx, cy, r), max(1.5, r * 0.25), theme.rgba(HELM), closed=True)
            for k in range(6):
                a = math.radians(60 * k)
                m.line([(cx, cy), (cx + math.cos(a) * r * 1.45, cy + math.sin(a) * r * 1.45)],
                       max(1.5, r * 0.2), theme.rgba(HELM))

    @staticmethod
    def _ring(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
        return [(cx + r * math.cos(math.radians(30 * k)), cy + r * math.sin(math.radians(30 * k))) for k in range(12)]

    # --- taps -------------------------------------------------------------------------
    def index_at(self, x: float, y: float) -> int | None:
        for i, (cx, cy, w, h) in enumerate(self.rects):
            if cx <= x <= cx + w and cy <= y <= cy + h:
                return i
        return None

    def on_press(self, x: float, y: float) -> None:
        self._press = self.index_at(x, y)

    def on_release(self, x: float, y: float, inside: bool) -> None:
        i, self._press = self._press, None
        if inside and i is not None and i == self.index_at(x, y):
            self.on_card(i)

    def visibility_changed(self) -> None:
        for lab in self.labels:
            lab.visible = self._visible
        self.layout()

    def delete(self) -> None:
        for lab in self._pool.values():
            lab.delete()
        self.labels, self._pool = [], {}
        self.mesh.delete()
        super().delete()


def _short(name: str) -> str:
    """A card's name on its face (the symbol is drawn: ", helm" and the like go)."""
    return name.split(",")[0]
