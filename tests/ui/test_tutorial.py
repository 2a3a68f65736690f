"""The tutorial race, started from the menu and played as a player plays it: the coach's lessons
follow the race, and finishing it neither keeps it among the races played nor clears a save."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.app.loop import App
from game.play.race_control import Wait
from game.scenes.history.results import ResultsScene
from game.scenes.menus import tutorial
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.tutorial import TutorialScene
from tests.ui.helpers import human_step, make_app

SEED = 1  # a race whose dice show the human every lesson against the Rookies (the drivers change, the seed may)


def _tutorial(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[App, TutorialScene]:
    """The tutorial opened from the menu with a real click, its dice seeded (one race, every run)."""
    monkeypatch.setattr(tutorial.random, "SystemRandom", lambda: random.Random(SEED))
    app = make_app(tmp_path)
    menu = MenuScene(app)
    app.push(menu)
    button = next(w for w in menu.widgets if w.id == "tutorial")
    menu.layout(app.size)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        menu.handle(pygame.event.Event(kind, pos=button.rect.center, button=1))
    scene = app.scene
    assert isinstance(scene, TutorialScene)
    return app, scene


def test_the_coach_follows_the_race_to_the_flag(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = _tutorial(tmp_path, monkeypatch)
    control = scene.control
    assert scene.lesson() == "start"
    assert control.state.laps == 1 and [e.driver for e in control.header.entries] == ["human", "rookie", "rookie"]
    seen: list[str] = []
    for _ in range(4000):
        if control.wait() == Wait.DONE or control.state.finished:
            break
        lesson = scene.lesson()
        if not seen or seen[-1] != lesson:
            seen.append(lesson)
        human_step(control)
    assert control.state.finished or control.state.car("car1").status != "racing"
    assert scene.lesson() == "finish"
    assert {"start", "gears", "dice", "move", "corners"} <= set(seen)
    assert seen.index("gears") < seen.index("corners")


def test_finishing_the_tutorial_keeps_no_history_and_no_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = _tutorial(tmp_path, monkeypatch)
    assert not app.saves.exists()
    scene.finish()
    assert isinstance(app.scene, ResultsScene)
    assert not app.saves.exists()
