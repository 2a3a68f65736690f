"""How many computer cars leave a race early, and why: per preset and track.

    python bench/retirements.py [--races N] [--cars C] [--laps L] [--preset KEY ...] [--track FILE ...]

Plays N races (seeds 1..N) of C computer drivers of one level (Racer, or the --driver) on every track under each preset,
exactly as ``main.py simulate`` plays them, and PRINTS for each pair the share of cars that
did not finish and the reasons' rule IDs, most frequent first. A figure for tuning the
computer drivers (rules/ai/levels.py), never asserted in a test.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.tracks.load import load_track  # noqa: E402
from rules.ai.registry import DRIVERS  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.run.simulation import play, race_header  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--races", type=int, default=6)
    ap.add_argument("--cars", type=int, default=10)
    ap.add_argument("--laps", type=int, default=3)
    ap.add_argument("--preset", nargs="*", default=["fde-advanced", "dresden-2006"], choices=sorted(PRESETS))
    ap.add_argument("--track", nargs="*", default=sorted(str(p) for p in (REPO / "maps").glob("*.tmx")))
    ap.add_argument("--driver", default="racer", choices=("rookie", "racer", "champion", "careful", "aggressive"))
    args = ap.parse_args()
    print(f"{'preset':14} {'track':16} {'cars':>5} {'out':>5} {'share':>6}  reasons")
    for key in args.preset:
        for file in args.track:
            track = load_track(file)
            reasons: collections.Counter[str] = collections.Counter()
            cars = out = 0
            for seed in range(1, args.races + 1):
                header, _ = race_header(track, PRESETS[key], args.cars, args.laps, seed, args.driver, DRIVERS)
                state = play(track, header, DRIVERS).state
                cars += len(state.cars)
                for c in state.cars:
                    if c.status == "out" and not c.league.removed:
                        out += 1
                        reasons[c.out.rule if c.out else "?"] += 1
                    elif c.status == "out":
                        out += 1
                        reasons["removed"] += 1
            common = ", ".join(f"{rule} {n}" for rule, n in reasons.most_common(6))
            print(f"{key:14} {Path(file).stem:16} {cars:5} {out:5} {out / cars:6.0%}  {common}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
