"""The T-car (Dresden): a driver whose car retires before the end line of the first corner in
lap 1 may race on in the team's spare car, with 2 WP less, from the team's box in 1st gear.

Before each turn the engine asks ``offer``: a driver owed the choice gets phase "tcar" and
answers with ``TCar`` (``on_tcar``). The retired car stays on its space as a wreck
(``LeagueRace.t_wrecks``, handled like every wreck by ``wrecks``); the driver's ``CarState``
becomes the T-car. One T-car per team per race (``LeagueRace.t_cars``; a driver without a team
is a team of its own). Without ``RuleSet.t_car`` nothing is offered.

Rules here: TCAR-1, TCAR-2, AMB-38.
"""

from __future__ import annotations

from rules.actions import Event, TCar
from rules.car import WearPoints
from rules.modules.base import IllegalAction
from rules.reasons import Code, Reason
from rules.state import CarState, Phase, RaceState
from rules.track import Track


def early(track: Track, car: CarState) -> bool:
    """AMB-38: retired before crossing the end line of corner 1 in lap 1 (or on the grid)."""
    if car.space is None or not track.corners:
        return False
    space = track.space(car.space)
    return car.crossings == 0 or (car.crossings == 1 and not space.in_pit and space.row <= track.corners[0].last_row)


def _team_used(state: RaceState, car: CarState) -> bool:
    """TCAR-2: has the car's team had its T-car this race?"""
    return car.league.t_car or (car.team is not None and car.team in state.league.t_cars)


def owed(track: Track, state: RaceState) -> CarState | None:
    """The first driver still to choose whether to take the T-car, if any."""
    if not state.rules.t_car or state.mode != "race":
        return None
    for car in state.cars:
        if car.status == "out" and car.id not in state.league.t_car_asked and car.box is not None:
            if early(track, car) and not _team_used(state, car):
                return car
    return None


def offer(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """TCAR-1: the driver owed the choice decides now (phase "tcar"); else nothing changes."""
    car = owed(track, state)
    if car is None:
        return state
    return state.with_league(t_car_asked=state.league.t_car_asked + (car.id,)).model_copy(
        update={"phase": Phase.TCAR, "active": car.id}
    )


def problem(state: RaceState, car: CarState, wp: WearPoints) -> Reason | None:
    """AMB-38: the T-car is the set-up less ``total - t_car_wp`` WP (2), taken from areas of the
    driver's choice, each area still at least 1 (CAR-D-4)."""
    setup = car.setup or state.rules.default_wear
    less = state.rules.car_setup.total - state.rules.t_car_wp
    areas = state.rules.car_setup.areas
    fits = all(1 <= wp[a] <= setup[a] for a in areas) and all(wp[a] == 0 for a in setup.as_dict() if a not in areas)
    if not fits or setup.total() - wp.total() != less:
        return Reason(rule="TCAR-1", code=Code.TCAR_WP, values={"less": less})
    return None


def on_tcar(track: Track, state: RaceState, action: TCar, events: list[Event]) -> RaceState:
    """TCAR-1, TCAR-2: race on in the T-car (from the team's box, 1st gear, next game round), or
    decline it; the retired car stays where it is as a wreck."""
    car = state.car(state.active or "")
    if action.wp is None:
        events.append(Event(kind="tcar", car=car.id, data={"taken": False}))
        return state.model_copy(update={"phase": Phase.CHECK, "active": None})
    why = problem(state, car, action.wp)
    if why is not None:
        raise IllegalAction(why)
    box = car.box or ""
    stand = track.pit_stand()
    entry = stand.progress if stand is not None else 0.0
    crossings = 0 if track.space(box).progress >= entry else 1  # a box before the line: a grid start
    spare = car.with_league(t_car=True, rolling_out=None).model_copy(
        update={
            "space": box,
            "gear": 0,
            "wp": action.wp,
            "setup": action.wp,
            "crossings": crossings,
            "corner": None,
            "stops": 0,
            "status": "racing",
            "out": None,
            "spun": False,
            "tyre_from": max(1, crossings),
            "arrival": state.seq + 1,
        }
    )
    events.append(Event(kind="tcar", car=car.id, data={"taken": True, "space": box}))
    used = state.league.t_cars + ((car.team,) if car.team is not None else ())
    state = state.with_league(t_wrecks=state.league.t_wrecks + (car,), t_cars=used).model_copy(
        update={"seq": state.seq + 1}
    )
    return state.with_car(spare).model_copy(update={"phase": Phase.CHECK, "active": None})


def proposal(state: RaceState, car: CarState) -> WearPoints:
    """The T-car the crew prepares unless the driver says otherwise (AMB-38): the set-up less its
    WP taken one at a time from the fullest area, every area keeping at least 1 (CAR-D-4)."""
    wp = car.setup or state.rules.default_wear
    areas = state.rules.car_setup.areas
    for _ in range(state.rules.car_setup.total - state.rules.t_car_wp):
        area = max(areas, key=lambda a: wp[a])
        if wp[area] <= 1:
            break
        wp = wp.spend(area)
    return wp


def waits(state: RaceState, car: CarState) -> bool:
    """AMB-38: a T-car starts in the game round after its driver's retirement."""
    return car.league.t_car and car.out_round is not None and car.out_round >= state.round
