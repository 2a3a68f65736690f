"""A race's statistics, from its record: what the statistics screen draws as charts and a table.

The record is replayed through the engine action by action (``rules.files.record.steps``, the path
``main.py replay`` takes), and the statistics are read off the states and events on the way, so a
race saved, finished or stored in a history gives the same figures every time:

- the classification after every game round (round 0 is the start), for the positions chart;
- the WP each car used per area of its rule set: gear skips, braking, blocked lanes, failed
  checks, fuel per lap, the engine boost, as the events strike them. WP given back are not WP
  used, and never offset them: a pit stop's tyres (CORE-PIT-1), the T-car (TCAR-1), the set-up
  again after a restart from the grid (RESTART-2), the street race's tyres and free WP on the
  line (STREET-8); so "set-up less what is left" is no measure of it;
- dice luck: the sum of its gear-die rolls against the sum of the averages of the dice it chose,
  and its black-die checks (collision, engine, road holding) passed and failed, a karma re-roll
  or raise counted with the check it changed (KARMA-3);
- its laps in game rounds (lap 1 from the start, each later lap from the line), laps led (the
  first car across the line at the end of a lap leads it) and game rounds led (first in the
  classification when the round ends);
- pit stops, and its finishing place or why it retired.

A restart from the grid (RESTART-2) makes the laps and who led them count again from the round after
it; the positions, rounds led, WP used and dice rolled count on through it.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from rules.actions import Action, Event, Karma, Roll
from rules.car import Area
from rules.classify import Place, classification
from rules.dice import Purpose
from rules.engine import chance
from rules.files.record import Record, Step, start_state, steps
from rules.reasons import Reason
from rules.state import Check, Phase, RaceState
from rules.track import Track

#: The black-die checks that luck counts: each passes, or fails and strikes a WP.
CHECKS = (Purpose.COLLISION, Purpose.ENGINE, Purpose.ROAD_HOLDING)
_AREAS = {a.value for a in Area}


@dataclass(frozen=True)
class Lap:
    """A completed lap: its number (from 1), the game rounds it took and the round it ended in."""

    number: int
    rounds: int
    ended: int


@dataclass(frozen=True)
class CarStats:
    """One car's race in figures."""

    car: str
    positions: tuple[int, ...]  # classified position at the start (index 0) and after each game round
    setup: dict[Area, int]  # the WP it started with, per area of the rule set
    used: dict[Area, int]  # the WP it used, per area
    left: dict[Area, int]  # the WP it had at the end
    rolls: int  # gear-die rolls
    rolled: int  # their sum
    expected: Fraction  # the sum of the averages of the dice rolled
    passed: int  # black-die checks passed
    failed: int  # ... and failed
    laps: tuple[Lap, ...]
    laps_led: int
    rounds_led: int
    pit_stops: int
    place: Place  # its line of the classification (position, status, retirement reason)
    ended: int | None  # the game round it finished or retired in; None while it races on

    @property
    def luck(self) -> Fraction:
        """The gear dice's spaces above (or below) what the average of the dice chosen gives."""
        return self.rolled - self.expected

    @property
    def fastest(self) -> Lap | None:
        """Its fastest lap: the fewest game rounds, the earlier one at a tie."""
        return min(self.laps, key=lambda lap: (lap.rounds, lap.ended), default=None)

    @property
    def reason(self) -> Reason | None:
        return self.place.reason


@dataclass(frozen=True)
class RaceStats:
    """Every car's figures, in the order of the classification."""

    cars: tuple[CarStats, ...]
    areas: tuple[Area, ...]  # the areas of the race's rule set
    rounds: int  # game rounds played
    laps: int  # laps of the race
    finished: bool  # False for a race still in progress

    def car(self, car_id: str) -> CarStats:
        return next(c for c in self.cars if c.car == car_id)

    @property
    def fastest(self) -> tuple[str, Lap] | None:
        """The race's fastest lap and its car: the fewest game rounds, the first to drive it at a tie."""
        laps = [(c.car, lap) for c in self.cars for lap in c.laps]
        return min(laps, key=lambda cl: (cl[1].rounds, cl[1].ended), default=None)


@dataclass
class _Tally:
    """What the replay counts for one car as it goes."""

    setup: dict[Area, int]
    used: dict[Area, int] = field(default_factory=dict)
    rolls: int = 0
    rolled: int = 0
    expected: Fraction = Fraction(0)
    passed: int = 0
    failed: int = 0
    marks: list[int] = field(default_factory=lambda: [0])  # the round count at the start and at each lap's end
    done: int = 0  # laps it had ended before the start (a position taken mid-race)
    laps_led: int = 0
    rounds_led: int = 0
    pit_stops: int = 0
    ended: int | None = None


class _Replay:
    """The running count while the record replays."""

    def __init__(self, track: Track, state: RaceState) -> None:
        self.track = track
        self.areas = state.rules.car_setup.areas
        self.tally = {
            c.id: _Tally(setup={a: c.wp[a] for a in self.areas}, done=max(0, c.crossings - 1)) for c in state.cars
        }
        self.rounds = 0  # game rounds ended (a restart's round 0 and 1 count on)
        self.positions: list[list[str]] = []  # the classification at the start and after each round
        self.leaders: dict[int, str] = {}  # lap number -> the first car to end it
        self.check: Check | None = None  # a black-die check rolled whose outcome is still open (KARMA-3)
        self.regrid = False  # the step restarted the race from the grid (RESTART-2)
        if state.round >= 1:  # a race already under way (a decided grid, or a position): its order is the start
            self.positions.append(self._order(state))

    def step(self, before: RaceState, action: Action, after: RaceState, events: list[Event]) -> None:
        """Count what one action did."""
        if isinstance(action, Roll):
            self._roll(before, action.value)
        for e in events:
            self._event(after, e)
        if (
            self.check is not None
            and after.phase != Phase.KARMA
            and not (isinstance(action, Karma) and action.spend == "reroll")
        ):
            failed = any(e.kind == "wear" and e.car == self.check.car for e in events)
            t = self.tally[self.check.car]
            t.failed += failed
            t.passed += not failed
            self.check = None
        for c in after.cars:  # a stop counted when it is made, whatever a restart does to the count later
            t = self.tally[c.id]
            t.pit_stops += max(0, c.pit_stops - before.car(c.id).pit_stops)
        self._restarted(after)

    def _restarted(self, after: RaceState) -> None:
        """A restart from the grid (RESTART-2) takes the cars' crossings back to 0: their laps and
        who led them count again from the next round. A car put past the line without driving there
        (a restart in single file) ends its lap there."""
        if self.regrid:
            self.regrid = False
            self.leaders.clear()
            for t in self.tally.values():
                t.marks, t.laps_led, t.done = [self.rounds], 0, 0
        for c in after.cars:
            while self.tally[c.id].done + len(self.tally[c.id].marks) < c.crossings:
                self._lap_end(c.id)

    def _lap_end(self, car: str) -> None:
        """The car ends a lap in the current round; the first to end it leads that lap."""
        t = self.tally[car]
        lap = t.done + len(t.marks)
        t.marks.append(self.rounds + 1)
        if lap not in self.leaders:
            self.leaders[lap] = car
            t.laps_led += 1

    def _roll(self, before: RaceState, value: int) -> None:
        """A gear die against its average; a black die of a check opens that check."""
        c = chance(before)
        if c is None:
            return
        if c.purpose == Purpose.GEAR and before.active is not None:
            t = self.tally[before.active]
            t.rolls += 1
            t.rolled += value
            t.expected += Fraction(sum(c.die.faces), len(c.die.faces))
        elif c.purpose in CHECKS and self.check is None:
            self.check = before.pending[0]

    def _event(self, after: RaceState, e: Event) -> None:
        d = e.data
        t = self.tally.get(e.car or "")
        if e.kind == "round":
            if self.positions:  # the round before has ended
                self._round_end(after)
            else:
                self.positions.append(self._order(after))
        elif e.kind == "race_over" and self.positions:
            self._round_end(after)
        elif e.kind == "restart":
            self.regrid = self.regrid or bool(d.get("full"))
        elif t is None:
            return
        elif e.kind == "setup":
            t.setup = {a: after.car(e.car or "").wp[a] for a in self.areas}
        elif e.kind == "gear":
            self._use(t, {Area(k): v for k, v in d.items() if k in _AREAS and isinstance(v, int)})
        elif e.kind == "wear" and isinstance(spent := d.get("lost"), int):
            self._use(t, {Area(str(d["area"])): spent})
        elif e.kind == "fuel" and not d.get("rolling_out"):  # FUEL-1: one WP per line crossed
            self._use(t, {Area.FUEL: 1})
        elif e.kind == "boost":  # ENG-D-3: one engine WP
            self._use(t, {Area.ENGINE: 1})
        elif e.kind == "lap" and d.get("crossings") == t.done + len(t.marks) + 1:  # a lap ends
            self._lap_end(e.car or "")
        elif e.kind in ("finish", "out"):
            t.ended = self.rounds + 1

    def _use(self, t: _Tally, cost: dict[Area, int]) -> None:
        for area, n in cost.items():
            if n:
                t.used[area] = t.used.get(area, 0) + n

    def _order(self, state: RaceState) -> list[str]:
        return [p.car for p in classification(self.track, state)]

    def _round_end(self, state: RaceState) -> None:
        self.rounds += 1
        order = self._order(state)
        self.positions.append(order)
        self.tally[order[0]].rounds_led += 1

    def result(self, state: RaceState) -> RaceStats:
        places = classification(self.track, state)
        if not self.positions:  # a record that never reached game round 1
            self.positions.append([p.car for p in places])
        cars = []
        for place in places:
            t = self.tally[place.car]
            car = state.car(place.car)
            laps = tuple(Lap(t.done + k, t.marks[k] - t.marks[k - 1], t.marks[k]) for k in range(1, len(t.marks)))
            cars.append(
                CarStats(
                    car=place.car,
                    positions=tuple(order.index(place.car) + 1 for order in self.positions),
                    setup=dict(t.setup),
                    used={a: t.used.get(a, 0) for a in self.areas},
                    left={a: car.wp[a] for a in self.areas},
                    rolls=t.rolls,
                    rolled=t.rolled,
                    expected=t.expected,
                    passed=t.passed,
                    failed=t.failed,
                    laps=laps,
                    laps_led=t.laps_led,
                    rounds_led=t.rounds_led,
                    pit_stops=t.pit_stops,
                    place=place,
                    ended=t.ended,
                )
            )
        return RaceStats(
            cars=tuple(cars), areas=self.areas, rounds=self.rounds, laps=state.laps, finished=state.finished
        )


class Counting:
    """Statistics counted a slice of steps at a time, so a screen stays responsive while a long
    race replays and can show how far it has got."""

    def __init__(self, track: Track, start: RaceState, played: Iterable[Step], total: int) -> None:
        """The ``total`` steps ``played`` from the position ``start``."""
        self.total = total
        self.done = 0  # steps counted so far
        self._state = start
        self._count = _Replay(track, start)
        self._steps = iter(played)
        self.result: RaceStats | None = None

    @classmethod
    def of(cls, track: Track, record: Record) -> Counting:
        """A record's statistics to count; RecordError if the record does not fit the track."""
        return cls(track, start_state(track, record.header), steps(track, record), len(record.actions))

    def advance(self, seconds: float) -> RaceStats | None:
        """Count on for about ``seconds`` (at least one step); the statistics once every step is
        counted, else None. RecordError (from a record's replay) names an action that does not replay."""
        if self.result is not None:
            return self.result
        until = time.perf_counter() + seconds
        for step in self._steps:
            self._count.step(step.before, step.action, step.after, step.events)
            self._state = step.after
            self.done += 1
            if time.perf_counter() >= until:
                return None
        self.result = self._count.result(self._state)
        return self.result

    def finish(self) -> RaceStats:
        """Count every step that is left."""
        result = self.advance(float("inf"))
        assert result is not None
        return result


def race_statistics(track: Track, record: Record) -> RaceStats:
    """The statistics of the race ``record`` holds, played on ``track``; RecordError (from the
    replay) if the record does not fit the track or an action does not replay."""
    return Counting.of(track, record).finish()


def statistics_from(track: Track, start: RaceState, played: Sequence[Step]) -> RaceStats:
    """The statistics of the steps ``played`` from the position ``start`` (a record's start state,
    or any position a race went on from: its order is then round 0, and the lap it is on counts
    from there)."""
    return Counting(track, start, played, len(played)).finish()
