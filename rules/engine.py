"""``apply(track, state, action) -> (state, events)``: the whole race, step by step.

The engine never rolls dice: when chance decides, the state says which die
(``chance``) and the caller applies a ``Roll`` with the face drawn from a
seeded source. A turn resolves in the order of MASTERS-TURN-1..14 (AMB-48):
declare the gear and strike skip costs (1-3), roll (4), move with braking
or blocked-lane costs (5, 10), pit stop (11-12), road-holding checks (9),
collisions (13), engine checks (14). Road-holding checks are rolled after
the car stops, as MASTERS-TURN-9 allows, before collisions.

Phases of a turn: "gear" (ChooseGear) -> "roll" (the gear die) -> "move"
(Drive; a fast pit stop returns here for the drive out of the box) ->
"check" (the black-die checks the move caused) -> the next car's "gear".
A car drives exactly once per turn (CORE-TURN-2): the Drive that ends the
turn moves the race to "check", and no die is asked for while a car still
has to drive. Before game round 1 (round 0) the only drives are dream
starts (AMB-58), in grid order.

Rules here: CORE-TURN-1..2, CORE-ORDER-*, FD08-GRID-1, FD08-START-1..2,
CORE-COLL-1..3, FD08-COLL-1, CORE-ENGINE-1..3, FD08-ENGINE-1,
CORE-DANGER-1..4, FD08-DANGER-1..2, CORE-WEAR-1..3, PIT-B-1..8,
CORE-PIT-1..3, CORE-END-1; movement itself is in ``rules.moves``.
"""

from __future__ import annotations

import math

from rules.actions import Action, ChooseGear, Drive, Event, Roll
from rules.car import Area
from rules.dice import BLACK_DIE, Chance, Purpose
from rules.gears import ShiftCost, legal_gears
from rules.moves import Move, MoveRequest, check_path, legal_moves
from rules.order import CarPosition, Sweep, grid_order
from rules.reasons import Code, Reason
from rules.state import CarState, Check, RaceState, SweepState
from rules.tables import CheckKind, StartKind, check_fails, start_b
from rules.track import Track


class IllegalAction(Exception):
    """The action is not legal now; ``reason`` says why in any language."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.english())
        self.reason = reason


# --- starting a race ---------------------------------------------------------


def new_race(
    track: Track, rules, cars: list[tuple[str, object]], laps: int | None = None, grid: tuple[str, ...] | None = None
) -> RaceState:
    """A race before the grid roll: ``cars`` are (id, WearPoints) in entry order.

    ``grid`` (car ids, pole first) is a grid already decided, by a qualifying session
    (QUAL-6, QUAL-B-4); without it every car rolls for its slot (FD08-GRID-1).
    """
    if not 2 <= len(cars) <= min(10, len(track.grid)):
        raise ValueError(f"a race needs 2 to {min(10, len(track.grid))} cars, not {len(cars)}")
    boxes = track.pit.boxes if track.pit else ()
    states = tuple(
        CarState(id=cid, space=None, wp=wp, setup=wp, box=boxes[i] if i < len(boxes) else None)  # type: ignore[arg-type]
        for i, (cid, wp) in enumerate(cars)
    )
    state = RaceState(track_hash=track.content_hash(), rules=rules, laps=laps or track.laps, cars=states)
    if grid is not None:
        if sorted(grid) != sorted(c.id for c in states):
            raise ValueError(f"the grid {list(grid)} must name every car exactly once")
        return _place_grid(track, state, list(grid), [])
    return state.model_copy(update={"phase": "grid", "pending": tuple(Check(purpose=Purpose.GRID, car=c.id) for c in states)})


def chance(state: RaceState) -> Chance | None:
    """The die to roll now, or None when a player must decide."""
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
    if state.phase in ("gear", "move") and state.active:
        return state.active
    return None


# --- the transition function ---------------------------------------------------


def apply(track: Track, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
    """The state after ``action`` and what happened; IllegalAction if it is not legal now."""
    events: list[Event] = []
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
        if state.phase != "move" or state.moves_left is None:  # CORE-TURN-2: one stop per turn
            raise IllegalAction(Reason(rule="CORE-TURN-2", code=Code.NOT_NOW, values={"action": "move"}))
        result = check_path(move_request(track, state), tuple(action.path))
        if isinstance(result, Reason):
            raise IllegalAction(result)
        state = _on_move(track, state, result, events)
    return _settle(track, state, events), events


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
    return legal_gears(car.gear, car.wp, state.rules.downshift, in_pit=_in_pit_lane(track, car))


def _in_pit_lane(track: Track, car: CarState) -> bool:
    return car.space is not None and track.space(car.space).in_pit


def _on_gear(track: Track, state: RaceState, gear: int, events: list[Event]) -> RaceState:
    opt = gear_options(track, state).get(gear)
    if opt is None:
        raise IllegalAction(Reason(rule="CORE-GEAR-1", code=Code.NO_SUCH_GEAR, values={"gear": gear}))
    if isinstance(opt, Reason):
        raise IllegalAction(opt)
    car = state.car(state.active or "")
    car = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost), "pit_wait": False, "spun": False})
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
        return state.model_copy(update={"phase": "move", "roll": value, "moves_left": value, "engine_trigger": trigger})
    check, rest = state.pending[0], state.pending[1:]
    state = state.model_copy(update={"pending": rest})
    events.append(Event(kind="check", car=check.car, data={"purpose": check.purpose.value, "value": value}))
    if check.purpose == Purpose.GRID:
        return _grid_roll(track, state, check.car, value, events)
    if check.purpose == Purpose.START:
        return _start_roll(track, state, check.car, value, events)
    if check.purpose == Purpose.PIT:
        return _pit_roll(track, state, check.car, value, events)
    kind = {
        Purpose.COLLISION: (CheckKind.COLLISION, Area.BODY),
        Purpose.ENGINE: (CheckKind.ENGINE, Area.ENGINE),
        Purpose.ROAD_HOLDING: (CheckKind.ROAD_HOLDING, Area.ROAD_HOLDING),
    }[check.purpose]
    if check_fails(kind[0], value, rain=False):
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
    if space is None or space in state.markers:
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
    # pending checks of a retired car are void
    return state.model_copy(update={"pending": tuple(p for p in state.pending if p.car != car_id)})


# --- grid and start (FD08-GRID-1, FD08-START-1) -------------------------------------


def _grid_roll(track: Track, state: RaceState, car_id: str, value: int, events: list[Event]) -> RaceState:
    car = state.car(car_id)
    state = state.with_car(car.model_copy(update={"grid_rolls": car.grid_rolls + (value,)}))
    if state.pending:
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
    """Put the cars on their grid slots, pole first, then go on to the start rolls."""
    cars = {cid: state.car(cid).model_copy(update={"space": track.grid[i], "grid_slot": i}) for i, cid in enumerate(order)}
    state = state.model_copy(update={"cars": tuple(cars[cid] for cid in order)})
    events.append(Event(kind="grid", data={"order": list(order)}))
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


def _pit_roll(track: Track, state: RaceState, car_id: str, value: int, events: list[Event]) -> RaceState:
    """TAB-PIT-B: 1-10 fast stop, drive out ceil(r/2) in 4th; 11-20 wait a game round (PIT-B-4).

    The engine checks of the turn come after the stop (MASTERS-TURN-12 before -14): after a
    slow stop now, after a fast stop once the car has driven out (``_on_move``).
    """
    car = state.car(car_id)
    fast = value <= state.rules.pit_fast_max
    events.append(Event(kind="pit", car=car_id, data={"fast": fast, "value": value}))
    if fast:
        car = car.model_copy(update={"gear": state.rules.pit_exit_gear})
        return state.with_car(car).model_copy(update={"phase": "move", "moves_left": math.ceil(value / 2)})
    state = state.with_car(car.model_copy(update={"pit_wait": True}))
    return state.model_copy(update={"pending": state.pending + tuple(_engine_checks(track, state, car_id))})


# --- moving ----------------------------------------------------------------------


def move_request(track: Track, state: RaceState) -> MoveRequest:
    """What the active car's legal moves depend on, read from the state."""
    car = state.car(state.active or "")
    others = frozenset(c.space for c in state.cars if c.id != car.id and on_track(state, c))
    may_pit = (
        track.pit is not None
        and car.box is not None
        and car.pit_stops < stops_allowed(state)
        and _pit_lap(state, car)
        and not _in_pit_lane(track, car)
        and state.roll is not None
    )
    return MoveRequest(
        track=track,
        rules=state.rules,
        start=car.space or "",
        roll=state.moves_left or 0,
        occupied=others,
        markers=frozenset(state.markers),
        brakes=car.wp.brakes,
        tyres=car.wp.tyres,
        corner=car.corner,
        stops=car.stops,
        laps_to_go=state.laps + 1 - car.crossings,
        box=car.box if may_pit or _before_box(track, car) else None,
        may_brake=not _in_pit_lane(track, car),
    )


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
    """Every legal move of the active car for the spaces it has to drive now."""
    if state.phase != "move":
        return []
    return legal_moves(move_request(track, state))


def _on_move(track: Track, state: RaceState, move: Move, events: list[Event]) -> RaceState:
    """The car drives ``move``; the turn's checks are queued (CORE-TURN-2: its one stop).

    Checks still pending from earlier in the turn (a fast stop's entry) are kept.
    """
    car = state.car(state.active or "")
    from_pit = _in_pit_lane(track, car)
    seq = state.seq + 1
    path = list(move.path)
    events.append(Event(kind="moved", car=car.id, data={"path": path, "from": car.space}))
    wp = car.wp
    cost = {Area.BRAKES: move.brakes, Area.TYRES: move.tyres}
    if move.out is None:
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
    state = state.with_car(car).model_copy(update={"seq": seq, "moves_left": None, "phase": "check"})
    if state.mark_stop:  # a skip cost's engine WP: the marker goes on the stop (FD08-DANGER-1, AMB-22)
        state = _mark(state, car.space, events).model_copy(update={"mark_stop": False})
    if move.out is not None:
        state = _retire(track, state, car.id, move.out, events)
        # CORE-ENGINE-2: the 20 (30) strains every engine in 5th/6th, even if its car is out
        return state.model_copy(update={"pending": state.pending + tuple(_engine_checks(track, state, car.id))})
    if move.spin:  # CORNER-7, FD08-SPIN-1: backwards now, 1st gear next turn
        state = state.with_car(car.model_copy(update={"spun": True, "gear": 0}))
        events.append(Event(kind="spin", car=car.id, data={"space": car.space}))
    if move.finishes:  # CORE-END-1, AMB-66: finished cars leave the track
        place = 1 + sum(1 for c in state.cars if c.place is not None)
        state = state.with_car(state.car(car.id).model_copy(update={"status": "finished", "place": place}))
        events.append(Event(kind="finish", car=car.id, data={"place": place}))
        owed = tuple(p for p in state.pending if p.car != car.id)  # its race is over: its checks are void
        return state.model_copy(update={"pending": owed + tuple(_engine_checks(track, state, car.id))})
    pending = list(state.pending)
    if not from_pit and any(track.space(n).in_pit for n in move.path):
        # PIT-B-8: the tyres are restored as the car enters the pit lane, even if it has to
        # wait behind another car before its box (PIT-B-6); CORE-PIT-1: all lost tyre WP.
        now = state.car(car.id)
        fresh = now.wp.model_copy(update={"tyres": _start_tyres(state, now)})
        state = state.with_car(now.model_copy(update={"wp": fresh, "pit_stops": now.pit_stops + 1, "corner": None, "stops": 0}))
        events.append(Event(kind="pit", car=car.id, data={"tyres": fresh.tyres}))
    if move.in_box:  # PIT-B-4, AMB-29a: the pit roll, at once
        pending.append(Check(purpose=Purpose.PIT, car=car.id))
    pending += [Check(purpose=Purpose.ROAD_HOLDING, car=car.id) for _ in range(move.dangers)]
    if move.in_box:  # the engine checks follow the stop (``_pit_roll``)
        return state.model_copy(update={"pending": tuple(pending)})
    if not _in_pit_lane(track, state.car(car.id)):  # PIT-B-5: no collisions in the pit lane
        pending += _collision_checks(track, state, car.id)
    pending += _engine_checks(track, state, car.id)
    return state.model_copy(update={"pending": tuple(pending)})


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
            update={"phase": "move", "active": nxt, "moves_left": state.rules.dream_start_spaces, "roll": None, "engine_trigger": False}
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
        return _begin_round(track, state, events)
    car = state.car(nxt)
    state = state.with_car(car.model_copy(update={"stalled": False}))
    events.append(Event(kind="turn", car=nxt, data={"round": state.round}))
    return state.model_copy(update={"phase": "gear", "active": nxt, "roll": None, "engine_trigger": False, "mark_stop": False})


def _settle(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """After an action: run what needs no decision until a player or a die is needed."""
    if state.pending or state.phase in ("gear", "roll", "done"):
        return state
    if state.phase == "move" and state.moves_left is not None:
        return state
    if state.phase in ("start", "grid"):
        return state
    return _next_turn(track, state.model_copy(update={"phase": "check", "roll": None}), events)
