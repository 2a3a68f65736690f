"""The turn of the active car, step by step in the order of MASTERS-TURN-1..14 (AMB-48).

Each step calls the rule modules of ``rules.modules``, and the hooks of ``rules.hooks`` where
modules join a step: declare the gear and strike skip costs (1-3, then the ``GEAR`` hooks);
roll (4, the ``ROLL`` hooks add spaces); move with braking or blocked-lane costs (5, 10), then
the extra segments of the same movement: a slide in rain (6, ``tyres``), the soft-tyre bonus
(7, ``tyres``), slipstream (8, ``slipstream``; again after each slipstream); pit stop (11-12,
``pits``); the car stands: the ``STAND`` hooks queue the road-holding, collision and engine
checks (9, 13, 14, ``damage``). Road-holding checks are rolled after the car stops, as
MASTERS-TURN-9 allows, before collisions. A movement is one stop (CORE-TURN-2, SLIP-8): every
segment is judged from the movement's start. ``new_lap`` (``qualifying_lap``) runs a
qualifying lap with the same machinery, counting rolls and penalties instead of striking WP.

Rules here: CORE-TURN-1..2, CORE-GEAR-1, CORE-GEAR-7, CORE-END-1, MASTERS-MOVE-1..3 (start in
1st; gear, die, move; one stop per movement), C3LAP-2 (no braking without brake WP) and the
clarifications FAQ-1..6 of the basic rules; movement itself is in ``rules.moves``.
"""

from __future__ import annotations

from rules import hooks
from rules.actions import ChooseGear, Drive, EndMove, Event
from rules.car import Area
from rules.dice import Purpose
from rules.gears import ShiftCost, legal_gears
from rules.modules import (
    city,
    damage,
    dresden_start,
    driver_profiles,
    free_wp,
    fuel,
    karma,
    pit_points,
    pits,
    qualifying_lap,
    rollout,
    slipstream,
    start,
    tyres,
    weather,
    wrecks,
)
from rules.modules.base import (
    AREA_RULE,
    CheckRoll,
    IllegalAction,
    close,
    in_pit_lane,
    mark_stop,
    on_track,
    retire,
    start_movement,
)
from rules.moves import Move, MoveRequest, Via, legal_moves
from rules.reasons import Code, Reason
from rules.state import CarState, Check, Movement, Phase, RaceState
from rules.track import Track


def optional_offer(state: RaceState) -> bool:
    """Only optional extras are offered (TYRE-7, CORE-SLIP-6): the player may stop here."""
    mv = state.movement
    return (
        state.phase == Phase.MOVE
        and mv is not None
        and bool(mv.offer)
        and all(v in ("bonus", "slip", "launch") for v in mv.offer)
    )


def on_drive(track: Track, state: RaceState, action: Drive, events: list[Event]) -> RaceState:
    """A segment of the movement, driven (MASTERS-TURN-5..8)."""
    return on_segment(track, state, driven(track, state, action), events)


def on_end_move(track: Track, state: RaceState, action: EndMove, events: list[Event]) -> RaceState:
    """The optional extras declined: the car stands (CORE-MOVE-7)."""
    if not optional_offer(state):
        raise IllegalAction(Reason(rule="CORE-MOVE-7", code=Code.NOT_NOW, values={"action": "stop"}))
    return end_movement(track, state, events)


# --- MASTERS-TURN-1..3: the gear and its skip cost --------------------------------------


def gear_options(track: Track, state: RaceState) -> dict[int, ShiftCost | Reason]:
    """Each gear 1-6 for the active car: its cost, or why it is not allowed."""
    car = state.car(state.active or "")
    forced = rollout.gears(car)  # FUEL-2, OUT-D-2: rolling out, one gear lower, no choice
    if forced is not None:
        return forced
    if car.pit_wait:  # after a slow stop
        return pits.exit_gears(state.rules)
    options = legal_gears(
        car.gear,
        car.wp,
        state.rules.downshift,
        in_pit=in_pit_lane(track, car),
        free_downshifts=state.mode == "qualifying",  # AMB-57, QUAL-D-7
        allowed_from_zero=dresden_start.gears_from_zero(car),  # START-D-3: 1st or 2nd after a dream start
    )
    return pit_points.lane_gears(track, state, car, options)  # PIT-D-2, PIT-D-11


def on_gear(track: Track, state: RaceState, action: ChooseGear, events: list[Event]) -> RaceState:
    """The declared gear, with its skip cost struck at once, and the pit stop it announces
    (PIT-D-6); then what the ``GEAR`` hooks announce with it; then the roll."""
    state = _geared(track, state, action, events)
    for hook in hooks.GEAR:  # ENG-D-3, STREET-3: before the roll
        state = hook(state, action, events)
    return state


def _geared(track: Track, state: RaceState, action: ChooseGear, events: list[Event]) -> RaceState:
    """The gear declared and its skip cost struck (CORE-GEAR-7)."""
    gear = action.gear
    opt = gear_options(track, state).get(gear)
    if opt is None:
        raise IllegalAction(Reason(rule="CORE-GEAR-1", code=Code.NO_SUCH_GEAR, values={"gear": gear}))
    if isinstance(opt, Reason):
        raise IllegalAction(opt)
    car = pit_points.announce(state, state.car(state.active or ""), action.pit)
    paid = car.wp if state.mode == "qualifying" else car.wp.pay(opt.cost)  # QUAL-1: no WP struck
    car = car.with_league(start=None).model_copy(update={"gear": gear, "wp": paid, "pit_wait": False, "spun": False})
    events.append(Event(kind="gear", car=car.id, data={"gear": gear, **{a.value: n for a, n in opt.cost.items()}}))
    state = (
        state.with_car(car)
        .with_league(rolling=car.league.rolling_out is not None)
        .model_copy(update={"phase": Phase.ROLL})
    )
    # CORE-GEAR-7: the skip cost is struck now, before the roll. A skip of three gears costs
    # an engine WP (TAB-DOWNSHIFT): losing the last one ends the race at once (CORE-WEAR-2,
    # CORE-ENGINE-3), before the car rolls; otherwise, like every engine WP lost, it puts a
    # damage marker on the end space of this turn's movement (FD08-DANGER-1; AMB-22: for
    # the mover, its stop), so the marker waits for the move (``mark_stop``).
    for area in (Area.BODY, Area.ENGINE, Area.ROAD_HOLDING):
        if opt.cost.get(area) and car.wp[area] == 0:
            why = Reason(rule=AREA_RULE[area], code=Code.AREA_GONE, values={"area": area.value})
            state = retire(state, car.id, why, events)
            if area is Area.ENGINE:  # ENG-D-2, OUT-D-2
                state = rollout.engine_failed(state, car.id, events)
            return state.model_copy(update={"phase": Phase.CHECK})
    if opt.cost.get(Area.BODY) or opt.cost.get(Area.ENGINE):
        state = state.model_copy(update={"mark_stop": True})
    return state


# --- MASTERS-TURN-4: the gear die; every black die is a module's check ------------------


def on_roll(track: Track, state: RaceState, value: int, events: list[Event]) -> RaceState:
    """The active car's gear die, or the black die of the first pending check."""
    if state.phase == Phase.ROLL and pit_points.working(state.car(state.active or "")):
        events.append(
            Event(
                kind="roll",
                car=state.active,
                data={"die": state.rules.gear_dice.die(state.car(state.active or "").gear).name, "value": value},
            )
        )
        return pit_points.on_work_roll(track, state, value, events)  # PIT-D-11: at the box
    if state.phase == Phase.ROLL:
        return _on_gear_roll(track, state, value, events)
    check, rest = state.pending[0], state.pending[1:]
    state = state.model_copy(update={"pending": rest})
    events.append(Event(kind="check", car=check.car, data={"purpose": check.purpose.value, "value": value}))
    return _CHECK_ROLLS[check.purpose](track, state, check, value, events)


# every black die belongs to the module whose check it is
_CHECK_ROLLS: dict[Purpose, CheckRoll] = {
    Purpose.GRID: start.on_grid_roll,
    Purpose.START: start.on_start_roll,
    Purpose.WEATHER: weather.on_roll,
    Purpose.PIT: pits.on_pit_roll,
    # damage.on_check, judged on the modified roll and with the driver's karma (TAB-CHECK-D, KARMA-3)
    Purpose.COLLISION: karma.on_check,
    Purpose.ENGINE: karma.on_check,
    Purpose.ROAD_HOLDING: karma.on_check,
    Purpose.SHOOTING: city.on_shooting,  # STREET-5
}


def _on_gear_roll(track: Track, state: RaceState, value: int, events: list[Event]) -> RaceState:
    """The gear die: the spaces to move (with the tyres' malus and the driver profile's change,
    DRESDEN-PROFILE-3/5/6), and whether it strains the engines (a 20 in 5th, a 30 in 6th:
    CORE-ENGINE-1, AMB-11, the natural face), which may change the weather too."""
    car = state.car(state.active or "")
    die = state.rules.gear_dice.die(car.gear)
    # OUT-D-2: an engine roll-out rolls without checks
    trigger = car.gear >= 5 and value == die.highest and car.status == "racing"
    events.append(Event(kind="roll", car=car.id, data={"die": die.name, "value": value}))
    spaces = driver_profiles.roll_spaces(track, state, car, tyres.roll_spaces(state, car, value))
    spaces += sum(hook(state, car) for hook in hooks.ROLL)  # ENG-D-3, STREET-3
    if car.league.launch:  # the first movement after the start or a spin restart (DRESDEN-PROFILE-3/4)
        state, spaces = driver_profiles.launch_spaces(state, car, spaces)
        car = state.car(car.id)
    state = qualifying_lap.count_roll(state)
    if trigger:
        state = weather.owe_determination(state)
    return state.model_copy(
        update={
            "phase": Phase.MOVE,
            "roll": value,
            "moves_left": spaces,
            "engine_trigger": trigger,
            "movement": start_movement(car),
        }
    )


# --- MASTERS-TURN-5..8, -10..12: the movement, segment by segment -----------------------


def move_request(track: Track, state: RaceState, via: Via | None = None) -> MoveRequest:
    """What the active car's legal moves for one segment depend on, read from the state."""
    car = state.car(state.active or "")
    mv = state.movement or start_movement(car)
    via = via or mv.offer[0]
    others, markers = _board(state, car.id)
    qualifying = state.mode == "qualifying"
    spaces = _segment_spaces(state, car, via)
    # PIT-B-5: never braking inside the pit lane (rules.moves); out of it only if AMB-68 allows
    from_pit = in_pit_lane(track, car) and not state.rules.pit_exit_braking
    braking = not from_pit and (not qualifying or state.rules.qualifying.braking)  # QUAL-D-7
    return MoveRequest(
        track=track,
        rules=state.rules,
        start=mv.start,
        roll=spaces,
        occupied=others,
        markers=markers,
        brakes=qualifying_lap.QUALIFYING_WP if qualifying else car.wp.brakes,  # QUAL-1: braking strikes nothing
        tyres=qualifying_lap.QUALIFYING_WP if qualifying else car.wp.tyres,
        corner=mv.corner,
        stops=mv.stops,
        laps_to_go=state.laps + 1 - mv.crossings,
        box=None
        if via == "slip"
        else _box_to_reach(track, state, car, spaces),  # AMB-55: no slipstream into the pit lane
        may_brake=braking,
        report_missed=qualifying,  # AMB-45c, QUAL-4: missed stops end a lap whatever the race rule
        multiplier=tyres.multiplier(state, car),
        prefix=mv.path,
        via=via,
    )


def _board(state: RaceState, car_id: str) -> tuple[frozenset[str], frozenset[str]]:
    """The spaces the other cars and the wrecks occupy (TCAR-1: the replaced cars too), and the
    dangerous ones. A driver asks for the moves of every face of a gear from positions that share
    the cars, the wrecks and the markers, so the last answer is kept with them (by identity: the
    models are frozen; one assignment replaces it, so a window's thread may ask too), and the
    sets are the same objects, their hashes worked out once."""
    last = _BOARD[0]
    if (
        last is not None
        and last[0] is state.cars
        and last[1] is state.league.t_wrecks
        and last[2] is state.markers
        and last[3] is state.rules
        and last[4] == car_id
    ):
        return last[5], last[6]
    others = frozenset(c.space for c in state.cars if c.id != car_id and c.space is not None and on_track(state, c))
    others |= frozenset(w.space for w in state.league.t_wrecks if w.space)
    markers = frozenset(state.markers)
    _BOARD[0] = (state.cars, state.league.t_wrecks, state.markers, state.rules, car_id, others, markers)
    return others, markers


_BOARD: list[tuple | None] = [None]


def _box_to_reach(track: Track, state: RaceState, car: CarState, spaces: int) -> str | None:
    """The box the segment may end in: by the pit stops by points (PIT-D-*) or the basic ones."""
    if state.rules.pit_points:
        return pit_points.box_to_reach(track, state, car)
    return pits.box_to_reach(track, state, car, spaces)


def _segment_spaces(state: RaceState, car: CarState, via: Via) -> int:
    """Spaces of one segment: the roll, the slide (TYRE-2..5), the bonus (TYRE-3) or 3 (CORE-SLIP-2)."""
    if via == "roll":
        return state.moves_left or 0
    if via == "slip":
        return 3
    if via in ("bonus", "launch"):
        return 1
    return tyres.slide_spaces(state, car)


def moves(track: Track, state: RaceState) -> list[Move]:
    """Every legal move of the active car for the segment(s) it is offered now."""
    if state.phase != Phase.MOVE or state.movement is None:
        return []
    found = [m for via in state.movement.offer for m in _segment_moves(track, state, via)]
    return rollout.straight_only(track, state, found)  # OUT-D-2


def _segment_moves(track: Track, state: RaceState, via: Via) -> list[Move]:
    """The legal moves of one segment, as played."""
    req = move_request(track, state, via)
    car = state.car(state.active or "")
    found = [
        qualifying_lap.as_played(state, m)
        for m in driver_profiles.corner_stop_moves(track, state, car, req, legal_moves(req))
    ]
    found = pits.into_the_box(track, found)  # PIT-B-2, FAQ-5: not short of a box the roll reaches
    if via in ("bonus", "launch"):  # TYRE-3, DRESDEN-PROFILE-4: one whole space, or none at all
        return [m for m in found if m.path and not m.brakes and not m.blocked]
    if via == "slip":  # CORE-SLIP-2: a slipstream moves the car
        return [m for m in found if m.path]
    return found


# the rule each segment of a movement comes from, for refusals
_VIA_RULE = {
    "roll": "CORE-TURN-1",
    "slide": "TYRE-2",
    "bonus": "TYRE-3",
    "slip": "CORE-SLIP-1",
    "launch": "DRESDEN-PROFILE-4",
}


def driven(track: Track, state: RaceState, action: Drive) -> Move:
    """The segment ``action`` drives, as played; IllegalAction if it is not on offer or not legal."""
    if state.phase != Phase.MOVE or state.movement is None:  # CORE-TURN-2: one stop per turn
        raise IllegalAction(Reason(rule="CORE-TURN-2", code=Code.NOT_NOW, values={"action": "move"}))
    if action.via not in state.movement.offer:
        raise IllegalAction(
            Reason(rule=_VIA_RULE[action.via], code=Code.EXTRA_NOT_OFFERED, values={"extra": action.via})
        )
    car = state.car(state.active or "")
    result = driver_profiles.check_roll_path(
        track, state, car, move_request(track, state, action.via), tuple(action.path)
    )
    if isinstance(result, Reason):
        raise IllegalAction(result)
    result = qualifying_lap.as_played(state, result)
    if result.end is not None and track.space(result.end).in_pit and not result.in_box and not result.blocked:
        short = pits.short_of_the_box(track, result, _segment_moves(track, state, action.via))
        if short is not None:  # PIT-B-2, FAQ-5
            raise IllegalAction(short)
    if state.car(state.active or "").league.rolling_out == "engine":  # OUT-D-2: straight ahead where possible
        why = rollout.refused_turn(track, state, result, _segment_moves(track, state, action.via))
        if why is not None:
            raise IllegalAction(why)
    if action.via == "bonus" and (result.brakes or result.blocked or not result.path):
        raise IllegalAction(Reason(rule="TYRE-3", code=Code.BONUS_WHOLE_SPACE))
    if action.via == "launch" and (result.brakes or result.blocked or not result.path):
        raise IllegalAction(Reason(rule="DRESDEN-PROFILE-4", code=Code.LAUNCH_WHOLE_SPACE))
    return result


def on_segment(track: Track, state: RaceState, move: Move, events: list[Event]) -> RaceState:
    """The car drives one segment of its movement; then the next segment is offered, or the
    movement ends and the turn's checks are queued (CORE-TURN-2: one stop per turn).

    Road-holding checks are queued per segment and rolled once the car stands
    (MASTERS-TURN-9); checks still pending from earlier in the turn are kept.
    """
    before = state.car(state.active or "")
    from_pit = in_pit_lane(track, before)
    surplus = max(0, (state.moves_left or 0) - len(move.path))  # PIT-D-11: the roll's spaces beyond the box
    state, mv = _drive(state, move, events)
    if state.lap is not None:
        return _lap_segment(track, state, mv, move, events)
    state = fuel.on_segment(track, state, before.id, before.space or "", move.path, events)  # FUEL-1
    car = state.car(state.active or "")
    if car.status == "out":  # OUT-D-2: an engine roll-out drives without checks
        return rollout.engine_stop(track, state, events)
    if move.out is not None:
        state = mark_stop(state, car.space, events)
        state = retire(state, car.id, move.out, events)
        state = wrecks.blocked_front(track, state, car.id, move.out, events)  # BLOCK-D-3
        # CORE-ENGINE-2: the 20 (30) strains every engine in 5th/6th, even if its car is out
        return close(state.model_copy(update={"pending": state.pending + damage.engine_checks(track, state, car.id)}))
    if move.spin:  # CORNER-7, FD08-SPIN-1: backwards now, 1st gear next turn (D: a start roll, OUT-D-1)
        state = dresden_start.after_spin(state.with_car(car.model_copy(update={"spun": True, "gear": 0})), car.id)
        if state.rules.spin_restart == "first_gear":  # AMB-39d: FD08-SPIN-1's restart in 1st gear is a launch too
            state = driver_profiles.launch_next(state, car.id)
        events.append(Event(kind="spin", car=car.id, data={"space": car.space}))
        return end_movement(track, state, events)
    if move.finishes:
        return _finish(track, state, events)
    if move.laps:  # STREET-8: the tyres back, and WP to distribute when the car stands
        for hook in hooks.LINE:
            state = hook(state, car.id, events)
    state = state.model_copy(update={"pending": state.pending + damage.road_holding_checks(state, car.id, mv, move)})
    if state.rules.pit_points:  # PIT-D-5..12: the crew works off points at the box
        state = pit_points.enter(track, state, move, from_pit)
        if move.in_box:
            return pit_points.at_box(track, rollout.at_box(state, car.id), surplus, events)
    else:
        state = pits.enter(track, state, move, from_pit, events)
        if move.in_box:  # MASTERS-TURN-11/12: the crew's work, at once
            return pits.at_box(rollout.at_box(state, car.id), events)
    offer = _next_offer(track, state, move)
    if offer:
        events.append(Event(kind="offer", car=car.id, data={"offer": list(offer)}))
        return state.model_copy(update={"movement": mv.model_copy(update={"offer": offer})})
    return end_movement(track, state, events)


def _drive(state: RaceState, move: Move, events: list[Event]) -> tuple[RaceState, Movement]:
    """The car where the segment took it, with its brake and tyre WP struck (or, on a
    qualifying lap, tallied), and its movement so far."""
    car = state.car(state.active or "")
    mv = state.movement or start_movement(car)
    seq = state.seq + 1
    events.append(Event(kind="moved", car=car.id, data={"path": list(move.path), "from": car.space, "via": move.via}))
    wp = car.wp
    lap = state.lap
    if lap is not None:
        lap = qualifying_lap.tallied(lap, state.rules, move)
    elif move.out is None:
        cost = {Area.BRAKES: move.brakes, Area.TYRES: move.tyres}
        wp = wp.pay({a: n for a, n in cost.items() if n})
        for area, n in cost.items():
            if n:
                events.append(Event(kind="wear", car=car.id, data={"area": area.value, "lost": n, "left": wp[area]}))
    crossings = car.crossings + move.laps
    if move.laps:
        events.append(Event(kind="lap", car=car.id, data={"crossings": crossings}))
    car = car.with_league(launch=False).model_copy(  # the launch is this movement (DRESDEN-PROFILE-3/4)
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
            "launch": mv.launch and move.via != "launch",
        }
    )
    return state.with_car(car).model_copy(update={"seq": seq, "moves_left": None, "movement": mv, "lap": lap}), mv


def _finish(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """CORE-END-1, AMB-66: the car has finished and leaves the track; its checks are void, but
    its 20 (30) still strains the other engines."""
    car = state.car(state.active or "")
    place = 1 + sum(1 for c in state.cars if c.place is not None)
    state = state.with_car(car.model_copy(update={"status": "finished", "place": place}))
    events.append(Event(kind="finish", car=car.id, data={"place": place}))
    owed = tuple(p for p in state.pending if p.car != car.id)
    state = mark_stop(state, car.space, events)
    return close(state.model_copy(update={"pending": owed + damage.engine_checks(track, state, car.id)}))


def _lap_segment(track: Track, state: RaceState, mv: Movement, move: Move, events: list[Event]) -> RaceState:
    """A qualifying lap's segment: the lap may end here (``qualifying_lap``); else the next
    segment, or the end of the movement without any checks."""
    state = qualifying_lap.end_of_segment(state, move, events)
    if state.phase == Phase.CHECK:
        return state
    offer = _next_offer(track, state, move)
    if offer:
        return state.model_copy(update={"movement": mv.model_copy(update={"offer": offer})})
    return close(qualifying_lap.stood_still(state, mv, events))


def _next_offer(track: Track, state: RaceState, move: Move) -> tuple[Via, ...]:
    """What the car may drive after this segment, in MASTERS-TURN order (AMB-67, AMB-48):
    a slide first (mandatory, once per turn), then the soft-tyre bonus (once per turn),
    the Praktiker's space on a launch (once) and slipstream (any number of times)."""
    car = state.car(state.active or "")
    mv = state.movement
    # AMB-58: a dream start (game round 0) drives just its 4 spaces
    if mv is None or state.round == 0 or car.space is None:
        return ()
    launch: tuple[Via, ...] = (
        ("launch",) if driver_profiles.launch_offered(car, mv) and _segment_moves(track, state, "launch") else ()
    )
    # PIT-D-3: only the launch in the pit lane; START-D-3: a dream start (gear 0) drives its
    # spaces and the launch, nothing else
    if in_pit_lane(track, car) or car.gear == 0:
        return launch
    if tyres.must_slide(track, state, car, mv):  # MASTERS-TURN-6
        return ("slide",)
    offer: list[Via] = []
    if tyres.bonus_allowed(state, car, mv) and _segment_moves(track, state, "bonus"):
        offer.append("bonus")  # MASTERS-TURN-7
    offer += launch
    if slipstream.may_slip(track, state, mv) and _segment_moves(track, state, "slip"):
        offer.append("slip")  # MASTERS-TURN-8
    return tuple(offer)


# --- MASTERS-TURN-9, -13, -14: the car stands --------------------------------------------


def end_movement(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """The car stands: collisions (MASTERS-TURN-13) and engine checks (-14) are queued after the
    road-holding checks of its segments (-9); a qualifying lap rolls none. In a street race a car
    on a tunnel entry is moved to its exit first, the residents' shots are queued with the
    road-holding checks, a pass of the police station is noted, and WP won on the line are
    distributed before the checks are rolled (STREET-5, STREET-7, STREET-8)."""
    car = state.car(state.active or "")
    if state.lap is None:
        state = city.tunnel(track, state, car.id, events)
        car = state.car(car.id)
    state = mark_stop(state, car.space, events)
    if state.lap is not None:
        return close(state)
    checks: tuple[Check, ...] = ()
    for hook in hooks.STAND:  # MASTERS-TURN-9, -13, -14, in this order
        state, queued = hook(track, state, car.id, events)
        checks += queued
    state = state.model_copy(update={"pending": state.pending + checks})
    return free_wp.ask(close(rollout.after_fuel_turn(track, state, car.id, events)), car.id, events)  # FUEL-3
