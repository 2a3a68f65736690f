"""The races played, newest first, from the main menu: each one's track, date, winner and where
each human driver finished, cars and laps; Results opens its results (gaps, WP used, pit stops,
points, and from there its statistics' charts), Watch its replay, Delete (asked twice) forgets it. The race saved
in progress heads the list while there is one, to be watched as far as it went."""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.play.race_control import RaceControl
from game.play.record_error import record_text
from game.scenes.history.replay import open_replay
from game.scenes.history.results import ResultsScene
from game.storage.history import PlayedRace, RaceHistory
from game.texts import Notice, date_time, place_name, tr
from game.widgets import tables
from game.widgets.controls import Button, Widget
from game.widgets.page import Page, message
from rules.choice import preset_of
from rules.files.record import Record, RecordError

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 56
MIN_ROW = 44
SAVED = -1  # the row id of the race saved in progress


class RacesScene(Scene):
    name = "races"
    escape_back = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.races: list[PlayedRace] = []
        self.saved: Record | None = None
        self.confirm: int | None = None  # the race whose Delete was clicked once
        self.first = 0  # the first race shown (the list pages by the wheel and Page Up/Down)
        self.shown = 1
        self.table = pygame.Rect(0, 0, 0, 0)
        self.row = ROW
        self.row_buttons: list[Button] = []
        self.widgets: list[Widget] = [self.back]

    def enter(self) -> None:
        """Read the list again: a race may have ended since."""
        history = RaceHistory(self.app.data)
        self.races = history.list()
        for notice in history.notices:
            self.app.notify(notice)
        history.close()
        peeked = self.app.saves.peek()
        self.saved = peeked if isinstance(peeked, Record) else None
        self.confirm = None
        self.layout(self.app.size)

    def ids(self) -> list[int]:
        """Every row's race id, the saved race first."""
        return ([SAVED] if self.saved is not None else []) + [r.id for r in self.races]

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        body = page.body
        self.back.rect = page.back()
        room = body.height - 44 - 8
        self.shown = max(1, room // MIN_ROW)
        n = len(self.ids())
        self.first = max(0, min(self.first, n - self.shown))
        rows = min(n, self.shown)
        self.row = max(MIN_ROW, min(ROW, room // max(1, rows)))
        self.table = pygame.Rect(body.left, body.top, body.width, 44 + self.row * rows + 8)
        self.row_buttons = []
        narrow, wide = min(150, self.table.width // 8), min(170, self.table.width // 7)  # the columns keep their room
        for k, race_id in enumerate(self.ids()[self.first : self.first + self.shown]):
            y = self.table.top + 44 + k * self.row
            watch = Button(
                f"watch.{race_id}", lambda: tr("races.watch"), partial(self.watch, race_id), "primary", px=20
            )
            watch.rect = pygame.Rect(self.table.right - 16 - wide - 12 - narrow, y + 5, narrow, self.row - 10)
            self.row_buttons.append(watch)
            if race_id != SAVED:
                results = Button(
                    f"results.{race_id}", lambda: tr("races.results"), partial(self.results, race_id), px=20
                )
                results.rect = pygame.Rect(watch.rect.left - 12 - narrow, y + 5, narrow, self.row - 10)
                self.row_buttons.append(results)
            if race_id != SAVED:
                delete = Button(
                    f"delete.{race_id}",
                    partial(self.delete_label, race_id),
                    partial(self.delete, race_id),
                    "danger" if self.confirm == race_id else "ghost",
                    px=20,
                )
                delete.rect = pygame.Rect(self.table.right - 16 - wide, y + 5, wide, self.row - 10)
                self.row_buttons.append(delete)
        self.widgets = [self.back, *self.row_buttons]

    # --- what the buttons do ----------------------------------------------------------------

    def watch(self, race_id: int) -> None:
        if race_id == SAVED:
            if self.saved is not None:
                open_replay(self.app, self.saved)
            return
        history = RaceHistory(self.app.data)
        record = history.record(race_id)
        for notice in history.notices:
            self.app.notify(notice)
        history.close()
        if record is not None:
            open_replay(self.app, record)

    def results(self, race_id: int) -> None:
        """The stored race's results as they were at the flag, replayed from its record on its track
        (its Statistics button counts the charts again from the record)."""
        history = RaceHistory(self.app.data)
        record = history.record(race_id)
        for notice in history.notices:
            self.app.notify(notice)
        history.close()
        if record is None:
            return
        entry = self.app.tracks.by_hash(record.header.track_hash, record.header.track_name)
        if entry is None or entry.track is None:
            self.app.notify(Notice("notice.replay_track_missing", {"track": record.header.track_name}))
            return
        try:
            control = RaceControl.resume(entry.track, record)
        except RecordError as err:
            self.app.notify(Notice("notice.history_race_unreadable", {"detail": record_text(err)}))
            return
        self.app.push(ResultsScene(self.app, control, kept=True))

    def delete_label(self, race_id: int) -> str:
        return tr("races.really" if self.confirm == race_id else "races.delete")

    def delete(self, race_id: int) -> None:
        """A first click asks; the second forgets the race."""
        if self.confirm != race_id:
            self.confirm = race_id
            self.layout(self.app.size)
            return
        history = RaceHistory(self.app.data)
        history.delete(race_id)
        for notice in history.notices:
            self.app.notify(notice)
        history.close()
        self.enter()

    def page_by(self, pages: int) -> None:
        self.first = max(0, min(self.first + pages * self.shown, len(self.ids()) - self.shown))
        self.confirm = None
        self.layout(self.app.size)

    def handle(self, event: pygame.event.Event) -> bool:
        if super().handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.page_by(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.page_by(-1 if event.key == pygame.K_PAGEUP else 1)
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------

    def columns(self) -> tuple[int, ...]:
        """Track, date, winner, cars and laps, left of the row's buttons."""
        dates = [_date(r.played) for r in self.races] or [_date("2026-12-31T23:59")]
        widths = [
            0,
            tables.needed("races.col_date", dates, 22),
            0,
            tables.needed("races.col_cars", ["10"], 22),
            tables.needed("races.col_laps", ["3"], 22),
        ]
        end = min(b.rect.left for b in self.row_buttons) - 12 if self.row_buttons else self.table.right - 20
        left = self.table.left + 20
        widths[0] = max(80, (end - left - sum(widths)) * 3 // 5)  # the track's column holds the rule set's name too
        widths[2] = max(80, end - left - sum(widths))
        edges = [left]
        for w in widths[:-1]:
            edges.append(edges[-1] + w)
        return (*edges, end)

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("races.title"))
        ids = self.ids()
        if not ids:
            for i, line in enumerate(theme.wrap(tr("races.none"), 24, page.body.width)):
                theme.text(screen, line, 24, theme.DIM, (page.body.left, page.body.top + 30 + 30 * i))
            self.draw_widgets(screen)
            return
        cols = self.columns()
        tables.frame(
            screen,
            self.table,
            cols,
            ("races.col_track", "races.col_date", "races.col_winner", "races.col_cars", "races.col_laps"),
        )
        for k, race_id in enumerate(ids[self.first : self.first + self.shown]):
            y = self.table.top + 44 + k * self.row
            tables.stripe(screen, self.table, y, self.row, k + self.first)
            self._row(screen, race_id, cols, y + self.row // 2)
        if len(ids) > self.shown:
            last = min(len(ids), self.first + self.shown)
            message(
                screen,
                page.between(self.back.rect, pygame.Rect(page.frame.right, 0, 0, 0)),
                tr("races.page", first=self.first + 1, last=last, n=len(ids)),
                theme.DIM,
            )
        self.draw_widgets(screen)

    def _row(self, screen: pygame.Surface, race_id: int, cols: tuple[int, ...], mid: int) -> None:
        if race_id == SAVED:
            assert self.saved is not None
            h = self.saved.header
            key = preset_of(h.rules)
            rules = tr(f"preset.{key}") if key else h.rules.name
            cells = ("", "", tr("races.saved"), str(len(h.entries)), str(h.laps))
            inks = (theme.TEXT, theme.DIM, theme.YELLOW, theme.TEXT, theme.TEXT)
            track = place_name(h.track_name)
        else:
            r = next(r for r in self.races if r.id == race_id)
            rules = tr(f"preset.{r.variant}") if r.variant else r.rules
            cells = ("", _date(r.played), r.winner or tr("races.nobody"), str(r.cars), str(r.laps))
            inks = (theme.TEXT, theme.DIM, theme.TEXT if r.winner else theme.DIM, theme.TEXT, theme.TEXT)
            track = place_name(r.track_name)
            if r.humans:  # the winner, and under it where the humans finished
                self._two_lines(
                    screen, r.winner or tr("races.nobody"), humans_text(r), cols[2], cols[3] - cols[2] - 16, mid
                )
                cells = (*cells[:2], "", *cells[3:])
        self._two_lines(screen, track, rules, cols[0], cols[1] - cols[0] - 16, mid)  # the track and its rules
        for i, (cell, ink) in enumerate(zip(cells, inks)):
            if not cell:
                continue
            room = cols[i + 1] - cols[i] - 16
            px = theme.fitting_px(cell, 22, room, 15)
            lines = theme.wrap(cell, px, room, most=2)
            for j, line in enumerate(lines):
                theme.text(screen, line, px, ink, (cols[i], mid + (j - (len(lines) - 1) / 2) * px), "midleft")

    @staticmethod
    def _two_lines(screen: pygame.Surface, first: str, second: str, left: int, room: int, mid: int) -> None:
        """A cell of two lines: ``first`` as the row's text, ``second`` smaller and dimmer under it."""
        px = theme.fitting_px(first, 22, room, 15)
        theme.text(screen, theme.fit_text(first, px, room), px, theme.TEXT, (left, mid - 9), "midleft")
        px = theme.fitting_px(second, 16, room, 12)
        theme.text(screen, theme.fit_text(second, px, room), px, theme.DIM, (left, mid + 11), "midleft")

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["races"] = [(r.id, r.track_name, r.winner) for r in self.races]
        status["humans"] = {r.id: humans_text(r) for r in self.races if r.humans}
        status["saved"] = self.saved is not None
        return status


def humans_text(race: PlayedRace) -> str:
    """Where the race's human drivers finished: "Anna P3 · Ben out"."""
    return " · ".join(
        tr("results.human_out" if h.status == "out" else "results.human_place", name=h.name, place=h.place)
        for h in race.humans
    )


def _date(iso: str) -> str:
    """An ISO date and time as the list shows it, the way the language writes dates
    ("12/1/2026, 18:05", "01/12/2026 18:05"); a stamp that is no date shows as stored."""
    try:
        return date_time(datetime.fromisoformat(iso[:16]))
    except ValueError:
        return iso[:16].replace("T", " ")
