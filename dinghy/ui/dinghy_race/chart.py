"""The chart: water, course, boats, cards and ghost choices, drawn in world millimetres.

Everything on the water is built from the engine's own shapes (``game.hull``,
``game.card_shape``, ``dr.weather_eye_shape``), so what the player sees is what the
rules test. Shapes live in the scene's one Batch under a
:class:`~dinghy.ui.camera.CameraGroup` with ordered child groups (table, course,
tracks, Weather Eye cards, manoeuvre cards, boats, ghosts, preview). The course is
built once; boats and cards are rebuilt only when the state changes; ghosts when the
choices change. A few things must keep a readable size whatever the zoom (names, mark
numbers, the rings that make a ghost a 48-pixel touch target): they are *pinned* —
drawn in window pixels at the screen position of a world point, moved when the
camera moves.

The chart decides nothing: a ghost carries the engine's reason when it is not allowed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from dinghy.ui.app import configure as _configure

_configure()

import numpy as np  # noqa: E402
from pyglet import shapes  # noqa: E402
from pyglet.graphics import Group  # noqa: E402

from dinghy.core.geometry import Pose, local_to_world  # noqa: E402
from dinghy.games.dinghy_race import rules as dr  # noqa: E402
from dinghy.games.dinghy_race.sketch import course_chain  # noqa: E402
from dinghy.core.setup import PALETTE  # noqa: E402
from dinghy.ui import camera as camera_module  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.theme import LAND, LAND_EDGE, LINE_BUOY, MARK  # noqa: E402
# the pins: screen-sized things at world points (Pin, Layer: kept under their old names)
from dinghy.ui.dinghy_race.pins import (  # noqa: E402,F401
    Box, Layer as _Layer, Pin as _Pin, inside_point, label_box, spread, words_on_chart,
)
from dinghy.ui.dinghy_race.chart_words import ChartWords, ClipGroup, MIN_BOAT_PX, _coords  # noqa: E402,F401
from dinghy.ui.dinghy_race.words import next_target, rounding_words  # noqa: E402
from dinghy.core.wind import Tack  # noqa: E402

G_TABLE, G_COURSE, G_TRACK, G_WEATHER, G_CARDS, G_BOATS, G_GHOSTS, G_PREVIEW = range(8)

TABLE_WATER = (24, 72, 110)
CARD_BACK = (176, 188, 206)      # a face-down card: pale slate, plain against the water
CARD_FACE = (250, 246, 236)
DELAY_FACE = (240, 200, 196)
WEATHER_EYE = (200, 236, 255)
WE_SPOT = (120, 220, 140)        # where a Weather Eye card may lie (the panel's "fits" green)
ILLEGAL = (150, 156, 164)
def seat_colour(game: Any, boat: int) -> tuple[int, int, int]:
    return PALETTE.get(game.setup.seats[boat].colour, (200, 200, 200))


@dataclass
class Ghost:
    """A choice drawn on the water: a boat (or card) where the action would put it."""

    action: Any
    pose: Pose
    tack: Tack
    reason: str | None = None         # None: allowed; else the engine's reason
    label: str = ""
    selected: bool = False
    track: Sequence[tuple[float, float]] | None = None
    outline: Any = None               # a polygon to draw instead of the hull
    footprint: Any = None             # a card's place drawn faint under the ghost (a card laid)
    colour: tuple[int, int, int] = (255, 255, 255)
    words: str = ""                   # said on the water beside the ghost (the coach's)
    number: int | None = None         # the chip's number on the card face (an exit)

    @property
    def allowed(self) -> bool:
        return self.reason is None


class Chart(ChartWords):
    """The water of one race: ``update_state(state)`` after every action."""

    def __init__(self, batch: Any, window: Any, game: Any, camera: Any, *,
                 scale: float = 1.0, order: int = -5) -> None:
        self.batch, self.game, self.camera, self.scale = batch, game, camera, scale
        self.clip = ClipGroup(camera, window, order=order)
        self.root = camera_module.CameraGroup(camera, window, order=0, parent=self.clip)
        self.groups = [Group(order=i, parent=self.root) for i in range(8)]
        self.pin_shapes = Group(order=2, parent=self.clip)
        self.pin_text = Group(order=3, parent=self.clip)
        xs = [p[0] for p in game.course.area]
        ys = [p[1] for p in game.course.area]
        self.bounds = (min(xs), min(ys), max(xs), max(ys))
        diag = math.hypot(self.bounds[2] - self.bounds[0], self.bounds[3] - self.bounds[1])
        self.lw = max(1.0, diag / 900.0)            # course line width, mm
        self.fine = max(0.4, game.cards.hull_length / 30.0)   # boat outlines, mm
        self.course_layer = _Layer(batch, self.groups[G_COURSE])
        self.state_layer = _Layer(batch, self.groups[G_BOATS])
        self.ghost_layer = _Layer(batch, self.groups[G_GHOSTS])
        self.preview_layer = _Layer(batch, self.groups[G_PREVIEW])
        self.ghosts: list[Ghost] = []
        self._track_lines: dict[int, Any] = {}
        self._track_pts: dict[int, int] = {}
        self.state: Any = None
        self.active_ring = True
        self.hidden: frozenset[int] = frozenset()     # boats drawn elsewhere (moving)
        self.avoid: Any = None        # () -> screen boxes the ghosts' words keep clear of
        self.after_move: Any = None   # () -> None, after every pan or zoom (the view's edge arrow)
        self._word_backs: list[Any] = []
        self._leaders: list[Any] = []       # lines from a moved word or ghost ring to its place
        self.drawn_hulls: dict[int, Any] = {}   # each boat's hull as drawn (world mm)
        self._grown_at = 0.0                # the zoom the boats were last drawn for
        self._fan: dict[int, tuple[float, float]] = {}   # ghost rings moved apart, pixels
        self.target: tuple[str, tuple[float, float]] | None = None   # the active boat's next mark
        self._build_course()

    # --- small builders -------------------------------------------------------------
    def _g(self, i: int) -> Group:
        return self.groups[i]

    def _poly(self, layer: _Layer, pts: Sequence[tuple[float, float]], colour: Any,
              group: int = 0) -> None:
        layer.mesh.polygon(pts, theme.rgba(colour))

    def _outline(self, layer: _Layer, pts: Sequence[tuple[float, float]], colour: Any,
                 group: int, width: float, closed: bool = True) -> None:
        layer.mesh.line(pts, width, theme.rgba(colour), closed=closed)

    def _line(self, layer: _Layer, a: Sequence[float], b: Sequence[float], colour: Any,
              group: int, width: float) -> None:
        layer.mesh.line([a, b], width, theme.rgba(colour))

    def _circle(self, layer: _Layer, x: float, y: float, r: float, colour: Any, group: int) -> None:
        layer.mesh.circle(x, y, r, theme.rgba(colour), segments=24)

    def _dashed(self, layer: _Layer, a: Sequence[float], b: Sequence[float], colour: Any,
                group: int, width: float, dash: float) -> None:
        length = math.dist(a, b)
        n = max(1, int(length / dash))
        for i in range(0, n, 2):
            t0, t1 = i / n, min(1.0, (i + 1) / n)
            self._line(layer, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                       (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), colour, group, width)

    def _arrowhead(self, layer: _Layer, tip: tuple[float, float], direction: float,
                   size: float, colour: Any, group: int) -> None:
        """A filled triangle pointing along ``direction`` (radians, math convention)."""
        ux, uy = math.cos(direction), math.sin(direction)
        bx, by = tip[0] - ux * size, tip[1] - uy * size
        px, py = -uy * size * 0.55, ux * size * 0.55
        self._poly(layer, [tip, (bx + px, by + py), (bx - px, by - py)], colour, group)

    # --- the course (once) ----------------------------------------------------------
    def _build_course(self) -> None:
        L, c = self.course_layer, self.game.course
        self._poly(L, list(c.area), TABLE_WATER, G_TABLE)
        self._outline(L, list(c.area), theme.rgba(theme.FOAM, 170), G_TABLE, self.lw)
        for land in c.land:
            self._poly(L, list(land.outline), LAND, G_COURSE)
            self._outline(L, list(land.outline), LAND_EDGE, G_COURSE, self.lw)
            if land.name:
                self._pin_label(L, land.name, *inside_point(land.polygon), colour=theme.INK, bold=False)
        r0 = c.mark_radius
        same = tuple(c.start.a) == tuple(c.finish.a) and tuple(c.start.b) == tuple(c.finish.b)
        lines = [(c.start, "Start / Finish" if same else "Start", theme.ON_WATER)]
        if not same:
            lines.append((c.finish, "Finish", (255, 235, 150)))
        for line, name, colour in lines:
            self._dashed(L, line.a, line.b, theme.rgba(colour, 220), G_COURSE, self.lw,
                         dash=max(4 * self.lw, line.length / 24))
            for p in (line.a, line.b):
                self._circle(L, p[0], p[1], r0, LINE_BUOY, G_COURSE)
            mx, my = line.midpoint
            self._pin_label(L, name, mx, my, dy=-12, colour=colour, bold=False, rank=-2)
        self._build_roundings(L)
        for m in c.marks:
            self._circle(L, m.x, m.y, m.radius * 1.25, theme.INK, G_COURSE)
            self._circle(L, m.x, m.y, m.radius, MARK, G_COURSE)
        for we in c.weather_eyes:
            poly = c.weather_eye_shape(we)
            self._weather_eye(L, poly, fixed=True)
        L.finish()

    def _build_roundings(self, L: _Layer) -> None:
        """Rounding arrows on the required side of each mark, and the order numbers."""
        c = self.game.course
        chain = course_chain(c)
        numbers: dict[tuple[str, ...], list[int]] = {}
        drawn: set[tuple[Any, ...]] = set()
        colour = theme.rgba(theme.PRIMARY, 230)
        for k, leg in enumerate(c.legs):
            numbers.setdefault(leg.mark_ids, []).append(k + 1)
            prev, here, nxt = chain[k], chain[k + 1], chain[k + 2]
            a_in = math.atan2(here[1] - prev[1], here[0] - prev[0])
            a_out = math.atan2(nxt[1] - here[1], nxt[0] - here[0])
            key = (leg.mark_ids, leg.side, round(a_in, 3), round(a_out, 3))
            if key in drawn:
                continue
            drawn.add(key)
            if leg.is_gate:
                m1, m2 = (c.mark(i) for i in leg.mark_ids)
                self._dashed(L, m1.xy, m2.xy, colour, G_COURSE, self.lw * 0.8,
                             dash=max(3 * self.lw, math.dist(m1.xy, m2.xy) / 10))
                size = self.game.cards.card_length * 0.35
                tip = (here[0] + math.cos(a_in) * size, here[1] + math.sin(a_in) * size)
                self._line(L, here, tip, colour, G_COURSE, self.lw)
                self._arrowhead(L, tip, a_in, size * 0.5, colour, G_COURSE)
                continue
            m = c.mark(leg.mark_ids[0])
            sense = 1 if leg.side == "port" else -1          # port: counter-clockwise
            sweep = math.degrees(a_out - a_in) * sense % 360
            if sweep > 270:                                  # a passing mark (turns away)
                sweep = 60.0
            sweep = max(sweep, 45.0)
            radius = m.radius + self.game.cards.card_length * 0.45
            start = a_in - sense * math.pi / 2               # abeam on the incoming leg
            n = max(6, int(sweep / 8))
            pts = [(m.x + radius * math.cos(start + sense * math.radians(sweep) * i / n),
                    m.y + radius * math.sin(start + sense * math.radians(sweep) * i / n))
                   for i in range(n + 1)]
            self._outline(L, pts[:-1], colour, G_COURSE, self.lw, closed=False)
            end = start + sense * math.radians(sweep)
            tangent = end + sense * math.pi / 2
            self._arrowhead(L, pts[-1], tangent, self.game.cards.card_length * 0.22, colour, G_COURSE)
        words = rounding_words(c)
        for ids in numbers:
            ms = [c.mark(i) for i in ids]
            x, y = sum(m.x for m in ms) / len(ms), sum(m.y for m in ms) / len(ms)
            # "mark 1, to port, rounds 1 and 4": placed clear of boats and words (declutter)
            self._pin_label(L, words[ids], x, y, dy=16, colour=(255, 225, 160), rank=-1,
                            reach=ms[0].radius * 1.25)

    def _weather_eye(self, layer: _Layer, poly: Any, fixed: bool = False) -> None:
        pts = _coords(poly)
        self._poly(layer, pts, theme.rgba(WEATHER_EYE, 70 if fixed else 110), G_WEATHER)
        self._outline(layer, pts, theme.rgba(WEATHER_EYE, 200), G_WEATHER, self.lw * 0.7)
        reach = poly.buffer(self.game.cards.card_length, quad_segs=4)
        self._outline(layer, _coords(reach), theme.rgba(WEATHER_EYE, 60), G_WEATHER, self.lw * 0.5)
        cx, cy = poly.centroid.x, poly.centroid.y
        s = min(self.game.cards.card_width, self.game.cards.card_length) * 0.25
        self._line(layer, (cx - s, cy), (cx + s, cy), WEATHER_EYE, G_WEATHER, self.lw)
        self._line(layer, (cx, cy - s), (cx, cy + s), WEATHER_EYE, G_WEATHER, self.lw)

    # --- the state (after every action) ---------------------------------------------
    def update_state(self, state: Any) -> None:
        self.state = state
        L = self.state_layer
        L.clear()
        game = self.game
        for we in state.weather_eyes:
            self._weather_eye(L, dr.weather_eye_shape(game, we))
        revealed = state.turn.card if state.step in (dr.Step.MOVE, dr.Step.PIVOT) else None
        afloat = [b for b in state.boats if b.launched]
        self.drawn_hulls = {}
        self._grown_at = self.camera.zoom
        active = state.boat()
        self.target = (next_target(game.course, active) if active.launched and active.racing
                       and state.step is not dr.Step.OVER else None)
        for boat in afloat:          # cards first: a hull always lies on top of a card
            if boat.racing:
                self._boat_card(L, state, boat, seat_colour(game, boat.index),
                                revealed if boat.index == state.active else None)
        for boat in afloat:
            if boat.index in self.hidden:
                continue
            colour = seat_colour(game, boat.index)
            racing = boat.racing
            pts = self.readable_hull(self.hull_points(boat.pose, boat.tack))
            self.drawn_hulls[boat.index] = pts
            alpha = 255 if racing else 110
            L.mesh.polygon(pts, theme.rgba(colour, alpha), convex=True)
            L.mesh.line(pts, self.fine, theme.rgba(theme.INK, alpha), closed=True)
            cx, cy = pts.mean(axis=0)
            name = game.name(boat.index)
            if not racing:
                name += f" ({_ordinal(boat.finished)})"
            half = float(np.max(np.hypot(pts[:, 0] - cx, pts[:, 1] - cy)))
            self._pin_label(L, name, cx, cy, dy=-22, colour=colour, pt=theme.SMALL_PT,
                            rank=0 if boat.index == state.active else 2, reach=half)
            if (self.active_ring and boat.index == state.active and racing
                    and state.step is not dr.Step.OVER and state.step is not dr.Step.LAUNCH):
                self._pin_ring(L, cx, cy, 14, theme.PRIMARY, 2.5)
        if self.target is not None and self.target[0].startswith(("mark", "gate")):
            for mid in self.target[0].split(" ", 1)[1].split("/"):     # the next mark, ringed
                m = game.course.mark(mid)
                self._pin_ring(L, m.x, m.y, 16, theme.PRIMARY, 3.0)
        L.finish()
        self.declutter()

    def hull_points(self, pose: Pose, tack: Tack) -> Any:
        """The hull's corners, as ``game.hull`` places them (numpy, no shapely object)."""
        return local_to_world(pose, self.game.hull_outline(tack))

    def card_points(self, pose: Pose, card: Any, tack: Tack) -> Any:
        """A card's corners, as ``game.card_shape`` places them."""
        return local_to_world(pose, card.outline)

    def _boat_card(self, L: _Layer, state: Any, boat: Any, colour: Any, revealed: str | None) -> None:
        game = self.game
        mesh = L.mesh
        if boat.delays:
            card = game.cards.types[game.cards.delay_key()]
            pts = self.card_points(boat.pose, card, boat.tack)
            mesh.polygon(pts, theme.rgba(DELAY_FACE), convex=True)
            mesh.line(pts, self.fine * 1.5, theme.rgba((160, 40, 40)), closed=True)
            cx, cy = pts.mean(axis=0)
            self._pin_label(L, f"Delay ×{boat.delays}", cx, cy, colour=(120, 20, 20), rank=3)
            return
        key = revealed or boat.planned
        if key is None:
            return
        card = game.cards.types[key]
        pose = boat.pose
        if boat.aside and not revealed:
            # beside the boat: shifted sideways by half a card and a hull's beam
            side = card.across / 2 + game.cards.hull_length * 0.4
            pose = boat.pose.offset(-boat.tack.windward_sign * side, -game.cards.hull_length)
        pts = self.card_points(pose, card, boat.tack)
        cx, cy = pts.mean(axis=0)
        if revealed:
            mesh.polygon(pts, theme.rgba(CARD_FACE, 235), convex=True)
            mesh.line(pts, self.fine * 1.5, theme.rgba(colour), closed=True)
            self._pin_label(L, card.name, cx, cy, colour=theme.INK, pt=theme.SMALL_PT, rank=1)
        else:
            mesh.polygon(pts, theme.rgba(CARD_BACK, 130 if boat.aside else 235), convex=True)
            mesh.line(pts, self.fine * 1.5, theme.rgba(colour, 150 if boat.aside else 255), closed=True)
            if boat.aside:
                self._pin_label(L, "aside", cx, cy, colour=theme.INK, bold=False, rank=4)

    # --- ghosts: the choices of the step ----------------------------------------------
    def show_ghosts(self, ghosts: Iterable[Ghost]) -> None:
        self.ghosts = list(ghosts)
        L = self.ghost_layer
        L.clear()
        game = self.game
        self._fan = self._fan_offsets()
        for i, g in enumerate(self.ghosts):
            ok = g.allowed
            if g.footprint is not None:
                self._outline(L, _coords(g.footprint), theme.rgba(g.colour, 200), G_GHOSTS, self.fine)
            if g.track and ok:
                self._outline(L, list(g.track), theme.rgba(g.colour, 110), G_GHOSTS,
                              self.fine, closed=False)
            if g.outline is not None:
                pts = _coords(g.outline)
            else:
                pts = [tuple(p) for p in self.readable_hull(self.hull_points(g.pose, g.tack))]
            fill = theme.rgba(g.colour if ok else ILLEGAL, 170 if ok else 90)
            self._poly(L, pts, fill, G_GHOSTS)
            edge = theme.PRIMARY if g.selected else ((255, 255, 255) if ok else ILLEGAL)
            self._outline(L, pts, edge, G_GHOSTS, self.fine)
            cx, cy = self.ghost_centre(g)
            ring = theme.PRIMARY if g.selected else ((255, 255, 255) if ok else ILLEGAL)
            fx, fy = self._fan.get(i, (0.0, 0.0))
            self._pin_ring(L, cx, cy, 20 if ok else 14, theme.rgba(ring, 230 if ok else 150),
                           3.0 if g.selected else 1.5, dx=fx, dy=fy)
            if g.number is not None:            # the chip's number, on a chip as on the card face
                self._pin_disc(L, cx, cy, 12, g.colour if ok else ILLEGAL, dx=fx, dy=fy)
                self._pin_label(L, str(g.number), cx, cy, dx=fx / self.scale, dy=fy / self.scale,
                                pt=theme.SMALL_PT + 2, colour=(255, 255, 255))
        marked: list[tuple[float, float]] = []
        for rank, g in enumerate(gh for gh in self.ghosts if gh.words):
            cx, cy = self.ghost_centre(g)
            # a ghost drawn as a shape of its own (a Weather Eye card): its words under it
            below = (g.outline.bounds[3] - g.outline.bounds[1]) / 2 if g.outline is not None else 0.0
            self._pin_label(L, g.words, cx, cy, dy=-30, colour=g.colour, rank=rank, reach=below)
            # the rank on the ghost itself ("1.", as its words begin; an exit's number on
            # the card face has no dot): its words may be moved a few lines off it. Hints
            # with no place of their own (Lady Luck) share the boat's: one mark there
            if all(math.dist((cx, cy), m) > 1e-6 for m in marked):
                marked.append((cx, cy))
                self._pin_label(L, g.words.split(".", 1)[0] + ".", cx, cy, colour=theme.WATER_DEEP)
        L.finish()
        self.declutter()

    def ghost_centre(self, g: Ghost) -> tuple[float, float]:
        if g.outline is not None:
            c = g.outline.centroid
            return (c.x, c.y)
        back = g.pose.forward(-self.game.cards.hull_length / 2)
        return back.xy

    def ghost_at(self, sx: float, sy: float, touch: float) -> int | None:
        """The ghost under a tap: the nearest whose ring (a touch target) holds the point."""
        best, best_d = None, touch * 0.5 * 1.15
        for i, g in enumerate(self.ghosts):
            gx, gy = self.ghost_screen_point(i)
            d = math.hypot(gx - sx, gy - sy) - (0.5 if g.allowed else 0.0)
            if d < best_d:
                best, best_d = i, d
        return best

    # --- preview (a card's footprint, a Weather Eye outline) ---------------------------
    def show_preview(self, poly: Any | None, ok: bool = True, colour: Any = CARD_FACE,
                     alpha: int = 110, dots: Sequence[tuple[float, float]] = ()) -> None:
        """One footprint (a card, a Weather Eye card), or a list of them drawn faint
        over one another (the places a person's cards may take); ``dots``: small marks
        on the water (where a Weather Eye card's middle may lie)."""
        L = self.preview_layer
        L.clear()
        r = 0.05 * self.game.cards.card_length
        for x, y in dots:
            self._circle(L, x, y, r, theme.rgba(WE_SPOT, 150), G_PREVIEW)
        polys = [] if poly is None else (list(poly) if isinstance(poly, (list, tuple)) else [poly])
        fill = colour if ok else (220, 80, 60)
        for one in polys:
            pts = _coords(one)
            self._poly(L, pts, theme.rgba(fill, alpha), G_PREVIEW)
            self._outline(L, pts, theme.rgba(fill, 255 if len(polys) == 1 else 170), G_PREVIEW,
                          self.fine * (1.5 if len(polys) == 1 else 1.0))
        L.finish()

    # --- tracks (replay) ---------------------------------------------------------------
    @property
    def tracks_drawn(self) -> int:
        return len(self._track_lines)

    def show_tracks(self, tracks: dict[int, Sequence[tuple[float, float]]]) -> None:
        """Each boat's track (bow positions); only a track that changed is rebuilt."""
        for boat in list(self._track_lines):
            if boat not in tracks or len(tracks[boat]) < 2:
                self._track_lines.pop(boat).delete()
                self._track_pts.pop(boat, None)
        for boat, pts in tracks.items():
            if len(pts) < 2 or self._track_pts.get(boat) == len(pts):
                continue
            old = self._track_lines.pop(boat, None)
            if old is not None:
                old.delete()
            colour = seat_colour(self.game, boat)
            self._track_lines[boat] = shapes.MultiLine(
                *pts, thickness=self.lw * 0.8, color=theme.rgba(colour, 170), batch=self.batch,
                group=self._g(G_TRACK))
            self._track_pts[boat] = len(pts)

    def delete(self) -> None:
        for back in self._word_backs + self._leaders:
            back.delete()
        self._word_backs, self._leaders = [], []
        for layer in (self.course_layer, self.state_layer, self.ghost_layer, self.preview_layer):
            layer.delete()
        for line in self._track_lines.values():
            line.delete()
        self._track_lines = {}


def _ordinal(n: int | None) -> str:
    if n is None:
        return "-"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
