"""Who rolls the die, and how long the race was, in the game's own words.

The panel names the seat the rules give the die.

3M Regatta, rule 3: "For the first round, the first player rolls the die. He continues to
roll the die for each successive round until “S” (see WIND SHIFTS) turns up." And rule 1:
"Players roll the die to decide order of play. The first player to roll a 3 is first; the
player to his left is second, etc." So the panel over "Roll the dice" names the holder of
the die (or the player rolling for the order), not whoever acted last."""
from __future__ import annotations

from regatta_3m_kit import make, rolling

from dinghy.core.race import Race
from dinghy.games.regatta_3m.state import Phase
from dinghy.ui import testing as ui
from dinghy.ui.shell.table import TableScene


def test_the_game_names_the_holder_of_the_die_and_the_player_rolling_for_the_order():
    game = make(seats=3)
    race = rolling(game, {0: {"at": (6, 3)}, 1: {"at": (8, 3)}, 2: {"at": (10, 3)}}, holder=1)
    assert race.chance and game.chance_seat(race.state) == 1
    # the holder is out of the race: the die goes on to the next boat still racing, to the
    # left (dinghy's reading, docs/games/regatta-3m.md)
    race = rolling(game, {0: {"at": (6, 3)}, 1: {"at": (8, 3), "out": "disqualified"}, 2: {"at": (10, 3)}},
                   holder=1)
    assert game.chance_seat(race.state) == 2
    first = Race(make(seats=3))
    assert first.state.phase is Phase.ORDER and game.chance_seat(first.state) == first.state.roller


def test_the_panel_over_the_roll_names_the_holder_not_the_last_to_act(make_ui_app):
    app = make_ui_app(1024, 600)
    game = make(seats=3)
    race = rolling(game, {0: {"at": (6, 3)}, 1: {"at": (8, 3)}, 2: {"at": (10, 3)}}, holder=2)
    scene = TableScene(race, bot_delay=0)
    scene.last_seat = 0                 # Ann acted last; Cy holds the die
    app.push(scene)
    app.step()
    assert scene.view.acting_seat() == 2
    # the curtain passes the table to the holder; lifted, the panel is theirs
    assert scene.curtain is not None and game.name(2) in scene.curtain.button.label
    ui.tap(app, scene.curtain.button)
    header = scene.view.rows[0][0].text           # the panel's first line: who acts
    assert header == game.name(2), header
    assert scene.view.buttons["roll"].visible


def test_the_results_count_the_race_in_the_word_its_board_uses():
    """Race the Wind's board and log count turns ("Turn 5 begins; the wind comes from the
    north"): its results say "N turns", the other games' "N rounds"."""
    from dinghy import games
    from dinghy.core.picture import rounds_text
    from dinghy.core.setup import RaceSetup, Seat

    seats = (Seat("Ann", "Orange"), Seat("Bob", "Sky"))
    for rules, board, word in (("race_the_wind", "race_the_wind", "turn"), ("regatta", "3m_triangle", "round")):
        race = Race(games.load_game(RaceSetup(seats=seats, course=board, seed=1), rules))
        while race.game.rounds(race.state) < 2:
            race.push(race.legal_actions()[0]) if not race.chance else race.roll()
        n = race.game.rounds(race.state)
        assert rounds_text(race.game, race.state) == f"{n} {word}s"
