"""The planning aid, the warnings and the hint on the race screen, driven as a player drives them."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.scenes.menu import MenuScene
from rules.ai.levels import CHAMPION
from rules.ai.planning import plan
from tests.ui.helpers import make_app
from tests.ui.test_layout import race


def _scene(tmp_path: Path):  # type: ignore[no-untyped-def]
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    scene = race(app)
    scene.update(0.0)
    scene.draw(app.screen)
    return app, scene


def test_the_gear_table_shows_the_plan_of_every_legal_gear(tmp_path: Path) -> None:
    app, scene = _scene(tmp_path)
    state = scene.control.state
    legal = {g for g in scene.control.odds()}
    assert set(scene.gearbox.plans) == legal
    assert scene.gearbox.plans == plan(scene.track, state).gears
    row = scene.gearbox.row(min(legal))
    lines = scene.gearbox.hint(row.center)
    assert any("next turn" in line for line in lines)


def test_the_hint_names_the_champions_gear_and_why(tmp_path: Path) -> None:
    app, scene = _scene(tmp_path)
    scene._sync_buttons()
    assert scene.buttons["hint"].visible
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert scene.message is not None
    gear = CHAMPION.choose_gear(scene.track, scene.control.state)
    assert scene.message[0].startswith(f"A Champion would take gear {gear}:")
