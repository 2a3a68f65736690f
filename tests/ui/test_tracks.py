"""The track catalogue: names without loading, a cache that never serves a stale track."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from game.app.loop import App
from game.board.catalogue import TrackCatalogue, build_track, cache_key, map_title
from game.play.race_control import RaceControl
from game.scenes.launch import continue_race
from game.scenes.menus.menu import MenuScene
from tests.ui.helpers import OVAL, header, open_display, oval


def test_titles_come_from_the_map_without_building_it() -> None:
    assert map_title(OVAL) == oval().name


def test_the_cache_returns_the_same_track(tmp_path: Path) -> None:
    first = build_track(OVAL, tmp_path)
    assert list(tmp_path.glob("oval-*.json"))
    again = build_track(OVAL, tmp_path)
    assert again.content_hash() == first.content_hash() == oval().content_hash()


def test_a_changed_map_gets_a_new_cache_key(tmp_path: Path) -> None:
    copy = tmp_path / "oval.tmx"
    for name in ("circuit.tsx", "circuit-tiles.png"):
        shutil.copy(OVAL.parent / name, tmp_path / name)
    shutil.copy(OVAL, copy)
    key = cache_key(copy)
    copy.write_text(copy.read_text().replace("Lindenring Oval", "Lindenring Ring"))
    assert cache_key(copy) != key
    assert build_track(copy, tmp_path / "cache").name == "Lindenring Ring"


def test_a_damaged_cache_file_is_rebuilt(tmp_path: Path) -> None:
    build_track(OVAL, tmp_path)
    cached = next(tmp_path.glob("oval-*.json"))
    cached.write_text("{")
    assert build_track(OVAL, tmp_path).content_hash() == oval().content_hash()


def test_the_catalogue_finds_a_record_track_by_hash(tmp_path: Path) -> None:
    catalogue = TrackCatalogue(OVAL.parent, tmp_path)
    entry = catalogue.by_hash(oval().content_hash(), oval().name)
    assert entry is not None and entry.path == OVAL
    assert catalogue.by_hash("0" * 64, "nowhere") is None


def test_pick_keeps_a_known_track_and_falls_back_to_the_first(tmp_path: Path) -> None:
    catalogue = TrackCatalogue(OVAL.parent, tmp_path)
    first = catalogue.entries[0].path.name
    assert catalogue.pick("oval.tmx") == "oval.tmx"
    assert catalogue.pick("gone.tmx") == first != "gone.tmx"
    assert TrackCatalogue(tmp_path / "empty", tmp_path).pick("oval.tmx") == ""


def test_a_folder_or_dangling_link_named_tmx_is_a_named_problem_and_the_other_tracks_load(tmp_path: Path) -> None:
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("oval.tmx", "circuit.tsx", "circuit-tiles.png"):
        shutil.copy(OVAL.parent / name, maps / name)
    (maps / "aaa.tmx").mkdir()
    (maps / "abc.tmx").symlink_to(maps / "gone.tmx")
    catalogue = TrackCatalogue(maps, tmp_path / "cache")
    assert [e.title for e in catalogue.entries] == ["aaa", "abc", oval().name]
    catalogue.preload()  # the thread goes past the broken files to the oval
    deadline = time.monotonic() + 60
    while not catalogue.entries[2].loaded and time.monotonic() < deadline:
        time.sleep(0.05)
    assert catalogue.entries[2].track is not None, "the preloader stopped at a broken file"
    folder, link = catalogue.entries[0], catalogue.entries[1]
    assert folder.loaded and folder.track is None and str(maps / "aaa.tmx") in folder.problems[0]
    assert link.track is None and str(maps / "abc.tmx") in link.problems[0]
    # Continue looks the save's track up by hash through every entry, broken ones included
    app = App(tmp_path / "data", maps)
    app.tracks = catalogue
    app.screen = open_display()
    app.push(MenuScene(app))
    RaceControl.start(oval(), header(), app.saves)
    assert continue_race(app) and app.scene.name == "race"
