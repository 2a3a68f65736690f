"""The menu is up before the tracks are read: the catalogue builds them after the first frame,
and a screen that looks tracks up opens only once they are read, over a "reading tracks" screen."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from game.app.loop import App
from game.board.catalogue import TrackCatalogue, TrackEntry
from game.scenes.menus.menu import MenuScene
from game.tracks.drawing import Problem, Said
from tests.ui.helpers import OVAL, open_display

WAIT = 20.0  # seconds a step may take on a loaded machine before the test gives up


class GatedCatalogue(TrackCatalogue):
    """The real catalogue whose track building waits for the test to open a gate: a slow disk, a
    first start that builds every track. It notes the app's frame count when building began."""

    def __init__(self, folder: Path, cache: Path) -> None:
        super().__init__(folder, cache)
        self.gate = threading.Event()
        self.frames: Callable[[], int] = lambda: 0
        self.first_build_at_frame: int | None = None

    def _build(self, entry: TrackEntry) -> list[Problem | Said]:
        if self.first_build_at_frame is None:
            self.first_build_at_frame = self.frames()
        self.gate.wait(WAIT)
        return super()._build(entry)


def small_maps(folder: Path) -> Path:
    """A maps folder with two small tracks (the oval under two names) and what they draw with."""
    folder.mkdir()
    for name in ("circuit.tsx", "circuit-tiles.png", "oval-preview.png", "oval.tmx"):
        (folder / name).symlink_to(OVAL.parent / name)
    (folder / "ring.tmx").symlink_to(OVAL)
    return folder


def gated_app(tmp_path: Path) -> tuple[App, GatedCatalogue]:
    open_display()
    tracks = GatedCatalogue(small_maps(tmp_path / "maps"), tmp_path / "cache")
    app = App(tmp_path / "data", tracks=tracks)
    tracks.frames = lambda: app.frames
    return app, tracks


def until(condition: Callable[[], bool]) -> bool:
    """Wait (in the test's helper thread) until ``condition`` holds; False if it never did."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return False


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_the_menu_shows_before_any_track_is_read_and_the_gallery_waits_for_them(tmp_path: Path) -> None:
    app, tracks = gated_app(tmp_path)
    seen: dict[str, object] = {}

    def player() -> None:
        try:
            if not until(lambda: app.frames >= 1 and bool(app.stack)):
                return
            seen["first"] = (app.scene.name, tracks.read_count())
            gallery = app.scene.status()["buttons"]["gallery"]
            click((gallery[0], gallery[1]))
            if not until(lambda: app.scene.name == "reading_tracks"):
                return
            time.sleep(0.3)  # a few frames of the reading screen
            seen["reading"] = (app.scene.status().get("read"), [s.name for s in app.stack])
            tracks.gate.set()
            seen["opened"] = until(lambda: app.scene.name == "gallery")
        finally:
            tracks.gate.set()
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=player, daemon=True).start()
    app.run(MenuScene(app))

    assert seen["first"] == ("menu", 0), "the menu's first frame came only after tracks were read"
    assert tracks.first_build_at_frame is not None and tracks.first_build_at_frame >= 1
    assert seen["reading"] == (0, ["menu", "reading_tracks"])
    assert seen["opened"] is True
    assert tracks.read(), "every track is read once the gate is open"


def test_escape_leaves_the_reading_screen_and_the_screen_never_opens(tmp_path: Path) -> None:
    app, tracks = gated_app(tmp_path)
    app.screen = open_display()
    menu = MenuScene(app)
    app.push(menu)
    app.frame(0.0)
    records = app.scene.status()["buttons"]["records"]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, pos=tuple(records), button=1))
    assert app.scene.name == "reading_tracks"
    app.frame(1 / 60)  # drawn over the menu, with the count so far
    assert app.scene.name == "reading_tracks" and app.scene.status()["read"] == 0
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    assert app.scene is menu
    tracks.gate.set()
    assert until(tracks.read)
    app.frame(1 / 60)
    assert app.scene is menu, "a screen the player went back from opened anyway"


def test_a_track_screen_opens_at_once_when_the_tracks_are_read(tmp_path: Path) -> None:
    app, tracks = gated_app(tmp_path)
    tracks.gate.set()
    for entry in tracks.entries:
        tracks.load(entry)
    app.screen = open_display()
    app.push(MenuScene(app))
    app.frame(0.0)
    races = app.scene.status()["buttons"]["races"]
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, pos=tuple(races), button=1))
    assert app.scene.name == "races"
