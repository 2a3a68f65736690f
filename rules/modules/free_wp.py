"""WP a street-race car wins and its driver puts where they are needed (STREET-7, STREET-8).

* STREET-8: a car that crosses the finish line at the end of a lap (not from the grid, which is
  behind the line, and not on its last crossing, which ends its race) gets all its tyre WP back
  (to its set-up) at once, and 2 WP to distribute freely (``on_line``).
* STREET-7 (AMB-52, the game's reading): at the end of each game round the car that drove past
  the police station with the highest gear-die roll of the round gains 2 WP to distribute
  (``police_payout``). Level highest rolls go to the first of them past the station
  (``RuleSet.police_tie`` "first"), or to nobody ("nobody"). A car no longer racing gains nothing.
* The cap (AMB-52, ``RuleSet.free_wp_cap``): "setup" puts no area above its set-up (the WP are
  given "back"), so a car with less room takes only what fits; "none" lets any area exceed it.

The WP won wait on the car (the street slice's ``StreetCar.free_wp``). Where there is a choice, its driver makes it
(phase "wp", a ``FreeWP`` action: a human's choice, or a computer's); where there is none (one
area with room, or room for less than is won) the WP go in at once. On the line the choice
comes when the car stands, before the checks of its movement; at the police station at the end
of the game round, before the next one begins.

Rules here: STREET-7, STREET-8, AMB-52.
"""

from __future__ import annotations

from rules.actions import Event, FreeWP
from rules.car import Area
from rules.modules.base import IllegalAction
from rules.reasons import Code, Reason
from rules.state import CarState, Phase, RaceState

LINE_WP = 2  # STREET-8
POLICE_WP = 2  # STREET-7


def room(state: RaceState, car: CarState) -> dict[Area, int]:
    """How many WP each of the car's areas may still take (None-capped areas: the amount won)."""
    areas = state.rules.car_setup.areas
    if state.rules.free_wp_cap == "none":
        return {a: car.street.free_wp for a in areas}
    setup = car.setup or state.rules.default_wear
    return {a: setup[a] - car.wp[a] for a in areas if setup[a] > car.wp[a]}


def amount(state: RaceState, car: CarState) -> int:
    """The WP the car's driver puts in now: what it won, or less where the set-up leaves less room."""
    return min(car.street.free_wp, sum(room(state, car).values()))


def owed_car(state: RaceState) -> str | None:
    """The car whose driver distributes won WP now (phase "wp")."""
    return (
        next((c.id for c in state.cars if c.street.free_wp and c.status == "racing"), None)
        if state.phase == Phase.WP
        else None
    )


def on_line(state: RaceState, car_id: str, events: list[Event]) -> RaceState:
    """STREET-8: over the line, all tyre WP back and 2 WP to distribute."""
    car = state.car(car_id)
    if not state.rules.street or car.crossings < 2:  # the grid's run over the line ends no lap
        return state
    setup = car.setup or state.rules.default_wear
    back = max(0, setup.tyres - car.wp.tyres)
    wp = car.wp.model_copy(update={"tyres": max(car.wp.tyres, setup.tyres)})
    events.append(Event(kind="tyres_back", car=car_id, data={"tyres": back, "left": wp.tyres, "free": LINE_WP}))
    return state.with_car(_won(car.model_copy(update={"wp": wp}), LINE_WP))


def police_payout(state: RaceState, events: list[Event]) -> RaceState:
    """STREET-7: the end of the game round: the fastest car past the police station gains 2 WP;
    the round's passes are cleared. The state asks for the choice (phase "wp") when there is one."""
    if not state.street.police:
        return state
    passes = [p for p in state.street.police if state.car(p.car).status == "racing"]
    state = state.model_copy(update={"street": state.street.model_copy(update={"police": ()})})
    if not passes:
        return state
    best = max(p.roll for p in passes)
    fastest = [p.car for p in passes if p.roll == best]
    if len(set(fastest)) > 1 and state.rules.police_tie == "nobody":
        events.append(Event(kind="police", data={"roll": best, "tied": sorted(set(fastest))}))
        return state
    car = state.car(fastest[0])
    events.append(Event(kind="police", car=car.id, data={"roll": best, "free": POLICE_WP}))
    state = state.with_car(_won(car, POLICE_WP))
    return ask(state, car.id, events)


def ask(state: RaceState, car_id: str, events: list[Event]) -> RaceState:
    """The car's won WP: in at once where there is no choice, else its driver decides (phase
    "wp"). Call it where the turn may wait for a decision: the state keeps its phase otherwise."""
    car = state.car(car_id)
    if not car.street.free_wp or car.status != "racing":
        return state
    left = room(state, car)
    n = amount(state, car)
    if n == 0 or len(left) == 1 or n == sum(left.values()):
        take = {a: min(r, n) for a, r in left.items()} if n else {}
        return _put(state, car, take, events)
    return state.model_copy(update={"phase": Phase.WP})


def on_free_wp(state: RaceState, action: FreeWP, events: list[Event]) -> RaceState:
    """The driver's distribution: exactly ``amount`` WP, each area within its room."""
    car_id = owed_car(state)
    if car_id is None:
        raise IllegalAction(Reason(rule="STREET-8", code=Code.NOT_NOW, values={"action": "free_wp"}))
    car = state.car(car_id)
    left, n = room(state, car), amount(state, car)
    setup = car.setup or state.rules.default_wear
    for area, k in action.wp.items():
        if area not in state.rules.car_setup.areas:
            raise IllegalAction(Reason(rule="STREET-8", code=Code.FREE_WP_AREA, values={"area": area.value}))
        if k < 0 or k > left.get(area, 0):
            raise IllegalAction(
                Reason(
                    rule="AMB-52",
                    code=Code.FREE_WP_ABOVE_SETUP,
                    values={"area": area.value, "room": left.get(area, 0), "setup": setup[area]},
                )
            )
    given = sum(action.wp.values())
    if given != n:
        raise IllegalAction(Reason(rule="STREET-8", code=Code.FREE_WP_TOTAL, values={"amount": n, "given": given}))
    state = _put(state, car, {a: k for a, k in action.wp.items() if k}, events)
    return state.model_copy(update={"phase": Phase.CHECK})


def _put(state: RaceState, car: CarState, take: dict[Area, int], events: list[Event]) -> RaceState:
    """The WP into their areas; what found no room is forfeit."""
    wp = car.wp.model_copy(update={a.value: car.wp[a] + k for a, k in take.items()})
    forfeit = car.street.free_wp - sum(take.values())
    events.append(Event(kind="free_wp", car=car.id, data={**{a.value: k for a, k in take.items()}, "forfeit": forfeit}))
    return state.with_car(_won(car.model_copy(update={"wp": wp}), -car.street.free_wp))


def _won(car: CarState, wp: int) -> CarState:
    """The car with ``wp`` more won WP waiting in its street slice (fewer, once they are put in)."""
    return car.model_copy(update={"street": car.street.model_copy(update={"free_wp": car.street.free_wp + wp})})
