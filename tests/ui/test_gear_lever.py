"""The gear lever on the race screen (Masters 2002, 6-3-1 to 6-3-3), headless.

At the table a player announces a gear, sets the lever and picks up a die, and the three
can disagree; MASTERS-LEVER-1..3 say the lever wins. On the screen the lever is the gear
box: the gear the player clicked is the car's gear and picks the die (MASTERS-LEVER-4), a
digit typed afterwards does not move it, taking the gear back before the roll returns its
WP, and once the die is rolled the turn stands with the gear of the die used.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from rules.ai.registry import DRIVERS
from rules.dice import ForcedDice
from rules.run.session import RaceSession
from rules.tables.tyres import Tyre
from rules.tables.weather import Weather
from tests.rules.fixtures import car, position
from tests.ui.helpers import board_of, header, make_app, screen_of, track_of
from tests.ui.test_race_scene import click, key, settle

RULES = "masters-2002"


@pytest.fixture
def lever(tmp_path: Path):
    """Two human Masters cars on the oval, car1's turn in 5th on the back straight; the dice
    will show 9, then 8 (car2's 3rd-gear die)."""

    def make(*faces: int) -> RaceScene:
        app = make_app(tmp_path)
        app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
        app.push(MenuScene(app))
        entry = app.tracks.get("oval.tmx")
        h = header(preset=RULES, laps=2)
        session = RaceSession(track_of(entry), h, dice=ForcedDice(faces), drivers=DRIVERS)
        wear = h.rules.default_wear
        cars = [car("car1", "B21", gear=5, wp=wear, tyre=Tyre.HARD), car("car2", "A5", gear=3, wp=wear, tyre=Tyre.HARD)]
        state = position(cars, "car1", track=track_of(entry), rules=h.rules, laps=2)
        session.state = state.model_copy(update={"weather": Weather(condition="sun")})
        scene = RaceScene(app, RaceControl(track_of(entry), session), BoardView(board_of(entry)))
        app.push(scene)
        settle(scene)
        key(scene, pygame.K_RETURN)  # the banner naming car1's driver
        scene.draw(screen_of(app))
        return scene

    return make


def click_gear(scene: RaceScene, gear: int) -> None:
    """Click a gear's knob on the gear box, then let the screen draw and settle."""
    click(scene, scene.gearbox.slot(gear))
    settle(scene)
    scene.draw(screen_of(scene.app))


@pytest.mark.rules("MASTERS-LEVER-1")
def test_MASTERS_LEVER_1_the_gear_clicked_on_the_lever_picks_the_die(lever) -> None:
    """car1 clicks 4th: the lever shows 4th and a 3 typed afterwards does not move it; the die
    thrown is the 4th-gear die and the car drives what it shows."""
    scene = lever(9)
    click_gear(scene, 4)
    control = scene.control
    assert control.wait() == Wait.ROLL and control.state.car("car1").gear == 4 and scene.gearbox.gear == 4
    key(scene, pygame.K_3)  # a "spoken" 3rd after the lever was set
    assert control.state.car("car1").gear == 4 and control.wait() == Wait.ROLL
    key(scene, pygame.K_SPACE)
    settle(scene)
    assert scene.tray.throw is not None and scene.tray.throw.die.name == "gear4" and scene.tray.throw.value == 9
    assert control.wait() == Wait.MOVE and {len(m.path) for m in control.moves() if not m.brakes} == {9}


@pytest.mark.rules("MASTERS-LEVER-2")
def test_MASTERS_LEVER_2_once_rolled_the_turn_stands_with_the_gear_of_the_die_used(lever) -> None:
    """After the roll the gear can no longer be taken back, and when the next player has
    rolled too, car1's lever still shows the gear whose die it used."""
    scene = lever(9, 8)
    click_gear(scene, 4)
    key(scene, pygame.K_SPACE)
    settle(scene)
    scene.draw(scene.app.screen)
    control = scene.control
    assert not control.can_undo() and not scene.buttons["undo"].visible
    key(scene, pygame.K_BACKSPACE)
    assert control.state.car("car1").gear == 4 and control.wait() == Wait.MOVE
    scene.drive(max(control.moves(), key=lambda m: (not m.brakes, len(m.path))))
    settle(scene)
    if scene.banner:
        key(scene, pygame.K_RETURN)
    scene.draw(scene.app.screen)
    assert control.state.active == "car2"
    click_gear(scene, 3)
    key(scene, pygame.K_SPACE)
    settle(scene)
    assert scene.tray.throw is not None and scene.tray.throw.value == 8
    assert control.state.car("car1").gear == 4 and not control.can_undo()


@pytest.mark.rules("MASTERS-LEVER-3")
def test_MASTERS_LEVER_3_moving_the_lever_after_striking_WP_gives_them_back(lever) -> None:
    """car1 clicks 3rd from 5th: skipping 4th strikes a fuel WP. Taking the gear back and
    clicking 4th instead returns the WP, and the die is the one of the lever's 4th gear."""
    scene = lever(9)
    control = scene.control
    fuel = control.state.car("car1").wp.fuel
    click_gear(scene, 3)
    assert control.state.car("car1").wp.fuel == fuel - 1 and scene.gearbox.gear == 3
    assert control.can_undo() and scene.buttons["undo"].visible
    key(scene, pygame.K_BACKSPACE)
    settle(scene)
    scene.draw(scene.app.screen)
    assert control.wait() == Wait.GEAR and control.state.car("car1").wp.fuel == fuel
    assert control.state.car("car1").gear == 5 and scene.gearbox.gear == 5
    click_gear(scene, 4)
    assert control.state.car("car1").wp.fuel == fuel
    key(scene, pygame.K_SPACE)
    settle(scene)
    assert scene.tray.throw is not None and scene.tray.throw.die.name == "gear4"
