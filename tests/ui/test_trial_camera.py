"""The time trial's camera frames the road ahead of the car, not the track behind it: at the
start and at every gear choice the car stands towards the trailing edge of the board with the
spaces ahead of it in view above the dice tray."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from game.play.road_ahead import AHEAD, road_ahead
from game.scenes.qualifying.scene import QualifyingScene
from tests.ui.helpers import top
from tests.ui.test_qualifying_scene import key, settle, started_trial


def still(scene) -> None:
    """Frames until the camera has glided to where it goes."""
    for _ in range(200):
        scene.update(0.05)
        if not scene.view.gliding:
            return


def framed_ahead(scene) -> None:
    """The car and the road ahead of it lie above the tray, and the board's middle lies ahead of the car."""
    lap = scene.session.lap
    car = lap.state.car(lap.entry.id)
    here = scene.track.space(car.space)
    clear = scene.places.clear()  # noqa: SLF001 - the board above the dice tray
    road = road_ahead(scene.track, here.name)
    assert len(road) == AHEAD + 1
    assert all(clear.collidepoint(scene.view.to_screen((s.x, s.y))) for s in road), here.name
    x, y = scene.view.to_screen((here.x, here.y))
    to_middle = (clear.centerx - x, clear.centery - y)
    heading = math.radians(here.heading)
    assert to_middle[0] * math.cos(heading) + to_middle[1] * math.sin(heading) > 0.15 * clear.width, here.name


def test_the_trial_camera_frames_the_road_ahead_at_every_gear_choice(tmp_path: Path) -> None:
    app, _ = started_trial(tmp_path)
    scene = top(app, QualifyingScene)
    scene.begin()
    settle(scene)
    still(scene)
    turns = 0
    for _ in range(40):
        w = scene.wait()
        if w == "gear":
            framed_ahead(scene)
            turns += 1
            if turns == 5:
                break
            key(scene, pygame.K_1 + min(1, turns))  # first gear, then second: the car stays on the straight
        elif w == "roll":
            key(scene, pygame.K_SPACE)
        elif w == "move":
            key(scene, pygame.K_RETURN)
        settle(scene)
        still(scene)
    assert turns == 5
