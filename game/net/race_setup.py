"""A new race between homes from what a person typed: the time to decide, the seats, the header.

Shared by the referee command, the steward command and the game's Create race form; each
raises SetupError (a ValueError) saying what is wrong and how to write it, in English for the
commands' logs and in the player's language for the window.
"""

from __future__ import annotations

import re

from game.net.said_error import SaidError
from game.tracks.drawing import say
from rules.files.record import COLOURS, Entry, Header
from rules.ruleset import D_DEFAULT_RESERVE, PRESETS
from rules.track import Track

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class SetupError(SaidError, ValueError):
    """What a person typed for a new race cannot be used; the message says how to write it."""


def deadline_seconds(text: str) -> int:
    """'90s', '10m', '2h', '3d' (or plain seconds) as seconds; ValueError says the form."""
    m = re.fullmatch(r"\s*(\d+)\s*([smhd]?)\s*", text)
    if not m or int(m.group(1)) < 1:
        raise SetupError(say("create.deadline_form", text=repr(text)))
    return int(m.group(1)) * _UNITS[m.group(2) or "s"]


def seats_of(pairs: list[str]) -> dict[str, str]:
    """'car1=@ann:server' pairs as car -> account; ValueError names a malformed one."""
    seats = {}
    for pair in pairs:
        car, _, who = pair.partition("=")
        if not car or not re.fullmatch(r"@[^:\s]+:\S+", who):
            raise SetupError(say("create.seat_form", pair=repr(pair)))
        seats[car] = who
    return seats


def race_header(track: Track, preset: str, cars: int, laps: int, seats: dict[str, str]) -> Header:
    """The race's header: cars car1..carN, the seated ones human, the others Racers."""
    rules = PRESETS[preset]
    unknown = sorted(set(seats) - {f"car{i + 1}" for i in range(cars)})
    if unknown:
        raise SetupError(say("create.seat_unknown", cars=", ".join(unknown), last=f"car{cars}"))
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
