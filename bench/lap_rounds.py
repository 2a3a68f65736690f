"""How long a lap is to race: game rounds of a 1-lap race of 10 computer cars, per shipped track.

    python bench/lap_rounds.py [--seeds N] [--first-seed S] [--cars C] [--rules KEY] [--track FILE ...]

Printed boards take 20-30 game rounds a lap for a full field and have 12-16 stops a lap; this
measures the shipped tracks the same way: each race is 1 lap of ``--cars`` cars (at most the
grid's size) of the default computer level under ``--rules`` (default fd-basic, the rules a fan
sits down to), the grid rolled, played to the flag through ``rules.run.simulation`` as
``main.py simulate`` does.

It PRINTS one line per track: corners, stops a lap, the laps the map proposes, the game rounds
of each seed's race with their mean, and whether the mean lies in 20-30. Only the Grand Prix
circuits are judged: the oval is a short track on purpose, and Brückenau is the board of the
street race (STREET-1..8, two lanes between walls), which says so.
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
from rules.ai.presets import DEFAULT  # noqa: E402
from rules.ai.registry import DRIVERS  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.run.simulation import play, race_header  # noqa: E402

NOT_GRAND_PRIX = {"oval.tmx": "the oval, not judged", "brueckenau.tmx": "the street-race board, not judged"}
LAP_ROUNDS = (20, 30)  # a printed board's lap for a full field


def rounds(path: Path, rules: str, cars: int, seed: int) -> int:
    """The game rounds of one 1-lap race on ``path``."""
    track = load_track(str(path))
    header, _ = race_header(track, PRESETS[rules], min(cars, len(track.grid)), 1, seed, DEFAULT.name, DRIVERS)
    return play(track, header, DRIVERS).state.round


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seeds", type=int, default=4, help="races per track (default 4)")
    p.add_argument("--first-seed", type=int, default=1, help="the first race's seed (default 1)")
    p.add_argument("--cars", type=int, default=10, help="cars per race (default 10)")
    p.add_argument("--rules", default="fd-basic", choices=sorted(PRESETS), help="rule set (default fd-basic)")
    p.add_argument("--track", action="append", metavar="FILE", help="a track file (default: every maps/*.tmx)")
    args = p.parse_args(argv)
    files = [Path(f) for f in args.track] if args.track else sorted((REPO / "maps").glob("*.tmx"))
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    started = time.monotonic()
    print(f"1-lap races of {args.cars} {DEFAULT.name} cars under {args.rules}, seeds {seeds.start}-{seeds.stop - 1}")
    for path in files:
        track = load_track(str(path))
        stops = sum(c.stops for c in track.corners)
        played = [rounds(path, args.rules, args.cars, s) for s in seeds]
        mean = statistics.mean(played)
        verdict = NOT_GRAND_PRIX.get(path.name) or (
            "in 20-30" if LAP_ROUNDS[0] <= mean <= LAP_ROUNDS[1] else "OUTSIDE 20-30"
        )
        print(
            f"{path.stem:12} {len(track.corners):2} corners {stops:2} stops  {track.laps} laps proposed  "
            f"rounds {' '.join(map(str, played))}  mean {mean:5.1f}  {verdict}",
            flush=True,
        )
    print(f"{time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
