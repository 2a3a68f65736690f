"""``apply(track, state, action) -> (state, events)``: the turn procedure, step by step.

The engine never rolls dice: when chance decides, the state says which die
(``chance``) and the caller applies a ``Roll`` with the face drawn from a
seeded source. A turn resolves in the order of MASTERS-TURN-1..15 (AMB-48), and
each step calls the rule modules of ``rules.modules`` (their docstring lists
the seam): declare the gear and strike skip costs (1-3); roll (4); move with
braking or blocked-lane costs (5, 10), then the extra segments of the same
movement: a slide in rain (6, ``tyres``), the soft-tyre bonus (7, ``tyres``),
slipstream (8, ``slipstream``; again after each slipstream); pit stop (11-12,
``pits``), road-holding checks (9), collisions (13), engine checks (14, all
``damage``); the weather the round owes (15, ``weather``). Road-holding checks
are rolled after the car stops, as MASTERS-TURN-9 allows, before collisions.

Phases: "grid" (the race weather first, then the grid rolls or a grid decided
by qualifying) -> "setup" (tyres and an own car once the weather is known) ->
"start" (all three ``start``) -> per turn "gear" (ChooseGear) -> "roll" (the
gear die) -> "move" (Drive segments as ``state.movement.offer`` says; EndMove
declines optional extras) -> "pit" (the crew's choices at the box) -> "check"
(the black-die checks the turn caused) -> the next car. In D (``start_in_turn``) a
car's turn begins in phase "start" with its start roll when one is due
(``dresden_start``). A movement is one stop (CORE-TURN-2, SLIP-8): every segment
is judged from the movement's start.
``new_lap`` (``qualifying_lap``) runs a qualifying lap with the same machinery,
counting rolls and penalties instead of striking WP.

Rules here: CORE-TURN-1..2, CORE-ORDER-1, CORE-GEAR-1, CORE-GEAR-7, CORE-END-1, FD08-START-2
and MASTERS-MOVE-1..3 (start in 1st; gear, die, move; one stop per movement), C3LAP-2 (no
braking without brake WP), the turn order (AMB-58, AMB-59, FD08-START-1: stalled cars miss
game round 1) and the clarifications FAQ-1..6 of the basic rules; movement itself is in
``rules.moves``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Action, Bid, ChooseGear, Drive, EndMove, Event, FreeWP, Karma, PitStop, Roll, SetUp, TCar, TimeOut
from rules.car import Area, WearPoints
from rules.dice import BLACK_DIE, Chance, Purpose
from rules.gears import ShiftCost, legal_gears
from rules.modules import (
    boost, city, clock, damage, dresden_start, driver_profiles, free_wp, fuel, head_to_head, karma, nitro, pit_points, pits,
    qualifying_lap, restart, rollout, slipstream, start, tcar, tyres, weather, wrecks,
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
    wet,
)
from rules.modules.damage import area_of as check_area
from rules.modules.free_wp import amount as free_wp_amount
from rules.modules.free_wp import room as free_wp_room
from rules.modules.karma import offers as karma_offers
from rules.modules.karma import race_end_karma, raises_needed
from rules.modules.pits import pit_lap, repairs_at, stops_allowed
from rules.modules.qualifying_lap import new_lap
from rules.modules.nitro import refusal as nitro_refusal
from rules.modules.slipstream import slipstream_from
from rules.modules.start import needs_setup
from rules.modules.tcar import problem as t_car_problem
from rules.modules.tcar import proposal as t_car_proposal
from rules.modules.tyres import multiplier, slide_spaces, tyre_age
from rules.moves import Move, MoveRequest, Via, legal_moves
from rules.order import CarPosition, Sweep, grid_order, race_order
from rules.reasons import Code, Reason
from rules.ruleset import RuleSet
from rules.state import CarState, Movement, RaceState, SweepState
from rules.track import Track
from rules.tables.weather import Barometer

# The engine is the rules' facade: other code imports these from here, wherever they live.
__all__ = [
    "IllegalAction",
    "apply",
    "chance",
    "check_area",
    "free_wp_amount",
    "free_wp_room",
    "gear_options",
    "karma_offers",
    "move_request",
    "moves",
    "multiplier",
    "needs_setup",
    "new_lap",
    "new_race",
    "nitro_refusal",
    "on_track",
    "optional_offer",
    "pit_lap",
    "race_end_karma",
    "raises_needed",
    "repairs_at",
    "rolled",
    "slide_spaces",
    "slipstream_from",
    "stops_allowed",
    "t_car_problem",
    "t_car_proposal",
    "to_move",
    "tyre_age",
    "wet",
]


# --- the race and what it waits for ----------------------------------------------------


def new_race(
    track: Track, rules: RuleSet, cars: Sequence[tuple[str, WearPoints] | start.CarEntry], laps: int | None = None,
    grid: tuple[str, ...] | None = None, qualifying_weather: Barometer | None = None, level_start: bool = False,
) -> RaceState:
    """A race before its first roll or choice (``start.new_race``); with a grid already decided
    and nothing to choose or roll before the start, it is game round 1 already."""
    return _settle(track, start.new_race(track, rules, cars, laps, grid, qualifying_weather, level_start), [])


def chance(state: RaceState) -> Chance | None:
    """The die to roll now, or None when a player must decide."""
    if state.phase in ("setup", "pit", "karma", "bid", "tcar", "wp"):  # KARMA-3, H2H-2, TCAR-1, STREET-7/8: a driver decides
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
    if state.phase in ("gear", "move", "setup", "pit", "tcar") and state.active:
        return state.active
    if state.phase == "karma" and state.held is not None:  # KARMA-3: the driver whose roll it is
        return state.held.check.car
    if state.phase == "wp":  # STREET-7, STREET-8: the driver of the car that won WP
        return free_wp.owed_car(state)
    return head_to_head.bidder(state)  # H2H-2


def optional_offer(state: RaceState) -> bool:
    """Only optional extras are offered (TYRE-7, CORE-SLIP-6): the player may stop here."""
    mv = state.movement
    return state.phase == "move" and mv is not None and bool(mv.offer) and all(v in ("bonus", "slip", "launch") for v in mv.offer)


# --- the transition function -----------------------------------------------------------


def apply(track: Track, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
    """The state after ``action`` and what happened; IllegalAction if it is not legal now."""
    events: list[Event] = []
    if not isinstance(action, (Roll, TimeOut)) and action.car is not None and action.car != to_move(state):
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
        state = _on_gear(track, state, action, events)
        state = boost.announce(state, action.boost, events)  # ENG-D-3: before the roll
        state = nitro.announce(state, action.nitro, events)  # STREET-3: before the roll
    elif isinstance(action, Drive):
        state = _on_segment(track, state, _driven(track, state, action), events)
    elif isinstance(action, EndMove):
        if not optional_offer(state):
            raise IllegalAction(Reason(rule="CORE-MOVE-7", code=Code.NOT_NOW, values={"action": "stop"}))
        state = _end_movement(track, state, events)
    elif isinstance(action, SetUp):
        if state.phase != "setup":
            raise IllegalAction(Reason(rule="CAR-C-2", code=Code.NOT_NOW, values={"action": "setup"}))
        state = start.on_setup(state, action, events)
    elif isinstance(action, PitStop):
        if state.phase != "pit":
            raise IllegalAction(Reason(rule="PIT-A-2", code=Code.NOT_NOW, values={"action": "pitstop"}))
        state = (pit_points.on_pitstop if state.rules.pit_points else pits.on_pitstop)(track, state, action, events)
    elif isinstance(action, Karma):
        state = karma.on_karma(track, state, action, events)
    elif isinstance(action, Bid):
        state = head_to_head.on_bid(state, action, events)
    elif isinstance(action, TCar):
        if state.phase != "tcar":
            raise IllegalAction(Reason(rule="TCAR-1", code=Code.NOT_NOW, values={"action": "tcar"}))
        state = tcar.on_tcar(track, state, action, events)
    elif isinstance(action, FreeWP):
        state = free_wp.on_free_wp(state, action, events)  # STREET-7, STREET-8
    elif isinstance(action, TimeOut):  # the clock of the car whose turn it is, even while its die is rolling
        if action.car is not None and action.car != state.active:
            raise IllegalAction(Reason(rule="BLITZ-6", code=Code.NOT_YOUR_TURN, values={"car": action.car, "active": state.active or "-"}))
        state = clock.on_time_out(state, state.active or "", events)
    return _settle(track, state, events), events


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
        car.gear, car.wp, state.rules.downshift, in_pit=in_pit_lane(track, car),
        free_downshifts=state.mode == "qualifying",  # AMB-57, QUAL-D-7
        allowed_from_zero=dresden_start.gears_from_zero(car),  # START-D-3: 1st or 2nd after a dream start
    )
    return pit_points.lane_gears(track, state, car, options)  # PIT-D-2, PIT-D-11


def _on_gear(track: Track, state: RaceState, action: ChooseGear, events: list[Event]) -> RaceState:
    """The declared gear, with its skip cost struck at once, and the pit stop it announces
    (PIT-D-6); then the roll."""
    gear = action.gear
    opt = gear_options(track, state).get(gear)
    if opt is None:
        raise IllegalAction(Reason(rule="CORE-GEAR-1", code=Code.NO_SUCH_GEAR, values={"gear": gear}))
    if isinstance(opt, Reason):
        raise IllegalAction(opt)
    car = pit_points.announce(state, state.car(state.active or ""), action.pit)
    paid = car.wp if state.mode == "qualifying" else car.wp.pay(opt.cost)  # QUAL-1: no WP struck
    car = car.model_copy(update={"gear": gear, "wp": paid, "pit_wait": False, "spun": False, "start": None})
    events.append(Event(kind="gear", car=car.id, data={"gear": gear, **{a.value: n for a, n in opt.cost.items()}}))
    state = state.with_car(car).model_copy(update={"phase": "roll", "rolling": car.rolling_out is not None})
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
            return state.model_copy(update={"phase": "check"})
    if opt.cost.get(Area.BODY) or opt.cost.get(Area.ENGINE):
        state = state.model_copy(update={"mark_stop": True})
    return state


# --- MASTERS-TURN-4: the gear die; every black die is a module's check ------------------


def _on_roll(track: Track, state: RaceState, value: int, events: list[Event]) -> RaceState:
    """The active car's gear die, or the black die of the first pending check."""
    if state.phase == "roll" and pit_points.working(state.car(state.active or "")):
        events.append(Event(kind="roll", car=state.active, data={"die": state.rules.gear_dice.die(state.car(state.active or "").gear).name, "value": value}))
        return pit_points.on_work_roll(track, state, value, events)  # PIT-D-11: at the box
    if state.phase == "roll":
        return _on_gear_roll(track, state, value, events)
    check, rest = state.pending[0], state.pending[1:]
    state = state.model_copy(update={"pending": rest})
    events.append(Event(kind="check", car=check.car, data={"purpose": check.purpose.value, "value": value}))
    return _CHECK_ROLLS[check.purpose](track, state, check, value, events)


def rolled(track: Track, state: RaceState, face: int) -> RaceState:
    """The race after the active car, in its declared gear, rolled ``face``: what the odds and
    the computer drivers look at, so they see the spaces the engine moves (the tyres' malus,
    the profile's change, a launch) and the same segment moves (``moves``)."""
    return apply(track, state.model_copy(update={"phase": "roll"}), Roll(value=face))[0]


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
    spaces += boost.extra_spaces(state, car) + nitro.extra_spaces(state, car)  # ENG-D-3, STREET-3
    if car.launch:  # the first movement after the start or a spin restart (DRESDEN-PROFILE-3/4)
        state, spaces = driver_profiles.launch_spaces(state, car, spaces)
        car = state.car(car.id)
    state = qualifying_lap.count_roll(state)
    if trigger:
        state = weather.owe_determination(state)
    return state.model_copy(
        update={
            "phase": "move",
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
    others = frozenset(c.space for c in state.cars if c.id != car.id and on_track(state, c))
    others |= frozenset(w.space for w in state.t_wrecks if w.space)  # TCAR-1: the replaced cars
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
        markers=frozenset(state.markers),
        brakes=qualifying_lap.QUALIFYING_WP if qualifying else car.wp.brakes,  # QUAL-1: braking strikes nothing
        tyres=qualifying_lap.QUALIFYING_WP if qualifying else car.wp.tyres,
        corner=mv.corner,
        stops=mv.stops,
        laps_to_go=state.laps + 1 - mv.crossings,
        box=None if via == "slip" else _box_to_reach(track, state, car, spaces),  # AMB-55: no slipstream into the pit lane
        may_brake=braking,
        report_missed=qualifying,  # AMB-45c, QUAL-4: missed stops end a lap whatever the race rule
        multiplier=tyres.multiplier(state, car),
        prefix=mv.path,
        via=via,
    )


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
    if state.phase != "move" or state.movement is None:
        return []
    found = [m for via in state.movement.offer for m in _segment_moves(track, state, via)]
    return rollout.straight_only(track, state, found)  # OUT-D-2


def _segment_moves(track: Track, state: RaceState, via: Via) -> list[Move]:
    """The legal moves of one segment, as played."""
    req = move_request(track, state, via)
    car = state.car(state.active or "")
    found = [qualifying_lap.as_played(state, m) for m in driver_profiles.corner_stop_moves(track, state, car, req, legal_moves(req))]
    found = pits.into_the_box(track, found)  # PIT-B-2, FAQ-5: not short of a box the roll reaches
    if via in ("bonus", "launch"):  # TYRE-3, DRESDEN-PROFILE-4: one whole space, or none at all
        return [m for m in found if m.path and not m.brakes and not m.blocked]
    if via == "slip":  # CORE-SLIP-2: a slipstream moves the car
        return [m for m in found if m.path]
    return found


# the rule each segment of a movement comes from, for refusals
_VIA_RULE = {"roll": "CORE-TURN-1", "slide": "TYRE-2", "bonus": "TYRE-3", "slip": "CORE-SLIP-1", "launch": "DRESDEN-PROFILE-4"}


def _driven(track: Track, state: RaceState, action: Drive) -> Move:
    """The segment ``action`` drives, as played; IllegalAction if it is not on offer or not legal."""
    if state.phase != "move" or state.movement is None:  # CORE-TURN-2: one stop per turn
        raise IllegalAction(Reason(rule="CORE-TURN-2", code=Code.NOT_NOW, values={"action": "move"}))
    if action.via not in state.movement.offer:
        raise IllegalAction(Reason(rule=_VIA_RULE[action.via], code=Code.EXTRA_NOT_OFFERED, values={"extra": action.via}))
    car = state.car(state.active or "")
    result = driver_profiles.check_roll_path(track, state, car, move_request(track, state, action.via), tuple(action.path))
    if isinstance(result, Reason):
        raise IllegalAction(result)
    result = qualifying_lap.as_played(state, result)
    if result.end is not None and track.space(result.end).in_pit and not result.in_box and not result.blocked:
        short = pits.short_of_the_box(track, result, _segment_moves(track, state, action.via))
        if short is not None:  # PIT-B-2, FAQ-5
            raise IllegalAction(short)
    if state.car(state.active or "").rolling_out == "engine":  # OUT-D-2: straight ahead where possible
        why = rollout.refused_turn(track, state, result, _segment_moves(track, state, action.via))
        if why is not None:
            raise IllegalAction(why)
    if action.via == "bonus" and (result.brakes or result.blocked or not result.path):
        raise IllegalAction(Reason(rule="TYRE-3", code=Code.BONUS_WHOLE_SPACE))
    if action.via == "launch" and (result.brakes or result.blocked or not result.path):
        raise IllegalAction(Reason(rule="DRESDEN-PROFILE-4", code=Code.LAUNCH_WHOLE_SPACE))
    return result


def _on_segment(track: Track, state: RaceState, move: Move, events: list[Event]) -> RaceState:
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
        return _end_movement(track, state, events)
    if move.finishes:
        return _finish(track, state, events)
    if move.laps:  # STREET-8: the tyres back, and WP to distribute when the car stands
        state = free_wp.on_line(state, car.id, events)
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
    return _end_movement(track, state, events)


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
    car = car.model_copy(
        update={
            "space": move.end or car.space,
            "wp": wp,
            "crossings": crossings,
            "corner": move.corner,
            "stops": move.stops,
            "arrival": seq if move.path else car.arrival,
            "launch": False,  # the launch is this movement (DRESDEN-PROFILE-3/4)
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
    if state.phase == "check":
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
    launch: tuple[Via, ...] = ("launch",) if driver_profiles.launch_offered(car, mv) and _segment_moves(track, state, "launch") else ()
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


def _end_movement(track: Track, state: RaceState, events: list[Event]) -> RaceState:
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
    state = city.police_pass(track, state, car.id)
    shots = city.shooting_checks(track, state, car.id)
    state, collisions = wrecks.collision_checks(track, state, car.id, damage.collision_checks(track, state, car.id), events)
    checks = shots + collisions + damage.engine_checks(track, state, car.id)
    state = state.model_copy(update={"pending": state.pending + checks})
    return free_wp.ask(close(rollout.after_fuel_turn(track, state, car.id, events)), car.id, events)  # FUEL-3


# --- MASTERS-TURN-15 and the turn order: the next car ------------------------------------


def _positions(track: Track, state: RaceState) -> list[CarPosition]:
    """Where each racing car stands for the turn order."""
    out = []
    stands = _stands(track)
    stand = track.pit_stand()
    for c in state.cars:
        # OUT-D-2: engine roll-outs too; AMB-38: a T-car from the next game round
        if c.space is None or not rollout.turns_due(state, c) or tcar.waits(state, c):
            continue
        sp = track.space(c.space)
        laps = c.crossings
        pit = None
        if sp.in_pit and stand is not None:
            pit = sp.index
            if sp.progress < stand.progress:
                laps -= 1  # past the line in the pit lane, but counted at the pit entry (AMB-56, ORDER-D-3)
        position, inside = stands[c.space]
        out.append(
            CarPosition(
                id=c.id, laps=laps, position=position, gear=c.gear, arrival=c.arrival, inside=inside, pit=pit,
                bid=head_to_head.bid_of(state, c.id),  # H2H-3
            )
        )
    return out


_STANDS: dict[int, tuple[Track, dict[str, tuple[float, int]]]] = {}


def _stands(track: Track) -> dict[str, tuple[float, int]]:
    """Per space of ``track``, its place for the turn order and its lane's rank against the corner
    (``Track.order_row``, ``Track.inside_rank``): worked out once per track object."""
    found = _STANDS.get(id(track))
    if found is None or found[0] is not track:
        found = _STANDS[id(track)] = (
            track, {sp.name: (float(track.order_row(sp.name)), track.inside_rank(sp.name)) for sp in track.spaces},
        )
    return found[1]


def _sweep(track: Track, state: RaceState) -> Sweep:
    return Sweep.resume(track.rows, state.rules.tie_break, (state.sweep or SweepState()).model_dump())


def _begin_round(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """A new game round: round 1 in grid order, every later one by the sweep down the track."""
    rnd = state.round + 1
    state = head_to_head.new_round(state)
    if state.round >= 1:  # KARMA-2, AMB-41a: the game round that ends has a leader
        state = karma.count_lead(state, _positions(track, state))
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
    """The next car's turn (CORE-ORDER-*, MASTERS-ORDER-*), or the end of the game round, or of
    the race when no car is racing any more."""
    if state.lap is not None:  # a qualifying lap: the same car again, until the lap is over
        if state.lap.over:
            return state.model_copy(update={"phase": "done", "active": None})
        return state.model_copy(update={"phase": "gear", "roll": None, "engine_trigger": False})
    state = wrecks.clear(track, state, events)  # OUT-D-3: wrecks every car has passed
    offered = tcar.offer(track, state, events)  # TCAR-1: an early retirement's driver chooses first
    if offered.phase == "tcar":
        return offered
    seen: list[tuple[RaceState, list[CarPosition]]] = []

    def positions(s: RaceState) -> list[CarPosition]:  # worked out again only for a changed state
        if not seen or seen[0][0] is not s:
            seen[:] = [(s, _positions(track, s))]
        return seen[0][1]

    order = race_order(positions(state), state.rules.tie_break)
    state = restart.check(track, state, order, events)  # RESTART-1/2: wrecks block the track
    if all(c.status != "racing" for c in state.cars):
        events.append(Event(kind="race_over"))
        state = karma.at_race_end(state, events)  # KARMA-2
        return state.model_copy(update={"phase": "done", "active": None})
    if state.round == 0:
        return _dream_start(track, state, events)
    nxt: str | None = None
    if state.round == 1:
        queue = [c for c in state.queue if state.car(c).status == "racing"]
        if queue:
            nxt, state = queue[0], state.model_copy(update={"queue": tuple(queue[1:])})
    else:
        sweep = _sweep(track, state)
        called = head_to_head.call(state, sweep.level(positions(state)), events)  # H2H-1
        if called.phase == "bid":
            return called
        state = called
        nxt = sweep.next_car(positions(state))
        state = state.model_copy(update={"sweep": SweepState(**sweep.snapshot())})
    if nxt is None:
        state = free_wp.police_payout(state, events)  # STREET-7: the round's fastest past the station
        if state.phase == "wp":
            return state
        owed = weather.after_round(state)  # MASTERS-TURN-15: before the leader moves again
        return owed if owed.pending else _begin_round(track, state, events)
    car = state.car(nxt)
    state = state.with_car(car.model_copy(update={"stalled": False}))
    events.append(Event(kind="turn", car=nxt, data={"round": state.round}))
    state = state.model_copy(
        update={"phase": "gear", "active": nxt, "roll": None, "engine_trigger": False, "mark_stop": False, "boost": False, "nitro": False, "rolling": False}
    )
    return dresden_start.begin_turn(state)  # START-D-1..4: a start roll first when it is due


def _dream_start(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """AMB-58: the dream starts drive their spaces in grid order before game round 1."""
    dream = [c for c in state.queue if state.car(c).status == "racing"]
    if not dream:
        return _begin_round(track, state.model_copy(update={"queue": ()}), events)
    nxt, state = dream[0], state.model_copy(update={"queue": tuple(dream[1:])})
    events.append(Event(kind="turn", car=nxt, data={"round": 0}))
    spaces = state.rules.dream_start_spaces
    if state.car(nxt).launch:  # AMB-39d: the dream start's spaces are the launch
        state, spaces = driver_profiles.launch_spaces(state, state.car(nxt), spaces)
    return state.model_copy(
        update={
            "phase": "move",
            "active": nxt,
            "moves_left": spaces,
            "roll": None,
            "engine_trigger": False,
            "movement": start_movement(state.car(nxt)),
        }
    )


def _settle(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """After an action: run what needs no decision until a player or a die is needed."""
    if state.phase == "check":  # the movement is over and its checks are queued
        state = weather.after_turn(state)
    if state.pending or state.phase in ("gear", "roll", "done"):
        return state
    if state.phase == "move" and state.movement is not None:
        return state
    if state.phase in ("start", "grid", "setup", "pit", "karma", "bid", "tcar", "wp"):
        return state
    return _next_turn(track, state.model_copy(update={"phase": "check", "roll": None}), events)
