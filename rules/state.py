"""The race as data: frozen models for cars, the race and what is pending.

A ``RaceState`` is also the position format (like chess's FEN): its JSON
names the track by hash and holds the rule set, every car, the phase, the
pending chance steps and the turn order, so a position can be saved,
loaded and asked for its legal moves.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, model_validator

from rules.car import WearPoints
from rules.dice import Purpose
from rules.moves import Via
from rules.reasons import Reason
from rules.ruleset import RuleSet
from rules.tables.pit_points import PitPlan
from rules.tables.profiles import Profile
from rules.tables.tyres import Tyre
from rules.tables.weather import Barometer, Weather


class Phase(StrEnum):
    """Where the race stands: what ``rules.phases.PHASES`` says who decides and which action
    it accepts. The values are the JSON's strings, so a phase compares equal to its name."""

    GRID = "grid"
    SETUP = "setup"
    START = "start"
    GEAR = "gear"
    ROLL = "roll"
    MOVE = "move"
    CHECK = "check"
    PIT = "pit"
    KARMA = "karma"
    BID = "bid"
    TCAR = "tcar"
    WP = "wp"
    DONE = "done"


Status = Literal["racing", "finished", "out"]

# Bounds that make a position read from a file one the game could have reached:
# counters are never negative; no race lasts 10,000 game rounds.
MAX_ROUNDS = 10_000
Count = Annotated[int, Field(ge=0)]
Place = Annotated[int, Field(ge=1, le=10)]  # CORE-END-1: at most 10 cars
BlackDie = Annotated[int, Field(ge=1, le=20)]  # CORE-DICE-1


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- the slices: the parts of the state that one rule set's modules own ---------------------
#
# As a boardgame.io plugin owns its part of G, each slice is one field of ``CarState`` or
# ``RaceState`` with its defaults, read and written only by its modules, so a new module adds a
# slice without touching the fields of the others (``rules.files.migrate.SLICED`` names the flat fields
# of older schemas that each slice holds now).


class PolicePass(Frozen):
    """A car that drove past the police station this game round, with its gear-die roll (STREET-7)."""

    car: str
    roll: Count


class StreetCar(Frozen):
    """One car's part of the street race: its nitro (STREET-3, ``rules.modules.nitro``) and the WP
    won that its driver still distributes (STREET-7, STREET-8, ``free_wp``)."""

    nitro_lap: Count | None = None  # STREET-3: the lap its nitro was last used on
    free_wp: Count = 0  # STREET-7, STREET-8: WP won that its driver still has to distribute


class StreetRace(Frozen):
    """The race's part of the street race: the nitro announced (STREET-3, ``nitro``) and the police
    station's passes of this game round (STREET-7, ``city``, ``free_wp``)."""

    nitro: bool = False  # STREET-3: the active car announced its nitro: its roll counts + its gear
    police: tuple[PolicePass, ...] = ()  # STREET-7: this game round's cars past the police station, in order


class LeagueCar(Frozen):
    """One car's part of the Dresden league's rules: its driver profile (DRESDEN-PROFILE-1..4,
    ``rules.modules.driver_profiles``), karma (KARMA-1..4, ``karma``), start roll (START-D-1..4,
    ``dresden_start``), roll-out (FUEL-2, OUT-D-2, ``rollout``), pit stop by points (PIT-D-6,
    PIT-D-11, ``pit_points``), T-car (TCAR-1, ``tcar``) and wreck (OUT-D-3, FUEL-3, ``wrecks``)."""

    profile: Profile = Profile.NORMALO  # DRESDEN-PROFILE-1
    karma: Count = 0  # KARMA-1: the pool, with the rules' karma module
    start: Literal["due", "stalled", "dream"] | None = None  # START-D-1..4: what the next turn begins with
    launch: bool = False  # DRESDEN-PROFILE-3/4: the next movement is a launch (race start, box, spin)
    rolling_out: Literal["fuel", "engine"] | None = None  # FUEL-2, OUT-D-2: one gear lower each round
    pit_plan: PitPlan | None = None  # PIT-D-6: the last announcement before the roll into the box
    pit_points: Count | None = None  # PIT-D-11: points still to work off at the box
    led: tuple[Count, ...] = ()  # KARMA-2, AMB-41a: game rounds ended as leader, per lap
    t_car: bool = False  # TCAR-1: the driver races on in the T-car
    removed: bool = False  # OUT-D-3, FUEL-3: the wreck has been taken off the track


class CarState(Frozen):
    """One car. ``crossings`` counts start/finish lines crossed: the grid is behind
    the line, so a race of L laps is finished at L + 1 crossings."""

    id: str
    space: str | None  # None until the grid is set; afterwards its (last) space
    gear: int = Field(default=0, ge=0, le=6)  # 0 = not started yet, or turned back after a spin (FD08-SPIN-1)
    wp: WearPoints
    setup: WearPoints | None = None  # the WP it started with: a pit stop restores its tyres to these (CORE-PIT-1)
    crossings: Count = 0
    corner: Count | None = None  # the corner of the car's recent stops (CORNER-3)
    stops: Count = 0
    status: Status = "racing"
    spun: bool = False  # placed backwards until its next turn (CORNER-7)
    stalled: bool = False  # FD08-START-1: a 1 on the start roll, misses game round 1
    box: str | None = None  # its pit box space
    pit_stops: Count = 0
    pit_wait: bool = False  # slow stop: leaves next game round in 4th or lower (PIT-B-4)
    arrival: Count = 0  # running number of the move that brought it here (MASTERS-ORDER-3)
    grid_rolls: tuple[BlackDie, ...] = ()  # FD08-GRID-1, with re-rolls for ties
    grid_slot: int | None = Field(default=None, ge=0, le=9)  # 0 = pole
    out: Reason | None = None
    out_round: Count | None = None
    place: Place | None = None  # finishing place (CORE-END-1)
    tyre: Tyre | None = None  # with the tyre module (TYRE-1)
    tyre_from: int = Field(
        default=1, ge=1
    )  # the lap (``crossings``) the current set's first lap is; its age counts from it (AMB-26)
    reserve: Count = 0  # repair WP left for pit stops (PIT-A-1, PIT-X-1), or the box reserve (AMB-32)
    team: Count | None = None  # its team in a team race (TEAM-B-1), or its Dresden team (PIT-D-4, TCAR-2)
    league: LeagueCar = LeagueCar()  # the Dresden league's slice
    street: StreetCar = StreetCar()  # the street race's slice

    def with_league(self, **update: object) -> CarState:
        """The car with fields of its league slice changed."""
        return self.model_copy(update={"league": self.league.model_copy(update=update)})


class Check(Frozen):
    """A black-die roll still to be made, and for whom (MASTERS-TURN-9, -13, -14)."""

    purpose: Purpose
    car: str
    other: str | None = None  # the car a collision roll is about
    wreck: bool = False  # COLL-D-2, OUT-D-4: the other car is a wreck, the check fails one higher


class HeldCheck(Frozen):
    """A check roll its driver may still change with karma (KARMA-3/4): the check, the
    natural roll and the +1 raises bought for it (AMB-41c)."""

    check: Check
    natural: BlackDie
    raised: Count = 0


class HeadToHead(Frozen):
    """A head-to-head among level cars (H2H-2): who bids, in the order they bid, and the
    secret bids entered so far (AMB-42: integers from 0 to the bidder's pool, all paid)."""

    cars: tuple[str, ...] = Field(min_length=2)
    bids: tuple[Count, ...] = ()


class Movement(Frozen):
    """The active car's movement, segment by segment (CORE-TURN-2, MASTERS-TURN-5..8).

    The roll, then sliding, the soft-tyre bonus and slipstream each add a segment; the
    whole movement is one stop (SLIP-8), so every segment is judged from ``start``.
    ``offer`` lists what the car may drive next; "roll" and "slide" are mandatory,
    "bonus", "slip" and "launch" optional (TYRE-7, CORE-SLIP-6, DRESDEN-PROFILE-4).
    """

    start: str
    corner: Count | None = None
    stops: Count = 0
    crossings: Count = 0
    path: tuple[str, ...] = ()
    offer: tuple[Via, ...] = ("roll",)
    braked: bool = False  # brake WP spent before slipstream: no slipstream this turn (AMB-15)
    slid: bool = False  # at most one slide per turn (AMB-48)
    bonus: bool = False  # at most one bonus per turn (AMB-48)
    slips: Count = 0  # slipstreams taken (CORE-SLIP-3: any number)
    launch: bool = False  # a launch: the Praktiker's optional space may still follow (DRESDEN-PROFILE-4)


class LapTally(Frozen):
    """What a qualifying lap counts (QUAL-3, QUAL-B-3, QUAL-D-11)."""

    rolls: Count = 0
    overshoot: Count = 0  # spaces flown out of corners
    penalty: Count = 0  # the overshoot times the tyre multiplier (QUAL-8, QUAL-D-8), or x1 (QUAL-B-3)
    failed: str | None = None  # label of the corner whose missed stops ended the lap (QUAL-4, QUAL-B-5)
    finished: bool = False
    stood_still: bool = False  # a turn that ended where it began ended the lap, not finished (AMB-70)

    @property
    def over(self) -> bool:
        """The lap has ended: across the line, out of a corner or stood still."""
        return self.finished or self.failed is not None or self.stood_still


class SweepState(Frozen):
    """The turn order walk of the current game round (MASTERS-ORDER-7)."""

    start: float = Field(default=0.0, ge=0, allow_inf_nan=False)
    walk: float = Field(default=0.0, ge=0, allow_inf_nan=False)
    visit: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()


class LeagueRace(Frozen):
    """The race's part of the Dresden league's rules: the engine boost announced (ENG-D-3,
    ``rules.modules.boost``), the roll-out turn (FUEL-2, OUT-D-2, ``rollout``), the check held for a
    karma choice (KARMA-3, ``karma``), the head-to-heads (H2H-1..3, ``head_to_head``), the T-cars (TCAR-1/2,
    ``tcar``, their wrecks ``wrecks``) and the restarts (RESTART-1..2, ``restart``)."""

    boost: bool = False  # ENG-D-3: the active car announced the engine boost: its roll counts + its gear
    rolling: bool = False  # FUEL-2, OUT-D-2: the active car's turn is a roll-out turn (its gear was forced)
    held: HeldCheck | None = None  # KARMA-3: a check roll waiting for its driver's karma choice
    bids: HeadToHead | None = None  # H2H-1..3: level cars bidding for the turn order
    head_to_heads: tuple[HeadToHead, ...] = ()  # H2H-3: this game round's decided head-to-heads, for the sweep
    t_cars: tuple[Count, ...] = ()  # TCAR-2: the teams that have used their T-car
    t_car_asked: tuple[str, ...] = ()  # TCAR-1: the drivers offered the T-car so far
    t_wrecks: tuple[CarState, ...] = ()  # TCAR-1: the cars the T-cars replaced, wrecks until passed (OUT-D-3)
    restarts: Count = 0  # RESTART-1..2: times the race was stopped and restarted


class RaceState(Frozen):
    track_hash: str
    rules: RuleSet
    laps: int = Field(ge=1, le=3)
    cars: tuple[CarState, ...] = Field(min_length=1, max_length=10)  # one car alone on a qualifying lap
    phase: Annotated[Phase, PlainSerializer(str, return_type=str)] = (
        Phase.GRID
    )  # written as its string, also where a caller set the string
    active: str | None = None  # whose turn, roll or check it is
    round: int = Field(default=0, ge=0, le=MAX_ROUNDS)  # game round; 0 while setting the grid and the start
    queue: tuple[
        str, ...
    ] = ()  # the rest of game round 1, in grid order (AMB-59); in round 0 the dream starts still to drive (AMB-58)
    sweep: SweepState | None = None  # game rounds 2 and later
    roll: Count | None = None  # the gear die result of the active car
    moves_left: Count | None = None  # spaces to move this step (a roll, a dream start, a pit exit)
    engine_trigger: bool = False  # a 20 in 5th or a 30 in 6th this turn (CORE-ENGINE-1)
    mark_stop: bool = False  # a skip cost took an engine WP: mark the active car's stop (FD08-DANGER-1, AMB-22)
    pending: tuple[Check, ...] = ()
    markers: tuple[str, ...] = ()  # dangerous spaces (CORE-DANGER-1)
    seq: Count = 0  # running move number for ``CarState.arrival``
    movement: Movement | None = None  # while the active car drives
    weather: Weather | None = None  # None: no weather module (always dry), or not rolled yet
    weather_due: Count = 0  # determinations owed at the end of the game round (AMB-8)
    mode: Literal["race", "qualifying"] = "race"
    lap: LapTally | None = None  # the qualifying lap's tally
    team_stock: tuple[Count, ...] = ()  # repair WP left per team (TEAM-B-2)
    league: LeagueRace = LeagueRace()  # the Dresden league's slice
    qualifying_weather: Barometer | None = None  # WEATHER-D-2: a variable race starts as qualifying was
    level_start: bool = False  # BLITZ-4: the second car starts beside the pole, not on grid slot 2
    street: StreetRace = StreetRace()  # the street race's slice

    @model_validator(mode="after")
    def _consistent(self) -> RaceState:
        """Cross-field checks, so a position file names only its own cars and laps it can
        have driven; the engine's own states always pass them."""
        ids = [c.id for c in self.cars]
        if len(set(ids)) != len(ids):
            raise ValueError(f"car ids must be unique, not {ids}")
        named = [("active", self.active)] + [("queue", c) for c in self.queue]
        named += [(f"pending[{i}].car", p.car) for i, p in enumerate(self.pending)]
        named += [(f"pending[{i}].other", p.other) for i, p in enumerate(self.pending) if p.other is not None]
        league = self.league
        if league.held is not None:
            named.append(("league.held.check.car", league.held.check.car))
        if league.bids is not None:
            named += [("league.bids.cars", c) for c in league.bids.cars]
        named += [("league.head_to_heads.cars", c) for h in league.head_to_heads for c in h.cars]
        named += [("street.police.car", p.car) for p in self.street.police]
        if self.sweep is not None:
            named += [("sweep.visit", c) for c in self.sweep.visit] + [("sweep.moved", c) for c in self.sweep.moved]
        for where, car in named:
            if car is not None and car not in ids:
                raise ValueError(f"{where} names {car!r}, which is not one of the cars ({', '.join(ids)})")
        for c in self.cars:
            if c.crossings > self.laps + 1:  # finished at laps + 1 (CORE-END-1)
                raise ValueError(
                    f"car {c.id} has crossed the line {c.crossings} times in a {self.laps}-lap race "
                    f"(at most {self.laps + 1})"
                )
            if c.tyre_from > c.crossings + 1:  # AMB-26: a new set counts from the next lap
                raise ValueError(f"car {c.id}: tyre_from {c.tyre_from} is a lap after the next one ({c.crossings + 1})")
            if (c.status == "finished") != (c.place is not None):
                raise ValueError(f"car {c.id}: a finished car has a place and only a finished car has one")
            if c.team is not None and self.team_stock and c.team >= len(self.team_stock):
                raise ValueError(
                    f"car {c.id}: team {c.team} has no stock (team_stock has {len(self.team_stock)} teams)"
                )
        return self

    def with_league(self, **update: object) -> RaceState:
        """The race with fields of its league slice changed."""
        return self.model_copy(update={"league": self.league.model_copy(update=update)})

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
        return self.phase == Phase.DONE
