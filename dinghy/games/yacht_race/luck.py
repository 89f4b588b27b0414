"""The Sailors' Luck pack: its cards (a data file) and what each card does.

Rule text: "When a player's yacht passes over or lands on any of the numerous anchor
blocks marked Sailors' Luck, he must take the top card from the Island and immediately
follow the stated instructions. Some of these cards affect only the player receiving it,
and others affect all players." Only "FOG SETTLES -- Skipper each yacht one move." is
spelled out; the rest of the pack is invented (each card says so in its file) from a
small vocabulary of effects, so that an owner of the game can write the real pack.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from dinghy.core.errors import DataError, check_table, key_name

#: effect -> (needs an ``amount``, what it does in words)
EFFECTS: dict[str, tuple[bool, str]] = {
    "fog": (False, "the drawer makes one full move with each opposing yacht"),
    "extra_move": (False, "the drawer makes one more move at once, under the wind as it is"),
    "lose_turn": (False, "the drawer loses his next turn"),
    "wind_shift": (True, "the wind shifts by amount × 45° (clockwise if positive) for everyone"),
    "wind_cards": (True, "the drawer takes amount wind change cards from the box (or gives them up)"),
    "spinnaker_cards": (True, "the drawer takes amount spinnaker cards from the box (a negative "
                              "amount: a spinnaker that is up comes down first, else cards go back)"),
    "nothing": (False, "nothing happens"),
}


@dataclass(frozen=True, slots=True)
class LuckCard:
    key: str                 # one word: the action text "luck <key>"
    title: str
    text: str
    effect: str
    amount: int = 0
    copies: int = 1
    invented: bool = True


@dataclass(frozen=True, slots=True)
class LuckPack:
    cards: tuple[LuckCard, ...]
    source: str = ""

    def full(self) -> tuple[int, ...]:
        return tuple(c.copies for c in self.cards)

    def index(self, key: str) -> int:
        for i, c in enumerate(self.cards):
            if c.key == key:
                return i
        raise KeyError(key)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "sailors_luck") -> "LuckPack":
        raw = data.get("card") if isinstance(data, Mapping) else None
        if not isinstance(raw, list) or not raw:
            raise DataError(source, "card", "needs a list of [[card]] tables")
        if set(data) - {"card", "pack"}:
            raise DataError(source, key_name(sorted(set(data) - {"card", "pack"})[0]), "unknown key")
        cards, keys = [], set()
        for i, c in enumerate(raw):
            where = f"card[{i}]"
            check_table(c, {"key", "title", "text", "effect", "amount", "copies", "invented"}, source, where)
            key = c.get("key")
            if not isinstance(key, str) or not key.isidentifier() or key in keys:
                raise DataError(source, f"{where}.key", "must be one word (letters, digits, _) and unique")
            keys.add(key)
            for f in ("title", "text"):
                if not isinstance(c.get(f), str) or not c[f].strip():
                    raise DataError(source, f"{where}.{f}", "must be non-empty text")
            effect = c.get("effect")
            if not isinstance(effect, str) or effect not in EFFECTS:
                raise DataError(source, f"{where}.effect", f"must be one of {', '.join(EFFECTS)}")
            amount = c.get("amount", 0)
            if not isinstance(amount, int) or isinstance(amount, bool) or not -7 <= amount <= 12:
                raise DataError(source, f"{where}.amount", "must be a whole number from -7 to 12")
            if EFFECTS[effect][0] and amount == 0:
                raise DataError(source, f"{where}.amount", f"effect {effect} needs a non-zero amount")
            copies = c.get("copies", 1)
            if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 30:
                raise DataError(source, f"{where}.copies", "must be a whole number from 1 to 30")
            invented = c.get("invented", True)
            if not isinstance(invented, bool):
                raise DataError(source, f"{where}.invented", "must be true or false")
            cards.append(LuckCard(key, c["title"], c["text"], effect, amount, copies, invented))
        return cls(tuple(cards), source)
