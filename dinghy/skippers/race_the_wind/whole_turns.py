"""The edges of the whole-turn table (:func:`dinghy.skippers.race_the_wind.navigator.turn_table`):
one edge from each state to every state one whole turn of the rules' turn shapes can
reach, in two layers (plain 0..n-1, spinnaker up n..2n-1), with the weather's puffs and
lulls or without.

**Weather by difference.** Puffs and lulls lie on a few squares and change from turn to
turn, while the board and the wind stay. A state's edges depend on the weather only if
one of its turns moves onto a puff or a lull; every other state's edges are those of the
table without weather. So the edges without weather are worked out once for a board and
a wind (:class:`Calm`, with the squares each state's moves land on), and a weather's
edges are those, less the states whose moves land on its puffs or lulls, plus those
states' edges worked out afresh with the weather: the very edges a build from nothing
gives (each pair once, at its lower weight, in the same order), in a fraction of the
time.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from dinghy.games.grid import compass
from dinghy.games.race_the_wind import ask as A


class Steps:
    """One action's successors under one wind, in both layers: a move, the four turns,
    the spinnaker's drop, which turns may end where they end, each state's point of sail."""

    def __init__(self, g: Any, move: np.ndarray, turn: np.ndarray, wind: int) -> None:
        n = self.n = g.n
        off = np.array([compass.off_wind(h, wind) for h in range(8)])[g.heads]
        self.move2 = np.concatenate([move, np.where(move >= 0, move + n, -1)])
        self.turn2 = np.concatenate([turn, np.where(turn >= 0, turn + n, -1)])
        self.drop2 = np.concatenate([np.full(n, -1), np.arange(n)])
        self.ok2 = np.concatenate([off >= 1, off >= compass.BROAD_REACH])
        self.ok2[0] = self.ok2[n] = True
        self.off2 = np.concatenate([off, off])


def expand(st: Steps, better_spinnaker: bool, puff2: np.ndarray | None = None, lull2: np.ndarray | None = None,
           only: np.ndarray | None = None, landed: list | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every whole turn's edge (source, destination, weight: 1, or 2 for a move onto a lull
    that ends the turn and costs the next one), a pair perhaps more than once; with
    ``puff2``/``lull2`` (masks of the states on puffs and lulls) the weather's; from the
    states of ``only`` (a mask) alone if given. ``landed`` (without weather) receives
    (source, state a move lands on) arrays."""
    n, move2, turn2, drop2, ok2 = st.n, st.move2, st.turn2, st.drop2, st.ok2
    srcs, dsts, stops, stop_srcs = [], [], [], []

    def moves(f, s0):
        d = move2[f]
        keep = d >= 0
        d, s0 = d[keep], s0[keep]
        if lull2 is None:
            if landed is not None:
                landed.append((s0, d))
            return [(d, s0)]
        out = []
        for _ in range(4):                 # a move, then puff moves while on puffs
            stop = lull2[d]
            stops.append(d[stop])
            stop_srcs.append(s0[stop])
            d, s0 = d[~stop], s0[~stop]
            out.append((d, s0))
            more = puff2[d]
            d = move2[d[more]]
            s0 = s0[more]
            keep = d >= 0
            d, s0 = d[keep], s0[keep]
            if not len(d):
                break
        return out

    for layer in (0, 1):
        for point in range(5):
            if layer and point < compass.BROAD_REACH:
                continue          # a spinnaker is carried only on a broad reach or run
            nodes = np.nonzero(st.off2[layer * n:(layer + 1) * n] == point)[0] + layer * n
            nodes = nodes[(nodes != 0) & (nodes != n)]
            if only is not None:
                nodes = nodes[only[nodes]]
            seqs = {s[:k] for s in A.shapes(point, bool(layer), better_spinnaker)
                    for k in range(1, len(s) + 1)}
            for seq in seqs:
                front = [(nodes, nodes)]
                for ch in seq:
                    nxt = []
                    for f, s0 in front:
                        if ch == "m":
                            nxt += moves(f, s0)
                        else:
                            for k in range(4):
                                d = turn2[f, k]
                                keep = (d >= 0) & ok2[np.maximum(d, 0)]
                                nxt.append((d[keep], s0[keep]))
                            d = drop2[f]
                            keep = d >= 0
                            nxt.append((d[keep], s0[keep]))
                    front = nxt
                for f, s0 in front:
                    dsts.append(f)
                    srcs.append(s0)
    src = np.concatenate(srcs + stop_srcs)
    dst = np.concatenate(dsts + stops)
    w = np.concatenate([np.ones(sum(len(a) for a in srcs)), np.full(sum(len(a) for a in stop_srcs), 2.0)])
    return src, np.where(dst == n, 0, dst), w


def unique(src: np.ndarray, dst: np.ndarray, w: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Each pair once (as ``dst * 2n + src``), the cheaper edge, in the pairs' order."""
    pair = dst.astype(np.int64) * (2 * n) + src
    order = np.lexsort((w, pair))
    pair, w = pair[order], w[order]
    first = np.ones(len(pair), dtype=bool)
    first[1:] = pair[1:] != pair[:-1]
    return pair[first], w[first]


class Calm:
    """The edges of one board and wind without weather, and the states each state's
    moves land on (to tell which states a weather touches)."""

    def __init__(self, st: Steps, better_spinnaker: bool) -> None:
        self.st, self.better = st, better_spinnaker
        landed: list = []
        self.pair, self.w = unique(*expand(st, better_spinnaker, landed=landed), st.n)
        self.src = self.pair % (2 * st.n)
        # every landing as it came (a pair perhaps more than once: cheaper than sorting)
        self.land_src = np.concatenate([a for a, _ in landed])
        self.land_dst = np.concatenate([b for _, b in landed])

    def weathered(self, puff2: np.ndarray, lull2: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The edges with the weather of ``puff2``/``lull2``: as :func:`unique` of
        :func:`expand` with that weather gives them."""
        two_n = 2 * self.st.n
        touched = np.zeros(two_n, dtype=bool)
        touched[self.land_src[(puff2 | lull2)[self.land_dst]]] = True
        if not touched.any():
            return self.pair, self.w
        keep = ~touched[self.src]
        p2, w2 = unique(*expand(self.st, self.better, puff2, lull2, only=touched), self.st.n)
        # both sorted, no pair in both (a pair's source is touched or not): merged in order
        pair, w = self.pair[keep], self.w[keep]
        at = np.searchsorted(pair, p2)
        return np.insert(pair, at, p2), np.insert(w, at, w2)
