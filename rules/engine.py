"""``apply(track, state, action) -> (state, events)``: the rules' one door, and their facade.

The engine never rolls dice: when chance decides, the state says which die
(``chance``) and the caller applies a ``Roll`` with the face drawn from a
seeded source. Which actions a phase takes, who decides in it and which die it
waits for is one table, ``rules.phases.PHASES``; the turn of the active car is
``rules.turn`` (MASTERS-TURN-1..14), the game round and its turn order
``rules.rounds`` (MASTERS-ORDER-*, MASTERS-TURN-15), and the rule modules join
their steps by the hook lists of ``rules.hooks``.

Phases: "grid" (the race weather first, then the grid rolls or a grid decided
by qualifying) -> "setup" (tyres and an own car once the weather is known) ->
"start" (all three ``start``) -> per turn "gear" (ChooseGear) -> "roll" (the
gear die) -> "move" (Drive segments as ``state.movement.offer`` says; EndMove
declines optional extras) -> "pit" (the crew's choices at the box) -> "check"
(the black-die checks the turn caused) -> the next car. In D (``start_in_turn``) a
car's turn begins in phase "start" with its start roll when one is due
(``dresden_start``).

Rules here: CORE-TURN-1, CORE-ORDER-1 (only the car to move acts) and CORE-END-1 (the race
is over when no car races).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import phases
from rules.actions import Action, Event, Roll, TimeOut
from rules.car import WearPoints
from rules.dice import Chance
from rules.modules import start, weather
from rules.modules.base import IllegalAction, on_track, wet
from rules.modules.damage import area_of as check_area
from rules.modules.free_wp import amount as free_wp_amount
from rules.modules.free_wp import room as free_wp_room
from rules.modules.karma import offers as karma_offers
from rules.modules.karma import race_end_karma, raises_needed
from rules.modules.nitro import refusal as nitro_refusal
from rules.modules.pits import pit_lap, repairs_at, stops_allowed
from rules.modules.qualifying_lap import new_lap
from rules.modules.slipstream import slipstream_from
from rules.modules.start import needs_setup
from rules.modules.tcar import problem as t_car_problem
from rules.modules.tcar import proposal as t_car_proposal
from rules.modules.tyres import multiplier, slide_spaces, tyre_age
from rules.reasons import Code, Reason
from rules.rounds import next_turn, positions
from rules.ruleset import RuleSet
from rules.state import Phase, RaceState
from rules.tables.weather import Barometer
from rules.track import Track
from rules.turn import gear_options, move_request, moves, optional_offer

# The engine is the rules' facade: other code imports these from here, wherever they live.
__all__ = [
    "IllegalAction",
    "apply",
    "chance",
    "check_area",
    "free_wp_amount",
    "free_wp_room",
    "gear_options",
    "karma_offers",
    "move_request",
    "moves",
    "multiplier",
    "needs_setup",
    "new_lap",
    "new_race",
    "nitro_refusal",
    "on_track",
    "optional_offer",
    "pit_lap",
    "positions",
    "race_end_karma",
    "raises_needed",
    "repairs_at",
    "rolled",
    "slide_spaces",
    "slipstream_from",
    "stops_allowed",
    "t_car_problem",
    "t_car_proposal",
    "to_move",
    "tyre_age",
    "wet",
]


# --- the race and what it waits for ----------------------------------------------------


def new_race(
    track: Track,
    rules: RuleSet,
    cars: Sequence[tuple[str, WearPoints] | start.CarEntry],
    laps: int | None = None,
    grid: tuple[str, ...] | None = None,
    qualifying_weather: Barometer | None = None,
    level_start: bool = False,
) -> RaceState:
    """A race before its first roll or choice (``start.new_race``); with a grid already decided
    and nothing to choose or roll before the start, it is game round 1 already."""
    return _settle(track, start.new_race(track, rules, cars, laps, grid, qualifying_weather, level_start), [])


def chance(state: RaceState) -> Chance | None:
    """The die to roll now, or None when a player must decide (``rules.phases``)."""
    return phases.chance(state)


def to_move(state: RaceState) -> str | None:
    """The car whose player (or computer driver) must act now, if any (``rules.phases``)."""
    return phases.to_move(state)


# --- the transition function -----------------------------------------------------------


def apply(track: Track, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
    """The state after ``action`` and what happened; IllegalAction if it is not legal now."""
    events: list[Event] = []
    if not isinstance(action, (Roll, TimeOut)) and action.car is not None and action.car != to_move(state):
        raise IllegalAction(
            Reason(
                rule="CORE-ORDER-1",
                code=Code.NOT_YOUR_TURN,
                values={"car": action.car, "active": to_move(state) or "-"},
            )
        )
    state = phases.handler(state, action)(track, state, action, events)
    return _settle(track, state, events), events


def rolled(track: Track, state: RaceState, face: int) -> RaceState:
    """The race after the active car, in its declared gear, rolled ``face``: what the odds and
    the computer drivers look at, so they see the spaces the engine moves (the tyres' malus,
    the profile's change, a launch) and the same segment moves (``moves``). A state already
    waiting for the roll is rolled as it is (a driver rolls every face of a gear from one)."""
    if state.phase != Phase.ROLL:
        state = state.model_copy(update={"phase": Phase.ROLL})
    return apply(track, state, Roll(value=face))[0]


def _settle(track: Track, state: RaceState, events: list[Event]) -> RaceState:
    """After an action: run what needs no decision until a player or a die is needed."""
    if state.phase == Phase.CHECK:  # the movement is over and its checks are queued
        state = weather.after_turn(state)
    if state.pending or phases.PHASES[state.phase].waits(state):
        return state
    return next_turn(track, state.model_copy(update={"phase": Phase.CHECK, "roll": None}), events)
