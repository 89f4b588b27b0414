"""The easy skipper: sails like a newcomer, legal always, sound mostly.

It sees the table as the simple skipper does (the same turns-to-go for each card and
each exit) but does not always take the best: it picks among the good choices at
random, the better ones more often (a softmax over the turns still to sail, so a choice
half a turn worse is taken about half as often as the best). Choices that lead into real
trouble (dead in the water, a trap) are never taken while something sound is left. It
forgets Lady Luck now and then when a hazard is rolled, never lays Weather Eye cards and
leaves the spinnaker in its bag.
"""
from __future__ import annotations

import random

import numpy as np

from dinghy.core.race import Race
from dinghy.games.dinghy_race.actions import Action, Luck
from dinghy.skippers.core import DEAD, Skipper, Style

NAME = "easy"

#: Turns: a choice this much worse than the best is taken 1/e as often.
TEMPERATURE = 0.2
#: Choices worse than the best by this many turns are never taken (trouble, not taste:
#: a dead boat costs DEAD turns).
WORST = 1.2
#: How often a hazard roll finds the skipper forgetting its Lady Luck cards.
FORGETS_LUCK = 0.35

STYLE = Style(depth=1, tack_penalty=0.3, luck_value=None, heading_scale=1.0,
              spinnaker=False, weather_eye=False)


class EasySkipper(Skipper):
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
