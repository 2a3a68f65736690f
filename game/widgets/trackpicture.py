"""A track on the choice screens: its preview picture on mown grass, or why it cannot be loaded.

Shared by the race set-up and the time trial. The scaled picture with its
grass is built once per track and area size (a resized window gets a new
one) from the track's small picture, and only blitted per frame; areas too
small to show a track are left empty instead of asking smoothscale for a
zero-sized picture.
"""

from __future__ import annotations

import pygame

from game import theme
from game.board.catalogue import TrackEntry
from game.board.render import paint_grass
from game.texts import tr

MIN_SIDE = 50  # px: below this the picture would be a smudge
PROBLEM_INK = (255, 150, 140)


def draw_broken(screen: pygame.Surface, entry: TrackEntry, area: pygame.Rect, most: int = 8) -> None:
    """The track failed to load: say so and list its first problems, so the map's author can fix them."""
    for i, line in enumerate([tr("setup.broken")] + entry.problems[:most]):
        theme.text(screen, theme.fit_text(line, 20, area.width), 20, PROBLEM_INK, (area.left, area.top + 22 * i))


class TrackPicture:
    """The cached picture of one track at one size."""

    def __init__(self) -> None:
        self._key: tuple[str, tuple[int, int]] | None = None
        self._image: pygame.Surface | None = None

    def image(self, entry: TrackEntry, size: tuple[int, int]) -> pygame.Surface | None:
        """The preview scaled to fit ``size`` on its grass, or None (no picture, or too small)."""
        if size[0] < MIN_SIDE or size[1] < MIN_SIDE:
            return None
        key = (entry.path.name, size)
        if key != self._key:
            self._key, self._image = key, _build(entry, size)
        return self._image

    def draw(self, screen: pygame.Surface, entry: TrackEntry, area: pygame.Rect) -> pygame.Rect | None:
        """Draw at ``area``'s top left, clipped to the screen; the picture's frame, or None if none was drawn."""
        img = self.image(entry, area.size)
        if img is None:
            return None
        frame = img.get_rect(topleft=area.topleft)
        shown = frame.clip(screen.get_rect())
        if not shown.width or not shown.height:
            return None
        screen.blit(img, shown, shown.move(-frame.left, -frame.top))
        pygame.draw.rect(screen, theme.EDGE, frame, 1)
        return frame


def _build(entry: TrackEntry, size: tuple[int, int]) -> pygame.Surface | None:
    picture = entry.picture(size)
    if picture is None:
        return None
    img = pygame.Surface(picture.get_size())
    paint_grass(img, lambda p: p, 24.0)
    img.blit(picture, (0, 0))
    return img
