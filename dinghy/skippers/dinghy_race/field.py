"""The time-to-go field: turns still to sail from any position and heading to the
finish, computed once per course, wind, card set and hazard table.

The water is cut into square cells (about 0.4 card lengths) and every cell has a node
for each of the 24 headings (15° apart), twice (the tack or jibe card just sailed or
not: there is one of each, so neither can be laid twice in a row), in each *layer* of
the course: not yet started,
then every leg (a mark leg in its two stages: before and after the first ray of the
rounding), then the run to the finish. An edge is one turn of sailing: every exit of
every card that fits the point of sail (:meth:`Chart.template`, the exits exactly as the
engine sails them), costing one turn plus the exact expected delay of its hazard roll
(tack, jibe, an involuntary tack or jibe with its -2, trapeze abuse) read from the hazard
table's odds; and the delay card (one turn, the bow pivoting 0 or 45° either way).
Moves that end on, or pass over, a mark, land or the edge are left out. Which layer a
move ends in is decided by the skippers' course model (``Chart.advance``: the start
line, each rounding's rays, each gate, the finish), so a mark can only be rounded on its
side and in order. A reverse shortest-path search (``scipy.sparse.csgraph.dijkstra``)
from "finished" gives every node its turns to go.

A move's end point is snapped to the nearest cell centre. Snapping alone would let the
search pick the exits that round in its favour (a 12° better angle to the wind on a
beat is worth nearly a fifth of the leg), so each edge's cost is corrected to first
order by the open-water time gradient (``Chart.time``) over the distance it was
snapped. Spinnaker moves are not in the field (it has no spinnaker state): its optimum
is the race sailed without one.

Where fields are kept (in memory and on disk) and built in the background is
:mod:`dinghy.skippers.dinghy_race.field_store`.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from dinghy.skippers.dinghy_race.batch import JIBE, NORMAL, PRESTART_ROUNDS, TACK, Batch
from dinghy.skippers.dinghy_race.brain import chart_of

HEADINGS = 24
STATES = 2 * HEADINGS    # each heading, with or without the tack/jibe card just sailed
CELL_CARDS = 0.4          # cell side, in card lengths


@dataclass(frozen=True)
class Layer:
    """Where a boat is in the course: not started (legs -1), or on leg ``legs`` in
    rounding ``stage`` (legs == number of legs: the run to the finish)."""

    legs: int
    stage: int


class Field:
    """Turns to go for every (layer, cell, heading); :meth:`value` interpolates."""

    loaded = False           # True: read from the disk cache, not built here

    def __init__(self, game, cell: float | None = None, solve: bool = True) -> None:
        t0 = time.perf_counter()
        ch = chart_of(game)
        self.chart = ch
        self.wind = ch.wind
        self.cell = cell = float(cell or round(CELL_CARDS * ch.L, 1))
        minx, miny, maxx, maxy = ch.area_box
        self.x0, self.y0 = minx + cell / 2, miny + cell / 2
        self.nx = max(2, int(math.ceil((maxx - minx) / cell)))
        self.ny = max(2, int(math.ceil((maxy - miny) / cell)))
        gx = self.x0 + cell * np.arange(self.nx)
        gy = self.y0 + cell * np.arange(self.ny)
        X, Y = np.meshgrid(gx, gy, indexing="ij")
        self.cx, self.cy = X.ravel(), Y.ravel()
        self.ncell = len(self.cx)
        self.water = ch.fixed_field.at(self.cx, self.cy) >= 0.0
        # layers: not started, each leg's stages, the run to the finish
        layers = [Layer(-1, 0)]
        for k, leg in enumerate(ch.legs):
            stages = (0, 1) if hasattr(leg, "theta") else (0,)
            layers += [Layer(k, s) for s in stages]
        layers.append(Layer(ch.n_legs, 0))
        self.layers = tuple(layers)
        self.layer_of = {(l.legs, l.stage): i for i, l in enumerate(layers)}
        self._layer_legs = np.array([l.legs for l in layers], np.int64)
        self._layer_stage = np.array([l.stage for l in layers], np.int64)
        self._edges = self._edge_table()
        if solve:
            self.values, self.next_node = self._solve()
            self._best_heading = self.values.min(axis=2, keepdims=True)
        self._tj = np.isin(ch.c_kind, (TACK, JIBE))
        self.build_seconds = time.perf_counter() - t0

    # -- the graph ---------------------------------------------------------------------
    def _edge_table(self):
        """Every move from each heading, as offsets: (heading index, dx, dy, new heading
        index, hazard turns, kind) — both tacks' cards where the heading is dead up or
        down wind (the tack there is the boat's own choice of history)."""
        ch = self.chart
        rows = []
        for hi in range(HEADINGS):
            h = hi * 15
            rel = (self.wind - h) % 360
            tacks = (1, -1) if rel in (0, 180) else ((1,) if rel < 180 else (-1,))
            for t in tacks:
                ci, _ex, bx, by, h2, _t2, _sp, cost = ch.template(h, t, False, False, 0, None)
                kind = ch.c_kind[ci] if len(ci) else np.zeros(0, np.int64)
                keep = (kind == NORMAL) | (kind == TACK) | (kind == JIBE)
                for j in np.flatnonzero(keep):
                    tj = int(kind[j] in (TACK, JIBE))
                    rows.append((hi, float(bx[j]), float(by[j]), int(h2[j]) // 15, float(cost[j]), tj))
            # the delay card: a turn, the bow pivoting in place
            for d in (0, -3, 3):
                rows.append((hi, 0.0, 0.0, (hi + d) % HEADINGS, 0.0, 0))
        # the same move offered by two cards (a close-hauled card and its trapeze twin):
        # keep the cheaper
        best: dict[tuple, tuple] = {}
        for r in rows:
            k = (r[0], round(r[1], 6), round(r[2], 6), r[3])
            if k not in best or r[4] < best[k][4]:
                best[k] = r
        a = np.array(sorted(best.values()))
        hi, h2, tj = a[:, 0].astype(np.int64), a[:, 3].astype(np.int64), a[:, 5].astype(np.int64)
        self._geo = (hi, a[:, 1], a[:, 2], h2, a[:, 4], tj)
        # states: heading x (0: free, 1: the tack or jibe card just sailed -- it is the
        # only one of its kind, so it cannot be laid again at once)
        rows0 = np.arange(len(a))
        rows1 = np.flatnonzero(tj == 0)
        idx = np.concatenate([rows0, rows1])
        flag = np.concatenate([np.zeros(len(rows0), np.int64), np.ones(len(rows1), np.int64)])
        return (hi[idx] * 2 + flag, a[idx, 1], a[idx, 2], h2[idx] * 2 + tj[idx], a[idx, 4])

    def _analytic(self, layer: Layer) -> np.ndarray:
        """The open-water estimate of turns to go at every cell (for the snap correction)."""
        ch = self.chart
        if layer.legs < 0:
            return ch.start_cost(self.cx, self.cy)[0]
        return ch.leg_cost(layer.legs, layer.stage, self.cx, self.cy)[0]

    _correct = 1.0

    def _solve(self):
        ch = self.chart
        ncell, cell = self.ncell, self.cell
        nl = len(self.layers)
        n_nodes = nl * ncell * STATES
        sink = n_nodes
        e_hi, e_dx, e_dy, e_h2, e_cost, e_tj = self._geo
        di = np.rint(e_dx / cell).astype(np.int64)
        dj = np.rint(e_dy / cell).astype(np.int64)
        rx, ry = e_dx - di * cell, e_dy - dj * cell         # what the snap moved
        # moves of one heading that snap to the same cell and heading may join the same
        # two nodes: only those need the (slow) search for duplicates below
        grp = ((e_hi * 10**6 + (di + 500) * 10**3 + (dj + 500)) * HEADINGS + e_h2) * 2 + e_tj
        _, inv, cnt = np.unique(grp, return_inverse=True, return_counts=True)
        shared = cnt[inv] > 1
        src_cells = np.flatnonzero(self.water)
        grads = []
        for layer in self.layers:
            T = self._analytic(layer).reshape(self.nx, self.ny)
            T = np.where(np.isfinite(T), T, np.nanmax(np.where(np.isfinite(T), T, np.nan)))
            gx, gy = np.gradient(T, cell)
            cap = 3.0 / ch.v_ch
            grads.append((np.clip(gx, -cap, cap).ravel(), np.clip(gy, -cap, cap).ravel()))
        # the geometry of every (source cell, move), the same in every layer
        ne = len(e_hi)
        S = np.repeat(src_cells, ne)
        E = np.tile(np.arange(ne), len(src_cells))
        si, sj = S // self.ny, S % self.ny
        sx, sy = self.cx[S], self.cy[S]
        ax, ay = sx + e_dx[E], sy + e_dy[E]
        ok = ch.fixed_field.at(ax, ay) >= 0.0
        for f in (0.25, 0.5, 0.75):
            ok &= ch.fixed_field.at(sx + f * e_dx[E], sy + f * e_dy[E]) >= 0.0
        ti, tj = si + di[E], sj + dj[E]
        ok &= (ti >= 0) & (ti < self.nx) & (tj >= 0) & (tj < self.ny)
        k = np.flatnonzero(ok)
        S, E, ax, ay, sx, sy = S[k], E[k], ax[k], ay[k], sx[k], sy[k]
        tcell = ti[k] * self.ny + tj[k]
        n = len(k)
        h2deg = (e_h2[E] * 15).astype(np.int64)
        lut = {lg * 10 + st: i for (lg, st), i in self.layer_of.items()}
        free = e_tj[E] == 0
        rows_all, cols_all, w_all = [], [], []
        for li, layer in enumerate(self.layers):
            B = Batch(ax, ay, h2deg, np.ones(n, np.int64), np.zeros(n, bool),
                      np.full(n, max(layer.legs, 0), np.int64),
                      np.full(n, -99 if layer.legs < 0 else layer.stage, np.int64),
                      np.full(n, layer.legs >= 0), np.zeros(n, bool), np.full(n, -1), np.zeros(n, np.int64),
                      np.zeros(n, np.int64), np.zeros(n), sx, sy)
            ch.advance(B, PRESTART_ROUNDS + 1)
            fin = B.finished
            dl = np.where(B.started, B.legs, -1)
            ds = np.where(B.started, np.where(dl >= ch.n_legs, 0, B.stage), 0)
            code = dl * 10 + ds
            dlayer = np.full(n, -1, np.int64)
            for c in np.unique(code):
                if int(c) in lut:
                    dlayer[code == c] = lut[int(c)]
            good = fin | ((dlayer >= 0) & self.water[tcell])
            w = 1.0 + e_cost[E]
            live = good & ~fin
            corr = np.zeros(n)
            if live.any():
                j = np.flatnonzero(live)
                for L in np.unique(dlayer[j]):
                    sel = j[dlayer[j] == L]
                    gx_, gy_ = grads[L]
                    corr[sel] = gx_[tcell[sel]] * rx[E[sel]] + gy_[tcell[sel]] * ry[E[sel]]
            w = np.maximum(w + self._correct * corr, 0.05)
            src = (li * ncell + S) * STATES + e_hi[E] * 2
            dst = np.where(fin, sink, (np.maximum(dlayer, 0) * ncell + tcell) * STATES + e_h2[E] * 2 + e_tj[E])
            g = np.flatnonzero(good)
            # the same two nodes joined twice (two exits snapped alike): keep the cheaper
            dup = g[shared[E[g]]]
            keep = np.ones(n, bool)
            if len(dup):
                key = dst[dup] * (n_nodes + 1) + src[dup]
                order = np.lexsort((w[dup], key))
                ks = key[order]
                first = np.ones(len(ks), bool)
                first[1:] = ks[1:] != ks[:-1]
                keep[dup] = False
                keep[dup[order[first]]] = True
            g = g[keep[g]]
            # from a heading with the tack/jibe card just sailed: every move but that card
            g1 = g[free[g]]
            rows_all += [dst[g], dst[g1]]
            cols_all += [src[g], src[g1] + 1]
            w_all += [w[g], w[g1]]
        rows = np.concatenate(rows_all)
        cols = np.concatenate(cols_all)
        w = np.concatenate(w_all)
        # reversed graph: an edge from each move's end to its start, searched from "finished"
        from scipy.sparse import csr_matrix        # here: a field read from the cache needs none of scipy
        from scipy.sparse.csgraph import dijkstra

        G = csr_matrix((w, (rows, cols)), shape=(n_nodes + 1, n_nodes + 1))
        dist, pred = dijkstra(G, directed=True, indices=sink, return_predecessors=True)
        values = dist[:n_nodes].reshape(nl, ncell, STATES)
        return values, pred[:n_nodes]

    # -- reading ---------------------------------------------------------------------------
    def layer_index(self, legs: int, stage: int, started: bool) -> int:
        """The layer of a boat (-1: none, e.g. a boat that wound a mark the wrong way)."""
        if not started:
            return 0
        if legs >= self.chart.n_legs:
            stage = 0
        return self.layer_of.get((int(legs), int(stage)), -1)

    def node(self, layer: int, x: float, y: float, heading: int, just_tacked: bool = False) -> int:
        i = int(np.clip(np.rint((x - self.x0) / self.cell), 0, self.nx - 1))
        j = int(np.clip(np.rint((y - self.y0) / self.cell), 0, self.ny - 1))
        return self.node_index(layer, i * self.ny + j, (int(heading) % 360) // 15, just_tacked)

    def node_index(self, layer: int, cell: int, hi: int, just_tacked: bool = False) -> int:
        return (layer * self.ncell + cell) * STATES + hi * 2 + int(just_tacked)

    def node_value(self, node: int) -> float:
        return float(self.values.ravel()[node])

    def path(self, node: int, limit: int = 2000) -> list[int]:
        """The optimal line from ``node``: the nodes it passes, to the finish (-1 ends it)."""
        out = [node]
        n_nodes = self.values.size
        while len(out) < limit:
            nxt = int(self.next_node[out[-1]])
            if nxt < 0 or nxt >= n_nodes:
                break
            out.append(nxt)
        return out

    def rollout(self, x: float, y: float, heading: int, legs: int = -1, stage: int = 0,
                limit: int = 400) -> tuple[float, list[tuple[float, float, int]]]:
        """Sail the field's line from a pose exactly (no snapping, no other boats, each
        hazard at its expected delay): at each turn the move whose end has the fewest
        turns to go. Returns (turns, the poses passed). A check of the field against the
        exact geometry, and the figure a skipper alone should approach."""
        ch = self.chart
        e_hi, e_dx, e_dy, e_h2, e_cost = self._edges
        turns = 0.0
        state = (heading % 360) // 15 * 2
        started = legs >= 0
        legs = max(legs, 0)
        poses = [(x, y, heading)]
        for _ in range(limit):
            sel = np.flatnonzero(e_hi == state)
            n = len(sel)
            ax, ay = x + e_dx[sel], y + e_dy[sel]
            ok = ch.fixed_field.at(ax, ay) >= 0.0
            for f in (0.25, 0.5, 0.75):
                ok &= ch.fixed_field.at(x + f * e_dx[sel], y + f * e_dy[sel]) >= 0.0
            B = Batch(ax, ay, ((e_h2[sel] // 2) * 15).astype(np.int64), np.ones(n, np.int64), np.zeros(n, bool),
                      np.full(n, legs, np.int64), np.full(n, stage if started else -99, np.int64),
                      np.full(n, started), np.zeros(n, bool), np.full(n, -1), np.zeros(n, np.int64),
                      np.zeros(n, np.int64), np.zeros(n), np.full(n, x), np.full(n, y))
            ch.advance(B, PRESTART_ROUNDS + 1)
            v = self.value(B.x, B.y, B.h, self._layers_of(B), just_tacked=e_h2[sel] % 2 == 1)
            v = np.where(B.finished, 0.0, v)
            # a delay card (pivoting on the spot) only when no card may be sailed: in the
            # field's cells a pivot can look a shade cheaper than it is
            wait = (e_dx[sel] == 0) & (e_dy[sel] == 0)
            v = np.where(ok & np.isfinite(v), v, np.inf) + 1.0 + e_cost[sel]
            if np.isfinite(v[~wait]).any():
                v = np.where(wait, np.inf, v)
            j = int(np.argmin(v))
            if not np.isfinite(v[j]):
                return math.inf, poses
            turns += 1.0 + float(e_cost[sel][j])
            x, y, heading, state = float(B.x[j]), float(B.y[j]), int(B.h[j]), int(e_h2[sel][j])
            legs, stage, started = int(B.legs[j]), int(B.stage[j]), bool(B.started[j])
            poses.append((x, y, heading))
            if B.finished[j]:
                return turns, poses
        return math.inf, poses

    def value(self, x, y, h, layer, best_heading: bool = False, just_tacked=False) -> np.ndarray:
        """Turns to go at each (x, y, heading, layer), interpolated between the four
        nearest cells of the same heading. A cell counts only if the straight line to it
        crosses nothing that changes the layer (a rounding's ray, a gate, the start or
        finish line): the time to go jumps there. NaN where no cell is known (the caller
        falls back on the open-water estimate)."""
        return self._values(x, y, h, layer, (best_heading,), just_tacked)[0]

    def _values(self, x, y, h, layer, which: tuple[bool, ...], just_tacked=False) -> list[np.ndarray]:
        """:meth:`value` at the headings given (False) and at the best heading there
        (True), for each of ``which``: the cells and the straight-line checks, which do
        not depend on the heading, made once."""
        x = np.asarray(x, float)
        y = np.asarray(y, float)
        layer = np.asarray(layer, np.int64)
        hi_h = (np.asarray(h, np.int64) % 360) // 15 * 2 + np.asarray(just_tacked, np.int64)
        fx = (x - self.x0) / self.cell
        fy = (y - self.y0) / self.cell
        i0 = np.clip(np.floor(fx).astype(np.int64), 0, self.nx - 2)
        j0 = np.clip(np.floor(fy).astype(np.int64), 0, self.ny - 2)
        tx = np.clip(fx - i0, 0.0, 1.0)
        ty = np.clip(fy - j0, 0.0, 1.0)
        n = len(x)
        lay = np.broadcast_to(np.maximum(layer, 0), (n,))
        corners = ((0, 0, (1 - tx) * (1 - ty)), (1, 0, tx * (1 - ty)), (0, 1, (1 - tx) * ty), (1, 1, tx * ty))
        # the four corners' cells at once: one straight-line check for all 4 n tracks
        # (each track is judged on its own: the same answers as four checks of n)
        c4 = np.concatenate([(i0 + di) * self.ny + j0 + dj for di, dj, _ in corners])
        lay4 = np.tile(lay, 4)
        same4 = self._same_layer(np.tile(x, 4), np.tile(y, 4), self.cx[c4], self.cy[c4], lay4)
        wgt4 = np.concatenate([wgt for _, _, wgt in corners])
        outs = []
        for best_heading in which:
            if best_heading:
                V = self._best_heading
                hi = np.zeros(len(x), np.int64)
            else:
                V = self.values
                hi = hi_h
            hi = np.broadcast_to(hi, (n,))
            v4 = V[lay4, c4, np.tile(hi, 4)]
            # each corner's weighted value and weight, for the four corners at once; summed
            # corner by corner, in order, from zero
            fin4 = np.isfinite(v4) & same4
            part = np.where(fin4, wgt4 * np.where(fin4, v4, 0.0), 0.0)
            share = np.where(fin4, wgt4, 0.0)
            num = np.zeros(n)
            den = np.zeros(n)
            for k in range(4):
                num += part[k * n:(k + 1) * n]
                den += share[k * n:(k + 1) * n]
            out = np.where(den > 1e-9, num / np.maximum(den, 1e-9), np.nan)
            outs.append(np.where(layer >= 0, out, np.nan))
        return outs

    def _same_layer(self, x, y, qx, qy, lay) -> np.ndarray:
        """Whether sailing straight from (x, y) to (qx, qy) stays in layer ``lay``."""
        n = len(x)
        legs = self._layer_legs[lay]
        stage = self._layer_stage[lay]
        started = legs >= 0
        B = Batch(np.asarray(qx, float).copy(), np.asarray(qy, float).copy(), np.zeros(n, np.int64),
                  np.ones(n, np.int64), np.zeros(n, bool), np.maximum(legs, 0),
                  np.where(started, stage, -99), started, np.zeros(n, bool), np.full(n, -1),
                  np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n), x, y)
        self.chart.advance(B, PRESTART_ROUNDS + 1)
        return ((B.started == started) & ~B.finished & (np.where(started, B.legs, -1) == legs)
                & ((B.stage == stage) | (legs >= self.chart.n_legs) | ~started))

    def _layers_of(self, B: Batch) -> np.ndarray:
        n = len(B)
        started = B.started
        st = np.where(B.legs >= self.chart.n_legs, 0, B.stage)
        code = B.legs * 10 + st
        lut = {lg * 10 + s: i for (lg, s), i in self.layer_of.items()}
        layer = np.full(n, -1, np.int64)
        for c in np.unique(code[started]):
            layer[started & (code == c)] = lut.get(int(c), -1)
        layer[~started] = 0
        return layer

    def value_of_batch(self, B: Batch, best_heading: bool = False) -> np.ndarray:
        """Turns to go for each boat of a skippers' batch (finished: 0); with
        ``best_heading``, from the same place at the best heading there. A boat whose
        move was the tack or jibe card cannot lay that card again at once."""
        return self.values_of_batch(B, (best_heading,))[0]

    def values_of_batch(self, B: Batch, which: tuple[bool, ...] = (False, True)) -> list[np.ndarray]:
        """:meth:`value_of_batch` for each of ``which`` (by default at the boats' headings
        and at the best heading there), the cells looked up once."""
        tj = (B.card >= 0) & self._tj[np.maximum(B.card, 0)]
        return [np.where(B.finished, 0.0, v) for v in self._values(B.x, B.y, B.h, self._layers_of(B), which, tj)]
