"""The hard skipper: plays to win, on the time-to-go field.

It makes the turn's decisions with the shared machinery of :mod:`dinghy.skippers.dinghy_race.core`
(every exit of the revealed card, every card it may lay next and that card's exits: two
cards ahead, every candidate checked against the table), and it values where a line ends
by the course's time-to-go field (:mod:`dinghy.skippers.dinghy_race.field`: the fewest turns to the
finish from a position *and heading*, tacks, jibes and mark roundings included, built
once per course and wind) blended with the open-water estimate: the place half by each
(the field's turns to go at the best heading there, the open-water estimate's), plus what
the field says the heading costs there (the turns of tacking, jibing or bearing away to
the best heading at that spot, marks and land included). (Valued by the field alone, or
the place by the open-water estimate alone, it sailed slower against the tactician: the
field's own line, sailed exactly, takes 9 to 29% longer than it promises.) Before the start the open-water estimate keeps the timing (at the line
when round 6 begins, never touching it early) and the field picks the place on the line:
the boat launches and waits towards the favoured end. On top of that:

* Lady Luck: before a hazard roll it reads every throw of the dice the game offers
  (``game.chance_outcomes``) through the hazard table, and commits the number of cards
  that minimises the expected delay plus what the cards are worth later (a card held
  to the finish is wasted, so the worth falls as the race runs out).
* Other boats' hidden cards: a nearby boat's face-down card is known only by how it
  lies (the seat's ``game.observation``); the skipper samples cards that fit that
  footprint and the boat's point of sail, and where their exits would put the boat
  before our next move, and avoids ending its own move there; and a tack or jibe whose
  path or end lies where such a boat would lay its next card is priced as refused under
  rule 1 (it costs the turn).
* Weather Eye cards: laid where the forecast of :mod:`dinghy.skippers.dinghy_race.weather_eye_value`
  says they drift into reach of its course and gain it most (a place no rival can use
  first, among equals), and drifted the way that gains it most; the coach's Weather Eye
  hints are the same forecast.
* Right of way, where it is simple: near a boat on the other tack it prefers to be the
  starboard boat (the port boat keeps clear), and at a mark it claims room as the
  inner boat (:func:`interject`). Protests are the players' call (the Race Steward's),
  and the engine's rulings follow the rules, so it does not protest.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction
from typing import Any

import numpy as np

from dinghy.core.race import Race
from dinghy.games.dinghy_race.actions import Action, Drift, Luck, Overlap, Pass
from dinghy.games.dinghy_race.cards import Kind
from dinghy.games.dinghy_race.state import Step
from dinghy.core.caches import remember
from dinghy.skippers.dinghy_race.batch import FINISHED, JIBE, PRESTART_ROUNDS, TACK, Batch, at_poses
from dinghy.skippers.dinghy_race.brain import Chart, chart_of
from dinghy.skippers.dinghy_race.obstacles import Obstacles
from dinghy.skippers.dinghy_race.core import Skipper
from dinghy.skippers.dinghy_race.costs import Style
from dinghy.skippers.dinghy_race import weather_eye_value
from dinghy.skippers.dinghy_race.field_store import field_now, field_of, ready as field_ready

NAME = "hard"

STYLE = Style(depth=2, tack_penalty=0.0, luck_value=0.35, heading_scale=0.6)
FALLBACK = 2.0          # turns added where the field knows no value (beside a mark, off the grid)
TRAFFIC = 0.8           # turns for ending our next move where a nearby boat is likely to be
GIVE_WAY = 0.5          # ... more when we would be the port-tack boat, keeping clear
START_PULL = 1.0        # weight of the field's favoured end of the start line
RULE1 = 1.0             # turns a tack refused under rule 1 costs (a one-turn delay)
SAMPLES = 8             # sampled (card, exit) of a nearby boat's face-down card


class HardSkipper(Skipper):
    def __init__(self) -> None:
        super().__init__(STYLE)
        self._traffic: tuple[np.ndarray, ...] | None = None

    def ready(self, race: Race) -> bool:
        """Whether a decision now is free of the wait for the course's field (built, or
        loaded from the cache folder, on a background thread, started here if nobody
        has): the table lets the window live meanwhile instead of freezing in a choice."""
        return not self.use_field or field_ready(race.game)

    # -- the value of a position ---------------------------------------------------------
    use_field = True
    #: True: the open-water estimate blended with the field (:meth:`_course_leaf`;
    #: measured better than the field alone: the field's own line, sailed exactly, takes
    #: 9-29% longer than it promises, and a skipper led by its values sails that much too)
    hybrid = True

    def _course_leaf(self, race: Race, ch: Chart, B: Batch, rnd: int, boat) -> np.ndarray:
        """After the start (hybrid): the open-water estimate of where each move ends, with
        what the field says the heading costs there (the turns of tacking, jibing and
        bearing away to the best heading at that spot, marks and land included), and
        the place itself valued part by the field (``pos_weight``: the field's turns to
        go at the best heading there instead of the open-water estimate's)."""
        if rnd <= PRESTART_ROUNDS or not (self.use_field and self.hybrid):
            return super()._course_leaf(race, ch, B, rnd, boat)
        cv, tx, ty = ch.course_value(B, rnd, self.slot(race, boat.index))
        v = cv + ch.heading_penalty(B, tx, ty, self.style.heading_scale)
        if B.spi.any():
            v = v + (ch.spi_adjust(B, tx, ty, v) if self.style.spinnaker else np.where(B.spi, 1.0, 0.0))
        f = field_of(race.game)
        fv, vmin = f.values_of_batch(B)
        known = np.isfinite(vmin) & ~B.finished
        v = v + self.heading_weight * np.where(known & np.isfinite(fv), fv - vmin, 0.0)
        if self.pos_weight:
            v = v + self.pos_weight * np.where(known & np.isfinite(cv), vmin - cv, 0.0)
        return v

    #: the weight of the field's cost of the heading
    heading_weight = 0.5
    #: the share of the place's value taken from the field (the rest: open water): in
    #: 144 two-boat duels with the tactician (seed 1), 0 finished ahead in 57%, 0.25 in
    #: 62%, 0.5 in 69% (seed 1001: 57% -> 67%), 1.0 in 44%
    pos_weight = 0.5

    def leaf(self, race: Race, ch: Chart, B: Batch, rnd: int, boat) -> np.ndarray:
        if rnd <= PRESTART_ROUNDS and self.use_field:
            return super().leaf(race, ch, B, rnd, boat) + START_PULL * self._favoured_end(race, ch, B)
        if rnd <= PRESTART_ROUNDS or not self.use_field:
            return super().leaf(race, ch, B, rnd, boat)
        if self.hybrid:
            return super().leaf(race, ch, B, rnd, boat)
        f = field_of(race.game)
        v = f.value_of_batch(B)
        unknown = ~np.isfinite(v)
        if unknown.any() or B.spi.any():
            sub = np.flatnonzero(unknown | B.spi)
            S = B.take(sub)
            vb, tx, ty = ch.course_value(S, rnd, self.slot(race, boat.index))
            vs = np.where(unknown[sub], vb + FALLBACK, v[sub])
            if S.spi.any():
                # the field has no spinnaker: its bonus on the run ahead, less taking it down
                vs = vs + ch.spi_adjust(S, tx, ty, vs)
            v[sub] = vs
        v = v + B.cost
        return np.where(B.finished, FINISHED + B.cost, self.escape_bias(race, ch, B, rnd, boat, v))

    def launch_bias(self, race: Race, ch: Chart, B: Batch) -> np.ndarray | float:
        return START_PULL * self._favoured_end(race, ch, B) if self.use_field else 0.0

    def _favoured_end(self, race: Race, ch: Chart, B: Batch) -> np.ndarray:
        """Before the start: the turns a place along the line loses to the best place on
        it (the field's turns to go from just below the line, on the best heading there),
        so the skipper heads for the favoured end; the open-water estimate keeps the
        timing, the depth and the line's ends (it is flat along the line's middle). While
        the field is still being built on another thread (a table waits for it before
        asking, :meth:`ready`; a caller that does not), nothing."""
        game = race.game
        (ax, ay), (bx, by) = game.start_line
        prof = _LINE.get(id(game))
        if prof is None or prof[0] is not game:
            f = field_now(game)
            if f is None:
                return np.zeros(len(B))
            ts = np.linspace(0.0, 1.0, 21)
            x = ax + (bx - ax) * ts - ch.upx * 0.3 * ch.L
            y = ay + (by - ay) * ts - ch.upy * 0.3 * ch.L
            v = f.value(np.repeat(x, 24), np.repeat(y, 24), np.tile(np.arange(24) * 15, len(ts)),
                        np.zeros(24 * len(ts), np.int64)).reshape(len(ts), 24)
            v = np.where(np.isfinite(v), v, np.inf).min(1)
            v = np.where(np.isfinite(v), v - v[np.isfinite(v)].min(), 0.0) if np.isfinite(v).any() else 0 * v
            prof = remember(_LINE, id(game), (game, ts, v), 8)
        _g, ts, v = prof
        n2 = (bx - ax) ** 2 + (by - ay) ** 2
        lat = np.clip(((B.x - ax) * (bx - ax) + (B.y - ay) * (by - ay)) / n2, 0.12, 0.88)
        return np.interp(lat, ts, v)

    def _luck_value(self, race: Race, ch: Chart, boat) -> float:
        """A Lady Luck card is worth less as the finish nears (unspent, it is wasted)."""
        if race.state.round <= PRESTART_ROUNDS or not boat.started:
            return super()._luck_value(race, ch, boat)
        B = self.batch_of(ch, boat)
        v = float(field_of(race.game).value_of_batch(B)[0])
        if not math.isfinite(v):
            return super()._luck_value(race, ch, boat)
        return round(self.style.luck_value * min(1.0, max(0.0, v) / 60.0) * 20) / 20

    # -- the table: other boats where we will move ---------------------------------------
    def judge(self, ch: Chart, K: Batch, P: Batch, obs: Obstacles, first: bool, boats: bool = True) -> np.ndarray:
        extra = super().judge(ch, K, P, obs, first, boats)
        if first and boats and self._traffic is not None and len(K):
            ox, oy, otack, ow, oh = self._traffic
            d = np.hypot(K.x[:, None] - ox[None, :], K.y[:, None] - oy[None, :])
            near = d < ch.H + 0.25 * ch.L
            port_vs_star = (K.tack[:, None] < 0) & (otack[None, :] > 0)
            star_vs_port = (K.tack[:, None] > 0) & (otack[None, :] < 0)
            cost = np.where(port_vs_star, TRAFFIC + GIVE_WAY, np.where(star_vs_port, 0.4 * TRAFFIC, TRAFFIC))
            extra = extra + (near * cost * ow[None, :]).sum(1) * (K.card >= 0)
            extra = extra + self._rule1_risk(ch, K, P)
        return extra

    def _rule1_risk(self, ch: Chart, K: Batch, P: Batch) -> np.ndarray:
        """Rule 1: "a boat may not execute a tack or jibe if this would put the boat ... on
        another boat's manoeuvre card" -- the tack is refused and costs a turn. Every
        other boat sails once before our card is executed and lays a new card ahead of
        where it then is: a tack (or jibe, voluntary or not) of ours whose path or end
        lies where a sampled new card of a nearby boat would lie is likely refused."""
        ox, oy, _ot, ow, oh = self._traffic
        mv = K.card >= 0
        kind = ch.c_kind[np.maximum(K.card, 0)]
        turning = mv & ((kind == TACK) | (kind == JIBE) | (K.tack != P.tack[K.parent]))
        out = np.zeros(len(K))
        if not turning.any():
            return out
        j = np.flatnonzero(turning)
        hr = np.radians(K.h[j])
        # the bow where the move ends, the stern, and half way along the path
        px = np.stack([K.x[j], K.x[j] - ch.H * np.sin(hr), 0.5 * (K.x[j] + K.px[j])], 1)
        py = np.stack([K.y[j], K.y[j] - ch.H * np.cos(hr), 0.5 * (K.y[j] + K.py[j])], 1)
        # the other boat's next card: ahead of its bow, across the wind on a beat
        orad = np.radians(oh)
        close = ((oh - ch.wind) % 360 <= 90) | ((ch.wind - oh) % 360 <= 90)
        across = np.where(close, ch.L, ch.W)
        along = np.where(close, ch.W, ch.L)
        dx = px[:, :, None] - ox[None, None, :]
        dy = py[:, :, None] - oy[None, None, :]
        s, c = np.sin(orad)[None, None, :], np.cos(orad)[None, None, :]
        lx = dx * c - dy * s
        ly = dx * s + dy * c
        inside = (np.abs(lx) <= across[None, None, :] / 2 + 0.1 * ch.L) & (ly >= -0.1 * ch.L) \
            & (ly <= along[None, None, :] + 0.1 * ch.L)
        hit = inside.any(1)                       # (candidates, samples)
        out[j] = RULE1 * np.minimum((hit * ow[None, :]).sum(1), 1.0)
        return out

    def _sample_traffic(self, race: Race, ch: Chart, rng: random.Random) -> None:
        """Where nearby boats may be after their next move, from what our seat may see:
        a face-down card only by its footprint (sideways or lengthwise). Not before the
        start: there every boat waits near the line, and the cost of ending near one
        outweighed the small values of the approach (the boats started worse)."""
        self._traffic = None
        game, state = race.game, race.state
        if state.round + 1 <= PRESTART_ROUNDS:
            return
        me = state.active
        obs = game.observation(state, me)
        mine = obs["boats"][me]
        xs, ys, ts, ws, hs = [], [], [], [], []
        types = game.cards.types
        for b in obs["boats"]:
            if (b["boat"] == me or not b["launched"] or b["finished"] is not None or b["aside"]
                    or b["delays"] or b["card"] is None):
                continue
            if math.hypot(b["x"] - mine["x"], b["y"] - mine["y"]) > 3.0 * ch.L:
                continue
            card = b["card"]
            if card.startswith("face-down"):
                foot = card.split(", ", 1)[1]
                keys = [k for k, t in types.items() if t.kind is not Kind.DELAY and t.played.value == foot]
            else:
                keys = [card] if types[card].kind is not Kind.DELAY else []
            if not keys:
                continue
            idx = {ch.index[k] for k in keys if k in ch.index}
            tack = 1 if b["tack"] == "starboard" else -1
            ci, _e, bx, by, h2, t2, _sp, _c = ch.template(int(b["heading"]), tack, bool(b["spi_up"]),
                                                          state.round + 1 <= PRESTART_ROUNDS, 0, None)
            fit = [i for i in range(len(ci)) if int(ci[i]) in idx]
            if not fit:
                continue
            pick = fit if len(fit) <= SAMPLES else rng.sample(fit, SAMPLES)
            for i in pick:
                xs.append(b["x"] + float(bx[i]))
                ys.append(b["y"] + float(by[i]))
                ts.append(int(t2[i]))
                ws.append(1.0 / len(pick))
                hs.append(int(h2[i]))
        if xs:
            self._traffic = (np.array(xs), np.array(ys), np.array(ts), np.array(ws), np.array(hs))

    # -- Weather Eye cards -----------------------------------------------------------------
    def race_value(self, race: Race, ch: Chart, B: Batch, rnd: int, boat) -> np.ndarray:
        """Turns to go from each boat of ``B`` (:meth:`_course_leaf`: the open-water
        estimate blended with the field, the heading's cost included; finished: 0)."""
        return np.where(B.finished, 0.0, self._course_leaf(race, ch, B, rnd, boat))

    def _rounds_at(self, race: Race, ch: Chart, boat, rnd: int):
        """The skipper's rounds to the finish for ``boat`` left at each of some poses (a
        value for :mod:`dinghy.skippers.dinghy_race.weather_eye_value`)."""
        def value(poses, tacks):
            return self.race_value(race, ch, ch.advance(at_poses(boat, poses, tacks), rnd), rnd, boat)
        return value

    def weather_eye(self, race: Race, rng) -> Action:
        """Lay a Weather Eye card where it is forecast to gain the boat most (the engine's
        reach test on the boat's course, :func:`weather_eye_value.spots`), a place no
        rival can use first among equals; keep it while no place is worth it."""
        state = race.state
        boat = state.boat()
        if weather_eye_value.keeps_card(state, boat):
            return Pass()
        ch = chart_of(race.game)
        found = weather_eye_value.spots(race, ch, self._rounds_at(race, ch, boat, state.round), n=1)
        return found[0][0] if found else Pass()

    def drift(self, race: Race, rng=None) -> Action:
        """Drift the cards the way that is forecast to gain the boat most (fewer rivals in
        reach among equals)."""
        state = race.state
        if not any(we.owner is not None for we in state.weather_eyes):
            return Drift(1)
        ch = chart_of(race.game)
        f = weather_eye_value.drift_forecasts(race, ch, self._rounds_at(race, ch, state.boat(), state.round + 1))
        return min(f, key=lambda d: (-round(f[d].gain, 2), len(f[d].others), d.flips))

    # -- the steps -----------------------------------------------------------------------
    def place(self, race: Race, rng) -> Action:
        ch = chart_of(race.game)
        self._sample_traffic(race, ch, rng)
        try:
            return super().place(race, rng)
        finally:
            self._traffic = None

    def luck(self, race: Race, rng=None) -> Action:
        """The Lady Luck cards that cost least: the expected delay over every throw of the
        dice (``game.chance_outcomes``, read through the hazard table) plus the cards'
        worth."""
        game, state = race.game, race.state
        boat = state.boat()
        row, modifier = state.turn.hazards[0]
        lv = self._luck_value(race, chart_of(game), boat)
        best, n_best = math.inf, 0
        for n, cost in enumerate(expected_delays(race, row, modifier, boat.lady_luck)):
            c = cost + n * lv
            if c < best - 1e-9:
                best, n_best = c, n
        act = Luck(n_best)
        return act if race.why_not(act) is None else Luck(0)


def expected_delays(race: Race, row: str, modifier: int, cards: int) -> list[float]:
    """Expected delay cards of a hazard roll for 0..``cards`` Lady Luck cards, over every
    throw the game lists for its dice (exact probabilities)."""
    hazards = race.game.hazards
    key = (id(hazards), row, modifier, cards)
    got = _DELAYS.get(key)
    if got is not None and got[0] is hazards:
        return list(got[1])
    rolls = _dice(race)
    out = []
    for n in range(cards + 1):
        out.append(float(sum(p * hazards.resolve(row, (r.d1, r.d2), n, modifier).delay_cards
                             for r, p in rolls)))
    remember(_DELAYS, key, (hazards, tuple(out)), 256)
    return out


def capsize_risk(race: Race, row: str, modifier: int, cards: int):
    """The exact chance (a Fraction) that the roll capsizes the boat or loses a man."""
    game = race.game
    return sum((p for r, p in _dice(race)
                if game.hazards.resolve(row, (r.d1, r.d2), cards, modifier).effect in ("capsize", "man_overboard")),
               start=Fraction(0))


def _dice(race: Race):
    """The game's chance outcomes for a hazard roll (from a state where the roll is due)."""
    global _DICE_CACHE
    if _DICE_CACHE is None:
        state = race.state
        if race.game.current_player(state) != -1:
            state = state.with_(step=Step.ROLL)
        _DICE_CACHE = list(race.game.chance_outcomes(state))
    return _DICE_CACHE


_DICE_CACHE: list | None = None
_DELAYS: dict = {}       # (id(hazard table), row, modifier, cards) -> (the table, expected delays)
_LINE: dict = {}         # id(game) -> (game, places along the start line, turns lost there)
_SKIPPER = HardSkipper()


def choose(race: Race, rng: random.Random) -> Action:
    """The hard skipper's action for the boat whose turn it is."""
    return _SKIPPER.choose(race, rng)


def ready(race: Race) -> bool:
    """Whether the hard skipper can decide now without waiting for the course's field
    (see :meth:`HardSkipper.ready`)."""
    return _SKIPPER.ready(race)


def interject(race: Race, seat: int) -> Any | None:
    """An out-of-turn call ``seat`` makes now, if any: room at a mark as the inner boat
    (right-of-way rule 3), taken whenever the engine offers it to this seat."""
    for act in race.interjections():
        if isinstance(act, Overlap) and act.boat == seat:
            return act
    return None
