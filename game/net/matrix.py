"""The Matrix side of an online race (matrix-nio): one room per race, every message an event.

The race's opening is the room's state event ``org.formula_d.race``; decisions, bids, the
referee's applied actions and the seed are timeline events of the game's own types; chat and
the referee's notices are ordinary ``m.room.message`` events any Matrix client shows. This
module only moves events: what they mean is ``rules.remote.referee_protocol``'s business. Every call
answers a ``MatrixError`` with one clear message (an unreachable homeserver, a wrong password),
never a traceback.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import nio

from game.net.said_error import SaidError
from game.tracks.drawing import Said, say
from rules.remote.referee_notes import Note
from rules.remote.referee_protocol import RACE, RaceOpen, content, kind_of

CHAT = "m.room.message"
NOTE = "org.formula_d.note"  # a referee's notice as key and values, in a chat message's content
TO = "org.formula_d.to"  # the one player a referee's notice is for


class MatrixError(SaidError):
    """A homeserver that cannot be reached or refuses; the message says which and why."""


class RoomEvent(NamedTuple):
    """One event of a race room as this game reads it."""

    room: str
    event_id: str
    sender: str
    kind: str
    content: dict[str, Any]
    ts: int  # the homeserver's time, ms


def _event(room: str, source: dict[str, Any]) -> RoomEvent | None:
    if not isinstance(source, dict) or "type" not in source or "state_key" in source:
        return None
    body = source.get("content")
    return RoomEvent(
        room,
        str(source.get("event_id", "")),
        str(source.get("sender", "")),
        str(source["type"]),
        body if isinstance(body, dict) else {},
        int(source.get("origin_server_ts", 0) or 0),
    )


class MatrixLink:
    """One account on one homeserver."""

    def __init__(self, homeserver: str, user: str) -> None:
        self.homeserver = homeserver
        self.client = nio.AsyncClient(
            homeserver,
            user,
            config=nio.AsyncClientConfig(
                store_sync_tokens=False, max_timeouts=2, max_timeout_retry_wait_time=2, request_timeout=30
            ),
        )
        self.since: str | None = None

    @property
    def user_id(self) -> str:
        return self.client.user_id

    async def _call(self, what: Said, coro: Any) -> Any:
        """``coro``'s answer; MatrixError saying ``what`` failed (``matrix.doing.*``) and why."""
        server = self.homeserver
        try:
            answer = await coro
        except (TimeoutError, OSError, nio.exceptions.RemoteProtocolError) as err:
            raise MatrixError(say("matrix.unreachable", what=what, homeserver=server, detail=str(err))) from None
        except Exception as err:  # aiohttp's client errors: the connection failed under way
            detail = f"{type(err).__name__}: {err}"
            raise MatrixError(say("matrix.failed", what=what, homeserver=server, detail=detail)) from None
        if isinstance(answer, nio.responses.ErrorResponse):
            detail = f"{answer.status_code or ''} {answer.message}".strip()
            raise MatrixError(say("matrix.refused", what=what, homeserver=server, detail=detail))
        return answer

    async def login(self, password: str) -> None:
        await self._call(
            say("matrix.doing.login", user=self.client.user), self.client.login(password, device_name="Formula D")
        )

    async def close(self) -> None:
        await self.client.close()

    async def create_race(self, opening: RaceOpen, name: str) -> str:
        """A new private room for the race, the players invited, the opening its state event."""
        players = sorted(set(opening.seats.values()) - {self.user_id})
        state = [{"type": RACE, "state_key": "", "content": content(opening)}]
        answer = await self._call(
            say("matrix.doing.create"),
            self.client.room_create(
                name=name, topic="Formula D race", invite=players, initial_state=state, federate=True
            ),
        )
        return answer.room_id

    async def join(self, room: str) -> None:
        await self._call(say("matrix.doing.join", room=room), self.client.join(room))

    async def opening(self, room: str) -> dict[str, Any]:
        """The race's opening as the room keeps it (raw content: the caller validates it)."""
        answer = await self._call(say("matrix.doing.opening", room=room), self.client.room_get_state_event(room, RACE))
        return answer.content

    async def send(self, room: str, message: Any, tx_id: str | None = None) -> str:
        """Send a race message; the same ``tx_id`` sent again is one event (a retry after a lost answer)."""
        answer = await self._call(
            say("matrix.doing.send"),
            self.client.room_send(room, kind_of(message), content(message), tx_id=tx_id),
        )
        return answer.event_id

    async def say(
        self,
        room: str,
        text: str,
        notice: bool = False,
        tx_id: str | None = None,
        note: Note | None = None,
        to: str | None = None,
    ) -> None:
        """Chat in the room; the referee's notices as m.notice, as bots do, with the notice's key and
        values beside the English text, so each player's game shows it in its own language."""
        body: dict[str, Any] = {"msgtype": "m.notice" if notice else "m.text", "body": text}
        if note is not None:
            body[NOTE] = note.model_dump(mode="json")
        if to:
            body[TO] = to
        await self._call(say("matrix.doing.send"), self.client.room_send(room, CHAT, body, tx_id=tx_id))

    async def history(self, room: str) -> list[RoomEvent]:
        """Every timeline event of the room from its start, oldest first."""
        events: list[RoomEvent] = []
        start: str | None = None
        for _ in range(10_000):
            page = await self._call(
                say("matrix.doing.history", room=room),
                self.client.room_messages(room, start=start, direction=nio.MessageDirection.front, limit=500),
            )
            events += [e for ev in page.chunk if (e := _event(room, getattr(ev, "source", {}))) is not None]
            if not page.chunk or not page.end or page.end == start:
                break
            start = page.end
        return events

    async def sync(self, timeout_ms: int = 3000) -> tuple[list[RoomEvent], list[str]]:
        """New timeline events in joined rooms since the last sync, and rooms this account is
        invited to. The first sync only sets the starting point (read the history for the past)."""
        first = self.since is None
        answer = await self._call(
            say("matrix.doing.sync"),
            self.client.sync(timeout=0 if first else timeout_ms, since=self.since, full_state=first or None),
        )
        self.since = answer.next_batch
        if first:
            return [], list(answer.rooms.invite)
        events = [
            e
            for room, info in answer.rooms.join.items()
            for ev in info.timeline.events
            if (e := _event(room, getattr(ev, "source", {}))) is not None
        ]
        return events, list(answer.rooms.invite)
