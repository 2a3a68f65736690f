"""The set-up's list of tracks pages where the window has too few rows for every track: each
track stays one click (and a page) away, the chosen track's page shows first, and the facts
below the list keep their room (a 1024x640 window with seven circuits overlapped them)."""

from __future__ import annotations

from pathlib import Path

from game.scenes.setup.lineup import SetupScene
from game.storage.lineup import default_lineup, save_lineup
from tests.ui.helpers import make_app
from tests.ui.test_scenes import press


def shown_tracks(scene: SetupScene) -> list[str]:
    return sorted(b for b in scene.status()["buttons"] if b.startswith("track."))


def test_a_small_window_pages_the_tracks_and_every_track_can_be_chosen(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1024, 640))
    save_lineup(app.data, default_lineup().model_copy(update={"track": "oval.tmx"}))
    scene = SetupScene(app)
    app.push(scene)
    every = sorted(f"track.{e.path.stem}" for e in app.tracks.entries)
    first = shown_tracks(scene)
    assert scene.pages > 1 and "track.oval" in first  # the chosen track's page comes first
    assert "tracks.next" in scene.status()["buttons"] and "tracks.prev" in scene.status()["buttons"]
    seen = set(first)
    for _ in range(scene.pages - 1):
        press(scene, "tracks.next")
        page = shown_tracks(scene)
        assert page and not seen & set(page)  # each page shows tracks no other page shows
        seen |= set(page)
    assert sorted(seen) == every
    press(scene, "tracks.next")  # round to where it began
    assert shown_tracks(scene) == first
    press(scene, "tracks.prev")
    target = shown_tracks(scene)[0]
    press(scene, target)
    assert scene.track_file == f"{target.removeprefix('track.')}.tmx"
    buttons = [b for b in scene.widgets if b.visible and b.id.startswith(("track.", "tracks."))]
    assert max(b.rect.bottom for b in buttons) + 14 <= scene.track_area.top  # the facts begin below the list


def test_a_big_window_shows_every_track_without_pages(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1920, 1080))
    scene = SetupScene(app)
    app.push(scene)
    assert scene.pages == 1 and "tracks.next" not in scene.status()["buttons"]
    assert shown_tracks(scene) == sorted(f"track.{e.path.stem}" for e in app.tracks.entries)
