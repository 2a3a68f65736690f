"""A race created from the game's menu: the creator's game runs its referee while it is open.

The referee needs an account of its own (a bot account on any homeserver): a player's account
cannot referee the race it plays in. The referee runs in a thread of its own with its seeds in
the game's data folder, so the race goes on while the creator plays it; when the game closes,
the race waits, and ``formula-d referee --room`` (or this game, creating nothing) resumes it from
the room's history with the same folder.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from game.net.matrix import MatrixError, MatrixLink
from game.net.online import RefereeBot
from game.tracks.drawing import say
from rules.files.record import Header
from rules.track import Track


class HostedReferee:
    """One race's referee in a thread of this game."""

    def __init__(self, homeserver: str, account: str, folder: Path, track: Track) -> None:
        self.bot = RefereeBot(MatrixLink(homeserver, account), track, folder)
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop = False
        self.room = ""
        self.failure: MatrixError | None = None  # why logging in or opening the race failed

    def open(
        self,
        password: str,
        header: Header,
        seats: dict[str, str],
        deadline: int,
        name: str,
        timeout: float = 60,
    ) -> str:
        """Log in, open the race's room (players invited) and referee it from now on; the room's id,
        or MatrixError saying why not."""
        args = (password, header, seats, deadline, name)
        threading.Thread(target=self._run, args=args, daemon=True, name="referee").start()
        if not self._ready.wait(timeout):
            raise MatrixError(say("matrix.no_answer", homeserver=self.bot.link.homeserver, seconds=round(timeout)))
        if self.failure is not None:
            raise self.failure
        return self.room

    def _run(self, password: str, header: Header, seats: dict[str, str], deadline: int, name: str) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main(password, header, seats, deadline, name))

    async def _main(self, password: str, header: Header, seats: dict[str, str], deadline: int, name: str) -> None:
        try:
            await self.bot.link.login(password)
            self.room = await self.bot.open_race(header, seats, deadline, name)
        except MatrixError as err:
            self.failure = err
            await self.bot.link.close()
            self._ready.set()
            return
        self._ready.set()
        await self.bot.serve(until=lambda: self._stop or self.bot.finished())
        await self.bot.link.close()

    def stop(self) -> None:
        self._stop = True
