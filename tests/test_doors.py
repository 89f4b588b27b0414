"""The doors files come in by: names the file system cannot take, files that are no
files (a FIFO, a device, a folder) or too big, records whose strings would cost
gigabytes, the course check of every game, the designer with no screen, and the
autosave that always exists. Each bad input is one line naming the file (and the
field) and exit status 2, never a traceback and never a hang."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from dinghy import games
from dinghy.cli import main
from dinghy.core import io
from dinghy.core.errors import DataError
from dinghy.core.race import MAX_ACTION_TEXT, Race
from dinghy.core.setup import MAX_SEAT_NAME, PALETTE, RaceSetup, Seat

RECORDS = Path(__file__).parent / "records"
LONG = "x" * 300


def _one_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


# --- names over 255 characters ------------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["race", "--boats", "2", "--course", LONG],
    ["race", "--boats", "2", "--course", LONG + ".toml"],
    ["race", "--rules", "race_the_wind", "--boats", "2", "--board", LONG],
    ["replay", LONG + ".json"],
    ["replay", LONG + ".json", "--export", "x.svg"],
    ["simulate", "--course", LONG, "--races", "1", "--quiet"],
    ["course", "check", LONG + ".toml"],
    ["course", "check", "--game", "yacht_race", LONG],
    ["design", LONG],
    ["design", "--game", "race_the_wind", LONG + ".toml"],
], ids=lambda a: " ".join(a)[:40])
def test_a_name_over_255_characters_is_one_line_and_exit_2(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    line = _one_line(capsys)
    assert "the file name is too long" in line and "…" in line and len(line) < 300


def test_a_record_naming_a_course_over_255_characters_names_the_record(tmp_path):
    data = json.loads((RECORDS / "format1_before_the_finish.json").read_text())
    data["setup"]["course"] = LONG
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.source == str(path) and err.value.field == "setup"
    assert "too long" in err.value.message


def test_a_record_naming_a_broken_course_names_the_record_and_the_course(tmp_path):
    course = tmp_path / "c.toml"
    course.write_text((io.data_dir("courses") / "up_and_down.toml").read_text().replace("[[marks]]", "[[markz]]", 1))
    data = json.loads((RECORDS / "format1_before_the_finish.json").read_text())
    data["setup"]["course"] = str(course)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.source == str(path) and str(course) in err.value.message and "markz" in err.value.message


# --- files that are no files, and files too big -------------------------------------------

@pytest.mark.parametrize("reader", [io.read_toml, io.read_json, games.load_race])
def test_a_fifo_a_device_and_a_folder_are_refused_without_waiting(reader, tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)                 # nobody writes: opening it for reading would block for ever
    for path, words in ((fifo, "not a regular file"), (Path("/dev/zero"), "not a regular file"),
                        (tmp_path, "is a folder")):
        with pytest.raises(DataError) as err:
            reader(path)
        assert err.value.source == str(path) and words in err.value.message


def test_a_fifo_on_the_command_line_is_one_line(tmp_path, capsys, monkeypatch):
    """Each command run as the command line runs it (``cli.main``, in this process, on a
    thread given a minute: a read that waited for a writer on the pipe would hang it
    there and fail here, not hang the tests)."""
    fifo = tmp_path / "course.toml"
    os.mkfifo(fifo)
    monkeypatch.chdir(tmp_path)
    for argv in (["race", "--boats", "2", "--course", str(fifo)], ["replay", str(fifo), "--export", "x.svg"],
                 ["course", "check", str(fifo)]):
        status: list[int] = []
        run = threading.Thread(target=lambda: status.append(main(argv)), daemon=True)
        run.start()
        run.join(60)
        assert status == [2], f"dinghy {argv[0]} waited on the pipe or failed"
        assert _one_line(capsys) == f"dinghy: {fifo}: is not a regular file (a pipe, a device or a socket)"


def test_a_file_bigger_than_the_cap_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(io.MAX_JSON_BYTES + 1)       # sparse: no disk spent
    with pytest.raises(DataError, match="too large"):
        games.load_race(big)
    toml = tmp_path / "big.toml"
    toml.write_bytes(b"# " + b"x" * io.MAX_TOML_BYTES)
    with pytest.raises(DataError, match="too large"):
        io.read_toml(toml)


# --- records: the strings and lists a record may hold ---------------------------------------

def _record(tmp_path, change) -> Path:
    data = json.loads((RECORDS / "format1_before_the_finish.json").read_text())
    change(data)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("change, field", [
    (lambda d: d["setup"]["seats"][0].update(name="n" * 5_000_000), "setup.seats[0].name"),
    (lambda d: d["setup"]["seats"][1].update(skipper="s" * (MAX_SEAT_NAME + 1)), "setup.seats[1].skipper"),
    (lambda d: d["actions"].__setitem__(3, "a" * (MAX_ACTION_TEXT + 1)), "actions[3]"),
    (lambda d: d["actions"].extend(["x"] * 100_001), "actions"),
    (lambda d: d["setup"].update(seed=2 ** 63), "setup.seed"),
    (lambda d: d["setup"].update(extra=[["k" * 50, 1]]), "setup.extra[0]"),
    (lambda d: d["setup"].update(extra=[["a", [1, 2]]]), "setup.extra[0]"),
    (lambda d: d["setup"].update(course="c\0"), "setup.course"),
], ids=["5MB name", "long skipper", "long action", "too many actions", "seed 2**63", "long option",
        "option a list", "NUL"])
def test_a_records_strings_and_lists_are_capped_and_named(tmp_path, change, field):
    path = _record(tmp_path, change)
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.source == str(path) and err.value.field == field
    assert len(str(err.value)) < 400


def test_nan_and_infinity_in_a_record_are_refused(tmp_path):
    path = tmp_path / "r.json"
    path.write_text((RECORDS / "format1_before_the_finish.json").read_text().replace('"seed": ', '"seed": NaN, "x": ', 1))
    with pytest.raises(DataError, match="NaN is not a number JSON allows") as err:
        games.load_race(path)
    assert err.value.source == str(path)


# --- course check knows every game ----------------------------------------------------------

def _every_shipped_file():
    from dinghy.games.grid.loading import board_dir
    for p in sorted(io.data_dir("courses").glob("*.toml")):
        yield p
    for p in sorted((io.data_dir("courses") / "regatta_gigamic").glob("*.toml")):
        yield p
    for p in sorted(board_dir().glob("*.toml")):
        yield p


@pytest.mark.parametrize("path", list(_every_shipped_file()), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_course_check_knows_every_shipped_course_and_board(path, capsys):
    assert main(["course", "check", str(path)]) == 0
    out = capsys.readouterr()
    assert out.err == "" and f"{path}: " in out.out and ": error:" not in out.out


@pytest.mark.parametrize("argv, words", [
    (["--game", "regatta_gigamic", "small"], "small: ok"),
    (["--game", "race_the_wind", "race_the_wind_island"], "race_the_wind_island: ok"),
    (["--game", "dinghy_race", "up_and_down"], "up_and_down: ok"),
])
def test_course_check_is_told_the_game(argv, words, capsys):
    assert main(["course", "check", *argv]) == 0
    assert words in capsys.readouterr().out


def test_course_check_refuses_a_file_of_another_game_and_an_unknown_game(capsys):
    board = io.data_dir("courses") / "grid" / "3m_triangle.toml"
    assert main(["course", "check", "--game", "yacht_race", str(board)]) == 2
    assert _one_line(capsys) == f"dinghy: {board}: game: this board is for 'regatta_3m', not 'yacht_race'"
    assert main(["course", "check", "--game", "chess", str(board)]) == 2
    assert "--game: unknown game 'chess'" in _one_line(capsys)


def test_course_check_runs_what_a_race_would_refuse(tmp_path, capsys):
    """A Gigamic course whose start line has no room for two boats is refused by the
    game; course check says so too (it loads the course as a race does)."""
    text = (io.data_dir("courses") / "regatta_gigamic" / "small.toml").read_text()
    import tomllib
    data = tomllib.loads(text)
    west, east = (b for b in data["buoys"] if b["colour"] == "white")
    east["at"] = [west["at"][0] + 60, west["at"][1]]
    from dinghy.core.toml_text import toml_key, toml_value
    bad = tmp_path / "regatta_gigamic" / "narrow.toml"
    bad.parent.mkdir()
    bad.write_text("\n".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in data.items()))
    code = main(["course", "check", str(bad)])
    assert code == 2
    assert capsys.readouterr().out.strip().splitlines() == [
        f"{bad}: error: line: the start line has room for 1 boats, not 2"]


# --- one door for a course: race checks what course check checks -----------------------------

def test_race_refuses_a_start_line_off_the_water_as_course_check_does(tmp_path, capsys):
    text = (io.data_dir("courses") / "up_and_down.toml").read_text()
    import re
    start = re.search(r"(?ms)^\[start\]\n(.*?)\n\n", text)
    assert start
    bad = tmp_path / "off.toml"
    bad.write_text(text.replace(start.group(0), "[start]\na = [20000, 40000]\nb = [21000, 40000]\n\n"))
    assert main(["course", "check", str(bad)]) == 2
    assert "start: the start line leaves the playing area" in capsys.readouterr().out
    assert main(["race", "--boats", "2", "--course", str(bad)]) == 2
    assert _one_line(capsys) == f"dinghy: {bad}: start: the start line leaves the playing area"
    huge = tmp_path / "huge.toml"
    huge.write_text(text.replace(start.group(0), "[start]\na = [1300, 0]\nb = [1300, 9223372036854775807]\n\n"))
    assert main(["race", "--boats", "2", "--course", str(huge)]) == 2
    assert _one_line(capsys).startswith(f"dinghy: {huge}: start.b[1]: must be between -50000 and 50000 mm")


# --- the designer with no screen -----------------------------------------------------------

@pytest.mark.parametrize("extra", [[], ["course"], ["courses/up_and_down.toml"], ["--game", "race_the_wind"],
                                   ["--game", "chess"]])
def test_design_with_no_screen_is_one_line_and_exit_2_never_a_hang(extra, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DINGHY_HEADLESS")}
    env["DINGHY_HOME"] = str(tmp_path)
    root = Path(__file__).parent.parent
    argv = [str(root / a) if a.startswith("courses/") else a for a in extra]
    out = subprocess.run([sys.executable, "-m", "dinghy", "design", *argv], capture_output=True, text=True,
                         timeout=60, env=env, cwd=tmp_path)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1
    words = "sails no grid board" if "chess" in extra else "cannot open a window"
    assert words in lines[0]


# --- the autosave ---------------------------------------------------------------------------

def _race(n: int) -> Race:
    seats = tuple(Seat(c, c, "simple") for c in list(PALETTE)[:2])
    race = Race(games.load_game(RaceSetup(seats=seats, course="race_the_wind", seed=3), "race_the_wind"))
    while len(race.actions) < n:
        race.roll() if race.chance else race.push(race.legal_actions()[0])
    return race


def test_the_autosave_exists_at_every_moment_of_a_save(tmp_path, monkeypatch):
    """The previous race is copied, never moved aside: while the new file is being
    written, autosave.json still holds the last race."""
    from dinghy.ui.shell.autosave import Autosave
    auto = Autosave(tmp_path)
    auto.save(_race(5))
    seen = []
    real = games.save_race

    def watching(path, race):
        seen.append(json.loads(Path(path).read_text())["actions"])     # the moment before the write
        real(path, race)
    monkeypatch.setattr(games, "save_race", watching)
    auto.save(_race(8))
    assert len(seen) == 1 and len(seen[0]) == 5
    assert len(json.loads(auto.previous.read_text())["actions"]) == 5
    assert len(json.loads(auto.path.read_text())["actions"]) == 8


def test_stale_temporaries_are_removed_on_start_and_fresh_ones_kept(tmp_path):
    from dinghy.ui.shell.autosave import Autosave
    old = tmp_path / ".autosave.json.abc123.tmp"
    prev = tmp_path / ".autosave.prev.json.x.tmp"
    fresh = tmp_path / ".autosave.json.def456.tmp"      # another window writing right now
    other = tmp_path / ".notes.txt.1.tmp"
    for p in (old, prev, fresh, other):
        p.write_text("{")
    an_hour_ago = time.time() - 3600
    for p in (old, prev, other):
        os.utime(p, (an_hour_ago, an_hour_ago))
    Autosave(tmp_path)
    assert not old.exists() and not prev.exists()
    assert fresh.exists() and other.exists()


def test_an_empty_key_in_a_record_is_named_as_written(tmp_path):
    # found by the random damage: a key "" was reported with no field
    path = _record(tmp_path, lambda d: d.update({"": 1}))
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.field == '""' and err.value.message == "unknown key"


def test_the_autosave_keeps_its_own_last_file_without_reading_it_again(tmp_path, monkeypatch):
    """The file an autosave wrote itself is known good: it becomes autosave.prev.json by a
    link, not read back and written out again; a file changed outside dinghy since is read,
    and kept only if it reads as JSON. Either way the previous file is a file of its own,
    which the next save does not change."""
    from dinghy.core import io
    from dinghy.ui.shell.autosave import Autosave
    auto = Autosave(tmp_path)
    reads = []
    real = io.read_bytes
    monkeypatch.setattr(io, "read_bytes", lambda path, *a: reads.append(Path(path)) or real(path, *a))
    for n in (3, 5, 8):
        auto.save(_race(n))
    assert reads == []
    assert len(json.loads(auto.previous.read_text())["actions"]) == 5
    assert len(json.loads(auto.path.read_text())["actions"]) == 8
    assert not auto.previous.samefile(auto.path)

    auto.path.write_text("{ not json")                  # damaged outside dinghy
    auto.save(_race(9))
    assert reads == [auto.path]
    assert len(json.loads(auto.previous.read_text())["actions"]) == 5    # the good one stays
    auto.save(_race(10))
    assert len(json.loads(auto.previous.read_text())["actions"]) == 9
    assert len(json.loads(auto.path.read_text())["actions"]) == 10
    assert not list(tmp_path.glob(".*.tmp"))
