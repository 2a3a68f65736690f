"""What a computer driver does in each phase of a turn: one table from the phase to the choice
it asks of the driver, and the action that choice makes. Every driver answers through it, so
the session needs only ``act``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rules.actions import Action, Bid, ChooseGear, Drive, EndMove, FreeWP, Karma, PitStop, SetUp, TCar
from rules.ai.pit_stops import stop_plan
from rules.ai.street import choose_free_wp
from rules.car import Area, WearPoints
from rules.engine import moves, optional_offer, repairs_at, t_car_proposal
from rules.moves import Move
from rules.state import Phase, RaceState
from rules.tables import karma
from rules.tables.pit_points import PitPlan
from rules.tables.tyres import Tyre
from rules.track import Track


class Chooser(Protocol):
    """The choices a computer driver makes, one per kind of decision."""

    def choose_gear(self, track: Track, state: RaceState) -> int: ...
    def choose_nitro(self, track: Track, state: RaceState, gear: int) -> bool: ...
    def choose_boost(self, track: Track, state: RaceState, gear: int) -> bool: ...
    def announce(self, track: Track, state: RaceState) -> PitPlan | None: ...
    def choose_karma(self, track: Track, state: RaceState) -> karma.Spend: ...
    def choose_bid(self, state: RaceState) -> int: ...
    def choose_tyre(self, state: RaceState) -> Tyre: ...
    def choose_setup(self, state: RaceState) -> WearPoints | None: ...
    def choose_repairs(self, track: Track, state: RaceState) -> dict[Area, int]: ...
    def choose_extra(self, track: Track, state: RaceState, moves: list[Move]) -> Move | None: ...
    def choose_move(self, track: Track, state: RaceState, moves: list[Move]) -> Move: ...


def _gear(driver: Chooser, track: Track, state: RaceState) -> Action:
    gear = driver.choose_gear(track, state)
    street = driver.choose_nitro(track, state, gear) if state.rules.street else False  # STREET-3
    return ChooseGear(
        gear=gear, boost=driver.choose_boost(track, state, gear), pit=driver.announce(track, state), nitro=street
    )


def _free_wp(driver: Chooser, track: Track, state: RaceState) -> Action:
    """STREET-7, STREET-8: every driver places the WP won the same way."""
    return FreeWP(wp=choose_free_wp(state))


def _karma(driver: Chooser, track: Track, state: RaceState) -> Action:
    return Karma(spend=driver.choose_karma(track, state))


def _bid(driver: Chooser, track: Track, state: RaceState) -> Action:
    return Bid(amount=driver.choose_bid(state))


def _t_car(driver: Chooser, track: Track, state: RaceState) -> Action:
    """TCAR-1: always race on."""
    return TCar(wp=t_car_proposal(state, state.car(state.active or "")))


def _setup(driver: Chooser, track: Track, state: RaceState) -> Action:
    tyre = driver.choose_tyre(state) if state.rules.tyres and not state.rules.street else None
    return SetUp(tyre=tyre, wp=driver.choose_setup(state))


def _pit(driver: Chooser, track: Track, state: RaceState) -> Action:
    if state.rules.pit_points:  # PIT-D-10: no announcement was made
        car = state.car(state.active or "")
        plan = stop_plan(track, state, car, driver.choose_tyre(state)) or PitPlan()
        return PitStop(fuel=plan.fuel, tyre=plan.tyre, repairs=dict(plan.repairs))
    repairs = driver.choose_repairs(track, state)
    long = bool(repairs) and repairs_at(state.rules) == "long_stop"
    return PitStop(tyre=driver.choose_tyre(state) if state.rules.tyres else None, long=long, repairs=repairs)


def _move(driver: Chooser, track: Track, state: RaceState) -> Action:
    found = moves(track, state)
    if optional_offer(state):
        extra = driver.choose_extra(track, state, found)
        return EndMove() if extra is None else Drive(path=extra.path, via=extra.via)
    m = driver.choose_move(track, state, found)
    return Drive(path=m.path, via=m.via)


#: the decision each phase asks for; in any other phase a driver decides a move
PHASES: dict[Phase, Callable[[Chooser, Track, RaceState], Action]] = {
    Phase.GEAR: _gear,
    Phase.WP: _free_wp,
    Phase.KARMA: _karma,
    Phase.BID: _bid,
    Phase.TCAR: _t_car,
    Phase.SETUP: _setup,
    Phase.PIT: _pit,
}


def act(driver: Chooser, track: Track, state: RaceState) -> Action:
    """What ``driver`` does for the car to act now, in the phase the state is in."""
    return PHASES.get(state.phase, _move)(driver, track, state)
