"""What a person must see at a decision, as window rectangles: the acting boat, every
target they may tap, the next mark (or the arrow at the board's edge that points to it),
and what is drawn over the board (the wind rose, the turn note, labels, buttons).

Every board view answers ``view.on_screen()`` with a :class:`OnScreen`; the camera test
(tests/test_ui_camera_decisions.py) checks it at every person's decision, and the views
use the same helpers to keep their words clear of what must be tapped. Screen geometry
only: nothing here knows a rule.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

#: A window rectangle: x, y (bottom left), width, height, in pixels.
Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Spot:
    """One thing on the screen: ``what`` it is ("boat", "target", "mark", "arrow",
    "rose", "note", "label", "button"), its window ``rect`` and its ``name``."""

    what: str
    rect: Rect
    name: str = ""


@dataclass
class OnScreen:
    """A view's answer at a decision (see the module's words)."""

    water: Rect                                   # the board's viewport
    boat: Spot | None = None
    targets: list[Spot] = field(default_factory=list)
    mark: Spot | None = None                      # the next mark, where it is drawn on screen
    arrow: Spot | None = None                     # else the arrow at the edge, with the mark's name
    mark_name: str = ""                           # what the next mark is called ("" : none now)
    covers: list[Spot] = field(default_factory=list)   # drawn over the board


def box(cx: float, cy: float, half: float) -> Rect:
    """The square of half-side ``half`` round a point."""
    return (cx - half, cy - half, 2 * half, 2 * half)


def overlap(a: Rect, b: Rect) -> float:
    """The area two rectangles share (0 when apart or only touching)."""
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def inside(a: Rect, b: Rect, slack: float = 0.5) -> bool:
    """Whether ``a`` lies within ``b`` (``slack`` pixels allowed for rounding)."""
    return (a[0] >= b[0] - slack and a[1] >= b[1] - slack
            and a[0] + a[2] <= b[0] + b[2] + slack and a[1] + a[3] <= b[1] + b[3] + slack)


def core(r: Rect, share: float = 0.5) -> Rect:
    """The middle ``share`` of a rectangle (what a finger or an eye must find clear)."""
    dw, dh = r[2] * (1 - share) / 2, r[3] * (1 - share) / 2
    return (r[0] + dw, r[1] + dh, r[2] - 2 * dw, r[3] - 2 * dh)


def hidden_by(spot: Spot, covers: list[Spot]) -> Spot | None:
    """The first cover lying over the middle of ``spot`` (None: it is clear)."""
    mid = core(spot.rect)
    return next((c for c in covers if overlap(mid, c.rect) > 0), None)


def edge_point(room: Rect, frm: tuple[float, float], to: tuple[float, float],
               inset: float) -> tuple[float, float]:
    """Where the ray from ``frm`` (inside ``room``) to ``to`` (outside it) leaves the
    room shrunk by ``inset`` on every side: the foot of an arrow pointing at ``to``."""
    x0, y0 = room[0] + inset, room[1] + inset
    x1, y1 = room[0] + room[2] - inset, room[1] + room[3] - inset
    fx, fy = min(max(frm[0], x0), x1), min(max(frm[1], y0), y1)
    dx, dy = to[0] - fx, to[1] - fy
    t = 1.0
    if dx > 1e-9:
        t = min(t, (x1 - fx) / dx)
    elif dx < -1e-9:
        t = min(t, (x0 - fx) / dx)
    if dy > 1e-9:
        t = min(t, (y1 - fy) / dy)
    elif dy < -1e-9:
        t = min(t, (y0 - fy) / dy)
    t = max(0.0, t)
    return (fx + dx * t, fy + dy * t)


def edge_slot(room: Rect, to: tuple[float, float], size: tuple[float, float],
              avoid: list[Rect], step: float) -> Rect:
    """Where a box of ``size`` sits at the edge of ``room`` on the way from the room's
    middle to ``to`` (a point outside it): there if it covers none of ``avoid``, else at
    the nearest place round the room's rim that covers none (else where it covers least)."""
    bw, bh = size
    mid = (room[0] + room[2] / 2, room[1] + room[3] / 2)
    foot = edge_point(room, mid, to, 0.0)
    x0, y0 = room[0], room[1]
    x1, y1 = room[0] + max(0.0, room[2] - bw), room[1] + max(0.0, room[3] - bh)

    def at(cx: float, cy: float) -> Rect:
        return (min(max(cx - bw / 2, x0), x1), min(max(cy - bh / 2, y0), y1), bw, bh)

    spots = [at(*foot)]
    n_x, n_y = max(1, int((x1 - x0) / step)), max(1, int((y1 - y0) / step))
    for i in range(n_x + 1):            # the rim: top and bottom rows, left and right columns
        x = x0 + (x1 - x0) * i / n_x
        spots += [(x, y0, bw, bh), (x, y1, bw, bh)]
    for j in range(n_y + 1):
        y = y0 + (y1 - y0) * j / n_y
        spots += [(x0, y, bw, bh), (x1, y, bw, bh)]
    first = spots[0]
    if not any(overlap(first, a) > 0 for a in avoid):
        return first                    # the way to the mark is clear: no search
    # the boxes each spot touches, found for all at once (the rim has a hundred spots and
    # a chart scores of boxes); each spot's cover then summed as before, in order
    S, A = np.array(spots, dtype=float), np.array(avoid, dtype=float).reshape(-1, 4)
    w = np.minimum((S[:, 0] + S[:, 2])[:, None], A[:, 0] + A[:, 2]) - np.maximum(S[:, :1], A[:, 0])
    h = np.minimum((S[:, 1] + S[:, 3])[:, None], A[:, 1] + A[:, 3]) - np.maximum(S[:, 1:2], A[:, 1])
    touch = (w > 0) & (h > 0)

    def cost(i: int) -> tuple[float, float]:
        r = spots[i]
        return (sum(overlap(r, avoid[j]) for j in np.flatnonzero(touch[i])),
                math.hypot(r[0] - first[0], r[1] - first[1]))
    return spots[min(range(len(spots)), key=cost)]


def bearing(frm: tuple[float, float], to: tuple[float, float]) -> float:
    """The screen angle (radians, anticlockwise from east) from one point to another."""
    return math.atan2(to[1] - frm[1], to[0] - frm[0])


__all__ = ["Rect", "Spot", "OnScreen", "box", "overlap", "inside", "core", "hidden_by",
           "edge_point", "edge_slot", "bearing"]


def free_table_sight(view: Any, covers: list[Spot]) -> OnScreen:
    """What a view of a free table (Dinghy Race, the Gigamic Regatta) shows a person now:
    the acting boat and the ghosts to tap (``view.must_see()``), the next mark
    (``view.next_mark()``: name, world point, radius) where it lies on the water, else the
    edge arrow pointing to it (``view.mark_arrow``), and ``covers``: what lies over the
    water."""
    cam = view.camera
    out = OnScreen((cam.x0, cam.y0, cam.width, cam.height))
    must = view.must_see()
    out.boat = next((s for s in must if s.what == "boat"), None)
    out.targets = [s for s in must if s.what == "target"]
    nxt = view.next_mark() if view.human_turn else None
    if nxt is not None:
        out.mark_name = nxt[0]
        r = view.mark_rect(nxt[1], nxt[2])
        if view.mark_arrow.visible:
            out.arrow = Spot("arrow", view.mark_arrow.rect, view.mark_arrow.label)
        elif inside(core(r), out.water):
            out.mark = Spot("mark", r, out.mark_name)
    out.covers = covers
    return out
