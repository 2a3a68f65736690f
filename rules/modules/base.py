"""What every rule module needs: the refusal, the weather and the pit lane as other rules
read them, a new movement, dangerous spaces, retiring a car and closing a movement.

Rules here: CORE-WEAR-2 (the last body, engine or road-holding WP ends the race), CORE-DANGER-1
and ROAD-1 (damage markers, none without road holding), FD08-DANGER-1 and AMB-22 (a lost body or
engine WP marks the car's space), WEATHER-11 and AMB-62 (wet or dry), AMB-66 (finished cars
leave the track).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.actions import Event
from rules.car import Area
from rules.dice import Purpose
from rules.reasons import Reason
from rules.state import CarState, Check, Movement, Phase, RaceState
from rules.track import Track


class IllegalAction(Exception):
    """The action is not legal now; ``reason`` says why in any language."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.english())
        self.reason = reason

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[Reason]]:
        """Rebuilt from its reason, so a bench worker's refused action reaches the parent process
        as itself (the default rebuilds it from the English message)."""
        return (type(self), (self.reason,))


# A module's answer to the black die it asked for: the state after ``check`` rolled ``value``.
CheckRoll = Callable[[Track, RaceState, Check, int, list[Event]], RaceState]


def wet(state: RaceState) -> bool:
    """Is it raining now (WEATHER-11, AMB-62)? Without the weather module it is always dry."""
    return state.weather is not None and state.weather.wet


def in_pit_lane(track: Track, car: CarState) -> bool:
    """In the pit lane: no braking, no collisions and no engine checks there (PIT-B-5)."""
    return car.space is not None and track.space(car.space).in_pit


def on_track(state: RaceState, car: CarState) -> bool:
    """Does the car occupy its space? Finished cars leave (AMB-66); retired ones only as wrecks,
    until the wreck is removed (OUT-D-3, FUEL-3)."""
    if car.space is None or car.league.removed:
        return False
    return car.status == "racing" or (car.status == "out" and state.rules.wrecks)


def start_movement(car: CarState) -> Movement:
    """A movement starting where the car stands now; a launch if the car is launching
    (DRESDEN-PROFILE-3/4, ``driver_profiles.launch_spaces``)."""
    return Movement(
        start=car.space or "", corner=car.corner, stops=car.stops, crossings=car.crossings, launch=car.league.launch
    )


def close(state: RaceState) -> RaceState:
    """The movement is over: the turn goes on to its checks (phase "check")."""
    return state.model_copy(update={"movement": None, "moves_left": None, "phase": Phase.CHECK})


def mark(state: RaceState, space: str | None, events: list[Event]) -> RaceState:
    """A dangerous space (CORE-DANGER-1), unless the rule set plays without road holding (ROAD-1)."""
    if space is None or space in state.markers or not state.rules.markers:
        return state
    events.append(Event(kind="marker", data={"space": space}))
    return state.model_copy(update={"markers": state.markers + (space,)})


def mark_stop(state: RaceState, space: str | None, events: list[Event]) -> RaceState:
    """A skip cost's engine WP puts its marker on the stop (FD08-DANGER-1, AMB-22)."""
    if not state.mark_stop:
        return state
    return mark(state, space, events).model_copy(update={"mark_stop": False})


# CORE-WEAR-2: the last WP of these areas ends the race; the rule that says so for each
AREA_RULE = {Area.BODY: "CORE-COLL-3", Area.ENGINE: "CORE-ENGINE-3", Area.ROAD_HOLDING: "CORE-DANGER-4"}


def retire(state: RaceState, car_id: str, why: Reason, events: list[Event]) -> RaceState:
    """Out of the race (TAB-OUT). The car keeps its last space for the classification; without
    wrecks it no longer blocks (``on_track``) and its space becomes dangerous (FD08-DANGER-1)."""
    car = state.car(car_id)
    events.append(Event(kind="out", car=car_id, data={"rule": why.rule, "code": why.code.value, "space": car.space}))
    state = state.with_car(car.model_copy(update={"status": "out", "out": why, "out_round": state.round}))
    if not state.rules.wrecks:
        state = mark(state, car.space, events)
    # pending checks of a retired car are void; a weather determination it triggered is not (WEATHER-5)
    kept = tuple(p for p in state.pending if p.car != car_id or p.purpose == Purpose.WEATHER)
    return state.model_copy(update={"pending": kept})
