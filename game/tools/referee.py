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
import sys
from pathlib import Path

from game.net.matrix import MatrixError, MatrixLink
from game.net.online import RefereeBot
from game.net.race_setup import deadline_seconds, race_header, seats_of
from game.scenes.remote.series import SeriesError, data_folder, keep_result, seated_race
from game.tools.race import read_track
from rules.files.record import Header
from rules.remote.referee import RefereeError
from rules.ruleset import PRESETS
from rules.track import Track

PASSWORD_ENV = "FORMULA_D_PASSWORD"


def seats_of_or_none(pairs: list[str]) -> dict[str, str] | None:
    """``seats_of``, or None after printing what is wrong."""
    try:
        return seats_of(pairs)
    except ValueError as err:
        print(err, file=sys.stderr)
        return None


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
        sat = seats_of_or_none(seats)
        if sat is None:
            return 2
        try:
            header, track = seated_race(data_folder(data), championship, sat)
        except SeriesError as err:
            print(err, file=sys.stderr)
            return 2
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
                try:
                    print(keep_result(data_folder(data), track, bot.record(room)), flush=True)
                except SeriesError as err:
                    print(f"race room {room}: {err}", file=sys.stderr)
                    return 1
        return 0
    finally:
        await link.close()
