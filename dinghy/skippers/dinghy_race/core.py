"""The decisions of a turn, shared by the skippers; a :class:`Style` sets how deep they
look and how they weigh risk.

Every choice is made among the engine's legal actions (or, for Begin, Luck, Roll, Pass
and Drift, among actions that are always legal at that step; a Weather Eye card or a
launch position of our own is checked with ``race.why_not`` first), so a skipper never
plays an illegal action. Candidates are scored with :mod:`dinghy.skippers.dinghy_race.brain` in
turns still to sail; ties are broken with the RNG the skipper is given, so a race is
the same for the same seed.

Staying out of trouble:

* a card whose exits run into a mark, land or the edge would leave the boat dead in the
  water, and one that ends so close to a mark that only the delay card still fits costs
  turns of pivoting: both are priced in;
* a delay pivot or a dead boat's turn is planned over the headings the boat can reach
  (45° a turn with a delay card, 90° when dead in the water), so a boat never turns to a
  heading from which it can never lay a card again;
* cards that another boat's hull would keep aside are avoided; when every card leads
  into trouble the delay is placed at once and the boat pivots towards open water;
* each skipper remembers, per race, how its boat's distance to go develops; a boat
  that makes no progress for several turns breaks away from where it got stuck for a
  few turns before it heads for the mark again.
"""
from __future__ import annotations

import math
import random
import weakref

import numpy as np

from dinghy.games.dinghy_race.actions import Action, Begin, Drift, Luck, Pass, Roll, WeatherEye
from dinghy.core.race import Race
from dinghy.games.dinghy_race.state import Step
from dinghy.skippers.dinghy_race.batch import FINISHED, PRESTART_ROUNDS, Batch, concat, off_wind_deg, single, tack_sign
from dinghy.skippers.dinghy_race.brain import Chart, chart_of
from dinghy.skippers.dinghy_race.obstacles import Obstacles
from dinghy.skippers.dinghy_race.costs import Style, Track
from dinghy.skippers.dinghy_race.judging import Judging
from dinghy.skippers.dinghy_race.moving import Moving
from dinghy.skippers.dinghy_race.pivoting import Pivoting
from dinghy.skippers.dinghy_race.placing import Placing
from dinghy.skippers.dinghy_race.launching import Launching


class Skipper(Judging, Moving, Placing, Pivoting, Launching):
    def __init__(self, style: Style) -> None:
        self.style = style
        self._still = 0
        self._obs = None
        # Placing a card weighs every exit of every card; sailing it next turn weighs the
        # exits of that card again from the same bow. What depends only on where an exit
        # ends (the fixed obstacles there, the turns still to sail from there) is kept in
        # two dicts keyed by the exact end (store), and looked up when the card is sailed
        # (look); other boats, which have moved meanwhile, are judged afresh.
        self._memo_store: tuple[dict, dict] | None = None
        self._memo_look: tuple[dict, dict] | None = None
        self._memo_more = None          # (rows, x, y): the engine's ends where they differ
        self._held_memo: dict | None = None
        self._scored: tuple[Batch, np.ndarray] | None = None   # the last scores' moves and values
        self._memory: "weakref.WeakKeyDictionary[Race, dict[int, Track]]" = weakref.WeakKeyDictionary()

    # -- entry point ------------------------------------------------------------------
    def choose(self, race: Race, rng: random.Random) -> Action:
        self._race = race
        step = race.state.step
        self._lv = None
        if self.style.luck_value is not None and step in (Step.MOVE, Step.PLACE, Step.PIVOT):
            self._lv = self._luck_value(race, chart_of(race.game), race.state.boat())
        if step is Step.ROLL:
            r = race.dice_rng()
            return Roll(r.randint(1, 6), r.randint(1, 6))
        handler = {Step.BEGIN: self.begin, Step.LUCK: self.luck, Step.DRIFT: self.drift,
                   Step.WEATHER_EYE: self.weather_eye, Step.LAUNCH: self.launch,
                   Step.PIVOT: self.pivot, Step.MOVE: self.move, Step.PLACE: self.place}.get(step)
        if handler is None:
            raise RuntimeError(f"nothing to choose at step {step.value}")
        return handler(race, rng)

    # -- helpers ------------------------------------------------------------------------
    def ranking(self, values: np.ndarray, rng: random.Random) -> np.ndarray:
        """The candidates' indices, the preferred first: fewest turns to go, ties broken
        by the RNG (a skipper that errs like a person overrides this)."""
        return np.argsort(values + np.array([rng.random() * 1e-6 for _ in range(len(values))]))

    def best(self, values: np.ndarray, rng: random.Random) -> int:
        """The index of the preferred candidate (see :meth:`ranking`)."""
        return int(np.argmin(values + np.array([rng.random() * 1e-6 for _ in range(len(values))])))

    def track(self, race: Race, boat: int) -> Track:
        mem = self._memory.get(race)
        if mem is None:
            mem = self._memory[race] = {}
        t = mem.get(boat)
        if t is None:
            t = mem[boat] = Track()
        return t

    @staticmethod
    def slot(race: Race, boat: int) -> float:
        return 0.5

    @staticmethod
    def batch_of(ch: Chart, boat, pose=None, tack=None) -> Batch:
        pose = pose or boat.pose
        t = tack_sign(tack or boat.tack)
        return single(pose.x, pose.y, pose.heading, t, boat.spi_up, boat.legs_done, boat.stage,
                      boat.started)

    def leaf(self, race: Race, ch: Chart, B: Batch, rnd: int, boat) -> np.ndarray:
        """Turns still to sail from each candidate (hazards and penalties included)."""
        v = self._course_leaf(race, ch, B, rnd, boat) + B.cost
        return np.where(B.finished, FINISHED + B.cost, self.escape_bias(race, ch, B, rnd, boat, v))

    def _course_leaf(self, race: Race, ch: Chart, B: Batch, rnd: int, boat) -> np.ndarray:
        """:meth:`leaf` before the candidates' costs and the escape: what depends only on
        where each move ends."""
        v, tx, ty = ch.course_value(B, rnd, self.slot(race, boat.index))
        v = v + ch.heading_penalty(B, tx, ty, self.style.heading_scale)
        if B.spi.any():
            v = v + (ch.spi_adjust(B, tx, ty, v) if self.style.spinnaker else np.where(B.spi, 1.0, 0.0))
        return v

    def _memo_ok(self) -> bool:
        """Whether placing a card keeps what it found for sailing it (a skipper looking
        one card ahead with the standard leaf values)."""
        return self.style.depth <= 1 and type(self).leaf is Skipper.leaf and \
            type(self)._course_leaf is Skipper._course_leaf

    def escape_bias(self, race: Race, ch: Chart, B: Batch, rnd: int, boat, v: np.ndarray) -> np.ndarray:
        """``v`` with a pull away from where the boat stalled, while it is breaking away
        (:meth:`_note_progress`): further from the anchor and along the escape heading."""
        mem = self._memory.get(race)
        trk = mem.get(boat.index) if mem else None
        if trk is None or trk.escape_until < rnd:
            return v
        ax, ay = trk.anchor
        d = np.hypot(B.x - ax, B.y - ay) / ch.L
        hx, hy = math.sin(trk.heading), math.cos(trk.heading)
        along = ((B.x - ax) * hx + (B.y - ay) * hy) / ch.L
        return v - 1.5 * np.minimum(d, 4.0) - 0.5 * np.clip(along, -4, 4)

    def _luck_value(self, race: Race, ch: Chart, boat) -> float:
        """What a Lady Luck card is worth now: cards not spent by the finish are wasted,
        so the value falls as the race runs out (rounded: it keys the move tables)."""
        B = self.batch_of(ch, boat)
        v = float(ch.course_value(B, max(race.state.round, PRESTART_ROUNDS + 1))[0][0])
        frac = min(1.0, max(0.0, v) / 60.0)
        return round(self.style.luck_value * frac * 20) / 20

    def value_of(self, race: Race, ch: Chart, K: Batch, rnd: int, boat, depth: int) -> np.ndarray:
        """Value of each candidate, looking ``depth - 1`` more cards ahead (no boats)."""
        if depth <= 1 and (self._memo_store is not None or self._memo_look is not None):
            return self._memo_value(race, ch, K, rnd, boat)
        ch.advance(K, rnd)
        out = self.leaf(race, ch, K, rnd, boat)
        if depth <= 1 or len(K) == 0:
            return out
        live = np.flatnonzero(~K.finished)
        if not len(live):
            return out
        sub = K.take(live)
        G = ch.expand(sub, rnd + 1, last=sub.card, luck=boat.lady_luck, luck_value=self._lv)
        obs = self._obs
        G.cost = G.cost + self.judge(ch, G, sub, obs, False, boats=False)
        ch.advance(G, rnd + 1)
        gv = self.leaf(race, ch, G, rnd + 1, boat)
        best = np.full(len(sub), np.inf)
        np.minimum.at(best, G.parent, gv)
        out[live] = np.where(np.isfinite(best), best + 1.0, out[live] + 1.0)
        return out

    def _memo_value(self, race: Race, ch: Chart, K: Batch, rnd: int, boat) -> np.ndarray:
        """:meth:`leaf` of the advanced candidates, what depends only on where each move
        ends kept (placing) or looked up (sailing) by that end, exactly."""
        n = len(K)
        X = self._memo_more if self._memo_store is not None else None
        B = K
        if X is not None:               # the engine's ends alongside
            B = K.take(np.concatenate([np.arange(n), X[0]]))
            B.x[n:], B.y[n:] = X[1], X[2]
        slot = self.slot(race, boat.index)
        # after the start the turns to go do not depend on the round
        when = (min(rnd, PRESTART_ROUNDS + 1), slot)
        if not B.parent.any():
            # one parent: what every move inherits from it is said once
            when += ("one", int(B.legs[0]), int(B.stage[0]), bool(B.started[0]), bool(B.finished[0]),
                     float(B.px[0]), float(B.py[0]))
            keys = list(zip(B.x.tolist(), B.y.tolist(), B.h.tolist(), B.tack.tolist(), B.spi.tolist()))
        else:
            keys = list(zip(B.x.tolist(), B.y.tolist(), B.h.tolist(), B.tack.tolist(), B.spi.tolist(),
                            B.legs.tolist(), B.stage.tolist(), B.started.tolist(), B.finished.tolist(),
                            B.px.tolist(), B.py.tolist()))
        got = None
        if self._memo_look is not None:
            memo = self._memo_look[1].get(when, {})
            got = [memo.get(k) for k in keys]
            if None in got:
                got = None
        if got is not None:
            base = np.array([g[0] for g in got], float)
            B.finished = np.array([g[1] for g in got], bool)
        else:
            ch.advance(B, rnd)
            base = self._course_leaf(race, ch, B, rnd, boat)
        if self._memo_store is not None:
            self._memo_store[1].setdefault(when, {}).update(zip(keys,
                                           zip(base.tolist(), B.finished.tolist())))
        if B is not K:
            base = base[:n]
            K.legs, K.stage, K.started, K.finished = B.legs[:n], B.stage[:n], B.started[:n], B.finished[:n]
        v = base + K.cost
        return np.where(K.finished, FINISHED + K.cost, self.escape_bias(race, ch, K, rnd, boat, v))

    def scores(self, race: Race, ch: Chart, boat, P: Batch, masks: np.ndarray, delay_ok: np.ndarray,
               rnd: int, last: int, obs: Obstacles):
        """For each parent pose and each card (the delay last), the turns to go after laying
        that card there: (values, clean) arrays of shape (parents, cards + 1)."""
        nc = len(ch.keys)
        N = len(P)
        self._obs = obs
        K = ch.expand(P, rnd, last=np.full(N, last), cards=masks, luck=boat.lady_luck,
                      luck_value=self._lv, with_delay=False)
        self._memo_more = None
        ends = Chart.engine_ends(K) if self._memo_store is not None else None
        if ends is not None:
            j = np.flatnonzero((ends[0] != K.x) | (ends[1] != K.y))
            if len(j):
                self._memo_more = (j, ends[0][j], ends[1][j])
        if delay_ok.any():
            D = ch.delay_kids(P, rnd)
            D = D.take(np.flatnonzero(delay_ok[D.parent]))
            K = concat([K, D]) if len(K) else D
        base = K.cost.copy()
        K.cost = K.cost + self.judge(ch, K, P, obs, True)
        extra = K.cost - base
        v = self.value_of(race, ch, K, rnd, boat, self.style.depth)
        slot = K.parent * (nc + 1) + np.where(K.card >= 0, K.card, nc)
        self._scored = (K, v)
        vals = np.full(N * (nc + 1), np.inf)
        np.minimum.at(vals, slot, v)
        clean = np.zeros(N * (nc + 1), bool)
        np.logical_or.at(clean, slot, extra < 1.0)
        return vals.reshape(N, nc + 1), clean.reshape(N, nc + 1)

    # -- the simple steps ------------------------------------------------------------------
    def begin(self, race: Race, rng) -> Action:
        boat = race.state.boat()
        card = race.game.cards.types.get(boat.planned) if boat.planned else None
        return Begin(bool(card is not None and card.trapeze and not boat.delays))

    def luck(self, race: Race, rng=None) -> Action:
        state = race.state
        boat = state.boat()
        ch = chart_of(race.game)
        row, modifier = state.turn.hazards[0]
        if self.style.luck_value is not None:
            lv = self._luck_value(race, ch, boat)
            best, n_best = None, 0
            for n in range(boat.lady_luck + 1):
                c = ch.expect(row, modifier, n) + n * lv
                if best is None or c < best - 1e-9:
                    best, n_best = c, n
            return Luck(n_best)
        # simple: only against a capsize or a man overboard, as few cards as do the job

        def bad(n):
            odds = race.game.hazards.odds(row, n, modifier)
            return float(sum(p for o, p in odds.items() if o.effect in ("capsize", "man_overboard")))
        if bad(0) <= 0.05:
            return Luck(0)
        n = 0
        while n < boat.lady_luck and bad(n) > 0.03:
            n += 1
        return Luck(n)

    def drift(self, race: Race, rng=None) -> Action:
        """Drift the Weather Eye cards the way that leaves most of them by this boat and
        fewest by the others."""
        state = race.state
        boat = state.boat()
        mine = [we for we in state.weather_eyes if we.owner is not None]
        if not self.style.weather_eye or not mine:
            return Drift(1)
        ch = chart_of(race.game)
        L, W = ch.L, ch.W
        best, choice = None, 1
        for flips in (1, 2):
            score = 0.0
            for we in mine:
                step = (L if we.long_side_along_wind else W) * flips
                x, y = we.x - ch.upx * step, we.y - ch.upy * step
                for b in state.boats:
                    if not b.racing or not b.launched:
                        continue
                    # a card upwind of a boat on a beat comes down onto its course
                    rel = (b.pose.x - x) * ch.upx + (b.pose.y - y) * ch.upy
                    d = math.hypot(b.pose.x - x, b.pose.y - y)
                    if d < 1.6 * L and rel < 0.5 * L:
                        score += 1.0 if b.index == boat.index else -0.4
            if best is None or score > best + 1e-9:
                best, choice = score, flips
        return Drift(choice)

    def weather_eye(self, race: Race, rng) -> Action:
        """On a long beat, a card a little upwind of the bow: it drifts down onto the
        boat's course and lends it a shift to windward."""
        state = race.state
        boat = state.boat()
        if not self.style.weather_eye or boat.weather_eye <= 0 or not boat.started:
            return Pass()
        ch = chart_of(race.game)
        B = self.batch_of(ch, boat)
        v, tx, ty = ch.course_value(B, state.round)
        dx, dy = float(tx[0] - boat.pose.x), float(ty[0] - boat.pose.y)
        d = math.hypot(dx, dy)
        up = (dx * ch.upx + dy * ch.upy) / (d or 1.0)
        if up < math.cos(math.radians(50)) or d < 8 * ch.L:
            return Pass()
        if off_wind_deg(np.array([boat.pose.heading]), ch.wind)[0] > 60:
            return Pass()
        hr = math.radians(boat.pose.heading)
        for ahead, upw in ((1.2, 1.6), (1.0, 2.0), (1.5, 1.3), (0.8, 2.4)):
            x = boat.pose.x + math.sin(hr) * ahead * ch.L + ch.upx * upw * ch.L
            y = boat.pose.y + math.cos(hr) * ahead * ch.L + ch.upy * upw * ch.L
            act = WeatherEye(round(x, 1), round(y, 1), True)
            if race.why_not(act) is None:
                return act
        return Pass()
