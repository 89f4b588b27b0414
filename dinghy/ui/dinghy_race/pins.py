"""Pins: things drawn at screen size (words, rings) at a world point of the chart,
moved when the camera moves, and rebuilt a layer at a time (:class:`Layer`).

Words on the water kept apart: boat names, the card's name, "aside" and the delay
marks are pinned at world points, so six boats close together at the start put their
words on top of one another. :func:`spread` moves each word up or down by whole line
heights, in order of importance, until it lies clear of the words already placed (and
of the course's own words); a word with no free place is hidden for now. Screen
geometry only: nothing here knows a rule.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from dinghy.ui.mesh import Mesh

#: (left, bottom, width, height) in window pixels.
Box = tuple[float, float, float, float]

#: The shifts tried, in line heights: in place, above, below, then two lines away.
STEPS = (0, 1, -1, 2, -2)


def label_box(label: Any) -> Box:
    """A pyglet label's drawn box, from its position, anchors and content size."""
    w, h = label.content_width, label.content_height
    x, y = label.x, label.y
    left = {"left": x, "center": x - w / 2, "right": x - w}[label.anchor_x]
    bottom = {"bottom": y, "center": y - h / 2, "top": y - h, "baseline": y - h * 0.8}[label.anchor_y]
    return (left, bottom, w, h)


def overlaps(a: Box, b: Box, slack: float = 0.5) -> bool:
    """Whether two boxes share more than ``slack`` pixels each way."""
    return (a[0] < b[0] + b[2] - slack and b[0] < a[0] + a[2] - slack
            and a[1] < b[1] + b[3] - slack and b[1] < a[1] + a[3] - slack)


def spread(boxes: Sequence[Box], fixed: Sequence[Box] = (), steps: Sequence[int] = STEPS,
           gap: float = 1.0) -> list[float | None]:
    """For each box, in the order given (the most important first), the vertical shift
    in pixels that keeps it clear of ``fixed`` and of the boxes placed before it; None
    where no step of ``steps`` (in box heights plus ``gap``) finds room."""
    placed: list[Box] = list(fixed)
    shifts: list[float | None] = []
    for box in boxes:
        line = box[3] + gap
        for step in steps:
            moved = (box[0], box[1] + step * line, box[2], box[3])
            if not any(overlaps(moved, other) for other in placed):
                placed.append(moved)
                shifts.append(step * line)
                break
        else:
            shifts.append(None)
    return shifts


def words_on_chart(pins: Sequence["Pin"], camera: Any, fixed: Sequence[Box],
                   pad: float = 4.0) -> list[Box | None]:
    """Long words pinned on the water (the coach's), in order of importance: each slid
    sideways onto the camera's viewport, then moved up or down (:func:`spread`, up to
    six lines) clear of ``fixed``, of the viewport's edges and of the words placed
    before it. Returns each word's box with ``pad`` round it (for a backing), or None
    for a word with no room (hidden)."""
    left, bottom = camera.x0, camera.y0
    right, top = left + camera.width, bottom + camera.height
    big = 10 * (camera.width + camera.height)
    e = 0.5          # the walls reach in by overlaps()'s slack: a word stays wholly inside
    walls = [(left - big + e, bottom - big, big, 3 * big), (right - e, bottom - big, big, 3 * big),
             (left - big, bottom - big + e, 3 * big, big), (left - big, top - e, 3 * big, big)]
    boxes = []
    for p in pins:
        p.nudge = p.slide = 0.0
        p.place(camera)
        x, _, w, _ = label_box(p.drawable)
        if x < left + pad:            # (a pixel more: the label sits on whole pixels)
            p.slide = left + pad + 1 - x
        elif x + w > right - pad:
            p.slide = max(left + pad + 1 - x, right - pad - 1 - x - w)
        p.place(camera)
        x, y, w, h = label_box(p.drawable)
        boxes.append((x - pad, y - pad / 2, w + 2 * pad, h + pad))
    steps = (0, -1, 1, -2, 2, -3, 3, -4, 4, 5, -5, 6, -6)
    out: list[Box | None] = []
    for p, box, shift in zip(pins, boxes, spread(boxes, list(fixed) + walls, steps)):
        p.drawable.visible = shift is not None
        if shift is None:
            out.append(None)
            continue
        p.nudge = shift
        p.place(camera)
        out.append((box[0], box[1] + shift, box[2], box[3]))
    return out


@dataclass
class Pin:
    drawable: Any
    x: float
    y: float
    dx: float = 0.0
    dy: float = 0.0
    is_label: bool = False
    key: Any = None
    rank: int | None = None     # a word kept off the others: its importance (0 first)
    nudge: float = 0.0          # pixels up (or down) to keep it clear of them
    reach: float = 0.0          # world mm round the point to keep clear (a boat's name: its hull)
    slide: float = 0.0          # pixels sideways to keep it on the chart

    def place(self, camera: Any) -> None:
        """Put the screen-sized drawable at its world point as ``camera`` shows it now
        (a label on whole pixels, so that its text stays sharp). A word with a
        ``reach`` keeps outside it however close the camera is: under a big hull,
        not on it."""
        sx, sy = camera.world_to_screen(self.x, self.y)
        if self.is_label:
            dy = self.dy
            if self.reach and dy:
                dy = math.copysign(max(abs(dy), self.reach * camera.zoom + abs(dy) * 0.45), dy)
            self.drawable.position = (round(sx + self.dx + self.slide), round(sy + dy + self.nudge), 0)
        else:
            self.drawable.position = (sx + self.dx, sy + self.dy)


class Layer:
    """What is rebuilt together: one :class:`Mesh` of world shapes, and pins. Pins are
    kept for reuse (a label's text layout is the costly part of a rebuild): ``clear``
    parks them, ``prune`` deletes those not taken again."""

    def __init__(self, batch: Any, group: Any) -> None:
        self.mesh = Mesh(batch, group)
        self.pins: list[Pin] = []
        self.spare: dict[Any, list[Any]] = {}

    @property
    def drawables(self) -> list[Any]:
        """Something is drawn (for tests): triangles or pins."""
        return ([self.mesh] if self.mesh.triangles else []) + [p.drawable for p in self.pins]

    def clear(self) -> None:
        self.mesh.clear()
        self.prune()
        for p in self.pins:
            self.spare.setdefault(p.key, []).append(p.drawable)
        self.pins = []

    def take(self, key: Any) -> Any | None:
        pool = self.spare.get(key)
        return pool.pop() if pool else None

    def prune(self) -> None:
        for pool in self.spare.values():
            for d in pool:
                d.delete()
        self.spare = {}

    def finish(self) -> None:
        self.mesh.build()
        self.prune()

    def delete(self) -> None:
        self.clear()
        self.prune()
        self.mesh.delete()


def inside_point(polygon: Any) -> tuple[float, float]:
    """Where a word naming an area (an island, a shore) goes: the point inside it that
    lies furthest from its edge (the pole of inaccessibility, to a tenth of a percent of
    its size), so the word sits on the widest part of the land and never on the water
    beside a crooked shore, where the mean of its corners can fall."""
    from shapely.ops import polylabel

    x0, y0, x1, y1 = polygon.bounds
    p = polylabel(polygon, tolerance=max(x1 - x0, y1 - y0) * 1e-3 or 1e-3)
    return float(p.x), float(p.y)


#: the ways a word may move off its place, tried in turn: up, down, right, left, then
#: the corners (unit steps; see :func:`place_apart`)
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))


def place_apart(boxes: Sequence[Box], fixed: Sequence[Box] = (), rings: int = 3,
                gap: float = 2.0) -> list[tuple[float, float] | None]:
    """For each box, in the order given (the most important first), the shift (dx, dy)
    in pixels that keeps it clear of ``fixed`` (other words, boats, marks) and of the
    boxes placed before it: in place if it fits, else a step away in each direction of
    :data:`DIRECTIONS`, then two and three steps (a step: a line up or down, half the
    word's width and a line sideways). None where nothing is free (the word is hidden)."""
    placed: list[Box] = list(fixed)
    out: list[tuple[float, float] | None] = []
    for box in boxes:
        x, y, w, h = box
        tries = [(0.0, 0.0)] + [(ux * (w / 2 + h) * r, uy * (h + gap) * r)
                                for r in range(1, rings + 1) for ux, uy in DIRECTIONS]
        for dx, dy in tries:
            moved = (x + dx, y + dy, w, h)
            if not any(overlaps(moved, other) for other in placed):
                placed.append(moved)
                out.append((dx, dy))
                break
        else:
            out.append(None)
    return out


def fan_out(points: Sequence[tuple[float, float]], apart: float) -> list[tuple[float, float]]:
    """Screen points closer than ``apart`` (ghosts' rings that would cover one another)
    moved apart round their common middle, ``apart`` from their neighbours, in the
    order they lie round it; each point's shift (0, 0 for a point on its own)."""
    n = len(points)
    group = list(range(n))

    def root(i: int) -> int:
        while group[i] != i:
            group[i] = group[group[i]]
            i = group[i]
        return i

    for i in range(n):
        for j in range(i + 1, n):
            if math.dist(points[i], points[j]) < apart:
                group[root(i)] = root(j)
    shifts = [(0.0, 0.0)] * n
    clusters: dict[int, list[int]] = {}
    for i in range(n):
        clusters.setdefault(root(i), []).append(i)
    for members in clusters.values():
        if len(members) < 2:
            continue
        cx = sum(points[i][0] for i in members) / len(members)
        cy = sum(points[i][1] for i in members) / len(members)
        k = len(members)
        radius = apart / (2 * math.sin(math.pi / k)) if k > 2 else apart / 2
        ang = {i: math.atan2(points[i][1] - cy, points[i][0] - cx) if math.dist(points[i], (cx, cy)) > 1e-6
               else 0.0 for i in members}
        order = sorted(members, key=lambda i: (ang[i], i))
        a0 = ang[order[0]]
        for slot, i in enumerate(order):
            a = a0 + 2 * math.pi * slot / k
            shifts[i] = (cx + radius * math.cos(a) - points[i][0], cy + radius * math.sin(a) - points[i][1])
    return shifts
