"""Hazard tables: which manoeuvres are risky, the 2d6 roll, Lady Luck, exact odds.

The tables themselves are data (``hazard_tables/*.toml``, values from the rules notes)
so that an owner of the printed game can correct them; this module only validates them
and applies the rule text: roll both dice, add one per Lady Luck card, subtract 2 for an
involuntary tack or jibe, read the hazards left to right, and the first whose
"< below" holds is applied, "Only one hazard is ever applied on a hazard check, never
both". It never reads files (see ``dinghy.core.io.load_hazard_table``) and never rolls dice
on its own: the random generator always comes from the caller, so that a game record
replays identically.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from dinghy.core.errors import DataError

#: Every row a table must have, in the order the printed table shows them.
ROW_IDS: tuple[str, ...] = (
    "tack", "tack_trapeze", "jibe", "jibe_spi",
    "spi_up", "spi_down", "spi_abuse", "trapeze_abuse",
)
#: Every effect a hazard can have, worst first.
EFFECTS: tuple[str, ...] = ("man_overboard", "capsize", "delay")
#: Effects whose number of delay cards the table's ``[effects]`` section gives.
TABLE_EFFECTS: tuple[str, ...] = ("man_overboard", "capsize")
#: Rule text: an involuntary tack or jibe "implies the normal hazards, but modified with
#: a -2 modifier (a malus) on the die roll".
INVOLUNTARY_MODIFIER = -2
#: Lowest and highest sensible ``below``: 2d6 < 2 never happens, 2d6 < 13 always does.
BELOW_MIN, BELOW_MAX = 2, 13

#: The 36 equally likely rolls of two dice.
_ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
#: How many of the 36 rolls give each total 2..12.
_TOTALS: Counter[int] = Counter(a + b for a, b in _ROLLS)

_EFFECT_WORDS = {"man_overboard": "man overboard", "capsize": "capsized", "delay": "delayed"}


def roll_2d6(rng: random.Random) -> tuple[int, int]:
    """Both dice, kept apart so that a record shows the roll as it fell."""
    return rng.randint(1, 6), rng.randint(1, 6)


@dataclass(frozen=True)
class Outcome:
    """What a hazard check did to the boat; ``effect`` None means it got away unscathed."""

    effect: str | None
    delay_cards: int

    def __post_init__(self) -> None:
        if self.effect is not None and self.effect not in EFFECTS:
            raise ValueError(f"unknown hazard effect {self.effect!r}; known: {', '.join(EFFECTS)}")
        if isinstance(self.delay_cards, bool) or not isinstance(self.delay_cards, int):
            raise ValueError("delay_cards must be a whole number")
        if (self.effect is None) != (self.delay_cards == 0) or self.delay_cards < 0:
            raise ValueError("a hazard costs at least one delay card; no hazard costs none")

    @property
    def unscathed(self) -> bool:
        return self.effect is None

    def describe(self) -> str:
        """Plain English for the log and the window, e.g. "capsized: 2 delay cards"."""
        if self.effect is None:
            return "no harm done"
        cards = "delay card" if self.delay_cards == 1 else "delay cards"
        return f"{_EFFECT_WORDS[self.effect]}: {self.delay_cards} {cards}"


#: The outcome of a check that no hazard caught (or of a row marked "-").
UNSCATHED = Outcome(None, 0)


@dataclass(frozen=True)
class Hazard:
    """One cell of a row: ``effect`` applies when the modified roll is below ``below``."""

    effect: str
    below: int
    delay_cards: int

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.effect, self.delay_cards)


@dataclass(frozen=True)
class HazardRow:
    """One manoeuvre's hazards, left to right; no hazards is the table's "-" (no roll)."""

    id: str
    label: str
    hazards: tuple[Hazard, ...]

    def outcomes(self) -> tuple[Outcome, ...]:
        """Every outcome the row can give, hazards left to right, then unscathed."""
        seen = dict.fromkeys(h.outcome for h in self.hazards)
        seen[UNSCATHED] = None
        return tuple(seen)


@dataclass(frozen=True)
class HazardTable:
    """The hazard table for one wind force, chosen at set-up."""

    name: str
    title: str
    rows: Mapping[str, HazardRow]
    beaufort: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        # A read-only view, so that a table shared by every boat cannot be edited by one.
        object.__setattr__(self, "rows", MappingProxyType(dict(self.rows)))

    # --- reading the table ---------------------------------------------------------

    def row(self, row_id: str) -> HazardRow:
        try:
            return self.rows[row_id]
        except KeyError:
            raise ValueError(
                f"no hazard row {row_id!r} in table {self.name!r}; known: {', '.join(self.rows)}"
            ) from None

    def needs_roll(self, row_id: str) -> bool:
        """False for a row marked "-": the rule text rolls only for manoeuvres "not marked"."""
        return bool(self.row(row_id).hazards)

    def resolve(self, row_id: str, dice: tuple[int, int], luck: int = 0,
                modifier: int = 0) -> Outcome:
        """The single hazard a roll triggers: the first, left to right, with total < below.

        ``luck`` is the number of Lady Luck cards committed (+1 each), ``modifier`` any
        other change (``INVOLUNTARY_MODIFIER`` for an involuntary tack or jibe).
        """
        row = self.row(row_id)
        _check_dice(dice)
        _check_luck(luck, modifier)
        total = dice[0] + dice[1] + luck + modifier
        for hazard in row.hazards:
            if total < hazard.below:
                return hazard.outcome
        return UNSCATHED

    def odds(self, row_id: str, luck: int = 0, modifier: int = 0) -> dict[Outcome, Fraction]:
        """Exact chance of every outcome the row can give (zero ones included), summing to 1.

        Counted from the distribution of the dice total, band by band, rather than by
        calling :meth:`resolve`, so that the tests can check one against the other.
        """
        memo = self.__dict__.setdefault("_odds", {})
        known = memo.get((row_id, luck, modifier, type(luck), type(modifier)))
        if known is not None:
            return dict(known)      # a fresh dict: the caller may change its own
        row = self.row(row_id)
        _check_luck(luck, modifier)
        shift = luck + modifier
        counts = dict.fromkeys(row.outcomes(), 0)
        floor = -1_000  # lower edge of the band the current hazard still catches
        for hazard in row.hazards:
            caught = sum(n for t, n in _TOTALS.items() if floor <= t + shift < hazard.below)
            counts[hazard.outcome] += caught
            floor = max(floor, hazard.below)
        counts[UNSCATHED] += sum(n for t, n in _TOTALS.items() if t + shift >= floor)
        out = {outcome: Fraction(n, len(_ROLLS)) for outcome, n in counts.items()}
        memo[(row_id, luck, modifier, type(luck), type(modifier))] = out    # (a pure function of these)
        return dict(out)

    def odds_table(self, row_id: str, max_luck: int, modifier: int = 0) -> list[dict[Outcome, Fraction]]:
        """``odds`` for 0, 1, ... ``max_luck`` Lady Luck cards (list index = cards), for
        the window's chance table and for bots weighing a card against the risk."""
        if isinstance(max_luck, bool) or not isinstance(max_luck, int) or max_luck < 0:
            raise ValueError("max_luck must be a whole number, 0 or more")
        return [self.odds(row_id, luck, modifier) for luck in range(max_luck + 1)]

    # --- building from data --------------------------------------------------------

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str) -> HazardTable:
        """Validate a parsed table file; every fault is a DataError naming its field."""
        v = _Validator(source)
        v.keys(data, "", required=("name", "title", "beaufort", "effects", "rows"))
        name = v.text(data["name"], "name")
        title = v.text(data["title"], "title")
        beaufort = v.beaufort(data["beaufort"], "beaufort")
        effects = v.effects(data["effects"], "effects")
        rows = v.rows(data["rows"], "rows", effects)
        return cls(name=name, title=title, rows=rows, beaufort=beaufort)


def _check_dice(dice: Any) -> None:
    if (not isinstance(dice, tuple | list) or len(dice) != 2
            or not all(_is_int(d) and 1 <= d <= 6 for d in dice)):
        raise ValueError(f"dice must be two whole numbers 1..6, got {dice!r}")


def _check_luck(luck: Any, modifier: Any) -> None:
    if not _is_int(luck) or luck < 0:
        raise ValueError(f"Lady Luck cards must be a whole number, 0 or more, got {luck!r}")
    if not _is_int(modifier):
        raise ValueError(f"the modifier must be a whole number, got {modifier!r}")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


#: The most delay cards one hazard costs (the shipped tables ask 1 to 3).
MAX_DELAY_CARDS = 10


class _Validator:
    """Checks one parsed file, carrying the source name for every error."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> DataError:
        return DataError(self.source, where, message)

    def keys(self, data: Any, where: str, required: tuple[str, ...],
             optional: tuple[str, ...] = ()) -> None:
        if not isinstance(data, Mapping):
            raise self.fail(where, f"must be a table, got {_kind(data)}")
        for key in required:
            if key not in data:
                raise self.fail(_join(where, key), "missing")
        for key in data:
            if key not in required and key not in optional:
                allowed = ", ".join(required + optional)
                raise self.fail(_join(where, str(key)), f"unknown key (allowed: {allowed})")

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"must be a non-empty string, got {_kind(value)}")
        return value

    def integer(self, value: Any, where: str, lo: int, hi: int | None = None) -> int:
        if not _is_int(value):
            raise self.fail(where, f"must be a whole number, got {_kind(value)}")
        if value < lo or (hi is not None and value > hi):
            span = (f"{lo}..{hi}" if hi is not None and lo > 1 else
                    f"at least {lo} and at most {hi}" if hi is not None else f"at least {lo}")
            raise self.fail(where, f"must be {span}, got {value}")
        return value

    def array(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, f"must be a list, got {_kind(value)}")
        return value

    def beaufort(self, value: Any, where: str) -> tuple[int, int]:
        items = self.array(value, where)
        if len(items) != 2:
            raise self.fail(where, f"must be [lowest, highest], got {len(items)} numbers")
        lo = self.integer(items[0], f"{where}[0]", 0, 12)
        hi = self.integer(items[1], f"{where}[1]", lo, 12)
        return lo, hi

    def effects(self, value: Any, where: str) -> dict[str, int]:
        self.keys(value, where, required=TABLE_EFFECTS)
        return {e: self.integer(value[e], _join(where, e), 1, MAX_DELAY_CARDS) for e in TABLE_EFFECTS}

    def rows(self, value: Any, where: str, effects: Mapping[str, int]) -> dict[str, HazardRow]:
        found: dict[str, HazardRow] = {}
        for i, raw in enumerate(self.array(value, where)):
            at = f"{where}[{i}]"
            self.keys(raw, at, required=("id", "label", "hazards"))
            row_id = self.text(raw["id"], f"{at}.id")
            if row_id not in ROW_IDS:
                raise self.fail(f"{at}.id", f"unknown row {row_id!r} (known: {', '.join(ROW_IDS)})")
            if row_id in found:
                raise self.fail(f"{at}.id", f"row {row_id!r} appears twice")
            label = self.text(raw["label"], f"{at}.label")
            hazards = self.hazards(raw["hazards"], f"{at}.hazards", effects)
            found[row_id] = HazardRow(row_id, label, hazards)
        missing = [r for r in ROW_IDS if r not in found]
        if missing:
            raise self.fail(where, f"missing row(s): {', '.join(missing)} (use hazards = [] for \"-\")")
        return {r: found[r] for r in ROW_IDS}

    def hazards(self, value: Any, where: str, effects: Mapping[str, int]) -> tuple[Hazard, ...]:
        out: list[Hazard] = []
        for j, raw in enumerate(self.array(value, where)):
            at = f"{where}[{j}]"
            if not isinstance(raw, Mapping):
                raise self.fail(at, f"must be a table like {{ effect = \"delay\", below = 4, cards = 1 }}, got {_kind(raw)}")
            effect = raw.get("effect")
            if "effect" in raw and (not isinstance(effect, str) or effect not in EFFECTS):
                raise self.fail(f"{at}.effect", f"unknown effect {effect!r} (known: {', '.join(EFFECTS)})")
            if effect == "delay":
                self.keys(raw, at, required=("effect", "below", "cards"))
                cards = self.integer(raw["cards"], f"{at}.cards", 1, MAX_DELAY_CARDS)
            else:
                # man overboard and capsize cost what the [effects] section says
                self.keys(raw, at, required=("effect", "below"))
                cards = effects[raw["effect"]]
            below = self.integer(raw["below"], f"{at}.below", BELOW_MIN, BELOW_MAX)
            if out and below <= out[-1].below:
                raise self.fail(f"{at}.below", f"must be more than the hazard to its left ({out[-1].below}): "
                                "hazards are read left to right, so a smaller one could never apply")
            out.append(Hazard(raw["effect"], below, cards))
        return tuple(out)


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, int | float):
        return f"the number {value!r}"
    return {dict: "a table", list: "a list"}.get(type(value), type(value).__name__)
