"""``apply(track, state, action) -> (state, events)``: the whole race, step by step.

The engine never rolls dice: when chance decides, the state says which die
(``chance``) and the caller applies a ``Roll`` with the face drawn from a
seeded source. A turn resolves in the order of MASTERS-TURN-1..14 (AMB-48):
declare the gear and strike skip costs (1-3), roll (4), move with braking
or blocked-lane costs (5, 10), then the extra segments of the same movement:
a slide in rain (6), the soft-tyre bonus (7), slipstream (8, again after each
slipstream); pit stop (11-12), road-holding checks (9), collisions (13),
engine checks (14). Road-holding checks are rolled after the car stops, as
MASTERS-TURN-9 allows, before collisions.

Phases: "grid" (the race weather first, WEATHER-B-1; then the grid rolls or a
grid decided by qualifying) -> "setup" (tyres and an own car once the weather
is known, CAR-C-2, TYRE-1) -> "start" -> per turn "gear" (ChooseGear) ->
"roll" (the gear die) -> "move" (Drive segments as ``state.movement.offer``
says; EndMove declines optional extras) -> "pit" (the crew's choices at the
box) -> "check" (the black-die checks the turn caused) -> the next car. A
movement is one stop (CORE-TURN-2, SLIP-8): every segment is judged from the
movement's start. ``new_lap`` runs a qualifying lap with the same machinery,
counting rolls and penalties instead of striking WP (QUAL-1).

Rules here: CORE-TURN-1..2, CORE-ORDER-*, FD08-GRID-1, FD08-START-1..2,
CORE-COLL-1..3, FD08-COLL-1, CORE-ENGINE-1..3, FD08-ENGINE-1,
CORE-DANGER-1..4, FD08-DANGER-1..2, ROAD-1, CORE-WEAR-1..3, PIT-B-1..8,
CORE-PIT-1..3, CORE-END-1; CORE-SLIP-1..7 and SLIP-* (eligibility, offers,
AMB-15, AMB-55), CORE-WEATHER-1..3 and WEATHER-* (AMB-8), TYRE-* (slides,
bonus, multipliers, AMB-26..28), CAR-C-2, OPT-CAR-1..2, PIT-A-1..5,
PIT-X-1..4, TEAM-B-1..2, QUAL-1..4, QUAL-B-2..5, QUAL-D-7; MASTERS-MOVE-1..3 (start
in 1st; gear, die, move; one stop per movement), C3LAP-1 (out with the last body, engine
or road-holding WP), C3LAP-2 and C3LAP-4 (no braking without brake WP; tyre WP per space
flown out times the tyre's multiplier), and the clarifications FAQ-1..6 of the basic
rules; movement itself is in ``rules.moves``.
"""

from __future__ import annotations

import math
from typing import Literal

from rules import tyres
from rules.actions import Action, ChooseGear, Drive, EndMove, Event, PitStop, Roll, SetUp
from rules.car import Area, WearPoints, validate_setup
from rules.dice import BLACK_DIE, Chance, Purpose
from rules.gears import ShiftCost, legal_gears
from rules.moves import Move, MoveRequest, Via, check_path, legal_moves
from rules.order import CarPosition, Sweep, grid_order
from rules.reasons import Code, Reason
from rules.ruleset import RuleSet
from rules.state import CarState, Check, LapTally, Movement, RaceState, SweepState
from rules.tables import CheckKind, StartKind, check_fails, start_b
from rules.track import Track
from rules.weather import determine, race_weather


class IllegalAction(Exception):
    """The action is not legal now; ``reason`` says why in any language."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.english())
        self.reason = reason


# --- starting a race ---------------------------------------------------------


def new_race(
    track: Track, rules: RuleSet, cars: list[tuple[str, WearPoints]], laps: int | None = None,
    grid: tuple[str, ...] | None = None,
) -> RaceState:
    """A race before the grid roll: ``cars`` are (id, WearPoints) in entry order.

    ``grid`` (car ids, pole first) is a grid already decided, by a qualifying session
    (QUAL-6, QUAL-B-4); without it every car rolls for its slot (FD08-GRID-1).
    """
    if not 2 <= len(cars) <= min(10, len(track.grid)):
        raise ValueError(f"a race needs 2 to {min(10, len(track.grid))} cars, not {len(cars)}")
    boxes = track.pit.boxes if track.pit else ()
    states = tuple(
        CarState(id=cid, space=None, wp=wp, setup=wp, box=boxes[i] if i < len(boxes) else None)
        for i, (cid, wp) in enumerate(cars)
    )
    states = tuple(c.model_copy(update={"reserve": rules.pit_reserve}) for c in states)
    stock: tuple[int, ...] = ()
    if rules.teams:  # TEAM-B-1: only with an even number of cars; pairs in entry order
        if len(states) % 2:
            raise ValueError(f"a team race needs an even number of cars, not {len(states)}")
        states = tuple(c.model_copy(update={"team": i // 2}) for i, c in enumerate(states))
        stock = (rules.team_stock,) * (len(states) // 2)
    state = RaceState(track_hash=track.content_hash(), rules=rules, laps=laps or track.laps, cars=states, team_stock=stock)
    if grid is not None and sorted(grid) != sorted(c.id for c in states):
        raise ValueError(f"the grid {list(grid)} must name every car exactly once")
    # WEATHER-B-1, WEATHER-4: the race weather is rolled first; tyres and a car built by the
    # players are chosen once it is known (CAR-C-2, TYRE-1), before the start
    weather = (Check(purpose=Purpose.WEATHER, car=grid[0] if grid else states[0].id),) if rules.weather else ()
    if grid is not None:
        state = state.model_copy(update={"pending": weather, "queue": tuple(grid), "phase": "grid"})
        return state if weather else _place_grid(track, state, list(grid), [])
    grid_rolls = tuple(Check(purpose=Purpose.GRID, car=c.id) for c in states)
    return state.model_copy(update={"phase": "grid", "pending": weather + grid_rolls})


def new_lap(
    track: Track, rules: RuleSet, car_id: str = "car1", wp: WearPoints | None = None, tyre: str | None = None,
    wet: bool = False,
) -> RaceState:
    """A qualifying lap: one car alone, from the qualifying start (QUAL-2, QUAL-D-3), until it
    crosses the line after a full lap or its missed stops end the lap (QUAL-4, QUAL-B-5).

    It is driven with ``apply`` like a race, but no WP are struck and no checks are rolled
    (QUAL-1, QUAL-B-2): ``state.lap`` counts the rolls and the penalty instead (QUAL-3).
    """
    car = CarState(
        id=car_id,
        space=track.qualifying_start,
        wp=wp or rules.default_wear,
        setup=wp or rules.default_wear,
        tyre=tyres.Tyre(tyre) if tyre else None,
        gear=0,
    )
    weather = race_weather("rain" if wet else "sun", "dry")  # WEATHER-3: fixed for the lap
    state = RaceState(
        track_hash=track.content_hash(), rules=rules, laps=1, cars=(car,), mode="qualifying",
        lap=LapTally(), weather=weather, round=1,
    )
    return state.model_copy(update={"phase": "gear", "active": car_id})


def chance(state: RaceState) -> Chance | None:
    """The die to roll now, or None when a player must decide."""
    if state.phase in ("setup", "pit"):
        return None
    if state.phase == "roll" and state.active:
        return Chance(die=state.rules.gear_dice.die(state.car(state.active).gear), purpose=Purpose.GEAR)
    if state.phase == "move":
        # A car must drive first (a dream start, or the drive out of the box after a fast
        # stop): the checks its turn still owes are rolled after that drive (MASTERS-TURN-12
        # before -13/-14; AMB-29a).
        return None
    if state.pending:
        return Chance(die=BLACK_DIE, purpose=state.pending[0].purpose)
    return None


def to_move(state: RaceState) -> str | None:
    """The car whose player (or computer driver) must act now, if any."""
    if state.phase in ("gear", "move", "setup", "pit") and state.active:
        return state.active
    return None


def wet(state: RaceState) -> bool:
    """Is it raining now (WEATHER-11, AMB-62)? Without the weather module it is always dry."""
    return state.weather is not None and state.weather.wet


def tyre_age(car: CarState) -> int:
    """The lap the car drives on its current set, from 1 (AMB-26, AMB-27)."""
    return max(1, max(1, car.crossings) - car.tyre_from + 1)


def multiplier(state: RaceState, car: CarState) -> int:
    """Tyre WP per space flown out of a corner (CORNER-4, TAB-TYRE-C, TAB-TYRE-D)."""
    if state.rules.tyres is None or car.tyre is None:
        return state.rules.overshoot_multiplier
    return tyres.penalty(state.rules.tyres, car.tyre, wet(state), tyre_age(car), state.mode == "qualifying")


# --- the transition function ---------------------------------------------------


def apply(track: Track, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
    """The state after ``action`` and what happened; IllegalAction if it is not legal now."""
    events: list[Event] = []
    if not isinstance(action, Roll) and action.car is not None and action.car != to_move(state):
        raise IllegalAction(
            Reason(rule="CORE-ORDER-1", code=Code.NOT_YOUR_TURN, values={"car": action.car, "active": to_move(state) or "-"})
        )
    if isinstance(action, Roll):
        c = chance(state)
        if c is None:
            raise IllegalAction(Reason(rule="CORE-TURN-1", code=Code.NOT_NOW, values={"action": "roll"}))
        if action.value not in c.die.faces:
            raise IllegalAction(
                Reason(rule="CORE-DICE-3", code=Code.NOT_A_FACE, values={"value": action.value, "die": c.die.name})
            )
        state = _on_roll(track, state, action.value, events)
    elif isinstance(action, ChooseGear):
        if state.phase != "gear":
            raise IllegalAction(Reason(rule="CORE-TURN-1", code=Code.NOT_NOW, values={"action": "gear"}))
        state = _on_gear(track, state, action.gear, events)
    elif isinstance(action, Drive):
        if state.phase != "move" or state.movement is None:  # CORE-TURN-2: one stop per turn
            raise IllegalAction(Reason(rule="CORE-TURN-2", code=Code.NOT_NOW, values={"action": "move"}))
        if action.via not in state.movement.offer:
            raise IllegalAction(Reason(rule=_VIA_RULE[action.via], code=Code.EXTRA_NOT_OFFERED, values={"extra": action.via}))
        result = check_path(move_request(track, state, action.via), tuple(action.path))
        if isinstance(result, Reason):
            raise IllegalAction(result)
        result = _as_played(state, result)
        if action.via == "bonus" and (result.brakes or result.blocked or not result.path):
            raise IllegalAction(Reason(rule="TYRE-3", code=Code.BONUS_WHOLE_SPACE))
        state = _on_segment(track, state, result, events)
    elif isinstance(action, EndMove):
        if not optional_offer(state):
            raise IllegalAction(Reason(rule="CORE-MOVE-7", code=Code.NOT_NOW, values={"action": "stop"}))
        state = _end_movement(track, state, events)
    elif isinstance(action, SetUp):
        if state.phase != "setup":
            raise IllegalAction(Reason(rule="CAR-C-2", code=Code.NOT_NOW, values={"action": "setup"}))
        state = _on_setup(track, state, action, events)
    elif isinstance(action, PitStop):
        if state.phase != "pit":
            raise IllegalAction(Reason(rule="PIT-A-2", code=Code.NOT_NOW, values={"action": "pitstop"}))
        state = _on_pitstop(track, state, action, events)
    return _settle(track, state, events), events


# the rule each segment of a movement comes from, for refusals
_VIA_RULE = {"roll": "CORE-TURN-1", "slide": "TYRE-2", "bonus": "TYRE-3", "slip": "CORE-SLIP-1"}


def _as_played(state: RaceState, move: Move) -> Move:
    """In qualifying braking strikes no WP (QUAL-1, QUAL-B-2): the move costs no brakes."""
    return move.model_copy(update={"brakes": 0}) if state.mode == "qualifying" and move.brakes else move


def optional_offer(state: RaceState) -> bool:
    """Only optional extras are offered (TYRE-7, CORE-SLIP-6): the player may stop here."""
    mv = state.movement
    return state.phase == "move" and mv is not None and bool(mv.offer) and all(v in ("bonus", "slip") for v in mv.offer)


# --- gears ---------------------------------------------------------------------


def gear_options(track: Track, state: RaceState) -> dict[int, ShiftCost | Reason]:
    """Each gear 1-6 for the active car: its cost, or why it is not allowed."""
    car = state.car(state.active or "")
    if car.pit_wait:  # AMB-29e: after a slow stop any gear up to 4th, free (PIT-B-4, PIT-B-5)
        return {
            g: ShiftCost(gear=g, waived_by="PIT-B-5")
            if g <= state.rules.pit_exit_gear
            else Reason(rule="PIT-B-4", code=Code.PIT_GEAR_LIMIT, values={"gear": g, "limit": state.rules.pit_exit_gear})
            for g in range(1, 7)
        }
    return legal_gears(
        car.gear, car.wp, state.rules.downshift, in_pit=_in_pit_lane(track, car),
        free_downshifts=state.mode == "qualifying",  # AMB-57, QUAL-D-7
    )


def _in_pit_lane(track: Track, car: CarState) -> bool:
    return car.space is not None and track.space(car.space).in_pit


def _on_gear(track: Track, state: RaceState, gear: int, events: list[Event]) -> RaceState:
    opt = gear_options(track, state).get(gear)
    if opt is None:
        raise IllegalAction(Reason(rule="CORE-GEAR-1", code=Code.NO_SUCH_GEAR, values={"gear": gear}))
    if isinstance(opt, Reason):
        raise IllegalAction(opt)
    car = state.car(state.active or "")
    paid = car.wp if state.mode == "qualifying" else car.wp.pay(opt.cost)  # QUAL-1: no WP struck
    car = car.model_copy(update={"gear": gear, "wp": paid, "pit_wait": False, "spun": False})
    events.append(Event(kind="gear", car=car.id, data={"gear": gear, **{a.value: n for a, n in opt.cost.items()}}))
    state = state.with_car(car).model_copy(update={"phase": "roll"})
    # CORE-GEAR-7: the skip cost is struck now, before the roll. A skip of three gears costs
    # an engine WP (TAB-DOWNSHIFT): losing the last one ends the race at once (CORE-WEAR-2,
    # CORE-ENGINE-3), before the car rolls; otherwise, like every engine WP lost, it puts a
    # damage marker on the end space of this turn's movement (FD08-DANGER-1; AMB-22: for
    # the mover, its stop), so the marker waits for the move (``mark_stop``).
    for area in (Area.BODY, Area.ENGINE, Area.ROAD_HOLDING):
        if opt.cost.get(area) and car.wp[area] == 0:
            why = Reason(rule=_AREA_RULE[area], code=Code.AREA_GONE, values={"area": area.value})
            state = _retire(track, state, car.id, why, events)
            return state.model_copy(update={"phase": "check"})
    if opt.cost.get(Area.BODY) or opt.cost.get(Area.ENGINE):
        state = state.model_copy(update={"mark_stop": True})
    return state


# --- chance ----------------------------------------------------------------------


def _on_roll(track: Track, state: RaceState, value: int, events: list[Event]) -> RaceState:
    if state.phase == "roll":
        car = state.car(state.active or "")
        die = state.rules.gear_dice.die(car.gear)
        trigger = car.gear >= 5 and value == die.highest  # CORE-ENGINE-1, AMB-11: the natural face
        events.append(Event(kind="roll", car=car.id, data={"die": die.name, "value": value}))
        spaces = value
        if state.rules.tyres is not None and car.tyre is not None and state.mode == "race":
            malus = tyres.malus(state.rules.tyres, car.tyre, wet(state), tyre_age(car))  # TYRE-D-3, AMB-27
            spaces = max(0, value - malus)
        if state.lap is not None:  # QUAL-3 (2): the steward counts every roll
            state = state.model_copy(update={"lap": state.lap.model_copy(update={"rolls": state.lap.rolls + 1})})
        if trigger and state.weather is not None and state.weather.changeable:  # CORE-WEATHER-3, WEATHER-5
            state = state.model_copy(update={"weather_due": state.weather_due + 1})
        return state.model_copy(
            update={
                "phase": "move",
                "roll": value,
                "moves_left": spaces,
                "engine_trigger": trigger,
                "movement": _movement(car),
            }
        )
    check, rest = state.pending[0], state.pending[1:]
    state = state.model_copy(update={"pending": rest})
    events.append(Event(kind="check", car=check.car, data={"purpose": check.purpose.value, "value": value}))
    if check.purpose == Purpose.GRID:
        return _grid_roll(track, state, check.car, value, events)
    if check.purpose == Purpose.START:
        return _start_roll(track, state, check.car, value, events)
    if check.purpose == Purpose.PIT:
        return _pit_roll(track, state, check.car, value, events)
    if check.purpose == Purpose.WEATHER:
        return _weather_roll(track, state, value, events)
    kind = {
        Purpose.COLLISION: (CheckKind.COLLISION, Area.BODY),
        Purpose.ENGINE: (CheckKind.ENGINE, Area.ENGINE),
        Purpose.ROAD_HOLDING: (CheckKind.ROAD_HOLDING, Area.ROAD_HOLDING),
    }[check.purpose]
    if check_fails(kind[0], value, rain=wet(state)):  # CORE-WEATHER-2, TAB-RAIN
        state = _lose(track, state, check.car, kind[1], events)
    return state


def _lose(track: Track, state: RaceState, car_id: str, area: Area, events: list[Event]) -> RaceState:
    """Strike 1 WP; a body or engine loss marks the car's space (FD08-DANGER-1, AMB-22)."""
    car = state.car(car_id)
    if car.status != "racing":
        return state
    car = car.model_copy(update={"wp": car.wp.spend(area)})
    events.append(Event(kind="wear", car=car_id, data={"area": area.value, "lost": 1, "left": car.wp[area]}))
    state = state.with_car(car)
    if area in (Area.BODY, Area.ENGINE):
        state = _mark(state, car.space, events)
    if car.wp[area] == 0:  # CORE-WEAR-2
        state = _retire(track, state, car_id, Reason(rule=_AREA_RULE[area], code=Code.AREA_GONE, values={"area": area.value}), events)
    return state


# CORE-WEAR-2: the last WP of these areas ends the race; the rule that says so for each
_AREA_RULE = {Area.BODY: "CORE-COLL-3", Area.ENGINE: "CORE-ENGINE-3", Area.ROAD_HOLDING: "CORE-DANGER-4"}


def _mark(state: RaceState, space: str | None, events: list[Event]) -> RaceState:
    """A dangerous space (CORE-DANGER-1), unless the rule set plays without road holding (ROAD-1)."""
    if space is None or space in state.markers or not state.rules.markers:
        return state
    events.append(Event(kind="marker", data={"space": space}))
    return state.model_copy(update={"markers": state.markers + (space,)})


def _retire(track: Track, state: RaceState, car_id: str, why: Reason, events: list[Event]) -> RaceState:
    """Out of the race (TAB-OUT). The car keeps its last space for the classification; without
    wrecks it no longer blocks (``on_track``) and its space becomes dangerous (FD08-DANGER-1)."""
    car = state.car(car_id)
    events.append(Event(kind="out", car=car_id, data={"rule": why.rule, "code": why.code.value, "space": car.space}))
    state = state.with_car(car.model_copy(update={"status": "out", "out": why, "out_round": state.round}))
    if not state.rules.wrecks:
        state = _mark(state, car.space, events)
    # pending checks of a retired car are void; a weather determination it triggered is not (WEATHER-5)
    kept = tuple(p for p in state.pending if p.car != car_id or p.purpose == Purpose.WEATHER)
    return state.model_copy(update={"pending": kept})


# --- grid and start (FD08-GRID-1, FD08-START-1) -------------------------------------


def _grid_roll(track: Track, state: RaceState, car_id: str, value: int, events: list[Event]) -> RaceState:
    car = state.car(car_id)
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
    return _place_grid(track, state, [c.id for c in order], events)


def _place_grid(track: Track, state: RaceState, order: list[str], events: list[Event]) -> RaceState:
    """Put the cars on their grid slots, pole first; then the set-ups, then the start rolls."""
    cars = {cid: state.car(cid).model_copy(update={"space": track.grid[i], "grid_slot": i}) for i, cid in enumerate(order)}
    state = state.model_copy(update={"cars": tuple(cars[cid] for cid in order), "queue": ()})
    events.append(Event(kind="grid", data={"order": list(order)}))
    if needs_setup(state.rules):
        return state.model_copy(update={"phase": "setup", "active": order[0], "queue": tuple(order[1:])})
    return _after_setup(track, state, events)


def needs_setup(rules: RuleSet) -> bool:
    """Does each car choose tyres or build its car before the start (TYRE-1, CAR-C-2)?"""
    s = rules.car_setup
    return rules.tyres is not None or any(s.minimum.get(a) != s.maximum.get(a) for a in s.areas)


def _on_setup(track: Track, state: RaceState, action: SetUp, events: list[Event]) -> RaceState:
    """One car's tyres and set-up (TYRE-1, CAR-C-2, OPT-CAR-1..2); then the next car's."""
    car = state.car(state.active or "")
    if (action.tyre is None) != (state.rules.tyres is None):
        code = Code.TYRE_REQUIRED if action.tyre is None else Code.NO_TYRE_MODULE
        raise IllegalAction(Reason(rule="TYRE-1", code=code))
    wp = car.wp
    if action.wp is not None:
        problems = validate_setup(state.rules.car_setup, action.wp)
        if problems:
            first = problems[0]
            raise IllegalAction(Reason(rule=first.rule, code=first.code, values=first.values))
        wp = action.wp
    car = car.model_copy(update={"wp": wp, "setup": wp, "tyre": action.tyre})
    events.append(Event(kind="setup", car=car.id, data={"tyre": action.tyre.value if action.tyre else None, **{a.value: wp[a] for a in state.rules.car_setup.areas}}))
    state = state.with_car(car)
    if state.queue:
        return state.model_copy(update={"active": state.queue[0], "queue": state.queue[1:]})
    return _after_setup(track, state.model_copy(update={"active": None}), events)


def _after_setup(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    if not state.rules.start_roll:
        return _begin_round(track, state, events)
    return state.model_copy(
        update={"phase": "start", "pending": tuple(Check(purpose=Purpose.START, car=c.id) for c in state.cars)}
    )


def _start_roll(track: Track, state: RaceState, car_id: str, value: int, events: list[Event]) -> RaceState:
    """FD08-START-1. Every car rolls first; then the dream starts drive their spaces, in grid
    order, before game round 1 (AMB-58); then game round 1 runs without the stalled cars (AMB-59).

    The dream-start cars wait in ``state.queue`` while the round is 0.
    """
    result = start_b(value)
    events.append(Event(kind="start", car=car_id, data={"result": result.kind.value}))
    car = state.car(car_id)
    if result.kind == StartKind.STALL:
        state = state.with_car(car.model_copy(update={"stalled": True}))
    elif result.kind == StartKind.DREAM:
        state = state.model_copy(update={"queue": state.queue + (car_id,)})
    if state.pending:
        return state
    return _next_turn(track, state.model_copy(update={"phase": "check"}), events)


def _pit_choices(rules: RuleSet) -> bool:
    """Does the crew have choices at the box: new tyres (PIT-X-2, TYRE-D-1) or repairs (PIT-A-2)?"""
    return rules.tyres is not None or repairs_at(rules) != "none"


def repairs_at(rules: RuleSet) -> Literal["none", "long_stop", "any_stop"]:
    """When repairs are made: the pit-stop options' rule, or any stop for a team's stock (TEAM-B-2)."""
    if rules.pit_repairs == "none" and rules.teams:
        return "any_stop"
    return rules.pit_repairs


def _on_pitstop(track: Track, state: RaceState, action: PitStop, events: list[Event]) -> RaceState:
    """The crew's work at the box (MASTERS-TURN-11/12).

    A tyre-change stop goes on with the black-die roll of the basic rules (PIT-A-3,
    TAB-PIT-B). A long stop (PIT-A-4) may repair brakes, fuel, body, engine and road
    holding from the car's reserve (PIT-A-1, AMB-31: never above the set-up) and leaves
    next game round in at most 4th gear. With the extended pit stops (PIT-X-3) repairs
    come with any stop, in at most ``pit_repair_areas`` areas.
    """
    r = state.rules
    car = state.car(state.active or "")
    if (action.tyre is None) != (r.tyres is None):
        code = Code.TYRE_REQUIRED if action.tyre is None else Code.NO_TYRE_MODULE
        raise IllegalAction(Reason(rule="PIT-X-2", code=code))
    if action.long and r.pit_repairs != "long_stop":
        raise IllegalAction(Reason(rule="PIT-A-4", code=Code.NO_LONG_STOP))
    repairs = {Area(a): n for a, n in action.repairs.items() if n}
    mode = repairs_at(r)
    if repairs:
        if mode == "none" or (mode == "long_stop" and not action.long):
            raise IllegalAction(Reason(rule="PIT-A-4", code=Code.REPAIR_NEEDS_LONG_STOP))
        setup = car.setup or r.default_wear
        for area, n in repairs.items():
            if area is Area.TYRES or n < 0 or car.wp[area] + n > setup[area]:  # AMB-31
                raise IllegalAction(Reason(rule="AMB-31", code=Code.REPAIR_TOO_MUCH, values={"area": area.value, "points": n, "setup": setup[area]}))
        left = state.reserve_of(car)
        if sum(repairs.values()) > left:
            rule = "TEAM-B-2" if car.team is not None else "PIT-A-1"
            raise IllegalAction(Reason(rule=rule, code=Code.RESERVE_TOO_SMALL, values={"needed": sum(repairs.values()), "reserve": left}))
        if len(repairs) > r.pit_repair_areas:
            raise IllegalAction(Reason(rule="PIT-X-3", code=Code.REPAIR_TOO_MANY_AREAS, values={"areas": r.pit_repair_areas}))
    wp = car.wp.model_copy(update={a.value: car.wp[a] + n for a, n in repairs.items()})
    used = sum(repairs.values())
    if car.team is not None and state.team_stock:  # TEAM-B-2: the team-mates share the stock
        stock = list(state.team_stock)
        stock[car.team] -= used
        state = state.model_copy(update={"team_stock": tuple(stock)})
    else:
        car = car.model_copy(update={"reserve": car.reserve - used})
    car = car.model_copy(update={"wp": wp, "tyre": action.tyre or car.tyre})
    events.append(Event(kind="pit", car=car.id, data={"long": action.long, "tyre": action.tyre.value if action.tyre else None, **{a.value: n for a, n in repairs.items()}}))
    state = state.with_car(car)
    if action.long:  # PIT-A-4: leaves in the next game round, in at most 4th gear
        state = state.with_car(car.model_copy(update={"pit_wait": True}))
        return _close(state.model_copy(update={"pending": state.pending + tuple(_engine_checks(track, state, car.id))}))
    return _close(_pit_roll_first(state, car.id))


def _pit_roll_first(state: RaceState, car_id: str) -> RaceState:
    """Queue the pit roll ahead of the car's road-holding checks: it is rolled as soon as the
    car is at its box (AMB-29a), the checks once it stands."""
    pending = list(state.pending)
    at = next((i for i, p in enumerate(pending) if p.car == car_id and p.purpose == Purpose.ROAD_HOLDING), len(pending))
    pending.insert(at, Check(purpose=Purpose.PIT, car=car_id))
    return state.model_copy(update={"pending": tuple(pending)})


def _weather_roll(track: Track, state: RaceState, value: int, events: list[Event]) -> RaceState:
    """The race weather before the start (WEATHER-B-1, WEATHER-4), or one determination of a
    variable weather after a 20 in 5th or a 30 in 6th (WEATHER-5..10, WEATHER-B-2, AMB-6)."""
    result = track.weather.condition(value)
    r = state.rules
    if state.weather is None:
        weather = race_weather(result, r.weather_start)
    elif state.weather.mechanism is None:  # WEATHER-10: locked by an earlier roll of this round
        events.append(Event(kind="weather", data={"result": result, "condition": state.weather.condition, "wet": state.weather.wet}))
        return state
    else:
        weather = determine(state.weather, result, state.weather.mechanism, r.weather_streak)
    events.append(Event(kind="weather", data={"result": result, "condition": weather.condition, "wet": weather.wet}))
    state = state.model_copy(update={"weather": weather})
    if state.phase == "grid" and state.queue and not any(p.purpose == Purpose.GRID for p in state.pending):
        return _place_grid(track, state, list(state.queue), events)  # the grid was decided before
    return state


def _pit_roll(track: Track, state: RaceState, car_id: str, value: int, events: list[Event]) -> RaceState:
    """TAB-PIT-B: 1-10 fast stop, drive out ceil(r/2) in 4th; 11-20 wait a game round (PIT-B-4).

    The engine checks of the turn come after the stop (MASTERS-TURN-12 before -14): after a
    slow stop now, after a fast stop once the car has driven out (``_on_move``).
    """
    car = state.car(car_id)
    fast = value <= state.rules.pit_fast_max
    events.append(Event(kind="pit", car=car_id, data={"fast": fast, "value": value}))
    if fast:  # a new movement, out of the box (TYRE-8: without the soft-tyre bonus)
        car = car.model_copy(update={"gear": state.rules.pit_exit_gear})
        return state.with_car(car).model_copy(update={"phase": "move", "moves_left": math.ceil(value / 2), "movement": _movement(car)})
    state = state.with_car(car.model_copy(update={"pit_wait": True}))
    return state.model_copy(update={"pending": state.pending + tuple(_engine_checks(track, state, car_id))})


# --- moving ----------------------------------------------------------------------


def _movement(car: CarState) -> Movement:
    """A movement starting where the car stands now."""
    return Movement(start=car.space or "", corner=car.corner, stops=car.stops, crossings=car.crossings)


def move_request(track: Track, state: RaceState, via: Via | None = None) -> MoveRequest:
    """What the active car's legal moves for one segment depend on, read from the state."""
    car = state.car(state.active or "")
    mv = state.movement or _movement(car)
    via = via or mv.offer[0]
    others = frozenset(c.space for c in state.cars if c.id != car.id and on_track(state, c))
    qualifying = state.mode == "qualifying"
    may_pit = (
        track.pit is not None
        and car.box is not None
        and car.pit_stops < stops_allowed(state)
        and _pit_lap(state, car)
        and not _in_pit_lane(track, car)
        and state.roll is not None
        and _box_within(track, car.space or "", car.box, _segment_spaces(state, car, via))
    )
    # PIT-B-5: never braking inside the pit lane (rules.moves); out of it only if AMB-68 allows
    from_pit = _in_pit_lane(track, car) and not state.rules.pit_exit_braking
    braking = not from_pit and (not qualifying or state.rules.qualifying.braking)  # QUAL-D-7
    return MoveRequest(
        track=track,
        rules=state.rules,
        start=mv.start,
        roll=_segment_spaces(state, car, via),
        occupied=others,
        markers=frozenset(state.markers),
        brakes=_QUALIFYING_WP if qualifying else car.wp.brakes,  # QUAL-1: braking strikes nothing
        tyres=_QUALIFYING_WP if qualifying else car.wp.tyres,
        corner=mv.corner,
        stops=mv.stops,
        laps_to_go=state.laps + 1 - mv.crossings,
        # AMB-55: no slipstream into (or in) the pit lane
        box=car.box if (may_pit or _before_box(track, car)) and via != "slip" else None,
        may_brake=braking,
        report_missed=qualifying,  # AMB-45c, QUAL-4: missed stops end a lap whatever the race rule
        multiplier=multiplier(state, car),
        prefix=mv.path,
        via=via,
    )


_QUALIFYING_WP = 10**6  # no WP are struck in qualifying, so none can run out (QUAL-1, QUAL-B-2)


def _box_within(track: Track, start: str, box: str, spaces: int) -> bool:
    """Can ``spaces`` steps take a car from ``start`` into its box? FAQ-5, PIT-B-2: a car turns
    into the pit lane only with a roll of at least the spaces left to its box; cars in front
    in the pit lane may still make it wait short of the box (PIT-B-6)."""
    reached = {start}
    for _ in range(spaces):
        reached = {n for s in reached for n in track.successors(s)}
        if box in reached:
            return True
    return False


def _segment_spaces(state: RaceState, car: CarState, via: Via) -> int:
    """Spaces of one segment: the roll, the slide (TYRE-2..5), the bonus (TYRE-3) or 3 (CORE-SLIP-2)."""
    if via == "roll":
        return state.moves_left or 0
    if via == "slip":
        return 3
    if via == "bonus":
        return 1
    if state.rules.tyres is None or car.tyre is None:
        return 0
    return tyres.slide(state.rules.tyres, car.tyre, wet(state))


def _pit_lap(state: RaceState, car: CarState) -> bool:
    """May the car stop at the end of the lap it is driving (PIT-B-1)?

    A race of L laps is finished at L + 1 crossings, so ``crossings`` is the lap the car
    is in. PIT-B-1, AMB-29d: only at the end of lap 1, never in a one-lap race; with the
    3-lap module's two stops (OPT-3LAP-1, ``pit_stops`` >= 2) at the end of any lap but
    the last (AMB-54).
    """
    if not 1 <= car.crossings < state.laps:
        return False
    return car.crossings == 1 or stops_allowed(state) >= 2


def stops_allowed(state: RaceState) -> int:
    """Pit stops per car: PIT-B-1's one, or two in a 3-lap race (OPT-3LAP-1, AMB-54)."""
    return state.rules.pit_stops_3_laps if state.laps >= 3 else state.rules.pit_stops


def on_track(state: RaceState, car: CarState) -> bool:
    """Does the car occupy its space? Finished cars leave (AMB-66); retired ones only as wrecks."""
    return car.space is not None and (car.status == "racing" or (car.status == "out" and state.rules.wrecks))


def _before_box(track: Track, car: CarState) -> bool:
    """In the pit lane and not yet at its box: the box is still where the car must stop."""
    if car.box is None or not _in_pit_lane(track, car):
        return False
    return track.space(car.space or "").index < track.space(car.box).index


def moves(track: Track, state: RaceState) -> list[Move]:
    """Every legal move of the active car for the segment(s) it is offered now."""
    if state.phase != "move" or state.movement is None:
        return []
    return [m for via in state.movement.offer for m in _segment_moves(track, state, via)]


def _segment_moves(track: Track, state: RaceState, via: Via) -> list[Move]:
    found = [_as_played(state, m) for m in legal_moves(move_request(track, state, via))]
    if via == "bonus":  # TYRE-3: one whole space, or no bonus at all
        return [m for m in found if m.path and not m.brakes and not m.blocked]
    if via == "slip":  # CORE-SLIP-2: a slipstream moves the car
        return [m for m in found if m.path]
    return found


def _on_segment(track: Track, state: RaceState, move: Move, events: list[Event]) -> RaceState:
    """The car drives one segment of its movement; then the next segment is offered, or the
    movement ends and the turn's checks are queued (CORE-TURN-2: one stop per turn).

    Road-holding checks are queued per segment and rolled once the car stands
    (MASTERS-TURN-9); checks still pending from earlier in the turn are kept.
    """
    car = state.car(state.active or "")
    mv = state.movement or _movement(car)
    from_pit = _in_pit_lane(track, car)
    seq = state.seq + 1
    events.append(Event(kind="moved", car=car.id, data={"path": list(move.path), "from": car.space, "via": move.via}))
    wp = car.wp
    lap = state.lap
    if lap is not None:  # QUAL-3 (3), QUAL-8, QUAL-B-3: spaces out of a corner are penalty rolls
        added = move.tyres if state.rules.qualifying.tyre_multiplier else move.overshoot  # QUAL-B-3: x1
        lap = lap.model_copy(update={"overshoot": lap.overshoot + move.overshoot, "penalty": lap.penalty + added})
    elif move.out is None:
        cost = {Area.BRAKES: move.brakes, Area.TYRES: move.tyres}
        wp = wp.pay({a: n for a, n in cost.items() if n})
        for area, n in cost.items():
            if n:
                events.append(Event(kind="wear", car=car.id, data={"area": area.value, "lost": n, "left": wp[area]}))
    crossings = car.crossings + move.laps
    if move.laps:
        events.append(Event(kind="lap", car=car.id, data={"crossings": crossings}))
    car = car.model_copy(
        update={
            "space": move.end or car.space,
            "wp": wp,
            "crossings": crossings,
            "corner": move.corner,
            "stops": move.stops,
            "arrival": seq if move.path else car.arrival,
        }
    )
    mv = mv.model_copy(
        update={
            "path": mv.path + move.path,
            "braked": mv.braked or move.brakes > int(move.slip_brake),
            "slid": mv.slid or move.via == "slide",
            "bonus": mv.bonus or move.via == "bonus",
            "slips": mv.slips + (move.via == "slip"),
        }
    )
    state = state.with_car(car).model_copy(update={"seq": seq, "moves_left": None, "movement": mv, "lap": lap})
    if lap is not None:
        return _lap_segment(track, state, move, events)
    if move.out is not None:
        state = _mark_stop(state, car.space, events)
        state = _retire(track, state, car.id, move.out, events)
        # CORE-ENGINE-2: the 20 (30) strains every engine in 5th/6th, even if its car is out
        return _close(state.model_copy(update={"pending": state.pending + tuple(_engine_checks(track, state, car.id))}))
    if move.spin:  # CORNER-7, FD08-SPIN-1: backwards now, 1st gear next turn
        state = state.with_car(car.model_copy(update={"spun": True, "gear": 0}))
        events.append(Event(kind="spin", car=car.id, data={"space": car.space}))
        return _end_movement(track, state, events)
    if move.finishes:  # CORE-END-1, AMB-66: finished cars leave the track
        place = 1 + sum(1 for c in state.cars if c.place is not None)
        state = state.with_car(state.car(car.id).model_copy(update={"status": "finished", "place": place}))
        events.append(Event(kind="finish", car=car.id, data={"place": place}))
        owed = tuple(p for p in state.pending if p.car != car.id)  # its race is over: its checks are void
        state = _mark_stop(state, car.space, events)
        return _close(state.model_copy(update={"pending": owed + tuple(_engine_checks(track, state, car.id))}))
    dangers = move.dangers
    before = mv.path[: len(mv.path) - len(move.path)]  # the earlier segments of this movement
    if not state.rules.danger_on_stop and before and move.path and before[-1] in state.markers:
        dangers += 1  # VAR-7: the space the last segment stopped on is driven over after all
    pending = state.pending + tuple(Check(purpose=Purpose.ROAD_HOLDING, car=car.id) for _ in range(dangers))
    state = state.model_copy(update={"pending": pending})
    if not from_pit and any(track.space(n).in_pit for n in move.path):
        # PIT-B-8: the tyres are restored as the car enters the pit lane, even if it has to
        # wait behind another car before its box (PIT-B-6); CORE-PIT-1: all lost tyre WP.
        # The new set's first lap is the one after the lap the car entered in (AMB-26), even
        # when the way to a box beyond the finish line has already counted the crossing.
        now = state.car(car.id)
        fresh = now.wp.model_copy(update={"tyres": _start_tyres(state, now)})
        entered_in = crossings - move.laps
        update = {"wp": fresh, "pit_stops": now.pit_stops + 1, "corner": None, "stops": 0, "tyre_from": entered_in + 1}
        state = state.with_car(now.model_copy(update=update))
        events.append(Event(kind="pit", car=car.id, data={"tyres": fresh.tyres}))
    if move.in_box:  # PIT-B-4, AMB-29a: the crew's work, at once; the engine checks follow it
        state = _mark_stop(state, car.space, events)
        if _pit_choices(state.rules):
            return state.model_copy(update={"phase": "pit", "movement": None})
        return _close(_pit_roll_first(state, car.id))
    offer = _next_offer(track, state, move)
    if offer:
        events.append(Event(kind="offer", car=car.id, data={"offer": list(offer)}))
        return state.model_copy(update={"movement": mv.model_copy(update={"offer": offer})})
    return _end_movement(track, state, events)


def _next_offer(track: Track, state: RaceState, move: Move) -> tuple[Via, ...]:
    """What the car may drive after this segment, in MASTERS-TURN order (AMB-67, AMB-48):
    a slide first (mandatory, once per turn), then the soft-tyre bonus (once per turn)
    and slipstream (any number of times)."""
    car = state.car(state.active or "")
    mv = state.movement
    # AMB-58: a dream start (game round 0) drives just its 4 spaces
    if mv is None or state.round == 0 or car.space is None or _in_pit_lane(track, car):
        return ()
    r = state.rules
    if not mv.slid and car.tyre is not None and r.tyres is not None and tyres.slide(r.tyres, car.tyre, wet(state)):
        in_corner = track.space(car.space).corner is not None
        if r.rain_slide == "any_corner_space":  # VAR-28: B literal, any space of the movement
            in_corner = any(track.space(n).corner is not None for n in mv.path)
        if in_corner:  # TYRE-2, TYRE-4, TYRE-5, TYRE-D-2..4, MASTERS-TURN-6
            return ("slide",)
    offer: list[Via] = []
    if (
        not mv.bonus
        and mv.start != car.box  # TYRE-8, PIT-A-5: not on the drive out of the box, after any stop
        and car.tyre is not None
        and r.tyres is not None
        and tyres.bonus(r.tyres, car.tyre, wet(state), tyre_age(car), state.mode == "qualifying")
        and _segment_moves(track, state, "bonus")
    ):
        offer.append("bonus")  # TYRE-3, MASTERS-TURN-7
    if not mv.braked and slipstream_from(track, state) and _segment_moves(track, state, "slip"):
        offer.append("slip")  # CORE-SLIP-1, MASTERS-TURN-8
    return tuple(offer)


def slipstream_from(track: Track, state: RaceState, space: str | None = None) -> str | None:
    """The car whose slipstream the active car may use on ``space`` (default: where it stands),
    if any (CORE-SLIP-1, SLIP-4, AMB-2).

    The car stands directly behind it (the straight-ahead space), both are in a gear of at
    least 4th (VAR-10: ``slip_front_gear`` for the car in front) and the follower's gear
    is no lower than the front car's (AMB-12).
    """
    car = state.car(state.active or "")
    space = space or car.space
    if space is None or car.gear < 4 or not state.rules.slipstream:  # SLIP-1: none in 1st to 3rd
        return None
    ahead = track.ahead(space)
    for other in state.cars:
        if other.id != car.id and other.space == ahead and other.status == "racing":
            if other.gear >= max(state.rules.slip_front_gear, 1) and car.gear >= other.gear:
                return other.id
    return None


def _end_movement(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """The car stands: collisions (MASTERS-TURN-13) and engine checks (-14) are queued."""
    car = state.car(state.active or "")
    state = _mark_stop(state, car.space, events)
    if state.lap is not None:
        return _close(state)
    pending = list(state.pending)
    if not _in_pit_lane(track, car):  # PIT-B-5: no collisions in the pit lane
        pending += _collision_checks(track, state, car.id)
    pending += _engine_checks(track, state, car.id)
    return _close(state.model_copy(update={"pending": tuple(pending)}))


def _weather_now(state: RaceState) -> RaceState:
    """AMB-8's "immediate" timing (WEATHER-5 read literally): the triggering pilot rolls for the
    weather right after the turn's checks, instead of at the end of the game round."""
    if state.rules.weather_timing != "immediate" or not state.weather_due:
        return state
    return state.model_copy(update={"weather_due": 0, "pending": state.pending + _weather_checks(state)})


def _weather_checks(state: RaceState) -> tuple[Check, ...]:
    """One determination per trigger (AMB-8), rolled by the triggering pilot (WEATHER-5)."""
    return tuple(Check(purpose=Purpose.WEATHER, car=state.active or "") for _ in range(state.weather_due))


def _close(state: RaceState) -> RaceState:
    """The movement is over: the turn goes on to its checks (and, with the immediate timing, the
    weather it triggered)."""
    return _weather_now(state.model_copy(update={"movement": None, "moves_left": None, "phase": "check"}))


def _mark_stop(state: RaceState, space: str | None, events: list[Event]) -> RaceState:
    """A skip cost's engine WP puts its marker on the stop (FD08-DANGER-1, AMB-22)."""
    if not state.mark_stop:
        return state
    return _mark(state, space, events).model_copy(update={"mark_stop": False})


def _lap_segment(track: Track, state: RaceState, move: Move, events: list[Event]) -> RaceState:
    """A qualifying lap's segment: the lap ends at the line (QUAL-3 (5)) or when missed stops
    end it (QUAL-4: 2-stop corner without a stop, 3-stop corner with at most one;
    QUAL-B-5: a 2- or 3-stop corner without any stop)."""
    lap = state.lap
    assert lap is not None
    if move.out is not None and move.out.rule == "CORNER-5":
        made = int(move.out.values.get("stops", 0))
        if state.rules.qualifying.failure == "corner_5" or made == 0:
            label = str(move.out.values.get("corner"))
            events.append(Event(kind="out", car=state.active, data={"rule": "QUAL-4", "code": move.out.code.value, "space": move.end}))
            return _close(state.model_copy(update={"lap": lap.model_copy(update={"failed": label})}))
    if move.finishes:
        events.append(Event(kind="finish", car=state.active, data={"place": 1}))
        return _close(state.model_copy(update={"lap": lap.model_copy(update={"finished": True})}))
    offer = _next_offer(track, state, move)
    if offer:
        mv = state.movement
        assert mv is not None
        return state.model_copy(update={"movement": mv.model_copy(update={"offer": offer})})
    return _close(state)


def _start_tyres(state: RaceState, car: CarState) -> int:
    """The tyre WP of the car's set-up (CORE-PIT-1); the rule set's default for older states."""
    return (car.setup or state.rules.default_wear).tyres


def _collision_checks(track: Track, state: RaceState, car_id: str) -> list[Check]:
    """CORE-COLL-1, FD08-COLL-1, AMB-4: cars beside the mover, or directly ahead of it."""
    space = state.car(car_id).space
    if space is None:
        return []
    near = set(track.beside(space))
    ahead = track.ahead(space)
    if ahead:
        near.add(ahead)
        if state.rules.collision_diagonal:
            near.update(track.beside(ahead))
    checks: list[Check] = []
    for other in state.cars:
        if other.id != car_id and other.space in near and other.status == "racing":
            if state.rules.collision_rolls == "both":
                checks.append(Check(purpose=Purpose.COLLISION, car=other.id, other=car_id))
            checks.append(Check(purpose=Purpose.COLLISION, car=car_id, other=other.id))
    return checks


def _engine_checks(track: Track, state: RaceState, car_id: str) -> list[Check]:
    """CORE-ENGINE-2, FD08-ENGINE-1: the trigger car, then every other car in 5th or 6th.

    Only cars still racing on the track roll: PIT-B-5 and AMB-60 exempt the pit lane, the
    trigger car included; a car that has finished has left the race (AMB-66), and one that
    is out has nothing left to lose.
    """
    if not state.engine_trigger:
        return []
    cars = [state.car(car_id)] + [c for c in state.cars if c.id != car_id and c.gear >= 5]
    return [
        Check(purpose=Purpose.ENGINE, car=c.id)
        for c in cars
        if c.status == "racing" and c.space is not None and not _in_pit_lane(track, c)
    ]


# --- turn order ------------------------------------------------------------------


def _positions(track: Track, state: RaceState) -> list[CarPosition]:
    out = []
    for c in state.cars:
        if c.space is None or c.status != "racing":
            continue
        sp = track.space(c.space)
        laps = c.crossings
        pit = None
        if sp.in_pit and track.pit is not None:
            pit = sp.index
            if sp.progress < track.space(track.pit.entry).progress:
                laps -= 1  # past the line in the pit lane, but counted at the pit entry (AMB-56)
        out.append(
            CarPosition(
                id=c.id,
                laps=laps,
                position=float(track.order_row(c.space)),
                gear=c.gear,
                arrival=c.arrival,
                inside=track.inside_rank(c.space),
                pit=pit,
                racing=c.status == "racing",
            )
        )
    return out


def _sweep(track: Track, state: RaceState) -> Sweep:
    return Sweep.resume(track.rows, state.rules.tie_break, (state.sweep or SweepState()).model_dump())


def _begin_round(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    rnd = state.round + 1
    events.append(Event(kind="round", data={"round": rnd}))
    if rnd == 1:  # AMB-59: game round 1 in grid order; stalled cars miss it (FD08-START-1)
        # the grid order, not the spaces: a dream start has left its slot
        grid = [c.id for c in sorted(state.cars, key=lambda c: c.grid_slot or 0)]
        order = [c for c in grid_order(grid, _positions(track, state)) if not state.car(c).stalled]
        state = state.model_copy(update={"round": 1, "queue": tuple(order), "sweep": None})
    else:
        sweep = Sweep(_positions(track, state), track.rows, state.rules.tie_break)
        state = state.model_copy(update={"round": rnd, "queue": (), "sweep": SweepState(**sweep.snapshot())})
    return _next_turn(track, state, events)


def _next_turn(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    if state.lap is not None:  # a qualifying lap: the same car again, until the lap is over
        if state.lap.finished or state.lap.failed is not None:
            return state.model_copy(update={"phase": "done", "active": None})
        return state.model_copy(update={"phase": "gear", "roll": None, "engine_trigger": False})
    if all(c.status != "racing" for c in state.cars):
        events.append(Event(kind="race_over"))
        return state.model_copy(update={"phase": "done", "active": None})
    nxt: str | None = None
    if state.round == 0:  # AMB-58: the dream starts, in grid order, then game round 1
        dream = [c for c in state.queue if state.car(c).status == "racing"]
        if not dream:
            return _begin_round(track, state.model_copy(update={"queue": ()}), events)
        nxt, state = dream[0], state.model_copy(update={"queue": tuple(dream[1:])})
        events.append(Event(kind="turn", car=nxt, data={"round": 0}))
        return state.model_copy(
            update={
                "phase": "move",
                "active": nxt,
                "moves_left": state.rules.dream_start_spaces,
                "roll": None,
                "engine_trigger": False,
                "movement": _movement(state.car(nxt)),
            }
        )
    if state.round == 1:
        queue = [c for c in state.queue if state.car(c).status == "racing"]
        if queue:
            nxt, state = queue[0], state.model_copy(update={"queue": tuple(queue[1:])})
    else:
        sweep = _sweep(track, state)
        nxt = sweep.next_car(_positions(track, state))
        state = state.model_copy(update={"sweep": SweepState(**sweep.snapshot())})
    if nxt is None:
        if state.weather_due:  # AMB-8, MASTERS-TURN-15: before the leader moves again
            due = _weather_checks(state)
            return state.model_copy(update={"weather_due": 0, "pending": due, "phase": "check", "active": None})
        return _begin_round(track, state, events)
    car = state.car(nxt)
    state = state.with_car(car.model_copy(update={"stalled": False}))
    events.append(Event(kind="turn", car=nxt, data={"round": state.round}))
    return state.model_copy(update={"phase": "gear", "active": nxt, "roll": None, "engine_trigger": False, "mark_stop": False})


def _settle(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """After an action: run what needs no decision until a player or a die is needed."""
    if state.pending or state.phase in ("gear", "roll", "done"):
        return state
    if state.phase == "move" and state.movement is not None:
        return state
    if state.phase in ("start", "grid", "setup", "pit"):
        return state
    return _next_turn(track, state.model_copy(update={"phase": "check", "roll": None}), events)
