"""The time-to-go field: turns still to sail from any position and heading to the
finish, computed once per course, wind, card set and hazard table.

The water is cut into square cells (about 0.4 card lengths) and every cell has a node
for each of the 24 headings (15° apart) in each *layer* of the course: not yet started,
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

Fields are cached in memory by the content of the course, cards and hazard table, so
a race, and every race on the same water, builds each one once.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from dinghy.skippers.brain import (JIBE, NORMAL, PRESTART_ROUNDS, TACK, Batch, Chart, _content_key,
                                   chart_of)

HEADINGS = 24
CELL_CARDS = 0.4          # cell side, in card lengths


@dataclass(frozen=True)
class Layer:
    """Where a boat is in the course: not started (legs -1), or on leg ``legs`` in
    rounding ``stage`` (legs == number of legs: the run to the finish)."""

    legs: int
    stage: int


class Field:
    """Turns to go for every (layer, cell, heading); :meth:`value` interpolates."""

    def __init__(self, game, cell: float | None = None) -> None:
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
        self.values, self.next_node = self._solve()
        self._best_heading = self.values.min(axis=2, keepdims=True)
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
                    rows.append((hi, float(bx[j]), float(by[j]), int(h2[j]) // 15, float(cost[j])))
            # the delay card: a turn, the bow pivoting in place
            for d in (0, -3, 3):
                rows.append((hi, 0.0, 0.0, (hi + d) % HEADINGS, 0.0))
        # the same move offered by two cards (a close-hauled card and its trapeze twin):
        # keep the cheaper
        best: dict[tuple, tuple] = {}
        for r in rows:
            k = (r[0], round(r[1], 6), round(r[2], 6), r[3])
            if k not in best or r[4] < best[k][4]:
                best[k] = r
        a = np.array(sorted(best.values()))
        return (a[:, 0].astype(np.int64), a[:, 1], a[:, 2], a[:, 3].astype(np.int64), a[:, 4])

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
        n_nodes = nl * ncell * HEADINGS
        sink = n_nodes
        e_hi, e_dx, e_dy, e_h2, e_cost = self._edges
        di = np.rint(e_dx / cell).astype(np.int64)
        dj = np.rint(e_dy / cell).astype(np.int64)
        rx, ry = e_dx - di * cell, e_dy - dj * cell         # what the snap moved
        # moves of one heading that snap to the same cell and heading may join the same
        # two nodes: only those need the (slow) search for duplicates below
        grp = e_hi * 10**6 + (di + 500) * 10**3 + (dj + 500)
        grp = grp * HEADINGS + e_h2
        _, inv, cnt = np.unique(grp, return_inverse=True, return_counts=True)
        shared = cnt[inv] > 1
        src_cells = np.flatnonzero(self.water)
        ci_all = src_cells // self.ny
        cj_all = src_cells % self.ny
        grads = []
        for layer in self.layers:
            T = self._analytic(layer).reshape(self.nx, self.ny)
            T = np.where(np.isfinite(T), T, np.nanmax(np.where(np.isfinite(T), T, np.nan)))
            gx, gy = np.gradient(T, cell)
            cap = 3.0 / ch.v_ch
            grads.append((np.clip(gx, -cap, cap).ravel(), np.clip(gy, -cap, cap).ravel()))
        rows_all, cols_all, w_all = [], [], []
        ne = len(e_hi)
        for li, layer in enumerate(self.layers):
            # (source cell, edge) pairs
            S = np.repeat(src_cells, ne)
            E = np.tile(np.arange(ne), len(src_cells))
            si, sj = np.repeat(ci_all, ne), np.repeat(cj_all, ne)
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
            legs0 = max(layer.legs, 0)
            B = Batch(ax, ay, (e_h2[E] * 15).astype(np.int64), np.ones(n, np.int64), np.zeros(n, bool),
                      np.full(n, legs0, np.int64),
                      np.full(n, -99 if layer.legs < 0 else layer.stage, np.int64),
                      np.full(n, layer.legs >= 0), np.zeros(n, bool), np.full(n, -1), np.zeros(n, np.int64),
                      np.zeros(n, np.int64), np.zeros(n), sx, sy)
            ch.advance(B, PRESTART_ROUNDS + 1)
            fin = B.finished
            dl = np.where(B.started, B.legs, -1)
            ds = np.where(B.started, np.where(dl >= ch.n_legs, 0, B.stage), 0)
            code = dl * 10 + ds
            lut = {lg * 10 + st: i for (lg, st), i in self.layer_of.items()}
            dlayer = np.full(n, -1, np.int64)
            for c in np.unique(code):
                if int(c) in lut:
                    dlayer[code == c] = lut[int(c)]
            ok = fin | ((dlayer >= 0) & self.water[tcell])
            src = (li * ncell + S) * HEADINGS + e_hi[E]
            w = 1.0 + e_cost[E]
            live = ok & ~fin
            gxl = np.zeros(n)
            if live.any():
                j = np.flatnonzero(live)
                for L in np.unique(dlayer[j]):
                    sel = j[dlayer[j] == L]
                    gx_, gy_ = grads[L]
                    gxl[sel] = gx_[tcell[sel]] * rx[E[sel]] + gy_[tcell[sel]] * ry[E[sel]]
            w = np.maximum(w + self._correct * gxl, 0.05)
            dst = np.where(fin, sink, (np.maximum(dlayer, 0) * ncell + tcell) * HEADINGS + e_h2[E])
            src, dst, w = src[ok], dst[ok], w[ok]
            # the same two nodes joined twice (two exits snapped alike): keep the cheaper
            dup = np.flatnonzero(shared[E[ok]])
            keep = np.ones(len(src), bool)
            if len(dup):
                key = dst[dup] * (n_nodes + 1) + src[dup]
                order = np.lexsort((w[dup], key))
                ks = key[order]
                first = np.ones(len(ks), bool)
                first[1:] = ks[1:] != ks[:-1]
                keep[dup] = False
                keep[dup[order[first]]] = True
            rows_all.append(dst[keep]); cols_all.append(src[keep]); w_all.append(w[keep])
        rows = np.concatenate(rows_all)
        cols = np.concatenate(cols_all)
        w = np.concatenate(w_all)
        # reversed graph: an edge from each move's end to its start, searched from "finished"
        G = csr_matrix((w, (rows, cols)), shape=(n_nodes + 1, n_nodes + 1))
        dist, pred = dijkstra(G, directed=True, indices=sink, return_predecessors=True)
        values = dist[:n_nodes].reshape(nl, ncell, HEADINGS)
        return values, pred[:n_nodes]

    # -- reading ---------------------------------------------------------------------------
    def layer_index(self, legs: int, stage: int, started: bool) -> int:
        """The layer of a boat (-1: none, e.g. a boat that wound a mark the wrong way)."""
        if not started:
            return 0
        if legs >= self.chart.n_legs:
            stage = 0
        return self.layer_of.get((int(legs), int(stage)), -1)

    def node(self, layer: int, x: float, y: float, heading: int) -> int:
        i = int(np.clip(np.rint((x - self.x0) / self.cell), 0, self.nx - 1))
        j = int(np.clip(np.rint((y - self.y0) / self.cell), 0, self.ny - 1))
        return (layer * self.ncell + i * self.ny + j) * HEADINGS + (int(heading) % 360) // 15

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
        started = legs >= 0
        legs = max(legs, 0)
        poses = [(x, y, heading)]
        for _ in range(limit):
            sel = np.flatnonzero(e_hi == (heading % 360) // 15)
            n = len(sel)
            ax, ay = x + e_dx[sel], y + e_dy[sel]
            ok = ch.fixed_field.at(ax, ay) >= 0.0
            for f in (0.25, 0.5, 0.75):
                ok &= ch.fixed_field.at(x + f * e_dx[sel], y + f * e_dy[sel]) >= 0.0
            B = Batch(ax, ay, (e_h2[sel] * 15).astype(np.int64), np.ones(n, np.int64), np.zeros(n, bool),
                      np.full(n, legs, np.int64), np.full(n, stage if started else -99, np.int64),
                      np.full(n, started), np.zeros(n, bool), np.full(n, -1), np.zeros(n, np.int64),
                      np.zeros(n, np.int64), np.zeros(n), np.full(n, x), np.full(n, y))
            ch.advance(B, PRESTART_ROUNDS + 1)
            v = self.value_of_batch(B)
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
            x, y, heading = float(B.x[j]), float(B.y[j]), int(B.h[j])
            legs, stage, started = int(B.legs[j]), int(B.stage[j]), bool(B.started[j])
            poses.append((x, y, heading))
            if B.finished[j]:
                return turns, poses
        return math.inf, poses

    def value(self, x, y, h, layer, best_heading: bool = False) -> np.ndarray:
        """Turns to go at each (x, y, heading, layer), interpolated between the four
        nearest cells of the same heading. A cell counts only if the straight line to it
        crosses nothing that changes the layer (a rounding's ray, a gate, the start or
        finish line): the time to go jumps there. NaN where no cell is known (the caller
        falls back on the open-water estimate)."""
        x = np.asarray(x, float)
        y = np.asarray(y, float)
        layer = np.asarray(layer, np.int64)
        hi = (np.asarray(h, np.int64) % 360) // 15
        fx = (x - self.x0) / self.cell
        fy = (y - self.y0) / self.cell
        i0 = np.clip(np.floor(fx).astype(np.int64), 0, self.nx - 2)
        j0 = np.clip(np.floor(fy).astype(np.int64), 0, self.ny - 2)
        tx = np.clip(fx - i0, 0.0, 1.0)
        ty = np.clip(fy - j0, 0.0, 1.0)
        if best_heading:
            V = self._best_heading
            hi = np.zeros(len(x), np.int64)
        else:
            V = self.values
        num = np.zeros(len(x))
        den = np.zeros(len(x))
        lay = np.maximum(layer, 0)
        for di, dj, wgt in ((0, 0, (1 - tx) * (1 - ty)), (1, 0, tx * (1 - ty)),
                            (0, 1, (1 - tx) * ty), (1, 1, tx * ty)):
            c = (i0 + di) * self.ny + j0 + dj
            v = V[lay, c, hi]
            fin = np.isfinite(v) & self._same_layer(x, y, self.cx[c], self.cy[c], lay)
            num += np.where(fin, wgt * np.where(fin, v, 0.0), 0.0)
            den += np.where(fin, wgt, 0.0)
        out = np.where(den > 1e-9, num / np.maximum(den, 1e-9), np.nan)
        return np.where(layer >= 0, out, np.nan)

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

    def value_of_batch(self, B: Batch, best_heading: bool = False) -> np.ndarray:
        """Turns to go for each boat of a skippers' batch (finished: 0); with
        ``best_heading``, from the same place at the best heading there."""
        n = len(B)
        layer = np.zeros(n, np.int64)
        started = B.started
        legs = B.legs
        fin_leg = legs >= self.chart.n_legs
        st = np.where(fin_leg, 0, B.stage)
        code = legs * 10 + st
        lut = {lg * 10 + s: i for (lg, s), i in self.layer_of.items()}
        layer[:] = -1
        for c in np.unique(code[started]):
            layer[started & (code == c)] = lut.get(int(c), -1)
        layer[~started] = 0
        v = self.value(B.x, B.y, B.h, layer, best_heading)
        return np.where(B.finished, 0.0, v)


_FIELDS: dict = {}


def field_of(game) -> Field:
    """The field for a game's course, wind, card set and hazard table (built once)."""
    try:
        key = (_content_key(game), game.wind_from)
        hash(key)
    except TypeError:
        key = id(game)
    f = _FIELDS.get(key)
    if f is None:
        if len(_FIELDS) >= 8:
            _FIELDS.pop(next(iter(_FIELDS)))
        f = _FIELDS[key] = Field(game)
    return f
