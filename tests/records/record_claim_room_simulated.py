"""Re-record tests/records/claim_room_simulated.json: the first seeded ``dinghy simulate``
race (six boats, hard and simple, on the up-and-down course, seeds 1 to 40, as
``run.sail`` sails it, out-of-turn asks and all) in which a hard seat claims room at a
mark (right-of-way rule 3), kept up to the action before its last claim of room.

tests/test_simulate.py replays that prefix and lets ``run.sail`` sail on from there: the
claim is the first action it takes, and the race goes on to the finish. Re-record when
the hard or simple skipper's play is meant to change (its decisions then differ):

    PYTHONPATH=$PWD .venv/bin/python tests/records/record_claim_room_simulated.py
"""
from __future__ import annotations

import json
from pathlib import Path

from dinghy.simulate import plan as sim_plan, run

OUT = Path(__file__).with_name("claim_room_simulated.json")
COURSE, BOATS, LEVELS = "up_and_down", 6, ["hard", "simple"]


def first_claim_race():
    """(job, race) of the first seed whose simulated race has a claim of room."""
    sail_tally = run.tally
    run.tally = lambda race, job: race
    try:
        for seed in range(1, 41):
            job = sim_plan.make_plan("dinghy_race", [COURSE], [BOATS], LEVELS, races=1, seed=seed).jobs[0]
            race = run.sail(job)
            if any(type(a).__name__ == "Overlap" for a in race.actions):
                return job, race
    finally:
        run.tally = sail_tally
    raise SystemExit("no simulated race of seeds 1 to 40 has a claim of room")


def main() -> None:
    job, race = first_claim_race()
    claims = [i for i, a in enumerate(race.actions) if type(a).__name__ == "Overlap"]
    last = claims[-1]
    data = {
        "about": ("A dinghy simulate race (run.sail: six boats, hard and simple, up-and-down course, "
                  "the first of seeds 1 to 40 with a claim of room at a mark, right-of-way rule 3), "
                  "up to the action before its last claim of room by a hard seat; made by "
                  "tests/records/record_claim_room_simulated.py (re-record with it when the hard or "
                  "simple skipper's play is meant to change)."),
        "course": COURSE,
        "seed": job.seed,
        "skippers": list(job.skippers),
        "claim": race.game.action_text(race.actions[last]),
        "whole_race_actions": len(race.actions),
        "actions": [race.game.action_text(a) for a in race.actions[:last]],
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"seed {job.seed}: claims at {claims} of {len(race.actions)} actions; kept {last}")


if __name__ == "__main__":
    main()
