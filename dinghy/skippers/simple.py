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
from dinghy.geometry import Pose
from dinghy.race import Race
from dinghy.rules import dinghy_race as dr
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
        if dr.prestart(state) or state.round < dr.PRESTART_ROUNDS:
            return tuple(mid - game.upwind * (2.0 * L))
        return tuple(mid + game.upwind * L)
    if boat.legs_done >= len(course.legs):
        (fx, fy), (gx, gy) = game.finish_line
        return ((fx + gx) / 2, (fy + gy) / 2)
    leg = course.legs[boat.legs_done]
    marks = {m.id: m for m in course.marks}
    if len(leg.mark_ids) == 2:
        m1, m2 = marks[leg.mark_ids[0]], marks[leg.mark_ids[1]]
        return ((m1.x + m2.x) / 2, (m1.y + m2.y) / 2)
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


def _score(game: dr.Game, state, boat: Boat, pose: Pose, target) -> float:
    """Higher is better: closer to the waypoint, never in irons, clear of the start line."""
    d = math.hypot(target[0] - pose.x, target[1] - pose.y)
    score = -d
    if in_irons(pose.heading, game.wind_from):
        score -= 3 * game.cards.card_length
    if dr.prestart(state) or (not boat.started and state.round < dr.PRESTART_ROUNDS + 1):
        depth = game.leeward_depth(pose.x, pose.y)
        if depth < game.cards.card_length * 1.4 and state.round < dr.PRESTART_ROUNDS:
            score -= 10 * game.cards.card_length
    return score


def _best_exit(game: dr.Game, state, boat: Boat, card: CardType, target) -> float:
    best = -math.inf
    tack_of_boat = boat.tack
    for ex in card.exits:
        end = exit_pose(boat.pose, tack_of_boat, card, ex, game.cards.hull_length)
        if card.changes_tack and tack_of(end.heading, game.wind_from, boat.tack) is boat.tack:
            continue
        shape = dr.move_shape(game, boat, card, end, boat.tack, 0.0)
        if dr.fixed_hit(game, shape):
            continue
        s = _score(game, state, boat, end, target)
        # Changing tack costs a hazard roll: take it only when it pays.
        if card.changes_tack or tack_of(end.heading, game.wind_from, boat.tack) is not boat.tack:
            s -= 0.3 * game.cards.card_length
        best = max(best, s)
    return best


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
        want = bool(card and card.trapeze) or (
            PointOfSail.CLOSE_HAULED in points_of_sail(boat.pose.heading, game.wind_from)
            and card is not None and card.kind is Kind.NORMAL and boat.trapeze and not card.trapeze
            and False)
        return Begin(want)
    if step is Step.PIVOT:
        def pivot_score(p: Pivot) -> float:
            pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + p.turn)
            s = _score(game, state, boat, pose, target)
            # look a card ahead: a pivot that points where a card can go is better
            return s + (0 if not in_irons(pose.heading, game.wind_from) else -1000)
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
            s = _score(game, state, boat, pose, target)
            if o.involuntary:
                s -= 0.5 * game.cards.card_length
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
        def place_score(p: Place) -> float:
            if p.card is None:
                return -math.inf
            card = game.cards.types[p.card]
            if card.kind is Kind.DELAY:
                return -1e9 if not in_irons(boat.pose.heading, game.wind_from) else 0.0
            if card.kind in (Kind.SPI_UP, Kind.SPI_DOWN):
                return -1e8   # the simple skipper leaves the spinnaker alone
            return _best_exit(game, state, boat, card, target)
        return max(legal, key=lambda p: (place_score(p), rng.random()))
    if step is Step.WEATHER_EYE:
        return Pass()
    return legal[0]
