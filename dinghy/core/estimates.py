"""How long a race lasts, before it starts: rounds, and minutes for the people at the table.

The rounds are medians measured with ``dinghy simulate`` (bots of one level, a few races
a board) and shipped in ``dinghy/race_lengths.toml``; ``benchmarks/bench_estimates.py``
measures them again (``--write`` rewrites the file). A course file saved in the course
designer gets a quick estimate from its length
(:func:`dinghy.games.dinghy_race.race_length.estimate_saved_course`), kept in a
``race_lengths.json`` beside it with the file's fingerprint (:func:`record`), so a
course changed since reads as not estimated rather than wrongly.

Minutes are a guess on top of the rounds: each round every person takes a turn of
``person`` seconds and every bot one of ``bot`` seconds (``[turn_seconds]`` in the data
file, per game). Nothing here imports the games: the set-up screen reads it on its way
to the first frame.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from dinghy.core import io
from dinghy.core.errors import DataError, DinghyError

DATA = Path(__file__).resolve().parent.parent / "race_lengths.toml"
USER_FILE = "race_lengths.json"
#: a turn's seconds when the data file names none for a game
DEFAULT_TURN = {"person": 20.0, "bot": 2.0}


@lru_cache(maxsize=4)
def _table(path: str) -> dict[str, Any]:
    data = io.read_toml(path)
    for key in ("rounds", "turn_seconds"):
        if not isinstance(data.get(key, {}), dict):
            raise DataError(path, key, "must be a table")
    for rules, boards in data.get("rounds", {}).items():
        if not isinstance(boards, dict):
            raise DataError(path, f"rounds.{rules}", "must be a table of board = rounds")
        for board, n in boards.items():
            if isinstance(n, bool) or not isinstance(n, (int, float)) or not 0 < n < 10000:
                raise DataError(path, f"rounds.{rules}.{board}", f"must be a number of rounds, got {n!r}")
    return data


def table(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The shipped estimates (a damaged file is a DataError naming file and field)."""
    return _table(str(path or DATA))


def _shipped(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The shipped table, or an empty one when it is missing or damaged: an estimate is
    never worth a refused set-up screen."""
    try:
        return table(path)
    except DinghyError:
        return {}


def board_key(board: str) -> str:
    """``courses/short_lap.toml`` or ``short_lap`` -> ``short_lap``."""
    return Path(str(board).replace("\\", "/")).name.removesuffix(".toml")


def rounds(rules: str, board: str, *, home: str | os.PathLike[str] | None = None) -> float | None:
    """The median rounds of a race of game ``rules`` on ``board`` (a shipped name or a
    course file), or None when nobody measured or estimated it."""
    n = _shipped().get("rounds", {}).get(rules, {}).get(board_key(board))
    if n is None and (str(board).endswith(".toml") or os.sep in str(board)):
        n = recorded(board, home=home)
    return None if n is None else float(n)


def turn_seconds(rules: str) -> dict[str, float]:
    found = _shipped().get("turn_seconds", {}).get(rules, {})
    return {k: float(found.get(k, v)) for k, v in DEFAULT_TURN.items()}


def minutes(rules: str, n_rounds: float, people: int, bots: int = 0) -> int:
    """Minutes a race of ``n_rounds`` takes with ``people`` at the table and ``bots``
    bots, to the nearest 5 (at least 5)."""
    t = turn_seconds(rules)
    secs = n_rounds * (max(0, people) * t["person"] + max(0, bots) * t["bot"])
    return max(5, int(5 * round(secs / 300)))


def describe(rules: str, board: str, people: int, bots: int = 0, *,
             home: str | os.PathLike[str] | None = None) -> str:
    """What the set-up shows next to a board: "about 38 rounds · 50 min for 4 people"."""
    n = rounds(rules, board, home=home)
    if n is None:
        return "length not measured yet"
    who = f"{people} {'person' if people == 1 else 'people'}" if people else "bots only"
    return f"about {round(n)} rounds · {minutes(rules, n, people, bots)} min for {who}"


# --- a course file's own estimate (the designer's save) -----------------------------------------

def _user_store(path: str | os.PathLike[str], home: str | os.PathLike[str] | None) -> Path:
    """The folder whose ``race_lengths.json`` keeps a course file's estimate: the
    file's own folder (the estimate travels with the courses), or ``home``."""
    return Path(home) if home is not None else Path(path).resolve().parent


def _key(path: str | os.PathLike[str], home: str | os.PathLike[str] | None) -> str:
    """The file's name in its own folder's store, its whole path in another."""
    p = Path(path).resolve()
    return p.name if home is None else str(p)


def _fingerprint(path: str | os.PathLike[str]) -> str:
    import hashlib           # here: a shipped board's estimate needs no fingerprint

    return hashlib.sha256(io.read_bytes(path)).hexdigest()[:16]


def record(path: str | os.PathLike[str], n_rounds: float, *,
           home: str | os.PathLike[str] | None = None) -> Path:
    """Keep ``n_rounds`` as the estimate of course file ``path`` as it is now (written
    atomically to ``race_lengths.json`` in its folder, or in ``home``); returns that file."""
    store = _user_store(path, home) / USER_FILE
    known = _read_user(store)
    known[_key(path, home)] = {"rounds": round(float(n_rounds), 1), "file": _fingerprint(path)}
    io.write_json_atomic(store, known)
    return store


def _read_user(store: Path) -> dict[str, Any]:
    try:
        data = io.read_json(store) if store.is_file() else {}
    except DinghyError:
        return {}
    return data if isinstance(data, dict) else {}


def recorded(path: str | os.PathLike[str], *, home: str | os.PathLike[str] | None = None) -> float | None:
    """The estimate :func:`record` kept for course file ``path``, if the file is unchanged."""
    entry = _read_user(_user_store(path, home) / USER_FILE).get(_key(path, home))
    if not isinstance(entry, dict) or not isinstance(entry.get("rounds"), (int, float)):
        return None
    try:
        same = entry.get("file") == _fingerprint(path)
    except DinghyError:
        return None
    return float(entry["rounds"]) if same else None
