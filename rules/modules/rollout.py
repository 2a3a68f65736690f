"""Rolling out (Dresden): a car out of fuel, or whose engine has failed, drives one gear lower
each turn, with no choice of gear, down to 1st.

Out of fuel (``CarState.rolling_out`` "fuel") the car still races: if its 1st-gear turn ends
neither at its box nor past the finish line it retires there as a wreck, and in the pit lane
it is removed at once. A car that reaches its box ends its roll-out: it refuels there and goes
on normally (whoever refuels it raises its fuel WP; an empty tank rolls out again at the next
strike). After an engine failure ("engine") the car is already out (``boost.engine_failed``)
and rolls out straight ahead where it can, without checks, leaving a dangerous space at each
stop, and after its 1st-gear move it stays as a wreck.

The engine asks ``gears`` for the gear step, ``turns_due`` for the turn order, ``straight_only``
for the moves of an engine roll-out, ``after_fuel_turn`` when a car stands and ``engine_stop``
when an engine roll-out has driven; ``engine_failed`` starts an engine roll-out.

Rules here: FUEL-2, FUEL-3, OUT-D-2, ENG-D-2 (the roll-out), AMB-34, AMB-35.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Event
from rules.gears import GEARS, ShiftCost
from rules.modules.base import close, in_pit_lane, mark, retire
from rules.moves import Move
from rules.reasons import Code, Reason
from rules.state import CarState, RaceState
from rules.track import Track

# the rule that forces the gear of each kind of roll-out
_RULE = {"fuel": "FUEL-2", "engine": "OUT-D-2"}


def forced_gear(car: CarState) -> int | None:
    """The gear a rolling-out car must use this turn: its previous gear -1, down to 1st (AMB-34,
    AMB-35); None if it is not rolling out."""
    if car.league.rolling_out is None:
        return None
    return max(car.gear - 1, 1)


def gears(car: CarState) -> dict[int, ShiftCost | Reason] | None:
    """The one gear a rolling-out car may declare, free; every other refused. None if the car
    is not rolling out (its gears are the normal ones)."""
    forced = forced_gear(car)
    if forced is None or car.league.rolling_out is None:
        return None
    rule = _RULE[car.league.rolling_out]
    return {
        g: ShiftCost(gear=g, waived_by=rule)
        if g == forced
        else Reason(rule=rule, code=Code.ROLLING_OUT, values={"gear": forced})
        for g in GEARS
    }


def is_straight(track: Track, start: str, path: Sequence[str]) -> bool:
    """Does the path go straight ahead in its lane all the way (AMB-2's straight-ahead successor)?"""
    here = start
    for space in path:
        if track.ahead(here) != space:
            return False
        here = space
    return True


def straight_only(track: Track, state: RaceState, found: list[Move]) -> list[Move]:
    """OUT-D-2 [S]: an engine roll-out is set straight ahead where possible: only the straight
    moves, when there is one; otherwise every legal move."""
    car = state.car(state.active or "")
    if car.league.rolling_out != "engine" or car.space is None:
        return found
    straight = [m for m in found if is_straight(track, car.space, m.path)]
    return straight or found


def refused_turn(track: Track, state: RaceState, move: Move, found: list[Move]) -> Reason | None:
    """Why an engine roll-out may not drive ``move`` (it turns off while a straight way exists)."""
    car = state.car(state.active or "")
    if car.league.rolling_out != "engine" or car.space is None or is_straight(track, car.space, move.path):
        return None
    if any(is_straight(track, car.space, m.path) for m in found):
        return Reason(rule="OUT-D-2", code=Code.ROLL_OUT_STRAIGHT)
    return None


def engine_stop(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """OUT-D-2, AMB-35: an engine roll-out has driven: a dangerous space at its stop, no checks;
    after its 1st-gear move it stays a wreck (in the pit lane it is removed, FUEL-3)."""
    car = state.car(state.active or "")
    state = mark(state, car.space, events)
    if car.gear <= 1:
        car = car.with_league(rolling_out=None, removed=in_pit_lane(track, car))
        state = state.with_car(car)
        if car.league.removed:
            events.append(Event(kind="wreck", car=car.id, data={"space": car.space}))
    return close(state)


def after_fuel_turn(track: Track, state: RaceState, car_id: str, events: list[Event]) -> RaceState:
    """FUEL-3: a fuel roll-out's 1st-gear turn is over and the car is neither in its box nor past
    the finish line: it retires there as a wreck, or, in the pit lane, is removed at once."""
    car = state.car(car_id)
    if car.league.rolling_out != "fuel" or car.status != "racing" or car.gear > 1 or not state.league.rolling:
        return state
    state = retire(state, car_id, Reason(rule="FUEL-3", code=Code.OUT_OF_FUEL), events)
    if in_pit_lane(track, car):
        state = state.with_car(state.car(car_id).with_league(removed=True))
        events.append(Event(kind="wreck", car=car_id, data={"space": car.space}))
    return state


def engine_failed(state: RaceState, car_id: str, events: list[Event]) -> RaceState:
    """ENG-D-2, OUT-D-2, AMB-35: the last engine WP is gone and the car is out (classified at
    this moment); its space becomes dangerous, and from the next game round on it rolls out
    one gear lower each round, down to 1st. A car already in 1st stays a wreck at once."""
    if state.rules.engine_failure != "roll_out":
        return state
    car = state.car(car_id)
    state = mark(state, car.space, events)
    if car.gear >= 2 and car.space is not None:
        state = state.with_car(car.with_league(rolling_out="engine"))
    return state


def turns_due(state: RaceState, car: CarState) -> bool:
    """Does this car take turns? Racing cars do, and an engine roll-out from the game round
    after its failure (AMB-35: "in each following game round")."""
    if car.status == "racing":
        return True
    return car.league.rolling_out == "engine" and car.out_round is not None and car.out_round < state.round


def at_box(state: RaceState, car_id: str) -> RaceState:
    """AMB-34: a car that rolls out into its box is saved: it refuels there and goes on normally."""
    car = state.car(car_id)
    if car.league.rolling_out != "fuel":
        return state
    return state.with_car(car.with_league(rolling_out=None))
