"""A position at any moment of a race: checked against its track, and what can happen there.

``problem`` is what a ``RaceState`` read from a file needs beyond its own model's checks:
every name it uses is the track's, no two cars share a space, and someone can act in
its phase. The engine trusts the states it makes itself; files are checked.

``moment`` says, as data, what can happen now (how players settle an argument about a
rule, and what golden tests pin): at the start of a turn each gear with its skip cost
and exact odds; before the roll the die and the chosen gear's odds; during a movement
each offered segment (the roll, a slide, the soft-tyre bonus, slipstream) with every
legal move; and the pending black-die rolls, each with its exact odds.
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import BaseModel, ConfigDict

from rules.car import Area
from rules.dice import BLACK_DIE, Purpose
from rules.engine import (
    gear_options,
    move_request,
    moves,
    on_track,
    optional_offer,
    slipstream_from,
    to_move,
)
from rules.gears import ShiftCost
from rules.modules import damage
from rules.modules.karma import modifier as profile_modifier
from rules.moves import Move, Via
from rules.odds import GearOdds, boost_odds, gear_odds, roll_odds
from rules.reasons import Reason
from rules.state import Check, Phase, RaceState
from rules.tables.checks import CheckKind, StartKind, start_b
from rules.track import Track

# the phases in which a car must act, and so must be racing on the track
_ACTING = ("gear", "roll", "move", "pit")


def problem(track: Track, state: RaceState) -> str | None:
    """Why ``state`` cannot be a position on ``track``, or None."""
    if state.mode == "race" and not 2 <= len(state.cars) <= min(10, len(track.grid)):
        return f"a race on this track has 2 to {min(10, len(track.grid))} cars, not {len(state.cars)}"
    boxes = track.pit.boxes if track.pit else ()
    for c in state.cars:
        for what, space in (("space", c.space), ("box", c.box)):
            if space is not None and not track.has_space(space):
                return f"car {c.id}: {what} {space!r} is not a space of this track"
        if c.space is not None and track.is_blocked(c.space):  # AMB-69
            return f"car {c.id}: space {c.space!r} is blocked on this track: no car may stand on it"
        if c.box is not None and c.box not in boxes:
            return f"car {c.id}: box {c.box!r} is not a pit box of this track ({', '.join(boxes) or 'none'})"
        if c.corner is not None and c.corner >= len(track.corners):
            return f"car {c.id}: corner {c.corner} does not exist (the track has {len(track.corners)} corners, from 0)"
    for m in state.markers:
        if not track.has_space(m):
            return f"marker {m!r} is not a space of this track"
    seen: dict[str, str] = {}
    for c in state.cars:
        if on_track(state, c) and c.space is not None:
            if c.space in seen:
                return f"cars {seen[c.space]} and {c.id} are both on {c.space}"
            seen[c.space] = c.id
    mv = state.movement
    if mv is not None:
        for space in (mv.start, *mv.path):
            if not track.has_space(space):
                return f"movement: {space!r} is not a space of this track"
        if mv.corner is not None and mv.corner >= len(track.corners):
            return f"movement: corner {mv.corner} does not exist (the track has {len(track.corners)} corners, from 0)"
    if state.phase not in _ACTING and state.phase != Phase.SETUP:
        return None
    ids = [c.id for c in state.cars]
    if state.active not in ids:
        return f"the car to move ({state.active!r}) is not one of the cars ({', '.join(ids)})"
    car = state.car(state.active or "")
    if car.status != "racing" or (car.space is None and state.phase in _ACTING):
        return f"the car to move ({car.id}) is not racing on the track (status {car.status}, space {car.space})"
    if state.phase == Phase.ROLL and car.gear == 0:
        return f"phase roll: the car to move ({car.id}) has declared no gear (gear 0)"
    if state.phase == Phase.MOVE and mv is None:
        return "phase move: the movement is missing"
    return None


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class GearChoice(Frozen):
    """A gear at the start of a turn: its skip cost and odds, or why it is refused."""

    gear: int
    cost: dict[Area, int] = {}  # struck on declaring it (CORE-GEAR-7)
    refused: Reason | None = None
    odds: GearOdds | None = None
    boost: GearOdds | None = None  # ENG-D-3: the odds with the engine boost, where the car may boost


class Segment(Frozen):
    """A segment the car is offered now, with every legal way to drive it."""

    via: Via
    mandatory: (
        bool  # the roll and a slide must be driven; the bonus and slipstream may be declined (TYRE-7, CORE-SLIP-6)
    )
    spaces: int  # its length: the roll, the slide, 1 bonus space (TYRE-3), 3 slipstream spaces (CORE-SLIP-2)
    behind: str | None = None  # slipstream: the car whose slipstream it is (CORE-SLIP-1)
    moves: tuple[Move, ...]


class CheckOdds(Frozen):
    """A pending black-die roll and its exact odds, if it is rolled (an earlier roll may end
    the car's race and void it). ``fails`` is the chance that the roll goes against the car:
    a lost WP, a slow pit stop, a stall; None where no result does (grid, weather)."""

    purpose: Purpose
    car: str
    other: str | None = None
    rule: str
    fails: Fraction | None = None
    area: Area | None = None  # the area a failed check strikes 1 WP from
    wp: int | None = None  # WP the car has there now: failing with 1 left ends its race (CORE-WEAR-2)
    outcomes: dict[str, Fraction] = {}  # what each result means, with its chance


class Moment(Frozen):
    """What can happen at this moment of the race."""

    phase: Phase
    round: int
    active: str | None
    decides: str | None  # the car whose player must act now; None when a die is next
    roll: int | None = None
    gears: tuple[GearChoice, ...] = ()  # phase "gear"
    odds: GearOdds | None = None  # phase "roll": the declared gear's
    segments: tuple[Segment, ...] = ()  # phase "move"
    may_stop: bool = False  # only optional segments are offered: the car may end its movement (EndMove)
    checks: tuple[CheckOdds, ...] = ()  # pending black-die rolls, in the order they are rolled


def moment(track: Track, state: RaceState) -> Moment:
    """What can happen now; ``state`` must pass ``problem``."""
    gears: tuple[GearChoice, ...] = ()
    odds = None
    segments: tuple[Segment, ...] = ()
    if state.phase == Phase.GEAR:
        gears = _gears(track, state)
    elif state.phase == Phase.ROLL:
        odds = roll_odds(track, state)
    elif state.phase == Phase.MOVE and state.movement is not None:
        segments = _segments(track, state)
    return Moment(
        phase=state.phase,
        round=state.round,
        active=state.active,
        decides=to_move(state),
        roll=state.roll,
        gears=gears,
        odds=odds,
        segments=segments,
        may_stop=optional_offer(state),
        checks=tuple(check_odds(track, state, c) for c in state.pending),
    )


def _gears(track: Track, state: RaceState) -> tuple[GearChoice, ...]:
    odds, boosted = gear_odds(track, state), boost_odds(track, state)
    return tuple(
        GearChoice(gear=g, cost=opt.cost, odds=odds[g], boost=boosted.get(g))
        if isinstance(opt, ShiftCost)
        else GearChoice(gear=g, refused=opt)
        for g, opt in sorted(gear_options(track, state).items())
    )


def _segments(track: Track, state: RaceState) -> tuple[Segment, ...]:
    assert state.movement is not None
    found = moves(track, state)
    return tuple(
        Segment(
            via=via,
            mandatory=via in ("roll", "slide"),
            spaces=move_request(track, state, via).roll,
            behind=slipstream_from(track, state) if via == "slip" else None,
            moves=tuple(m for m in found if m.via == via),
        )
        for via in state.movement.offer
    )


# the check, the area a failure strikes, and the rule of its threshold (TAB-RAIN)
_CHECKS = {
    Purpose.COLLISION: (CheckKind.COLLISION, Area.BODY, "CORE-COLL-2"),
    Purpose.ENGINE: (CheckKind.ENGINE, Area.ENGINE, "CORE-ENGINE-2"),
    Purpose.ROAD_HOLDING: (CheckKind.ROAD_HOLDING, Area.ROAD_HOLDING, "CORE-DANGER-2"),
}


def check_odds(track: Track, state: RaceState, check: Check) -> CheckOdds:
    """The exact odds of one pending black-die roll, counted over the die's faces."""
    faces = BLACK_DIE.faces
    car = state.car(check.car)

    def share(hit: int) -> Fraction:
        return Fraction(hit, len(faces))

    def tally(labels: list[str]) -> dict[str, Fraction]:
        return {label: share(labels.count(label)) for label in dict.fromkeys(labels)}

    base = {"purpose": check.purpose, "car": check.car, "other": check.other}
    if check.purpose in _CHECKS:
        _, area, rule = _CHECKS[check.purpose]
        # the engine's own test: the rain's thresholds (CORE-WEATHER-2), a wreck's one higher
        # (COLL-D-2, OUT-D-4), each face modified by the driver's profile (TAB-CHECK-D, AMB-40)
        mod = profile_modifier(track, state, check)
        failed = sum(1 for f in faces if damage.fails(state, check, f + mod))
        lose = f"loses 1 {area.value.replace('_', ' ')} WP"
        outcomes = {lose: share(failed), "nothing": share(len(faces) - failed)}
        return CheckOdds(**base, rule=rule, fails=share(failed), area=area, wp=car.wp[area], outcomes=outcomes)
    if check.purpose == Purpose.PIT:  # TAB-PIT-B
        labels = ["fast stop" if f <= state.rules.pit_fast_max else "slow stop" for f in faces]
        return CheckOdds(**base, rule="TAB-PIT-B", fails=share(labels.count("slow stop")), outcomes=tally(labels))
    if check.purpose == Purpose.START:  # FD08-START-1
        labels = [start_b(f).kind.value for f in faces]
        return CheckOdds(
            **base, rule="FD08-START-1", fails=share(labels.count(StartKind.STALL.value)), outcomes=tally(labels)
        )
    if check.purpose == Purpose.WEATHER:  # WEATHER-B-1 before the start, WEATHER-5 in the race
        labels = [track.weather.condition(f) for f in faces]
        return CheckOdds(**base, rule="WEATHER-B-1" if state.weather is None else "WEATHER-5", outcomes=tally(labels))
    return CheckOdds(**base, rule="FD08-GRID-1")  # the highest roll takes pole; ties roll again
