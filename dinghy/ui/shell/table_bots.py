"""The race table's bots: the seats with a skipper act by themselves (one action every
``bot_delay`` seconds, or all at once with none), wait with the window alive while a
skipper prepares (the hard skipper's field of new water), and every bot seat that speaks
out of turn is asked after each action, whoever acts next, as ``play_bots`` and
``dinghy simulate`` ask (the hard skipper's claim for room at a mark, rule 3)."""
from __future__ import annotations

from typing import Any

from dinghy.skippers import out_of_turn, ready, skipper


class BotsMixin:
    """Mixed into :class:`~dinghy.ui.shell.table.TableScene`."""

    race: Any
    game: Any
    view: Any
    gui: Any
    toast: Any
    bot_delay: float
    bot_rng: Any
    _bot_wait: float
    _asked: Any

    def run_bots(self, dt: float = 0.0) -> None:
        """Let bot seats act: all at once with no delay, else one per ``bot_delay``."""
        g = self.gui
        if g is None or g.modals or self.animating:
            return
        self._let_bots_speak()
        if self.bot_delay <= 0:
            n = 0
            while not self.race.over and not self.human_turn and n < 100000:
                self._bot_step(refresh=False)
                n += 1
            if n:
                self.refresh()
            return
        if self.race.over or self.human_turn:
            self._bot_wait = 0.0
            return
        self._bot_wait += dt
        if self._bot_wait >= self.bot_delay:
            if not self.race.chance and not ready(self.bot(), self.race):
                # the skipper's preparation (the hard skipper's field of new water) runs in
                # the background: the window lives on, and says why nothing moves
                if not self.toast.visible:
                    self.toast.show(f"{self.seat().name} studies the water (once per course and wind)…",
                                    seconds=2.0)
                return
            self._bot_wait = 0.0
            self._bot_step()

    def bot(self) -> Any:
        """The skipper of the seat acting now (the game's default if it has no such one)."""
        return self._skipper(self.seat().skipper)

    def _skipper(self, name: str | None) -> Any:
        rules = self.game.rules_name
        try:
            return skipper(name, rules)
        except ValueError:
            return skipper(None, rules)

    def _bot_step(self, refresh: bool = True) -> None:
        race = self.race
        if race.chance and not self.view.bots_roll:
            self.roll(refresh)          # chance acts as a person's roll does
            return
        self.act(self.bot().choose(race, self.bot_rng), refresh=refresh)

    def _let_bots_speak(self, refresh: bool = True) -> None:
        """After every action, as ``play_bots`` and ``dinghy simulate`` do: a bot seat
        that speaks out of turn (the hard skipper claiming room at a mark, rule 3) is
        asked, whoever acts next, a person included."""
        race = self.race
        if race.over or race.chance or self._asked is race.state:
            return
        self._asked = race.state
        bots = [None if s.skipper is None else self._skipper(s.skipper) for s in self.game.setup.seats]
        call = out_of_turn(race, bots, race.current_player())
        if call is not None:
            self.act(call, refresh=refresh)
