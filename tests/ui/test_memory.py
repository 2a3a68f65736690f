"""What the game holds with many tracks (memory): small track pictures made when shown
and kept on disk, one laid-out board at a time, a race with only its own board."""

from __future__ import annotations

import gc
import shutil
import time
from pathlib import Path

import pygame
import pytest

import game.board.catalogue as catalogue_module
from game.board import preview
from game.board.catalogue import TrackCatalogue
from game.board.render import BoardRenderer
from game.scenes.launch import start_race
from game.scenes.menus.gallery import GalleryScene
from game.scenes.menus.menu import MenuScene
from game.scenes.setup.lineup import SetupScene
from game.storage.lineup import COLOURS, NAMES, Driver, Lineup
from game.storage.paths import MAPS, MAPS_ENV, maps_dir
from tests.ui.helpers import make_app

SIZE = (1280, 800)


def maps_with_copies(folder: Path) -> Path:
    """The oval, a copy with its designer's picture and one without (an imported board)."""
    folder.mkdir()
    for name in ("oval.tmx", "oval-preview.png", "circuit.tsx", "circuit-tiles.png"):
        shutil.copy(MAPS / name, folder / name)
    shutil.copy(MAPS / "oval.tmx", folder / "oval-b.tmx")
    shutil.copy(MAPS / "oval-preview.png", folder / "oval-b-preview.png")
    shutil.copy(MAPS / "oval.tmx", folder / "oval-c.tmx")
    return folder


def loaded(app) -> None:
    """Every track loaded and no board still being laid out ahead."""
    for entry in app.tracks.entries:
        app.tracks.load(entry)
    deadline = time.monotonic() + 60
    while app.tracks.preparing() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not app.tracks.preparing()


def live_boards(app) -> list[BoardRenderer]:
    """The laid-out boards of the app's tracks still alive anywhere (other tests keep their own)."""
    gc.collect()
    tracks = [e.track for e in app.tracks.entries]
    return [o for o in gc.get_objects() if isinstance(o, BoardRenderer) and any(o.track is t for t in tracks)]


@pytest.fixture
def app(tmp_path: Path):
    app = make_app(tmp_path / "data", SIZE)
    app.tracks = TrackCatalogue(maps_with_copies(tmp_path / "maps"), tmp_path / "data" / "cache")
    app.push(MenuScene(app))
    return app


def test_a_track_picture_fits_its_area_and_its_small_copy_is_kept_on_disk(app, tmp_path: Path) -> None:
    for entry in app.tracks.entries:
        app.tracks.load(entry)
        picture = entry.picture((400, 250))
        assert picture is not None and picture.get_width() <= 400 and picture.get_height() <= 250
        assert picture.get_width() == 400 or picture.get_height() == 250
    small = list((tmp_path / "data" / "cache").glob("*-preview.png"))
    assert sorted(f.name[: -len("-preview.png")].rsplit("-", 1)[0] for f in small) == ["oval", "oval-b", "oval-c"]
    for f in small:
        assert max(pygame.image.load(str(f)).get_size()) <= preview.THUMB


def test_once_kept_a_small_picture_is_shown_without_reading_the_full_one(
    app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = app.tracks.load(app.tracks.entries[0])
    entry.picture((400, 250))  # makes the small copy
    again = TrackCatalogue(tmp_path / "maps", tmp_path / "data" / "cache")  # the next start of the game
    read: list[tuple[str, tuple[int, int]]] = []
    real = preview.load_png

    def spy(path: Path):
        picture = real(path)
        read.append((path.name, picture.get_size() if picture else (0, 0)))
        return picture

    monkeypatch.setattr(preview, "load_png", spy)
    picture = again.load(again.entries[0]).picture((400, 250))
    assert picture is not None and read and all(max(size) <= preview.THUMB for _, size in read)
    assert "oval-preview.png" not in [name for name, _ in read]


def test_the_menu_and_the_set_up_hold_no_full_size_picture(app, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu's backdrop is made once from the biggest track; the set-up scales small copies;
    no track keeps a picture of its own."""
    loaded(app)
    app.frame(0.02)
    setup = SetupScene(app)
    app.push(setup)
    for entry in app.tracks.entries:
        setup.choose_track(entry)
        app.frame(0.02)
        assert setup.picture._image is not None
        area = setup.track_area
        assert setup.picture._image.get_width() <= area.width and setup.picture._image.get_height() <= 250
    for entry in app.tracks.entries:
        assert not [k for k, v in vars(entry).items() if isinstance(v, pygame.Surface)], entry.path.name
    assert app.stack[0].backdrop.get_size() == SIZE


def test_a_race_builds_and_holds_only_its_own_board(app, monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []

    class Counted(BoardRenderer):
        def __init__(self, track, *args, **kwargs):
            built.append(track.name)
            super().__init__(track, *args, **kwargs)

    monkeypatch.setattr(catalogue_module, "BoardRenderer", Counted)
    loaded(app)
    setup = SetupScene(app)
    app.push(setup)
    for entry in app.tracks.entries:  # each chosen track's board is laid out ahead
        setup.choose_track(entry)
        loaded(app)
        app.frame(0.02)
    chosen = app.tracks.entries[-1]
    built.clear()
    lineup = Lineup(
        track=chosen.path.name,
        drivers=tuple(Driver(kind="careful", name=NAMES[i], colour=COLOURS[i], number=i + 1) for i in range(4)),
    )
    start_race(app, lineup)
    race = app.scene
    app.frame(0.02)
    assert race.name == "race" and built == []  # the board laid out ahead in the set-up
    assert app.tracks.boards.kept() == [chosen.path]
    assert live_boards(app) == [race.view.board]
    assert race.view.picture.scale == race.view.camera.zoom


def test_the_gallery_lays_out_the_next_page_ahead(app) -> None:
    loaded(app)
    gallery = GalleryScene(app)
    app.push(gallery)
    loaded(app)
    following = app.tracks.entries[1]
    for _ in range(3):  # showing the page keeps the next one laid out
        app.frame(0.02)
    assert app.tracks.boards.kept() == [following.path]
    ahead = app.tracks.boards.get(following.path, lambda: pytest.fail("laid out again"))
    gallery.turn(1)
    assert gallery.view is not None and gallery.view.board is ahead


def test_formula_d_maps_names_the_maps_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(MAPS_ENV, raising=False)
    assert maps_dir() == (MAPS, "")
    monkeypatch.setenv(MAPS_ENV, str(tmp_path))
    assert maps_dir() == (tmp_path, "")
    monkeypatch.setenv(MAPS_ENV, str(tmp_path / "nowhere"))
    folder, problem = maps_dir()
    assert folder == MAPS and MAPS_ENV in problem and "nowhere" in problem and "not a folder" in problem


def test_a_damaged_small_picture_or_designer_picture_only_costs_its_picture(app, tmp_path: Path) -> None:
    """A torn file in the cache folder is made again; a designer's PNG that is no picture gives way
    to the board's own picture; neither stops the screen."""
    entry = app.tracks.get("oval-c.tmx")  # a board's own picture
    entry.picture((400, 250))
    (kept,) = (tmp_path / "data" / "cache").glob("oval-c-*-preview.png")
    kept.write_bytes(b"\x89PNG\r\n\x1a\n torn")
    assert entry.picture((400, 250)) is not None
    assert max(pygame.image.load(str(kept)).get_size()) <= preview.THUMB  # made again, whole
    broken = app.tracks.get("oval-b.tmx")  # with its own designer's picture
    broken.designer_picture.write_bytes(b"not a png at all")
    picture = broken.picture((400, 250))
    assert picture is not None and picture.get_width() <= 400 and picture.get_height() <= 250
