"""``formula-d referee``: a bot account that opens or resumes online races and referees them.

    formula-d referee --homeserver URL --user @bot:server [--folder DIR]
                      [--create --track FILE --seat car1=@ann:server ... --cars N --laps L --rules PRESET
                       --deadline 3d --name NAME] [--room !id:server ...] [--keep-running]

The password comes from the environment (FORMULA_D_PASSWORD), never from the command line,
where other users of the machine could read it. The seeds stay in ``--folder``: keep it, a
referee started again later with the same folder resumes every race from its room.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

from game.net.matrix import MatrixError, MatrixLink
from game.net.online import RefereeBot
from game.net.remote_series import SeriesError, keep_result
from game.tools.race import read_track
from rules.record import COLOURS, Entry, Header
from rules.referee import RefereeError
from rules.ruleset import PRESETS, D_DEFAULT_RESERVE
from rules.track import Track

PASSWORD_ENV = "FORMULA_D_PASSWORD"
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


def seats_of_or_none(pairs: list[str]) -> dict[str, str] | None:
    """``seats_of``, or None after printing what is wrong."""
    try:
        return seats_of(pairs)
    except ValueError as err:
        print(err, file=sys.stderr)
        return None


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


def referee_cmd(
    homeserver: str,
    user: str,
    folder: str,
    create: bool,
    track_file: str | None,
    seats: list[str],
    cars: int,
    laps: int,
    preset: str,
    deadline: str,
    name: str,
    rooms: list[str],
    keep: bool,
    championship: int | None = None,
    data: str | None = None,
) -> int:
    password = os.environ.get(PASSWORD_ENV, "")
    if not password:
        print(f"set the bot account's password in the environment variable {PASSWORD_ENV}", file=sys.stderr)
        return 2
    if preset not in PRESETS:
        print(f"--rules {preset!r} is not a rule set; choose one of {', '.join(PRESETS)}", file=sys.stderr)
        return 2
    if not create and not rooms:
        print("say which races to referee: --create (a new race) and/or --room ROOM_ID", file=sys.stderr)
        return 2
    if championship is not None:  # the championship's next race: its drivers, karma and track
        from game.tools.steward import championship_race

        found = championship_race(championship, data, seats_of_or_none(seats))
        if found is None:
            return 2
        header, track = found
    else:
        if not track_file:
            print("--track FILE: the track of the race(s) is needed", file=sys.stderr)
            return 2
        read = read_track(track_file)
        if read is None:
            return 1
        track, header = read, None
    try:
        seconds = deadline_seconds(deadline)
        if create and header is None:
            header = race_header(track, preset, cars, laps, seats_of(seats))
    except ValueError as err:
        print(err, file=sys.stderr)
        return 2
    try:
        return asyncio.run(
            _serve(
                homeserver,
                user,
                password,
                Path(folder),
                track,
                header,
                seats_of(seats),
                seconds,
                name,
                rooms,
                keep,
                data,
            )
        )
    except (MatrixError, RefereeError) as err:
        print(err, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0


async def _serve(
    homeserver: str,
    user: str,
    password: str,
    folder: Path,
    track: Track,
    header: Header | None,
    seats: dict[str, str],
    deadline: int,
    name: str,
    rooms: list[str],
    keep: bool,
    data: str | None,
) -> int:
    link = MatrixLink(homeserver, user)
    try:
        await link.login(password)
        bot = RefereeBot(link, track, folder)
        if header is not None:
            room = await bot.open_race(header, seats, deadline, name)
            print(
                f"race room {room}: invite sent to {', '.join(sorted(set(seats.values()))) or 'nobody'}",
                flush=True,
            )
        for room in rooms:
            await link.join(room)
            referee = await bot.resume(room)
            print(f"race room {room}: resumed at action {referee.seq + 1}", flush=True)
        await bot.serve(until=lambda: not keep and bot.finished())
        for room, referee in bot.races.items():
            print(
                f"race room {room}: over after {referee.seq} actions; the seed is revealed in the room",
                flush=True,
            )
            if referee.opening.header.series is not None:  # a championship's race: into its standings
                from game.tools.steward import _data

                try:
                    print(keep_result(_data(data), track, bot.record(room)), flush=True)
                except SeriesError as err:
                    print(f"race room {room}: {err}", file=sys.stderr)
                    return 1
        return 0
    finally:
        await link.close()
