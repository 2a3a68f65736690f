"""The game's entry point: ``from game.ui.main import run; run()`` opens the window."""

from __future__ import annotations

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.ui.loop import App  # noqa: E402
from game.ui.menu_scene import MenuScene  # noqa: E402
from game.ui.paths import data_dir  # noqa: E402


def run() -> int:
    """Play until the window is closed; returns the process exit code."""
    pygame.display.init()
    pygame.font.init()
    try:
        app = App(data_dir())
        return app.run(MenuScene(app))
    except KeyboardInterrupt:
        return 0
    finally:
        pygame.quit()
