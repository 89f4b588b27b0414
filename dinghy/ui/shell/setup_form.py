"""What the set-up screen is filling in, without any drawing (testable on its own).

The form only gathers choices and hands the engine a :class:`~dinghy.core.setup.RaceSetup`;
whether a course exists or a setup is playable is for the engine to say.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from dinghy.core.setup import CARD_SIZES, PALETTE, WIND_FORCES, RaceSetup, Seat, default_setup

MIN_SEATS, MAX_SEATS = 2, 6
BOT_SKIPPER = "simple"
SUPPLY_RANGE = range(0, 10)
#: The course a new group starts on: one short lap, a race that fits the evening.
FIRST_COURSE = "short_lap"
WIND_CHOICES: tuple[str | None, ...] = (None, *WIND_FORCES)
CARD_CHOICES: tuple[str | None, ...] = (None, *CARD_SIZES)


def new_seed() -> int:
    """A fresh random seed (from the system, so two races rarely share one)."""
    return random.SystemRandom().randrange(1, 2**31)


def course_title(name: str) -> str:
    """``olympic_triangle`` -> ``Olympic triangle``."""
    words = name.replace("_", " ").replace("-", " ").split()
    return " ".join(words)[:1].upper() + " ".join(words)[1:] if words else name


#: the seat levels the set-up offers: a human, the game's standard bot, and the three
#: bot levels (their names go to :func:`dinghy.skippers.skipper`, which says whether it
#: knows them).
LEVELS: tuple[tuple[str | None, str], ...] = (
    (None, "Human"), (BOT_SKIPPER, "Bot"), ("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard"))


def level_choices(current: str | None) -> list[tuple[str | None, str]]:
    """The levels a seat may take; a skipper from elsewhere (a record, the command line)
    that is not one of them stays on offer under its own name."""
    choices = list(LEVELS)
    if current not in dict(choices):
        choices.insert(2, (current, str(current).capitalize()))
    return choices


def skipper_problem(name: str | None, rules: str) -> str | None:
    """Why skipper ``name`` cannot sail game ``rules`` (the registry's own words), or None."""
    if name is None:
        return None
    from dinghy.skippers import skipper

    try:
        skipper(name, rules)
    except (ValueError, KeyError) as e:
        return str(e).strip("'\"")
    return None


@dataclass
class SeatForm:
    name: str
    colour: str
    skipper: str | None = None       # None: a human; else the bot's (or level's) name

    @property
    def bot(self) -> bool:
        return self.skipper is not None

    @bot.setter
    def bot(self, value: bool) -> None:
        self.skipper = (self.skipper or BOT_SKIPPER) if value else None

    def to_seat(self) -> Seat:
        return Seat(self.name.strip() or self.colour, self.colour, self.skipper)


class SetupForm:
    """The set-up choices, with the screen's own constraints: 2-6 seats, one colour
    per seat, supplies 0-9."""

    def __init__(self, courses: Sequence[str] = (), initial: RaceSetup | None = None,
                 seed: int | None = None) -> None:
        base = initial if initial is not None else default_setup()
        self.seats: list[SeatForm] = []
        for s in base.seats[:MAX_SEATS]:
            if s.colour in PALETTE and s.colour not in self.used_colours():
                self.seats.append(SeatForm(s.name, s.colour, s.skipper))
        while len(self.seats) < MIN_SEATS:
            self.add_seat(bot=len(self.seats) > 0)
        # An empty course list (none installed yet) falls back on the setup's own name:
        # the engine reports a missing course, the form does not guess.
        self.courses: list[str] = list(courses) or [base.course]
        self.course = base.course if base.course in self.courses else self.courses[0]
        if initial is None and FIRST_COURSE in self.courses:    # a new group: the short race
            self.course = FIRST_COURSE
        self.wind_force = base.wind_force if base.wind_force in WIND_CHOICES else None
        self.card_size = base.card_size if base.card_size in CARD_CHOICES else None
        self.lady_luck = min(max(base.lady_luck, 0), 9)
        self.weather_eye = min(max(base.weather_eye, 0), 9)
        self.inner_boat_rule = base.inner_boat_rule
        self.extra = base.extra
        self.seed = new_seed() if seed is None else int(seed)
        # a series of races (1: a single race), scored by dinghy.core.scoring
        self.series_races = 1
        self.scoring = "low_point"
        self.discard = False

    # --- seats ----------------------------------------------------------------------
    def used_colours(self, except_seat: int | None = None) -> set[str]:
        return {s.colour for i, s in enumerate(self.seats) if i != except_seat}

    def free_colours(self, seat: int | None = None) -> list[str]:
        """Palette colours nobody else has (in palette order); a seat keeps its own."""
        used = self.used_colours(seat)
        return [c for c in PALETTE if c not in used]

    def colour_free_for(self, seat: int, colour: str) -> bool:
        return colour in PALETTE and colour not in self.used_colours(seat)

    @property
    def can_add(self) -> bool:
        return len(self.seats) < MAX_SEATS and bool(self.free_colours())

    @property
    def can_remove(self) -> bool:
        return len(self.seats) > MIN_SEATS

    def add_seat(self, bot: bool = True) -> SeatForm:
        if len(self.seats) >= MAX_SEATS or not self.free_colours():
            raise ValueError(f"a race has at most {MAX_SEATS} boats")
        colour = self.free_colours()[0]
        seat = SeatForm(colour, colour, BOT_SKIPPER if bot else None)
        self.seats.append(seat)
        return seat

    def remove_seat(self, index: int) -> None:
        if len(self.seats) <= MIN_SEATS:
            raise ValueError(f"a race needs at least {MIN_SEATS} boats")
        del self.seats[index]

    def set_colour(self, index: int, colour: str) -> None:
        if not self.colour_free_for(index, colour):
            raise ValueError(f"{colour} is not free")
        seat = self.seats[index]
        if seat.name.strip() in ("", seat.colour):   # a default name follows its colour
            seat.name = colour
        seat.colour = colour

    # --- the result -----------------------------------------------------------------
    def to_setup(self) -> RaceSetup:
        return RaceSetup(
            seats=tuple(s.to_seat() for s in self.seats), course=self.course,
            wind_force=self.wind_force, card_size=self.card_size,
            lady_luck=self.lady_luck, weather_eye=self.weather_eye,
            inner_boat_rule=self.inner_boat_rule, seed=self.seed, extra=self.extra)
