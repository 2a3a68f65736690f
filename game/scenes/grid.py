"""The qualifying result: the starting grid with each lap's rolls, penalty, time and score.

"Start the race" starts the race on exactly this grid (``Header.grid``);
drivers who did not qualify are shown at the slots the rules gave them
(last in order of failure, QUAL-4, or drawn with the black die, QUAL-D-12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.play.stopwatch import clock_text
from game.widgets import tables
from game import theme
from game.texts import tr
from game.app.loop import Scene
from game.widgets.controls import Button
from rules.qualifying import Grid, score
from rules.qualifying_session import QualifyingSession

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 44


class GridScene(Scene):
    name = "grid"

    def __init__(self, app: App, session: QualifyingSession, start: Callable[[Grid], None]) -> None:
        super().__init__(app)
        self.session = session
        self.grid = session.grid()
        self.start_race = start
        self.start_button = Button("start_race", lambda: tr("grid.start"), lambda: start(self.grid), "primary")
        self.widgets = [Button("menu", lambda: tr("grid.menu"), app.home), self.start_button]
        self.table = pygame.Rect(0, 0, 0, 0)
        self.row = ROW

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.row = min(ROW, (h - 290) // max(1, len(self.grid.order)))
        self.table = pygame.Rect(60, 150, w - 120, self.row * len(self.grid.order) + 44)
        y = min(h - 74, self.table.bottom + 24)
        self.widgets[0].rect = pygame.Rect(60, y, 220, 54)
        self.start_button.rect = pygame.Rect(w - 60 - 320, y, 320, 54)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_race(self.grid)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.home()
            return True
        return super().handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        w, _ = screen.get_size()
        theme.page(screen, tr("grid.title"))
        s = self.session
        weather = tr(f"qual.barometer.{s.barometer}") if s.barometer else tr("qual.weather.none")
        theme.text(screen, f"{s.track.name} · {weather}", 24, theme.DIM, (32, 100))
        t = self.table
        cols = (t.left + 24, t.left + 80, t.left + 400, t.left + 500, t.left + 610, t.left + 730, t.left + 840)
        heads = ("grid.pos", "grid.driver", "qual.rolls", "qual.penalty", "grid.time", "qual.score", "grid.status")
        tables.frame(screen, t, cols, heads)
        results = {r.driver: r for r in s.results}
        index = {e.id: i for i, e in enumerate(s.entries)}
        for i, car in enumerate(self.grid.order):
            y = t.top + 44 + i * self.row
            tables.stripe(screen, t, y, self.row, i)
            mid = y + self.row // 2
            tables.position(screen, (cols[0] + 14, mid), i + 1, True, 24, 15)
            entry, k = s.entries[index[car]], index[car]
            tables.car(screen, (cols[1], mid), entry.colour, entry.number, k, (56, 30), 11)
            theme.text(screen, theme.fit_text(entry.name, 26, cols[2] - cols[1] - 80), 26, theme.TEXT,
                       (cols[1] + 68, mid), "midleft")
            r = results[car]
            for x, value in zip(cols[2:6], (r.rolls, r.penalty, clock_text(r.time_ms), score(r, s.rules.qualifying))):
                theme.text(screen, str(value), 24, theme.TEXT if r.qualified else theme.DIM, (x, mid), "midleft")
            if r.qualified:
                status, ink = tr("grid.qualified"), theme.GREEN
            elif car in self.grid.draws:
                rolls = ", ".join(map(str, self.grid.draws[car]))
                status, ink = tr("grid.drawn", corner=r.failed or "–", rolls=rolls), (255, 150, 140)
            else:
                status, ink = tr("grid.failed", corner=r.failed or "–"), (255, 150, 140)
            theme.text(screen, theme.fit_text(status, 20, t.right - cols[6] - 10), 20, ink, (cols[6], mid), "midleft")
        self.draw_widgets(screen)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["grid"] = [next(r.name for r in self.session.results if r.driver == car) for car in self.grid.order]
        return status
