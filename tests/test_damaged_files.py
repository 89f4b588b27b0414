"""Every file dinghy reads -- courses, card sets, hazard tables, race records and
autosaves -- either loads or fails with a DataError naming the file: one line and exit
status 2 from the command line, never a traceback."""
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dinghy import cli, games
from dinghy.core import io
from dinghy.core.errors import DataError
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.dinghy_race import data
from dinghy.skippers import skipper

RECORDS = Path(__file__).parent / "records"
LOADERS = {"courses": data.load_course, "cards": data.load_cards, "hazard_tables": data.load_hazard_table}


def _latin1(path: Path, tmp_path: Path) -> Path:
    """A copy of ``path`` with a comment written by an editor in Latin-1 ("É" is 0xC9)."""
    out = tmp_path / path.name
    raw = path.read_bytes()
    comment = b"# R\xc9GATE\n" if path.suffix == ".toml" else b""
    if path.suffix == ".json":
        raw = raw.replace(b'"Sky"', b'"Sk\xc9"', 1)
    out.write_bytes(comment + raw)
    return out


@pytest.mark.parametrize("kind", sorted(LOADERS))
def test_a_latin1_byte_in_a_data_file_names_the_file_and_line(tmp_path, kind):
    bad = _latin1(io.data_dir(kind) / f"{io.shipped(kind)[0]}.toml", tmp_path)
    with pytest.raises(DataError) as err:
        LOADERS[kind](bad)
    assert str(bad) in str(err.value) and "not UTF-8" in str(err.value) and "line 1" in str(err.value)


def test_a_latin1_byte_in_a_record_or_autosave_names_the_file(tmp_path):
    bad = _latin1(RECORDS / "format1_before_the_finish.json", tmp_path)
    with pytest.raises(DataError, match="not UTF-8"):
        games.load_race(bad)
    with pytest.raises(DataError, match="not UTF-8"):
        io.read_json(bad)


def test_a_byte_order_mark_is_no_error(tmp_path):
    course = io.data_dir("courses") / "up_and_down.toml"
    bom = tmp_path / "bom.toml"
    bom.write_bytes(b"\xef\xbb\xbf" + course.read_bytes())
    assert data.load_course(bom).name == data.load_course(course).name


@pytest.mark.parametrize("argv", [["course", "check"], ["race", "--boats", "2", "--course"]])
def test_the_command_line_says_one_line_for_a_latin1_course(tmp_path, argv):
    bad = _latin1(io.data_dir("courses") / "up_and_down.toml", tmp_path)
    out = subprocess.run([sys.executable, "-m", "dinghy", *argv, str(bad)],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and "not UTF-8" in lines[0]


# --- random damage ------------------------------------------------------------------

_VALUES = [b"-1", b"0", b"1e400", b"nan", b"-inf", b'"x"', b"[]", b"{}", b"true",
           b"99999999999999999999", b"0.5", b'""', b"[{}]", b'["\xc9"]']


def _damage(raw: bytes, rng: random.Random) -> bytes:
    """One random injury: a byte, a line dropped or doubled, a cut, a value or a key changed."""
    lines = raw.split(b"\n")
    kind = rng.randrange(7)
    if kind == 0 and raw:
        i = rng.randrange(len(raw))
        return raw[:i] + bytes([rng.choice([0xC9, 0xFF, 0x00, rng.randrange(256)])]) + raw[i + 1:]
    if kind == 1:
        del lines[rng.randrange(len(lines))]
        return b"\n".join(lines)
    if kind == 2:
        return raw[:rng.randrange(len(raw) + 1)]
    if kind == 3:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return b"\n".join(lines)
    if kind in (4, 5):
        spans = [m.span() for m in re.finditer(rb'-?\d+(\.\d+)?|"[^"\n]*"|true|false', raw)]
    else:
        spans = [m.span() for m in re.finditer(rb"\b[a-z_]+\b(?= *=)|\"[a-z_]+\"(?=:)", raw)]
    if not spans:
        return raw
    a, b = rng.choice(spans)
    new = rng.choice(_VALUES) if kind in (4, 5) else rng.choice([b"x", b"id", b"at", b'"x"', b'"rules"'])
    return raw[:a] + new + raw[b:]


def _fresh_record(tmp_path: Path) -> Path:
    seats = tuple(Seat(n, n, "simple") for n in list(PALETTE)[:2])
    race = Race(games.load_game(RaceSetup(seats=seats, course="up_and_down", seed=4)))
    rng = random.Random(4)
    for _ in range(60):
        race.roll() if race.chance else race.push(skipper("simple").choose(race, rng))
    path = tmp_path / "fresh.json"
    games.save_race(path, race)
    return path


def _targets(tmp_path):
    for kind, load in LOADERS.items():
        for path in sorted(io.data_dir(kind).glob("*.toml")):
            yield path, load
    for path in [*sorted(RECORDS.glob("*.json")), _fresh_record(tmp_path)]:
        yield path, games.load_race


def test_randomly_damaged_files_load_or_raise_a_data_error(tmp_path):
    """Seeded: every shipped data file and race record, damaged 30 ways each."""
    problems = []
    for path, load in _targets(tmp_path):
        raw = path.read_bytes()
        rng = random.Random(f"damage:{path.name}")
        for k in range(30):
            hurt = raw
            for _ in range(rng.randint(1, 3)):
                hurt = _damage(hurt, rng)
            target = tmp_path / "hurt" / path.name
            target.parent.mkdir(exist_ok=True)
            target.write_bytes(hurt)
            try:
                load(target)
            except DataError as exc:
                assert str(target) in str(exc)
            except Exception as exc:           # anything else is a bug to report
                problems.append(f"{path.name} #{k}: {type(exc).__name__}: {exc}")
    assert not problems, "\n".join(problems[:5])


def test_a_card_set_whose_points_of_sail_are_not_names_is_a_data_error(tmp_path):
    # found by the random damage: fits = [{}] used to raise TypeError (unhashable)
    text = (io.data_dir("cards") / "small.toml").read_text(encoding="utf-8")
    bad = tmp_path / "cards.toml"
    bad.write_text(text.replace('fits = ["close_hauled"]', "fits = [{}]", 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        data.load_cards(bad)
    assert err.value.field.endswith(".fits")


def test_a_course_asking_for_absurdly_many_laps_is_a_data_error(tmp_path):
    # found by the random damage: laps = 99999999999999999999 overflowed (or filled memory)
    text = (io.data_dir("courses") / "up_and_down.toml").read_text(encoding="utf-8")
    bad = tmp_path / "laps.toml"
    text = re.sub(r"(?m)^laps = .*\n", "", text)
    bad.write_text("laps = 99999999999999999999\n" + text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        data.load_course(bad)
    assert err.value.field == "laps"


# --- the path the user typed -----------------------------------------------------------

@pytest.mark.parametrize("typed", ["/no/such/file.toml", "/no/such/file", "no/such/course", "nosuch.toml"])
def test_a_missing_course_is_reported_as_typed(capsys, typed):
    assert cli.main(["course", "check", typed]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"dinghy: {typed}: file not found"


def test_a_bare_name_that_is_no_file_and_not_shipped_lists_the_shipped_ones(capsys):
    assert cli.main(["race", "--course", "nosuch"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("dinghy: nosuch: file not found") and "up_and_down" in err
    assert str(io.data_dir("courses")) not in err


# --- saving the race: the destination is checked before the race ------------------------

def test_race_save_into_a_place_that_cannot_be_written_fails_before_the_race(capsys, tmp_path):
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("a file where a folder should be")
    dest = blocker / "race.json"
    assert cli.main(["race", "--boats", "2", "--course", "up_and_down", "--save", str(dest)]) == 2
    out, err = capsys.readouterr()
    assert out == ""                                   # no race sailed in vain
    assert err.strip().splitlines() == [f"dinghy: {dest}: cannot write here: {blocker} is a file, not a folder"]
    assert cli.main(["race", "--boats", "2", "--save", str(tmp_path)]) == 2
    assert "is a folder, not a file" in capsys.readouterr().err


def test_a_save_that_fails_after_the_race_keeps_the_printed_results(capsys, tmp_path, monkeypatch):
    def full_disk(path, race):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(games, "save_race", full_disk)
    dest = tmp_path / "r.json"
    code = cli.main(["race", "--boats", "2", "--course", "up_and_down", "--races", "2", "--seed", "3",
                     "--save", str(dest)])
    out, err = capsys.readouterr()
    assert code == 2
    assert "1. " in out and "series (low_point" in out and "total" in out
    assert err.strip().splitlines() == [f"dinghy: {dest}.1: cannot write (No space left on device)",
                                        f"dinghy: {dest}.2: cannot write (No space left on device)"]


# --- a record of a game this dinghy does not know ---------------------------------------

@pytest.mark.parametrize("rules", ["chess", "", "Dinghy_Race", 7, None, ["dinghy_race"]])
def test_a_record_of_an_unknown_game_names_the_rules_field(tmp_path, rules):
    data = json.loads((RECORDS / "format1_before_the_finish.json").read_text())
    data["rules"] = rules
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataError) as err:
        games.load_race(path)
    assert err.value.field == "rules" and str(path) in str(err.value)


def test_replaying_a_record_of_an_unknown_game_is_one_line(tmp_path):
    data = json.loads((RECORDS / "format1_before_the_finish.json").read_text())
    data["rules"] = "chess"
    path = tmp_path / "chess.json"
    path.write_text(json.dumps(data))
    for extra in ([], ["--export", str(tmp_path / "x.svg")]):
        out = subprocess.run([sys.executable, "-m", "dinghy", "replay", str(path), *extra],
                             capture_output=True, text=True, timeout=120,
                             env={**os.environ, "DINGHY_HEADLESS": "1"})
        assert out.returncode == 2 and "Traceback" not in out.stderr
        assert out.stderr.strip().splitlines() == [
            f"dinghy: {path}: rules: unknown game 'chess'; known: {', '.join(games.GAMES)}"]
