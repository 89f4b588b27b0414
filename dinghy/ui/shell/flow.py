"""How the screens follow one another: set-up -> table -> results (-> replay), and resume.

The :class:`Flow` owns the one autosave folder and swaps scenes on the App; a file
problem (a course that does not load, a damaged autosave) becomes a Dialog with the
engine's one-line message, never a traceback.
"""
from __future__ import annotations

from typing import Any

from dinghy.core.errors import DinghyError


class Flow:
    #: Whether starting a race asks before it discards an unfinished autosaved one.
    ask_before_discard = True

    def __init__(self, app: Any, autosave: Any, *, bot_delay: float | None = None,
                 on_start: Any = None, can_resume: Any = None, on_resume: Any = None) -> None:
        from dinghy.ui.shell.settings import BOT_DELAY, Settings

        self.app, self.autosave = app, autosave
        self.bot_delay = BOT_DELAY if bot_delay is None else bot_delay
        self.settings = Settings.load(autosave.folder)
        from dinghy.ui.shell.series import Series

        self.series = Series.load(autosave.folder)     # a series in progress, if any
        self._on_start, self._can_resume, self._on_resume = on_start, can_resume, on_resume

    # --- screens -------------------------------------------------------------------
    def _show(self, scene: Any) -> Any:
        return self.app.replace(scene) if self.app.scene is not None else self.app.push(scene)

    def show_setup(self, initial: Any = None, rules: str | None = None) -> Any:
        from dinghy.ui.shell.setup_screen import SetupScreen

        return self._show(SetupScreen(self._on_start or self.start,
                                      can_resume=self._can_resume or self.autosave.exists,
                                      on_resume=self._on_resume or self.resume, initial=initial,
                                      rules=rules, settings=self.settings,
                                      on_settings=self.save_settings,
                                      on_series=None if self._on_start else self.start_series))

    def save_settings(self) -> None:
        try:
            self.settings.save(self.autosave.folder)
        except OSError:
            pass                 # the settings hold for this evening at least

    def table_options(self) -> dict[str, Any]:
        """What the settings say to a race table."""
        from dinghy.ui.sound import Sound

        s = self.settings
        return {"animate": s.animations, "follow": s.follow,
                "sound": Sound() if s.sound else None, "guided": s.guided}

    def show_table(self, race: Any) -> Any:
        from dinghy.ui.shell.table import TableScene

        return self._show(TableScene(race, autosave=self.autosave, on_over=self.show_results,
                                     on_leave=lambda: self.show_setup(race.game.setup, race.rules_name),
                                     bot_delay=self.bot_delay, **self.table_options()))

    def show_results(self, race: Any) -> Any:
        from dinghy.ui.shell.results import ResultsScene

        saved = self.autosave.last_race if self.autosave.last_race.is_file() else None
        series, on_next = self._count_in_series(race), None
        if series is not None and not series.over:
            on_next = lambda: self.next_race(race)  # noqa: E731
        return self._show(ResultsScene(
            race, on_new=lambda: self.show_setup(race.game.setup, race.rules_name),
            on_quit=self.app.close,
            on_replay=lambda: self.show_replay(race, back=lambda: self.show_results(race)),
            saved=saved, series=series, on_next=on_next,
            export_folder=self.autosave.folder / "exports"))

    # --- a series of races -----------------------------------------------------------
    def _count_in_series(self, race: Any) -> Any:
        """The series this finished race belongs to (counted once), or None."""
        s = self.series
        names = tuple(seat.name for seat in race.game.setup.seats)
        if s is None or s.rules != race.rules_name or s.names != names:
            return None
        if s.add(race):
            try:
                s.save(self.autosave.folder)
            except OSError:
                pass
        return s

    def start_series(self, setup: Any, rules: str | None, plan: tuple[int, str, bool]) -> Any:
        """A new series of ``plan = (races, scoring, discard)``, starting with its first race."""
        from dinghy import games
        from dinghy.ui.shell.series import Series

        races, scoring, discard = plan
        series = Series(races, scoring, discard, rules or next(iter(games.GAMES)),
                        tuple(seat.name for seat in setup.seats))
        return self.start(setup, rules, series=series)

    def next_race(self, race: Any) -> Any:
        """The series' next race: the same boats and options, a fresh seed."""
        from dinghy.ui.shell.setup_form import new_seed

        setup = race.game.setup.with_(seed=new_seed())
        return self.start(setup, race.rules_name, confirmed=True, series=self.series)

    def show_replay(self, race: Any, back: Any = None, title: str = "") -> Any:
        from dinghy.ui.shell.replay import ReplayScene
        from dinghy.ui.shell.views import view_class

        name = view_class(race.game.rules_name).board_name(race.game)
        return self._show(ReplayScene(race, on_close=back or self.app.close,
                                      title=title or f"Replay · {name}",
                                      export_folder=self.autosave.folder / "exports"))

    # --- actions ---------------------------------------------------------------------
    def start(self, setup: Any, rules: str | None = None, *, confirmed: bool = False,
              series: Any = None) -> Any:
        """A new race of game ``rules`` (default: the first registered). An unfinished
        autosaved race is not thrown away unasked: a dialog offers "Resume" or
        "Discard and start". ``series``: the race counts in it (else no series goes on)."""
        from dinghy import games
        from dinghy.core.race import Race

        if self.ask_before_discard and not confirmed and self.autosave.exists():
            what = self.autosave.summary()
            return self.problem(
                "An unfinished race is saved",
                (f"{what}. " if what else "") +
                "Starting a new race discards the race in progress. Resume it instead?",
                [("Resume", self._on_resume or self.resume),
                 ("Discard and start", lambda: self.start(setup, rules, confirmed=True, series=series))])
        try:
            race = Race(games.load_game(setup, rules or next(iter(games.GAMES))))
        except (DinghyError, OSError) as exc:
            return self.problem("The race cannot start", str(exc))
        self.autosave.discard()
        try:
            self.autosave.save(race)
        except OSError:
            pass
        self._keep_series(series)
        return self.show_table(race)

    def _keep_series(self, series: Any) -> None:
        from dinghy.ui.shell.series import Series

        self.series = series
        try:
            if series is None:
                Series.forget(self.autosave.folder)
            else:
                series.save(self.autosave.folder)
        except OSError:
            pass

    def resume(self) -> Any:
        try:
            race = self.autosave.load()
        except (DinghyError, OSError) as exc:
            buttons: list[tuple[Any, ...]] = [("Cancel", None)]
            if self.autosave.previous.is_file():
                buttons.append(("Use the previous autosave", self.resume_previous))
            return self.problem("The autosave cannot be read", _one_line(exc), buttons)
        return self.show_table(race)

    def resume_previous(self) -> Any:
        try:
            race = self.autosave.load_previous()
        except (DinghyError, OSError) as exc:
            return self.problem("The previous autosave cannot be read either", _one_line(exc),
                                [("Cancel", None), ("Discard both", self.autosave.discard)])
        return self.show_table(race)

    def problem(self, title: str, message: str, buttons: Any = (("OK", None),)) -> Any:
        from dinghy.ui.widgets.dialogs import Dialog

        scene = self.app.scene
        gui = getattr(scene, "gui", None)
        if gui is None:
            raise DinghyError(message)
        return gui.open(Dialog(gui, title, message, list(buttons)))


def _one_line(exc: BaseException) -> str:
    """The error on one line, its file path shortened so that a dialog can wrap it."""
    from dinghy.ui.shell.autosave import short_path

    text = " ".join(str(exc).split())
    source = getattr(exc, "source", None)
    if source and source in text:
        text = text.replace(source, short_path(source, 40))
    return text


class TestSail(Flow):
    """The designer's "Test sail": bots race a course file over the scene below.

    ``TestSail(app, autosave)(path)`` pushes the race table on top of the scene that
    is showing (the designer stays open under it, untouched); leaving the race, or
    "Back to designer" on the results, pops back down to it. "New race" on the results
    sails the same course again with a new seed. ``autosave`` should be a folder of its
    own, so that a test sail never replaces the player's race in progress.
    """

    __test__ = False   # not a pytest class, whatever its name
    ask_before_discard = False     # a test sail keeps no race worth asking about

    def __init__(self, app: Any, autosave: Any, *, boats: int = 4, bot_delay: float | None = None,
                 skipper: str = "simple") -> None:
        super().__init__(app, autosave, bot_delay=bot_delay)
        self.boats, self.skipper = boats, skipper
        self.floor = len(app.scenes)

    def __call__(self, path: Any, boats: int | None = None) -> Any:
        import random

        from dinghy.core.setup import PALETTE, RaceSetup, Seat

        self.floor = len(self.app.scenes)      # the scene to come back to
        n = max(1, min(boats or self.boats, len(PALETTE)))
        seats = tuple(Seat(name, name, self.skipper) for name in list(PALETTE)[:n])
        return self.start(RaceSetup(seats=seats, course=str(path), seed=random.randrange(1 << 30)))

    def _show(self, scene: Any) -> Any:
        if len(self.app.scenes) > self.floor:
            return self.app.replace(scene)
        return self.app.push(scene)

    def back(self) -> Any:
        """Close the test sail: the scene below it (the designer) is on top again."""
        while len(self.app.scenes) > self.floor:
            self.app.pop()
        return self.app.scene

    def show_setup(self, initial: Any = None, rules: str | None = None) -> Any:
        return self.back()

    def show_table(self, race: Any) -> Any:
        from dinghy.ui.shell.table import TableScene

        scene = TableScene(race, autosave=self.autosave, on_over=self.show_results,
                           on_leave=self.back, bot_delay=self.bot_delay, **self.table_options())
        scene.leave_message = "This is a test sail: leaving goes back to the designer."
        return self._show(scene)

    def show_results(self, race: Any) -> Any:
        from dinghy.ui.shell.results import ResultsScene

        setup = race.game.setup
        return self._show(ResultsScene(
            race, on_new=lambda: self.start(setup.with_(seed=setup.seed + 1)), on_quit=self.back,
            on_replay=lambda: self.show_replay(race, back=lambda: self.show_results(race)),
            saved=None, quit_label="Back to designer"))
