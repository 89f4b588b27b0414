"""Errors a player can read: they name the file (or record) and the field at fault."""
from __future__ import annotations


class DinghyError(Exception):
    """Base of every error dinghy raises on purpose."""


class DataError(DinghyError, ValueError):
    """Bad input data: ``source`` is a file name (or "record"), ``field`` a dotted key path."""

    def __init__(self, source: str, field: str, message: str) -> None:
        self.source, self.field, self.message = str(source), field, message
        where = f"{self.source}: {field}" if field else self.source
        super().__init__(f"{where}: {message}")


class IllegalAction(DinghyError, ValueError):
    """An action that the rules do not allow right now; the message says why."""


def key_name(key: object) -> str:
    """A key as a field names it: an empty key (``"" = 1`` is valid TOML and JSON) as
    written, ``""``, so that the error still names a field."""
    return str(key) or '""'


def check_table(data: object, known: "set[str] | frozenset[str]", source: str, where: str = "",
                not_table: str = "must be a table") -> None:
    """A data file's table at ``where``: a mapping with no key outside ``known``; else a
    DataError naming the table (``not_table``) or its first unknown key."""
    from collections.abc import Mapping

    if not isinstance(data, Mapping):
        raise DataError(source, where, not_table)
    extra = set(data) - set(known)
    if extra:
        first = key_name(sorted(extra)[0])
        raise DataError(source, f"{where}.{first}" if where else first, "unknown key")
