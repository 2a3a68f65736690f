"""A new championship's races and teams, after its drivers and rules were set up.

The name, the tracks in the order they are raced (the league's Season proposes 10 races,
SEASON-1; the Open 3, OPEN-1), the teams of up to two drivers (SEASON-2) and, for the rule
sets without a league table, the points table. Creating it stores it and shows its standings,
where the first race starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.storage.championships import ChampionshipStore
from game.storage.lineup import Lineup
from game.texts import tr
from game.widgets.controls import Button, TextField, Widget
from game.widgets.page import Page, message as page_message
from rules import championship as ch
from rules.profiles import Profile

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
        self.points = Button("points", lambda: tr("series.points", table=tr(f"scheme.{self.scheme.key}")), self.next_scheme, px=20)
        self.points.visible = self.choosable
        self.add = [Button(f"add.{f}", lambda f=f: tr("series.add", track=self._title(f)), lambda f=f: self.add_race(f), px=20)
                    for f in files]
        self.team_buttons = [Button(f"driver{i + 1}.team", lambda i=i: self._team_label(i), lambda i=i: self.next_team(i), px=20)
                             for i in range(len(lineup.drivers))]
        self.team_fields = [TextField(f"team{k + 1}.name", lambda k=k: self.team_names[k],
                                      lambda text, k=k: self._set_team_name(k, text), 24) for k in range(MAX_TEAMS)]
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
        return entry.title if entry is not None else file

    def add_race(self, file: str) -> None:
        if len(self.tracks) < MAX_RACES:
            self.tracks.append(file)
            self._rebuild()

    def remove_race(self, k: int) -> None:
        if len(self.tracks) > 1:
            del self.tracks[k]
            self._rebuild()

    def next_scheme(self) -> None:
        k = CHOOSABLE.index(self.scheme.key)
        self.scheme = ch.SCHEMES[CHOOSABLE[(k + 1) % len(CHOOSABLE)]]

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

    def _team_label(self, i: int) -> str:
        team = self.teams[i]
        return tr("series.no_team") if team is None else self.team_names[team] or tr("series.team_n", n=team + 1)

    def used_teams(self) -> list[int]:
        return sorted({t for t in self.teams if t is not None})

    def championship(self) -> ch.Championship:
        """The championship as chosen; the teams in use renumbered from 0, named as typed."""
        used = self.used_teams()
        number = {t: k for k, t in enumerate(used)}
        members = tuple(ch.Member(id=f"d{i + 1}", name=d.name, driver=d.kind, colour=d.colour, number=d.number,
                                  team=number.get(self.teams[i]) if self.teams[i] is not None else None,
                                  profile=d.profile if self.lineup.rules().profiles else Profile.NORMALO)
                        for i, d in enumerate(self.lineup.drivers))
        names = tuple(self.team_names[t].strip() or tr("series.team_n", n=t + 1) for t in used)
        return ch.Championship(name=self.name_text.strip() or tr("series.default_name", rules=tr(f"preset.{self.lineup.preset}")),
                               preset=self.lineup.preset, modules=self.lineup.modules, tracks=tuple(self.tracks),
                               laps=self.lineup.laps, members=members, teams=names, scheme=self.scheme)

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
        self.remove = [Button(f"race{k + 1}.remove", lambda: "×", lambda k=k: self.remove_race(k), "danger", px=22)
                       for k in range(len(self.tracks))]
        used = self.used_teams()
        for k, field in enumerate(self.team_fields):
            field.visible = k in used
        self.widgets: list[Widget] = [self.name_field, self.back, self.create, self.points, *self.add, *self.remove,
                                      *self.team_buttons, *self.team_fields]
        self.layout(self.app.size)

    def layout(self, size: tuple[int, int]) -> None:
        """The name over two columns: the races (with the tracks to add) left, the drivers' teams right."""
        self.size = size
        page = Page(size)
        body = page.body
        self.back.rect = page.back()
        self.create.rect = page.forward(300)
        self.message_area = page.between(self.back.rect, self.create.rect)
        self.name_field.rect = pygame.Rect(body.left + 120, body.top + 8, min(520, body.width // 2 - 130), 44)
        self.points.rect = pygame.Rect(body.centerx + 20, body.top + 8, body.width // 2 - 20, 44)
        left = pygame.Rect(body.left, body.top + 96, body.width // 2 - 20, body.height - 96)
        right = pygame.Rect(body.centerx + 20, body.top + 96, body.width // 2 - 20, body.height - 96)
        add_h = 40
        room = left.height - 36 - add_h - 8
        row = max(20, min(34, room // max(1, len(self.tracks))))
        self.rows = [pygame.Rect(left.left, left.top + 36 + k * row, left.width, row) for k in range(len(self.tracks))]
        for k, b in enumerate(self.remove):
            b.rect = pygame.Rect(self.rows[k].right - row, self.rows[k].top + 1, row - 2, row - 2)
        add_w = (left.width - 8 * (len(self.add) - 1)) // max(1, len(self.add))
        for k, b in enumerate(self.add):
            b.rect = pygame.Rect(left.left + k * (add_w + 8), left.bottom - add_h, add_w, add_h)
        used = self.used_teams()
        drow = max(30, min(44, (right.height - 36 - 50 * ((len(used) + 1) // 2)) // max(1, len(self.team_buttons))))
        for i, b in enumerate(self.team_buttons):
            b.rect = pygame.Rect(right.left + right.width // 2, right.top + 36 + i * drow, right.width // 2, drow - 6)
        names_top = right.top + 36 + len(self.team_buttons) * drow + 8
        half = (right.width - 10) // 2
        for n, k in enumerate(used):
            self.team_fields[k].rect = pygame.Rect(right.left + (n % 2) * (half + 10), names_top + (n // 2) * 50, half, 44)

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("series.title"))
        body = page.body
        theme.text(screen, tr("series.name"), 22, theme.DIM, (body.left, self.name_field.rect.centery), "midleft")
        if not self.choosable:  # the league's own table (SEASON-4, OPEN-2, QUAL-D-14)
            theme.text(screen, theme.fit_text(tr("series.league_points", table=tr(f"scheme.{self.scheme.key}")), 20,
                                              self.points.rect.width), 20, theme.DIM, self.points.rect.midleft, "midleft")
        left_top = self.rows[0].top - 36 if self.rows else body.top + 96
        theme.text(screen, tr("series.races", n=len(self.tracks)), 22, theme.TEXT, (body.left, left_top + 4))
        px = min(22, max(16, (self.rows[0].height - 6) if self.rows else 22))
        for k, (file, r) in enumerate(zip(self.tracks, self.rows)):
            theme.text(screen, theme.fit_text(f"{k + 1}. {self._title(file)}", px, r.width - r.height - 12), px, theme.TEXT,
                       (r.left, r.centery), "midleft")
        right_left = body.centerx + 20
        theme.text(screen, tr("series.teams"), 22, theme.TEXT, (right_left, left_top + 4))
        for i, (d, b) in enumerate(zip(self.lineup.drivers, self.team_buttons)):
            pygame.draw.circle(screen, theme.colour(d.colour), (right_left + 8, b.rect.centery), 7)
            theme.text(screen, theme.fit_text(d.name, 22, b.rect.left - right_left - 30), 22, theme.TEXT,
                       (right_left + 22, b.rect.centery), "midleft")
        if self.message:
            page_message(screen, self.message_area, self.message, theme.RED)
        self.draw_widgets(screen)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status.update(races=list(self.tracks), teams=list(self.teams), scheme=self.scheme.key)
        return status
