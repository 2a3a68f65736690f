"""When a computer driver wants a stop and how it gets there: the pit entry's lane, the plan of
a stop by points (PIT-D-6..9), a basic stop's chance of turning in (PIT-B-2), the repairs from
the reserve (PIT-A-1); shared by the careful and aggressive drivers and the levels."""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

from rules.ai.lane import lane_model
from rules.car import Area
from rules.dice import GearDice
from rules.engine import pit_lap, repairs_at, stops_allowed
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.tables.pit_points import FUEL_POINTS, REPAIR_POINTS, TYRE_POINTS, PitPlan
from rules.tables.tyres import Tyre
from rules.track import Track

MISSED_STOP = 20.0  # driving past the pit entry when a stop is wanted, in spaces


class PitLaneChooser(Protocol):
    """A driver that says when it wants a stop at the end of this lap."""

    def pit_lane(self, track: Track, state: RaceState, car: CarState) -> int | None:
        """The lane of the pit entry to keep to for the stop, or None when none is wanted."""


_ENTRY: list[tuple] = [(None, None, None, None, None)]  # the track, state, car and tyre last asked, and the answer


def pit_entry_lane(track: Track, state: RaceState, car: CarState, tyre: Tyre) -> int | None:
    """The lane of the pit entry if the car has worn tyres, or tyres for other weather than
    ``tyre``, the driver's choice now (TYRE-2, TYRE-5: slicks slide in rain, rain tyres wear in
    the dry), and may stop at the end of this lap. The last answer is kept: a driver asks it of
    one state for every face of a gear's die (the objects kept with it, so their ids are not
    reused meanwhile)."""
    memo = _ENTRY[0]
    if memo[0] is track and memo[1] is state and memo[2] is car and memo[3] is tyre:
        return memo[4]
    lane = entry_lane_wanted(track, state, car, tyre)
    _ENTRY[0] = (track, state, car, tyre, lane)
    return lane


def entry_lane_wanted(track: Track, state: RaceState, car: CarState, tyre: Tyre) -> int | None:
    """``pit_entry_lane`` worked out afresh: a stop by points when ``stop_plan`` wants one, a basic
    stop for worn tyres or the wrong ones while the car may still stop (PIT-B-1, OPT-3LAP-1)."""
    if state.rules.pit_points:
        wanted = stop_plan(track, state, car, tyre) is not None
        return entry_lane(track, car) if wanted else None
    worn = car.wp.tyres < state.rules.default_wear.tyres - 1
    wrong = car.tyre is not None and (car.tyre is Tyre.RAIN) != (tyre is Tyre.RAIN)
    if not (worn or wrong) or track.pit is None or car.pit_stops >= stops_allowed(state):
        return None
    if not 1 <= car.crossings < state.laps or (car.crossings > 1 and stops_allowed(state) < 2):
        return None
    return entry_lane(track, car)


def entry_lane(track: Track, car: CarState) -> int | None:
    """The lane of the pit entry nearest ahead of the car (a board may mark more than one:
    ``PitLane.extra_entries``)."""
    pit = track.pit
    if pit is None:
        return None
    if car.space is None or len(pit.entries) == 1 or track.space(car.space).in_pit:
        return track.space(pit.entry).lane
    lane = lane_model(track)
    return track.space(min(pit.entries, key=lambda e: (lane.steps_to(car.space or "", e), e))).lane


def stop_plan(track: Track, state: RaceState, car: CarState, tyre: Tyre) -> PitPlan | None:
    """What a car needs from a stop by points at the end of this lap, or None when it needs no
    stop or may not make one (PIT-D-7..9, AMB-32).

    A stop is wanted for fuel that will not last the race (FUEL-1: one WP for this lap and each
    later one), worn tyres or tyres for the other weather, or an area one WP from retirement
    that the box reserve can repair. The plan then takes whatever the points of its dearest
    action pay for anyway (PIT-D-8: the crew works in parallel): fuel up to the set-up, new
    tyres from 6 points.
    """
    if (
        track.pit is None
        or car.box is None
        or not (car.league.rolling_out == "fuel" or (car.pit_stops < stops_allowed(state) and pit_lap(state, car)))
    ):
        return None
    setup = car.setup or state.rules.default_wear
    room = setup.fuel - car.wp.fuel
    short = max(0, state.laps - car.crossings + 1 - car.wp.fuel) if state.rules.fuel_per_lap else 0
    fuel = min(short, room)
    worn = car.wp.tyres < setup.tyres - 1 or (car.tyre is not None and (car.tyre is Tyre.RAIN) != (tyre is Tyre.RAIN))
    critical = [a for a in (Area.BODY, Area.ENGINE, Area.ROAD_HOLDING) if car.wp[a] <= 1 < setup[a]]
    repairs = {a: 1 for a in critical[: min(car.reserve, max(REPAIR_POINTS))]}
    if not (fuel or worn or repairs):
        return None
    points = max(FUEL_POINTS * fuel, TYRE_POINTS if worn else 0, REPAIR_POINTS.get(len(repairs), 0))
    fuel = max(fuel, min(room, points // FUEL_POINTS))  # PIT-D-8: the fuel the dearest action pays for
    new_tyres = worn or (points >= TYRE_POINTS and car.wp.tyres < setup.tyres)
    return PitPlan(fuel=fuel, tyre=tyre if new_tyres else None, repairs=repairs)


def pit_progress(track: Track, state: RaceState, move: Move, face: int, driver: PitLaneChooser) -> float:
    """What a move is worth beyond its spaces for a car that wants a stop at the end of this lap
    (``driver.pit_lane``). By points: the spaces of the roll beyond the box count as worked-off
    points (PIT-D-11); driving past the pit entry loses the stop; ending short of it in a gear
    that cannot come down to the pit-lane gear in time (a free downshift a turn) will lose it
    next turn (PIT-D-2). A basic stop: the chance of missing it (``stop_chance``) times
    ``MISSED_STOP``."""
    car = state.car(state.active or "")
    pit = track.pit
    if pit is None or car.space is None:
        return 0.0
    if not state.rules.pit_points:
        chance = stop_chance(track, state, move, driver)
        return 0.0 if chance is None else -MISSED_STOP * (1.0 - chance)
    if driver.pit_lane(track, state, car) is None:
        return 0.0
    if move.in_box:
        return float(face - len(move.path))
    end = move.end
    if end is None or track.space(end).in_pit:
        return 0.0
    limit = state.rules.pit_lane_gear or 6
    entry_row = track.space(pit.entry).row
    if move.laps or any(track.space(n).row == entry_row for n in move.path):
        return -MISSED_STOP
    if car.gear - 1 > limit and lane_model(track).to_pit_entry(end) <= state.rules.gear_dice.die(car.gear - 1).highest:
        return -MISSED_STOP / 2
    return 0.0


def stop_chance(
    track: Track, state: RaceState, move: Move, driver: PitLaneChooser, end: str | None = None
) -> float | None:
    """For a basic stop (not by points) that the car wants at the end of this lap
    (``driver.pit_lane``): the chance that it still makes the stop after ``move`` (ending on
    ``end`` if given: where a slide takes it). A roll short of the box cannot turn in (PIT-B-2),
    so a move into the box has made it (1), a move past the nearest pit entry has lost it (0),
    and a move ending short of it keeps it with ``turn_in_chance``. None when no such stop is
    at stake (none wanted, the pit out of reach, the car in the pit lane)."""
    return kept_chance(track, state, move, end) if stop_at_stake(track, state, driver) else None


def stop_at_stake(track: Track, state: RaceState, driver: PitLaneChooser) -> bool:
    """Whether a basic stop is at stake for the active car (``stop_chance``): wanted at the end of
    this lap, its box and the pit on the board, the car not in the pit lane. When it is not,
    ``stop_chance`` is None for every move and end, so a driver valuing many moves asks once."""
    car = state.car(state.active or "")
    if state.rules.pit_points or track.pit is None or car.space is None or car.box is None:
        return False
    return not track.space(car.space).in_pit and driver.pit_lane(track, state, car) is not None


def kept_chance(track: Track, state: RaceState, move: Move, end: str | None = None) -> float | None:
    """``stop_chance`` where a basic stop is at stake (``stop_at_stake``): None for a move that
    ends nowhere, in the pit lane short of the box, or with the pit entry out of reach."""
    car = state.car(state.active or "")
    end = end or move.end
    if end is None or (track.space(end).in_pit and not move.in_box):
        return None
    lane = lane_model(track)
    entry = lane.to_pit_entry(end)
    if entry >= 10**6 and lane.to_pit_entry(car.space or "") >= 10**6:
        return None
    if move.in_box:
        return 1.0
    return turn_in_chance(state, entry, lane.to_box(end, car.box or ""), car.gear)


def turn_in_chance(state: RaceState, entry: int, box: int, gear: int) -> float:
    """The chance of still making a basic stop from a space ``entry`` steps short of the pit
    entry and ``box`` steps from the car's box, in ``gear`` now, with the best gears of the next
    turns' free shifts (one up, CORE-GEAR-2, or one down, CORE-GEAR-3): a roll of at least the
    box turns in (PIT-B-2), a roll that ends short of the entry or on it tries again from there,
    any other roll drives past. Past the entry (``entry`` large) it is 0."""
    if entry >= 10**6 or box >= 10**6:
        return 0.0
    return _kept(_faces(state.rules.gear_dice), entry, box - entry, gear)


def _faces(dice: GearDice) -> tuple[tuple[int, ...], ...]:
    """The faces of the gear dice, per gear: the last dice asked about kept with them (a driver asks
    for every move of every face it values near the pit)."""
    last = _FACES[0]
    if last is not None and last[0] is dice:
        return last[1]
    faces = tuple(tuple(dice.die(g).faces) for g in range(1, 7))
    _FACES[0] = (dice, faces)
    return faces


_FACES: list[tuple[GearDice, tuple[tuple[int, ...], ...]] | None] = [None]


@lru_cache(maxsize=4096)
def _kept(faces: tuple[tuple[int, ...], ...], entry: int, depth: int, gear: int) -> float:
    """``turn_in_chance`` for the dice ``faces`` (per gear) and a box ``depth`` steps into the pit lane."""
    best = 0.0
    for g in range(max(1, gear - 1), min(6, gear + 1) + 1):
        die = faces[g - 1]
        chance = sum(
            1.0 if f >= entry + depth else _kept(faces, entry - f, depth, g) if f <= entry else 0.0 for f in die
        )
        best = max(best, chance / len(die))
    return best


def announcement(track: Track, state: RaceState, tyre: Tyre) -> PitPlan | None:
    """The stop by points to announce with the gear (PIT-D-6), if it is new: what the car
    needs at the end of this lap (``stop_plan``); None keeps the last announcement."""
    car = state.car(state.active or "")
    if not state.rules.pit_points or car.league.pit_points is not None:
        return None
    plan = stop_plan(track, state, car, tyre)
    return plan if plan is not None and plan != car.league.pit_plan else None


def reserve_repairs(track: Track, state: RaceState) -> dict[Area, int]:
    """Spend the repair reserve on the dearest areas first: body, engine, road holding, brakes."""
    car = state.car(state.active or "")
    setup = car.setup or state.rules.default_wear
    left, repairs = state.reserve_of(car), dict[Area, int]()
    if repairs_at(state.rules) == "none":
        return {}
    for area in (Area.BODY, Area.ROAD_HOLDING, Area.ENGINE, Area.BRAKES, Area.FUEL, Area.GEARBOX):
        if len(repairs) >= state.rules.pit_repair_areas:
            break
        n = min(left, setup[area] - car.wp[area])
        if n > 0:
            repairs[area] = n
            left -= n
    return repairs
