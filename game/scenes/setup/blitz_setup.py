"""FD Blitz: two players, the board and the time each has per heat; then the heats, one after
the other, until one player has won two (BLITZ-1..4, AMB-46c)."""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.play.blitz import heat_header
from game.scenes.launch import race_on_grid
from game.storage.lineup import KINDS, NAMES
from game.texts import Notice, place_name, tr
from game.widgets.controls import Button, TextField, Widget
from game.widgets.page import Page
from rules.league.blitz import Match

if TYPE_CHECKING:
    from game.app.loop import App

MINUTES = (1, 2, 3, 5, 10, 15, 20, 30, 45, 60)


class BlitzSetupScene(Scene):
    name = "blitz_setup"
    escape_back = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.names = [NAMES[0], NAMES[1]]
        self.kinds = ["human", "human"]
        files = [e.path.name for e in app.tracks.entries]
        self.files = files
        self.track = app.tracks.pick(app.lineup().track)
        if not self.has_pit_lane(self.track):
            self.next_track()
        self.minutes = 10
        self.fields = [
            TextField(f"player{i + 1}.name", partial(self.name_of, i), partial(self._name, i), 20) for i in range(2)
        ]
        self.kind_buttons = [
            Button(f"player{i + 1}.kind", partial(self.kind_label, i), partial(self.next_kind, i), px=20)
            for i in range(2)
        ]
        self.track_button = Button("track", lambda: self._track_title(), self.next_track, px=22)
        self.less = Button("minutes.minus", lambda: "−", lambda: self.step_minutes(-1), px=30)
        self.more = Button("minutes.plus", lambda: "+", lambda: self.step_minutes(1), px=30)
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.start = Button("start", lambda: tr("blitz.start"), self.go, "primary")
        self.widgets: list[Widget] = [
            *self.fields,
            *self.kind_buttons,
            self.track_button,
            self.less,
            self.more,
            self.back,
            self.start,
        ]

    def name_of(self, i: int) -> str:
        return self.names[i]

    def kind_label(self, i: int) -> str:
        return tr(f"driver.{self.kinds[i]}")

    def _name(self, i: int, text: str) -> None:
        self.names[i] = text

    def _track_title(self) -> str:
        entry = self.app.tracks.find(self.track)
        return place_name(entry.title) if entry is not None else self.track

    def next_kind(self, i: int) -> None:
        self.kinds[i] = KINDS[(KINDS.index(self.kinds[i]) + 1) % len(KINDS)]

    def has_pit_lane(self, file_name: str) -> bool:
        """A heat's 1 fuel WP lasts one lap (BLITZ-2, FUEL-1): a board without a pit lane, where
        a car cannot refuel, runs it dry, so Blitz is not offered there."""
        entry = self.app.tracks.get(file_name)
        return entry is not None and entry.track is not None and entry.track.pit is not None

    def next_track(self) -> None:
        """The next board with a pit lane (the same one if there is no other)."""
        start = self.files.index(self.track) if self.track in self.files else -1
        for step in range(1, len(self.files) + 1):
            name = self.files[(start + step) % len(self.files)]
            if self.has_pit_lane(name):
                self.track = name
                return

    def step_minutes(self, step: int) -> None:
        k = MINUTES.index(self.minutes) if self.minutes in MINUTES else 4
        self.minutes = MINUTES[max(0, min(len(MINUTES) - 1, k + step))]

    def go(self) -> None:
        """Heat 1: the first player on the pole (BLITZ-3)."""
        if not self.has_pit_lane(self.track):
            self.app.notify(Notice("blitz.no_pit", {"track": self._track_title()}))
            return
        match = Match(players=("p1", "p2"), track=self.track, minutes=self.minutes)
        players = {f"p{i + 1}": (self.names[i].strip() or NAMES[i], self.kinds[i]) for i in range(2)}
        start_heat(self.app, match, players)

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        body = page.body
        self.back.rect = page.back()
        self.start.rect = page.forward(300)
        left = body.left + 220
        for i in range(2):
            y = body.top + 40 + i * 60
            self.fields[i].rect = pygame.Rect(left, y, 300, 48)
            self.kind_buttons[i].rect = pygame.Rect(left + 316, y, 260, 48)
        self.track_button.rect = pygame.Rect(left, body.top + 190, 420, 48)
        self.less.rect = pygame.Rect(left, body.top + 260, 48, 48)
        self.more.rect = pygame.Rect(left + 160, body.top + 260, 48, 48)

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("blitz.title"))
        body = page.body
        for i in range(2):
            theme.text(
                screen, tr("blitz.player", n=i + 1), 22, theme.DIM, (body.left, self.fields[i].rect.centery), "midleft"
            )
        theme.text(screen, tr("blitz.track"), 22, theme.DIM, (body.left, self.track_button.rect.centery), "midleft")
        theme.text(screen, tr("blitz.time"), 22, theme.DIM, (body.left, self.less.rect.centery), "midleft")
        theme.text(
            screen,
            tr("blitz.minutes", n=self.minutes),
            26,
            theme.YELLOW,
            ((self.less.rect.right + self.more.rect.left) // 2, self.less.rect.centery),
            "center",
        )
        lines = theme.wrap(tr("blitz.about"), 19, body.width, most=4)
        for k, line in enumerate(lines):
            theme.text(screen, line, 19, theme.DIM, (body.left, body.top + 340 + 24 * k))
        self.draw_widgets(screen)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status.update(players=list(self.names), kinds=list(self.kinds), track=self.track, minutes=self.minutes)
        return status


def start_heat(app: App, match: Match, players: dict[str, tuple[str, str]]) -> None:
    """The match's next heat on its board, saved at once like any race."""
    entry = app.tracks.get(match.track)
    if entry is None or entry.track is None or entry.board is None:
        return
    header = heat_header(entry.track, match, players, random.SystemRandom().randrange(2**31))
    race_on_grid(app, entry, header)
