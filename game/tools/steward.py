"""``formula-d steward``: the steward of a race by email, from the command line.

    formula-d steward open --folder DIR --outbox DIR (--track FILE --seat car1=anna ... [--cars N]
                           [--laps L] [--rules PRESET] | --championship ID) [--deadline 3d] [--name NAME]
    formula-d steward take --folder DIR --outbox DIR --track FILE [REPLY.fdrace ...]

``open`` starts the race: a fresh secret seed in ``--folder`` (keep it: it is the race), the first
dice rolled, and a race file for every player in ``--outbox``. ``take`` applies the players' reply
files in the order given, drives players who let the deadline pass by the fallback level, and
writes the newest race file for every player; at the flag it reveals the seed, and a
championship's race goes into the championship (of the game's data folder, or ``--data``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from game.net.mailrace import STEWARD_FILE, Steward
from game.net.race_setup import deadline_seconds, race_header
from game.net.racefile import RaceFileError
from game.scenes.remote.series import SeriesError, data_folder, keep_result, seated_race
from game.tools.race import read_track
from rules.files.record import Header
from rules.ruleset import PRESETS
from rules.track import Track


def _seats(pairs: list[str]) -> dict[str, str]:
    """'car1=anna' pairs as car -> player name; ValueError names a malformed one."""
    seats = {}
    for pair in pairs:
        car, _, who = pair.partition("=")
        if not car or not who.strip() or any(c in who for c in "/\\"):
            raise ValueError(f"--seat {pair!r}: write CAR=NAME, like car1=anna")
        seats[car] = who.strip()
    return seats


def championship_race(champ_id: int, data: str | None, seats: dict[str, str] | None) -> tuple[Header, Track] | None:
    """The championship's next race (header and track) with every human driver seated, or None
    after printing what is wrong."""
    if seats is None:
        return None
    try:
        return seated_race(data_folder(data), champ_id, seats)
    except SeriesError as err:
        print(err, file=sys.stderr)
        return None


def open_cmd(
    folder: str,
    outbox: str,
    track_file: str | None,
    seats: list[str],
    cars: int,
    laps: int,
    preset: str,
    deadline: str,
    name: str,
    championship: int | None,
    data: str | None,
) -> int:
    if (Path(folder) / STEWARD_FILE).exists():
        print(
            f"{folder} holds a race already: give another --folder (or 'take' to go on with it)",
            file=sys.stderr,
        )
        return 2
    try:
        seconds = deadline_seconds(deadline)
        sat = _seats(seats)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    if championship is not None:
        found = championship_race(championship, data, sat)
        if found is None:
            return 2
        header, track = found
    else:
        if preset not in PRESETS:
            print(f"--rules {preset!r} is not a rule set; choose one of {', '.join(PRESETS)}", file=sys.stderr)
            return 2
        if not track_file:
            print("--track FILE: the race's track is needed (or --championship ID)", file=sys.stderr)
            return 2
        read = read_track(track_file)
        if read is None:
            return 1
        track = read
        try:
            header = race_header(track, preset, cars, laps, sat)
        except ValueError as err:
            print(err, file=sys.stderr)
            return 2
        for entry in header.entries:  # the players' names on their cars
            if entry.id in sat:
                header = header.model_copy(
                    update={
                        "entries": tuple(
                            e.model_copy(update={"name": sat[e.id]}) if e.id == entry.id else e for e in header.entries
                        )
                    }
                )
    try:
        steward = Steward.open_race(Path(folder), track, header, sat, name or "steward", seconds, time.time())
    except (RaceFileError, ValueError) as err:
        print(err, file=sys.stderr)
        return 1
    return _send(steward, Path(outbox))


def take_cmd(folder: str, outbox: str, track_file: str, replies: list[str], data: str | None) -> int:
    track = read_track(track_file)
    if track is None:
        return 1
    try:
        steward = Steward(Path(folder), track)
    except RaceFileError as err:
        print(err, file=sys.stderr)
        return 1
    refused = 0
    for reply in replies:
        try:
            for line in steward.take(Path(reply), time.time()):
                print(f"{Path(reply).name}: {line}")
        except RaceFileError as err:
            print(err, file=sys.stderr)
            refused += 1
    for line in steward.tick(time.time()):
        print(line)
    code = _send(steward, Path(outbox))
    if steward.state.revealed and steward.state.race.header.series is not None:
        try:
            print(keep_result(data_folder(data), track, steward.record()))
        except SeriesError as err:
            print(err, file=sys.stderr)
            return 1
    return 1 if refused and code == 0 else code


def _send(steward: Steward, outbox: Path) -> int:
    try:
        paths = steward.send(outbox)
    except OSError as err:
        print(f"{outbox}: cannot write the race files ({err})", file=sys.stderr)
        return 1
    state = steward.referee.session.state
    waiting = ", ".join(steward.state.race.seats[c] for c in steward.referee.waiting_for())
    status = (
        "the race is over; the seed is revealed" if steward.state.revealed else f"waiting for {waiting or 'nobody'}"
    )
    print(f"action {len(steward.state.applied)}, game round {state.round}: {status}")
    for path in paths:
        print(f"send {path}")
    return 0
