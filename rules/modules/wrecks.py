"""Wrecks (Dresden): retired cars stay on the track as obstacles until every running car has
passed them; a car that stops beside or behind one collides with it, one higher than with a
car; a car that retires because it is blocked takes a body WP from the car in front of it.

A wreck is a car that is out and still ``on_track`` (``RuleSet.wrecks``): it blocks its space
(``rules.moves``) and cannot roll. The engine calls ``collision_checks`` when the mover stands,
``on_collision`` for each collision roll, ``blocked_front`` when a blocked car retires and
``clear`` before each turn.

Rules here: COLL-D-1..5 (the mover rolls last; ``RuleSet.wreck_collision`` picks AMB-20's
reading), OUT-D-3, OUT-D-4, AMB-20, AMB-36, BLOCK-D-3.
"""

from __future__ import annotations

from rules.actions import Event
from rules.car import Area
from rules.dice import Purpose
from rules.modules import damage
from rules.modules.base import in_pit_lane, on_track
from rules.reasons import Reason
from rules.state import CarState, Check, RaceState
from rules.track import Track


def collision_checks(
    track: Track, state: RaceState, car_id: str, checks: tuple[Check, ...], events: list[Event]
) -> tuple[RaceState, tuple[Check, ...]]:
    """COLL-D-1..4, OUT-D-4: the collision checks of the mover ``car_id`` with the wrecks beside
    or ahead of it added, and the mover's own rolls last.

    AMB-20: (b) "rolls_for_wreck": the wreck cannot roll, so the mover rolls its check too,
    one higher, and takes the loss; (a) "automatic": the mover loses 1 body WP per wreck at
    once; (c) "per_retirement": the mover loses 1 body WP for each car a check puts out
    (``on_collision``). In every reading the mover's own check with a wreck is one higher.
    """
    car = state.car(car_id)
    if not state.rules.wrecks or car.space is None or in_pit_lane(track, car):
        return state, checks
    near = damage.neighbours(track, state, car.space)
    found = [c for c in state.cars if c.id != car_id and c.space in near and c.status == "out" and on_track(state, c)]
    found += [w for w in state.league.t_wrecks if w.space in near]  # TCAR-1: the cars T-cars replaced
    theirs = [c for c in checks if c.car != car_id]
    mine = [c for c in checks if c.car == car_id]
    for wreck in found:
        roll = Check(purpose=Purpose.COLLISION, car=car_id, other=wreck.id, wreck=True)
        if state.rules.wreck_collision == "rolls_for_wreck":
            theirs.append(roll)  # the wreck's roll, made by the mover
        elif state.rules.wreck_collision == "automatic":
            state = damage.lose(state, car_id, Area.BODY, events)
        mine.append(roll)
    if state.car(car_id).status != "racing":
        mine = []
    return state, tuple(theirs + mine)


def on_collision(track: Track, state: RaceState, check: Check, value: int, events: list[Event]) -> RaceState:
    """A collision roll (``damage.on_check``); AMB-20(c): a car it puts out costs the mover 1 body WP."""
    was_racing = state.car(check.car).status == "racing"
    state = damage.on_check(track, state, check, value, events)
    mover = state.active
    put_out = was_racing and state.car(check.car).status == "out"
    if (
        state.rules.wrecks
        and state.rules.wreck_collision == "per_retirement"
        and put_out
        and check.car != mover
        and check.other == mover
        and mover
    ):
        state = damage.lose(state, mover, Area.BODY, events)
    return state


def blocked_front(track: Track, state: RaceState, car_id: str, why: Reason, events: list[Event]) -> RaceState:
    """BLOCK-D-3: a car out because it could not absorb the spaces it was blocked for (TAB-BLOCK:
    7 or more, or WP not enough) costs the car directly in front of it 1 body WP."""
    car = state.car(car_id)
    if not state.rules.block_front_body or why.rule not in ("CORE-BLOCK-2", "CORE-BLOCK-3") or car.space is None:
        return state
    ahead = track.ahead(car.space)
    front = next((c for c in state.cars if c.space == ahead and c.status == "racing"), None)
    if front is None:
        return state
    return damage.lose(state, front.id, Area.BODY, events)


def _distance(track: Track, car: CarState) -> tuple[int, int]:
    """How far round the race a car is: laps, then its row; a car in the pit lane counts at the
    pit entry, on the lap it had there (AMB-56), as in the turn order."""
    space = track.space(car.space or "")
    laps = car.crossings
    stand = track.pit_stand()
    if space.in_pit and stand is not None:
        if space.progress < stand.progress:
            laps -= 1
        return laps, stand.row
    return laps, space.row


def clear(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """OUT-D-3, AMB-36: a wreck no running car is behind any more (every one has passed it) is
    taken off the track. An engine roll-out is no wreck until it has stopped (OUT-D-2)."""
    if not state.rules.wrecks or state.mode != "race":
        return state
    running = [_distance(track, c) for c in state.cars if c.status == "racing" and c.space is not None]
    kept = tuple(w for w in state.league.t_wrecks if not all(d > _distance(track, w) for d in running))
    for w in state.league.t_wrecks:
        if w not in kept:
            events.append(Event(kind="wreck", car=w.id, data={"space": w.space}))
    state = state.with_league(t_wrecks=kept)
    for wreck in state.cars:
        if wreck.status != "out" or wreck.league.rolling_out is not None or not on_track(state, wreck):
            continue
        at = _distance(track, wreck)
        if all(d > at for d in running):
            state = state.with_car(wreck.with_league(removed=True))
            events.append(Event(kind="wreck", car=wreck.id, data={"space": wreck.space}))
    return state
