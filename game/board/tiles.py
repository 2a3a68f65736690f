"""The board picture a view shows: painted at the zoom on screen, whole or in tiles, nothing more.

Painted whole at the zoom a race starts at (a lane 44 px wide) the Hohenau
board has some nine million pixels; zoomed in four times it would have 115
million. So a view keeps the board only at the zoom it shows. While that is
at most ``WHOLE_PIXELS`` it is one picture (a frame is one blit, and panning
never paints); beyond, it is square tiles of ``TILE`` pixels, painted when
they come into view together with a ring of ``RING`` tiles around the view
(in one paint, because a paint costs nearly as much for one tile as for
many). A pan opens new ring tiles ahead of the view; once the camera rests
they are painted one a frame, so the next pan finds its way painted. Tiles
beyond the ring are forgotten (a 1600x900 view holds at most 35 tiles, 36 MB; a 4K
one 88). So a zoomed-in board is painted at its zoom and stays sharp.

While the zoom changes the last picture is stretched; where it has no tile,
a small picture of the whole board (``OVERVIEW_PIXELS``) stands in, so a
zoom out shows the board at once, not grass.

A board shown in place of another (its map saved again: hot reload) is painted
first only where the view shows it, a third of the whole one's time, and whole
at the next frame the camera rests or the view leaves that part (``view_first``):
the new board is on screen a tenth of a second sooner.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame

from game import texts
from game.board.camera import Camera
from game.board.render import BoardOptions, BoardRenderer

WHOLE_PIXELS = 12_000_000  # up to this the board is one picture (48 MB): Hohenau at a race's zoom
TILE = 512  # px: a tile's side beyond that
RING = 1  # tiles painted ahead around the view, so a short pan paints nothing
OVERVIEW_PIXELS = 1_000_000  # the stand-in for missing tiles while the zoom changes

Span = tuple[int, int, int, int]  # first column, first row, last column + 1, last row + 1


def _px(v: float) -> int:
    """A screen coordinate rounded the same way for both tiles that share an edge."""
    return math.floor(v + 0.5)


class BoardTiles:
    """The board at one scale, as tiles made when first seen; ``rescale`` starts over at another."""

    def __init__(self, board: BoardRenderer, options: BoardOptions, view_first: bool = False) -> None:
        self.board = board
        self.options = options
        self.view_first = view_first
        self.part: tuple[pygame.Rect, pygame.Surface] | None = None  # the view's part of a whole board
        self.scale = 0.0  # none painted yet
        self.language = ""
        self.size = (1, 1)  # the whole board's pixels at ``scale``
        self.tile = (1, 1)  # one tile's pixels (the whole board while it is one picture)
        self.tiles: dict[tuple[int, int], pygame.Surface] = {}
        self.overview: pygame.Surface | None = None
        self.overview_scale = 0.0
        self.painted = 0  # paints so far (one per block of tiles): what a test counts
        self.version = 0  # grows whenever the picture changes (rescaled, tiles painted or forgotten)

    @property
    def whole(self) -> bool:
        """Is the board one picture at this scale?"""
        return self.tile == self.size

    def rescale(self, scale: float) -> None:
        """Forget the picture; from now on it is painted at ``scale`` (screen px per map px)."""
        self.scale = scale
        self.tiles = {}
        self.part = None
        self.version += 1
        self.size = self.board.size_at(scale)
        self.tile = self.size if self.size[0] * self.size[1] <= WHOLE_PIXELS else (TILE, TILE)
        if self.language != texts.language():
            self.language = texts.language()
            self.overview = None
        if not self.whole and self.overview is None:
            _, _, w, h = self.board.bounds
            self.overview_scale = math.sqrt(OVERVIEW_PIXELS / (w * h))
            self.overview = _displayable(self.board.paint(self.options, self.overview_scale))

    def pixels(self) -> int:
        """Pixels held now: the tiles and the overview (the view's share of the game's memory)."""
        held = sum(t.get_width() * t.get_height() for t in self.tiles.values())
        return held + (self.overview.get_width() * self.overview.get_height() if self.overview else 0)

    # --- which tiles ------------------------------------------------------------------

    def _span(self, view: tuple[float, float, float, float], ring: int) -> Span:
        """The tiles a world rectangle touches, widened by ``ring`` tiles, within the board."""
        bx, by, _, _ = self.board.bounds
        s, (tw, th) = self.scale, self.tile
        cols, rows = -(-self.size[0] // tw), -(-self.size[1] // th)
        vx, vy, vw, vh = view
        i0 = max(0, math.floor((vx - bx) * s / tw) - ring)
        j0 = max(0, math.floor((vy - by) * s / th) - ring)
        i1 = min(cols, math.floor((vx + vw - bx) * s / tw) + 1 + ring)
        j1 = min(rows, math.floor((vy + vh - by) * s / th) + 1 + ring)
        return (i0, j0, max(i0, i1), max(j0, j1))

    @staticmethod
    def _keys(span: Span) -> Iterator[tuple[int, int]]:
        i0, j0, i1, j1 = span
        return ((i, j) for j in range(j0, j1) for i in range(i0, i1))

    def _rect(self, i: int, j: int) -> pygame.Rect:
        """Tile (i, j) in the board's pixels at ``scale``."""
        tw, th = self.tile
        return pygame.Rect(i * tw, j * th, min(tw, self.size[0] - i * tw), min(th, self.size[1] - j * th))

    def missing(self, view: tuple[float, float, float, float]) -> bool:
        """Does the view show a part of the board that has no tile yet?"""
        if self.part is not None and self.part[0].contains(self._pixels(view)):
            return False
        return any(k not in self.tiles for k in self._keys(self._span(view, 0)))

    def _pixels(self, view: tuple[float, float, float, float]) -> pygame.Rect:
        """The board's pixels at ``scale`` a world rectangle shows, within the board."""
        bx, by, _, _ = self.board.bounds
        s, (vx, vy, vw, vh) = self.scale, view
        x0, y0 = max(0, math.floor((vx - bx) * s)), max(0, math.floor((vy - by) * s))
        x1, y1 = min(self.size[0], math.ceil((vx + vw - bx) * s)), min(self.size[1], math.ceil((vy + vh - by) * s))
        return pygame.Rect(x0, y0, max(0, x1 - x0), max(0, y1 - y0))

    def covers(self, view: tuple[float, float, float, float]) -> bool:
        """Do the tiles hide all of the world rectangle (so no ground needs painting under them)?"""
        bx, by, bw, bh = self.board.bounds
        w, h = self.size[0] / self.scale, self.size[1] / self.scale
        vx, vy, vw, vh = view
        inside = bx <= vx and by <= vy and vx + vw <= bx + min(bw, w) and vy + vh <= by + min(bh, h)
        return inside and not self.missing(view)

    # --- painting ---------------------------------------------------------------------

    def ahead(self, view: tuple[float, float, float, float]) -> bool:
        """Is a tile of the ring around the view still to be painted?"""
        return any(k not in self.tiles for k in self._keys(self._span(view, RING)))

    def cover(self, view: tuple[float, float, float, float], resting: bool = True) -> None:
        """Paint what the view needs and lacks, with the ring around it, in one paint; else, while
        the camera rests, one tile of the ring a pan has opened (a tile costs a frame, which a
        moving picture would show); forget tiles beyond the ring."""
        if self.view_first and self.whole and not self.tiles:
            if self.part is None:
                self._paint_part(view)
                return
            if not resting and self.part[0].contains(self._pixels(view)):
                return  # the whole board once the camera rests, or as soon as the view leaves the part
        want = [k for k in self._keys(self._span(view, RING)) if k not in self.tiles]
        if self.missing(view):
            i0, j0 = min(i for i, _ in want), min(j for _, j in want)
            i1, j1 = max(i for i, _ in want) + 1, max(j for _, j in want) + 1
            self._paint(i0, j0, i1, j1)
        elif want and resting:
            i, j = want[0]
            self._paint(i, j, i + 1, j + 1)
        keep = self._span(view, RING)
        for key in [k for k in self.tiles if not (keep[0] <= k[0] < keep[2] and keep[1] <= k[1] < keep[3])]:
            del self.tiles[key]
            self.version += 1

    def _paint(self, i0: int, j0: int, i1: int, j1: int) -> None:
        """Tiles i0..i1-1 x j0..j1-1 from one paint of the board."""
        self.painted += 1
        self.version += 1
        if self.whole:
            self.tiles[(0, 0)] = _displayable(self.board.paint(self.options, self.scale))
            self.part = None
            return
        first, last = self._rect(i0, j0), self._rect(i1 - 1, j1 - 1)
        block = first.union(last)
        bx, by, _, _ = self.board.bounds
        s = self.scale
        picture = self.board.paint(
            self.options, s, area=(bx + block.x / s, by + block.y / s, block.width / s, block.height / s)
        )
        for i, j in self._keys((i0, j0, i1, j1)):
            part = self._rect(i, j).move(-block.x, -block.y).clip(picture.get_rect())
            if part.width and part.height:
                self.tiles[(i, j)] = _displayable(picture.subsurface(part).copy())

    def _paint_part(self, view: tuple[float, float, float, float]) -> None:
        """The part of a whole board the view shows, with a margin a short pan stays in."""
        self.painted += 1
        self.version += 1
        r = self._pixels(view).inflate(2 * TILE // 4, 2 * TILE // 4).clip(pygame.Rect((0, 0), self.size))
        bx, by, _, _ = self.board.bounds
        s = self.scale
        picture = self.board.paint(self.options, s, area=(bx + r.x / s, by + r.y / s, r.width / s, r.height / s))
        self.part = (r, _displayable(picture))

    # --- drawing ----------------------------------------------------------------------

    def draw(self, screen: pygame.Surface, camera: Camera, view: tuple[float, float, float, float]) -> None:
        """The tiles in ``view``, each where the camera puts it, stretched while the zoom differs
        from the picture's; the overview stands in for tiles not painted yet."""
        if self.overview is not None and self.missing(view):
            self._blit(
                screen, camera, view, self.overview, self.overview_scale, pygame.Rect((0, 0), self.overview.get_size())
            )
        if self.part is not None and not self.tiles:
            self._blit(screen, camera, view, self.part[1], self.scale, self.part[0])
        for i, j in self._keys(self._span(view, 0)):
            tile = self.tiles.get((i, j))
            if tile is not None:
                self._blit(screen, camera, view, tile, self.scale, self._rect(i, j))

    def _blit(
        self,
        screen: pygame.Surface,
        camera: Camera,
        view: tuple[float, float, float, float],
        picture: pygame.Surface,
        s: float,
        rect: pygame.Rect,
    ) -> None:
        """Blit ``picture`` (the board's pixels ``rect`` at scale ``s``), only the part in view."""
        bx, by, _, _ = self.board.bounds
        vx, vy, vw, vh = view
        x0 = max(rect.left, math.floor((vx - bx) * s))
        y0 = max(rect.top, math.floor((vy - by) * s))
        x1 = min(rect.right, math.ceil((vx + vw - bx) * s))
        y1 = min(rect.bottom, math.ceil((vy + vh - by) * s))
        if x1 <= x0 or y1 <= y0:
            return
        sx0, sy0 = camera.to_screen((bx + x0 / s, by + y0 / s))
        if abs(camera.zoom / s - 1) <= 1e-3:
            screen.blit(picture, (_px(sx0), _px(sy0)), (x0 - rect.left, y0 - rect.top, x1 - x0, y1 - y0))
            return
        sx1, sy1 = camera.to_screen((bx + x1 / s, by + y1 / s))
        size = (_px(sx1) - _px(sx0), _px(sy1) - _px(sy0))
        if size[0] > 0 and size[1] > 0:
            part = picture.subsurface((x0 - rect.left, y0 - rect.top, x1 - x0, y1 - y0))
            screen.blit(pygame.transform.scale(part, size), (_px(sx0), _px(sy0)))


def _displayable(picture: pygame.Surface) -> pygame.Surface:
    """The picture in the window's pixel format, which blits fastest (as painted without a window)."""
    try:
        return picture.convert()
    except pygame.error:
        return picture
