"""An action in a player's words, for every place that shows one (the window's turn
panel, the browser table): its kind, the game's ``action_group(action)`` or the first
word of its text, and its label, the game's ``action_label(action)`` or its text."""
from __future__ import annotations

from typing import Any


def group_of(game: Any, action: Any) -> str:
    """The kind of an action: the game's word for it, or its text's first word."""
    hook = getattr(game, "action_group", None)
    if callable(hook):
        return str(hook(action))
    words = game.action_text(action).split()
    return words[0] if words else "?"


def label_of(game: Any, action: Any) -> str:
    """What a button for the action says: the game's words, or the action's text."""
    hook = getattr(game, "action_label", None)
    return str(hook(action)) if callable(hook) else game.action_text(action)
