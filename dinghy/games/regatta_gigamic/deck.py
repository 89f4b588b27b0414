"""The deck: card faces, their arrows and symbols, validated from a mapping.

The rule text lists "53 cartes" and describes the arrows only in words ("il le place au
bout de l'une des flèches de la carte, la poupe dans l'axe de la flèche"); the pictures
of the faces are lost, so the faces are a reconstruction shipped as data
(``cards/regatta_gigamic/deck.toml``).

An arrow is a circular arc in the card's frame: it leaves the middle of the card's near
edge pointing straight ahead (+y, the boat's heading), turns ``turn`` degrees
(positive: to starboard, clockwise) evenly over ``length`` millimetres, and must stay on
the card. A straight arrow has ``turn = 0``.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Mapping

from dinghy.core.errors import DataError, check_table

SYMBOLS = ("", "barre", "nuage", "soleil")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_ON_CARD = 0.5      # mm an arrow may stray past the card's edge (printing)


@dataclass(frozen=True, slots=True)
class Arrow:
    turn: int          # degrees, + to starboard
    length: float      # mm along the arc

    def point(self, s: float) -> tuple[float, float, float]:
        """(x, y, heading) at ``s`` mm along the arrow, in the card's frame."""
        if self.turn == 0:
            return (0.0, s, 0.0)
        phi = math.radians(self.turn) * s / self.length
        r = self.length / abs(math.radians(self.turn))
        x = r * (1.0 - math.cos(phi))
        return (x if self.turn > 0 else -x, r * math.sin(abs(phi)), math.degrees(phi))

    @property
    def tip(self) -> tuple[float, float, float]:
        return self.point(self.length)

    def describe(self) -> str:
        if self.turn == 0:
            return f"straight {self.length:g} mm"
        side = "starboard" if self.turn > 0 else "port"
        return f"{abs(self.turn)}° to {side} over {self.length:g} mm"


@dataclass(frozen=True, slots=True)
class Face:
    """One kind of card; ``copies`` of it are in the deck."""

    id: str
    name: str
    copies: int
    symbol: str                   # "", "barre", "nuage" or "soleil"
    arrows: tuple[Arrow, ...]     # empty for the sun

    @property
    def is_sun(self) -> bool:
        return self.symbol == "soleil"

    def describe(self) -> str:
        sym = {"barre": " (helm: play one more card)", "nuage": " (cloud: played twice)",
               "soleil": " (sun: becalms an opponent)"}.get(self.symbol, "")
        arrows = "; ".join(f"{k + 1}: {a.describe()}" for k, a in enumerate(self.arrows))
        return f"{self.name}{sym}" + (f" — {arrows}" if arrows else "")


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    card_length: float            # along the boat, mm
    card_width: float             # across the boat, mm
    hull_length: float            # mm
    hand_size: int
    faces: tuple[Face, ...]

    def face(self, card: str) -> Face:
        for f in self.faces:
            if f.id == card:
                return f
        raise KeyError(card)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.faces)

    @property
    def total(self) -> int:
        return sum(f.copies for f in self.faces)

    def full_pile(self) -> tuple[tuple[str, int], ...]:
        return tuple(sorted((f.id, f.copies) for f in self.faces))

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "deck") -> "Deck":
        return _parse_deck(data, source)


def _need(data: Mapping[str, Any], key: str, types: Any, source: str, where: str) -> Any:
    field = f"{where}{key}"
    if key not in data:
        raise DataError(source, field, "missing")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, types):
        raise DataError(source, field, f"has the wrong type ({type(value).__name__})")
    return value


def _parse_arrow(raw: Any, card_length: float, card_width: float, source: str, where: str) -> Arrow:
    check_table(raw, {"turn", "length"}, source, where, "must be a table with turn and length")
    turn = _need(raw, "turn", int, source, f"{where}.")
    length = float(_need(raw, "length", (int, float), source, f"{where}."))
    if not -180 <= turn <= 180:
        raise DataError(source, f"{where}.turn", f"must be between -180 and 180 degrees, not {turn}")
    if not 0 < length <= 2 * card_length:
        raise DataError(source, f"{where}.length", f"must be positive and at most {2 * card_length:g} mm")
    arrow = Arrow(turn, length)
    for k in range(41):
        x, y, _ = arrow.point(length * k / 40)
        if abs(x) > card_width / 2 + _ON_CARD or not -_ON_CARD <= y <= card_length + _ON_CARD:
            raise DataError(source, where, f"the arrow ({arrow.describe()}) leaves the "
                            f"{card_width:g} x {card_length:g} mm card at ({x:.1f}, {y:.1f})")
    return arrow


def _parse_deck(data: Mapping[str, Any], source: str) -> Deck:
    check_table(data, {"name", "card_length", "card_width", "hull_length", "hand_size", "total", "cards"}, source)
    name = _need(data, "name", str, source, "")
    length = float(_need(data, "card_length", (int, float), source, ""))
    width = float(_need(data, "card_width", (int, float), source, ""))
    hull = float(_need(data, "hull_length", (int, float), source, ""))
    for key, v in (("card_length", length), ("card_width", width), ("hull_length", hull)):
        if not 5 <= v <= 500:
            raise DataError(source, key, f"must be between 5 and 500 mm, not {v:g}")
    hand = _need(data, "hand_size", int, source, "")
    if not 1 <= hand <= 10:
        raise DataError(source, "hand_size", "must be 1 to 10")
    total = _need(data, "total", int, source, "")
    cards = _need(data, "cards", list, source, "")
    faces: list[Face] = []
    for i, raw in enumerate(cards):
        where = f"cards[{i}]"
        check_table(raw, {"id", "name", "copies", "symbol", "arrows"}, source, where)
        cid = _need(raw, "id", str, source, f"{where}.")
        if not _ID.match(cid):
            raise DataError(source, f"{where}.id", f"{cid!r} must be lower-case letters, digits and _")
        if any(f.id == cid for f in faces):
            raise DataError(source, f"{where}.id", f"{cid!r} is used twice")
        cname = _need(raw, "name", str, source, f"{where}.")
        copies = _need(raw, "copies", int, source, f"{where}.")
        if not 1 <= copies <= 60:
            raise DataError(source, f"{where}.copies", "must be 1 to 60")
        symbol = raw.get("symbol", "")
        if symbol not in SYMBOLS:
            raise DataError(source, f"{where}.symbol", f"{symbol!r} is not one of barre, nuage, soleil (or empty)")
        arrows_raw = raw.get("arrows", [])
        if not isinstance(arrows_raw, list):
            raise DataError(source, f"{where}.arrows", "must be a list")
        arrows = tuple(_parse_arrow(a, length, width, source, f"{where}.arrows[{k}]")
                       for k, a in enumerate(arrows_raw))
        if symbol == "soleil" and arrows:
            raise DataError(source, f"{where}.arrows", "a sun card has no arrows")
        if symbol != "soleil" and not 1 <= len(arrows) <= 4:
            raise DataError(source, f"{where}.arrows", "a direction card has 1 to 4 arrows")
        faces.append(Face(cid, cname, copies, symbol, arrows))
    if not faces:
        raise DataError(source, "cards", "the deck has no cards")
    if not any(not f.is_sun for f in faces):
        raise DataError(source, "cards", "the deck has no direction card")
    count = sum(f.copies for f in faces)
    if count != total:
        raise DataError(source, "total", f"says {total} cards but the copies add up to {count}")
    return Deck(name, length, width, hull, hand, tuple(faces))
