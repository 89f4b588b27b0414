"""What every skipper knows about sailing, vectorised with numpy.

A :class:`Chart` is built once per game (cached) and answers, for many boat positions at
once, "how many turns are still to sail from here to the finish?" (:meth:`Chart.value`)
and "where can one card take a boat from here?" (:meth:`Chart.expand`). Skippers search
a card or two ahead with these and check only their final candidates against the
engine (``dinghy.games.dinghy_race.rules``), which stays the judge of legality.

Units are turns. Speeds come from the card set: a close-hauled trapeze card carries the
bow its depth plus a hull length (60 mm with small cards), a reach card 84 mm. The time
to sail a vector ``d`` is that of the best mix of a close-hauled course and a reach
(the convex hull of the polar): a target less than 45° off the wind costs its upwind
distance over the close-hauled VMG, whatever the split between the tacks.

Marks are rounded along a circle of clearance round the mark, in the prescribed sense,
counted exactly as ``dinghy.games.dinghy_race.course`` counts: the first ray, then the second; a boat
that wound the wrong way has whole laps to make up, so it never pays to unwind. Gates
are crossed in the course direction between the marks; a boat on the far side goes
round an end. Land is sailed round: a field of the extra time a detour costs is built
per target from a visibility graph round the (inflated) land.
"""
from __future__ import annotations

import math
import weakref

import numpy as np
import shapely

from dinghy.games.dinghy_race.cards import Kind
from dinghy.games.dinghy_race.rounding import GatePassage
from dinghy.core.caches import remember
from dinghy.skippers.dinghy_race.batch import (BIG, CH, FINISHED, KIND_CODE, NORMAL, PRESTART_ROUNDS, REACH, RUN,
                                   Batch, cheapest_point, off_wind_deg, seg_intersects, tack_sign)
from dinghy.skippers.dinghy_race.chart_moves import CardMoves
from dinghy.skippers.dinghy_race.legs import Detour, GateLeg, MarkLeg, ray_events
from dinghy.skippers.dinghy_race.obstacles import FixedField


class Chart(CardMoves):
    """Per-game sailing model: speeds, card geometry, hazards and the course's costs."""

    def __init__(self, game) -> None:
        self.game = game
        cs = game.cards
        self.L, self.W, self.H = cs.card_length, cs.card_width, cs.hull_length
        self.wind = game.wind_from
        r = math.radians(self.wind)
        self.upx, self.upy = math.sin(r), math.cos(r)
        self.bonus = cs.spi_bonus_distance
        self.delay_key = cs.delay_key()
        # -- the card table ----------------------------------------------------------
        keys = [k for k, t in cs.types.items() if t.kind is not Kind.DELAY]
        self.keys = keys
        self.index = {k: i for i, k in enumerate(keys)}
        types = [cs.types[k] for k in keys]
        self.types = types
        fits = []
        for t in types:
            b = 0
            for p, bit in (("close_hauled", CH), ("reaching", REACH), ("running", RUN)):
                if t.fits is None or any(f.value == p for f in t.fits):
                    b |= bit
            fits.append(b)
        self.c_fits = np.array(fits)
        self.c_tack = np.array([0 if t.tack is None else tack_sign(t.tack) for t in types])
        self.c_trap = np.array([t.trapeze for t in types])
        self.c_kind = np.array([KIND_CODE[t.kind] for t in types])
        self.c_bonus = np.array([t.spi_bonus for t in types])
        self.c_copies = np.array([cs.copies[k] for k in keys])
        self.c_along = np.array([t.along for t in types])
        self.c_across = np.array([t.across for t in types])
        ec, ex, ey, et, ei = [], [], [], [], []
        for ci, t in enumerate(types):
            for i, e in enumerate(t.exits):
                ec.append(ci); ex.append(e.x); ey.append(e.y); et.append(e.turn); ei.append(i)
        self.e_card, self.e_x, self.e_y = np.array(ec), np.array(ex, float), np.array(ey, float)
        self.e_base = np.array([ec.index(ci) if ci in ec else 0 for ci in range(len(types))], dtype=np.int64)
        self.e_turn, self.e_idx = np.array(et), np.array(ei)
        # speeds: the straightest exit of the close-hauled and the reaching cards
        def speed(bit):
            best = 0.0
            for ci, t in enumerate(types):
                if self.c_kind[ci] == NORMAL and fits[ci] & bit and not (fits[ci] & ~bit & (CH | REACH)):
                    for e in t.exits:
                        if e.turn == 0:
                            best = max(best, e.y + self.H)
            return best or (self.L + self.H) * 0.8
        self.v_ch = speed(CH)
        self.v_re = speed(REACH)
        self.k_beat = math.sqrt(2.0) / self.v_ch
        self.inv_re = 1.0 / self.v_re
        # -- hazards -----------------------------------------------------------------
        self.hz = game.hazards
        self._expect: dict[tuple[str, int, int], float] = {}
        self._templates: dict = {}
        self._template_moves: dict = {}
        self._move_tables: dict = {}
        self._tables: dict = {}
        self._kids: dict = {}
        self._obstacles: dict = {}
        # -- obstacles ---------------------------------------------------------------
        c = game.course
        circles = [(m.x, m.y, m.radius) for m in c.marks]
        r0 = c.mark_radius
        circles += [(*c.start.a, r0), (*c.start.b, r0)]
        if c.finish != c.start:
            circles += [(*c.finish.a, r0), (*c.finish.b, r0)]
        self.fc = np.array(circles, dtype=float)
        self.fc_x, self.fc_y, self.fc_r = (np.ascontiguousarray(self.fc[:, i]) for i in range(3))
        self.area = game.area
        self.land = c._cache.land_union
        self.land_vertices = None
        if self.land is not None:
            self.land_vertices = shapely.get_coordinates(self.land)
        minx, miny, maxx, maxy = self.area.bounds
        self.area_box = (minx, miny, maxx, maxy)
        self.area_is_box = abs(self.area.area - (maxx - minx) * (maxy - miny)) < 1e-6
        self.fixed_field = None          # built below, once the obstacles are known
        # -- the course ----------------------------------------------------------------
        self.course = c
        self.n_legs = len(c.legs)
        fa, fb = c.finish.a, c.finish.b
        self.finish = (fa, fb)
        sa, sb = c.start.a, c.start.b
        self.start = (sa, sb)
        self.margin = 0.5 * self.L + 0.3 * self.W
        self.legs = []
        passages = c._cache.passages
        for k, leg in enumerate(c.legs):
            psg = passages[k]
            radius = max(c.mark(mid).radius for mid in leg.mark_ids)
            if isinstance(psg, GatePassage):
                self.legs.append(GateLeg(self, psg, radius, self.margin))
            else:
                self.legs.append(MarkLeg(self, psg, radius + self.margin))
        self._detours: dict[tuple[float, float], "Detour"] = {}
        # finish points
        inset = min(r0 + 0.3 * self.L, c.finish.length / 2.0 - 1.0)
        ts = np.linspace(inset, c.finish.length - inset, 7) / c.finish.length
        self.fxs = fa[0] + (fb[0] - fa[0]) * ts
        self.fys = fa[1] + (fb[1] - fa[1]) * ts
        inset = min(r0 + 0.3 * self.L, c.start.length / 2.0 - 1.0)
        ts = np.linspace(inset, c.start.length - inset, 7) / c.start.length
        self.sxs = sa[0] + (sb[0] - sa[0]) * ts
        self.sys = sa[1] + (sb[1] - sa[1]) * ts
        # suffix costs, from the last leg back to the first
        for k in range(self.n_legs - 1, -1, -1):
            leg = self.legs[k]
            if isinstance(leg, GateLeg):
                xs = leg.xs + leg.nx * 5.0
                ys = leg.ys + leg.ny * 5.0
                leg.Rj = self._after_leg(k, xs, ys)
                leg.finish_setup(self)
            else:
                ex, ey = leg.exit_point
                leg.R = float(self._after_leg(k, np.array([ex]), np.array([ey]))[0])
        self.sRj = self._after_start(self.sxs + self.upx * 5.0, self.sys + self.upy * 5.0)
        self.fixed_field = FixedField(self)
        self.normal_cards = np.flatnonzero(self.c_kind == NORMAL)
        # how far from the bow a card or the hull can reach: beyond it nothing can touch
        self.look = float(max(np.hypot(self.c_across / 2.0, self.c_along).max(),
                              math.hypot(self.W / 2.0, self.L)) + self.H + 2.0)

    # -- sailing time -------------------------------------------------------------------
    def time(self, dx, dy) -> np.ndarray:
        """Turns to sail the vector (dx, dy), in open water."""
        dx = np.asarray(dx, dtype=float)
        dy = np.asarray(dy, dtype=float)
        u = dx * self.upx + dy * self.upy
        c = np.abs(dx * self.upy - dy * self.upx)
        up = u * self.k_beat + np.maximum(c - u, 0.0) * self.inv_re
        return np.where(u >= 0, up, np.hypot(dx, dy) * self.inv_re)

    def detour(self, tx: float, ty: float, x, y) -> np.ndarray:
        """Extra turns land costs on the way from (x, y) to the target (0 without land)."""
        if self.land is None:
            return 0.0
        key = (round(float(tx), 3), round(float(ty), 3))
        d = self._detours.get(key)
        if d is None:
            d = self._detours[key] = Detour(self, key)
        return d.excess(x, y)

    def _after_leg(self, k: int, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Cost from points just past leg ``k``'s mark/gate, on the next leg."""
        if k + 1 >= self.n_legs:
            return self.finish_cost(x, y)[0]
        nxt = self.legs[k + 1]
        out = np.empty(len(x))
        if isinstance(nxt, MarkLeg):
            st = nxt.initial_stage(x, y)
        else:
            st = np.zeros(len(x), dtype=np.int64)
        for s in np.unique(st):
            sel = st == s
            out[sel] = self.leg_cost(k + 1, int(s), x[sel], y[sel])[0]
        return out

    def _after_start(self, x, y):
        leg = self.legs[0]
        st = leg.initial_stage(x, y) if isinstance(leg, MarkLeg) else np.zeros(len(x), dtype=np.int64)
        out = np.empty(len(x))
        for s in np.unique(st):
            sel = st == s
            out[sel] = self.leg_cost(0, int(s), x[sel], y[sel])[0]
        return out

    def leg_cost(self, k: int, s: int, x, y):
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        if k >= self.n_legs:
            return self.finish_cost(x, y)
        leg = self.legs[k]
        c, tx, ty = leg.cost(self, s, x, y)
        if self.land is not None:
            c = c + self.detour(*leg.target, x, y)
        return c, tx, ty

    def finish_cost(self, x, y):
        best, tx, ty = cheapest_point(self, self.fxs, self.fys, np.asarray(x, dtype=float),
                                      np.asarray(y, dtype=float))
        if self.land is not None:
            fm = ((self.finish[0][0] + self.finish[1][0]) / 2, (self.finish[0][1] + self.finish[1][1]) / 2)
            best = best + self.detour(*fm, x, y)
        return best, tx, ty

    def start_cost(self, x, y):
        """A boat that has not started (from round 6): to the line, across, and on."""
        x = np.asarray(x, dtype=float)
        y = np.asarray(y, dtype=float)
        depth = self.depth(x, y)
        best, tx, ty = cheapest_point(self, self.sxs, self.sys, x, y, self.sRj)
        # on the wrong side of the line without having crossed it: come back first
        back = depth < 0
        if back.any():
            extra = self.time(-self.upx * (10 - depth), -self.upy * (10 - depth)) + 1.0
            best = np.where(back, best + extra, best)
        return best, tx, ty

    def depth(self, x, y) -> np.ndarray:
        """How far downwind of the start line (negative: upwind of it)."""
        ax, ay = self.start[0]
        return -((np.asarray(x) - ax) * self.upx + (np.asarray(y) - ay) * self.upy)

    # -- hazards -----------------------------------------------------------------------
    def expect(self, row: str, modifier: int = 0, luck: int = 0) -> float:
        """Expected delay cards (turns) of one hazard roll."""
        key = (row, modifier, luck)
        v = self._expect.get(key)
        if v is None:
            if not self.hz.needs_roll(row):
                v = 0.0
            else:
                odds = self.hz.odds(row, luck, modifier)
                v = float(sum(p * o.delay_cards for o, p in odds.items()))
            self._expect[key] = v
        return v

    def hazard_cost(self, row: str, modifier: int, luck_cards: int, luck_value: float | None) -> float:
        """Turns a roll costs; with ``luck_value`` the best number of Lady Luck cards is
        committed (each costs ``luck_value`` turns), else none."""
        best = self.expect(row, modifier)
        if luck_value is None or luck_cards <= 0:
            return best
        for n in range(1, luck_cards + 1):
            best = min(best, self.expect(row, modifier, n) + n * luck_value)
        return best

    # -- crossing lines and rays -------------------------------------------------------
    def advance(self, B: Batch, rnd: int) -> Batch:
        """Start, roundings and finish along each move's straight track (in place)."""
        if rnd <= PRESTART_ROUNDS or len(B) == 0:
            return B
        px, py, qx, qy = B.px, B.py, B.x, B.y
        if not B.started.all():
            todo = ~B.started & ~B.finished
            (ax, ay), (bx, by) = self.start
            crossed = todo & seg_intersects(px, py, qx, qy, ax, ay, bx, by) & (self.depth(qx, qy) < 0)
            if crossed.any():
                B.started = B.started | crossed
                st = B.stage.copy()
                leg = self.legs[0]
                if isinstance(leg, MarkLeg):
                    st[crossed] = leg.initial_stage(qx[crossed], qy[crossed])
                else:
                    st[crossed] = 0
                B.stage = st
        legs = B.legs
        k0 = int(legs[0])
        if (legs == k0).all():
            if k0 < self.n_legs:
                live = B.started & ~B.finished
                if live.all():
                    self._cross_leg(B, k0, None)
                elif live.any():
                    self._cross_leg(B, k0, live)
        else:
            live = B.started & ~B.finished & (legs < self.n_legs)
            for k in np.unique(legs[live]):
                self._cross_leg(B, int(k), live & (legs == k))
        done = B.started & ~B.finished & (B.legs >= self.n_legs)
        if done.any():
            (fa, fb) = self.finish
            hr = np.radians(B.h)
            sx, sy = qx - self.H * np.sin(hr), qy - self.H * np.cos(hr)
            hit = seg_intersects(px, py, qx, qy, fa[0], fa[1], fb[0], fb[1]) | \
                seg_intersects(sx, sy, qx, qy, fa[0], fa[1], fb[0], fb[1])
            B.finished = B.finished | (done & hit)
        return B

    def _cross_leg(self, B: Batch, k: int, sel) -> None:
        leg = self.legs[k]
        if sel is None:
            px, py, qx, qy = B.px, B.py, B.x, B.y
            st = B.stage
        else:
            px, py, qx, qy = B.px[sel], B.py[sel], B.x[sel], B.y[sel]
            st = B.stage[sel]
        if (st == -99).any():
            st = st.copy()
            unknown = st == -99
            st[unknown] = (leg.initial_stage(px[unknown], py[unknown]) if isinstance(leg, MarkLeg) else 0)
        if isinstance(leg, MarkLeg):
            # quick look: which rays' lines does any track cross at all?
            u0, u1 = leg.u0, leg.u1
            sp0 = u0[0] * (py - leg.cy) - u0[1] * (px - leg.cx)
            sq0 = u0[0] * (qy - leg.cy) - u0[1] * (qx - leg.cx)
            sp1 = u1[0] * (py - leg.cy) - u1[1] * (px - leg.cx)
            sq1 = u1[0] * (qy - leg.cy) - u1[1] * (qx - leg.cx)
            c0 = (sp0 >= 0) != (sq0 >= 0)
            c1 = (sp1 >= 0) != (sq1 >= 0)
            if not (c0.any() or c1.any()):
                if sel is None:
                    B.stage = st
                else:
                    S = B.stage.copy(); S[sel] = st; B.stage = S
                return
            t0, d0 = ray_events(leg.cx, leg.cy, u0, leg.sigma, px, py, qx, qy, None)
            t1, d1 = ray_events(leg.cx, leg.cy, u1, leg.sigma, px, py, qx, qy, None)
            first_is_0 = t0 <= t1
            da = np.where(first_is_0, d0, d1)
            db = np.where(first_is_0, d1, d0)
            s1 = st + da
            s2 = s1 + db
            goal_done = (s1 >= 2) | (s2 >= 2)
            new = np.where(goal_done, 0, s2)
        else:
            t0, d0 = ray_events(leg.ax, leg.ay, leg.u, leg.sigma, px, py, qx, qy, leg.width)
            if not d0.any():
                if sel is None:
                    B.stage = st
                else:
                    S = B.stage.copy(); S[sel] = st; B.stage = S
                return
            s1 = st + d0
            goal_done = s1 >= 1
            new = np.where(goal_done, 0, s1)
        if goal_done.any() and k + 1 < self.n_legs:
            nxt = self.legs[k + 1]
            if isinstance(nxt, MarkLeg):
                new = np.where(goal_done, nxt.initial_stage(qx, qy), new)
        if sel is None:
            B.legs = B.legs + goal_done
            B.stage = new
        else:
            L = B.legs.copy(); L[sel] = L[sel] + goal_done; B.legs = L
            S = B.stage.copy(); S[sel] = new; B.stage = S

    # -- values ------------------------------------------------------------------------
    def course_value(self, B: Batch, rnd: int, slot: float = 0.5):
        """Turns still to sail, and the point each boat heads for first."""
        if rnd <= PRESTART_ROUNDS:
            return self.prestart_value(B, rnd, slot)
        n = len(B)
        if n and B.started.all() and not B.finished.any():
            # the common case: every boat racing on one leg, at one stage of it
            k0, s0 = int(B.legs[0]), int(B.stage[0])
            if s0 != -99 and (B.legs == k0).all() and (B.stage == s0).all():
                return self.leg_cost(k0, s0, B.x, B.y)
        v = np.zeros(n)
        tx = np.array(B.x, dtype=float)
        ty = np.array(B.y, dtype=float)
        ns = ~B.started & ~B.finished
        if ns.any():
            c, a, b = self.start_cost(B.x[ns], B.y[ns])
            v[ns], tx[ns], ty[ns] = c, a, b
        live = B.started & ~B.finished
        k0, s0 = int(B.legs[0]), int(B.stage[0])
        if s0 != -99 and live.all() and (B.legs == k0).all() and (B.stage == s0).all():
            v, tx, ty = self.leg_cost(k0, s0, B.x, B.y)
        elif live.any():
            keys = B.legs * 1000 + np.where(B.stage == -99, 500, B.stage)
            for key in np.unique(keys[live]):
                sel = live & (keys == key)
                k = int(B.legs[sel][0])
                s = int(B.stage[sel][0])
                if s == -99:
                    leg = self.legs[k] if k < self.n_legs else None
                    idx = np.flatnonzero(sel)
                    ss = (leg.initial_stage(B.x[sel], B.y[sel]) if isinstance(leg, MarkLeg)
                          else np.zeros(len(idx), dtype=np.int64))
                    for s2 in np.unique(ss):
                        sub = idx[ss == s2]
                        v[sub], tx[sub], ty[sub] = self.leg_cost(k, int(s2), B.x[sub], B.y[sub])
                else:
                    v[sel], tx[sel], ty[sel] = self.leg_cost(k, s, B.x[sel], B.y[sel])
        if not B.finished.any():
            return v, tx, ty
        v = np.where(B.finished, FINISHED, v)
        return v, tx, ty

    def prestart_value(self, B: Batch, rnd: int, slot: float = 0.5):
        """Before the start: be no deeper than a close-hauled step a round still to go
        allows (so as to reach the line at round 5), but not so close before round 5
        that no card may be laid without touching the line; inside the line's ends.
        Waiting costs nothing: the boats keep where they were launched, apart."""
        (ax, ay), (bx, by) = self.start
        length = math.hypot(bx - ax, by - ay)
        lx, ly = (bx - ax) / length, (by - ay) / length
        d = self.depth(B.x, B.y)
        step = self.v_ch * math.sqrt(0.5)
        allowed = 0.15 * self.L + step * (PRESTART_ROUNDS - rnd)
        v = np.maximum(d - allowed, 0.0) / step
        # before round 5 the next card must lie downwind of the line too: a bow too close
        # to it leaves the boat no card at all (dead in the water, at the start)
        close_min = 0.15 * self.L if rnd >= PRESTART_ROUNDS else min(allowed, 1.05 * self.L)
        v = v + 3.0 * np.maximum(close_min - d, 0.0) / close_min
        lat = (B.x - ax) * lx + (B.y - ay) * ly
        inside = np.minimum(np.maximum(lat, 0.12 * length), 0.88 * length)
        v = v + np.abs(lat - inside) / self.v_re
        hr = np.radians(B.h)
        sx, sy = B.x - self.H * np.sin(hr), B.y - self.H * np.cos(hr)
        touch = (d < 2.0) | (self.depth(sx, sy) < 2.0)
        v = v + BIG * touch
        # heading: straight up across the line from where the boat is
        tx = ax + lx * inside + self.upx * self.L
        ty = ay + ly * inside + self.upy * self.L
        return v, tx, ty

    def heading_penalty(self, B: Batch, tx, ty, scale: float = 1.0) -> np.ndarray:
        """Turns lost to pointing the wrong way (or being in irons) when the move ends."""
        dx, dy = tx - B.x, ty - B.y
        brg = np.degrees(np.arctan2(dx, dy))
        w = self.wind
        rel_t = (brg - w) % 360.0                  # target's bearing relative to the wind
        rel_h = (B.h - w) % 360                    # heading relative to the wind
        # upwind targets: the close-hauled heading on either tack is as good as any
        up = (rel_t < 45) | (rel_t > 315)
        ideal = np.where(up, np.where(rel_h < 180, 45.0, 315.0), rel_t)
        d = np.abs(rel_h - ideal) % 360.0
        delta = np.minimum(d, 360.0 - d)
        pen = (0.3 * scale / 45.0) * np.maximum(delta - 15.0, 0.0)
        pen = pen * (1.0 - 0.7 * ((dx * dx + dy * dy) < (0.5 * self.L) ** 2))
        irons = (rel_h < 45) | (rel_h > 315)
        return pen + 1.2 * irons

    def spi_adjust(self, B: Batch, tx, ty, v) -> np.ndarray:
        """A spinnaker up is worth its bonus on the run ahead, less taking it down."""
        if not B.spi.any():
            return np.zeros(len(B))
        dx, dy = tx - B.x, ty - B.y
        brg = np.degrees(np.arctan2(dx, dy)) % 360
        running = off_wind_deg(brg, self.wind) >= 135
        dist = np.hypot(dx, dy)
        moves = np.clip(dist / (self.v_re + self.bonus), 0, 8)
        gain = moves * self.bonus / self.v_re - self.expect("spi_down")
        lose = self.expect("spi_down") + 0.3
        return np.where(B.spi, np.where(running, -gain, lose), 0.0)


_CHARTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_BY_CONTENT: dict = {}


def content_key(game):
    cs, hz = game.cards, game.hazards
    return (game.course, cs.size, cs.card_length, cs.card_width, cs.hull_length, cs.plus_zone,
            cs.spi_bonus_length, tuple(cs.types.items()), tuple(cs.copies.items()),
            hz.name, tuple(hz.rows.items()))


def chart_of(game) -> Chart:
    """The chart of a game (built once per course, card set and hazard table)."""
    ch = _CHARTS.get(game)
    if ch is None:
        try:
            key = content_key(game)
            hash(key)
        except TypeError:
            key = None
        ch = _BY_CONTENT.get(key) if key is not None else None
        if ch is None:
            ch = Chart(game)
            if key is not None:
                remember(_BY_CONTENT, key, ch, 12)
        _CHARTS[game] = ch
    return ch
