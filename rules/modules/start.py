"""The start of a race: the entry list, the grid (rolled or decided by qualifying), each car's
set-up once the race weather is known, and the start rolls.

A race begins in phase "grid" with the race weather roll (``weather``) and the grid rolls
pending; the cars are placed, choose their set-ups (phase "setup") and roll for their start
(phase "start"). When all that is done this module hands the race back in phase "check" with
nothing pending, and the engine's turn order starts game round 0 (the dream starts, AMB-58)
and 1 (AMB-59).

Rules here: FD08-GRID-1, FD08-START-1, CAR-C-2, OPT-CAR-1..2, TYRE-1, TEAM-B-1, QUAL-6, QUAL-B-4,
WEATHER-B-1 and WEATHER-4 (the race weather is rolled before the set-ups); what a league
driver brings (AMB-32 reserve, DRESDEN-PROFILE-1, KARMA-1); the street race's fixed drivers and
tyres (STREET-1: car i drives the roster's driver i, ``rules.tables.roster``; STREET-2: hard tyres,
no tyre choice) and its danger zone (STREET-6, ``city.opening_markers``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rules.actions import Event, SetUp
from rules.car import WearPoints, validate_setup
from rules.dice import Purpose
from rules.modules import city, dresden_start, pit_points
from rules.modules.base import IllegalAction
from rules.reasons import Code, Reason
from rules.ruleset import RuleSet
from rules.state import CarState, Check, LeagueCar, Phase, RaceState
from rules.tables import karma
from rules.tables.checks import StartKind, start_b
from rules.tables.profiles import Profile
from rules.tables.roster import street_driver
from rules.tables.tyres import Tyre
from rules.tables.weather import Barometer
from rules.track import Track


class CarEntry(NamedTuple):
    """One car as it enters the race: its WP, and what the league rules bring with the driver
    (AMB-32's box reserve, DRESDEN-PROFILE-1, the team whose box it shares (PIT-D-4), KARMA-1's carried pool)."""

    id: str
    wp: WearPoints
    reserve: int = 0
    profile: Profile = Profile.NORMALO
    team: int | None = None
    karma: int | None = None


def _car(rules: RuleSet, entry: CarEntry, box: str | None, seat: int) -> CarState:
    """The car before the grid: the rule set decides which of the entry's extras count. In a
    street race the ``seat``-th car drives the roster's driver with its ability (STREET-1, AMB-52)
    on hard tyres (STREET-2)."""
    profile = entry.profile if rules.profiles else Profile.NORMALO  # DRESDEN-PROFILE-1
    if rules.street and rules.profiles:
        profile = street_driver(seat).profile
    return CarState(
        id=entry.id,
        space=None,
        wp=entry.wp,
        setup=entry.wp,
        box=box,
        reserve=entry.reserve if rules.car_setup.reserve else rules.pit_reserve,  # AMB-32, PIT-A-1
        team=entry.team,
        league=LeagueCar(
            profile=profile,
            karma=(karma.START if entry.karma is None else entry.karma) if rules.karma else 0,  # KARMA-1
        ),
        tyre=Tyre.HARD if rules.street and rules.tyres else None,
    )


def new_race(
    track: Track,
    rules: RuleSet,
    cars: Sequence[tuple[str, WearPoints] | CarEntry],
    laps: int | None = None,
    grid: tuple[str, ...] | None = None,
    qualifying_weather: Barometer | None = None,
    level_start: bool = False,
) -> RaceState:
    """A race before the grid roll: ``cars`` are CarEntry (or (id, WearPoints)) in entry order.

    ``grid`` (car ids, pole first) is a grid already decided, by a qualifying session
    (QUAL-6, QUAL-B-4); without it every car rolls for its slot (FD08-GRID-1).
    ``qualifying_weather`` is what a variable race starts from in D (WEATHER-D-2); with
    ``level_start`` the second car of a decided grid starts level with the pole (BLITZ-4).
    """
    if not 2 <= len(cars) <= min(10, len(track.grid)):
        raise ValueError(f"a race needs 2 to {min(10, len(track.grid))} cars, not {len(cars)}")
    boxes = track.pit.boxes if track.pit else ()
    states = tuple(_car(rules, CarEntry(*c), boxes[i] if i < len(boxes) else None, i) for i, c in enumerate(cars))
    stock: tuple[int, ...] = ()
    if rules.teams:  # TEAM-B-1: only with an even number of cars; pairs in entry order
        if len(states) % 2:
            raise ValueError(f"a team race needs an even number of cars, not {len(states)}")
        states = tuple(c.model_copy(update={"team": i // 2}) for i, c in enumerate(states))
        stock = (rules.team_stock,) * (len(states) // 2)
    state = RaceState(
        track_hash=track.content_hash(),
        rules=rules,
        laps=laps or track.laps,
        cars=states,
        team_stock=stock,
        qualifying_weather=qualifying_weather,
        level_start=level_start,
    )
    state = city.opening_markers(track, state)  # STREET-6
    if grid is not None and sorted(grid) != sorted(c.id for c in states):
        raise ValueError(f"the grid {list(grid)} must name every car exactly once")
    # WEATHER-B-1, WEATHER-4: the race weather is rolled first; tyres and a car built by the
    # players are chosen once it is known (CAR-C-2, TYRE-1), before the start
    weather = (Check(purpose=Purpose.WEATHER, car=grid[0] if grid else states[0].id),) if rules.weather else ()
    if grid is not None:
        state = state.model_copy(update={"pending": weather, "queue": tuple(grid), "phase": Phase.GRID})
        return state if weather else place(track, state, list(grid), [])
    grid_rolls = tuple(Check(purpose=Purpose.GRID, car=c.id) for c in states)
    return state.model_copy(update={"phase": Phase.GRID, "pending": weather + grid_rolls})


def on_grid_roll(track: Track, state: RaceState, check: Check, value: int, events: list[Event]) -> RaceState:
    """One car's roll for the grid; once all have rolled, the grid by the rolls (FD08-GRID-1)."""
    car = state.car(check.car)
    state = state.with_car(car.model_copy(update={"grid_rolls": car.grid_rolls + (value,)}))
    if any(p.purpose == Purpose.GRID for p in state.pending):
        return state
    # FD08-GRID-1: ties re-roll among themselves until none remain
    by_rolls: dict[tuple[int, ...], list[str]] = {}
    for c in state.cars:
        by_rolls.setdefault(c.grid_rolls, []).append(c.id)
    tied = [cid for ids in by_rolls.values() if len(ids) > 1 for cid in ids]
    if tied:
        return state.model_copy(update={"pending": tuple(Check(purpose=Purpose.GRID, car=cid) for cid in tied)})
    order = sorted(state.cars, key=lambda c: c.grid_rolls, reverse=True)
    return place(track, state, [c.id for c in order], events)


def place(track: Track, state: RaceState, order: list[str], events: list[Event]) -> RaceState:
    """Put the cars on their grid slots, pole first; then the set-ups, then the start rolls."""
    slots = list(track.grid)
    pole = track.space(slots[0])
    level = [s for s in track.row_spaces(pole.row) if s.name != pole.name and not track.is_blocked(s.name)]  # AMB-69
    if state.level_start and level:  # BLITZ-4: both cars level with the pole, in the nearest lane with its row
        slots[1] = min(level, key=lambda s: abs(s.lane - pole.lane)).name
    cars = {cid: state.car(cid).model_copy(update={"space": slots[i], "grid_slot": i}) for i, cid in enumerate(order)}
    state = state.model_copy(update={"cars": tuple(cars[cid] for cid in order), "queue": ()})
    state = pit_points.assign_boxes(track, state, order)  # RACE-D-5
    events.append(Event(kind="grid", data={"order": list(order)}))
    if needs_setup(state.rules):
        return state.model_copy(update={"phase": Phase.SETUP, "active": order[0], "queue": tuple(order[1:])})
    return _after_setup(state)


def needs_setup(rules: RuleSet) -> bool:
    """Does each car choose tyres or build its car before the start (TYRE-1, CAR-C-2)? In a street
    race the tyres are hard for every car (STREET-2): no choice."""
    s = rules.car_setup
    choose_tyres = rules.tyres is not None and not rules.street
    return choose_tyres or any(s.minimum.get(a) != s.maximum.get(a) for a in s.areas)


def on_setup(state: RaceState, action: SetUp, events: list[Event]) -> RaceState:
    """One car's tyres and set-up (TYRE-1, CAR-C-2, OPT-CAR-1..2); then the next car's."""
    car = state.car(state.active or "")
    if state.rules.street:  # STREET-2: hard tyres for every car, whatever the set-up
        if action.tyre not in (None, Tyre.HARD):
            raise IllegalAction(Reason(rule="STREET-2", code=Code.TYRES_FIXED))
        action = action.model_copy(update={"tyre": car.tyre})
    elif (action.tyre is None) != (state.rules.tyres is None):
        code = Code.TYRE_REQUIRED if action.tyre is None else Code.NO_TYRE_MODULE
        raise IllegalAction(Reason(rule="TYRE-1", code=code))
    wp, reserve = car.wp, car.reserve
    if action.wp is not None:
        problems = validate_setup(state.rules.car_setup, action.wp, action.reserve)
        if problems:
            first = problems[0]
            raise IllegalAction(Reason(rule=first.rule, code=first.code, values=first.values))
        wp = action.wp
        if state.rules.car_setup.reserve:  # AMB-32: what is not in the car stays in the box
            reserve = action.reserve
    car = car.model_copy(update={"wp": wp, "setup": wp, "tyre": action.tyre, "reserve": reserve})
    events.append(
        Event(
            kind="setup",
            car=car.id,
            data={
                "tyre": action.tyre.value if action.tyre else None,
                **{a.value: wp[a] for a in state.rules.car_setup.areas},
            },
        )
    )
    state = state.with_car(car)
    if state.queue:
        return state.model_copy(update={"active": state.queue[0], "queue": state.queue[1:]})
    return _after_setup(state.model_copy(update={"active": None}))


def _after_setup(state: RaceState) -> RaceState:
    """Every car is set up: the start rolls (FD08-START-1), or without them the race itself
    (phase "check" with nothing pending: the engine's turn order begins); in D each car's
    start roll is part of its first turn (VAR-24, ``dresden_start``)."""
    if state.rules.start_in_turn:
        return dresden_start.race_start(state)
    if (
        state.rules.profiles
    ):  # DRESDEN-PROFILE-3/4 outside the league (a street race's drivers): the first movement is a launch
        state = state.model_copy(update={"cars": tuple(c.with_league(launch=True) for c in state.cars)})
    if not state.rules.start_roll:
        return state.model_copy(update={"phase": Phase.CHECK})
    return state.model_copy(
        update={"phase": Phase.START, "pending": tuple(Check(purpose=Purpose.START, car=c.id) for c in state.cars)}
    )


def on_start_roll(track: Track, state: RaceState, check: Check, value: int, events: list[Event]) -> RaceState:
    """FD08-START-1. Every car rolls first; then the dream starts drive their spaces, in grid
    order, before game round 1 (AMB-58); then game round 1 runs without the stalled cars (AMB-59).

    The dream-start cars wait in ``state.queue`` while the round is 0; after the last roll the
    race goes on in phase "check" with nothing pending, and the engine's turn order begins.
    """
    if state.rules.start_in_turn:  # VAR-24: the roll at the beginning of the car's turn
        return dresden_start.on_start_roll(track, state, check, value, events)
    result = start_b(value)
    events.append(Event(kind="start", car=check.car, data={"result": result.kind.value}))
    car = state.car(check.car)
    if result.kind == StartKind.STALL:
        state = state.with_car(car.model_copy(update={"stalled": True}))
    elif result.kind == StartKind.DREAM:
        state = state.model_copy(update={"queue": state.queue + (check.car,)})
    if state.pending:
        return state
    return state.model_copy(update={"phase": Phase.CHECK})
