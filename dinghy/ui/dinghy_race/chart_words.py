"""The chart's words and screen-sized things (pins): names, the marks' roundings, the
chip numbers on the exits' ghosts, the coach's words, the rings; kept readable
whatever the zoom, off the boats and off one another
(:class:`ChartWords`, a part of :class:`~dinghy.ui.dinghy_race.chart.Chart`). Also the
least size a boat is drawn at, and the clip that keeps all of it on the chart's viewport.

The way to an off-screen next mark is the view's edge arrow, the one every board
shares (:mod:`dinghy.ui.shell.edge_arrow`); the chart draws no pointer of its own.

Screen geometry only: nothing here decides a rule.
"""
from __future__ import annotations

import math
from typing import Any

from dinghy.ui.app import configure as _configure

_configure()

import numpy as np  # noqa: E402
import pyglet  # noqa: E402
from pyglet import shapes  # noqa: E402
from pyglet.graphics import Group  # noqa: E402

from dinghy.core.geometry import readable_outline  # noqa: E402
from dinghy.ui.camera import scissor, unscissor  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.dinghy_race.pins import (  # noqa: E402
    Box, Layer as _Layer, Pin as _Pin, fan_out, label_box, place_apart, words_on_chart,
)

#: the least length, in (unscaled) pixels, a boat is drawn at, whatever the zoom: a
#: boat smaller than that on the screen is drawn as a silhouette this long
MIN_BOAT_PX = 28.0


def _coords(poly: Any) -> list[tuple[float, float]]:
    """A shapely polygon's exterior without the closing point."""
    pts = list(poly.exterior.coords)
    return [(float(x), float(y)) for x, y in pts[:-1]]


class ClipGroup(Group):
    """Everything of the chart (the water in world mm, and the screen-sized words on
    it) cut to the camera's viewport: nothing of the course is drawn beside it, under
    the side panels."""

    def __init__(self, camera: Any, window: Any, order: int = 0) -> None:
        super().__init__(order=order)
        self.camera, self.window = camera, window

    def set_state(self) -> None:
        scissor(self.camera, self.window)

    def unset_state(self) -> None:
        unscissor()

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return id(self)



class ChartWords:
    """The chart's words and pins (see the module); mixed into Chart."""

    def _pin_label(self, layer: _Layer, text: str, x: float, y: float, *, dx: float = 0,
                   dy: float = 0, pt: float = theme.SMALL_PT, colour: Any = theme.ON_WATER,
                   bold: bool = True, anchor_x: str = "center", rank: int | None = None,
                   reach: float = 0.0) -> Any:
        key = (text, pt, tuple(colour), bold, anchor_x)
        label = layer.take(key)
        if label is None:
            label = pyglet.text.Label(text, font_name=theme.FONT, font_size=pt * self.scale,
                                      weight="bold" if bold else "normal", color=theme.rgba(colour),
                                      anchor_x=anchor_x, anchor_y="center", batch=self.batch,
                                      group=self.pin_text)
        label.visible = True
        pin = _Pin(label, x, y, dx * self.scale, dy * self.scale, True, key, rank, reach=reach)
        layer.pins.append(pin)
        pin.place(self.camera)
        return label

    def _pin_ring(self, layer: _Layer, x: float, y: float, radius: float, colour: Any,
                  thickness: float = 2.0, dx: float = 0.0, dy: float = 0.0) -> Any:
        key = ("ring", radius, tuple(theme.rgba(colour)), thickness)
        ring = layer.take(key)
        if ring is None:
            ring = shapes.Arc(0, 0, radius * self.scale, segments=28, thickness=thickness * self.scale,
                              color=theme.rgba(colour), batch=self.batch, group=self.pin_shapes)
        pin = _Pin(ring, x, y, dx, dy, key=key)
        layer.pins.append(pin)
        pin.place(self.camera)
        return ring

    def _pin_disc(self, layer: _Layer, x: float, y: float, radius: float, colour: Any,
                  dx: float = 0.0, dy: float = 0.0) -> Any:
        """A filled disc of screen size at a world point (a chip's number sits on it)."""
        key = ("disc", radius, tuple(theme.rgba(colour)))
        disc = layer.take(key)
        if disc is None:
            disc = shapes.Circle(0, 0, radius * self.scale, segments=20, color=theme.rgba(colour),
                                 batch=self.batch, group=self.pin_shapes)
        disc.visible = True
        pin = _Pin(disc, x, y, dx, dy, key=key)
        layer.pins.append(pin)
        pin.place(self.camera)
        return disc

    def camera_moved(self) -> None:
        """Move the pinned (screen-sized) things after a pan or zoom; after a zoom that
        changes how big the boats must be drawn to stay readable, draw them again."""
        for layer in (self.course_layer, self.preview_layer):
            for pin in layer.pins:
                pin.place(self.camera)
        least = self.least_boat_zoom
        z = self.camera.zoom
        regrow = self.state is not None and z != self._grown_at and (z < least or self._grown_at < least)
        if regrow:
            self.update_state(self.state)
        else:
            for pin in self.state_layer.pins:
                pin.place(self.camera)
        if self.ghosts and (regrow or self._fan_changed()):
            self.show_ghosts(self.ghosts)
        else:
            for pin in self.ghost_layer.pins:
                pin.place(self.camera)
            self.declutter()
        if self.after_move is not None:
            self.after_move()

    @property
    def least_boat_px(self) -> float:
        """The least length a boat is drawn at on the screen, pixels."""
        return MIN_BOAT_PX * self.scale

    @property
    def least_boat_zoom(self) -> float:
        """The zoom below which the boats are drawn larger than life."""
        return self.least_boat_px / self.game.cards.hull_length

    def readable_hull(self, pts: Any) -> Any:
        return readable_outline(np.asarray(pts, dtype=float), self.game.cards.hull_length,
                             self.camera.zoom, self.least_boat_px)

    def _screen_box(self, pts: Any) -> Box:
        xs, ys = zip(*(self.camera.world_to_screen(float(x), float(y)) for x, y in pts))
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def obstacles(self) -> list[Box]:
        """What words on the water keep off: every boat as drawn, and the marks."""
        out = [self._screen_box(pts) for pts in self.drawn_hulls.values()]
        z = self.camera.zoom
        for m in self.game.course.marks:
            x, y = self.camera.world_to_screen(m.x, m.y)
            r = max(3.0, m.radius * 1.25 * z)
            out.append((x - r, y - r, 2 * r, 2 * r))
        return out

    def declutter(self) -> None:
        """The words on the water (the marks' roundings, boat names, the card's name,
        "aside", delays) kept off one another, off every boat and mark and off the
        course's fixed words, the most important placed first (see pins.place_apart);
        a word moved well off its place gets a leader line to it."""
        for line in self._leaders:
            line.delete()
        self._leaders = []
        cam = self.camera
        for i, (fx, fy) in self._fan.items():        # a fanned ring: a line to its ghost
            if i < len(self.ghosts):
                x, y = cam.world_to_screen(*self.ghost_centre(self.ghosts[i]))
                self._leaders.append(shapes.Line(x, y, x + fx, y + fy, thickness=1.5 * self.scale,
                                                 color=theme.rgba((255, 255, 255), 170),
                                                 batch=self.batch, group=self.pin_shapes))
        fixed = [label_box(p.drawable) for p in self.course_layer.pins if p.is_label and p.rank is None]
        fixed += self.obstacles()
        ranked = sorted((p for p in self.course_layer.pins + self.state_layer.pins if p.rank is not None),
                        key=lambda p: p.rank)
        on = [p for p in ranked if cam.contains_screen(*cam.world_to_screen(p.x, p.y))]
        off = [p for p in ranked if p not in on]
        left, right = cam.x0, cam.x0 + cam.width
        for p in ranked:
            p.nudge = p.slide = 0.0
            p.place(cam)
        for p in on:                       # a word for something on the chart: slid onto it, whole
            x, _, w, _ = label_box(p.drawable)
            if x < left + 2:
                p.slide = left + 2 - x
            elif x + w > right - 2:
                p.slide = max(left + 2 - x, right - 2 - x - w)
        big = 10 * (cam.width + cam.height)
        walls = [(left - big, cam.y0 - big, big, 3 * big), (right, cam.y0 - big, big, 3 * big),
                 (left - big, cam.y0 - big, 3 * big, big), (left - big, cam.y0 + cam.height, 3 * big, big)]
        # words on the chart kept inside it; words for things off it (clipped) kept apart too
        placed = self._place(on, fixed + walls)
        self._place(off, fixed + placed)
        self._declutter_words(fixed + [label_box(p.drawable) for p in on if p.drawable.visible])

    def _place(self, pins: list[Any], fixed: list[Box]) -> list[Box]:
        """Move ``pins`` (words, most important first) clear of ``fixed`` and of one
        another (pins.place_apart), hide those with no room, draw a leader line to a
        word moved well off its place; the boxes of those shown."""
        cam = self.camera
        boxes = [(x + p.slide, y, w, h) for p, (x, y, w, h) in zip(pins, (label_box(p.drawable) for p in pins))]
        shown = []
        for p, box, shift in zip(pins, boxes, place_apart(boxes, fixed)):
            p.drawable.visible = shift is not None
            if shift is None:
                continue
            p.slide, p.nudge = p.slide + shift[0], shift[1]
            p.place(cam)
            shown.append(label_box(p.drawable))
            if math.hypot(p.slide, p.nudge) > box[3] * 1.6:
                self._leader(cam.world_to_screen(p.x, p.y), shown[-1])
        return shown

    def _leader(self, at: tuple[float, float], box: Box) -> None:
        """A thin line from a point on the water to the nearest side of a word's box."""
        x, y, w, h = box
        tx, ty = min(max(at[0], x), x + w), min(max(at[1], y), y + h)
        self._leaders.append(shapes.Line(at[0], at[1], tx, ty, thickness=1.2 * self.scale,
                                         color=theme.rgba(theme.ON_WATER_SOFT, 200), batch=self.batch,
                                         group=self.pin_shapes))

    def _declutter_words(self, fixed: list[Box]) -> None:
        """The ghosts' words (the coach's ranks, rounds and risks): kept on the chart,
        clear of one another, of the other words, of the ghosts' rings, of the active
        boat's hull and of what
        :attr:`avoid` lists (the view's buttons and compass), each on a dark backing so
        that it reads over a card; a word with no room left is hidden."""
        for back in self._word_backs:
            back.delete()
        self._word_backs = []
        pins = sorted((p for p in self.ghost_layer.pins if p.rank is not None), key=lambda p: p.rank)
        if not pins:
            return
        avoid = list(self.avoid()) if self.avoid is not None else []
        ring = 22 * self.scale           # the ghosts' rings: where a finger taps
        avoid += [(x - ring, y - ring, 2 * ring, 2 * ring)
                  for x, y in map(self.ghost_screen_point, range(len(self.ghosts)))]
        if self.state is not None and self.state.boat().launched:     # the boat the words are for
            boat = self.state.boat()
            xs, ys = zip(*(self.camera.world_to_screen(x, y)
                           for x, y in _coords(self.game.hull(boat.pose, boat.tack))))
            avoid.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
        for box in words_on_chart(pins, self.camera, fixed + avoid, pad=4 * self.scale):
            if box is not None:
                self._word_backs.append(shapes.Rectangle(
                    *box, color=theme.rgba(theme.WATER_DEEP, 215), batch=self.batch,
                    group=self.pin_shapes))


    def ghost_screen_point(self, i: int) -> tuple[float, float]:
        """Where ghost ``i``'s ring (its touch target) is on the screen: on the ghost, or
        fanned out from ghosts that lie too close together to tell apart by touch."""
        x, y = self.camera.world_to_screen(*self.ghost_centre(self.ghosts[i]))
        fx, fy = self._fan.get(i, (0.0, 0.0))
        return (x + fx, y + fy)

    def number_ghosts(self, numbers: dict[int, int]) -> None:
        """Put each exit's chip number (ghost index -> 1-9) on its ghost."""
        for i, g in enumerate(self.ghosts):
            g.number = numbers.get(i)
        self.show_ghosts(self.ghosts)

    def _fan_offsets(self) -> dict[int, tuple[float, float]]:
        """The ghosts' rings that would cover one another on the screen, fanned apart
        (see pins.fan_out), as pixel shifts by ghost index. The coach's ghosts with
        words of their own are left where they are (their words say which is which)."""
        idx = [i for i, g in enumerate(self.ghosts) if not g.words]
        pts = [self.camera.world_to_screen(*self.ghost_centre(self.ghosts[i])) for i in idx]
        shifts = fan_out(pts, theme.TOUCH * self.scale)   # each ring a touch target of its own
        return {i: sh for i, sh in zip(idx, shifts) if sh != (0.0, 0.0)}

    def _fan_changed(self) -> bool:
        new = self._fan_offsets()
        return set(new) != set(self._fan) or any(
            math.dist(new[i], self._fan[i]) > 0.5 for i in new)
