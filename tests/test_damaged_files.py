"""Every file dinghy reads -- courses, card sets, hazard tables, race records and
autosaves -- either loads or fails with a DataError naming the file: one line and exit
status 2 from the command line, never a traceback."""
import json
import os
import random
import re
import signal
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


# --- random damage: every kind of file, through the loaders and the command line ----------
#
# Seeded and bounded: every shipped data file of every kind (courses of each game, grid
# boards, card sets, hazard tables, the 3M equipment, the Yacht Race luck pack, the
# Gigamic deck), every stored race record, a fresh record of every game and an
# autosave, each damaged DAMAGES ways, go through the loader each is read by; a few go
# through the command line. Counted: tracebacks (anything but a DataError), hangs (a
# load over HANG seconds) and unnamed errors (a DataError that does not name the file,
# or names no field when the file as a whole is not at fault): 0 of each.

DAMAGES = 24
HANG = 10

_VALUES = [b"-1", b"0", b"1e400", b"nan", b"-inf", b"inf", b"1e308", b"-1e308", b"9223372036854775808",
           b"9223372036854775807", b'"x"', b"[]", b"{}", b"true", b"99999999999999999999", b"0.5", b'""',
           b"[{}]", b'["\xc9"]', b"[1, 2]", b"[[0, 0]]", b'"' + b"w" * 300 + b'"']
_JSON_ONLY = {b"nan": b"NaN", b"-inf": b"-Infinity", b"inf": b"Infinity"}


def _damage(raw: bytes, rng: random.Random, json_file: bool = False) -> bytes:
    """One random injury: a byte, a line dropped or doubled, a cut, a value or a key changed."""
    lines = raw.split(b"\n")
    kind = rng.randrange(8)
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
    if kind in (4, 5, 6):
        spans = [m.span() for m in re.finditer(rb'-?\d+(\.\d+)?|"[^"\n]*"|true|false', raw)]
    else:
        spans = [m.span() for m in re.finditer(rb"\b[a-z_]+\b(?= *=)|\"[a-z_]+\"(?=:)", raw)]
    if not spans:
        return raw
    a, b = rng.choice(spans)
    if kind in (4, 5, 6):
        new = rng.choice(_VALUES)
        new = _JSON_ONLY.get(new, new) if json_file and rng.random() < 0.5 else new
    else:
        new = rng.choice([b"x", b"id", b"at", b'"x"', b'"rules"', b"buoys", b"game", b"width"])
    return raw[:a] + new + raw[b:]


def _fresh_record(tmp_path: Path, rules: str = "dinghy_race", board: str = "up_and_down",
                  actions: int = 60) -> Path:
    seats = tuple(Seat(n, n, "simple") for n in list(PALETTE)[:2])
    race = Race(games.load_game(RaceSetup(seats=seats, course=board, seed=4), rules))
    rng = random.Random(4)
    for _ in range(actions):
        if race.over:
            break
        race.roll() if race.chance else race.push(rng.choice(race.legal_actions()))
    path = tmp_path / f"fresh_{rules}.json"
    games.save_race(path, race)
    return path


def _race_on(rules: str):
    """A loader that races a course or board file as ``rules`` does (every check a race
    makes on it, not only its reading)."""
    def load(path):
        seats = tuple(Seat(n, n, None) for n in list(PALETTE)[:2])
        return games.load_game(RaceSetup(seats=seats, course=str(path)), rules)
    return load


def _equipment(path):
    from dinghy.games.regatta_3m.equipment import Equipment
    return Equipment.from_mapping(io.read_toml(path), source=str(path))


def _autosave(path):
    """The table's door: the summary shown on the set-up screen, then the resume."""
    from dinghy.ui.shell.autosave import Autosave
    auto = Autosave(path.parent)
    assert auto.path == path
    auto.summary()
    return auto.load()


def _targets(tmp_path, records: bool = True):
    """(file, loader) for every kind of file dinghy reads (the data files only, without
    ``records``)."""
    from dinghy.games.grid.loading import board_dir
    from dinghy.games.regatta_gigamic import data as gigamic
    from dinghy.games.yacht_race import data as yacht
    from dinghy.course_check import RULES_OF_BOARD
    for kind, load in LOADERS.items():
        for path in sorted(io.data_dir(kind).glob("*.toml")):
            yield path, load
    for path in sorted(io.data_dir("courses").glob("*.toml")):
        yield path, _race_on("dinghy_race")
    for path in sorted((io.data_dir("courses") / "regatta_gigamic").glob("*.toml")):
        yield path, _race_on("regatta_gigamic")
    for path in sorted(board_dir().glob("*.toml")):
        game = io.read_toml(path)["game"]
        yield path, _race_on(RULES_OF_BOARD[game])
    yield io.data_dir("cards") / "regatta_3m" / "equipment.toml", _equipment
    yield io.data_dir("cards") / "yacht_race" / "sailors_luck.toml", yacht.load_pack
    yield io.data_dir("cards") / "regatta_gigamic" / "deck.toml", gigamic.load_deck
    if not records:
        return
    fresh = [_fresh_record(tmp_path, rules, games.GAMES[rules].boards()[0]) for rules in sorted(games.GAMES)
             if rules != "dinghy_race"]
    for path in [*sorted(RECORDS.glob("*.json")), _fresh_record(tmp_path), *fresh]:
        if path.stat().st_size < 50_000:            # the long speed reference replays slowly
            yield path, games.load_race
    auto = tmp_path / "home" / "autosave.json"
    auto.parent.mkdir()
    auto.write_bytes(_fresh_record(tmp_path, actions=20).read_bytes())
    yield auto, _autosave


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang()


#: What is wrong with a file as a whole (no one field to name).
_WHOLE_FILE = ("not valid TOML", "not valid JSON", "not UTF-8", "too large", "file not found")


def _try(load, target: Path) -> str | None:
    """None when ``load(target)`` loads or raises a DataError naming ``target``; else
    what went wrong (a traceback's exception, a hang, an error that names no file)."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG)
    try:
        load(target)
    except DataError as exc:
        if str(target) not in str(exc):
            return f"unnamed: {exc}"
        if not exc.field and not exc.message.startswith(_WHOLE_FILE):
            return f"no field named: {exc}"
    except _Hang:
        return f"hang over {HANG} s"
    except Exception as exc:                # anything else is a bug to report
        return f"traceback: {type(exc).__name__}: {exc}"
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    return None


def _hurt(raw: bytes, rng: random.Random, json_file: bool) -> bytes:
    for _ in range(rng.randint(1, 3)):
        raw = _damage(raw, rng, json_file)
    return raw


def test_randomly_damaged_files_load_or_raise_a_data_error(tmp_path):
    """Seeded: every kind of file, damaged DAMAGES ways each; 0 tracebacks, hangs and
    unnamed errors."""
    problems, tried = [], 0
    for n, (path, load) in enumerate(_targets(tmp_path)):
        raw = path.read_bytes()
        rng = random.Random(f"damage:{path.name}")
        folder = tmp_path / "hurt" / str(n)
        folder.mkdir(parents=True)
        target = folder / path.name
        for k in range(DAMAGES):
            # a new file each time: rewriting one in place made the file system write it
            # out to disk at once (ext4 does on truncation), some 3 ms of waiting a write
            target.unlink(missing_ok=True)
            target.write_bytes(_hurt(raw, rng, path.suffix == ".json"))
            what = _try(load, target)
            tried += 1
            if what is not None:
                problems.append(f"{path.parent.name}/{path.name} #{k}: {what}")
    assert tried >= 40 * DAMAGES
    assert not problems, f"{len(problems)} of {tried}:\n" + "\n".join(problems[:8])


@pytest.mark.parametrize("argv, name", [
    (["course", "check", "{}"], "olympic_triangle.toml"),
    (["course", "check", "{}"], "regatta_gigamic/large.toml"),
    (["course", "check", "{}"], "grid/yacht_race.toml"),
    (["race", "--boats", "2", "--course", "{}"], "up_and_down.toml"),
    (["race", "--rules", "race_the_wind", "--boats", "2", "--board", "{}"], "grid/race_the_wind.toml"),
    (["replay", "{}", "--export", "out.svg"], "format1_before_the_finish.json"),
], ids=lambda v: v if isinstance(v, str) else v[0])
def test_damaged_files_on_the_command_line_are_one_line_and_exit_2(tmp_path, argv, name):
    """A few damaged files through the command line (a process of its own each), each
    damaged so that it still parses (the loaders' checks are what is tried): it either
    works or prints one line naming the file, exit 2; never a traceback or a hang."""
    source = RECORDS / name if name.endswith(".json") else io.data_dir("courses") / name
    read = io.read_json if source.suffix == ".json" else io.read_toml
    rng = random.Random(f"cli:{name}")
    bad = tmp_path / source.name
    for _ in range(100):
        bad.unlink(missing_ok=True)                 # a new file: see the test above
        bad.write_bytes(_hurt(source.read_bytes(), rng, source.suffix == ".json"))
        try:
            read(bad)
            break
        except DataError:
            continue
    cmd = [str(bad) if a == "{}" else a for a in argv]
    out = subprocess.run([sys.executable, "-m", "dinghy", *cmd], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path, env={**os.environ, "DINGHY_HEADLESS": "1"})
    assert "Traceback" not in out.stderr, out.stderr
    lines = out.stderr.strip().splitlines()
    if out.returncode == 2 and lines:
        assert len(lines) == 1 and str(bad) in lines[0], out.stderr
    else:       # it ran (a race, a picture), or course check printed its findings
        assert out.returncode in (0, 1, 2) and not lines, out.stderr
        if argv[0] == "course":
            findings = out.stdout.strip().splitlines()
            assert findings and all(f.startswith(f"{bad}: ") for f in findings)
            assert (out.returncode == 2) == any(f"{bad}: error: " in f for f in findings)


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
    # (two races of two boats on the shortest shipped course: a third of the up-and-down's sailing)
    def full_disk(path, race):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(games, "save_race", full_disk)
    dest = tmp_path / "r.json"
    code = cli.main(["race", "--boats", "2", "--course", "short_lap", "--races", "2", "--seed", "3",
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


# --- tracebacks the damage found, one test each ----------------------------------------------

def test_a_board_extra_cell_that_is_a_list_of_lists_is_no_traceback(tmp_path, capsys):
    # found by the random damage: a cell [[30, 8], [1, 1]] in a list of cells raised
    # TypeError '<=' not supported between int and tuple (grid board.py in_bounds)
    from dinghy.games.grid.loading import load_board
    from dinghy.games.grid.board_edit import check
    text = (io.data_dir("courses") / "grid" / "yacht_race.toml").read_text(encoding="utf-8")
    bad = tmp_path / "yacht.toml"
    bad.write_text(text.replace("club_blocks = [[30, 8],", "club_blocks = [[[30, 8], [1, 1]],", 1), encoding="utf-8")
    assert all(f.level in ("error", "warning") for f in check(load_board(bad)))     # the designer's check
    assert cli.main(["course", "check", str(bad)]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].startswith(f"{bad}: error: extras.club_blocks[0]: must be a block [x, y]")


@pytest.mark.parametrize("effect", ["[]", "{}", "[\"delay\"]"])
def test_a_luck_card_whose_effect_is_not_a_word_is_a_data_error(tmp_path, effect):
    # found by the random damage: effect = [] raised TypeError unhashable (yacht_race luck.py)
    from dinghy.games.yacht_race.data import load_pack
    text = (io.data_dir("cards") / "yacht_race" / "sailors_luck.toml").read_text(encoding="utf-8")
    bad = tmp_path / "luck.toml"
    bad.write_text(re.sub(r'(?m)^effect = "[a-z_]+"', f"effect = {effect}", text, count=1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_pack(bad)
    assert err.value.field == "card[0].effect" and str(bad) in str(err.value)


@pytest.mark.parametrize("where, value", [("colour", "[]"), ("side", "{}")])
def test_a_gigamic_course_whose_names_are_not_words_is_a_data_error(tmp_path, where, value):
    # found by the random damage: a list where a colour or a side is named raised TypeError
    from dinghy.games.regatta_gigamic.data import load_course
    text = (io.data_dir("courses") / "regatta_gigamic" / "large.toml").read_text(encoding="utf-8")
    bad = tmp_path / "large.toml"
    pattern = r'(?m)^colour = "[a-z]+"' if where == "colour" else r'side = "port"'
    bad.write_text(re.sub(pattern, f"{where} = {value}", text, count=1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_course(bad)
    assert err.value.field.endswith(where) and str(bad) in str(err.value)


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "9223372036854775808", "-9223372036854775809"])
@pytest.mark.parametrize("kind, line", [
    ("courses/up_and_down.toml", r"(?m)^at = \[(800)"),
    ("courses/regatta_gigamic/small.toml", r"(?m)^radius = ([0-9.]+)"),
    ("cards/small.toml", r"(?m)^card_length = ([0-9.]+)"),
    ("cards/small.toml", r"(?m)^hull_length = ([0-9.]+)"),
    ("hazard_tables/light.toml", r"(?m)^capsize = ([0-9]+)"),
    ("cards/regatta_gigamic/deck.toml", r"(?m)^total = ([0-9]+)"),
    ("cards/yacht_race/sailors_luck.toml", r"(?m)^copies = ([0-9]+)"),
    ("cards/regatta_3m/equipment.toml", r"(?m)^\w+ = ([0-9]+)"),
    ("courses/grid/race_the_wind.toml", r"(?m)^width = ([0-9]+)"),
], ids=lambda v: v if "/" in v else "")
def test_a_number_out_of_range_is_refused_naming_the_file_and_field(tmp_path, kind, line, value):
    """Every number read from a file is finite and within its stated range."""
    src = io.data_dir(kind.split("/")[0]) / kind.split("/", 1)[1]
    text = src.read_text(encoding="utf-8")
    m = re.search(line, text)
    assert m, line
    bad = tmp_path / kind.replace("/", "_")
    bad.write_text(text[:m.start(1)] + value + text[m.end(1):], encoding="utf-8")
    loaders = dict(_targets_by_path(tmp_path))
    with pytest.raises(DataError) as err:
        loaders[src](bad)
    assert str(bad) in str(err.value) and err.value.field, str(err.value)


def _targets_by_path(tmp_path):
    seen = set()
    for path, load in _targets(tmp_path, records=False):
        if path not in seen:
            seen.add(path)
            yield path, load


@pytest.mark.parametrize("name", ["courses/up_and_down.toml", "cards/small.toml", "grid/race_the_wind.toml",
                                  "cards/yacht_race/sailors_luck.toml", "cards/regatta_3m/equipment.toml",
                                  "cards/regatta_gigamic/deck.toml"])
def test_an_empty_key_is_named_as_written(tmp_path, name):
    # found by the random damage: a key "" (valid TOML) was reported with no field
    src = io.data_dir("courses") / name if name.startswith("grid/") else io.data_dir(name.split("/")[0]) / name.split("/", 1)[1]
    bad = tmp_path / src.name
    bad.write_text('"" = 1\n' + src.read_text(encoding="utf-8"), encoding="utf-8")
    loaders = dict(_targets_by_path(tmp_path))
    with pytest.raises(DataError) as err:
        loaders[src](bad)
    assert err.value.field == '""' and "unknown key" in err.value.message

