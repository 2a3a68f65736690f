"""Soak test: random races under every preset on every shipped track, each checked to the end.

    python bench/soak.py [--races N] [--seed S] [--time SECONDS] [--jobs J] [--max-cars C] [--max-laps L]
                         [--track FILE ...] [--preset KEY ...]

Each race draws a track (every maps/*.tmx, or the --track files), a preset (any, or the --preset
ones), 2 to 10 cars (as many as the grid holds, at most C), 1 to 3 laps (at most L), a driver,
a race seed and the grid (half the races set it by a qualifying session whatever the preset
says, ``simulate --grid qualifying``), and is played through ``rules.run.simulation`` exactly as
``main.py simulate`` plays it. It passes when the state says the race is over with every car classified (finished,
or out with its reason), its record (as ``simulate --record`` writes it) replays
to the very same state, and a second race from the same seed writes the same
record byte for byte. Anything else, an exception included, is a failure.

It PRINTS every failure with the ``python main.py simulate ...`` line that plays
the race again, then the races played, how many had qualifying grids, the failures and the
races per second. A qualifying lap or a race that runs past its bound (``rules.run.liveness``) is a failure.
Exit status 1 if any race failed. The draw is repeatable: the same --seed draws
the same races (a run without --seed prints the one it drew); --jobs plays them
in that many processes and reports them in the same order.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.tracks.load import load_track  # noqa: E402
from rules.ai import registry  # noqa: E402
from rules.classify import classification  # noqa: E402
from rules.files.record import RecordError, dumps, loads, replay  # noqa: E402
from rules.qualifying.session import UnfinishedLap  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.run.session import UnfinishedRace  # noqa: E402
from rules.run.simulation import play, race_header  # noqa: E402
from rules.state import RaceState  # noqa: E402
from rules.track import Track  # noqa: E402

DRIVERS = ("rookie", "racer", "champion", "careful", "aggressive")
TRACKS: dict[Path, Track] = {}  # loaded once by ``main``; forked workers inherit them
PROGRESS = 50  # races between two progress lines of a long run


@dataclass(frozen=True)
class Race:
    """One soak race: everything ``main.py simulate`` needs to play it again."""

    track: Path
    rules: str
    cars: int
    laps: int
    seed: int
    driver: str
    qualifying: bool = False  # the grid set by a qualifying session though the preset rolls it

    @property
    def qualified(self) -> bool:
        """The grid comes from a qualifying session (the preset's, or forced)."""
        return self.qualifying or PRESETS[self.rules].grid == "qualifying"

    def command(self) -> str:
        track = self.track.relative_to(REPO) if self.track.is_relative_to(REPO) else self.track
        return (
            f"python main.py simulate --track {track} --cars {self.cars} --laps {self.laps} "
            f"--seed {self.seed} --rules {self.rules} --driver {self.driver}"
            + (" --grid qualifying" if self.qualifying else "")
        )


def draw(
    rng: random.Random, tracks: dict[Path, Track], max_cars: int, max_laps: int, presets: list[str] | None = None
) -> Race:
    path = rng.choice(sorted(tracks))
    most = min(10, len(tracks[path].grid), max_cars)
    return Race(
        track=path,
        rules=rng.choice(sorted(presets or PRESETS)),
        cars=rng.randint(2, most),
        laps=rng.randint(1, max_laps),
        seed=rng.randrange(2**31),
        driver=rng.choice(DRIVERS),
        qualifying=rng.random() < 0.5,
    )


def record_text(track: Track, race: Race) -> tuple[str, RaceState]:
    """The race played as ``simulate`` plays it: its record file's text and its final state."""
    rules = PRESETS[race.rules]
    if race.qualifying:
        rules = rules.model_copy(update={"grid": "qualifying"})
    header, _ = race_header(track, rules, race.cars, race.laps, race.seed, race.driver, registry.DRIVERS)
    session = play(track, header, registry.DRIVERS)
    return dumps(session.record()), session.state


def failure(track: Track, race: Race) -> str | None:
    """Why the race fails the soak, or None when it passes."""
    try:
        text, state = record_text(track, race)
    except (UnfinishedRace, UnfinishedLap) as err:
        return f"unfinished: {err}"
    except Exception as err:  # noqa: BLE001 - a crash of the engine or a driver is a finding
        return f"crashed: {type(err).__name__}: {err}"
    places = classification(track, state)
    unclassified = [
        p.car for p in places if p.status not in ("finished", "out") or (p.status == "out") != (p.reason is not None)
    ]
    if unclassified or len(places) != race.cars:
        return f"not every car is classified: {unclassified or places}"
    try:
        again = replay(track, loads(text))
    except RecordError as err:
        return f"the record does not replay: {err}"
    if again != state:
        return "the record replays to another state"
    if record_text(track, race)[0] != text:
        return "the same seed wrote another record"
    return None


def judged(race: Race) -> tuple[Race, str | None]:
    return race, failure(TRACKS[race.track], race)


def summary(played: int, qualified: int, failed: int, elapsed: float) -> str:
    rate = played / max(elapsed, 1e-9)
    return (
        f"{played} races played ({qualified} with qualifying grids), {failed} failed, "
        f"{rate:.2f} races/s ({elapsed:.0f} s)"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--races", type=int, default=1000, metavar="N", help="races to play (default 1000)")
    p.add_argument(
        "--seed", type=int, default=None, metavar="S", help="seed of the draw (default: a random one, printed)"
    )
    p.add_argument(
        "--time", type=float, default=None, metavar="SECONDS", help="stop after this long (races under way are dropped)"
    )
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="processes playing races (default 1)")
    p.add_argument(
        "--max-cars", type=int, default=10, choices=range(2, 11), metavar="C", help="at most C cars (default 10)"
    )
    p.add_argument("--max-laps", type=int, default=3, choices=(1, 2, 3), metavar="L", help="at most L laps (default 3)")
    p.add_argument("--track", action="append", metavar="FILE", help="a track file (default: every maps/*.tmx)")
    p.add_argument(
        "--preset",
        action="append",
        choices=sorted(PRESETS),
        metavar="KEY",
        help=f"a rule set to draw from (default: every one of {', '.join(sorted(PRESETS))})",
    )
    args = p.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    files = [Path(f).resolve() for f in args.track] if args.track else sorted((REPO / "maps").glob("*.tmx"))
    TRACKS.clear()
    TRACKS.update({path: load_track(path) for path in files})
    presets = args.preset or sorted(PRESETS)
    print(f"soak: up to {args.races} races, draw seed {seed}, {len(TRACKS)} tracks, {len(presets)} presets", flush=True)
    rng = random.Random(seed)
    races = (draw(rng, TRACKS, args.max_cars, args.max_laps, presets) for _ in range(args.races))
    played = qualified = failed = 0
    t0 = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        for race, why in pool.imap(judged, races) if pool else map(judged, races):
            played += 1
            qualified += race.qualified
            if why is not None:
                failed += 1
                print(f"FAIL {why}\n  {race.command()}", flush=True)
            if played % PROGRESS == 0 and played < args.races:
                print(summary(played, qualified, failed, time.perf_counter() - t0), flush=True)
            if args.time is not None and time.perf_counter() - t0 >= args.time:
                break
    print(summary(played, qualified, failed, time.perf_counter() - t0))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
