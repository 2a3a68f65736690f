"""The high-contrast board: one row of the settings screen, applied to the board at once, kept."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app.loop import App
from game.board import contrast
from game.board.cars import draw_car
from game.board.view import BoardView
from game.scenes.menus.menu import MenuScene
from game.storage.lineup import COLOURS
from game.storage.settings import load_settings
from tests.ui.helpers import board_of, catalogue, make_app


@pytest.fixture(autouse=True)
def normal_afterwards() -> Iterator[None]:
    yield
    contrast.set_high(False)


def press(app: App, button_id: str) -> None:
    x, y = app.scene.status()["buttons"][button_id]
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))


def board_pixels(view: BoardView, screen: pygame.Surface) -> pygame.Surface:
    view.update(0.0)
    view.draw(screen)
    return screen.subsurface(view.viewport).copy()


def test_the_toggle_repaints_the_board_at_once_and_is_kept_across_starts(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    view = BoardView(board_of(catalogue().get("oval.tmx")))
    view.set_viewport(pygame.Rect(0, 0, 1280, 800))
    assert app.screen is not None
    before = board_pixels(view, app.screen)
    tarmac_before = pygame.transform.average_color(before)

    press(app, "settings")
    press(app, "high_contrast")
    assert app.settings.high_contrast and contrast.high()
    after = board_pixels(view, app.screen)
    assert view.options.contrast and view.picture.options.contrast
    changed = sum(
        1 for x in range(0, 1280, 8) for y in range(0, 800, 8) if before.get_at((x, y)) != after.get_at((x, y))
    )
    assert changed > 1000  # the tarmac of the whole track, its lines and arrows
    assert sum(pygame.transform.average_color(after)[:3]) != sum(tarmac_before[:3])

    assert json.loads((tmp_path / "settings.json").read_text())["high_contrast"] is True
    assert load_settings(tmp_path)[0].high_contrast
    contrast.set_high(False)
    App(tmp_path)  # the next start applies the stored choice
    assert contrast.high()

    press(app, "high_contrast")  # and off again: the normal board comes back
    assert not contrast.high()
    assert pygame.image.tobytes(board_pixels(view, app.screen), "RGB") == pygame.image.tobytes(before, "RGB")


def test_a_car_in_high_contrast_wears_a_white_rim() -> None:
    def white_pixels() -> int:
        screen = pygame.Surface((200, 200))
        screen.fill((34, 35, 38))
        draw_car(screen, (100, 100), 30.0, 80, COLOURS[9], 9, 10)
        return sum(1 for x in range(200) for y in range(200) if screen.get_at((x, y))[:3] == contrast.RIM)

    pygame.font.init()
    plain = white_pixels()
    contrast.set_high(True)
    assert white_pixels() > plain + 200
