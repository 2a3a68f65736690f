"""The planning aid of a human at the gear box: what each gear leaves for the next corner.

The gear table (``rules.odds``) tells what this roll does; a player who has never raced
Formula D also needs what it leaves for the turns after it, which the computer levels
weigh every turn. For each legal gear, every face of its die is played through the engine
with the gear table's cautious move, and from where each face ends the next two turns are
driven along the lane by the look-ahead the levels plan with (``rules.ai.lookahead``):

* ``safe``: the highest gear whose every roll still stops in the corner the car must stop
  in next (CORNER-3, CORNER-4), for the worst face of this turn; ``drop`` the gears down
  to it next turn and ``drop_cost`` the WP that skip strikes (CORE-GEAR-3/4/5, TAB-DOWNSHIFT);
* ``overshoot`` and ``out``: the chance that, with the safest free gear each turn (one up,
  the same or one down, CORE-GEAR-2/3), a roll of the next two turns goes past a corner's
  end line (brake WP or a fly-out, CORNER-4..7) or ends the car's race (CORNER-5, CORNER-6).

In rain a stop in a corner slides on (TYRE-2): this turn's stop counts where the engine's
slide ends (the gear table's move, ``rules.odds.played``), so a slide that flies out of the
corner is the gear table's, not counted again here; the next turns' stops count where the
look-ahead's slide ends, as the levels count them.

Per space of the corner ahead, whether a stop there still leaves room for the stops the
corner needs (CORNER-9: one stop a turn, each further along). Pure rules code, cached per
decision: the window asks once per state, not once per frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rules.ai.lookahead import Lookahead, lookahead
from rules.ai.prices import Prices
from rules.ai.shapes import skipped
from rules.engine import gear_options, moves, multiplier, rolled, slide_spaces
from rules.gears import ShiftCost
from rules.modules import driver_profiles
from rules.modules import tyres as tyre_rules
from rules.odds import Played, played
from rules.state import CarState, RaceState
from rules.track import Track

#: the safest choice of a careful player: a brake WP before a fly-out, never the race
CAREFUL = Prices(brake=1.0, tyre=2.0, scarce=0.0, out=1000.0, spin=50.0, skip=0.0)
TURNS = 2  # turns after this one the plan looks at
NO_DROP = -1  # ``drop_cost`` of a downshift the rules forbid (CORE-GEAR-5) or one to no safe gear


@dataclass(frozen=True)
class GearPlan:
    """What declaring ``gear`` now leaves for the next turns."""

    gear: int
    safe: int  # the highest gear that surely stops in the next corner next turn (0: not even 1st)
    drop: int  # gears down from ``gear`` to ``safe`` next turn (0: none needed)
    drop_cost: int  # WP that downshift strikes (TAB-DOWNSHIFT); NO_DROP when it cannot be made
    overshoot: float  # chance of a forced overshoot over the next two turns, safest free gears
    out: float  # chance of going out over the next two turns, safest free gears


@dataclass(frozen=True)
class StopSpace:
    """A space of the corner ahead: does a stop on it leave the corner's further stops?"""

    space: str
    leaves: bool


@dataclass(frozen=True)
class Plan:
    """The planning aid for one decision: per legal gear, and the corner ahead's spaces."""

    car: str
    gears: dict[int, GearPlan]
    corner: int | None  # the corner the car must stop in next, None with none ahead
    owed: int  # stops that corner still needs, this one included
    spaces: tuple[StopSpace, ...]


def plan(track: Track, state: RaceState) -> Plan:
    """The planning aid for the active car at its gear choice (phase "gear"). Cached: the same
    state object gives the same plan object."""
    key = (id(track), id(state))
    if _LAST[0][0] == key and _LAST[0][1] is state:
        return _LAST[0][2]
    found = _plan(track, state)
    _LAST[0] = (key, state, found)
    return found


_LAST: list[tuple] = [((0, 0), None, None)]


def _plan(track: Track, state: RaceState) -> Plan:
    car = state.car(state.active or "")
    corner, owed, spaces = stop_spaces(track, car)
    gears: dict[int, GearPlan] = {}
    if car.space is None or track.space(car.space).in_pit:
        return Plan(car=car.id, gears=gears, corner=corner, owed=owed, spaces=spaces)
    for gear, opt in gear_options(track, state).items():
        if isinstance(opt, ShiftCost):
            gears[gear] = _gear_plan(track, state, car, gear, opt)
    return Plan(car=car.id, gears=gears, corner=corner, owed=owed, spaces=spaces)


def _gear_plan(track: Track, state: RaceState, car: CarState, gear: int, opt: ShiftCost) -> GearPlan:
    """Every face of ``gear``'s die through the engine (the cautious move), then the lane."""
    paid_car = car.model_copy(update={"gear": gear, "wp": car.wp.pay(opt.cost)})
    paid = state.with_car(paid_car)
    la = lookahead(track)
    faces = _faces(state)
    mult, spin_max = multiplier(state, car), state.rules.spin_max_overshoot
    slide = slide_spaces(state, car)  # in rain a stop in a corner slides on (TYRE-2): the stop counts where it ends
    safe, over, out = 6, 0.0, 0.0
    for face, p in state.rules.gear_dice.die(gear).outcomes():
        after = rolled(track, paid, face)
        found = moves(track, after)
        if not found:
            continue
        done = played(track, after, found)  # the roll and, in rain, its slide (TYRE-2), as the gear table plays them
        move = done.slide or done.move
        end = done.end or car.space
        if done.out or end is None or move.finishes or done.move.finishes or move.in_box or track.space(end).in_pit:
            continue  # out this turn is the gear table's; past the flag or in the pits the lane plans nothing
        worn = move_tyres(done)
        brakes, tyres = paid_car.wp.brakes - (done.cost - worn), paid_car.wp.tyres - worn
        stops = move.stops if move.corner is not None else (car.stops if not done.spaces else 0)
        corner = move.corner if move.corner is not None else (car.corner if not done.spaces else None)
        safe = min(safe, safe_gear(track, state, paid_car, la, end, corner, stops, slide))
        o, x = risk(la, faces, end, gear, corner, stops, brakes, tyres, mult, spin_max, TURNS, slide)
        over += float(p) * o
        out += float(p) * x
    drop = max(0, gear - safe)
    return GearPlan(
        gear=gear, safe=safe, drop=drop, drop_cost=downshift_cost(state, gear, safe), overshoot=over, out=out
    )


def move_tyres(done: Played) -> int:
    """The tyre WP of a roll and its slide."""
    return done.move.tyres + (done.slide.tyres if done.slide else 0)


def downshift_cost(state: RaceState, gear: int, to: int) -> int:
    """The WP of shifting from ``gear`` down to ``to`` in one turn (TAB-DOWNSHIFT: one, then
    two, then three areas for one to three skipped gears; CORE-GEAR-5: never 6th to 1st)."""
    if to < 1 or (gear == 6 and to == 1):
        return NO_DROP
    skips = skipped(gear, to)
    return sum(state.rules.downshift.cost(skips).values()) if skips else 0


def room(track: Track, la: Lookahead, space: str, corner: int | None, stops: int) -> int | None:
    """Spaces a car on ``space`` may drive before it overshoots the corner it must stop in next
    (the rest of a corner it owes stops in, or up to the far end of the next one); None with
    no corner ahead."""
    here = track.space(space).corner
    if here is not None and corner == here and stops < track.corners[here].stops:
        return la.lane.left_in_corner(space)
    dist, c, length = la.lane.corner_ahead(space)
    return None if c < 0 else dist + length - 1


def safe_gear(
    track: Track,
    state: RaceState,
    car: CarState,
    la: Lookahead,
    space: str,
    corner: int | None,
    stops: int,
    slide: int = 0,
) -> int:
    """The highest gear whose highest roll (with the tyres' and the profile's change, and the rain's
    ``slide`` after it, TYRE-2) stays inside the room to the next corner's end line; 0 when even
    1st may overshoot."""
    left = room(track, la, space, corner, stops)
    if left is None:
        return 6
    best = 0
    for g in range(1, 7):
        top = driver_profiles.roll_spaces(
            track, state, car, tyre_rules.roll_spaces(state, car, state.rules.gear_dice.die(g).highest)
        )
        if top + slide <= left:
            best = g
    return best


Faces = tuple[tuple[tuple[int, float], ...], ...]


def _faces(state: RaceState) -> Faces:
    return _odds(tuple(tuple(d.faces) for d in state.rules.gear_dice.dice))


@lru_cache(maxsize=16)
def _odds(faces: tuple[tuple[int, ...], ...]) -> Faces:
    return tuple(tuple((v, f.count(v) / len(f)) for v in sorted(set(f))) for f in faces)


def risk(
    la: Lookahead,
    faces: Faces,
    space: str,
    gear: int,
    corner: int | None,
    stops: int,
    brakes: int,
    tyres: int,
    mult: int,
    spin_max: int,
    turns: int,
    slide: int = 0,
) -> tuple[float, float]:
    """(chance of an overshoot, chance of going out) over ``turns`` turns from this position,
    choosing each turn the free gear (one up, the same, one down) that is least likely to go
    out, then to overshoot; in rain every stop in a corner slides on ``slide`` spaces (TYRE-2)."""
    return _risk(la, faces, space, gear, corner, stops, min(brakes, 4), min(tyres, 5), mult, spin_max, turns, slide)


@lru_cache(maxsize=200_000)
def _risk(
    la: Lookahead,
    faces: Faces,
    space: str,
    gear: int,
    corner: int | None,
    stops: int,
    brakes: int,
    tyres: int,
    mult: int,
    spin_max: int,
    turns: int,
    slide: int,
) -> tuple[float, float]:
    best: tuple[float, float] | None = None
    for nxt in range(max(1, gear - 1), min(6, gear + 1) + 1):
        over = out = 0.0
        for face, p in faces[nxt - 1]:
            s = la.turn(space, face, corner, stops, brakes, tyres, mult, spin_max, CAREFUL, slide)
            if s.out or s.end is None:
                over += p
                out += p
                continue
            flew = s.brakes < brakes or s.tyres < tyres
            if turns > 1:
                o, x = _risk(
                    la, faces, s.end, nxt, s.corner, s.stops, s.brakes, s.tyres, mult, spin_max, turns - 1, slide
                )
                over += p * (1.0 if flew else o)
                out += p * x
            elif flew:
                over += p
        if best is None or (out, over) < (best[1], best[0]):
            best = (over, out)
    assert best is not None
    return best


def stop_spaces(track: Track, car: CarState) -> tuple[int | None, int, tuple[StopSpace, ...]]:
    """The corner the car must stop in next, the stops it still needs there, and per space of it
    (ahead of the car) whether a stop there leaves the later ones: each later stop needs a
    space further along the lane (CORNER-3, CORNER-9), so a space with fewer corner spaces
    ahead of it than stops still owed after it loses the corner (CORNER-5)."""
    if car.space is None or track.space(car.space).in_pit:
        return None, 0, ()
    la = lookahead(track)
    here = track.space(car.space).corner
    if here is not None and car.corner == here and car.stops < track.corners[here].stops:
        c, made, limit = here, car.stops, la.lane.left_in_corner(car.space)
    else:
        _, c, _ = la.lane.corner_ahead(car.space)
        if c < 0:
            return None, 0, ()
        made, limit = 0, 10**6
    owed = track.corners[c].stops - made
    marks = []
    for name in track.corners[c].spaces:
        left = la.lane.left_in_corner(name)
        if left < limit:
            marks.append(StopSpace(space=name, leaves=left >= owed - 1))
    return c, owed, tuple(marks)
