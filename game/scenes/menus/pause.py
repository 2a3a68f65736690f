"""The pause menu over the race: resume, how to play, settings, or leave (the race is already saved)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.scenes.menus.card import CardScene
from game.texts import tr
from game.widgets.controls import Button

if TYPE_CHECKING:
    from game.app.loop import App


class PauseScene(CardScene):
    name = "pause"

    def __init__(self, app: App, preset: str | None = None) -> None:
        super().__init__(app, (420, 356))
        self.preset = preset  # the race's rule set, for the primer
        self.widgets = [
            Button("resume", lambda: tr("pause.resume"), app.pop, "primary"),
            Button("primer", lambda: tr("primer.button"), self.primer),
            Button("settings", lambda: tr("pause.settings"), self.settings),
            Button("leave", lambda: tr("pause.leave"), app.home),
        ]

    def primer(self) -> None:
        from game.scenes.menus.primer import PrimerScene

        self.app.push(PrimerScene(self.app, self.preset or ""))

    def settings(self) -> None:
        from game.scenes.menus.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        for i, w in enumerate(self.widgets):
            w.rect = pygame.Rect(self.box.left + 40, self.box.top + 74 + i * 56, self.box.width - 80, 44)

    def draw(self, screen: pygame.Surface) -> None:
        self.draw_card(screen, tr("pause.title"), 40, 36)
        theme.text(screen, tr("pause.saved"), 18, theme.DIM, (self.box.centerx, self.box.bottom - 22), "center")
        self.draw_widgets(screen)
