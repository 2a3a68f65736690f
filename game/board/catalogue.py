"""The shipped tracks, loaded in the background, each with its board, preview and facts.

Building a track from its .tmx takes seconds for the big circuits, so the
catalogue loads every track on a background thread from the start, and
keeps each built track as JSON in a cache folder: the next start reads it
in milliseconds. The cache key covers the map file and the loader's own
source, so a changed map or loader never reuses a stale track.
"""

from __future__ import annotations

import hashlib
import threading
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import pygame
from pydantic import ValidationError

import game.tracks.build
import game.tracks.load
import game.tracks.street
import rules.track
from game.board.render import BoardRenderer, read_art
from game.tracks.drawing import TrackError
from game.tracks.load import load_track
from game.texts import tr
from rules.filelimits import TRACK, read_bytes
from rules.record import write_atomic
from rules.track import Track

#: Source files whose change must invalidate cached tracks.
LOADER_SOURCES = (Path(game.tracks.build.__file__), Path(game.tracks.load.__file__), Path(game.tracks.street.__file__),
                  Path(rules.track.__file__))


def map_title(path: Path) -> str:
    """The circuit's name from the map properties, without building the track."""
    if not path.is_file():  # a folder, a dangling link or a pipe named *.tmx: never opened
        return path.stem
    try:
        for prop in ET.fromstring(read_bytes(path, TRACK)).iter("property"):
            if prop.get("name") == "circuit_name" and prop.get("value"):
                return str(prop.get("value"))
    except (OSError, ET.ParseError):
        pass
    return path.stem


def cache_key(path: Path) -> str:
    digest = hashlib.sha256(read_bytes(path, TRACK))
    for source in LOADER_SOURCES:
        digest.update(source.read_bytes())
    return digest.hexdigest()[:24]


def build_track(path: Path, cache: Path | None) -> Track:
    """The track of ``path``, from the cache when it holds this exact map and loader."""
    if cache is None:
        return load_track(path)
    file = cache / f"{path.stem}-{cache_key(path)}.json"
    try:
        return Track.model_validate_json(file.read_text(encoding="utf-8"))
    except (OSError, ValueError, ValidationError):
        pass
    track = load_track(path)
    try:
        for old in cache.glob(f"{path.stem}-*.json"):
            old.unlink(missing_ok=True)
        write_atomic(file, track.model_dump_json())
    except OSError:
        pass  # a cache that cannot be written only costs time
    return track


@dataclass
class TrackEntry:
    """One .tmx file: its track and board once loaded, or the problems that stopped it."""

    path: Path
    title: str = ""
    track: Track | None = None
    problems: list[str] = field(default_factory=list)
    loaded: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _board: BoardRenderer | None = None
    _preview: pygame.Surface | None = None
    _hash: str | None = None

    @property
    def name(self) -> str:
        return self.track.name if self.track else self.title

    @property
    def board(self) -> BoardRenderer | None:
        with self.lock:
            if self._board is None and self.track is not None:
                self._board = BoardRenderer(self.track, art=read_art(self.path))
            return self._board

    @property
    def hash(self) -> str | None:
        if self._hash is None and self.track is not None:
            self._hash = self.track.content_hash()
        return self._hash

    @property
    def max_drivers(self) -> int:
        return min(10, len(self.track.grid)) if self.track else 0

    def preview(self) -> pygame.Surface | None:
        """The designer's preview picture (``NAME-preview.png``), else a small render of the board."""
        if self._preview is None:
            png = self.path.with_name(f"{self.path.stem}-preview.png")
            if png.is_file():
                try:
                    self._preview = pygame.image.load(str(png))
                except (pygame.error, OSError):
                    self._preview = None
            if self._preview is None and self.board is not None:
                b = self.board
                self._preview = b.render(scale=min(1.0, 900 / max(b.bounds[2], b.bounds[3])))
        return self._preview

    def facts(self) -> list[str]:
        """What a player wants to know before choosing the circuit, in the current language."""
        t = self.track
        if t is None:
            return []
        laps = [len(t.lane_spaces(i)) for i in range(t.lanes)]
        lap = f"{min(laps)}–{max(laps)}" if min(laps) != max(laps) else str(laps[0])
        lines = [
            tr("facts.lanes", n=t.lanes) + " · " + tr("facts.lap", spaces=lap),
            tr("facts.corners", n=len(t.corners)) + " · " + tr("facts.laps", n=t.laps),
            tr("facts.pit", n=len(t.pit.boxes)) if t.pit else tr("facts.no_pit"),
            tr("facts.weather", **{k: _die_range(v) for k, v in t.weather.model_dump().items()}),
        ]
        lines += [
            tr("facts.corner_1", label=c.label) if c.stops == 1 else tr("facts.corner_n", label=c.label, n=c.stops)
            for c in t.corners
        ]
        return lines


def _die_range(r: tuple[int, int] | list[int] | None) -> str:
    """A barometer row's black-die results, e.g. 13–20; a dash where the weather never happens."""
    if not r:
        return "–"
    return str(r[0]) if r[0] == r[1] else f"{r[0]}–{r[1]}"


class TrackCatalogue:
    """Every track in the maps folder, sorted by file name."""

    def __init__(self, folder: Path, cache: Path | None = None) -> None:
        self.entries = [TrackEntry(p, map_title(p)) for p in sorted(folder.glob("*.tmx"))]
        self.cache = cache

    def preload(self) -> None:
        """Load every track (and lay out its board) on a background thread."""
        def work() -> None:
            for entry in self.entries:
                self.load(entry)
                _ = entry.board

        threading.Thread(target=work, name="track-preload", daemon=True).start()

    def get(self, file_name: str) -> TrackEntry | None:
        for e in self.entries:
            if e.path.name == file_name:
                return self.load(e)
        return None

    def pick(self, file_name: str) -> str:
        """``file_name`` if the maps folder has it, else the first track ("" without tracks)."""
        if self.find(file_name) is not None:
            return file_name
        return self.entries[0].path.name if self.entries else ""

    def loading(self, file_name: str) -> bool:
        """Is this track still being loaded in the background (its picture and facts to come)?"""
        entry = self.find(file_name)
        return entry is not None and not entry.loaded

    def find(self, file_name: str) -> TrackEntry | None:
        """The entry of a file, loaded or not (never waits)."""
        return next((e for e in self.entries if e.path.name == file_name), None)

    def load(self, entry: TrackEntry) -> TrackEntry:
        """The entry with its track built (waits if the background thread is building it)."""
        with entry.lock:
            if not entry.loaded:
                entry.problems = self._build(entry)
                entry.loaded = True
        return entry

    def _build(self, entry: TrackEntry) -> list[str]:
        """Build the entry's track; the problems that stopped it, as the set-up and gallery show them.

        A file that cannot be read is one of those problems, never an exception:
        it would end the preloading thread and crash the game on Continue.
        """
        if not entry.path.is_file():
            return [tr("track.not_a_file", path=str(entry.path))]
        try:
            entry.track = build_track(entry.path, self.cache)
        except TrackError as err:
            return [p.line() for p in err.problems]
        except OSError as err:
            return [tr("track.unreadable", path=str(entry.path), detail=err.strerror or str(err))]
        return []

    def by_hash(self, digest: str, name: str = "") -> TrackEntry | None:
        """The track a record was played on, trying tracks of the record's name first."""
        for entry in sorted(self.entries, key=lambda e: e.title != name):
            if self.load(entry).hash == digest:
                return entry
        return None
