"""The turn's steps as ordered lists of rule-module hooks: where a module joins the turn.

The turn procedure (``rules.turn``) runs every hook of a step in the order listed, whatever
the rule set: a module whose switch is off returns the state unchanged (or adds nothing).
The order of each list is the Masters 2002 order (MASTERS-TURN-1..15, MASTERS-ORDER-7 for
the game round), so a new module's hook goes where its rule stands in that order. A rule
module joins the turn with one line per hook it uses; the steps whose order is part of the
movement itself (braking, the slide, the bonus, slipstream, MASTERS-TURN-5..8) stay in
``rules.turn``.

* ``GEAR``: announced with the gear, after its skip cost is struck (MASTERS-TURN-1..3);
* ``ROLL``: spaces added to the gear die's (MASTERS-TURN-4);
* ``LINE``: a segment that crossed the finish line (MASTERS-TURN-5);
* ``STAND``: the car stands: each hook may change the race and queues black-die checks, rolled
  in the listed order (MASTERS-TURN-9, -13, -14);
* ``TURN``: a car's turn begins (MASTERS-ORDER-7 has chosen it);
* ``ROUND_END``: the game round is over, before the leader moves again (MASTERS-TURN-15); a
  hook that leaves a check to roll or a driver to decide ends the step there.

Rules here: MASTERS-TURN-1..15, MASTERS-ORDER-7.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.actions import ChooseGear, Event
from rules.modules import boost, city, damage, dresden_start, free_wp, nitro, weather, wrecks
from rules.state import CarState, Check, RaceState
from rules.track import Track

GearHook = Callable[[RaceState, ChooseGear, list[Event]], RaceState]
RollHook = Callable[[RaceState, CarState], int]
LineHook = Callable[[RaceState, str, list[Event]], RaceState]
StandHook = Callable[[Track, RaceState, str, list[Event]], tuple[RaceState, tuple[Check, ...]]]
TurnHook = Callable[[RaceState], RaceState]
RoundHook = Callable[[RaceState, list[Event]], RaceState]


def _police(track: Track, state: RaceState, car_id: str, events: list[Event]) -> tuple[RaceState, tuple[Check, ...]]:
    """STREET-7: a pass of the police station is noted."""
    return city.police_pass(track, state, car_id), ()


def _shots(track: Track, state: RaceState, car_id: str, events: list[Event]) -> tuple[RaceState, tuple[Check, ...]]:
    """STREET-5: the residents' shots, with the road-holding checks (MASTERS-TURN-9)."""
    return state, city.shooting_checks(track, state, car_id)


def _collisions(
    track: Track, state: RaceState, car_id: str, events: list[Event]
) -> tuple[RaceState, tuple[Check, ...]]:
    """MASTERS-TURN-13: collisions, with a wreck's (COLL-D-2, OUT-D-4)."""
    return wrecks.collision_checks(track, state, car_id, damage.collision_checks(track, state, car_id), events)


def _engines(track: Track, state: RaceState, car_id: str, events: list[Event]) -> tuple[RaceState, tuple[Check, ...]]:
    """MASTERS-TURN-14: the engine checks of a 20 in 5th or a 30 in 6th."""
    return state, damage.engine_checks(track, state, car_id)


GEAR: tuple[GearHook, ...] = (
    boost.on_gear,  # ENG-D-3
    nitro.on_gear,  # STREET-3
)
ROLL: tuple[RollHook, ...] = (
    boost.extra_spaces,  # ENG-D-3
    nitro.extra_spaces,  # STREET-3
)
LINE: tuple[LineHook, ...] = (
    free_wp.on_line,  # STREET-8
)
STAND: tuple[StandHook, ...] = (
    _police,  # STREET-7
    _shots,  # STREET-5, MASTERS-TURN-9
    _collisions,  # MASTERS-TURN-13
    _engines,  # MASTERS-TURN-14
)
TURN: tuple[TurnHook, ...] = (
    nitro.new_turn,  # STREET-3
    dresden_start.begin_turn,  # START-D-1..4: a start roll first when it is due
)
ROUND_END: tuple[RoundHook, ...] = (
    free_wp.police_payout,  # STREET-7: the round's fastest past the station
    weather.after_round,  # MASTERS-TURN-15
)
