"""The simple skipper: sails any course legally, one card ahead.

When it places a card it weighs each exit of that card by the turns still to sail from
where the exit leaves the boat (``dinghy.skippers.dinghy_race.brain``: the course as a cost-to-go,
marks rounded on their side, gates crossed the right way, land sailed round) and by
what the table says about it (marks, land and the edge ahead, other boats' hulls in the
way). It tacks on the layline rather than whenever a tack gains a little, hoists the
spinnaker for a long run, spends Lady Luck only against a capsize or a man overboard,
and lays a Weather Eye card upwind of its bow on a long beat. Meant to fill empty
seats and to drive whole-race tests: it finishes every shipped course.
"""
from __future__ import annotations

import random

from dinghy.games.dinghy_race.actions import Action
from dinghy.core.race import Race
from dinghy.skippers.dinghy_race.core import Skipper
from dinghy.skippers.dinghy_race.costs import Style

NAME = "simple"

STYLE = Style(depth=1, tack_penalty=0.5, luck_value=None, heading_scale=1.0)
_SKIPPER = Skipper(STYLE)


def choose(race: Race, rng: random.Random) -> Action:
    """The simple skipper's action for the boat whose turn it is."""
    return _SKIPPER.choose(race, rng)
