"""The championships kept in the data folder: each one's standings (and from there its next race),
deleting one (asked twice), and a new one."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.storage.championships import ChampionshipStore, Summary
from game.texts import tr
from game.widgets import tables
from game.widgets.controls import Button, Widget
from game.widgets.page import Page

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 56
MIN_ROW = 40
SHOWN = 8  # championships listed, newest first


class ChampionshipsScene(Scene):
    name = "championships"
    escape_back = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.new = Button("new", lambda: tr("series.new"), self.new_championship, "primary")
        self.summaries: list[Summary] = []
        self.confirm: int | None = None  # the championship whose Delete was clicked once
        self.table = pygame.Rect(0, 0, 0, 0)
        self.row = ROW
        self.row_buttons: list[Button] = []
        self.widgets: list[Widget] = [self.back, self.new]

    def enter(self) -> None:
        """Read the list again: a race may have been added since."""
        store = ChampionshipStore(self.app.data)
        self.summaries = store.list()[:SHOWN]
        for notice in store.notices:
            self.app.notify(notice)
        store.close()
        self.confirm = None
        self.row_buttons = []
        for s in self.summaries:
            self.row_buttons += [
                Button(
                    f"open.{s.id}",
                    partial(tr, "series.open" if s.races_played < s.races_total else "series.final"),
                    partial(self.open, s.id),
                    px=20,
                ),
                Button(f"delete.{s.id}", partial(self.delete_label, s.id), partial(self.delete, s.id), "ghost", px=20),
            ]
        self.widgets = [self.back, self.new, *self.row_buttons]
        self.layout(self.app.size)

    def open(self, champ_id: int) -> None:
        from game.scenes.league.standings import StandingsScene

        self.app.push(StandingsScene(self.app, champ_id))

    def delete_label(self, champ_id: int) -> str:
        return tr("series.really" if self.confirm == champ_id else "series.delete")

    def delete(self, champ_id: int) -> None:
        """A first click asks; the second deletes the championship with all its races."""
        if self.confirm != champ_id:
            self.confirm = champ_id
            for b in self.row_buttons:
                if b.id.startswith("delete."):
                    b.style = "danger" if b.id == f"delete.{champ_id}" else "ghost"
            return
        store = ChampionshipStore(self.app.data)
        store.delete(champ_id)
        store.close()
        self.enter()

    def new_championship(self) -> None:
        from game.scenes.setup.lineup import SetupScene

        self.app.push(SetupScene(self.app, championship=True))

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        body = page.body
        self.back.rect = page.back()
        self.new.rect = page.forward(300)
        n = max(1, len(self.summaries))
        self.row = max(MIN_ROW, min(ROW, (body.height - 44 - 8) // n))
        self.table = pygame.Rect(body.left, body.top, body.width, 44 + self.row * len(self.summaries) + 8)
        for k in range(len(self.summaries)):
            y = self.table.top + 44 + k * self.row
            open_button, delete_button = self.row_buttons[2 * k : 2 * k + 2]
            delete_button.rect = pygame.Rect(self.table.right - 16 - 170, y + 4, 170, self.row - 8)
            open_button.rect = pygame.Rect(delete_button.rect.left - 12 - 200, y + 4, 200, self.row - 8)

    def columns(self) -> tuple[int, ...]:
        """The name (its rules under it) and the races, left of the row's buttons."""
        widths = [0, tables.needed("series.col_races", ["20 / 20"], 20)]
        end = self.row_buttons[0].rect.left - 12 if self.row_buttons else self.table.right - 20
        return (*tables.edges(self.table.left + 20, widths, end - self.table.left - 20, 0), end)

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("series.list_title"))
        if not self.summaries:
            theme.text(screen, tr("series.none"), 24, theme.DIM, (page.body.left, page.body.top + 30))
            self.draw_widgets(screen)
            return
        cols = self.columns()
        tables.frame(screen, self.table, cols, ("series.col_name", "series.col_races"))
        for k, s in enumerate(self.summaries):
            y = self.table.top + 44 + k * self.row
            tables.stripe(screen, self.table, y, self.row, k)
            mid = y + self.row // 2
            width = cols[1] - cols[0] - 12
            theme.text(screen, theme.fit_text(s.name, 22, width), 22, theme.TEXT, (cols[0], mid - 9), "midleft")
            theme.text(
                screen,
                theme.fit_text(tr(f"preset.{s.preset}"), 16, width),
                16,
                theme.DIM,
                (cols[0], mid + 11),
                "midleft",
            )
            theme.text(screen, f"{s.races_played} / {s.races_total}", 20, theme.DIM, (cols[1], mid), "midleft")
        self.draw_widgets(screen)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["championships"] = [(s.name, s.races_played, s.races_total) for s in self.summaries]
        return status
