"""The hard Regatta (Gigamic) skipper: every option of its turn played out by the
engine, its next hand weighed by the odds of the cards it has not seen, suns on the
leader.

**Where a boat stands** is the greedy skipper's distance still to sail (the waypoint
chain round the buoys, :func:`dinghy.skippers.regatta_gigamic.distance_to_go`, plus its
edge cost) in cards of ``ADVANCE`` mm. (A breadth-first lattice of the table with the
deck's arcs, cards to go by square and heading, was tried and measured worse: 2 of 12
duels against the greedy skipper; its whole-card steps cannot tell a card that gains
140 mm from one that gains nothing.)

**The turn.** Every legal action of its turn (each card and arrow, the helm's extra
card, a cloud's second play, a turn in place, a change of cards) is applied by the
engine on a copy. Where the turn leaves the boat is worth one more turn for the best
card of its next hand from there — the cards it keeps (and, a turn later, a second of
them: plans of two cards, which round a buoy better than one), and each card it will
draw by the odds of the cards it has not seen (the deck less its own hand, the discard
and the suns on the table, from ``observation``: the other hands stay hidden), exact
Fractions — or, when no card gains, where it stands and a turn lost. Heaving to (a turn
in place, a change of cards) costs a little more than the turn it takes, so that the
boat does not swing its bow to and fro. A card's arrows are followed
kinematically with cheap checks against the table's edge, the buoys, the obstacles, the
other hulls and their forbidden zones. A sun goes in front of the boat with the least
distance to go.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import numpy as np
import shapely

from dinghy.core.errors import DinghyError
from dinghy.games.regatta_gigamic.ask import (AGAIN, EXTRA, SUN, TURN, Act, Spot, advance, end_spot, frames,
                                              path_frame, samples, spot_at)
from dinghy.core.caches import kept
from dinghy.skippers.regatta_gigamic import greedy

NAME = "hard"
BIG = 99.0                # turns to go where no card helps
SUN_GAIN = 0.5            # turns a sun on a rival is worth to us
HEAVE_COST = 0.2          # turns a turn in place or a change of cards costs beyond the turn
DEPTH = 2                 # cards planned from the kept hand (1: the next card alone)
LOST_TURN = 1.0           # a turn spent without moving
ADVANCE = 130.0           # mm a card takes a boat on, about (the hull and an arrow)
_HERE: dict[Any, dict] = {}       # game -> {(stage, spot, wound): cards to go}
_AROUND: dict[tuple, tuple[dict, dict]] = {}   # (game, other boats' spots) -> (clear, ends) memos
_ROCKS: dict[Any, list] = {}     # game -> its obstacles as polygons
_UNKNOWN = object()
_PATHS: dict[tuple, tuple] = {}   # (deck, hull) -> every arrow's path samples in the boat's frame
_MEMO_MOST = 200_000              # entries a game's spot values may grow to before starting afresh


def _seg_dist(px, py, qx, qy, cx, cy):
    """Distance from (cx, cy) to the segments p-q (arrays)."""
    dx, dy = qx - px, qy - py
    L = dx * dx + dy * dy
    t = np.clip(((cx - px) * dx + (cy - py) * dy) / np.where(L > 0, L, 1.0), 0.0, 1.0)
    return np.hypot(px + t * dx - cx, py + t * dy - cy)


# --- what the skipper may know ----------------------------------------------------------

def unseen(game: Any, obs: dict) -> Counter:
    """The cards this seat has not seen, by kind: the deck less its own hand, the discard
    (face up) and the suns lying on boats. The draw pile and the other hands are among
    these, in proportions it cannot know."""
    left = Counter({f.id: f.copies for f in game.deck.faces})
    left.subtract(obs["hand"])
    left.subtract(obs["discard"])
    suns = sum(1 for b in obs["boats"] if b["becalmed"])
    sun_id = next((f.id for f in game.deck.faces if f.is_sun), None)
    if sun_id is not None:
        left[sun_id] -= suns
    return +left


class _Eye:
    """One decision's view: the seat, the unseen odds, the other hulls, caches."""

    def __init__(self, game: Any, state: Any, seat: int) -> None:
        self.game, self.seat = game, seat
        obs = game.observation(state, seat)
        counts = unseen(game, obs)
        total = sum(counts.values())
        self.odds = [(c, Fraction(n, total)) for c, n in sorted(counts.items())] if total else []
        self.hull = game.deck.hull_length
        beam = game.shapes.beam
        self.reach = beam + 4.0                  # two half-beams and a little room
        others = [b.spot for i, b in enumerate(state.boats) if i != seat and b.racing]
        # what a spot is worth depends on the course alone, where an arrow takes the boat
        # on the other hulls too: kept for the decisions that see the same other boats
        # (a turn's steps, each seat's turns while the others stay put)
        self.memo: dict[Any, float] = kept(_HERE, game, dict, 4)
        if len(self.memo) > _MEMO_MOST:
            self.memo.clear()
        key = (game, tuple(others))
        self.clear_memo, self.ends_memo = kept(_AROUND, key, lambda: ({}, {}), 8)
        # each other boat as its keel segment (bow to stern) and its forbidden zone's frame
        self.keels = np.array([(o.x, o.y, *o.to_world(0.0, -self.hull)) for o in others]).reshape(-1, 4)
        self.others = others
        self.buoys = np.array([(b.x, b.y, b.radius + beam / 2 + 2.0) for b in game.course.buoys]).reshape(-1, 3)
        self.card = (game.deck.card_length, game.deck.card_width)
        self.deck_path = _deck_path(game.deck, self.hull)
        self.rocks = kept(_ROCKS, game, lambda: [shapely.Polygon(o.outline) for o in game.course.obstacles], 4)

    def here(self, stage: int, spot: Spot, wound: float) -> float:
        key = (stage, spot, wound)
        v = self.memo.get(key)
        if v is None:
            v = 0.0 if stage >= self.game.course.stages else greedy._value(self.game, spot, stage, wound) / ADVANCE
            self.memo[key] = v
        return v

    def ends(self, card: str, stage: int, spot: Spot, wound: float) -> list[tuple]:
        """Where one card's arrows take the boat: (stage, spot, wound) each, kinematically
        (the stage as the bow's chord passes the line or winds round the buoy); an arrow
        that would stop at a forbidden zone's entry leaves the boat where it is."""
        key = (card, stage, spot, wound)
        hit = self.ends_memo.get(key)
        if hit is not None:
            return hit
        out = []
        face = self.game.deck.face(card)
        for arrow in face.arrows:
            clear = self.clear(spot, arrow)
            if clear is None:
                continue
            if not clear:
                out.append((stage, spot, wound, 0.5))
                continue
            end = end_spot(spot, arrow, self.hull)
            st, w, _ = advance(self.game.course, stage, wound, [(spot.x, spot.y), (end.x, end.y)])
            out.append((st, end, w, 0.0))
        self.ends_memo[key] = out
        return out

    def after_card(self, card: str, stage: int, spot: Spot, wound: float, rest: tuple = ()) -> float:
        """The best place one card takes the boat, in cards to go; with ``rest`` (the
        other cards it will hold) also a second card from there, a turn later."""
        best = BIG
        for st, end, w, extra in self.ends(card, stage, spot, wound):
            v = self.here(st, end, w) + extra
            if rest and st < self.game.course.stages and not extra:
                for c2 in set(rest):
                    for st2, end2, w2, extra2 in self.ends(c2, st, end, w):
                        v = min(v, 1.0 + self.here(st2, end2, w2) + extra2)
            best = min(best, v)
        return best

    def clear(self, spot: Spot, arrow: Any) -> bool | None:
        """Whether the arrow takes the boat from ``spot`` clear of the table's edge, the
        buoys, the obstacles and the other boats' hulls (None: it touches something),
        and ends outside their forbidden zones (False: it would stop short) — cheap
        checks on the bow's and stern's points along the way (:meth:`_touching`, every
        arrow of the deck from one spot at once)."""
        key = (spot, arrow)
        hit = self.clear_memo.get(key, _UNKNOWN)
        if hit is not _UNKNOWN:
            return hit
        touching = self.clear_memo.get(spot)
        if touching is None:
            touching = self.clear_memo[spot] = self._touching(spot)
        out: bool | None = None if touching[arrow] else True
        if out and len(self.keels):
            end = spot_at(spot, arrow, self.hull, self.hull + arrow.length)
            L, W = self.card
            for o in self.others:
                for px, py in ((end.x, end.y), end.to_world(0.0, -self.hull)):
                    r = math.radians(o.heading)
                    dx, dy = px - o.x, py - o.y
                    ly = dx * math.sin(r) + dy * math.cos(r)
                    lx = dx * math.cos(r) - dy * math.sin(r)
                    if 0.0 <= ly <= L and abs(lx) <= W / 2:
                        out = False
        self.clear_memo[key] = out
        return out

    def _touching(self, spot: Spot) -> dict[Any, bool]:
        """For each arrow of the deck, whether the bow or the stern, at a sample of its
        path from ``spot``, leaves the table or comes within reach of a buoy, an obstacle
        or another boat's keel (each point's checks as they were arrow by arrow; an
        arrow touches if any of its points does)."""
        path, arrows, starts = self.deck_path
        xy = _bow_and_stern(spot, path, self.hull)
        bad = ~shapely.contains_xy(self.game.fixed.area, xy[:, 0], xy[:, 1])
        if len(self.buoys):
            bad |= (np.hypot(xy[:, None, 0] - self.buoys[None, :, 0],
                             xy[:, None, 1] - self.buoys[None, :, 1]) < self.buoys[None, :, 2]).any(axis=1)
        for rock in self.rocks:
            bad |= shapely.contains_xy(rock, xy[:, 0], xy[:, 1])
        if len(self.keels):
            k = self.keels
            d = _seg_dist(k[None, :, 0], k[None, :, 1], k[None, :, 2], k[None, :, 3], xy[:, None, 0], xy[:, None, 1])
            bad |= (d < self.reach).any(axis=1)
        return dict(zip(arrows, np.logical_or.reduceat(bad, starts).tolist()))

    def turn_value(self, state: Any) -> float:
        """Turns to go for this seat's boat after its turn: one more turn for the best
        card of its next hand (kept cards, one drawn by the unseen odds) or a lost turn."""
        b = state.boats[self.seat]
        if b.place is not None:
            return -100.0 + b.place
        stage, spot, wound = b.stage, b.spot, b.wound
        standing = self.here(stage, spot, wound)
        hand = [c for c in state.hands[self.seat]]
        moving = [c for c in hand if not self.game.deck.face(c).is_sun]
        kept = min((self.after_card(c, stage, spot, wound, _without(moving, c) if DEPTH > 1 else ())
                    for c in set(moving)), default=BIG)
        need = self.game.deck.hand_size - len(hand)
        if need <= 0 or not self.odds:
            best = kept
        else:
            best = 0.0
            for c, p in self.odds:
                best += float(p) * min(kept, self.after_card(c, stage, spot, wound, tuple(moving)))
        becalmed = 1.0 if b.sun is not None else 0.0
        return becalmed + min(1.0 + best, standing + LOST_TURN)


def _deck_path(deck: Any, hull: float) -> tuple[tuple, list, np.ndarray]:
    """The samples of every arrow of the deck's paths after the first (:func:`samples`),
    each as the boat's place in the starting frame (:func:`path_frame`: x, y, turn), one
    arrow after another; the arrows; where each one's bow-and-stern rows begin. Worked
    out once."""
    key = (deck, hull)
    found = _PATHS.get(key)
    if found is None:
        arrows = list(dict.fromkeys(a for f in deck.faces for a in f.arrows))
        parts = [path_frame(a, hull, samples(a, hull)[1:]) for a in arrows]
        path = tuple(np.concatenate([p[i] for p in parts]) for i in range(3))
        starts = np.cumsum([0] + [2 * len(p[0]) for p in parts[:-1]])
        found = _PATHS[key] = (path, arrows, starts)
    return found


def _bow_and_stern(spot: Spot, path: tuple, hull: float) -> np.ndarray:
    """Bow and stern on the table at each sample of ``path`` from ``spot`` (rows: bow,
    stern, bow, ...): the engine's :func:`spots_at` and its ``to_world(0.0, -hull)``, for
    the whole path at once."""
    x, y, h = frames(spot.x, spot.y, spot.heading, *path)
    sx, sy, _ = frames(x, y, h, 0.0, -hull)
    return np.stack([x, y, sx, sy], axis=1).reshape(-1, 2)


def _without(hand: list[str], card: str) -> tuple[str, ...]:
    rest = list(hand)
    rest.remove(card)
    return tuple(rest)


# --- the choice -------------------------------------------------------------------------

def _value(eye: _Eye, state: Any, depth: int = 0) -> float:
    """This seat's expected turns to go once its turn is over: the engine decides the
    rest of the turn (the helm's extra card, a cloud's second play, the sun)."""
    game = eye.game
    if state.step in ("extra", "again", "sun") and state.active == eye.seat and depth < 3:
        best = BIG * 2
        for a in game.legal_actions(state):
            best = min(best, _q(eye, state, a, depth + 1))
        return best
    return eye.turn_value(state)


def _q(eye: _Eye, state: Any, a: Act, depth: int = 0) -> float:
    game = eye.game
    if a.verb == "sun":     # a rival's lost turn, the nearer the finish the better
        b = state.boats[a.n]
        return _value(eye, game.apply(state, Act("no sun"))[0], depth) - SUN_GAIN \
            + 0.01 * eye.here(b.stage, b.spot, b.wound)
    if a.verb == "swap":
        return _swap_value(eye, state, a) + HEAVE_COST
    try:
        after, _ = game.apply(state, a)
    except DinghyError:
        return BIG * 3
    if a.verb == "pivot":
        return _value(eye, after, depth) + HEAVE_COST
    return _value(eye, after, depth)


def _swap_value(eye: _Eye, state: Any, a: Act) -> float:
    """Changing cards: no move this turn; the next turn's best card from the kept cards
    and the new ones (each drawn by the unseen odds; their best taken as one draw with
    as many tries)."""
    b = state.boats[eye.seat]
    stage, spot, wound = b.stage, b.spot, b.wound
    standing = eye.here(stage, spot, wound)
    hand = list(state.hands[eye.seat])
    for c in a.cards:
        hand.remove(c)
    kept = min((eye.after_card(c, stage, spot, wound) for c in set(hand)), default=BIG)
    draws = eye.game.deck.hand_size - len(hand)
    vals = sorted(((eye.after_card(c, stage, spot, wound), float(p)) for c, p in eye.odds))
    # P(best of k draws >= v) ~ P(one draw >= v) ** k
    exp, above = 0.0, 1.0
    for v, p in vals:
        new_above = max(0.0, above - p)
        exp += (above ** draws - new_above ** draws) * min(kept, v)
        above = new_above
    exp += above ** draws * kept
    return min(1.0 + exp, standing + LOST_TURN)


def ranked(race: Any) -> list[tuple[float, str, Act]]:
    game, state = race.game, race.state
    seat = state.active
    eye = _Eye(game, state, seat)
    out = [(_q(eye, state, a), a.text(), a) for a in game.legal_actions(state)]
    out.sort(key=lambda t: (t[0], t[1]))
    return out


def choose(race: Any, rng: random.Random) -> Act:
    game, state = race.game, race.state
    legal = race.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state.step not in (TURN, EXTRA, AGAIN, SUN):
        return greedy.choose(race, rng)
    return ranked(race)[0][2]


class _Hard:
    NAME = NAME
    choose = staticmethod(choose)


HARD = _Hard()
