"""The revealed card, drawn as the printed card, for choosing an exit with a finger.

On the water a card's exits lie within a few millimetres of each other; here the card
is drawn large in the turn panel, upright (entry edge at the bottom, the bow in its
middle): each exit's swept track, the exit line (where the hull lies after it, along
its new heading) with its angle, the "+" zone on the entry edge and the spinnaker
bonus line. Above the card each exit has a numbered chip (a 48-pixel touch target,
in the order the exits lie left to right, as the keys 1-9 count them). A tap anywhere
near an exit line or on its chip chooses it; a drag along the card lights the nearest
exit (and its boat on the water) and letting go chooses it.

Nothing is decided here: the exits, their reasons and their actions are the view's
ghosts, which carry the engine's words.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from dinghy.core.geometry import Pose
from dinghy.games.dinghy_race.cards import exit_track
from dinghy.ui import theme
from dinghy.ui.mesh import Mesh
from dinghy.ui.widgets.gui import BODY, LAYER_WIDGET, Gui, Widget

CARD = (250, 246, 236)
CARD_EDGE = (120, 110, 90)
PLUS = (0, 114, 178)
REFUSED = (170, 174, 180)


def _seg_dist(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 <= 1e-12 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


class CardFace(Widget):
    """``CardFace(gui, game, card, tack, ghosts, choose, highlight)``: ``ghosts`` are the
    view's exit ghosts (``Ghost.action`` a Move); ``choose(i)`` and ``highlight(i | None)``
    take an index into them."""

    interactive = True

    def __init__(self, gui: Gui, game: Any, card: Any, tack: Any, ghosts: Sequence[Any],
                 choose: Callable[[int], Any], highlight: Callable[[int | None], Any],
                 heading0: int = 0, shift: float = 0.0, colour: theme.RGB = theme.WAVE,
                 layer: int = LAYER_WIDGET) -> None:
        super().__init__(gui, layer)
        self.game, self.card, self.tack = game, card, tack
        self.ghosts = list(ghosts)
        self.choose, self.highlight = choose, highlight
        self.shift, self.colour = shift, colour
        self.mesh = Mesh(gui.batch, gui.group(layer, BODY))
        self.lit: int | None = None
        # local card millimetres: x to the boat's right, y forward, the bow at (0, 0)
        origin = Pose.trusted(0.0, 0.0, 0)
        self.tracks: list[list[tuple[float, float]]] = []
        self.lines: list[tuple[tuple[float, float], tuple[float, float]]] = []
        for g in self.ghosts:
            ex = card.exits[g.action.exit]
            pts = exit_track(origin, tack, card, ex, game.cards.hull_length, shift)
            stern, bow = pts[-2], pts[-1]          # the hull along its new heading
            if g.action.bonus:     # the bonus lies beyond the exit, along the new heading
                dh = math.radians((g.pose.heading - heading0 + 180) % 360 - 180)
                d = game.cards.spi_bonus_distance
                stern = (stern[0] + d * math.sin(dh), stern[1] + d * math.cos(dh))
                bow = (bow[0] + d * math.sin(dh), bow[1] + d * math.cos(dh))
            self.tracks.append(list(pts[:-1]))
            self.lines.append((stern, bow))
        self.order = sorted(range(len(self.ghosts)), key=lambda i: (self.lines[i][1][0], i))
        self.numbers: dict[int, int] = {}
        n = 0
        for i in self.order:
            if self.ghosts[i].allowed:
                n += 1
                self.numbers[i] = n
        self.labels: list[Any] = []
        self.chip_labels: list[Any] = []
        for i, g in enumerate(self.ghosts):
            turn = self._turn(g)
            text = "0°" if turn == 0 else f"{turn:+d}°"
            if g.action.bonus:
                text += " +spi"
            self.labels.append(self._own(gui.label(text, theme.SMALL_PT, theme.INK, layer=layer,
                                                   anchor_x="center")))
            mark = str(self.numbers[i]) if i in self.numbers else "×"
            self.chip_labels.append(self._own(gui.label(mark, theme.BODY_PT, theme.ON_WATER, layer=layer,
                                                        bold=True, anchor_x="center")))
        self.plus_label = self._own(gui.label("+", theme.BODY_PT, PLUS, layer=layer, bold=True,
                                              anchor_x="center"))
        self.plus_label.visible = bool(card.plus_zone)
        self.chips: list[tuple[float, float]] = []
        self.scale_mm = 1.0
        self.needed_height = gui.touch + gui.px(104)     # the least that reads; grows with room

    def _turn(self, g: Any) -> int:
        return self.card.exits[g.action.exit].turn

    # --- geometry on the screen ---------------------------------------------------------
    def _bounds(self) -> tuple[float, float, float, float]:
        c = self.card
        xs = [-c.across / 2, c.across / 2]
        ys = [0.0, c.along]
        for (a, b) in self.lines:
            xs += [a[0], b[0]]
            ys += [a[1], b[1]]
        return min(xs), min(ys), max(xs), max(ys)

    def to_screen(self, p: tuple[float, float]) -> tuple[float, float]:
        x0, y0, x1, y1 = self._bounds()
        cx = (x0 + x1) / 2
        return (self._ox + (p[0] - cx) * self.scale_mm, self._oy + (p[1] - y0) * self.scale_mm)

    def layout(self) -> None:
        g = self.gui
        t = g.touch
        if not self.w:
            return
        x0, y0, x1, y1 = self._bounds()
        chip_room = t + g.px(10)
        room_w, room_h = self.w - g.px(70), self.h - chip_room - g.px(30)   # room for the angle labels
        self.scale_mm = max(0.1, min(room_w / max(1e-6, x1 - x0), room_h / max(1e-6, y1 - y0)))
        self._ox = self.x + self.w / 2
        self._oy = self.y + g.px(18)
        self._chips_y = self.y + self.h - t / 2
        self._place_chips()
        self._draw()

    def _place_chips(self) -> None:
        """One chip per exit along the top, left to right in the exits' order, at least
        a touch target apart (two rows if the width is short)."""
        g = self.gui
        t = g.touch
        pitch = t + g.px(4)
        n = len(self.order)
        per_row = max(1, int((self.w + g.px(4)) // pitch))
        rows = [self.order[k:k + per_row] for k in range(0, n, per_row)]
        self.chips = [(0.0, 0.0)] * n
        for r, row in enumerate(rows):
            wanted = [self.to_screen(self.lines[i][1])[0] for i in row]
            # spread around where the exits lie, never closer than a pitch, inside the widget
            xs: list[float] = []
            lo, hi = self.x + t / 2, self.x + self.w - t / 2
            for k, wx in enumerate(wanted):
                x = max(wx, lo + k * pitch, (xs[-1] + pitch) if xs else lo)
                xs.append(x)
            over = xs[-1] - (hi - 0) if xs else 0
            if over > 0:
                xs = [x - over for x in xs]
                for k in range(len(xs) - 2, -1, -1):
                    xs[k] = min(xs[k], xs[k + 1] - pitch)
            for i, x in zip(row, xs):
                self.chips[i] = (x, self._chips_y - r * pitch)
        self._chip_rows = len(rows)

    def _draw(self) -> None:
        g = self.gui
        m = self.mesh
        m.clear()
        c = self.card
        corners = [self.to_screen(p) for p in ((-c.across / 2, 0), (c.across / 2, 0),
                                               (c.across / 2, c.along), (-c.across / 2, c.along))]
        m.polygon(corners, theme.rgba(CARD), convex=True)
        m.line(corners, g.px(1.5), theme.rgba(CARD_EDGE), closed=True)
        if c.plus_zone:
            half = c.across * self.game.cards.plus_zone / 2
            a, b = self.to_screen((-half, 0)), self.to_screen((half, 0))
            m.line([a, b], g.px(5), theme.rgba(PLUS, 200))
            self.plus_label.position = (round((a[0] + b[0]) / 2), round(a[1] - g.px(9)), 0)
        if c.spi_bonus:
            d = self.game.cards.spi_bonus_distance
            a, b = self.to_screen((-c.across / 2, c.along + d)), self.to_screen((c.across / 2, c.along + d))
            n = 9
            for k in range(0, n, 2):
                m.line([(a[0] + (b[0] - a[0]) * k / n, a[1]), (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1])],
                       g.px(1.5), theme.rgba(PLUS, 180))
        bow = self.to_screen((0.0, 0.0))
        m.circle(bow[0], bow[1], g.px(4), theme.rgba(theme.INK), segments=12)
        for i, gh in enumerate(self.ghosts):
            ok = gh.allowed
            lit = i == self.lit
            col = self.colour if ok else REFUSED
            track = [self.to_screen(p) for p in self.tracks[i]]
            m.line(track, g.px(3 if lit else 1.5), theme.rgba(col, 230 if ok else 160))
            a, b = (self.to_screen(p) for p in self.lines[i])
            m.line([a, b], g.px(6 if lit else 4), theme.rgba(theme.PRIMARY if lit else col))
            ang = math.atan2(b[1] - a[1], b[0] - a[0])
            size = g.px(9)
            ux, uy = math.cos(ang), math.sin(ang)
            tip = (b[0] + ux * size * 0.6, b[1] + uy * size * 0.6)
            m.polygon([tip, (b[0] - uy * size * 0.55, b[1] + ux * size * 0.55),
                       (b[0] + uy * size * 0.55, b[1] - ux * size * 0.55)],
                      theme.rgba(theme.PRIMARY if lit else col), convex=True)
            cx, cy = self.chips[i]
            m.line([tip, (cx, cy - g.touch / 2)], g.px(1), theme.rgba(col, 140))
            r = g.touch / 2
            if lit:
                m.circle(cx, cy, r + g.px(3), theme.rgba(theme.PRIMARY), segments=28)
            m.circle(cx, cy, r, theme.rgba(col if ok else REFUSED), segments=28)
            self.chip_labels[i].position = (round(cx), round(cy), 0)
            self.labels[i].position = (round(b[0] + ux * g.px(16)), round(b[1] + uy * g.px(16)), 0)
        self._declutter()
        m.build()

    def _declutter(self) -> None:
        """Show an exit's angle only where it does not run into another one's (on a small
        card face the exits' ends lie close): the lit exit's first, then from the
        outermost exits inwards; the chips still number every exit."""
        boxes: list[tuple[float, float, float, float]] = []
        pad = self.gui.px(2)
        outer = sorted(self.order, key=lambda i: -abs(self.order.index(i) - (len(self.order) - 1) / 2))
        first = [self.lit] if self.lit is not None else []
        for i in first + [i for i in outer if i != self.lit]:
            lab = self.labels[i]
            x, y = lab.position[0], lab.position[1]
            w, h = lab.content_width, lab.content_height
            box = (x - w / 2 - pad, y - h / 2 - pad, x + w / 2 + pad, y + h / 2 + pad)
            clear = all(box[2] <= b[0] or b[2] <= box[0] or box[3] <= b[1] or b[3] <= box[1] for b in boxes)
            lab.visible = clear and self._visible
            if clear:
                boxes.append(box)

    # --- choosing ----------------------------------------------------------------------------
    def nearest(self, x: float, y: float) -> int | None:
        """The exit a point is nearest to: its chip, its exit line or its track."""
        if not self.ghosts:
            return None
        best, best_d = None, float("inf")
        for i in range(len(self.ghosts)):
            cx, cy = self.chips[i]
            d = math.hypot(x - cx, y - cy) - self.gui.touch / 2
            a, b = (self.to_screen(p) for p in self.lines[i])
            d = min(d, _seg_dist((x, y), a, b))
            track = [self.to_screen(p) for p in self.tracks[i]]
            for p, q in zip(track, track[1:]):
                d = min(d, _seg_dist((x, y), p, q) + self.gui.px(6))   # lines win over tracks
            if d < best_d:
                best, best_d = i, d
        return best

    def chip_center(self, i: int) -> tuple[float, float]:
        return self.chips[i]

    def _light(self, i: int | None) -> None:
        if i != self.lit:
            self.lit = i
            self.highlight(i)
            self._draw()

    def on_press(self, x: float, y: float) -> None:
        self._light(self.nearest(x, y))

    def drag_point(self, x: float, y: float) -> None:
        """A finger dragged along the card: the nearest exit lights up."""
        self._light(self.nearest(x, y) if self.contains(x, y) else None)

    def on_release(self, x: float, y: float, inside: bool) -> None:
        i = self.nearest(x, y) if inside else None
        self._light(None)
        if i is not None and self._enabled:
            self.choose(i)

    def number_of(self, n: int) -> int | None:
        """The ghost index of the exit numbered ``n`` (1-based), or None."""
        for i, k in self.numbers.items():
            if k == n:
                return i
        return None

    def delete(self) -> None:
        self.mesh.delete()
        super().delete()

    def visibility_changed(self) -> None:
        if hasattr(self, "mesh"):
            if self._visible:
                self._draw()
            else:
                self.mesh.clear()
                self.mesh.build()
