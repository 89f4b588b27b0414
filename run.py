"""Bootstrap: create ./.venv, install dinghy into it, then start the game or the tests.

    python3 run.py [dinghy arguments]   # start the game (default: `dinghy play`)
    python3 run.py test [pytest args]   # run the whole test suite, on every core

The tests run in parallel (pytest-xdist, `-n auto`, a test file per worker at a time)
unless the arguments choose otherwise (`-n 0` for one process, `-p no:xdist`).

Needs only Python >= 3.11. The environment is rebuilt when pyproject.toml changes.
Compiled modules are kept under .venv/pycache (never beside the sources), also where
PYTHONDONTWRITEBYTECODE is set: otherwise every start compiles the whole package again,
and every test process its modules and the tests' rewritten asserts.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / "dinghy-installed"


def ensure_env() -> None:
    if sys.version_info < (3, 11):
        sys.exit("dinghy needs Python 3.11 or newer")
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == want:
        return
    if not (BIN / "python").exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("installing dinghy and its dependencies into .venv ...", flush=True)
    subprocess.check_call([str(BIN / "python"), "-m", "pip", "install", "-q",
                           "--disable-pip-version-check", "-e", f"{ROOT}[test]"])
    STAMP.write_text(want)


def pytest_args(args: list[str], xdist: bool) -> list[str]:
    """The pytest arguments for `run.py test ARGS`: on every core (a file per worker at a
    time, so a file's shared races are sailed once) when pytest-xdist is there and the
    arguments do not choose the processes themselves."""
    chosen = any(a in ("-n", "--numprocesses", "--dist", "no:xdist") or a.startswith(("-n", "--numprocesses=", "--dist="))
                 for a in args)
    return ([*args] if chosen or not xdist else ["-n", "auto", "--dist", "loadfile", *args])


def has_xdist(python: str) -> bool:
    return subprocess.call([python, "-c", "import xdist"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL) == 0


def child_env(environ: dict[str, str]) -> dict[str, str]:
    """The environment for the game or the tests: compiled modules cached under
    .venv/pycache (unless a cache folder is chosen already)."""
    env = dict(environ)
    if not env.get("PYTHONPYCACHEPREFIX"):
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(VENV / "pycache")
    return env


def main(argv: list[str]) -> int:
    ensure_env()
    python = str(BIN / "python")
    if argv[:1] == ["test"]:
        cmd = [python, "-m", "pytest", *pytest_args(argv[1:], has_xdist(python))]
    else:
        cmd = [python, "-m", "dinghy", *(argv or ["play"])]
    return subprocess.call(cmd, cwd=ROOT, env=child_env(dict(os.environ)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
