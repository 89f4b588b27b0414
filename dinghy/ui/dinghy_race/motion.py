"""Movement you can see: after an action the table shows what happened before it says so.

A move slides the boat along the track its card swept (the engine's own
``exit_track``), a pivot turns it where it lies, a hazard roll throws two dice that
land on the rolled numbers, and a capsize or a man overboard shows on the boat. The
log holds the action's entries back until the animation ends (the scene asks
:attr:`Motion.active`). A tap or a key skips to the end; the settings turn it off.

Nothing here decides anything: the poses come from the states before and after the
action, the dice from the recorded roll, the capsize from the engine's words.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from dinghy.core.geometry import Pose
from dinghy.games.dinghy_race.cards import exit_track
from dinghy.ui import theme
from dinghy.ui.dinghy_race.chart import G_PREVIEW, _Layer, seat_colour

SLIDE = 0.55        # seconds a move takes on the screen
PIVOT = 0.3
DICE = 0.75         # the throw; the dice then stay a moment
DICE_HOLD = 0.45
FLAG = 1.1          # a capsize or man overboard on the boat

DICE_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
             4: [(-1, -1), (-1, 1), (1, -1), (1, 1)], 5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
             6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}

#: the engine's words that show on the boat (the roll's log text says them)
FLAGS = (("capsiz", "Capsized!"), ("man overboard", "Man overboard!"))


def _ease(f: float) -> float:
    """Smooth start and stop."""
    f = min(max(f, 0.0), 1.0)
    return f * f * (3 - 2 * f)


def _heading_between(a: float, b: float, f: float) -> float:
    """From heading ``a`` to ``b`` the short way round (degrees)."""
    d = (b - a + 180) % 360 - 180
    return a + d * f


@dataclass
class Slide:
    """One boat from its pose before to its pose after, along ``path`` (bow points)."""

    boat: int
    path: list[tuple[float, float]]
    h0: float
    h1: float
    tack0: Any
    tack1: Any
    duration: float
    lengths: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        total, self.lengths = 0.0, [0.0]
        for a, b in zip(self.path, self.path[1:]):
            total += math.dist(a, b)
            self.lengths.append(total)

    def pose_at(self, f: float) -> tuple[Pose, Any]:
        f = _ease(f)
        total = self.lengths[-1]
        if total <= 1e-9:
            x, y = self.path[-1]
        else:
            want = f * total
            i = next((k for k in range(1, len(self.lengths)) if self.lengths[k] >= want),
                     len(self.lengths) - 1)
            seg = self.lengths[i] - self.lengths[i - 1]
            t = 0.0 if seg <= 1e-9 else (want - self.lengths[i - 1]) / seg
            (ax, ay), (bx, by) = self.path[i - 1], self.path[i]
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        heading = _heading_between(self.h0, self.h1, f)
        return Pose.trusted(x, y, heading), (self.tack0 if f < 0.5 else self.tack1)


@dataclass
class Throw:
    """Two dice thrown onto the board, landing on the recorded roll."""

    d1: int
    d2: int
    duration: float = DICE + DICE_HOLD


@dataclass
class Flag:
    """A capsize or man overboard, shown on the boat."""

    boat: int
    text: str
    duration: float = FLAG


def plan(game: Any, before: Any, action: Any, events: Sequence[Any], after: Any) -> list[Any]:
    """The clips that show one action, in order (none: nothing to show)."""
    clips: list[Any] = []
    slides = []
    for b0, b1 in zip(before.boats, after.boats):
        if not (b0.launched and b1.launched) or b0.pose == b1.pose:
            continue
        p0, p1 = b0.pose, b1.pose
        path = [p0.xy, p1.xy]
        moved = math.dist(p0.xy, p1.xy) > 1e-6
        if type(action).__name__ == "Move" and b0.index == before.active and before.turn.card:
            card = game.cards.types[before.turn.card]
            if 0 <= action.exit < len(card.exits):
                track = exit_track(p0, b0.tack, card, card.exits[action.exit],
                                   game.cards.hull_length, action.shift)
                path = [*track[:-1], p1.xy]      # the engine's end, wherever it stopped
        slides.append(Slide(b0.index, path, p0.heading, p1.heading, b0.tack, b1.tack,
                            SLIDE if moved else PIVOT))
    if slides:
        clips.append(slides)
    if hasattr(action, "d1") and hasattr(action, "d2") and any(e.kind == "roll" for e in events):
        clips.append(Throw(action.d1, action.d2))
    for e in events:
        if e.kind == "roll" and e.boat is not None:
            for words, text in FLAGS:
                if words in e.text.lower():
                    clips.append(Flag(e.boat, text))
    return clips


class Motion:
    """The animations of one view: ``start(before, action, events, after)``, then
    ``update(dt)`` every frame until :attr:`active` is False."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.clips: list[Any] = []
        self.t = 0.0
        self.layer: _Layer | None = None
        self.faces: tuple[int, int] | None = None     # the dice showing now (tests read it)
        self._faces = (1, 1)
        self.shown: list[Any] = []        # every clip started (tests read it)
        self._face_t = -1.0

    @property
    def active(self) -> bool:
        return bool(self.clips)

    @property
    def hidden(self) -> frozenset[int]:
        """Boats the chart leaves out while they are drawn moving."""
        if self.clips and isinstance(self.clips[0], list):
            return frozenset(s.boat for s in self.clips[0])
        return frozenset()

    def start(self, before: Any, action: Any, events: Sequence[Any], after: Any) -> bool:
        self.finish(redraw=False)
        self.clips = plan(self.view.game, before, action, events, after)
        self.shown.extend(self.clips)
        self.t = 0.0
        if self.clips:
            self._enter()
        return self.active

    def _enter(self) -> None:
        self._draw(0.0)

    def update(self, dt: float) -> None:
        if not self.clips:
            return
        self.t += dt
        clip = self.clips[0]
        dur = clip[0].duration if isinstance(clip, list) else clip.duration
        if self.t >= dur:
            if len(self.clips) == 1:
                self.finish()
                return
            self.clips.pop(0)
            self.t = 0.0
            self.view.chart.hidden = self.hidden
            self.view.chart.update_state(self.view.race.state)
            self._enter()
            return
        self._draw(self.t / dur)

    def finish(self, redraw: bool = True) -> None:
        """Skip to the end: everything where the engine put it, the log complete."""
        was = bool(self.clips)
        self.clips = []
        if self.layer is not None:
            self.layer.clear()
            self.layer.finish()
        chart = self.view.chart
        if chart is not None and chart.hidden:
            chart.hidden = frozenset()
            if redraw:
                chart.update_state(self.view.race.state)
        if was and redraw:
            self.view.scene.motion_done()

    def delete(self) -> None:
        if self.layer is not None:
            self.layer.delete()
            self.layer = None

    # --- drawing ----------------------------------------------------------------------
    def _draw(self, f: float) -> None:
        chart = self.view.chart
        if self.layer is None:
            self.layer = _Layer(chart.batch, chart.groups[G_PREVIEW])
        L = self.layer
        L.clear()
        clip = self.clips[0]
        if isinstance(clip, list):
            for s in clip:
                pose, tack = s.pose_at(f)
                self._hull(L, s.boat, pose, tack, 255)
        elif isinstance(clip, Flag):
            self._flag(L, clip, f)
        elif isinstance(clip, Throw):
            self._throw(clip, f)
        L.finish()

    def _hull(self, L: _Layer, boat: int, pose: Pose, tack: Any, alpha: int) -> None:
        chart = self.view.chart
        pts = chart.hull_points(pose, tack)
        colour = seat_colour(self.view.game, boat)
        L.mesh.polygon(pts, theme.rgba(colour, alpha), convex=True)
        L.mesh.line(pts, chart.fine, theme.rgba(theme.INK, alpha), closed=True)

    def _flag(self, L: _Layer, clip: Flag, f: float) -> None:
        chart = self.view.chart
        boat = self.view.race.state.boats[clip.boat]
        if not boat.launched:
            return
        # the hull rocks over and back; a ring and the word over it
        heel = 28 * math.sin(f * math.pi * 3) * (1 - f)
        pose = Pose.trusted(boat.pose.x, boat.pose.y, boat.pose.heading + heel)
        self._hull(L, clip.boat, pose, boat.tack, 255)
        cx, cy = chart.hull_points(boat.pose, boat.tack).mean(axis=0)
        pulse = 18 + 10 * abs(math.sin(f * math.pi * 2))
        chart._pin_ring(L, cx, cy, round(pulse), theme.rgba((220, 60, 50), 230), 3.0)
        label = chart._pin_label(L, clip.text, cx, cy, dy=30, colour=(255, 214, 120), pt=theme.BODY_PT)
        # a dark plate under the words, so that they read on a card as on the water
        z = self.view.camera.zoom
        hw = (label.content_width / 2 + 6 * chart.scale) / z
        hh = (label.content_height / 2 + 3 * chart.scale) / z
        my = cy + 30 * chart.scale / z
        L.mesh.polygon([(cx - hw, my - hh), (cx + hw, my - hh), (cx + hw, my + hh), (cx - hw, my + hh)],
                       theme.rgba(theme.WATER_DEEP, 225), convex=True)

    def _throw(self, clip: Throw, f: float) -> None:
        """Two dice over the middle of the board, in the motion layer's one mesh (drawn
        in world units at the camera's zoom, so a frame costs one small rebuild)."""
        view = self.view
        cam, g = view.camera, view.gui
        x, y, w, h = view.board_rect
        size = g.px(44) / cam.zoom
        gap = g.px(10) / cam.zoom
        throw = DICE / clip.duration
        land = min(f / throw, 1.0)
        # falling in from above the board's middle, two bounces, then still
        bounce = abs(math.cos(land * math.pi * 2.5)) * (1 - land) ** 2
        wx, wy = cam.screen_to_world(x + w / 2, y + h / 2 + bounce * h * 0.3)
        if land < 1.0:
            tick = int(self.t / 0.08)
            if tick != self._face_t:
                self._face_t = tick
                rng = random.Random(tick * 7919 + clip.d1 * 7 + clip.d2)
                self._faces = (rng.randint(1, 6), rng.randint(1, 6))
            faces, spin = self._faces, (1 - land) * 40
        else:
            faces, spin = (clip.d1, clip.d2), 0.0
        self.faces = faces
        mesh = self.layer.mesh
        for i, value in enumerate(faces):
            cx = wx + (i - 0.5) * (size + gap)
            a = math.radians(spin * (1 if i else -1))
            ca, sa = math.cos(a), math.sin(a)

            def at(u: float, v: float) -> tuple[float, float]:
                return (cx + (u * ca - v * sa) * size, wy + (u * sa + v * ca) * size)
            shadow = [(px + size * 0.06, py - size * 0.08) for px, py in
                      (at(-.5, -.5), at(.5, -.5), at(.5, .5), at(-.5, .5))]
            mesh.polygon(shadow, theme.SHADOW, convex=True)
            corners = [at(-.5, -.5), at(.5, -.5), at(.5, .5), at(-.5, .5)]
            mesh.polygon(corners, (255, 255, 255, 255), convex=True)
            mesh.line(corners, size * 0.04, theme.rgba(theme.INK), closed=True)
            for pu, pv in DICE_PIPS[value]:
                px, py = at(pu * 0.27, pv * 0.27)
                mesh.circle(px, py, size * 0.085, theme.rgba(theme.INK), segments=10)
