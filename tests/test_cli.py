"""The command line: one-line errors with exit status 2, course check, bot races and series."""
import contextlib
import functools
import io
import subprocess
import sys

from dinghy.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "dinghy", *args], capture_output=True, text=True, timeout=300)


def test_a_broken_course_file_gives_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "mine.toml"
    bad.write_text('name = "x"\nwind_from = 7\n')
    out = run("course", "check", str(bad))
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and str(bad) in lines[0] and "Traceback" not in out.stderr


def test_course_check_of_a_shipped_course_is_clean(capsys):
    from dinghy.core import io
    path = io.data_dir("courses") / "island_race.toml"
    assert main(["course", "check", str(path)]) == 0
    assert "ok" in capsys.readouterr().out


def test_a_missing_record_for_replay_is_one_line(tmp_path):
    out = run("replay", str(tmp_path / "nope.json"))
    assert out.returncode == 2 and "nope.json" in out.stderr and "Traceback" not in out.stderr


def test_bots_sail_a_short_series_and_print_the_table(capsys, tmp_path):
    code = main(["race", "--course", "standard_triangle", "--boats", "2", "--races", "2",
                 "--scoring", "bonus_point", "--seed", "3", "--save", str(tmp_path / "r.json")])
    out = capsys.readouterr().out
    assert code == 0
    assert "series (bonus_point" in out and "total" in out
    assert (tmp_path / "r.json.1").exists() and (tmp_path / "r.json.2").exists()


def test_unknown_scoring_is_refused(capsys):
    assert main(["race", "--scoring", "golf"]) == 2
    assert "--scoring must be one of" in capsys.readouterr().err


def test_no_screen_is_one_line_not_a_traceback():
    import os
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "DINGHY_HEADLESS")}
    out = subprocess.run([sys.executable, "-m", "dinghy", "play"], capture_output=True, text=True,
                         timeout=120, env=env)
    assert out.returncode == 2
    assert "cannot open a window" in out.stderr and "Traceback" not in out.stderr


def test_a_reader_that_stops_early_gets_no_traceback():
    """``dinghy race --log | head -1``: the reader closes the pipe after one line; the
    program stops quietly (exit 0, nothing on stderr) instead of a BrokenPipeError."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "dinghy", "race", "--rules", "race_the_wind",
                             "--boats", "6", "--seed", "1", "--log"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0
    assert first and "Traceback" not in err and err == ""


@functools.cache
def _saved_race(rules: str, folder: str) -> str:
    """``dinghy race --rules RULES --boats 2 --seed 3 --save`` run once a process (its
    exit status checked, its output dropped): the record's path."""
    rec = f"{folder}/{rules}.json"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["race", "--rules", rules, "--boats", "2", "--seed", "3", "--save", rec]) == 0
    return rec


def test_replay_export_draws_a_grid_race_and_a_gigamic_race(tmp_path, tmp_path_factory, capsys):
    """``dinghy replay FILE --export`` once refused every record but Dinghy Race's; a
    grid race (Yacht Race) and a Gigamic race are drawn now, each as a readable SVG."""
    import xml.etree.ElementTree as ET

    for rules in ("yacht_race", "regatta_gigamic"):
        rec = _saved_race(rules, str(tmp_path_factory.getbasetemp()))
        out = tmp_path / f"{rules}.svg"
        assert main(["replay", str(rec), "--export", str(out)]) == 0
        root = ET.parse(out).getroot()
        tracks = root.findall(".//{http://www.w3.org/2000/svg}polyline[@class='track']")
        assert len(tracks) == 2
    assert capsys.readouterr().out.count("wrote ") == 2


def test_replay_export_to_an_unknown_format_of_a_grid_race_is_one_line(tmp_path, tmp_path_factory, capsys):
    rec = _saved_race("yacht_race", str(tmp_path_factory.getbasetemp()))
    capsys.readouterr()
    assert main(["replay", rec, "--export", str(tmp_path / "x.jpg")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "must end in .svg, .png or .gif" in err
