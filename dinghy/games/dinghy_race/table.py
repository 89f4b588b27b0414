"""The table a race is played on: the fixed things, and fast collision checks.

``Table`` holds what never changes during a race (set-up, course, cards, hazard table)
with its still shapes prepared once and indexed in an STRtree. :func:`reach` answers
"where does each exit of each card put this boat, and what does it touch?" for many
cards at once: poses with numpy, shapes with ``shapely.polygons``, and one vectorised
query per obstacle kind (see ``benchmarks/bench_legal_actions.py``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
import shapely
from shapely.geometry import Polygon

from dinghy.games.dinghy_race.cards import CardSet, CardType, Kind
from dinghy.core.geometry import Pose, hull_outline, shape_at, shapes_at
from dinghy.core.setup import RaceSetup
from dinghy.games.dinghy_race.state import Boat
from dinghy.core.wind import Tack

EDGE = "the edge of the playing area"
ALL_LINES = (True, True)    # (start line on the water, finish line on the water)


@dataclass(frozen=True, eq=False)
class Table:
    """Everything that does not change during a race: set-up, course, cards, hazards."""

    setup: RaceSetup
    course: object          # dinghy.games.dinghy_race.course.Course
    cards: CardSet
    hazards: object         # dinghy.games.dinghy_race.hazards.HazardTable

    @property
    def wind_from(self) -> int:
        return self.course.wind_from

    def name(self, boat: int) -> str:
        return self.setup.seats[boat].name

    @cached_property
    def fixed_obstacles(self) -> list[tuple[str, object]]:
        """(name, prepared geometry) of everything no boat or card may touch: marks,
        land, and the buoys of both lines (see :meth:`obstacles` for what is on the water)."""
        return self.obstacles(ALL_LINES)[0]

    def obstacles(self, lines: tuple[bool, bool] = (True, True)) -> tuple[list[tuple[str, object]], shapely.STRtree]:
        """The fixed obstacles with the start and/or finish line's buoys on the water, and
        their STRtree. "When the last boat has started, remove the start line"; "When
        the first boat begins the last leg of the race, set up the finish line"."""
        if lines not in self._obstacle_sets:
            c = self.course
            out = [(f"mark {m.id}", m.geometry) for m in c.marks]
            start_on, finish_on = lines
            same = c.finish == c.start
            if start_on or (same and finish_on):
                out += [("the start line's buoy", g) for g in c.start_buoys]
            if finish_on and not same:
                out += [("the finish line's buoy", g) for g in c.finish_buoys]
            out += [(land.name or "land", land.polygon) for land in c.land]
            self._obstacle_sets[lines] = (out, shapely.STRtree([g for _, g in out]))
        return self._obstacle_sets[lines]

    @cached_property
    def _obstacle_sets(self) -> dict:
        return {}

    def obstacle_boxes(self, lines: tuple[bool, bool] = (True, True)) -> np.ndarray:
        """Bounds (minx, miny, maxx, maxy) of :meth:`obstacles`, in the same order."""
        out = self._obstacle_boxes.get(lines)
        if out is None:
            names, _ = self.obstacles(lines)
            out = self._obstacle_boxes[lines] = _bounds(np.array([g for _, g in names], dtype=object))
        return out

    @cached_property
    def _obstacle_boxes(self) -> dict:
        return {}

    @cached_property
    def area_box(self) -> tuple[float, float, float, float] | None:
        """The playing area's bounds when it is exactly that rectangle (None otherwise):
        a shape whose every corner lies strictly inside is surely on the water."""
        a = self.area
        if len(a.interiors) == 0 and a.equals(shapely.box(*a.bounds)):
            return tuple(float(v) for v in a.bounds)
        return None

    @cached_property
    def area(self) -> Polygon:
        return self.course.area_polygon

    @cached_property
    def start_line(self) -> tuple[tuple[float, float], tuple[float, float]]:
        s = self.course.start
        return (tuple(s.a), tuple(s.b))

    @cached_property
    def finish_line(self) -> tuple[tuple[float, float], tuple[float, float]]:
        f = self.course.finish
        return (tuple(f.a), tuple(f.b))

    @cached_property
    def upwind(self) -> np.ndarray:
        r = math.radians(self.wind_from)
        return np.array([math.sin(r), math.cos(r)])

    @cached_property
    def _hull_outlines(self) -> dict[Tack, np.ndarray]:
        return {t: hull_outline(self.cards.hull_length, 1 if t is Tack.PORT else -1) for t in Tack}

    def hull_outline(self, tack: Tack) -> np.ndarray:
        return self._hull_outlines[tack]

    def hull(self, pose: Pose, tack: Tack) -> Polygon:
        return shape_at(pose, self._hull_outlines[tack])

    def card_outline(self, card: CardType, tack: Tack, shift: float = 0.0) -> np.ndarray:
        """A card's footprint in the boat's frame, shifted to windward (cached: read only)."""
        key = (card.key, tack, shift)
        out = self._outlines.get(key)
        if out is None:
            out = card.outline + np.array([tack.windward_sign * shift, 0.0])
            out.setflags(write=False)
            if len(self._outlines) < 4096:
                self._outlines[key] = out
        return out

    @cached_property
    def _outlines(self) -> dict:
        return {}

    @cached_property
    def _placed_shapes(self) -> dict:
        return {}

    def card_shape(self, pose: Pose, card: CardType, tack: Tack, shift: float = 0.0) -> Polygon:
        return shape_at(pose, self.card_outline(card, tack, shift))

    @cached_property
    def delay_card(self) -> CardType:
        return self.cards.types[self.cards.delay_key()]

    def leeward_depth(self, x: float, y: float) -> float:
        """How far downwind of the start line a point lies (negative: upwind of it)."""
        a = np.array(self.start_line[0])
        return float(-(np.array([x, y]) - a) @ self.upwind)

    # -- collision queries ------------------------------------------------------------
    def fixed_hits(self, geoms: np.ndarray, edge: bool = True,
                   lines: tuple[bool, bool] = (True, True)) -> list[str | None]:
        """For each shape, the fixed obstacle it touches first (the edge of the water,
        then marks, buoys and land), or None."""
        n = len(geoms)
        out: list[str | None] = [None] * n
        if edge:
            for i in np.flatnonzero(~shapely.contains(self.area, geoms)):
                out[i] = EDGE
        names, tree = self.obstacles(lines)
        if names:
            gi, ti = tree.query(geoms, predicate="intersects")
            for i, j in zip(gi.tolist(), ti.tolist()):
                if out[i] is None:
                    out[i] = names[j][0]
        return out


def fixed_within(game: "Table", geom, gap: float, lines: tuple[bool, bool] = (True, True)) -> bool:
    """Whether a shape comes within ``gap`` of a mark, buoy, land or the edge of the water."""
    if not game.area.contains(geom) or game.area.exterior.distance(geom) < gap:
        return True
    names, tree = game.obstacles(lines)
    return bool(names) and len(tree.query(geom, predicate="dwithin", distance=gap)) > 0


@dataclass(frozen=True, slots=True)
class Others:
    """The other boats on the water, as shapes: hulls (obstacles) and cards (right of way)."""

    hull_boats: tuple[int, ...]
    hulls: np.ndarray
    card_boats: tuple[int, ...]
    cards: np.ndarray

    def hull_hits(self, geoms: np.ndarray) -> list[int | None]:
        return _first_hits(geoms, self.hulls, self.hull_boats)

    def card_hits(self, geoms: np.ndarray) -> list[tuple[int, ...]]:
        out: list[tuple[int, ...]] = [()] * len(geoms)
        if not len(self.cards) or not len(geoms):
            return out
        m = shapely.intersects(np.asarray(geoms)[:, None], self.cards[None, :])
        for i in np.flatnonzero(m.any(axis=1)).tolist():
            out[i] = tuple(self.card_boats[j] for j in np.flatnonzero(m[i]).tolist())
        return out


def _first_hits(geoms: np.ndarray, targets: np.ndarray, ids: tuple[int, ...]) -> list[int | None]:
    if not len(targets) or not len(geoms):
        return [None] * len(geoms)
    m = shapely.intersects(np.asarray(geoms)[:, None], targets[None, :])
    hit, first = m.any(axis=1).tolist(), m.argmax(axis=1).tolist()
    return [ids[j] if h else None for h, j in zip(hit, first)]


def _batch(boats: list, outlines: list[np.ndarray]) -> np.ndarray:
    """Polygons of local outlines placed at the boats' poses, built in one call."""
    if not boats:
        return np.empty(0, dtype=object)
    n = max(len(o) for o in outlines)
    # Pad every outline to the same number of points by repeating its last point.
    pts = np.empty((len(outlines), n, 2))
    for i, o in enumerate(outlines):
        pts[i, :len(o)] = o
        pts[i, len(o):] = o[-1]
    r = np.radians([b.pose.heading for b in boats])[:, None]
    sn, cs = np.sin(r), np.cos(r)
    x0 = np.array([b.pose.x for b in boats])[:, None]
    y0 = np.array([b.pose.y for b in boats])[:, None]
    lx, ly = pts[..., 0], pts[..., 1]
    world = np.empty_like(pts)
    world[..., 0] = x0 + lx * cs + ly * sn
    world[..., 1] = y0 - lx * sn + ly * cs
    return shapely.polygons(world)


@lru_cache(maxsize=512)
def others(game: Table, boats: tuple[Boat, ...], index: int) -> Others:
    """Shapes of every boat but ``index`` still racing (cached per position of the fleet;
    each boat's hull and card are cached on their own, so a fleet where one boat moved
    rebuilds one boat's shapes, not all)."""
    afloat, with_card = _afloat(game, boats, index)
    h = _placed(game, [(b.pose, b.tack, None) for b in afloat])
    c = _placed(game, [(b.pose, b.tack, k) for b, k in with_card])
    hb, cb = [b.index for b in afloat], [b.index for b, _ in with_card]
    return Others(tuple(hb), h, tuple(cb), c)


def _bounds(geoms: np.ndarray) -> np.ndarray:
    return shapely.bounds(geoms) if len(geoms) else np.empty((0, 4))


def _placed(game: Table, items: list[tuple[Pose, Tack, str | None]]) -> np.ndarray:
    """Boats' hulls (key None) or the cards in front of their bows, prepared; each built
    once per pose (those not yet built are built together in one batch)."""
    cache = game._placed_shapes
    missing = list(dict.fromkeys(it for it in items if it not in cache))
    if missing:
        if len(cache) > 8192:
            cache.clear()
        outlines = [game.hull_outline(t) if k is None else game.card_outline(game.cards.types[k], t)
                    for _, t, k in missing]
        geoms = _batch([_At(p) for p, _, _ in missing], outlines)
        shapely.prepare(geoms)
        cache.update(zip(missing, geoms))
    out = np.empty(len(items), dtype=object)
    out[:] = [cache[it] for it in items]
    return out


def _afloat(game: Table, boats: tuple[Boat, ...], index: int):
    delay = game.cards.delay_key()
    afloat = [b for b in boats if b.index != index and b.launched and b.finished is None]
    with_card = [(b, delay if b.delays else b.planned) for b in afloat
                 if b.delays or (b.planned is not None and not b.aside)]
    return afloat, with_card


def others_boxes(game: Table, boats: tuple[Boat, ...], index: int) -> tuple[np.ndarray, np.ndarray]:
    """Bounds of the hulls and of the cards :func:`others` would build (same order),
    from their corners alone: no polygons (cached per boat's pose)."""
    afloat, with_card = _afloat(game, boats, index)
    return (_placed_boxes(game, [(b.pose, b.tack, None) for b in afloat]),
            _placed_boxes(game, [(b.pose, b.tack, k) for b, k in with_card]))


def _placed_boxes(game: Table, items: list) -> np.ndarray:
    cache = game.__dict__.setdefault("_placed_boxes", {})
    out = np.empty((len(items), 4))
    for i, it in enumerate(items):
        b = cache.get(it)
        if b is None:
            if len(cache) > 8192:
                cache.clear()
            pose, t, k = it
            o = game.hull_outline(t) if k is None else game.card_outline(game.cards.types[k], t)
            r = np.radians([pose.heading])[:, None]
            sn, cs = np.sin(r), np.cos(r)
            x0, y0 = np.array([pose.x])[:, None], np.array([pose.y])[:, None]
            lx, ly = o[None, :, 0], o[None, :, 1]
            wx, wy = x0 + lx * cs + ly * sn, y0 - lx * sn + ly * cs
            b = cache[it] = (float(wx.min()), float(wy.min()), float(wx.max()), float(wy.max()))
        out[i] = b
    return out


@dataclass(frozen=True, slots=True)
class _At:
    pose: Pose


@lru_cache(maxsize=1024)
def card_shapes(game: Table, pose: Pose, tack: Tack, shift: float, keys: tuple[str, ...]) -> np.ndarray:
    """Footprints of the given cards in front of a bow, built in one batch (cached)."""
    outlines = np.stack([game.card_outline(game.cards.types[k], tack, shift) for k in keys])
    r = math.radians(pose.heading)
    sn, cs = math.sin(r), math.cos(r)
    lx, ly = outlines[..., 0], outlines[..., 1]
    world = np.stack([pose.x + lx * cs + ly * sn, pose.y - lx * sn + ly * cs], axis=-1)
    return shapely.polygons(world)


@dataclass(frozen=True, slots=True)
class Reach:
    """Where one exit of one card puts the boat, and what it meets on the way."""

    card: str
    exit: int
    pose: Pose
    tack: Tack
    blocked_by: str | None       # a fixed obstacle, or a boat's name, the move runs into
    cards_met: tuple[int, ...]   # boats whose manoeuvre cards the move lies on


def tack_after(wind_from: int, headings: np.ndarray, previous: Tack) -> list[Tack]:
    rel = (wind_from - headings) % 360
    return [previous if r in (0, 180) else (Tack.STARBOARD if r < 180 else Tack.PORT)
            for r in rel.tolist()]


def reach(game: Table, boats: tuple[Boat, ...], boat: Boat, cards: list[CardType],
          shift: float = 0.0, lines: tuple[bool, bool] = ALL_LINES) -> list[Reach]:
    """Every exit of every given card from the boat's pose, checked against everything.

    A move touches what its card (shifted by ``shift``), the hull where it ends, or the
    room the next card needs ahead of the bow (the delay card's footprint, for fixed
    obstacles only) touches.

    The corners of every shape are computed with numpy; a shape whose bounding box lies
    strictly inside a rectangular playing area and strictly apart from every obstacle's
    and boat's bounding box surely touches nothing, and only the others are built as
    polygons and judged by shapely, exactly as :func:`reach_exact` judges them all.
    """
    spec = _exit_spec(game, cards)
    if spec is None:
        return []
    keys, idx, ex_x, ex_y, turns, unique = spec
    n = len(keys)
    s = boat.tack.windward_sign
    h0 = math.radians(boat.pose.heading)
    sin0, cos0 = math.sin(h0), math.cos(h0)
    lx = s * (ex_x + shift)
    ly = ex_y
    sx = boat.pose.x + lx * cos0 + ly * sin0
    sy = boat.pose.y - lx * sin0 + ly * cos0
    headings = (boat.pose.heading + s * turns) % 360
    hr = np.radians(headings)
    sn, cs = np.sin(hr), np.cos(hr)
    L = game.cards.hull_length
    bx, by = sx + L * sn, sy + L * cs
    tacks = tack_after(game.wind_from, headings, boat.tack)

    # Corners: the cards (as card_shapes builds them), the hulls and the rooms ahead (as
    # shapes_at builds them): the same arithmetic, so the same polygons when built.
    outl = np.stack([game.card_outline(game.cards.types[k], boat.tack, shift) for k in unique])
    ca, sa = math.cos(h0), math.sin(h0)
    clx, cly = outl[..., 0], outl[..., 1]
    cwx = boat.pose.x + clx * ca + cly * sa
    cwy = boat.pose.y - clx * sa + cly * ca
    c_, s_ = cs[:, None], sn[:, None]
    hull_o = np.stack([game.hull_outline(t) for t in tacks])
    hwx = bx[:, None] + hull_o[..., 0] * c_ + hull_o[..., 1] * s_
    hwy = by[:, None] - hull_o[..., 0] * s_ + hull_o[..., 1] * c_
    room_o = game.card_outline(game.delay_card, Tack.PORT)
    rlx, rly = room_o[:, 0][None, :], room_o[:, 1][None, :]
    rwx = bx[:, None] + rlx * c_ + rly * s_
    rwy = by[:, None] - rlx * s_ + rly * c_
    nc = len(unique)
    boxes = np.concatenate([_boxes(cwx, cwy), _boxes(hwx, hwy), _boxes(rwx, rwy)])
    shapes: dict[int, object] = {}

    def shape(i: int):
        g = shapes.get(i)
        if g is None:
            if i < nc:
                g = card_shapes(game, boat.pose, boat.tack, shift, unique)[i]
            elif i < nc + n:
                g = shapely.polygons(np.stack([hwx[i - nc], hwy[i - nc]], axis=-1))
            else:
                g = shapely.polygons(np.stack([rwx[i - nc - n], rwy[i - nc - n]], axis=-1))
            shapes[i] = g
        return g

    # fixed obstacles: cards, hulls and rooms
    fixed: list[str | None] = [None] * (nc + 2 * n)
    ask = ~_inside(boxes, game.area_box) | _near(boxes, game.obstacle_boxes(lines)).any(axis=1)
    todo = np.flatnonzero(ask).tolist()
    if todo:
        for i, f in zip(todo, game.fixed_hits(np.array([shape(i) for i in todo], dtype=object), lines=lines)):
            fixed[i] = f
    fixed_cards, fixed_hulls, fixed_rooms = fixed[:nc], fixed[nc:nc + n], fixed[nc + n:]
    # other boats: cards and hulls against their hulls (obstacles) and cards (right of way)
    hull_boxes, card_boxes = others_boxes(game, boats, boat.index)
    moving = boxes[:nc + n]
    hit: list[int | None] = [None] * (nc + n)
    met: list[tuple[int, ...]] = [()] * (nc + n)
    todo = np.flatnonzero(_near(moving, hull_boxes).any(axis=1)).tolist()
    if todo:
        oth = others(game, boats, boat.index)
        for i, h in zip(todo, oth.hull_hits(np.array([shape(i) for i in todo], dtype=object))):
            hit[i] = h
    todo = np.flatnonzero(_near(moving, card_boxes).any(axis=1)).tolist()
    if todo:
        oth = others(game, boats, boat.index)
        for i, m in zip(todo, oth.card_hits(np.array([shape(i) for i in todo], dtype=object))):
            met[i] = m
    boat_cards, boat_hulls = hit[:nc], hit[nc:]
    met_cards, met_hulls = met[:nc], met[nc:]

    card_pos = {k: i for i, k in enumerate(unique)}
    out = []
    xs, ys, hs = bx.tolist(), by.tolist(), headings.astype(int).tolist()
    for i in range(n):
        c = card_pos[keys[i]]
        blocked = fixed_cards[c] or fixed_hulls[i] or fixed_rooms[i]
        if blocked is None:
            h = boat_cards[c] if boat_cards[c] is not None else boat_hulls[i]
            blocked = game.name(h) if h is not None else None
        m = met_cards[c] + met_hulls[i]
        out.append(Reach(keys[i], idx[i], Pose.trusted(xs[i], ys[i], hs[i]), tacks[i], blocked,
                         tuple(sorted(set(m))) if m else ()))
    return out


def _exit_spec(game: Table, cards: list[CardType]):
    """The exits of the given cards as arrays (cached per list of the table's cards)."""
    own = all(game.cards.types.get(c.key) is c for c in cards)
    key = tuple(c.key for c in cards)
    cache = game.__dict__.setdefault("_exit_specs", {})
    if own and key in cache:
        return cache[key]
    keys, idx, ex_x, ex_y, turns = [], [], [], [], []
    for card in cards:
        for i, ex in enumerate(card.exits):
            keys.append(card.key)
            idx.append(i)
            ex_x.append(ex.x)
            ex_y.append(ex.y)
            turns.append(ex.turn)
    spec = None
    if keys:
        spec = (keys, idx, np.asarray(ex_x), np.asarray(ex_y), np.asarray(turns),
                tuple(dict.fromkeys(c.key for c in cards)))
    if own:
        cache[key] = spec
    return spec


def _boxes(wx: np.ndarray, wy: np.ndarray) -> np.ndarray:
    """Bounds (minx, miny, maxx, maxy) of shapes given by their corners, (n, 4)."""
    return np.stack([wx.min(axis=1), wy.min(axis=1), wx.max(axis=1), wy.max(axis=1)], axis=1)


def _near(a: np.ndarray, b: np.ndarray | None) -> np.ndarray:
    """(len(a), len(b)): whether two boxes overlap or touch. False means the shapes are
    certainly apart (every corner of one lies strictly beyond the other's bounds)."""
    if b is None or not len(b):
        return np.zeros((len(a), 0), bool)
    return ((a[:, None, 0] <= b[None, :, 2]) & (a[:, None, 2] >= b[None, :, 0])
            & (a[:, None, 1] <= b[None, :, 3]) & (a[:, None, 3] >= b[None, :, 1]))


def _inside(a: np.ndarray, box: tuple[float, float, float, float] | None) -> np.ndarray:
    """Whether each box lies strictly inside the rectangle (False when there is none)."""
    if box is None:
        return np.zeros(len(a), bool)
    return (a[:, 0] > box[0]) & (a[:, 1] > box[1]) & (a[:, 2] < box[2]) & (a[:, 3] < box[3])


def reach_exact(game: Table, boats: tuple[Boat, ...], boat: Boat, cards: list[CardType],
          shift: float = 0.0, lines: tuple[bool, bool] = ALL_LINES) -> list[Reach]:
    """:func:`reach` as plain shapely calls on every shape: the reference the fast path
    must match exactly (tests compare the two).

    A move touches what its card (shifted by ``shift``), the hull where it ends, or the
    room the next card needs ahead of the bow (the delay card's footprint, for fixed
    obstacles only) touches.
    """
    keys, idx, ex_x, ex_y, turns = [], [], [], [], []
    for card in cards:
        for i, ex in enumerate(card.exits):
            keys.append(card.key)
            idx.append(i)
            ex_x.append(ex.x)
            ex_y.append(ex.y)
            turns.append(ex.turn)
    n = len(keys)
    if n == 0:
        return []
    s = boat.tack.windward_sign
    h0 = math.radians(boat.pose.heading)
    sin0, cos0 = math.sin(h0), math.cos(h0)
    lx = s * (np.asarray(ex_x) + shift)
    ly = np.asarray(ex_y)
    sx = boat.pose.x + lx * cos0 + ly * sin0
    sy = boat.pose.y - lx * sin0 + ly * cos0
    headings = (boat.pose.heading + s * np.asarray(turns)) % 360
    hr = np.radians(headings)
    L = game.cards.hull_length
    bx, by = sx + L * np.sin(hr), sy + L * np.cos(hr)
    tacks = tack_after(game.wind_from, headings, boat.tack)

    # Shapes: one card footprint per card, a hull and a room-ahead per exit.
    unique = tuple(dict.fromkeys(c.key for c in cards))
    card_geom = dict(zip(unique, card_shapes(game, boat.pose, boat.tack, shift, unique)))
    hulls = np.empty(n, dtype=object)
    for t in Tack:
        sel = np.array([tk is t for tk in tacks])
        if sel.any():
            hulls[sel] = shapes_at(bx[sel], by[sel], headings[sel], game.hull_outline(t))
    rooms = shapes_at(bx, by, headings, game.card_outline(game.delay_card, Tack.PORT))
    cards_arr = np.array(list(card_geom.values()), dtype=object)
    card_pos = {k: i for i, k in enumerate(card_geom)}

    # one query per obstacle kind for cards, hulls and rooms together (each shape's
    # answer is its own, whatever else is asked with it)
    nc = len(cards_arr)
    fixed = game.fixed_hits(np.concatenate([cards_arr, hulls, rooms]), lines=lines)
    fixed_cards, fixed_hulls, fixed_rooms = fixed[:nc], fixed[nc:nc + n], fixed[nc + n:]
    oth = others(game, boats, boat.index)
    moving = np.concatenate([cards_arr, hulls])
    hit = oth.hull_hits(moving)
    boat_cards, boat_hulls = hit[:nc], hit[nc:]
    met = oth.card_hits(moving)
    met_cards, met_hulls = met[:nc], met[nc:]

    out = []
    xs, ys, hs = bx.tolist(), by.tolist(), headings.astype(int).tolist()
    for i in range(n):
        c = card_pos[keys[i]]
        blocked = fixed_cards[c] or fixed_hulls[i] or fixed_rooms[i]
        if blocked is None:
            hit = boat_cards[c] if boat_cards[c] is not None else boat_hulls[i]
            blocked = game.name(hit) if hit is not None else None
        met = tuple(sorted(set(met_cards[c]) | set(met_hulls[i])))
        out.append(Reach(keys[i], idx[i], Pose.trusted(xs[i], ys[i], hs[i]), tacks[i], blocked, met))
    return out
