"""Where one card can take a boat, for many boats at once: every manoeuvre card's exits
as tables per heading, tack and spinnaker (the moves, their hazard costs, the tack and
heading they leave), expanded from a batch of poses (:class:`CardMoves`, a part of
:class:`~dinghy.skippers.dinghy_race.brain.Chart`, which supplies the card and hazard tables it
reads: ``c_*``, ``e_*``, ``hazard_cost``, ``wind``, ``H``)."""
from __future__ import annotations

import math

import numpy as np

from dinghy.skippers.dinghy_race.batch import (CH, JIBE, NORMAL, PRESTART_ROUNDS, RUN, SPI_DOWN, SPI_UP, TACK, Batch,
                                   aspect_bits, concat, off_wind_deg)


class CardMoves:
    """One card ahead: the moves of :class:`~dinghy.skippers.dinghy_race.brain.Chart` (a part of it)."""

    # -- one card ahead ----------------------------------------------------------------
    def template(self, h: int, tack: int, spi: bool, pre: bool, luck: int, luck_value):
        """Every exit a boat at heading ``h`` on ``tack`` may sail with one card, as
        offsets from its bow: (card, exit, dx, dy, new heading, new tack, spi after,
        hazard turns). Cached: a boat's moves depend only on these."""
        key = (h, tack, spi, pre, luck if luck_value is not None else 0, luck_value)
        t = self._templates.get(key)
        if t is not None:
            return t
        # the moves themselves do not depend on the Lady Luck cards: kept apart, so that
        # only the hazards' costs are priced again for another number of cards or worth
        geo = self._template_moves.get((h, tack, spi, pre))
        if geo is None:
            geo = self._template_moves[(h, tack, spi, pre)] = self._moves_of(h, tack, spi, pre)
        ei, ci, kind, turn, invol, spi2, b2, keep, moves = geo
        hc = lambda row, mod=0: self.hazard_cost(row, mod, luck, luck_value)   # noqa: E731
        cost = np.zeros(len(ei))
        cost += np.where(kind == TACK, hc("tack"), 0.0)
        cost += np.where(kind == JIBE, hc("jibe_spi") if spi else hc("jibe"), 0.0)
        trap = self.c_trap[ci]
        cost += np.where(invol & (turn > 0), np.where(trap, hc("tack_trapeze", -2), hc("tack", -2)), 0.0)
        cost += np.where(invol & (turn < 0), hc("jibe_spi", -2) if spi else hc("jibe", -2), 0.0)
        cost += np.where(kind == SPI_UP, hc("spi_up"), 0.0)
        # the engine rolls for the take-down only with the spinnaker up; the skippers still
        # price a Spi down laid with none up as if it rolled, so that they lay the card out of
        # context only where it is clearly the best (a sailor would not play it for nothing)
        cost += np.where(kind == SPI_DOWN, hc("spi_down"), 0.0)
        cost += np.where(spi2 & (kind != SPI_UP) & ((b2 & RUN) == 0), hc("spi_abuse"), 0.0)
        cost += np.where(trap & ((b2 & CH) == 0), hc("trapeze_abuse"), 0.0)
        t = moves + (cost[keep],)
        self._templates[key] = t
        return t

    def _moves_of(self, h: int, tack: int, spi: bool, pre: bool):
        """:meth:`template` before the hazards' costs: the exits that fit, where they end,
        and what the costs are read from."""
        off = int(off_wind_deg(np.array([h]), self.wind)[0])
        bits = int(aspect_bits(np.array([off]))[0])
        ec = self.e_card
        valid = (self.c_fits[ec] & bits) != 0
        ct = self.c_tack[ec]
        valid &= (ct == 0) | (ct == tack)
        kind = self.c_kind[ec]
        valid &= ~((kind == SPI_UP) & (spi or pre))
        if off < 45:
            valid &= False
        ei = np.flatnonzero(valid)
        s = tack
        hr = math.radians(h)
        sn, cs_ = math.sin(hr), math.cos(hr)
        lx = s * self.e_x[ei]
        ly = self.e_y[ei]
        sx = lx * cs_ + ly * sn
        sy = -lx * sn + ly * cs_
        turn = self.e_turn[ei]
        h2 = (h + s * turn) % 360
        h2r = np.radians(h2)
        dxh, dyh = np.sin(h2r), np.cos(h2r)
        bx, by = sx + self.H * dxh, sy + self.H * dyh
        rel = (self.wind - h2) % 360
        t2 = np.where((rel == 0) | (rel == 180), s, np.where(rel < 180, 1, -1))
        changed = t2 != s
        ci = ec[ei]
        kind = self.c_kind[ci]
        bad = ((kind == TACK) | (kind == JIBE)) & ~changed
        invol = changed & (kind == NORMAL)
        spi2 = np.where(kind == SPI_UP, True, np.where(kind == SPI_DOWN, False, spi))
        bonus = spi & self.c_bonus[ci] & bool(bits & RUN) & ~invol
        bx = bx + np.where(bonus, self.bonus * dxh, 0.0)
        by = by + np.where(bonus, self.bonus * dyh, 0.0)
        b2 = aspect_bits(off_wind_deg(h2, self.wind))
        keep = ~bad
        return (ei, ci, kind, turn, invol, spi2, b2, keep,
                (ci[keep], self.e_idx[ei][keep], bx[keep], by[keep], h2[keep].astype(np.int64),
                 t2[keep].astype(np.int64), spi2[keep].astype(bool)))

    def _table(self, pre: bool, luck: int, luck_value):
        """Every template, padded into arrays indexed by (heading / 15, tack, spi): the
        moves kept per ``pre`` (:meth:`_move_table`), the hazards' costs priced for all
        rows at once per number and worth of Lady Luck cards (the arithmetic of
        :meth:`template`, element by element; 0 where a row has no move)."""
        key = (pre, luck if luck_value is not None else 0, luck_value)
        tab = self._tables.get(key)
        if tab is not None:
            return tab
        moves, (kind, invol, turn, trap, spi2, b2, spi, ok) = self._move_table(pre)
        hc = lambda row, mod=0: self.hazard_cost(row, mod, luck, luck_value)   # noqa: E731
        cost = np.zeros(ok.shape)
        cost += np.where(kind == TACK, hc("tack"), 0.0)
        cost += np.where(kind == JIBE, np.where(spi, hc("jibe_spi"), hc("jibe")), 0.0)
        cost += np.where(invol & (turn > 0), np.where(trap, hc("tack_trapeze", -2), hc("tack", -2)), 0.0)
        cost += np.where(invol & (turn < 0), np.where(spi, hc("jibe_spi", -2), hc("jibe", -2)), 0.0)
        cost += np.where(kind == SPI_UP, hc("spi_up"), 0.0)
        cost += np.where(kind == SPI_DOWN, hc("spi_down"), 0.0)
        cost += np.where(spi2 & (kind != SPI_UP) & ((b2 & RUN) == 0), hc("spi_abuse"), 0.0)
        cost += np.where(trap & ((b2 & CH) == 0), hc("trapeze_abuse"), 0.0)
        tab = list(moves) + [np.where(ok, cost, 0.0), ok]
        self._tables[key] = tab
        return tab

    def _move_table(self, pre: bool):
        """The moves of every (heading, tack, spi) row padded into arrays (card, exit,
        dx, dy, new heading, new tack, spi after), and what their hazards' costs are read
        from (kind, involuntary, turn, trapeze, spi after, point of sail after, the row's
        spi, and which entries are moves). Kept per ``pre``: the same for any luck."""
        got = self._move_tables.get(pre)
        if got is not None:
            return got
        rows = []
        for hi in range(24):
            for t in (-1, 1):
                for sp in (False, True):
                    geo = self._template_moves.get((hi * 15, t, sp, pre))
                    if geo is None:
                        geo = self._template_moves[(hi * 15, t, sp, pre)] = self._moves_of(hi * 15, t, sp, pre)
                    rows.append(geo)
        M = max(1, max(len(r[8][0]) for r in rows))
        n = len(rows)
        moves = [np.zeros((n, M), dtype=np.int64), np.zeros((n, M), dtype=np.int64), np.zeros((n, M)),
                 np.zeros((n, M)), np.zeros((n, M), dtype=np.int64), np.zeros((n, M), dtype=np.int64),
                 np.zeros((n, M), dtype=bool)]
        kind, turn, b2 = (np.zeros((n, M), dtype=np.int64) for _ in range(3))
        invol, trap, spi2, ok = (np.zeros((n, M), dtype=bool) for _ in range(4))
        spi = np.zeros((n, 1), dtype=bool)
        for i, (ei, ci, k, tu, iv, s2, bb, keep, mv) in enumerate(rows):
            m = len(mv[0])
            for a, v in zip(moves, mv):
                a[i, :m] = v
            kind[i, :m] = k[keep]
            invol[i, :m] = iv[keep]
            turn[i, :m] = tu[keep]
            trap[i, :m] = self.c_trap[ci][keep]
            spi2[i, :m] = s2[keep]
            b2[i, :m] = bb[keep]
            ok[i, :m] = True
            spi[i, 0] = bool(i % 2)
        got = self._move_tables[pre] = (moves, (kind, invol, turn, trap, spi2, b2, spi, ok))
        return got

    def card_mask(self, keys) -> np.ndarray:
        """Which of the chart's cards are among ``keys`` (a key it does not move by, the
        delay card's, is left out): a bool per card, for :meth:`expand`'s ``cards``."""
        mask = np.zeros(len(self.keys), bool)
        for k in keys:
            i = self.index.get(k)
            if i is not None:
                mask[i] = True
        return mask

    def expand(self, P: Batch, rnd: int, last: np.ndarray | None = None, cards: np.ndarray | None = None,
               luck: int = 0, luck_value: float | None = None, with_delay: bool = True) -> Batch:
        """Every (card, exit) each parent could sail next, in round ``rnd``.

        ``last``: per parent, the card it sails just before (a card held once cannot be
        placed again straight away); ``cards``: restrict to these card indices (one
        boolean row per parent, or one row for all).
        """
        n = len(P)
        if n == 1:
            out = self._expand_one(P, rnd <= PRESTART_ROUNDS, last, cards, luck, luck_value)
            return concat([out, self.delay_kids(P, rnd)]) if with_delay else out
        ci_t, ex_t, dx_t, dy_t, h2_t, t2_t, sp_t, co_t, ok_t = self._table(rnd <= PRESTART_ROUNDS, luck, luck_value)
        row = (P.h // 15) * 4 + (P.tack > 0) * 2 + P.spi
        ok = ok_t[row]
        ci = ci_t[row]
        if last is not None:
            ok &= ~((ci == last[:, None]) & (self.c_copies[ci] == 1))
        if cards is not None:
            cards = np.atleast_2d(cards)
            if cards.shape[0] == n:
                ok &= cards[np.arange(n)[:, None], ci]
            else:
                ok &= cards[0][ci]
        pi, mi = np.nonzero(ok)
        r = row[pi]
        x0, y0 = P.x[pi], P.y[pi]
        out = Batch(x0 + dx_t[r, mi], y0 + dy_t[r, mi], h2_t[r, mi], t2_t[r, mi], sp_t[r, mi], P.legs[pi],
                    P.stage[pi], P.started[pi], P.finished[pi], ci_t[r, mi], ex_t[r, mi], pi,
                    P.cost[pi] + co_t[r, mi], x0, y0)
        if with_delay:
            out = concat([out, self.delay_kids(P, rnd)])
        return out

    def _expand_one(self, P: Batch, pre: bool, last, cards, luck: int, luck_value) -> Batch:
        """:meth:`expand` of a single parent (every decision of the turn starts from one
        pose): the moves of its table row under its card mask are looked up once and kept."""
        row = int(P.h[0] // 15) * 4 + int(P.tack[0] > 0) * 2 + int(P.spi[0])
        key = (row, pre, luck if luck_value is not None else 0, luck_value,
               None if last is None else int(last[0]),
               None if cards is None else np.atleast_2d(cards)[0].tobytes())
        kids = self._kids.get(key)
        if kids is None:
            ci_t, ex_t, dx_t, dy_t, h2_t, t2_t, sp_t, co_t, ok_t = self._table(pre, luck, luck_value)
            ok = ok_t[row].copy()
            ci = ci_t[row]
            if last is not None:
                ok &= ~((ci == last[0]) & (self.c_copies[ci] == 1))
            if cards is not None:
                ok &= np.atleast_2d(cards)[0][ci]
            mi = np.flatnonzero(ok)
            kids = (ci_t[row, mi], ex_t[row, mi], dx_t[row, mi], dy_t[row, mi], h2_t[row, mi], t2_t[row, mi],
                    sp_t[row, mi], co_t[row, mi])
            kids = kids + (self._end_terms(row, kids[0], kids[1], kids[4]),)
            if len(self._kids) >= 4096:
                self._kids.clear()
            self._kids[key] = kids
        ci, ex, dx, dy, h2, t2, sp, co, terms = kids
        m = len(ci)
        x0, y0 = np.full(m, P.x[0]), np.full(m, P.y[0])
        out = Batch(x0 + dx, y0 + dy, h2.copy(), t2.copy(), sp.copy(), np.full(m, P.legs[0]),
                    np.full(m, P.stage[0]), np.full(m, P.started[0]), np.full(m, P.finished[0]), ci.copy(),
                    ex.copy(), np.zeros(m, np.intp), np.full(m, P.cost[0]) + co, x0, y0)
        out.end_terms = terms
        return out

    def _end_terms(self, row: int, ci, ex, h2):
        """The terms of each exit's end as the engine sums them (bow, then the exit point
        across and along the card, then the hull length along the new heading), which
        differ from the card table's in the last bits: (x terms, y terms)."""
        h = (row // 4) * 15
        s = 1 if (row // 2) % 2 else -1
        fi = self.e_base[ci] + ex
        lx = s * self.e_x[fi]
        ly = self.e_y[fi]
        hr = math.radians(h)
        sin0, cos0 = math.sin(hr), math.cos(hr)
        h2r = np.radians(h2)
        return ((lx * cos0, ly * sin0, self.H * np.sin(h2r)), (lx * sin0, ly * cos0, self.H * np.cos(h2r)))

    @staticmethod
    def engine_ends(K: Batch):
        """Where the engine would put each move of ``K`` (from :meth:`expand` of one
        parent): (x, y), or None when not known."""
        terms = getattr(K, "end_terms", None)
        if terms is None:
            return None
        (ax, bx, cx), (ay, by, cy) = terms
        return ((K.px + ax) + bx) + cx, ((K.py - ay) + by) + cy

    def delay_kids(self, P: Batch, rnd: int = PRESTART_ROUNDS + 1) -> Batch:
        """Placing the delay card: next turn the boat pivots 0 or ±45° in place (a turn
        lost in the race; before the start it is the way to wait)."""
        n = len(P)
        pi = np.repeat(np.arange(n), 3)
        turn = np.tile(np.array([0, -45, 45]), n)
        h = P.h[pi]
        h2 = (h + turn) % 360
        rel = (self.wind - h2) % 360
        s = P.tack[pi]
        t2 = np.where((rel == 0) | (rel == 180), s, np.where(rel < 180, 1, -1))
        return Batch(P.x[pi], P.y[pi], h2.astype(np.int64), t2, np.zeros(len(pi), bool), P.legs[pi],
                     P.stage[pi], P.started[pi], P.finished[pi], np.full(len(pi), -1),
                     np.tile(np.arange(3), n), pi, P.cost[pi] + (0.0 if rnd <= PRESTART_ROUNDS else 1.0),
                     P.x[pi], P.y[pi])
