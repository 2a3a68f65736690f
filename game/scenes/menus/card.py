"""A card over the screen below it (the pause menu, the quit question)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.app.loop import Scene

if TYPE_CHECKING:
    from game.app.loop import App


class CardScene(Scene):
    """A framed card in the middle of the dimmed screen: Esc closes it, and no input reaches the
    screen under it."""

    overlay = True

    def __init__(self, app: App, size: tuple[int, int]) -> None:
        super().__init__(app)
        self.box = pygame.Rect(0, 0, *size)

    def layout(self, size: tuple[int, int]) -> None:
        self.box.center = (size[0] // 2, size[1] // 2)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        super().handle(event)
        return True

    def draw_card(self, screen: pygame.Surface, title: str, px: int, title_y: int) -> None:
        """The dimmed screen, the card and its title ``title_y`` below the card's top; the scene
        draws its own lines and buttons."""
        theme.dim(screen, screen.get_rect(), 150)
        theme.panel(screen, self.box, theme.PANEL_DARK, 250, theme.YELLOW, 12)
        theme.text(screen, title, px, theme.TEXT, (self.box.centerx, self.box.top + title_y), "center")
