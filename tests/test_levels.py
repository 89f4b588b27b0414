"""Skipper levels (``dinghy.skippers.any_game.levels``): easy, medium and hard for every game; a
level's name works wherever a skipper's name does; easy errs but stays legal; medium
(the simple skipper) never blunders."""
from __future__ import annotations

import random

import pytest

from dinghy import games
from dinghy.cli import main
from dinghy.core.interface import CHANCE
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Luck, Move
from dinghy.games.dinghy_race.state import Step
from dinghy.skippers import SKIPPERS, play_bots, skipper
from dinghy.skippers.dinghy_race import easy, simple, tactician
from dinghy.skippers.any_game import levels

from toy_game import Pinboat
from botkit import sail_checked


def dinghy_race(course: str, names: list[str], seed: int) -> Race:
    seats = tuple(Seat(c, c, s) for c, s in zip(PALETTE, names))
    return Race(games.load_game(RaceSetup(seats=seats, course=course, seed=seed)))


def test_the_levels_of_dinghy_race():
    assert skipper("easy") is easy
    assert skipper("medium") is simple
    expected = SKIPPERS["dinghy_race"].get("hard", tactician)
    assert skipper("hard") is expected
    assert levels.LEVELS == ("easy", "medium", "hard")


def test_the_set_up_offers_every_level_with_a_line_for_people():
    offered = levels.choices("dinghy_race")
    assert [lv for lv, _ in offered] == ["easy", "medium", "hard"]
    assert "simple" in dict(offered)["medium"] and all(text for _, text in offered)


def test_an_unknown_name_names_the_levels_too():
    with pytest.raises(ValueError, match="easy, medium, hard"):
        skipper("grandmaster")


def test_every_level_of_another_game_plays_through_the_interface_alone():
    easy_bot, medium_bot, hard_bot = (levels.level_skipper(lv, "pinboat") for lv in levels.LEVELS)
    assert medium_bot is skipper(None, "pinboat")
    assert easy_bot.NAME == "easy" and hard_bot.NAME == "hard"
    for seed in range(3):
        game = Pinboat(RaceSetup(seats=tuple(Seat(c, c, lv) for c, lv in zip(PALETTE, levels.LEVELS)), seed=seed))
        race = Race(game)
        rng = random.Random(seed)
        while not race.over:
            if race.chance:
                race.roll()
                continue
            bot = skipper(game.setup.seats[race.current_player()].skipper, "pinboat")
            action = bot.choose(race, rng)
            assert race.why_not(action) is None
            race.push(action)
        assert sorted(race.places()) == [1, 2, 3]


def test_the_generic_hard_level_reads_the_odds_of_the_toy_game():
    """Pinboat: with a wind card of 1 a "reach" sails as far as a "beat" but risks losing
    a turn to the die; the Monte Carlo look-ahead beats; two from the finish with a card
    of 2 it reaches and wins."""
    game = Pinboat(RaceSetup(seats=tuple(Seat(c, c, None) for c in list(PALETTE)[:2])))
    hard = levels.Lookahead(skipper(None, "pinboat"), rollouts=150)
    from toy_game import State
    wins = {1: 0, 2: 0}
    for card in (1, 2):
        for seed in range(3):
            race = Race.from_state(game, State((2 if card == 1 else 4, 2), (card, 2), (False, False)))
            wins[card] += hard.choose(race, random.Random(seed)).verb == ("beat" if card == 1 else "reach")
    assert wins == {1: 3, 2: 3}


@pytest.mark.race
def test_the_easy_skipper_sails_a_whole_race_legally():
    """Every action checked with the engine, to the finish. (The same race for the same
    seed: test_speed_equivalence.py's reference races of the easy and medium levels,
    recorded in earlier runs, replay choice for choice; this race was sailed twice in
    one process for it.)"""
    race = dinghy_race("olympic_triangle", ["easy", "easy", "medium"], seed=4)
    sail_checked(race, random.Random(4), max_actions=8000)
    assert race.over and sorted(race.places()) == [1, 2, 3]


def test_the_easy_skipper_does_not_always_take_the_best():
    """A softmax over the turns to go: the best most often, the next best sometimes,
    anything that costs a dead boat's turns never."""
    bot = easy.EasySkipper(easy.STYLE)
    rng = random.Random(0)
    picks = [bot.best([3.0, 3.1, 9.0, float("inf")], rng) for _ in range(400)]
    assert picks.count(0) > picks.count(1) > 40
    assert 2 not in picks and 3 not in picks


def test_the_easy_skipper_sails_the_exit_it_planned_when_it_laid_the_card():
    """A newcomer plans the whole manoeuvre as the card goes down: at the next move the
    easy skipper sails the exit it picked among the card's exits when it laid the card
    (the better ones more often) whenever the engine still lists it and it runs into
    nothing; when the plan no longer holds it looks again and still plays a legal move."""
    race = dinghy_race("olympic_triangle", ["easy"] * 4, seed=5)
    rng = random.Random(5)
    bot = easy.EasySkipper(easy.STYLE)
    kept = looked_again = 0
    while not race.over and len(race.actions) < 8000:
        state = race.state
        if race.chance:
            race.roll()
            continue
        plan = bot.track(race, state.active).plan if state.step is Step.MOVE else None
        action = bot.choose(race, rng)
        assert race.why_not(action) is None, f"{action.text()}: {race.why_not(action)}"
        if plan is not None and plan[0] == state.round and not dr.prestart(state):
            planned = Move(plan[3])
            opt = dr.exit_options(race.game, state)[plan[3]]
            if planned in race.legal_actions() and opt.blocked_by is None and not opt.gives_way \
                    and opt.involuntary is None:
                assert action == planned, f"round {state.round}: planned {planned.text()}, sailed {action.text()}"
                kept += 1
            else:
                looked_again += 1
        race.push(action)
    assert race.over
    assert kept > 100 and looked_again > 0, (kept, looked_again)


def test_an_easy_plan_the_engine_no_longer_allows_is_dropped_for_a_legal_move():
    race = dinghy_race("olympic_triangle", ["easy"] * 2, seed=6)
    rng = random.Random(6)
    bot = easy.EasySkipper(easy.STYLE)
    tried = 0
    while not race.over and len(race.actions) < 3000 and tried < 20:
        state = race.state
        if race.chance:
            race.roll()
            continue
        if state.step is Step.MOVE and not dr.prestart(state):
            card = race.game.cards.types[state.turn.card]
            listed = {a.exit for a in race.legal_actions() if isinstance(a, Move)}
            refused = [e for e in range(len(card.exits)) if e not in listed]
            if refused:
                # a plan made for an exit the engine does not allow now
                bot.track(race, state.active).plan = (state.round, state.boat().pose, state.turn.card, refused[0])
                action = bot.choose(race, rng)
                assert action in race.legal_actions() and race.why_not(action) is None
                assert not isinstance(action, Move) or action.exit in listed
                tried += 1
                race.push(action)
                continue
        race.push(bot.choose(race, rng))
    assert tried > 0, "no move with a refused exit met"


def test_medium_never_blunders():
    """Medium is the simple skipper: over a whole race on the island course, it never
    takes an exit that runs into a mark, land or the edge (or ends where the next card
    has no room) while another exit is clear, and it commits Lady Luck whenever a roll
    risks a capsize or a man overboard and it still holds a card. Rules: "If the way is
    blocked, the boat stops ..."; "Lady Luck cards ... may be played before a hazard roll"."""
    race = dinghy_race("island_race", ["medium"] * 3, seed=2)
    rng = random.Random(2)
    names = {race.game.name(i) for i in range(3)}
    moves = lucks = 0
    while not race.over and len(race.actions) < 6000:
        state = race.state
        if race.chance:
            race.roll()
            continue
        action = skipper("medium").choose(race, rng)
        if isinstance(action, Move):
            opts = dr.exit_options(race.game, state)
            legal = [a for a in race.legal_actions() if isinstance(a, Move)]
            dead = {o.index for o in opts if o.blocked_by is not None and o.blocked_by not in names}
            if any(m.exit not in dead for m in legal):
                assert action.exit not in dead, f"round {state.round}: {action.text()} runs into trouble"
            moves += 1
        if state.step is Step.LUCK and isinstance(action, Luck):
            row, modifier = state.turn.hazards[0]
            odds = race.game.hazards.odds(row, 0, modifier)
            bad = float(sum(p for o, p in odds.items() if o.effect in ("capsize", "man_overboard")))
            if bad > 0.05 and state.boat().lady_luck > 0:
                assert action.cards > 0
                lucks += 1
        race.push(action)
    assert race.over and moves > 100


def test_the_command_line_takes_a_level(capsys):
    assert main(["race", "--level", "easy", "--boats", "2", "--course", "short_lap", "--seed", "3"]) == 0
    assert "1." in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["race", "--level", "expert"])
    assert exc.value.code == 2
