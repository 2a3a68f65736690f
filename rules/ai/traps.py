"""Rule traps a human is warned of before falling in, and why a box is not offered.

Each warning is a ``Trap``: a code the window words in the player's language, the rule it
guards, and the values the words need. Pure rules code: the window shows them beside the
gear box and the destinations, and ``bench/screen_player.py`` reads the same ones.

* ``pit_gear`` (PIT-D-2): a pit plan is announced and the gear is above the pit lane's gear
  while the pit entry lies within this roll's or the next one's reach;
* ``no_brakes`` (CORNER-4, CORE-BRAKE-1): a roll of the gear can carry the car past the end
  line of the corner it must stop in by more spaces than it has brake WP;
* ``last_wp`` (CORE-WEAR-2, CORE-GEAR-6/7, CORNER-6/7): declaring the gear or driving the move
  strikes the last WP of an area;
* ``no_further_stop`` (CORNER-3, CORNER-5, CORNER-9): a stop that leaves no room for the stops
  a multi-stop corner still needs, or whose rain slide (TYRE-2) carries the car out of the corner;
* ``brakes_short`` (CORNER-3, CORNER-5, CORE-BRAKE-1, TYRE-2): after the move the car keeps fewer
  brake WP than the stops still owed in the corner ahead may need at worst: each further stop
  in 1st gear in its lane, braking a high roll and the rain's slide down to the room left.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.ai.lookahead import lookahead
from rules.ai.planning import room
from rules.car import Area
from rules.engine import gear_options, slide_spaces
from rules.gears import ShiftCost
from rules.modules import driver_profiles
from rules.modules import tyres as tyre_rules
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.tables.pit_points import PitPlan
from rules.track import Track


@dataclass(frozen=True)
class Trap:
    """One warning: its code, the rule it guards, the values its words need."""

    code: str
    rule: str
    values: dict[str, object] = field(default_factory=dict)


def gear_traps(track: Track, state: RaceState, announce: PitPlan | None = None) -> dict[int, list[Trap]]:
    """Per legal gear of the active car, the traps declaring it walks into; ``announce`` is a pit
    plan the driver is about to announce with the gear (PIT-D-6), counted as the car's."""
    car = state.car(state.active or "")
    if announce is not None:
        car = car.with_league(pit_plan=announce)
    out: dict[int, list[Trap]] = {}
    if car.space is None:
        return out
    for gear, opt in gear_options(track, state).items():
        if not isinstance(opt, ShiftCost):
            continue
        found = [*_pit_gear(track, state, car, gear), *_no_brakes(track, state, car, gear, opt)]
        for area, n in opt.cost.items():
            if n and car.wp[area] - n <= 0:
                found.append(Trap("last_wp", "CORE-GEAR-7", {"area": area.value}))
        if found:
            out[gear] = found
    return out


def _pit_gear(track: Track, state: RaceState, car: CarState, gear: int) -> list[Trap]:
    limit = state.rules.pit_lane_gear
    if limit is None or car.league.pit_plan is None or gear <= limit or track.pit is None or car.space is None:
        return []
    if track.space(car.space).in_pit:
        return []
    dice = state.rules.gear_dice
    reach = dice.die(gear).highest + dice.die(max(1, gear - 1)).highest
    if lookahead(track).lane.to_pit_entry(car.space) > reach:
        return []
    return [Trap("pit_gear", "PIT-D-2", {"gear": gear, "limit": limit})]


def _no_brakes(track: Track, state: RaceState, car: CarState, gear: int, opt: ShiftCost) -> list[Trap]:
    if car.space is None or track.space(car.space).in_pit:
        return []
    left = room(track, lookahead(track), car.space, car.corner, car.stops)
    if left is None:
        return []
    paid = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
    brakes = paid.wp.brakes
    top = driver_profiles.roll_spaces(
        track, state, paid, tyre_rules.roll_spaces(state, paid, state.rules.gear_dice.die(gear).highest)
    )
    top += slide_spaces(state, paid)  # in rain the stop slides on (TYRE-2)
    if top <= left + brakes:
        return []
    corner = _corner_ahead(track, car)
    return [
        Trap(
            "no_brakes",
            "CORNER-4",
            {
                "gear": gear,
                "brakes": brakes,
                "roll": left + brakes + 1,
                "corner": track.corners[corner].label if corner is not None else "",
            },
        )
    ]


def _corner_ahead(track: Track, car: CarState) -> int | None:
    here = track.space(car.space or "").corner
    if here is not None and car.corner == here and car.stops < track.corners[here].stops:
        return here
    _, c, _ = lookahead(track).lane.corner_ahead(car.space or "")
    return None if c < 0 else c


def move_traps(track: Track, state: RaceState, move: Move) -> list[Trap]:
    """The traps ending the active car's move with ``move`` walks into."""
    car = state.car(state.active or "")
    found: list[Trap] = []
    if move.out is not None:
        return found
    if move.tyres and car.wp.tyres - move.tyres <= 0:
        found.append(Trap("last_wp", "CORNER-7", {"area": Area.TYRES.value}))
    elif move.brakes and car.wp.brakes - move.brakes <= 0:
        found.append(Trap("last_wp", "CORE-BRAKE-2", {"area": Area.BRAKES.value}))
    end = move.end
    if move.corner is not None and end is not None and move.via != "slide":
        need = track.corners[move.corner].stops
        owed = need - move.stops
        left = lookahead(track).lane.left_in_corner(end) - slide_spaces(
            state, car
        )  # the rain's slide comes first (TYRE-2)
        if left < 0 or (owed > 0 and left < owed):
            found.append(
                Trap(
                    "no_further_stop",
                    "CORNER-5",
                    {"corner": track.corners[move.corner].label, "stops": need, "made": move.stops},
                )
            )
    return found + _brakes_short(track, state, car, move)


def brakes_needed(
    track: Track, state: RaceState, car: CarState, space: str, corner: int | None, stops: int, pending: int = 0
) -> tuple[int | None, int]:
    """The corner a car on ``space`` must stop in next and the brake WP its stops still owed may
    need at worst (CORE-BRAKE-1): every stop after the first one is made in 1st gear in the car's
    lane, its highest roll and its slide in rain (TYRE-2) braked down to the room left (a lane
    change to the outside may save some); ``pending`` is the slide still to come after the stop
    just made there."""
    la = lookahead(track)
    slide = slide_spaces(state, car)
    top = driver_profiles.roll_spaces(
        track, state, car, tyre_rules.roll_spaces(state, car, state.rules.gear_dice.die(1).highest)
    )
    here = track.space(space).corner
    if here is not None and corner == here and stops < track.corners[here].stops:
        owed, left = track.corners[here].stops - stops, la.lane.left_in_corner(space) - pending
        return here, max(0, owed * (top + slide) - left)
    _, c, length = la.lane.corner_ahead(space)
    if c < 0:
        return None, 0
    # the first stop is the arrival: on the corner's first space, then its slide
    owed, left = track.corners[c].stops - 1, length - 1 - slide
    return c, max(0, owed * (top + slide) - left)


def _brakes_short(track: Track, state: RaceState, car: CarState, move: Move) -> list[Trap]:
    end = move.end or car.space
    if end is None or track.space(end).in_pit or move.finishes:
        return []
    corner, stops = (move.corner, move.stops) if move.path else (car.corner, car.stops)
    pending = slide_spaces(state, car) if move.path and move.corner is not None and move.via != "slide" else 0
    c, need = brakes_needed(track, state, car, end, corner, stops, pending)
    have = car.wp.brakes - move.brakes
    if c is None or have >= need:
        return []
    return [Trap("brakes_short", "CORE-BRAKE-1", {"corner": track.corners[c].label, "need": need, "brakes": have})]


def box_refusal(track: Track, state: RaceState) -> Trap | None:
    """Why no box is offered to a car with an announced pit plan that could reach the pit entry
    now: it is above the pit lane's gear (PIT-D-2). None when that is not the reason."""
    car = state.car(state.active or "")
    limit = state.rules.pit_lane_gear
    if limit is None or car.league.pit_plan is None or car.gear <= limit or car.space is None or track.pit is None:
        return None
    if track.space(car.space).in_pit or state.roll is None:
        return None
    if lookahead(track).lane.to_pit_entry(car.space) > (state.moves_left or state.roll):
        return None
    return Trap("pit_gear", "PIT-D-2", {"gear": car.gear, "limit": limit})
