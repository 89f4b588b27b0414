"""The tactician: looks two cards ahead and weighs every hazard exactly.

When it places a card it plays out each exit of that card and then every card it could
lay after it (with their exits), and keeps the card whose best line leaves the fewest
turns to sail. Hazard rolls (tacks, jibes, spinnaker, abuse, involuntary manoeuvres) are
costed with the table's exact odds (``HazardTable.odds``) and the best number of Lady
Luck cards for each, a Lady Luck card being worth a fixed fraction of a turn; the same
rule decides how many cards it commits before a roll. It tacks whenever that gains.
"""
from __future__ import annotations

import random

from dinghy.games.dinghy_race.actions import Action
from dinghy.core.race import Race
from dinghy.skippers.dinghy_race.core import Skipper
from dinghy.skippers.dinghy_race.costs import Style

NAME = "tactician"

STYLE = Style(depth=2, tack_penalty=0.0, luck_value=0.35, heading_scale=0.6)
_SKIPPER = Skipper(STYLE)


def choose(race: Race, rng: random.Random) -> Action:
    """The tactician's action for the boat whose turn it is."""
    return _SKIPPER.choose(race, rng)
