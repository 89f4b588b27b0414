"""Bounded caches of answers worked out once: a chart, a field or a graph a board, a
question of one state. One entry a race or a board, so a server whose tables come and
go holds only the most recent ones; past the bound the oldest entry is let go. Used by
the games (a board file's game, the Gigamic game's answers per state) and the skippers."""
from __future__ import annotations

from typing import Any, Callable, TypeVar

V = TypeVar("V")


def remember(cache: dict[Any, Any], key: Any, value: V, most: int) -> V:
    """``cache[key] = value``; past ``most`` entries the oldest is let go. ``value``."""
    cache[key] = value
    if len(cache) > most:
        cache.pop(next(iter(cache)))
    return value


def kept(cache: dict[Any, Any], key: Any, make: Callable[[], V], most: int) -> V:
    """``cache[key]``, made by ``make()`` the first time it is asked for (an empty or
    false answer is kept too) and remembered within ``most`` entries."""
    try:
        return cache[key]
    except KeyError:
        return remember(cache, key, make(), most)
