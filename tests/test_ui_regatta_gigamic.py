"""Regatta (Gigamic)'s board view: the water, the boats and the acting seat's arrows as
ghosts to tap; the engine decides, the view shows its reasons."""
from __future__ import annotations

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.games.regatta_gigamic.state import TURN
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.views import view_class

from test_ui_table import shot


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DINGHY_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _race(seed=3):
    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky", "greedy")), course="small", seed=seed)
    race = Race(games.load_game(setup, "regatta_gigamic"))
    while race.state.step != TURN:            # deal, draw the first player, set the boats down
        if race.chance:
            race.roll()
        else:
            race.push(race.legal_actions()[0])
    return race


def _to_a_sailing_turn(app, scene, race):
    """Step until Ann may sail (the bot plays its turns; a sun on Ann is passed)."""
    for _ in range(60):
        app.step()
        if scene.human_turn and race.state.step == TURN:
            if any(a.verb == "play" for a in race.legal_actions()):
                return
            scene.act(next(a for a in race.legal_actions() if a.verb in ("becalmed", "swap")))
    raise AssertionError("Ann never got a turn to sail")


def test_the_table_shows_the_board_and_a_tapped_ghost_sails_that_arrow(ui_app, home, tmp_path):
    race = _race()
    assert view_class("regatta_gigamic").__name__ == "GigamicView"
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    ui_app.flow = flow
    scene = flow.show_table(race)
    _to_a_sailing_turn(ui_app, scene, race)
    view = scene.view
    assert type(view).__name__ == "GigamicView" and scene.human_turn
    seat = race.state.active
    # the ghosts are the lifted card's arrows; tapping each card of the tray in turn
    # shows every arrow the engine allows, and nothing else
    plays = {a for a in race.legal_actions() if a.verb == "play"}
    shown = set()
    for i, card in enumerate(race.state.hands[seat]):
        ui.click(ui_app, *view.tray.card_center(i))
        assert view.selected == card
        shown |= {g.action for g in view.ghosts if g.reason is None}
        assert all(g.action.card == card for g in view.ghosts)
    assert shown == plays
    legal = [g for g in view.ghosts if g.reason is None]
    if not legal:
        ui.click(ui_app, *view.tray.card_center(race.state.hands[seat].index(next(iter(plays)).card)))
        legal = [g for g in view.ghosts if g.reason is None]
    shot(ui_app, "regatta_gigamic_table.png")
    assert ui.png_colours(ui_app.screenshot(tmp_path / "table.png")) > 20
    ghost = legal[0]
    n_before = len(race.actions)
    before = race.state.boats[seat].spot
    sx, sy = view.camera.world_to_screen(ghost.x, ghost.y)
    hit = view.ghost_at(sx, sy)                 # ghosts that coincide: the first allowed one
    assert hit is not None and hit.reason is None and (hit.x, hit.y) == pytest.approx((ghost.x, ghost.y))
    ui.click(ui_app, sx, sy)
    ui_app.step()
    assert race.actions[n_before] == hit.action
    expected = race.game.apply(race.history[n_before], hit.action)[0].boats[seat].spot
    assert race.history[n_before + 1].boats[seat].spot == expected != before


def test_a_refused_ghost_shows_the_engines_reason(ui_app, home):
    race = _race(seed=5)
    flow = Flow(ui_app, Autosave(home), bot_delay=0)
    ui_app.flow = flow
    scene = flow.show_table(race)
    _to_a_sailing_turn(ui_app, scene, race)
    view = scene.view
    refused = []
    for i in range(len(race.state.hands[race.state.active])):     # lift each card in turn
        ui.click(ui_app, *view.tray.card_center(i))
        refused = [g for g in view.ghosts if g.reason is not None]
        if refused:
            break
    assert refused, "the seeded hand has no refused arrow: the test no longer checks one"
    g = refused[0]
    n = len(race.actions)
    view.tap(*view.camera.world_to_screen(g.x, g.y))
    assert len(race.actions) == n and g.reason in scene.toast.message


def test_the_replay_viewer_draws_the_water_and_the_tracks(ui_app, tmp_path):
    """A saved Gigamic race opens in the replay viewer with its own board: the boats
    and each boat's track at any point of the record."""
    from dinghy.skippers import play_bots
    from dinghy.ui.shell.replay import ReplayScene
    import random

    setup = RaceSetup(seats=(Seat("Ann", "Orange", "greedy"), Seat("Bob", "Sky", "greedy")),
                      course="medium", seed=2)
    race = Race(games.load_game(setup, "regatta_gigamic"))
    play_bots(race, random.Random(2))
    path = tmp_path / "race.json"
    games.save_race(path, race)
    scene = ReplayScene(games.load_race(path))
    ui_app.push(scene)
    ui_app.step()
    assert type(scene.board).__name__ == "GigamicReplay"
    scene.seek(len(race.actions))
    ui_app.step()
    tracks = scene.board.tracks.tracks(len(race.actions))
    assert set(tracks) == {0, 1} and all(len(t) > 5 for t in tracks.values())
    assert tracks[0][-1] == (race.state.boats[0].spot.x, race.state.boats[0].spot.y)
    shot(ui_app, "regatta_gigamic_replay.png")
    assert ui.png_colours(ui_app.screenshot(tmp_path / "replay.png")) > 20


def _panel_is_sound(scene, size):
    """Every button of the turn panel is a 48-pixel target, inside the window and the
    panel, its words fit, and no two overlap."""
    W, H = size
    p = scene.panel
    boxes = []
    for w in scene.view.widgets:
        if not (w.visible and w.interactive):
            continue
        assert w.w >= 48 and w.h >= 48, w
        assert 0 <= w.x and 0 <= w.y and w.x + w.w <= W + 0.5 and w.y + w.h <= H + 0.5, w
        assert p.x - 0.5 <= w.x and w.x + w.w <= p.x + p.w + 0.5, w
        assert p.y - 0.5 <= w.y and w.y + w.h <= p.y + p.h + 0.5, w
        text = getattr(w, "text", None)
        if hasattr(text, "content_width"):
            assert text.content_width <= w.w, w.label
        for (x, y, bw, bh) in boxes:
            assert x + bw <= w.x + 0.5 or w.x + w.w <= x + 0.5 or y + bh <= w.y + 0.5 or w.y + w.h <= y + 0.5, w
        boxes.append((w.x, w.y, w.w, w.h))


SWAPS = "Heave to: swap cards"
TURNS = "Heave to: turn"


def _card_buttons(view):
    """The hand's cards on the tray while the swap group is open: (tray index, card
    name, picked)."""
    return [(i, c.face.name, c.picked) for i, c in enumerate(view.tray.cards)]


def _tap_card(app, view, i):
    ui.click(app, *view.tray.card_center(i))


def _pick_turn(app, view, turn):
    """Step the turn selector by taps (left: more to port) until it shows ``turn``;
    return the number of taps."""
    taps = 0
    while view.turn_picker.shown != turn:
        sel = view.buttons["turn_choice"]
        ui.click(app, *(sel.next_point if turn.n > view.turn_picker.shown.n else sel.prev_point))
        taps += 1
        assert taps < 30
    return taps


def _pick_swap(app, view, swap):
    """Tap the cards of ``swap`` in the open swap group as a player would (first
    unpicking what is picked); return the number of taps."""
    taps = 0
    while any(on for _, _, on in _card_buttons(view)):
        i = next(i for i, _, on in _card_buttons(view) if on)
        _tap_card(app, view, i)
        taps += 1
    names = [view.game.deck.face(c).name for c in swap.cards]
    for name in names:
        i = next(i for i, n, on in _card_buttons(view) if n == name and not on)
        _tap_card(app, view, i)
        taps += 1
    return taps


@pytest.mark.parametrize("size", [(800, 600), (1024, 600)])
def test_every_action_of_a_full_hand_is_reached_by_taps_alone(make_ui_app, home, size):
    """The side panel groups what is not a card by kind (Sail, Heave to: swap cards,
    Heave to: turn): a tap on a header opens its list, and a tap on an action plays
    exactly that action — no typing needed, nothing clipped at 600 pixels high. A
    sail is a card lifted on the tray, then its arrow's number ("Arrow N"); a swap is
    picked by its cards on the tray, then its one button; a turn in place by stepping a
    selector, then its button."""
    app = make_ui_app(*size)
    race = _race()
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    scene = flow.show_table(race)
    _to_a_sailing_turn(app, scene, race)
    view, game = scene.view, race.game
    legal = race.legal_actions()
    assert len(race.state.hands[race.state.active]) >= 5 and len(legal) > 20
    assert set(view.group_buttons) == {game.action_group(a) for a in legal}
    _panel_is_sound(scene, size)
    played = []
    view.act = lambda a, refresh=True: played.append(a) or False     # record, do not play
    most_taps, swap_taps = 0, 0
    for a in legal:
        text, group = game.action_text(a), game.action_group(a)
        taps = 0
        if a.verb == "play":
            _tap_card(app, view, race.state.hands[race.state.active].index(a.card))
            taps = 1
            assert view.selected == a.card
        if group == SWAPS:
            if view.open_group != group:
                ui.tap(app, view.group_buttons[group])
            _pick_swap(app, view, a)
            taps = 1 + len(a.cards)            # from nothing picked: open, the cards
            swap_taps = max(swap_taps, taps + 1)
        if group == TURNS:
            if view.open_group != group:
                ui.tap(app, view.group_buttons[group])
            taps = 1 + _pick_turn(app, view, a)
        if text not in view.buttons:
            if view.open_group != group:
                ui.tap(app, view.group_buttons[group])
                taps += 1
            for _ in range(view.pages):
                if text in view.buttons:
                    break
                ui.tap(app, view.buttons["page_more"])
                taps += 1
        _panel_is_sound(scene, size)
        words = game.action_label(a).split(": ", 1)[-1][1:]
        if a.verb == "play":                # the arrow's number, as on the card and the water
            assert view.buttons[text].label == f"Arrow {a.n}"
        elif group == SWAPS:                  # "Swap 2 cards": the picked cards show a tick
            assert words.startswith(view.buttons[text].label[1:] + " ("), view.buttons[text].label
            assert view.pages == 1
        elif group == TURNS:
            assert view.buttons[text].label.endswith(words) and view.pages == 1
            assert view.buttons["turn_choice"].shown_text == view.buttons[text].label
        else:
            assert view.buttons[text].label.endswith(words), view.buttons[text].label
        n = len(played)
        ui.tap(app, view.buttons[text])
        assert played[n:] == [a]
        most_taps = max(most_taps, taps + 1)
    assert most_taps <= 1 + max(1, len(legal) // 3)
    assert swap_taps <= 5                     # a swap: open, three cards, the swap
    if size == (800, 600):
        if view.open_group != SWAPS:
            ui.tap(app, view.group_buttons[SWAPS])
        shot(app, "regatta_gigamic_panel_800x600.png")
    else:
        if view.open_group != "Sail":
            ui.tap(app, view.group_buttons["Sail"])
        shot(app, "regatta_gigamic_panel_1024x600.png")
    # the folded log opened, or a smaller window: fewer rows a page, still nothing clipped
    if scene.log_button.visible:
        ui.tap(app, scene.log_button)
        _panel_is_sound(scene, size)
        assert "page_more" in view.buttons      # headers and actions page together if need be
        ui.tap(app, scene.log_button)
    ui.resize(app, 800, 540)
    app.step()
    _panel_is_sound(scene, (800, 540))
    ui.resize(app, *size)
    app.step()
    # a real tap: the race takes the action
    del view.act
    if view.open_group != SWAPS:
        ui.tap(app, view.group_buttons[SWAPS])
    swap = next(a for a in legal if a.verb == "swap")
    _pick_swap(app, view, swap)
    n = len(race.actions)
    ui.tap(app, view.buttons["swap"])
    assert race.actions[n] == swap


def test_a_swap_is_chosen_by_its_cards_on_one_page(make_ui_app, home):
    """Heaving to, a skipper changes some cards of the hand (se mettre en panne: "change
    1 to 3 cards", the engine's list). At 800x600 the open swap group makes the tray's
    cards toggles, and shows one button — no pages: taps on the tray pick the cards, the
    button plays the listed swap of exactly those; a card no listed swap could add is
    dimmed and says why, and a tap on it picks nothing."""
    app = make_ui_app(800, 600)
    race = _race()
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    scene = flow.show_table(race)
    _to_a_sailing_turn(app, scene, race)
    view, game, seat = scene.view, race.game, race.state.active
    swaps = [a for a in race.legal_actions() if a.verb == "swap"]
    assert len(swaps) > 20
    if view.open_group != SWAPS:
        ui.tap(app, view.group_buttons[SWAPS])
    cards = _card_buttons(view)
    hand = race.state.hands[seat]
    assert sorted(n for _, n, _ in cards) == sorted(game.deck.face(c).name for c in hand)
    assert view.pages == 1 and "page_more" not in view.buttons
    _panel_is_sound(scene, (800, 600))
    assert not view.buttons["swap"].enabled and view.buttons["swap"].reason
    biggest = max(swaps, key=lambda a: len(a.cards))
    _pick_swap(app, view, biggest)
    _panel_is_sound(scene, (800, 600))
    rest = [i for i, _, on in _card_buttons(view) if not on]
    if not any(len(a.cards) > len(biggest.cards) for a in swaps):
        assert rest and all(view.tray.cards[i].reason for i in rest)    # no listed swap holds one more
        _tap_card(app, view, rest[0])
        assert sum(on for _, _, on in _card_buttons(view)) == len(biggest.cards)
        assert view.tray.cards[rest[0]].reason in scene.toast.message
    _tap_card(app, view, next(i for i, _, on in _card_buttons(view) if on))   # a picked card unpicked...
    assert sum(on for _, _, on in _card_buttons(view)) == len(biggest.cards) - 1
    label_before = view.buttons["swap"].label
    _pick_swap(app, view, biggest)                                # ...and picked again
    assert view.buttons["swap"].label != label_before
    shot(app, "regatta_gigamic_swap_800x600.png")
    n = len(race.actions)
    ui.tap(app, view.buttons["swap"])
    assert race.actions[n] == biggest


def test_gigamic_names_its_actions_in_a_players_words(ui_app):
    from dinghy.games.regatta_gigamic.actions import Act

    game = _race().game
    card = game.deck.faces[0]
    assert game.action_label(Act("play", card=card.id, n=1)) == f"Sail: {card.name}, arrow 1"
    assert game.action_group(Act("play", card=card.id, n=1)) == "Sail"
    two = tuple(sorted(f.id for f in game.deck.faces[:2]))
    assert game.action_label(Act("swap", cards=two)).startswith("Heave to: swap 2 cards (")
    assert game.action_label(Act("pivot", n=-45)) == "Heave to: turn 45° to port"
    assert game.action_label(Act("pivot", n=90)) == "Heave to: turn 90° to starboard"
    assert game.action_group(Act("pivot", n=90)) == "Heave to: turn"
    # a draw says nothing of the card drawn (its face is the drawing seat's secret)
    assert game.action_label(Act("draw", card=card.id)) == "Draw a card"
    assert card.id not in game.action_label(Act("draw", card=card.id))
    assert game.action_label(Act("first", n=1)) == f"First to play: {game.name(1)}"


def test_the_swap_pickers_cards_come_from_the_engines_list():
    """What the picker offers is read off the listed swaps alone: a card held twice is
    two toggles, a card can be added while a listed swap still holds the pick."""
    from dinghy.games.regatta_gigamic.actions import Act
    from dinghy.ui.regatta_gigamic.pickers import can_add, hand_slots, swap_of

    swaps = [Act("swap", cards=c) for c in (("a",), ("b",), ("a", "a"), ("a", "b"), ("a", "a", "b"))]
    assert hand_slots(swaps, ("b", "a", "a")) == ["b", "a", "a"]
    assert hand_slots(swaps) == ["a", "a", "b"]
    assert swap_of(swaps, ["b", "a"]) == Act("swap", cards=("a", "b"))
    assert swap_of(swaps, ["b", "b"]) is None
    assert can_add(swaps, ["a", "b"], "a") and not can_add(swaps, ["a", "a", "b"], "b")
    assert not can_add(swaps, ["b"], "b")
