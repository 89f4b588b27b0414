"""run.py, the newcomer's door: `python3 run.py test` runs the whole suite on every core
when pytest-xdist is installed, and leaves the choice alone when the arguments make it."""
from __future__ import annotations

import importlib.util
from pathlib import Path

spec = importlib.util.spec_from_file_location("run_script", Path(__file__).resolve().parents[1] / "run.py")
run_script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(run_script)


def test_the_suite_runs_on_every_core_a_file_per_worker():
    assert run_script.pytest_args([], xdist=True) == ["-n", "auto", "--dist", "loadfile"]
    assert run_script.pytest_args(["-m", "not race"], xdist=True) == ["-n", "auto", "--dist", "loadfile",
                                                                    "-m", "not race"]


def test_without_xdist_or_when_the_arguments_choose_the_arguments_stand():
    assert run_script.pytest_args(["tests/test_cards.py", "-x"], xdist=False) == ["tests/test_cards.py", "-x"]
    for args in (["-n", "0"], ["-n2"], ["--numprocesses=3"], ["-p", "no:xdist"], ["--dist=load", "-n", "2"]):
        assert run_script.pytest_args(args, xdist=True) == args


def test_the_test_extra_installs_xdist():
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
    extra = text.split("[project.optional-dependencies]")[1].split("\n\n")[0]
    assert '"pytest-xdist>=' in extra.split("test = [")[1].split("]")[0]


def test_compiled_modules_are_kept_under_the_venv_even_where_bytecode_is_turned_off():
    """Without a cache, every start compiles the whole package again and every test
    process its modules (about 6 s a process for the suite's collection alone)."""
    env = run_script.child_env({"PYTHONDONTWRITEBYTECODE": "1", "HOME": "/home/x"})
    assert "PYTHONDONTWRITEBYTECODE" not in env and env["HOME"] == "/home/x"
    assert env["PYTHONPYCACHEPREFIX"] == str(run_script.VENV / "pycache")
    chosen = run_script.child_env({"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": "/tmp/c"})
    assert chosen == {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": "/tmp/c"}
