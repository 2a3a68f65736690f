"""The pause menu over the race: resume, settings, or leave (the race is already saved)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.texts import tr
from game.app.loop import Scene
from game.widgets.controls import Button

if TYPE_CHECKING:
    from game.app.loop import App


class PauseScene(Scene):
    name = "pause"
    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, 420, 300)
        self.widgets = [
            Button("resume", lambda: tr("pause.resume"), app.pop, "primary"),
            Button("settings", lambda: tr("pause.settings"), self.settings),
            Button("leave", lambda: tr("pause.leave"), app.home),
        ]

    def settings(self) -> None:
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def layout(self, size: tuple[int, int]) -> None:
        self.box.center = (size[0] // 2, size[1] // 2)
        for i, w in enumerate(self.widgets):
            w.rect = pygame.Rect(self.box.left + 40, self.box.top + 74 + i * 56, self.box.width - 80, 44)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        super().handle(event)
        return True  # nothing reaches the race while paused

    def draw(self, screen: pygame.Surface) -> None:
        theme.dim(screen, screen.get_rect(), 150)
        theme.panel(screen, self.box, theme.PANEL_DARK, 250, theme.YELLOW, 12)
        theme.text(screen, tr("pause.title"), 40, theme.TEXT, (self.box.centerx, self.box.top + 36), "center")
        theme.text(screen, tr("pause.saved"), 18, theme.DIM, (self.box.centerx, self.box.bottom - 22), "center")
        self.draw_widgets(screen)
