"""The tyre module in a race: how old a car's set is and what the tyre table makes of it in a
movement: the malus on the roll, the slide in rain, the soft-tyre bonus and the multiplier for
spaces flown out of a corner.

``rules.tables.tyres`` is the pure table (TAB-TYRE-C, TAB-TYRE-D: a tyre, the weather and an age in,
a number out); this module reads the car and the movement to ask it. Without the tyre module
(``RuleSet.tyres`` None) there is no malus, slide or bonus and the multiplier is the rule set's.
The set is chosen at the start (``grid``) and at the box (``pits``).

Rules here: TYRE-2..5, TYRE-7..8, TYRE-D-2..4, AMB-26..28, VAR-28, CORNER-4 and C3LAP-4 (tyre WP per
space flown out times the tyre's multiplier), MASTERS-TURN-6..7.
"""

from __future__ import annotations

from rules.modules import driver_profiles
from rules.modules.base import wet
from rules.state import CarState, Movement, RaceState
from rules.tables import tyres as table
from rules.track import Track


def tyre_age(car: CarState) -> int:
    """The lap the car drives on its current set, from 1 (AMB-26, AMB-27)."""
    return max(1, max(1, car.crossings) - car.tyre_from + 1)


def multiplier(state: RaceState, car: CarState) -> int:
    """Tyre WP per space flown out of a corner (CORNER-4, TAB-TYRE-C, TAB-TYRE-D)."""
    if state.rules.tyres is None or car.tyre is None:
        return state.rules.overshoot_multiplier
    return table.penalty(state.rules.tyres, car.tyre, wet(state), tyre_age(car), state.mode == "qualifying")


def roll_spaces(state: RaceState, car: CarState, value: int) -> int:
    """The spaces a gear-die roll gives, less the worn tyres' malus in a race (TYRE-D-3, AMB-27)."""
    if state.rules.tyres is None or car.tyre is None or state.mode != "race":
        return value
    return max(0, value - table.malus(state.rules.tyres, car.tyre, wet(state), tyre_age(car)))


def slide_spaces(state: RaceState, car: CarState) -> int:
    """The spaces of a slide in rain (TYRE-2..5; none without tyres), with the driver profile's
    change (DRESDEN-PROFILE-7/8: in sun the Regengott's extra space, driven as a slide)."""
    tyre = 0 if state.rules.tyres is None or car.tyre is None else table.slide(state.rules.tyres, car.tyre, wet(state))
    return max(0, tyre + driver_profiles.slide_change(state, car))


def must_slide(track: Track, state: RaceState, car: CarState, mv: Movement) -> bool:
    """Does the movement go on with a slide (TYRE-2, TYRE-4, TYRE-5, TYRE-D-2..4, MASTERS-TURN-6)?
    Once per turn, after a stop in a corner (AMB-28), or anywhere in one with VAR-28's B reading."""
    if mv.slid or not slide_spaces(state, car):
        return False
    if state.rules.rain_slide == "any_corner_space":  # VAR-28: B literal, any space of the movement
        return any(track.space(n).corner is not None for n in mv.path)
    return car.space is not None and track.space(car.space).corner is not None


def bonus_allowed(state: RaceState, car: CarState, mv: Movement) -> bool:
    """May the car drive the soft-tyre bonus (TYRE-3, MASTERS-TURN-7)? Once per turn, and not on
    the drive out of the box, after any stop (TYRE-8, PIT-A-5)."""
    r = state.rules
    if mv.bonus or mv.start == car.box or car.tyre is None or r.tyres is None:
        return False
    return table.bonus(r.tyres, car.tyre, wet(state), tyre_age(car), state.mode == "qualifying") > 0
