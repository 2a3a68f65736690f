"""A qualifying session: the weather, each driver's tyres, the timed laps one by one, the grid.

The game plays the steward (QUAL-2, QUAL-D-10): it rolls the qualifying
weather against the track's barometer before the first lap (QUAL-7,
WEATHER-3, QUAL-D-2: "variable" is overcast but dry), lets every driver pick
tyres for the lap when the tyre module is on (TYRE-1, TYRE-D-1), counts the
rolls and penalties of each lap (the engine's ``LapTally``), and ranks the
laps into a grid (``rules.qualifying.grid``). Laps are driven one after another in
entry order, each car alone on the track from the qualifying start
(QUAL-2, QUAL-D-3, QUAL-B-1).

Time is the caller's: a person's lap is timed by the screen's stopwatch and
handed to ``finish_lap``; a computer driver's lap is timed by
``rules.run.think_time`` as it is driven. Every action is kept with the clock
time it was made at, so a lap can be replayed as a ghost.

A session is saved like a race record (``QualifyingRecord``): the race it
leads to, the session's seed and every lap driven so far with its timed
actions. Loading replays the laps and draws the dice as the session did, so
it goes on exactly where it stopped, the stopwatch at the last action's time.
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from rules.actions import Action, ChooseGear, Event, Roll
from rules.dice import BLACK_DIE, DiceSource, Roller
from rules.driver import Drivers, driver_for
from rules.engine import IllegalAction, apply, chance, gear_options, moves, new_lap
from rules.files import migrate
from rules.files.record import SCHEMA_VERSION, Entry, Header, RecordError
from rules.gears import ShiftCost
from rules.qualifying.grid import Grid, LapResult, TimedAction, combined, grid_order
from rules.ruleset import RuleSet
from rules.run.liveness import lap_bound
from rules.run.think_time import ROLL_MS, decision_ms
from rules.state import Phase, RaceState
from rules.tables.profiles import Profile, qualifying_modifier
from rules.tables.tyres import Tyre
from rules.tables.weather import Barometer, qualifying_wet
from rules.track import Track


class UnfinishedLap(RuntimeError):
    """A computer's qualifying lap that ran past ``rules.run.liveness.lap_bound``: always a bug."""


class QualifyingLap:
    """One driver alone on the track for one timed lap (the only caller of ``apply`` for it)."""

    def __init__(
        self,
        track: Track,
        rules: RuleSet,
        entry: Entry,
        dice: Roller,
        tyre: Tyre | None,
        wet: bool,
        drivers: Drivers = MappingProxyType({}),
    ) -> None:
        self.track = track
        self.entry = entry
        self.drivers = drivers  # the computer drivers by kind (``rules.run.session.RaceSession``'s)
        self.dice = dice
        self.tyre = tyre
        self.state: RaceState = new_lap(
            track, rules, entry.id, wp=entry.wear, tyre=tyre.value if tyre else None, wet=wet, profile=entry.profile
        )
        self.actions: list[TimedAction] = []
        self._before_gear: RaceState | None = None  # the lap before its last gear, until the die is rolled

    @property
    def done(self) -> bool:
        return self.state.phase == Phase.DONE

    @property
    def rolled(self) -> bool:
        """The first gear die has been thrown: QUAL-3 starts the clock here."""
        return any(isinstance(t.action, Roll) for t in self.actions)

    def act(self, action: Action, at_ms: int) -> list[Event]:
        """Apply a decision or a die face; IllegalAction leaves the lap unchanged."""
        before = self.state
        self.state, events = apply(self.track, self.state, action)
        self.actions.append(TimedAction(at_ms=at_ms, action=action))
        self._before_gear = before if isinstance(action, ChooseGear) else None
        return events

    @property
    def can_undo(self) -> bool:
        """A gear may be taken back until its die is rolled (MASTERS-LEVER-2/3), as in the race."""
        return self._before_gear is not None and not self.done

    def undo_gear(self) -> bool:
        """The lap as it was before its last gear; the watch keeps the time it took (QUAL-3)."""
        if not self.can_undo:
            return False
        assert self._before_gear is not None
        self.state, self._before_gear = self._before_gear, None
        self.actions.pop()
        return True

    def roll(self, at_ms: int) -> list[Event]:
        """Throw the die the lap waits for."""
        c = chance(self.state)
        if c is None:
            raise RuntimeError("no die to roll now")
        return self.act(Roll(value=self.dice.roll(c.die)), at_ms)

    def computer_choice(self) -> tuple[Action, int]:
        """The computer driver's decision now and how many options it had (for ``think_time``)."""
        action = driver_for(self.drivers, self.entry.driver).act(self.track, self.state)
        if isinstance(action, ChooseGear):
            return action, sum(isinstance(o, ShiftCost) for o in gear_options(self.track, self.state).values())
        return action, len({m.end for m in moves(self.track, self.state)})

    def drive_computer(self, clock_start: str) -> int:
        """Drive the whole lap as the computer driver; returns its lap time in ms (``rules.run.think_time``).

        Decisions before the clock starts are not timed: with QUAL-3's
        "first_roll" the first gear is chosen before the steward starts the watch.
        """
        clock = 0
        running = clock_start == "before_first_roll"
        bound = lap_bound(self.track)
        while not self.done:
            if self.state.lap is not None and self.state.lap.rolls > bound:
                raise UnfinishedLap(
                    f"{self.entry.id}'s qualifying lap did not end in {bound} turns "
                    f"(on {self.state.car(self.entry.id).space}, phase {self.state.phase})"
                )
            if chance(self.state) is not None:
                if running:
                    clock += ROLL_MS
                running = True
                self.roll(clock)
                continue
            action, options = self.computer_choice()
            if running:
                clock += decision_ms(action, options)
            self.act(action, clock)
        return clock

    def result(self, time_ms: int, failure_order: int | None) -> LapResult:
        tally = self.state.lap
        assert tally is not None, "new_lap always keeps a tally"
        profile = self.entry.profile if self.state.rules.profiles else Profile.NORMALO
        return LapResult(
            driver=self.entry.id,
            name=self.entry.name,
            rolls=tally.rolls,
            penalty=tally.penalty,
            time_ms=time_ms,
            modifier=qualifying_modifier(profile),
            failed=tally.failed,
            failure_order=failure_order if tally.failed or not tally.finished else None,
            finished=tally.finished,
        )


class DrivenLap(BaseModel):
    """One lap of a session as it was driven: the driver, the tyres, every timed action, the lap time."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    driver: str
    tyre: Tyre | None = None
    steps: tuple[TimedAction, ...]
    time_ms: int | None = Field(default=None, ge=0)  # None: the lap is still being driven


class QualifyingRecord(BaseModel):
    """A qualifying session as the autosave keeps it; ``kind`` tells it from a race record."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    schema_version: int = SCHEMA_VERSION
    kind: Literal["qualifying"] = "qualifying"
    header: Header  # the race that starts on the session's grid: track, rules, drivers
    seed: int  # the session's own dice
    variant: str  # the rule variant its laps count for in the lap records
    laps: tuple[DrivenLap, ...] = ()


_QUALIFYING = TypeAdapter(QualifyingRecord)


def loads_qualifying(text: str, source: str = "qualifying") -> QualifyingRecord:
    """Parse a saved session; RecordError with what is wrong and where, never a traceback."""
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as err:
        raise RecordError(f"{source}: not readable JSON ({err})") from None
    version = raw.get("schema_version") if isinstance(raw, dict) else None
    if not migrate.migratable(version):
        raise RecordError(f"{source}: schema_version {version!r} is not supported (this game writes {SCHEMA_VERSION})")
    if version != SCHEMA_VERSION:  # an older session, in today's shape
        text = json.dumps(migrate.record(raw))
    try:
        return _QUALIFYING.validate_json(text, strict=True)
    except ValidationError as err:
        first = err.errors()[0]
        raise RecordError(f"{source}: {'.'.join(str(p) for p in first['loc'])}: {first['msg']}") from None


class QualifyingSession:
    """Every driver's lap in entry order, then the grid."""

    def __init__(
        self,
        track: Track,
        rules: RuleSet,
        entries: tuple[Entry, ...],
        seed: int,
        dice: Roller | None = None,
        drivers: Drivers = MappingProxyType({}),
    ) -> None:
        self.track = track
        self.drivers = drivers
        self.rules = rules
        self.entries = entries
        self.dice = dice or DiceSource(seed)
        self.seed = seed
        self.runs = rules.qualifying.runs
        self.weather_rolls: list[int] = []  # one per run begun
        self.barometers: list[Barometer] = []
        self.results: list[LapResult] = []  # every lap, in the order driven: run 1, then run 2
        self.driven: list[DrivenLap] = []  # the same laps as driven: tyres and timed actions
        self.tyres: dict[str, Tyre] = {}  # each driver's tyres of its latest lap
        self.lap: QualifyingLap | None = None
        self._grid: Grid | None = None
        self._roll_weather()

    def _roll_weather(self) -> None:
        """QUAL-7, WEATHER-3, QUAL-D-2: one roll for all laps of a run (QUAL-D-13: each run its own)."""
        if self.rules.weather:
            self.weather_rolls.append(self.dice.roll(BLACK_DIE))
            self.barometers.append(self.track.weather.condition(self.weather_rolls[-1]))

    @property
    def run(self) -> int:
        """The run under way (0-based; the last one once every lap is done)."""
        return min(len(self.results) // len(self.entries), self.runs - 1)

    @property
    def weather_roll(self) -> int | None:
        return self.weather_rolls[self.run] if self.weather_rolls else None

    @property
    def barometer(self) -> Barometer | None:
        return self.barometers[self.run] if self.barometers else None

    @property
    def wet(self) -> bool:
        """QUAL-D-2, QUAL-D-13: run 1's "variable" is dry; run 2's is as run 1 was."""
        if not self.barometers:
            return False
        first = qualifying_wet(self.barometers[0])
        now = self.barometers[self.run]
        return first if self.run and now == "variable" else qualifying_wet(now)

    @property
    def next_entry(self) -> Entry | None:
        """The driver to go out next (or driving now), None when every lap of every run is done."""
        if len(self.results) >= self.runs * len(self.entries):
            return None
        done = {r.driver for r in self.results[self.run * len(self.entries) :]}
        return next((e for e in self.entries if e.id not in done), None)

    @property
    def done(self) -> bool:
        return self.next_entry is None

    @property
    def tyre_choice(self) -> bool:
        """The tyre module is on: each driver picks tyres for the lap (TYRE-1, TYRE-D-1)."""
        return self.rules.tyres is not None

    def computer_tyre(self, entry: Entry) -> Tyre:
        """Rain tyres in the wet; dry, soft tyres' bonus for the bold and hard tyres for the careful."""
        if self.wet:
            return Tyre.RAIN
        return Tyre.SOFT if entry.driver == "aggressive" else Tyre.HARD

    def start_lap(self, tyre: Tyre | None = None) -> QualifyingLap:
        entry = self.next_entry
        if entry is None:
            raise RuntimeError("every driver has done the qualifying lap")
        if self.tyre_choice:
            tyre = tyre or self.computer_tyre(entry)
            self.tyres[entry.id] = tyre
        else:
            tyre = None
        self.lap = QualifyingLap(self.track, self.rules, entry, self.dice, tyre, self.wet, self.drivers)
        return self.lap

    def finish_lap(self, time_ms: int) -> LapResult:
        """Write the lap down once the car crossed the line or a corner ended it."""
        lap = self.lap
        if lap is None or not lap.done:
            raise RuntimeError("no finished lap to write down")
        failures = sum(not r.qualified for r in self.results)
        result = lap.result(time_ms, failures + 1)
        self.results.append(result)
        self.driven.append(DrivenLap(driver=result.driver, tyre=lap.tyre, steps=tuple(lap.actions), time_ms=time_ms))
        self.lap = None
        if len(self.results) % len(self.entries) == 0 and not self.done:
            self._roll_weather()  # QUAL-D-13: the next run's own weather
        return result

    def drive_computer(self) -> LapResult:
        """The next driver's whole lap, driven and timed by the computer."""
        lap = self.start_lap()
        return self.finish_lap(lap.drive_computer(self.rules.qualifying.clock_start))

    def laps(self) -> tuple[DrivenLap, ...]:
        """Every lap so far, the one being driven last (once it has an action): what a save keeps."""
        done = tuple(self.driven)
        lap = self.lap
        if lap is None or not lap.actions:
            return done
        return (*done, DrivenLap(driver=lap.entry.id, tyre=lap.tyre, steps=tuple(lap.actions)))

    @classmethod
    def replay(
        cls,
        track: Track,
        rules: RuleSet,
        entries: tuple[Entry, ...],
        seed: int,
        laps: tuple[DrivenLap, ...],
        drivers: Drivers = MappingProxyType({}),
    ) -> QualifyingSession:
        """The session of a save: its laps driven again, the dice drawn as they were (RecordError if
        they do not replay)."""
        session = cls(track, rules, entries, seed, drivers=drivers)
        for n, driven in enumerate(laps, start=1):
            entry = session.next_entry
            if entry is None or entry.id != driven.driver or session.lap is not None:
                raise RecordError(f"lap {n}: {driven.driver!r} does not drive now")
            lap = session.start_lap(driven.tyre)
            for i, step in enumerate(driven.steps, start=1):
                c = chance(lap.state) if isinstance(step.action, Roll) else None
                if c is not None:
                    session.dice.roll(c.die)  # keep the seeded source where the session left it
                try:
                    lap.act(step.action, step.at_ms)
                except IllegalAction as err:
                    raise RecordError(
                        f"lap {n}, action {i} ({step.action.model_dump_json()}) does not replay: {err}"
                    ) from None
            if driven.time_ms is not None:
                if not lap.done:
                    raise RecordError(f"lap {n}: has a time but did not end")
                session.finish_lap(driven.time_ms)
        return session

    def classified(self, results: list[LapResult] | None = None) -> list[LapResult]:
        """One result per driver: its lap, or with two runs the result they combine to (AMB-45d);
        of ``results`` (the session's laps so far, or the first of them) if given."""
        laps = self.results if results is None else results
        n = len(self.entries)
        return combined([laps[k : k + n] for k in range(0, len(laps), n)], self.rules.qualifying)

    def grid(self) -> Grid:
        """The starting grid (drawn once: QUAL-D-12's black-die draws are part of the session)."""
        if not self.done:
            raise RuntimeError("the grid is known once every driver has done the lap")
        if self._grid is None:
            self._grid = grid_order(self.classified(), self.rules.qualifying, self.dice)
        return self._grid

    def race(self, header: Header) -> Header:
        """The race this session leads to: its grid, and the qualifying weather a variable race
        starts from (WEATHER-D-2)."""
        return header.model_copy(update={"grid": self.grid().order, "qualifying_weather": self.barometer})
