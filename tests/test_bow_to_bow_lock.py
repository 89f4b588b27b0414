"""Two boats bow to bow hold each other's cards aside for good: each boat's every card
then lies on the other's hull, at every heading its hull may take. Rule text: "When the
player has completed his move and would be forced to play his manoeuvre card for the
next turn on top of another boat, he places the card beside the boat ... If he is still
not able to place the card (because the same or another boat is still in his way), he
exchanges the manoeuvre card for his delay card, places that aside and waits for his
next turn again" -- the text has no way out of a mutual lock.

Recorded from ``dinghy simulate`` (six easy boats, Olympic triangle, seed 37): in round 1
Yellow sailed to 090° and ended 0.6 mm from Sky's bow (Sky at 270°); the two pivoted on
the spot for the rest of the race. The skippers now price a bow ending against another
boat's hull as a lock (``costs.LOCK``), so the easy skipper, whose taste picks among
choices up to 1.2 turns worse than the best, no longer takes that exit.
"""
from __future__ import annotations

import math
import random
from pathlib import Path

from dinghy import games
from dinghy.core.race import Race
from dinghy.games.dinghy_race.actions import Move
from dinghy.skippers import easy

RECORD = Path(__file__).parent / "records" / "bow_to_bow_lock.json"


def test_the_record_ends_with_two_bows_a_hair_apart():
    race = games.load_race(RECORD)
    sky, yellow = race.state.boats[1], race.state.boats[3]
    assert race.actions[22] == Move(3)
    assert math.dist(sky.pose.xy, yellow.pose.xy) < 1.0
    assert {sky.pose.heading, yellow.pose.heading} == {90, 270}


def test_the_easy_skipper_does_not_sail_into_the_lock():
    record = games.load_race(RECORD)
    before = record.history[22]                     # Yellow to sail its revealed card
    picks = []
    for seed in range(60):
        race = Race.from_state(record.game, before)
        picks.append(easy.choose(race, random.Random(seed)))
    assert all(race.why_not(a) is None for a in picks)
    assert Move(3) not in picks, f"sailed bow to bow in {picks.count(Move(3))} of 60"
    assert len(set(picks)) > 1                       # it still errs among the sound exits
