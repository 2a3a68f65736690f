"""A new championship's races and teams, after its drivers and rules were set up.

The name, the tracks in the order they are raced (the league's Season proposes 10 races,
SEASON-1; the Open 3, OPEN-1), the teams of up to two drivers (SEASON-2) and, for the rule
sets without a league table, the points table. Creating it stores it and shows its standings,
where the first race starts.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.storage.championships import ChampionshipStore
from game.storage.lineup import Lineup
from game.texts import place_name, tr
from game.widgets.controls import Button, TextField, Widget
from game.widgets.page import Page
from game.widgets.page import message as page_message
from rules.league import championship as ch
from rules.tables.profiles import Profile

if TYPE_CHECKING:
    from game.app.loop import App

MAX_RACES = 20
MAX_TEAMS = 5
CHOOSABLE = ("f1", "f1-modern")  # the points tables for rule sets without a league table


class SeriesSetupScene(Scene):
    name = "series_setup"
    escape_back = True

    def __init__(self, app: App, lineup: Lineup) -> None:
        super().__init__(app)
        self.lineup = lineup
        self.scheme = ch.default_scheme(lineup.preset)
        self.choosable = self.scheme.key in CHOOSABLE
        files = [e.path.name for e in app.tracks.entries]
        first = files.index(lineup.track) if lineup.track in files else 0
        count = ch.default_races(lineup.preset)
        self.tracks: list[str] = [files[(first + k) % len(files)] for k in range(count)] if files else []
        self.teams: list[int | None] = [None] * len(lineup.drivers)
        self.team_names = [tr("series.team_n", n=k + 1) for k in range(MAX_TEAMS)]
        self.name_text = tr("series.default_name", rules=tr(f"preset.{lineup.preset}"))
        self.message = ""
        self.name_field = TextField("name", lambda: self.name_text, self._set_name, 40)
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.create = Button("create", lambda: tr("series.create"), self.go, "primary")
        self.points = Button(
            "points", lambda: tr("series.points", table=tr(f"scheme.{self.scheme.key}")), self.next_scheme, px=20
        )
        self.points.visible = self.choosable
        self.drops_button = Button(
            "drops",
            lambda: tr("series.drops", n=self.scheme.dropped),
            self.next_drops,
            px=20,
            hint=lambda: [tr("series.drops_hint")],
        )
        self.drops_button.visible = self.choosable
        self.runs = 1  # QUAL-D-13: the Open's qualifying runs a race
        self.runs_button = Button(
            "runs", lambda: tr("series.runs", n=self.runs), self.next_runs, px=20, hint=lambda: [tr("series.runs_hint")]
        )
        self.runs_button.visible = self.scheme.qualifying
        self.files = files
        self.add = Button("add", lambda: tr("series.add"), self.add_race, px=20)
        self.team_buttons = [
            Button(f"driver{i + 1}.team", partial(self._team_label, i), partial(self.next_team, i), px=20)
            for i in range(len(lineup.drivers))
        ]
        self.team_fields = [
            TextField(f"team{k + 1}.name", partial(self.team_name, k), partial(self._set_team_name, k), 24)
            for k in range(MAX_TEAMS)
        ]
        self.remove: list[Button] = []
        self.rows: list[pygame.Rect] = []
        self._rebuild()

    # --- choices -----------------------------------------------------------------------------------

    def _set_name(self, text: str) -> None:
        self.name_text = text

    def _set_team_name(self, k: int, text: str) -> None:
        self.team_names[k] = text

    def _title(self, file: str) -> str:
        entry = self.app.tracks.find(file)
        return place_name(entry.title) if entry is not None else file

    def add_race(self) -> None:
        """One race more, on the track after the last race's (a click on a race changes its track)."""
        if len(self.tracks) < MAX_RACES and self.files:
            last = self.files.index(self.tracks[-1]) if self.tracks and self.tracks[-1] in self.files else -1
            self.tracks.append(self.files[(last + 1) % len(self.files)])
            self._rebuild()

    def race_label(self, k: int) -> str:
        return f"{k + 1}. {self._title(self.tracks[k])}"

    def next_track(self, k: int) -> None:
        """Race ``k`` on the next track of the maps folder."""
        here = self.files.index(self.tracks[k]) if self.tracks[k] in self.files else -1
        self.tracks[k] = self.files[(here + 1) % len(self.files)]

    def remove_race(self, k: int) -> None:
        if len(self.tracks) > 1:
            del self.tracks[k]
            self._rebuild()

    def next_scheme(self) -> None:
        k = CHOOSABLE.index(self.scheme.key)
        self.scheme = ch.SCHEMES[CHOOSABLE[(k + 1) % len(CHOOSABLE)]].model_copy(
            update={"dropped": self.scheme.dropped}
        )

    def next_drops(self) -> None:
        """The results each driver drops, as the Season's SEASON-6 does: none, 1 or 2."""
        self.scheme = self.scheme.model_copy(update={"dropped": (self.scheme.dropped + 1) % 3})

    def next_runs(self) -> None:
        self.runs = 3 - self.runs

    def next_team(self, i: int) -> None:
        """No team, then each team that still has a free seat (SEASON-2: up to 2 drivers a team)."""
        options: list[int | None] = [None, *range(MAX_TEAMS)]
        k = options.index(self.teams[i])
        for step in range(1, len(options) + 1):
            team = options[(k + step) % len(options)]
            if team is None or sum(1 for j, t in enumerate(self.teams) if t == team and j != i) < 2:
                self.teams[i] = team
                break
        self._rebuild()

    def team_name(self, k: int) -> str:
        return self.team_names[k]

    def _team_label(self, i: int) -> str:
        team = self.teams[i]
        return tr("series.no_team") if team is None else self.team_names[team] or tr("series.team_n", n=team + 1)

    def used_teams(self) -> list[int]:
        return sorted({t for t in self.teams if t is not None})

    def championship(self) -> ch.Championship:
        """The championship as chosen; the teams in use renumbered from 0, named as typed."""
        used = self.used_teams()
        number = {t: k for k, t in enumerate(used)}
        members = tuple(
            ch.Member(
                id=f"d{i + 1}",
                name=d.name,
                driver=d.kind,
                colour=d.colour,
                number=d.number,
                team=number.get(team) if (team := self.teams[i]) is not None else None,
                profile=d.profile if self.lineup.rules().profiles else Profile.NORMALO,
            )
            for i, d in enumerate(self.lineup.drivers)
        )
        names = tuple(self.team_names[t].strip() or tr("series.team_n", n=t + 1) for t in used)
        return ch.Championship(
            name=self.name_text.strip() or tr("series.default_name", rules=tr(f"preset.{self.lineup.preset}")),
            preset=self.lineup.preset,
            modules=self.lineup.modules,
            tracks=tuple(self.tracks),
            laps=self.lineup.laps,
            members=members,
            teams=names,
            scheme=self.scheme,
            qualifying_runs=self.runs,
        )

    def go(self) -> None:
        """Store the championship and show its (empty) standings, where its first race starts."""
        if not self.tracks:
            self.message = tr("series.no_tracks")
            return
        store = ChampionshipStore(self.app.data)
        champ_id = store.create(self.championship())
        notices = list(store.notices)
        store.close()
        for notice in notices:
            self.app.notify(notice)
        if champ_id is None:  # the notice says why; the choices stay on screen to try again
            return
        self.app.home()
        self.app.scene.open_championship(champ_id)  # type: ignore[attr-defined]

    # --- screen ------------------------------------------------------------------------------------

    def _rebuild(self) -> None:
        self.remove = [
            Button(f"race{k + 1}.remove", lambda: "×", partial(self.remove_race, k), "danger", px=22)
            for k in range(len(self.tracks))
        ]
        self.race_buttons = [
            Button(
                f"race{k + 1}.track",
                partial(self.race_label, k),
                partial(self.next_track, k),
                px=20,
                hint=lambda: [tr("series.track_hint")],
            )
            for k in range(len(self.tracks))
        ]
        self.add.visible = len(self.tracks) < MAX_RACES
        used = self.used_teams()
        for k, field in enumerate(self.team_fields):
            field.visible = k in used
        self.widgets: list[Widget] = [
            self.name_field,
            self.back,
            self.create,
            self.points,
            self.drops_button,
            self.runs_button,
            self.add,
            *self.race_buttons,
            *self.remove,
            *self.team_buttons,
            *self.team_fields,
        ]
        self.layout(self.app.size)

    def layout(self, size: tuple[int, int]) -> None:
        """The name and the points over two columns: the races left, the drivers' teams right."""
        page = Page(size)
        body = page.body
        self.back.rect = page.back()
        self.create.rect = page.forward(300)
        self.message_area = page.between(self.back.rect, self.create.rect)
        self.name_field.rect = pygame.Rect(body.left + 100, body.top, body.width // 2 - 120, 44)
        self.points.rect = pygame.Rect(body.centerx + 20, body.top, body.width // 2 - 20, 44)
        top = body.top + 60
        left = pygame.Rect(body.left, top, body.width // 2 - 20, body.bottom - top)
        right = pygame.Rect(body.centerx + 20, top, body.width // 2 - 20, body.bottom - top)
        add_h = 40
        row = max(22, min(36, (left.height - 32 - add_h - 6) // max(1, len(self.tracks))))
        for k, (b, x) in enumerate(zip(self.race_buttons, self.remove)):
            y = left.top + 32 + k * row
            b.rect = pygame.Rect(left.left, y, left.width - row - 4, row - 3)
            x.rect = pygame.Rect(left.right - row, y, row - 3, row - 3)
        self.add.rect = pygame.Rect(
            left.left, min(left.bottom - add_h, left.top + 32 + len(self.tracks) * row + 4), left.width // 2 - 4, add_h
        )
        self.runs_button.rect = pygame.Rect(left.centerx + 4, self.add.rect.top, left.width // 2 - 4, add_h)
        self.drops_button.rect = self.runs_button.rect.copy()  # the Open (runs) has no drops to choose
        used = self.used_teams()
        fields = 50 * ((len(used) + 1) // 2)
        drow = max(24, min(40, (right.height - 32 - fields) // max(1, len(self.team_buttons))))
        for i, b in enumerate(self.team_buttons):
            b.rect = pygame.Rect(right.left + right.width // 2, right.top + 32 + i * drow, right.width // 2, drow - 4)
        names_top = right.top + 32 + len(self.team_buttons) * drow + 4
        half = (right.width - 10) // 2
        for n, k in enumerate(used):
            self.team_fields[k].rect = pygame.Rect(
                right.left + (n % 2) * (half + 10), names_top + (n // 2) * 50, half, 44
            )

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("series.title"))
        body = page.body
        theme.text(screen, tr("series.name"), 22, theme.DIM, (body.left, self.name_field.rect.centery), "midleft")
        if not self.choosable:  # the league's own table (SEASON-4, OPEN-2, QUAL-D-14)
            r = self.points.rect
            lines = theme.wrap(tr("series.league_points", table=tr(f"scheme.{self.scheme.key}")), 18, r.width, most=2)
            for i, line in enumerate(lines):
                theme.text(screen, line, 18, theme.DIM, (r.left, r.centery - 10 * (len(lines) - 1) + 20 * i), "midleft")
        top = self.name_field.rect.bottom + 16
        theme.text(screen, tr("series.races", n=len(self.tracks)), 22, theme.TEXT, (body.left, top + 4))
        right_left = body.centerx + 20
        theme.text(screen, tr("series.teams"), 22, theme.TEXT, (right_left, top + 4))
        for d, b in zip(self.lineup.drivers, self.team_buttons):
            pygame.draw.circle(screen, theme.colour(d.colour), (right_left + 8, b.rect.centery), 7)
            px = min(22, b.rect.height - 4)
            theme.text(
                screen,
                theme.fit_text(d.name, px, b.rect.left - right_left - 30),
                px,
                theme.TEXT,
                (right_left + 22, b.rect.centery),
                "midleft",
            )
        if self.message:
            page_message(screen, self.message_area, self.message, theme.RED)
        self.draw_widgets(screen)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status.update(
            races=list(self.tracks),
            teams=list(self.teams),
            scheme=self.scheme.key,
            runs=self.runs,
            drops=self.scheme.dropped,
        )
        return status
