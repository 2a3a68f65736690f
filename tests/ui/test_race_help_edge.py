"""The race screen's help under the gear box keeps clear of the window's bottom edge."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import texts
from game.scenes.menus.menu import MenuScene
from game.widgets.race_hud import PANEL_W
from tests.ui.helpers import make_app
from tests.ui.test_layout import race, record_frame

#: Window heights around where the help under the gear box first shows, whole (three or four lines).
HEIGHTS = range(700, 821, 3)


@pytest.fixture(autouse=True)
def english():
    yield
    texts.set_language("en")


@pytest.mark.parametrize("language", texts.LANGUAGES)
def test_the_help_text_never_touches_the_bottom_edge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    texts.set_language(language)
    shown = 0
    for height in HEIGHTS:
        app = make_app(tmp_path / str(height), (1280, height))
        app.change_settings(app.settings.model_copy(update={"language": language, "mute": True}))
        app.push(MenuScene(app))
        help_lines = set(race(app).help_text().split())
        ops = record_frame(app, monkeypatch).ops[id(app.screen)][1]
        lines = [
            op
            for op in ops
            if op.kind == "text" and op.rect.left >= 1280 - PANEL_W and set(op.label.rstrip("…").split()) <= help_lines
        ]
        shown += len(lines)
        for op in lines:
            assert op.rect.bottom <= height - 8, (height, op.label, op.rect)
        pygame.display.quit()
    assert shown  # the help does show where there is room
