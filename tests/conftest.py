import os

import pytest
from hypothesis import settings

# --- hypothesis: the suite is the landing gate ----------------------------------------
# The property tests draw the same examples on every run of the same files ("gate";
# hypothesis also draws numbers written in the modules loaded, so a test run alone or
# with other files collected may draw others: reproduce a failure of the whole suite
# with `pytest tests -k NAME`), so a change is judged
# on its own merits, never on a new draw that has nothing to do with it (a hull at
# x = -0.0, a land outline GEOS cannot buffer: each first drawn on some later run). New
# draws are for exploring, on purpose, and what they find is fixed with a test:
#     HYPOTHESIS_PROFILE=explore python3 run.py test
# The gate draws at most 100 examples of a property (a test asks for fewer where each is
# costly); exploring draws 500 of each, anew every run.
settings.register_profile("gate", derandomize=True, max_examples=100)
settings.register_profile("explore", derandomize=False, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "gate"))

# --- headless pyglet for the dinghy.ui tests ----------------------------------------
# pyglet picks a screen-less (EGL) window when pyglet.window is first imported, so the
# choice is made here, before any test module imports a dinghy.ui drawing module.
os.environ.setdefault("DINGHY_HEADLESS", "1")


# --- each test process keeps its own $DINGHY_HOME -------------------------------------
# The table autosaves every race into $DINGHY_HOME (settings, series, courses too). The
# suite runs in several processes at once (pytest-xdist): each gets a home of its own
# under its own temporary folder, so no test reads another process's race, and none
# touches the user's real ~/.local/share/dinghy. A test that needs a fresh home still
# sets its own. The field cache ($DINGHY_CACHE) stays shared: it is written atomically
# and the same key always holds the same field.
@pytest.fixture(scope="session", autouse=True)
def _own_dinghy_home(tmp_path_factory):
    before = os.environ.get("DINGHY_HOME")
    os.environ["DINGHY_HOME"] = str(tmp_path_factory.mktemp("dinghy-home"))
    yield
    if before is None:
        os.environ.pop("DINGHY_HOME", None)
    else:
        os.environ["DINGHY_HOME"] = before


@pytest.fixture
def make_ui_app(monkeypatch):
    """Factory for headless Apps: ``make_ui_app(width=1280, height=800)``; all closed
    after the test. Handles both pyglet quirks (see design/platform-notes.md): events
    are queued outside pyglet.app.run, so dinghy.ui.testing dispatches them, and a
    finished pyglet.app.run leaves Window._enable_event_queue False, reset here."""
    from dinghy.ui.app import App, configure

    configure(headless=True)
    import pyglet.window

    monkeypatch.setattr(pyglet.window.Window, "_enable_event_queue", True)
    apps = []

    def make(width=1280, height=800):
        app = App(headless=True, width=width, height=height)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


@pytest.fixture
def ui_app(make_ui_app):
    """A fresh headless 1280x800 App."""
    return make_ui_app()


# --- the browser tests say in one line how to run them, when they skip -------------------
def pytest_terminal_summary(terminalreporter):
    for report in terminalreporter.stats.get("skipped", []):
        if "test_serve_browser" in report.nodeid and isinstance(report.longrepr, tuple):
            terminalreporter.write_line(str(report.longrepr[2]).removeprefix("Skipped: "))
            return


# --- the longest files first, on every core ------------------------------------------------
# `python3 run.py test` runs the suite on every core, a file per worker at a time
# (pytest-xdist, --dist loadfile). By default xdist hands out the files with the most tests
# first, so a file of a few long tests (whole seeded races) came last and one worker
# sailed it alone while the other waited. The files below (each over ~5 s, longest first,
# as measured on a 2-core machine) are handed out first, the many short files after them
# fill in: the workers finish together. This list orders the work, it selects none.
LONGEST_FIRST = (
    "test_ui_camera_decisions.py", "test_skippers.py", "test_ui_table.py", "test_ui_polish.py",
    "test_serve.py", "test_engine_fast_paths.py", "test_hard_skipper.py", "test_conformance.py",
    "test_speed_equivalence.py", "test_simulate.py", "test_ui_designer.py", "test_ui_grid_taps.py",
    "test_ui_grid.py", "test_regatta_gigamic_hard.py", "test_damaged_files.py", "test_ui_gigamic_tray.py",
    "test_ui_export_progress.py", "test_ui_how_to_play.py", "test_regatta_3m_races.py", "test_ui_series.py",
)


def pytest_configure(config):
    if getattr(config.option, "loadscopereorder", None) is not None:
        config.option.loadscopereorder = False      # xdist: keep the order collected


def pytest_collection_modifyitems(config, items):
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))   # stable: the rest as found
