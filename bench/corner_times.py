"""Where a level loses time to the Pro bot: corner by corner, the game round each side is past it.

    python bench/corner_times.py [--level champion] [--preset fd-basic] [--laps 1] [--cars 2]
                                 [--track FILE ...] [--seed-from 1000] [--pairs 8]

Plays the level against the port of GP Online's Pro bot (``bench/gponline_pro.py``) as
``bench/drivers.py`` does (the sides alternating on the grid, each seed twice with the slots
swapped) and notes the game round in which each car is first seen beyond each corner's last row,
lap by lap, and the round it finishes. It PRINTS, per track, lap and corner in the order they are
driven, then the flag, each side's mean round, the rounds its cars took since the point before and
the gap those legs add up to: a gap that grows at one corner shows where the level loses (or
gains) its time. Corners across the
start/finish line are left out (their last row is not beyond their first). Nothing is asserted;
the figures depend on the seeds, never on the clock.
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

from rules.actions import Action  # noqa: E402
from rules.run.session import RaceSession  # noqa: E402
from rules.state import RaceState  # noqa: E402
from rules.track import Track  # noqa: E402

FLAG = -1  # the point past the last corner: the car has finished (CORE-END-1)


def corner_ends(track: Track) -> list[tuple[int, str, int]]:
    """The corners in the order they are driven: (index, label, last row), those across the line left out."""
    rows: dict[int, list[int]] = defaultdict(list)
    for sp in track.spaces:
        if sp.corner is not None and not sp.in_pit:
            rows[sp.corner].append(sp.row)
    ends = [(c, track.corners[c].label, max(r)) for c, r in rows.items() if max(r) - min(r) < track.rows // 2]
    return sorted(ends, key=lambda e: e[2])


class Times:
    """What one track's races gather: per car, the round it was first past each corner of each lap."""

    def __init__(self, track: Track) -> None:
        self.corners = corner_ends(track)
        self.rows = track.rows
        self.cars: dict[tuple[int, str], dict[tuple[int, int], int]] = defaultdict(dict)  # per (race, car)
        self.sides: dict[tuple[int, str], str] = {}

    def watch(self, race: int) -> bench.Watch:
        """``bench/drivers.play``'s hook for race number ``race``, told after each action: a car first
        beyond a corner's last row on a lap, or on a later lap (a roll that crosses the line or finishes
        may pass a corner unseen), passed it in the round the action was taken in."""

        def seen(session: RaceSession, sides: dict[str, str], before: RaceState, act: Action) -> None:
            for car in session.state.cars:
                if car.status == "out" or car.crossings < 1:
                    continue
                space = session.track.space(car.space) if car.space is not None else None
                row = space.row if space is not None and not space.in_pit else None
                passed = self.cars[(race, car.id)]
                self.sides[(race, car.id)] = sides[car.id]
                if car.status == "finished":
                    passed.setdefault((before.laps, FLAG), before.round)
                for lap in range(1, min(car.crossings, before.laps) + 1):
                    for corner, _, end in self.corners:
                        if lap < car.crossings or (row is not None and row > end):
                            passed.setdefault((lap, corner), before.round)

        return seen


def report(name: str, times: Times, level: str, laps: int) -> None:
    """Per corner: each side's mean round first past it (cars that got there), the mean rounds its
    cars took from the corner before (cars past both) and the gap those add up to."""
    print(f"== {name}: game round first past each corner, rounds since the corner before ({level} / Pro bot)")
    points = [(lap, corner, label, end) for lap in range(1, laps + 1) for corner, label, end in times.corners]
    points.append((laps, FLAG, "the flag", times.rows))
    by_side = {
        side: [passed for key, passed in times.cars.items() if times.sides[key] == side] for side in (level, bench.PRO)
    }
    gap = 0.0
    for i, (lap, corner, label, end) in enumerate(points):
        cells = []
        took: dict[str, float] = {}
        before = points[i - 1][:2] if i else None
        for side, cars in by_side.items():
            reached = [passed[(lap, corner)] for passed in cars if (lap, corner) in passed]
            legs = [
                passed[(lap, corner)] - (passed[before] if before else 0)
                for passed in cars
                if (lap, corner) in passed and (before is None or before in passed)
            ]
            if not reached or not legs:
                break
            took[side] = statistics.mean(legs)
            cells.append(f"{statistics.mean(reached):6.2f} (+{took[side]:4.2f}, {len(reached):3} cars)")
        if len(took) < 2:
            continue
        gap += took[level] - took[bench.PRO]
        print(f"lap {lap} {label:16} row {end:4}  " + "  ".join(cells) + f"  gap {gap:+.2f}")


def main(argv: list[str] | None = None) -> int:
    p = bench.pro_options(__doc__, cars=2, pairs=8)
    args = p.parse_args(argv)
    for path in bench.pro_tracks(p, args):
        times = Times(bench.track(path))
        for race, case in enumerate(bench.pro_cases(args, path)):
            bench.play(case, watch=times.watch(race))
        report(Path(path).stem, times, args.level, args.laps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
