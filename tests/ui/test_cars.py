"""Car sprites: ten cars that differ in pattern and badge shape, not only in colour."""

from __future__ import annotations

import pygame

from game.board.cars import BADGES, PATTERNS, badge, badge_of, car_sprite, draw_car, pattern_of
from game.storage.lineup import COLOURS
from tests.ui.helpers import open_display


def test_ten_cars_have_ten_patterns_and_ten_badge_shapes() -> None:
    assert len({pattern_of(i) for i in range(10)}) == 10 == len(PATTERNS)
    assert len({badge_of(i) for i in range(10)}) == 10 == len(BADGES)


def test_in_grey_the_cars_still_differ() -> None:
    """Colour-blind check: with colour taken away, every sprite and badge is still unique."""
    open_display((200, 200))

    def grey(surface: pygame.Surface) -> bytes:
        return pygame.image.tobytes(pygame.transform.grayscale(surface), "RGBA")

    sprites = {grey(car_sprite("#808080", pattern_of(i))) for i in range(10)}
    badges = {grey(badge(badge_of(i), 7, 20, "#808080")) for i in range(10)}
    assert len(sprites) == 10 and len(badges) == 10


def test_a_car_is_drawn_facing_its_heading() -> None:
    open_display((200, 200))
    screen = pygame.Surface((200, 200), pygame.SRCALPHA)
    for heading in (0, 90, 180, 270):
        screen.fill((0, 0, 0, 0))
        draw_car(screen, (100, 100), heading, 80, COLOURS[0], 0, 1)
        box = screen.get_bounding_rect()
        assert (box.width > box.height) == (heading % 180 == 0)
