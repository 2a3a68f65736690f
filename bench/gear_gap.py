"""Where a level loses races to the Pro bot: its gears against the Pro bot's, turn by turn.

    python bench/gear_gap.py [--level champion] [--preset fd-basic] [--laps 1] [--cars 10]
                             [--track FILE ...] [--seed-from 1000] [--pairs 4]

Plays the level against the port of GP Online's Pro bot (``bench/gponline_pro.py``) as
``bench/drivers.py`` does (the sides alternating on the grid, each seed twice with the slots
swapped) and, at every gear the level declares off the pit lane with a choice to make, asks the
Pro bot what it would declare in the same state. It PRINTS how often the level's gear is lower,
the same or higher, on straights and in corners, the pairs (level's gear, Pro bot's gear) that
differ most often, and the level's cars' mean place in the running order after some rounds and
at the flag (the Pro bot's cars take the other places). Nothing is asserted; the figures depend
on the seeds, never on the clock.
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import drivers as bench  # noqa: E402
import gponline_pro  # noqa: E402

from rules.actions import Action, ChooseGear  # noqa: E402
from rules.classify import classification  # noqa: E402
from rules.engine import gear_options  # noqa: E402
from rules.run.session import RaceSession  # noqa: E402
from rules.state import RaceState  # noqa: E402
from rules.track import Track  # noqa: E402

ROUNDS = (3, 6, 10, 15, 25)  # the rounds after which the running order is read


class Gaps:
    """What one run gathers: the gear pairs and the level's places by round."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.kinds: Counter[tuple[str, str]] = Counter()
        self.pairs: Counter[tuple[int, int]] = Counter()
        self.places: dict[int, list[float]] = defaultdict(list)
        self._read: set[tuple[int, int]] = set()  # (session, round) whose running order was read

    def watch(self, session: RaceSession, sides: dict[str, str], before: RaceState, act: Action) -> None:
        """``bench/drivers.play``'s hook: the level's gear beside the Pro bot's, the order once a round."""
        if sides.get(before.active or "") == self.level:
            self._gear(session.track, before, act)
        r = session.state.round
        if r in ROUNDS and (id(session), r) not in self._read:
            self._read.add((id(session), r))
            mine = [p.position for p in classification(session.track, session.state) if sides[p.car] == self.level]
            self.places[r].append(statistics.mean(mine))

    def _gear(self, track: Track, state: RaceState, act: Action) -> None:
        car = state.car(state.active or "")
        if not isinstance(act, ChooseGear) or car.space is None or track.space(car.space).in_pit:
            return
        if len(gear_options(track, state)) < 2:
            return
        pro = gponline_pro.choose_gear(track, state)
        where = "straight" if track.space(car.space).corner is None else "corner"
        self.kinds[(where, "lower" if act.gear < pro else "higher" if act.gear > pro else "same")] += 1
        if act.gear != pro:
            self.pairs[(act.gear, pro)] += 1


def run(gaps: Gaps, cases: list[bench.Case]) -> None:
    """Play the cases, every decision watched, and read the level's place at each flag."""
    for case in cases:
        outcome = bench.play(case, watch=gaps.watch)
        gaps.places[0].append(statistics.mean(r.position for r in outcome.cars if r.side == gaps.level))


def report(gaps: Gaps) -> None:
    for where in ("straight", "corner"):
        counts = {k: gaps.kinds[(where, k)] for k in ("lower", "same", "higher")}
        total = sum(counts.values()) or 1
        print(f"{where:9} " + "  ".join(f"{k} {100 * v / total:5.1f}%" for k, v in counts.items()) + f"  of {total}")
    print(
        "gears that differ most (level's, Pro bot's):",
        ", ".join(f"{a}/{b} x{n}" for (a, b), n in gaps.pairs.most_common(8)),
    )
    for at in (*ROUNDS, 0):
        if gaps.places[at]:
            label = "at the flag" if at == 0 else f"after round {at}"
            print(
                f"{gaps.level}'s mean place {label}: {statistics.mean(gaps.places[at]):.2f}"
                f" ({len(gaps.places[at])} races)"
            )


def main(argv: list[str] | None = None) -> int:
    p = bench.pro_options(__doc__, cars=10, pairs=4)
    args = p.parse_args(argv)
    cases = [case for path in bench.pro_tracks(p, args) for case in bench.pro_cases(args, path)]
    gaps = Gaps(args.level)
    run(gaps, cases)
    report(gaps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
