"""The shipped tracks, loaded in the background, each with its board, picture and facts.

Building a track from its .tmx takes a while for the big circuits, so the
catalogue loads every track on a background thread once the app's first frame
is up (a screen that needs them before they are read waits on the reading-tracks
screen, ``game.scenes.menus.reading``), and keeps each built track as JSON in a cache
folder: the next start reads it in milliseconds. The cache key covers the map file and the loader's own
source, so a changed map or loader never reuses a stale track.

Boards and pictures are what cost memory, so neither is kept for every
track: a board is laid out when a screen asks for it (or ahead of time, on a
background thread, for the one a screen is about to show) and the catalogue
keeps only the last ``KEEP_BOARDS`` of them, besides any a screen still
holds (a race holds only its own); a track's picture is a small copy kept
on disk (``game.board.preview``).
Neither holds a rendered board: the screen that shows a board draws it at its
own zoom (``game.board.tiles``).
"""

from __future__ import annotations

import hashlib
import threading
import weakref
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path

import pygame
from pydantic import ValidationError

import game.board.render
import rules.track
from game.board import preview
from game.board.render import BoardRenderer, read_art
from game.texts import place_name, tr
from game.tracks.drawing import Problem, Said, TrackError, say
from game.tracks.filestamp import Stamp, stamp
from rules.files.atomic import write_atomic
from rules.files.filelimits import TRACK, read_bytes
from rules.track import Track

#: Laid-out boards the catalogue keeps besides those a screen holds: the last one asked for
#: (the set-up's chosen track, laid out ahead; the gallery's next page).
KEEP_BOARDS = 1
#: A cache file's key: 24 hex digits (a glob that tells ``hohenau-KEY`` from ``hohenau-02-KEY``).
KEY_GLOB = "[0-9a-f]" * 24
#: The longest side of a board rendered as a track's picture when its map has no preview PNG.
RENDERED_PICTURE = 900

#: Source files whose change must invalidate cached tracks: the loader's package (found by its
#: place, so the catalogue imports the loader only when a map has to be built) and the rules' track.
LOADER_SOURCES = (*sorted((Path(__file__).resolve().parent.parent / "tracks").glob("*.py")), Path(rules.track.__file__))


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


def map_laps(path: Path) -> int | None:
    """The race distance the map proposes (its int map property ``laps``, 1 to 3) without building
    the track, so the race set-up can offer it at once; None where the loader would refuse it."""
    if not path.is_file():
        return None
    try:
        props = ET.fromstring(read_bytes(path, TRACK)).find("properties")
    except (OSError, ET.ParseError):
        return None
    for prop in props.findall("property") if props is not None else ():
        if prop.get("name") == "laps" and prop.get("type") == "int":
            value = prop.get("value", "")
            return int(value) if value in ("1", "2", "3") else None
    return None


def map_size(path: Path) -> tuple[int, int]:
    """The map's size in pixels from its header (width x tile width, height x tile height); (0, 0) if unknown."""
    try:
        root = ET.fromstring(read_bytes(path, TRACK))
        return (
            int(root.get("width", 0)) * int(root.get("tilewidth", 0)),
            int(root.get("height", 0)) * int(root.get("tileheight", 0)),
        )
    except (OSError, ET.ParseError, ValueError):
        return (0, 0)


def cache_key(path: Path) -> str:
    digest = hashlib.sha256(read_bytes(path, TRACK))
    for source in LOADER_SOURCES:
        digest.update(source.read_bytes())
    return digest.hexdigest()[:24]


def build_track(path: Path, cache: Path | None) -> Track:
    """The track of ``path``, from the cache when it holds this exact map and loader."""
    from game.tracks.load import load_track  # the loader and pytmx: only for a map not in the cache

    if cache is None:
        return load_track(path)
    file = cache / f"{path.stem}-{cache_key(path)}.json"
    try:
        return Track.model_validate_json(file.read_text(encoding="utf-8"))
    except (OSError, ValueError, ValidationError):
        pass
    track = load_track(path)
    try:
        for old in cache.glob(f"{path.stem}-{KEY_GLOB}.json"):
            old.unlink(missing_ok=True)
        write_atomic(file, track.model_dump_json())
    except OSError:
        pass  # a cache that cannot be written only costs time
    return track


class BoardShelf:
    """The laid-out boards a catalogue keeps: the last ``keep`` asked for, and any a screen still holds.

    Laying out a big board takes a few tenths of a second, so the boards just shown or
    about to be shown stay; the others are let go, and a board a screen still
    holds (a race's) is found again instead of being laid out a second time.
    """

    def __init__(self, keep: int = KEEP_BOARDS) -> None:
        self.keep = keep
        self._recent: OrderedDict[Path, BoardRenderer] = OrderedDict()
        self._in_use: weakref.WeakValueDictionary[Path, BoardRenderer] = weakref.WeakValueDictionary()
        self._lock = threading.Lock()

    def get(self, key: Path, build: Callable[[], BoardRenderer]) -> BoardRenderer:
        """The board kept under ``key``, else ``build()``'s, which is kept from now on. A board
        only a screen holds is not kept again: asking for the one shown keeps the one laid out ahead."""
        with self._lock:
            board = self._recent.get(key)
            if board is not None:
                self._recent.move_to_end(key)
                return board
            board = self._in_use.get(key)
            if board is not None:
                return board
        board = build()
        with self._lock:
            self._recent[key] = board
            self._recent.move_to_end(key)
            while len(self._recent) > self.keep:
                self._recent.popitem(last=False)
            self._in_use[key] = board
        return board

    def peek(self, key: Path) -> BoardRenderer | None:
        """The board kept or held under ``key``, if there is one (nothing is laid out)."""
        with self._lock:
            return self._recent.get(key) or self._in_use.get(key)

    def replace(self, key: Path, board: BoardRenderer) -> None:
        """Keep ``board`` under ``key`` instead of the one laid out before (a map saved again)."""
        with self._lock:
            self._recent[key] = board
            self._recent.move_to_end(key)
            while len(self._recent) > self.keep:
                self._recent.popitem(last=False)
            self._in_use[key] = board

    def keep_only(self, key: Path) -> None:
        """Let every other board go and keep this one (a race or qualifying needs only its own);
        a board laid out ahead while another screen held this one is no longer wanted."""
        with self._lock:
            board = self._recent.get(key) or self._in_use.get(key)
            self._recent.clear()
            if board is not None:
                self._recent[key] = board

    def kept(self) -> list[Path]:
        """The keys of the boards the shelf itself keeps (not those only a screen holds)."""
        with self._lock:
            return list(self._recent)


def _lines(found: list[Problem | Said]) -> list[str]:
    """What stopped a track, one line each, in the current language."""
    return [p.line() if isinstance(p, Problem) else p.text() for p in found]


@dataclass
class TrackEntry:
    """One .tmx file: its track once loaded, or the problems that stopped it; its board and picture on demand."""

    path: Path
    title: str = ""
    track: Track | None = None
    #: What stopped the track, kept untranslated: shown in the language current when shown.
    found: list[Problem | Said] = field(default_factory=list)
    loaded: bool = False
    stamp: Stamp | None = None  # the file as it was when last built (hot reload compares it)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    cache: Path | None = None  # where its small picture is kept (None: made anew each time)
    shelf: BoardShelf = field(default_factory=lambda: BoardShelf(1), repr=False)
    _hash: str | None = None
    _size: tuple[int, int] | None = None

    @property
    def name(self) -> str:
        return self.track.name if self.track else self.title

    @property
    def problems(self) -> list[str]:
        """What stopped the track, one line each, in the current language (a language chosen in
        the settings shows at once, without building the track again)."""
        return _lines(self.found)

    @property
    def board(self) -> BoardRenderer | None:
        """The laid-out board (spaces, hit-testing, drawing), or None while the track is not loaded or broken."""
        with self.lock:
            if self.track is None:
                return None
            track = self.track
            return self.shelf.get(self.path, lambda: BoardRenderer(track, art=read_art(self.path)))

    @property
    def hash(self) -> str | None:
        if self._hash is None and self.track is not None:
            self._hash = self.track.content_hash()
        return self._hash

    @property
    def laps(self) -> int | None:
        """The race distance the track proposes: the loaded track's, else its map's property."""
        return self.track.laps if self.track else map_laps(self.path)

    @property
    def max_drivers(self) -> int:
        return min(10, len(self.track.grid)) if self.track else 0

    @property
    def map_size(self) -> tuple[int, int]:
        """The map's size in pixels, read once from its header: which track is the biggest."""
        if self._size is None:
            self._size = map_size(self.path) if self.path.is_file() else (0, 0)
        return self._size

    @property
    def designer_picture(self) -> Path:
        """Where the map's designer may put its picture (``NAME-preview.png``)."""
        return self.path.with_name(f"{self.path.stem}-preview.png")

    def has_picture(self) -> bool:
        """Is there a picture to show: the designer's, or a board (the track loaded)?"""
        return self.designer_picture.is_file() or self.track is not None

    def picture_size(self) -> tuple[int, int] | None:
        """The size of the track's full picture (the designer's PNG, else the rendered board)."""
        size = preview.png_size(self.designer_picture)
        if size is not None:
            return size
        small = self._small_picture()
        return small.get_size() if small is not None else None

    def picture(self, size: tuple[int, int]) -> pygame.Surface | None:
        """The track's picture scaled to fit ``size``: the designer's preview picture
        (``NAME-preview.png``), else a render of the board; None if there is neither.

        Scaled from the small copy kept in the cache folder when that is big
        enough, else from the full picture, which is let go again at once."""
        small = self._small_picture()
        if small is None:
            return None
        full = self.picture_size() or small.get_size()
        want = preview.fitted(full, size)
        if want[0] > small.get_width() and small.get_size() != full:
            big = self._full_picture()
            if big is not None:
                return pygame.transform.smoothscale(big, preview.fitted(big.get_size(), size))
        return pygame.transform.smoothscale(small, preview.fitted(small.get_size(), size))

    def _full_picture(self) -> pygame.Surface | None:
        """The designer's picture at full size, else the board rendered at most ``RENDERED_PICTURE`` px wide."""
        png = self.designer_picture
        if png.is_file():
            picture = preview.load_png(png)
            if picture is not None:
                return picture
        board = self.board
        if board is None:
            return None
        return board.paint(scale=min(1.0, RENDERED_PICTURE / max(board.bounds[2], board.bounds[3])))

    def _small_file(self) -> Path | None:
        """The small picture's file in the cache folder; its key covers the map, the designer's
        picture or else the board's drawing code (``game/board``), so a change to any of them
        makes a new one."""
        if self.cache is None:
            return None
        try:
            digest = hashlib.sha256(cache_key(self.path).encode())
            png = self.designer_picture
            if png.is_file():
                digest.update(png.read_bytes())
            else:
                for source in sorted(Path(game.board.render.__file__).parent.glob("*.py")):
                    digest.update(source.read_bytes())
        except OSError:
            return None
        return self.cache / f"{self.path.stem}-{digest.hexdigest()[:24]}-preview.png"

    def _small_picture(self) -> pygame.Surface | None:
        """The small copy of the picture: read from the cache folder, else made (and written there)."""
        file = self._small_file()
        if file is not None and file.is_file():
            small = preview.load_png(file)
            if small is not None:
                return small
        full = self._full_picture()
        if full is None:
            return None
        small = preview.shrink(full)
        del full
        if file is not None:
            try:
                file.parent.mkdir(parents=True, exist_ok=True)
                for old in file.parent.glob(f"{self.path.stem}-{KEY_GLOB}-preview.png"):
                    old.unlink(missing_ok=True)
                preview.save_png(small, file)
            except (OSError, pygame.error):
                pass  # a picture that cannot be kept is only made again next time
        return small

    def facts(self, weather: bool = True) -> list[str]:
        """What a player wants to know before choosing the circuit, in the current language; the
        barometer only where the race has weather (``weather``)."""
        t = self.track
        if t is None:
            return []
        laps = [len(t.lane_spaces(i)) for i in range(t.lanes)]
        lap = f"{min(laps)}–{max(laps)}" if min(laps) != max(laps) else str(laps[0])
        lines = [
            tr("facts.lanes", n=t.lanes) + " · " + tr("facts.lap", spaces=lap, longest=max(laps)),
            tr("facts.corners", n=len(t.corners)) + " · " + tr("facts.laps", n=t.laps),
            tr("facts.pit", n=len(t.pit.boxes)) if t.pit else tr("facts.no_pit"),
        ]
        if weather:
            lines.append(tr("facts.weather", **{k: _die_range(v) for k, v in t.weather.model_dump().items()}))
        lines += [
            tr("facts.corner_1", label=place_name(c.label))
            if c.stops == 1
            else tr("facts.corner_n", label=place_name(c.label), n=c.stops)
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
        self.boards = BoardShelf()
        self.entries = [
            TrackEntry(p, map_title(p), cache=cache, shelf=self.boards) for p in sorted(folder.glob("*.tmx"))
        ]
        self.cache = cache
        self._prepare_lock = threading.Lock()
        self._wanted: TrackEntry | None = None
        self._preparing = False
        self._preloading = False

    def preload(self) -> None:
        """Load every track on a background thread, started once (its board is laid out when a
        screen wants it). The app starts it after its first frame, so the menu shows at once."""
        with self._prepare_lock:
            if self._preloading:
                return
            self._preloading = True

        def work() -> None:
            for entry in self.entries:
                self.load(entry)

        threading.Thread(target=work, name="track-preload", daemon=True).start()

    def read(self, files: Collection[str] | None = None) -> bool:
        """Are these tracks (by file name; default every track) built or known broken, so that a
        screen asking for them gets them without waiting?"""
        return all(e.loaded for e in self.entries if files is None or e.path.name in files)

    def read_count(self) -> int:
        """How many tracks are built or known broken: the "reading tracks" screen's progress."""
        return sum(1 for e in self.entries if e.loaded)

    def prepare(self, file_name: str) -> None:
        """Lay out the board of a track a screen is about to show, on a background thread;
        of tracks asked for faster than they are laid out, only the last one."""
        entry = self.find(file_name)
        if entry is None:
            return
        with self._prepare_lock:
            self._wanted = entry
            if self._preparing:
                return
            self._preparing = True
        threading.Thread(target=self._lay_out_wanted, name="board-layout", daemon=True).start()

    def preparing(self) -> bool:
        """Is a board still being laid out ahead?"""
        with self._prepare_lock:
            return self._preparing

    def _lay_out_wanted(self) -> None:
        while True:
            with self._prepare_lock:
                entry, self._wanted = self._wanted, None
                if entry is None:
                    self._preparing = False
                    return
            _ = self.load(entry).board

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
                entry.found = self._build(entry)
                entry.loaded = True
        return entry

    def _build(self, entry: TrackEntry) -> list[Problem | Said]:
        """Build the entry's track; the problems that stopped it, as the set-up and gallery show them.

        A file that cannot be read is one of those problems, never an exception:
        it would end the preloading thread and crash the game on Continue.
        """
        entry.stamp = stamp(entry.path)  # taken first: a save during the build is seen later
        if not entry.path.is_file():
            return [say("track.not_a_file", path=str(entry.path))]
        try:
            entry.track = build_track(entry.path, self.cache)
        except TrackError as err:
            return list(err.problems)
        except OSError as err:
            return [say("track.unreadable", path=str(entry.path), detail=err.strerror or str(err))]
        return []

    def refresh(self, entry: TrackEntry) -> list[str] | None:
        """Build the entry again if its file changed since it was built (hot reload): None when
        it did not change, ``[]`` when the new track replaced the old one (board, preview and
        hash follow it), else the problems of the new file. A track that was built keeps
        serving until its file builds again, so a half-finished edit never takes it away.

        The new track and its board are built outside the entry's lock (a background thread
        may call this while the screen keeps drawing the old board) and swapped in at once; a
        board whose drawing did not change (other stops, weather or names) keeps its layout."""
        if not entry.loaded or stamp(entry.path) == entry.stamp:
            return None
        fresh = TrackEntry(entry.path, map_title(entry.path), cache=entry.cache)  # a shelf of its own
        found = self._build(fresh)
        problems = _lines(found)
        board = None
        if not problems and fresh.track is not None:  # laid out anew only if the drawing changed
            board = BoardRenderer(fresh.track, art=read_art(fresh.path), like=entry.shelf.peek(entry.path))
        with entry.lock:
            entry.stamp, entry.title = fresh.stamp, fresh.title
            if problems:
                if entry.track is None:
                    entry.found = found
                return problems
            entry.track, entry.found, entry._hash = fresh.track, [], None
        if board is not None:
            entry.shelf.replace(entry.path, board)
        return []

    def by_hash(self, digest: str, name: str = "") -> TrackEntry | None:
        """The track a record was played on, trying tracks of the record's name first."""
        for entry in sorted(self.entries, key=lambda e: e.title != name):
            if self.load(entry).hash == digest:
                return entry
        return None
