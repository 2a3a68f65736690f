"""An online race for the window: the Matrix client in a thread of its own, never blocking a frame.

The thread logs in, replays the room and then waits for new events, which it queues; the
window takes them each frame (``pump``) into the race view, in its own thread, and hands its
player's decisions to the thread's loop (``send``).
"""

from __future__ import annotations

import asyncio
import queue
import threading

from game.net.matrix import MatrixError, MatrixLink, RoomEvent
from game.net.notes import shown
from game.net.online import ChatLine, OnlinePlayer
from game.texts import tr
from game.tracks.drawing import say
from rules.remote.race_view import RaceView
from rules.remote.referee_protocol import Decision
from rules.track import Track


def chat_line(c: ChatLine) -> str:
    """A chat message as the panel shows it: the referee's notices translated, others by name."""
    if c.note is not None:
        return tr("referee.to", name=c.to.lstrip("@").split(":")[0], text=shown(c.note)) if c.to else shown(c.note)
    return f"{c.sender.lstrip('@').split(':')[0]}: {c.text}"


class OnlineLink:
    chats = True  # the room's chat, beside the race

    def __init__(self, homeserver: str, account: str, room: str, track: Track) -> None:
        self.account = account
        self.player = OnlinePlayer(MatrixLink(homeserver, account), track, room)
        self._events: queue.Queue[RoomEvent] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop = False
        self.failure: MatrixError | None = None  # why logging in or opening the race failed
        self._shown = 0

    @property
    def view(self) -> RaceView:
        assert self.player.view is not None, "connect first"
        return self.player.view

    def connect(self, password: str, timeout: float = 60.0) -> None:
        """Log in and replay the room in the thread; MatrixError says why that failed."""
        threading.Thread(target=self._run, args=(password,), daemon=True, name="matrix").start()
        if not self._ready.wait(timeout):
            raise MatrixError(say("matrix.no_answer", homeserver=self.player.link.homeserver, seconds=round(timeout)))
        if self.failure is not None:
            raise self.failure

    def _run(self, password: str) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main(password))

    async def _main(self, password: str) -> None:
        try:
            await self.player.link.login(password)
            await self.player.connect()
        except MatrixError as err:
            self.failure = err
            self._ready.set()
            return
        self._ready.set()
        while not self._stop:
            for e in await self.player.fetch(timeout_ms=1000):
                self._events.put(e)
        await self.player.link.close()

    def pump(self) -> list[str]:
        """Take the events that arrived into the view; the new chat lines and problems to show, the
        referee's notices in the player's language."""
        unreadable, problems = len(self.player.unreadable), len(self.view.problems)
        while True:
            try:
                self.player.take(self._events.get_nowait())
            except queue.Empty:
                break
        lines = [chat_line(c) for c in self.player.chat[self._shown :]]
        self._shown = len(self.player.chat)
        found = self.player.unreadable[unreadable:] + self.view.problems[problems:]
        for message in self.player.opens_due():  # H2H-2: every bid is sealed, so this player's opens
            asyncio.run_coroutine_threadsafe(self.player.send(message), self._loop)
        return lines + [shown(n) for n in found]

    def send(self, message: Decision) -> str:
        asyncio.run_coroutine_threadsafe(self.player.send(message), self._loop)
        return ""

    def say(self, text: str) -> None:
        asyncio.run_coroutine_threadsafe(self.player.say(text), self._loop)

    def seal_bid(self, car: str, amount: int) -> str:
        """H2H-2: the sealed bid goes to the referee; it opens by itself once every bid is sealed."""
        self.player.sealed[car] = (len(self.view.actions), amount, "")  # shown as sealed at once
        asyncio.run_coroutine_threadsafe(self.player.seal_bid(car, amount), self._loop)
        return ""

    def sealed(self) -> set[str]:
        return set(self.player.sealed)

    def close(self) -> None:
        self._stop = True
