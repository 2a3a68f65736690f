"""The bench opponent of ``bench/drivers.py``: the idea of GP Online's strongest bot.

For each legal gear and each face of its die it takes the best destination by one
score, and picks the gear with the highest sum of the minimum, the median and the
maximum of those scores. The score of a destination is a value for the WP left
(worth more when few are left), plus twice the progress along the track, minus the
distance to the next corner, with a penalty per stop still owed in a 2- or 3-stop
corner, a penalty when the gear is too low to reach the next corner next turn, and
the lowest score when no downshift that the WP allow could stop in the coming
corner. No look-ahead beyond that, no model of the other cars.

"The WP left" are all of them: the skips of Formula Dé and Dresden strike fuel (FUEL-4), so
an earlier reading that valued only gearbox, body, engine and road holding beside tyres and
brakes skipped gears for nothing until the fuel was gone.

Only the gear and the destination (extras included) are the bot's; every other
choice (tyres, pit crew, karma, bids, T-car) is the Racer level's, so a bench race
measures the driving.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

from rules.actions import Action, ChooseGear, Drive, EndMove
from rules.ai.lane import lane_model
from rules.ai.presets import RACER
from rules.ai.registry import computer_action
from rules.car import Area
from rules.engine import gear_options, moves, optional_offer, rolled
from rules.gears import ShiftCost, legal_gears
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.track import Track

LOWEST = -1e9
WP_VALUE = 20.0  # the i-th WP left of the tyres and brakes together (or of another area) is worth WP_VALUE / i
STOP_OWED = 10.0  # per stop still owed in a 2- or 3-stop corner
TOO_LOW = 3.0  # the gear cannot reach the next corner next turn
OTHERS = (Area.GEARBOX, Area.FUEL, Area.BODY, Area.ENGINE, Area.ROAD_HOLDING)  # every area the rules have


def _wp_value(left: int) -> float:
    return sum(WP_VALUE / i for i in range(1, left + 1))


def score(track: Track, state: RaceState, move: Move) -> float:
    """The bot's score of ending the segment with ``move`` (``state``: after the roll)."""
    if move.out is not None:
        return LOWEST
    car = state.car(state.active or "")
    wp = car.wp.model_copy(update={"brakes": car.wp.brakes - move.brakes, "tyres": car.wp.tyres - move.tyres})
    start = track.space(car.space).progress if car.space is not None else 0.0
    end_name = move.end or car.space
    if end_name is None:
        return LOWEST
    end = track.space(end_name)
    progress = end.progress - start + move.laps * track.rows
    value = _wp_value(wp.tyres + wp.brakes) + sum(_wp_value(wp[a]) for a in OTHERS) + 2 * progress
    if move.finishes or end.in_pit:
        return value
    lane = lane_model(track)
    need = track.corners[end.corner].stops if end.corner is not None else 0
    owing = end.corner is not None and move.corner == end.corner and move.stops < need
    if owing:
        if need >= 2:
            value -= STOP_OWED * (need - move.stops)
        dist, room = 0, lane.left_in_corner(end_name)
    else:
        dist, corner, length = lane.corner_ahead(end_name)
        if corner < 0:
            return value
        room = dist + length - 1
        value -= dist
    if state.rules.gear_dice.die(min(6, car.gear + 1)).highest < dist:
        value -= TOO_LOW
    if not _can_stop(state, car.gear, wp, room):
        return LOWEST
    return value


def _can_stop(state: RaceState, gear: int, wp, room: int) -> bool:
    """Could some gear the WP allow next turn stop within ``room`` spaces (braking included)?"""
    for g, opt in legal_gears(gear, wp, state.rules.downshift).items():
        if isinstance(opt, ShiftCost) and g <= gear:
            brakes = wp.brakes - opt.cost.get(Area.BRAKES, 0)
            if max(1, state.rules.gear_dice.die(g).lowest - max(0, brakes)) <= room:  # a car moves at least a space
                return True
    return False


def best(track: Track, state: RaceState, found: list[Move]) -> tuple[float, Move]:
    return max(((score(track, state, m), m.path, m) for m in found), key=lambda t: (t[0], t[1]))[0::2]


def choose_gear(track: Track, state: RaceState) -> int:
    car = state.car(state.active or "")
    legal = {g: o for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost)}
    if len(legal) == 1:
        return next(iter(legal))
    ranked: list[tuple[float, int]] = []
    for gear, opt in legal.items():
        paid = state.with_car(car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)}))
        scores = []
        for face in state.rules.gear_dice.die(gear).faces:
            after = rolled(track, paid, face)
            found = moves(track, after)
            scores.append(best(track, after, found)[0] if found else LOWEST)
        ranked.append((min(scores) + statistics.median(scores) + max(scores), -gear))
    return -max(ranked)[1]


def off_the_move(track: Track, state: RaceState, gear: Callable[[Track, RaceState], int]) -> Action | None:
    """A bench side's action but the move: ``gear`` picks the gear (with the Racer's pit
    announcement), every other choice is the Racer level's; None when the car is to move."""
    if state.phase == "gear":
        return ChooseGear(gear=gear(track, state), pit=RACER.announce(track, state))
    if state.phase != "move":
        return computer_action(track, state, "racer")
    return None


def action(track: Track, state: RaceState) -> Action:
    """The bench opponent's action for the car to move now."""
    if (other := off_the_move(track, state, choose_gear)) is not None:
        return other
    found = moves(track, state)
    value, move = best(track, state, found)
    if optional_offer(state):
        car: CarState = state.car(state.active or "")
        stay = score(track, state, Move(path=(), corner=car.corner, stops=car.stops))
        return EndMove() if stay >= value else Drive(path=move.path, via=move.via)
    return Drive(path=move.path, via=move.via)
