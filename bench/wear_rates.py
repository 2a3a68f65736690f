"""How fast the black die's checks wear the cars, against what a level expects of them.

    python bench/wear_rates.py [--level champion] [--preset fd-basic] [--laps 3] [--cars 10]
                               [--track FILE ...] [--seed-from 1000] [--pairs 1]

A level prices a WP of the body, the engine or the road holding by the failed checks it expects
in the rest of the race (``rules.ai.check_risk.failures_ahead``): too many, and it drives
around risks it would survive; too few, and it retires. This plays the level against the port of
GP Online's Pro bot (``bench/gponline_pro.py``) as ``bench/drivers.py`` does (the sides alternating
on the grid, each seed twice with the slots swapped), replays each race's record to read its
events, and PRINTS per side the WP each area lost a lap driven (the ``wear`` events: failed
checks, CORE-COLL-2, CORE-ENGINE-2, CORE-DANGER-2, and the few losses outside a check) and the
turns a lap declared in 5th or 6th (where engine checks reach a car); then the failures a lap the
level expected, averaged over its gear decisions. Nothing is asserted; the figures depend on the
seeds, never on the clock.
"""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import drivers as bench  # noqa: E402

from rules.actions import Action, ChooseGear  # noqa: E402
from rules.ai.check_risk import failures_ahead  # noqa: E402
from rules.ai.presets import LEVELS  # noqa: E402
from rules.ai.race_ahead import laps_ahead  # noqa: E402
from rules.car import Area  # noqa: E402
from rules.run.session import RaceSession  # noqa: E402
from rules.state import CarState, RaceState  # noqa: E402
from rules.track import Track  # noqa: E402

AREAS = (Area.BODY, Area.ENGINE, Area.ROAD_HOLDING)


class Wear:
    """What one run gathers, per side: cars, laps driven, WP lost per area, top-gear turns; and the
    level's expected failures a lap at each of its gear decisions."""

    def __init__(self, level: str) -> None:
        self.level = next(lv for lv in LEVELS if lv.name == level)
        self.cars: dict[str, int] = defaultdict(int)
        self.laps: dict[str, float] = defaultdict(float)
        self.lost: dict[tuple[str, Area], int] = defaultdict(int)
        self.top: dict[str, int] = defaultdict(int)
        self.expected: dict[Area, list[float]] = defaultdict(list)
        self.session: RaceSession | None = None
        self.sides: dict[str, str] = {}

    def watch(self, session: RaceSession, sides: dict[str, str], before: RaceState, act: Action) -> None:
        """``bench/drivers.play``'s hook: the session kept for its record, the level's expectations."""
        self.session, self.sides = session, sides
        if not isinstance(act, ChooseGear) or before.active is None:
            return
        car = before.car(before.active)
        if act.gear >= 5:
            self.top[sides[car.id]] += 1
        track = session.track
        laps = laps_ahead(track, before, car)
        if sides[car.id] == self.level.name and car.space is not None and laps > 0:
            for area in AREAS:
                self.expected[area].append(failures_ahead(track, before, car, area, self.level.exposure) / laps)

    def read(self) -> None:
        """The race just played: its record replayed for the wear events, each car's laps driven."""
        session, sides = self.session, self.sides
        if session is None:
            return
        replay = RaceSession(session.track, session.header)
        for action in session.actions:
            for event in replay.act(action):
                if event.kind == "wear" and event.car is not None:
                    self.lost[(sides[event.car], Area(str(event.data["area"])))] += 1
        for car in replay.state.cars:
            self.cars[sides[car.id]] += 1
            self.laps[sides[car.id]] += driven(session.track, replay.state, car)


def driven(track: Track, state: RaceState, car: CarState) -> float:
    """The laps a car drove: the race's laps less those it still had to drive when it retired
    (``laps_ahead``, the measure the levels price the race left by), all of them at the flag."""
    if car.status == "finished":
        return float(state.laps)
    if car.space is None:
        return 0.0
    return state.laps - laps_ahead(track, state, car)


def run(wear: Wear, cases: list[bench.Case]) -> None:
    """Play the cases, every decision watched, and read each race's record."""
    for case in cases:
        bench.play(case, watch=wear.watch)
        wear.read()
        wear.session = None


def report(wear: Wear) -> None:
    print("side              cars   laps   body/lap  engine/lap  road holding/lap  5th-6th turns/lap")
    for side in sorted(wear.cars):
        laps = wear.laps[side] or 1.0
        rates = [wear.lost[(side, a)] / laps for a in AREAS]
        print(
            f"{side:16} {wear.cars[side]:5} {wear.laps[side]:6.1f}"
            f"   {rates[0]:8.3f}  {rates[1]:10.3f}  {rates[2]:16.3f}  {wear.top[side] / laps:17.2f}"
        )
    if wear.expected[Area.BODY]:
        means = [statistics.mean(wear.expected[a]) for a in AREAS]
        print(
            f"{wear.level.name} expects failures a lap: body {means[0]:.3f}, engine {means[1]:.3f},"
            f" road holding {means[2]:.3f} ({len(wear.expected[Area.BODY])} gear decisions)"
        )


def main(argv: list[str] | None = None) -> int:
    p = bench.pro_options(__doc__, cars=10, pairs=1)
    p.set_defaults(laps=3)
    args = p.parse_args(argv)
    cases = [case for path in bench.pro_tracks(p, args) for case in bench.pro_cases(args, path)]
    wear = Wear(args.level)
    run(wear, cases)
    report(wear)
    return 0


if __name__ == "__main__":
    sys.exit(main())
