"""Slipstream: whose slipstream a car may use, and when its movement offers one.

The slipstream's three ways (or D's free path) and its brake WP are movement, in
``rules.moves``; a slipstream never takes a car into the pit lane, so the engine's move request
gives it no box (AMB-55). Without the module (``RuleSet.slipstream`` off) no car has a
slipstream to use.

Rules here: CORE-SLIP-1..7, SLIP-1, SLIP-4, AMB-2, AMB-12, AMB-15 (no slipstream after braking
this turn), AMB-55, VAR-10, MASTERS-TURN-8.
"""

from __future__ import annotations

from rules.state import Movement, RaceState
from rules.track import Track


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


def may_slip(track: Track, state: RaceState, mv: Movement) -> bool:
    """May the movement go on in a slipstream now (CORE-SLIP-1, MASTERS-TURN-8)? Not after
    braking this turn (AMB-15); any number of times (CORE-SLIP-3)."""
    return not mv.braked and bool(slipstream_from(track, state))
