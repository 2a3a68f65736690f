"""The race log reads back: the wheel over the log scrolls it through
the kept lines and never zooms the board under it."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.play.racelog import LogLine
from game.scenes.race.scene import RaceScene
from tests.ui.helpers import board_of, header, make_app, oval, play_until, spy_texts


def wheel(scene: RaceScene, notches: int) -> bool:
    pygame.mouse.set_pos(scene.log_rect.center)
    return scene.handle(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0, precise_y=float(notches))
    )


def scene_with_log(tmp_path: Path, lines: int) -> RaceScene:
    app = make_app(tmp_path)
    control = RaceControl.start(oval(), header(("human", "human")), None)
    scene = RaceScene(app, control, BoardView(board_of(app.tracks.get("oval.tmx"))))
    app.push(scene)
    scene.banner = None
    scene.log[:] = [LogLine("log.undo", {"name": f"Driver {i}"}) for i in range(lines)]
    app.frame(1 / 60)
    return scene


def drawn_rows(scene: RaceScene, monkeypatch) -> list[str]:
    from game import theme

    original = theme.text
    seen = spy_texts(monkeypatch)
    scene.app.frame(1 / 60)
    monkeypatch.setattr(theme, "text", original)
    return [s for s in seen if s.endswith("takes the gear back.")]


def test_the_wheel_over_the_log_scrolls_it_and_not_the_board(tmp_path: Path, monkeypatch) -> None:
    scene = scene_with_log(tmp_path, 40)
    newest = drawn_rows(scene, monkeypatch)
    assert newest[-1].startswith("Driver 39")
    zoom = scene.view.camera.zoom
    assert wheel(scene, 3)
    assert scene.view.camera.zoom == zoom
    back = drawn_rows(scene, monkeypatch)
    assert back and back[-1].startswith("Driver 33")  # 3 notches, 2 rows each
    assert wheel(scene, -10)
    assert drawn_rows(scene, monkeypatch) == newest


def test_the_log_never_scrolls_past_its_oldest_line(tmp_path: Path, monkeypatch) -> None:
    scene = scene_with_log(tmp_path, 12)
    wheel(scene, 50)
    rows = drawn_rows(scene, monkeypatch)
    assert rows[0].startswith("Driver 0") and scene.log_scroll == 12 - len(rows)


def test_a_race_resumed_after_the_roll_shows_the_die_still_to_move(tmp_path: Path) -> None:
    """After Continue the dice tray was empty although the car still had its roll to drive."""
    app = make_app(tmp_path)
    control = RaceControl.start(oval(), header(("human", "human")), None)
    play_until(control, lambda c: c.wait() == Wait.MOVE)
    resumed = RaceControl.resume(oval(), control.session.record())
    scene = RaceScene(app, resumed, BoardView(board_of(app.tracks.get("oval.tmx"))))
    throw = scene.tray.throw
    assert throw is not None and throw.done and throw.value == resumed.state.roll
    assert throw.outcome is not None and str(resumed.state.roll) in throw.outcome.text()


def test_each_log_line_names_its_car_by_badge_shape_not_by_colour_alone(tmp_path: Path, monkeypatch) -> None:
    from game.board.cars import badge_of
    from game.widgets import race_hud

    scene = scene_with_log(tmp_path, 0)
    cars = [c.id for c in scene.control.state.cars]
    scene.log[:] = [LogLine("log.undo", {"name": car}, car=car) for car in cars]
    drawn: list[tuple[str, int]] = []  # (shape, size) of every badge drawn
    original = race_hud.badge

    def badge(shape: str, number: int, size: int, colour: str) -> pygame.Surface:
        drawn.append((shape, size))
        return original(shape, number, size, colour)

    monkeypatch.setattr(race_hud, "badge", badge)
    scene.app.frame(1 / 60)
    in_log = {shape for shape, size in drawn if size == race_hud.LOG_BADGE}
    assert in_log == {badge_of(scene.control.index(c)) for c in cars}
    assert len({badge_of(scene.control.index(c)) for c in cars}) == len(cars)
