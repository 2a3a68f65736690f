"""The qualifying result: the starting grid with each lap's rolls, penalty, time and score.

"Start the race" starts the race on exactly this grid (``Header.grid``);
drivers who did not qualify are shown at the slots the rules gave them
(last in order of failure, QUAL-4, or drawn with the black die, QUAL-D-12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.play.stopwatch import clock_text
from game.texts import place_name, tr
from game.widgets import tables
from game.widgets.controls import Button
from game.widgets.page import Page
from rules.qualifying.grid import Grid, score
from rules.qualifying.session import QualifyingSession

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
        page = Page(size)
        body = page.body
        self.row = max(28, min(ROW, (body.height - 36 - 44) // max(1, len(self.grid.order))))
        self.table = pygame.Rect(body.left, body.top + 36, body.width, self.row * len(self.grid.order) + 44)
        self.widgets[0].rect = page.back(220)
        self.start_button.rect = page.forward(320)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_race(self.grid)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.home()
            return True
        return super().handle(event)

    def rows(self) -> list[tuple[str, tuple[str, ...], theme.Colour]]:
        """Each car of the grid in order: its id, the words of its columns, the status's colour."""
        s = self.session
        results = {r.driver: r for r in s.classified()}
        names = {e.id: e.name for e in s.entries}
        out: list[tuple[str, tuple[str, ...], theme.Colour]] = []
        for car in self.grid.order:
            r = results[car]
            if r.qualified:
                status, ink = tr("grid.qualified"), theme.GREEN
            elif car in self.grid.draws:
                rolls = ", ".join(map(str, self.grid.draws[car]))
                status, ink = tr("grid.drawn", corner=r.failed or "–", rolls=rolls), (255, 150, 140)
            else:
                status, ink = tr("grid.failed", corner=r.failed or "–"), (255, 150, 140)
            values = (
                names[car],
                str(r.rolls),
                str(r.penalty),
                clock_text(r.time_ms),
                str(score(r, s.rules.qualifying)),
                status,
            )
            out.append((car, values, ink))
        return out

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("grid.title"))
        s = self.session
        weather = tr(f"qual.barometer.{s.barometer}") if s.barometer else tr("qual.weather.none")
        theme.text(
            screen, f"{place_name(s.track.name)} · {weather}", 24, theme.DIM, (page.body.left + 2, page.body.top)
        )
        t = self.table
        rows = self.rows()
        icon = (min(56, round((self.row - 10) * 1.85)), min(30, self.row - 10))
        widths = [56, icon[0] + 12 + tables.needed("grid.driver", [v[0] for _, v, _ in rows], 26)]
        widths += [
            tables.needed(head, [v[k] for _, v, _ in rows], 24)
            for k, head in enumerate(("qual.rolls", "qual.penalty", "grid.time", "qual.score"), start=1)
        ]
        widths.append(tables.needed("grid.status", [v[5] for _, v, _ in rows], 20))
        cols = tables.edges(t.left + 24, widths, t.width - 34, 6)
        heads = ("grid.pos", "grid.driver", "qual.rolls", "qual.penalty", "grid.time", "qual.score", "grid.status")
        tables.frame(screen, t, cols, heads)
        index = {e.id: i for i, e in enumerate(s.entries)}
        results = {r.driver: r for r in s.classified()}
        for i, (car, values, ink) in enumerate(rows):
            y = t.top + 44 + i * self.row
            tables.stripe(screen, t, y, self.row, i)
            mid = y + self.row // 2
            tables.position(screen, (cols[0] + 14, mid), i + 1, True, 24, 15)
            entry, k = s.entries[index[car]], index[car]
            tables.car(screen, (cols[1], mid), entry.colour, entry.number, k, icon, 11)
            theme.text(screen, values[0], 26, theme.TEXT, (cols[1] + icon[0] + 12, mid), "midleft")
            dim = theme.TEXT if results[car].qualified else theme.DIM
            for x, value in zip(cols[2:6], values[1:5]):
                theme.text(screen, value, 24, dim, (x, mid), "midleft")
            room = t.right - 10 - cols[6]
            px = theme.fitting_px(values[5], 20, room)
            theme.text(screen, theme.fit_text(values[5], px, room), px, ink, (cols[6], mid), "midleft")
        self.draw_widgets(screen)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["grid"] = [next(r.name for r in self.session.classified() if r.driver == car) for car in self.grid.order]
        return status
