"""The weather module in a race: the race weather rolled before the start, and when the
determinations a 20 in 5th or a 30 in 6th owes are rolled.

``rules.tables.weather`` is the pure TAB-WEATHER state machine (a barometer result in, a ``Weather``
out); this module decides when it is asked and what the race does with the answer (VAR-25,
AMB-8). Without the weather module (``RuleSet.weather`` off) no weather is rolled, nothing is
owed and every function here returns the state unchanged.

Rules here: CORE-WEATHER-1..3, WEATHER-B-1..2, WEATHER-4..10, AMB-6, AMB-8 (the determination at
the end of the game round, MASTERS-TURN-15, or at once after the turn's checks).
"""

from __future__ import annotations

from rules.actions import Event
from rules.dice import Purpose
from rules.modules import start
from rules.state import Check, Phase, RaceState
from rules.tables.weather import determine, race_weather
from rules.track import Track


def owe_determination(state: RaceState) -> RaceState:
    """A 20 in 5th or a 30 in 6th changes a variable weather (CORE-WEATHER-3, WEATHER-5)."""
    if state.weather is None or not state.weather.changeable:
        return state
    return state.model_copy(update={"weather_due": state.weather_due + 1})


def on_roll(track: Track, state: RaceState, check: Check, value: int, events: list[Event]) -> RaceState:
    """The race weather before the start (WEATHER-B-1, WEATHER-4), or one determination of a
    variable weather after a 20 in 5th or a 30 in 6th (WEATHER-5..10, WEATHER-B-2, AMB-6)."""
    result = track.weather.condition(value)
    r = state.rules
    if state.weather is None:
        weather = race_weather(result, r.weather_start, state.qualifying_weather)  # WEATHER-D-2
    elif state.weather.mechanism is None:  # WEATHER-10: locked by an earlier roll of this round
        events.append(
            Event(
                kind="weather", data={"result": result, "condition": state.weather.condition, "wet": state.weather.wet}
            )
        )
        return state
    else:
        weather = determine(state.weather, result, state.weather.mechanism, r.weather_streak)
    events.append(Event(kind="weather", data={"result": result, "condition": weather.condition, "wet": weather.wet}))
    state = state.model_copy(update={"weather": weather})
    if state.phase == Phase.GRID and state.queue and not any(p.purpose == Purpose.GRID for p in state.pending):
        return start.place(track, state, list(state.queue), events)  # the grid was decided before
    return state


def after_turn(state: RaceState) -> RaceState:
    """AMB-8's "immediate" timing (WEATHER-5 read literally): the triggering pilot rolls for the
    weather right after the turn's checks, instead of at the end of the game round."""
    if state.rules.weather_timing != "immediate" or not state.weather_due:
        return state
    return state.model_copy(update={"weather_due": 0, "pending": state.pending + _determinations(state)})


def after_round(state: RaceState, events: list[Event]) -> RaceState:
    """The determinations the game round owes, before the leader moves again (AMB-8,
    MASTERS-TURN-15); the state unchanged when none are owed. Its dice tell what happens, so
    it adds no ``events`` itself."""
    if not state.weather_due:
        return state
    return state.model_copy(
        update={"weather_due": 0, "pending": _determinations(state), "phase": Phase.CHECK, "active": None}
    )


def _determinations(state: RaceState) -> tuple[Check, ...]:
    """One determination per trigger (AMB-8), rolled by the triggering pilot (WEATHER-5)."""
    return tuple(Check(purpose=Purpose.WEATHER, car=state.active or "") for _ in range(state.weather_due))
