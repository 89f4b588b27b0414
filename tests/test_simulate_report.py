"""The simulator's report in each game's own figures: every game names the figures that
balance it (``balance_figures``), a race is counted in them, the summary and the plots
speak of them and of nothing another game counts; every variant is named; every rate
carries its Wilson interval."""
from __future__ import annotations

import functools
from types import SimpleNamespace

import pytest

from dinghy import games
from dinghy.core.balance import BalanceFigure, count
from dinghy.core.interface import Event
from dinghy.simulate import plan as sim_plan, report, run, stats

GAMES = {  # rules -> a board it ships
    "dinghy_race": "standard_triangle",
    "race_the_wind": "race_the_wind",
    "regatta": "3m_triangle",
    "regatta_advanced": "3m_channel",
    "yacht_race": "yacht_race",
    "regatta_gigamic": "small",
}
DINGHY_RACE_WORDS = ("Lady Luck", "capsize", "Weather Eye")


@functools.cache
def sailed(rules: str, seed: int = 3):
    """One seeded race of three medium skippers, tallied, and the race itself: sailed once
    a process (the Yacht Race report and the grid games' figures read the same race;
    the tests only read it)."""
    seen = {}
    tally = run.tally

    def keep(race, job):
        seen["race"] = race
        return tally(race, job)
    plan = sim_plan.make_plan(rules, [GAMES[rules]], [3], ["medium"], 1, seed=seed)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(run, "tally", keep)
        res = run.sail(plan.jobs[0])
    return plan, res, seen["race"]


@pytest.fixture(scope="module")
def yacht_race():
    return sailed("yacht_race")


@pytest.fixture(scope="module", params=[g for g in GAMES if g != "dinghy_race"])
def grid_or_gigamic(request):
    return request.param, *sailed(request.param)


def test_every_registered_game_names_the_figures_that_balance_it():
    assert set(GAMES) == set(games.GAMES), "a game was added: give it a board here"
    for rules in GAMES:
        figs = games.load_game(_setup(rules), rules).balance_figures
        assert figs, f"{rules} names no balance figures"
        keys = [f.key for f in figs]
        assert len(set(keys)) == len(keys)
        assert all(f.label and 0 < len(f.short) <= 7 for f in figs)
        if rules != "dinghy_race":
            words = " ".join(f.label for f in figs)
            assert not any(w.lower() in words.lower() for w in DINGHY_RACE_WORDS), (rules, words)


def _setup(rules):
    from dinghy.core.setup import PALETTE, RaceSetup, Seat
    return RaceSetup(seats=tuple(Seat(c, c, "medium") for c in list(PALETTE)[:3]), course=GAMES[rules])


def test_the_figures_each_game_names():
    names = {rules: [f.label for f in games.load_game(_setup(rules), rules).balance_figures] for rules in GAMES}
    assert names["dinghy_race"][:3] == ["Lady Luck cards spent", "capsizes", "men overboard"]
    assert any("puff" in n for n in names["regatta"]) and any("spinnaker" in n for n in names["regatta"])
    assert any("penalt" in n for n in names["regatta_advanced"])
    assert any("wind change" in n for n in names["yacht_race"]) and any("Sailors' Luck" in n for n in names["yacht_race"])
    assert any("sun" in n for n in names["regatta_gigamic"]) and any("hove to" in n for n in names["regatta_gigamic"])
    assert any("puff" in n for n in names["race_the_wind"]) and any("lull" in n for n in names["race_the_wind"])


def test_the_default_count_credits_events_to_their_boat_and_actions_to_the_seat_that_took_it():
    figs = (BalanceFigure("sun", "suns", "sun", events=("sun",)),
            BalanceFigure("pen", "penalties", "pen", events=("penalty",), text=". Option"),
            BalanceFigure("wind", "wind cards", "wind", action=lambda a: a == "wind card"))
    game = SimpleNamespace(balance_figures=figs, seats=lambda: 3, current_player=lambda s: s)
    states = [0, 2, -1, 1]          # the seat to act before each action (-1: chance)
    actions = ["wind card", "wind card", "wind card"]
    events = [[Event("sun", 1, "Ann lays the sun"), Event("penalty", 2, "x. Option B: ...")],
              [Event("penalty", 2, "Sky forfeits this turn (Option B penalty)")],
              [Event("sun", None, "nobody's")]]
    seats, rows = count(game, states, actions, events)
    assert seats == [{"sun": 0, "pen": 0, "wind": 1}, {"sun": 1, "pen": 0, "wind": 0},
                     {"sun": 0, "pen": 1, "wind": 1}]
    assert rows == []


def test_a_race_is_counted_in_its_games_figures(grid_or_gigamic):
    """Checked against what the race itself shows, by another road: a 3M yacht's puff
    cards ("Each player gets three puff cards") are the ones gone from its hand; Yacht
    Race's wind change cards and the Gigamic suns are the actions of that text its seat
    took; Race the Wind's spinnakers set likewise."""
    rules, plan, res, race = grid_or_gigamic
    seats = res["seats"]
    keys = [f["key"] for f in res["figures"]]
    assert all(set(keys) <= set(s) for s in seats)
    assert not {"lady_luck", "capsizes", "weather_eye_laid"} & set(seats[0])

    def by_text(prefix):
        out = [0, 0, 0]
        for before, action in zip(race.history, race.actions):
            seat = race.game.current_player(before)
            if action.text().startswith(prefix) and seat >= 0:
                out[seat] += 1
        return out
    if rules in ("regatta", "regatta_advanced"):
        end = race.state
        assert [s["puffs"] for s in seats] == [3 - b.puffs for b in end.boats]
        assert [s["spinnakers"] for s in seats] == by_text("spinnaker up")
    elif rules == "yacht_race":
        assert [s["wind_cards"] for s in seats] == by_text("wind card") and sum(by_text("wind card")) > 0
    elif rules == "regatta_gigamic":
        assert [s["suns"] for s in seats] == by_text("sun ") and sum(by_text("sun ")) > 0
    elif rules == "race_the_wind":
        assert [s["spinnakers"] for s in seats] == by_text("spinnaker set")
    assert sum(s[k] for s in seats for k in keys) > 0, "a whole race counted nothing"


def test_the_summary_speaks_the_games_language(grid_or_gigamic):
    rules, plan, res, _ = grid_or_gigamic
    text = report.summary(run.Outcome(plan, [res], seconds=1.0))
    header = text.splitlines()[2].split()
    assert header[6:-1] == [f["short"] for f in res["figures"]]
    for f in res["figures"]:
        assert f"{f['short']} = {f['label']}" in text
    for word in DINGHY_RACE_WORDS:
        assert word not in text
    assert "hazard rolls" not in text


@pytest.fixture(scope="module")
def yacht_report(yacht_race, tmp_path_factory):
    """The Yacht Race report written once (its plots are the only ones these tests draw),
    with every rate bar drawn on the way: (folder, [(rates, intervals), ...])."""
    plan, res, _ = yacht_race
    out = tmp_path_factory.mktemp("yacht_report")
    drawn = []
    real = report._rate_bars

    def spy(ax, x, rates, intervals, *a, **kw):
        drawn.append((list(rates), list(intervals)))
        return real(ax, x, rates, intervals, *a, **kw)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(report, "_rate_bars", spy)
        report.write(run.Outcome(plan, [res], seconds=1.0), out)
    return out, drawn


def test_the_report_of_a_game_without_hazard_tables_draws_no_hazard_plot(yacht_report):
    tmp_path, _ = yacht_report
    for name in report.PLOTS:
        assert (tmp_path / name).stat().st_size > 0, name
    assert not (tmp_path / report.HAZARD_PLOT).exists()
    seats_csv = (tmp_path / "seats.csv").read_text().splitlines()[0].split(",")
    assert seats_csv[-4:] == ["wind_cards", "spinnakers", "sailors_luck", "blanketed"]


def _row(variant, **kw):
    race = {"variant": variant, "variant_name": "", "board": "olympic_triangle", "boats": 4,
            "wind_force": "", "card_size": "", "hazards": "", "hazard_scale": 1.0}
    race.update(kw)
    parts = [race["board"], f"{race['boats']} boats", kw.pop("fleet", "easy+medium")]
    race["variant_name"] = ", ".join(parts)
    return {"race": race}


def test_every_variant_is_named_never_as_above():
    common, own = stats.variant_labels([_row(0), _row(1, hazard_scale=1.5)])
    assert common == "olympic_triangle, 4 boats, easy+medium"
    assert own == {0: "hazards x1", 1: "hazards x1.5"}
    common, own = stats.variant_labels([_row(0, wind_force="light"), _row(1, wind_force="strong", boats=6)])
    assert own == {0: "4 boats, wind light", 1: "6 boats, wind strong"}
    common, own = stats.variant_labels([_row(0, hazards="my_table.toml")])
    assert own == {0: "olympic_triangle, 4 boats, easy+medium, hazards my_table"} and common == own[0]


def test_wilson_intervals():
    lo, hi = stats.wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = stats.wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert stats.wilson(10, 10)[1] == 1.0 and stats.wilson(0, 0) == (0.0, 1.0)
    # the interval narrows with more races
    assert stats.wilson(50, 100)[1] - stats.wilson(50, 100)[0] < hi


def test_every_rate_in_the_plots_carries_its_interval(yacht_report):
    _, drawn = yacht_report
    assert len(drawn) == 2                      # win rate by start position and by skipper
    for rates, intervals in drawn:
        assert len(rates) == len(intervals) and all(lo <= r <= hi for r, (lo, hi) in zip(rates, intervals))
