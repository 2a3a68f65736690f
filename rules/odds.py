"""Exact odds of a gear choice, from the dice faces (shown beside the gear box).

For each face of the gear's die the car's legal moves are generated and one
is picked by a stated policy: the move that loses the fewest WP and keeps
the car in the race, then goes furthest (``cautious_move``). What that move
does (stop in the coming corner, overshoot, elimination) is summed with the
face's probability, so the numbers are exact fractions, not simulations.
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import BaseModel, ConfigDict

from rules.car import Area
from rules.engine import gear_options, moves, rolled
from rules.modules import boost, nitro
from rules.gears import ShiftCost
from rules.moves import Move
from rules.state import RaceState
from rules.track import Track


class GearOdds(BaseModel):
    """What a gear leads to under the cautious policy, as exact probabilities."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gear: int
    boost: bool = False  # with the engine boost (ENG-D-3): + gear spaces for 1 engine WP
    corner_stop: Fraction  # the move ends inside a corner area (counts a stop, CORNER-3)
    overshoot: dict[int, Fraction]  # spaces flown out of a corner -> probability (CORNER-4)
    out: Fraction  # the car's race ends (TAB-OUT)
    wear: Fraction  # expected WP lost by the move (brakes and tyres), skip costs included
    advance: Fraction  # expected spaces driven
    # the spaces the engine moves for the lowest and the highest face: the die's range with the
    # tyres' malus and the driver profile's change (DRESDEN-PROFILE-3/5/6)
    fewest: int = 0
    most: int = 0


def move_cost(move: Move) -> int:
    return move.brakes + move.tyres


def cautious_move(moves: list[Move]) -> Move:
    """The policy of the odds: stay in the race, lose the fewest WP, then go furthest."""
    return min(moves, key=lambda m: (m.out is not None, move_cost(m), -len(m.path), m.dangers, m.path))


def gear_odds(track: Track, state: RaceState) -> dict[int, GearOdds]:
    """Odds for every gear the active car may choose now."""
    out: dict[int, GearOdds] = {}
    for gear, opt in gear_options(track, state).items():
        if not isinstance(opt, ShiftCost):
            continue
        car = state.car(state.active or "")
        paid = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
        out[gear] = _odds(track, state.with_car(paid), gear, Fraction(sum(opt.cost.values())))
    return out


def boost_odds(track: Track, state: RaceState) -> dict[int, GearOdds]:
    """ENG-D-3: odds of every gear the active car may choose now, with the engine boost: each
    face counts the gear more, and the engine WP is part of the wear. Empty where it may not boost."""
    car = state.car(state.active or "")
    out: dict[int, GearOdds] = {}
    for gear, opt in gear_options(track, state).items():
        if not isinstance(opt, ShiftCost):
            continue
        paid = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
        if boost.refusal(state, paid) is not None:
            continue
        boosted = paid.model_copy(update={"wp": paid.wp.spend(Area.ENGINE)})
        wear = Fraction(sum(opt.cost.values()) + 1)
        out[gear] = _odds(track, state.with_car(boosted), gear, wear, boosted=True)
    return out


def nitro_odds(track: Track, state: RaceState) -> dict[int, GearOdds]:
    """STREET-3: odds of every gear the active car may choose now, with the lap's nitro: each face
    counts the gear more, at no cost. Empty where it may not inject."""
    car = state.car(state.active or "")
    if nitro.refusal(state, car) is not None:
        return {}
    out: dict[int, GearOdds] = {}
    for gear, opt in gear_options(track, state).items():
        if not isinstance(opt, ShiftCost):
            continue
        paid = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
        trial = state.with_car(paid).model_copy(update={"nitro": True})
        out[gear] = _odds(track, trial, gear, Fraction(sum(opt.cost.values())))
    return out


def roll_odds(track: Track, state: RaceState) -> GearOdds:
    """Odds of the gear the active car has declared, before its roll (phase "roll"): its
    skip cost is struck already, so only the roll's wear is expected (and a boost or nitro
    announced with the gear counts its spaces, ENG-D-3, STREET-3: ``state.nitro`` is kept)."""
    car = state.car(state.active or "")
    return _odds(track, state, car.gear, Fraction(0), boosted=state.boost)


def _odds(track: Track, trial: RaceState, gear: int, wear: Fraction, boosted: bool = False) -> GearOdds:
    """Sum the cautious move of every face of the gear die, from ``trial`` (the car in
    ``gear``, its skip cost paid); ``wear`` is that cost, ``boosted`` the engine boost (ENG-D-3)."""
    stop = out_p = advance = Fraction(0)
    over: dict[int, Fraction] = {}
    spaces: list[int] = []
    for face, p in trial.rules.gear_dice.die(gear).outcomes():
        after = rolled(track, trial.model_copy(update={"boost": boosted}), face)  # the spaces the engine moves
        spaces.append(after.moves_left or 0)
        found = moves(track, after)
        if not found:  # the roll only works off pit points (PIT-D-11): the car stays
            continue
        move = cautious_move(found)
        if move.out is not None:
            out_p += p
        elif move.corner is not None:
            stop += p
        if move.overshoot:
            over[move.overshoot] = over.get(move.overshoot, Fraction(0)) + p
        wear += p * move_cost(move)
        advance += p * len(move.path)
    return GearOdds(
        gear=gear, boost=boosted, corner_stop=stop, overshoot=over, out=out_p, wear=wear, advance=advance,
        fewest=min(spaces), most=max(spaces),
    )
