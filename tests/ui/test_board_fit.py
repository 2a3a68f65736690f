"""Fit (F) shows the whole track where no panel covers it, and destinations stay clickable
however far the board is zoomed out."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.board.view import HIT, BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from tests.ui.helpers import active_id, board_of, catalogue, make_app, track_of
from tests.ui.test_layout import race_header
from tests.ui.test_race_scene import click, key, to_move


def race_scene(tmp: Path, size: tuple[int, int], track: str = "oval.tmx", humans: int = 1) -> RaceScene:
    app = make_app(tmp, size)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = catalogue().get(track)
    header = race_header("fd-basic", humans=humans).model_copy(
        update={"track_name": track_of(entry).name, "track_hash": track_of(entry).content_hash()}
    )
    scene = RaceScene(app, RaceControl.start(track_of(entry), header), BoardView(board_of(entry)))
    app.push(scene)
    return scene


def covered(scene: RaceScene) -> list[pygame.Rect]:
    """The panels over the board: the running order, the log, the dice, the hint."""
    standings = pygame.Rect(12, 62, 236, 34 + 22 * len(scene.control.state.cars))
    return [standings, scene.log_rect, scene.tray_rect, scene.hint_rect, scene.buttons["end"].rect]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("track", ["oval.tmx", "hohenau.tmx", "hafenstadt.tmx", "brueckenau.tmx"])
def test_fit_shows_every_space_of_the_track_where_no_panel_covers_it(
    tmp_path: Path, size: tuple[int, int], track: str
) -> None:
    scene = race_scene(tmp_path, size, track)
    key(scene, pygame.K_f)
    view = scene.view
    panels = covered(scene)
    for space in scene.track.spaces:
        for x, y in view.polygon(space.name):
            assert view.viewport.collidepoint(x, y), space.name
            assert not any(p.collidepoint(x, y) for p in panels), space.name
    lane_px = view.board.lane_width * view.scale
    assert lane_px > 4  # the fit uses the room it has: the track is not a speck


def test_destinations_stay_clickable_when_the_board_is_zoomed_out(tmp_path: Path) -> None:
    scene = race_scene(tmp_path, (1280, 800), humans=1)
    to_move(scene)
    view = scene.view
    view.camera.zoom = view.camera.min_zoom
    here = scene.track.space(scene.here())  # noqa: SLF001
    view.centre_on((here.x, here.y))
    assert view.board.lane_width * view.scale < HIT / 2  # drawn far smaller than a finger's worth
    destinations = scene.control.destinations()
    centres = {d: view.to_screen((scene.track.space(d).x, scene.track.space(d).y)) for d in destinations}
    for _name, (cx, cy) in centres.items():
        for dx, dy in ((0, 0), (HIT // 2 - 1, 0), (0, -(HIT // 2 - 1)), (-(HIT // 2 - 2), HIT // 2 - 2)):
            pos = (round(cx + dx), round(cy + dy))
            near = min(
                (d for d, (x, y) in centres.items() if abs(x - pos[0]) <= HIT / 2 and abs(y - pos[1]) <= HIT / 2),
                key=lambda d: (centres[d][0] - pos[0]) ** 2 + (centres[d][1] - pos[1]) ** 2,
            )
            exact = view.space_at(pos)
            assert view.target_at(pos, destinations) == (exact if exact in destinations else near)
    target = next(d for d in destinations if len(destinations[d]) == 1)  # one way there: a click drives it
    cx, cy = centres[target]
    beside = next(
        p
        for p in ((round(cx + dx), round(cy + dy)) for dx in range(-13, 14) for dy in range(-13, 14))
        if view.space_at(p) != target and view.target_at(p, destinations) == target
    )
    car = active_id(scene.control.state)
    click(scene, beside)  # off the tiny space, inside its hit area
    assert scene.control.state.car(car).space == target


def test_a_click_far_from_every_destination_drives_nowhere(tmp_path: Path) -> None:
    scene = race_scene(tmp_path, (1280, 800), humans=1)
    to_move(scene)
    view = scene.view
    view.camera.zoom = view.camera.min_zoom
    before = scene.control.state
    corner = (view.viewport.left + view.viewport.width - 20, view.viewport.top + 20)
    assert view.target_at(corner, scene.control.destinations()) is None
    click(scene, corner)
    assert scene.control.state is before and scene.control.wait() == Wait.MOVE


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_destinations_after_a_roll_show_where_no_panel_covers_them(tmp_path: Path, size: tuple[int, int]) -> None:
    """The camera glides so the car and every space it may reach lie clear of the running order,
    the log and the dice (a pit-lane destination once hid under the log)."""
    scene = race_scene(tmp_path, size, "hohenau.tmx", humans=10)
    panels = covered(scene)
    for _ in range(6):  # a few turns, each with its own destinations
        to_move(scene)
        for _ in range(200):
            scene.update(0.05)
        view = scene.view
        for name in [scene.here(), *scene.control.destinations()]:  # noqa: SLF001
            x, y = view.to_screen((scene.track.space(name).x, scene.track.space(name).y))
            assert view.viewport.collidepoint(x, y) and not any(p.collidepoint(x, y) for p in panels), name
        move = max(scene.control.moves(), key=lambda m: (m.out is None, len(m.path)))
        scene.drive(move)
        for _ in range(400):
            scene.update(0.05)
            if scene.idle:
                break
