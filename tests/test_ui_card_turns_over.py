"""A card drawn from the pile turns over where everyone can see it (issue 21, "cards in
hand, drawn as cards"): in Yacht Race a Sailors' Luck card drawn, a wind change card
spent or a spinnaker card set, and in the 3M Regatta a puff card played or the spinnaker
set, shows on the board: first its back, turning over, then its face with who turned it,
the pile it came from, its name and its words, until the next action."""
from __future__ import annotations

import random

import pytest

from dinghy.games.regatta_3m.actions import Leg, Spinnaker
from dinghy.games.yacht_race.actions import Draw, Sail, WindCard
from dinghy.ui import testing as ui
from dinghy.ui.grid.card_flip import FLIP_S
from dinghy.ui.widgets.dialogs import Curtain

from test_ui_camera_decisions import easy, open_table


def expected(game, action):
    """(pile, name, words) of the card an action turns over, from the rule data; None."""
    if isinstance(action, Draw):
        card = next(c for c in game.pack.cards if c.key == action.card)
        return ("Sailors' Luck pack", card.title, card.text)
    if isinstance(action, WindCard):
        return ("Wind change card", "Wind change", "wind")
    if isinstance(action, Sail) and action.spinnaker:
        return ("Spinnaker card", "Spinnaker", "")
    if isinstance(action, Leg) and action.puff:
        return ("Puff card", "Puff", "")
    if isinstance(action, Spinnaker) and action.up:
        return ("Spinnaker up", "Spinnaker", "")
    return None


def shown_words(face):
    return " ".join(lab.text for lab in (face.head, face.name, face.words) if lab.visible)


@pytest.mark.parametrize("rules,course,want", [("yacht_race", "yacht_race", {"Draw", "WindCard"}),
                                               ("regatta", "3m_triangle", {"Leg"})])
def test_a_drawn_or_played_card_turns_over_and_shows_its_face(make_ui_app, rules, course, want):
    app = make_ui_app(1024, 600)
    scene = open_table(app, rules, course, seed=4)
    race, rng, chooser = scene.race, random.Random(4), easy(rules)
    face = scene.view.turned
    seen, quiet = [], 0
    for _ in range(3000):
        if isinstance(scene.gui.modal, Curtain):
            ui.tap(app, scene.gui.modal.button)
            continue
        if race.over or want <= set(seen):
            break
        if not scene.human_turn:
            scene.run_bots()
            continue
        if race.chance:
            scene.roll()
        else:
            action = chooser.choose(race, rng)
            puffed = [a for a in race.legal_actions() if isinstance(a, Leg) and a.puff]
            if puffed and not seen:                     # a person plays a puff card
                action = puffed[0]
            scene.act(action)
        last = race.actions[-1]
        card = expected(race.game, last)
        if card is None:
            if race.actions and face.card is None:
                quiet += 1               # an action that turns no card: none is shown
            assert face.card is None and not face.visible, (last, face.card)
            continue
        pile, name, words = card
        # it turns over: its back first, no words yet
        assert face.visible and face.turning and not face.face_up
        assert not shown_words(face)
        scene.update(FLIP_S / 2)
        assert face.turning
        scene.update(FLIP_S)
        app.step()
        assert face.face_up
        text = shown_words(face)
        who = race.game.name(face.card.seat)
        assert text.startswith(f"{who} · {pile}") and name in text and words.lower() in text.lower(), text
        # where everyone can see it: on the board, inside the window, off the turn panel
        x, y, w, h = face.rect
        cam = scene.view.camera
        assert cam.x0 <= x and x + w <= cam.x0 + cam.width and cam.y0 <= y and y + h <= cam.y0 + cam.height
        p = scene.panel
        assert x >= p.x + p.w or x + w <= p.x or y >= p.y + p.h or y + h <= p.y
        seen.append(type(last).__name__)
    assert want <= set(seen) and quiet > 0, (seen, quiet)
