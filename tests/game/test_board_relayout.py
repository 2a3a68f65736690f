"""A board laid out again after its map was saved keeps the old layout where the drawing did not
change (hot reload within a second), and looks exactly as if laid out anew."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pygame

from game.board.catalogue import TrackCatalogue
from game.board.render import BoardOptions, BoardRenderer
from tests.conftest import REPO
from tests.ui.helpers import open_display

STOPS = '<property name="stops" type="int" value="2"/>'


def catalogue(tmp_path: Path) -> TrackCatalogue:
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("oval.tmx", "circuit.tsx", "circuit-tiles.png"):
        shutil.copy(REPO / "maps" / name, maps / name)
    return TrackCatalogue(maps, tmp_path / "cache")


def save(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))  # a stamp of its own, however fast


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_other_stops_keep_the_layout_and_paint_as_a_board_laid_out_anew(tmp_path: Path) -> None:
    open_display((640, 400))
    tracks = catalogue(tmp_path)
    entry = tracks.get("oval.tmx")
    assert entry is not None
    old = entry.board
    assert old is not None
    text = entry.path.read_text(encoding="utf-8")
    save(entry.path, text.replace(STOPS, STOPS.replace('"2"', '"3"')).replace("Lindenring Oval", "Lindenring Neu"))
    assert tracks.refresh(entry) == []
    new = entry.board
    assert new is not None and new is not old and new.track.corners[0].stops == 3
    assert new.sections is old.sections and new.bounds == old.bounds  # the layout kept
    anew = BoardRenderer(new.track, art=new.art)
    for options in (BoardOptions(), BoardOptions(names=True, rows=True)):
        assert same_pixels(new.paint(options, 0.4), anew.paint(options, 0.4))


def test_a_moved_lane_or_other_art_is_laid_out_anew(tmp_path: Path) -> None:
    tracks = catalogue(tmp_path)
    entry = tracks.get("oval.tmx")
    assert entry is not None
    old = entry.board
    assert old is not None
    data = old.track.model_dump()
    for space in data["spaces"]:
        space["x"] += 2 if space["lane"] == 1 else 0
    moved = type(old.track).model_validate(data)  # built anew: a copy would keep the old one's look-ups
    assert not old.laid_out_as(moved, old.art)
    again = BoardRenderer(moved, art=old.art, like=old)
    assert again.sections is not old.sections and again.sections[1][0].mid != old.sections[1][0].mid
    walls = type(old.art)(surroundings="walls")
    assert not old.laid_out_as(old.track, walls)
    assert BoardRenderer(old.track, art=walls, like=old).gravel == []  # a street circuit has walls, no gravel
