"""Bots at the table (``dinghy.ui.shell.table``), headless: they speak out of turn as
they do in the terminal and in ``dinghy simulate``, and a hard skipper on new water
waits for its field with the window alive instead of freezing it.

Issue "Skippers worth racing": the hard level uses "right of way ... tactically (keep
starboard, claim room, protest a wrong ruling)"; at the table no bot was ever asked to
claim room. And its first decision on a course and wind not seen before built the
time-to-go field inside the choice: the window froze for the whole build (6.7 s on the
Olympic triangle here, up to half a minute on a busy machine)."""
from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.skippers import ready, skipper
from dinghy.skippers.dinghy_race import field_store as field
from dinghy.ui.shell.table import TableScene

NAMES = ("Orange", "Sky", "Green", "Yellow", "Blue", "Purple")
KINDS = ("hard", "simple") * 3
CLAIM_RECORD = Path(__file__).parent / "records" / "claim_room_race.json"


def _claims(race):
    return [(i, a) for i, a in enumerate(race.actions) if type(a).__name__ == "Overlap"]


def _offered(race, i, action) -> bool:
    return action in race.game.interjections(race.history[i])


@pytest.mark.race
def test_a_hard_bot_at_a_table_of_bots_claims_room_at_a_mark(ui_app):
    """Right-of-way rule 3: "The innermost boat (only) can then demand immediately, though
    it is not active right now, to swap turn order positions with the outer boat whose
    turn it is". Six bots at the table (hard and simple), the up-and-down course, opened
    where the recorded terminal race of those bots meets such a rounding (the moment
    before the first claim, :func:`claim_race_record`: the bots' own way there, sailed
    once, not at every run): the table asks the hard seat inside, which claims; then the
    bots sail on to the finish. Every claim is a hard seat's, made when the engine offered
    it, and the race finishes."""
    rec = claim_race_record()
    seats = tuple(Seat(c, c, s) for c, s in rec["seats"])
    assert seats == tuple(Seat(c, c, s) for c, s in zip(NAMES, KINDS))
    i = len(rec["actions"]) - 1
    race = Race.replay(games.load_game(RaceSetup(seats=seats, course=rec["course"], seed=rec["seed"])),
                       rec["actions"][:i])
    ui_app.push(TableScene(race, bot_delay=0))
    ui_app.step()
    assert race.over
    claims = _claims(race)
    assert claims and race.game.action_text(race.actions[i]) == rec["actions"][i], \
        "the hard bot did not claim room at the table"
    for k, a in claims:
        assert KINDS[a.boat] == "hard" and _offered(race, k, a)


def test_a_hard_bot_claims_room_while_a_person_has_the_turn(ui_app):
    """The claim is made "though it is not active right now": when the outer boat whose
    turn it is belongs to a person, the hard bot inside still claims at once, before the
    person acts."""
    _a_claim_on_a_person_s_turn(ui_app)


def claim_race_record() -> dict:
    """A terminal race of bots (hard and simple, the up-and-down course) up to and
    including the first claim of room by a hard seat, as recorded
    (``tests/records/claim_room_race.json``; tests/test_hard_skipper.py's seeded race, in
    the ``race`` group, sails it whole and finds the same claim)."""
    return json.loads(CLAIM_RECORD.read_text())


def _a_claim_on_a_person_s_turn(ui_app):
    """The recorded race replayed to the moment before the claim with the outer boat's
    seat a person's, and opened at the table: (scene, race, index of the claim)."""
    rec = claim_race_record()
    seats = tuple(Seat(c, c, s) for c, s in rec["seats"])
    found = Race.replay(games.load_game(RaceSetup(seats=seats, course=rec["course"], seed=rec["seed"])),
                        rec["actions"])
    i, claim = len(found.actions) - 1, found.actions[-1]
    assert _claims(found) == [(i, claim)] and _offered(found, i, claim)
    outer = found.game.current_player(found.history[i])
    people = tuple(Seat(s.name, s.colour, None if k == outer else s.skipper) for k, s in enumerate(seats))
    again = Race.replay(games.load_game(RaceSetup(seats=people, course=rec["course"], seed=rec["seed"])),
                        rec["actions"][:i])
    assert again.game.setup.seats[again.current_player()].skipper is None       # a person's turn
    scene = ui_app.push(TableScene(again, bot_delay=0.5))
    ui_app.step()
    assert len(again.actions) == i + 1 and again.actions[i] == claim
    assert scene.human_turn or again.current_player() != outer
    return scene, again, i


def test_undo_after_a_bot_s_claim_goes_back_to_the_person_s_decision(ui_app):
    """Undo takes back the person's last decision and the bots' actions after it. A bot's
    claim out of turn undone alone would be made again at once: Undo did nothing, for
    ever. Now it goes back past the claim to the person's decision before it, or says
    there is none since the last dice roll."""
    scene, race, i = _a_claim_on_a_person_s_turn(ui_app)
    scene.undo()
    ui_app.step()
    went_back = len(race.actions) < i
    said_so = scene.toast.visible and "Nothing to undo" in scene.toast.message
    assert went_back or (said_so and len(race.actions) == i + 1)
    if went_back:
        k = len(race.actions)
        person = race.game.setup.seats[race.game.current_player(race.history[k])].skipper is None
        assert person and scene.human_turn


@pytest.fixture
def slow_new_water(monkeypatch):
    """No field in memory, and a field build (or load) that waits until the test lets it
    go on: a course and wind the machine meets for the first time."""
    go = threading.Event()
    build = field._field_of

    def slow(game, disk):
        go.wait(60)
        return build(game, disk)

    monkeypatch.setattr(field, "_FIELDS", {})
    monkeypatch.setattr(field, "_JOBS", {})
    monkeypatch.setattr(field, "_field_of", slow)
    yield go
    go.set()


def test_a_hard_bot_on_new_water_waits_for_its_field_and_the_window_lives(ui_app, slow_new_water):
    seats = (Seat("Sky", "Sky", "hard"), Seat("Orange", "Orange", None))
    race = Race(games.load_game(RaceSetup(seats=seats, course="up_and_down", seed=3)))
    assert race.current_player() == 0
    bot = skipper("hard")
    scene = ui_app.push(TableScene(race, bot_delay=0.05))
    for _ in range(6):
        ui_app.step(0.1)                     # frames keep coming: the window is not frozen
    assert len(race.actions) == 0
    assert not ready(bot, race)
    assert scene.toast.visible and "studies the water" in scene.toast.message
    jobs = [t for t in threading.enumerate() if t.name == "dinghy-field"]
    assert len(jobs) == 1, "one build for the water, however often the table asks"
    slow_new_water.set()
    jobs[0].join(120)
    assert ready(bot, race)
    for _ in range(3):
        ui_app.step(0.1)
    assert race.actions and race.history[0].active == 0    # then the bot sails


def test_a_skipper_without_preparation_is_always_ready():
    race = Race(games.load_game(RaceSetup(seats=(Seat("Sky", "Sky", "easy"), Seat("Orange", "Orange", None)),
                                          course="up_and_down", seed=3)))
    assert ready(skipper("easy"), race) and ready(skipper("tactician"), race)
