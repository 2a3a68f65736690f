"""The careful and aggressive drivers' price of the black-die checks a move owes: road holding
over dangerous spaces, collisions where it ends, the street race's shots."""

from __future__ import annotations

from rules.ai.lane import OUT_COST, lane_model
from rules.ai.street import street_shots
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.track import Track


def hazard(track: Track, state: RaceState, car: CarState, move: Move, ignore: str | None = None) -> float:
    """Expected WP-equivalents lost to road-holding and collision checks after ``move``.

    Body and road holding have few WP and the last one ends the race, so each
    point is worth several brake or tyre WP, the more so the fewer are left.
    """
    risk = move.dangers * 0.2 * _dear(car.wp.road_holding)  # dry road holding fails on 1-4
    if move.end is not None and not move.finishes and not track.space(move.end).in_pit:
        at = _racing_at(state)
        crowd = sum(1 for sp in lane_model(track).near(move.end) for c in at.get(sp, ()) if c not in (car.id, ignore))
        risk += crowd * 0.15 * _dear(car.wp.body)  # a 1 costs body WP, and a marker stays for everyone
    if state.rules.street:
        risk += street_shots(track, state, move) * _dear(car.wp.body)
    return risk


def _dear(left: int) -> float:
    """What one WP of an area with ``left`` WP is worth in ``hazard``."""
    return OUT_COST if left <= 1 else 6.0 if left == 2 else 3.0


_AT: list[tuple] = [(None, {})]  # the state last asked about and its racing cars by space (``_racing_at``)


def _racing_at(state: RaceState) -> dict[str | None, tuple[str, ...]]:
    """The racing cars' ids by the space they are on: a driver weighs the hazards of every move
    of one state, so the last state's map is kept (the state itself with it: ids are not reused
    while it lives)."""
    memo = _AT[0]
    if memo[0] is not state:
        at: dict[str | None, tuple[str, ...]] = {}
        for c in state.cars:
            if c.status == "racing":
                at[c.space] = (*at.get(c.space, ()), c.id)
        memo = _AT[0] = (state, at)
    return memo[1]
