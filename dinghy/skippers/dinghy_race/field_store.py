"""Where the time-to-go fields (:mod:`dinghy.skippers.dinghy_race.field`) are kept, and built.

Fields are cached in memory by the content of the course, cards and hazard table, so
a race, and every race on the same water, builds each one once; and on disk, in the
user's cache folder (``dinghy.core.io.cache_dir``, written atomically), so that the next
session loads it in a fraction of a second. One build runs at a time; a table builds
the field of its water on a background thread (:func:`warm`) while the window stays
live, and asks :func:`ready` before a hard decision or a Hint; :func:`field_now` is for a
caller that can do without while that build runs.
"""
from __future__ import annotations

import hashlib
import os
import threading
import weakref
from io import BytesIO

import numpy as np

from dinghy.core import io
from dinghy.core.errors import DinghyError
from dinghy.core.caches import kept, remember
from dinghy.skippers.dinghy_race.brain import content_key
from dinghy.skippers.dinghy_race.field import CELL_CARDS, STATES, Field

_BUILDING = threading.Lock()
_FIELDS: dict = {}
#: bump when the field's meaning changes: older files on disk are then ignored
DISK_FORMAT = 2


_JOBS: dict = {}            # key -> the thread building (or loading) that field
_JOBS_LOCK = threading.Lock()


def warm(game) -> threading.Thread:
    """Build (or load) ``game``'s field on a background thread, so the first hard move or
    Hint of a race does not wait for it; a caller that needs it meanwhile waits for the
    same build instead of starting a second one. A build already under way for the same
    water is the one returned."""
    key = _key(game)
    with _JOBS_LOCK:
        for k in [k for k, job in _JOBS.items() if not job.is_alive()]:
            del _JOBS[k]
        t = _JOBS.get(key)
        if t is None:
            t = _JOBS[key] = threading.Thread(target=field_of, args=(game,), name="dinghy-field", daemon=True)
            t.start()
    return t


def ready(game) -> bool:
    """Whether ``game``'s field is at hand (in memory) without waiting; if not, its build
    (or load from the cache folder) is started in the background, once."""
    if _key(game) in _FIELDS:
        return True
    warm(game)
    return False


def field_of(game, disk: bool | None = None) -> Field:
    """The field for a game's course, wind, card set and hazard table: built once per
    process, and kept on disk (``io.cache_dir("fields")``) so that the next race on the
    same water loads it instead. ``disk`` False keeps it in memory only (default: on,
    unless ``$DINGHY_FIELD_CACHE`` is ``0``). One build at a time (:func:`warm` may be
    building it on another thread)."""
    with _BUILDING:
        return _field_of(game, disk)


def field_now(game) -> Field | None:
    """The field, unless it is being built for this water on another thread
    (:func:`warm`): then None at once instead of waiting for it (for a caller that can
    do without). A field already in memory is returned whatever else is being built, and
    one nobody is building is built here (waiting for another water's build first), so
    the answer depends on this water alone, never on another thread's timing."""
    key = _key(game)
    f = _FIELDS.get(key)
    if f is not None:
        return f
    with _JOBS_LOCK:
        job = _JOBS.get(key)
    if job is not None and job.is_alive() and job is not threading.current_thread():
        return None
    return field_of(game)


def _key(game):
    """The field's key: the water's content and the wind (a game whose content cannot be
    hashed: itself, by identity). Kept per game: a hard decision asks for its field
    several times, and hashing the whole course each time cost more than the lookups."""
    key = _KEYS.get(game)
    if key is None:
        try:
            key = _Water((content_key(game), game.wind_from))
        except TypeError:
            return id(game)
        # the same water in another game: the same key object (compared once here, not
        # at every lookup of the fields by it)
        key = kept(_SEEN, key, lambda: key, 32)
        _KEYS[game] = key
    return key


class _Water:
    """A field's key (the water's content and the wind), its hash taken once; equal to
    another with the same content (the same water in another game)."""

    __slots__ = ("content", "_hash")

    def __init__(self, content) -> None:
        self.content = content
        self._hash = hash(content)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        return self is other or (isinstance(other, _Water) and self._hash == other._hash
                                 and self.content == other.content)


_KEYS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_SEEN: dict = {}            # key -> itself: one object per water


def _field_of(game, disk: bool | None) -> Field:
    key = _key(game)
    if isinstance(key, int):
        disk = False
    f = _FIELDS.get(key)
    if f is None:
        if disk is None:
            disk = os.environ.get("DINGHY_FIELD_CACHE", "1") != "0"
        path = None
        if disk:
            digest = hashlib.sha256(repr((DISK_FORMAT, CELL_CARDS, key.content)).encode()).hexdigest()[:32]
            path = io.cache_dir("fields") / f"{digest}.npz"
        f = _load(game, path) if path is not None else None
        if f is None:
            f = Field(game)
            if path is not None:
                _save(f, path)
        remember(_FIELDS, key, f, 8)
    return f


def _save(f: Field, path) -> None:
    buf = BytesIO()
    np.savez_compressed(buf, values=f.values.astype(np.float32), next_node=f.next_node.astype(np.int32),
                        build=np.array([f.build_seconds]))
    try:
        io.write_bytes_atomic(path, buf.getvalue())
    except OSError:
        pass                       # a cache that cannot be written is only slower


def _load(game, path) -> Field | None:
    try:
        data = np.load(BytesIO(io.read_bytes(path)))
        values = data["values"].astype(np.float64)
        next_node = data["next_node"].astype(np.int64)
        build = float(data["build"][0])
    except (DinghyError, OSError, ValueError, KeyError, EOFError):
        return None
    f = Field(game, solve=False)
    if values.shape != (len(f.layers), f.ncell, STATES) or next_node.shape != (values.size,):
        return None
    f.values, f.next_node = values, next_node
    f._best_heading = values.min(axis=2, keepdims=True)
    f.build_seconds = build
    f.loaded = True
    return f
