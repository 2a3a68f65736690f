"""The window headless (SDL's dummy driver): its minimum size, its first size, fullscreen and back."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app.window import MINIMUM, PREFERRED, GameWindow, first_size
from game.scenes.menus.menu import MenuScene
from game.storage.settings import Settings, save_settings
from tests.ui.helpers import make_app


def f11(app) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))


@pytest.fixture
def window():
    pygame.display.init()
    w = GameWindow("test")
    yield w
    w.window.destroy()


def test_the_first_window_fits_a_small_desktop_but_never_below_the_minimum() -> None:
    assert first_size((3840, 2160)) == PREFERRED
    assert first_size((1200, 700)) == (1200, 700)
    assert first_size((800, 600)) == MINIMUM


def test_the_window_is_never_smaller_than_the_minimum(window: GameWindow) -> None:
    window.window.size = (800, 500)  # what a window manager would refuse
    assert window.window.size == MINIMUM
    window.window.minimum_size = (1, 1)  # no window manager: the size is what the X server was told
    window.window.size = (800, 500)
    window.keep_minimum()
    assert window.window.size == MINIMUM


def test_f11_fills_the_screen_from_its_origin_and_back_restores_the_window(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    window = app.open_window()
    try:
        app.push(MenuScene(app))
        window.window.position = (40, 30)
        before = (window.window.position, window.window.size)
        f11(app)
        desktop = pygame.display.get_desktop_sizes()[0]
        assert window.fullscreen and app.settings.fullscreen
        assert window.window.position == (0, 0) and app.size == desktop
        f11(app)
        assert not window.fullscreen and not app.settings.fullscreen
        assert (window.window.position, window.window.size) == before and app.size == before[1]
    finally:
        window.window.destroy()


def test_a_game_closed_in_fullscreen_opens_in_fullscreen(tmp_path: Path) -> None:
    save_settings(tmp_path, Settings(fullscreen=True))
    app = make_app(tmp_path)
    window = app.open_window()
    try:
        assert window.fullscreen and window.window.position == (0, 0)
        assert app.size == pygame.display.get_desktop_sizes()[0]
        f11(app)
        assert app.size == first_size(pygame.display.get_desktop_sizes()[0])
    finally:
        window.window.destroy()
