"""What a race is set up with: seats, course, wind force, card size, supplies, options.

A ``RaceSetup`` plus the list of actions taken is a complete game record.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Mapping

from dinghy.core.errors import DataError

#: Boat colours: the Okabe–Ito palette, distinguishable with the common colour-vision
#: deficiencies. Name -> (r, g, b).
PALETTE: dict[str, tuple[int, int, int]] = {
    "Orange": (230, 159, 0),
    "Sky": (86, 180, 233),
    "Green": (0, 158, 115),
    "Yellow": (240, 228, 66),
    "Blue": (0, 114, 178),
    "Vermilion": (213, 94, 0),
    "Purple": (204, 121, 167),
}

WIND_FORCES = ("light", "medium", "strong")
#: The longest seat name (the set-up screen takes 16 characters) and skipper name a
#: set-up holds; every event of a race repeats the names, so they are capped.
MAX_SEAT_NAME = 40
#: The longest course (or board) name or path, and the most set-up options.
MAX_COURSE_NAME = 4096
MAX_EXTRA = 20
#: Seeds are whole numbers of magnitude below 2**63.
MAX_SEED = 2 ** 63 - 1
CARD_SIZES = ("small", "standard")


@dataclass(frozen=True, slots=True)
class Seat:
    """One boat and who sails it: ``skipper`` None for a human, else a bot's name."""

    name: str
    colour: str
    skipper: str | None = None


@dataclass(frozen=True, slots=True)
class RaceSetup:
    seats: tuple[Seat, ...]
    course: str = "olympic_triangle"
    wind_force: str | None = None      # None: the course's own default
    card_size: str | None = None       # None: the course's own default
    lady_luck: int = 3
    weather_eye: int = 2
    inner_boat_rule: bool = True
    seed: int = 0
    extra: tuple[tuple[str, Any], ...] = field(default=())

    def with_(self, **changes: Any) -> "RaceSetup":
        return replace(self, **changes)

    def to_mapping(self) -> dict[str, Any]:
        d = asdict(self)
        d["seats"] = [asdict(s) for s in self.seats]
        d["extra"] = [list(kv) for kv in self.extra]
        return d

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "record") -> "RaceSetup":
        if not isinstance(data, Mapping):
            raise DataError(source, "setup", "must be a table")
        known = {f for f in cls.__slots__}  # type: ignore[attr-defined]
        for key in data:
            if key not in known:
                raise DataError(source, f"setup.{key}", "unknown key")
        seats_raw = data.get("seats")
        if not isinstance(seats_raw, list) or not 1 <= len(seats_raw) <= 7:
            raise DataError(source, "setup.seats", "must be a list of 1 to 7 seats")
        seats = []
        for i, s in enumerate(seats_raw):
            if not isinstance(s, Mapping) or not isinstance(s.get("name"), str) \
                    or not isinstance(s.get("colour"), str) or s["colour"] not in PALETTE \
                    or not (s.get("skipper") is None or isinstance(s.get("skipper"), str)) \
                    or set(s) - {"name", "colour", "skipper"}:
                raise DataError(source, f"setup.seats[{i}]",
                                f"needs name, colour (one of {', '.join(PALETTE)}) and skipper")
            for key in ("name", "skipper"):
                if len(s.get(key) or "") > MAX_SEAT_NAME:
                    raise DataError(source, f"setup.seats[{i}].{key}",
                                    f"is {len(s[key]):,} characters long; at most {MAX_SEAT_NAME}")
            seats.append(Seat(s["name"], s["colour"], s.get("skipper")))
        out = cls(seats=tuple(seats))
        checks = {
            "course": lambda v: isinstance(v, str) and 0 < len(v) <= MAX_COURSE_NAME and "\0" not in v,
            "wind_force": lambda v: v is None or (isinstance(v, str) and v in WIND_FORCES),
            "card_size": lambda v: v is None or (isinstance(v, str) and v in CARD_SIZES),
            "lady_luck": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 20,
            "weather_eye": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 20,
            "inner_boat_rule": lambda v: isinstance(v, bool),
            "seed": lambda v: isinstance(v, int) and not isinstance(v, bool) and abs(v) <= MAX_SEED,
        }
        changes = {}
        for key, ok in checks.items():
            if key in data:
                if not ok(data[key]):
                    raise DataError(source, f"setup.{key}", f"invalid value {_short(data[key])}")
                changes[key] = data[key]
        extra = data.get("extra", [])
        if not isinstance(extra, list) or not all(isinstance(kv, list) and len(kv) == 2 for kv in extra):
            raise DataError(source, "setup.extra", "must be a list of [key, value] pairs")
        if len(extra) > MAX_EXTRA:
            raise DataError(source, "setup.extra", f"holds {len(extra)} options; at most {MAX_EXTRA}")
        for i, (key, value) in enumerate(extra):
            if not isinstance(key, str) or len(key) > MAX_SEAT_NAME \
                    or not isinstance(value, (str, bool, int)) or len(str(value)) > MAX_SEAT_NAME:
                raise DataError(source, f"setup.extra[{i}]", "must be a short option name and a short "
                                f"value (text, a whole number or true/false), not {_short([key, value])}")
        changes["extra"] = tuple(tuple(kv) for kv in extra)
        return replace(out, **changes)


def _short(value: Any) -> str:
    """A value as an error quotes it: its repr, cut short when long."""
    text = repr(value)
    return text if len(text) <= 80 else f"{text[:60]}… ({len(text):,} characters)"


def default_setup(humans: int = 2, bots: int = 2, seed: int = 0) -> RaceSetup:
    """The one-click race: some humans and some bots on the Olympic triangle."""
    names = list(PALETTE)
    seats = [Seat(names[i], names[i], None if i < humans else "simple") for i in range(humans + bots)]
    return RaceSetup(seats=tuple(seats), seed=seed)
