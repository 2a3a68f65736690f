"""Tune a level's prices by self-play: a coordinate search, each step a match against the best so far.

    python bench/tune_drivers.py [--level racer] [--rounds R] [--duels N] [--cars C] [--laps L ...]
                                 [--track FILE ...] [--preset KEY ...] [--price NAME ...] [--jobs J]

Starting from the level's prices in ``rules/ai/presets.py``, it moves one price at a time up and
down by a step (halved each round) and plays the candidate against the incumbent in N pairs of
2-car duels per track, preset and lap count (seeds fixed; each seed twice, each side on pole once
with the same dice, so near-equal prices are not judged by the luck of the pole; through
``bench/drivers.py``'s race loop). A candidate that wins more than half the duels (a retirement
counts as a loss for its side; ties broken by fewer retirements) becomes the incumbent. With
``--cars C`` above 2 the races are fields of C cars, the two sides' cars alternating on the grid,
and a side wins a race with the better mean finishing position (retired cars classified behind
the finishers; equal means count half): the prices of a full field (``field_reserve``, ``race``,
``exposure``, ``exposed``, ``boxed``; ``rain`` in rain) matter only there. It PRINTS
every step and, at the end, the prices as a ``Level(...)`` keyword list to paste into
``rules/ai/presets.py``. Nothing is written; the figures depend on the seeds, never on the clock.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import drivers as bench  # noqa: E402

from rules.ai import registry  # noqa: E402
from rules.ai.levels import Level  # noqa: E402
from rules.ai.presets import LEVELS  # noqa: E402

PRICES = (
    "brake",
    "tyre",
    "scarcity",
    "rain",
    "reserve",
    "field_reserve",
    "crowd",
    "out",
    "race",
    "exposure",
    "exposed",
    "boxed",
    "missed",
    "pit_cost",
    "skip",
    "slip",
)
STEPS = {
    "brake": 0.3,
    "tyre": 0.3,
    "scarcity": 0.15,
    "rain": 1.0,
    "reserve": 1.5,
    "field_reserve": 2.0,
    "crowd": 0.25,
    "out": 20.0,
    "race": 30.0,
    "exposure": 0.1,
    "exposed": 0.04,
    "boxed": 0.25,
    "missed": 6.0,
    "pit_cost": 6.0,
    "skip": 0.75,
    "slip": 0.75,
}
CANDIDATE, INCUMBENT = "tune-candidate", "tune-incumbent"


def _play(job: tuple[Level, Level, bench.Case]) -> tuple[float, int, int]:
    """One race: (the candidate's share of the win, candidate cars retired, incumbent cars retired)."""
    candidate, incumbent, case = job
    registry.DRIVERS[CANDIDATE] = replace(candidate, name=CANDIDATE)
    registry.DRIVERS[INCUMBENT] = replace(incumbent, name=INCUMBENT)
    outcome = bench.play(case, computers={CANDIDATE, INCUMBENT})
    out = {CANDIDATE: 0, INCUMBENT: 0}
    pos: dict[str, list[int]] = {CANDIDATE: [], INCUMBENT: []}
    for r in outcome.cars:
        out[r.side] += r.status == "out"
        pos[r.side].append(r.position)
    if case.cars == 2:
        won = float(outcome.cars[0].side == CANDIDATE)
    else:
        mine, theirs = (sum(pos[s]) / len(pos[s]) for s in (CANDIDATE, INCUMBENT))
        won = 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return won, out[CANDIDATE], out[INCUMBENT]


def match(candidate: Level, incumbent: Level, cases: list[bench.Case], pool) -> tuple[float, int, int]:
    jobs = [(candidate, incumbent, c) for c in cases]
    results = pool.map(_play, jobs, chunksize=1) if pool is not None else list(map(_play, jobs))
    wins = sum(r[0] for r in results)
    return wins / len(results), sum(r[1] for r in results), sum(r[2] for r in results)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--level", default="racer", choices=[lv.name for lv in LEVELS])
    p.add_argument("--rounds", type=int, default=2, metavar="R", help="passes over the prices (default 2)")
    p.add_argument(
        "--duels", type=int, default=3, metavar="N", help="pairs of duels per track, preset and lap count (default 3)"
    )
    p.add_argument(
        "--cars", type=int, default=2, metavar="C", help="cars a race (default 2: duels; up to each grid's size)"
    )
    p.add_argument("--laps", action="append", type=int, choices=(1, 2, 3), help="default: 1 and 3")
    p.add_argument("--track", action="append", metavar="FILE", help="a track file (default: every maps/*.tmx)")
    p.add_argument("--preset", action="append", help="default: fd-basic")
    p.add_argument("--price", action="append", choices=PRICES, help="the prices to move (default: all)")
    p.add_argument("--jobs", type=int, default=1, metavar="J")
    args = p.parse_args(argv)
    tracks = args.track or sorted(str(f) for f in (REPO / "maps").glob("*.tmx"))
    cases = [
        bench.Case(t, preset, laps, min(args.cars, len(bench.track(t).grid)), seed, CANDIDATE, INCUMBENT, swapped)
        for t in tracks
        for preset in (args.preset or ["fd-basic"])
        for laps in (args.laps or [1, 3])
        for seed in range(1, args.duels + 1)
        for swapped in (False, True)
    ]
    best = next(lv for lv in LEVELS if lv.name == args.level)
    steps = dict(STEPS)
    pool = multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else None
    try:
        for r in range(args.rounds):
            for price in args.price or PRICES:
                for sign in (1, -1):
                    value = max(0.0, getattr(best, price) + sign * steps[price])
                    candidate = replace(best, **{price: round(value, 3)})
                    rate, c_out, i_out = match(candidate, best, cases, pool)
                    better = rate > 0.5 or (rate == 0.5 and c_out < i_out)
                    print(
                        f"round {r + 1} {price:9} {value:7.3f}: wins {100 * rate:5.1f}%  out {c_out} v {i_out}"
                        f"{'  -> taken' if better else ''}",
                        flush=True,
                    )
                    if better:
                        best = candidate
                        break
            steps = {k: v / 2 for k, v in steps.items()}
    finally:
        if pool is not None:
            pool.close()
    print(", ".join(f"{k}={getattr(best, k)}" for k in PRICES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
