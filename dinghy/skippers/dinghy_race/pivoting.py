"""Pivoting on the spot (a delay card's 45°, a dead boat's 90°): the headings the boat
can reach turn by turn, planned so that it never turns to one from which no card can
be laid again (:class:`Pivoting`, a part of :class:`~dinghy.skippers.dinghy_race.core.Skipper`)."""
from __future__ import annotations

import math

import numpy as np

from dinghy.games.dinghy_race.actions import Action
from dinghy.core.race import Race
from dinghy.games.dinghy_race import rules as dr
from dinghy.core.wind import tack_of
from dinghy.skippers.dinghy_race.batch import PRESTART_ROUNDS, SPI_UP, aspect_bits, at_places, off_wind_deg, tack_sign
from dinghy.skippers.dinghy_race.brain import Chart, chart_of
from dinghy.skippers.dinghy_race.obstacles import Obstacles, hull_points
from dinghy.skippers.dinghy_race.costs import STILL_BREAK


class Pivoting:
    """The pivoting decisions of :class:`~dinghy.skippers.dinghy_race.core.Skipper` (a part of it)."""

    # -- pivoting (delay cards, dead in the water) --------------------------------------
    def pivot(self, race: Race, rng) -> Action:
        state = race.state
        ch = chart_of(race.game)
        boat = state.boat()
        legal = race.legal_actions()
        obs = Obstacles.of(ch, state, boat.index)
        plan = self._heading_plan(race, ch, boat, obs)
        h0 = boat.pose.heading
        vals = []
        for p in legal:
            h = (h0 + p.turn) % 360
            if state.turn.then_place:
                vals.append(plan.get(h, math.inf))
            else:
                vals.append(1.0 + min(plan.get((h + d) % 360, math.inf) for d in (0, -45, 45)))
        v = np.array(vals)
        if not np.isfinite(v).any():
            v = np.zeros(len(legal))
        trk = self.track(race, boat.index)
        if trk.still >= STILL_BREAK and state.round > PRESTART_ROUNDS and any(p.turn for p in legal):
            # Laid cards have been held aside turn after turn without the boat moving: two
            # boats can keep each other there for ever (each one's cards lie on the other's
            # hull). Turning is the way out the rules give ("face-up delays are removed one
            # a turn with a 45° pivot"), so stop counting the pivot of 0 as a choice.
            # Keep turning the same way, whatever the plan says: a plan that swings back
            # and forth keeps the two boats locked; turning on comes round to a heading
            # where a card lies clear. The first way is the one that turns the bow away
            # from the nearest boat; a way the hull cannot swing reverses it.
            if trk.turn_sign == 0:
                trk.turn_sign = self._away_sign(state, boat)
            if not any(p.turn * trk.turn_sign > 0 for p in legal):
                trk.turn_sign = -trk.turn_sign
            v = np.array([0.0 if p.turn * trk.turn_sign > 0 else math.inf for p in legal])
        else:
            trk.turn_sign = 0
        v = v + np.array([rng.random() * 1e-6 for _ in legal])
        return legal[int(np.argmin(v))]

    def _pivot_ok(self, race: Race, boat, heads) -> np.ndarray:
        """Whether the hull may come to each heading (``heads``: 45° steps from the boat's,
        reached turn by turn the shorter way round) by the engine's pivot rule: not on a
        boat, a mark or land where it ends nor on its way (``rules.turn_blocker``; the
        edge of the water does not count), each 45° turn from the heading before it."""
        game, state = race.game, race.state
        h0 = boat.pose.heading
        out = []
        for h in heads:
            k = (int(h) - h0) % 360 // 45
            if k == 0:
                out.append(True)
                continue
            turn = 45 if k <= 4 else -45
            before = (int(h) - turn) % 360
            at = boat.with_(pose=dr.Pose(boat.pose.x, boat.pose.y, before),
                            tack=tack_of(before, game.wind_from, boat.tack))
            out.append(dr.turn_blocker(game, state, at, turn) is None)
        return np.array(out)

    @staticmethod
    def _away_sign(state, boat) -> int:
        """+1 (clockwise) or -1: the way a pivot turns the bow away from the nearest boat."""
        others = [o for o in state.boats if o.index != boat.index and o.launched and o.finished is None]
        near = min(others, key=lambda o: math.dist(o.pose.xy, boat.pose.xy), default=None)
        if near is None:
            return 1
        towards = math.degrees(math.atan2(near.pose.x - boat.pose.x, near.pose.y - boat.pose.y))
        rel = (towards - boat.pose.heading + 180) % 360 - 180     # the other boat's side
        return -1 if rel > 0 else 1

    def _heading_plan(self, race, ch: Chart, boat, obs: Obstacles) -> dict[int, float]:
        """For each heading the boat can pivot to (45° steps), the turns to go if it lays
        its best card there, counting the delay turns it takes to get there: with a
        delay card the boat pivots 45° a turn; with no card at all (dead in the water)
        90°. Headings where nothing may lie cost the turns to get away from them."""
        state = race.state
        h0 = boat.pose.heading
        heads = np.array([(h0 + 45 * k) % 360 for k in range(8)])
        lay, delay_ok = self._layable(race, ch, boat, heads, obs)
        # the hull swings round the bow: it may not come to lie on a boat or a mark
        blocked = ~self._pivot_ok(race, boat, heads)
        blocked[0] = False
        lay &= ~blocked[:, None]
        tacks = np.array([tack_sign(tack_of(int(h), ch.wind, boat.tack)) for h in heads])
        n = len(heads)
        P = at_places(boat, np.full(n, boat.pose.x), np.full(n, boat.pose.y), heads, tacks)
        T = np.full(n, np.inf)
        if lay.any():
            # the plan is made again as the boat pivots on the spot: what depends only on
            # where each card would take it is kept for the place it lies
            saved = self._memo_store, self._memo_look
            if self._memo_ok():
                trk = self.track(race, boat.index)
                if trk.plan_memo is None or trk.plan_memo[0] != boat.pose.xy:
                    trk.plan_memo = (boat.pose.xy, ({}, {}))
                self._memo_store = self._memo_look = trk.plan_memo[1]
            try:
                vals, _ = self.scores(race, ch, boat, P, lay, np.zeros(n, bool), state.round + 1, -1, obs)
            finally:
                self._memo_store, self._memo_look = saved
            T = vals[:, :-1].min(1)
        D = {int(h): float(t) for h, t in zip(heads, T)}
        step = {int(h): (45 if ok else 90) for h, ok in zip(heads, delay_ok)}
        gone = {int(h) for h, b in zip(heads, blocked) if b}
        for _ in range(8):          # Bellman-Ford over eight headings
            changed = False
            for h in D:
                if h in gone:
                    continue
                s = step[h]
                best = min(D[(h + s) % 360] if (h + s) % 360 not in gone else math.inf,
                           D[(h - s) % 360] if (h - s) % 360 not in gone else math.inf) + 1.0
                if best < D[h] - 1e-9:
                    D[h] = best
                    changed = True
            if not changed:
                break
        return D

    @staticmethod
    def _hull_marks(ch: Chart, x, y, h) -> np.ndarray:
        """Whether the hull at each heading touches a mark, a buoy or land (not the edge:
        the engine lets a boat turn on the spot by the edge)."""
        H = ch.H
        px, py = hull_points(H, x, y, h)
        d = np.hypot(px[..., None] - ch.fc[None, None, :, 0], py[..., None] - ch.fc[None, None, :, 1])
        hit = (d <= ch.fc[None, None, :, 2] + 0.21 * H).any(axis=(1, 2))
        if ch.land is not None:
            import shapely
            hit |= shapely.contains_xy(ch.land, px, py).any(1)
        return hit

    def _layable(self, race, ch: Chart, boat, heads: np.ndarray, obs: Obstacles):
        """(heads, cards) bool: the normal cards of the hand that may lie in front of the
        bow at each heading; and whether the delay card may."""
        game, state = race.game, race.state
        b = boat.with_(planned=None)
        hand = dr.hand(game, b)
        nc = len(ch.keys)
        in_hand = np.array([hand.get(k, 0) > 0 for k in ch.keys])
        off = off_wind_deg(heads, ch.wind)
        bits = aspect_bits(off)
        tacks = np.array([tack_sign(tack_of(int(h), ch.wind, boat.tack)) for h in heads])
        ok = ((ch.c_fits[None, :] & bits[:, None]) != 0) & in_hand[None, :]
        ok &= (ch.c_tack[None, :] == 0) | (ch.c_tack[None, :] == tacks[:, None])
        pre = state.round + 1 <= PRESTART_ROUNDS
        ok &= ~((ch.c_kind[None, :] == SPI_UP) & (boat.spi_up or pre))
        ok &= (off >= 45)[:, None]
        hi, cj = np.nonzero(ok)
        n = len(heads)
        x = np.full(len(hi) + n, boat.pose.x)
        y = np.full(len(hi) + n, boat.pose.y)
        h = np.concatenate([heads[hi], heads])
        across = np.concatenate([ch.c_across[cj], np.full(n, ch.W)])
        along = np.concatenate([ch.c_along[cj], np.full(n, ch.L)])
        hit = obs.rect_fixed(x, y, h, across, along)
        if dr.prestart(state) and pre:
            hit |= self._touches_start(ch, x, y, h, across, along)
        ok[hi, cj] = ~hit[:len(hi)]
        delay_ok = ~hit[len(hi):] & (hand.get(ch.delay_key, 0) > 0)
        return ok, delay_ok

    @staticmethod
    def _touches_start(ch: Chart, x, y, h, across, along) -> np.ndarray:
        hr = np.radians(h)
        s, c = np.sin(hr), np.cos(hr)
        out = np.zeros(len(x), bool)
        for fx, fy in ((-0.5, 0), (0.5, 0), (-0.5, 1), (0.5, 1)):
            lx, ly = fx * across, fy * along
            px = x + lx * c + ly * s
            py = y - lx * s + ly * c
            out |= ch.depth(px, py) <= 1e-6
        return out
