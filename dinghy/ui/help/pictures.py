"""The small pictures of the "?" panel, in simple shapes: a boat, a card with its exits,
the dice, a hand of cards, a grid with a move ... Each is named by a guide's step
(``picture = "exits"``) and drawn into a box by :func:`draw`; an unknown name draws a
plain boat on water, never an error.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from pyglet import shapes

from dinghy.ui import theme
from dinghy.ui.widgets.gui import BODY, DETAIL, Gui

BOAT: theme.RGB = (243, 120, 40)       # the first palette colour
RIVAL: theme.RGB = (86, 180, 233)
CARD: theme.RGB = (250, 246, 236)
CARD_BACK: theme.RGB = (190, 60, 60)
GHOST: theme.RGBA = (240, 245, 250, 110)
PUFF: theme.RGBA = (120, 200, 140, 200)
LULL: theme.RGBA = (200, 200, 200, 160)


class Painter:
    """Shapes in one box: coordinates 0..1 across and up, scaled to the box's short side."""

    def __init__(self, gui: Gui, layer: int, x: float, y: float, w: float, h: float) -> None:
        self.gui, self.layer = gui, layer
        self.s = min(w, h)
        self.x0, self.y0 = x + (w - self.s) / 2, y + (h - self.s) / 2
        self.items: list[Any] = []

    def at(self, u: float, v: float) -> tuple[float, float]:
        return self.x0 + u * self.s, self.y0 + v * self.s

    def _kw(self, colour: Any, part: int = DETAIL) -> dict[str, Any]:
        return {"color": theme.rgba(colour), "batch": self.gui.batch, "group": self.gui.group(self.layer, part)}

    def rect(self, u: float, v: float, w: float, h: float, colour: Any, part: int = DETAIL) -> None:
        x, y = self.at(u, v)
        self.items.append(shapes.Rectangle(x, y, w * self.s, h * self.s, **self._kw(colour, part)))

    def line(self, u1: float, v1: float, u2: float, v2: float, colour: Any, width: float = 0.012) -> None:
        self.items.append(shapes.Line(*self.at(u1, v1), *self.at(u2, v2), thickness=max(1.5, width * self.s),
                                      **self._kw(colour)))

    def circle(self, u: float, v: float, r: float, colour: Any) -> None:
        self.items.append(shapes.Circle(*self.at(u, v), r * self.s, **self._kw(colour)))

    def poly(self, points: list[tuple[float, float]], colour: Any) -> None:
        self.items.append(shapes.Polygon(*[self.at(u, v) for u, v in points], **self._kw(colour)))

    def text(self, u: float, v: float, text: str, colour: theme.RGB = theme.INK, pt: float = 11) -> None:
        label = self.gui.label(text, pt, colour, layer=self.layer, bold=True, anchor_x="center")
        label.position = (*self.at(u, v), 0)
        self.items.append(label)

    def boat(self, u: float, v: float, length: float, heading: float, colour: Any = BOAT) -> None:
        """A hull ``length`` long, bow towards ``heading`` degrees (0: up, clockwise)."""
        a = math.radians(heading)
        fx, fy = math.sin(a), math.cos(a)          # forward
        sx, sy = fy, -fx                           # to starboard
        half, beam = length / 2, length / 6
        pts = [(u + fx * half, v + fy * half),
               (u + fx * half * 0.2 + sx * beam, v + fy * half * 0.2 + sy * beam),
               (u - fx * half + sx * beam * 0.8, v - fy * half + sy * beam * 0.8),
               (u - fx * half - sx * beam * 0.8, v - fy * half - sy * beam * 0.8),
               (u + fx * half * 0.2 - sx * beam, v + fy * half * 0.2 - sy * beam)]
        self.poly(pts, colour)

    def wind(self, u: float = 0.9, v: float = 0.9) -> None:
        """The wind arrow (from the top of the picture)."""
        self.line(u, v, u, v - 0.16, theme.ON_WATER, 0.014)
        self.poly([(u - 0.03, v - 0.12), (u + 0.03, v - 0.12), (u, v - 0.18)], theme.ON_WATER)


def _water(p: Painter) -> None:
    p.rect(0, 0, 1, 1, theme.WATER, BODY)


def _course(p: Painter) -> None:
    _water(p)
    p.wind()
    p.line(0.3, 0.12, 0.7, 0.12, theme.LINE_BUOY, 0.008)
    p.circle(0.3, 0.12, 0.02, theme.LINE_BUOY)
    p.circle(0.7, 0.12, 0.02, theme.LINE_BUOY)
    p.circle(0.5, 0.85, 0.035, theme.MARK)
    p.text(0.58, 0.83, "1", theme.ON_WATER)
    for k, (u, v) in enumerate(((0.35, 0.3), (0.62, 0.45), (0.4, 0.62))):
        p.line(u, v, 0.5 if k % 2 else 0.3, v + 0.17, (240, 245, 250, 90), 0.006)
    p.boat(0.4, 0.62, 0.12, 45)
    p.boat(0.64, 0.45, 0.12, 315, RIVAL)


def _card(p: Painter) -> None:
    _water(p)
    p.wind()
    p.rect(0.3, 0.45, 0.4, 0.3, CARD)
    p.text(0.5, 0.58, "Tack", theme.INK)
    p.boat(0.5, 0.3, 0.2, 0)


def _exits(p: Painter) -> None:
    _water(p)
    p.wind()
    p.rect(0.25, 0.35, 0.5, 0.32, CARD)
    for k, ang in enumerate((-50, -25, 0, 25, 50)):
        a = math.radians(ang)
        u, v = 0.5 + 0.3 * math.sin(a), 0.38 + 0.3 * math.cos(a)
        p.line(0.5, 0.38, u, v, theme.INK, 0.008)
        p.circle(u, v + 0.06, 0.045, theme.PRIMARY)
        p.text(u, v + 0.06, str(k + 1), theme.INK, 10)
    p.boat(0.5, 0.22, 0.2, 0)
    p.boat(0.88, 0.62, 0.14, 25, GHOST)


def _dice(p: Painter) -> None:
    _water(p)
    for cx, pips in ((0.33, ((0.5, 0.5),)), (0.67, ((0.3, 0.3), (0.5, 0.5), (0.7, 0.7)))):
        p.rect(cx - 0.14, 0.36, 0.28, 0.28, CARD)
        for du, dv in pips:
            p.circle(cx - 0.14 + du * 0.28, 0.36 + dv * 0.28, 0.025, theme.INK)
    p.text(0.5, 0.18, "capsize 1 in 12", theme.ON_WATER, 11)


def _hand(p: Painter) -> None:
    _water(p)
    for k in range(5):
        u = 0.12 + k * 0.16
        p.rect(u, 0.2 + (0.08 if k == 2 else 0), 0.14, 0.22, CARD if k != 4 else theme.DISABLED)
        p.line(u + 0.07, 0.24 + (0.08 if k == 2 else 0), u + 0.07, 0.38 + (0.08 if k == 2 else 0), theme.INK, 0.006)
    p.rect(0.42, 0.6, 0.16, 0.2, CARD_BACK)
    p.boat(0.5, 0.86, 0.14, 180)


def _weather_eye(p: Painter) -> None:
    _water(p)
    p.wind()
    p.rect(0.35, 0.45, 0.3, 0.22, (120, 200, 140, 160))
    p.text(0.5, 0.53, "+", theme.INK, 16)
    p.line(0.5, 0.42, 0.5, 0.2, theme.ON_WATER, 0.008)
    p.poly([(0.47, 0.24), (0.53, 0.24), (0.5, 0.18)], theme.ON_WATER)
    p.boat(0.25, 0.3, 0.14, 30)


def _grid(p: Painter, n: int = 5) -> None:
    _water(p)
    for k in range(n + 1):
        t = 0.1 + 0.8 * k / n
        p.line(t, 0.1, t, 0.9, (240, 245, 250, 60), 0.004)
        p.line(0.1, t, 0.9, t, (240, 245, 250, 60), 0.004)


def _grid_move(p: Painter) -> None:
    _grid(p)
    p.wind()
    for u, v in ((0.58, 0.58), (0.74, 0.58), (0.58, 0.74)):
        p.rect(u - 0.07, v - 0.07, 0.14, 0.14, (243, 178, 62, 150))
    p.boat(0.42, 0.42, 0.13, 45)
    p.line(0.45, 0.45, 0.57, 0.57, theme.PRIMARY, 0.012)


def _puffs(p: Painter) -> None:
    _grid(p)
    p.wind()
    p.circle(0.58, 0.58, 0.07, PUFF)
    p.circle(0.26, 0.74, 0.07, LULL)
    p.boat(0.42, 0.42, 0.13, 45)
    p.boat(0.74, 0.26, 0.13, 315, RIVAL)


def _die(p: Painter) -> None:
    _water(p)
    p.rect(0.32, 0.32, 0.36, 0.36, CARD)
    p.text(0.5, 0.49, "2", theme.INK, 22)


def _wind_rose(p: Painter) -> None:
    _water(p)
    for k in range(8):
        a = math.radians(45 * k)
        p.line(0.5, 0.5, 0.5 + 0.32 * math.sin(a), 0.5 + 0.32 * math.cos(a), (240, 245, 250, 120), 0.006)
    p.line(0.5, 0.5, 0.5 + 0.3 * math.sin(math.radians(315)), 0.5 + 0.3 * math.cos(math.radians(315)),
           theme.PRIMARY, 0.016)
    p.text(0.5, 0.88, "N", theme.ON_WATER)
    p.rect(0.74, 0.1, 0.16, 0.22, CARD)


def _spinnaker(p: Painter) -> None:
    _water(p)
    p.wind()
    p.boat(0.45, 0.35, 0.22, 180)
    p.circle(0.45, 0.2, 0.09, (230, 60, 90, 220))
    p.line(0.45, 0.52, 0.45, 0.9, theme.PRIMARY, 0.01)


def _arrow_card(p: Painter) -> None:
    _water(p)
    p.rect(0.3, 0.35, 0.4, 0.45, CARD)
    p.line(0.5, 0.4, 0.5, 0.62, theme.INK, 0.012)
    p.line(0.5, 0.62, 0.62, 0.74, theme.INK, 0.012)
    p.poly([(0.6, 0.78), (0.66, 0.7), (0.68, 0.8)], theme.INK)
    p.boat(0.5, 0.22, 0.2, 0)


PICTURES: dict[str, Callable[[Painter], None]] = {
    "course": _course, "card": _card, "exits": _exits, "dice": _dice, "hand": _hand,
    "weather_eye": _weather_eye, "grid_move": _grid_move, "puffs": _puffs, "die": _die,
    "wind_rose": _wind_rose, "spinnaker": _spinnaker, "arrow_card": _arrow_card,
}


def card_face(gui: Gui, layer: int) -> Any | None:
    """Dinghy Race's own card face (the turn panel's CardFace), a close-hauled card on
    port tack with its numbered exit chips, or None where it cannot be built here."""
    from types import SimpleNamespace

    try:
        from dinghy import games
        from dinghy.core.geometry import Pose
        from dinghy.core.setup import RaceSetup, Seat
        from dinghy.core.wind import Tack
        from dinghy.games.dinghy_race.actions import Move
        from dinghy.ui.dinghy_race.card_face import CardFace

        game = games.load_game(RaceSetup(seats=(Seat("A", "Orange"), Seat("B", "Sky")), course="short_lap"))
        card = game.cards.types["close_hauled.port"]
        ghosts = [SimpleNamespace(action=Move(i), pose=Pose.trusted(0.0, 0.0, 0), allowed=True)
                  for i in range(len(card.exits))]
        return CardFace(gui, game, card, Tack.PORT, ghosts, lambda i: None, lambda i: None,
                        colour=BOAT, layer=layer)
    except Exception:           # a broken install: the simple picture instead
        return None


#: pictures drawn by a game's own view (a widget), by name; each falls back on the
#: simple picture of the same name after the colon
WIDGETS: dict[str, tuple[Callable[[Gui, int], Any | None], str]] = {
    "dinghy_race_card_face": (card_face, "exits"),
}


def draw(name: str, gui: Gui, layer: int, x: float, y: float, w: float, h: float) -> list[Any]:
    """Picture ``name`` in the box (square, centred); the drawables, for the caller to delete."""
    p = Painter(gui, layer, x, y, w, h)
    PICTURES.get(name, _course)(p)
    return p.items
