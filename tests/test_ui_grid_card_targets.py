"""The squares a boat reaches only by playing a card are marked apart on the board.

3M Regatta: "PUFF CARDS: good for a 1-space extension of a leg ... he may play only one
per turn. After a puff card has been used, it is placed aside and may not be used
again." A highlighted point one space past a leg's end is reached only by spending one;
the table draws it lilac, ringed twice, with "puff" on it, the hover line says so in
the engine's words, the course card's key explains it, and the browser table marks the
same target with its card's name. What costs a card is the engine's word
(``game.turned_card`` of every legal action there), never the view's own rule.
Positions are built directly (a few actions into a race), not sailed by taps."""
from __future__ import annotations

import pytest

from dinghy import games
from dinghy.core import picture
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.games.regatta_3m.actions import Leg
from dinghy.serve.targets import board_targets
from dinghy.ui import testing as ui
from dinghy.ui.grid.squares import SquareScan

from shots import shot

SEATS = (Seat("Ann", "Orange"), Seat("Bob", "Sky", "easy"), Seat("Cy", "Green", "easy"))


def split(scan, cells):
    """The target cells whose every legal action is a leg with a puff card, and the rest."""
    puffs, plain = set(), set()
    for cell in cells:
        acts = [a.action for a in scan.cells[cell] if a.legal]
        (puffs if acts and all(isinstance(a, Leg) and a.puff for a in acts) else plain).add(cell)
    return puffs, plain


def to_puff_choice(rules="regatta", seed=3):
    """A 3M race played (first legal action, dice rolled) to a decision of Ann's (seat 0)
    with both puff-only and plain targets: (game, race, scan)."""
    game = games.load_game(RaceSetup(seats=SEATS, course="3m_triangle", seed=seed), rules)
    race = Race(game)
    for _ in range(80):
        if race.chance:
            race.roll()
            continue
        if race.current_player() != 0:
            race.push(race.legal_actions()[0])
            continue
        scan = SquareScan(game, race.state)
        puffs, plain = split(scan, scan.targets)
        if puffs and plain:
            return game, race, scan
        race.push(race.legal_actions()[0])
    raise AssertionError("no decision with a puff-only square")


@pytest.mark.parametrize("rules", ["regatta", "regatta_advanced"])
def test_the_scan_names_the_puff_card_on_exactly_the_squares_only_a_puff_reaches(rules):
    game, race, scan = to_puff_choice(rules)
    puffs, plain = split(scan, scan.targets)
    cards = scan.card_targets(race.current_player())
    assert set(cards) == puffs and not set(cards) & plain
    assert set(cards.values()) == {"Puff"}
    # a square a plain leg reaches is ordinary, whatever else is played there
    for cell in plain:
        assert any(not getattr(a.action, "puff", False) for a in scan.cells[cell] if a.legal)


@pytest.mark.parametrize("size", [(1024, 600), (800, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_draws_puff_squares_apart_and_says_puff(make_ui_app, size):
    from dinghy.ui.grid.course_card import card_text
    from dinghy.ui.grid.drawing import CARD_TARGET, TARGET
    from dinghy.ui.shell.table import TableScene

    app = make_ui_app(*size)
    game, race, _ = to_puff_choice()
    assert race.current_player() == 0          # Ann, the person, decides
    scene = TableScene(Race.from_state(game, race.state), bot_delay=0, animate=False)
    app.push(scene)
    app.step()
    view = scene.view
    puffs, plain = split(view.scan, view.targets)
    drawing = view.drawing
    assert set(drawing.card_spots) == puffs and set(drawing.card_spots.values()) == {"puff"}
    shot(app, f"grid_puff_targets_{size[0]}x{size[1]}.png", "table-people")
    h = view.camera.zoom * 0.5 - max(1.0, view.gui.px(1))
    shown = [c for c in puffs | plain if view.camera.contains_screen(*view.screen_of(c))
             and view.camera.contains_screen(view.screen_of(c)[0] + h, view.screen_of(c)[1])]
    seen = {"puff": 0, "plain": 0}
    for cell in shown:                          # the ring's colour, on its right-hand side
        cx, cy = view.screen_of(cell)
        colour = ui.pixel(app, int(cx + h * 0.8), int(cy))
        want, other = (CARD_TARGET, TARGET) if cell in puffs else (TARGET, CARD_TARGET)
        near = lambda c: sum(abs(a - b) for a, b in zip(colour, c))  # noqa: E731
        assert near(want) < near(other), (cell, colour)
        seen["puff" if cell in puffs else "plain"] += 1
    assert seen["puff"] and seen["plain"]
    # the word on the square, where it is big enough to read
    words = [(lab.text, lab.x, lab.y) for lab in drawing.labels if lab.visible]
    for cell in shown:
        cx, cy = view.screen_of(cell)
        on = [t for t, x, y in words if abs(x - cx) < 2 and abs(y - cy) < 2]
        assert ("puff" in on) == (cell in puffs), (cell, on)
    # the hover line names the card, in the engine's words
    cell = next(c for c in shown if c in puffs)
    ui.move(app, *view.screen_of(cell))
    assert view.hint_row.text.startswith("Plays a puff card")
    # the course card's key says what the lilac squares are
    key = card_text(game.board, view.current_picture())
    assert "Lilac squares" in key and "'puff'" in key


def test_the_browser_table_marks_the_same_targets_with_the_card():
    game, race, scan = to_puff_choice()
    seat = race.current_player()
    frame = picture.Frame(game.board_drawing(), 900, game.seats())
    targets = board_targets(game, race.state, seat, race.legal_actions(), frame, 20.0)
    carded = [t for t in targets if "card" in t]
    assert carded and len(carded) < len(targets)
    for t in targets:
        every_puff = all(a["text"].endswith(" puff") for a in t["acts"])
        assert ("card" in t) == every_puff, t
        if "card" in t:
            assert t["card"] == "puff"
    # the same points the table marks
    puffs, _ = split(scan, scan.targets)
    assert {(t["x"], t["y"]) for t in carded} == \
        {tuple(round(v, 1) for v in frame.px((x + 0.5, y + 0.5))) for x, y in puffs}


@pytest.mark.parametrize("rules", ["regatta", "regatta_advanced"])
def test_the_puff_card_tells_where_to_tap_in_the_board_s_own_word(rules):
    """The 3M board's places are its crosses ("points"), as the panel's line says ("Tap a
    highlighted point to sail there"); the puff card's words said "tap a square"."""
    game, race, _scan = to_puff_choice(rules)
    word = "point" if game.board.cells == "points" else "square"
    puff = next(c for c in game.picture(race.state, 0).cards[0] if c.name == "Puff card")
    assert f"tap a {word} " in puff.how and ("square" if word == "point" else "point") not in puff.how
