"""The hard Regatta (Gigamic) skipper (:mod:`dinghy.skippers.regatta_gigamic.hard`): it
sails whole races legally on every shipped course, reckons only with the cards it may
see, and lays its sun on the leader."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.regatta_gigamic.actions import Act
from dinghy.games.regatta_gigamic.spot import Spot
from dinghy.games.regatta_gigamic.state import SUN, TURN
from dinghy.skippers import skipper
from dinghy.skippers.any_game import levels
from dinghy.skippers.regatta_gigamic import hard as GH
from test_regatta_gigamic import _position
from botkit import sail_checked

RULES = "regatta_gigamic"
COURSES = games.GAMES[RULES].boards()


def _race(course: str, names: list[str], seed: int, play_on: bool = False) -> Race:
    setup = RaceSetup(seats=tuple(Seat(c, c, n) for c, n in zip(PALETTE, names)), course=course, seed=seed,
                      extra=(("play_on", play_on),))
    return Race(games.load_game(setup, RULES))


def test_hard_is_the_hard_level_of_the_gigamic_regatta():
    assert skipper("hard", RULES) is GH.HARD
    assert levels.level_skipper("hard", RULES) is GH.HARD


def test_the_largest_course_is_the_others_and_a_rock():
    """The shipped courses are one plan (the line between two white buoys, red left to
    port, then green, home over the line) on tables of three sizes, the largest with a
    rock between the legs: a race on the largest sails through everything the others
    hold (the hard skipper sails the small course in the hidden-hand test below and in
    test_regatta_gigamic's race of every level)."""
    courses = {c: games.load_game(RaceSetup(seats=(Seat("a", "a"),), course=c), RULES).course for c in COURSES}
    assert set(courses) == {"small", "medium", "large"}
    for c in courses.values():
        assert list(c.rounding) == [("red", "port"), ("green", "port")]
        assert sorted(b.colour for b in c.buoys) == ["green", "red", "white", "white"]
    assert not courses["small"].obstacles and not courses["medium"].obstacles and courses["large"].obstacles


@pytest.mark.race
def test_a_seeded_race_of_the_hard_skipper_finishes_with_every_action_legal():
    """"Etre le premier joueur à franchir la ligne d'arrivée" (be the first over the
    finish line): sailing on until every boat is home, the hard boats get there with
    every action legal, on the largest course (the rock in the way)."""
    race = _race("large", ["hard", "medium", "hard"], seed=11, play_on=True)
    sail_checked(race, random.Random(11), max_actions=8000)
    assert race.over
    places = race.game.places(race.state)
    assert places[0] is not None and places[2] is not None


def test_the_unseen_cards_are_the_deck_less_what_this_seat_may_see():
    """"On distribue 5 cartes à chaque joueur, le reste des cartes forme la pioche" (five
    cards each, the rest the pile): the others' hands are as unknown as the pile."""
    race = _race("small", ["hard", "hard", "hard"], seed=2)
    while race.chance:
        race.roll()
    game, state = race.game, race.state
    seat = state.active
    obs = game.observation(state, seat)
    left = GH.unseen(game, obs)
    assert sum(left.values()) == game.deck.total - len(state.hands[seat]) - len(state.discard)
    others = Counter(c for i, h in enumerate(state.hands) if i != seat for c in h) + Counter(dict(state.pile))
    assert left == +others


def test_the_choice_does_not_change_with_another_seat_s_hidden_hand():
    """The hands are hidden ("observation" shows only one's own): whatever another seat
    holds (``hidden_variant`` swaps its cards with the pile's), the hard skipper's choice
    is the same, at each of the first five turns of a race that offer a choice."""
    race = _race("small", ["hard", "hard", "hard"], seed=4)
    rng = random.Random(4)
    checked = 0
    while not race.over and checked < 5:
        if race.chance:
            race.roll()
            continue
        state = race.state
        seat = race.current_player()
        if state.step != TURN or len(race.legal_actions()) < 2:
            race.push(GH.HARD.choose(race, rng))
            continue
        a = GH.choose(race, random.Random(0))
        for other in range(3):
            if other == seat:
                continue
            for k in range(3):
                v = race.game.hidden_variant(state, other, random.Random(100 * other + k))
                assert v.hands[other] != state.hands[other] or v == state
                assert GH.choose(Race.from_state(race.game, v), random.Random(0)) == a
        checked += 1
        race.push(a)                 # the hard skipper's choice (it draws on no luck here)
    assert checked == 5


def test_the_sun_goes_on_the_boat_nearest_the_finish():
    """"il pose la carte soleil devant un adversaire de son choix qui devra passer son
    prochain tour" (he lays the sun in front of an opponent of his choice, who must miss
    his next turn): the hard skipper becalms the rival nearest home."""
    game = games.load_game(RaceSetup(seats=tuple(Seat(n, n) for n in list(PALETTE)[:3]), course="small"), RULES)
    spots = [Spot(500.0, 600.0, 0.0), Spot(150.0, 500.0, 0.0), Spot(850.0, 500.0, 0.0)]
    state = _position(game, spots, [["soleil", "straight", "left", "right"], ["straight"] * 5, ["straight"] * 5],
                      stages=[1, 3, 1], step=SUN)
    race = Race.from_state(game, state)
    assert Act("sun", n=1) in race.legal_actions() and Act("sun", n=2) in race.legal_actions()
    assert GH.choose(race, random.Random(0)) == Act("sun", n=1)
