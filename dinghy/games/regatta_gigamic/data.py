"""Regatta (Gigamic)'s data files: the deck and the courses, read through
:mod:`dinghy.core.io` and validated by the models' ``from_mapping``."""
from __future__ import annotations

import os

from dinghy.core import io
from dinghy.core.errors import DataError
from dinghy.core.setup import RaceSetup
from dinghy.games.regatta_gigamic.course import Course
from dinghy.games.regatta_gigamic.deck import Deck
from dinghy.games.regatta_gigamic.game import RegattaGigamic

CARDS = "cards/regatta_gigamic"
COURSES = "courses/regatta_gigamic"


def courses() -> list[str]:
    """The shipped courses, by name (one a table size)."""
    return io.shipped(COURSES)


def load_deck(name_or_path: str | os.PathLike[str] = "deck") -> Deck:
    p = io.resolve(CARDS, name_or_path)
    return Deck.from_mapping(io.read_toml(p), source=str(p))


def load_course(name_or_path: str | os.PathLike[str]) -> Course:
    p = io.resolve(COURSES, name_or_path)
    return Course.from_mapping(io.read_toml(p), source=str(p))


def load_game(setup: RaceSetup) -> RegattaGigamic:
    course = load_course(setup.course)
    game = RegattaGigamic(setup, course, load_deck())
    if len(game.slots) < len(setup.seats):
        raise DataError(setup.course, "line", f"the start line has room for {len(game.slots)} boats, "
                        f"not {len(setup.seats)}")
    if len(setup.seats) * game.deck.hand_size >= game.deck.total:
        raise DataError("deck", "total", f"{game.deck.total} cards cannot deal {game.deck.hand_size} "
                        f"to {len(setup.seats)} players and leave a pile")
    return game
