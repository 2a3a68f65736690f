"""Draw the board pictures of the README and the guides with the game's own board renderer.

    python sprites/make_board_pictures.py

writes, in ``docs/images/``: every shipped board whole (``<track>.png``, a quarter to a
third of its size, the oval larger), a part of it at the zoom a race is played at
(``<track>-play.png``), the close-ups of corners the track format guide explains
(``DETAILS``), and one picture of every scenery class a designer can place in Tiled
(``scenery-classes.png``, for docs/scenery.md). Run it after changing how the board is
painted or a shipped map.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import pygame  # noqa: E402

from game.board.canvas import font  # noqa: E402
from game.board.render import BoardOptions, BoardRenderer, Scenery, read_art  # noqa: E402
from game.tracks.load import load_track  # noqa: E402

IMAGES = REPO / "docs" / "images"
#: The scale of each whole board, as the guides have always shown it.
WHOLE_SCALE = {"oval": 0.6, "kranzfeld": 0.25, "adlerjoch": 0.25, "eichwald": 0.25}
PLAY_SCALE = 1.1  # a lane 44 px wide: the zoom a race starts at
PLAY_SIZE = (1200, 700)  # map pixels x PLAY_SCALE, around the start line
TRACKS = ("hohenau", "eichwald", "kranzfeld", "adlerjoch", "hafenstadt", "brueckenau", "oval")
CELL = 230.0  # map pixels per scenery sample
#: Close-ups for docs/track-format.md: picture, track, the corner it shows, size in pixels at
#: scale 1, and the designer's aids drawn over the board.
DETAILS = (
    (
        "hohenau-hairpin-names",
        "hohenau",
        "Hairpin",
        (640, 560),
        BoardOptions(names=True, rows=True, arrows=True),
    ),  # as track render --names --arrows
    ("hafenstadt-walls", "hafenstadt", "Fountain", (900, 560), BoardOptions(arrows=False)),
)


def _box(x: float, y: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def _ellipse(x: float, y: float, w: float, h: float) -> tuple[tuple[float, float], ...]:
    import math

    return tuple(
        (x + w / 2 + w / 2 * math.cos(t), y + h / 2 + h / 2 * math.sin(t))
        for t in (2 * math.pi * i / 32 for i in range(32))
    )


def samples(x0: float, y0: float) -> list[tuple[str, list[Scenery]]]:
    """One cell per scenery class (as a designer would draw it), left to right, two rows."""

    def at(i: int) -> tuple[float, float]:
        return x0 + (i % 6) * CELL + 25, y0 + (i // 6) * CELL + 25

    cells: list[tuple[str, list[Scenery]]] = []

    def add(label: str, *items: Scenery) -> None:
        cells.append((label, list(items)))

    x, y = at(0)
    add("stand", Scenery("stand", _box(x, y + 40, 180, 90)))
    x, y = at(1)
    add("building", Scenery("building", _box(x + 10, y + 30, 160, 110)))
    x, y = at(2)
    add("building roof=flat", Scenery("building", _box(x + 10, y + 30, 160, 110), roof="flat"))
    x, y = at(3)
    add("building roof=glass", Scenery("building", _box(x + 10, y + 30, 160, 110), "", "glass"))
    x, y = at(4)
    add("tent", Scenery("tent", _box(x + 20, y + 30, 70, 70)), Scenery("tent", _box(x + 100, y + 80, 70, 70)))
    x, y = at(5)
    add("trees", Scenery("trees", _ellipse(x, y + 20, 180, 140)))
    x, y = at(6)
    add("tree", Scenery("tree", _ellipse(x + 20, y + 40, 60, 60)), Scenery("tree", _ellipse(x + 100, y + 70, 80, 80)))
    x, y = at(7)
    add("hill", Scenery("hill", _ellipse(x - 5, y + 10, 190, 160)))
    x, y = at(8)
    add("rocks", Scenery("rocks", _ellipse(x, y + 40, 180, 110)))
    x, y = at(9)
    add(
        "water + boat",
        Scenery("water", _ellipse(x - 5, y + 10, 190, 160)),
        Scenery("boat", _box(x + 50, y + 70, 90, 26)),
    )
    x, y = at(10)
    add("gravel, paved", Scenery("gravel", _box(x, y + 20, 85, 150)), Scenery("paved", _box(x + 95, y + 20, 85, 150)))
    x, y = at(11)
    add(
        "wall, tyres",
        Scenery("wall", ((x, y + 50), (x + 180, y + 50))),
        Scenery("tyres", ((x, y + 120), (x + 180, y + 120))),
    )
    return cells


def scenery_picture(board: BoardRenderer) -> pygame.Surface:
    """Every scenery class on grass, its name under it, drawn beside the oval's map."""
    x0, y0 = board.bounds[0], board.bounds[1] + board.bounds[3] + 400
    cells = samples(x0, y0)
    art = dataclasses.replace(board.art, scenery=tuple(s for _, items in cells for s in items))
    drawn = BoardRenderer(board.track, art=art)
    scale = 0.6
    picture = drawn.paint(BoardOptions(), scale, area=(x0, y0, 6 * CELL, 2 * CELL))
    label = font(15)
    for i, (name, _) in enumerate(cells):
        img = label.render(name, True, (250, 250, 246), (28, 28, 32))
        cx = ((i % 6) + 0.5) * CELL * scale
        picture.blit(img, img.get_rect(midbottom=(cx, ((i // 6) + 1) * CELL * scale - 4)))
    return picture


def detail(board: BoardRenderer, corner: str, size: tuple[int, int], options: BoardOptions) -> pygame.Surface:
    """The board round one corner at scale 1, the corner's spaces in the middle."""
    spaces = [board.track.space(n) for c in board.track.corners if c.label == corner for n in c.spaces]
    cx = (min(s.x for s in spaces) + max(s.x for s in spaces)) / 2
    cy = (min(s.y for s in spaces) + max(s.y for s in spaces)) / 2
    return board.paint(options, 1.0, area=(cx - size[0] / 2, cy - size[1] / 2, float(size[0]), float(size[1])))


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    for name in TRACKS:
        path = REPO / "maps" / f"{name}.tmx"
        board = BoardRenderer(load_track(path), art=read_art(path))
        whole = board.paint(BoardOptions(arrows=False), WHOLE_SCALE.get(name, 0.3))
        pygame.image.save(whole, str(IMAGES / f"{name}.png"))
        start = board.track.lane_spaces(0)[0]
        w, h = PLAY_SIZE[0] / PLAY_SCALE, PLAY_SIZE[1] / PLAY_SCALE
        area = (start.x - w / 2, start.y - h / 2, w, h)
        pygame.image.save(
            board.paint(BoardOptions(arrows=False), PLAY_SCALE, area=area), str(IMAGES / f"{name}-play.png")
        )
        print(f"docs/images/{name}.png, docs/images/{name}-play.png")
        for picture, track, corner, size, options in DETAILS:
            if track == name:
                pygame.image.save(detail(board, corner, size, options), str(IMAGES / f"{picture}.png"))
                print(f"docs/images/{picture}.png")
        if name == "oval":
            pygame.image.save(scenery_picture(board), str(IMAGES / "scenery-classes.png"))
            print("docs/images/scenery-classes.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
