"""The scene base class: one screen of the game (menu, set-up, race, results ...).

Scenes sit on a stack in the ``App``; the top one gets the events, updates
and draws. An overlay scene (the pause menu) lets the one below draw first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.loop import App


class Scene:
    name = "scene"
    overlay = False  # drawn over the scene below it
    escape_back = False  # Esc closes the scene and shows the one below (a page left without changes)

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Widget] = []

    def layout(self, size: tuple[int, int]) -> None:
        """Place the widgets for a window of ``size``; called on entry and after every resize."""

    def enter(self) -> None:
        """The scene became the top of the stack (pushed, or the one above was closed)."""

    def closed(self) -> None:
        """The scene left the stack for good (popped, replaced, or sent home): let go of what it holds."""

    def handle(self, event: pygame.event.Event) -> bool:
        for w in reversed(self.widgets):
            if w.visible and w.handle(event):
                return True
        if self.escape_back and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def draw(self, screen: pygame.Surface) -> None:
        self.draw_widgets(screen)

    def draw_widgets(self, screen: pygame.Surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(screen)

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        """Tooltip lines for what lies under the mouse."""
        for w in reversed(self.widgets):
            if w.over(pos):
                return w.hint()
        return []

    def status(self) -> dict[str, Any]:
        """What the debug status file reports: the scene and where its buttons are."""
        return {
            "scene": self.name,
            "buttons": {w.id: list(w.rect.center) for w in self.widgets if w.visible and w.id},
        }
