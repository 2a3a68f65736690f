"""The street race's nitro (STREET-3): once per lap a car may inject nitro for as many extra spaces
as its current gear.

Like the Dresden engine boost (``boost``) it is announced with the gear, before the roll, and
the engine adds ``extra_spaces`` to the roll; unlike the boost it costs nothing but the lap's
injection. "Einmal pro Runde" is read as once per lap (AMB-63, ``RuleSet.nitro_per``; "game_round"
reads it as once per game round, i.e. every turn). A car's first lap runs from the grid to its
second crossing of the line, so the grid's short run to the line is lap 1 too. The trigger of an
engine check stays the natural face (AMB-11). ``refusal`` says whether a car may inject now,
for the gear box and the odds (``rules.odds.nitro_odds``). Without ``RuleSet.street`` every
nitro is refused.

Its seam: the hooks ``on_gear``, ``extra_spaces`` and ``new_turn`` (one line each in
``rules.hooks``), its part of the street slice (``StreetCar.nitro_lap``, ``StreetRace.nitro``
in ``rules.state``).

Rules here: STREET-3, AMB-63.
"""

from __future__ import annotations

from rules.actions import ChooseGear, Event
from rules.modules.base import IllegalAction
from rules.reasons import Code, Reason
from rules.state import CarState, Phase, RaceState


def lap_of(car: CarState) -> int:
    """The lap the car is driving, from 1: the grid is behind the line, so its first crossing
    still belongs to lap 1."""
    return max(1, car.crossings)


def refusal(state: RaceState, car: CarState) -> Reason | None:
    """Why ``car`` may not inject nitro now, or None (STREET-3: once per lap, AMB-63)."""
    if not state.rules.street or state.mode != "race" or car.league.rolling_out is not None:
        return Reason(rule="STREET-3", code=Code.NO_NITRO)
    if state.rules.nitro_per == "lap" and car.street.nitro_lap == lap_of(car):
        return Reason(rule="STREET-3", code=Code.NITRO_USED, values={"lap": lap_of(car)})
    return None


def on_gear(state: RaceState, action: ChooseGear, events: list[Event]) -> RaceState:
    """STREET-3: the nitro announced with the gear, before the roll; the lap's injection is spent."""
    if not action.nitro or state.phase != Phase.ROLL:  # a skip cost may have ended the race already
        return state
    car = state.car(state.active or "")
    why = refusal(state, car)
    if why is not None:
        raise IllegalAction(why)
    events.append(Event(kind="nitro", car=car.id, data={"spaces": car.gear, "lap": lap_of(car)}))
    car = car.model_copy(update={"street": car.street.model_copy(update={"nitro_lap": lap_of(car)})})
    return with_nitro(state.with_car(car), True)


def extra_spaces(state: RaceState, car: CarState) -> int:
    """STREET-3: a roll with nitro counts as many spaces more as the gear (1st +1 ... 6th +6)."""
    return car.gear if state.street.nitro else 0


def with_nitro(state: RaceState, nitro: bool) -> RaceState:
    """The race with the active car's nitro announced or not: what the odds and the computer
    drivers try a gear with, and what a new turn clears."""
    return state.model_copy(update={"street": state.street.model_copy(update={"nitro": nitro})})


def new_turn(state: RaceState) -> RaceState:
    """STREET-3: a new turn begins without nitro."""
    return with_nitro(state, False)
