"""The small menu that opens when several legal moves end on the clicked (or key-chosen) space."""

from __future__ import annotations

import pygame

from game import theme
from game.play.movetext import move_lines
from game.texts import tr
from rules.moves import Move
from rules.track import Track

WIDTH = 360
ITEM = 30


class WayMenu:
    def __init__(
        self, track: Track, here: str, space: str, moves: list[Move], at: tuple[int, int], bounds: pygame.Rect
    ) -> None:
        self.space = space
        self.items = [(m, " · ".join(move_lines(track, m, here))) for m in moves]
        height = 40 + ITEM * len(self.items)
        self.rect = pygame.Rect(at[0] + 12, at[1] - height // 2, WIDTH, height)
        self.rect.clamp_ip(bounds)
        self.selected: int | None = None  # the way the keys point at

    def shown(self, mouse: tuple[int, int]) -> Move | None:
        """The way to draw on the board: the one under the mouse, else the one the keys point at."""
        picked = self.pick(mouse)
        if picked is None and self.selected is not None:
            return self.items[self.selected][0]
        return picked

    def item_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.rect.left + 6, self.rect.top + 34 + i * ITEM, self.rect.width - 12, ITEM - 2)

    def pick(self, pos: tuple[int, int]) -> Move | None:
        for i, (move, _) in enumerate(self.items):
            if self.item_rect(i).collidepoint(pos):
                return move
        return None

    def draw(self, screen: pygame.Surface) -> None:
        theme.panel(screen, self.rect, theme.PANEL_DARK, 248, theme.YELLOW, 8)
        theme.text(
            screen, tr("race.choose_way", space=self.space), 20, theme.DIM, (self.rect.left + 12, self.rect.top + 10)
        )
        mouse = theme.pointer()
        for i, (move, label) in enumerate(self.items):
            r = self.item_rect(i)
            if r.collidepoint(mouse) or i == self.selected:
                pygame.draw.rect(screen, theme.BUTTON_HOVER, r, border_radius=5)
            if i == self.selected:
                pygame.draw.rect(screen, theme.YELLOW, r, 2, border_radius=5)
            ink = (255, 140, 130) if move.out is not None else theme.TEXT
            label = f"{i + 1}. {label}" if len(self.items) < 10 else label  # the digit that picks it
            theme.text(screen, theme.fit_text(label, 20, r.width - 16), 20, ink, (r.left + 8, r.centery), "midleft")
