"""Benchmark: legal-move generation for a 30-space roll with 10 cars on the track.

    python bench/legal_moves.py [--runs N] [--track FILE ...] [--seed S]

For every shipped track (maps/*.tmx, or the --track files) it times
``rules.engine.moves`` -- the move request read from the state plus the
breadth-first enumeration of ``rules.moves.legal_moves`` -- for a car in 6th
gear that rolled 30, in two positions with all 10 cars on the board:

* ``pole``: the race start, the car on pole moves; the track ahead is empty;
* ``back``: the race start, the last car of the grid moves through the field;
* ``spread``: the other 9 cars stand one per row on random rows (seeded) of
  the next 30, so the search must go round them in every lane it can. A draw
  that walls the car in at once (fewer than 5 legal moves) is skipped: the
  next seed is tried, and the seed used is printed.

It PRINTS the median (and 10th/90th percentile) time of many runs and the
number of legal moves; nothing is asserted, the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.tracks.load import load_track  # noqa: E402
from rules.engine import moves, new_race  # noqa: E402
from rules.moves import forget  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.state import Movement, RaceState  # noqa: E402
from rules.track import Track  # noqa: E402

ROLL = 30
CARS = 10


def rolled_30(track: Track, state: RaceState, active: str) -> RaceState:
    """``active`` has declared 6th gear and rolled a 30; it has to move now."""
    car = state.car(active).model_copy(update={"gear": 6})
    movement = Movement(start=car.space or "", corner=car.corner, stops=car.stops, crossings=car.crossings)
    return state.with_car(car).model_copy(
        update={
            "phase": "move",
            "active": active,
            "round": 2,
            "roll": ROLL,
            "moves_left": ROLL,
            "pending": (),
            "movement": movement,
        }
    )


def grid_position(track: Track, mover: int) -> RaceState:
    """All cars on the grid (pole first); car ``mover`` (0 = pole) to move."""
    rules = PRESETS["fd-basic"]
    n = min(CARS, len(track.grid))
    state = new_race(track, rules, [(f"car{i + 1}", rules.default_wear) for i in range(n)], 1)
    cars = tuple(c.model_copy(update={"space": track.grid[i]}) for i, c in enumerate(state.cars))
    return rolled_30(track, state.model_copy(update={"cars": cars}), f"car{mover % n + 1}")


def spread_position(track: Track, seed: int) -> tuple[RaceState, int]:
    """The first seed from ``seed`` on whose spread position leaves the car at least 5 moves."""
    for s in range(seed, seed + 1000):
        state = _spread(track, s)
        if len(moves(track, state)) >= 5:
            return state, s
    return _spread(track, seed), seed


def _spread(track: Track, seed: int) -> RaceState:
    """The active car on a straight, the others one per row on random rows of the next 30."""
    rules = PRESETS["fd-basic"]
    n = min(CARS, len(track.grid))
    state = new_race(track, rules, [(f"car{i + 1}", rules.default_wear) for i in range(n)], 3)
    rng = random.Random(seed)
    track_spaces = [s for s in track.spaces if not s.in_pit]
    start = rng.choice([s for s in track_spaces if s.corner is None])
    rows = rng.sample(range(1, ROLL + 1), n - 1)
    others = [rng.choice(track.row_spaces(start.row + d)) for d in rows]
    spaces = [start.name] + [s.name for s in others]
    cars = tuple(c.model_copy(update={"space": spaces[i], "crossings": 1, "gear": 4}) for i, c in enumerate(state.cars))
    return rolled_30(track, state.model_copy(update={"cars": cars}), "car1")


def time_moves(track: Track, state: RaceState, runs: int) -> tuple[list[float], int]:
    moves(track, state)  # warm the track's look-up caches
    times = []
    count = 0
    for _ in range(runs):
        forget()  # the enumeration itself, not the list remembered from the run before
        t0 = time.perf_counter()
        legal = moves(track, state)
        times.append(time.perf_counter() - t0)
        count = len(legal)
    return times, count


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=101, help="timed runs per position (default 101)")
    p.add_argument("--track", action="append", metavar="FILE", help="a track file (default: every maps/*.tmx)")
    p.add_argument("--seed", type=int, default=1, help="seed of the spread position (default 1)")
    args = p.parse_args(argv)
    files = [Path(f) for f in args.track] if args.track else sorted((REPO / "maps").glob("*.tmx"))
    print(f"legal moves for a {ROLL}-space roll, {CARS} cars on the track, median of {args.runs} runs")
    print(f"{'track':<24} {'position':<10} {'median ms':>10} {'p10 ms':>8} {'p90 ms':>8} {'moves':>6}")
    for path in files:
        track = load_track(path)
        spread, used = spread_position(track, args.seed)
        positions = {
            "pole": grid_position(track, 0),
            "back": grid_position(track, -1),
            f"spread/{used}": spread,
        }
        for name, state in positions.items():
            times, count = time_moves(track, state, args.runs)
            print(
                f"{path.name:<24} {name:<10} {statistics.median(times) * 1e3:>10.2f} "
                f"{percentile(times, 0.1) * 1e3:>8.2f} {percentile(times, 0.9) * 1e3:>8.2f} {count:>6}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
