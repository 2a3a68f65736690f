"""The careful and aggressive drivers' way of choosing, which the levels fall back on near the
pit entry and in the pit lane: a ``Style`` (how much risk a driver takes, how dear its WP
are) and the plan that looks one turn ahead exactly (every face of every legal gear, the move
it would then pick) and two more turns roughly along its lane (``rules.ai.lane``). The style
also makes the choices that need no look-ahead: karma, bids and tyres. All of it is
deterministic, so a race replays exactly from its seed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from rules.actions import Drive
from rules.ai.hazards import hazard
from rules.ai.lane import OUT_COST, lane_model, move_cost
from rules.ai.pit_stops import pit_progress
from rules.ai.street import tunnel_gain
from rules.engine import (
    apply,
    check_area,
    gear_options,
    karma_offers,
    moves,
    raises_needed,
    rolled,
    slide_spaces,
    slipstream_from,
    wet,
)
from rules.gears import ShiftCost
from rules.moves import Move
from rules.state import CarState, RaceState
from rules.tables import karma
from rules.tables.tyres import Tyre
from rules.track import Track


@dataclass(frozen=True)
class Style:
    """A driving style: how much risk it takes and how dear its wear points are."""

    max_out: Fraction  # the highest chance of elimination it accepts this turn
    wear_weight: float  # spaces of progress one WP is worth giving up
    foresight: float  # weight of the rough look-ahead
    rain_ready: bool = False  # rain tyres while rain may still come in a race of more than one lap

    def weight(self, car: CarState) -> float:
        """What a WP is worth in spaces for this car: dearer as its brake and tyre WP run out."""
        spare = car.wp.tyres + car.wp.brakes
        return self.wear_weight * (1.0 if spare > 5 else 2.0 if spare > 2 else 4.0)

    def choose_karma(self, track: Track, state: RaceState) -> karma.Spend:
        """KARMA-3: spend where it saves the car. A failure that would retire it is bought off
        with raises if they cost no more than a re-roll, else re-rolled. A failure by 1 is
        raised by the careful driver, and by the aggressive one (who keeps karma for its bids)
        when the area is nearly gone or the pool keeps a raise for later."""
        held = state.league.held
        assert held is not None, "phase karma holds a roll"
        car = state.car(held.check.car)
        offer = karma_offers(track, state, held)
        need = raises_needed(track, state, held)
        left = car.wp[check_area(held.check)]
        if left <= 1:  # CORE-WEAR-2: this failure would end the race
            if "raise" in offer and (need * karma.RAISE <= karma.REROLL or "reroll" not in offer):
                return "raise"
            return "reroll" if "reroll" in offer else "accept"
        if "raise" in offer and need == 1 and (self.max_out == 0 or left == 2 or car.league.karma >= 2 * karma.RAISE):
            return "raise"
        return "accept"

    def choose_bid(self, state: RaceState) -> int:
        """H2H-2: small bids, never below a raise's worth of karma kept for a check: the
        aggressive driver bids 2, the careful one 1 and only when the normal order puts it
        behind (a lower gear, or the same gear and a later arrival: ORDER-D-2)."""
        h = state.league.bids
        assert h is not None, "phase bid has its head-to-head"
        me = state.car(h.cars[len(h.bids)])
        spare = me.league.karma - karma.RAISE
        behind = any((o.gear, -o.arrival) > (me.gear, -me.arrival) for o in map(state.car, h.cars) if o.id != me.id)
        if spare <= 0 or not (behind or self.max_out > 0):
            return 0
        return min(2 if self.max_out > 0 else 1, spare)

    def choose_tyre(self, state: RaceState) -> Tyre:
        """Rain tyres in rain; dry: hard for the careful driver, soft for the aggressive one.

        A ``rain_ready`` driver also takes rain tyres in dry weather that may still turn
        (WEATHER-5..10) in a race of more than one lap: over the laps a field's 20s in 5th and
        30s in 6th all but bring the rain, and slicks then slide 3 spaces after every stop in a
        corner (TYRE-2, TYRE-4), out of a short corner before its stops are made (CORNER-5),
        where rain tyres slide 1 (TYRE-5, TYRE-D-4) and in the dry cost only the soft tyres' bonus
        space, their penalties doubled as the soft ones' are."""
        w = state.weather
        if wet(state) or (self.rain_ready and state.laps > 1 and w is not None and w.changeable):
            return Tyre.RAIN
        return Tyre.SOFT if self.max_out > 0 else Tyre.HARD


class Planner(Protocol):
    """A driver the careful plan chooses for: its style, the move it picks for each face of a
    gear's die and whether it wants a stop."""

    @property
    def style(self) -> Style: ...

    def choose_move(self, track: Track, state: RaceState, moves: list[Move]) -> Move: ...

    def pit_lane(self, track: Track, state: RaceState, car: CarState) -> int | None: ...


# the driver, track, state and car of ``gear_value``'s values, and the values; one tuple,
# replaced whole, so a driver thinking in the window's thread never reads half of another's
_GEAR_VALUES: list[tuple] = [(None, None, None, None, {})]


def careful_gear(driver: Planner, track: Track, state: RaceState, among: tuple[int, ...] | None = None) -> int:
    """The gear of the best value among the legal ones (or those of them in ``among``)."""
    car = state.car(state.active or "")
    legal = {
        g: o
        for g, o in gear_options(track, state).items()
        if isinstance(o, ShiftCost) and (among is None or g in among)
    }
    if len(legal) == 1:  # no choice (a roll-out, FUEL-2, OUT-D-2)
        return next(iter(legal))
    best: tuple[tuple[bool, float], int] | None = None
    for gear, opt in legal.items():
        out_p, value = gear_value(driver, track, state, car, gear, opt)
        key = (out_p <= driver.style.max_out, value)
        if best is None or key > best[0]:
            best = (key, gear)
    assert best is not None, "a car always has a legal gear"
    return best[1]


def gear_value(
    driver: Planner,
    track: Track,
    state: RaceState,
    car: CarState,
    gear: int,
    opt: ShiftCost,
    boost: bool = False,
) -> tuple[Fraction, float]:
    """The chance of elimination and the expected value of declaring ``gear`` (``judge_gear``).
    The last state's values are kept: the boost and the nitro (ENG-D-3, STREET-3) weigh the
    chosen gear again against the same state (the objects kept with them, so their ids are
    not reused meanwhile)."""
    memo = _GEAR_VALUES[0]
    if not (memo[0] is driver and memo[1] is track and memo[2] is state and memo[3] is car):
        memo = _GEAR_VALUES[0] = (driver, track, state, car, {})
    found = memo[4].get((gear, boost))
    if found is None or found[0] != opt:
        found = memo[4][(gear, boost)] = (opt, judge_gear(driver, track, state, car, gear, opt, boost))
    return found[1]


def judge_gear(
    driver: Planner,
    track: Track,
    state: RaceState,
    car: CarState,
    gear: int,
    opt: ShiftCost,
    boost: bool,
) -> tuple[Fraction, float]:
    """Every face of ``gear``'s die played through the engine, the move this driver would pick."""
    paid = state.with_car(car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)}))
    weight = driver.style.weight(car)
    dice = state.rules.gear_dice
    out_p = Fraction(0)
    value = -weight * sum(opt.cost.values())
    slide = slide_spaces(state, car)  # the tyres' and the profile's (DRESDEN-PROFILE-7/8)
    moved = False
    declared = paid.with_league(boost=boost)
    for face, p in state.rules.gear_dice.die(gear).outcomes():
        after = rolled(track, declared, face)  # the spaces the engine moves
        found = moves(track, after)
        if not found:  # the roll only works off pit points (PIT-D-11): the car stays
            continue
        move = driver.choose_move(track, paid, found)
        if move.out is not None:
            out_p += p
            value -= float(p) * OUT_COST * weight
            continue
        moved = moved or bool(move.path)
        ahead = 0.0
        if move.end is not None and not move.finishes:
            ahead = lane_model(track).future(
                dice, move.end, gear, move.corner, move.stops, car.wp.brakes - move.brakes, 2, slide
            )
        risk = move_cost(move) + hazard(track, paid, car, move)
        progress = len(move.path) + pit_progress(track, paid, move, face, driver) + tunnel_gain(track, paid, move)
        if slide and move.end is not None and track.space(move.end).corner is not None:
            # TYRE-2: the slide after a stop in a corner, along the lane (rough)
            risk += lane_model(track).lane_step(
                move.end, slide, move.corner, move.stops - 1, car.wp.brakes - move.brakes
            )[0]
        value += float(p) * (progress - weight * risk - driver.style.foresight * weight * ahead)
    if not moved:
        # no face moves the car (a worn soft set's malus, a Tourer's or a Schönwetterfahrer's
        # space less, DRESDEN-PROFILE-6/7): choosing it again and again, the race would stand still
        return Fraction(1), value - OUT_COST * weight
    return out_p, value


def careful_move(driver: Planner, track: Track, state: RaceState, moves: list[Move]) -> Move:
    """Stay in the race, pit for worn tyres, lose the fewest WP (hazards included), go furthest.

    A car that wants to pit keeps to the lane of the pit entry, so it can turn in. In
    rain it counts the slide that will follow a stop in a corner (TYRE-2).
    """
    car = state.car(state.active or "")
    pit_lane = driver.pit_lane(track, state, car)
    slides = state.phase == "move" and slide_spaces(state, car) > 0  # rain, or a Regengott in sun

    def slide_cost(m: Move) -> float:
        return _slide_cost(track, state, m) if slides and m.via != "slide" else 0.0

    braked = state.movement is not None and state.movement.braked
    by_points = state.rules.pit_points  # PIT-D-4: a car may drive to its box over several rolls

    def towed(m: Move) -> str | None:
        """The car whose slipstream ``m`` reaches, if the driver may take it (CORE-SLIP-1, AMB-15)."""
        if m.brakes or braked or m.end is None or m.via == "bonus":
            return None
        return slipstream_from(track, state, m.end)

    def bound(m: Move) -> tuple:
        """The first fields of ``key``, the WP at their least (the hazards and the slide add to them)."""
        return (
            m.out is not None,
            not (
                pit_lane is not None and (m.in_box or (by_points and m.end is not None and track.space(m.end).in_pit))
            ),
            move_cost(m),
        )

    def key(m: Move, first: tuple) -> tuple:
        front = towed(m)
        # a stop behind a car it can slipstream past: it will pass it, not stay behind it
        gain = 3 if front is not None else 0
        return (
            first[0],
            first[1],
            first[2] + hazard(track, state, car, m, ignore=front) + slide_cost(m),
            pit_lane is not None and m.end is not None and track.space(m.end).lane not in (pit_lane, -1),
            -len(m.path) - gain - tunnel_gain(track, state, m),
            m.path,
        )

    return least(moves, bound, key)


def least(moves: list[Move], bound: Callable[[Move], tuple], key: Callable[[Move, tuple], tuple]) -> Move:
    """``min(moves, key=key)``, the first of equals, with the dear part of ``key`` (the hazards, a
    slide played through the engine) worked out only where it may matter: ``bound`` gives the
    first fields of the key at their least, so a move whose bound is already above the best key
    found cannot be the least (ValueError if there are no moves, as ``min``)."""
    bounds = [bound(m) for m in moves]
    full: dict[int, tuple] = {}
    best: tuple | None = None
    for i in sorted(range(len(moves)), key=bounds.__getitem__):
        if best is not None and bounds[i] > best[: len(bounds[i])]:
            break
        k = full[i] = key(moves[i], bounds[i])
        if best is None or k < best:
            best = k
    return moves[min(full, key=lambda i: (full[i], i))]


def _slide_cost(track: Track, state: RaceState, move: Move) -> float:
    """The cheapest slide after ``move`` if it must slide (TYRE-2), in WP-equivalents."""
    after, _ = apply(track, state, Drive(path=move.path, via=move.via))
    if after.phase != "move" or after.movement is None or after.movement.offer != ("slide",):
        return 0.0
    car = after.car(after.active or "")
    return min(
        (OUT_COST if m.out is not None else move_cost(m) + hazard(track, after, car, m) for m in moves(track, after)),
        default=OUT_COST,
    )
