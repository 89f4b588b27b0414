"""The coach: the hard skipper's best choices for the seat whose turn it is.

``hints(race, n=3)`` ranks the legal actions of this step the way the hard skipper
weighs them (:mod:`dinghy.skippers.dinghy_race.hard`) and returns up to ``n`` of them, best first,
each with the rounds it expects still to sail to the finish, the exact chance that the
hazard roll it leads to capsizes the boat or loses a man (a Fraction, 0 where no roll
follows), any right-of-way trouble the engine reports for it, and where it leaves the
boat (``end``). The window draws them as ghosts; the rules are the engine's, the coach
only reads them.

Two things a player reads into the hints are kept true here:

* One count of rounds. The figure is the hard skipper's estimate of the race from
  where a choice leaves the boat (its open-water estimate blended with the time-to-go
  field). Before the gun the skipper weighs places by the line instead (any place from
  which it can make the line in time weighs alike, so every hint read one figure): the
  coach's figure is then the rounds to wait for the gun, or to sail to the line where
  that takes longer, and the race from the best place on the line for that boat; the
  hint says when the boat would be at the line against the gun ("line 1.5 rounds
  before the gun"), which tells apart choices the figure cannot.
* One ghost, one choice. Two choices that end at one spot (two cards whose best exits
  end alike, one exit reached by two actions) would be one ghost under two labels: the
  better is kept and the next distinct choice offered.
* No figure made up. Where to lay a Weather Eye card and which way to drift the cards
  are weighed by a forecast of what the cards give the boat holding its course
  (:mod:`dinghy.skippers.dinghy_race.weather_eye_value`, as the hard skipper weighs them); a launch
  by the figure before the gun; a choice the coach does not weigh in rounds (whether
  to trapeze) is the hard skipper's own, offered alone.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from dinghy.core.errors import DinghyError
from dinghy.core.geometry import Pose
from dinghy.core.race import Race
from dinghy.core.wind import Tack
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Launch, Luck, Move, Pivot, Place, Substitute
from dinghy.games.dinghy_race.cards import Kind
from dinghy.games.dinghy_race.state import Step
from dinghy.games.dinghy_race.table import reach_rows
from dinghy.core.caches import remember
from dinghy.skippers.dinghy_race import hard, weather_eye_value
from dinghy.skippers.dinghy_race.batch import PRESTART_ROUNDS, Batch, at_poses
from dinghy.skippers.dinghy_race.brain import chart_of
from dinghy.skippers.dinghy_race.field_store import field_now
from dinghy.skippers.dinghy_race.obstacles import Obstacles


@dataclass(frozen=True)
class Hint:
    action: Any
    text: str
    expected_rounds: float
    capsize_risk: Fraction | float
    row_trouble: str | None = None
    #: where the choice leaves the boat (a card laid: where its best exit takes it when it
    #: is sailed; a move: where the exit ends), None where the boat stays as it is
    end: Pose | None = None
    end_tack: Tack | None = None
    #: what else the figure depends on: before the gun, when the choice would bring the
    #: boat to the line against the gun; a Weather Eye card, when it comes within reach
    #: and who else may use it
    note: str | None = None


#: the spread (rounds) of the coach's guess of when a boat reaches a place on the start
#: line: half a round, and a tenth of the sailing time (traffic, the 15-degree exits)
ARRIVAL_SPREAD = (0.5, 0.1)


def hints(race: Race, n: int = 3) -> list[Hint]:
    """Up to ``n`` legal actions for the acting seat, fewest expected rounds first, each
    leaving the boat somewhere else on the water (two choices that end at one spot are
    one ghost to a player: the better is kept and the next one offered)."""
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
    notes: dict[Any, str] = {}
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
    elif state.step in (Step.WEATHER_EYE, Step.DRIFT):
        scored, notes = _weather_eye_values(race, ch, boat, now)
    elif state.step is Step.LAUNCH:
        scored = _launch_values(race, ch, boat, legal)
    else:
        # a choice the coach does not weigh in rounds (whether to trapeze): the hard
        # skipper's own, alone, rather than figures made up for the others
        scored = [(now, sk.choose(race, random.Random(0)))]
    scored = [(v, a) for v, a in scored if math.isfinite(v) and race.why_not(a) is None]
    ends = _ends(race, ch, boat, [a for _, a in scored])
    if _before_the_gun(state) and state.step in (Step.PLACE, Step.MOVE, Step.PIVOT, Step.LAUNCH):
        # before the start the skipper weighs places by the line, not by rounds (any
        # place it can reach the line from in time reads alike): the coach's figure is
        # the rounds to wait for the gun and the race from where each choice leaves the
        # boat, ranked by that figure, the skipper's order within a tie
        figures = dict(zip((a for _, a in scored), _start_figures(race, ch, boat, scored, ends)))
        scored = sorted(((figures[a][0], v, a) for v, a in scored), key=lambda t: (t[0], t[1], t[2].text()))
        ranked = [(f, a) for f, _v, a in scored]
    else:
        figures = {}
        ranked = sorted(scored, key=lambda va: (va[0], va[1].text()))
    out: list[Hint] = []
    seen: set[str] = set()
    spots: list[tuple[float, float, int]] = []
    for v, a in ranked:
        t = a.text()
        end, end_tack = ends.get(a, (None, None))
        spot = _spot(race.game, end) if end is not None else None
        if t in seen or (spot is not None and any(_same_spot(race.game, spot, s) for s in spots)):
            continue
        seen.add(t)
        if spot is not None:
            spots.append(spot)
        risk, trouble = _risk_and_trouble(race, a, boat)
        note = figures[a][1] if a in figures else notes.get(a)
        out.append(Hint(a, _describe(race, a, v, note), float(v), risk, trouble, end, end_tack, note))
        if len(out) >= n:
            break
    return out


def _before_the_gun(state) -> bool:
    """Whether the step's move is sailed before round 6, when no boat may cross the line
    (a card laid now is sailed next round)."""
    return state.round + (1 if state.step is Step.PLACE else 0) <= PRESTART_ROUNDS


# -- where a choice leaves the boat -----------------------------------------------------------

def _spot(game, pose: Pose) -> tuple[float, float, int]:
    """Where a ghost boat at ``pose`` is drawn: the middle of its hull, and its heading."""
    mid = pose.forward(-game.cards.hull_length / 2)
    return (mid.x, mid.y, pose.heading % 360)


def _same_spot(game, a: tuple[float, float, int], b: tuple[float, float, int]) -> bool:
    """Two ghosts a player cannot tell apart: one hull over the other (the same heading,
    the middles closer than a fifth of a hull)."""
    return a[2] == b[2] and math.hypot(a[0] - b[0], a[1] - b[1]) < 0.2 * game.cards.hull_length


def _ends(race: Race, ch, boat, actions: list[Any]) -> dict[Any, tuple[Pose | None, Tack | None]]:
    """Where each action leaves the boat, by the engine's geometry: a move where its exit
    ends (the spinnaker bonus included), a pivot turned in place, a launch where it puts
    the boat, a card laid (or sailed instead under rule 1) where its best clear exit
    ends, valued as the figures are (the boat's own place for a card without one: the
    delay, or no card)."""
    game, state = race.game, race.state
    out: dict[Any, tuple[Pose | None, Tack | None]] = {}
    opts: dict[float, list] = {}
    for a in actions:
        if isinstance(a, Move) and state.turn.card is not None:
            if a.shift not in opts:
                opts[a.shift] = dr.exit_options(game, state, a.shift)
            o = next((o for o in opts[a.shift] if o.index == a.exit), None)
            if o is not None:
                out[a] = ((o.bonus if a.bonus and o.bonus is not None else o.pose), o.tack)
        elif isinstance(a, Pivot):
            pose = Pose(boat.pose.x, boat.pose.y, (boat.pose.heading + a.turn) % 360)
            out[a] = (pose, dr.tack_of(pose.heading, game.wind_from, boat.tack))
        elif isinstance(a, Launch):
            out[a] = (Pose(a.x, a.y, a.heading), dr.tack_of(a.heading, game.wind_from, boat.tack))
        elif isinstance(a, (Place, Substitute)):
            later = 1 if isinstance(a, Place) else 0
            end = (None, None) if a.card is None else \
                _best_exit(race, ch, boat, game.cards.types[a.card], state.round + later)
            # no exit (the delay card, no card at all) or none clear: the boat stays
            out[a] = end if end[0] is not None else (boat.pose, boat.tack)
    return out


def _best_exit(race: Race, ch, boat, card, rnd: int) -> tuple[Pose | None, Tack | None]:
    """The end of the card's clear exit the coach values most, sailed from where the boat
    is now in round ``rnd`` (None: the card has no exit, or none is clear)."""
    game, state = race.game, race.state
    rows = [r for r in reach_rows(game, state.boats, boat, [card], 0.0, dr.lines_on_water(game, state))
            if r[4] is None]
    if not rows:
        return None, None
    poses = [r[2] for r in rows]
    vals = _end_values(race, ch, boat, poses, [r[3] for r in rows], rnd)
    i = int(np.argmin(vals))
    return poses[i], rows[i][3]


# -- the figures: rounds to the finish ----------------------------------------------------------

def _batch(ch, boat, poses: list[Pose], tacks: list[Tack], rnd: int) -> Batch:
    """Boats at ``poses`` after a move from where ``boat`` is, the start, roundings and
    finish along the way counted as the skippers' chart counts them."""
    return ch.advance(at_poses(boat, poses, tacks), rnd)


def _end_values(race: Race, ch, boat, poses: list[Pose], tacks: list[Tack], rnd: int) -> np.ndarray:
    """Rounds from the end of round ``rnd`` to the finish for a boat left at each pose:
    after the gun the hard skipper's estimate of the race from there; before it, the
    rounds still to wait for the gun and the race from the line (:func:`_from_the_line`)."""
    if rnd > PRESTART_ROUNDS or boat.started:
        B = _batch(ch, boat, poses, tacks, max(rnd, PRESTART_ROUNDS + 1))
        return np.maximum(hard._SKIPPER.race_value(race, ch, B, max(rnd, PRESTART_ROUNDS + 1), boat), 0.0)
    return _from_the_line(race, ch, boat, poses, tacks, rnd)[0]


def _line_values(race: Race, ch, boat) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Points along the start line (the skippers' chart's) and the race from just across
    each, on the best heading there."""
    game = race.game
    key = (id(game), field_now(game) is not None)
    got = _LINE.get(key)
    if got is not None and got[0] is game:
        return got[1]
    xs, ys = np.asarray(ch.sxs, float), np.asarray(ch.sys, float)
    k, nh = len(xs), 24
    up = 0.25 * ch.L
    n = k * nh
    B = Batch(np.repeat(xs + ch.upx * up, nh), np.repeat(ys + ch.upy * up, nh),
              np.tile(np.arange(nh, dtype=np.int64) * 15, k), np.ones(n, np.int64), np.zeros(n, bool),
              np.zeros(n, np.int64), np.full(n, -99, np.int64), np.zeros(n, bool), np.zeros(n, bool),
              np.full(n, -1, np.int64), np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n),
              np.repeat(xs - ch.upx * up, nh), np.repeat(ys - ch.upy * up, nh))
    h = B.h
    rel = (ch.wind - h) % 360
    B.tack = np.where(rel < 180, 1, -1).astype(np.int64)
    ch.advance(B, PRESTART_ROUNDS + 1)
    v = hard._SKIPPER.race_value(race, ch, B, PRESTART_ROUNDS + 1, boat).reshape(k, nh)
    v = np.where(np.isfinite(v), v, np.inf).min(1)
    remember(_LINE, key, (game, (xs, ys, v)), 8)
    return xs, ys, v


def _from_the_line(race: Race, ch, boat, poses: list[Pose], tacks: list[Tack], rnd: int):
    """Before the gun: from the end of round ``rnd``, the rounds until the boat crosses
    the line (it may not before round 6: the wait, or the sail to the line where that is
    longer) and the race from there, at the place on the line that is best for it; and
    the rounds the boat needs to sail to that place (against the wait: early or late).

    Reaching a place on the line takes the open-water time to it plus the turn of the
    bow towards it; the coach is not sure of that time (traffic, the 15-degree exits),
    so the wait counts as the expected longer of the two (:data:`ARRIVAL_SPREAD`): a
    boat with time to spare reads the wait alone, one that needs every round of it a
    little more, a late one its lateness."""
    from scipy.special import ndtr

    xs, ys, after = _line_values(race, ch, boat)
    wait = float(PRESTART_ROUNDS + 1 - rnd)        # moves until the first that may cross
    B = _batch(ch, boat, poses, tacks, rnd)
    n, k = len(B), len(xs)
    R = B.take(np.repeat(np.arange(n), k))
    tx, ty = np.tile(xs, n), np.tile(ys, n)
    T = ch.time(tx - R.x, ty - R.y) + ch.heading_penalty(R, tx, ty, hard.STYLE.heading_scale)
    sd = ARRIVAL_SPREAD[0] + ARRIVAL_SPREAD[1] * T
    z = (T - wait) / sd
    arrive = wait + (T - wait) * ndtr(z) + sd * np.exp(-0.5 * z * z) / math.sqrt(2 * math.pi)
    total = (arrive + np.tile(after, n)).reshape(n, k)
    best = total.argmin(1)
    return total[np.arange(n), best], T.reshape(n, k)[np.arange(n), best], wait


def _start_figures(race: Race, ch, boat, scored, ends) -> list[tuple[float, str]]:
    """The pre-start figure of each scored action (rounds from now to the finish) and
    the words on its timing: when it would reach the line against the gun."""
    state = race.state
    later = 1 if state.step is Step.PLACE else 0
    out = []
    for _v, a in scored:
        end, tack = ends.get(a, (None, None))
        if end is None:
            end, tack = boat.pose, boat.tack
        total, sail, wait = _from_the_line(race, ch, boat, [end], [tack], state.round + later)
        out.append((later + float(total[0]), line_words(float(sail[0]), wait)))
    return out


def line_words(sail: float, wait: float) -> str:
    """The timing of a start in words: the rounds of sailing to the line against the
    rounds to the gun ("line 2.5 rounds before the gun", "line with the gun", "line 1.2
    rounds after the gun")."""
    spare = wait - sail
    if spare >= 0.25:
        return f"line {spare:.1f} rounds before the gun"
    if spare > -0.25:
        return "line with the gun"
    return f"line {-spare:.1f} rounds after the gun"


# -- values per step ------------------------------------------------------------------------

def _rounds_now(race: Race, boat) -> float:
    """Rounds from now to the finish where the boat is (before the gun, the wait
    included), on the scale of the hints' figures."""
    ch = chart_of(race.game)
    state = race.state
    v = _end_values(race, ch, boat, [boat.pose], [boat.tack], state.round)
    return max(float(v[0]), 0.0)


def _weather_eye_values(race: Race, ch, boat, now: float):
    """Laying a Weather Eye card, or drifting the cards: the forecast's figures."""
    step = race.state.step
    rnd = race.state.round + (1 if step is Step.DRIFT else 0)

    def value(poses, tacks):
        return _end_values(race, ch, boat, poses, tacks, rnd)
    if step is Step.DRIFT:
        return weather_eye_value.drift_choices(race, ch, value, now)
    return weather_eye_value.lay_choices(race, ch, value, now)


def _launch_values(race: Race, ch, boat, legal) -> list[tuple[float, Any]]:
    """Launching: each place by the coach's figure before the gun (the wait and the race
    from the line, :func:`_end_values`), its card laid across the wind."""
    launches = [a for a in legal if isinstance(a, Launch)]
    if not launches:
        return []
    poses = [Pose(a.x, a.y, a.heading) for a in launches]
    tacks = [dr.tack_of(a.heading, race.game.wind_from, boat.tack) for a in launches]
    v = _end_values(race, ch, boat, poses, tacks, max(race.state.round, 1))
    return list(zip((float(x) for x in v), launches))


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


def _describe(race: Race, action, v: float, note: str | None = None) -> str:
    return f"{action.text()}: about {v:.1f} rounds to the finish" + (f", {note}" if note else "")


_LINE: dict = {}      # (id(game), field ready) -> (game, (line xs, ys, race from each))
