"""The "reading tracks" screen: a screen that looks tracks up opens once they are read.

The app shows the main menu before it builds the tracks (the catalogue reads them on a
background thread after the first frame), so a player quick enough to pick a screen
that needs them sees how far the reading got, over the menu, instead of a window that
stands still; the screen opens by itself when the last track is read. Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

import pygame

from game import theme
from game.app.loop import Scene
from game.texts import tr

if TYPE_CHECKING:
    from game.app.loop import App

BOX_W, BOX_H = 460, 120


def after_tracks(app: App, then: Callable[[], None], files: Collection[str] | None = None) -> None:
    """Run ``then`` at once if the tracks it needs (by file name; default every track) are read,
    else show the reading screen until they are."""
    if app.tracks.read(files):
        then()
    else:
        app.push(ReadingTracks(app, then, files))


class ReadingTracks(Scene):
    """Over the screen below: the tracks read so far of all, then what the player asked for."""

    name = "reading_tracks"
    overlay = True
    escape_back = True

    def __init__(self, app: App, then: Callable[[], None], files: Collection[str] | None = None) -> None:
        super().__init__(app)
        self.then = then
        self.files = files
        self.box = pygame.Rect(0, 0, BOX_W, BOX_H)

    def layout(self, size: tuple[int, int]) -> None:
        self.box = pygame.Rect((size[0] - BOX_W) // 2, (size[1] - BOX_H) // 2, BOX_W, BOX_H)

    def enter(self) -> None:
        self.app.tracks.preload()  # started after the first frame; here too, so the wait always ends

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        return True  # the menu below waits too: one choice at a time

    def update(self, dt: float) -> None:
        if self.app.tracks.read(self.files):
            self.app.pop()
            self.then()

    def animating(self) -> bool:
        return True  # the count moves by itself

    def draw(self, screen: pygame.Surface) -> None:
        done, total = self.app.tracks.read_count(), len(self.app.tracks.entries)
        shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))  # the menu below waits: dimmed
        screen.blit(shade, (0, 0))
        theme.panel(screen, self.box, theme.PANEL_DARK, 245, theme.ORANGE, 8)
        theme.text(
            screen,
            tr("reading.tracks", n=done, total=total),
            24,
            theme.TEXT,
            (self.box.centerx, self.box.top + 36),
            "center",
        )
        bar = pygame.Rect(self.box.left + 30, self.box.top + 66, self.box.width - 60, 14)
        pygame.draw.rect(screen, theme.FAINT, bar, border_radius=7)
        if total:
            pygame.draw.rect(
                screen, theme.ORANGE, (bar.left, bar.top, bar.width * done // total, bar.height), border_radius=7
            )
        theme.text(screen, tr("reading.esc"), 16, theme.DIM, (self.box.centerx, self.box.bottom - 14), "center")

    def status(self) -> dict[str, object]:
        status = super().status()
        status["read"] = self.app.tracks.read_count()
        return status
