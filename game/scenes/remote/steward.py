"""Race by email, the steward's side in the window: open a race in a folder, then take the
players' replies from its inbox and write the next race files into its outbox (the same
``Steward`` as ``formula-d steward``). The folder keeps the secret seed: it is the race."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import theme
from game.net.mailrace import STEWARD_FILE, Steward
from game.net.race_setup import deadline_seconds, race_header
from game.net.racefile import SUFFIX, RaceFileError
from game.net.said_error import shown
from game.scenes.remote.form import Form, TrackAndRules
from game.scenes.remote.series import SeriesError, keep_result, seated_race
from game.storage.championships import ChampionshipStore
from game.texts import tr
from game.widgets.controls import Button
from rules.track import Track

if TYPE_CHECKING:
    from game.app.loop import App

INBOX, OUTBOX, TAKEN = "inbox", "outbox", "taken"


class StewardScene(Form):
    name = "steward"
    title = "steward.title"
    row = 52
    fields = ("folder", "seats", "cars", "laps", "deadline", "steward")
    labels = {
        "folder": "steward.folder",
        "seats": "create.seats",
        "cars": "create.cars",
        "laps": "create.laps",
        "deadline": "create.deadline",
        "steward": "steward.name",
    }

    def __init__(self, app: App) -> None:
        self.defaults = {
            "folder": str(app.data / "steward" / "race"),
            "seats": "car1=anna car2=ben car3=carl",
            "cars": "4",
            "laps": "1",
            "deadline": "3d",
            "steward": "steward",
        }
        super().__init__(app)
        self.choice = TrackAndRules(app)
        store = ChampionshipStore(app.data)
        self.champs = [(c.id, c.name) for c in store.list() if c.races_played < c.races_total]
        store.close()
        self.champ_at = -1  # none: a race of its own; else the championship's next race
        self.champ_button = Button("championship", self._champ_label, self._next_champ)
        self.open_button = Button("open_race", lambda: tr("steward.open"), self.open_race, "primary")
        self.take_button = Button("take", lambda: tr("steward.take"), self.take)
        self.widgets = [
            *self.inputs,
            self.choice.track_button,
            self.choice.rules_button,
            self.champ_button,
            self.open_button,
            self.take_button,
            self.back,
        ]
        self.report: list[str] = []  # what the last step did, for the steward to read

    def _champ_label(self) -> str:
        if self.champ_at < 0:
            return tr("steward.no_championship")
        return tr("steward.championship", name=self.champs[self.champ_at][1])

    def _next_champ(self) -> None:
        """None, then each championship with races to come (its next race, its track and drivers)."""
        self.champ_at = self.champ_at + 1 if self.champ_at + 1 < len(self.champs) else -1
        self.choice.track_button.visible = self.choice.rules_button.visible = self.champ_at < 0

    def bottom(self) -> int:
        return 110 + (len(self.fields) + 2) * self.row

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.choice.place(110 + len(self.fields) * self.row, self.row - 12)
        self.champ_button.rect = pygame.Rect(280, 110 + (len(self.fields) + 1) * self.row, 640, self.row - 12)
        self.open_button.rect = pygame.Rect(280, self.bottom() + 4, 260, 48)
        self.take_button.rect = pygame.Rect(560, self.bottom() + 4, 260, 48)

    def draw(self, screen: pygame.Surface) -> None:
        super().draw(screen)
        y = self.bottom() + 110
        for line in self.report[-8:]:
            fitted = theme.fit_text(line, 20, screen.get_width() - 340)
            theme.text(screen, fitted, 20, theme.TEXT, (280, y), "topleft")
            y += 26

    def folder(self) -> Path:
        return Path(self.values["folder"].strip()).expanduser()

    def open_race(self) -> None:
        """A new race in the folder: its seed, the first dice, a race file for every player."""
        self.problem, self.report = "", []
        folder = self.folder()
        if (folder / STEWARD_FILE).exists():
            self.problem = tr("steward.exists", folder=str(folder))
            return
        v = self.values
        track = self.choice.track()
        if track is None:
            self.problem = tr("create.no_tracks")
            return
        try:
            pairs = [p.partition("=") for p in re.split(r"[\s,;]+", v["seats"].strip()) if p]
            if not pairs or any(not car or not who or "/" in who for car, _, who in pairs):
                raise ValueError(tr("steward.bad_seats"))
            seats = {car: who for car, _, who in pairs}
            if not v["cars"].isdigit() or not v["laps"].isdigit():
                raise ValueError(tr("create.bad_cars", most=min(10, len(track.grid))))
            if self.champ_at >= 0:  # the championship's next race: its track, drivers and karma
                header, track = seated_race(self.app.data, self.champs[self.champ_at][0], seats, self._track)
            else:
                header = race_header(track, self.choice.preset, int(v["cars"]), int(v["laps"]), seats)
                named = tuple(e.model_copy(update={"name": seats.get(e.id, e.name)}) for e in header.entries)
                header = header.model_copy(update={"entries": named})
            seconds = deadline_seconds(v["deadline"])
            steward = Steward.open_race(
                folder, track, header, seats, v["steward"].strip() or "steward", seconds, time.time()
            )
        except (ValueError, RaceFileError, SeriesError, OSError) as err:
            self.problem = shown(err)
            return
        (folder / INBOX).mkdir(exist_ok=True)
        self._send(steward)

    def take(self) -> None:
        """Every reply in the folder's inbox, oldest first; then the deadlines; then the next files."""
        self.problem, self.report = "", []
        folder = self.folder()
        try:
            if not (folder / STEWARD_FILE).exists():
                raise RaceFileError(tr("steward.no_race", folder=str(folder)))
            track = self._race_track(folder)
            steward = Steward(folder, track)
            (folder / INBOX / TAKEN).mkdir(parents=True, exist_ok=True)
            for reply in sorted((folder / INBOX).glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime):
                try:
                    steward.take(reply, time.time())
                    self.report += steward.news()
                except RaceFileError as err:
                    self.report.append(shown(err))
                reply.rename(folder / INBOX / TAKEN / reply.name)
            steward.tick(time.time())
            self.report += steward.news()
        except (RaceFileError, OSError) as err:
            self.problem = shown(err)
            return
        self._send(steward)
        series = steward.state.race.header.series
        if steward.state.revealed and series is not None:
            try:  # a championship's race: into its standings, its dice checked first
                keep_result(self.app.data, track, steward.record())
                self.report.append(tr("steward.kept", name=series.name))
            except SeriesError as err:
                self.problem = shown(err)

    def _track(self, file: str) -> Track | None:
        entry = self.app.tracks.get(file)
        return entry.track if entry is not None else None

    def _race_track(self, folder: Path) -> Track:
        """The track the race in ``folder`` is on (found by its hash among the game's tracks)."""
        header = Steward.peek(folder).race.header
        entry = self.app.tracks.by_hash(header.track_hash, header.track_name)
        if entry is None or entry.track is None:
            raise RaceFileError(tr("online.no_track", track=header.track_name))
        return entry.track

    def _send(self, steward: Steward) -> None:
        paths = steward.send(self.folder() / OUTBOX)
        if steward.state.revealed:
            self.report.append(tr("steward.over"))
        else:
            waiting = ", ".join(steward.state.race.seats[c] for c in steward.referee.waiting_for())
            self.report.append(tr("steward.waiting", action=len(steward.state.applied), players=waiting or "–"))
        self.report += [tr("steward.send", path=str(p)) for p in paths]
