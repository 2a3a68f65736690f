"""No destination a player is offered lies under a panel: races on the shipped tracks, in the
smallest and a large window, checked at every human decision with ``tests/ui/covered.py``.

At a move the camera frames the car and every destination clear of the running order, the log
and the dice; at a gear choice the corner ahead (and its plate, CORNER-1) too. Every destination
the screen reports clickable is clicked where it says, and the race goes on by those clicks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.board.framing import frame_points
from game.board.view import BoardView
from game.play.race_control import RaceControl, Wait
from game.scenes.menus.menu import MenuScene
from game.scenes.race.scene import RaceScene
from game.storage.lineup import COLOURS
from rules.files.record import Entry, Header
from rules.ruleset import PRESETS
from tests.ui.covered import Covered, covered_targets, drawn_over_board
from tests.ui.helpers import board_of, catalogue, make_app, track_of
from tests.ui.test_race_scene import click, key

SIZES = [(1024, 640), (1920, 1080)]
TRACKS = ["oval.tmx", "hohenau.tmx", "brueckenau.tmx", "hafenstadt.tmx"]


def race_header(track_file: str, preset: str = "fd-basic", humans: int = 4, n: int = 10, seed: int = 5) -> Header:
    """``humans`` people and Rookies up to ``n`` cars, one lap of ``track_file``."""
    track = track_of(catalogue().get(track_file))
    rules = PRESETS[preset].model_copy(update={"grid": "roll"})
    entries = tuple(
        Entry(
            id=f"car{i + 1}",
            name=f"Driver {i + 1}",
            driver="human" if i < humans else "rookie",
            colour=COLOURS[i],
            number=i + 1,
            wear=rules.default_wear,
        )
        for i in range(n)
    )
    return Header(
        track_name=track.name, track_hash=track.content_hash(), rules=rules, laps=1, seed=seed, entries=entries
    )


def open_race(tmp: Path, control: RaceControl, track_file: str, size: tuple[int, int]) -> RaceScene:
    """The race screen in a window of ``size``: fast, mute, on the menu as a race opened from it."""
    app = make_app(tmp, size)
    app.change_settings(app.settings.model_copy(update={"animation_speed": 5, "mute": True}))
    app.push(MenuScene(app))
    scene = RaceScene(app, control, BoardView(board_of(catalogue().get(track_file))))
    app.push(scene)
    return scene


def settle(scene: RaceScene, limit: int = 600) -> None:
    """Frames until a human decides (or the race is over) and the camera has come to rest."""
    for _ in range(limit):
        scene.update(1.0)
        waiting = scene.control.wait() in (Wait.GEAR, Wait.ROLL, Wait.MOVE, Wait.SETUP, Wait.PIT, Wait.DONE)
        if not scene.queue and waiting and not scene.view.gliding:
            scene.update(0.0)
            return
    raise AssertionError("the race screen never came to rest at a decision")


def clear_of(panels: list[pygame.Rect], scene: RaceScene, point: tuple[float, float]) -> bool:
    x, y = scene.view.to_screen(point)
    return scene.view.viewport.collidepoint(x, y) and not any(p.collidepoint(x, y) for p in panels)


def framed(scene: RaceScene) -> list[tuple[float, float]]:
    """The map points of this decision that must show: car, destinations, corner ahead."""
    state = scene.control.state
    destinations = list(scene.control.destinations())
    return frame_points(scene.track, scene.view.board.corner_boxes, state, state.active or "", destinations)


def click_a_target(scene: RaceScene) -> None:
    """Click the furthest safe destination the screen reports, where it reports it."""
    destinations = scene.control.destinations()
    targets = scene.status()["targets"]

    def rank(t: dict[str, Any]) -> tuple[bool, int, int]:
        moves = destinations[t["space"]]
        return (not t["out"], -t["cost"], max(len(m.path) for m in moves))

    target = max(targets, key=rank)
    before = scene.control.state
    click(scene, (target["x"], target["y"]))
    if scene.menu is not None:  # several ways there: the first
        click(scene, scene.status()["menu"][0])
    assert scene.control.state is not before, target


def to_move(scene: RaceScene) -> None:
    """Play by keys (the highest gear) until the human must pick a destination."""
    for _ in range(50):
        settle(scene)
        w = scene.control.wait()
        if scene.banner:
            key(scene, pygame.K_RETURN)
        elif w == Wait.MOVE:
            return
        elif w == Wait.GEAR:
            key(scene, pygame.K_0 + max(scene.control.odds()))
        elif w == Wait.ROLL:
            key(scene, pygame.K_SPACE)
    raise AssertionError("never came to a move")


def play_and_check(scene: RaceScene, decisions: int) -> tuple[int, int]:
    """Play ``decisions`` human moves by clicks, checking each gear choice and move; returns
    how many gear choices and moves were checked."""
    gears = moves = 0
    while moves < decisions:
        settle(scene)
        w = scene.control.wait()
        if scene.banner:
            key(scene, pygame.K_RETURN)
        elif w == Wait.DONE:
            break
        elif w == Wait.GEAR:
            panels = drawn_over_board(scene)
            hidden = [p for p in framed(scene) if not clear_of(panels, scene, p)]
            assert not hidden, f"at the gear choice of {scene.control.state.active}: {hidden} under a panel"
            gears += 1
            odds = scene.control.odds()
            safe = [g for g in odds if odds[g].out == 0]
            key(scene, pygame.K_0 + (max(safe) if safe else min(odds)))
        elif w == Wait.ROLL:
            key(scene, pygame.K_SPACE)
        elif w == Wait.MOVE:
            assert covered_targets(scene) == []
            reported = {t["space"] for t in scene.status()["targets"]}
            assert reported == set(scene.control.destinations())  # the camera brought every one into view
            moves += 1
            if scene.control.optional():
                key(scene, pygame.K_RETURN)
            else:
                click_a_target(scene)
        else:
            raise AssertionError(f"unexpected wait {w}")
    return gears, moves


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("track", TRACKS)
def test_every_reported_destination_can_be_clicked_where_it_is_reported(
    tmp_path: Path, track: str, size: tuple[int, int]
) -> None:
    control = RaceControl.start(track_of(catalogue().get(track)), race_header(track))
    scene = open_race(tmp_path, control, track, size)
    gears, moves = play_and_check(scene, 24)
    assert gears >= 24 and moves == 24


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_street_race_on_brueckenau_with_every_panel_folded_or_open(tmp_path: Path, size: tuple[int, int]) -> None:
    """The street circuit with its rules (zones, nitro): open panels, then all folded by their keys."""
    control = RaceControl.start(track_of(catalogue().get("brueckenau.tmx")), race_header("brueckenau.tmx", "street"))
    scene = open_race(tmp_path, control, "brueckenau.tmx", size)
    play_and_check(scene, 5)
    for k in (pygame.K_F2, pygame.K_F3, pygame.K_F4):
        key(scene, k)
    assert all(scene.panels.folded(name) for name in ("order", "log", "dice"))
    play_and_check(scene, 5)


def test_the_check_names_a_destination_the_screen_reports_under_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check itself: a screen that reports every destination, wherever it lies (as the race
    screen did when a soft-tyre bonus space lay under the log), is caught."""
    control = RaceControl.start(track_of(catalogue().get("oval.tmx")), race_header("oval.tmx", humans=1))
    scene = open_race(tmp_path, control, "oval.tmx", (1024, 640))
    to_move(scene)
    space = max(scene.control.destinations(), key=lambda n: scene.track.space(n).row)
    s = scene.track.space(space)
    scene.view.place((s.x, s.y), scene.log_rect.center)
    assert covered_targets(scene) == []  # the screen does not report it: it cannot be clicked
    monkeypatch.setattr(scene.input, "clickable", lambda covers=None: scene.control.destinations())
    found = covered_targets(scene)
    assert Covered(space, scene.input.target_point(space), f"under the panel {tuple(scene.log_rect)}") in found  # noqa: SLF001
