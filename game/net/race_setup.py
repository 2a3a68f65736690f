"""A new race between homes from what a person typed: the time to decide, the seats, the header.

Shared by the referee command, the steward command and the game's Create race form; each
raises ValueError saying what is wrong and how to write it.
"""

from __future__ import annotations

import re

from rules.record import COLOURS, Entry, Header
from rules.ruleset import D_DEFAULT_RESERVE, PRESETS
from rules.track import Track

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def deadline_seconds(text: str) -> int:
    """'90s', '10m', '2h', '3d' (or plain seconds) as seconds; ValueError says the form."""
    m = re.fullmatch(r"\s*(\d+)\s*([smhd]?)\s*", text)
    if not m or int(m.group(1)) < 1:
        raise ValueError(
            f"the deadline must be a whole number with s, m, h or d (like 10m or 3d), not {text!r}"
        )
    return int(m.group(1)) * _UNITS[m.group(2) or "s"]


def seats_of(pairs: list[str]) -> dict[str, str]:
    """'car1=@ann:server' pairs as car -> account; ValueError names a malformed one."""
    seats = {}
    for pair in pairs:
        car, _, who = pair.partition("=")
        if not car or not re.fullmatch(r"@[^:\s]+:\S+", who):
            raise ValueError(f"--seat {pair!r}: write CAR=@user:server, like car1=@ann:example.org")
        seats[car] = who
    return seats


def race_header(track: Track, preset: str, cars: int, laps: int, seats: dict[str, str]) -> Header:
    """The race's header: cars car1..carN, the seated ones human, the others Racers."""
    rules = PRESETS[preset]
    unknown = sorted(set(seats) - {f"car{i + 1}" for i in range(cars)})
    if unknown:
        raise ValueError(f"--seat: {', '.join(unknown)} is not one of the race's cars car1..car{cars}")
    reserve = D_DEFAULT_RESERVE if rules.car_setup.reserve else 0
    entries = tuple(
        Entry(
            id=f"car{i + 1}",
            name=seats.get(f"car{i + 1}", f"Racer {i + 1}").lstrip("@").split(":")[0],
            driver="human" if f"car{i + 1}" in seats else "racer",
            colour=COLOURS[i % len(COLOURS)],
            number=i + 1,
            wear=rules.default_wear,
            reserve=reserve,
        )
        for i in range(cars)
    )
    return Header(
        track_name=track.name,
        track_hash=track.content_hash(),
        rules=rules,
        laps=laps or track.laps,
        seed=0,
        entries=entries,
    )
