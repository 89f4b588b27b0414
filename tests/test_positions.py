"""Every game has one checked way to build a position, ``game.position(state)``: it
refuses a position no race can be in (naming the field and why) and fills in what follows
from where the boats stand. A played race's states come back unchanged, and a position
rebuilt from a played state with the derived fields left out comes back as played."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pytest

from dinghy import games
from dinghy.core.position import ImpossiblePosition
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper

MAX_ACTIONS = {"dinghy_race": 260}

#: The races ``played`` gives most, as the skippers sailed them (made by
#: tests/records/record_played_races.py; re-record when a skipper's play is meant to
#: change): replayed, not chosen again.
PLAYED = Path(__file__).parent / "records" / "played_races.json"


@lru_cache(maxsize=None)
def _recorded() -> dict[str, list[str]]:
    return json.loads(PLAYED.read_text())["races"] if PLAYED.exists() else {}


def played_key(name: str, seed: int = 1, seats: int = 3, limit: int | None = None) -> str:
    return f"{name} seed {seed}, {seats} seats, limit {limit}"


@lru_cache(maxsize=None)
def played(name: str, seed: int = 1, seats: int = 3, limit: int | None = None):
    """A seeded race of ``name`` on its first board, sailed by its default skippers
    (at most ``limit`` actions); replayed from its record where tests/records/
    played_races.json keeps it (each action through ``Race.push``, which applies nothing
    the engine refuses)."""
    names = list(PALETTE)[:seats]
    board = games.GAMES[name].boards()[0]
    setup = RaceSetup(seats=tuple(Seat(n, n, None) for n in names), course=board, seed=seed)
    game = games.load_game(setup, name)
    race = Race(game)
    record = _recorded().get(played_key(name, seed, seats, limit))
    if record is not None:
        for text in record:
            race.push(text)
        return game, race
    bots = [skipper(None, name) for _ in range(seats)]
    rng = random.Random(seed)
    while not race.over and len(race.actions) < (limit or MAX_ACTIONS.get(name, 3000)):
        if race.chance:
            race.roll()
            continue
        race.push(bots[race.current_player()].choose(race, rng))
    return game, race


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_played_state_is_a_whole_position(name):
    game, race = played(name)
    assert len(race.actions) > 50
    for k, state in enumerate(race.history):
        assert game.position(state) == state, f"state {k} changed"


def _refused(game, state, words: str) -> None:
    with pytest.raises(ImpossiblePosition) as err:
        game.position(state)
    assert words in str(err.value), str(err.value)


# -- Dinghy Race -------------------------------------------------------------------------
def _dinghy_mid_race():
    game, race = played("dinghy_race")
    return game, next(s for s in race.history if s.round > 6 and s.step.value == "begin")


def test_dinghy_race_refuses_boats_out_of_index_order():
    game, st = _dinghy_mid_race()
    _refused(game, st.with_(boats=st.boats[::-1]), "list the boats in seat order")


def test_dinghy_race_refuses_an_active_boat_not_in_the_turn_order():
    game, st = _dinghy_mid_race()
    order = tuple(i for i in st.order if i != st.active)
    _refused(game, st.with_(order=order), "turn order lists every boat once")
    _refused(game, st.with_(active=7), "not in the turn order")


def test_dinghy_race_refuses_a_place_the_boat_does_not_have():
    game, st = _dinghy_mid_race()
    _refused(game, st.with_(places=(st.order[0],)), "but its place is None")


def test_dinghy_race_refuses_a_boat_on_the_wrong_tack_for_its_heading():
    """"Starboard tack: the wind comes over the starboard side": a heading decides the tack
    (head to wind or dead downwind keep the one the boat had)."""
    game, st = _dinghy_mid_race()
    b = next(b for b in st.boats if (game.wind_from - b.pose.heading) % 180)
    wrong = b.tack.__class__("port" if b.tack.value == "starboard" else "starboard")
    _refused(game, st.with_boat(b.with_(tack=wrong)), "tack")


# -- Yacht Race --------------------------------------------------------------------------
def test_yacht_race_hands_a_blanketed_yachts_turn_on_at_once():
    """Rule text: "When it is a player's turn to move, and he finds that an opposing yacht
    is occupying ONE OF THE EIGHT BLOCKS IMMEDIATELY SURROUNDING HIS AND IF THAT OTHER BOAT
    IS DIRECTLY UP WIND OF HIS, then the player who was about to move must consider his
    yacht BLANKETED and FORFEIT THAT TURN." A position built with the turn on such a yacht
    is handed on as a played race hands it on, and never offers the yacht a move."""
    from dinghy.games.yacht_race import turns
    from dinghy.games.yacht_race.actions import Sail, WindCard
    from dinghy.games.yacht_race.blanketing import upwind_square
    game, race = played("yacht_race")
    built = 0
    for st in race.history:
        if st.phase.value != "sail" or st.cards_this_turn:
            continue
        me = st.yachts[st.turn]
        up = upwind_square(*me.pos, st.wind)
        other = next((y for y in st.yachts if y.seat != st.turn and y.afloat), None)
        if other is None or game.chart.fixed_obstacle(up) or st.occupant(up):
            continue
        hand = st.with_yacht(replace(other, pos=up))
        assert game.legal_actions(hand), "the raw state offers the blanketed yacht moves"
        whole = game.position(hand)
        assert whole.turn != st.turn or whole.round != hand.round
        assert not any(isinstance(a, (Sail, WindCard)) and whole.turn == st.turn and whole.round == hand.round
                       for a in game.legal_actions(whole))
        # the same as a played race hands the turn on from the yacht before
        prev = replace(hand, turn=(st.turn - 1) % len(st.yachts),
                       round=hand.round - (1 if st.turn == st.first else 0))
        assert turns.end_turn(prev, game.name, []) == whole
        built += 1
    assert built > 5


def test_yacht_race_refuses_two_yachts_on_one_block():
    game, race = played("yacht_race")
    st = next(s for s in race.history if s.phase.value == "sail" and s.round > 3)
    a, b = [y for y in st.yachts if y.afloat][:2]
    _refused(game, st.with_yacht(replace(b, pos=a.pos)), "both stand on")


# -- 3M Regatta ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["regatta", "regatta_advanced"])
def test_3m_line_sides_and_jumping_the_gun_are_derived_from_where_a_yacht_stands(name):
    """A start is a crossing of the starting line from behind it, and "A player may not be
    on or across the starting line before round three. Boats jumping the gun must return
    and re-cross the line": the side a yacht last stood on and whether it jumped the gun
    follow from where it stands. Left out of a position rebuilt from a played state, they
    come back as the race had them."""
    game, race = played(name)
    course, rebuilt = game.course, 0
    for st in race.history:
        boats = []
        for b in st.boats:
            if b.at is not None and course.start.side(b.at) and course.finish.side(b.at):
                b = b.with_(start_side=0, finish_side=0, premature=b.premature if b.started
                            or not course.start.side(b.at) else False)
                rebuilt += 1
            boats.append(b)
        assert game.position(st.with_(boats=tuple(boats))) == st
    assert rebuilt > 100


def test_3m_refuses_a_finish_with_marks_still_to_round():
    """"after the last mark, crossing the finish line": a finished yacht has rounded every mark."""
    game, race = played("regatta")
    st = race.history[-1]
    b = next(b for b in st.boats if b.finished)
    _refused(game, st.with_boat(b.with_(rounded=0)), "marks rounded")


# -- Race the Wind ------------------------------------------------------------------------
def test_race_the_wind_line_sides_are_derived_from_where_a_boat_stands():
    game, race = played("race_the_wind")
    course, rebuilt = game.course, 0
    for st in race.history:
        boats = []
        for b in st.boats:
            if course.start.side(b.pos) and course.finish.side(b.pos):
                b = b.moved(start_side=-course.start.side(b.pos), finish_side=0)
                rebuilt += 1
            boats.append(b)
        assert game.position(replace(st, boats=tuple(boats))) == st
    assert rebuilt > 100


def test_race_the_wind_refuses_an_unfinished_boat_in_the_finishing_order():
    game, race = played("race_the_wind")
    st = next(s for s in race.history if s.turn > 10 and s.phase.value == "play")
    _refused(game, replace(st, order=(0,)), "has not finished")


# -- Gigamic ------------------------------------------------------------------------------
def test_gigamic_refuses_more_copies_of_a_card_than_the_deck_holds():
    game, race = played("regatta_gigamic")
    st = next(s for s in race.history if s.step == "turn")
    card = st.hands[0][0]
    _refused(game, st.with_hand(0, st.hands[0] + (card,) * 30), "the deck has")


# -- Dinghy Race: what a move does, and what happened to a boat ------------------------------
def test_a_legal_move_tells_its_outcome_as_apply_makes_it():
    """``game.outcome(state, move)`` tells where each legal move ends (after any stop
    short), the hazards it calls for and a finish, before the move is made: over a seeded
    race, every legal move of every move step agrees with the state ``apply`` leaves."""
    from dinghy.games.dinghy_race.actions import Move, Begin
    from dinghy.games.dinghy_race.state import Step
    game, race = played("dinghy_race")
    told = stopped = 0
    for st in race.history:
        if st.step is not Step.MOVE:
            continue
        for move in game.legal_actions(st):
            if not isinstance(move, Move):
                continue
            out = game.outcome(st, move)
            after, events = game.apply(st, move)
            b = after.boats[st.active]
            assert (out.pose, out.tack, out.finished, out.spinnaker_up) == (b.pose, b.tack, b.finished, b.spi_up)
            assert out.card == st.turn.card and out.boat == st.active
            assert (out.stopped_short_of is not None) == any(e.kind == "obstacle" for e in events)
            if out.hazards:
                assert after.step in (Step.LUCK, Step.ROLL) and [r for r, _ in after.turn.hazards] == list(out.hazards)
            assert out.describe(game.name(st.active)).startswith(game.name(st.active))
            told += 1
            stopped += out.stopped_short_of is not None
    assert told > 200 and stopped > 0
    with pytest.raises(Exception):
        game.outcome(race.history[0], Begin())


def test_a_capsize_and_a_plain_delay_leave_different_states():
    """The hazard table's effects ("man overboard", "capsize", "delay") cost delay cards;
    a capsize and a delay of two cards (the medium table has both) are told apart by the
    boat's ``mishap``, not only by the event text."""
    import enginekit as ek
    from dinghy.games.dinghy_race.actions import Roll
    from dinghy.games.dinghy_race.state import Step, Turn
    game = ek.game(2, wind_force="medium")
    seen = {}
    for row in game.hazards.rows:
        for modifier in (0, -2):
            turn = Turn(card="reach.port", hazards=((row, modifier),))
            st = ek.race_at(game, [ek.boat(0, 0, 300, 90), ek.far(1)], step=Step.ROLL, turn=turn).state
            for d1 in range(1, 7):
                for d2 in range(1, 7):
                    after, _ = game.apply(st, Roll(d1, d2))
                    b = after.boats[0]
                    res = game.hazards.resolve(row, (d1, d2), luck=0, modifier=modifier)
                    if res.effect is not None:
                        assert b.mishap == res.effect and b.delays == res.delay_cards
                        seen[(res.effect, res.delay_cards)] = after
                    else:
                        assert b.mishap is None
    capsize, delay = seen[("capsize", 2)], seen[("delay", 2)]
    a, b = capsize.boats[0], delay.boats[0]
    assert a.delays == b.delays and (a.mishap, b.mishap) == ("capsize", "delay")
    assert game.observation(capsize, 1)["boats"][0] != game.observation(delay, 1)["boats"][0]


def _nudged(state, rng: random.Random):
    """``state`` with one whole-number or yes/no field changed, of the state or of one boat."""
    from dataclasses import fields
    boats = next((a for a in ("boats", "yachts") if hasattr(state, a)), None)
    if boats and rng.random() < 0.6:
        bs = list(getattr(state, boats))
        i = rng.randrange(len(bs))
        names = [f.name for f in fields(bs[i]) if isinstance(getattr(bs[i], f.name), (int, bool))]
        n = rng.choice(names)
        v = getattr(bs[i], n)
        bs[i] = replace(bs[i], **{n: (not v) if isinstance(v, bool) else v + rng.choice((-2, -1, 1, 2, 5))})
        return replace(state, **{boats: tuple(bs)})
    names = [f.name for f in fields(state)
             if isinstance(getattr(state, f.name), int) and not isinstance(getattr(state, f.name), bool)]
    n = rng.choice(names)
    return replace(state, **{n: getattr(state, n) + rng.choice((-2, -1, 1, 2, 5))})


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_a_position_accepted_is_one_the_engine_can_play_on(name):
    """Played states with one field nudged (a seat, a count, a flag): ``position`` either
    refuses the result with its reason, or the engine lists the actions open there and
    applies the first without an error of its own."""
    game, race = played(name)
    rng = random.Random(f"nudge:{name}")
    refused = played_on = 0
    for _ in range(300):
        nudged = _nudged(rng.choice(race.history), rng)
        try:
            state = game.position(nudged)
        except ImpossiblePosition as err:
            assert str(err)
            refused += 1
            continue
        if game.current_player(state) >= 0:
            actions = game.legal_actions(state)
        else:
            actions = [a for a, _ in game.chance_outcomes(state)]
        if actions:
            game.apply(state, actions[0])
        played_on += 1
    assert refused > 30 and played_on > 30


def test_gigamic_refuses_a_sun_step_for_a_seat_without_a_sun_card():
    """The sun step waits for the active seat to lay a sun card from its hand; a position
    that gives that step to a seat holding none (the engine would fail laying it) is
    refused, as is a turn for a boat not sailing."""
    from dinghy.games.regatta_gigamic.state import Step
    from dinghy.games.regatta_gigamic.symbols import sun_in_hand
    game, race = played("regatta_gigamic")
    st = next(s for s in race.history if s.step is Step.SUN)
    other = next(i for i in range(len(st.boats)) if not sun_in_hand(game, st, i))
    _refused(game, replace(st, active=other), "holds none")
    turn = next(s for s in race.history if s.step is Step.TURN)
    _refused(game, turn.with_boat(turn.active, spot=None), "is not sailing")


def test_a_lady_luck_commitment_tells_the_exact_odds_of_the_roll_to_come():
    """Rules: Lady Luck cards committed before a hazard roll are added to the 2d6 roll.
    ``game.outcome(state, Luck(n))`` tells, before they are committed, the chance of each
    outcome of the roll; each equals the share of the roll's chance outcomes (applied by
    the engine) whose event names that outcome, and the chances sum to 1."""
    import random as rnd
    from fractions import Fraction

    from dinghy.core.interface import CHANCE
    from dinghy.games.dinghy_race.actions import Luck
    from dinghy.skippers import skipper
    race = Race(games.load_game(RaceSetup(seats=(Seat("A", "Orange"), Seat("B", "Sky")),
                                          course="short_lap", seed=1), "dinghy_race"))
    game, brain, rng = race.game, skipper(None, "dinghy_race"), rnd.Random(1)
    checked = 0
    while checked < 8 and not race.over:
        if race.current_player() == CHANCE:
            race.roll()
            continue
        for a in race.legal_actions():
            if not isinstance(a, Luck):
                continue
            told = game.outcome(race.state, a)
            assert sum(p for _, p in told.odds) == 1 and told.cards == a.cards
            after, _ = game.apply(race.state, a)
            counted: dict[str, Fraction] = {}
            for roll, p in game.chance_outcomes(after):
                _, events = game.apply(after, roll)
                words = next(w for w, _ in told.odds if any(e.text.endswith(": " + w) for e in events))
                counted[words] = counted.get(words, Fraction(0)) + p
            assert {w: p for w, p in told.odds if p} == counted
            checked += 1
        race.push(brain.choose(race, rng))
    assert checked >= 8
