"""The only module that touches the file system: data folders, TOML data, JSON records.

Every loader turns a file into a plain mapping and hands it to the model's own
``from_mapping`` (which validates it and raises :class:`DataError` naming the field);
every writer is atomic (write a temporary file, then rename over the target).
"""
from __future__ import annotations

import json
import math
import os
import stat
import tomllib
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

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


#: The largest data file (TOML: a course, a board, a card set, a table) read, in bytes;
#: the shipped ones are under 20 KB.
MAX_TOML_BYTES = 1 << 20
#: The largest JSON file (a race record, an autosave, a series) read, in bytes; a
#: six-boat race of 30,000 actions is under 1 MB.
MAX_JSON_BYTES = 8 << 20
#: The longest name of one folder or file in a path (most file systems' limit), and of
#: a whole path, in bytes; a longer name is refused before the file system is asked.
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 4096


def shown(name: str | os.PathLike[str], limit: int = 120) -> str:
    """A name as an error shows it: whole, or cut in the middle when it is very long."""
    text = str(name)
    return text if len(text) <= limit else f"{text[:limit // 2]}…{text[-(limit // 2):]}"


def check_name(path: str | os.PathLike[str], source: str | None = None, field: str = "") -> Path:
    """``path`` as a Path, once its name is one the file system can take: not empty, no
    NUL byte, no part over :data:`MAX_NAME_BYTES` bytes and the whole under
    :data:`MAX_PATH_BYTES`; else a DataError naming it (or ``source`` and ``field``)."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    where = source if source is not None else shown(text)
    if not text:
        raise DataError(where, field, "the file name is empty")
    if "\0" in text:
        raise DataError(where, field, "the file name holds a NUL character")
    raw = os.fsencode(text)
    longest = max(len(part) for part in raw.split(b"/"))
    if longest > MAX_NAME_BYTES or len(raw) > MAX_PATH_BYTES:
        raise DataError(where, field, f"the file name is too long ({len(text)} characters; a file or "
                        f"folder name takes at most {MAX_NAME_BYTES} bytes, a path {MAX_PATH_BYTES})")
    return Path(text)


def exists(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names something; a name too long to look up is a DataError."""
    p = check_name(path)
    try:
        return p.exists()
    except OSError:         # a part of it is a file, or a loop of links: nothing there
        return False


def version(path: str | os.PathLike[str]) -> tuple[int, int] | None:
    """A file's modification time (ns) and size, for a cache of what was read from it
    to know when to read it again; None when it cannot be seen."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def design_target(file: str | os.PathLike[str]) -> tuple[Path, bool]:
    """The file a designer opens (``dinghy design FILE``) and whether it exists yet:
    ``FILE`` as typed, or with ``.toml`` added when it has no suffix and is not there;
    a name the file system cannot take is a DataError."""
    p = check_name(file)
    if p.suffix != ".toml" and not exists(p):
        p = check_name(p.with_suffix(".toml"))
    return p, exists(p)


def _read_bytes(p: Path, limit: int) -> bytes:
    """The file's bytes: a regular file only (a FIFO, a device or a folder is refused
    without waiting on it) and at most ``limit`` bytes (a bigger one is refused before
    it is read whole)."""
    check_name(p)
    where = str(p)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise DataError(where, "", "file not found") from None
    except IsADirectoryError:
        raise DataError(where, "", "is a folder, not a file") from None
    except OSError as exc:
        raise DataError(where, "", f"cannot read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise DataError(where, "", "is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise DataError(where, "", "is not a regular file (a pipe, a device or a socket)")
        if st.st_size > limit:
            raise DataError(where, "", f"too large ({st.st_size:,} bytes; at most {limit:,})")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:           # it grew while being read
            raise DataError(where, "", f"too large (over {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise DataError(where, "", f"cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def read_toml(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Parse a TOML file; unreadable, non-UTF-8 or bad TOML becomes a DataError naming the
    file. Every number in it must be finite (``nan`` and ``inf`` are refused here, naming
    the field); each model checks its own ranges."""
    p = Path(path)
    text = _text(p, _read_bytes(p, MAX_TOML_BYTES))
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError) as exc:      # TOMLDecodeError is a ValueError
        raise DataError(str(p), "", f"not valid TOML ({exc})") from None
    _finite(data, str(p), "")
    return data


def read_json(path: str | os.PathLike[str], limit: int = MAX_JSON_BYTES) -> Any:
    """Parse a JSON file of at most ``limit`` bytes; unreadable, non-UTF-8 or bad JSON
    (``NaN`` and ``Infinity`` included) becomes a DataError naming the file."""
    p = Path(path)
    return json_from_bytes(p, _read_bytes(p, limit))


def json_from_bytes(path: str | os.PathLike[str], raw: bytes) -> Any:
    """The JSON in ``raw`` (read from ``path``, which errors name)."""
    p = Path(path)
    text = _text(p, raw)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:      # JSONDecodeError is a ValueError
        raise DataError(str(p), "", f"not valid JSON ({exc})") from None


def read_bytes(path: str | os.PathLike[str], limit: int = 1 << 30) -> bytes:
    """A whole binary file (a cache) of at most ``limit`` bytes; missing, unreadable,
    not a regular file or too large is a DataError naming it."""
    return _read_bytes(Path(path), limit)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(v: Any, source: str, where: str) -> None:
    """Every float in a parsed file is finite; else a DataError naming the field."""
    if isinstance(v, float):
        if not math.isfinite(v):
            raise DataError(source, where, f"must be a finite number, not {v}")
    elif isinstance(v, dict):
        for k, x in v.items():
            _finite(x, source, f"{where}.{k}" if where else str(k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            _finite(x, source, f"{where}[{i}]")


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
    import tempfile          # here: reading (the way to the first frame) needs none of it

    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    with _removed_on_failure(tmp):
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, _file_mode(p))
        os.replace(tmp, p)


@contextmanager
def _removed_on_failure(tmp: str | os.PathLike[str]) -> Iterator[None]:
    """A temporary file that does not end up renamed into place is removed."""
    try:
        yield
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def copy_atomic(source: str | os.PathLike[str], path: str | os.PathLike[str]) -> None:
    """Make ``path`` a copy of the file ``source`` atomically, without reading it: a
    hard link under a temporary name, then a rename over ``path`` (``source`` must be
    replaced by renames from then on, as the atomic writers here do, never rewritten in
    place). Where the file system has no hard links, the bytes are copied."""
    p = Path(path)
    tmp = p.parent / f".{p.name}.{os.urandom(6).hex()}.tmp"
    try:
        os.link(source, tmp)
    except OSError:
        write_bytes_atomic(p, read_bytes(source))
        return
    with _removed_on_failure(tmp):
        os.replace(tmp, p)


#: A temporary file older than this (seconds) was left by a process that died while
#: writing (a kill -9, a power cut): no write takes that long.
STALE_TEMPORARY = 60.0


def remove_stale_temporaries(folder: str | os.PathLike[str], names: "list[str] | tuple[str, ...]",
                             now: float | None = None) -> list[Path]:
    """Remove the temporary files the atomic writers of ``names`` (in ``folder``) left
    behind, once older than :data:`STALE_TEMPORARY`; the ones removed."""
    import time
    now = time.time() if now is None else now
    gone = []
    for name in names:
        for tmp in Path(folder).glob(f".{name}.*.tmp"):
            try:
                if tmp.is_file() and now - tmp.stat().st_mtime > STALE_TEMPORARY:
                    tmp.unlink()
                    gone.append(tmp)
            except OSError:             # taken by another process meanwhile, or not ours
                pass
    return gone


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
    import tempfile

    p = check_name(path)
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
    p = check_name(name_or_path)
    if exists(p) or p.suffix or len(p.parts) != 1:
        return p
    shipped_file = data_dir(kind) / f"{p.name}.toml"
    if shipped_file.exists():
        return shipped_file
    raise DataError(str(name_or_path), "", f"file not found, nor among the shipped {kind.replace('_', ' ')} "
                    f"({', '.join(shipped(kind))})")


def shipped(kind: str) -> list[str]:
    """Names (file stems) of the shipped data files of one kind, sorted."""
    return sorted(p.stem for p in data_dir(kind).glob("*.toml"))
