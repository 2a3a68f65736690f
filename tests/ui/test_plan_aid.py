"""The planning aid, the warnings and the hint on the race screen, driven as a player drives them."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.scenes.menus.menu import MenuScene
from game.texts import tr
from game.widgets.planaid import trap_text
from rules.ai.planning import plan
from rules.ai.presets import CHAMPION
from tests.ui.helpers import make_app, screen_of
from tests.ui.test_layout import race


def _scene(tmp_path: Path):
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    scene = race(app)
    scene.update(0.0)
    scene.draw(screen_of(app))
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
    scene.places.sync_buttons()
    assert scene.buttons["hint"].visible
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    assert scene.message is not None
    gear = CHAMPION.choose_gear(scene.track, scene.control.state)
    assert scene.message[0].startswith(f"A Champion would take gear {gear}:")


@pytest.mark.rules("CORNER-4")
def test_a_warned_gear_is_said_first_and_taken_on_the_second_click(tmp_path: Path) -> None:
    """A rule trap (here one of CORNER-4's: a roll past the corner beyond the brakes, or another)
    is said before the gear is declared; the same gear clicked again is declared."""
    from game.play.race_control import Wait
    from rules.ai.traps import gear_traps
    from tests.ui.helpers import human_step

    app, scene = _scene(tmp_path)
    control = scene.control
    for _ in range(3000):
        if control.wait() == Wait.GEAR:
            traps = gear_traps(scene.track, control.state)
            if traps:
                break
        human_step(control)
    else:
        raise AssertionError("no human gear choice with a warning in this race")
    gear = min(traps)
    before = control.state
    scene.choose(gear)
    assert control.state is before and scene.message is not None
    assert scene.message[0].startswith(trap_text(traps[gear][0]))
    scene.choose(gear)
    assert control.state is not before and control.state.car(before.active or "").gear == gear


def test_hints_switched_off_at_the_set_up_hide_the_hint(tmp_path: Path) -> None:
    from game.scenes.setup.lineup import SetupScene

    app = make_app(tmp_path)
    app.push(MenuScene(app))
    setup = SetupScene(app)
    app.push(setup)
    setup.toggle_hints()
    assert app.settings.hints is False
    scene = race(app)
    scene.places.sync_buttons()
    assert not scene.buttons["hint"].visible
    scene.ask_hint()
    assert scene.message is not None and scene.message[0] == tr("hint.off")


def test_how_to_play_opens_from_the_set_up_and_the_pause_menu(tmp_path: Path) -> None:
    from game.scenes.menus.pause import PauseScene
    from game.scenes.menus.primer import PrimerScene
    from game.scenes.setup.lineup import SetupScene

    app = make_app(tmp_path)
    app.push(MenuScene(app))
    setup = SetupScene(app)
    app.push(setup)
    setup.primer()
    assert isinstance(app.scene, PrimerScene) and app.scene.preset == setup.preset
    app.pop()
    scene = race(app)
    scene.pause()
    pause = app.scene
    assert isinstance(pause, PauseScene) and pause.preset == "fd-modules"
    pause.primer()
    assert isinstance(app.scene, PrimerScene) and app.scene.keys[-1] == "set.fd-modules"
