"""A broken track's problems in the gallery follow the language chosen in the settings at
once: the catalogue keeps the problems, not lines made in the language of the build."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game import texts, theme
from game.board.catalogue import TrackCatalogue
from game.scenes.menus.gallery import GalleryScene
from game.scenes.menus.menu import MenuScene
from game.scenes.menus.settings import SettingsScene
from game.texts import tr
from tests.ui.helpers import make_app
from tests.ui.test_scenes import press
from tests.ui.test_trial_scene import broken_catalogue


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    texts.set_language("en")
    yield
    texts.set_language("en")


def test_the_gallery_shows_a_broken_track_s_problems_in_the_language_just_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    app.tracks = broken_catalogue(tmp_path)
    builds: list[Path] = []
    real_build = TrackCatalogue._build

    def counted(self, entry):
        builds.append(entry.path)
        return real_build(self, entry)

    monkeypatch.setattr(TrackCatalogue, "_build", counted)
    broken = app.tracks.load(app.tracks.entries[0])
    assert broken.path.name == "aaa-broken.tmx" and builds.count(broken.path) == 1
    english = broken.problems
    assert english and all("Fix:" in line for line in english)
    drawn: list[str] = []
    real_text = theme.text

    def spy(surface, s, *args, **kwargs):
        drawn.append(s)
        return real_text(surface, s, *args, **kwargs)

    monkeypatch.setattr(theme, "text", spy)
    app.push(MenuScene(app))
    gallery = GalleryScene(app)
    app.push(gallery)
    assert gallery.entry is broken
    app.frame(0.02)
    assert tr("setup.broken") in drawn and any(english[0].startswith(line.rstrip("…")) for line in drawn)

    app.push(SettingsScene(app))
    app.frame(0.02)
    press(app.scene, "language.de")
    app.frame(0.02)
    app.pop()
    assert app.scene is gallery
    drawn.clear()
    app.frame(0.02)
    german = broken.problems
    assert len(german) == len(english) and german != english
    assert all("Abhilfe:" in line and "Fix:" not in line for line in german)
    assert any(german[0].startswith(line.rstrip("…")) for line in drawn if line.rstrip("…"))
    assert tr("setup.broken") in drawn and tr("setup.broken") != texts.tr_in("en", "setup.broken")
    assert builds.count(broken.path) == 1  # shown anew, not built anew (the oval loads ahead meanwhile)
