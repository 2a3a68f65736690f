"""The race screen's pace: the computers' turns between two human turns play fast, faster
still far from every human's car, yet every computer move is driven on the board where the
player sees the car go its way, and written in the log."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.board.view import BoardView
from game.play.pacing import (
    CHECK_DIE,
    COMPUTER_DIE,
    COMPUTER_TURN,
    COMPUTERS_GAP,
    FAR,
    FAR_ROWS,
    LONG_DRIVE,
    MIN_DRIVE,
    die_speed,
    step_time,
)
from game.play.race_control import RaceControl, Wait
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.widgets.anims import Drive
from rules.dice import Purpose
from rules.state import CarState
from tests.ui.helpers import board_of, catalogue, header, make_app, track_of

FRAME = 1 / 60


def race_scene(tmp_path: Path, kinds: tuple[str, ...]) -> RaceScene:
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"mute": True}))
    app.push(MenuScene(app))
    entry = catalogue().get("oval.tmx")
    control = RaceControl.start(track_of(entry), header(kinds, laps=1), app.saves)
    scene = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(scene)
    return scene


def human_turn(scene: RaceScene) -> None:
    """The human plays through the screen as a plain player: lowest gear, first way."""
    control = scene.control
    scene.banner = None
    if not scene.idle:
        return
    if control.wait() == Wait.GEAR:
        scene.choose(min(control.odds()))
    elif control.wait() == Wait.ROLL:
        scene.roll()
    elif control.wait() == Wait.MOVE:
        scene.drive(control.moves()[0])


def rows_along(scene: RaceScene, car: CarState) -> float:
    track = scene.track
    return car.crossings * track.rows + track.space(car.space or "").progress


def test_a_computer_far_from_the_human_plays_faster_than_one_near(tmp_path: Path) -> None:
    scene = race_scene(tmp_path, ("human", *["careful"] * 9))
    control = scene.control
    base = 9 * COMPUTER_TURN / COMPUTERS_GAP
    for _ in range(60_000):
        state = control.state
        human = state.car("car1")
        racing = [c for c in state.cars if c.status == "racing" and c.id != "car1" and c.space is not None]
        if human.status != "racing":
            break
        if human.space is not None and len(racing) == 9:
            far = [c for c in racing if abs(rows_along(scene, c) - rows_along(scene, human)) >= FAR_ROWS]
            near = [c for c in racing if abs(rows_along(scene, c) - rows_along(scene, human)) < FAR_ROWS]
            if far and near:
                assert scene._pace_for(far[0].id) == base * FAR
                assert scene._pace_for(near[0].id) == base
                assert scene._pace_for("car1") == 1.0
                return
        human_turn(scene)
        scene.update(FRAME)
    raise AssertionError("the field never spread beyond the near rows")


def test_every_computer_move_is_driven_on_the_board_for_a_moment_and_logged(tmp_path: Path) -> None:
    scene = race_scene(tmp_path, ("human", *["careful"] * 5))
    control = scene.control
    track = scene.track
    computers = [c.id for c in control.state.cars if not control.human(c.id)]
    moved: list[tuple[str, str]] = []  # (car, space reached) of every computer move
    seen: dict[int, tuple[Drive, float]] = {}  # every drive the screen drew under way: it, the time it had run
    where = {c.id: c.space for c in control.state.cars}
    for _ in range(4000):
        human_turn(scene)
        scene.update(FRAME)
        for car in control.state.cars:
            if car.space != where[car.id] and where[car.id] is not None and car.id in computers:
                moved.append((car.id, car.space or ""))
            where[car.id] = car.space
        for drive in scene.drives.values():
            if 0.0 < drive.t:
                seen[id(drive)] = (drive, drive.t)
        if control.state.round >= 4:
            break
    assert len(moved) >= 10, "the computers hardly moved"
    for mover, space in moved:
        s = track.space(space)
        drives = [d for d, _ in seen.values() if d.car == mover and d.points[-1] == (s.x, s.y)]
        assert drives, f"{mover}'s move to {space} was never shown on the board"
    under_way = [t for d, t in seen.values() if d.car in computers]
    assert under_way and min(d.step_time * (len(d.points) - 1) for d, _ in seen.values()) >= MIN_DRIVE - 1e-9
    logged = {line.car for line in scene.log}
    assert set(computers) <= logged, "a computer's turn left no line in the log"


def test_a_long_drive_takes_the_time_of_a_drive_of_long_drive_spaces_and_a_short_one_its_own() -> None:
    assert step_time(3, 0.12) == 0.12
    assert step_time(LONG_DRIVE * 2, 0.12) * LONG_DRIVE * 2 == pytest.approx(0.12 * LONG_DRIVE)
    assert step_time(12, 0.001) * 12 == pytest.approx(MIN_DRIVE)


def test_a_check_s_die_settles_sooner_than_a_gear_die_and_a_computer_s_sooner_still() -> None:
    human, computer = 1.0, 4.0
    assert die_speed(Purpose.GEAR, human) == 1.0
    assert die_speed(Purpose.COLLISION, human) == CHECK_DIE > 1.0
    assert die_speed(Purpose.START, human) == 2.0
    assert die_speed(Purpose.COLLISION, computer) == CHECK_DIE * COMPUTER_DIE
