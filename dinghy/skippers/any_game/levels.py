"""Skipper levels: easy, medium and hard, for every game.

A seat may name a level wherever it names a skipper (``skippers.skipper("hard", rules)``).
What each level means for a game:

=========  ==============================================  ==========================================
level      Dinghy Race                                     any other game
=========  ==============================================  ==========================================
easy       :mod:`dinghy.skippers.dinghy_race.easy` (a newcomer:        the game's default bot, but now and then
           softmax over the simple skipper's choices,      a legal action at random
           forgets Lady Luck now and then)
medium     the simple skipper (never blunders)             the game's default bot
hard       the skipper registered as "hard", else the      the game's own "hard" if registered, else
           tactician                                       :class:`Lookahead` (Monte Carlo over the
                                                           interface, the default bot as rollout)
=========  ==============================================  ==========================================

The set-up screen offers ``LEVELS`` and stores the level's name as the seat's skipper.
"""
from __future__ import annotations

import random
from typing import Any

from dinghy.core.errors import DinghyError
from dinghy.core.interface import CHANCE
from dinghy.core.race import Race

LEVELS = ("easy", "medium", "hard")
DEFAULT_LEVEL = "medium"

#: A mistake rate for the generic easy level: how often it plays a random legal action.
EASY_MISTAKES = 0.3

_CACHE: dict[tuple[str, str], Any] = {}


_WORDS = {
    "easy": "a newcomer: mostly sound, now and then a careless choice",
    "medium": "never blunders: keeps clear of trouble, plays the odds safely",
    "hard": "plays to win",
}


def choices(rules: str = "dinghy_race") -> list[tuple[str, str]]:
    """What the set-up screen offers for a bot seat: (level, a line for people). The
    chosen level's name goes into ``Seat.skipper`` as it is."""
    out = []
    for level in LEVELS:
        bot = level_skipper(level, rules)
        name = getattr(bot, "NAME", level)
        out.append((level, _WORDS[level] + (f" ({name} skipper)" if name != level else "")))
    return out


def is_level(name: str | None) -> bool:
    return name in LEVELS


def level_skipper(level: str, rules: str = "dinghy_race") -> Any:
    """The skipper that plays ``level`` in game ``rules`` (the same object each call, so
    a skipper's memory of a race lasts the race)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    key = (level, rules)
    if key not in _CACHE:
        _CACHE[key] = _build(level, rules)
    return _CACHE[key]


def _build(level: str, rules: str) -> Any:
    from dinghy.skippers import SKIPPERS, RandomSkipper
    bots = SKIPPERS.get(rules, {})
    default = next(iter(bots.values()), RandomSkipper)
    if rules == "dinghy_race":
        if level == "easy":
            from dinghy.skippers.dinghy_race import easy
            return easy
        if level == "medium":
            return bots.get("simple", default)
        return bots.get("hard") or bots.get("tactician", default)
    if level == "easy":
        return Mistaken(default)
    if level == "medium":
        return default
    return bots.get("hard") or Lookahead(default)


class Mistaken:
    """A bot that plays like ``base`` but now and then picks any legal action instead."""

    NAME = "easy"

    def __init__(self, base: Any, rate: float = EASY_MISTAKES) -> None:
        self.base, self.rate = base, rate

    def choose(self, race: Race, rng: random.Random) -> Any:
        if rng.random() < self.rate:
            return rng.choice(race.legal_actions())
        return self.base.choose(race, rng)


class Lookahead:
    """Flat Monte Carlo through the interface alone: each legal action is tried in a few
    sampled worlds (the other seats' hidden cards redrawn with ``hidden_variant``, so it
    does not peek) and played out with ``policy`` for every seat and the game's own
    chance odds; the action with the best mean finishing place wins.

    A game may offer ``estimate(state, seat) -> float`` in [0, 1] (1: sure to win) for
    play-outs cut short; without it an unfinished seat counts as mid-fleet."""

    NAME = "hard"

    def __init__(self, policy: Any, rollouts: int = 8, horizon: int = 60, widest: int = 10) -> None:
        self.policy, self.rollouts, self.horizon, self.widest = policy, rollouts, horizon, widest

    def choose(self, race: Race, rng: random.Random) -> Any:
        game, state = race.game, race.state
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        if len(legal) <= 1:
            return legal[0]
        cands = legal if len(legal) <= self.widest else rng.sample(legal, self.widest)
        best, best_v = cands[0], -1.0
        for a in cands:
            total = 0.0
            for _ in range(self.rollouts):
                total += self._playout(game, state, seat, a, rng)
            v = total / self.rollouts + rng.random() * 1e-9
            if v > best_v:
                best, best_v = a, v
        return best

    def _playout(self, game, state, seat: int, action, rng: random.Random) -> float:
        world = state
        for other in range(game.seats()):
            if other != seat:
                world = game.hidden_variant(world, other, rng)
        try:
            after, _ = game.apply(world, action)
        except DinghyError:
            return 0.0
        sim = Race.from_state(game, after)
        for _ in range(self.horizon):
            if sim.over:
                break
            if sim.current_player() == CHANCE:
                sim.push(game.sample_chance(sim.state, rng))
            else:
                sim.push(self.policy.choose(sim, rng))
        return _score(game, sim.state, seat)


def _score(game, state, seat: int) -> float:
    n = game.seats()
    place = game.places(state)[seat]
    if place is not None:
        return 1.0 if n == 1 else (n - place) / (n - 1)
    estimate = getattr(game, "estimate", None)
    return float(estimate(state, seat)) if estimate is not None else 0.5
