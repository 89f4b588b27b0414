"""``dinghy simulate``: small plans sailed here, over two processes and on a local Dask
cluster give identical rows; Ctrl+C keeps what finished; bad input is one line, exit 2;
any registered game can be simulated."""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from dinghy import games
from dinghy.cli import main
from dinghy.games.dinghy_race import data as dr_data
from dinghy.simulate import plan as sim_plan, report, run, stats
from dinghy.simulate.hazard_scale import scaled, scaled_below

from toy_game import Pinboat


def small_plan(races: int = 2):
    """Two variants (hazards as printed and doubled) of two races each, two boats on the
    short lap (the shortest shipped course: the plan's races are sailed here, over two
    processes and on a Dask cluster, twelve races in all)."""
    return sim_plan.make_plan("dinghy_race", ["short_lap"], [2], ["easy", "medium"], races, seed=5,
                              hazard_scales=[1.0, 2.0])


@pytest.fixture(scope="module")
def here():
    return run.run(small_plan(), workers=1, progress=False)


def test_a_plan_is_every_combination_and_rotates_the_levels_through_the_seats():
    p = small_plan()
    assert len(p.variants) == 2 and len(p.jobs) == 4
    assert [j.seed for j in p.jobs] == [5, 6, 5, 6]           # every variant sails the same seeds
    assert p.jobs[0].skippers == ("easy", "medium") and p.jobs[1].skippers == ("medium", "easy")


def test_fleets_of_levels_are_varied_too():
    p = sim_plan.make_plan("dinghy_race", ["standard_triangle"], [2], [["easy"], ["medium", "hard"]], 1)
    assert [v.levels for v in p.variants] == [("easy",), ("medium", "hard")]
    assert p.variants[1].name == "standard_triangle, 2 boats, medium+hard"


def test_one_worker_and_two_give_identical_results(here):
    assert not here.interrupted and len(here.results) == 4
    pooled = run.run(small_plan(), workers=2, progress=False)
    assert json.dumps(pooled.results) == json.dumps(here.results)


def test_the_rows_add_up(here):
    for res in here.results:
        r = res["race"]
        assert r["finished"] and r["rounds"] > 0
        assert sorted(s["place"] for s in res["seats"]) == [1, 2]
        caps = sum(s["capsizes"] for s in res["seats"])
        assert caps == sum(h["capsize"] for h in res["hazards"])
    assert set(stats.dice_share(here.results)) == {0, 1}


def test_the_dinghy_race_report_keeps_its_hazards_lady_luck_and_weather_eye(here, tmp_path):
    """Dinghy Race's own figures ("the chance values on the hazard tables"): Lady Luck,
    capsizes, men overboard, Weather Eye; each variant named by its hazard scale, the
    plain one too (never "(as above)"); hazard rates with their Wilson intervals."""
    text = report.write(here, tmp_path)
    lines = text.splitlines()
    assert lines[2].split()[6:] == ["luck", "capsize", "mob", "eye", "shift", "dice"]
    assert [line.split()[:2] for line in lines[3:5]] == [["hazards", "x1"], ["hazards", "x2"]]
    assert "(as above)" not in text and "luck = Lady Luck cards spent" in text
    assert "hazard rolls per manoeuvre (all variants; 95% intervals)" in text
    assert (tmp_path / report.HAZARD_PLOT).stat().st_size > 0


def test_the_same_work_on_a_local_dask_cluster(here):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        out = run.run(small_plan(), cluster=cluster.scheduler_address, progress=False)
    assert json.dumps(out.results) == json.dumps(here.results)


def test_ctrl_c_keeps_the_finished_races_and_writes_the_report(here, tmp_path):
    finished = iter(here.results)

    def sail(job):
        if job.index == 2:
            raise KeyboardInterrupt
        return next(finished)

    out = run.run(small_plan(), workers=1, progress=False, sail_job=sail)
    assert out.interrupted and len(out.results) == 2
    text = report.write(out, tmp_path)
    assert "2 of 4 races" in text and "INTERRUPTED" in text
    for name in ("races.csv", "seats.csv", "hazards.csv", "results.json", *report.PLOTS, report.HAZARD_PLOT):
        assert (tmp_path / name).stat().st_size > 0, name
    assert json.loads((tmp_path / "results.json").read_text())["interrupted"] is True


@pytest.mark.parametrize("args, words", [
    (["--boats", "9"], "--boats must be 1 to 7"),
    (["--levels", "grandmaster"], "unknown skipper 'grandmaster'"),
    (["--hazards", "no_such_table"], "no_such_table"),
    (["--rules", "chess"], "unknown game 'chess'"),
    (["--races", "0"], "--races must be at least 1"),
])
def test_bad_input_is_one_line_and_exit_2(args, words, capsys, tmp_path):
    assert main(["simulate", "--quiet", "--out", str(tmp_path), *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and words in err


def test_the_help_says_what_it_varies_and_shows_examples(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert exc.value.code == 0
    for word in ("--hazard-scale", "--cluster", "--levels", "--workers", "examples:", "Ctrl+C"):
        assert word in out


def test_any_registered_game_can_be_simulated(monkeypatch, tmp_path, capsys):
    monkeypatch.setitem(games.GAMES, "pinboat", games.GameEntry("pinboat", "Pinboat", Pinboat, lambda: ["line"]))
    assert main(["simulate", "--rules", "pinboat", "--races", "6", "--boats", "3", "--levels", "easy,medium,hard",
                 "--workers", "1", "--quiet", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "6 of 6 races" in out and "actions med" in out
    assert (tmp_path / "win_rates.png").exists()


def test_scaled_hazard_tables_move_each_chance_to_the_nearest_36th():
    """Rule text: a hazard applies when "2d6 + Lady Luck + modifier < below" (rows read
    left to right, only the first that holds applies)."""
    assert scaled_below(4, 1.0) == 4             # 3 in 36
    assert scaled_below(4, 2.0) == 5             # 6 in 36 is 2d6 < 5
    assert scaled_below(3, 0.0) == 2             # never
    table = dr_data.load_hazard_table("medium")
    assert scaled(table, 1.0).rows == table.rows
    double = scaled(table, 2.0)
    for rid, row in double.rows.items():
        base = table.odds(rid)
        more = double.odds(rid)
        hit = sum((p for o, p in more.items() if o.effect), Fraction(0))
        assert hit >= sum((p for o, p in base.items() if o.effect), Fraction(0))
        below = [h.below for h in row.hazards]
        assert below == sorted(set(below))


def test_a_race_whose_boats_get_nowhere_is_cut_short_soon(monkeypatch):
    """Two Dinghy Race boats bow to bow hold each other's cards aside for good and pivot
    on the spot (tests/test_bow_to_bow_lock.py; the skippers now avoid it, the rules do not
    resolve it). The simulation cuts a race short once no boat still racing has got
    anywhere (the game's ``progress``) for ``run.STALLED`` actions, and reports it as not
    finished; such a race used to run to the 30,000-action limit. Here every boat is made
    to look as if it got nowhere from the first action, and the watch is made shorter
    (``run.STALLED``: 300 actions here, 3,000 in a real run; the same count decides)."""
    from dinghy.games.dinghy_race.game import DinghyRace
    assert run.STALLED == 3000
    monkeypatch.setattr(DinghyRace, "progress", lambda self, state: "nowhere")
    monkeypatch.setattr(run, "STALLED", 300)
    plan = sim_plan.make_plan("dinghy_race", ["olympic_triangle"], [6], ["easy"], races=1, seed=37)
    out = run.sail(plan.jobs[0])
    row = out["race"]
    assert not row["finished"]
    assert run.STALLED <= row["actions"] <= run.STALLED + 50, row["actions"]
    assert all(s["place"] is None for s in out["seats"])


def test_a_race_in_which_boats_keep_moving_is_never_cut_short(here):
    """The module's simulated races (run.sail, Dinghy Race's progress watched every 50
    actions) all sail to the finish, none cut short (they used to be a race of its own,
    three easy boats on the standard triangle, sailed here for this alone)."""
    from dinghy.games.dinghy_race.game import DinghyRace
    from dinghy.core.interface import BaseGame
    assert BaseGame.progress(object(), None) is None              # games that do not say: never cut
    assert DinghyRace.progress is not BaseGame.progress
    assert len(here.results) == 4 and all(res["race"]["finished"] for res in here.results)


#: A ``dinghy simulate`` race up to the action before a hard seat claims room at a mark,
#: made (and re-made when the skippers' play is meant to change) by
#: tests/records/record_claim_room_simulated.py.
CLAIM_RECORD = Path(__file__).parent / "records" / "claim_room_simulated.json"


@pytest.mark.race
def test_a_simulated_race_lets_the_hard_skipper_claim_room_as_at_the_table(monkeypatch):
    """Right-of-way rule 3 ("The innermost boat (only) can then demand immediately,
    though it is not active right now, to swap turn order positions with the outer boat
    whose turn it is") is claimed out of turn. A simulated race asks each skipper that
    speaks out of turn before every action, as a race in the terminal or at the table
    does, so the levels' figures from ``dinghy simulate`` are those of the same play.
    Six boats, hard and simple, on the up-and-down course (with four, since rule 1 looks
    at the card laid after a tack, such a rounding is rare): the first seed whose
    simulated race meets one, recorded up to the action before the claim
    (tests/records/claim_room_simulated.json). ``run.sail`` sails on from there: the
    first action it takes is the claim, a hard seat's, made when the engine offered it;
    every action of the fleet is one the engine allows (``Race.push`` applies nothing it
    refuses: "Any player may protest an illegal move"), and the race ends with everyone
    placed. The skippers draw only from the race's own random stream, never from the
    global random module.
    (This race holds the hard skipper's fleet race too: test_hard_skipper.py sailed one
    of hard, tactician and simple seats to the end for its legal actions alone; the
    tactician sails beside the hard skipper in its coach's race there.)"""
    import random

    from dinghy.core.race import Race
    rec = json.loads(CLAIM_RECORD.read_text())
    plan = sim_plan.make_plan("dinghy_race", [rec["course"]], [len(rec["skippers"])], ["hard", "simple"],
                              races=1, seed=rec["seed"])
    job = plan.jobs[0]
    assert list(job.skippers) == rec["skippers"]
    # run.sail's race starts where the record stops; from there on it sails on its own
    monkeypatch.setattr(run, "Race", lambda game: Race.replay(game, rec["actions"], source=str(CLAIM_RECORD)))
    monkeypatch.setattr(run, "tally", lambda race, job: race)
    random.seed(12345)
    before = random.getstate()
    race = run.sail(job)
    first = len(rec["actions"])
    assert race.game.action_text(race.actions[first]) == rec["claim"], \
        "run.sail no longer claims room here: re-record with tests/records/record_claim_room_simulated.py"
    claims = [(i, a) for i, a in enumerate(race.actions) if type(a).__name__ == "Overlap"]
    assert race.over and sorted(race.places()) == [1, 2, 3, 4, 5, 6]
    for i, a in claims:
        assert job.skippers[a.boat] == "hard" and a in race.game.interjections(race.history[i])
    assert random.getstate() == before, "a skipper must not draw from the global random module"


@pytest.mark.race
def test_weather_eye_cards_laid_are_the_cards_gone_from_the_boats_supply(monkeypatch):
    """The seat rows count each boat's Weather Eye cards laid ("Each player starts the
    game with a number of 'Weather Eye' cards. He may place them anywhere on the playing
    surface at the end of his turn"): what its supply lost by the end of the race; and
    the moves it sailed with a Weather Eye shift, each a move of the record whose card
    the engine let it shift. The summary shows both per boat. (The race is cut at the
    plan's action limit, 300 actions, the way ``dinghy simulate`` cuts a long race: the
    tally is of the actions sailed, and by then every boat has laid Weather Eye cards and
    sailed shifted moves. Three hard boats on the up-and-down course, seed 2: ``run.sail``
    starts from the race's first 280 actions, as it sailed them, replayed from
    tests/records/bot_races.json, and sails the last 20.)"""
    import dataclasses

    from botkit import BOT_RACES
    from dinghy.core.race import Race
    from dinghy.simulate import tally as tally_mod
    seen = {}

    def keep(race, job):
        seen["race"] = race
        return tally_mod.tally(race, job)
    monkeypatch.setattr(run, "tally", keep)
    plan = sim_plan.make_plan("dinghy_race", ["up_and_down"], [3], ["hard"], races=1, seed=2)
    prefix = json.loads(BOT_RACES.read_text())["races"]["simulated_weather_eye"]

    def recorded(game):
        assert json.loads(json.dumps(game.setup.to_mapping())) == prefix["setup"]     # its own race
        return Race.replay(game, prefix["actions"], source=str(BOT_RACES))
    monkeypatch.setattr(run, "Race", recorded)
    res = run.sail(dataclasses.replace(plan.jobs[0], max_actions=300 - len(prefix["actions"])))
    race = seen["race"]
    assert len(race.actions) == 300
    start, end = race.history[0], race.state
    laid = [s["weather_eye_laid"] for s in res["seats"]]
    assert laid == [start.boat(i).weather_eye - end.boat(i).weather_eye for i in range(3)] and sum(laid) > 0
    moves = [(b.active, a) for b, a in zip(race.history, race.actions) if type(a).__name__ == "Move"]
    shifted = [sum(1 for i, a in moves if i == seat and a.shift) for seat in range(3)]
    assert [s["weather_eye_shifts"] for s in res["seats"]] == shifted and all(shifted)
    text = report.summary(run.Outcome(plan, [res], seconds=1.0))
    head, row = text.splitlines()[2:4]
    assert head.split()[-3:] == ["eye", "shift", "dice"]
    assert row.split()[-3:-1] == [f"{sum(laid) / 3:.2f}", f"{sum(shifted) / 3:.2f}"]
