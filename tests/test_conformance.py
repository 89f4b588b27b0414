"""One conformance test for every registered game (OpenSpiel's random simulation test
is the model): seeded random legal play, checking at every step that

- the applied action was in ``legal_actions`` (or among the chance outcomes) and
  ``why_not`` agrees;
- chance outcomes are exact fractions that sum to exactly 1;
- every action's text parses back to the same action;
- ``observation`` for a seat does not change when another seat's hidden cards do
  (``hidden_variant``), while the owner's own observation may; nor do the things the
  seat to act may lay on the board (``board_placements``: each legal, its text parsed
  back to it);
- undo returns the previous state exactly;
- ``position`` (the checked way to build a position) takes every played state unchanged;
- the record replays to the identical state.

Games whose random play cannot finish (Dinghy Race: random exits rarely reach a mark)
are played for a bounded number of actions; the toy game is played to the end.
"""
from __future__ import annotations

import inspect
import random
from fractions import Fraction

import pytest

from dinghy import games
from dinghy.core.interface import CHANCE, TERMINAL, BaseGame
from dinghy.cli import main
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.simulate import report

from toy_game import Pinboat

MAX_ACTIONS = 160


def _setup(board: str, seats: int, seed: int) -> RaceSetup:
    names = list(PALETTE)[:seats]
    return RaceSetup(seats=tuple(Seat(n, n, None) for n in names), course=board, seed=seed)


def _cases():
    for name, entry in sorted(games.GAMES.items()):
        boards = entry.boards()
        for k, board in enumerate(boards[:3]):
            yield pytest.param(name, board, 2 + k % 2, id=f"{name}-{board}")


def check_random_play(game, seed: int, max_actions: int) -> Race:
    rng = random.Random(seed)
    race = Race(game)
    n_seats = game.seats()
    for _ in range(max_actions):
        state = race.state
        player = game.current_player(state)
        if player == TERMINAL:
            assert race.over and not game.legal_actions(state)
            break
        if player == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert outcomes, "chance is due but offers no outcome"
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == 1
            action = game.sample_chance(state, rng)
            assert action in [a for a, _ in outcomes]
        else:
            assert 0 <= player < n_seats
            assert game.chance_outcomes(state) == []
            legal = game.legal_actions(state)
            assert legal, f"seat {player} has no legal action at {state!r:.200}"
            action = rng.choice(legal)
            placed = game.board_placements(state)
            for _, put in placed:        # things the seat may lay on the board: legal, worded
                assert game.why_not(state, put) is None, game.why_not(state, put)
                assert game.parse_action(game.action_text(put)) == put
            for other in range(n_seats):     # ... and the same whatever another seat hides
                if other != player:
                    variant = game.hidden_variant(state, other, random.Random(len(race.actions)))
                    assert game.board_placements(variant) == placed, (player, other)
        assert game.why_not(state, action) is None, game.why_not(state, action)
        check_callers_questions(game, state)
        assert game.position(state) == state, "a played state is not a whole position"
        text = game.action_text(action)
        assert game.parse_action(text) == action, text
        # hidden information: no seat sees another seat's hidden cards
        for seat in range(n_seats):
            seen = game.observation(state, seat)
            for other in range(n_seats):
                if other != seat:
                    variant = game.hidden_variant(state, other, rng)
                    assert game.observation(variant, seat) == seen, (seat, other)
        race.push(action)
        if race.can_undo():
            after = race.state
            race.undo()
            assert race.state == state
            race.push(action)
            assert race.state == after
    check_callers_questions(game, race.state)
    again = Race.replay(game, [game.action_text(a) for a in race.actions])
    assert again.state == race.state
    return race


def check_callers_questions(game, state) -> None:
    """Each interface question asked the way its callers ask it: the simulator
    (``progress(state)``, hashed and compared), the runner and the results screen
    (``places(state)``, ``unplaced_note(state, seat)``, ``name(seat)``), the table
    (``interjections(state)``, each of them legal) and the race (``is_over(state)``)."""
    n_seats = game.seats()
    where = game.progress(state)
    hash(where)
    assert where == game.progress(state)
    places = game.places(state)
    assert len(places) == n_seats and all(p is None or 1 <= p <= n_seats for p in places)
    for seat in range(n_seats):
        assert isinstance(game.name(seat), str) and game.name(seat)
        assert isinstance(game.unplaced_note(state, seat), str)
    for call in game.interjections(state):
        assert game.why_not(state, call) is None
        assert game.parse_action(game.action_text(call)) == call
    assert game.is_over(state) in (True, False)


def _interface_methods():
    return [name for name, f in vars(BaseGame).items() if inspect.isfunction(f) and not name.startswith("_")]


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_game_answers_the_interface_with_its_signature(name):
    """A game may override any interface method, but with the parameters the interface
    gives it: the simulator, the window and the runner call every game alike (Race the
    Wind's ``progress(state, seat)`` once crashed ``dinghy simulate``)."""
    game = games.load_game(_setup(games.GAMES[name].boards()[0], 2, 1), name)
    for method in _interface_methods():
        want = list(inspect.signature(getattr(BaseGame, method)).parameters)[1:]
        have = inspect.signature(getattr(game, method))
        assert len(have.parameters) == len(want), (name, method, str(have), want)
        have.bind(*want)            # the callers pass these positionally


def test_the_signature_check_can_fail():
    class Odd(BaseGame):
        def progress(self, state, seat):
            return seat
    want = list(inspect.signature(BaseGame.progress).parameters)[1:]
    with pytest.raises(TypeError):
        inspect.signature(Odd().progress).bind(*want)


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_ruleset_can_be_simulated(name, tmp_path, capsys, monkeypatch):
    """``dinghy simulate`` for two tiny races of every ruleset: the command line, the
    plan, the sail (which asks ``progress`` before the first action and every 50 actions:
    a race cut at 60 actions is asked twice, the second time mid-race) and the report.
    The report asks for its plots with both races; drawing them (matplotlib, a second a
    report) is test_simulate_report's, so here the request is taken down instead."""
    asked = []
    monkeypatch.setattr(report, "plots", lambda res, out: asked.append((len(res), out)) or [])
    assert main(["simulate", "--rules", name, "--races", "2", "--boats", "2", "--workers", "1",
                 "--max-actions", "60", "--quiet", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "of 2 races" in out
    assert (tmp_path / "races.csv").read_text().count("\n") == 3      # a header and two races
    assert asked == [(2, tmp_path)]


@pytest.mark.parametrize("name,board,seats", list(_cases()))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_legal_play_keeps_every_promise(name, board, seats, seed):
    game = games.load_game(_setup(board, seats, seed), name)
    assert game.rules_name == name
    race = check_random_play(game, seed, MAX_ACTIONS)
    assert race.record()["rules"] == name
    assert len(race.actions) > 10


@pytest.mark.parametrize("seed", range(20))
def test_the_toy_game_plugs_in_and_plays_to_the_end(seed):
    game = Pinboat(_setup("line", 3, seed))
    race = check_random_play(game, seed, 10_000)
    assert race.over
    assert sorted(p for p in race.places() if p is not None) == [1, 2, 3]


def test_hidden_cards_are_hidden_from_others_but_not_from_their_owner():
    """The check above can fail: the owner's observation does change with its card."""
    game = Pinboat(_setup("line", 2, 0))
    race = Race(game)
    race.push("deal 1")
    race.push("deal 2")
    variant = game.hidden_variant(race.state, 0, random.Random(0))
    assert game.observation(variant, 0) != game.observation(race.state, 0)
    assert game.observation(variant, 1) == game.observation(race.state, 1)


def test_undo_stops_at_the_last_chance_event():
    game = Pinboat(_setup("line", 2, 0))
    race = Race(game)
    race.push("deal 2")
    race.push("deal 1")
    assert not race.can_undo()
    race.push("reach 0")
    assert race.can_undo()
    race.undo()
    assert not race.can_undo()


def test_dinghy_race_hides_a_face_down_card_but_not_how_it_lies():
    """Rule text: each player "places a new card, face down, in front of his boat": the
    others see the card lying there (sideways or lengthwise), never its face, until
    it is revealed at the start of that boat's turn."""
    game = games.load_game(_setup("up_and_down", 2, 3))
    race = Race(game)
    while race.state.step.value != "begin" or race.state.round < 2:
        race.push(random.Random(len(race.actions)).choice(race.legal_actions()))
    state = race.state
    other = next(b.index for b in state.boats if b.index != state.active and b.planned)
    seen = game.observation(state, state.active)["boats"][other]["card"]
    assert seen.startswith("face-down, ") and state.boats[other].planned not in seen
    assert game.observation(state, other)["boats"][other]["card"] == state.boats[other].planned
    variant = game.hidden_variant(state, other, random.Random(0))
    assert variant.boats[other].planned != state.boats[other].planned
    assert game.observation(variant, state.active) == game.observation(state, state.active)
    assert game.observation(variant, other) != game.observation(state, other)
