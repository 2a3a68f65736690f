"""The panels over the race board never hide what the player must click or read.

Each case starts from a camera that left the thing under a panel, as players met it: a soft-tyre
bonus space under the race log (TYRE-3), pit-lane destinations under the running order, a
corner's plate (CORNER-1) under the running order or the "Full log" button, the street
circuit's next zone (STREET-5, STREET-6) under the log. The panels fold by a click on their
handle or a key, for the whole session; a click on a panel never reaches the board.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game import texts
from game.board.framing import frame_points
from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.storage.keys import KeyMap
from game.texts import tr
from rules.actions import ChooseGear, Roll
from rules.ruleset import PRESETS
from rules.state import RaceState
from rules.tables.tyres import Tyre
from rules.track import Track
from tests.rules.fixtures import act, at_pit_entry, car, corner_stop, position
from tests.ui.covered import covered_targets, drawn_over_board
from tests.ui.helpers import board_of, catalogue, make_app, track_of
from tests.ui.layout import problems
from tests.ui.modules_helpers import control_at
from tests.ui.test_layout import race as layout_race
from tests.ui.test_layout import record_frame
from tests.ui.test_race_scene import click, key

SMALL = (1024, 640)


def control_on(track: Track, state: RaceState) -> RaceControl:
    """A race control (no saves) standing at ``state``: ``m`` is human, the others Rookies."""
    return control_at(state, track, "rookie")


def open_at(tmp: Path, state: RaceState, track_file: str = "oval.tmx", size: tuple[int, int] = SMALL) -> RaceScene:
    """The race screen at ``state``, laid out but not yet updated: the camera as the layout left it."""
    app = make_app(tmp, size)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    entry = catalogue().get(track_file)
    scene = RaceScene(app, control_on(track_of(entry), state), BoardView(board_of(entry)))
    app.push(scene)
    return scene


def settle(scene: RaceScene) -> None:
    for _ in range(100):
        scene.update(1.0)
        if not scene.queue and not scene.view.gliding:
            break
    scene.app.frame(0.0)


def hide_under(scene: RaceScene, space: str, panel: pygame.Rect) -> None:
    """Move the camera so ``space`` shows in the middle of ``panel``."""
    s = scene.track.space(space)
    scene.view.place((s.x, s.y), panel.center)


def clear(scene: RaceScene, world: tuple[float, float]) -> bool:
    """Does a map point show on the board, under no panel the frame drew?"""
    x, y = scene.view.to_screen(world)
    return scene.view.viewport.collidepoint(x, y) and not any(p.collidepoint(x, y) for p in drawn_over_board(scene))


def target(scene: RaceScene, space: str) -> dict[str, Any] | None:
    return next((t for t in scene.status().get("targets", []) if t["space"] == space), None)


def bonus_scene(tmp: Path) -> RaceScene:
    """m stopped on B44 in the Seekurve on fresh soft tyres: the bonus space B45 is offered (TYRE-3)."""
    state, _ = corner_stop("sun", Tyre.SOFT)
    scene = open_at(tmp, state)
    assert scene.control.wait() == Wait.MOVE and scene.control.offer() == ("bonus",)
    assert "B45" in scene.control.destinations()
    return scene


@pytest.mark.rules("TYRE-3")
def test_TYRE_3_a_bonus_space_under_the_log_is_brought_into_view_and_a_click_takes_it(tmp_path: Path) -> None:
    scene = bonus_scene(tmp_path)
    hide_under(scene, "B45", scene.log_rect)
    settle(scene)
    spot = target(scene, "B45")
    assert spot is not None and covered_targets(scene) == []
    assert not scene.log_rect.collidepoint(spot["x"], spot["y"])
    click(scene, (spot["x"], spot["y"]))
    assert scene.control.state.car("m").space == "B45"


@pytest.mark.rules("TYRE-3")
def test_TYRE_3_a_bonus_space_left_under_the_log_is_not_offered_until_the_log_folds(tmp_path: Path) -> None:
    """Following off, the camera stays: the space under the log is not reported and a click on
    the log there does not drive; folded (F3), the space shows and a click takes it."""
    scene = bonus_scene(tmp_path)
    scene.toggle_follow()
    hide_under(scene, "B45", scene.log_rect)
    settle(scene)
    assert target(scene, "B45") is None and covered_targets(scene) == []
    state = scene.control.state
    x, y = scene.view.to_screen((scene.track.space("B45").x, scene.track.space("B45").y))
    click(scene, (x, y))
    assert scene.control.state is state and scene.message is None  # the log took the click
    key(scene, pygame.K_F3)
    settle(scene)
    spot = target(scene, "B45")
    assert spot is not None and covered_targets(scene) == []
    click(scene, (spot["x"], spot["y"]))
    assert scene.control.state.car("m").space == "B45"


@pytest.mark.rules("PIT-B-1")
def test_PIT_B_1_pit_lane_destinations_under_the_running_order_are_brought_into_view(tmp_path: Path) -> None:
    state, _ = act(at_pit_entry(), ChooseGear(gear=3), Roll(value=8))
    scene = open_at(tmp_path, state)
    pit = [n for n in scene.control.destinations() if scene.track.space(n).in_pit]
    assert pit
    hide_under(scene, pit[0], scene.standings_rect)
    settle(scene)
    assert covered_targets(scene) == []
    assert {t["space"] for t in scene.status()["targets"]} == set(scene.control.destinations())
    spot = target(scene, pit[0])
    assert spot is not None
    click(scene, (spot["x"], spot["y"]))
    if scene.menu is not None:
        click(scene, scene.status()["menu"][0])
    assert scene.control.state.car("m").space == pit[0]


def seekurve_ahead() -> RaceState:
    """m on B33 in 4th gear chooses its next gear; the Seekurve (its plate) lies ahead."""
    return position([car("m", "B33", gear=4), car("f", "A5")], "m", rules=PRESETS["fd-basic"])


def plate(scene: RaceScene, corner: int) -> list[tuple[float, float]]:
    x, y, w, h = scene.view.board.corner_boxes[corner]
    return [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]


@pytest.mark.rules("CORNER-1")
@pytest.mark.parametrize("where", ["running order", "full log button"])
def test_CORNER_1_the_plate_of_the_corner_ahead_shows_at_the_gear_choice(tmp_path: Path, where: str) -> None:
    scene = open_at(tmp_path, seekurve_ahead())
    corner = scene.track.next_corner("B33")
    assert corner is not None and scene.control.wait() == Wait.GEAR
    x, y, w, h = scene.view.board.corner_boxes[corner.index]
    panel = scene.standings_rect if where == "running order" else scene.buttons["log"].rect
    scene.view.place((x + w / 2, y + h / 2), panel.center)
    settle(scene)
    assert all(clear(scene, p) for p in plate(scene, corner.index))
    assert all(clear(scene, (scene.track.space(n).x, scene.track.space(n).y)) for n in corner.spaces)


def street_before_the_danger_zone() -> tuple[Track, RaceState, tuple[str, ...]]:
    track = track_of(catalogue().get("brueckenau.tmx"))
    assert track is not None
    zone = next(z for z in track.zones if z.kind == "danger")
    first = min(track.space(n).row for n in zone.spaces)
    start = next(s.name for s in track.spaces if s.row == first - 5 and s.lane == 0)
    state = position([car("m", start, gear=3), car("f", track.grid[0])], "m", track=track, rules=PRESETS["street"])
    return track, state, zone.spaces


@pytest.mark.rules("STREET-6")
@pytest.mark.parametrize("under", ["log", "dice"])
@pytest.mark.parametrize("size", [SMALL, (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_STREET_6_the_next_zone_of_the_street_circuit_shows_at_the_gear_choice(
    tmp_path: Path, size: tuple[int, int], under: str
) -> None:
    track, state, zone = street_before_the_danger_zone()
    scene = open_at(tmp_path, state, "brueckenau.tmx", size)
    assert scene.control.wait() == Wait.GEAR
    scene.tray.start(state.rules.gear_dice.die(3), 7, "", 1.0)  # the last roll still on the tray
    scene.tray.settle()
    hide_under(scene, zone[0], scene.log_rect if under == "log" else scene.tray_rect)
    settle(scene)
    assert all(clear(scene, (track.space(n).x, track.space(n).y)) for n in zone)


def test_a_camera_the_player_moved_stays_for_the_turn_and_frames_again_on_the_next(tmp_path: Path) -> None:
    scene = bonus_scene(tmp_path)
    view = scene.view
    hide_under(scene, "B45", scene.log_rect)
    start = pygame.Vector2(view.viewport.center)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(start), button=1))
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(start + (0, 40)), rel=(0, 40), buttons=(1, 0, 0)))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(start + (0, 40)), button=1))
    shot = (view.camera.zoom, view.camera.offset)
    settle(scene)
    assert (view.camera.zoom, view.camera.offset) == shot  # the player's camera, for this turn
    assert covered_targets(scene) == []  # and what it hides is not offered
    key(scene, pygame.K_RETURN)  # end the move: no bonus
    for _ in range(200):  # the computer's turn, then m's next
        settle(scene)
        if scene.control.wait() == Wait.GEAR and scene.control.state.active == "m":
            break
        if scene.control.wait() == Wait.ROLL:
            key(scene, pygame.K_SPACE)
    assert scene.control.state.active == "m" and scene.control.wait() == Wait.GEAR
    assert not view.by_hand  # framed again: the car and the corner ahead show
    state = scene.control.state
    points = frame_points(scene.track, view.board.corner_boxes, state, "m", [])
    assert points and all(clear(scene, p) for p in points)


def test_a_panel_folds_by_its_handle_and_its_key_and_stays_folded_for_the_session(tmp_path: Path) -> None:
    scene = bonus_scene(tmp_path)
    settle(scene)
    handle = scene.panels.handles["log"]
    assert scene.status()["buttons"]["fold.log"] == list(handle.rect.center)
    assert tr("panel.fold.log", keys="F3") in scene.hint_at(handle.rect.center)
    tall = scene.log_rect.height
    click(scene, handle.rect.center)
    assert scene.panels.folded("log") and scene.log_rect.height < tall
    assert tr("panel.unfold.log", keys="F3") in scene.hint_at(scene.panels.handles["log"].rect.center)
    key(scene, pygame.K_F4)  # the dice folded: the camera may show the board where the tray's top was
    spot = (scene.tray_full.centerx, scene.tray_full.top + 10)
    assert any(free.collidepoint(spot) for free in scene.view.free)
    key(scene, pygame.K_F4)
    assert not any(free.collidepoint(spot) for free in scene.view.free)
    key(scene, pygame.K_F2)
    order = scene.standings_rect.height
    assert scene.panels.folded("order") and order < 40
    app = scene.app
    again = RaceScene(app, scene.control, BoardView(scene.view.board))  # the next race of the session
    app.replace(again)
    assert again.panels.folded("log") and again.panels.folded("order") and not again.panels.folded("dice")
    assert again.log_rect.height < tall and again.standings_rect.height == order
    key(again, pygame.K_F3)
    assert not again.panels.folded("log") and again.log_rect.height == tall


def test_a_click_on_a_panel_never_reaches_the_board(tmp_path: Path) -> None:
    """Following off, a destination left under the running order: a click there is the panel's."""
    state, _ = act(at_pit_entry(), ChooseGear(gear=3), Roll(value=8))
    scene = open_at(tmp_path, state)
    scene.toggle_follow()
    space = next(iter(scene.control.destinations()))
    for panel in (scene.standings_rect, scene.hint_rect, scene.log_rect):
        hide_under(scene, space, panel)
        settle(scene)
        before = scene.control.state
        click(scene, panel.center)
        assert scene.control.state is before and scene.menu is None and scene.message is None
        assert scene.input.pointed(panel.center) is None


@pytest.mark.parametrize("language", texts.LANGUAGES)
@pytest.mark.parametrize("size", [SMALL, (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_folded_panels_fit_their_tabs_in_every_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, size: tuple[int, int]
) -> None:
    """The running order, the log and the dice folded: each tab holds its title (and the dice's
    value, the full log's button) whole, beside its handle, in every language."""
    texts.set_language(language)
    try:
        app = make_app(tmp_path, size)
        app.change_settings(app.settings.model_copy(update={"language": language, "mute": True}))
        app.push(MenuScene(app))
        scene = layout_race(app)
        for k in (pygame.K_F2, pygame.K_F3, pygame.K_F4):
            key(scene, k)
        scene.tray.start(scene.control.state.rules.gear_dice.die(4), 12, "", 1.0)
        scene.tray.settle()
        found = problems(record_frame(app, monkeypatch))
        assert not found, "\n".join(found)
        handles = [h.rect for h in scene.panels.handles.values() if h.visible]
        assert len(handles) == 3
        for tab in (scene.standings_rect, scene.log_rect, scene.tray_rect):
            assert tab.height < 40 and sum(tab.contains(h) for h in handles) == 1
        assert scene.buttons["log"].rect.right <= scene.panels.handles["log"].rect.left
    finally:
        texts.set_language("en")


def test_a_panel_s_key_is_remapped_in_the_key_map_and_its_handle_names_the_new_key(tmp_path: Path) -> None:
    scene = bonus_scene(tmp_path)
    scene.app.keys = KeyMap(keys={"race.fold_log": "f7"})
    key(scene, pygame.K_F3)
    assert not scene.panels.folded("log")
    key(scene, pygame.K_F7)
    assert scene.panels.folded("log")
    assert "F7" in scene.panels.handles["log"].hint()[0]
