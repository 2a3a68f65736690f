"""The surface a board is painted on, and the ground textures it is painted with."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame
import pygame.gfxdraw

from game.board.palette import (
    ASPHALT,
    GRASS,
    GRASS_STRIPE,
    GRAVEL,
    MEADOW,
    PAVED,
    PIT_ASPHALT,
    RUNOFF,
    TREE,
    WATER,
    Colour,
)
from game.tracks.geometry import Point

# --- drawing surface ------------------------------------------------------------


class Canvas:
    """A surface plus the map-to-pixel transform of one render scale."""

    def __init__(self, bounds: tuple[float, float, float, float], scale: float, transparent: bool = False) -> None:
        self.ox, self.oy = bounds[0], bounds[1]
        self.s = scale
        size = (max(1, round(bounds[2] * scale)), max(1, round(bounds[3] * scale)))
        self.surface = pygame.Surface(size, pygame.SRCALPHA) if transparent else pygame.Surface(size)
        if transparent:
            self.surface.fill((0, 0, 0, 0))
        pad = 4 / scale  # px: anti-aliased rims and line ends reach a little beyond their points
        #: The map rectangle the surface shows: a shape wholly outside it is not drawn (a tile of the board).
        self.view = (self.ox - pad, self.oy - pad, self.ox + size[0] / scale + pad, self.oy + size[1] / scale + pad)

    def px(self, p: Point) -> Point:
        return ((p[0] - self.ox) * self.s, (p[1] - self.oy) * self.s)

    def off(self, pts: Sequence[Point], reach: float = 0.0) -> bool:
        """Do the points, widened by ``reach`` map pixels, lie wholly outside the surface?"""
        x0, y0, x1, y1 = self.view
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return max(xs) < x0 - reach or min(xs) > x1 + reach or max(ys) < y0 - reach or min(ys) > y1 + reach

    def poly(self, colour: Colour, pts: Sequence[Point]) -> None:
        """A filled polygon with an anti-aliased rim."""
        if self.off(pts):
            return
        q = [self.px(p) for p in pts]
        pygame.draw.polygon(self.surface, colour, q)
        pygame.draw.aalines(self.surface, colour, True, q)

    def textured(self, kind: str, pts: Sequence[Point], rim: Colour | None = None) -> None:
        """A polygon filled with one of the ground textures, fixed to the map like the grass stripes."""
        q = [self.px(p) for p in pts]
        if len(q) < 3:
            return
        x0, y0 = math.floor(min(p[0] for p in q)), math.floor(min(p[1] for p in q))
        x1, y1 = math.ceil(max(p[0] for p in q)), math.ceil(max(p[1] for p in q))
        box = pygame.Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1).clip(self.surface.get_rect())
        if box.width <= 0 or box.height <= 0:
            return
        tile = texture(kind, round(self.s, 3))
        tw, th = tile.get_size()
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        ax, ay = self.px((0.0, 0.0))
        sx, sy = (ax - box.x) % tw - tw, (ay - box.y) % th - th
        for ty in range(int(sy), box.height, th):
            for tx in range(int(sx), box.width, tw):
                layer.blit(tile, (tx, ty))
        mask = pygame.Surface(box.size, pygame.SRCALPHA)
        mask.fill((0, 0, 0, 0))
        local = [(x - box.x, y - box.y) for x, y in q]
        pygame.draw.polygon(mask, (255, 255, 255, 255), local)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surface.blit(layer, box)
        pygame.draw.aalines(self.surface, rim or TEXTURE_BASE[kind], True, q)

    def grained(self, kind: str, pts: Sequence[Point]) -> None:
        """A polygon of asphalt with its grain (an opaque texture, fixed to the map), its rim smoothed."""
        if self.off(pts):
            return
        q = [self.px(p) for p in pts]
        tile = _opaque(kind, round(self.s, 3))
        tw, th = tile.get_size()
        ax, ay = self.px((0.0, 0.0))
        try:
            pygame.gfxdraw.textured_polygon(self.surface, q, tile, round(ax) % tw, -round(ay) % th)
        except pygame.error:
            pass  # SDL_gfx's way of saying that no pixel of the polygon lies on the surface
        pygame.draw.aalines(self.surface, TEXTURE_BASE[kind], True, q)

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None:
        x0, y0, x1, y1 = self.view
        if (
            max(a[0], b[0]) < x0 - width
            or min(a[0], b[0]) > x1 + width
            or max(a[1], b[1]) < y0 - width
            or min(a[1], b[1]) > y1 + width
        ):
            return  # wholly off the surface
        pygame.draw.aaline(self.surface, colour, self.px(a), self.px(b), max(1, round(width * self.s)))

    def path(self, colour: Colour, pts: Sequence[Point], width: float, closed: bool = False) -> None:
        ends = [*pts, pts[0]] if closed else list(pts)
        for a, b in zip(ends, ends[1:]):
            self.line(colour, a, b, width)

    def rect(
        self, colour: Colour, r: tuple[float, float, float, float], width: float = 0.0, radius: float = 0.0
    ) -> None:
        x, y = self.px((r[0], r[1]))
        box = pygame.Rect(round(x), round(y), round(r[2] * self.s), round(r[3] * self.s))
        w = 0 if width <= 0 else max(1, round(width * self.s))
        pygame.draw.rect(self.surface, colour, box, w, border_radius=round(radius * self.s))

    def text(self, text: str, size: float, colour: Colour, centre: Point, backing: Colour | None = None) -> None:
        """Upright text ``size`` map pixels high, optionally on a dark tag; skipped when too small to read."""
        px = round(size * self.s)
        if px < 8:
            return
        img = font(px).render(text, True, colour)
        x, y = self.px(centre)
        box = img.get_rect(center=(round(x), round(y)))
        if backing is not None:
            pygame.draw.rect(self.surface, backing, box.inflate(px // 3, 0), border_radius=px // 4)
        self.surface.blit(img, box)


@lru_cache(maxsize=32)
def font(px: int) -> pygame.font.Font:
    """The default font (ships with pygame-ce) at ``px``, loaded once per size."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, px)


def paint_grass(surface: pygame.Surface, to_px: Callable[[Point], Point], band: float) -> None:
    """Mown grass: diagonal stripes ``band`` map pixels wide, fixed to the map.

    Fixed to the map rather than to the surface, so the window's background
    and the rendered board stripe alike and the board has no visible edge.
    """
    surface.fill(GRASS)
    w, h = surface.get_size()
    (x0, y0), (x1, _) = to_px((0.0, 0.0)), to_px((band, 0.0))
    step = x1 - x0  # one band in pixels; a stripe is the band where floor((x + y) / band) is even
    if step < 2:
        return
    origin = x0 + y0
    first = math.floor(-origin / (2 * step)) - 1
    last = math.ceil((w + h - origin) / (2 * step)) + 1
    for k in range(first, last):
        a = origin + 2 * k * step
        pygame.draw.polygon(surface, GRASS_STRIPE, [(a, 0), (a + step, 0), (a + step - h, h), (a - h, h)])


def speck(surface: pygame.Surface, colour: tuple[int, ...], at: Point, radius: float) -> None:
    """A dot of ``radius`` pixels; below one pixel, a single pixel (a circle that small draws nothing)."""
    if radius < 1.0:
        surface.fill(colour, (math.floor(at[0]), math.floor(at[1]), 1, 1))
    else:
        pygame.draw.circle(surface, colour, at, radius)


@lru_cache(maxsize=16)
def _opaque(kind: str, scale: float) -> pygame.Surface:
    """A texture without its alpha channel, as ``gfxdraw.textured_polygon`` needs it."""
    tile = pygame.Surface(texture(kind, scale).get_size())
    tile.blit(texture(kind, scale), (0, 0))
    return tile


TEXTURE_BASE: dict[str, Colour] = {
    "gravel": GRAVEL,
    "runoff": RUNOFF,
    "paved": PAVED,
    "water": WATER,
    "trees": TREE,
    "grass": GRASS,
    "meadow": MEADOW,
    "asphalt": ASPHALT,
    "pit": PIT_ASPHALT,
}
TEXTURE_SIZE = 64.0  # map pixels per texture tile


@lru_cache(maxsize=64)
def texture(kind: str, scale: float) -> pygame.Surface:
    """A seamless tile of a ground texture at ``scale`` (deterministic: the same picture every run)."""
    n = max(4, round(TEXTURE_SIZE * scale))
    k = n / TEXTURE_SIZE  # pixels per map pixel
    tile = pygame.Surface((n, n), pygame.SRCALPHA)
    base = TEXTURE_BASE[kind]
    tile.fill((*base, 255))
    rnd = random.Random(kind)

    def shade(c: Colour, d: int) -> tuple[int, int, int, int]:
        return (max(0, min(255, c[0] + d)), max(0, min(255, c[1] + d)), max(0, min(255, c[2] + d)), 255)

    def dots(count: int, radius: float, spread: int) -> None:
        for _ in range(count):
            x, y = rnd.uniform(0, n), rnd.uniform(0, n)
            colour = shade(base, rnd.randint(-spread, spread))
            for ox in (-n, 0, n):  # wrap around so the tile is seamless
                for oy in (-n, 0, n):
                    speck(tile, colour, (x + ox, y + oy), radius * k)

    if kind == "gravel":
        dots(220, 1.1, 28)
    elif kind == "runoff":
        dots(90, 0.8, 10)
    elif kind == "paved":
        dots(60, 0.8, 8)
        for i in range(4):
            if k >= 0.6:
                pygame.draw.line(tile, shade(base, -9), (0, i * n / 4), (n, i * n / 4), max(1, round(0.5 * k)))
                pygame.draw.line(tile, shade(base, -9), (i * n / 4, 0), (i * n / 4, n), max(1, round(0.5 * k)))
    elif kind == "water":
        for _ in range(14):
            x, y = rnd.uniform(0, n), rnd.uniform(0, n)
            w = rnd.uniform(6, 14) * k
            for ox in (-n, 0, n):
                pygame.draw.arc(
                    tile, shade(base, 26), (x + ox - w / 2, y - w / 4, w, w / 2), 0.3, 2.8, max(1, round(0.8 * k))
                )
    elif kind == "trees":
        dots(26, 7.0, 22)
        dots(30, 3.5, 30)
    elif kind == "grass":
        dots(60, 1.0, 8)
    elif kind in ("asphalt", "pit"):  # the grain of the tarmac: fine light and dark specks
        dots(900, 0.45, 22)
        dots(60, 0.9, 16)
    elif kind == "meadow":  # tufts of long grass and a few flowers, never mown
        dots(70, 3.2, 7)
        dots(160, 1.2, 11)
        for colour in ((236, 232, 210), (232, 200, 60), (170, 120, 200)):
            for _ in range(6):
                x, y = rnd.uniform(0, n), rnd.uniform(0, n)
                speck(tile, (*colour, 255), (x, y), 0.7 * k)
    return tile


# --- art: what the map says about the surroundings --------------------------------
