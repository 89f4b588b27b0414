"""The 3M Regatta: action text, the grid picture, bots that finish, records that
replay, damaged data files, the command line, skipper levels and series.
Each test quotes the rule text (/work/shared/seeds/000_694ce8f22981aa5f.txt) it checks.
"""
from __future__ import annotations

import functools
import random

import pytest

from dinghy import games
from dinghy.cli import main as cli_main
from dinghy.core.errors import DataError, IllegalAction
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.regatta_3m.actions import GiveUp, Head, Leg, Place, Roll, Spinnaker, parse
from dinghy.games.regatta_3m.equipment import Equipment
from dinghy.skippers import play_bots

from regatta_3m_kit import E, N, NE, NW, SE, SW, make, turn


# --- text, picture, bots, records, command line --------------------------------------------

@pytest.mark.parametrize("a", [Roll("2"), Roll("red S"), Place(3, 2), Place(3, 2, NE), Leg(SW),
                               Leg(E, True), Head(NW), Spinnaker(True), Spinnaker(False), GiveUp()])
def test_every_action_reads_back_from_its_text(a):
    assert parse(a.text()) == a


def test_unknown_action_text_says_what_is_known():
    with pytest.raises(IllegalAction, match="roll, place, leg"):
        parse("jibe now")


def test_the_grid_picture_and_taps():
    """The grid view contract: the boats, the wind, a note; a tap on a leg's end sails
    it, a tap elsewhere says the engine's reason."""
    game = make(seats=2)
    race = turn(game, {0: {"at": (10, 10), "spinnaker": True}, 1: {"at": (5, 5)}}, legs=2)
    pic = game.picture(race.state, 0)
    assert pic.wind_from == N and {b.seat for b in pic.boats} == {0, 1}
    assert "spinnaker" in pic.boats[0].flags and "Orange to sail" in pic.note
    taps = game.square_actions(race.state, 14, 6)
    assert [t.action for t in taps if t.legal] == [Leg(SE)]
    taps = game.square_actions(race.state, 12, 10)
    assert not any(t.legal for t in taps) and "spinnaker" in taps[0].reason
    taps = game.square_actions(race.state, 11, 13)
    assert "straight line" in taps[0].reason


@functools.cache
def _navigator_race(rules: str, board: str, seed: int, seats: int) -> tuple[RaceSetup, Race]:
    """A seeded race of navigators (Option A, disqualification, with seed 2; B with 1),
    sailed once in this process (a test that needs it again takes a copy)."""
    setup = RaceSetup(seats=tuple(Seat(c, c, "navigator") for c in list(PALETTE)[:seats]),
                      course=board, seed=seed, extra=(("penalty", "disqualify" if seed == 2 else "forfeit"),))
    race = Race(games.load_game(setup, rules))
    play_bots(race, random.Random(seed))
    return setup, race


@pytest.mark.race
@pytest.mark.parametrize("board", ["3m_triangle", "3m_channel"])
@pytest.mark.parametrize("rules,seed,seats", [("regatta", 2, 6), ("regatta_advanced", 1, 4),
                                              ("regatta_advanced", 2, 6)])
def test_seeded_bot_races_finish_and_replay_identically(rules, board, seed, seats):
    """Navigators sail each board to the finish and the record replays: in the advanced
    game under Option B (forfeit, seed 1, four boats) and Option A (disqualify, seed 2,
    six boats); the basic game, which has no penalties, once a board (six boats; its
    four-boat race, seed 1, was the same skipper to the same check)."""
    setup, race = _navigator_race(rules, board, seed, seats)
    assert race.over and race.state.round < 60          # measured: at most 33 in 96 seeded races
    finished = [p for p, b in zip(race.places(), race.state.boats) if b.out is None]
    assert all(p is not None for p in finished) and 1 in finished
    again = Race.replay(games.load_game(setup, rules), race.record()["actions"])
    assert again.state == race.state


def test_every_shipped_board_is_in_both_rulesets():
    assert games.GAMES["regatta"].boards() == games.GAMES["regatta_advanced"].boards()
    assert games.GAMES["regatta"].boards()[0] == "3m_triangle"
    assert {"3m_triangle", "3m_channel"} <= set(games.GAMES["regatta"].boards())


def test_dinghy_race_sails_the_regatta_from_the_command_line(capsys):
    assert cli_main(["race", "--rules", "regatta", "--board", "3m_triangle", "--boats", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Regatta (3M), 3m_triangle" in out and "1. " in out


def test_a_saved_advanced_race_loads_and_replays(tmp_path):
    """A record is the set-up (the penalty option included) plus every action, dice too:
    the seeded advanced race on the channel under Option A (the one above; was a race of
    its own, three navigators, seed 5)."""
    _, race = _navigator_race("regatta_advanced", "3m_channel", 2, 6)
    assert race.game.penalty == "disqualify"
    path = tmp_path / "race.json"
    games.save_race(path, race)
    again = games.load_race(path)
    assert again.game.penalty == "disqualify" and again.state == race.state


def _damage(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    k = rng.randrange(len(lines))
    how = rng.randrange(5)
    if how == 0:
        del lines[k]
    elif how == 1:
        lines[k] = lines[k].replace("=", "= [", 1)
    elif how == 2:
        lines[k] = lines[k].replace("1", "-7").replace("2", '"two"')
    elif how == 3:
        lines[k] = lines[k].replace('"', "")
    else:
        lines.insert(k, rng.choice(["x = 99", "side = \"middle\"", "[extras]\nrays = 3",
                                    "die = [3, 3]", "start_towards = \"north\"", "time_limit = 0"]))
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", ["3m_triangle", "3m_channel", "equipment"])
def test_damaged_boards_and_equipment_load_or_say_what_is_wrong(name, tmp_path):
    """Bad data file: one clear DataError naming the file, never a traceback."""
    from dinghy.core import io
    from dinghy.games.grid.loading import load_board
    from dinghy.games.regatta_3m.game import Regatta3MAdvanced
    src = (io.data_dir("cards") / "regatta_3m" / "equipment.toml" if name == "equipment"
           else io.data_dir("courses") / "grid" / f"{name}.toml")
    text = src.read_text(encoding="utf-8")
    rng = random.Random(name)
    setup = RaceSetup(seats=tuple(Seat(c, c, None) for c in list(PALETTE)[:2]))
    for i in range(30):
        path = tmp_path / f"{name}_{i}.toml"
        path.write_text(_damage(text, rng), encoding="utf-8")
        try:
            if name == "equipment":
                eq = Equipment.from_mapping(io.read_toml(path), str(path))
                board = load_board("3m_triangle")
            else:
                eq, board = Equipment(), load_board(path, game="regatta_3m")
            game = Regatta3MAdvanced(setup, board, eq, str(path))
            game.legal_actions(game.initial_state())
        except DataError as exc:
            assert str(path) in str(exc) or name == "equipment"


def test_the_penalty_option_from_the_command_line(capsys):
    """Option A or B is decided before the race: ``--option penalty=disqualify``."""
    assert cli_main(["race", "--rules", "regatta_advanced", "--boats", "2", "--seed", "3",
                     "--option", "penalty=disqualify"]) == 0
    assert cli_main(["race", "--rules", "regatta_advanced", "--option", "penalty=keelhaul"]) == 2
    err = capsys.readouterr().err
    assert "penalty" in err and "disqualify" in err and "keelhaul" in err and err.count("\n") == 1


def test_the_levels_of_the_regatta_skippers():
    """The set-up offers easy, medium and hard for every game: here hard is the
    navigator that also takes its rivals' wind. (A race of all three to the finish, each
    seat's level resolved by ``skipper``, is test_regatta_3m_hard's
    test_hard_decides_legally_and_seeded_races_finish, on both boards and in both
    rulesets; this test sailed one more on the triangle.)"""
    from dinghy.skippers import skipper
    from dinghy.skippers.any_game.levels import level_skipper
    from dinghy.skippers.regatta_3m import navigator as regatta_3m, hard as regatta_3m_hard
    assert skipper("hard", "regatta") is regatta_3m_hard.HARD
    assert skipper(None, "regatta_advanced") is regatta_3m
    for rules in ("regatta", "regatta_advanced"):
        assert [level_skipper(lvl, rules) for lvl in ("medium", "hard")] == [regatta_3m, regatta_3m_hard.HARD]
        assert level_skipper("easy", rules) not in (regatta_3m, regatta_3m_hard.HARD)


def test_a_series_in_the_window_scores_tied_places():
    """"Players finishing in the same round and the same number of legs tie": the
    window's series table takes such races (tied boats share the place's points)."""
    from dinghy.ui.shell.series import Series
    series = Series(races=2, scoring="3m", rules="regatta", names=("A", "B", "C"),
                    results=[[1, 1, 3], [2, 1, 3]], seeds=[1, 2])
    assert [(r.boat, r.total) for r in series.table()] == [(1, 2000), (0, 1900), (2, 1600)]
