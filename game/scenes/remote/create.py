"""Race online: a new race from the menu. The track, the rule set, the cars and laps, who sits in
which car, the time for each decision, and the referee's bot account; the creator's game then
referees the race (``game.net.hosted``) and opens it for its player."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

import pygame

from game import theme
from game.net.hosted import HostedReferee
from game.net.matrix import MatrixError
from game.net.race_setup import deadline_seconds, race_header, seats_of
from game.net.said_error import shown
from game.scenes.remote.form import Form, TrackAndRules
from game.texts import tr
from game.widgets.controls import Button

if TYPE_CHECKING:
    from game.app.loop import App


class Account(Protocol):
    """The Race online form the new race is for: the homeserver and the player's account, where
    the referee is kept while the game runs, and how to join the race's room."""

    values: dict[str, str]
    hosted: list[HostedReferee]

    def join(self) -> None: ...


class CreateRaceScene(Form):
    """The form of a new online race; ``online`` holds the homeserver and the player's account."""

    name = "online-create"
    title = "create.title"
    row = 50
    fields = ("seats", "cars", "laps", "deadline", "race_name", "referee", "referee_password")
    labels = {
        "seats": "create.seats",
        "cars": "create.cars",
        "laps": "create.laps",
        "deadline": "create.deadline",
        "race_name": "create.name",
        "referee": "create.referee",
        "referee_password": "create.referee_password",
    }

    def __init__(self, app: App, online: Account) -> None:
        self.defaults = {
            "seats": f"car1={online.values['account']}" if online.values["account"] else "",
            "cars": "4",
            "laps": "1",
            "deadline": "10m",
            "race_name": tr("create.default_name"),
        }
        super().__init__(app)
        self.online = online
        self.choice = TrackAndRules(app)
        self.create = Button("create", lambda: tr("create.create"), self.open_race, "primary")
        self.widgets = [
            *self.inputs,
            self.choice.track_button,
            self.choice.rules_button,
            self.create,
            self.back,
        ]
        self.hosted: HostedReferee | None = None

    def _shown(self, field: str) -> str:
        if field == "referee_password":
            return "•" * len(self.values[field])
        return self.values[field]

    def _set(self, field: str, value: str) -> None:
        if field == "referee_password":  # typed blind, as the player's own password
            kept = self.values[field]
            value = kept[: len(value)] if len(value) < len(kept) else kept + value[len(kept) :]
        self.values[field] = value

    def bottom(self) -> int:
        return 110 + (len(self.fields) + 1) * self.row

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.choice.place(110 + len(self.fields) * self.row, self.row - 12)
        self.create.rect = pygame.Rect(280, self.bottom() + 4, 260, 48)

    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)
        account = self.online.values["account"] or "–"
        line = tr("create.as", account=account, homeserver=self.online.values["homeserver"] or "–")
        theme.text(screen, theme.fit_text(line, 20, screen.get_width() - 120), 20, theme.DIM, (60, 82), "topleft")

    def open_race(self) -> None:
        """Check the form; open the room with this game as its referee; join it as the player."""
        self.problem = self._check()
        if self.problem:
            return
        v, track = self.values, self.choice.track()
        assert track is not None
        seats = seats_of(re.split(r"[\s,;]+", v["seats"].strip()))
        header = race_header(track, self.choice.preset, int(v["cars"]), int(v["laps"]), seats)
        hosted = HostedReferee(self.online.values["homeserver"], v["referee"].strip(), self.app.data / "referee", track)
        try:
            room = hosted.open(
                v["referee_password"], header, seats, deadline_seconds(v["deadline"]), v["race_name"].strip()
            )
        except MatrixError as err:
            self.problem = shown(err)
            return
        self.hosted = hosted
        self.app.pop()
        self.online.hosted.append(hosted)
        self.online.values["room"] = room
        self.online.join()

    def _check(self) -> str:
        """What is wrong with the form, in one line ('' when nothing is)."""
        v = self.values
        if not self.choice.tracks:
            return tr("create.no_tracks")
        if not (self.online.values["homeserver"] and self.online.values["account"] and self.online.values["password"]):
            return tr("create.login_first")
        track = self.choice.track()
        if track is None:
            return tr("create.broken_track", track=self.choice.track_name())
        most = min(10, len(track.grid))
        if not v["cars"].isdigit() or not 2 <= int(v["cars"]) <= most:
            return tr("create.bad_cars", most=most)
        if not v["laps"].isdigit() or not 1 <= int(v["laps"]) <= 3:
            return tr("create.bad_laps")
        if not re.fullmatch(r"@[^:\s]+:\S+", v["referee"].strip()) or not v["referee_password"]:
            return tr("create.bad_referee")
        try:
            deadline_seconds(v["deadline"])
        except ValueError:
            return tr("create.bad_deadline", deadline=v["deadline"])
        pairs = [p for p in re.split(r"[\s,;]+", v["seats"].strip()) if p]
        try:
            seats = seats_of(pairs)
            race_header(track, self.choice.preset, int(v["cars"]), int(v["laps"]), seats)
        except ValueError as err:
            return tr("create.bad_seats", detail=shown(err))
        if not seats:
            return tr("create.no_seats")
        if v["referee"].strip() in seats.values():
            return tr("create.referee_seated")
        return ""
