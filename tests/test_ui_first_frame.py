"""The way to the set-up screen loads only what the set-up screen shows (issue 22:
"nothing on the way to the set-up screen imports or builds what the set-up screen does
not show"). Timing is for benchmarks/bench_ui_playback.py; here, what gets imported."""
import json
import subprocess
import sys

import pytest

from dinghy.ui.shell import views

_PROBE = """
import json, os, subprocess, sys
os.environ["DINGHY_HEADLESS"] = "1"
launched = []
_popen = subprocess.Popen.__init__
def popen(self, args, *rest, **kw):
    launched.append(str(args))
    _popen(self, args, *rest, **kw)
subprocess.Popen.__init__ = popen
from dinghy.ui import run_app
app = run_app(headless=True, run=False, home=sys.argv[1])
app.step()
print(json.dumps({"modules": sorted(k for k, v in sys.modules.items() if v is not None),
                  "launched": launched}))
"""

#: what the set-up screen does not show: the race table, the bots, a board view (nor
#: the generic one, its action list and its hud), the race pictures and their exports,
#: the designer, the browser table, the geometry and science libraries the rules and
#: the bots use, and the image codec pyglet would load through GdkPixbuf
NOT_ON_THE_WAY = ("scipy", "shapely", "matplotlib", "dinghy.skippers", "dinghy.ui.shell.table",
                  "dinghy.ui.dinghy_race", "dinghy.ui.grid", "dinghy.ui.regatta_gigamic",
                  "dinghy.games.dinghy_race.rules", "dinghy.games.yacht_race.rules",
                  "dinghy.ui.shell.generic", "dinghy.ui.shell.board_view", "dinghy.ui.shell.action_list",
                  "dinghy.core.action_words", "dinghy.core.picture", "dinghy.ui.shell.exports",
                  "dinghy.ui.shell.results", "dinghy.ui.shell.replay", "dinghy.ui.designer",
                  "dinghy.serve", "dinghy.simulate", "pyglet.image.codecs.gdkpixbuf2")


def _probe(tmp_path):
    out = subprocess.run([sys.executable, "-c", _PROBE, str(tmp_path)], capture_output=True,
                         text=True, check=True, timeout=120).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_first_set_up_frame_imports_nothing_it_does_not_show(tmp_path):
    loaded = _probe(tmp_path)["modules"]
    assert "dinghy.ui.shell.setup_screen" in loaded        # the probe did reach the set-up
    heavy = [m for m in loaded if any(m == h or m.startswith(h + ".") for h in NOT_ON_THE_WAY)]
    assert heavy == []


def test_first_set_up_frame_asks_ldconfig_once(tmp_path):
    """pyglet looks up each C library (GL, EGL, FreeType, HarfBuzz, Fontconfig) through
    ctypes, which runs ``ldconfig -p`` each time: the way to the set-up screen runs it
    once (six times before)."""
    launched = _probe(tmp_path)["launched"]
    assert len(launched) <= 1, launched


def test_the_one_library_list_agrees_with_ctypes():
    import ctypes.util

    from dinghy.ui.app import _ldconfig_names

    names = _ldconfig_names()
    if not names:
        pytest.skip("no ldconfig here")
    for lib in ("GL", "EGL", "freetype", "harfbuzz", "fontconfig", "c", "m"):
        assert names.get(lib) == ctypes.util.find_library(lib), lib


def test_setup_options_known_without_the_view_agree_with_the_view():
    for rules in ("dinghy_race", "regatta_gigamic", "race_the_wind", "yacht_race", "regatta"):
        assert views.setup_options(rules) == tuple(views.view_class(rules).setup_options), rules
