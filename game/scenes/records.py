"""The lap records: the best timed laps of each track, fewest "rolls" first, then time.

Reached from the main menu, and after a time trial with the new lap marked
(and a button to drive again). Tracks are told apart by their content hash:
a track file that was changed starts a new list under the same name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.play.stopwatch import clock_text
from game.widgets import tables
from game import theme
from game.texts import tr
from game.storage.laprecords import LapRecord, LapRecords
from game.app.loop import Scene
from game.widgets.controls import Button
from rules.ruleset import PRESETS

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 40
LEFT_W = 300
SHOWN = 10


class RecordsScene(Scene):
    name = "records"

    def __init__(self, app: App, track_hash: str | None = None, mark: LapRecord | None = None,
                 again: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        db = LapRecords(app.data)
        for notice in db.notices:
            app.notify(notice)
        self.tracks = db.tracks()
        self.laps = {h: db.best(h, limit=SHOWN) for h, _ in self.tracks}
        db.close()
        known = [h for h, _ in self.tracks]
        self.track = track_hash if track_hash in known else (known[0] if known else None)
        self.mark = mark
        self.back = Button("back", lambda: tr("button.back"), app.home if again else app.pop)
        self.again = Button("again", lambda: tr("records.again"), again or (lambda: None), "primary")
        self.again.visible = again is not None
        self.track_buttons = [Button(f"records.{i}", lambda n=name: n, lambda h=h: self.choose(h), px=22)
                              for i, (h, name) in enumerate(self.tracks)]
        self.widgets = [self.back, self.again, *self.track_buttons]
        self.table = pygame.Rect(0, 0, 0, 0)

    def choose(self, track_hash: str) -> None:
        self.track = track_hash

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.back.rect = pygame.Rect(30, h - 74, 180, 50)
        self.again.rect = pygame.Rect(w - 290, h - 74, 260, 50)
        for i, b in enumerate(self.track_buttons):
            b.rect = pygame.Rect(30, 130 + i * 50, LEFT_W, 42)
        self.table = pygame.Rect(30 + LEFT_W + 30, 130, w - LEFT_W - 90, 44 + ROW * SHOWN)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back.on_click()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.again.visible:
            self.again.on_click()
            return True
        return super().handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        theme.page(screen, tr("records.title"))
        for b in self.track_buttons:
            b.style = "primary" if self.tracks[self.track_buttons.index(b)][0] == self.track else "normal"
        if self.track is None:
            theme.text(screen, tr("records.none"), 26, theme.DIM, (32, 130))
            self.draw_widgets(screen)
            return
        t = self.table
        cols = (t.left + 20, t.left + 70, t.left + 300, t.left + 470, t.left + 560, t.left + 650, t.left + 740)
        heads = ("grid.pos", "grid.driver", "records.rules", "qual.rolls", "qual.penalty", "qual.score", "grid.time")
        tables.frame(screen, t, cols, heads)
        laps = self.laps.get(self.track, [])
        for i, lap in enumerate(laps):
            y = t.top + 44 + i * ROW
            mine = self.mark is not None and (lap.played, lap.driver, lap.time_ms) == (
                self.mark.played, self.mark.driver, self.mark.time_ms)
            if mine:
                pygame.draw.rect(screen, theme.RED_DARK, (t.left + 6, y, t.width - 12, ROW), border_radius=6)
            elif i % 2 == 0:
                pygame.draw.rect(screen, theme.shade(theme.PANEL, 1.06), (t.left + 6, y, t.width - 12, ROW), border_radius=6)
            mid = y + ROW // 2
            rules = tr(f"preset.{lap.variant}") if lap.variant in PRESETS else lap.variant
            values = (f"{i + 1}.", lap.driver, rules, lap.rolls, lap.penalty, lap.score, clock_text(lap.time_ms))
            for k, (x, value) in enumerate(zip(cols, values)):
                width = (cols[k + 1] if k + 1 < len(cols) else t.right) - x - 10
                ink = theme.YELLOW if k == 5 else theme.TEXT
                theme.text(screen, theme.fit_text(str(value), 24, width), 24, ink, (x, mid), "midleft")
            theme.text(screen, lap.played[:10], 18, theme.DIM, (t.right - 14, mid), "midright")
        if self.mark is not None and not any(lap.played == self.mark.played for lap in laps):
            theme.text(screen, tr("records.yours", score=self.mark.score, time=clock_text(self.mark.time_ms)), 24,
                       theme.YELLOW, (t.left, t.bottom + 14))
        self.draw_widgets(screen)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["laps"] = [lap.driver for lap in self.laps.get(self.track or "", [])]
        return status
