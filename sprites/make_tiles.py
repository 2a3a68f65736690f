"""Generate the circuit tileset for Tiled: ``maps/circuit-tiles.png`` and ``maps/circuit.tsx``.

Sixteen 32 x 32 tiles in the game's own colours and textures (grass,
gravel, asphalt, run-off, paving, walls, kerbs, tyres, water, trees,
stands, pit building), so a map painted with them in Tiled looks like the
board the game draws. The tiles are pictures for Tiled only: the game draws
its board from the track objects and the ``scenery`` layer, smooth at any
zoom, and ignores tile layers.

    python sprites/make_tiles.py          write both files
    python sprites/make_tiles.py --check  exit 1 if they are out of date

Each tile has a class (Tiled: Tile Properties > Class/Type) naming what it
shows; ``trackgen/art.py`` paints the shipped maps' ``ground`` layer by
those names.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from game.board import palette as board  # noqa: E402
from game.board.canvas import texture  # noqa: E402

TILE = 32
COLUMNS = 4
PNG = REPO / "maps" / "circuit-tiles.png"
TSX = REPO / "maps" / "circuit.tsx"

#: Tile classes in tileset order; the local tile id is the index.
TILES = (
    "grass",
    "grass_dark",
    "gravel",
    "asphalt",
    "runoff",
    "paved",
    "wall",
    "kerb",
    "tyres",
    "water",
    "trees",
    "stand",
    "building",
    "garage",
    "line",
    "sand",
)


def _fill(tile: pygame.Surface, kind: str) -> None:
    # the game's texture tiles are 64 map px; at scale 0.5 one is exactly one 32 px tile
    tile.blit(texture(kind, 0.5), (0, 0))


def draw_tile(name: str) -> pygame.Surface:
    t = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
    if name == "grass":
        t.fill(board.GRASS)
    elif name == "grass_dark":
        t.fill(board.GRASS_STRIPE)
    elif name in ("gravel", "runoff", "paved", "water", "trees"):
        _fill(t, name)
    elif name == "asphalt":
        t.fill(board.ASPHALT)
    elif name == "wall":
        t.fill(board.PAVED)
        pygame.draw.rect(t, board.WALL_EDGE, (0, 11, TILE, 10))
        pygame.draw.rect(t, board.WALL, (0, 13, TILE, 6))
    elif name == "kerb":
        for i in range(4):
            pygame.draw.rect(t, board.KERB_RED if i % 2 == 0 else board.KERB_WHITE, (i * 8, 0, 8, TILE))
    elif name == "tyres":
        t.fill(board.GRASS)
        for i in range(4):
            for j in (10, 22):
                pygame.draw.circle(t, board.TYRE, (4 + i * 8, j), 4)
                pygame.draw.circle(t, (70, 70, 74), (4 + i * 8, j), 1.5)
    elif name == "stand":
        t.fill(board.ROOF_EDGE)
        for r in range(4):
            pygame.draw.rect(t, board.SEATS, (0, 1 + r * 8, TILE, 6))
            for i in range(6):
                colour = board.CROWD[(r * 5 + i * 3) % len(board.CROWD)]
                pygame.draw.circle(t, colour, (3 + i * 5.3, 4 + r * 8), 1.6)
    elif name == "building":
        t.fill(board.ROOF)
        pygame.draw.rect(t, board.ROOF_EDGE, (0, 0, TILE, TILE), 2)
    elif name == "garage":
        t.fill(board.ROOF)
        pygame.draw.rect(t, board.GARAGE, (6, 0, 20, 12))
    elif name == "line":
        t.fill(board.ASPHALT)
        pygame.draw.rect(t, board.LINE, (0, 14, TILE, 4))
    elif name == "sand":
        t.fill(board.GRAVEL)
    return t


def tileset_png() -> pygame.Surface:
    rows = -(-len(TILES) // COLUMNS)
    sheet = pygame.Surface((COLUMNS * TILE, rows * TILE), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i, name in enumerate(TILES):
        sheet.blit(draw_tile(name), ((i % COLUMNS) * TILE, (i // COLUMNS) * TILE))
    return sheet


def tsx_text() -> str:
    rows = -(-len(TILES) // COLUMNS)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="circuit" tilewidth="{TILE}" tileheight="{TILE}" '
        f'tilecount="{len(TILES)}" columns="{COLUMNS}">',
        f' <image source="{PNG.name}" width="{COLUMNS * TILE}" height="{rows * TILE}"/>',
    ]
    lines += [f' <tile id="{i}" type="{name}"/>' for i, name in enumerate(TILES)]
    lines.append("</tileset>")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is out of date")
    args = parser.parse_args(argv)
    pygame.font.init()
    sheet = tileset_png()
    tsx = tsx_text()
    if args.check:
        stale = not PNG.exists() or not TSX.exists() or TSX.read_text(encoding="utf-8") != tsx
        if not stale:
            old = pygame.image.load(str(PNG))
            stale = old.get_size() != sheet.get_size()
        if stale:
            print(
                "out of date: maps/circuit.tsx or maps/circuit-tiles.png (run python sprites/make_tiles.py)",
                file=sys.stderr,
            )
        return 1 if stale else 0
    pygame.image.save(sheet, str(PNG))
    TSX.write_text(tsx, encoding="utf-8")
    print(f"wrote {PNG.relative_to(REPO)} ({len(TILES)} tiles) and {TSX.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
