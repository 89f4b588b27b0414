"""The simple skipper: sails any course legally by looking one card ahead.

It heads for a waypoint beside the next mark on the side the mark must be left (so it
goes round it, not into it), keeps off the start line before round 6, prefers cards that
bring it closer, tacks or jibes when that gains, and spends Lady Luck only against a
capsize or a man overboard. Strong enough to finish every shipped course; meant to fill
empty seats and to drive whole-race tests, not to win.
"""
from __future__ import annotations

import math
import random

import numpy as np

from dinghy.actions import Action, Begin, Launch, Luck, Move, Pass, Pivot, Place, Roll, Substitute
from dinghy.cards import CardType, Kind, exit_pose
from dinghy.course import leg_origin
from dinghy.geometry import Pose
from dinghy.race import Race
from dinghy.rules import dinghy_race as dr
from dinghy.rules.table import card_shapes, reach
from dinghy.state import Boat, Step
from dinghy.wind import PointOfSail, in_irons, points_of_sail, tack_of

NAME = "simple"


def waypoint(game: dr.Game, state, boat: Boat) -> tuple[float, float]:
    """Where the boat wants to go next."""
    course = game.course
    L = game.cards.card_length
    (ax, ay), (bx, by) = game.start_line
    mid = np.array([(ax + bx) / 2, (ay + by) / 2])
    if not boat.started:
        if state.round < dr.PRESTART_ROUNDS - 1:
            return tuple(mid - game.upwind * (2.0 * L))
        if state.round <= dr.PRESTART_ROUNDS:
            return tuple(mid - game.upwind * (0.6 * L))
        return tuple(mid + game.upwind * L)
    if boat.legs_done >= len(course.legs):
        (fx, fy), (gx, gy) = game.finish_line
        return ((fx + gx) / 2, (fy + gy) / 2)
    leg = course.legs[boat.legs_done]
    marks = {m.id: m for m in course.marks}
    if len(leg.mark_ids) == 2:
        # Aim through the gate: a point beyond its middle, in the direction of the leg.
        m1, m2 = marks[leg.mark_ids[0]], marks[leg.mark_ids[1]]
        mid_gate = np.array([(m1.x + m2.x) / 2, (m1.y + m2.y) / 2])
        d = mid_gate - np.array(leg_origin(course, boat.legs_done))
        d /= float(np.hypot(*d)) or 1.0
        beyond = float((np.array(boat.pose.xy) - mid_gate) @ d) > 0
        # Already past the gate without going through it: come back to its near side.
        return tuple(mid_gate + d * (-1.5 if beyond else 1.5) * L)
    m = marks[leg.mark_ids[0]]
    # Circle the mark on the required side: the waypoint lies beside the mark, to the
    # boat's right of the line boat->mark for a port rounding (mark left on port).
    d = np.array([m.x - boat.pose.x, m.y - boat.pose.y])
    n = float(np.hypot(*d)) or 1.0
    d /= n
    right = np.array([d[1], -d[0]])
    side = 1.0 if leg.side == "port" else -1.0
    clearance = m.radius + 0.9 * L + game.cards.hull_length
    return (m.x + side * right[0] * clearance, m.y + side * right[1] * clearance)


def sailing_distance(game: dr.Game, x: float, y: float, target) -> float:
    """Distance still to sail: straight, or beating at 45° when the target is upwind.

    A target ``a`` < 45° off the wind at distance ``d`` takes two close-hauled legs
    totalling ``d * cos(a) * sqrt(2)``, however the beat is split between the tacks.
    """
    dx, dy = target[0] - x, target[1] - y
    d = math.hypot(dx, dy)
    if d < 1e-9:
        return 0.0
    cos_a = (dx * game.upwind[0] + dy * game.upwind[1]) / d
    if cos_a > math.cos(math.radians(45)):
        return d * cos_a * math.sqrt(2)
    return d


def _score(game: dr.Game, state, boat: Boat, pose: Pose, target, tack=None) -> float:
    """Higher is better: less left to sail, never in irons, off the start line early."""
    score = -sailing_distance(game, pose.x, pose.y, target)
    L = game.cards.card_length
    if in_irons(pose.heading, game.wind_from):
        score -= 3 * L
    if not boat.started and state.round < dr.PRESTART_ROUNDS:
        hull = game.hull(pose, tack or boat.tack)
        if dr.touches_start_zone(game, hull.buffer(game.cards.hull_length * 0.5)):
            score -= 20 * L
    return score


def _exit_penalty(game: dr.Game, boat: Boat, card: CardType, end: Pose) -> float:
    """Costs of an exit beyond distance: hazard rolls and abuse."""
    L = game.cards.card_length
    pen = 0.0
    changed = tack_of(end.heading, game.wind_from, boat.tack) is not boat.tack
    if changed or card.changes_tack:
        pen += 0.6 * L
        if changed and not card.changes_tack:
            pen += 0.6 * L
    if boat.trapeze and PointOfSail.CLOSE_HAULED not in points_of_sail(end.heading, game.wind_from):
        pen += 0.8 * L
    return pen


def _best_exits(game: dr.Game, state, boat: Boat, cards: list[CardType], target) -> dict[str, float]:
    """The best exit's score for each card, from one batched reach of every card."""
    best = {c.key: -math.inf for c in cards}
    trapeze = boat.trapeze or any(c.trapeze for c in cards)
    L = game.cards.card_length
    for r in reach(game, state.boats, boat, cards):
        card = game.cards.types[r.card]
        if card.changes_tack and r.tack is boat.tack:
            continue
        b = boat.with_(trapeze=boat.trapeze or card.trapeze)
        s = _score(game, state, boat, r.pose, target, r.tack) - _exit_penalty(game, b, card, r.pose)
        if r.blocked_by:
            s -= 5 * L
        best[r.card] = max(best[r.card], s)
    return best


def _best_exit(game: dr.Game, state, boat: Boat, card: CardType, target) -> float:
    return _best_exits(game, state, boat, [card], target)[card.key]


def choose(race: Race, rng: random.Random) -> Action:
    game, state = race.game, race.state
    boat = state.boat()
    legal = race.legal_actions()
    if not legal:
        raise RuntimeError(f"no legal action at step {state.step.value}")
    step = state.step
    if step is Step.ROLL:
        r = race.dice_rng()
        return Roll(r.randint(1, 6), r.randint(1, 6))
    if step is Step.LAUNCH:
        (ax, ay), (bx, by) = game.start_line
        mx, my = (ax + bx) / 2, (ay + by) / 2
        first = game.course.legs[0] if game.course.legs else None
        def key(a: Launch):
            closeness = math.hypot(a.x - mx, a.y - my)
            upwind = 0 if abs((a.heading - game.wind_from + 180) % 360 - 180) <= 45 else 1
            return (upwind, closeness + rng.random())
        return min(legal, key=key)
    target = waypoint(game, state, boat)
    if step is Step.BEGIN:
        card = game.cards.types.get(boat.planned) if boat.planned else None
        return Begin(bool(card and card.trapeze))
    if step is Step.PIVOT:
        def pivot_score(p: Pivot) -> float:
            # Look a card ahead: the best card that could lie in front of the new bow.
            pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + p.turn)
            b = boat.with_(pose=pose, tack=tack_of(pose.heading, game.wind_from, boat.tack))
            cards = [c for c in game.cards.types.values()
                     if c.kind is Kind.NORMAL and not dr.card_fits(game, b, c, True, state.round + 1)]
            keys = tuple(c.key for c in cards)
            if not keys:
                return -1e9
            hits = game.fixed_hits(card_shapes(game, pose, b.tack, 0.0, keys))
            cards = [c for c, h in zip(cards, hits)
                     if h is None and not dr.placement_blocked(game, state, b, c)]
            return max(_best_exits(game, state, b, cards, target).values(), default=-1e9)
        return max(legal, key=lambda p: (pivot_score(p), rng.random()))
    if step is Step.MOVE:
        opts = {o.index: o for o in dr.exit_options(game, state)}
        def move_score(m: Move | Substitute) -> float:
            if isinstance(m, Substitute):
                card = game.cards.types[m.card]
                return -1e6 if card.kind is Kind.DELAY else _best_exit(game, state, boat, card, target) - 1e3
            o = opts[m.exit]
            pose = o.bonus if m.bonus and o.bonus is not None else o.pose
            if m.shift:
                pose = dr.exit_options(game, state, m.shift)[m.exit].pose
            card = game.cards.types[state.turn.card]
            s = _score(game, state, boat, pose, target, o.tack) - _exit_penalty(game, boat, card, o.pose)
            if o.blocked_by:
                s -= 2 * game.cards.card_length
            return s
        return max(legal, key=lambda m: (move_score(m), rng.random()))
    if step is Step.LUCK:
        state_row = state.turn.hazards[0]
        odds = game.hazards.odds(state_row[0], 0, state_row[1])
        bad = sum(p for o, p in odds.items() if o.effect in ("capsize", "man_overboard"))
        return Luck(1) if bad > 0.05 and boat.lady_luck else Luck(0)
    if step is Step.PLACE:
        normal = [game.cards.types[p.card] for p in legal if p.card is not None
                  and game.cards.types[p.card].kind is Kind.NORMAL]
        scores = _best_exits(game, state, boat, normal, target)

        def place_score(p: Place) -> float:
            if p.card is None:
                return -1e12
            card = game.cards.types[p.card]
            if card.kind is Kind.DELAY:
                return -1e9 if not in_irons(boat.pose.heading, game.wind_from) else 0.0
            if card.kind in (Kind.SPI_UP, Kind.SPI_DOWN):
                return -1e8   # the simple skipper leaves the spinnaker alone
            s = scores.get(card.key, -math.inf)
            if card.kind is not Kind.NORMAL:
                s = _best_exit(game, state, boat, card, target)
            if dr.placement_blocked(game, state, boat, card):
                s -= 4 * game.cards.card_length     # it would only be held aside
            return s
        return max(legal, key=lambda p: (place_score(p), rng.random()))
    if step is Step.WEATHER_EYE:
        return Pass()
    return legal[0]
