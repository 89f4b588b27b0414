"""Bootstrap: create ./.venv, install dinghy into it, then start the game or the tests.

    python3 run.py [dinghy arguments]   # start the game (default: `dinghy play`)
    python3 run.py test [pytest args]   # run the whole test suite

Needs only Python >= 3.11. The environment is rebuilt when pyproject.toml changes.
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


def main(argv: list[str]) -> int:
    ensure_env()
    python = str(BIN / "python")
    if argv[:1] == ["test"]:
        cmd = [python, "-m", "pytest", *argv[1:]]
    else:
        cmd = [python, "-m", "dinghy", *(argv or ["play"])]
    return subprocess.call(cmd, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
