"""Frame cost of the Gigamic table at 1024x600, headless (software GL here): the water,
the hand's tray, the ghosts and their numbers, idle and while a card is lifted every
frame (the tray, the ghosts and the panel rebuilt). Not a test: numbers to compare.
Every board (this one too) in every situation: ``bench_ui_boards.py``, whose timing
helpers this one uses.

    python benchmarks/bench_ui_gigamic_frames.py
"""
from __future__ import annotations

import os
import tempfile

os.environ.setdefault("DINGHY_HEADLESS", "1")
os.environ.setdefault("DINGHY_HOME", tempfile.mkdtemp())

from bench_ui_boards import Times, report  # noqa: E402
from dinghy import games  # noqa: E402
from dinghy.core.race import Race  # noqa: E402
from dinghy.core.setup import RaceSetup, Seat  # noqa: E402
from dinghy.games.regatta_gigamic.state import TURN  # noqa: E402
from dinghy.ui.app import App  # noqa: E402
from dinghy.ui.shell.autosave import Autosave  # noqa: E402
from dinghy.ui.shell.flow import Flow  # noqa: E402


def view_sails(race: Race) -> bool:
    return any(a.verb == "play" for a in race.legal_actions())


def main(frames: int = 120) -> None:
    app = App(width=1024, height=600, headless=True)
    setup = RaceSetup(seats=(Seat("Ann", "Orange"), Seat("Bob", "Sky", "greedy")), course="small", seed=3)
    race = Race(games.load_game(setup, "regatta_gigamic"))
    while race.state.step != TURN:            # deal, draw who starts, set the boats down
        race.roll() if race.chance else race.push(race.legal_actions()[0])
    flow = Flow(app, Autosave(os.environ["DINGHY_HOME"]), bot_delay=0)
    app.flow = flow
    scene = flow.show_table(race)
    for _ in range(200):
        app.step()
        if scene.human_turn and race.state.step == TURN:
            if view_sails(race):
                break
            scene.act(next(a for a in race.legal_actions() if a.verb in ("becalmed", "swap")))
    view = scene.view
    assert view.sailing_now(), "no sailing turn for Ann"
    app.step()
    idle = Times()
    for _ in range(frames):
        idle.time(app.step)
    report("Gigamic table, idle (tray, ghosts, numbers)", idle)
    n = len(race.state.hands[race.state.active])
    lift = Times()
    for k in range(frames // 2):
        lift.time(lambda: (view.tap_card(k % n), app.step()))
    report("Gigamic table, a card lifted every frame", lift)


if __name__ == "__main__":
    main()
