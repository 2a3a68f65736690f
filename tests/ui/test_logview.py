"""The race log to read back: L or the button on the race screen opens it full-screen, grouped by
round and car, filtered by car, scrolled by wheel and keys; a click on a line shows the board at
that moment, and Esc there returns to the race exactly as it was."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.play.replay import Replay
from game.scenes.history.logview import LogViewScene, grouped
from game.scenes.history.replay import ReplayScene
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from rules.files.record import replay
from tests.ui.helpers import board_of, header, make_app, oval, play_until, top, track_of
from tests.ui.test_race_history import race
from tests.ui.test_race_scene import settle
from tests.ui.test_scenes import press


def key(app, k: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def click(app, pos: tuple[int, int]) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def resumed_race(tmp_path: Path) -> RaceScene:
    """A human against three computers, a few rounds in, the human to choose a gear, the race
    resumed from its save (so its log lines come from the record)."""
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(track_of(entry), header(("human", "careful", "aggressive", "careful")), app.saves)
    play_until(control, lambda c: c.state.round >= 4 and c.wait() == Wait.GEAR)
    resumed = RaceControl.resume(track_of(entry), control.session.record(), app.saves)
    scene = RaceScene(app, resumed, BoardView(board_of(entry)))
    app.push(scene)
    settle(scene)
    return scene


@pytest.fixture
def race_scene(tmp_path: Path) -> RaceScene:
    return resumed_race(tmp_path)


def test_lines_are_grouped_by_round_and_within_a_round_by_car() -> None:
    rp = Replay(oval(), race())
    rp.build()
    groups = grouped(rp.lines)
    assert list(groups) == sorted(groups) and list(groups)[0] == 0 and len(groups) > 5
    for rnd, cars in groups.items():
        for car, lines in cars.items():
            assert all(line.round == rnd and line.line.car == car for line in lines)
    assert sum(len(lines) for cars in groups.values() for lines in cars.values()) == len(rp.lines)
    only = grouped(rp.lines, "car2")
    assert {car for cars in only.values() for car in cars} == {"car2"}


def test_l_opens_the_full_log_and_esc_returns_to_the_race(race_scene: RaceScene) -> None:
    app = race_scene.app
    state = race_scene.control.state
    key(app, pygame.K_l)
    log = app.scene
    assert isinstance(log, LogViewScene)
    log.replay.build()
    app.frame(0.016)
    lines = app.status()["lines"]
    assert lines and lines[-1]["at"] == len(race_scene.control.session.actions)  # the newest line at the bottom
    key(app, pygame.K_ESCAPE)
    assert app.scene is race_scene and race_scene.control.state is state


def test_the_button_on_the_race_screen_opens_it_too(race_scene: RaceScene) -> None:
    app = race_scene.app
    app.frame(0.016)
    press(race_scene, "log")
    assert app.scene.name == "racelog"


def test_the_filter_shows_one_cars_lines(race_scene: RaceScene) -> None:
    app = race_scene.app
    key(app, pygame.K_l)
    log = top(app, LogViewScene)
    log.replay.build()
    app.frame(0.016)
    press(log, "filter.car3")
    app.frame(0.016)
    shown = app.status()["lines"]
    assert shown and all(row["text"].startswith("Driver 3") for row in shown)
    assert app.status()["car"] == "car3"
    press(log, "filter.all")
    app.frame(0.016)
    assert any(not row["text"].startswith("Driver 3") for row in app.status()["lines"])


def test_wheel_and_keys_scroll_the_log(race_scene: RaceScene) -> None:
    app = race_scene.app
    key(app, pygame.K_l)
    log = app.scene
    assert isinstance(log, LogViewScene)
    log.replay.build()
    app.frame(0.016)
    newest = app.status()["lines"]
    bottom = log.scroll
    assert bottom > 0  # the race's log is longer than the screen
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, precise_x=0.0, precise_y=2.0))
    app.frame(0.016)
    assert log.scroll < bottom and app.status()["lines"] != newest
    key(app, pygame.K_HOME)
    app.frame(0.016)
    assert log.scroll == 0 and app.status()["lines"][0]["at"] <= 3  # the grid rolls come first
    key(app, pygame.K_PAGEDOWN)
    assert log.scroll > 0
    key(app, pygame.K_END)
    app.frame(0.016)
    assert log.scroll == bottom


def test_a_click_on_a_line_shows_the_board_at_that_moment_and_esc_returns_to_the_race(race_scene: RaceScene) -> None:
    app = race_scene.app
    control = race_scene.control
    state, log_lines = control.state, list(race_scene.log)
    key(app, pygame.K_l)
    log = app.scene
    assert isinstance(log, LogViewScene)
    log.replay.build()
    app.frame(0.016)
    key(app, pygame.K_HOME)
    app.frame(0.016)
    row = next(r for r in app.status()["lines"] if r["at"] > 10)
    click(app, (log.list_rect.centerx, row["y"]))
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.at == row["at"]
    record = control.session.record()
    expected = replay(oval(), record.model_copy(update={"actions": record.actions[: row["at"]]}))
    assert app.status()["spaces"] == {c.id: c.space for c in expected.cars}
    app.frame(0.016)
    key(app, pygame.K_ESCAPE)
    assert app.scene is race_scene  # exactly as it was
    assert control.state is state and race_scene.log == log_lines and control.wait() == Wait.GEAR


def test_the_log_opened_from_the_viewer_moves_the_viewer(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    from game.scenes.history.replay import open_replay

    assert open_replay(app, race())
    viewer = top(app, ReplayScene)
    press(viewer, "log")
    log = app.scene
    assert isinstance(log, LogViewScene)
    log.replay.build()
    app.frame(0.016)
    key(app, pygame.K_HOME)
    app.frame(0.016)
    row = app.status()["lines"][-1]
    click(app, (log.list_rect.centerx, row["y"]))
    assert app.scene is viewer and viewer.at == row["at"]


def test_a_line_chosen_by_keys_shows_the_board_at_that_moment(race_scene: RaceScene) -> None:
    """Tab goes over the filters and the lines shown; Enter on a line opens its moment."""
    app = race_scene.app
    key(app, pygame.K_l)
    log = top(app, LogViewScene)
    log.replay.build()
    app.frame(0.016)
    key(app, pygame.K_HOME)
    app.frame(0.016)
    for _ in range(60):
        focused = app.status()["focus"] or ""
        if focused.startswith("line.") and int(focused.removeprefix("line.")) > 10:
            break
        key(app, pygame.K_TAB)
    at = int(app.status()["focus"].removeprefix("line."))
    app.frame(0.016)
    key(app, pygame.K_RETURN)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.at == at
