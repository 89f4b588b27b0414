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
from dinghy.games.dinghy_race.options import RULE_1, SPI_DOWN
from dinghy.games.dinghy_race.state import Boat, fast_new
from dinghy.core.wind import Tack
from dinghy.games.dinghy_race.bounds import (EDGE, others_afloat, boxes_of, inside, others_box_lists,
                                             quick_box, touching, union)
from dinghy.games.dinghy_race.convex import UNSURE, fixed_sure, others_items, sure_hits
from dinghy.games.dinghy_race.exit_tables import exit_spec, placed_at, turned_exits_and_unions

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
    def spi_down_rolls(self) -> bool:
        """Whether a Spi down laid with no spinnaker up rolls the take-down's hazard (the
        set-up's option ``spi_down_without_spinnaker``: ``sails``, the default, or
        ``rolls``; records older than format 3 were sailed with ``rolls``)."""
        return dict(self.setup.extra).get(SPI_DOWN.key, SPI_DOWN.default) == "rolls"

    @cached_property
    def rule_1_next_card(self) -> bool:
        """Whether rule 1 looks at the card a tack or jibe lays next (the set-up's option
        ``rule_1_next_card``: ``card_after``, the default, or ``tack_only``; records
        older than format 4 were sailed with ``tack_only``)."""
        return dict(self.setup.extra).get(RULE_1.key, RULE_1.default) == "card_after"

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
            out = self._obstacle_boxes[lines] = boxes_of(np.array([g for _, g in names], dtype=object))
        return out

    @cached_property
    def _obstacle_boxes(self) -> dict:
        return {}

    def obstacle_box_list(self, lines: tuple[bool, bool] = (True, True)) -> list[tuple[float, float, float, float]]:
        """:meth:`obstacle_boxes` as a list of tuples of floats."""
        out = self._obstacle_box_lists.get(lines)
        if out is None:
            out = self._obstacle_box_lists[lines] = [tuple(map(float, b)) for b in self.obstacle_boxes(lines).tolist()]
        return out

    @cached_property
    def _obstacle_box_lists(self) -> dict:
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
        """The hull at a pose (kept per pose and tack: steps ask for the same one often)."""
        out = self._hulls.get((pose, tack))
        if out is None:
            if len(self._hulls) > 4096:
                self._hulls.clear()
            pts = self._outline_lists.get((None, tack, 0.0)) or self._outline_list(None, tack, 0.0)
            out = self._hulls[(pose, tack)] = _shape_at(pose, pts)
        return out

    @cached_property
    def _hulls(self) -> dict:
        return {}

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
        if self.cards.types.get(card.key) is not card:
            return shape_at(pose, self.card_outline(card, tack, shift))
        pts = self._outline_lists.get((card.key, tack, shift))
        return _shape_at(pose, pts or self._outline_list(card.key, tack, shift))

    @cached_property
    def _outline_lists(self) -> dict:
        return {}

    def _outline_list(self, key: str | None, tack: Tack, shift: float) -> list:
        """The hull's (key None) or a table's card's outline as a list of points (cached)."""
        o = self._hull_outlines[tack] if key is None else self.card_outline(self.cards.types[key], tack, shift)
        if len(self._outline_lists) > 4096:
            self._outline_lists.clear()
        return self._outline_lists.setdefault((key, tack, shift), o.tolist())

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


def _shape_at(pose: Pose, pts: list) -> Polygon:
    """:func:`dinghy.core.geometry.shape_at` for an outline given as a list of points:
    the same arithmetic (``x + lx cos + ly sin``, ``y - lx sin + ly cos``, in that
    order) in plain floats, so the same corners, without numpy's per-call cost."""
    r = math.radians(pose.heading)
    s, c = math.sin(r), math.cos(r)
    x, y = pose.x, pose.y
    return shapely.polygons(np.array([(x + lx * c + ly * s, y - lx * s + ly * c) for lx, ly in pts]))


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
    afloat, with_card = others_afloat(game, boats, index)
    h = _placed(game, [(b.pose, b.tack, None) for b in afloat])
    c = _placed(game, [(b.pose, b.tack, k) for b, k in with_card])
    hb, cb = [b.index for b in afloat], [b.index for b, _ in with_card]
    return Others(tuple(hb), h, tuple(cb), c)


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


_reach = fast_new(Reach)


def tack_after(wind_from: int, headings: np.ndarray, previous: Tack) -> list[Tack]:
    rel = (wind_from - headings) % 360
    return [previous if r in (0, 180) else (Tack.STARBOARD if r < 180 else Tack.PORT)
            for r in rel.tolist()]


def reach(game: Table, boats: tuple[Boat, ...], boat: Boat, cards: list[CardType],
          shift: float = 0.0, lines: tuple[bool, bool] = ALL_LINES) -> list[Reach]:
    """Every exit of every given card from the boat's pose, checked against everything
    (see :func:`reach_rows`)."""
    return [_reach(*r) for r in reach_rows(game, boats, boat, cards, shift, lines)]


def reach_rows(game: Table, boats: tuple[Boat, ...], boat: Boat, cards: list[CardType],
               shift: float = 0.0, lines: tuple[bool, bool] = ALL_LINES) -> list[tuple]:
    """Every exit of every given card from the boat's pose, checked against everything,
    as :class:`Reach` fields (card, exit, pose, tack, blocked_by, cards_met) in tuples.

    A move touches what its card (shifted by ``shift``), the hull where it ends, or the
    room the next card needs ahead of the bow (the delay card's footprint, for fixed
    obstacles only) touches.

    Where each exit puts the boat is plain float arithmetic (the same operations, in the
    same order, as :func:`dinghy.games.dinghy_race.reach_exact.reach_exact`'s numpy). A
    shape whose quick box (:func:`bounds.quick_box`, a hair wider than the shape) lies
    strictly inside a rectangular playing area and apart from every obstacle's and
    boat's box surely touches nothing; only the others are built as polygons (with the
    reference's arithmetic) and judged by shapely, exactly as ``reach_exact`` judges them all;
    against other boats a shape whose box touches is first judged as a convex shape in
    plain floats (:func:`convex.sure_hits`), and only a close call goes to shapely.
    """
    spec = exit_spec(game, cards)
    if spec is None:
        return []
    exits, unique = spec[6], spec[5]
    pose, tack = boat.pose, boat.tack
    x0, y0, h = pose.x, pose.y, pose.heading
    # Open water: the box round every shape (relative to the bow, cached, a hair wider
    # than the union of the shapes' boxes) strictly inside the area, apart from every
    # obstacle, and the moving shapes' box apart from every other boat's: then every
    # exit is clear, as the box-by-box checks below would find.
    rows, (u, m) = turned_exits_and_unions(game, spec, h, tack, shift)
    hull_boxes, other_cards = others_box_lists(game, boats, boat.index)
    every = (x0 + u[0], y0 + u[1], x0 + u[2], y0 + u[3])
    if inside(every, game.area_box) and not touching(every, game.obstacle_box_list(lines)):
        moving = (x0 + m[0], y0 + m[1], x0 + m[2], y0 + m[3])
        if not touching(moving, hull_boxes) and not touching(moving, other_cards):
            trusted = Pose.trusted
            return [(key, ei, trusted(x0 + p + q + ls, y0 - pn + qn + lc, hd), t, None, ())
                    for (key, ei, _, _, _), (p, q, pn, qn, ls, lc, hd, t, _, _) in zip(exits, rows)]
    ends = []           # (bx, by, heading, tack) per exit
    hull_bx, room_bx = [], []
    for p, q, pn, qn, ls, lc, hd, t, hb, rb in rows:
        # the reference's x + lx cos + ly sin (+ L sin of the exit heading), in its order
        bx = x0 + p + q + ls
        by = y0 - pn + qn + lc
        ends.append((bx, by, hd, t))
        hull_bx.append((bx + hb[0], by + hb[1], bx + hb[2], by + hb[3]))
        room_bx.append((bx + rb[0], by + rb[1], bx + rb[2], by + rb[3]))
    card_bx = [quick_box(game, k, tack, shift, x0, y0, h) for k in unique]
    nc, n = len(unique), len(exits)
    boxes = card_bx + hull_bx + room_bx
    built: dict[int, object] = {}

    def shapes(todo: list[int]) -> np.ndarray:
        """The polygons of the shapes numbered ``todo`` (cards, hulls, rooms), built
        with the reference's arithmetic, each kind in one batch."""
        want = [i for i in todo if i not in built]
        if any(i < nc for i in want):
            built.update(enumerate(card_shapes(game, pose, tack, shift, unique)))
        hulls = [i for i in want if nc <= i < nc + n]
        if hulls:
            outl = np.stack([game.hull_outline(ends[i - nc][3]) for i in hulls])
            built.update(zip(hulls, placed_at([ends[i - nc] for i in hulls], outl)))
        rooms = [i for i in want if i >= nc + n]
        if rooms:
            room = game.card_outline(game.delay_card, Tack.PORT)
            outl = np.broadcast_to(room, (len(rooms),) + room.shape)
            built.update(zip(rooms, placed_at([ends[i - nc - n] for i in rooms], outl)))
        out = np.empty(len(todo), dtype=object)
        out[:] = [built[i] for i in todo]
        return out

    own = all(game.cards.types.get(c.key) is c for c in cards)   # the table's own cards
    # fixed obstacles: cards, hulls and rooms
    fixed: list[str | None] = [None] * (nc + 2 * n)
    area, obstacles = game.area_box, game.obstacle_box_list(lines)
    every = union(boxes)
    if not inside(every, area) or touching(every, obstacles):
        todo = [i for i, b in enumerate(boxes) if not inside(b, area) or touching(b, obstacles)]
        if todo and own:
            # each shape is convex: judged in plain floats first (convex.fixed_sure)
            delay, rest = game.delay_card.key, []
            for i in todo:
                if i < nc:
                    part = ((unique[i], tack, shift), x0, y0, h)
                else:
                    e = ends[i - nc] if i < nc + n else ends[i - nc - n]
                    part = ((None, e[3], 0.0) if i < nc + n else (delay, Tack.PORT, 0.0), e[0], e[1], e[2])
                f = fixed_sure(game, [part], boxes[i], lines)
                if f is UNSURE:
                    rest.append(i)
                else:
                    fixed[i] = f
            todo = rest
        if todo:
            for i, f in zip(todo, game.fixed_hits(shapes(todo), lines=lines)):
                fixed[i] = f
    # other boats: cards and hulls against their hulls (obstacles) and cards (right of way)
    moving = boxes[:nc + n]
    hit: list[int | None] = [None] * (nc + n)
    met: list[tuple[int, ...]] = [()] * (nc + n)
    if hull_boxes or other_cards:
        every = union(moving)
        near_hulls, near_cards = touching(every, hull_boxes), touching(every, other_cards)
        if near_hulls or near_cards:
            # the shapes whose boxes touch are first judged as convex shapes in plain
            # floats (convex.verdict); only the close calls are built and asked of shapely
            keys = [(k, tack, shift) for k in unique] + [(None, e[3], 0.0) for e in ends]
            at = [(x0, y0, h)] * nc + [(e[0], e[1], e[2]) for e in ends]
            hull_items, card_items = others_items(game, boats, boat.index)
        if near_hulls:
            todo = [i for i, b in enumerate(moving) if touching(b, hull_boxes)]
            if own:
                sure = [sure_hits(game, keys[i], at[i], moving[i], hull_items, hull_boxes, first=True)
                        for i in todo]
                for i, r in zip(todo, sure):
                    if r:
                        hit[i] = r[0]
                todo = [i for i, r in zip(todo, sure) if r is None]
            if todo:
                oth = others(game, boats, boat.index)
                for i, hb in zip(todo, oth.hull_hits(shapes(todo))):
                    hit[i] = hb
        if near_cards:
            todo = [i for i, b in enumerate(moving) if touching(b, other_cards)]
            if own:
                sure = [sure_hits(game, keys[i], at[i], moving[i], card_items, other_cards) for i in todo]
                for i, r in zip(todo, sure):
                    if r is not None:
                        met[i] = r
                todo = [i for i, r in zip(todo, sure) if r is None]
            if todo:
                oth = others(game, boats, boat.index)
                for i, m in zip(todo, oth.card_hits(shapes(todo))):
                    met[i] = m

    card_pos = {k: i for i, k in enumerate(unique)}
    out = []
    for i, (key, ei, _, _, _) in enumerate(exits):
        c = card_pos[key]
        bx, by, hd, t = ends[i]
        blocked = fixed[c] or fixed[nc + i] or fixed[nc + n + i]
        if blocked is None:
            hb = hit[c] if hit[c] is not None else hit[nc + i]
            blocked = game.name(hb) if hb is not None else None
        m = met[c] + met[nc + i]
        out.append((key, ei, Pose.trusted(bx, by, hd), t, blocked, tuple(sorted(set(m))) if m else ()))
    return out
