"""The race screen's own log panel takes clicks: a click on a line opens the replay
viewer over the race at the moment the line was written, its button says "Back to the race", and
Esc there returns to the race exactly as it stands. Lines written live and lines of a resumed race
both know their moment."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import patch

import pygame
import pytest

from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.history.replay import ReplayScene
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.texts import tr
from rules.files.record import replay
from tests.ui.helpers import board_of, header, make_app, oval, play_until, track_of
from tests.ui.test_logview import click, key, resumed_race
from tests.ui.test_race_scene import settle


@pytest.fixture
def race_scene(tmp_path: Path) -> RaceScene:
    return resumed_race(tmp_path)


def moment_rows(scene: RaceScene) -> list[tuple[pygame.Rect, str, int]]:
    """The log panel's rows as drawn, each with its line's text and moment."""
    scene.app.frame(0.016)
    return [(rect, line.text(), scene.moments[id(line)]) for rect, line in scene.log_rows if id(line) in scene.moments]


def board_at(record, at: int) -> dict[str, str | None]:
    """Where every car stood after the record's first ``at`` actions, replayed straight."""
    state = replay(oval(), record.model_copy(update={"actions": record.actions[:at]}))
    return {c.id: c.space for c in state.cars}


def test_a_click_on_a_line_of_the_panel_shows_the_board_then_and_back_returns_to_the_race(
    race_scene: RaceScene,
) -> None:
    app, control = race_scene.app, race_scene.control
    state, lines = control.state, list(race_scene.log)
    rows = moment_rows(race_scene)
    assert len(rows) >= 5  # the resumed race's lines know their moments
    rect, text, at = rows[0]  # the oldest row shown: well before now
    assert at < len(control.session.actions)
    click(app, rect.center)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene) and viewer.at == at
    assert app.status()["spaces"] == board_at(control.session.record(), at)
    assert text in [line.text() for line in viewer.replay.lines_until(at)]  # the log shown ends with that action
    assert viewer.buttons["back"].label() == tr("replay.back_race") and viewer.buttons["back"].style == "primary"
    app.frame(0.016)
    key(app, pygame.K_ESCAPE)
    assert app.scene is race_scene
    assert control.state is state and race_scene.log == lines and control.wait() == Wait.GEAR


def test_the_back_button_returns_to_the_race(race_scene: RaceScene) -> None:
    app = race_scene.app
    rect, _, _ = moment_rows(race_scene)[-1]
    click(app, rect.center)
    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    app.frame(0.016)
    click(app, viewer.buttons["back"].rect.center)
    assert app.scene is race_scene


def test_lines_written_live_open_their_own_moment(tmp_path: Path) -> None:
    """Computers race on the screen; every line drawn in the panel opens the moment its action was
    made: the viewer's log up to then holds the line, and the board is the straight replay's."""
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(track_of(entry), header(("careful", "aggressive", "careful"), seed=11), app.saves)
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    scene.banner = None
    for _ in range(400):
        scene.update(0.25)
        if control.state.round >= 4:
            break
    assert control.state.round >= 4 and not control.history  # every line was written live
    rows = moment_rows(scene)
    assert len(rows) >= 5 and len({at for _, _, at in rows}) >= 3
    record = control.session.record()
    for rect, text, at in rows[::2]:
        click(app, rect.center)
        viewer = app.scene
        assert isinstance(viewer, ReplayScene) and viewer.at == at
        texts_then = [line.text() for line in viewer.replay.lines_until(at)]
        texts_before = [line.text() for line in viewer.replay.lines_until(at - 1)]
        assert texts_then.count(text) == texts_before.count(text) + 1  # written by action ``at``, not before
        assert app.status()["spaces"] == board_at(record, at)
        key(app, pygame.K_ESCAPE)
        assert app.scene is scene


def test_a_click_on_the_panel_never_reaches_the_board_and_the_line_says_it_can_be_clicked(
    race_scene: RaceScene,
) -> None:
    app = race_scene.app
    rect, _, _ = moment_rows(race_scene)[0]
    assert race_scene.hint_at(rect.center) == [tr("race.log_line_hint")]
    title = (race_scene.log_rect.left + 20, race_scene.log_rect.top + 10)  # the heading: no line
    assert race_scene.hint_at(title) != [tr("race.log_line_hint")]
    seen: list[pygame.event.Event] = []
    with patch.object(race_scene.view, "handle", seen.append):
        click(app, title)
    assert app.scene is race_scene and seen == []


def test_a_line_of_since_your_turn_opens_the_board_after_that_cars_last_action(tmp_path: Path) -> None:
    """While "since your turn" is shown, a click on a car's line shows the board right after that
    car's last action: it stands where the line says it ended, where it still stands now."""
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(track_of(entry), header(("human", "careful", "aggressive")), app.saves)
    play_until(control, lambda c: c.wait() == Wait.GEAR)
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    scene.banner = None
    scene.choose(1)
    scene.roll()
    settle(scene)
    while control.wait() == Wait.MOVE:
        scene.drive(next(iter(control.destinations().values()))[0])
        settle(scene)
    scene.banner = None
    app.frame(0.016)
    assert scene.summary and control.wait() == Wait.GEAR
    moved = [(rect, line) for rect, line in scene.log_rows if line.key.startswith("since.moved")]
    assert len(moved) == 2  # the two computers
    seen = []
    for rect, line in moved:
        assert scene.hint_at(rect.center) == [tr("race.log_line_hint")]
        click(app, rect.center)
        viewer = app.scene
        assert isinstance(viewer, ReplayScene) and viewer.at <= len(control.session.actions)
        car = line.car or ""
        assert app.status()["spaces"][car] == line.values["end"] == control.state.car(car).space
        seen.append(viewer.at)
        key(app, pygame.K_ESCAPE)
        assert app.scene is scene and scene.summary
    assert seen[0] < seen[1]  # each its own car's moment, in the order they drove
