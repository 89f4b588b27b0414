"""Manoeuvre cards: the model, its validation, and where a card puts a boat.

A card is read *for the tack the boat is on*: exit turns are degrees towards the wind
(positive) or away from it (negative), exit points are given with x to windward. So one
description serves both tacks, and the port and starboard copies of a card are the same
description bound to a tack.

Placement (rule text, "The Manoeuvre Cards"): "place it so that the bow touches the
entry line ... and move the boat so that the stern touches one of the exit lines and
the hull is parallel to the exit line."  A boat's pose is the position of its bow, so
the card's local frame is the boat's local frame: entry edge through the origin, the
card reaching ``along`` mm forward and ``across`` mm wide, centred.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Any, Mapping

import numpy as np

from dinghy.core.errors import DataError, key_name
from dinghy.core.geometry import HEADING_STEP, Pose, rectangle_outline
from dinghy.core.wind import PointOfSail, Tack


class Played(str, Enum):
    LENGTHWISE = "lengthwise"   # long side along the boat
    SIDEWAYS = "sideways"       # short side along the boat
    IN_PLACE = "in_place"       # the delay card: lies lengthwise, no movement


class Kind(str, Enum):
    NORMAL = "normal"
    TACK = "tack"
    JIBE = "jibe"
    SPI_UP = "spi_up"
    SPI_DOWN = "spi_down"
    DELAY = "delay"


@dataclass(frozen=True, slots=True)
class Exit:
    """One exit line: heading change towards the wind, and the stern's point on the card."""

    turn: int
    x: float   # to windward of the entry point, mm
    y: float   # forward of the entry edge, mm


@dataclass(frozen=True, slots=True)
class CardType:
    """One kind of card in a player's set, bound to a tack where it has one."""

    key: str                      # "reach.port", "tack", ...
    id: str
    name: str
    tack: Tack | None             # None: usable on either tack
    fits: frozenset[PointOfSail] | None   # None: fits every aspect (the delay card)
    trapeze: bool
    played: Played
    kind: Kind
    exits: tuple[Exit, ...]
    spi_bonus: bool
    plus_zone: bool
    along: float                  # card extent along the boat, mm
    across: float                 # card extent across the boat, mm

    @property
    def outline(self) -> np.ndarray:
        """The card's footprint in the boat's local frame."""
        return rectangle_outline(self.across, self.along)

    @property
    def changes_tack(self) -> bool:
        return self.kind in (Kind.TACK, Kind.JIBE)

    def describe_fit(self) -> str:
        parts = []
        if self.fits is None:
            parts.append("any point of sail")
        else:
            parts.append(" or ".join(p.value.replace("_", "-") for p in
                                     (PointOfSail.CLOSE_HAULED, PointOfSail.REACHING,
                                      PointOfSail.RUNNING) if p in self.fits))
        if self.tack is not None:
            parts.append(f"{self.tack.value} tack")
        if self.trapeze:
            parts.append("trapezing")
        return ", ".join(parts)


#: (id of a card set, kind) -> (that card set, its first key of the kind): the set is
#: kept with its answer, so an id is never read for another set.
_KEY_OF: dict[tuple[int, "Kind"], tuple["CardSet", str | None]] = {}


@dataclass(frozen=True, slots=True)
class CardSet:
    """A player's whole set of manoeuvre cards in one size, with the table's scale."""

    size: str
    card_length: float
    card_width: float
    hull_length: float
    plus_zone: float           # fraction of the entry edge that is the "+" zone
    spi_bonus_length: float    # fraction of a card length
    types: Mapping[str, CardType]
    copies: Mapping[str, int]

    def shift_limit(self, card: CardType) -> float:
        """Largest sideways shift of ``card`` under Weather Eye influence, mm."""
        return card.across * self.plus_zone / 2.0 if card.plus_zone else 0.0

    @property
    def spi_bonus_distance(self) -> float:
        return self.card_length * self.spi_bonus_length

    @property
    def total_cards(self) -> int:
        return sum(self.copies.values())

    def hand_keys(self) -> tuple[str, ...]:
        """Every card of a full hand, one key per physical card."""
        return tuple(k for k, n in self.copies.items() for _ in range(n))

    def delay_key(self) -> str:
        return self.key_of(Kind.DELAY)

    def key_of(self, kind: Kind) -> str | None:
        """The first card key of this kind (None: no such card); looked up once per set
        (the rules ask for the delay card many times a step)."""
        found = _KEY_OF.get((id(self), kind))
        if found is None or found[0] is not self:
            found = (self, next((k for k, t in self.types.items() if t.kind is kind), None))
            if len(_KEY_OF) > 256:
                _KEY_OF.clear()
            _KEY_OF[(id(self), kind)] = found
        return found[1]

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str) -> "CardSet":
        return _parse_cardset(data, source)


# --- where a card puts a boat ----------------------------------------------------------

def arc_exit_point(turn: int, along: float, across: float) -> tuple[float, float]:
    """The exit point of the arc model (x to windward, y forward).

    The boat turns on a circle from the entry point, tangent to its heading; the exit
    point is where an arc of exactly ``turn`` degrees meets the card's edge: the far
    edge for gentle turns, the side edge for sharp ones.
    """
    if turn == 0:
        return (0.0, along)
    a = math.radians(abs(turn))
    side = (across / 2.0) / (1.0 - math.cos(a))
    far = along / math.sin(a) if math.sin(a) > 1e-12 else math.inf
    r = min(side, far)
    return (math.copysign(r * (1.0 - math.cos(a)), turn), r * math.sin(a))


def exit_pose(pose: Pose, tack: Tack, card: CardType, ex: Exit, hull_length: float,
              shift: float = 0.0) -> Pose:
    """Where the boat ends: stern on the exit point, hull along the exit heading.

    ``shift`` is a sideways shift of the card (Weather Eye), mm to windward.
    """
    s = tack.windward_sign
    stern = pose.offset(s * (ex.x + shift), ex.y, s * ex.turn)
    return stern.forward(hull_length)


def exit_track(pose: Pose, tack: Tack, card: CardType, ex: Exit, hull_length: float,
               shift: float = 0.0, samples: int = 6) -> list[tuple[float, float]]:
    """Points along the bow's path over the card, for rounding and finishing tests.

    (The arithmetic of ``Pose.offset``/``to_world`` and :func:`exit_pose` written out
    with each sine and cosine taken once: the same operations in the same order, so the
    same points. The products, which do not depend on where the boat lies, are kept per
    heading, tack, exit and shift: see :func:`_track_terms`.)"""
    x0, y0 = pose.x, pose.y
    a1, a2, b1, b2, arc, e1, e2, f1, f2, g1, g2, h1, h2 = _track_terms(
        pose.heading, tack.windward_sign, ex.x, ex.y, ex.turn, hull_length, shift, samples)
    sx, sy = x0 + a1 + a2, y0 - b1 + b2      # start = pose.offset(s * shift, 0.0)
    pts = [(x0, y0), (sx, sy)]
    pts += [(sx + c1 + c2, sy - d1 + d2) for c1, c2, d1, d2 in arc]
    tx, ty = x0 + e1 + e2, y0 - f1 + f2
    pts.append((tx + g1 + g2, ty - h1 + h2))
    return pts


_TRACK_TERMS: dict = {}


def _track_terms(heading: int, s: int, ex_x: float, ex_y: float, turn: int, hull_length: float,
                 shift: float, samples: int) -> tuple:
    """The products :func:`exit_track` adds to the boat's place, in its order: the
    start's, each arc point's (``wx cos``, ``ly sin``, ``wx sin``, ``ly cos``), the
    exit point's and the hull length's along the exit heading (cached)."""
    key = (heading, s, ex_x, ex_y, turn, hull_length, shift, samples)
    out = _TRACK_TERMS.get(key)
    if out is not None:
        return out
    r0 = math.radians(heading)
    sn, cs = math.sin(r0), math.cos(r0)
    lx0 = s * shift
    arc = []
    # Follow the arc model between the entry point and the exit point.
    if turn:
        a = math.radians(abs(turn))
        r_x = abs(ex_x) / (1 - math.cos(a)) if abs(1 - math.cos(a)) > 1e-12 else 0.0
        r = r_x if r_x else ex_y / math.sin(a)
    for i in range(1, samples + 1):
        t = i / samples
        if turn:
            ang = math.radians(turn * t)
            lx = math.copysign(r * (1 - math.cos(abs(ang))), turn)
            ly = r * math.sin(abs(ang))
        else:
            lx, ly = 0.0, ex_y * t
        wx = s * lx
        arc.append((wx * cs, ly * sn, wx * sn, ly * cs))
    # exit_pose: the stern on the exit point, then the hull's length along the exit heading
    lx, ly = s * (ex_x + shift), ex_y
    r1 = math.radians((heading + s * turn) % 360)
    sn1, cs1 = math.sin(r1), math.cos(r1)
    out = (lx0 * cs, 0.0 * sn, lx0 * sn, 0.0 * cs, tuple(arc), lx * cs, ly * sn, lx * sn, ly * cs,
           0.0 * cs1, hull_length * sn1, 0.0 * sn1, hull_length * cs1)
    if len(_TRACK_TERMS) > 20000:
        _TRACK_TERMS.clear()
    _TRACK_TERMS[key] = out
    return out


# --- parsing ---------------------------------------------------------------------------

#: A card's length and a hull's length are at most this many millimetres (the shipped
#: cards are under 100); a card comes in 1 to MAX_COPIES copies.
MAX_CARD_MM = 1000
MAX_COPIES = 50

_CARD_KEYS = {"id", "name", "copies", "tack", "fits", "trapeze", "played", "kind",
              "exits", "spi_bonus", "plus_zone"}
_TOP_KEYS = {"size", "card_length", "card_width", "hull_length", "plus_zone",
             "spi_bonus_length", "cards"}
_FITS = {"close_hauled": PointOfSail.CLOSE_HAULED, "reaching": PointOfSail.REACHING,
         "running": PointOfSail.RUNNING}


def _need(data: Mapping[str, Any], key: str, types: type | tuple[type, ...], source: str,
          where: str) -> Any:
    if key not in data:
        raise DataError(source, f"{where}{key}", "missing")
    v = data[key]
    if isinstance(v, bool) and bool not in (types if isinstance(types, tuple) else (types,)):
        raise DataError(source, f"{where}{key}", f"expected a number, got {v!r}")
    if not isinstance(v, types):
        raise DataError(source, f"{where}{key}", f"wrong type ({type(v).__name__})")
    return v


def _parse_cardset(data: Mapping[str, Any], source: str) -> CardSet:
    if not isinstance(data, Mapping):
        raise DataError(source, "", "expected a table")
    for k in data:
        if k not in _TOP_KEYS:
            raise DataError(source, key_name(k), "unknown key")
    size = _need(data, "size", str, source, "")
    length = float(_need(data, "card_length", (int, float), source, ""))
    width = float(_need(data, "card_width", (int, float), source, ""))
    hull = float(_need(data, "hull_length", (int, float), source, ""))
    plus = float(_need(data, "plus_zone", (int, float), source, ""))
    bonus = float(_need(data, "spi_bonus_length", (int, float), source, ""))
    if not 10 <= length <= MAX_CARD_MM:
        raise DataError(source, "card_length", f"must be 10 to {MAX_CARD_MM} mm")
    if not 0 < width <= length:
        raise DataError(source, "card_width", "must be positive and not longer than card_length")
    if not 0 < hull <= MAX_CARD_MM:
        raise DataError(source, "hull_length", f"must be positive and at most {MAX_CARD_MM} mm")
    if not 0 <= plus <= 1:
        raise DataError(source, "plus_zone", "must be a fraction between 0 and 1")
    if not 0 <= bonus <= 2:
        raise DataError(source, "spi_bonus_length", "must be a fraction of a card length, 0 to 2")
    cards = _need(data, "cards", list, source, "")
    types: dict[str, CardType] = {}
    copies: dict[str, int] = {}
    for i, raw in enumerate(cards):
        where = f"cards[{i}]."
        if not isinstance(raw, Mapping):
            raise DataError(source, f"cards[{i}]", "expected a table")
        for k in raw:
            if k not in _CARD_KEYS:
                raise DataError(source, f"{where}{k}", "unknown key")
        cid = _need(raw, "id", str, source, where)
        name = _need(raw, "name", str, source, where)
        n = _need(raw, "copies", int, source, where)
        if not 1 <= n <= MAX_COPIES:
            raise DataError(source, f"{where}copies", f"must be 1 to {MAX_COPIES}")
        tack_mode = _need(raw, "tack", str, source, where)
        if tack_mode not in ("each", "any"):
            raise DataError(source, f"{where}tack", 'must be "each" or "any"')
        fits_raw = _need(raw, "fits", list, source, where)
        if fits_raw == ["any"]:
            fits = None
        else:
            bad = [f for f in fits_raw if not isinstance(f, str) or f not in _FITS]
            if bad or not fits_raw:
                raise DataError(source, f"{where}fits",
                                f"expected points of sail from {sorted(_FITS)} or [\"any\"], got {bad or fits_raw}")
            fits = frozenset(_FITS[f] for f in fits_raw)
        trapeze = _need(raw, "trapeze", bool, source, where)
        try:
            played = Played(_need(raw, "played", str, source, where))
        except ValueError:
            raise DataError(source, f"{where}played", "must be lengthwise, sideways or in_place") from None
        try:
            kind = Kind(_need(raw, "kind", str, source, where))
        except ValueError:
            raise DataError(source, f"{where}kind", f"must be one of {[k.value for k in Kind]}") from None
        spi = _need(raw, "spi_bonus", bool, source, where)
        plus_card = _need(raw, "plus_zone", bool, source, where)
        along, across = (width, length) if played is Played.SIDEWAYS else (length, width)
        exits = []
        for j, ex in enumerate(_need(raw, "exits", list, source, where)):
            ew = f"{where}exits[{j}]."
            if not isinstance(ex, Mapping) or set(ex) - {"turn", "at"}:
                raise DataError(source, f"{where}exits[{j}]", "expected { turn = N } or { turn = N, at = [x, y] }")
            turn = _need(ex, "turn", int, source, ew)
            if turn % HEADING_STEP or not -165 <= turn <= 165:
                raise DataError(source, f"{ew}turn", "must be a multiple of 15 between -165 and 165")
            if "at" in ex:
                at = ex["at"]
                if (not isinstance(at, list) or len(at) != 2
                        or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in at)):
                    raise DataError(source, f"{ew}at", "expected [x, y] in mm")
                if not (-across / 2 - 1e-6 <= at[0] <= across / 2 + 1e-6 and -1e-6 <= at[1] <= along + 1e-6):
                    raise DataError(source, f"{ew}at", "exit point lies off the card")
                x, y = float(at[0]), float(at[1])
            else:
                x, y = arc_exit_point(turn, along, across)
            exits.append(Exit(turn, x, y))
        if kind is not Kind.DELAY and not exits:
            raise DataError(source, f"{where}exits", "a manoeuvre card needs at least one exit")
        if kind is Kind.DELAY and exits:
            raise DataError(source, f"{where}exits", "the delay card has no exits")
        variants: list[Tack | None] = [Tack.PORT, Tack.STARBOARD] if tack_mode == "each" else [None]
        for t in variants:
            key = cid if t is None else f"{cid}.{t.value}"
            if key in types:
                raise DataError(source, f"{where}id", f"duplicate card id {cid!r}")
            types[key] = CardType(key, cid, name if t is None else f"{name} ({t.value})", t, fits,
                                  trapeze, played, kind, tuple(exits), spi, plus_card, along, across)
            copies[key] = n
    if sum(1 for t in types.values() if t.kind is Kind.DELAY) != 1:
        raise DataError(source, "cards", "the set needs exactly one delay card kind")
    return CardSet(size, length, width, hull, plus, bonus, types, copies)
