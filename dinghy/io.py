"""The only module that touches the file system: data folders, TOML data, JSON records.

Every loader turns a file into a plain mapping and hands it to the model's own
``from_mapping`` (which validates it and raises :class:`DataError` naming the field);
every writer is atomic (write a temporary file, then rename over the target).
"""
from __future__ import annotations

import json
import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from dinghy.errors import DataError

_PACKAGE = Path(__file__).resolve().parent


def data_dir(kind: str) -> Path:
    """Folder of shipped data: ``cards``, ``hazard_tables`` or ``courses``.

    In an installed wheel the folders live in ``dinghy/_data``; in a source checkout
    (or an editable install) they are the top-level folders of the repository.
    """
    for candidate in (_PACKAGE / "_data" / kind, _PACKAGE.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"dinghy data folder {kind!r} is missing from this installation")


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Parse a TOML file; a syntax error becomes a DataError naming the file."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(str(p), "", "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(str(p), "", f"not valid TOML ({exc})") from None
    except OSError as exc:
        raise DataError(str(p), "", f"cannot read ({exc.strerror})") from None


def read_json(path: str | os.PathLike[str]) -> Any:
    p = Path(path)
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataError(str(p), "", "file not found") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DataError(str(p), "", f"not valid JSON ({exc})") from None
    except OSError as exc:
        raise DataError(str(p), "", f"cannot read ({exc.strerror})") from None


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write a whole file so that a crash leaves either the old or the new content."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    write_text_atomic(path, json.dumps(data, indent=1, sort_keys=False) + "\n")


# --- loaders: file -> mapping -> validated model -------------------------------------

def _resolve(kind: str, name_or_path: str | os.PathLike[str]) -> Path:
    """A shipped data file by bare name (``"strong"``) or any path to a ``.toml`` file."""
    p = Path(name_or_path)
    if p.suffix != ".toml" and not p.exists():
        p = data_dir(kind) / f"{p.name}.toml"
    return p


def load_hazard_table(name_or_path: str | os.PathLike[str]):
    """A hazard table (``light``, ``medium``, ``strong`` or a path)."""
    from dinghy.hazards import HazardTable

    p = _resolve("hazard_tables", name_or_path)
    return HazardTable.from_mapping(read_toml(p), source=str(p))


def load_course(name_or_path: str | os.PathLike[str]):
    """A course (a shipped course's file stem, or a path)."""
    from dinghy.course import Course

    p = _resolve("courses", name_or_path)
    return Course.from_mapping(read_toml(p), source=str(p))


def shipped(kind: str) -> list[str]:
    """Names (file stems) of the shipped data files of one kind, sorted."""
    return sorted(p.stem for p in data_dir(kind).glob("*.toml"))


def load_cards(size_or_path: str | os.PathLike[str]):
    """A manoeuvre card set (``small``, ``standard`` or a path)."""
    from dinghy.cards import CardSet

    p = _resolve("cards", size_or_path)
    return CardSet.from_mapping(read_toml(p), source=str(p))


def load_game(setup):
    """Everything a race is played with, read from the files its set-up names."""
    from dinghy.rules.dinghy_race import Game

    course = load_course(setup.course)
    size = setup.card_size or course.card_size
    force = setup.wind_force or course.wind_force
    return Game(setup=setup, course=course, cards=load_cards(size), hazards=load_hazard_table(force))


def save_race(path: str | os.PathLike[str], race) -> None:
    """Write a race record (set-up + actions) atomically as JSON."""
    write_json_atomic(path, race.record())


def load_race(path: str | os.PathLike[str]):
    """Read and replay a race record; a damaged record fails whole, never half-loads."""
    from dinghy.race import Race, check_record
    from dinghy.setup import RaceSetup

    data = read_json(path)
    check_record(data, str(path))
    setup = RaceSetup.from_mapping(data.get("setup"), source=str(path))
    game = load_game(setup)
    return Race.replay(game, data["actions"], rules=data["rules"], source=str(path))
