"""Rulesets: each module turns (game, state, action) into a new state, purely.

A ruleset offers ``initial_state(game)``, ``legal_actions(game, state)``,
``why_not(game, state, action)`` and ``apply(game, state, action) -> (state, events)``.
Dinghy Race is the first; grid and arrow-card games will register beside it.
"""
from __future__ import annotations

from types import ModuleType

from dinghy.rules import dinghy_race

RULESETS: dict[str, ModuleType] = {"dinghy_race": dinghy_race}


def ruleset(name: str) -> ModuleType:
    try:
        return RULESETS[name]
    except KeyError:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(RULESETS)}") from None
