"""Races between homes from the menu: "Race online" (a Matrix account, its race list, a race
room) and "Race by email" (a steward's race file and the player's name). Either opens the race
screen on a ``RemoteControl``; connecting and listing run in a thread, never blocking a frame."""

from __future__ import annotations

import asyncio
import threading
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.board.view import BoardView
from game.net.hosted import HostedReferee
from game.net.mailrace import MailLink, MailPlayer
from game.net.matrix import MatrixError, MatrixLink
from game.net.online import RaceRoom, race_rooms, read_opening
from game.net.online_link import OnlineLink
from game.net.racefile import RaceFileError, read
from game.net.said_error import shown
from game.play.remote_control import RemoteControl, RemoteLink
from game.scenes.race.scene import RaceScene
from game.scenes.remote.form import Form
from game.texts import Notice, tr
from game.widgets.controls import Button
from rules.track import Track

if TYPE_CHECKING:
    from game.app.loop import App

#: Seconds between two looks at the race list, for the notice that a race waits for this player.
WATCH_EVERY = 30.0


def _track(app: App, digest: str, name: str) -> Track | None:
    entry = app.tracks.by_hash(digest, name)
    return entry.track if entry is not None else None


def open_remote(app: App, link: RemoteLink) -> str:
    """The race screen of a remote race; '' or why it cannot open."""
    header = link.view.opening.header
    entry = app.tracks.by_hash(header.track_hash, header.track_name)
    if entry is None or entry.track is None or entry.board is None:
        return tr("online.no_track", track=header.track_name)
    app.push(RaceScene(app, RemoteControl(entry.track, link), BoardView(entry.board)))
    return ""


class OnlineScene(Form):
    """Race online: the account, its races (whose turn), and a room to join."""

    name = "online"
    title = "online.title"
    fields = ("homeserver", "account", "password", "room")
    labels = {
        "homeserver": "online.homeserver",
        "account": "online.account",
        "password": "online.password",
        "room": "online.room",
    }

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.connect = Button("connect", lambda: tr("online.connect"), self.join, "primary")
        self.list_button = Button("list", lambda: tr("online.races"), self.list_races)
        self.create_button = Button("create", lambda: tr("online.create"), self.create_race)
        self.rooms: list[RaceRoom] = []
        self.room_buttons: list[Button] = []
        self.busy = False
        self.watching = False  # the race list is fetched again every ``watch_every`` seconds
        self.watch_every = WATCH_EVERY
        self.hosted: list[HostedReferee] = []  # the races this game referees while it runs
        self.widgets = [*self.inputs, self.connect, self.list_button, self.create_button, self.back]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        top = self.bottom()
        self.connect.rect = pygame.Rect(280, top, 220, 48)
        self.list_button.rect = pygame.Rect(520, top, 220, 48)
        self.create_button.rect = pygame.Rect(760, top, 220, 48)
        for i, b in enumerate(self.room_buttons):
            b.rect = pygame.Rect(280, top + 130 + i * 52, min(760, size[0] - 340), 44)

    def _room_label(self, r: RaceRoom) -> str:
        status = (
            tr("online.over")
            if r.finished
            else tr("online.your_turn")
            if r.mine
            else tr("online.turn_of", name=r.name)
            if r.waiting
            else tr("online.referee")
        )
        return f"{r.track_name} · {status} · {r.room}"

    def create_race(self) -> None:
        from game.scenes.remote.create import CreateRaceScene

        self.app.push(CreateRaceScene(self.app, self))

    def list_races(self) -> None:
        """The account's race list, fetched in a thread, and again every ``watch_every`` seconds
        while this game runs: a race that comes to this player's turn gives a notice."""
        if self.busy:
            return
        self.busy, self.problem = True, tr("online.connecting")
        v = dict(self.values)

        async def fetch() -> list[RaceRoom]:
            link = MatrixLink(v["homeserver"], v["account"])
            try:
                await link.login(v["password"])
                return await race_rooms(link, lambda d, n: _track(self.app, d, n))
            finally:
                await link.close()

        def run() -> None:
            try:
                self.rooms = asyncio.run(fetch())
                self.problem = ""
            except MatrixError as err:
                self.problem = shown(err)
                self.busy = False
                return
            self.busy = False
            if self.watching:
                return
            self.watching = True
            mine = {r.room for r in self.rooms if r.mine}
            while self.watching:
                time.sleep(self.watch_every)
                try:
                    self.rooms = asyncio.run(fetch())
                except MatrixError:
                    continue  # the homeserver away for a while: the next round tries again
                for r in self.rooms:
                    if r.mine and r.room not in mine:
                        self.app.notify(Notice("online.turn_notice", {"track": r.track_name, "room": r.room}))
                mine = {r.room for r in self.rooms if r.mine}

        threading.Thread(target=run, daemon=True, name="race-list").start()

    def closed(self) -> None:
        self.watching = False

    def update(self, dt: float) -> None:
        if len(self.room_buttons) != len(self.rooms):
            self.room_buttons = [
                Button(f"room{i}", partial(self._label_at, i), partial(self._open_at, i), px=20)
                for i in range(len(self.rooms))
            ]
            self.widgets = [
                *self.inputs,
                self.connect,
                self.list_button,
                self.create_button,
                self.back,
                *self.room_buttons,
            ]
            self.layout(self.app.size)

    def _label_at(self, i: int) -> str:
        """The race list's line ``i`` (the list is fetched again in a thread: it may have shrunk)."""
        rooms = self.rooms
        return self._room_label(rooms[i]) if i < len(rooms) else ""

    def _open_at(self, i: int) -> None:
        rooms = self.rooms
        if i < len(rooms):
            self.values["room"] = rooms[i].room
            self.join()

    def join(self) -> None:
        """Join the room and open its race screen (the room replays in the link's thread)."""
        v = self.values
        opening_track: list[Track] = []

        async def peek() -> None:
            link = MatrixLink(v["homeserver"], v["account"])
            try:
                await link.login(v["password"])
                await link.join(v["room"])
                header = read_opening(await link.opening(v["room"])).header
                track = _track(self.app, header.track_hash, header.track_name)
                if track is None:
                    raise MatrixError(tr("online.no_track", track=header.track_name))
                opening_track.append(track)
            finally:
                await link.close()

        try:
            asyncio.run(peek())
            link = OnlineLink(v["homeserver"], v["account"], v["room"], opening_track[0])
            link.connect(v["password"])
        except MatrixError as err:
            self.problem = shown(err)
            return
        self.problem = open_remote(self.app, link)


class EmailScene(Form):
    """Race by email: open the steward's race file as this player."""

    name = "email"
    title = "email.title"
    fields = ("file", "name")
    labels = {"file": "email.file", "name": "email.name"}

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.open_button = Button("open", lambda: tr("email.open"), self.open_file, "primary")
        self.steward_button = Button("steward", lambda: tr("email.steward"), self.steward)
        self.widgets = [*self.inputs, self.open_button, self.steward_button, self.back]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.open_button.rect = pygame.Rect(280, self.bottom(), 260, 48)
        self.steward_button.rect = pygame.Rect(560, self.bottom(), 260, 48)

    def steward(self) -> None:
        """The steward's side: open a race, take the replies, write the next files."""
        from game.scenes.remote.steward import StewardScene

        self.app.push(StewardScene(self.app))

    def open_file(self) -> None:
        path = Path(self.values["file"]).expanduser()
        name = self.values["name"].strip()
        player = MailPlayer(self.app.data / "email", name)
        try:
            header = read(path).race.header
            track = _track(self.app, header.track_hash, header.track_name)
            if track is None:
                self.problem = tr("online.no_track", track=header.track_name)
                return
            link = MailLink(player, path, track)
        except RaceFileError as err:
            self.problem = shown(err)
            return
        self.problem = open_remote(self.app, link)
