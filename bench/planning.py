"""How long the planning aid takes per decision: ``rules.ai.planning.plan`` at every gear choice of a race.

    python bench/planning.py [--track FILE] [--rules KEY] [--laps L] [--cars C] [--seed S]

The window asks for the plan once per decision (it is cached per state), so its cost is a
pause before the gear box shows it, never a frame's. A race of computer cars of the default
level is played to the flag; at every gear choice the plan of the car to move is worked out
from a cold cache (the first call for that state) and timed.

It PRINTS the decisions timed, the median, the 95th percentile and the slowest in ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.tracks.load import load_track  # noqa: E402
from rules.ai.planning import plan  # noqa: E402
from rules.ai.presets import DEFAULT  # noqa: E402
from rules.ai.registry import DRIVERS  # noqa: E402
from rules.engine import chance  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.run.session import RaceSession  # noqa: E402
from rules.run.simulation import race_header  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--track", default=str(REPO / "maps" / "hohenau.tmx"), help="track file (default Hohenau)")
    p.add_argument("--rules", default="fde-advanced", choices=sorted(PRESETS), help="rule set (default fde-advanced)")
    p.add_argument("--laps", type=int, default=1, help="laps (default 1)")
    p.add_argument("--cars", type=int, default=10, help="cars (default 10)")
    p.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    args = p.parse_args(argv)
    track = load_track(args.track)
    header, _ = race_header(track, PRESETS[args.rules], args.cars, args.laps, args.seed, DEFAULT.name, DRIVERS)
    session = RaceSession(track, header, drivers=DRIVERS)
    times: list[float] = []
    while not session.state.finished:
        state = session.state
        if chance(state) is not None:
            session.roll()
            continue
        if state.phase == "gear":
            t0 = time.perf_counter()
            plan(track, state)
            times.append(1000 * (time.perf_counter() - t0))
        session.act(session.computer_action())
    times.sort()
    print(
        f"planning aid on {Path(args.track).stem}, {args.rules}, {args.cars} cars, {args.laps} lap(s), seed {args.seed}"
    )
    print(
        f"{len(times)} decisions: median {statistics.median(times):.1f} ms, "
        f"95th percentile {times[int(0.95 * (len(times) - 1))]:.1f} ms, slowest {times[-1]:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
