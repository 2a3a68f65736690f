"""Liveness: every preset, every computer level, every shipped track, each with a qualifying grid.

    python bench/liveness.py [--cars N] [--laps L] [--seed S] [--track FILE ...] [--preset KEY ...]

Each run sets the grid by a qualifying session (the preset's own qualifying rules, or QUAL-B's
where the preset rolls its grid) and plays the race to the flag through ``rules.run.simulation``,
as ``main.py simulate`` does. A run passes when every qualifying lap took at most
``rules.run.liveness.lap_bound`` turns and the race ended within ``race_bound`` game rounds; a lap
or race that runs past its bound is stopped there (``UnfinishedLap``, ``UnfinishedRace``), so a
rule that lets a car stand for ever fails the run instead of hanging the bench.

It PRINTS each failing run with the ``simulate`` line that plays it again (``--grid
qualifying``), then the runs, how many exceeded a bound, the longest lap and race against their
bounds, and the time taken. Exit status 1 if any run failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.tracks.load import load_track  # noqa: E402
from rules.ai.presets import LEVELS  # noqa: E402
from rules.ai.registry import DRIVERS  # noqa: E402
from rules.qualifying.session import UnfinishedLap  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.run.liveness import lap_bound, race_bound  # noqa: E402
from rules.run.session import UnfinishedRace  # noqa: E402
from rules.run.simulation import play, race_header  # noqa: E402
from rules.track import Track  # noqa: E402


def run(track: Track, key: str, level: str, cars: int, laps: int, seed: int) -> tuple[str | None, float, float]:
    """Why the run fails (None: it passed), and its longest lap and race as shares of their bounds."""
    rules = PRESETS[key].model_copy(update={"grid": "qualifying"})
    try:
        header, quali = race_header(track, rules, cars, laps, seed, level, DRIVERS)
        assert quali is not None
        lap = max(r.rolls for r in quali.results) / lap_bound(track)
        session = play(track, header, DRIVERS)
    except (UnfinishedLap, UnfinishedRace) as err:
        return f"exceeded: {err}", 1.0, 1.0
    except Exception as err:  # noqa: BLE001 - a crash is a finding too
        return f"crashed: {type(err).__name__}: {err}", 0.0, 0.0
    return None, lap, session.state.round / race_bound(track, header)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cars", type=int, default=4, choices=range(2, 11), metavar="N", help="cars per race (default 4)")
    p.add_argument("--laps", type=int, default=1, choices=(1, 2, 3), metavar="L", help="laps per race (default 1)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="the race seed of every run (default 1)")
    p.add_argument("--track", action="append", metavar="FILE", help="a track file (default: every maps/*.tmx)")
    p.add_argument("--preset", action="append", choices=sorted(PRESETS), metavar="KEY", help="a preset (default: all)")
    args = p.parse_args(argv)
    files = [Path(f).resolve() for f in args.track] if args.track else sorted((REPO / "maps").glob("*.tmx"))
    presets = args.preset or sorted(PRESETS)
    levels = [level.name for level in LEVELS]
    runs = failed = 0
    worst_lap = worst_race = 0.0
    t0 = time.perf_counter()
    for path in files:
        track = load_track(path)
        cars = min(args.cars, len(track.grid))
        for key in presets:
            for level in levels:
                why, lap, race = run(track, key, level, cars, args.laps, args.seed)
                runs += 1
                worst_lap, worst_race = max(worst_lap, lap), max(worst_race, race)
                if why is not None:
                    failed += 1
                    rel = path.relative_to(REPO) if path.is_relative_to(REPO) else path
                    print(
                        f"FAIL {why}\n  python main.py simulate --track {rel} --cars {cars} "
                        f"--laps {args.laps} --seed {args.seed} --rules {key} --driver {level} "
                        "--grid qualifying",
                        flush=True,
                    )
    print(
        f"{runs} runs ({len(files)} tracks x {len(presets)} presets x {len(levels)} levels, "
        "qualifying grids), "
        f"{failed} exceeded a bound or failed; longest lap {worst_lap:.0%} of its bound, longest race "
        f"{worst_race:.0%}; {time.perf_counter() - t0:.0f} s"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
