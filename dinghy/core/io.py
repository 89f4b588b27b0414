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

from dinghy.core.errors import DataError

_PACKAGE = Path(__file__).resolve().parent.parent     # the dinghy package


def data_dir(kind: str) -> Path:
    """Folder of shipped data: ``cards``, ``hazard_tables`` or ``courses``.

    In an installed wheel the folders live in ``dinghy/_data``; in a source checkout
    (or an editable install) they are the top-level folders of the repository.
    """
    for candidate in (_PACKAGE / "_data" / kind, _PACKAGE.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"dinghy data folder {kind!r} is missing from this installation")


def _text(p: Path, raw: bytes) -> str:
    """The file's text; bytes that are not UTF-8 (a Latin-1 "É" in a comment) are a
    DataError naming the file and the line, not a traceback."""
    try:
        return raw.decode("utf-8-sig")      # a byte-order mark (some editors write one) is fine
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise DataError(str(p), "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x} on line {line}); "
                        "save the file as UTF-8") from None


def _read_bytes(p: Path) -> bytes:
    try:
        return p.read_bytes()
    except FileNotFoundError:
        raise DataError(str(p), "", "file not found") from None
    except OSError as exc:
        raise DataError(str(p), "", f"cannot read ({exc.strerror or exc})") from None


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Parse a TOML file; unreadable, non-UTF-8 or bad TOML becomes a DataError naming the file."""
    p = Path(path)
    text = _text(p, _read_bytes(p))
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as exc:      # TOMLDecodeError is a ValueError
        raise DataError(str(p), "", f"not valid TOML ({exc})") from None


def read_json(path: str | os.PathLike[str]) -> Any:
    """Parse a JSON file; unreadable, non-UTF-8 or bad JSON becomes a DataError naming the file."""
    p = Path(path)
    text = _text(p, _read_bytes(p))
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:      # JSONDecodeError is a ValueError
        raise DataError(str(p), "", f"not valid JSON ({exc})") from None


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """A whole binary file (a cache); missing or unreadable is a DataError naming it."""
    return _read_bytes(Path(path))


def user_home() -> Path:
    """Where dinghy keeps a player's own files (autosaves, settings, courses and boards
    made in the designer): ``$DINGHY_HOME``, else ``$XDG_DATA_HOME/dinghy`` (default
    ``~/.local/share/dinghy``)."""
    env = os.environ.get("DINGHY_HOME")
    if env:
        return Path(env).expanduser()
    data = os.environ.get("XDG_DATA_HOME")
    base = Path(data).expanduser() if data else Path.home() / ".local" / "share"
    return base / "dinghy"


def cache_dir(kind: str) -> Path:
    """Where dinghy keeps what it can always compute again: ``$DINGHY_CACHE/<kind>``,
    else ``$XDG_CACHE_HOME/dinghy/<kind>`` (default ``~/.cache/dinghy/<kind>``)."""
    env = os.environ.get("DINGHY_CACHE")
    if env:
        return Path(env) / kind
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "dinghy" / kind


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write a whole file so that a crash leaves either the old or the new content."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Write a whole binary file atomically (a temporary file, then a rename)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _file_mode(p))
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _file_mode(p: Path) -> int:
    """The permissions the file keeps (or, new, gets as any other file would): a
    temporary file is private to its owner, the result should not be."""
    try:
        return p.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def check_writable(path: str | os.PathLike[str]) -> None:
    """Make sure a file can be written at ``path`` (its folder is made if missing), so a
    long job fails before it starts rather than after; a DataError naming the path if not."""
    p = Path(path)
    try:
        if p.is_dir():
            raise DataError(str(p), "", "is a folder, not a file")
        there = next((a for a in (p.parent, *p.parent.parents) if a.exists()), None)
        if there is not None and not there.is_dir():
            raise DataError(str(p), "", f"cannot write here: {there} is a file, not a folder")
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".probe", dir=p.parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise DataError(str(p), "", f"cannot write here ({exc.strerror or exc})") from None


def write_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    write_text_atomic(path, json.dumps(data, indent=1, sort_keys=False) + "\n")


# --- shipped data files -------------------------------------------------------------

def resolve(kind: str, name_or_path: str | os.PathLike[str]) -> Path:
    """A shipped data file by bare name (``"strong"``) or any path to a file.

    A path the user typed (it has a folder or a suffix) stays that path, so a missing file
    is reported as typed; a bare name that is neither a file here nor a shipped file is a
    DataError naming what was typed and what is shipped.
    """
    p = Path(name_or_path)
    if p.exists() or p.suffix or len(p.parts) != 1:
        return p
    shipped_file = data_dir(kind) / f"{p.name}.toml"
    if shipped_file.exists():
        return shipped_file
    raise DataError(str(name_or_path), "", f"file not found, nor among the shipped {kind.replace('_', ' ')} "
                    f"({', '.join(shipped(kind))})")


def shipped(kind: str) -> list[str]:
    """Names (file stems) of the shipped data files of one kind, sorted."""
    return sorted(p.stem for p in data_dir(kind).glob("*.toml"))
