"""Fuel per lap (Dresden): one fuel WP each time a car leaves the last corner before the
start/finish line; a car that must strike one with an empty tank rolls out (``rollout``).

The engine calls ``on_segment`` after every segment a car drives in a race. Without
``RuleSet.fuel_per_lap`` nothing is struck. Fuel also pays for skipped gears (FUEL-4,
TAB-DOWNSHIFT in ``rules.gears``); whoever refuels a car only raises its fuel WP.

Rules here: FUEL-1, FUEL-2 (the start of the roll-out), AMB-34 (the end line of the last
corner, in every lap including the last).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Event
from rules.car import Area
from rules.state import RaceState
from rules.track import Corner, Track


def last_corner(track: Track) -> Corner | None:
    """FUEL-1: the last corner before the start/finish line (the one that ends last on the lap)."""
    return max(track.corners, key=lambda c: c.last_row, default=None)


def exits(track: Track, start: str, path: Sequence[str]) -> int:
    """How often the path from ``start`` crosses the end line of the last corner (AMB-34)."""
    corner = last_corner(track)
    if corner is None:
        return 0
    spaces = (start, *path)
    return sum(
        1
        for a, b in zip(spaces, spaces[1:])
        if track.space(a).corner == corner.index and track.space(b).corner != corner.index
    )


def on_segment(
    track: Track, state: RaceState, car_id: str, start: str, path: Sequence[str], events: list[Event]
) -> RaceState:
    """FUEL-1, FUEL-2: strike 1 fuel WP per end line crossed; an empty tank starts the roll-out."""
    if not state.rules.fuel_per_lap or state.mode != "race":
        return state
    for _ in range(exits(track, start, path)):
        car = state.car(car_id)
        if car.league.rolling_out is not None:
            return state
        if car.wp.fuel == 0:  # AMB-34: from the next turn on, one gear lower each turn
            events.append(Event(kind="fuel", car=car_id, data={"left": 0, "rolling_out": True}))
            state = state.with_car(car.with_league(rolling_out="fuel"))
        else:
            car = car.model_copy(update={"wp": car.wp.spend(Area.FUEL)})
            events.append(Event(kind="fuel", car=car_id, data={"left": car.wp.fuel}))
            state = state.with_car(car)
    return state
