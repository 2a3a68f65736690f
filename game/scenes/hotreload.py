"""Hot reload: the track a scene shows is built again when its map is saved.

A background thread looks at the map's stamp (game.tracks.filestamp) twenty times a second;
once a change has settled for one look (Tiled writes a temporary file and renames it), it
rebuilds the track and its board through the catalogue (``TrackCatalogue.refresh``, so the
track cache and every other screen see the new version) while the old board stays on
screen, then wakes the frame loop, which otherwise sleeps up to a second while nobody
touches anything. The scene swaps the board at its next update; a map with problems keeps
the old board and shows its first problem as a notice.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from game.board.catalogue import TrackEntry
from game.board.render import BoardRenderer
from game.board.tiles import BoardTiles
from game.board.view import BoardView
from game.texts import Notice
from game.tracks.filestamp import Stamp, stamp
from rules.track import Track

if TYPE_CHECKING:
    from game.app.loop import App

#: Seconds between two looks at the map: a change is seen within about two of them.
INTERVAL = 0.05
#: The event that wakes the frame loop when a map changed (scenes ignore it).
WAKE = pygame.event.custom_type()

T = TypeVar("T")


class FileWatch(Generic[T]):
    """Looks at one file from a daemon thread; once it changed and settled, ``work()`` runs
    there and its answer waits in ``result`` (``ready``) for the scene."""

    def __init__(self, path: Path, seen: Stamp | None, work: Callable[[], T | None]) -> None:
        self.path = path
        self.work = work
        self.ready = False
        self.result: T | None = None
        self._seen = seen
        self._stop = threading.Event()
        threading.Thread(target=self._run, name=f"watch-{path.name}", daemon=True).start()

    def _run(self) -> None:
        while not self._stop.wait(INTERVAL):
            now = stamp(self.path)
            if now == self._seen or self.ready or self._stop.wait(INTERVAL) or stamp(self.path) != now:
                continue  # unchanged, the last change not yet shown, stopped, or still being written
            self._seen = now
            result = self.work()
            if result is None:  # the catalogue had seen this version already
                continue
            self.result, self.ready = result, True
            try:
                pygame.event.post(pygame.event.Event(WAKE))
            except pygame.error:  # no event queue (the display closed): the next frame polls anyway
                pass

    def stop(self) -> None:
        self._stop.set()


class HotReload:
    """The map of one catalogue entry, rebuilt on save for the scene that shows it.

    ``prepare(track)`` runs on the watching thread after a good rebuild, for the slow part of
    what the scene does with the new track (a race replays its record there); its answer
    waits in ``prepared``."""

    def __init__(self, app: App, entry: TrackEntry | None, prepare: Callable[[Track], object] | None = None) -> None:
        self.app = app
        self.entry = entry
        self.prepared: object = None
        self._shown = entry.track if entry is not None else None  # the track the scene has

        def work() -> tuple[list[str], object] | None:
            assert entry is not None
            problems = app.tracks.refresh(entry)
            if problems is None and entry.track is not self._shown and entry.track is not None:
                problems = []  # built already for another screen watching the same map
            if problems is None:
                return None
            if not problems:
                self._shown = entry.track
            return problems, prepare(
                entry.track
            ) if prepare is not None and entry.track is not None and not problems else None

        self.watch = None if entry is None else FileWatch(entry.path, entry.stamp, work)

    @property
    def pending(self) -> bool:
        """Has the map been saved (and built) since the scene last asked?"""
        return self.watch is not None and self.watch.ready

    def poll(self) -> TrackEntry | None:
        """The entry with its new track and board, if its map was saved and builds; with
        problems, a notice names the first one and the old track stays."""
        if self.watch is None or self.entry is None or not self.watch.ready:
            return None
        result, self.watch.ready = self.watch.result, False
        if result is None:
            return None
        problems, self.prepared = result
        if problems:
            self.app.notify(Notice("reload.broken", {"track": self.entry.path.name, "problem": problems[0]}))
            return None
        return self.entry

    def stop(self) -> None:
        if self.watch is not None:
            self.watch.stop()


def swap_board(view: BoardView, board: BoardRenderer) -> None:
    """Show the new board in the same view: same place, zoom and buttons; drawn afresh."""
    view.board = board
    view.picture = BoardTiles(board, view.options, view_first=True)  # the part on screen first
