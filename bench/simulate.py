"""Benchmark: whole races with computer drivers, and how often the cars of a computer level finish.

    python bench/simulate.py [--speed-races K] [--races N] [--track FILE ...] [--driver D]

Per shipped track (maps/*.tmx, or the --track files) it PRINTS

* speed: races simulated per second, 10 cars (or as many as the grid holds),
  1 lap, Racers (or the --driver), seeds 1..K (default K = 3), plus actions per second;
* finish rate: the share of cars that see the flag over N seeded 10-car
  3-lap races (seeds 1..N, default N = 2) and why the others retired.

Everything runs through ``rules.run.simulation`` exactly as ``main.py simulate`` does; a race that
stops before its end raises ``UnfinishedRace``.
Nothing is asserted; the figures depend on the machine (and its load).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.tracks.load import load_track  # noqa: E402
from rules.ai.registry import DRIVERS  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.run.session import RaceSession  # noqa: E402
from rules.run.simulation import play, race_header  # noqa: E402
from rules.track import Track  # noqa: E402


def race(track: Track, seed: int, laps: int, driver: str, rules: str = "fd-basic", cars: int = 10) -> RaceSession:
    header, _ = race_header(track, PRESETS[rules], min(cars, len(track.grid)), laps, seed, driver, DRIVERS)
    return play(track, header, DRIVERS)


def speed(track: Track, races: int, driver: str, rules: str) -> str:
    total = 0.0
    actions = 0
    for seed in range(1, races + 1):
        t0 = time.perf_counter()
        session = race(track, seed, 1, driver, rules)
        total += time.perf_counter() - t0
        actions += len(session.actions)
    return (
        f"{races / total:6.2f} races/s  ({total / races:6.2f} s a race, "
        f"{actions / total:7.0f} actions/s, {actions / races:5.0f} actions a race)"
    )


def finish_rate(track: Track, races: int, driver: str, rules: str) -> str:
    finished = cars = 0
    reasons: Counter[str] = Counter()
    t0 = time.perf_counter()
    for seed in range(1, races + 1):
        state = race(track, seed, 3, driver, rules).state
        for car in state.cars:
            cars += 1
            if car.status == "finished":
                finished += 1
            elif car.out is not None:
                reasons[car.out.rule] += 1
    why = ", ".join(f"{rule} x{n}" for rule, n in reasons.most_common()) or "none"
    return (
        f"{finished}/{cars} cars finished = {100 * finished / cars:5.1f}%  "
        f"({time.perf_counter() - t0:.1f} s; out: {why})"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--speed-races", type=int, default=3, metavar="K", help="10-car 1-lap races timed per track (default 3)"
    )
    p.add_argument(
        "--races", type=int, default=2, metavar="N", help="10-car 3-lap races per track for the finish rate (default 2)"
    )
    p.add_argument("--track", action="append", metavar="FILE", help="a track file (default: every maps/*.tmx)")
    p.add_argument("--driver", default="racer", choices=("rookie", "racer", "champion", "careful", "aggressive"))
    p.add_argument("--rules", default="fd-basic", choices=sorted(PRESETS), help="the preset (default fd-basic)")
    args = p.parse_args(argv)
    files = [Path(f) for f in args.track] if args.track else sorted((REPO / "maps").glob("*.tmx"))
    for path in files:
        track = load_track(path)
        print(f"{path.name} ({track.name}, {min(10, len(track.grid))} cars, {args.driver}, {args.rules})")
        if args.speed_races > 0:
            print(f"  speed, 1 lap:          {speed(track, args.speed_races, args.driver, args.rules)}")
        if args.races > 0:
            print(f"  finish rate, 3 laps:   {finish_rate(track, args.races, args.driver, args.rules)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
