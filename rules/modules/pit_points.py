"""Dresden pit stops by points: the announcement, the way into the box, the crew's points worked
off with 4th-gear rolls, and the team's box.

The engine calls this module instead of ``pits`` where the rules have ``pit_points`` (PIT-D-5:
no long and short stops, no pit roll). The driver announces the crew's work with the gear
(``ChooseGear.pit``, ``announce``); the last announcement before the roll into the box counts
(PIT-D-6). Nothing is restored on the way in: at the box (``at_box``) the work costs the
points of its dearest action (PIT-D-7..9, ``rules.tables.pit_points``), plus 5 without an
announcement, when the crew's plan is chosen at the box instead (phase "pit", a ``PitStop``
with ``fuel``; PIT-D-10). The roll that entered the box counts with its spaces beyond it; every
later turn at the box is a 4th-gear roll worked off (``work_gears``, ``on_work_roll``). When the
work is done the WP are restored (PIT-D-12, AMB-32) and the surplus is driven out of the box at
once; a surplus of exactly 0 leaves next game round in at most 4th (PIT-D-11, AMB-33, the
worked example of TAB-PIT-D).

The pit lane in D: entering it is a lane change (PIT-D-1, in ``rules.moves``), at most 4th gear
into it and in it (PIT-D-2, ``pit_lane_gear``), and only Theoretiker and Praktiker apply there
(PIT-D-3: the work-off rolls are the bare die; the launch out of the box is the profiles'
``CarState.launch``). Team-mates share their team's box, one car at it at a time: the second
waits in front of it, because the pit lane cannot be overtaken in (PIT-D-4, PIT-B-6). The boxes
are given out in grid order, the team's best-placed driver first (RACE-D-5, ``assign_boxes``).

Rules here: PIT-D-2..12 (PIT-D-1 in ``rules.moves``), RACE-D-5, AMB-32, AMB-33.
"""

from __future__ import annotations

from rules.actions import Event, PitStop
from rules.gears import ShiftCost
from rules.modules import driver_profiles
from rules.modules.base import IllegalAction, close, in_pit_lane, mark_stop, start_movement
from rules.modules.pits import before_box, pit_lap, stops_allowed
from rules.moves import Move
from rules.reasons import Code, Reason
from rules.state import CarState, Phase, RaceState
from rules.tables import pit_points
from rules.tables.pit_points import PitPlan
from rules.track import Track

# --- RACE-D-5, PIT-D-4: the boxes ----------------------------------------------------------


def assign_boxes(track: Track, state: RaceState, order: list[str]) -> RaceState:
    """RACE-D-5: the boxes in pit-lane order, handed out in grid order (``order``, pole first);
    with ``team_box`` a team takes one box, at its best-placed driver's turn, and its team-mate
    shares it (PIT-D-4; a car without a team is a team of its own).

    The source lets each team (Season) or each driver (Open) *choose* in that order. The boxes
    differ only in where they lie, and the one nearest the pit entry is the easiest to reach
    (a roll must reach the box, FAQ-5) and never waits behind a car standing at an earlier
    box, so each chooser takes the best box left: box 1 first. With shared boxes both readings
    give the same boxes, since a team's first car in grid order is its best-placed driver.
    """
    if not state.rules.team_box or track.pit is None:
        return state
    boxes, given = list(track.pit.boxes), {}
    for cid in order:
        car = state.car(cid)
        team = ("team", car.team) if car.team is not None else ("car", cid)
        if team not in given:
            given[team] = boxes.pop(0) if boxes else None
        state = state.with_car(car.model_copy(update={"box": given[team]}))
    return state


# --- PIT-D-2, PIT-D-6: the gear and the announcement ----------------------------------------


def may_enter_box(track: Track, state: RaceState, car: CarState) -> bool:
    """May ``car`` turn into the pit lane for its box in the movement it drives now?

    At the end of any lap but the last, once per lap (``stops_allowed``, ``pits.pit_lap``), and
    in at most ``pit_lane_gear`` (PIT-D-2). A car rolling out for want of fuel may still try to
    reach its box on any lap, the last one too (FUEL-3: it retires only if it cannot reach its
    box or the line).
    """
    if track.pit is None or car.box is None or car.space is None or in_pit_lane(track, car):
        return False
    limit = state.rules.pit_lane_gear
    if limit is not None and car.gear > limit:
        return False
    if car.league.rolling_out == "fuel":
        return True
    return car.pit_stops < stops_allowed(state) and pit_lap(state, car)


def box_to_reach(track: Track, state: RaceState, car: CarState) -> str | None:
    """The box a segment may end in: the car may turn in now, or it is in the pit lane short of
    its box; else None.

    Unlike the basic game (FAQ-5) the roll that turns in need not reach the box: D has the
    driver announce before "the roll that takes the car into its box", and a team-mate waits in
    front of the box (PIT-D-4), so a car may drive to its box over several rolls. In at most 4th
    (PIT-D-2) the farther boxes could not be reached in one roll at all.
    """
    if before_box(track, car) or (state.roll is not None and may_enter_box(track, state, car)):
        return car.box
    return None


def work_gears() -> dict[int, ShiftCost | Reason]:
    """At the box the points are worked off with 4th-gear rolls: 4th is the only gear, and free
    (PIT-D-11, AMB-33c)."""
    work = pit_points.WORK_GEAR
    return {
        g: ShiftCost(gear=g, waived_by="PIT-D-11")
        if g == work
        else Reason(rule="PIT-D-11", code=Code.PIT_WORK_GEAR, values={"gear": g, "work": work})
        for g in range(1, 7)
    }


def lane_gears(
    track: Track, state: RaceState, car: CarState, options: dict[int, ShiftCost | Reason]
) -> dict[int, ShiftCost | Reason]:
    """The gears a car may declare: at its box only the work gear (``work_gears``); in the pit lane
    at most ``pit_lane_gear`` (PIT-D-2); elsewhere ``options`` as they are."""
    if car.league.pit_points is not None:
        return work_gears()
    limit = state.rules.pit_lane_gear
    if limit is None or not in_pit_lane(track, car):
        return options
    why = {
        g: Reason(rule="PIT-D-2", code=Code.PIT_LANE_GEAR, values={"gear": g, "limit": limit})
        for g in options
        if g > limit
    }
    return {**options, **why}


def announce(state: RaceState, car: CarState, plan: PitPlan | None) -> CarState:
    """PIT-D-6: the crew's work announced with the gear, the last announcement counting; None
    keeps the last one. Refused where the rules have no pit points, while the crew is at work, or
    when the crew could not do it (AMB-32: never above the set-up, repairs from the reserve)."""
    if plan is None:
        return car
    if not state.rules.pit_points:
        raise IllegalAction(Reason(rule="PIT-D-6", code=Code.NO_PIT_POINTS))
    if car.league.pit_points is not None:
        raise IllegalAction(Reason(rule="PIT-D-6", code=Code.NOT_NOW, values={"action": "announce"}))
    why = pit_points.plan_problem(plan, car.wp, car.setup or state.rules.default_wear, car.reserve)
    if why is not None:
        raise IllegalAction(why)
    return car.with_league(pit_plan=plan)


# --- the way in and the box ------------------------------------------------------------------


def enter(track: Track, state: RaceState, move: Move, from_pit: bool) -> RaceState:
    """The car turns into the pit lane: the stop counts (one per lap) and its corner stops end.
    Nothing is restored yet: the crew works at the box (PIT-D-12, unlike PIT-B-8)."""
    if from_pit or not any(track.space(n).in_pit for n in move.path):
        return state
    car = state.car(state.active or "")
    return state.with_car(car.model_copy(update={"pit_stops": car.pit_stops + 1, "corner": None, "stops": 0}))


def at_box(track: Track, state: RaceState, surplus: int, events: list[Event]) -> RaceState:
    """The car reaches its box with ``surplus`` spaces of its roll beyond it (PIT-D-11).

    With an announced plan the crew starts at once on its points less the surplus; without one
    the crew's plan is chosen now (phase "pit", ``on_pitstop``), the surplus waiting in
    ``moves_left`` to be counted with PIT-D-10's 5 points more.
    """
    car = state.car(state.active or "")
    state = mark_stop(state, car.space, events)
    if car.league.pit_plan is None:
        return state.model_copy(update={"phase": Phase.PIT, "movement": None, "moves_left": surplus})
    return _start_work(track, state, car, pit_points.points_due(car.league.pit_plan, announced=True), surplus, events)


def on_pitstop(track: Track, state: RaceState, action: PitStop, events: list[Event]) -> RaceState:
    """PIT-D-10: no announcement before the roll into the box; the crew's plan is chosen at the box
    (``PitStop``: fuel, tyres, repairs; no long stop) and costs 5 points more."""
    car = state.car(state.active or "")
    if action.long:
        raise IllegalAction(Reason(rule="PIT-D-5", code=Code.NO_LONG_STOP))
    plan = PitPlan(fuel=action.fuel, tyre=action.tyre, repairs={a: n for a, n in action.repairs.items() if n})
    why = pit_points.plan_problem(plan, car.wp, car.setup or state.rules.default_wear, car.reserve)
    if why is not None:
        raise IllegalAction(why)
    car = car.with_league(pit_plan=plan)
    surplus = state.moves_left or 0
    return _start_work(track, state.with_car(car), car, pit_points.points_due(plan, announced=False), surplus, events)


def _start_work(
    track: Track, state: RaceState, car: CarState, points: int, surplus: int, events: list[Event]
) -> RaceState:
    """The crew's ``points`` start with the entering roll's ``surplus`` counted (AMB-33a/b)."""
    left, out = pit_points.work_off(points, surplus)
    events.append(Event(kind="pit", car=car.id, data={"points": points, "worked": min(points, surplus), "left": left}))
    return _worked(track, state.with_car(car.with_league(pit_points=left)), car.id, left, out, events)


def working(car: CarState) -> bool:
    """Is the crew working on the car at its box (PIT-D-11)?"""
    return car.league.pit_points is not None


def on_work_roll(track: Track, state: RaceState, value: int, events: list[Event]) -> RaceState:
    """A 4th-gear roll at the box works off its face in points (AMB-33c: the bare die, PIT-D-3:
    no Flitzer or Tourer change in the pit lane)."""
    car = state.car(state.active or "")
    left, out = pit_points.work_off(car.league.pit_points or 0, value)
    events.append(
        Event(
            kind="pit",
            car=car.id,
            data={"points": car.league.pit_points, "worked": min(car.league.pit_points or 0, value), "left": left},
        )
    )
    return _worked(track, state.with_car(car.with_league(pit_points=left)), car.id, left, out, events)


def _worked(track: Track, state: RaceState, car_id: str, left: int, out: int, events: list[Event]) -> RaceState:
    """Points left: the car stands at its box (no checks in the pit lane, AMB-60). Done: the WP
    are restored, and the surplus is driven out of the box at once (PIT-D-11); with none the car
    leaves next game round in at most 4th (AMB-33d)."""
    if left:
        return close(state)
    car = state.car(car_id)
    plan = car.league.pit_plan or PitPlan()
    events.append(
        Event(
            kind="pit",
            car=car.id,
            data={
                "done": out,
                "fuel": plan.fuel,
                "tyre": plan.tyre.value if plan.tyre else None,
                **{a.value: n for a, n in plan.repairs.items()},
            },
        )
    )
    car = _restored(track, state, car, plan)
    if not out:  # DRESDEN-PROFILE-3/4: the drive out next game round is the launch
        return close(driver_profiles.launch_next(state.with_car(car.model_copy(update={"pit_wait": True})), car.id))
    return _drive_out(state, car, out)


def finish_work(track: Track, state: RaceState, car: CarState) -> CarState:
    """The crew's work at the box done at once, as planned, when the race is stopped (RESTART-1,
    AMB-37): the car restarts in the single file, not at its box, and with no points left."""
    return _restored(track, state, car, car.league.pit_plan or PitPlan()) if working(car) else car


def _restored(track: Track, state: RaceState, car: CarState, plan: PitPlan) -> CarState:
    """PIT-D-12, AMB-32: fuel, the new set of tyres and the repairs, never above the set-up; the
    repairs come out of the box reserve. A new set's first lap is the one after the lap the car
    entered in (AMB-26), also at a box past the finish line."""
    wp = pit_points.after_stop(plan, car.wp, car.setup or state.rules.default_wear)
    update: dict[str, object] = {"wp": wp, "reserve": car.reserve - plan.repaired()}
    if plan.tyre is not None:
        update.update(tyre=plan.tyre, tyre_from=_lap_entered(track, car) + 1)
    return car.with_league(pit_plan=None, pit_points=None).model_copy(update=update)


def _lap_entered(track: Track, car: CarState) -> int:
    """The lap the car turned into the pit lane in: one less at a box past the finish line."""
    stand = track.pit_stand()
    past_line = stand is not None and track.space(car.space or "").progress < stand.progress
    return car.crossings - int(past_line)


def _drive_out(state: RaceState, car: CarState, spaces: int) -> RaceState:
    """The surplus of the work, driven out of the box at once as a new movement (PIT-D-11), in
    at most 4th (CORE-PIT-3). It is a launch out of the box (DRESDEN-PROFILE-3/4, AMB-33d):
    Theoretiker one space less, Praktiker one more if he likes."""
    car = car.model_copy(update={"gear": min(car.gear, state.rules.pit_exit_gear)})
    state, spaces = driver_profiles.launch_spaces(state.with_car(car), car, spaces)
    car = state.car(car.id)
    return state.model_copy(update={"phase": Phase.MOVE, "moves_left": spaces, "movement": start_movement(car)})
