"""`dinghy serve` started in a process of its own on a free port of this machine, ready
when it answers: for the tests that kill it (``kill -9``) and bring it back, and for the
load benchmark (``benchmarks/bench_serve.py``). The standard library only (no test
tools), so the benchmark runs without them."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO


def free_port() -> int:
    """A TCP port of 127.0.0.1 nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(folder: str | Path, port: int, out: int | IO = subprocess.PIPE, wait: float = 20.0) -> subprocess.Popen:
    """``python -m dinghy serve --port PORT --data FOLDER`` in its own process, its output
    (its log and uvicorn's access log, unbuffered) to ``out``; returned once
    ``/api/games`` answers. A server that has not answered within ``wait`` seconds is
    killed and RuntimeError raised (with what it wrote, if ``out`` is a pipe)."""
    proc = subprocess.Popen([sys.executable, "-m", "dinghy", "serve", "--port", str(port), "--data", str(folder)],
                            stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    until = time.monotonic() + wait
    while time.monotonic() < until and proc.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1) as r:
                if r.status == 200:
                    return proc
        except (urllib.error.URLError, OSError):
            time.sleep(0.05)
    proc.kill()
    said = proc.communicate()[0] if out == subprocess.PIPE else b""
    raise RuntimeError(f"dinghy serve did not start on port {port}: {(said or b'').decode(errors='replace')}")
