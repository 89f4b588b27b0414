"""The Gigamic hand drawn as cards (issue 21): a tray of the printed cards, a tap lifts a
card and its arrows' end boats show on the water, numbered; a tap on a ghost (or its
number's button) sails it; heaving to picks the cards straight from the tray; a card the
engine refuses says why; no field to type in. A whole race between two people at
1024x600 is sailed by taps alone, a heave-to and a sun included, then the results."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.regatta_gigamic.actions import Act
from dinghy.games.regatta_gigamic.state import TURN
from dinghy.skippers import skipper
from dinghy.ui import testing as ui
from dinghy.ui.shell.autosave import Autosave
from dinghy.ui.shell.flow import Flow
from dinghy.ui.shell.results import ResultsScene

from table_taps import check_results, home, lift_curtain, no_typing, open_group, open_table, tap_button, tap_roll
from table_taps import sailed_by_bots, shot as kit_shot, two_people
from test_ui_regatta_gigamic import _pick_turn

SWAPS, TURNS = "Heave to: swap cards", "Heave to: turn"
SIZES = [(1024, 600), (1280, 800), (800, 1280)]
assert home        # a fixture, for the tests here


def shot(app, name):
    return kit_shot(app, "gigamic-results", name)


def _two_people(seed):
    return two_people("regatta_gigamic", "small", seed)


def _tap_ghost_or_number(app, view, action):
    """A ghost of the lifted card: tapped on the water where a finger can, else its
    numbered button ("Arrow N")."""
    gh = next(g for g in view.ghosts if g.action == action)
    sx, sy = view.camera.world_to_screen(gh.x, gh.y)
    if view.well_in_view(gh) and view.ghost_at(sx, sy) is gh:
        ui.click(app, sx, sy)
        return "ghost"
    ui.tap(app, view.buttons[view.game.action_text(action)])
    return "number"


def _pick_on_tray(app, view, hand, cards):
    """Tap the swap's cards on the tray (a card held twice: its two copies)."""
    want = list(cards)
    for i, c in enumerate(hand):
        if c in want:
            want.remove(c)
            ui.click(app, *view.tray.card_center(i))


def do_by_taps(app, scene, action):
    """Play ``action`` as a person does, by taps only; what was tapped."""
    view, race, game = scene.view, scene.race, scene.game
    state = race.state
    text = game.action_text(action)
    if action.verb == "play":
        i = state.hands[state.active].index(action.card)
        ui.click(app, *view.tray.card_center(i))
        assert view.selected == action.card, (scene.viewer, state.active, scene.curtain, scene.toast.message,
                                              state.step, view.tray_seat(), app.scene.gui.widget_at(*view.tray.card_center(i)))
        # the ghosts are this card's arrows, numbered as on the card
        assert {g.action.n for g in view.ghosts} == set(range(1, len(game.deck.face(action.card).arrows) + 1))
        return _tap_ghost_or_number(app, view, action)
    if action.verb in ("again", "place"):
        return _tap_ghost_or_number(app, view, action)
    if action.verb == "swap":
        open_group(app, view, SWAPS)
        _pick_on_tray(app, view, state.hands[state.active], action.cards)
        ui.tap(app, view.buttons["swap"])
        return "swap"
    if action.verb == "pivot":
        open_group(app, view, TURNS)
        _pick_turn(app, view, action)
        ui.tap(app, view.buttons[text])
        return "pivot"
    tap_button(app, view, text, game.action_group(action))
    return "button"


@pytest.mark.race
def test_a_whole_two_person_race_by_taps_alone_at_1024x600(make_ui_app, home):
    app = make_ui_app(1024, 600)
    race = _two_people(seed=2)
    scene = open_table(app, home, race)
    bot, rng = skipper("greedy", "regatta_gigamic"), random.Random(2)
    tapped = {}
    swapped = sunned = False
    after_own, news = {}, 0
    for _ in range(3000):
        if race.over:
            break
        app.step()
        if scene.curtain is not None:
            # behind the curtain the hand on the tray is face down; lifted, it is the
            # next person's own
            assert all(c.face is None for c in scene.view.tray.cards)
            assert not scene.view.buttons and not scene.view.keyed     # nor a button to play
            lift_curtain(app, scene)
            seat = race.state.active
            faces = [c.face for c in scene.view.tray.cards]
            assert faces == [race.game.deck.face(c) for c in race.state.hands[seat]]
            if seat in after_own:       # the cards drawn since their last turn are marked new
                new = Counter(c.face.id for c in scene.view.tray.cards if c.new)
                assert new == Counter(race.state.hands[seat]) - Counter(after_own[seat])
                if new and not news:
                    shot(app, "table_new_cards_1024x600.png")
                news += sum(new.values())
            tapped["curtain"] = tapped.get("curtain", 0) + 1
            continue
        if not scene.human_turn:
            continue
        view = scene.view
        no_typing(view)
        if race.chance:
            assert tap_roll(app, view, race) in ("Deal the cards", "Draw lots: who starts", "Draw a card from the pile")
            tapped["roll"] = tapped.get("roll", 0) + 1
            continue
        legal = race.legal_actions()
        hand = race.state.hands[race.state.active]
        if view.sailing_now() and "refused" not in tapped:
            dim = [i for i, c in enumerate(view.tray.cards) if c.reason]
            if dim:             # a card that cannot sail says the engine's words for why
                card = hand[dim[0]]
                face = race.game.deck.face(card)
                first = Act("play", card=card, n=1)
                assert view.tray.cards[dim[0]].reason == race.why_not(first)
                assert all(race.why_not(Act("play", card=card, n=k + 1)) for k in range(max(1, len(face.arrows))))
                shot(app, "table_refused_card_1024x600.png")
                tapped["refused"] = 1
        if any(a.verb == "sun" for a in legal) and not sunned:
            shot(app, "table_sun_1024x600.png")
        action = bot.choose(race, rng)
        if not swapped and race.state.step == TURN and race.state.turns > 2:
            action = max((a for a in legal if a.verb == "swap"), key=lambda a: len(a.cards), default=action)
            swapped = action.verb == "swap"
        if any(a.verb == "sun" for a in legal):
            action = next(a for a in legal if a.verb == "sun")
            sunned = True
        n = len(race.actions)
        how = do_by_taps(app, scene, action)
        tapped[how] = tapped.get(how, 0) + 1
        assert race.actions[n] == action, (how, action)
        after_own[race.history[n].active] = race.history[n + 1].hands[race.history[n].active]
    assert race.over, "the race did not end"
    assert swapped and sunned, (swapped, sunned)
    assert news > 5
    assert tapped.get("ghost", 0) > 5, tapped
    assert "swap" in tapped and "roll" in tapped and "refused" in tapped and tapped.get("curtain", 0) > 5
    # the results: places with the boats' colours, the length in rounds, no path
    check_results(app, race)
    shot(app, "results_1024x600.png")


def _sailing_table(app, home, seed=3):
    """Ann (a person) at her first sailing turn against Bob (a bot)."""
    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky", "greedy")), course="small", seed=seed)
    race = Race(games.load_game(setup, "regatta_gigamic"))
    while race.state.step != TURN:
        if race.chance:
            race.roll()
        else:
            race.push(race.legal_actions()[0])
    scene = open_table(app, home, race)
    for _ in range(60):
        app.step()
        if scene.human_turn and race.state.step == TURN and any(a.verb == "play" for a in race.legal_actions()):
            return scene, race
        if scene.human_turn and race.state.step == TURN:
            scene.act(next(a for a in race.legal_actions() if a.verb in ("becalmed", "swap")))
    raise AssertionError("Ann never got a turn to sail")


@pytest.mark.parametrize("size", SIZES)
def test_the_hand_tray_ghosts_and_heave_to_at_three_sizes(make_ui_app, home, size):
    app = make_ui_app(*size)
    scene, race = _sailing_table(app, home)
    view, game = scene.view, race.game
    W, H = size
    seat = race.state.active
    hand = race.state.hands[seat]
    tray = view.tray
    assert len(tray.rects) == len(hand)
    panel = scene.panel
    for x, y, w, h in tray.rects:            # each card a finger target, on the screen, off the panel
        assert w >= 48 and h >= 48
        assert 0 <= x and x + w <= W and 0 <= y and y + h <= H
        assert x + w <= panel.x + 0.5 or y >= panel.y + panel.h - 0.5 or x >= panel.x + panel.w
    # the tray's faces are the hand's; each card that cannot sail says the engine's reason
    for i, c in enumerate(hand):
        show = tray.cards[i]
        assert show.face is game.deck.face(c)
        assert show.reason == view.card_reason(c)
        if game.deck.face(c).is_sun:
            assert show.reason and "sun" in show.reason
    # lifting a card shows its arrows numbered, with a number button each
    i = next(k for k, c in enumerate(hand) if len(game.deck.face(c).arrows) > 1 and not view.card_reason(c))
    ui.click(app, *tray.card_center(i))
    assert tray.cards[i].lifted and view.selected == hand[i]
    numbers = sorted(g.action.n for g in view.ghosts)
    assert numbers == list(range(1, len(game.deck.face(hand[i]).arrows) + 1))
    assert len(view.badges) >= 2
    for n in numbers:
        assert view.buttons[f"play {hand[i]} {n}"].label == f"Arrow {n}"
    no_typing(view)
    assert view.header.h <= 40                          # one line over the table
    tag = f"{W}x{H}"
    shot(app, f"table_hand_ghosts_{tag}.png")
    # heaving to: the swap group makes the tray pick cards
    open_group(app, view, SWAPS)
    ui.click(app, *tray.card_center(0))
    ui.click(app, *tray.card_center(1))
    assert tray.cards[0].picked and tray.cards[1].picked and not tray.cards[2].picked
    swap = view.buttons["swap"]
    assert swap.enabled and swap.label.startswith("Swap 2 cards")
    shot(app, f"table_heave_to_{tag}.png")
    n = len(race.actions)
    ui.tap(app, swap)
    assert race.actions[n].verb == "swap" and sorted(race.actions[n].cards) == sorted(hand[:2])


@pytest.mark.parametrize("size", SIZES)
def test_the_results_screen_at_three_sizes(make_ui_app, home, size, tmp_path):
    app = make_ui_app(*size)
    race = sailed_by_bots("regatta_gigamic", "small", 4)
    scene = app.push(ResultsScene(race, on_replay=lambda: None, saved=str(tmp_path / "r.json"),
                                  export_folder=tmp_path / "exports"))
    app.step()
    text = scene.sub.text
    assert f"{race.game.rounds(race.state)} rounds" in text and "actions" not in text
    assert str(tmp_path) not in scene.saved_text.text
    winner = race.places().index(1)
    seats = race.game.setup.seats
    first = scene.lines[0]
    assert first[0].text == "1st" and first[2].text == seats[winner].name
    for place, chip, name, note in scene.lines:            # each boat's colour beside its name
        seat = next(s for s in seats if s.name == name.text)
        assert tuple(chip.color[:3]) == PALETTE[seat.colour]
    W, H = size
    shot(app, f"results_{W}x{H}.png")
    ui.tap(app, scene.export_button)
    ui.tap(app, next(b for b in scene.gui.modal.buttons if b.label == "SVG"))
    files = list((tmp_path / "exports").iterdir())
    assert len(files) == 1 and files[0].suffix == ".svg" and 'class="track"' in files[0].read_text()


@pytest.mark.parametrize("rules", ["regatta_gigamic", "yacht_race"])
def test_the_replay_viewer_exports_a_picture_of_any_game(make_ui_app, home, rules):
    from dinghy.ui.widgets.dialogs import Dialog

    app = make_ui_app(1024, 600)
    board = "small" if rules == "regatta_gigamic" else games.entry(rules).boards()[0]
    race = sailed_by_bots(rules, board, 4)      # the results' race, for the Gigamic regatta
    flow = Flow(app, Autosave(home), bot_delay=0)
    app.flow = flow
    scene = flow.show_replay(race)
    app.step()
    assert scene.export_button.visible and scene.export_button.w >= 48
    ui.tap(app, scene.export_button)
    dialog = scene.gui.modal
    assert isinstance(dialog, Dialog)
    ui.tap(app, next(b for b in dialog.buttons if b.label == "PNG"))
    files = list((home / "exports").iterdir())
    assert len(files) == 1 and files[0].read_bytes()[:4] == b"\x89PNG"
