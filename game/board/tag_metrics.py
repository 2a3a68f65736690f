"""A tag's proportions measured in the default font: what the painting side hands the layout
(``game.board.labels``), so the tags are placed for the very font they are painted in."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.board.labels import Proportions

#: The font size a tag's proportions are measured at (pixels); any size gives the same ratio.
_MEASURE_PX = 64


@lru_cache(maxsize=256)
def proportions(text: str) -> Proportions:
    """Width and height of ``text`` in the default font, per pixel of font size."""
    if not pygame.font.get_init():
        pygame.font.init()
    w, h = pygame.font.Font(None, _MEASURE_PX).size(text)
    return w / _MEASURE_PX, h / _MEASURE_PX
