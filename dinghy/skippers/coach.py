"""The coach: the hard skipper's best choices for the seat whose turn it is.

``hints(race, n=3)`` ranks the legal actions of this step the way the hard skipper
weighs them (:mod:`dinghy.skippers.hard`) and returns up to ``n`` distinct ones, best
first, each with the turns it expects still to sail to the finish, the exact chance that
the hazard roll it leads to capsizes the boat or loses a man (a Fraction, 0 where no roll
follows), and any right-of-way trouble the engine reports for it. The window draws them
as ghosts; the rules are the engine's, the coach only reads them.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from dinghy.core.errors import DinghyError
from dinghy.core.race import Race
from dinghy.games.dinghy_race.actions import Luck, Move, Pivot, Place, Substitute
from dinghy.games.dinghy_race.cards import Kind
from dinghy.games.dinghy_race.state import Step
from dinghy.skippers import hard
from dinghy.skippers.batch import PRESTART_ROUNDS
from dinghy.skippers.brain import chart_of
from dinghy.skippers.obstacles import Obstacles
from dinghy.skippers.field import field_of


@dataclass(frozen=True)
class Hint:
    action: Any
    text: str
    expected_rounds: float
    capsize_risk: Fraction | float
    row_trouble: str | None = None


def hints(race: Race, n: int = 3) -> list[Hint]:
    """Up to ``n`` distinct legal actions for the acting seat, fewest expected rounds first."""
    if race.over or race.chance:
        return []
    state = race.state
    sk = hard._SKIPPER
    sk._race = race
    boat = state.boat()
    ch = chart_of(race.game)
    sk._lv = sk._luck_value(race, ch, boat) if state.step in (Step.MOVE, Step.PLACE, Step.PIVOT) else None
    legal = race.legal_actions()
    if not legal:
        return []
    now = _rounds_now(race, boat)
    scored: list[tuple[float, Any]]
    if state.step is Step.PLACE:
        scored = _place_values(race, sk, ch, boat, legal)
    elif state.step is Step.MOVE:
        scored = _move_values(race, sk, ch, boat, legal)
    elif state.step is Step.LUCK:
        row, modifier = state.turn.hazards[0]
        delays = hard.expected_delays(race, row, modifier, boat.lady_luck)
        # a card spent now is missing later: its worth counts against it
        lv = sk._luck_value(race, ch, boat)
        scored = [(now + delays[a.cards] + a.cards * lv, a) for a in legal
                  if isinstance(a, Luck) and a.cards < len(delays)]
    elif state.step is Step.PIVOT:
        scored = _pivot_values(race, sk, ch, boat, legal)
    else:
        best = sk.choose(race, random.Random(0))
        scored = [(now, best)] + [(now + 0.5, a) for a in legal if a != best]
    prestart = (state.round + (1 if state.step is Step.PLACE else 0)) <= PRESTART_ROUNDS
    if prestart and state.step in (Step.PLACE, Step.MOVE) and scored:
        # before the start the skipper weighs places by the line, not by turns: count
        # the rounds still to wait and the race from the line, and keep the order
        low = min(v for v, _ in scored)
        wait = PRESTART_ROUNDS - state.round
        scored = [(now + wait + (v - low), a) for v, a in scored]
    scored = [(v, a) for v, a in scored if math.isfinite(v) and race.why_not(a) is None]
    scored.sort(key=lambda va: (va[0], va[1].text()))
    out: list[Hint] = []
    seen: set[str] = set()
    for v, a in scored:
        t = a.text()
        if t in seen:
            continue
        seen.add(t)
        risk, trouble = _risk_and_trouble(race, a, boat)
        out.append(Hint(a, _describe(race, a, v), float(v), risk, trouble))
        if len(out) >= n:
            break
    return out


# -- values per step ------------------------------------------------------------------------

def _rounds_now(race: Race, boat) -> float:
    ch = chart_of(race.game)
    B = hard._SKIPPER.batch_of(ch, boat)
    v = float(field_of(race.game).value_of_batch(B)[0]) if race.state.round >= 5 else math.nan
    if not math.isfinite(v):
        v = float(ch.course_value(B, max(race.state.round, 6))[0][0])
    return max(v, 0.0)


def _place_values(race, sk, ch, boat, legal) -> list[tuple[float, Any]]:
    state = race.state
    keys = [a.card for a in legal if isinstance(a, Place) and a.card is not None]
    if not keys:
        return [(_rounds_now(race, boat), a) for a in legal]
    obs = Obstacles(ch, state, boat.index)
    sk._sample_traffic(race, ch, random.Random(f"coach:{state.round}:{boat.index}"))
    try:
        P = sk.batch_of(ch, boat)
        mask = ch.card_mask(keys)[None, :]
        dk = ch.delay_key
        done = state.turn.card
        last = ch.index.get(done, -1) if done else -1
        vals, _ = sk.scores(race, ch, boat, P, mask, np.array([dk in keys]), state.round + 1, last, obs)
    finally:
        sk._traffic = None
    out = []
    for a in legal:
        if not isinstance(a, Place) or a.card is None:
            continue
        v = float(vals[0, -1]) if a.card == dk else float(vals[0, ch.index[a.card]])
        out.append((1.0 + v, a))
    return out


def _move_values(race, sk, ch, boat, legal) -> list[tuple[float, Any]]:
    state = race.state
    game = race.game
    card = game.cards.types[state.turn.card]
    moves = [a for a in legal if isinstance(a, Move)]
    subs = [a for a in legal if isinstance(a, Substitute)]
    obs = Obstacles(ch, state, boat.index)
    sk._obs = obs
    out = []
    if moves:
        out += list(zip((float(v) for v in sk._move_values(race, ch, boat, card, moves, obs)), moves))
    for s in subs:
        out.append((float(sk._substitute_value(race, ch, s, boat, obs)), s))
    return out


def _pivot_values(race, sk, ch, boat, legal) -> list[tuple[float, Any]]:
    state = race.state
    plan = sk._heading_plan(race, ch, boat, Obstacles(ch, state, boat.index))
    h0 = boat.pose.heading
    out = []
    for p in legal:
        if not isinstance(p, Pivot):
            continue
        h = (h0 + p.turn) % 360
        if state.turn.then_place:
            v = plan.get(h, math.inf)
        else:
            v = 1.0 + min(plan.get((h + d) % 360, math.inf) for d in (0, -45, 45))
        out.append((v, p))
    return out


# -- what an action risks -----------------------------------------------------------------

def _risk_and_trouble(race: Race, action, boat) -> tuple[Fraction, str | None]:
    """The chance of a capsize or a man overboard on the roll the action leads to (with no
    Lady Luck), and the engine's right-of-way report for it."""
    game, state = race.game, race.state
    if state.step is Step.LUCK:
        row, modifier = state.turn.hazards[0]
        return hard.capsize_risk(race, row, modifier, action.cards), None
    if state.step is Step.PLACE and isinstance(action, Place) and action.card is not None:
        row = _row_of_card(game, boat, action.card)
        risk = hard.capsize_risk(race, row, 0, 0) if row and game.hazards.needs_roll(row) else Fraction(0)
        return risk, _held_aside(race, boat, action.card)
    try:
        after, events = game.apply(state, action)
    except DinghyError:
        return Fraction(0), None
    risk = Fraction(0)
    if after.step in (Step.LUCK, Step.ROLL) and after.turn.hazards:
        row, modifier = after.turn.hazards[0]
        risk = hard.capsize_risk(race, row, modifier, 0)
    trouble = next((e.text for e in events if e.kind in ("right_of_way", "aside", "obstacle")), None)
    return risk, trouble


def _row_of_card(game, boat, key: str) -> str | None:
    kind = game.cards.types[key].kind
    if kind is Kind.TACK:
        return "tack_trapeze" if boat.trapeze else "tack"
    if kind is Kind.JIBE:
        return "jibe_spi" if boat.spi_up else "jibe"
    if kind is Kind.SPI_UP:
        return "spi_up"
    if kind is Kind.SPI_DOWN:
        return "spi_down"
    return None


def _held_aside(race: Race, boat, key: str) -> str | None:
    """Whether the engine would hold this card aside on another boat's hull."""
    sk = hard._SKIPPER
    ch = chart_of(race.game)
    if key not in ch.index:
        return None
    P = sk.batch_of(ch, boat)
    who = sk._held_by(ch, P, np.zeros(1, np.int64), np.array([ch.index[key]], np.int64))[0]
    if who < 0:
        return None
    return f"the card would lie on {race.game.name(who)}'s hull and be held aside"


def _describe(race: Race, action, v: float) -> str:
    return f"{action.text()}: about {v:.1f} rounds to the finish"
