"""The way to the set-up screen loads only what the set-up screen shows (issue 22:
"nothing on the way to the set-up screen imports or builds what the set-up screen does
not show"). Timing is for benchmarks/bench_ui_playback.py; here, what gets imported."""
import json
import subprocess
import sys

from dinghy.ui.shell import views

_PROBE = """
import json, os, sys
os.environ["DINGHY_HEADLESS"] = "1"
from dinghy.ui import run_app
app = run_app(headless=True, run=False, home=sys.argv[1])
app.step()
print(json.dumps(sorted(sys.modules)))
"""

#: what the set-up screen does not show: the race table, the bots, a board view, the
#: geometry and science libraries the rules and the bots use
NOT_ON_THE_WAY = ("scipy", "shapely", "matplotlib", "dinghy.skippers", "dinghy.ui.shell.table",
                  "dinghy.ui.dinghy_race", "dinghy.ui.grid", "dinghy.ui.regatta_gigamic",
                  "dinghy.games.dinghy_race.rules", "dinghy.games.yacht_race.rules")


def test_first_set_up_frame_imports_nothing_it_does_not_show(tmp_path):
    out = subprocess.run([sys.executable, "-c", _PROBE, str(tmp_path)], capture_output=True,
                         text=True, check=True, timeout=120).stdout
    loaded = json.loads(out.strip().splitlines()[-1])
    assert "dinghy.ui.shell.setup_screen" in loaded        # the probe did reach the set-up
    heavy = [m for m in loaded if any(m == h or m.startswith(h + ".") for h in NOT_ON_THE_WAY)]
    assert heavy == []


def test_setup_options_known_without_the_view_agree_with_the_view():
    for rules in ("dinghy_race", "regatta_gigamic", "race_the_wind", "yacht_race", "regatta"):
        assert views.setup_options(rules) == tuple(views.view_class(rules).setup_options), rules
