"""Immutable race state: plain frozen dataclasses, replaced, never mutated."""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any

from dinghy.core.geometry import Pose
from dinghy.core.wind import Tack


class Step(str, Enum):
    """The decision the race is waiting for."""

    LAUNCH = "launch"        # put the boat on the water (set-up, or after touching the line)
    BEGIN = "begin"          # declare trapezing, reveal the card
    PIVOT = "pivot"          # turn in place (delay card, dead in the water)
    MOVE = "move"            # choose the exit line (and shift, bonus)
    LUCK = "luck"            # commit Lady Luck before a hazard roll
    ROLL = "roll"            # the dice (chance)
    PLACE = "place"          # lay the next card face-down
    WEATHER_EYE = "weather_eye"  # optionally put a Weather Eye card on the water
    DRIFT = "drift"          # last player of the round drifts the Weather Eye cards
    OVER = "over"            # every boat has finished


@dataclass(frozen=True, slots=True)
class Boat:
    index: int
    pose: Pose
    tack: Tack
    planned: str | None = None     # card key lying in front of the bow; None: dead in the water
    aside: bool = False            # the planned card is held beside the boat (could not be placed)
    delays: int = 0                # face-up delay cards (penalty or hazard), one removed a turn
    trapeze: bool = False
    spi_up: bool = False
    lady_luck: int = 0
    weather_eye: int = 0
    started: bool = False
    legs_done: int = 0
    stage: int | None = None       # progress round the current mark (see dinghy.games.dinghy_race.course.RoundingState)
    finished: int | None = None    # place, once finished
    launched: bool = False
    #: what the latest hazard roll that struck the boat did (a hazard effect: "capsize",
    #: "man_overboard", "delay"); None until one strikes. With ``delays`` it tells a
    #: capsize from a plain delay of as many turns.
    mishap: str | None = None

    @property
    def racing(self) -> bool:
        return self.finished is None

    def with_(self, **changes: Any) -> "Boat":
        return _replace(self, _BOAT_FIELDS, changes)     # replaced below by a faster copy


@dataclass(frozen=True, slots=True)
class WeatherEyeCard:
    x: float
    y: float
    long_side_along_wind: bool
    owner: int | None = None       # None: a fixed marker of the course


@dataclass(frozen=True, slots=True)
class RulingRecord:
    """A right-of-way ruling as it stands, so that a protest can overrule it."""

    rule: int
    keeps_clear: int
    right_of_way: int
    swapped: bool          # whether the ruling swapped the two boats' turn-order positions
    text: str
    protested: bool = False


@dataclass(frozen=True, slots=True)
class Turn:
    """What is going on inside the active boat's turn."""

    card: str | None = None        # the card being executed (after the reveal)
    pivot_limit: int = 0           # 45 (delay) or 90 (dead in the water)
    then_place: bool = True        # after the pivot: place a card (else the turn ends)
    hazards: tuple[tuple[str, int], ...] = ()   # (hazard row, dice modifier) still to roll
    luck: int = 0                  # Lady Luck committed to the next roll
    substituted: bool = False      # a tack/jibe card exchanged under rule 1
    overlap_claimed: bool = False  # rule 3 already used in this turn

    def with_(self, **changes: Any) -> "Turn":
        return replace(self, **changes)     # replaced below by a faster copy


@dataclass(frozen=True, slots=True)
class RaceState:
    boats: tuple[Boat, ...]
    order: tuple[int, ...]         # turn order, boat indices; position 0 goes first
    round: int = 0                 # 0 while launching; rounds 1-5 are the pre-start
    active: int = 0                # boat index whose decision it is
    done: frozenset[int] = frozenset()   # boats that have had their turn this round
    step: Step = Step.LAUNCH
    turn: Turn = field(default_factory=Turn)
    start_crossings: tuple[tuple[int, int], ...] = ()   # (boat, round) in the order they crossed the start line
    places: tuple[int, ...] = ()            # boats in finishing order
    weather_eyes: tuple[WeatherEyeCard, ...] = ()
    last_ruling: "RulingRecord | None" = None   # the latest right-of-way ruling, open to protest

    def boat(self, index: int | None = None) -> Boat:
        return self.boats[self.active if index is None else index]

    def with_boat(self, boat: Boat, **changes: Any) -> "RaceState":
        """The state with ``boat`` in its place (and any other ``changes``), in one copy."""
        boats = list(self.boats)
        boats[boat.index] = boat
        return self.with_(boats=tuple(boats), **changes)

    def with_(self, **changes: Any) -> "RaceState":
        return _replace(self, _STATE_FIELDS, changes)     # replaced below by a faster copy

    @property
    def over(self) -> bool:
        return self.step is Step.OVER


def _replace(obj: Any, names: tuple[str, ...], changes: dict[str, Any]) -> Any:
    """``dataclasses.replace`` for these plain frozen classes (every field in __init__,
    no __post_init__), without looking the fields up on every call: states are copied
    a few times per action."""
    unknown = set(changes).difference(names)
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field {sorted(unknown)[0]!r}")
    return type(obj)(*[changes[n] if n in changes else getattr(obj, n) for n in names])


_BOAT_FIELDS = tuple(f.name for f in fields(Boat))
_STATE_FIELDS = tuple(f.name for f in fields(RaceState))


def _fast_with(cls: type) -> Any:
    """A ``with_`` for a plain frozen slotted dataclass, written out field by field: a
    keyword for each field (an unknown one is a TypeError, as in ``dataclasses.replace``),
    and the copy filled slot by slot without going through ``__init__`` (every field is in
    ``__init__``, no ``__post_init__``, so the result is the same object ``__init__`` would
    make). States are copied a few times per action; this is a third of the time."""
    names = [f.name for f in fields(cls)]
    assert all(f.init for f in fields(cls)) and not hasattr(cls, "__post_init__")
    args = ", ".join(f"{n}=_KEEP" for n in names)
    body = "".join(f"    _set_{n}(new, self.{n} if {n} is _KEEP else {n})\n" for n in names)
    src = (f"def with_(self, *, {args}):\n"
           f"    new = _new(_cls)\n{body}    return new\n")
    env = {"_KEEP": _KEEP, "_new": object.__new__, "_cls": cls}
    env.update({f"_set_{n}": cls.__dict__[n].__set__ for n in names})
    exec(src, env)
    fn = env["with_"]
    fn.__doc__ = f"A copy of the {cls.__name__} with the given fields changed."
    return fn


def fast_new(cls: type) -> Any:
    """A constructor for a plain frozen slotted dataclass taking every field in order,
    filling the slots directly (every field is in ``__init__``, no ``__post_init__``: the
    same object ``cls(*fields)`` makes, for the engine's hottest loops)."""
    names = [f.name for f in fields(cls)]
    assert all(f.init for f in fields(cls)) and not hasattr(cls, "__post_init__")
    body = "".join(f"    _set_{n}(new, {n})\n" for n in names)
    src = f"def make({', '.join(names)}):\n    new = _new(_cls)\n{body}    return new\n"
    env = {"_new": object.__new__, "_cls": cls}
    env.update({f"_set_{n}": cls.__dict__[n].__set__ for n in names})
    exec(src, env)
    return env["make"]


_KEEP = object()
Boat.with_ = _fast_with(Boat)
RaceState.with_ = _fast_with(RaceState)
Turn.with_ = _fast_with(Turn)
