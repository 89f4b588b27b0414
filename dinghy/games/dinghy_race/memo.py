"""Answers kept per state object: the legal actions, the check of the action chosen and
its application all ask the same questions of the same state (the exits of the revealed
card, the cards the hand can place). A state is immutable, so an answer computed once for
that very object holds for as long as the object lives; looking it up by identity costs
nothing, where hashing a whole race state costs more than some answers."""
from __future__ import annotations

from functools import wraps
from typing import Any, Callable


def per_object(maxsize: int = 64) -> Callable:
    """Memoise ``fn(game, obj, *rest)`` on the identity of ``game`` and ``obj`` and the
    value of ``rest``. The objects are held with the answer, so an id never stands for
    another object; the memo forgets everything when full (a race asks about one state
    at a time)."""
    def deco(fn: Callable) -> Callable:
        memo: dict[tuple, tuple[Any, Any, Any]] = {}

        @wraps(fn)
        def wrapper(game: Any, obj: Any, *rest: Any) -> Any:
            key = (id(game), id(obj), rest)
            hit = memo.get(key)
            if hit is not None and hit[0] is game and hit[1] is obj:
                return hit[2]
            value = fn(game, obj, *rest)
            if len(memo) >= maxsize:
                memo.clear()
            memo[key] = (game, obj, value)
            return value

        wrapper.cache_clear = memo.clear      # the name lru_cache gives it
        return wrapper
    return deco
