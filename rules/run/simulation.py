"""A race of computer drivers set up from a command line: ``main.py simulate`` and the soak bench.

Both play through these functions, so a race the bench finds broken is replayed
exactly by the ``simulate`` command line it prints.
"""

from __future__ import annotations

from rules.driver import Drivers
from rules.files.record import Header, same_drivers
from rules.qualifying.session import QualifyingSession
from rules.ruleset import RuleSet
from rules.run.session import RaceSession
from rules.track import Track

QUALIFYING_SEED = 0x5155414C  # "QUAL": sets the qualifying dice apart from the race's


def qualifying(track: Track, header: Header, drivers: Drivers) -> QualifyingSession:
    """Every computer driver's qualifying lap (QUAL-1..8), driven to the end by ``drivers``."""
    # a seed of its own: the qualifying weather is a roll apart from the race's (WEATHER-2)
    quali = QualifyingSession(track, header.rules, header.entries, header.seed ^ QUALIFYING_SEED, drivers=drivers)
    while not quali.done:
        quali.drive_computer()
    return quali


def race_header(
    track: Track, rules: RuleSet, cars: int, laps: int, seed: int, driver: str, drivers: Drivers
) -> tuple[Header, QualifyingSession | None]:
    """The header of a race of ``cars`` identical computer cars, and the qualifying session
    that set its grid when the rules want one (VAR-20), else None."""
    header = same_drivers(track, rules, cars, laps, seed, driver)
    if rules.grid != "qualifying":
        return header, None
    quali = qualifying(track, header, drivers)
    return quali.race(header), quali


def play(track: Track, header: Header, drivers: Drivers) -> RaceSession:
    """The whole race, to the flag, the computers' cars driven by ``drivers``; UnfinishedRace if it
    stops before."""
    session = RaceSession(track, header, drivers=drivers)
    session.run_to_end()
    return session
