"""Legs to go on a 3M Regatta board: for every intersection, stage of the race and tack,
the fewest legs (at the Wind Indicator's speeds, no spinnaker, no puff, other boats
ignored) to the finish: through the start line, round each mark the right way, over
the finish line. The bots of :mod:`dinghy.skippers.regatta_3m.navigator` weigh plans with it.

Stages (a boat's state the way ahead depends on):
0 jumped the gun: must get wholly back behind the line;
1 not yet started, last strictly behind the line (it starts by crossing it);
2 not yet started but over the line or its extensions: back behind it first;
3 + 2k on the way round mark k; 4 + 2k the same having crossed its ray the wrong way
round (one right-way crossing only undoes that);
3 + 2n all n marks rounded, last strictly on the course side of the finish line;
4 + 2n the same but last on the finishing side (round the end): back over it first.
In the advanced game a change of tack is a heading move
(one leg); in the basic game there is one tack. Fields are kept per (game, wind).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from dinghy.games.grid import compass, rounding
from dinghy.games.regatta_3m.ask import behind_line
from dinghy.core.caches import kept, remember

FAR = 999
TACKS = ("port", "starboard")
_CACHE: dict[tuple, "Field"] = {}
_STEPS: dict[Any, tuple] = {}     # board -> one step's cell and stage (:func:`_steps`)


def field(game: Any, wind: int) -> "Field":
    key = (game.board, wind, game.advanced, game.eq.speeds)
    return kept(_CACHE, key, lambda: Field(game, wind), 64)


class Field:
    def __init__(self, game: Any, wind: int) -> None:
        self.game, self.wind = game, wind
        self.course = game.course
        self.nmarks = len(self.course.marks)
        self.stages = 2 * self.nmarks + 5
        self.last = 3 + 2 * self.nmarks          # all marks rounded: to the finish
        self.tacks = TACKS if game.advanced else (None,)
        board = game.board
        self.cells = [(x, y) for y in range(board.height) for x in range(board.width)
                      if (x, y) not in self.course.obstacles]
        self.free = set(self.cells)
        self.dist: dict[tuple, int] = {}
        self._build()

    # -- one leg ------------------------------------------------------------------------
    def walk(self, p: tuple[int, int], d: int, n: int, stage: int, blocked=frozenset(),
             segments=None, prestart: bool = False):
        """Where a leg of ``n`` spaces from ``p`` towards ``d`` ends and in which stage
        (stage -1: it finishes); None if something is in the way."""
        for _ in range(n):
            q = compass.step(p[0], p[1], d)
            if q not in self.free or q in blocked:
                return None
            if segments is not None:
                s = (p, q) if p <= q else (q, p)
                if s in segments:
                    return None
                segments.add(s)
            stage = self._stage_after(p, q, stage, prestart)
            if stage == -1:
                return q, -1
            p = q
        return p, stage

    def _stage_after(self, p: tuple[int, int], q: tuple[int, int], stage: int, prestart: bool = False) -> int:
        """The stage after one step from ``p`` to ``q`` (-1: it crosses the finish line)."""
        c = self.course
        if stage == 0:
            if behind_line(c, q):
                stage = 1
        elif stage == 1:
            if prestart:
                if c.start.side(q) == c.course_side or c.start.on_line(q):
                    stage = 0
            elif c.start.side(q) == c.course_side:
                stage = 3 if c.start.crossed(p, q) else 2
        elif stage == 2:
            if c.start.side(q) == -c.course_side:
                stage = 1
        elif stage < self.last:
            k, wrong = divmod(stage - 3, 2)
            m = c.marks[k]
            x = rounding.ray_crossing(m.pos, c.rays[k], p, q) * rounding.sense(m.side)
            if x > 0:
                stage = 3 + 2 * k if wrong else 3 + 2 * (k + 1)
            elif x < 0:
                stage = 4 + 2 * k
        elif stage == self.last:
            if c.finish.side(q) == c.finish_side:
                if c.finish.crossed(p, q):
                    return -1
                stage = self.last + 1
        elif c.finish.side(q) == -c.finish_side:
            stage = self.last
        return stage

    def speed(self, d: int) -> int:
        return self.game.eq.speeds[compass.off_wind(d, self.wind)]

    def leg_ok(self, d: int, tack: str | None) -> str | None | bool:
        """The tack after a leg towards ``d`` on ``tack``; False if the leg needs a tack change."""
        if compass.off_wind(d, self.wind) == 0:
            return False
        if tack is None:
            return None
        t = compass.tack(d, self.wind)
        if t is not None and t != tack:
            return False
        return t or tack

    # -- the field ------------------------------------------------------------------------
    def _build(self) -> None:
        """Every node's fewest legs to the finish: a breadth-first search backwards from
        the nodes with a finishing leg, over arrays. Nodes are numbered
        ``(stage * cells + cell) * tacks + tack``; where one step takes a boat and its
        stage are the board's (:func:`_steps`, the same for every wind)."""
        nxt, after = _steps(self)
        width = self.game.board.width
        size, nstages, ntacks = nxt.shape[1], self.stages, len(self.tacks)
        tack_no = {t: i for i, t in enumerate(self.tacks)}
        free = np.array([x + y * width for x, y in self.cells], dtype=np.int64)
        cell0 = np.tile(free, nstages)
        stage0 = np.repeat(np.arange(nstages, dtype=np.int64), len(free))
        src, dst, finishing = [], [], []
        for d in range(8):
            oks = [(t, nt) for t in self.tacks if (nt := self.leg_ok(d, t)) is not False]
            if not oks:
                continue
            cell, stage = cell0.copy(), stage0.copy()
            going = np.ones(len(cell), dtype=bool)      # neither blocked nor finished yet
            whole = np.ones(len(cell), dtype=bool)      # not blocked
            for _ in range(self.speed(d)):
                i = np.nonzero(going)[0]
                q = nxt[d, cell[i]]
                stuck = q < 0
                whole[i[stuck]] = going[i[stuck]] = False
                i, q = i[~stuck], q[~stuck]
                stage[i] = after[d, stage[i], cell[i]]
                cell[i] = q
                going[i[stage[i] == -1]] = False
            ends = whole & (stage == -1)
            on = whole & (stage >= 0)
            for t, nt in oks:
                here = (stage0 * size + cell0) * ntacks + tack_no[t]
                finishing.append(here[ends])
                src.append(here[on])
                dst.append((stage[on] * size + cell[on]) * ntacks + tack_no[nt])
        if ntacks == 2:                                  # a heading move: the other tack
            for t in (0, 1):
                src.append((stage0 * size + cell0) * 2 + t)
                dst.append((stage0 * size + cell0) * 2 + 1 - t)
        nodes = nstages * size * ntacks
        starts = np.unique(np.concatenate(finishing))
        if not len(starts):
            return
        back = csr_matrix((np.ones(sum(len(a) for a in dst)), (np.concatenate(dst), np.concatenate(src))),
                          shape=(nodes, nodes))
        hops = dijkstra(back, directed=True, indices=starts, unweighted=True, min_only=True)
        found = np.nonzero(np.isfinite(hops))[0]
        legs = (hops[found] + 1).astype(np.int64).tolist()
        tack = (found % ntacks).tolist()
        rest = found // ntacks
        cell, stage = (rest % size).tolist(), (rest // size).tolist()
        tacks = self.tacks
        self.dist.update(((c % width, c // width, st, tacks[t]), n) for c, st, t, n in zip(cell, stage, tack, legs))

    def value(self, p: tuple[int, int], stage: int, tack: str | None) -> int:
        if stage == -1:
            return 0
        return self.dist.get((p[0], p[1], stage, tack if self.game.advanced else None), FAR)


def _steps(f: Field) -> tuple[np.ndarray, np.ndarray]:
    """One step on ``f``'s board, whatever the wind: ``nxt[d, cell]`` the cell a step
    towards ``d`` reaches (-1: off the board or onto an obstacle) and ``after[d, stage,
    cell]`` the stage after it (-1: over the finish line). Cells are ``x + y * width``.
    Kept per board (a field is built for each wind)."""
    board = f.game.board
    found = _STEPS.get(board)
    if found is None:
        width, size = board.width, board.width * board.height
        nxt = np.full((8, size), -1, dtype=np.int64)
        after = np.full((8, f.stages, size), -1, dtype=np.int64)
        for p in f.cells:
            c = p[0] + p[1] * width
            for d in range(8):
                q = compass.step(p[0], p[1], d)
                if q in f.free:
                    nxt[d, c] = q[0] + q[1] * width
                    after[d, :, c] = [f._stage_after(p, q, stage) for stage in range(f.stages)]
        found = remember(_STEPS, board, (nxt, after), 8)
    return found


def stage_of(boat: Any, game: Any) -> int:
    if boat.finished is not None:
        return -1
    c = game.course
    if boat.premature:
        return 0
    if not boat.started:
        return 2 if boat.start_side == c.course_side else 1
    marks = c.marks
    if boat.rounded >= len(marks):
        return 3 + 2 * len(marks) + (1 if boat.finish_side == c.finish_side else 0)
    wrong = boat.crossings * rounding.sense(marks[boat.rounded].side) < 0
    return 3 + 2 * boat.rounded + (1 if wrong else 0)
