"""The frame of the full-window pages (set-up, cars, rules, time trial, records, grid, results).

Where a page's title, body and bottom row of buttons go, from the window's
size alone: the body fills a small window edge to edge (from 1024x640), and
a big one (up to 4K) holds the page as a block in its middle instead of
scattering it into the corners.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import theme

MARGIN = 30
MAX_SIZE = (1600, 1000)  # a bigger window centres a page of this size
TITLE_H = 92  # the chequered strip and the title above the body
BUTTON_H = 50
BOTTOM = 16  # under the bottom row of buttons
GAP = 12  # between the body and the buttons


@dataclass(frozen=True)
class Page:
    size: tuple[int, int]

    @property
    def frame(self) -> pygame.Rect:
        """The page's block: the whole window up to ``MAX_SIZE``, centred in a bigger one."""
        w, h = self.size
        frame = pygame.Rect(0, 0, min(w, MAX_SIZE[0]), min(h, MAX_SIZE[1]))
        frame.center = (w // 2, h // 2)
        return frame.inflate(-2 * MARGIN, 0)

    @property
    def buttons_y(self) -> int:
        return self.frame.bottom - BOTTOM - BUTTON_H

    @property
    def body(self) -> pygame.Rect:
        """Below the title, above the bottom row of buttons."""
        f = self.frame
        return pygame.Rect(f.left, f.top + TITLE_H, f.width, self.buttons_y - GAP - f.top - TITLE_H)

    def back(self, width: int = 180) -> pygame.Rect:
        """The bottom row's left button (Back)."""
        return pygame.Rect(self.frame.left, self.buttons_y, width, BUTTON_H)

    def forward(self, width: int = 260) -> pygame.Rect:
        """The bottom row's right button (Next, Start)."""
        return pygame.Rect(self.frame.right - width, self.buttons_y, width, BUTTON_H)

    def between(self, left: pygame.Rect, right: pygame.Rect) -> pygame.Rect:
        """The bottom row's room between two of its buttons: for a message."""
        return pygame.Rect(left.right + 20, self.buttons_y, right.left - left.right - 40, BUTTON_H)

    def draw(self, surface: pygame.Surface, title: str) -> pygame.Rect:
        """The backdrop, the chequered strip and the page's big title; returns the title's rect."""
        surface.fill(theme.BACKDROP)
        theme.chequer(surface, pygame.Rect(0, 0, surface.get_width(), 16), 8)
        return theme.text(surface, title, 54, theme.TEXT, (self.frame.left, self.frame.top + 32))


def message(surface: pygame.Surface, area: pygame.Rect, text: str, ink: theme.Colour) -> None:
    """A short message in ``area`` (of the bottom row): up to two lines, centred."""
    px = theme.fitting_px(text, 20, area.width, 17)
    lines = theme.wrap(text, px, area.width, most=2)
    top = area.centery - len(lines) * (px - 2) // 2
    for i, line in enumerate(lines):
        theme.text(surface, line, px, ink, (area.centerx, top + i * (px - 2)), "midtop")
