"""A screen that waits for the player rests: the frame loop draws about one frame a second
instead of sixty (the game used most of a core waiting for a click), and wakes at
once for input or for anything that moves by itself."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pygame

from game.app.loop import IDLE_FRAME_MS, App, Scene
from game.board.view import SETTLE, BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.race.scene import LIVELY, RaceScene
from rules.gears import ShiftCost
from tests.ui.helpers import board_of, header, make_app, oval


class Still(Scene):
    """A scene with nothing that moves by itself."""


class Heard(Scene):
    """A scene with nothing that moves by itself that notes when each event reaches it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.heard: list[float] = []

    def handle(self, event: pygame.event.Event) -> bool:
        self.heard.append(time.monotonic())
        return False


class Moving(Scene):
    def animating(self) -> bool:
        return True


def frames_in(app, scene: Scene, seconds: float, poke: float | None = None) -> int:
    """Frames the real loop draws in ``seconds``; with ``poke``, a key press that many seconds in."""

    def later() -> None:
        if poke is not None:
            time.sleep(poke)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
            time.sleep(seconds - poke)
        else:
            time.sleep(seconds)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=later, daemon=True).start()
    app.run(scene)
    return app.frames


def test_a_still_screen_draws_about_one_frame_a_second(tmp_path: Path) -> None:
    frames = frames_in(make_app(tmp_path), Still(make_app(tmp_path)), 2.5)
    assert frames <= 2.5 * 1000 / IDLE_FRAME_MS + 3


def test_a_moving_screen_draws_every_frame(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    # far above the resting rate (about one a second), with room for a loaded machine
    assert frames_in(app, Moving(app), 1.0) >= 10


def test_input_wakes_a_resting_screen_at_once(tmp_path: Path) -> None:
    """The key press arrives while the loop sleeps: it is handled and drawn without waiting out the second."""
    app = make_app(tmp_path)
    scene = Heard(app)
    started = time.monotonic()
    frames_in(app, scene, 2.0, poke=1.3)
    keys = [t - started for t in scene.heard]
    assert keys and min(abs(t - 1.3) for t in keys) < 0.2


def test_race_screen_rests_only_while_a_human_thinks(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    control = RaceControl.start(oval(), header(("human", "careful")), None)
    control.session.run_computers()
    scene = RaceScene(app, control, BoardView(board_of(app.tracks.get("oval.tmx"))))
    app.push(scene)
    scene.banner = None
    assert control.wait() == Wait.GEAR
    assert scene.animating()  # the destinations pulse for a moment after each change
    for _ in range(int(LIVELY * 60) + 5):
        scene.update(1 / 60)
    time.sleep(SETTLE)  # the sharper board after the opening zoom comes a moment later in real time
    scene.update(1 / 60)
    assert not scene.animating()
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert scene.animating()
    scene.choose(min(g for g, opt in control.gear_options().items() if isinstance(opt, ShiftCost)))
    while scene.queue:
        scene.update(1 / 60)
    assert control.wait() == Wait.ROLL
    scene.roll()
    for _ in range(600):  # the die rolls and the tray shows it: every frame counts
        if control.wait() == Wait.MOVE and not scene.queue:
            break
        assert scene.animating()
        scene.update(1 / 60)
    assert control.wait() == Wait.MOVE
