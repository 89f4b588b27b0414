"""Where `dinghy serve` keeps its tables: one small interface, SQLite behind it.

A table is a race record as dinghy writes it (``format``, ``rules``, ``setup``,
``actions``: :meth:`dinghy.core.race.Race.record`) plus the secret tokens of its host
and of its people's seats. The record's actions are appended one row per action, each in
its own transaction, so a server killed at any moment (kill -9, a power cut) loses at
most the action in flight; reopening the store gives every table back as a record that
replays (``dinghy.games.race_from_record``).

    store.create(table_id, record, host_token, seat_tokens)
    store.append(table_id, n, action_text)     # n: the action's index in the record
    store.set_token(table_id, seat, token)     # the host frees a seat: a new link
    store.tables()                             # every StoredTable, oldest first

The SQLite file runs in WAL mode (readers never wait on the writer) with
``synchronous=NORMAL``: a committed append survives the process dying; a power cut may
lose the last transactions but never corrupts the file. The PostgreSQL plan (several
server processes on one store) is in docs/serve.md.
"""
from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

#: The file name of the store inside the data folder.
DB_NAME = "serve.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS race_table (
    id TEXT PRIMARY KEY,
    created INTEGER NOT NULL,
    format INTEGER NOT NULL,
    rules TEXT NOT NULL,
    setup TEXT NOT NULL,
    host_token TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_token (
    table_id TEXT NOT NULL REFERENCES race_table(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS action (
    table_id TEXT NOT NULL REFERENCES race_table(id),
    n INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
"""


@dataclass(frozen=True)
class StoredTable:
    """A table as stored: its record (replayable as it is), its host's token and each
    person's seat's token (bots' seats have none)."""

    table_id: str
    record: dict[str, Any]
    host_token: str
    seat_tokens: dict[int, str]


class Store(Protocol):
    """What the server needs of a store (SQLite here; PostgreSQL later)."""

    def create(self, table_id: str, record: dict[str, Any], host_token: str,
               seat_tokens: dict[int, str]) -> None: ...

    def append(self, table_id: str, n: int, text: str) -> None: ...

    def set_token(self, table_id: str, seat: int, token: str) -> None: ...

    def tables(self) -> list[StoredTable]: ...

    def close(self) -> None: ...


class SQLiteStore:
    """The embedded store: one SQLite file (WAL), one transaction per append."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if fresh:       # the tokens are in here: the file is its owner's alone
            os.chmod(self.path, 0o600)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)

    def _write(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for row in rows:
                    self._db.execute(sql, row)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create(self, table_id: str, record: dict[str, Any], host_token: str,
               seat_tokens: dict[int, str]) -> None:
        if record.get("actions"):
            raise ValueError("a new table starts with no actions; append them one by one")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                n = self._db.execute("SELECT COUNT(*) FROM race_table").fetchone()[0]
                self._db.execute("INSERT INTO race_table VALUES (?, ?, ?, ?, ?, ?)",
                                 (table_id, n, record["format"], record["rules"],
                                  json.dumps(record["setup"]), host_token))
                self._db.executemany("INSERT INTO seat_token VALUES (?, ?, ?)",
                                     [(table_id, seat, tok) for seat, tok in seat_tokens.items()])
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def append(self, table_id: str, n: int, text: str) -> None:
        """Action number ``n`` (0 first) of the table; the same number twice is an
        IntegrityError (two servers, or a bug, writing one table)."""
        self._write("INSERT INTO action VALUES (?, ?, ?)", [(table_id, n, text)])

    def set_token(self, table_id: str, seat: int, token: str) -> None:
        self._write("UPDATE seat_token SET token = ? WHERE table_id = ? AND seat = ?",
                    [(token, table_id, seat)])

    def tables(self) -> list[StoredTable]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, format, rules, setup, host_token FROM race_table ORDER BY created").fetchall()
            out = []
            for table_id, fmt, rules, setup, host in rows:
                acts = [t for (t,) in self._db.execute(
                    "SELECT text FROM action WHERE table_id = ? ORDER BY n", (table_id,))]
                toks = dict(self._db.execute(
                    "SELECT seat, token FROM seat_token WHERE table_id = ?", (table_id,)).fetchall())
                record = {"format": fmt, "rules": rules, "setup": json.loads(setup), "actions": acts}
                out.append(StoredTable(table_id, record, host, toks))
        return out

    def close(self) -> None:
        with self._lock:
            self._db.close()
