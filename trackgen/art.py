"""The ground tiles and preview picture of a map, drawn by the game's own board renderer."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from trackgen.description import REPO, TILE
from trackgen.layout import Layout
from trackgen.tmx import Art, tmx_text

if TYPE_CHECKING:  # pygame is imported once the environment is set for a window-less run
    import pygame

    from game.tracks.geometry import Point


def make_art(layout: Layout) -> tuple[Art, pygame.Surface]:
    """The ground tiles and the preview picture of a map, drawn by the game's own board renderer.

    The map is loaded exactly as the game loads it, so the preview in Tiled
    is the board the players will see. Returns the art and the preview
    surface (a pygame Surface) to save beside the map.
    """
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    import pygame

    from game.board.render import BoardOptions, BoardRenderer, read_art
    from game.tracks.geometry import point_in_polygon
    from game.tracks.load import load_track
    from sprites.make_tiles import TILES

    pygame.font.init()
    c = layout.circuit
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / c.file
        path.write_text(tmx_text(layout), encoding="utf-8")
        track = load_track(path)
        board = BoardRenderer(track, art=read_art(path))
    width, height = layout.width * TILE, layout.height * TILE
    preview = board.render(BoardOptions(), 1.0, area=(0.0, 0.0, float(width), float(height)), transparent=True)
    # the tileset's nearest picture for the scenery classes it has no tile of
    as_tile = {"tree": "trees", "hill": "grass_dark", "rocks": "gravel", "tent": "building", "boat": "water"}
    areas: list[tuple[str, Sequence[Point]]] = [
        (as_tile.get(s.cls, s.cls), s.points)
        for s in board.art.scenery
        if len(s.points) >= 3 and s.cls not in ("wall", "tyres")
    ]
    areas.sort(key=lambda a: a[0] in ("stand", "building"))  # blocks on top of ground areas
    areas += [("gravel", poly) for poly, _ in board.gravel]
    if board.pit_building is not None:
        areas.append(("garage", board.pit_building[0]))

    # Each area with its bounding box (widened a hair for rounding): a point beyond it is never
    # inside, so the even-odd test runs only where it can say yes (most of the tiles' time).
    boxed = [
        (
            cls,
            poly,
            min(x for x, _ in poly) - 1e-6,
            max(x for x, _ in poly) + 1e-6,
            min(y for _, y in poly) - 1e-6,
            max(y for _, y in poly) + 1e-6,
        )
        for cls, poly in reversed(areas)
    ]

    def what(x: float, y: float) -> str:
        if board.space_at(x, y) is not None:
            return "asphalt"
        for cls, poly, x0, x1, y0, y1 in boxed:
            if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon((x, y), poly):
                return cls
        return "paved" if c.surroundings == "walls" else "grass"

    def tile(tx: int, ty: int) -> str:
        """What the whole tile shows; the plain ground where it shows several things.

        A tile is painted only where the preview covers all of it, so with
        the preview shown no tile edge (no staircase) is ever visible.
        """
        probes = {what((tx + u) * TILE, (ty + v) * TILE) for u in (0.02, 0.5, 0.98) for v in (0.02, 0.5, 0.98)}
        return probes.pop() if len(probes) == 1 else ("paved" if c.surroundings == "walls" else "grass")

    ground = [TILES.index(tile(tx, ty)) + 1 for ty in range(layout.height) for tx in range(layout.width)]
    name = Path(c.file).stem + "-preview.png"
    return Art(ground, name, preview.get_size()), preview
