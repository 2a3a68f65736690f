"""The race as data: frozen models for cars, the race and what is pending.

A ``RaceState`` is also the position format (like chess's FEN): its JSON
names the track by hash and holds the rule set, every car, the phase, the
pending chance steps and the turn order, so a position can be saved,
loaded and asked for its legal moves.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.car import WearPoints
from rules.dice import Purpose
from rules.moves import Via
from rules.reasons import Reason
from rules.ruleset import RuleSet
from rules.tyres import Tyre
from rules.weather import Weather

Phase = Literal["grid", "setup", "start", "gear", "roll", "move", "check", "pit", "done"]
Status = Literal["racing", "finished", "out"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CarState(Frozen):
    """One car. ``crossings`` counts start/finish lines crossed: the grid is behind
    the line, so a race of L laps is finished at L + 1 crossings."""

    id: str
    space: str | None  # None until the grid is set; afterwards its (last) space
    gear: int = 0  # 0 = not started yet, or turned back after a spin (FD08-SPIN-1)
    wp: WearPoints
    setup: WearPoints | None = None  # the WP it started with: a pit stop restores its tyres to these (CORE-PIT-1)
    crossings: int = 0
    corner: int | None = None  # the corner of the car's recent stops (CORNER-3)
    stops: int = 0
    status: Status = "racing"
    spun: bool = False  # placed backwards until its next turn (CORNER-7)
    stalled: bool = False  # FD08-START-1: a 1 on the start roll, misses game round 1
    box: str | None = None  # its pit box space
    pit_stops: int = 0
    pit_wait: bool = False  # slow stop: leaves next game round in 4th or lower (PIT-B-4)
    arrival: int = 0  # running number of the move that brought it here (MASTERS-ORDER-3)
    grid_rolls: tuple[int, ...] = ()  # FD08-GRID-1, with re-rolls for ties
    grid_slot: int | None = None  # 0 = pole
    out: Reason | None = None
    out_round: int | None = None
    place: int | None = None  # finishing place (CORE-END-1)
    tyre: Tyre | None = None  # with the tyre module (TYRE-1)
    tyre_from: int = 1  # the lap (``crossings``) the current set's first lap is; its age counts from it (AMB-26)
    reserve: int = 0  # repair WP left for pit stops (PIT-A-1, PIT-X-1)
    team: int | None = None  # its team in a team race (TEAM-B-1)


class Check(Frozen):
    """A black-die roll still to be made, and for whom (MASTERS-TURN-9, -13, -14)."""

    purpose: Purpose
    car: str
    other: str | None = None  # the car a collision roll is about


class Movement(Frozen):
    """The active car's movement, segment by segment (CORE-TURN-2, MASTERS-TURN-5..8).

    The roll, then sliding, the soft-tyre bonus and slipstream each add a segment; the
    whole movement is one stop (SLIP-8), so every segment is judged from ``start``.
    ``offer`` lists what the car may drive next; "roll" and "slide" are mandatory,
    "bonus" and "slip" optional (TYRE-7, CORE-SLIP-6).
    """

    start: str
    corner: int | None = None
    stops: int = 0
    crossings: int = 0
    path: tuple[str, ...] = ()
    offer: tuple[Via, ...] = ("roll",)
    braked: bool = False  # brake WP spent before slipstream: no slipstream this turn (AMB-15)
    slid: bool = False  # at most one slide per turn (AMB-48)
    bonus: bool = False  # at most one bonus per turn (AMB-48)
    slips: int = 0  # slipstreams taken (CORE-SLIP-3: any number)


class LapTally(Frozen):
    """What a qualifying lap counts (QUAL-3, QUAL-B-3, QUAL-D-11)."""

    rolls: int = 0
    overshoot: int = 0  # spaces flown out of corners
    penalty: int = 0  # the overshoot times the tyre multiplier (QUAL-8, QUAL-D-8), or x1 (QUAL-B-3)
    failed: str | None = None  # label of the corner whose missed stops ended the lap (QUAL-4, QUAL-B-5)
    finished: bool = False


class SweepState(Frozen):
    """The turn order walk of the current game round (MASTERS-ORDER-7)."""

    start: float = 0.0
    walk: float = 0.0
    visit: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()


class RaceState(Frozen):
    track_hash: str
    rules: RuleSet
    laps: int
    cars: tuple[CarState, ...]
    phase: Phase = "grid"
    active: str | None = None  # whose turn, roll or check it is
    round: int = 0  # game round; 0 while setting the grid and the start
    queue: tuple[str, ...] = ()  # the rest of game round 1, in grid order (AMB-59); in round 0 the dream starts still to drive (AMB-58)
    sweep: SweepState | None = None  # game rounds 2 and later
    roll: int | None = None  # the gear die result of the active car
    moves_left: int | None = None  # spaces to move this step (a roll, a dream start, a pit exit)
    engine_trigger: bool = False  # a 20 in 5th or a 30 in 6th this turn (CORE-ENGINE-1)
    mark_stop: bool = False  # a skip cost took an engine WP: mark the active car's stop (FD08-DANGER-1, AMB-22)
    pending: tuple[Check, ...] = ()
    markers: tuple[str, ...] = ()  # dangerous spaces (CORE-DANGER-1)
    seq: int = 0  # running move number for ``CarState.arrival``
    movement: Movement | None = None  # while the active car drives
    weather: Weather | None = None  # None: no weather module (always dry), or not rolled yet
    weather_due: int = 0  # determinations owed at the end of the game round (AMB-8)
    mode: Literal["race", "qualifying"] = "race"
    lap: LapTally | None = None  # the qualifying lap's tally
    team_stock: tuple[int, ...] = ()  # repair WP left per team (TEAM-B-2)

    def reserve_of(self, car: CarState) -> int:
        """The repair WP a car may draw on: its team's stock, or its own reserve."""
        return self.team_stock[car.team] if car.team is not None and self.team_stock else car.reserve

    def car(self, car_id: str) -> CarState:
        for c in self.cars:
            if c.id == car_id:
                return c
        raise KeyError(car_id)

    def with_car(self, car: CarState) -> RaceState:
        return self.model_copy(update={"cars": tuple(car if c.id == car.id else c for c in self.cars)})

    @property
    def finished(self) -> bool:
        return self.phase == "done"
