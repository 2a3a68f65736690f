"""Asked before the game closes from the main menu's Esc: a key pressed by habit ends nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.app.loop import Scene
from game.texts import tr
from game.widgets.controls import Button

if TYPE_CHECKING:
    from game.app.loop import App


class QuitScene(Scene):
    """Over the menu: quit, or stay. It says whether a race (or qualifying) waits in the save."""

    name = "quit"
    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 520, 220)
        self.saved = app.saves.exists()
        self.widgets = [
            Button("stay", lambda: tr("quit.stay"), app.pop, "primary"),
            Button("quit", lambda: tr("quit.quit"), app.quit),
        ]

    def layout(self, size: tuple[int, int]) -> None:
        self.box.center = (size[0] // 2, size[1] // 2)
        half = (self.box.width - 100) // 2
        for i, w in enumerate(self.widgets):
            w.rect = pygame.Rect(self.box.left + 40 + i * (half + 20), self.box.bottom - 74, half, 44)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_q):
            self.app.quit()
            return True
        super().handle(event)
        return True  # nothing reaches the menu below

    def draw(self, screen: pygame.Surface) -> None:
        theme.dim(screen, screen.get_rect(), 150)
        theme.panel(screen, self.box, theme.PANEL_DARK, 250, theme.YELLOW, 12)
        theme.text(screen, tr("quit.title"), 36, theme.TEXT, (self.box.centerx, self.box.top + 40), "center")
        lines = theme.wrap(tr("quit.saved" if self.saved else "quit.keys"), 20, self.box.width - 60)
        for i, line in enumerate(lines[:3]):
            theme.text(screen, line, 20, theme.DIM, (self.box.centerx, self.box.top + 90 + 26 * i), "center")
        self.draw_widgets(screen)
