"""The race screen, headless: what it highlights, where clicks land, the banner, keys, a whole race."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.menus.menu import MenuScene
from game.scenes.race import drawing as race_scene_module
from game.scenes.race.scene import RaceScene
from rules.engine import moves
from tests.ui.helpers import active_car, active_id, board_of, header, make_app, screen_of, track_of


def click(scene: RaceScene, pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))


def key(scene: RaceScene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def settle(scene: RaceScene, limit: int = 400) -> None:
    """Run frames until the screen waits for a human (or the race is over)."""
    for _ in range(limit):
        scene.update(1.0)
        if not scene.queue and scene.control.wait() in (
            Wait.GEAR,
            Wait.ROLL,
            Wait.MOVE,
            Wait.SETUP,
            Wait.PIT,
            Wait.DONE,
        ):
            scene.update(0.0)
            return
    raise AssertionError("the race screen never waited for a player")


@pytest.fixture
def scene(tmp_path: Path):
    app = make_app(tmp_path)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = app.tracks.get("oval.tmx")
    control = RaceControl.start(track_of(entry), header(), app.saves)
    s = RaceScene(app, control, BoardView(board_of(entry)))
    app.push(s)
    return s


def to_move(scene: RaceScene) -> None:
    """Play (by keys) until the human to move must pick a destination."""
    for _ in range(50):
        settle(scene)
        if scene.banner:
            key(scene, pygame.K_RETURN)
            continue
        w = scene.control.wait()
        if w == Wait.MOVE:
            return
        if w == Wait.GEAR:
            key(scene, pygame.K_0 + max(g for g, o in scene.control.odds().items()))
        elif w == Wait.ROLL:
            key(scene, pygame.K_SPACE)
    raise AssertionError("never came to a move")


def test_the_banner_names_the_human_whose_turn_it_is_and_a_click_starts_it(scene: RaceScene) -> None:
    settle(scene)
    assert scene.banner == scene.control.state.active
    key(scene, pygame.K_3)  # the banner takes the input, no gear is chosen
    assert scene.control.wait() == Wait.GEAR and scene.banner
    click(scene, (400, 400))
    assert scene.banner is None


def test_the_board_keys_work_behind_the_turn_card(scene: RaceScene) -> None:
    """The turn card swallowed F and the other keys that only look at the board."""
    settle(scene)
    assert scene.banner
    zoom, follow = scene.view.camera.zoom, scene.follow
    key(scene, pygame.K_MINUS)
    key(scene, pygame.K_c)
    assert scene.view.camera.zoom < zoom and scene.follow != follow and scene.banner
    key(scene, pygame.K_f)
    assert scene.banner and scene.control.wait() == Wait.GEAR


def test_highlighted_spaces_are_exactly_the_engines_legal_destinations(scene: RaceScene, monkeypatch) -> None:
    drawn: list[set[str]] = []
    monkeypatch.setattr(
        race_scene_module,
        "draw_destinations",
        lambda screen, layer, view, destinations, hover, pulse: drawn.append(set(destinations)),
    )
    for _ in range(6):
        to_move(scene)
        scene.draw(screen_of(scene.app))
        state = scene.control.state
        here = active_car(state).space
        assert drawn[-1] == {m.end or here for m in moves(scene.control.track, state)}
        target = max(scene.control.moves(), key=lambda m: (m.out is None, len(m.path)))
        scene.drive(target)


@pytest.mark.parametrize("zoom", [0.2, 0.45, 1.0, 2.2, 4.0])
def test_every_space_on_screen_is_hit_by_a_click_on_its_centre(scene: RaceScene, zoom: float) -> None:
    view = scene.view
    view.camera.zoom = zoom
    track = scene.control.track
    checked = 0
    for anchor in track.spaces[:: max(1, len(track.spaces) // 12)]:
        view.centre_on((anchor.x, anchor.y))
        for s in track.spaces:
            pos = view.to_screen((s.x, s.y))
            if view.viewport.collidepoint(pos):
                assert view.space_at((round(pos[0]), round(pos[1]))) == s.name
                checked += 1
    assert checked


@pytest.mark.parametrize("zoom", [0.3, 1.0, 3.0])
def test_a_click_on_a_highlighted_space_drives_the_car_there(scene: RaceScene, zoom: float) -> None:
    to_move(scene)
    state = scene.control.state
    car = active_id(state)
    target = max(scene.control.destinations(), key=lambda n: len(scene.control.destinations()[n][0].path))
    s = scene.control.track.space(target)
    scene.view.camera.zoom = zoom
    scene.view.centre_on((s.x, s.y))
    click(scene, scene.view.to_screen((s.x, s.y)))
    if scene.menu is not None:
        item = scene.menu.item_rect(0).center
        click(scene, item)
    assert scene.control.state.car(car).space == target


def test_a_click_on_an_unreachable_space_says_why(scene: RaceScene) -> None:
    to_move(scene)
    here = active_car(scene.control.state).space
    assert here is not None
    behind_name = scene.control.track.behind(here)
    assert behind_name is not None
    behind = scene.control.track.space(behind_name)
    scene.view.centre_on((behind.x, behind.y))
    click(scene, scene.view.to_screen((behind.x, behind.y)))
    assert scene.message is not None and behind.name in scene.message[0]
    assert scene.control.wait() == Wait.MOVE


def test_keys_choose_the_gear_roll_and_undo(scene: RaceScene) -> None:
    settle(scene)
    key(scene, pygame.K_RETURN)  # the banner
    active = active_id(scene.control.state)
    key(scene, pygame.K_4)  # not allowed from gear 0: the reason is shown, nothing changes
    assert scene.control.wait() == Wait.GEAR
    assert scene.message is not None and "gear 1" in scene.message[0]
    key(scene, pygame.K_1)
    settle(scene)
    assert scene.control.wait() == Wait.ROLL and scene.control.state.car(active).gear == 1
    key(scene, pygame.K_BACKSPACE)
    assert scene.control.wait() == Wait.GEAR and scene.control.state.car(active).gear == 0
    key(scene, pygame.K_1)
    settle(scene)
    key(scene, pygame.K_SPACE)
    settle(scene)
    assert scene.control.wait() == Wait.MOVE and scene.tray.throw is not None
    assert scene.tray.throw.value == scene.control.state.roll


def test_a_whole_race_through_the_screen_ends_on_the_results(scene: RaceScene) -> None:
    app = scene.app
    for _ in range(800):
        if app.scene.name == "results":
            break
        settle(scene)
        status = scene.status()
        if status["banner"]:
            key(scene, pygame.K_RETURN)
        elif status["wait"] == "gear":
            legal = [int(g) for g, v in status["gears"].items() if v["legal"] and v["out"] == 0]
            key(scene, pygame.K_0 + (max(legal) if legal else 1))
        elif status["wait"] == "roll":
            key(scene, pygame.K_SPACE)
        elif status["wait"] == "move":
            if scene.menu is not None:
                click(scene, scene.menu.item_rect(0).center)
            elif not status["targets"]:
                key(scene, pygame.K_f)
            else:
                t = max(status["targets"], key=lambda t: (not t["out"], t["steps"]))
                click(scene, (t["x"], t["y"]))
        elif status["wait"] == "done":
            scene.update(10.0)
        scene.draw(screen_of(app))
    assert app.scene.name == "results"
    assert not app.saves.exists()
    app.scene.draw(screen_of(app))


def test_an_illegal_gear_shows_the_engines_reason_on_hover(scene: RaceScene) -> None:
    settle(scene)
    key(scene, pygame.K_RETURN)
    scene.draw(screen_of(scene.app))
    lines = scene.hint_at(scene.gearbox.slot(3))
    assert lines == ["From neutral (N) a car may only engage gear 1, not gear 3."]
    legal = scene.hint_at(scene.gearbox.slot(1))
    assert legal[0] == "gear 1 die: 1–2"


@pytest.mark.parametrize("size", [(1000, 700), (1600, 1000)])
def test_the_race_screen_follows_the_window_size(scene: RaceScene, size: tuple[int, int]) -> None:
    to_move(scene)
    app = scene.app
    app.screen = pygame.display.set_mode(size)
    app.relayout()
    app.frame(0.016)
    assert scene.view.viewport.right == scene.panel.left == size[0] - 400
    assert scene.gearbox.rect.bottom <= size[1]
    for t in scene.status()["targets"]:
        assert scene.view.viewport.collidepoint(t["x"], t["y"])
