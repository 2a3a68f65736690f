"""A qualifying session is saved like a race: killed after a few moves, it continues from the menu."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.play.stopwatch import Stopwatch
from game.scenes.launch import start_race
from game.scenes.menus.menu import MenuScene
from game.scenes.qualifying.scene import QualifyingScene
from game.scenes.race.scene import RaceScene
from game.scenes.setup.grid import GridScene
from game.storage.lineup import default_lineup
from rules.files.record import Record
from rules.qualifying.session import QualifyingRecord
from tests.ui.helpers import lap_of, make_app
from tests.ui.test_qualifying_scene import FakeClock, drive_lap, key, settle
from tests.ui.test_scenes import press


def qualifying(data: Path) -> tuple[QualifyingScene, FakeClock]:
    """A fresh qualifying session from the menu, Anna (a person) to drive first, on a fake clock."""
    app = make_app(data)
    app.push(MenuScene(app))
    start_race(app, default_lineup().model_copy(update={"grid": "qualifying"}))
    scene = app.scene
    assert isinstance(scene, QualifyingScene)
    clock = FakeClock()
    scene.now, scene.watch = clock, Stopwatch(clock)
    return scene, clock


def continued(data: Path):
    """The game started again on the same data folder, and Continue pressed."""
    app = make_app(data)
    app.push(MenuScene(app))
    app.frame(0.016)
    press(app.scene, "continue")
    return app


@pytest.mark.rules("QUAL-3")
def test_a_qualifying_killed_after_three_moves_continues_with_its_stopwatch_and_dice(tmp_path: Path) -> None:
    scene, clock = qualifying(tmp_path)
    assert isinstance(scene.app.saves.peek(), QualifyingRecord)  # saved at once: Continue is there
    scene.begin()
    settle(scene, clock)
    key(scene, pygame.K_1)  # 1st gear (the watch has not started: QUAL-3 starts it at the first roll)
    settle(scene, clock)
    key(scene, pygame.K_SPACE)  # the first roll starts the watch
    settle(scene, clock)
    clock.t += 3
    key(scene, pygame.K_RETURN)  # the drive, at 3.0 s
    settle(scene, clock)
    clock.t += 1.5
    key(scene, pygame.K_2)  # 2nd gear, at 4.5 s; then the game is killed
    settle(scene, clock)
    assert scene.wait() == "roll"

    app = continued(tmp_path)
    resumed = app.scene
    assert isinstance(resumed, QualifyingScene) and resumed.phase == "driving"
    assert resumed.entry is not None and resumed.entry.name == "Anna"
    assert lap_of(resumed.session).state == lap_of(scene.session).state
    assert resumed.watch.elapsed_ms == 4500 and not resumed.watch.running
    notice = next(n for n in app.notices if n.key == "notice.qualifying_resumed")
    assert "0:04.5" in notice.text() and "stopped" in notice.text()
    # the same dice as if the game had never stopped
    key(scene, pygame.K_SPACE)
    key(resumed, pygame.K_SPACE)
    assert lap_of(resumed.session).state == lap_of(scene.session).state
    settle(resumed)
    drive_lap(resumed)
    for _ in range(20):  # the computers' laps, each saved
        if isinstance(app.scene, GridScene):
            break
        key(app.scene, pygame.K_SPACE)
        if isinstance(app.scene, QualifyingScene):
            settle(app.scene)
    grid = app.scene
    assert isinstance(grid, GridScene)

    again = continued(tmp_path)  # killed on the grid screen: the grid comes back, drawn the same
    assert isinstance(again.scene, GridScene) and again.scene.grid == grid.grid
    key(again.scene, pygame.K_RETURN)
    assert isinstance(again.scene, RaceScene) and again.scene.control.header.grid == grid.grid.order
    # the race takes over the slot; the finished qualifying is the previous save
    assert isinstance(again.saves.peek(), Record)
    assert again.saves.previous.read_text().count('"kind": "qualifying"') == 1


def test_a_new_race_replaces_a_qualifying_save(tmp_path: Path) -> None:
    scene, _ = qualifying(tmp_path)
    app = scene.app
    start_race(app, default_lineup())
    assert isinstance(app.scene, RaceScene) and isinstance(app.saves.peek(), Record)
    start_race(app, default_lineup().model_copy(update={"grid": "qualifying"}))
    assert isinstance(app.saves.peek(), QualifyingRecord)


def test_a_qualifying_save_that_does_not_replay_falls_back_to_the_previous_one(tmp_path: Path) -> None:
    scene, clock = qualifying(tmp_path)
    scene.begin()
    settle(scene, clock)
    key(scene, pygame.K_1)
    settle(scene, clock)
    slot = scene.app.saves
    slot.current.write_text(slot.current.read_text().replace('"gear": 1', '"gear": 6'))
    app = continued(tmp_path)
    assert isinstance(app.scene, QualifyingScene) and app.scene.session.lap is None  # the save before the gear
    keys = [n.key for n in app.notices]
    assert keys[-2:] == ["notice.save_corrupt", "notice.save_fallback"] and "does not replay" in app.notices[-2].text()
