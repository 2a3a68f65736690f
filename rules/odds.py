"""Exact odds of a gear choice, from the dice faces (shown beside the gear box).

For each face of the gear's die the car's legal moves are generated and one
is picked by a stated policy: the move that loses the fewest WP and keeps
the car in the race, then goes furthest (``cautious_move``). What that move
does (stop in the coming corner, overshoot, elimination) is summed with the
face's probability, so the numbers are exact fractions, not simulations.

In rain a movement that ends in a corner goes on with a mandatory slide (TYRE-2,
TYRE-4, TYRE-5): the engine then offers the slide's moves, and the odds play them
too (``played``), so a stop whose slide flies out of the corner counts as played.
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import BaseModel, ConfigDict

from rules.actions import Drive
from rules.car import Area
from rules.engine import apply, gear_options, moves, rolled, slide_spaces
from rules.gears import ShiftCost
from rules.modules import boost, nitro
from rules.moves import Move
from rules.state import Phase, RaceState
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


class Played(BaseModel):
    """A roll's move and the mandatory slide the engine makes after it (TYRE-2), as one."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    move: Move  # the roll's segment
    slide: Move | None = None  # the slide after it, None without one
    out: bool = False
    cost: int = 0  # brake and tyre WP of both
    overshoot: int = 0  # spaces flown out of corners, both segments
    spaces: int = 0
    dangers: int = 0
    corner: int | None = None  # the corner the car stands in at the end
    end: str | None = None

    def key(self) -> tuple:
        """The cautious policy over the whole movement (``cautious_move``'s order)."""
        return (self.out, self.cost, -self.spaces, self.dangers, self.move.path)


def _alone(move: Move) -> Played:
    return Played(
        move=move,
        out=move.out is not None,
        cost=move_cost(move),
        overshoot=move.overshoot,
        spaces=len(move.path),
        dangers=move.dangers,
        corner=move.corner,
        end=move.end,
    )


def played(track: Track, after_roll: RaceState, found: list[Move]) -> Played:
    """The cautious choice among a roll's ``found`` moves with the slide each leads to: where the
    engine offers a slide next (a stop in a corner in rain, TYRE-2, MASTERS-TURN-6), the slide's
    own cautious move is driven too and both count as one movement."""
    car = after_roll.car(after_roll.active or "")
    if not slide_spaces(after_roll, car):
        return _alone(cautious_move(found))
    best: Played | None = None
    for move in sorted(found, key=lambda m: (m.out is not None, move_cost(m))):
        if best is not None and (move.out is not None, move_cost(move)) > (best.out, best.cost):
            break  # the slide only adds: no dearer roll can beat the best movement
        one = _alone(move)
        if move.out is None and move.path:
            nxt, _ = apply(track, after_roll, Drive(path=move.path, via=move.via))
            if nxt.phase == Phase.MOVE and nxt.movement is not None and nxt.movement.offer == ("slide",):
                slides = moves(track, nxt)
                if slides:
                    s = cautious_move(slides)
                    one = Played(
                        move=move,
                        slide=s,
                        out=s.out is not None,
                        cost=one.cost + move_cost(s),
                        overshoot=move.overshoot + s.overshoot,
                        spaces=one.spaces + len(s.path),
                        dangers=move.dangers + s.dangers,
                        corner=s.corner,
                        end=s.end or move.end,
                    )
        if best is None or one.key() < best.key():
            best = one
    assert best is not None
    return best


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
        trial = nitro.with_nitro(state.with_car(paid), True)
        out[gear] = _odds(track, trial, gear, Fraction(sum(opt.cost.values())))
    return out


def roll_odds(track: Track, state: RaceState) -> GearOdds:
    """Odds of the gear the active car has declared, before its roll (phase "roll"): its
    skip cost is struck already, so only the roll's wear is expected (and a boost or nitro
    announced with the gear counts its spaces, ENG-D-3, STREET-3: ``state.street.nitro`` is kept)."""
    car = state.car(state.active or "")
    return _odds(track, state, car.gear, Fraction(0), boosted=state.league.boost)


def _odds(track: Track, trial: RaceState, gear: int, wear: Fraction, boosted: bool = False) -> GearOdds:
    """Sum the cautious move of every face of the gear die, from ``trial`` (the car in
    ``gear``, its skip cost paid); ``wear`` is that cost, ``boosted`` the engine boost (ENG-D-3)."""
    stop = out_p = advance = Fraction(0)
    over: dict[int, Fraction] = {}
    spaces: list[int] = []
    for face, p in trial.rules.gear_dice.die(gear).outcomes():
        after = rolled(track, trial.with_league(boost=boosted), face)  # the spaces the engine moves
        spaces.append(after.moves_left or 0)
        found = moves(track, after)
        if not found:  # the roll only works off pit points (PIT-D-11): the car stays
            continue
        move = played(track, after, found)
        if move.out:
            out_p += p
        elif move.corner is not None:
            stop += p
        if move.overshoot:
            over[move.overshoot] = over.get(move.overshoot, Fraction(0)) + p
        wear += p * move.cost
        advance += p * move.spaces
    return GearOdds(
        gear=gear,
        boost=boosted,
        corner_stop=stop,
        overshoot=over,
        out=out_p,
        wear=wear,
        advance=advance,
        fewest=min(spaces),
        most=max(spaces),
    )
