"""The phases as one table: per ``Phase``, who decides, which die the race waits for, whether
the race waits there, and which actions it accepts with their handlers.

``rules.engine.apply`` looks the action up here instead of asking the phase in if-chains:
an action the phase does not accept is refused with its own rule (``NOT_NOW``), a die is
rolled when ``die`` names one, and ``to_move`` asks the phase's ``decides``. A die roll and
FD Blitz's time-out are taken in every phase (``ANY_PHASE``): the roll when the phase waits
for a die (CORE-TURN-1), the time-out whenever the clock of the car whose turn it is runs out
(BLITZ-6). A module that adds a phase adds its row here and its ``Phase`` value.

Rules here: CORE-TURN-1, CORE-ORDER-1, CORE-DICE-3, BLITZ-6.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules import turn
from rules.actions import (
    Action,
    Bid,
    ChooseGear,
    Drive,
    EndMove,
    Event,
    FreeWP,
    Karma,
    PitStop,
    Roll,
    SetUp,
    TCar,
    TimeOut,
)
from rules.dice import BLACK_DIE, Chance, Purpose
from rules.modules import clock, free_wp, head_to_head, karma, pit_points, pits, start, tcar
from rules.modules.base import IllegalAction
from rules.reasons import Code, Reason
from rules.state import Phase, RaceState
from rules.track import Track

Handler = Callable[[Track, RaceState, Any, list[Event]], RaceState]


def nobody(state: RaceState) -> str | None:
    """No driver decides: the race rolls a die or runs on."""
    return None


def active_driver(state: RaceState) -> str | None:
    """The driver of the car whose turn it is."""
    return state.active


def held_driver(state: RaceState) -> str | None:
    """KARMA-3: the driver whose check roll is held for a karma choice."""
    return state.league.held.check.car if state.league.held is not None else None


def no_die(state: RaceState) -> Chance | None:
    """A driver decides, or a car drives first: no die now. A car that must drive first (a dream
    start, the drive out of the box after a fast stop) rolls the checks its turn still owes after
    that drive (MASTERS-TURN-12 before -13/-14; AMB-29a)."""
    return None


def pending_die(state: RaceState) -> Chance | None:
    """The black die of the first check still to roll (MASTERS-TURN-9, -13, -14)."""
    return Chance(die=BLACK_DIE, purpose=state.pending[0].purpose) if state.pending else None


def gear_die(state: RaceState) -> Chance | None:
    """MASTERS-TURN-4: the active car's gear die."""
    if state.active:
        return Chance(die=state.rules.gear_dice.die(state.car(state.active).gear), purpose=Purpose.GEAR)
    return pending_die(state)


def always(state: RaceState) -> bool:
    return True


def driving(state: RaceState) -> bool:
    """The car drives on while its movement lasts (CORE-TURN-2)."""
    return state.movement is not None


def never(state: RaceState) -> bool:
    return False


def _pitstop(track: Track, state: RaceState, action: PitStop, events: list[Event]) -> RaceState:
    """The crew's work: pit stops by points (PIT-D-*) or the basic ones (PIT-A-2)."""
    return (pit_points.on_pitstop if state.rules.pit_points else pits.on_pitstop)(track, state, action, events)


def _roll(track: Track, state: RaceState, action: Roll, events: list[Event]) -> RaceState:
    """The die the phase waits for (CORE-TURN-1), one of its faces (CORE-DICE-3)."""
    c = chance(state)
    if c is None:
        raise IllegalAction(Reason(rule="CORE-TURN-1", code=Code.NOT_NOW, values={"action": "roll"}))
    if action.value not in c.die.faces:
        raise IllegalAction(
            Reason(rule="CORE-DICE-3", code=Code.NOT_A_FACE, values={"value": action.value, "die": c.die.name})
        )
    return turn.on_roll(track, state, action.value, events)


def _time_out(track: Track, state: RaceState, action: TimeOut, events: list[Event]) -> RaceState:
    """BLITZ-6: the clock of the car whose turn it is, even while its die is rolling."""
    if action.car is not None and action.car != state.active:
        raise IllegalAction(
            Reason(rule="BLITZ-6", code=Code.NOT_YOUR_TURN, values={"car": action.car, "active": state.active or "-"})
        )
    return clock.on_time_out(state, state.active or "", events)


@dataclass(frozen=True)
class Step:
    """One phase's row: who decides, the die it waits for, whether the race waits in it (else it
    runs on to the next car), and the actions it accepts with their handlers."""

    decides: Callable[[RaceState], str | None] = nobody
    die: Callable[[RaceState], Chance | None] = pending_die
    waits: Callable[[RaceState], bool] = always
    accepts: dict[type[Action], Handler] = field(default_factory=dict)


ANY_PHASE: dict[type[Action], Handler] = {Roll: _roll, TimeOut: _time_out}

PHASES: dict[Phase, Step] = {
    Phase.GRID: Step(),  # the race weather, then the grid rolls (FD08-GRID-1)
    Phase.SETUP: Step(
        active_driver,
        no_die,
        accepts={SetUp: lambda track, state, action, events: start.on_setup(state, action, events)},
    ),
    Phase.START: Step(),  # the start rolls (FD08-START-1, START-D-1..4)
    Phase.GEAR: Step(active_driver, accepts={ChooseGear: turn.on_gear}),  # MASTERS-TURN-1..3
    Phase.ROLL: Step(die=gear_die),  # MASTERS-TURN-4
    Phase.MOVE: Step(
        active_driver, no_die, driving, {Drive: turn.on_drive, EndMove: turn.on_end_move}
    ),  # MASTERS-TURN-5..8
    Phase.CHECK: Step(waits=never),  # MASTERS-TURN-9, -13, -14, then the next car
    Phase.PIT: Step(active_driver, no_die, accepts={PitStop: _pitstop}),  # MASTERS-TURN-11/12
    Phase.KARMA: Step(held_driver, no_die, accepts={Karma: karma.on_karma}),  # KARMA-3
    Phase.BID: Step(
        head_to_head.bidder,
        no_die,
        accepts={Bid: lambda track, state, action, events: head_to_head.on_bid(state, action, events)},
    ),  # H2H-2
    Phase.TCAR: Step(active_driver, no_die, accepts={TCar: tcar.on_tcar}),  # TCAR-1
    Phase.WP: Step(
        free_wp.owed_car,
        no_die,
        accepts={FreeWP: lambda track, state, action, events: free_wp.on_free_wp(state, action, events)},
    ),  # STREET-7/8
    Phase.DONE: Step(),
}

# why an action is refused in a phase that does not take it: its rule, and its name for the reason
NOT_NOW: dict[type[Action], tuple[str, str]] = {
    ChooseGear: ("CORE-TURN-1", "gear"),
    Drive: ("CORE-TURN-2", "move"),
    EndMove: ("CORE-MOVE-7", "stop"),
    SetUp: ("CAR-C-2", "setup"),
    PitStop: ("PIT-A-2", "pitstop"),
    Karma: ("KARMA-3", "karma"),
    Bid: ("H2H-2", "bid"),
    TCar: ("TCAR-1", "tcar"),
    FreeWP: ("STREET-8", "free_wp"),
}


def chance(state: RaceState) -> Chance | None:
    """The die to roll now, or None when a player must decide."""
    return PHASES[state.phase].die(state)


def to_move(state: RaceState) -> str | None:
    """The car whose player (or computer driver) must act now, if any."""
    return PHASES[state.phase].decides(state)


def handler(state: RaceState, action: Action) -> Handler:
    """The handler of ``action`` in the race's phase; IllegalAction (NOT_NOW) if the phase does not take it."""
    kind = type(action)
    found = ANY_PHASE.get(kind) or PHASES[state.phase].accepts.get(kind)
    if found is None:
        rule, name = NOT_NOW[kind]
        raise IllegalAction(Reason(rule=rule, code=Code.NOT_NOW, values={"action": name}))
    return found
