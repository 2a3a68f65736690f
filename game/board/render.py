"""Draw a Track as a printed Formula D board: grass, asphalt, kerbs, markings.

The rules' Track knows only space centres. Everything a player sees (space
outlines, kerbs, the corner boxes) is derived here once, and the very same
space polygons answer "which space did I click", so what you see is what
you click. The board is painted at the scale it is shown, whole or any part
of it (``paint``); the board view keeps that picture in tiles
(``game.board.tiles``), so a frame costs a few blits.

Each lane's centre line is a smooth curve through its space centres, cut
halfway between consecutive spaces; a space reaches halfway to the
neighbouring lane on either side. So neighbouring spaces share their cut,
neighbouring lanes meet along their middle line, and tight corners stay
round instead of turning into polygons.
"""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from statistics import median

import pygame
import pygame.gfxdraw

from game import texts
from game.board.apart import Apart
from game.board.labels import box_points
from game.board.blocked_art import MARGIN, hatch, inset
from game.board.contrast import NORMAL, Look, look as look_of
from game.board.printed import extra_pit_ways, forbidden_diagonals
from game.board import scenery_art as art
from game.board.scenery_art import ROOF_KINDS
from game.board.street_art import StreetArt
from game.tracks.geometry import Point, lerp, point_in_polygon, shrink
from rules.track import EdgeKind, Space, Track

Colour = tuple[int, int, int]

GRASS: Colour = (72, 134, 58)
GRASS_STRIPE: Colour = (79, 143, 63)
MEADOW: Colour = (86, 128, 60)
ASPHALT: Colour = (88, 90, 95)
PIT_ASPHALT: Colour = (58, 60, 65)
LINE: Colour = (236, 236, 230)
KERB_RED: Colour = (204, 32, 36)
KERB_WHITE: Colour = (242, 242, 238)
CORNER_LINE: Colour = (214, 40, 40)
YELLOW: Colour = (250, 204, 22)
DARK: Colour = (28, 28, 32)
BOX_RED: Colour = (196, 30, 34)
BOX_GREEN: Colour = (28, 142, 58)
ROW_TINTS: tuple[Colour, ...] = ((104, 108, 132), (124, 112, 92), (92, 118, 100))
GRAVEL: Colour = (212, 194, 148)
RUNOFF: Colour = (112, 115, 121)
PAVED: Colour = (160, 158, 151)
WATER: Colour = (44, 100, 146)
TREE: Colour = (36, 88, 40)
WALL: Colour = (226, 226, 220)
WALL_EDGE: Colour = (110, 112, 116)
TYRE: Colour = (26, 26, 28)
ROOF: Colour = (150, 156, 166)
ROOF_EDGE: Colour = (88, 92, 102)
GARAGE: Colour = (44, 46, 52)
ROOFS: tuple[Colour, ...] = ((150, 156, 166), (176, 98, 72), (140, 124, 110), (188, 176, 150), (120, 128, 140))
SEATS: Colour = (64, 78, 118)
GANTRY: Colour = (58, 62, 70)
STAND_ROOF: Colour = (206, 210, 216)
CROWD: tuple[Colour, ...] = (
    (226, 222, 212), (196, 70, 60), (224, 190, 60), (80, 120, 190), (60, 60, 66), (214, 150, 80))
SKIN: tuple[Colour, ...] = ((236, 200, 170), (206, 158, 120), (150, 104, 76), (110, 76, 56))

#: Points per space along a lane: enough for round corners at any zoom.
SAMPLES = 6
#: Rendered boards kept per renderer (scale x options) for a tool that asks twice; each can be
#: tens of MB, so the screens never use it (``paint`` draws without keeping).
CACHE_SIZE = 1


@dataclass(frozen=True)
class BoardOptions:
    """What to draw besides the board itself (designer aids)."""

    names: bool = False  # each space's name, small, inside it
    rows: bool = False  # tint rows so side-by-side spaces share a colour
    arrows: bool = True  # lane-change arrows
    contrast: bool = False  # the markings in high contrast (``game.board.contrast``)


@dataclass(frozen=True)
class Section:
    """A cross-section of a lane: a point of its centre curve and how far the lane reaches.

    ``normal`` is the unit vector to the left of the direction of travel;
    ``left`` and ``right`` are the distances to the lane's edges.
    """

    mid: Point
    normal: Point
    left: float
    right: float

    def at(self, offset: float) -> Point:
        """The point ``offset`` map pixels left of the centre curve (negative = right)."""
        return (self.mid[0] + self.normal[0] * offset, self.mid[1] + self.normal[1] * offset)

    @property
    def forward(self) -> Point:
        return (-self.normal[1], self.normal[0])


# --- plane geometry -------------------------------------------------------------


def _unit(dx: float, dy: float) -> Point:
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n)


def _dist_to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    seg2 = dx * dx + dy * dy
    t = 0.0 if seg2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / seg2))
    return math.hypot(p[0] - a[0] - dx * t, p[1] - a[1] - dy * t)


def _catmull_rom(p0: Point, p1: Point, p2: Point, p3: Point) -> Callable[[float], Point]:
    """The centripetal Catmull-Rom curve from p1 (s=0) to p2 (s=1): smooth, without loops or overshoot.

    Its knots are worked out once for the curve's every point (a board asks for some ten
    thousand); each point is the same nest of linear mixes as ``lerp`` makes them."""
    t1 = max(math.dist(p0, p1), 1e-6) ** 0.5
    t2 = t1 + max(math.dist(p1, p2), 1e-6) ** 0.5
    t3 = t2 + max(math.dist(p2, p3), 1e-6) ** 0.5
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = p0, p1, p2, p3
    span1, span2, span3, span02, span13 = t1, t2 - t1, t3 - t2, t2, t3 - t1

    def at(s: float) -> Point:
        t = t1 + (t2 - t1) * s
        k = t / span1
        ax1, ay1 = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
        k = (t - t1) / span2
        ax2, ay2 = x1 + (x2 - x1) * k, y1 + (y2 - y1) * k
        k = (t - t2) / span3
        ax3, ay3 = x2 + (x3 - x2) * k, y2 + (y3 - y2) * k
        k = t / span02
        bx1, by1 = ax1 + (ax2 - ax1) * k, ay1 + (ay2 - ay1) * k
        k = (t - t1) / span13
        bx2, by2 = ax2 + (ax3 - ax2) * k, ay2 + (ay3 - ay2) * k
        k = (t - t1) / span2
        return (bx1 + (bx2 - bx1) * k, by1 + (by2 - by1) * k)

    return at


def _curve(points: Sequence[Point], closed: bool) -> list[tuple[Point, Point]]:
    """(point, left normal) every 1/SAMPLES space along a lane, from half a space before its first centre.

    A closed lane gives ``len(points) * SAMPLES`` samples (the last wraps to the
    first); an open one (the pit lane) one more, ending half a space after its last centre.
    """
    n = len(points)
    if closed:
        def ctrl(i: int) -> Point:
            return points[i % n]
    else:
        pts = list(points) if n > 1 else [points[0], (points[0][0] + 1.0, points[0][1])]
        head, tail = pts[0], pts[-1]
        d0, d1 = (pts[1][0] - head[0], pts[1][1] - head[1]), (tail[0] - pts[-2][0], tail[1] - pts[-2][1])
        ext = [(head[0] - 2 * d0[0], head[1] - 2 * d0[1]), (head[0] - d0[0], head[1] - d0[1]), *pts,
               (tail[0] + d1[0], tail[1] + d1[1]), (tail[0] + 2 * d1[0], tail[1] + 2 * d1[1])]

        def ctrl(i: int) -> Point:
            return ext[i + 2]
    out = []
    curves: dict[int, Callable[[float], Point]] = {}
    for i in range(n * SAMPLES + (0 if closed else 1)):
        u = i / SAMPLES - 0.5
        k = math.floor(u)
        if k not in curves:
            curves[k] = _catmull_rom(ctrl(k - 1), ctrl(k), ctrl(k + 1), ctrl(k + 2))
        curve = curves[k]
        s = u - k
        p = curve(s)
        a, b = curve(s - 1e-3), curve(s + 1e-3)
        f = _unit(b[0] - a[0], b[1] - a[1])
        out.append((p, (f[1], -f[0])))
    return out


class _Nearest:
    """Distance to a long polyline; segments are bucketed on a grid because every question is local.

    A question looks in the cells around its point first and widens the search only while
    nothing lies that near: the answer is the same as searching all of ``reach`` at once (the
    nearest segment within a radius always touches a cell of that radius), and laying out a
    board asks some ten thousand of them.
    """

    def __init__(self, points: Sequence[Point], cell: float, closed: bool = True) -> None:
        self.cell = cell
        self.buckets: dict[tuple[int, int], list[tuple[float, float, float, float, float]]] = {}
        for a, b in zip(points, [*points[1:], points[0]] if closed else points[1:]):
            dx, dy = b[0] - a[0], b[1] - a[1]
            segment = (a[0], a[1], dx, dy, dx * dx + dy * dy)
            for key in _cells(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]), cell):
                self.buckets.setdefault(key, []).append(segment)

    def distance(self, p: Point, reach: float, first: float | None = None) -> float:
        """Distance to the nearest segment, or inf if none lies within ``reach``; the search
        begins ``first`` around ``p`` (a guess, such as the answer for a point nearby)."""
        radius = min(reach, self.cell if first is None else max(first, 0.25 * self.cell))
        while True:
            best = self._nearest(p, radius)
            if best <= radius or radius >= reach:
                return best if best <= reach else math.inf
            radius = min(reach, 2 * radius)

    def clear(self, p: Point, radius: float) -> bool:
        """Does no segment come nearer to ``p`` than ``radius``?"""
        return self._nearest(p, radius) >= radius

    def _nearest(self, p: Point, radius: float) -> float:
        """The distance to the nearest segment in the cells ``radius`` around ``p`` (inf if none)."""
        px, py = p
        best = math.inf
        get, cell = self.buckets.get, self.cell
        for cx in range(math.floor((px - radius) / cell), math.floor((px + radius) / cell) + 1):
            for cy in range(math.floor((py - radius) / cell), math.floor((py + radius) / cell) + 1):
                for ax, ay, dx, dy, seg2 in get((cx, cy), ()):
                    t = 0.0 if seg2 == 0 else ((px - ax) * dx + (py - ay) * dy) / seg2
                    if t < 0.0:
                        t = 0.0
                    elif t > 1.0:
                        t = 1.0
                    d = math.hypot(px - ax - dx * t, py - ay - dy * t)
                    if d < best:
                        best = d
        return best


class _MultiNearest:
    """Distance to the nearest of several polylines."""

    def __init__(self, parts: list[_Nearest]) -> None:
        self.parts = parts

    def distance(self, p: Point, reach: float) -> float:
        return min((n.distance(p, reach) for n in self.parts), default=math.inf)

    def clear(self, p: Point, radius: float) -> bool:
        return all(n.clear(p, radius) for n in self.parts)


def _cells(x0: float, y0: float, x1: float, y1: float, cell: float) -> list[tuple[int, int]]:
    return [
        (cx, cy)
        for cx in range(math.floor(x0 / cell), math.floor(x1 / cell) + 1)
        for cy in range(math.floor(y0 / cell), math.floor(y1 / cell) + 1)
    ]


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
        if (max(a[0], b[0]) < x0 - width or min(a[0], b[0]) > x1 + width
                or max(a[1], b[1]) < y0 - width or min(a[1], b[1]) > y1 + width):
            return  # wholly off the surface
        pygame.draw.aaline(self.surface, colour, self.px(a), self.px(b), max(1, round(width * self.s)))

    def path(self, colour: Colour, pts: Sequence[Point], width: float, closed: bool = False) -> None:
        ends = [*pts, pts[0]] if closed else list(pts)
        for a, b in zip(ends, ends[1:]):
            self.line(colour, a, b, width)

    def rect(self, colour: Colour, r: tuple[float, float, float, float], width: float = 0.0,
             radius: float = 0.0) -> None:
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
    "gravel": GRAVEL, "runoff": RUNOFF, "paved": PAVED, "water": WATER, "trees": TREE, "grass": GRASS,
    "meadow": MEADOW, "asphalt": ASPHALT, "pit": PIT_ASPHALT,
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
                pygame.draw.arc(tile, shade(base, 26), (x + ox - w / 2, y - w / 4, w, w / 2), 0.3, 2.8,
                                max(1, round(0.8 * k)))
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

#: Classes of the optional ``scenery`` object layer (drawn only; the rules never see it).
AREA_CLASSES = ("paved", "grass", "water", "runoff", "gravel")
#: Things on the ground, painted under the track: woods, single trees, hills, rocks, boats.
GROUND_CLASSES = ("hill", "trees", "tree", "rocks", "boat")
BLOCK_CLASSES = ("building", "stand", "tent")
LINE_CLASSES = ("wall", "tyres")
SCENERY_CLASSES = AREA_CLASSES + GROUND_CLASSES + BLOCK_CLASSES + LINE_CLASSES
SURROUNDINGS = ("grass", "meadow", "walls")


@dataclass(frozen=True)
class Scenery:
    """One drawn object of the ``scenery`` layer, in absolute map pixels."""

    cls: str
    points: tuple[Point, ...]
    name: str = ""
    roof: str = "gable"  # a building's roof: one of scenery_art.ROOF_KINDS


@dataclass(frozen=True)
class BoardArt:
    """How the surroundings look: the ``surroundings`` map property and the ``scenery`` layer.

    Pictures only: the loader and the rules ignore both. ``notes`` lists what
    could not be used (an unknown class, a point where an area was expected).
    """

    surroundings: str = "grass"
    scenery: tuple[Scenery, ...] = ()
    notes: tuple[str, ...] = field(default=())


def read_art(path: str | Path) -> BoardArt:
    """The art of a .tmx file; a plain ``BoardArt()`` if the file has none or cannot be read."""
    try:
        root = ET.parse(str(path)).getroot()
    except (OSError, ET.ParseError):
        return BoardArt()
    notes: list[str] = []
    surroundings = "grass"
    props = root.find("properties")
    for prop in props.iter("property") if props is not None else ():
        if prop.get("name") == "surroundings":
            value = (prop.get("value") or "").strip().lower()
            if value in SURROUNDINGS:
                surroundings = value
            else:
                notes.append(f"map property surroundings is {value!r}; use grass, meadow or walls")
    items: list[Scenery] = []
    for group in root.iter("objectgroup"):
        if group.get("name") != "scenery":
            continue
        for obj in group.iter("object"):
            item = _scenery(obj)
            if isinstance(item, str):
                notes.append(f"scenery object {obj.get('id')}: {item}")
            else:
                items.append(item)
    return BoardArt(surroundings, tuple(items), tuple(notes))


def _scenery(obj: ET.Element) -> Scenery | str:
    """One scenery object, or why it cannot be drawn."""
    cls = obj.get("type") or obj.get("class") or ""
    if cls not in SCENERY_CLASSES:
        return f"class {cls or '(none)'!r} is not one of {', '.join(SCENERY_CLASSES)}"
    try:
        x, y = float(obj.get("x", 0)), float(obj.get("y", 0))
        w, h = float(obj.get("width", 0)), float(obj.get("height", 0))
        angle = math.radians(float(obj.get("rotation", 0)))
    except ValueError:
        return "its position is not a number"
    shape = next((el for el in obj if el.tag in ("polygon", "polyline", "ellipse", "point")), None)
    if shape is None:
        rel = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)] if w > 0 and h > 0 else []
    elif shape.tag == "ellipse":
        rel = [(w / 2 + w / 2 * math.cos(t), h / 2 + h / 2 * math.sin(t))
               for t in (2 * math.pi * i / 32 for i in range(32))]
    elif shape.tag == "point":
        rel = []
    else:
        try:
            rel = [(float(a), float(b)) for a, b in (p.split(",") for p in (shape.get("points") or "").split())]
        except ValueError:
            return "its points are not numbers"
    needs = 2 if cls in LINE_CLASSES else 3
    if len(rel) < needs:
        return f"a {cls} needs {'a polyline' if needs == 2 else 'a rectangle, polygon or ellipse'}"
    roof = "gable"
    for prop in obj.iter("property"):
        if prop.get("name") == "roof":
            roof = (prop.get("value") or "").strip().lower() or "gable"
            if roof not in ROOF_KINDS:
                return f"its roof is {roof!r}; use one of {', '.join(ROOF_KINDS)}"
    cos, sin = math.cos(angle), math.sin(angle)
    pts = tuple((x + px * cos - py * sin, y + px * sin + py * cos) for px, py in rel)
    return Scenery(cls, pts, obj.get("name") or "", roof)


# --- the board ------------------------------------------------------------------


class BoardRenderer:
    """Space polygons, hit-testing and the rendered picture of one track."""

    #: What a board's layout copies from another that was laid out from the same drawing.
    LAYOUT = ("sections", "lane_width", "_polys", "corner_boxes", "_near_track", "_near_pit", "gravel", "walls",
              "pit_building", "bounds", "_cell", "_grid", "open_lanes", "along")

    def __init__(self, track: Track, scale: float = 1.0, art: BoardArt | None = None,
                 like: BoardRenderer | None = None) -> None:
        """Lay out ``track``'s board; or take ``like``'s layout where it was laid out from the
        same drawing (a map saved with other stops, weather or names: hot reload at once)."""
        self.track = track
        self.scale = scale
        self.art = art or BoardArt()
        if like is not None and like.laid_out_as(track, self.art):
            for name in self.LAYOUT:
                setattr(self, name, getattr(like, name))
            self.street = StreetArt(self, ASPHALT)
        else:
            self._lay_out()
        self.no_change = self._no_change_runs()
        self.apart = Apart(self)
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.look: Look = NORMAL  # the markings' look of the picture being painted

    def laid_out_as(self, track: Track, art: BoardArt) -> bool:
        """Would ``track`` with ``art`` be laid out as this board is? The layout reads the
        spaces, the pit lane, the street's zones and tunnels, each corner's inside and the art;
        a corner's name, stops and ways, the arrows and the grid are only painted."""
        old = self.track
        return (old.spaces == track.spaces and old.pit == track.pit and old.zones == track.zones
                and old.tunnels == track.tunnels and old.lanes == track.lanes and old.partial == track.partial
                and self.art == art
                and [c.inside for c in old.corners] == [c.inside for c in track.corners])

    def _lay_out(self) -> None:
        track = self.track
        self.sections: dict[int, list[Section]] = {}
        self.lane_width = self._lanes()
        if track.pit is not None:
            half = self.lane_width / 2
            pit = _curve([(s.x, s.y) for s in track.lane_spaces(-1)], closed=False)
            self.sections[-1] = [Section(p, n, half, half) for p, n in pit]
        self._polys = {s.name: self._outline(s) for s in track.spaces}
        self._near_track = _MultiNearest([_Nearest([k.mid for k in self.sections[li]], self.lane_width,
                                                   closed=li not in self.open_lanes) for li in range(track.lanes)])
        self._near_pit = _MultiNearest([_Nearest([k.mid for k in self.sections[-1]], self.lane_width, closed=False)]
                                       if track.pit is not None else [])
        self.corner_boxes = [self._corner_box(i) for i in range(len(track.corners))]
        self.gravel = [] if self.art.surroundings == "walls" else [self._gravel_trap(i) for i in range(len(track.corners))]
        self.walls = self._walls()
        self.pit_building = self._pit_building() if track.pit is not None else None
        self.street = StreetArt(self, ASPHALT)
        self.bounds = self._bounds()
        self._cell = self.lane_width
        self._grid: dict[tuple[int, int], list[str]] = {}
        for name, poly in self._polys.items():
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            for key in _cells(min(xs), min(ys), max(xs), max(ys), self._cell):
                self._grid.setdefault(key, []).append(name)

    # --- geometry -------------------------------------------------------------

    def _lanes(self) -> float:
        """Sections of every track lane; returns the typical lane spacing (the width of a space)."""
        t = self.track
        # a lane that begins and ends is drawn open, from its first space to its last, only there;
        # each space's sections are counted from where its lane's drawing begins
        self.open_lanes = {run.lane for run in t.partial}
        self.along = {s.name: k for li in range(t.lanes) for k, s in enumerate(t.lane_run(li))}
        centres = {li: [(s.x, s.y) for s in t.lane_run(li)] for li in range(t.lanes)}
        step = median(math.dist(a, b) for pts in centres.values() for a, b in zip(pts, pts[1:]))
        curves = {li: _curve(pts, closed=li not in self.open_lanes) for li, pts in centres.items()}
        near = {li: _Nearest([p for p, _ in c], step, closed=li not in self.open_lanes) for li, c in curves.items()}
        reach = 4 * step

        def along(lane: int, curve: list[tuple[Point, Point]]) -> list[float]:
            """The distance from each point of ``curve`` to ``lane``'s curve (inf: none or too far);
            each search begins a little beyond the last point's answer, as the lanes run side by side."""
            if not 0 <= lane < t.lanes:
                return [math.inf] * len(curve)
            out, last = [], math.inf
            for p, _ in curve:
                last = near[lane].distance(p, reach, None if last == math.inf else 1.2 * last)
                out.append(last)
            return out

        gaps = {li: list(zip(along(li - 1, curve), along(li + 1, curve))) for li, curve in curves.items()}
        spacing = [g for pairs in gaps.values() for pair in pairs for g in pair if g < math.inf]
        width = median(spacing) if spacing else step
        for li, curve in curves.items():
            sections = []
            for (p, n), (gl, gr) in zip(curve, gaps[li]):
                left = gr if gl == math.inf else gl
                right = left if gr == math.inf else gr
                sections.append(Section(p, n, _clamp(left / 2, width), _clamp(right / 2, width)))
            self.sections[li] = sections
        return width

    def _span(self, s: Space) -> list[Section]:
        """The sections from a space's back cut to its front cut."""
        sec = self.sections[s.lane]
        at = s.index if s.in_pit else self.along[s.name]
        return [sec[(at * SAMPLES + j) % len(sec)] for j in range(SAMPLES + 1)]

    def _outline(self, s: Space, grow_left: float = 0.0, grow_right: float = 0.0) -> list[Point]:
        span = self._span(s)
        return [c.at(c.left + grow_left) for c in span] + [c.at(-c.right - grow_right) for c in reversed(span)]

    def _box_corners(self, s: Space) -> tuple[Point, Point, Point, Point]:
        """Back-left, front-left, front-right, back-right of a space."""
        p = self._polys[s.name]
        return p[0], p[SAMPLES], p[SAMPLES + 1], p[-1]

    def _outer_lane(self, corner: int) -> int:
        return 0 if self.track.corners[corner].inside == "right" else self.track.lanes - 1

    def _members(self, corner: int, lane: int) -> tuple[int, list[Space]]:
        """The lane nearest ``lane`` towards the middle that has spaces in the corner (a lane that
        begins and ends may not run through it), and those spaces in driving order."""
        step = 1 if 2 * lane < self.track.lanes else -1
        while True:
            members = [s for s in self.track.lane_run(lane) if s.corner == corner]
            if members or not 0 <= lane + step < self.track.lanes:
                return lane, members
            lane += step

    def _corner_span(self, corner: int, lane: int) -> list[Section]:
        """The sections of one lane from where a corner area begins to where it ends."""
        lane, members = self._members(corner, lane)
        sec = self.sections[lane]
        first, last = self.along[members[0].name], self.along[members[-1].name]
        return [sec[i % len(sec)] for i in range(first * SAMPLES, (last + 1) * SAMPLES + 1)]

    def _kerb_edge(self, corner: int) -> list[tuple[Point, Point]]:
        """(edge point, outward unit normal) along the outer edge of a corner area."""
        lane = self._outer_lane(corner)
        side = 1.0 if lane == 0 else -1.0
        return [
            (c.at(c.left if side > 0 else -c.right), (c.normal[0] * side, c.normal[1] * side))
            for c in self._corner_span(corner, lane)
        ]

    def _corner_box(self, corner: int) -> tuple[float, float, float, float]:
        """Where the corner's sign goes: outside the middle of the corner, clear of the kerb and
        pushed further out where another stretch of track passes near."""
        w = self.lane_width
        bw, bh = 1.7 * w, 1.4 * w
        edge = self._kerb_edge(corner)
        first = None
        for step in range(12):  # out from the kerb, then a little further
            for at in (0.5, 0.35, 0.65, 0.2, 0.8):  # the middle of the corner first
                (x, y), n = edge[round(at * (len(edge) - 1))]
                reach = abs(n[0]) * bw / 2 + abs(n[1]) * bh / 2 + (0.55 + 0.3 * step) * w
                box = (x + n[0] * reach - bw / 2, y + n[1] * reach - bh / 2, bw, bh)
                first = first or box
                if all(self._clear(p, 0.95 * w) for p in box_points(box, 0.25 * w)):
                    return box
        assert first is not None
        return first

    # --- surroundings (pictures only) ------------------------------------------

    def _edge_run(self, lane: int, side: float, first: int, last: int) -> list[tuple[Point, Point]]:
        """(edge point, outward normal) of one side of a lane from section ``first`` to ``last`` (wrapping)."""
        sec = self.sections[lane]
        out = []
        for i in range(first, last + 1):
            k = sec[i % len(sec)]
            out.append((k.at(k.left if side > 0 else -k.right), (k.normal[0] * side, k.normal[1] * side)))
        return out

    def _clear(self, p: Point, expected: float) -> bool:
        """True if no other part of the track or pit lane comes closer to ``p`` than ``expected``."""
        radius = expected - 0.25 * self.lane_width
        return self._near_track.clear(p, radius) and self._near_pit.clear(p, radius)

    def _gravel_trap(self, corner: int) -> tuple[list[Point], list[Point]]:
        """The gravel beyond the kerb of one corner, reaching further out past the apex; and its tyre wall.

        The trap is shallower wherever another part of the track passes near,
        so it never spills over a neighbouring straight.
        """
        w = self.lane_width
        lane = self._outer_lane(corner)
        side = 1.0 if lane == 0 else -1.0
        lane, members = self._members(corner, lane)
        first = self.along[members[0].name] * SAMPLES - SAMPLES
        last = (self.along[members[-1].name] + 1) * SAMPLES + 2 * SAMPLES
        run = self._edge_run(lane, side, first, last)
        inner_gap, depth = 0.32 * w, 1.7 * w
        inner, outer = [], []
        n = len(run) - 1
        for i, (p, nrm) in enumerate(run):
            t = i / n
            ramp = min(1.0, t / 0.3, (1.0 - t) / 0.3)
            d = depth * (3 * ramp * ramp - 2 * ramp * ramp * ramp)
            half = 0.5 * w
            while d > 0.05 * w and not self._clear((p[0] + nrm[0] * (inner_gap + d), p[1] + nrm[1] * (inner_gap + d)),
                                                  half + inner_gap + d):
                d *= 0.8
            inner.append((p[0] + nrm[0] * inner_gap, p[1] + nrm[1] * inner_gap))
            outer.append((p[0] + nrm[0] * (inner_gap + d), p[1] + nrm[1] * (inner_gap + d)))
        return inner + outer[::-1], outer

    def _walls(self) -> list[list[Point]]:
        """Concrete walls: both edges all round on a street circuit, else only between track and pit lane."""
        w = self.lane_width
        runs: list[list[Point]] = []
        pit_parts = self._pit_connectors()

        def near_pit(p: Point) -> bool:
            return (self._near_pit.distance(p, w) < 0.85 * w
                    or any(_dist_to_segment(p, a, b) < 0.85 * w for a, b in pit_parts))

        if self.art.surroundings == "walls":
            gap = 0.36 * w
            for lane, side in ((0, 1.0), (self.track.lanes - 1, -1.0)):
                sec = self.sections[lane]
                pts = [(p[0] + n[0] * gap, p[1] + n[1] * gap) for p, n in self._edge_run(lane, side, 0, len(sec))]
                runs += _split(pts, near_pit, closed=lane not in self.open_lanes)
        elif self.track.pit is not None:
            pit = self.sections[-1]
            side = self._pit_track_side()
            pts = [k.at(side * (k.left + 0.28 * w)) for k in pit]
            extra = pit_parts[2:]

            def cut(p: Point) -> bool:
                return not self._clear(p, 0.78 * w) or any(_dist_to_segment(p, a, b) < 0.6 * w for a, b in extra)

            runs += [r for r in _split(pts, cut, closed=False) if len(r) > SAMPLES]
        return runs

    def _pit_connectors(self) -> list[tuple[Point, Point]]:
        """The roads between track and pit lane: the drawn entry's and exit's, then those of a
        second entry or exit (CORE-PIT-2), each from the space cars leave to the one they reach."""
        pit = self.track.pit
        if pit is None:
            return []
        sec = self.sections[-1]
        entry, exit_ = self.track.space(pit.entry), self.track.space(pit.exit)
        return [((entry.x, entry.y), sec[0].mid), (sec[-1].mid, (exit_.x, exit_.y)), *extra_pit_ways(self.track)]

    def _pit_track_side(self) -> float:
        """+1 if the track lies to the left of the pit lane (in its direction of travel), else -1."""
        mid = self.sections[-1][len(self.sections[-1]) // 2]
        reach = 6 * self.lane_width
        left = self._near_track.distance(mid.at(self.lane_width), reach)
        right = self._near_track.distance(mid.at(-self.lane_width), reach)
        return 1.0 if left < right else -1.0

    def _pit_building(self) -> tuple[list[Point], list[tuple[Point, Point, Point, Point]]]:
        """The garages: a long building behind the boxes, on the far side of the pit lane, one door per box."""
        pit = self.track.pit
        assert pit is not None
        w = self.lane_width
        side = -self._pit_track_side()
        boxes = [self.track.space(n) for n in pit.boxes]
        first = min(b.index for b in boxes) * SAMPLES - SAMPLES // 2
        last = (max(b.index for b in boxes) + 1) * SAMPLES + SAMPLES // 2
        sec = self.sections[-1][max(0, first):min(len(self.sections[-1]), last + 1)]
        near, far = 0.62 * w, 1.75 * w
        front = [k.at(side * near) for k in sec]
        back = [k.at(side * far) for k in sec]
        doors = []
        for b in boxes:
            mid = self.sections[-1][b.index * SAMPLES + SAMPLES // 2]
            f = mid.forward
            a, z = mid.at(side * near), mid.at(side * (near + 0.45 * w))
            hw = 0.32 * w
            doors.append(((a[0] - f[0] * hw, a[1] - f[1] * hw), (a[0] + f[0] * hw, a[1] + f[1] * hw),
                          (z[0] + f[0] * hw, z[1] + f[1] * hw), (z[0] - f[0] * hw, z[1] - f[1] * hw)))
        return front + back[::-1], doors

    def _bounds(self) -> tuple[float, float, float, float]:
        pts = [p for poly in self._polys.values() for p in poly]
        for x, y, w, h in self.corner_boxes:
            pts += [(x, y), (x + w, y + h)]
        pts += [p for poly, _ in self.gravel for p in poly]
        pts += [p for item in self.art.scenery for p in item.points]
        if self.pit_building is not None:
            pts += self.pit_building[0]
        pts += self.street.extent()
        m = self.lane_width
        x0, y0 = math.floor(min(p[0] for p in pts) - m), math.floor(min(p[1] for p in pts) - m)
        x1, y1 = math.ceil(max(p[0] for p in pts) + m), math.ceil(max(p[1] for p in pts) + m)
        return (float(x0), float(y0), float(x1 - x0), float(y1 - y0))

    # --- queries --------------------------------------------------------------

    def space_polygon(self, name: str) -> list[Point]:
        """The space's outline in map coordinates: its left edge forwards, then its right edge backwards."""
        return list(self._polys[name])

    def space_at(self, x: float, y: float) -> str | None:
        """The space under a map point, or None."""
        for name in self._grid.get((math.floor(x / self._cell), math.floor(y / self._cell)), ()):
            if point_in_polygon((x, y), self._polys[name]):
                return name
        return None

    def size_at(self, scale: float) -> tuple[int, int]:
        """Pixel size of the rendered board at ``scale``, rounded as ``paint`` rounds it."""
        scale = round(scale, 4)
        return (max(1, round(self.bounds[2] * scale)), max(1, round(self.bounds[3] * scale)))

    # --- drawing --------------------------------------------------------------

    def render(self, options: BoardOptions = BoardOptions(), scale: float | None = None,
               area: tuple[float, float, float, float] | None = None, transparent: bool = False) -> pygame.Surface:
        """The whole board at ``scale`` (map pixels x scale; default: the renderer's), cached.

        ``area`` (x, y, width, height in map pixels; default ``bounds``) renders
        another part of the map, such as the whole map for a Tiled preview;
        ``transparent`` leaves the ground (grass or paving) out.
        """
        key = (round(self.scale if scale is None else scale, 4), options, area, transparent, texts.language())
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        surface = self.paint(options, key[0], area, transparent)
        self._cache[key] = surface
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return surface

    def paint(self, options: BoardOptions = BoardOptions(), scale: float | None = None,
              area: tuple[float, float, float, float] | None = None, transparent: bool = False) -> pygame.Surface:
        """A new picture as ``render`` makes it, not kept: the board view's tiles and the
        track's pictures are held by whoever shows them, and only while they do."""
        canvas = Canvas(area or self.bounds, round(self.scale if scale is None else scale, 4), transparent)
        self._paint(canvas, options, ground=not transparent)
        return canvas.surface

    def paint_ground(self, surface: pygame.Surface, to_px: Callable[[Point], Point]) -> None:
        """The ground around the board (mown grass, an unmown alpine meadow, or paving on a street
        circuit), fixed to the map."""
        if self.art.surroundings in ("walls", "meadow"):
            w, h = surface.get_size()
            kind = "paved" if self.art.surroundings == "walls" else "meadow"
            tile = texture(kind, round(self.scale_of(to_px), 3))
            tw, th = tile.get_size()
            ax, ay = to_px((0.0, 0.0))
            for ty in range(int(ay % th - th), h, th):
                for tx in range(int(ax % tw - tw), w, tw):
                    surface.blit(tile, (tx, ty))
        else:
            paint_grass(surface, to_px, self.grass_band)

    @staticmethod
    def scale_of(to_px: Callable[[Point], Point]) -> float:
        return to_px((1.0, 0.0))[0] - to_px((0.0, 0.0))[0]

    def _paint(self, c: Canvas, o: BoardOptions, ground: bool = True) -> None:
        self.look = look_of(o.contrast)
        if ground:
            self.paint_ground(c.surface, c.px)
        for cls in AREA_CLASSES:
            for item in self.art.scenery:
                if item.cls == cls:
                    c.textured(cls, item.points)
        water = [list(item.points) for item in self.art.scenery if item.cls == "water"]
        for pts in water:
            art.waterside(c, pts, self.lane_width, self.art.surroundings == "walls",
                          lambda p: any(point_in_polygon(p, other) for other in water))
        self._ground_things(c)
        for poly, tyres in self.gravel:
            c.textured("gravel", poly)
            self._tyres(c, tyres)
        if self.track.pit is not None:
            self._pit(c)
        self._asphalt(c)
        self._worn_line(c)
        self.street.ground(c)
        if o.rows:
            for s in self.track.spaces:
                if not s.in_pit:
                    c.poly(ROW_TINTS[s.row % len(ROW_TINTS)], self._polys[s.name])
        self._kerbs(c)
        self._lines(c)
        self._no_change_lines(c)
        self._corner_lines(c)
        self._start_line(c)
        self._grid_slots(c)
        self._blocked_spaces(c)
        for run in self.walls:
            self._wall(c, run)
        for item in self.art.scenery:
            if item.cls == "wall":
                self._wall(c, list(item.points))
            elif item.cls == "tyres":
                self._tyres(c, list(item.points))
        if self.pit_building is not None:
            self._garages(c)
        for item in self.art.scenery:
            if item.cls == "building":
                self._building(c, list(item.points), item.name, item.roof)
            elif item.cls == "stand":
                self._stand(c, list(item.points), item.name)
            elif item.cls == "tent":
                art.tent(c, list(item.points), self.lane_width)
        self.street.buildings(c)
        self.street.marks(c)
        self._gantry(c)
        if o.arrows:
            self._arrows(c)
        for i in range(len(self.track.corners)):
            self._corner_sign(c, i)
        if self.track.pit is not None:
            self._pit_sign(c)
        if o.names or o.rows:
            self._labels(c, o)

    # --- surroundings drawing ---------------------------------------------------

    def _wall(self, c: Canvas, run: list[Point]) -> None:
        """A concrete wall: a pale band with a dark outline."""
        w = self.lane_width
        c.path(WALL_EDGE, run, 0.2 * w)
        c.path(WALL, run, 0.12 * w)

    def _tyres(self, c: Canvas, run: list[Point]) -> None:
        """A tyre barrier: black tyres side by side along the line."""
        w = self.lane_width
        r = 0.09 * w
        step = 2.1 * r
        carry = 0.0
        for a, b in zip(run, run[1:]):
            d = math.dist(a, b)
            t = carry
            while t < d:
                p = lerp(a, b, t / d)
                x, y = c.px(p)
                rad = max(1.0, r * c.s)
                pygame.draw.circle(c.surface, TYRE, (x, y), rad)
                if rad >= 3:
                    pygame.draw.circle(c.surface, (70, 70, 74), (x, y), rad * 0.45)
                t += step
            carry = t - d

    def _ground_things(self, c: Canvas) -> None:
        """Hills first, then woods, trees, rocks and boats, each with its shadow."""
        w = self.lane_width
        for cls in GROUND_CLASSES:
            for item in self.art.scenery:
                if item.cls != cls:
                    continue
                pts = list(item.points)
                if cls == "hill":
                    art.hill(c, pts, w)
                elif cls == "trees":
                    art.wood(c, pts, w)
                elif cls == "tree":
                    art.tree(c, pts)
                elif cls == "rocks":
                    art.rocks(c, pts, w)
                else:
                    art.boat(c, pts, w)

    def _worn_line(self, c: Canvas) -> None:
        """The racing line worn dark by the tyres: across each corner's inside lane, where
        every car cuts the apex."""
        w = self.lane_width
        for i, corner in enumerate(self.track.corners):
            lane = 0 if corner.inside == "left" else self.track.lanes - 1
            span = self._corner_span(i, lane)
            n = len(span)
            band = [k.mid for k in span[n // 6: n - n // 6]]
            if len(band) < 2 or c.off(band, w):
                continue
            taper = [math.sin(math.pi * (j + 0.5) / len(band)) ** 0.5 for j in range(len(band))]
            for width, alpha in ((0.5, 22), (0.28, 26)):
                half = [width * w / 2 * t for t in taper]
                along = list(zip(band, span[n // 6:], half))
                left = [(p[0] + k.normal[0] * d, p[1] + k.normal[1] * d) for p, k, d in along]
                right = [(p[0] - k.normal[0] * d, p[1] - k.normal[1] * d) for p, k, d in along]
                art.translucent(c, (12, 12, 14), alpha, left + right[::-1])

    def _garages(self, c: Canvas) -> None:
        """The pit building: a flat roof with its shadow, a garage door per box."""
        assert self.pit_building is not None
        outline, doors = self.pit_building
        w = self.lane_width
        art.shadow(c, outline, 0.9 * w)
        c.poly(ROOF_EDGE, outline)
        inset = shrink(outline, 0.08 * w)
        c.poly(ROOF, inset)
        c.path(art.shade(ROOF, 16), inset, 0.04 * w, closed=True)
        for door in doors:
            c.poly(GARAGE, list(door))
            c.path(art.shade(GARAGE, 30), [door[0], door[1]], 0.04 * w)

    def _building(self, c: Canvas, pts: list[Point], name: str, roof: str = "gable") -> None:
        """A roof seen from above, lit from the upper left and casting its shadow; the name on it."""
        colour = random.Random(f"{pts[0][0]:.0f},{pts[0][1]:.0f}").choice(ROOFS)
        art.roof(c, pts, colour, roof, self.lane_width)
        if name:
            self._name_on(c, pts, name, LINE, backing=DARK)

    def _stand(self, c: Canvas, pts: list[Point], name: str) -> None:
        """A grandstand: rows of seats along its long side, full of spectators.

        A rectangle's rows run along its longer side; a band (a polygon whose
        second half runs back along its first, as beside a bend) has rows
        that follow the band.
        """
        w = self.lane_width
        art.shadow(c, pts, 1.2 * w)
        c.poly(ROOF_EDGE, pts)
        if len(pts) == 4:
            a, b, cc, d = pts
            if math.dist(a, b) < math.dist(a, d):  # let a-b be the long side
                a, b, cc, d = a, d, cc, b
            near, far = [a, b], [d, cc]
        elif len(pts) % 2 == 0:
            near, far = pts[: len(pts) // 2], pts[len(pts) // 2:][::-1]
        else:
            c.poly(SEATS, shrink(pts, 0.08 * w))
            return
        depth = math.dist(near[0], far[0])
        rows = max(2, round(depth / (0.22 * w)))
        rnd = random.Random(f"{pts[0]}")
        rad = max(1.0, 0.05 * w * c.s)
        covered = 0.62  # the rows beyond this share of the depth are under the roof
        for j in range(rows):
            t0, t1 = covered * j / rows, covered * (j + 0.8) / rows
            lo = [lerp(p, q, t0) for p, q in zip(near, far)]
            hi = [lerp(p, q, t1) for p, q in zip(near, far)]
            c.poly(SEATS, lo + hi[::-1])
            mid = [lerp(p, q, 0.5) for p, q in zip(lo, hi)]
            back = [lerp(p, q, 0.8) for p, q in zip(lo, hi)]
            c.poly(art.shade(SEATS, -18), back + hi[::-1])  # the seat backs
            for (a, b), (a2, b2) in zip(zip(mid, mid[1:]), zip(back, back[1:])):
                n = int(math.dist(a, b) / (0.14 * w))
                for i in range(n):
                    if rnd.random() < 0.3:
                        continue  # an empty seat
                    head = c.px(lerp(a, b, (i + 0.5) / n))
                    body = c.px(lerp(a2, b2, (i + 0.5) / n))
                    pygame.draw.circle(c.surface, rnd.choice(CROWD), body, rad)
                    if rad >= 1.6:
                        pygame.draw.circle(c.surface, rnd.choice(SKIN), head, rad * 0.62)
        eave = [lerp(p, q, covered) for p, q in zip(near, far)]
        canopy = eave + far[::-1]
        art.translucent(c, (0, 0, 0), 60, [lerp(p, q, -0.12) for p, q in zip(eave, far)] + eave[::-1])
        c.poly(STAND_ROOF, canopy)
        c.path(art.shade(STAND_ROOF, 28), eave, 0.06 * w)
        for e0, e1, f0, f1 in zip(eave, eave[1:], far, far[1:]):  # ribs from the eave to the back wall
            k = max(1, round(math.dist(e0, e1) / (0.5 * w)))
            for i in range(k + 1):
                c.line(art.shade(STAND_ROOF, -24), lerp(e0, e1, i / k), lerp(f0, f1, i / k), 0.03 * w)
        if name:
            self._name_on(c, canopy, name, LINE, backing=DARK)

    def _name_on(self, c: Canvas, pts: list[Point], name: str, colour: Colour, backing: Colour | None = None) -> None:
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        c.text(texts.place_name(name), 0.34 * self.lane_width, colour, (cx, cy), backing=backing)

    @property
    def grass_band(self) -> float:
        """Width of one mowing stripe in map pixels."""
        return 2.5 * self.lane_width

    def _asphalt(self, c: Canvas) -> None:
        """The track: every space, widened to overlap its neighbours and by a shoulder at the edges."""
        w = self.lane_width
        last = self.track.lanes - 1
        for s in self.track.spaces:
            if not s.in_pit:
                shoulder = self.apart.shoulder(s.name)  # less where another stretch passes near
                grow_left = shoulder if s.lane == 0 else 0.1 * w
                grow_right = shoulder if s.lane == last else 0.1 * w
                if self.look.tarmac is None:
                    c.grained("asphalt", self._outline(s, grow_left, grow_right))
                else:
                    c.poly(self.look.tarmac, self._outline(s, grow_left, grow_right))

    def _pit(self, c: Canvas) -> None:
        """The pit lane in darker asphalt, joined to the track at every entry and exit space; its
        edge lines open where the road of a second entry or exit joins it (CORE-PIT-2)."""
        pit = self.track.pit
        assert pit is not None
        sec = self.sections[-1]
        w = self.lane_width
        h = 0.42 * w
        roads = self._pit_connectors()
        for a, b in roads:
            n = _unit(b[1] - a[1], a[0] - b[0])
            c.poly(PIT_ASPHALT, [(a[0] + n[0] * h, a[1] + n[1] * h), (b[0] + n[0] * h, b[1] + n[1] * h),
                                 (b[0] - n[0] * h, b[1] - n[1] * h), (a[0] - n[0] * h, a[1] - n[1] * h)])
        for s in self.track.lane_spaces(-1):
            c.grained("pit", self._outline(s, 0.1 * w, 0.1 * w))

        def mouth(p: Point) -> bool:
            return any(_dist_to_segment(p, a, b) < h for a, b in roads[2:])

        for edge in ([k.at(k.left) for k in sec], [k.at(-k.right) for k in sec]):
            for run in _split(edge, mouth, closed=False):
                c.path(LINE, run, 0.05 * w)
        for k in sec[::SAMPLES]:
            c.line(LINE, k.at(k.left), k.at(-k.right), 0.035 * w)
        for number, name in enumerate(pit.boxes, 1):
            s = self.track.space(name)
            bay = [lerp(p, (s.x, s.y), 0.22) for p in self._box_corners(s)]
            c.path(YELLOW, bay, 0.035 * w, closed=True)
            c.text(str(number), 0.5 * w, YELLOW, (s.x, s.y))

    def _pit_sign(self, c: Canvas) -> None:
        """"PIT LANE" on the roof of the garages, in the middle of the pit lane."""
        mid = self.sections[-1][len(self.sections[-1]) // 2]
        side = -self._pit_track_side()
        c.text(texts.tr("board.pit_lane"), 0.36 * self.lane_width, DARK, mid.at(side * 1.38 * self.lane_width))

    def _kerbs(self, c: Canvas) -> None:
        """Red and white blocks, three per space, along the outer edge of every corner area."""
        depth = 0.3 * self.lane_width
        per_block = SAMPLES // 3
        for i in range(len(self.track.corners)):
            edge = self._kerb_edge(i)
            for b, start in enumerate(range(0, len(edge) - 1, per_block)):
                part = edge[start:start + per_block + 1]
                outer = [(p[0] + n[0] * depth, p[1] + n[1] * depth) for p, n in reversed(part)]
                c.poly(KERB_RED if b % 2 == 0 else KERB_WHITE, [p for p, _ in part] + outer)
            self._apex_kerb(c, i)

    def _apex_kerb(self, c: Canvas, corner: int) -> None:
        """A narrower kerb on the inside of the corner's middle, where cars clip the apex; it
        stops wherever another stretch of track passes nearer than the ground the board keeps."""
        w = self.lane_width
        lane = self.track.lanes - 1 - self._outer_lane(corner)
        side = 1.0 if lane == 0 else -1.0
        span = self._corner_span(corner, lane)
        middle = span[len(span) // 4: len(span) - len(span) // 4]
        depth = 0.16 * w
        edge = [(k.at(k.left if side > 0 else -k.right), (k.normal[0] * side, k.normal[1] * side))
                for k in middle]
        for b, start in enumerate(range(0, len(edge) - 1, 2)):
            part = edge[start:start + 3]
            outer = [(p[0] + n[0] * depth, p[1] + n[1] * depth) for p, n in reversed(part)]
            if not all(self._clear(q, 0.85 * w) for q in outer):
                continue
            c.poly(KERB_RED if b % 2 == 0 else KERB_WHITE, [p for p, _ in part] + outer)

    def _lines(self, c: Canvas) -> None:
        """White lines between spaces and along every lane edge; the track's edges a little bolder."""
        w, look = self.lane_width, self.look
        last = self.track.lanes - 1
        self._open_lines(c, last)
        for lane in (li for li in range(self.track.lanes) if li not in self.open_lanes):
            sec = self.sections[lane]
            c.path(look.line, [k.at(k.left) for k in sec], (look.edge if lane == 0 else look.border) * w, closed=True)
            c.path(look.line, [k.at(-k.right) for k in sec], (look.edge if lane == last else look.border) * w, closed=True)
            for k in sec[::SAMPLES]:
                c.line(look.line, k.at(k.left), k.at(-k.right), (look.border + 0.005) * w)

    def _open_lines(self, c: Canvas, last: int) -> None:
        """The lines of a lane that begins and ends, open at both ends (the track's edge a little
        bolder), and the track's edge along the lane beside it where it is not there."""
        w, look = self.lane_width, self.look
        for lane in sorted(self.open_lanes):
            sec = self.sections[lane]
            c.path(look.line, [k.at(k.left) for k in sec], (look.edge if lane == 0 else look.border) * w)
            c.path(look.line, [k.at(-k.right) for k in sec], (look.edge if lane == last else look.border) * w)
            for k in sec[::SAMPLES]:
                c.line(look.line, k.at(k.left), k.at(-k.right), (look.border + 0.005) * w)
            inner, side = (1, 1) if lane == 0 else (last - 1, -1)  # the lane beside it, and its edge there
            near = _Nearest([k.mid for k in sec], w, closed=False)
            edge = [k.at(k.left if side > 0 else -k.right) for k in self.sections[inner]]
            for run in _split(edge, lambda p: near.distance(p, w) < 0.75 * w, closed=True):
                c.path(look.line, run, look.edge * w)

    def _no_change_runs(self) -> list[list[Point]]:
        """The printed lines between two lanes where the graph forbids changing lanes (CORE-MOVE-3):
        along the border of the two lanes, from the centre of each space whose diagonal step is
        forbidden to the centre of the space it would have led to, joined into runs."""
        marked: dict[int, set[int]] = {}  # the left lane of a lane border -> its sections on that border
        for src, dst in forbidden_diagonals(self.track):
            lane = min(src.lane, dst.lane)
            sec = self.sections[lane]
            home = src if src.lane == lane else dst
            base = self.along[home.name] * SAMPLES + SAMPLES // 2
            window = range(base - 3 * SAMPLES, base + 3 * SAMPLES + 1)

            def nearest(s: Space) -> int:
                return min(window, key=lambda i: math.dist(sec[i % len(sec)].mid, (s.x, s.y)))

            a, z = sorted((nearest(src), nearest(dst)))
            marked.setdefault(lane, set()).update(i % len(sec) for i in range(a, z + 1))
        runs = []
        for lane, found in sorted(marked.items()):
            sec = self.sections[lane]
            n = len(sec)
            starts = sorted(i for i in found if (i - 1) % n not in found)
            if not starts:  # the whole lap
                runs.append([k.at(-k.right) for k in sec] + [sec[0].at(-sec[0].right)])
                continue
            for i in starts:
                run = [i]
                while (run[-1] + 1) % n in found:
                    run.append((run[-1] + 1) % n)
                runs.append([sec[j].at(-sec[j].right) for j in run])
        return runs

    def _no_change_lines(self, c: Canvas) -> None:
        """A solid yellow line on the border of two lanes where the board forbids changing between
        them (CORE-MOVE-3), with a dark rim so it reads on pale asphalt too."""
        w = self.lane_width
        for run in self.no_change:
            c.path(DARK, run, 0.13 * w)
            c.path(YELLOW, run, 0.08 * w)

    def _corner_lines(self, c: Canvas) -> None:
        """Red lines across the track where each corner area begins and ends (in high contrast
        on a white band, which reads without telling red from the tarmac)."""
        w, look = self.lane_width, self.look
        for i in range(len(self.track.corners)):
            for lane in range(self.track.lanes):
                if not any(s.corner == i for s in self.track.lane_run(lane)):
                    continue  # a lane that begins and ends away from this corner
                span = self._corner_span(i, lane)
                for k in (span[0], span[-1]):
                    if look.corner_rim is not None:
                        c.line(look.corner_rim, k.at(k.left), k.at(-k.right), (look.corner + 0.08) * w)
                    c.line(CORNER_LINE, k.at(k.left), k.at(-k.right), look.corner * w)

    def _start_line(self, c: Canvas) -> None:
        """A chequered strip, two squares deep, across every lane where its first space begins."""
        for lane in self._at_line():
            cut = self._line_cut(lane)
            width = cut.left + cut.right
            cols = max(4, round(width / (0.14 * self.lane_width)))
            sq = width / cols
            f = cut.forward
            for i in range(cols):
                a, b = cut.at(cut.left - i * sq), cut.at(cut.left - (i + 1) * sq)
                for j in (-1, 0):
                    c.poly(LINE if (i + j) % 2 else DARK,
                           [(p[0] + f[0] * sq * t, p[1] + f[1] * sq * t) for p, t in ((a, j), (b, j), (b, j + 1), (a, j + 1))])

    def _at_line(self) -> list[int]:
        """The lanes the start line crosses: all but a lane that begins and ends away from it."""
        return [lane for lane in range(self.track.lanes)
                if lane not in self.open_lanes or self.along[self.track.lane_spaces(lane)[0].name] > 0]

    def _line_cut(self, lane: int) -> Section:
        """The section of a lane at the start line, where its first space begins."""
        return self.sections[lane][self.along[self.track.lane_spaces(lane)[0].name] * SAMPLES]

    def _gantry(self, c: Canvas) -> None:
        """The start gantry: a post beside each edge of the track at the start line and the
        beam between them with its five red lights, casting its shadow along the track."""
        w = self.lane_width
        lanes = self._at_line()
        first, last = self._line_cut(lanes[0]), self._line_cut(lanes[-1])
        left, right = first.at(first.left + 0.3 * w), last.at(-last.right - 0.3 * w)
        height = 1.6 * w  # the beam's height above the track: how far its shadow falls
        dx, dy = art.SHADOW[0] * height, art.SHADOW[1] * height
        half = 0.05 * w
        n = _unit(right[1] - left[1], left[0] - right[0])
        ends = ((left, 1), (right, 1), (right, -1), (left, -1))
        beam = [(p[0] + n[0] * half * k, p[1] + n[1] * half * k) for p, k in ends]
        art.translucent(c, (0, 0, 0), 60, [(x + dx, y + dy) for x, y in beam])
        c.poly(GANTRY, beam)
        for i in range(5):
            p = lerp(left, right, 0.36 + 0.07 * i)
            x, y = c.px(p)
            pygame.draw.circle(c.surface, KERB_RED, (x, y), max(1.0, 0.035 * w * c.s))
        for p in (left, right):
            post = [(p[0] - 0.1 * w, p[1] - 0.1 * w), (p[0] + 0.1 * w, p[1] - 0.1 * w),
                    (p[0] + 0.1 * w, p[1] + 0.1 * w), (p[0] - 0.1 * w, p[1] + 0.1 * w)]
            art.shadow(c, post, height)
            c.poly(GANTRY, post)
            c.path(art.shade(GANTRY, 40), post[:2], 0.03 * w)

    def _grid_slots(self, c: Canvas) -> None:
        """Each grid slot: a white bracket open to the rear, and its position number."""
        w = self.lane_width
        for pos, name in enumerate(self.track.grid, 1):
            bl, fl, fr, br = self._box_corners(self.track.space(name))
            front_l, front_r = lerp(bl, fl, 0.8), lerp(br, fr, 0.8)
            back_l, back_r = lerp(bl, fl, 0.3), lerp(br, fr, 0.3)
            c.path(LINE, [lerp(back_l, back_r, 0.14), lerp(front_l, front_r, 0.14),
                          lerp(front_l, front_r, 0.86), lerp(back_l, back_r, 0.86)], 0.06 * w)
            c.text(str(pos), 0.36 * w, LINE, lerp(lerp(bl, br, 0.5), lerp(fl, fr, 0.5), 0.45))

    def _blocked_spaces(self, c: Canvas) -> None:
        """AMB-69: each blocked space crossed out in red and white hatching inside a dark rim."""
        for name in self.track.blocked:
            corners = self._box_corners(self.track.space(name))
            c.poly(DARK, inset(corners, MARGIN))
            c.poly(KERB_WHITE, inset(corners, 2 * MARGIN))  # the square the stripes fill
            for stripe in hatch(corners):
                c.poly(KERB_RED, stripe)

    def _arrows(self, c: Canvas) -> None:
        """Lane-change arrows (CORE-MOVE-6): a white shaft and chevron from centre to centre."""
        w = self.lane_width
        shape = ((0.5, 0.0), (-0.1, 0.5), (-0.42, 0.5), (0.12, 0.0), (-0.42, -0.5), (-0.1, -0.5))
        for e in self.track.edges:
            if e.kind != EdgeKind.ARROW:
                continue
            src, dst = self.track.space(e.src), self.track.space(e.dst)
            a, b = (src.x, src.y), (dst.x, dst.y)
            f = _unit(b[0] - a[0], b[1] - a[1])
            n = (f[1], -f[0])
            tip = lerp(a, b, 0.7)
            c.line(DARK, lerp(a, b, 0.24), tip, self.look.arrow_rim * w)
            c.line(self.look.line, lerp(a, b, 0.25), tip, self.look.arrow * w)
            chevron = [(tip[0] + (f[0] * u + n[0] * v) * 0.34 * w, tip[1] + (f[1] * u + n[1] * v) * 0.34 * w)
                       for u, v in shape]
            c.poly(self.look.line, chevron)
            c.path(DARK, chevron, self.look.chevron_rim * w, closed=True)

    def _corner_sign(self, c: Canvas, i: int) -> None:
        """The stop count in a yellow frame, shortest way in red, longest in green (CORNER-1, CORNER-2)."""
        corner = self.track.corners[i]
        x, y, bw, _ = self.corner_boxes[i]
        w = self.lane_width
        c.text(texts.place_name(corner.label), 0.36 * w, LINE, (x + bw / 2, y + 0.17 * w), backing=DARK)
        top = y + 0.4 * w
        c.rect(DARK, (x, top, w, w), radius=0.1 * w)
        c.rect(YELLOW, (x, top, w, w), width=0.1 * w, radius=0.1 * w)
        c.text(str(corner.stops), 0.95 * w, YELLOW, (x + 0.5 * w, top + 0.54 * w))
        sx, sw, sh = x + 1.08 * w, 0.62 * w, 0.46 * w
        for j, (colour, value) in enumerate(((BOX_RED, corner.shortest), (BOX_GREEN, corner.longest))):
            r = (sx, top + j * (sh + 0.08 * w), sw, sh)
            c.rect(colour, r, radius=0.06 * w)
            c.rect(LINE, r, width=0.04 * w, radius=0.06 * w)
            c.text(str(value), 0.42 * w, LINE, (sx + sw / 2, r[1] + sh / 2 + 0.02 * w))

    def _labels(self, c: Canvas, o: BoardOptions) -> None:
        """Designer aids: space names and/or row numbers, small, on a dark tag inside each space."""
        w = self.lane_width
        for s in self.track.spaces:
            lines = ([s.name] if o.names else []) + ([f"r{s.row}"] if o.rows and not s.in_pit else [])
            for j, text in enumerate(lines):
                dy = (j - (len(lines) - 1) / 2) * 0.3 * w
                c.text(text, 0.28 * w, LINE, (s.x, s.y + dy), backing=DARK)


def _clamp(half: float, w: float) -> float:
    """Keep a half width sane where lanes part (pit entries, odd drawings)."""
    return max(0.35 * w, min(0.7 * w, half))


def _split(pts: list[Point], cut: Callable[[Point], bool], closed: bool) -> list[list[Point]]:
    """Runs of consecutive points for which ``cut`` is false; a closed run may wrap around."""
    keep = [not cut(p) for p in pts]
    if all(keep):
        return [pts + [pts[0]]] if closed else [pts]
    runs: list[list[Point]] = []
    start = keep.index(False) if closed else 0
    order = [(start + i) % len(pts) for i in range(len(pts))] if closed else list(range(len(pts)))
    run: list[Point] = []
    for i in order:
        if keep[i]:
            run.append(pts[i])
        elif run:
            runs.append(run)
            run = []
    if run:
        runs.append(run)
    return [r for r in runs if len(r) > 1]
