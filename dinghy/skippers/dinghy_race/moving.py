"""Sailing the revealed card: every exit the engine allows (and, when rule 1 closes them
all, the tack or jibe card that may replace it), valued by where it ends and what the
table does to it there (:class:`Moving`, a part of :class:`~dinghy.skippers.dinghy_race.core.Skipper`)."""
from __future__ import annotations

import math

import numpy as np

from dinghy.games.dinghy_race.actions import Action, Move, Substitute
from dinghy.games.dinghy_race.cards import Kind, exit_track
from dinghy.core.race import Race
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.table import card_shapes, others as table_others
from dinghy.skippers.dinghy_race.batch import BIG, tack_sign
from dinghy.skippers.dinghy_race.brain import Chart, chart_of
from dinghy.skippers.dinghy_race.obstacles import Obstacles
from dinghy.skippers.dinghy_race.costs import DEAD, BOXED, TRAP_COST


class Moving:
    """The moving decisions of :class:`~dinghy.skippers.dinghy_race.core.Skipper` (a part of it)."""

    # -- moving ------------------------------------------------------------------------
    def move(self, race: Race, rng) -> Action:
        game, state = race.game, race.state
        ch = chart_of(game)
        boat = state.boat()
        legal = race.legal_actions()
        card = game.cards.types[state.turn.card]
        moves = [a for a in legal if isinstance(a, Move)]
        subs = [a for a in legal if isinstance(a, Substitute)]
        obs = Obstacles.of(ch, state, boat.index)
        self._obs = obs
        scores: list[float] = []
        trk = self.track(race, boat.index)
        memo, trk.memo = trk.memo, None
        if memo is not None and memo[0] == boat.pose and memo[1] == boat.tack and self._memo_ok():
            self._memo_look = memo[2]
        try:
            if moves:
                scores = list(self._move_values(race, ch, boat, card, moves, obs))
        finally:
            self._memo_look = None
        for s in subs:
            scores.append(self._substitute_value(race, ch, s, boat, obs))
        acts = moves + subs
        if not acts:
            raise RuntimeError("the engine offers no legal move: every exit of the revealed card is closed")
        # every listed move is legal (a shifted one is listed on the shifted card's verdict)
        return acts[int(self.ranking(np.array(scores, float), rng)[0])]

    def _move_values(self, race, ch: Chart, boat, card, moves, obs) -> np.ndarray:
        game, state = race.game, race.state
        ci = ch.index[card.key]
        P = self.batch_of(ch, boat)
        mask = np.zeros(len(ch.keys), bool)
        mask[ci] = True
        K = ch.expand(P, state.round, cards=mask, luck=boat.lady_luck,
                      luck_value=self._lv, with_delay=False)
        by_exit = {int(e): i for i, e in enumerate(K.exit)}
        rows, extra = [], []
        for m in moves:
            # a Weather Eye shift moves the whole card sideways: the engine's verdict on
            # the shifted card says where it ends and what it meets
            opt = dr.exit_options(game, state, m.shift)[m.exit]
            pose = opt.bonus if (m.bonus and opt.bonus is not None) else opt.pose
            x, y, head, tack = pose.x, pose.y, pose.heading, opt.tack
            e = 0.0
            if opt.blocked_by is not None:
                # it stops short: where the engine stops it, and whether it is dead there
                stop, tack, dead = dr.stop_short(game, state, opt, m.shift)
                x, y, head = stop.x, stop.y, stop.heading
                if dead is not None:
                    e += DEAD
                else:
                    e += 0.4 + self._lock_cost(race, ch, boat, stop, tack)
            if dr.prestart(state) and self._touches_line(game, boat, card, opt, m, pose):
                e += BIG
            if opt.gives_way:
                e += 0.05
            rows.append((by_exit.get(m.exit, 0), x, y, head, tack_sign(tack)))
            extra.append(e)
        if len(K) == 0:
            K = self.batch_of(ch, boat)
        M = K.take(np.array([r[0] for r in rows]))
        M.x = np.array([r[1] for r in rows], float)
        M.y = np.array([r[2] for r in rows], float)
        M.h = np.array([r[3] for r in rows])
        M.tack = np.array([r[4] for r in rows])
        M.px = np.full(len(rows), boat.pose.x)
        M.py = np.full(len(rows), boat.pose.y)
        M.parent = np.zeros(len(rows), np.int64)
        M.cost = M.cost + np.array(extra)
        # the table at the end of the move: room for the next card, other boats near
        M.cost = M.cost + self.judge(ch, M, P, obs, False)
        return self.value_of(race, ch, M, state.round, boat, max(1, self.style.depth))

    def _lock_cost(self, race, ch: Chart, boat, pose, tack) -> float:
        """Turns a bow ending at ``pose`` next to other boats is likely to cost: none if
        some card may lie clear of their hulls; more if every card would be held aside;
        a trap if, besides, our hull keeps every card of a boat beside us from lying
        (neither boat could ever lay a card again)."""
        game, state = race.game, race.state
        oth = table_others(game, state.boats, boat.index)
        b = boat.with_(pose=pose, tack=tack, planned=None)
        keys = tuple(k for k in dr.hand(game, b)
                     if game.cards.types[k].kind is Kind.NORMAL and
                     dr.card_fits(game, b, game.cards.types[k], True, state.round + 1) is None)
        if keys:
            hits = oth.hull_hits(card_shapes(game, pose, tack, 0.0, keys))
            if any(h is None for h in hits):
                return 0.0
            blockers = {h for h in hits if h is not None}
        else:
            blockers = set(oth.hull_boats)
        my_hull = game.hull(pose, tack)
        for i in blockers:
            o = state.boats[i]
            okeys = tuple(k for k in dr.hand(game, o.with_(planned=None))
                          if game.cards.types[k].kind is Kind.NORMAL and
                          dr.card_fits(game, o, game.cards.types[k], True, state.round + 1) is None)
            if not okeys:
                continue
            shapes = card_shapes(game, o.pose, o.tack, 0.0, okeys)
            if all(sh.intersects(my_hull) for sh in shapes):
                return TRAP_COST
        return BOXED + 1.0

    @staticmethod
    def _touches_line(game, boat, card, opt, m, pose) -> bool:
        hull = game.hull(pose, opt.tack)
        if dr.touches_start_zone(game, hull):
            return True
        track = exit_track(boat.pose, boat.tack, card, card.exits[m.exit], game.cards.hull_length, m.shift)
        return any(game.leeward_depth(x, y) <= 1e-6 for x, y in track)

    def _substitute_value(self, race, ch, sub, boat, obs) -> float:
        state = race.state
        card = race.game.cards.types[sub.card]
        if card.kind is Kind.DELAY:
            plan = self._heading_plan(race, ch, boat, obs)
            h = boat.pose.heading
            return 1.0 + min(plan.get((h + d) % 360, math.inf) for d in (0, -45, 45))
        P = self.batch_of(ch, boat)
        mask = np.zeros(len(ch.keys), bool)
        mask[ch.index[card.key]] = True
        K = ch.expand(P, state.round, cards=mask, with_delay=False)
        if not len(K):
            return BIG
        K.cost = K.cost + self.judge(ch, K, P, obs, False)
        return float(self.value_of(race, ch, K, state.round, boat, 1).min())
