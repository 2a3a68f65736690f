"""Damage: the black-die checks a turn causes and what a failed one strikes.

A car that stands queues collision checks with the cars beside or ahead of it (MASTERS-TURN-13)
and, after a 20 in 5th or a 30 in 6th, the engine checks (-14); every dangerous space the
movement drove over is a road-holding check (-9). A failed check strikes one WP of its area,
rain makes each check harder (TAB-RAIN), and the last WP of an area ends the race. Without road
holding (``RuleSet.markers`` off) no space becomes dangerous, so no road-holding check is queued.

Rules here: CORE-COLL-1..3, FD08-COLL-1, CORE-ENGINE-1..3, FD08-ENGINE-1, CORE-DANGER-1..4,
FD08-DANGER-1..2, ROAD-1, CORE-WEAR-1..3, C3LAP-1 (out with the last body, engine or road-holding
WP), CORE-WEATHER-2, VAR-5, VAR-7, AMB-4, AMB-22, AMB-60.
"""

from __future__ import annotations

from rules.actions import Event
from rules.car import Area
from rules.dice import Purpose
from rules.modules import rollout
from rules.modules.base import AREA_RULE, in_pit_lane, mark, retire, wet
from rules.moves import Move
from rules.reasons import Code, Reason
from rules.state import Check, Movement, RaceState
from rules.tables.checks import CheckKind, check_fails
from rules.track import Track

# what each check rolls against, and the area a failure strikes
_CHECKS = {
    Purpose.COLLISION: (CheckKind.COLLISION, Area.BODY),
    Purpose.ENGINE: (CheckKind.ENGINE, Area.ENGINE),
    Purpose.ROAD_HOLDING: (CheckKind.ROAD_HOLDING, Area.ROAD_HOLDING),
}


def fails(state: RaceState, check: Check, value: int) -> bool:
    """Does ``value`` (the roll, modified in D: TAB-CHECK-D) fail the check (CORE-WEATHER-2: the
    rain's thresholds, TAB-RAIN)?"""
    kind, _ = _CHECKS[check.purpose]
    if check.wreck:  # COLL-D-2, OUT-D-4: one higher with a wreck involved
        kind = CheckKind.COLLISION_WRECK
    return check_fails(kind, value, rain=wet(state))


def on_check(track: Track, state: RaceState, check: Check, value: int, events: list[Event]) -> RaceState:
    """A collision, engine or road-holding check: a failure strikes 1 WP."""
    if fails(state, check, value):
        state = _lose(state, check.car, _CHECKS[check.purpose][1], events)
    return state


def area_of(check: Check) -> Area:
    """The area a failure of ``check`` strikes."""
    return _CHECKS[check.purpose][1]


def lose(state: RaceState, car_id: str, area: Area, events: list[Event]) -> RaceState:
    """Strike 1 WP of ``area`` outside a check (BLOCK-D-3, AMB-20a/c), as a failed check would."""
    return _lose(state, car_id, area, events)


def _lose(state: RaceState, car_id: str, area: Area, events: list[Event]) -> RaceState:
    """Strike 1 WP; a body or engine loss marks the car's space (FD08-DANGER-1, AMB-22)."""
    car = state.car(car_id)
    if car.status != "racing":
        return state
    if car.wp[area] > 0:  # AMB-46: an area a Blitz set-up leaves empty has no WP to strike
        car = car.model_copy(update={"wp": car.wp.spend(area)})
        events.append(Event(kind="wear", car=car_id, data={"area": area.value, "lost": 1, "left": car.wp[area]}))
        state = state.with_car(car)
        if area in (Area.BODY, Area.ENGINE):
            state = mark(state, car.space, events)
    if car.wp[area] == 0:  # CORE-WEAR-2; AMB-46: failing a check of an empty area ends the race too
        state = retire(
            state, car_id, Reason(rule=AREA_RULE[area], code=Code.AREA_GONE, values={"area": area.value}), events
        )
        if area is Area.ENGINE:  # ENG-D-2, OUT-D-2: in D the car rolls out
            state = rollout.engine_failed(state, car_id, events)
    return state


def road_holding_checks(state: RaceState, car_id: str, mv: Movement, move: Move) -> tuple[Check, ...]:
    """One check per dangerous space the segment ``move`` of ``mv`` drove over or stopped on
    (CORE-DANGER-2..3), rolled once the car stands (MASTERS-TURN-9)."""
    dangers = move.dangers
    before = mv.path[: len(mv.path) - len(move.path)]  # the earlier segments of this movement
    if not state.rules.danger_on_stop and before and move.path and before[-1] in state.markers:
        dangers += 1  # VAR-7: the space the last segment stopped on is driven over after all
    return tuple(Check(purpose=Purpose.ROAD_HOLDING, car=car_id) for _ in range(dangers))


def collision_checks(track: Track, state: RaceState, car_id: str) -> tuple[Check, ...]:
    """CORE-COLL-1, FD08-COLL-1, AMB-4: cars beside the mover, or directly ahead of it; none in
    the pit lane (PIT-B-5)."""
    car = state.car(car_id)
    if car.space is None or in_pit_lane(track, car):
        return ()
    near = neighbours(track, state, car.space)
    checks: list[Check] = []
    for other in state.cars:
        if other.id != car_id and other.space in near and other.status == "racing":
            if state.rules.collision_rolls == "both":
                checks.append(Check(purpose=Purpose.COLLISION, car=other.id, other=car_id))
            checks.append(Check(purpose=Purpose.COLLISION, car=car_id, other=other.id))
    return tuple(checks)


def neighbours(track: Track, state: RaceState, space: str) -> set[str]:
    """AMB-4: the spaces beside ``space`` and the one directly ahead of it (and diagonally ahead
    with ``collision_diagonal``): a car stopping on ``space`` collides with cars there."""
    near = set(track.beside(space))
    ahead = track.ahead(space)
    if ahead:
        near.add(ahead)
        if state.rules.collision_diagonal:
            near.update(track.beside(ahead))
    return near


def engine_checks(track: Track, state: RaceState, car_id: str) -> tuple[Check, ...]:
    """CORE-ENGINE-2, FD08-ENGINE-1: the trigger car, then every other car in 5th or 6th.

    Only cars still racing on the track roll: PIT-B-5 and AMB-60 exempt the pit lane, the
    trigger car included; a car that has finished has left the race (AMB-66), and one that
    is out has nothing left to lose.
    """
    if not state.engine_trigger:
        return ()
    cars = [state.car(car_id)] + [c for c in state.cars if c.id != car_id and c.gear >= 5]
    return tuple(
        Check(purpose=Purpose.ENGINE, car=c.id)
        for c in cars
        if c.status == "racing" and c.space is not None and not in_pit_lane(track, c)
    )
