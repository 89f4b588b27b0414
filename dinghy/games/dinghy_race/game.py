"""Dinghy Race as a game of the shared interface (:mod:`dinghy.core.interface`).

:class:`DinghyRace` is the :class:`~dinghy.games.dinghy_race.table.Table` (set-up,
course, cards, hazard table and their prepared shapes) with the interface's methods,
each a thin door into the rules modules. Chance is the hazard roll: 36 equally likely
throws of two dice.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from dinghy.core.interface import CHANCE, TERMINAL, BaseGame, Event
from dinghy.games.dinghy_race import balance as _balance, position as positions, rules
from dinghy.games.dinghy_race.actions import Action, Drift, Overlap, Pass, Roll, WeatherEye, parse
from dinghy.games.dinghy_race.outcome import LuckOutcome, MoveOutcome, outcome
from dinghy.games.dinghy_race.state import RaceState, Step, WeatherEyeCard
from dinghy.games.dinghy_race.table import Table
from dinghy.games.dinghy_race.turn import stop_short_at as stop_short_before_format_4
from dinghy.games.dinghy_race.weather_eye import weather_eye_places, weather_eye_shape

_DICE = [Roll(a, b) for a in range(1, 7) for b in range(1, 7)]


class DinghyRace(Table, BaseGame):
    rules_name = "dinghy_race"
    title = "Dinghy Race"
    balance_figures = _balance.FIGURES

    def balance(self, states, actions, events):
        """Lady Luck, capsizes, men overboard and Weather Eye per seat, and the hazard
        rolls per boat and manoeuvre (:mod:`dinghy.games.dinghy_race.balance`)."""
        return _balance.count(self, states, actions)

    # -- the interface -----------------------------------------------------------------
    def initial_state(self) -> RaceState:
        order = list(range(len(self.setup.seats)))
        # "shuffle the turn order cards and put them face-up in a row"
        random.Random(f"order:{self.setup.seed}").shuffle(order)
        return rules.initial_state(self, tuple(order))

    def current_player(self, state: RaceState) -> int:
        if state.step is Step.OVER:
            return TERMINAL
        if state.step is Step.ROLL:
            return CHANCE
        return state.active

    def legal_actions(self, state: RaceState) -> list[Action]:
        return rules.legal_actions(self, state)

    def why_not(self, state: RaceState, action: Action) -> str | None:
        return rules.why_not(self, state, action)

    def apply(self, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
        return rules.apply(self, state, action)

    def interjections(self, state: RaceState) -> list[Action]:
        return rules.interjections(self, state)

    def caller(self, state: RaceState, action: Action) -> int | None:
        """The inner boat demands room (rule 3); a protest is the players' call, decided
        together as Race Steward: any of them may make it."""
        return action.boat if isinstance(action, Overlap) else None

    def chance_outcomes(self, state: RaceState) -> list[tuple[Action, Fraction]]:
        if state.step is not Step.ROLL:
            return []
        return [(r, Fraction(1, 36)) for r in _DICE]

    def sample_chance(self, state: RaceState, rng: random.Random) -> Action:
        return Roll(rng.randint(1, 6), rng.randint(1, 6))

    def is_over(self, state: RaceState) -> bool:
        return state.step is Step.OVER

    def places(self, state: RaceState) -> list[int | None]:
        return [b.finished for b in state.boats]

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def action_label(self, action: Action) -> str:
        """The Weather Eye choices in words (a card laid: its place is the tap's; kept;
        the cards drifted); any other action's text."""
        if isinstance(action, WeatherEye):
            side = "along" if action.long_side_along_wind else "across"
            return f"Weather Eye card, long side {side} the wind"
        if isinstance(action, Pass):
            return "Keep the Weather Eye card"
        if isinstance(action, Drift):
            return f"Drift the Weather Eye cards {'one card length' if action.flips == 1 else 'two card lengths'}"
        return action.text()

    def weather_eye_places(self, state: RaceState, long_side_along_wind: bool) -> list[tuple[float, float]]:
        """Where the acting boat's Weather Eye card may lie near it, turned so: the one
        answer the table and the browser both offer (:func:`.weather_eye.weather_eye_places`)."""
        return weather_eye_places(self, state, long_side_along_wind)

    def board_placements(self, state: RaceState) -> list[tuple[tuple[float, float], Action]]:
        """At the WEATHER_EYE step, each place near the boat where its card may lie, long
        side along the wind and across it (:meth:`weather_eye_places`)."""
        return [(at, WeatherEye(at[0], at[1], along)) for along in (True, False)
                for at in self.weather_eye_places(state, along)]

    def placement_outline(self, state: RaceState, action: Action) -> Any:
        """A Weather Eye card's outline where ``action`` lays it, turned so."""
        if not isinstance(action, WeatherEye):
            return None
        card = WeatherEyeCard(action.x, action.y, action.long_side_along_wind, state.active)
        return tuple(weather_eye_shape(self, card).exterior.coords)[:-1]

    def position(self, state: RaceState) -> RaceState:
        return positions.position(self, state)

    def outcome(self, state: RaceState, action: Action) -> MoveOutcome | LuckOutcome:
        """What a legal ``Move`` does (end pose, stop short, hazards, finish), or a
        ``Luck`` commitment (the odds of the roll to come): see :mod:`.outcome`."""
        return outcome(self, state, action)

    # -- pictures (drawn by dinghy.core.picture) -------------------------------------------
    def board_drawing(self) -> Any:
        from dinghy.games.dinghy_race import race_picture
        return race_picture.chart(self)

    def boat_points(self, state: RaceState) -> list[Any]:
        from dinghy.games.dinghy_race import race_picture
        return race_picture.boat_points(state)

    def boat_outlines(self, state: RaceState) -> list[Any]:
        from dinghy.games.dinghy_race import race_picture
        return race_picture.boat_outlines(self, state)

    def board_pieces(self, state: RaceState) -> Any:
        from dinghy.games.dinghy_race import race_picture
        return race_picture.laid_weather_eyes(self, state)

    def board_wind(self, state: RaceState) -> float:
        return float(self.wind_from)

    def progress(self, state: RaceState) -> Any:
        """Where the bows of the boats still racing lie (to the tenth of a millimetre),
        their legs done and the places: pivoting on the spot and holding cards aside
        change none of it."""
        return (tuple((b.index, round(b.pose.x, 1), round(b.pose.y, 1), b.legs_done)
                      for b in state.boats if b.finished is None), state.places)

    # -- records -----------------------------------------------------------------------
    def older_record(self, fmt: int, race: Any) -> str | None:
        """Format 1 was written when a finishing move handed the rest of its turn to the
        next boat (that boat skipped its reveal and move). Such a record means the same
        today unless a boat finished while another was left to begin its turn.

        Formats 1 to 3 were written when a boat that stopped short could stop beyond what
        stopped it (the stop was sought from the exit back). Such a record means the same
        today unless one of its stops short ends elsewhere now."""
        states = race.history
        for k, events in enumerate(race.events_by_action()):
            if fmt < 2 and any(e.kind == "finish" for e in events) and states[k + 1].step is Step.BEGIN:
                name = next(self.name(e.boat) for e in events if e.kind == "finish")
                return (f"was made under the old finishing rule: after {name} finished "
                        f"(actions[{k}]) the next boat skipped its move")
            if fmt < 4 and any(e.kind == "obstacle" for e in events) and states[k].step is Step.MOVE:
                before, act = states[k], race.actions[k]
                opt = rules.exit_options(self, before, act.shift)[act.exit]
                card = self.cards.types[before.turn.card]
                trap = opt.blocked_by if opt.trapped else None
                old = stop_short_before_format_4(self, before, before.boat(), card, opt.pose, opt.tack,
                                                 float(act.shift), trap, through=True)
                if old != rules.stop_short(self, before, opt, act.shift):
                    return (f"was made when a boat stopping short could stop beyond what stopped it: "
                            f"{self.name(before.active)}'s stop short of {opt.blocked_by} "
                            f"(actions[{k}]) ends elsewhere today")
        return None

    # -- hidden information ------------------------------------------------------------
    def _face_down(self, state: RaceState, index: int) -> bool:
        """Whether boat ``index``'s planned card lies face-down (not yet revealed)."""
        b = state.boats[index]
        revealed = index == state.active and state.turn.card is not None
        return b.planned is not None and not revealed

    def _footprint(self, key: str) -> str:
        return self.cards.types[key].played.value

    def observation(self, state: RaceState, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: the whole table, but of another boat's face-down card only
        how it lies (sideways or lengthwise), and only its own hand."""
        boats = []
        for b in state.boats:
            card: str | None = b.planned
            if b.index != seat and self._face_down(state, b.index):
                card = f"face-down, {self._footprint(b.planned)}"
            boats.append({
                "boat": b.index, "x": b.pose.x, "y": b.pose.y, "heading": b.pose.heading,
                "tack": b.tack.value, "card": card, "aside": b.aside, "delays": b.delays,
                "trapeze": b.trapeze, "spi_up": b.spi_up, "lady_luck": b.lady_luck,
                "weather_eye": b.weather_eye, "launched": b.launched, "started": b.started,
                "legs_done": b.legs_done, "stage": b.stage, "finished": b.finished,
                "mishap": b.mishap})
        t = state.turn
        return {
            "rules": self.rules_name, "seat": seat, "round": state.round, "step": state.step.value,
            "wind_from": self.wind_from,     # degrees, as the boats' headings
            "active": state.active, "order": list(state.order), "done": sorted(state.done),
            "turn": {"card": t.card, "pivot_limit": t.pivot_limit, "hazards": [list(h) for h in t.hazards],
                     "luck": t.luck, "substituted": t.substituted},
            "boats": boats,
            "hand": rules.hand(self, state.boats[seat], rules.executed_card(self, state, seat)),
            "places": list(state.places),
            "weather_eyes": [[w.x, w.y, w.long_side_along_wind, w.owner] for w in state.weather_eyes],
            "ruling": None if state.last_ruling is None else state.last_ruling.text,
        }

    def hidden_variant(self, state: RaceState, seat: int, rng: random.Random) -> RaceState:
        """The same table with another face-down card of the same footprint in front of
        ``seat``'s bow (a card its hand could have held)."""
        b = state.boats[seat]
        if not self._face_down(state, seat):
            return state
        foot = self._footprint(b.planned)
        spare = rules.hand(self, b.with_(planned=None))
        options = sorted(k for k in spare if k != b.planned and self._footprint(k) == foot)
        if not options:
            return state
        return state.with_boat(b.with_(planned=rng.choice(options)))
