"""Each game shows bots and views a public face (``dinghy/games/<game>/ask.py``) and keeps
its private names to itself: nothing outside a game's package imports a name with a
leading underscore from it, and the Dinghy Race ``rules`` door exports public names only."""
from __future__ import annotations

import ast
import importlib
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "dinghy"
GAMES = ["dinghy_race", "race_the_wind", "regatta_3m", "yacht_race", "regatta_gigamic"]


@lru_cache(maxsize=None)
def _imports(folder: str) -> tuple:
    """Every ``from dinghy.games.... import`` in ``folder``, with its file (parsed once a
    process: several tests ask of the same folders)."""
    return tuple((path.relative_to(ROOT), node) for path in sorted((ROOT / folder).rglob("*.py"))
                 for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                 if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("dinghy.games."))


@pytest.mark.parametrize("folder", ["skippers", "ui", "simulate"])
def test_no_private_name_is_imported_from_a_game(folder):
    found = [f"{path}: {node.module} import {a.name}" for path, node in _imports(folder)
             for a in node.names if a.name.startswith("_")]
    assert found == []
    assert any(True for _ in _imports(folder)) or folder == "simulate"


def test_the_dinghy_race_rules_door_exports_public_names_only():
    from dinghy.games.dinghy_race import rules
    assert [n for n in rules.__all__ if n.startswith("_")] == []
    assert all(hasattr(rules, n) for n in rules.__all__)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_public_face_of_public_names(game):
    ask = importlib.import_module(f"dinghy.games.{game}.ask")
    assert ask.__all__ and not [n for n in ask.__all__ if n.startswith("_")]
    assert all(callable(getattr(ask, n)) or getattr(ask, n) is not None for n in ask.__all__)
    assert callable(ask.position)


@pytest.mark.parametrize("game", ["race_the_wind", "regatta_3m", "yacht_race", "regatta_gigamic"])
def test_the_grid_games_bots_and_views_ask_through_the_public_face(game):
    """Their skippers and views import the game's rules only from its ``ask`` module."""
    found = [f"{path}: {node.module}" for folder in ("skippers", "ui") for path, node in _imports(folder)
             if node.module.startswith(f"dinghy.games.{game}")
             and node.module != f"dinghy.games.{game}.ask"
             and not (node.module == f"dinghy.games.{game}" and [a.name for a in node.names] == ["ask"])]
    assert found == []


def test_the_public_stop_short_is_where_the_engine_stops_a_move():
    """``ask.stop_short`` (the skippers' forecast of a stop) ends each move that runs into
    something where ``apply`` ends it, over a seeded race."""
    from dinghy.games.dinghy_race import ask
    from dinghy.games.dinghy_race.actions import Move
    from test_positions import played

    game, race = played("dinghy_race", seed=1, limit=700)
    stops = 0
    for st in race.history:
        if st.step is not ask.Step.MOVE:
            continue
        boat = st.boat()
        for m in game.legal_actions(st):
            if not isinstance(m, Move):
                continue
            opt = ask.exit_options(game, st, m.shift)[m.exit]
            if opt.blocked_by is None:
                continue
            pose, tack, _ = ask.stop_short(game, st, opt, m.shift)
            after, _ = game.apply(st, m)
            assert (pose, tack) == (after.boats[boat.index].pose, after.boats[boat.index].tack), m
            stops += 1
    assert stops > 5
