"""Pit stops: when a car may turn in for its box, the new tyres as it enters the pit lane, the
crew's choices at the box and the black-die pit roll.

The engine asks this module for the box a segment may end in (``box_to_reach``), tells it when a
segment enters the pit lane (``enter``) and stops at the box (``at_box``), and hands it the
crew's ``PitStop`` and the pit roll. When no stop is allowed (``stops_allowed``, from
``RuleSet.pit_stops``) or the track has no pit lane, ``box_to_reach`` gives no box to reach.

Rules here: PIT-B-1..8, CORE-PIT-1..3, PIT-A-1..5, PIT-X-1..4, TEAM-B-2, FAQ-5, OPT-3LAP-1,
AMB-26, AMB-29a, AMB-29d, AMB-29e, AMB-31, AMB-54, STREET-4 (no pit stops in a street race).
"""

from __future__ import annotations

import math
from typing import Literal

from rules.actions import Event, PitStop
from rules.car import Area
from rules.dice import Purpose
from rules.gears import ShiftCost
from rules.modules import damage, driver_profiles
from rules.modules.base import IllegalAction, close, in_pit_lane, mark_stop, start_movement
from rules.moves import Move
from rules.reasons import Code, Reason
from rules.ruleset import RuleSet
from rules.state import CarState, Check, Phase, RaceState
from rules.track import Track


def stops_allowed(state: RaceState) -> int:
    """Pit stops per car: PIT-B-1's one, or two in a 3-lap race (OPT-3LAP-1, AMB-54); none in a
    street race (STREET-4)."""
    if state.rules.street:
        return 0
    return state.rules.pit_stops_3_laps if state.laps >= 3 else state.rules.pit_stops


def repairs_at(rules: RuleSet) -> Literal["none", "long_stop", "any_stop"]:
    """When repairs are made: the pit-stop options' rule, or any stop for a team's stock (TEAM-B-2)."""
    if rules.pit_repairs == "none" and rules.teams:
        return "any_stop"
    return rules.pit_repairs


def exit_gears(rules: RuleSet) -> dict[int, ShiftCost | Reason]:
    """The gears after a slow stop: any gear up to 4th, free (AMB-29e, PIT-B-4, PIT-B-5)."""
    return {
        g: ShiftCost(gear=g, waived_by="PIT-B-5")
        if g <= rules.pit_exit_gear
        else Reason(rule="PIT-B-4", code=Code.PIT_GEAR_LIMIT, values={"gear": g, "limit": rules.pit_exit_gear})
        for g in range(1, 7)
    }


# --- the way in --------------------------------------------------------------------


def box_to_reach(track: Track, state: RaceState, car: CarState, spaces: int) -> str | None:
    """The box a segment of ``spaces`` may end in: the car may stop this lap and reach it, or it
    is in the pit lane short of it; else None."""
    if _may_turn_in(track, state, car, spaces) or before_box(track, car):
        return car.box
    return None


def _may_turn_in(track: Track, state: RaceState, car: CarState, spaces: int) -> bool:
    return (
        track.pit is not None
        and car.box is not None
        and car.pit_stops < stops_allowed(state)
        and pit_lap(state, car)
        and not in_pit_lane(track, car)
        and state.roll is not None
        and _box_within(track, car.space or "", car.box, spaces)
    )


def _box_within(track: Track, start: str, box: str, spaces: int) -> bool:
    """Can ``spaces`` steps take a car from ``start`` into its box? FAQ-5, PIT-B-2: a car turns
    into the pit lane only with a roll of at least the spaces left to its box; cars in front
    in the pit lane may still make it wait short of the box (PIT-B-6). It can if the spaces k
    steps away hold the box for some k up to ``spaces``: the search is kept per track, start and
    box, and a longer roll goes on from where a shorter one stopped (a driver asks for every face
    of every gear it plays out)."""
    kept = _WITHIN.get(id(track))
    if kept is None or kept[0] is not track:
        if len(_WITHIN) >= 4:
            _WITHIN.clear()
        kept = _WITHIN[id(track)] = (track, {})
    found, searched, reached = kept[1].get((start, box), (0, 0, frozenset((start,))))
    if found:
        return found <= spaces
    if spaces <= searched:
        return False
    for k in range(searched + 1, spaces + 1):
        reached = frozenset(n for s in reached for n in track.successors(s))
        if box in reached:
            found = k
            break
    if len(kept[1]) > 100_000:
        kept[1].clear()
    kept[1][(start, box)] = (found, spaces, reached)
    return bool(found)


# per track, start and box: ``_box_within``'s search (the fewest steps into the box, 0 while not found; the
# steps searched; the spaces that many steps away)
_WITHIN: dict[int, tuple[Track, dict[tuple[str, str], tuple[int, int, frozenset[str]]]]] = {}


def into_the_box(track: Track, found: list[Move]) -> list[Move]:
    """PIT-B-2, FAQ-5, CORE-MOVE-4: a roll that reaches the box drives into it. Braking is off in
    the pit lane (PIT-B-5), so a longer way (the outer lane of the last corner) must not stop the
    car short of its box either: where a move of the roll reaches the box, a move that ends in
    the pit lane short of it is not legal, unless a car in front makes it wait (PIT-B-6)."""
    if not any(m.in_box for m in found):
        return found
    return [m for m in found if short_of_the_box(track, m, found) is None]


def short_of_the_box(track: Track, move: Move, found: list[Move]) -> Reason | None:
    """Why ``move`` may not end where it does (``into_the_box``: ``found`` are the roll's legal
    moves), or None."""
    if move.in_box or move.blocked or move.end is None or not track.space(move.end).in_pit:
        return None
    if not any(m.in_box for m in found):
        return None
    return Reason(rule="PIT-B-2", code=Code.BOX_REACHABLE, values={"space": move.end})


def pit_lap(state: RaceState, car: CarState) -> bool:
    """May the car stop at the end of the lap it is driving (PIT-B-1)?

    A race of L laps is finished at L + 1 crossings, so ``crossings`` is the lap the car
    is in. PIT-B-1, AMB-29d: only at the end of lap 1, never in a one-lap race; with the
    3-lap module's two stops (OPT-3LAP-1, ``pit_stops`` >= 2) at the end of any lap but
    the last (AMB-54).
    """
    if not 1 <= car.crossings < state.laps:
        return False
    return car.crossings == 1 or stops_allowed(state) >= 2


def before_box(track: Track, car: CarState) -> bool:
    """In the pit lane and not yet at its box: the box is still where the car must stop."""
    if car.box is None or not in_pit_lane(track, car):
        return False
    return track.space(car.space or "").index < track.space(car.box).index


def enters(track: Track, state: RaceState, move: Move) -> bool:
    """Whether the active car's ``move`` turns into the pit lane from the track: the tyre WP it wears on
    the way in are restored as it enters (PIT-B-8), so they cost it nothing; not under stops by points,
    where nothing is restored on the way in (PIT-D-12)."""
    if state.rules.pit_points or in_pit_lane(track, state.car(state.active or "")):
        return False
    return _into_pit(track, move)


def _into_pit(track: Track, move: Move) -> bool:
    """Whether ``move``'s path reaches the pit lane."""
    return any(track.space(n).in_pit for n in move.path)


def enter(track: Track, state: RaceState, move: Move, from_pit: bool, events: list[Event]) -> RaceState:
    """PIT-B-8: the tyres are restored as the car enters the pit lane, even if it has to wait
    behind another car before its box (PIT-B-6); CORE-PIT-1: all lost tyre WP. The new set's
    first lap is the one after the lap the car entered in (AMB-26), even when the way to a box
    beyond the finish line has already counted the crossing."""
    if from_pit or not _into_pit(track, move):
        return state
    car = state.car(state.active or "")
    fresh = car.wp.model_copy(update={"tyres": start_tyres(state, car)})
    entered_in = car.crossings - move.laps
    update = {"wp": fresh, "pit_stops": car.pit_stops + 1, "corner": None, "stops": 0, "tyre_from": entered_in + 1}
    events.append(Event(kind="pit", car=car.id, data={"tyres": fresh.tyres}))
    return state.with_car(car.model_copy(update=update))


def start_tyres(state: RaceState, car: CarState) -> int:
    """The tyre WP of the car's set-up (CORE-PIT-1); the rule set's default for older states."""
    return (car.setup or state.rules.default_wear).tyres


# --- at the box ----------------------------------------------------------------------


def at_box(state: RaceState, events: list[Event]) -> RaceState:
    """PIT-B-4, AMB-29a: the car stops at its box and the crew works at once: the choices, if
    the rules give any, else the pit roll; the engine checks follow the stop."""
    car = state.car(state.active or "")
    state = mark_stop(state, car.space, events)
    if _pit_choices(state.rules):
        return state.model_copy(update={"phase": Phase.PIT, "movement": None})
    return close(_pit_roll_first(state, car.id))


def _pit_choices(rules: RuleSet) -> bool:
    """Does the crew have choices at the box: new tyres (PIT-X-2, TYRE-D-1) or repairs (PIT-A-2)?"""
    return rules.tyres is not None or repairs_at(rules) != "none"


def on_pitstop(track: Track, state: RaceState, action: PitStop, events: list[Event]) -> RaceState:
    """The crew's work at the box (MASTERS-TURN-11/12).

    A tyre-change stop goes on with the black-die roll of the basic rules (PIT-A-3,
    TAB-PIT-B). A long stop (PIT-A-4) may repair brakes, fuel, body, engine and road
    holding from the car's reserve (PIT-A-1, AMB-31: never above the set-up) and leaves
    next game round in at most 4th gear. With the extended pit stops (PIT-X-3) repairs
    come with any stop, in at most ``pit_repair_areas`` areas.
    """
    car = state.car(state.active or "")
    repairs = _legal_repairs(state, car, action)
    wp = car.wp.model_copy(update={a.value: car.wp[a] + n for a, n in repairs.items()})
    used = sum(repairs.values())
    if car.team is not None and state.team_stock:  # TEAM-B-2: the team-mates share the stock
        stock = list(state.team_stock)
        stock[car.team] -= used
        state = state.model_copy(update={"team_stock": tuple(stock)})
    else:
        car = car.model_copy(update={"reserve": car.reserve - used})
    car = car.model_copy(update={"wp": wp, "tyre": action.tyre or car.tyre})
    events.append(
        Event(
            kind="pit",
            car=car.id,
            data={
                "long": action.long,
                "tyre": action.tyre.value if action.tyre else None,
                **{a.value: n for a, n in repairs.items()},
            },
        )
    )
    state = state.with_car(car)
    if action.long:  # PIT-A-4: leaves in the next game round, in at most 4th gear, a launch (AMB-39d)
        state = driver_profiles.launch_next(state.with_car(car.model_copy(update={"pit_wait": True})), car.id)
        return close(state.model_copy(update={"pending": state.pending + damage.engine_checks(track, state, car.id)}))
    return close(_pit_roll_first(state, car.id))


def _legal_repairs(state: RaceState, car: CarState, action: PitStop) -> dict[Area, int]:
    """The repairs the crew asks for, per area; IllegalAction if the rules do not allow them."""
    r = state.rules
    if action.fuel:  # refuelling by the crew's choice is the Dresden point system's (PIT-D-10)
        raise IllegalAction(Reason(rule="PIT-D-10", code=Code.NO_PIT_POINTS))
    if (action.tyre is None) != (r.tyres is None):
        code = Code.TYRE_REQUIRED if action.tyre is None else Code.NO_TYRE_MODULE
        raise IllegalAction(Reason(rule="PIT-X-2", code=code))
    if action.long and r.pit_repairs != "long_stop":
        raise IllegalAction(Reason(rule="PIT-A-4", code=Code.NO_LONG_STOP))
    repairs = {Area(a): n for a, n in action.repairs.items() if n}
    if not repairs:
        return repairs
    mode = repairs_at(r)
    if mode == "none" or (mode == "long_stop" and not action.long):
        raise IllegalAction(Reason(rule="PIT-A-4", code=Code.REPAIR_NEEDS_LONG_STOP))
    setup = car.setup or r.default_wear
    for area, n in repairs.items():
        if area is Area.TYRES or n < 0 or car.wp[area] + n > setup[area]:  # AMB-31
            raise IllegalAction(
                Reason(
                    rule="AMB-31",
                    code=Code.REPAIR_TOO_MUCH,
                    values={"area": area.value, "points": n, "setup": setup[area]},
                )
            )
    left = state.reserve_of(car)
    if sum(repairs.values()) > left:
        rule = "TEAM-B-2" if car.team is not None else "PIT-A-1"
        raise IllegalAction(
            Reason(rule=rule, code=Code.RESERVE_TOO_SMALL, values={"needed": sum(repairs.values()), "reserve": left})
        )
    if len(repairs) > r.pit_repair_areas:
        raise IllegalAction(
            Reason(rule="PIT-X-3", code=Code.REPAIR_TOO_MANY_AREAS, values={"areas": r.pit_repair_areas})
        )
    return repairs


def _pit_roll_first(state: RaceState, car_id: str) -> RaceState:
    """Queue the pit roll ahead of the car's road-holding checks: it is rolled as soon as the
    car is at its box (AMB-29a), the checks once it stands."""
    pending = list(state.pending)
    at = next((i for i, p in enumerate(pending) if p.car == car_id and p.purpose == Purpose.ROAD_HOLDING), len(pending))
    pending.insert(at, Check(purpose=Purpose.PIT, car=car_id))
    return state.model_copy(update={"pending": tuple(pending)})


def on_pit_roll(track: Track, state: RaceState, check: Check, value: int, events: list[Event]) -> RaceState:
    """TAB-PIT-B: 1-10 fast stop, drive out ceil(r/2) in 4th; 11-20 wait a game round (PIT-B-4).

    The engine checks of the turn come after the stop (MASTERS-TURN-12 before -14): after a
    slow stop now, after a fast stop once the car has driven out.
    """
    car = state.car(check.car)
    fast = value <= state.rules.pit_fast_max
    events.append(Event(kind="pit", car=car.id, data={"fast": fast, "value": value}))
    if fast:  # a new movement, out of the box (TYRE-8: without the soft-tyre bonus), a launch (AMB-39d)
        car = car.model_copy(update={"gear": state.rules.pit_exit_gear})
        state, spaces = driver_profiles.launch_spaces(state.with_car(car), car, math.ceil(value / 2))
        car = state.car(car.id)
        return state.model_copy(update={"phase": Phase.MOVE, "moves_left": spaces, "movement": start_movement(car)})
    state = driver_profiles.launch_next(state.with_car(car.model_copy(update={"pit_wait": True})), car.id)
    return state.model_copy(update={"pending": state.pending + damage.engine_checks(track, state, car.id)})
