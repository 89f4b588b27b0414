"""A bound on the skippers' module-level caches (a chart, a field, a graph a board):
one entry a race or a board, so a server whose tables come and go holds only the most
recent ones."""
from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V")


def remember(cache: dict[Any, Any], key: Any, value: V, most: int) -> V:
    """``cache[key] = value``; past ``most`` entries the oldest is let go. ``value``."""
    cache[key] = value
    if len(cache) > most:
        cache.pop(next(iter(cache)))
    return value
