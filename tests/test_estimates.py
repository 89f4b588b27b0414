"""Race-length estimates the set-up shows (issue 22: "Next to every course and board ...
the set-up shows an estimate of the race's length: rounds, and minutes for the chosen
number of people. The estimate comes from medians measured with dinghy simulate and
shipped as data; a course file made in the designer gets its estimate when it is saved")."""
import shutil

import pytest

from dinghy import games
from dinghy.core import estimates
from dinghy.core.errors import DataError
from dinghy.core.io import data_dir
from dinghy.games.dinghy_race.data import load_course
from dinghy.games.dinghy_race.race_length import course_lengths, estimate_saved_course, from_course


@pytest.mark.parametrize("rules, board", [(r, b) for r, e in games.GAMES.items() for b in e.boards()])
def test_every_board_of_every_game_has_a_measured_median(rules, board):
    n = estimates.rounds(rules, board)
    assert n is not None and 5 < n < 1000


def test_the_short_course_fits_the_evening():
    # "a median of 40 rounds or fewer with the medium skipper"
    assert estimates.rounds("dinghy_race", "short_lap") <= 40
    assert estimates.rounds("dinghy_race", "short_lap") < estimates.rounds("dinghy_race", "olympic_triangle")


def test_minutes_grow_with_the_people_and_say_who():
    n = estimates.rounds("dinghy_race", "olympic_triangle")
    assert estimates.minutes("dinghy_race", n, 2) < estimates.minutes("dinghy_race", n, 6)
    assert estimates.minutes("dinghy_race", n, 1, 3) < estimates.minutes("dinghy_race", n, 4)
    text = estimates.describe("dinghy_race", "short_lap", people=3, bots=1)
    assert text.startswith(f"about {round(estimates.rounds('dinghy_race', 'short_lap'))} rounds")
    assert text.endswith("min for 3 people")
    assert estimates.describe("dinghy_race", "no_such_course", 2) == "length not measured yet"


def test_a_damaged_data_file_names_file_and_field(tmp_path):
    bad = tmp_path / "lengths.toml"
    bad.write_text('[rounds.dinghy_race]\nshort_lap = "forty"\n')
    with pytest.raises(DataError) as e:
        estimates.table(bad)
    assert "lengths.toml" in str(e.value) and "rounds.dinghy_race.short_lap" in str(e.value)


def test_quick_estimate_from_length_orders_the_courses_like_the_medians():
    short, olympic = load_course("short_lap"), load_course("olympic_triangle")
    assert from_course(short) < from_course(olympic)
    up, off = course_lengths(short)
    assert up >= 10 and off > 0          # the beat is at least ten card lengths


def test_a_saved_course_gets_its_estimate_until_the_file_changes(tmp_path):
    path = tmp_path / "mine.toml"
    shutil.copy(data_dir("courses") / "short_lap.toml", path)
    home = tmp_path / "home"
    assert estimates.rounds("dinghy_race", str(path), home=home) is None
    n = estimate_saved_course(load_course(str(path)), path, home=home)
    assert estimates.rounds("dinghy_race", str(path), home=home) == pytest.approx(n, abs=0.05)
    assert "rounds" in estimates.describe("dinghy_race", str(path), 2, home=home)
    path.write_text(path.read_text().replace("laps = 1", "laps = 2"))
    assert estimates.rounds("dinghy_race", str(path), home=home) is None     # not wrongly


def test_the_estimate_travels_with_the_course_folder(tmp_path):
    path = tmp_path / "courses" / "mine.toml"
    path.parent.mkdir()
    shutil.copy(data_dir("courses") / "short_lap.toml", path)
    n = estimate_saved_course(load_course(str(path)), path)
    assert (path.parent / estimates.USER_FILE).is_file()
    moved = tmp_path / "elsewhere"
    shutil.copytree(path.parent, moved)
    assert estimates.rounds("dinghy_race", str(moved / "mine.toml")) == pytest.approx(n, abs=0.05)


def test_race_the_wind_can_be_measured_by_the_simulator():
    # the set-up's lengths come from `dinghy simulate`; Race the Wind's own
    # progress(state, seat) used to shadow the interface's progress(state) and the
    # simulator failed on its first race
    from dinghy.simulate.plan import make_plan
    from dinghy.simulate.run import sail

    plan = make_plan("race_the_wind", ["race_the_wind"], [2], ["easy"], 1, max_actions=60)
    row = sail(plan.jobs[0])
    assert row["race"]["actions"] == 60 and row["race"]["rules"] == "race_the_wind"
