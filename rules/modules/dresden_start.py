"""The Dresden start: the start roll is part of a car's turn, from gear 0, at the race start
and again after every spin.

With ``RuleSet.start_in_turn`` (VAR-24) there is no start phase before game round 1: every car
is due a start roll (``CarState.start`` "due", CAR-D-2: in gear 0), game round 1 runs in grid
order (RACE-D-6, AMB-59) and the car's turn begins with the black die (``begin_turn``). The roll
(TAB-START column D, ``rules.tables.start_d``): 1 stalls, the turn ends without a move and the
car pulls away in 1st gear next game round, without a new roll (START-D-1); 2-19 engages 1st
gear and the 1st-gear die is rolled at once (START-D-2); 20 drives 4 spaces at once, without a
gear roll, and next game round the car may engage 1st or 2nd (START-D-3, ``gears_from_zero``).
With ``spin_restart`` "start_roll" (VAR-18) a car that spun is due a start roll again
(WEAR-D-2, OUT-D-1, START-D-4) instead of FD08-SPIN-1's plain 1st gear.

The race start and a spin restart are launches for the driver profiles (DRESDEN-PROFILE-3/4,
``driver_profiles.launch_spaces``): the first movement afterwards is the launch.

Rules here: START-D-1..4, CAR-D-2, RACE-D-6, OUT-D-1, WEAR-D-2, VAR-24, VAR-18.
"""

from __future__ import annotations

from rules.actions import Event
from rules.dice import Purpose
from rules.modules import driver_profiles
from rules.modules.base import close, start_movement
from rules.state import CarState, Check, Phase, RaceState
from rules.tables.checks import StartKind, start_d
from rules.track import Track


def race_start(state: RaceState) -> RaceState:
    """Every car set up: each is due its start roll in its first turn, in gear 0 (CAR-D-2,
    RACE-D-6), and its first movement is a launch (DRESDEN-PROFILE-3/4); the turn order begins
    (phase "check", nothing pending)."""
    cars = tuple(due(state, c) for c in state.cars)
    return state.model_copy(update={"cars": cars, "phase": Phase.CHECK})


def due(state: RaceState, car: CarState) -> CarState:
    """The car in gear 0, its next turn beginning with a start roll (START-D-1..4); also after a
    full restart from the grid (RESTART-2)."""
    return car.with_league(start="due", launch=state.rules.profiles).model_copy(update={"gear": 0})


def after_spin(state: RaceState, car_id: str) -> RaceState:
    """WEAR-D-2, OUT-D-1, START-D-4: after a spin the next turn begins with a start roll, as at
    the race start, instead of FD08-SPIN-1's plain 1st gear (VAR-18)."""
    if state.rules.spin_restart != "start_roll":
        return state
    return state.with_car(due(state, state.car(car_id)))


def begin_turn(state: RaceState) -> RaceState:
    """The active car's turn: a car due a start roll rolls the black die before anything else
    (phase "start"); any other car declares its gear."""
    car = state.car(state.active or "")
    if car.league.start != "due":
        return state
    return state.model_copy(
        update={"phase": Phase.START, "pending": state.pending + (Check(purpose=Purpose.START, car=car.id),)}
    )


def gears_from_zero(car: CarState) -> tuple[int, ...]:
    """The gears a car in gear 0 may engage: 1st or 2nd after a dream start (START-D-3), else 1st
    (CAR-D-2, START-D-1, FD08-SPIN-1)."""
    return (1, 2) if car.league.start == "dream" else (1,)


def on_start_roll(track: Track, state: RaceState, check: Check, value: int, events: list[Event]) -> RaceState:
    """START-D-1..3: the start roll at the beginning of the car's turn (TAB-START column D)."""
    result = start_d(value)
    car = state.car(check.car).model_copy(update={"spun": False})  # turned back for the restart
    if result.kind == StartKind.STALL:  # START-D-1: no move now; 1st gear next game round
        events.append(Event(kind="start", car=car.id, data={"result": "stall_turn"}))
        return close(state.with_car(car.with_league(start="stalled")))
    events.append(Event(kind="start", car=car.id, data={"result": result.kind.value}))
    if result.kind == StartKind.NORMAL:  # START-D-2: 1st gear, and its die at once
        car = car.with_league(start=None).model_copy(update={"gear": 1})
        events.append(Event(kind="gear", car=car.id, data={"gear": 1}))
        return state.with_car(car).model_copy(update={"phase": Phase.ROLL})
    # START-D-3: the dream start's spaces at once, instead of the gear roll; the launch applies
    state = state.with_car(car.with_league(start="dream"))
    state, spaces = driver_profiles.launch_spaces(state, state.car(car.id), result.spaces)
    return state.model_copy(
        update={"phase": Phase.MOVE, "roll": None, "moves_left": spaces, "movement": start_movement(state.car(car.id))}
    )
