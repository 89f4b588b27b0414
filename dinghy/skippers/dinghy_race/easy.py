"""The easy skipper: sails like a newcomer, legal always, sound mostly.

It sees the table as the simple skipper does (the same turns-to-go for each card and
each exit) but does not always take the best: it picks among the good choices at
random, the better ones more often (a softmax over the turns still to sail, so a choice
half a turn worse is taken about half as often as the best). Choices that lead into real
trouble (dead in the water, a trap) are never taken while something sound is left. It
plans the whole manoeuvre as it lays a card (which exit it will sail, picked the same
way) and sails that exit next turn unless the engine no longer allows it or something
now stands in its way; only then does it look at the card's exits again. It forgets
Lady Luck now and then when a hazard is rolled, never lays Weather Eye cards and leaves
the spinnaker in its bag.
"""
from __future__ import annotations

import random

import numpy as np

from dinghy.core.race import Race
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Action, Luck, Move, Place
from dinghy.games.dinghy_race.state import Step
from dinghy.skippers.dinghy_race.batch import PRESTART_ROUNDS, TACK
from dinghy.skippers.dinghy_race.brain import chart_of
from dinghy.skippers.dinghy_race.core import Skipper
from dinghy.skippers.dinghy_race.costs import DEAD, Style

NAME = "easy"

#: Turns: a choice this much worse than the best is taken 1/e as often.
TEMPERATURE = 0.2
#: Choices worse than the best by this many turns are never taken (trouble, not taste:
#: a dead boat costs DEAD turns).
WORST = 1.2
#: Open water: nothing fixed within this many card reaches, no boat within this many
#: hull lengths (a square around the bow).
OPEN_FIXED = 1.0
OPEN_BOATS = 2.5
#: How often a hazard roll finds the skipper forgetting its Lady Luck cards.
FORGETS_LUCK = 0.35

STYLE = Style(depth=1, tack_penalty=0.3, luck_value=None, heading_scale=1.0,
              spinnaker=False, weather_eye=False)


class EasySkipper(Skipper):
    """On open water (nothing fixed within reach of two cards, no boat within a few hull
    lengths, the start behind it, the boat sailing freely) it looks only at the course:
    a newcomer does not look for trouble where there is none, and this keeps it quick.
    Anywhere else it sees the table exactly as the simple skipper does."""

    _open = False

    def choose(self, race: Race, rng: random.Random) -> Action:
        self._open = self._open_water(race)
        return super().choose(race, rng)

    def place(self, race: Race, rng) -> Action:
        """Lay a card as the simple skipper weighs it, and plan the exit to sail it by:
        a newcomer plans the whole manoeuvre as the card goes down (the exit picked among
        the card's exits as the card was among the cards, the better ones more often)."""
        self._scored = None
        act = super().place(race, rng)
        trk = self.track(race, race.state.boat().index)
        trk.plan = None
        if isinstance(act, Place) and self._scored is not None:
            ch = chart_of(race.game)
            K, v = self._scored
            ci = ch.index.get(act.card)
            if ci is not None:
                j = np.flatnonzero((K.card == ci) & (K.parent == 0))
                if len(j) and np.isfinite(v[j]).any():
                    best = int(j[self.best(v[j], rng)])     # the newcomer's taste, as ever
                    boat = race.state.boat()
                    trk.plan = (race.state.round + 1, boat.pose, act.card, int(K.exit[best]))
        return act

    def _memo_ok(self) -> bool:
        # the placement's findings are kept for sailing the card next turn; a skipper that
        # sails its planned exit rarely looks again, so keeping them costs more than it saves
        return False

    def move(self, race: Race, rng) -> Action:
        """Sail the exit planned when the card was laid, if the engine still allows it and
        nothing stands in its way; otherwise look again."""
        state = race.state
        boat = state.boat()
        trk = self.track(race, boat.index)
        plan, trk.plan = trk.plan, None
        if plan is not None and plan[0] == state.round and plan[1] == boat.pose and plan[2] == state.turn.card \
                and not dr.prestart(state):
            act = Move(plan[3])
            if act in race.legal_actions():
                opt = dr.exit_options(race.game, state)[plan[3]]
                if opt.blocked_by is None and not opt.gives_way and opt.involuntary is None:
                    return act
        return super().move(race, rng)

    def _open_water(self, race: Race) -> bool:
        state = race.state
        if state.step not in (Step.MOVE, Step.PLACE) or state.round <= PRESTART_ROUNDS + 1:
            return False
        boat = state.boat()
        if boat.delays or boat.aside or not boat.started or (state.step is Step.MOVE and boat.planned is None):
            return False
        trk = self.track(race, boat.index)
        if trk.still or trk.escape_until >= state.round:
            return False
        ch = chart_of(race.game)
        x, y = boat.pose.x, boat.pose.y
        if ch.fixed_field.at_point(x, y) < OPEN_FIXED * ch.look:
            return False
        room = OPEN_BOATS * ch.L
        return not any(b.index != boat.index and b.launched and b.racing
                       and abs(b.pose.x - x) < room and abs(b.pose.y - y) < room for b in state.boats)

    def judge(self, ch, K, P, obs, first, boats=True):
        if not self._open:
            return super().judge(ch, K, P, obs, first, boats)
        mv = K.card >= 0
        if self.style.tack_penalty:
            return np.where(mv & (ch.c_kind[np.maximum(K.card, 0)] == TACK), self.style.tack_penalty, 0.0)
        return np.zeros(len(K))

    def _sees_the_table(self) -> bool:
        return not self._open

    def _held_by(self, ch, P, parents, cards):
        if self._open:
            return [-1] * len(parents)
        return super()._held_by(ch, P, parents, cards)

    def ranking(self, values: np.ndarray, rng: random.Random) -> np.ndarray:
        first = self.best(values, rng)
        rest = [int(i) for i in np.argsort(values, kind="stable") if int(i) != first]
        return np.array([first, *rest], dtype=np.int64)

    def best(self, values: np.ndarray, rng: random.Random) -> int:
        v = np.asarray(values, float)
        ok = np.isfinite(v)
        if not ok.any():
            return int(rng.randrange(len(v)))
        low = float(v[ok].min())
        ok &= v <= low + WORST
        w = np.where(ok, np.exp(-(np.where(ok, v, low) - low) / TEMPERATURE), 0.0)
        u = rng.random() * float(w.sum())
        acc = 0.0
        for i, wi in enumerate(w.tolist()):
            acc += wi
            if u < acc and wi > 0:
                return i
        return int(np.flatnonzero(w)[-1])

    def luck(self, race: Race, rng=None) -> Action:
        if rng is not None and rng.random() < FORGETS_LUCK:
            return Luck(0)
        return super().luck(race, rng)


_SKIPPER = EasySkipper(STYLE)


def choose(race: Race, rng: random.Random) -> Action:
    """The easy skipper's action for the boat whose turn it is."""
    return _SKIPPER.choose(race, rng)
