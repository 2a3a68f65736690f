"""Asked before the game closes from the main menu's Esc: a key pressed by habit ends nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.scenes.menus.card import CardScene
from game.texts import tr
from game.widgets.controls import Button

if TYPE_CHECKING:
    from game.app.loop import App


class QuitScene(CardScene):
    """Over the menu: quit, or stay. It says whether a race (or qualifying) waits in the save."""

    name = "quit"

    def __init__(self, app: App) -> None:
        super().__init__(app, (520, 220))
        self.saved = app.saves.exists()
        self.widgets = [
            Button("stay", lambda: tr("quit.stay"), app.pop, "primary"),
            Button("quit", lambda: tr("quit.quit"), app.quit),
        ]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        half = (self.box.width - 100) // 2
        for i, w in enumerate(self.widgets):
            w.rect = pygame.Rect(self.box.left + 40 + i * (half + 20), self.box.bottom - 74, half, 44)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_q):
            self.app.quit()
            return True
        return super().handle(event)

    def draw(self, screen: pygame.Surface) -> None:
        self.draw_card(screen, tr("quit.title"), 36, 40)
        lines = theme.wrap(tr("quit.saved" if self.saved else "quit.keys"), 20, self.box.width - 60)
        for i, line in enumerate(lines[:3]):
            theme.text(screen, line, 20, theme.DIM, (self.box.centerx, self.box.top + 90 + 26 * i), "center")
        self.draw_widgets(screen)
