"""Judging candidate moves against the table: what the marks, land, the edge and the
other boats cost each move a skipper weighs (:class:`Judging`, a part of
:class:`~dinghy.skippers.dinghy_race.core.Skipper`).

A move that runs into something fixed leaves the boat dead in the water; one that ends
so close to a mark that no card fits costs the pivots to a heading where one does, and
one with no way out at all is a trap; a card that would lie on another boat's hull is
held aside, exactly as the engine sees it; ending close to other boats costs a little,
and more where every card would then lie on their hulls; a bow against another boat's
hull risks a lock of the two boats.
"""
from __future__ import annotations

import numpy as np

from dinghy.core.wind import Tack
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.bounds import boxes_near, card_boxes, others_boxes
from dinghy.games.dinghy_race.table import card_shapes, others as table_others
from dinghy.skippers.dinghy_race.batch import TACK, Batch
from dinghy.skippers.dinghy_race.brain import Chart
from dinghy.skippers.dinghy_race.costs import (DEAD, HELD, HELD_STUCK, BUMP, BOXED, LOCK, LOCK_NEAR, NEAR, TRAP_COST,
                                   WAY_OUT_TURNS, WAY_OUT_STEPS)
from dinghy.skippers.dinghy_race.obstacles import Obstacles


class Judging:
    """The table's costs of :class:`~dinghy.skippers.dinghy_race.core.Skipper`'s candidates (a part
    of it)."""

    def judge(self, ch: Chart, K: Batch, P: Batch, obs: Obstacles, first: bool, boats: bool = True) -> np.ndarray:
        """Extra turns the table costs each candidate move (geometric) of the parents ``P``."""
        n = len(K)
        extra = np.zeros(n)
        if n == 0:
            return extra
        mv = K.card >= 0
        if not first:
            # a card that would touch a mark, land or the edge may not be laid at all
            near = mv & (ch.fixed_field.at(K.px, K.py) < ch.look)
            if near.any():
                j = np.flatnonzero(near)
                c = K.card[j]
                ph = P.h[K.parent[j]]
                bad = obs.rect_fixed(K.px[j], K.py[j], ph, ch.c_across[c], ch.c_along[c])
                extra[j[bad]] += TRAP_COST
        ff = ch.fixed_field
        cells = ff.index(K.x, K.y)
        chk = mv & (ff.flat[cells] < ch.look)
        # the engine's ends of the same moves, weighed alongside for sailing them next turn
        X = self._memo_more if self._memo_store is not None else None
        xi = None
        if X is not None:
            xj, xx, xy = X
            xcells = ff.index(xx, xy)
            xi = np.flatnonzero(ff.flat[xcells] < ch.look)
            if not len(xi):
                xi = None
        if chk.any() or xi is not None:
            idx = np.flatnonzero(chk)
            kx, ky, kh, kt, kc = K.x[idx], K.y[idx], K.h[idx], K.tack[idx], cells[idx]
            if xi is not None:
                r = xj[xi]
                kx, ky, kh = np.concatenate([kx, xx[xi]]), np.concatenate([ky, xy[xi]]), np.concatenate([kh, K.h[r]])
                kt, kc = np.concatenate([kt, K.tack[r]]), np.concatenate([kc, xcells[xi]])
            dead, cost_c = self._fixed_verdicts(ch, obs, kx, ky, kh, kt, kc)
            m = len(idx)
            if xi is not None:
                xd = xi[dead[m:]]
                if len(xd):
                    xx, xy = xx.copy(), xy.copy()
                    xx[xd] = K.px[xj[xd]]
                    xy[xd] = K.py[xj[xd]]
                    self._memo_more = (xj, xx, xy)
                dead, cost_c = dead[:m], cost_c[:m]
        if chk.any():
            extra[idx] += np.where(dead, DEAD, 0.0) + cost_c
            if dead.any():
                # the engine stops such a move short of the obstacle: it gets nowhere (and
                # in particular crosses no ray, gate or line)
                j = idx[dead]
                K.x = K.x.copy(); K.y = K.y.copy()
                K.x[j] = K.px[j]
                K.y[j] = K.py[j]
            if first and dead.any():
                # a normal card whose only exits clear of the mark change tack: rule 1 may
                # close those too, and then the card can be sailed no way at all
                dead_k = np.zeros(n, bool)
                dead_k[idx] = dead
                invol = mv & (K.tack != P.tack[K.parent]) & (ch.c_kind[np.maximum(K.card, 0)] == 0)
                pair = K.parent * (len(ch.keys) + 1) + np.where(mv, K.card, len(ch.keys))
                safe = np.zeros(len(P) * (len(ch.keys) + 1), bool)
                crowded = obs.nearest_boat(K.x, K.y) < ch.L if len(obs.bx) else np.zeros(n, bool)
                np.logical_or.at(safe, pair, mv & ~dead_k & ~invol & ~crowded)
                anyd = np.zeros(len(safe), bool)
                np.logical_or.at(anyd, pair, dead_k)
                risky = anyd[pair] & ~safe[pair] & mv & (ch.c_kind[np.maximum(K.card, 0)] == 0)
                extra += np.where(risky, 1.5, 0.0)
        if boats and len(obs.bx):
            nb = obs.nearest_boat(K.x, K.y)
            extra += self._boat_room(ch, K, nb, mv, obs)
            # a bow ending against another boat's hull: each boat's cards then lie on the
            # other's hull, and two boats bow to bow can hold each other aside for good
            extra += np.where(mv & (nb < LOCK_NEAR * ch.H), LOCK, 0.0)
        if first and len(obs.bx):
            # the card itself, in front of the parent's bow, once per (parent, card)
            pairs = K.parent * (len(ch.keys) + 1) + np.where(mv, K.card, len(ch.keys))
            seen = np.zeros(len(P) * (len(ch.keys) + 1), bool)
            seen[pairs] = True
            uniq = np.flatnonzero(seen)                 # np.unique, without sorting
            inv = np.cumsum(seen)[pairs] - 1
            pp = uniq // (len(ch.keys) + 1)
            cc = uniq % (len(ch.keys) + 1)
            near = np.hypot(P.x[pp][:, None] - obs.bx[None, :], P.y[pp][:, None] - obs.by[None, :]).min(1) \
                < ch.L + ch.H
            held = np.zeros(len(uniq))
            if near.any():
                j = np.flatnonzero(near)
                who = self._held_by(ch, P, pp[j], cc[j])
                stuck = HELD_STUCK + 2.0 * self._still
                held[j] = [0.0 if w < 0 else (stuck if obs.stuck.get(int(w)) else HELD) for w in who]
            held_k = (held[inv] > 0) & mv
            extra += np.where(mv, held[inv], 0.0)
            close = mv & ~held_k & (nb < 2.0 * ch.H + 0.3 * ch.L)
            if close.any():
                j = np.flatnonzero(close)
                extra[j] += np.where(obs.hull_boats(K.x[j], K.y[j], K.h[j]), BUMP, 0.0)
        if self.style.tack_penalty:
            extra += np.where(mv & (ch.c_kind[np.maximum(K.card, 0)] == TACK), self.style.tack_penalty, 0.0)
        return extra

    def _fixed_verdicts(self, ch: Chart, obs: Obstacles, kx, ky, kh, kt, kc):
        """For move ends near something fixed: whether each is dead (its hull or the room
        for the next card touches a mark, land or the edge), and the turns of pivoting a
        cramped one needs to lay a card again. Kept or looked up by the exact end."""
        keys = got = None
        if self._memo_store is not None or self._memo_look is not None:
            keys = list(zip(kx.tolist(), ky.tolist(), kh.tolist(), kt.tolist()))
        if self._memo_look is not None:
            got = [self._memo_look[0].get(k) for k in keys]
            if None in got:
                got = None
        if got is not None:
            dead = np.array([g[0] for g in got], bool)
            cost_c = np.array([g[1] for g in got], float)
        else:
            dead = obs.hull_fixed(kx, ky, kh, kc) | obs.room_fixed(kx, ky, kh, kc)
            cramped = ~dead
            if cramped.any():
                j = np.flatnonzero(cramped)
                cramped[j] = ~obs.free_card(kx[j], ky[j], kh[j], kt[j], kc[j])
            cost_c = np.zeros(len(kx))
            if cramped.any():
                j = np.flatnonzero(cramped)
                cost_c[j] = self._way_out(ch, obs, kx[j], ky[j], kh[j], kc[j])
        if self._memo_store is not None:
            self._memo_store[0].update(zip(keys, zip(dead.tolist(), cost_c.tolist())))
        return dead, cost_c

    def _held_by(self, ch: Chart, P: Batch, parents, cards) -> list[int]:
        """Exactly as the engine sees it: the boat whose hull a card laid in front of the
        parent's bow would lie on (-1: none)."""
        game, state = self._race.game, self._race.state
        hull_boxes = others_boxes(game, state.boats, state.active)[0]
        oth = None
        groups: dict[int, list[int]] = {}
        for i, p in enumerate(parents):
            groups.setdefault(int(p), []).append(i)
        res = [-1] * len(parents)
        for p, idx in groups.items():
            pose = dr.Pose(float(P.x[p]), float(P.y[p]), int(P.h[p]))
            tack = Tack.STARBOARD if P.tack[p] > 0 else Tack.PORT
            keys = tuple(ch.keys[int(cards[i])] if cards[i] < len(ch.keys) else ch.delay_key for i in idx)
            # within one placing the same card at the same bow is judged once
            known = self._held_memo.setdefault((pose, tack), {}) if self._held_memo is not None else {}
            todo = tuple(dict.fromkeys(k for k in keys if k not in known))
            if todo:
                found = dict.fromkeys(todo, -1)
                # only cards whose bounding box meets a hull's are built and judged
                near = np.flatnonzero(boxes_near(card_boxes(game, pose, tack, todo), hull_boxes).any(axis=1)).tolist()
                if near:
                    if oth is None:
                        oth = table_others(game, state.boats, state.active)
                    shapes = card_shapes(game, pose, tack, 0.0, tuple(todo[j] for j in near))
                    for j, h in zip(near, oth.hull_hits(shapes)):
                        found[todo[j]] = -1 if h is None else int(h)
                known.update(found)
            for j, k in enumerate(keys):
                res[idx[j]] = known[k]
        return res

    def _way_out(self, ch: Chart, obs: Obstacles, x, y, h, cells=None) -> np.ndarray:
        """Turns it takes a bow where no normal card fits to pivot (45° a turn, the hull
        swinging clear of marks) to a heading where one does; a bow with no way out at
        all is a trap."""
        n, m = len(x), len(WAY_OUT_TURNS)
        if n == 0:
            return np.full(0, TRAP_COST)
        # every pivot at once: the fewest turns to a heading where a card fits
        h2 = ((h[:, None] + WAY_OUT_TURNS[None, :]) % 360).ravel()
        t2 = np.where(((ch.wind - h2) % 360) < 180, 1, -1)
        xs, ys = np.repeat(x, m), np.repeat(y, m)
        ok = obs.free_card(xs, ys, h2, t2, None if cells is None else np.repeat(cells, m)) & \
            ~self._hull_marks(ch, xs, ys, h2)
        return np.where(ok.reshape(n, m), WAY_OUT_STEPS[None, :] + 1.0, TRAP_COST).min(1)

    def _boat_room(self, ch: Chart, K: Batch, nb, mv, obs: Obstacles) -> np.ndarray:
        """Ending next to other boats: a little for being close, more when no card
        could then be laid clear of their hulls (two bows so close that each boat's
        cards lie on the other's hull can lock both boats for good)."""
        extra = NEAR * np.maximum(0.0, 1.0 - nb / (1.2 * ch.L))
        close = mv & (nb < ch.L + ch.H)
        if close.any():
            j = np.flatnonzero(close)
            boxed = ~obs.free_of_boats(K.x[j], K.y[j], K.h[j], K.tack[j])
            extra[j] += np.where(boxed, BOXED, 0.0)
        return extra
