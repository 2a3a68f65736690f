"""Online races over Matrix: the referee bot and a player's client, both on ``MatrixLink``.

The referee bot keeps each race's secret seed in its own folder (by the seed's commitment, so
a restarted bot finds it), replays the room's history into ``rules.remote.referee.Referee`` and then
answers every player event as it comes; a homeserver that goes away is waited for and the
race goes on. A player's client replays the room into ``rules.remote.race_view.RaceView`` and sends
its player's decisions; a client that was closed replays the room again and goes on.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from game.net.matrix import CHAT, NOTE, TO, MatrixError, MatrixLink, RoomEvent
from game.net.said_error import shown
from game.tracks.drawing import say
from rules.ai.registry import DRIVERS
from rules.engine import chance
from rules.files.record import FairSeed, Header, Record, write_atomic
from rules.remote.fair_dice import bid_commitment, commitment, new_nonce, new_seed
from rules.remote.race_view import RaceView
from rules.remote.referee import Notice as Say
from rules.remote.referee import Out, Referee, RefereeError
from rules.remote.referee_notes import Note, note
from rules.remote.referee_protocol import (
    APPLIED,
    BID_OPEN,
    BID_SEAL,
    DECISION,
    SEED,
    Applied,
    BidOpen,
    BidSeal,
    Decision,
    ProtocolError,
    RaceOpen,
    SeedReveal,
    parse,
)
from rules.track import Track

PLAYER_KINDS = (DECISION, BID_SEAL, BID_OPEN)
REFEREE_KINDS = (APPLIED, SEED)


def read_opening(raw: dict) -> RaceOpen:
    """The room's race as a ``RaceOpen``, or MatrixError saying what is wrong with it."""
    try:
        opening = parse("org.formula_d.race", raw)
    except ProtocolError as err:
        raise MatrixError(say("online.race_unreadable", detail=str(err))) from None
    assert isinstance(opening, RaceOpen)
    return opening


class RefereeBot:
    """``formula-d referee``: referees every race room it opens or is invited to."""

    def __init__(self, link: MatrixLink, track: Track, folder: Path, clock: Callable[[], float] = time.time) -> None:
        self.link = link
        self.track = track
        self.folder = folder
        self.clock = clock
        self.races: dict[str, Referee] = {}
        self.seen: set[str] = set()
        self.log: list[str] = []
        self.invites: list[str] = []
        self.outbox: list[tuple[str, str, Applied | SeedReveal | Say]] = []  # (room, txn, message)

    async def _start(self) -> None:
        """The first sync: the point from which events come by sync (the past is read as history)."""
        if self.link.since is None:
            _, invites = await self.link.sync(timeout_ms=0)
            self.invites += invites

    def _seed_path(self, committed: str) -> Path:
        return self.folder / "seeds" / f"{committed}.txt"

    async def open_race(self, header: Header, seats: dict[str, str], deadline: int, name: str) -> str:
        """A new race room: the seed is kept on disk before its commitment is published."""
        seed = new_seed()
        opening = RaceOpen(
            header=header,
            commitment=commitment(seed),
            seats=seats,
            referee=self.link.user_id,
            deadline=deadline,
        )
        write_atomic(self._seed_path(opening.commitment), seed + "\n")
        room = await self.link.create_race(opening, name)
        await self.resume(room)
        return room

    async def resume(self, room: str) -> Referee:
        """Referee ``room`` from its history: the actions applied so far, then the player events
        that came while the referee was away."""
        await self._start()
        opening = read_opening(await self.link.opening(room))
        if opening.referee != self.link.user_id:
            raise MatrixError(say("online.other_referee", room=room, referee=opening.referee, me=self.link.user_id))
        path = self._seed_path(opening.commitment)
        if not path.exists():
            raise MatrixError(say("online.no_seed", room=room, path=str(path)))
        history = await self.link.history(room)
        applied: list[Applied] = []
        last = -1
        for i, e in enumerate(history):
            self.seen.add(e.event_id)
            if e.sender == self.link.user_id and e.kind == APPLIED:
                try:
                    message = parse(APPLIED, e.content)
                except ProtocolError:
                    continue
                assert isinstance(message, Applied)  # parse(APPLIED) validates as Applied
                applied.append(message)
                last = i
        try:
            referee = Referee(self.track, opening, path.read_text().strip(), applied, now=self.clock(), drivers=DRIVERS)
        except RefereeError as err:
            raise MatrixError(say("online.referee_refuses", room=room, detail=str(err))) from None
        referee.revealed = any(e.sender == self.link.user_id and e.kind == SEED for e in history)
        self.races[room] = referee
        await self._publish(room, referee.step(self.clock()))
        for e in history[last + 1 :]:
            await self.handle(e)
        return referee

    async def handle(self, e: RoomEvent) -> None:
        """One event of a race room: a player's message answered, anything else passed by."""
        self.seen.add(e.event_id)
        referee = self.races.get(e.room)
        if referee is None or e.sender == self.link.user_id:
            return
        if e.kind in REFEREE_KINDS:
            await self._publish(e.room, [Say(note("referee_only", sender=e.sender, kind=e.kind))])
            return
        if e.kind not in PLAYER_KINDS:
            return
        try:
            message = parse(e.kind, e.content)
        except ProtocolError as err:
            await self._publish(e.room, [Say(note("malformed", reason=str(err)), e.sender)])
            return
        assert isinstance(message, (Decision, BidSeal, BidOpen))
        await self._publish(e.room, referee.receive(e.sender, message, self.clock()))

    async def _publish(self, room: str, out: list[Out]) -> None:
        """Send the referee's output in order. What the homeserver did not take stays queued and
        goes first next time (MatrixError is raised on): an applied action is never lost."""
        for message in out:
            tx = uuid.uuid4().hex
            self.outbox.append((room, tx, message))
            if isinstance(message, Say):
                self.log.append(message.text)
            elif isinstance(message, Applied) and message.note:  # for the chat of any Matrix client too
                self.log.append(message.notice)
                self.outbox.append((room, tx + "n", Say(message.note)))
        while self.outbox:
            where, tx, message = self.outbox[0]
            if isinstance(message, Say):
                text = (f"{message.to}: " if message.to else "") + message.text
                await self.link.say(where, text, notice=True, tx_id=tx, note=message.note, to=message.to)
            else:
                await self.link.send(where, message, tx_id=tx)
            self.outbox.pop(0)

    async def serve(self, until: Callable[[], bool], retry: float = 1.0) -> None:
        """Answer the rooms' events until ``until()``; joins rooms it is invited to as referee.
        A homeserver that cannot be reached is tried again every ``retry`` seconds."""
        while not until():
            try:
                await self._start()
                events, invites = await self.link.sync(timeout_ms=1000)
                self.invites += invites
                while self.invites:
                    room = self.invites.pop(0)
                    await self.link.join(room)
                    await self.resume(room)
                for e in events:
                    if e.event_id not in self.seen:
                        await self.handle(e)
                for room, referee in list(self.races.items()):
                    await self._publish(room, referee.step(self.clock()))
            except MatrixError as err:
                self.log.append(str(err))
                await asyncio.sleep(retry)

    def record(self, room: str) -> Record:
        """The race of ``room`` as a record whose dice are this referee's, the seed in it once
        revealed, so ``replay`` checks every die (CORE-DICE-1)."""
        referee = self.races[room]
        fair = FairSeed(commitment=referee.opening.commitment, seed=referee.seed if referee.revealed else "")
        header = referee.opening.header.model_copy(update={"dice": "fair", "fair": fair})
        return Record(header=header, actions=tuple(referee.session.actions))

    def finished(self) -> bool:
        return bool(self.races) and all(r.revealed for r in self.races.values())


class OnlinePlayer:
    """A player's client for one race room: the room replayed, its player's messages sent."""

    def __init__(self, link: MatrixLink, track: Track, room: str) -> None:
        self.link = link
        self.track = track
        self.room = room
        self.view: RaceView | None = None
        self.chat: list[ChatLine] = []  # the room's chat, the referee's notices included
        self.unreadable: list[Note] = []  # race events that are not valid messages
        self.seen: set[str] = set()
        self.offline = ""  # why the homeserver cannot be reached now, in the player's language; '' when it can
        self.outbox: list[tuple[str, Decision | BidSeal | BidOpen | str]] = []  # (txn, message or chat text)
        self.sealed: dict[str, tuple[int, int, str]] = {}  # H2H-2: car -> (seq, amount, nonce), not yet opened
        self._open_asked = False  # the referee said every bid is sealed
        self._flushing: asyncio.Lock | None = None

    async def connect(self) -> RaceView:
        """Join the room (if invited), then replay its whole history."""
        await self.link.sync(timeout_ms=0)
        await self.link.join(self.room)
        self.view = RaceView(self.track, read_opening(await self.link.opening(self.room)))
        for e in await self.link.history(self.room):
            self.take(e)
        return self.view

    def take(self, e: RoomEvent) -> None:
        """One room event into the view (or the chat); problems are kept, never raised."""
        if e.event_id in self.seen or e.room != self.room or self.view is None:
            return
        self.seen.add(e.event_id)
        if e.kind == CHAT:
            said = e.content.get(NOTE) if e.sender == self.view.opening.referee else None
            try:
                n = Note.model_validate(said) if said is not None else None
            except ValueError:
                n = None  # shown as its English text
            to = e.content.get(TO) if n is not None else None
            self.chat.append(ChatLine(e.sender, str(e.content.get("body", "")), n, to if isinstance(to, str) else None))
            if n is not None and n.key == "bids_sealed":
                self._open_asked = True
            return
        if e.kind not in REFEREE_KINDS:
            return
        try:
            message = parse(e.kind, e.content)
        except ProtocolError as err:
            self.unreadable.append(note("unreadable", sender=e.sender, reason=str(err)))
            return
        assert isinstance(message, (Applied, SeedReveal))
        self.view.add(e.sender, message)

    @property
    def problems(self) -> list[Note]:
        """What went wrong with the room's race events: unreadable ones, then the view's."""
        return self.unreadable + (self.view.problems if self.view is not None else [])

    async def poll(self, timeout_ms: int = 1000, retry: float = 1.0) -> None:
        """Send what waits in the outbox, then take new room events into the view. An unreachable
        homeserver is noted in ``offline`` and tried again after ``retry`` seconds; nothing is lost."""
        for e in await self.fetch(timeout_ms, retry):
            self.take(e)

    async def fetch(self, timeout_ms: int = 1000, retry: float = 1.0) -> list[RoomEvent]:
        """``poll`` without taking the events: for a window that takes them in its own thread."""
        try:
            await self._flush()
            events, _ = await self.link.sync(timeout_ms)
        except MatrixError as err:
            self.offline = shown(err)
            await asyncio.sleep(retry)
            return []
        self.offline = ""
        return events

    async def _flush(self) -> None:
        """Send the outbox in order; one flush at a time (a send and a poll may both flush)."""
        if self._flushing is None:
            self._flushing = asyncio.Lock()
        async with self._flushing:
            while self.outbox:
                tx, message = self.outbox[0]
                if isinstance(message, str):
                    await self.link.say(self.room, message, tx_id=tx)
                else:
                    await self.link.send(self.room, message, tx_id=tx)
                self.outbox.pop(0)

    async def send(self, message: Decision | BidSeal | BidOpen) -> None:
        """Send a decision now, or as soon as the homeserver can be reached."""
        await self._queue(message)

    async def say(self, text: str) -> None:
        await self._queue(text)

    async def seal_bid(self, car: str, amount: int) -> None:
        """H2H-2: send the sealed bid; amount and nonce stay here until every bid is sealed."""
        assert self.view is not None, "connect first"
        nonce, seq = new_nonce(), len(self.view.actions)
        self.sealed[car] = (seq, amount, nonce)
        await self.send(BidSeal(seq=seq, car=car, seal=bid_commitment(car, amount, nonce)))

    def opens_due(self) -> list[BidOpen]:
        """H2H-2: once the referee says every bid is sealed, the openings of this player's sealed
        bids (each once)."""
        if not self._open_asked or self.view is None:
            return []
        self._open_asked = False
        at = len(self.view.actions)
        due = [
            BidOpen(seq=seq, car=car, amount=amount, nonce=nonce)
            for car, (seq, amount, nonce) in self.sealed.items()
            if seq == at
        ]
        self.sealed = {}
        return due

    async def open_bids(self) -> None:
        """Send the openings that are due (a client without a window calls it after each poll)."""
        for message in self.opens_due():
            await self.send(message)

    async def _queue(self, message: Decision | BidSeal | BidOpen | str) -> None:
        self.outbox.append((uuid.uuid4().hex, message))
        try:
            await self._flush()
        except MatrixError as err:
            self.offline = shown(err)


class ChatLine(NamedTuple):
    """One chat message of the room; ``note`` is set for the referee's notices."""

    sender: str
    text: str
    note: Note | None = None
    to: str | None = None  # a referee's notice for one player


class RaceRoom(NamedTuple):
    """One race room of an account, for the race list: whose turn it is."""

    room: str
    name: str
    track_hash: str
    track_name: str
    waiting: str  # the car to decide, '' while the referee rolls or when the race is over
    mine: bool  # the car to decide is this account's
    finished: bool


async def race_rooms(link: MatrixLink, tracks: Callable[[str, str], Track | None]) -> list[RaceRoom]:
    """Every race room the account is in or invited to (joining the invited ones), replayed to
    say whose turn it is; ``tracks(hash, name)`` finds a race's track (None: not on this computer)."""
    if link.since is None:
        _, invited = await link.sync(timeout_ms=0)
        for room in invited:
            await link.join(room)
    answer = await link._call(say("matrix.doing.rooms"), link.client.joined_rooms())
    found = []
    for room in answer.rooms:
        try:
            opening = read_opening(await link.opening(room))
        except MatrixError:
            continue  # not a race room
        track = tracks(opening.header.track_hash, opening.header.track_name)
        if track is None:
            continue
        player = OnlinePlayer(link, track, room)
        player.view = RaceView(track, opening)
        for e in await link.history(room):
            player.take(e)
        view = player.view
        car = "" if view.state.finished or chance(view.state) is not None else (view.to_move() or "")
        name = next((e.name for e in opening.header.entries if e.id == car), "")
        found.append(
            RaceRoom(
                room,
                name,
                opening.header.track_hash,
                opening.header.track_name,
                car,
                car in view.mine(link.user_id),
                view.state.finished,
            )
        )
    return found
