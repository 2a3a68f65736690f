"""The karma pool in a race, and the profile modifiers of the damage checks.

A body (collision), engine or road-holding check of a car is judged on its modified roll:
the natural black die + the profile modifier (DRESDEN-PROFILE-5/6, never in the pit lane)
+ the karma raises bought for it (TAB-CHECK-D); it fails if that is at or below the
threshold (``damage.fails``). A natural 20 pays its driver 1 karma at once (KARMA-2).

Right after such a roll, before its effect, the driver may spend karma (KARMA-3/4): 40 to
re-roll it, 20 to raise it by 1. The race waits in phase "karma" with the roll in
``LeagueRace.held`` and the driver answers with ``Karma``: "reroll" rolls the black die again
for the same check, "raise" adds 1 and asks again, "accept" lets the roll take effect.
Several raises may be bought; a re-roll comes before any raise (AMB-41c: the raises are
bought for the roll that stands), and the balance never goes below 0 (AMB-41d).

When the driver is asked: only when a spend can matter, i.e. the modified roll fails now
and the driver can afford a spend that may turn it into a pass (a re-roll, or as many
raises as the pass needs). A passed check, or one no purchase can save, takes effect at
once, so a 10-car race does not stop after every check.

At the end of every game round the race leader (by the turn order's rules) counts a round
led in its lap (``CarState.led``, AMB-41a). When the race is over the engine pays each
driver ``race_end_karma``: +3 per grid position gained, +3 per race lap with the most rounds
led (KARMA-2, TAB-KARMA), so ``CarState.karma`` is the pool a championship carries on; the
income from championship points is the championship's (``rules.tables.karma.points_income``).

Rules here: TAB-CHECK-D, DRESDEN-PROFILE-5/6 (AMB-40), KARMA-2..4 (AMB-41), TAB-KARMA.
Without ``RuleSet.karma`` and ``RuleSet.profiles`` every function leaves the state as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Event, Karma
from rules.dice import Purpose
from rules.modules import damage, wrecks
from rules.modules.base import IllegalAction, in_pit_lane
from rules.order import CarPosition, race_order
from rules.reasons import Code, Reason
from rules.state import Check, HeldCheck, Phase, RaceState
from rules.tables import karma
from rules.tables.profiles import check_modifier
from rules.track import Track

# the checks whose rolls are the driver's own event rolls (KARMA-4)
EVENT_ROLLS = (Purpose.COLLISION, Purpose.ENGINE, Purpose.ROAD_HOLDING)


# --- TAB-CHECK-D: the modified roll -----------------------------------------------------


def modifier(track: Track, state: RaceState, check: Check) -> int:
    """DRESDEN-PROFILE-5/6: the profile's -1 or +1 on the car's check rolls, not in the pit lane."""
    if not state.rules.profiles:
        return 0
    car = state.car(check.car)
    return check_modifier(car.league.profile, in_pit_lane(track, car))


def modified(track: Track, state: RaceState, held: HeldCheck) -> int:
    """TAB-CHECK-D: natural roll + profile modifier + karma raises."""
    return held.natural + modifier(track, state, held.check) + held.raised


def raises_needed(track: Track, state: RaceState, held: HeldCheck) -> int:
    """How many more +1 raises turn the held roll into a pass (0: it passes already)."""
    n = 0
    while damage.fails(state, held.check, modified(track, state, held) + n):
        n += 1
    return n


# --- KARMA-3/4: the choice after the roll ----------------------------------------------


def on_check(track: Track, state: RaceState, check: Check, value: int, events: list[Event]) -> RaceState:
    """A body, engine or road-holding check roll: the natural 20's karma (KARMA-2), then the
    driver's karma choice when a spend can matter, else the roll's effect."""
    if state.rules.karma and value == 20:
        state = _pay(state, check.car, karma.check_income(value), "twenty", events)
    held = HeldCheck(check=check, natural=value)
    if offers(track, state, held):
        return state.with_league(held=held).model_copy(update={"phase": Phase.KARMA})
    return _effect(check)(track, state, check, modified(track, state, held), events)


def offers(track: Track, state: RaceState, held: HeldCheck) -> tuple[karma.Spend, ...]:
    """The spends that may still turn the held roll into a pass, "accept" last; () when none can."""
    car = state.car(held.check.car)
    if not state.rules.karma or car.status != "racing":
        return ()
    need = raises_needed(track, state, held)
    if need == 0:
        return ()
    spends: list[karma.Spend] = []
    if held.raised == 0 and car.league.karma >= karma.REROLL:  # AMB-41c: a re-roll before any raise
        spends.append("reroll")
    if car.league.karma >= need * karma.RAISE:  # AMB-41d: the raises the pass needs, all affordable
        spends.append("raise")
    return (*spends, "accept") if spends else ()


def on_karma(track: Track, state: RaceState, action: Karma, events: list[Event]) -> RaceState:
    """The driver's answer to the held roll (KARMA-3): re-roll, raise by 1, or accept."""
    held = state.league.held
    if held is None:  # a position in the karma phase that holds no check
        raise IllegalAction(Reason(rule="KARMA-3", code=Code.NOT_NOW, values={"action": "karma"}))
    if action.spend not in offers(track, state, held):
        car = state.car(held.check.car)
        raise IllegalAction(
            Reason(
                rule="KARMA-3",
                code=Code.KARMA_NOT_OFFERED,
                values={"spend": action.spend, "karma": car.league.karma, "raised": held.raised},
            )
        )
    state = state.with_league(held=None).model_copy(update={"phase": Phase.CHECK})
    if action.spend == "reroll":  # the black die again, for the same check
        state = _pay(state, held.check.car, -karma.REROLL, "reroll", events)
        return state.model_copy(update={"pending": (held.check,) + state.pending})
    if action.spend == "raise":
        state = _pay(state, held.check.car, -karma.RAISE, "raise", events)
        held = held.model_copy(update={"raised": held.raised + 1})
        if offers(track, state, held):
            return state.with_league(held=held).model_copy(update={"phase": Phase.KARMA})
    return _effect(held.check)(track, state, held.check, modified(track, state, held), events)


def _pay(state: RaceState, car_id: str, change: int, why: str, events: list[Event]) -> RaceState:
    """Add ``change`` to the driver's pool (never below 0: every spend is checked first)."""
    car = state.car(car_id)
    left = car.league.karma + change
    events.append(Event(kind="karma", car=car_id, data={"change": change, "left": left, "why": why}))
    return state.with_car(car.with_league(karma=left))


# --- KARMA-2: rounds led and the race-end income ----------------------------------------


def count_lead(state: RaceState, positions: Sequence[CarPosition]) -> RaceState:
    """AMB-41a: at the end of a game round the race leader counts one round led in the
    leader's lap. Once a car has finished, the race's laps are over: nothing is counted."""
    if not state.rules.karma or any(c.status == "finished" for c in state.cars):
        return state
    order = race_order(positions, state.rules.tie_break)
    if not order:
        return state
    leader = next(p for p in positions if p.id == order[0])
    lap = min(max(leader.laps, 1), state.laps) - 1  # the grid is behind the line: lap 1 from the start
    car = state.car(leader.id)
    led = list(car.league.led) + [0] * (state.laps - len(car.league.led))
    led[lap] += 1
    return state.with_car(car.with_league(led=tuple(led)))


def race_end_karma(state: RaceState) -> dict[str, int]:
    """KARMA-2, TAB-KARMA: each driver's race-end income from this race, without the
    championship points (``rules.tables.karma.points_income`` adds those): +3 per
    grid position gained to the finish, +3 per race lap it led the most game rounds in."""
    if not state.rules.karma:
        return {}
    led = {c.id: c.league.led for c in state.cars}
    return {c.id: karma.places_income(c.grid_slot or 0, c.place) + karma.lead_income(led, c.id) for c in state.cars}


def at_race_end(state: RaceState, events: list[Event]) -> RaceState:
    """The race is over: every driver's race-end income goes into the pool (event "karma")."""
    for car_id, income in race_end_karma(state).items():
        if income:
            state = _pay(state, car_id, income, "race_end", events)
    return state


def _effect(check: Check):
    """What a check roll does once it stands: a collision goes through the wrecks module (AMB-20c)."""
    return wrecks.on_collision if check.purpose == Purpose.COLLISION else damage.on_check
