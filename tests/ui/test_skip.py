"""Tab skips the computers' turns (a 10-car race was mostly watching computer cars):
every computer turn and die up to the next human decision at once, a few steps a frame; with
no human left racing, the same key finishes the race."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.race.scene import RaceScene
from tests.ui.helpers import board_of, header, make_app, oval


def tab(scene: RaceScene) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))


def frames_until(scene: RaceScene, done, limit: int = 2000) -> int:
    for n in range(limit):
        if done():
            return n
        scene.update(1 / 60)
    raise AssertionError("never happened")


def scene_for(tmp_path: Path, kinds: tuple[str, ...]) -> RaceScene:
    app = make_app(tmp_path)
    control = RaceControl.start(oval(), header(kinds, seed=3), None)
    scene = RaceScene(app, control, BoardView(board_of(app.tracks.get("oval.tmx"))))
    app.push(scene)
    scene.banner = None
    return scene


def test_tab_plays_the_computers_up_to_the_humans_next_decision(tmp_path: Path) -> None:
    scene = scene_for(tmp_path, ("human", "careful", "careful", "aggressive"))
    control = scene.control
    frames_until(scene, lambda: control.wait() in (Wait.DICE, Wait.COMPUTER) and not scene.queue)
    scene.places.sync_buttons()
    assert scene.buttons["skip"].visible and scene.buttons["skip"].label() == "Skip to your turn (Tab)"
    before = len(scene.log)
    tab(scene)
    frames = frames_until(scene, lambda: not scene.skipping)
    human = control.state.active
    assert control.human(human) and control.wait() not in (Wait.DICE, Wait.COMPUTER)
    assert not scene.queue and not scene.drives and len(scene.log) > before
    assert frames < 200  # no animation waited for: at most a few frames a turn


def test_with_no_human_racing_tab_finishes_the_race(tmp_path: Path) -> None:
    """Nobody at the screen drives (all humans out or finished, or a race of computers only): the
    button says so and the race runs to the flag, then the results follow as usual."""
    scene = scene_for(tmp_path, ("careful", "aggressive"))
    control = scene.control
    frames_until(scene, lambda: control.wait() in (Wait.DICE, Wait.COMPUTER))
    scene.places.sync_buttons()
    assert scene.buttons["skip"].label() == "Finish the race (Tab)"
    tab(scene)
    frames_until(scene, lambda: control.wait() == Wait.DONE, limit=20000)
    assert control.state.finished and not scene.skipping


def test_a_skip_ends_in_the_frame_that_reaches_the_flag_however_slow_the_frames(tmp_path: Path, monkeypatch) -> None:
    """One step a frame (a machine too slow for more): each frame still makes progress, and the
    frame whose step ends the race also ends the skip."""
    from game.scenes.race import pacing as race_module

    monkeypatch.setattr(race_module, "SKIP_FRAME", 0.0)
    scene = scene_for(tmp_path, ("careful", "aggressive"))
    control = scene.control
    frames_until(scene, lambda: control.wait() in (Wait.DICE, Wait.COMPUTER))
    tab(scene)
    steps = 0
    while control.wait() != Wait.DONE:
        before = len(control.session.record().actions)
        scene.update(1 / 60)
        assert len(control.session.record().actions) > before or control.wait() == Wait.DONE
        steps += 1
        assert steps < 5000
    assert not scene.skipping
