"""Laying the next card: every card of the hand that fits, each valued by its best exit
(and a card or more beyond it, by the skipper's style), the delay weighed by a plan when
every card leads into trouble; and the memory of progress that makes a stalled boat
break away (:class:`Placing`, a part of :class:`~dinghy.skippers.dinghy_race.core.Skipper`)."""
from __future__ import annotations

import math
import random

import numpy as np

from dinghy.games.dinghy_race.actions import Action, Place
from dinghy.core.race import Race
from dinghy.skippers.dinghy_race.batch import BIG, PRESTART_ROUNDS
from dinghy.skippers.dinghy_race.brain import chart_of
from dinghy.skippers.dinghy_race.obstacles import Obstacles
from dinghy.skippers.dinghy_race.costs import boat_within_reach


class Placing:
    """The placing decisions of :class:`~dinghy.skippers.dinghy_race.core.Skipper` (a part of it)."""

    # -- placing -----------------------------------------------------------------------
    def place(self, race: Race, rng) -> Action:
        self._held_memo = {}
        try:
            return self._place(race, rng)
        finally:
            self._held_memo = None

    def _place(self, race: Race, rng) -> Action:
        game, state = race.game, race.state
        ch = chart_of(game)
        boat = state.boat()
        legal = race.legal_actions()
        keys = [p.card for p in legal if p.card is not None]
        if not keys:
            return legal[0]
        # "you cannot use the same manoeuvre twice in succession if you have only one
        # card for it": the card just sailed is still on the table while the next is laid
        done = state.turn.card
        if done in keys and game.cards.copies.get(done, 0) == 1 and len(keys) > 1:
            keys = [k for k in keys if k != done]
        obs = Obstacles.of(ch, state, boat.index) if self._sees_the_table() else None
        trk = self.track(race, boat.index)
        if trk.last_xy is not None and math.dist(trk.last_xy, boat.pose.xy) < 1e-6:
            trk.still += 1
        else:
            trk.still = 0
        trk.last_xy = boat.pose.xy
        self._still = min(trk.still, 6)
        P = self.batch_of(ch, boat)
        mask = ch.card_mask(keys)[None, :]
        dk = ch.delay_key
        last = ch.index.get(done, -1) if done else -1
        # the delay is weighed by the cheap look only when nothing else may be laid; when
        # every card leads into trouble it is weighed by a plan (below)
        only_delay = not mask.any()
        waiting = state.round + 1 <= PRESTART_ROUNDS        # before the start a delay is a wait
        memo = ({}, {}) if self._memo_ok() else None
        self._memo_store = memo
        try:
            vals, clean = self.scores(race, ch, boat, P, mask, np.array([dk in keys and (only_delay or waiting)]),
                                      state.round + 1, last, obs)
        finally:
            self._memo_store = None
            self._memo_more = None
        trk.memo = None if memo is None else (boat.pose, boat.tack, memo)
        score = {k: float(vals[0, ch.index[k]]) for k in keys if k != dk}
        if dk in keys:
            score[dk] = float(vals[0, -1]) if (only_delay or waiting) else math.inf
            normal = [k for k in keys if k != dk]
            # a card lying on the hull of a boat that cannot move before our turn is held
            # aside, exchanged for the delay next turn, and only then pivots: a turn worse
            # than laying the delay now
            who = self._held_by(ch, P, np.zeros(len(normal), np.int64),
                                np.array([ch.index[k] for k in normal], np.int64)) \
                if normal and boat_within_reach(race.game, state, boat) else [-1] * len(normal)
            if obs is None and any(w >= 0 for w in who):
                obs = Obstacles.of(ch, state, boat.index)
            stuck_held = [k for k, w in zip(normal, who) if w >= 0 and obs.stuck.get(int(w))]
            if not waiting and (stuck_held or not any(clean[0, ch.index[k]] for k in normal)):
                # every card leads into trouble: plan a way out, pivoting with delay cards
                plan = self._heading_plan(race, ch, boat, obs or Obstacles.of(ch, state, boat.index))
                h = boat.pose.heading
                score[dk] = 1.0 + min(plan.get((h + d) % 360, math.inf) for d in (0, -45, 45))
                for k in stuck_held:
                    score[k] = max(score[k], score[dk] + 1.0)
        self._note_progress(race, ch, boat, score)
        acts = [Place(k) for k in keys]
        return acts[self.best(np.array([score[k] for k in keys], float), rng)]

    def _sees_the_table(self) -> bool:
        """Whether this placing weighs the other boats and what is fixed (a skipper that
        looks only at the course on open water does not; then no obstacles are built)."""
        return True

    def _note_progress(self, race, ch, boat, scores) -> None:
        """Remember how the distance to go develops; break away when it stalls."""
        state = race.state
        if state.round == PRESTART_ROUNDS:
            self.track(race, boat.index).values = []      # the values change meaning at the start
            return
        trk = self.track(race, boat.index)
        best = min(scores.values()) if scores else BIG
        if not math.isfinite(best):
            return
        trk.values.append((state.round, best))
        n = self.style.stuck_turns
        if trk.escape_until >= state.round or len(trk.values) < n + 2:
            return
        recent = min(v for _, v in trk.values[-n:])
        # the least value before the last n, kept as the list grows (not read again each turn)
        seen, k, before = trk.before
        if seen is not trk.values:
            k, before = 0, math.inf
        upto = len(trk.values) - n
        before = min(before, min((v for _, v in trk.values[k:upto]), default=math.inf))
        trk.before = (trk.values, upto, before)
        if recent > before - 0.5:
            trk.escapes += 1
            trk.escape_until = state.round + 3 + min(trk.escapes, 4)
            trk.anchor = boat.pose.xy
            rnd = random.Random(f"escape:{race.game.setup.seed}:{boat.index}:{state.round}")
            trk.heading = rnd.uniform(0, 2 * math.pi)
            trk.values = []
