"""The time trial's set-up screen headless: resizing, a damaged records file, a broken track, leaving."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game import theme
from game.app.loop import Scene
from game.board.catalogue import TrackCatalogue
from game.scenes.menus.menu import MenuScene
from game.scenes.qualifying.scene import QualifyingScene
from game.scenes.qualifying.trial import TrialScene
from game.scenes.setup.lineup import SetupScene
from game.storage.laprecords import FILE
from game.texts import tr
from tests.ui.helpers import OVAL, make_app


def key(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


@pytest.mark.parametrize("scene_type", [TrialScene, SetupScene])
@pytest.mark.parametrize("smaller", [(900, 600), (300, 200), (120, 90)])
def test_the_track_picture_survives_a_smaller_window(
    tmp_path: Path, scene_type: type[Scene], smaller: tuple[int, int]
) -> None:
    app = make_app(tmp_path, (1600, 1000))
    app.push(MenuScene(app))
    app.push(scene_type(app))
    app.frame(0.02)  # the picture is scaled for the big window
    app.screen = pygame.display.set_mode(smaller)
    app.relayout()
    app.frame(0.02)  # raises if the old picture is drawn past the screen's edge
    assert app.scene.name == scene_type.name and not app.notices


def test_a_damaged_records_file_is_reported_once_and_set_aside(tmp_path: Path) -> None:
    (tmp_path / FILE).write_bytes(b"this is not a database" * 100)
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    trial = TrialScene(app)
    app.push(trial)
    app.frame(0.02)
    assert [n.key for n in app.notices] == ["notice.records_corrupt"]
    assert (tmp_path / f"{FILE}.corrupt-1").exists()
    trial.start()  # the same records: no second notice, and the lap can be driven
    assert isinstance(app.scene, QualifyingScene) and app.scene.records is trial.records
    assert [n.key for n in app.notices] == ["notice.records_corrupt"]


def broken_catalogue(tmp_path: Path) -> TrackCatalogue:
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in (
        OVAL.name,
        "circuit.tsx",
        "circuit-tiles.png",
    ):  # the oval loads whole (the chosen track is loaded ahead)
        shutil.copy(OVAL.parent / name, maps / name)
    (maps / "aaa-broken.tmx").write_text(
        '<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="10" height="10"'
        ' tilewidth="32" tileheight="32"></map>'
    )
    return TrackCatalogue(maps, tmp_path / "cache")


def test_a_broken_track_shows_its_problems_and_offers_no_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    app.tracks = broken_catalogue(tmp_path)
    app.push(MenuScene(app))
    trial = TrialScene(app)
    app.push(trial)
    trial.choose(app.tracks.entries[0])
    app.tracks.load(app.tracks.entries[0])
    drawn: list[str] = []
    real = theme.text

    def spy(surface, s, *args, **kwargs):
        drawn.append(s)
        return real(surface, s, *args, **kwargs)

    monkeypatch.setattr(theme, "text", spy)
    app.frame(0.02)
    problems = app.tracks.entries[0].problems
    assert problems and tr("setup.broken") in drawn
    assert any(line.rstrip("…") and problems[0].startswith(line.rstrip("…")) for line in drawn)
    assert "start" not in trial.status()["buttons"]
    key(trial, pygame.K_RETURN)
    assert app.scene is trial
    trial.choose(app.tracks.entries[1])  # the oval: Start is back
    app.frame(0.02)
    assert "start" in trial.status()["buttons"]


def test_the_records_close_however_the_trial_is_left(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.push(MenuScene(app))
    trial = TrialScene(app)
    app.push(trial)
    trial.start()
    lap = app.scene
    assert isinstance(lap, QualifyingScene) and not trial.records.closed
    key(lap, pygame.K_ESCAPE)  # the pause card ...
    assert "leave" in lap.status()["buttons"]
    next(b for b in lap.pause_buttons if b.id == "leave").on_click()  # ... and "leave": home
    assert isinstance(app.scene, MenuScene) and trial.records.closed
    again = TrialScene(app)
    app.push(again)
    key(again, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and again.records.closed
