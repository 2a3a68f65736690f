"""The lap records: the best timed laps of each track, fewest "rolls" first, then time.

Reached from the main menu, and after a time trial with the new lap marked
(and a button to drive again). Tracks are told apart by their content hash:
a track file that was changed starts a new list under the same name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.play.stopwatch import clock_text
from game.storage.laprecords import LapRecord, LapRecords
from game.texts import tr
from game.widgets import tables
from game.widgets.controls import Button
from game.widgets.page import Page
from rules.ruleset import PRESETS

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 40  # a lap's row where the window has room; it shrinks to fit the table into a small one
SHOWN = 10
HEADS = (
    "records.rank",
    "grid.driver",
    "records.rules",
    "qual.rolls",
    "qual.penalty",
    "qual.score",
    "grid.time",
    "records.played",
)


class RecordsScene(Scene):
    name = "records"

    def __init__(
        self,
        app: App,
        track_hash: str | None = None,
        mark: LapRecord | None = None,
        again: Callable[[], None] | None = None,
    ) -> None:
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
        self.track_buttons = [
            Button(f"records.{i}", partial(str, name), partial(self.choose, h), px=22)
            for i, (h, name) in enumerate(self.tracks)
        ]
        self.widgets = [self.back, self.again, *self.track_buttons]
        self.table = pygame.Rect(0, 0, 0, 0)
        self.row = ROW

    def choose(self, track_hash: str) -> None:
        self.track = track_hash

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        body = page.body
        self.back.rect = page.back()
        self.again.rect = page.forward()
        left_w = max(220, min(300, body.width // 4))
        for i, b in enumerate(self.track_buttons):
            b.rect = pygame.Rect(body.left, body.top + i * 50, left_w, 42)
        self.row = max(30, min(ROW, (body.height - 44 - 40) // SHOWN))
        x = body.left + left_w + 30
        self.table = pygame.Rect(x, body.top, body.right - x, 44 + self.row * SHOWN)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back.on_click()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.again.visible:
            self.again.on_click()
            return True
        return super().handle(event)

    def rows(self) -> list[tuple[LapRecord, tuple[str, ...]]]:
        """The shown track's laps with the words of each column."""
        return [
            (
                lap,
                (
                    f"{i + 1}.",
                    lap.driver,
                    tr(f"preset.{lap.variant}") if lap.variant in PRESETS else lap.variant,
                    str(lap.rolls),
                    str(lap.penalty),
                    str(lap.score),
                    clock_text(lap.time_ms),
                    lap.played[:10],
                ),
            )
            for i, lap in enumerate(self.laps.get(self.track or "", []))
        ]

    def columns(self, rows: list[tuple[LapRecord, tuple[str, ...]]]) -> tuple[int, ...]:
        """The columns' left edges; the date goes where the rule set's name would not fit beside it."""
        t = self.table
        widths = [
            tables.needed(head, [values[k] for _, values in rows], 24 if k < 7 else 18) for k, head in enumerate(HEADS)
        ]
        if sum(widths) > t.width - 30:
            widths = widths[:-1]  # the date: shown when the mouse rests on the row
        return tables.edges(t.left + 20, widths, t.width - 30, 2)

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("records.title"))
        for b in self.track_buttons:
            b.style = "primary" if self.tracks[self.track_buttons.index(b)][0] == self.track else "normal"
        if self.track is None:
            for i, line in enumerate(theme.wrap(tr("records.none"), 26, page.body.width)):
                theme.text(screen, line, 26, theme.DIM, (page.body.left + 2, page.body.top + 30 * i))
            self.draw_widgets(screen)
            return
        t = self.table
        rows = self.rows()
        cols = self.columns(rows)
        tables.frame(screen, t, cols, HEADS[: len(cols)])
        for i, (lap, values) in enumerate(rows):
            y = t.top + 44 + i * self.row
            mine = self.mark is not None and (lap.played, lap.driver, lap.time_ms) == (
                self.mark.played,
                self.mark.driver,
                self.mark.time_ms,
            )
            if mine:
                pygame.draw.rect(screen, theme.RED_DARK, (t.left + 6, y, t.width - 12, self.row), border_radius=6)
            else:
                tables.stripe(screen, t, y, self.row, i)
            mid = y + self.row // 2
            for k, (x, value) in enumerate(zip(cols, values)):
                width = (cols[k + 1] if k + 1 < len(cols) else t.right - 10) - x - 10
                ink = theme.YELLOW if k == 5 else (theme.DIM if k == 7 else theme.TEXT)
                px = theme.fitting_px(value, 24 if k < 7 else 18, width)
                theme.text(screen, theme.fit_text(value, px, width), px, ink, (x, mid), "midleft")
        if self.mark is not None and not any(lap.played == self.mark.played for lap, _ in rows):
            theme.text(
                screen,
                tr("records.yours", score=self.mark.score, time=clock_text(self.mark.time_ms)),
                24,
                theme.YELLOW,
                (t.left, t.bottom + 14),
            )
        self.draw_widgets(screen)

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        """The day a lap was driven, where the table has no room for the date."""
        rows = self.rows()
        if len(self.columns(rows)) < len(HEADS):
            for i, (lap, _) in enumerate(rows):
                if pygame.Rect(
                    self.table.left, self.table.top + 44 + i * self.row, self.table.width, self.row
                ).collidepoint(pos):
                    return [lap.played[:10]]
        return super().hint_at(pos)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["laps"] = [lap.driver for lap in self.laps.get(self.track or "", [])]
        return status
