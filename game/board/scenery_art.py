"""Painting the scenery a designer places: one light from the upper left, soft shadows to the
lower right, roofs with a lit and a shaded slope, woods of single crowns, hills, rocks, tents
and boats. Every shape is worked out from the object's polygon and a seed made of its
position, so a board looks the same every time and at every zoom.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Protocol

import pygame

from game.tracks.geometry import Point, lerp, point_in_polygon, shrink

Colour = tuple[int, int, int]

#: Where shadows fall, per lane width of height: away from the light in the upper left.
SHADOW = (0.16, 0.2)
SHADOW_ALPHA = 70
LEAVES: tuple[Colour, ...] = ((44, 98, 44), (36, 86, 40), (58, 112, 48), (50, 104, 58), (70, 120, 52))
ROCK: Colour = (138, 134, 126)
HILL: Colour = (96, 142, 70)
CANVAS_COLOURS: tuple[Colour, ...] = ((236, 236, 228), (214, 52, 48), (56, 110, 196), (246, 196, 40))
HULL: Colour = (240, 240, 234)
WALL: Colour = (222, 212, 190)
WINDOW: Colour = (86, 118, 146)
DECK: Colour = (176, 136, 92)


class Canvas(Protocol):
    surface: pygame.Surface
    s: float

    def px(self, p: Point) -> Point: ...

    def off(self, pts: Sequence[Point], reach: float = 0.0) -> bool: ...

    def poly(self, colour: Colour, pts: Sequence[Point]) -> None: ...

    def path(self, colour: Colour, pts: Sequence[Point], width: float, closed: bool = False) -> None: ...


def shade(c: Colour, d: int) -> Colour:
    """A colour ``d`` steps lighter (negative: darker)."""
    return (max(0, min(255, c[0] + d)), max(0, min(255, c[1] + d)), max(0, min(255, c[2] + d)))


def seed(pts: Sequence[Point]) -> random.Random:
    """A random source fixed by where a shape lies, so it is drawn the same every time."""
    return random.Random(f"{pts[0][0]:.0f},{pts[0][1]:.0f},{len(pts)}")


def translucent(c: Canvas, colour: Colour, alpha: int, pts: Sequence[Point]) -> None:
    """A polygon blended over what lies below."""
    if len(pts) < 3 or c.off(pts):
        return
    q = [c.px(p) for p in pts]
    x0, y0 = math.floor(min(p[0] for p in q)), math.floor(min(p[1] for p in q))
    x1, y1 = math.ceil(max(p[0] for p in q)), math.ceil(max(p[1] for p in q))
    box = pygame.Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1).clip(c.surface.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*colour, alpha), [(x - box.x, y - box.y) for x, y in q])
    c.surface.blit(layer, box)


def shadow(c: Canvas, pts: Sequence[Point], height: float) -> None:
    """The soft shadow a shape ``height`` map pixels tall casts on the ground."""
    dx, dy = SHADOW[0] * height, SHADOW[1] * height
    moved = [(x + dx, y + dy) for x, y in pts]
    translucent(c, (0, 0, 0), SHADOW_ALPHA // 2, [(x + dx * 0.25, y + dy * 0.25) for x, y in moved])
    translucent(c, (0, 0, 0), SHADOW_ALPHA // 2, moved)


def _centre(pts: Sequence[Point]) -> Point:
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def _long_axis(pts: Sequence[Point]) -> tuple[Point, Point]:
    """The line through a shape's centre along its longest side, from end to end (the ridge of a roof)."""
    cx, cy = _centre(pts)
    best = max(zip(pts, [*pts[1:], pts[0]]), key=lambda ab: math.dist(*ab))
    (ax, ay), (bx, by) = best
    ux, uy = (bx - ax) / (math.dist(*best) or 1.0), (by - ay) / (math.dist(*best) or 1.0)
    ts = [(p[0] - cx) * ux + (p[1] - cy) * uy for p in pts]
    return (cx + ux * min(ts), cy + uy * min(ts)), (cx + ux * max(ts), cy + uy * max(ts))


def roof(c: Canvas, pts: list[Point], colour: Colour, kind: str, w: float) -> None:
    """A building seen from above: its shadow, then a gable roof (a lit and a shaded slope and
    a ridge), a flat roof (a parapet and rooftop plant) or a glass roof (panes)."""
    shadow(c, pts, 0.9 * w)
    c.poly(shade(colour, -55), pts)
    inner = shrink(pts, 0.08 * w)
    if kind == "flat":
        c.poly(shade(colour, 8), inner)
        facade(c, inner, w)
        rnd = seed(pts)
        cx, cy = _centre(pts)
        for _ in range(3):
            x, y = cx + rnd.uniform(-0.3, 0.3) * w, cy + rnd.uniform(-0.2, 0.2) * w
            box = [(x, y), (x + 0.22 * w, y), (x + 0.22 * w, y + 0.16 * w), (x, y + 0.16 * w)]
            if all(point_in_polygon(p, inner) for p in box):
                shadow(c, box, 0.15 * w)
                c.poly((196, 198, 200), box)
        return
    if kind == "glass":
        c.poly((150, 190, 214), inner)
        a, b = _long_axis(inner)
        panes = max(2, round(math.dist(a, b) / (0.3 * w)))
        ux, uy = (b[0] - a[0]) / panes, (b[1] - a[1]) / panes
        step = math.hypot(ux, uy)
        nx, ny = -uy / step, ux / step
        across = [(p[0] - a[0]) * nx + (p[1] - a[1]) * ny for p in inner]
        lo, hi = min(across), max(across)
        for i in range(1, panes):  # the panes' glazing bars, wall to wall
            p = (a[0] + ux * i, a[1] + uy * i)
            bar = [(p[0] + nx * lo, p[1] + ny * lo), (p[0] + nx * hi, p[1] + ny * hi)]
            c.path((220, 232, 240), bar, 0.03 * w)
        c.path(shade(colour, -55), inner, 0.05 * w, closed=True)
        return
    a, b = _long_axis(inner)
    n = (-(b[1] - a[1]), b[0] - a[0])
    c.poly(shade(colour, -22), inner)
    lit = _half(inner, a, b, n[0] * -1 + n[1] * -1 < 0)  # the slope that faces the light
    if len(lit) >= 3:
        c.poly(shade(colour, 18), lit)
    c.path(shade(colour, 40), [a, b], 0.05 * w)
    facade(c, inner, w)


def facade(c: Canvas, pts: list[Point], w: float) -> None:
    """The wall a building shows to the bottom of the board (the board is seen a little from the
    south, as printed boards draw their houses): a band of wall with a row of windows."""
    edges = list(zip(pts, [*pts[1:], pts[0]]))
    cx, cy = _centre(pts)

    def outward(edge: tuple[Point, Point]) -> Point:
        (ax, ay), (bx, by) = edge
        length = math.dist(edge[0], edge[1]) or 1.0
        nx, ny = (by - ay) / length, -(bx - ax) / length
        return (nx, ny) if nx * ((ax + bx) / 2 - cx) + ny * ((ay + by) / 2 - cy) > 0 else (-nx, -ny)

    a, b = max(edges, key=lambda e: outward(e)[1])
    out = outward((a, b))
    if out[1] < 0.5 or math.dist(a, b) < 0.6 * w:
        return
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    nx, ny = -out[0], -out[1]  # inwards
    depth = 0.3 * w
    c.poly(WALL, [a, b, (b[0] + nx * depth, b[1] + ny * depth), (a[0] + nx * depth, a[1] + ny * depth)])
    count = max(1, int(length / (0.32 * w)))
    gap = length / count
    for i in range(count):
        t = (i + 0.5) * gap
        mx, my = a[0] + ux * t + nx * depth * 0.5, a[1] + uy * t + ny * depth * 0.5
        d = 0.08 * w
        c.poly(
            WINDOW,
            [
                (mx + (su * ux + sn * nx) * d, my + (su * uy + sn * ny) * d)
                for su, sn in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ],
        )


def _half(pts: list[Point], a: Point, b: Point, flip: bool) -> list[Point]:
    """The part of a polygon on one side of the line a-b: where ``dot(n, p - a)`` is at least 0
    with ``n`` the line's left normal, or at most 0 with ``flip``."""

    def side(p: Point) -> float:
        v = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        return -v if flip else v

    out: list[Point] = []
    for p, q in zip(pts, [*pts[1:], pts[0]]):
        sp, sq = side(p), side(q)
        if sp >= 0:
            out.append(p)
        if (sp >= 0) != (sq >= 0):
            out.append(lerp(p, q, sp / (sp - sq)))
    return out


def crown(c: Canvas, centre: Point, r: float, colour: Colour) -> None:
    """One tree from above: its shadow, a round crown darker at the rim and lit at the upper left."""
    x, y = c.px(centre)
    rad = r * c.s
    if rad < 0.8:
        return
    size = max(1, round(rad))
    c.surface.blit(_disc(size), (x - size - 1 + SHADOW[0] * 2.4 * rad, y - size - 1 + SHADOW[1] * 2.4 * rad))
    pygame.draw.circle(c.surface, shade(colour, -22), (x, y), rad)
    pygame.draw.circle(c.surface, colour, (x - rad * 0.1, y - rad * 0.1), rad * 0.82)
    if rad >= 3:
        pygame.draw.circle(c.surface, shade(colour, 22), (x - rad * 0.3, y - rad * 0.32), rad * 0.42)


@lru_cache(maxsize=128)
def _disc(radius: int) -> pygame.Surface:
    """A round shadow ``radius`` pixels wide, made once per size (a wood casts hundreds)."""
    disc = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    pygame.draw.circle(disc, (0, 0, 0, SHADOW_ALPHA), (radius + 1, radius + 1), radius)
    return disc


def wood(c: Canvas, pts: list[Point], w: float) -> None:
    """A wood: crowns of different sizes packed over the area, the whole floor in deep shade."""
    if c.off(pts, w):
        return
    c.poly((30, 70, 34), pts)
    for p, r, colour in _crowns(tuple(pts), w):
        crown(c, p, r, colour)


@lru_cache(maxsize=64)
def _crowns(pts: tuple[Point, ...], w: float) -> tuple[tuple[Point, float, Colour], ...]:
    """Where a wood's trees stand (map pixels), the far ones first so nearer crowns overlap them;
    worked out once per wood, as every tile and zoom of the board paints the same trees."""
    rnd = seed(pts)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    step = 0.42 * w
    spots = []
    y = min(ys)
    row = 0
    while y <= max(ys):
        x = min(xs) + (step / 2 if row % 2 else 0.0)
        spans = _inside(pts, y)
        while x <= max(xs):
            p = (x + rnd.uniform(-0.15, 0.15) * w, y + rnd.uniform(-0.15, 0.15) * w)
            if any(a <= p[0] <= b for a, b in spans):
                spots.append((p, rnd.uniform(0.26, 0.4) * w, rnd.choice(LEAVES)))
            x += step
        y += step * 0.87
        row += 1
    return tuple(sorted(spots, key=lambda s: s[0][0] + s[0][1]))


def _inside(pts: Sequence[Point], y: float) -> list[tuple[float, float]]:
    """The stretches of the line at height ``y`` that lie inside a polygon (even-odd)."""
    cuts = sorted(
        a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
        for a, b in zip(pts, [*pts[1:], pts[0]])
        if (a[1] <= y) != (b[1] <= y)
    )
    return list(zip(cuts[::2], cuts[1::2]))


def tree(c: Canvas, pts: list[Point]) -> None:
    """A single tree filling its ellipse or rectangle."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    r = min(max(xs) - min(xs), max(ys) - min(ys)) / 2
    crown(c, _centre(pts), r, seed(pts).choice(LEAVES))


def hill(c: Canvas, pts: list[Point], w: float, colour: Colour = HILL) -> None:
    """A hill: a mound of ground lit on its upper-left slope and shaded on the other, in many
    thin translucent layers so it rounds off smoothly instead of stepping like a map's contours."""
    if c.off(pts, w):
        return
    cx, cy = _centre(pts)
    translucent(c, shade(colour, -30), 110, pts)
    levels = 12
    for i in range(1, levels):
        t = i / levels
        lit = [(cx + (x - cx) * (1 - t) - t * 0.6 * w, cy + (y - cy) * (1 - t) - t * 0.6 * w) for x, y in pts]
        translucent(c, (255, 250, 210), 20, lit)


def rocks(c: Canvas, pts: list[Point], w: float) -> None:
    """Rock: a cluster of boulders, grey, lit on top, each with its shadow."""
    rnd = seed(pts)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    count = max(3, round((max(xs) - min(xs)) * (max(ys) - min(ys)) / (0.45 * w) ** 2))
    for _ in range(min(count, 60)):
        p = (rnd.uniform(min(xs), max(xs)), rnd.uniform(min(ys), max(ys)))
        if not point_in_polygon(p, pts):
            continue
        r = rnd.uniform(0.18, 0.42) * w
        angles = [2 * math.pi * k / 7 for k in range(7)]
        stone = [
            (p[0] + math.cos(a) * r * rnd.uniform(0.7, 1.0), p[1] + math.sin(a) * r * rnd.uniform(0.6, 0.9))
            for a in angles
        ]
        grey = shade(ROCK, rnd.randint(-20, 14))
        shadow(c, stone, 0.8 * r)
        c.poly(shade(grey, -28), stone)
        c.poly(grey, shrink(stone, 0.12 * r))
        c.poly(shade(grey, 26), [lerp(q, (p[0] - 0.3 * r, p[1] - 0.35 * r), 0.55) for q in stone])


def tent(c: Canvas, pts: list[Point], w: float) -> None:
    """A marquee: a pyramid roof of striped canvas, the faces that look to the upper left lit,
    a seam from each corner up to the peak."""
    shadow(c, pts, 0.5 * w)
    colour = seed(pts).choice(CANVAS_COLOURS)
    top = _centre(pts)
    ring = [*pts, pts[0]]
    for a, b in zip(ring, ring[1:]):
        mid = lerp(a, b, 0.5)
        facing = ((mid[0] - top[0]) * -1 + (mid[1] - top[1]) * -1) / (math.dist(mid, top) or 1.0)
        face = shade(colour, round(34 * facing))
        c.poly(face, [a, b, top])
        for k in (1, 3):  # the canvas's stripes, across the face
            stripe = [lerp(a, b, (k - 0.5) / 4), lerp(a, b, (k + 0.5) / 4), top]
            c.poly(shade(face, -26) if colour != CANVAS_COLOURS[0] else shade(face, -14), stripe)
    for p in pts:
        c.path(shade(colour, -70), [p, top], 0.025 * w)
    c.path(shade(colour, -70), pts, 0.03 * w, closed=True)


def waterside(
    c: Canvas, pts: list[Point], w: float, quay: bool, wet: Callable[[Point], bool] = lambda p: False
) -> None:
    """The edge of the water: a stone quay with bollards in a town (a street circuit's paved
    ground), else a muddy shore. An edge with water on both sides (where two water shapes of
    one river meet, ``wet`` says where water is) is no bank and gets none."""
    if c.off(pts, w):
        return
    banks = []
    for a, b in zip(pts, [*pts[1:], pts[0]]):
        m, length = lerp(a, b, 0.5), math.dist(a, b) or 1.0
        nx, ny = (b[1] - a[1]) / length * 0.3 * w, (a[0] - b[0]) / length * 0.3 * w
        if not (wet((m[0] + nx, m[1] + ny)) and wet((m[0] - nx, m[1] - ny))):
            banks.append((a, b))
    for colour, width in (
        (((150, 146, 136), 0.2), ((196, 192, 180), 0.12)) if quay else (((92, 104, 70), 0.16), ((120, 128, 92), 0.07))
    ):
        for a, b in banks:
            c.path(colour, [a, b], width * w)
    if not quay:
        return
    for a, b in banks:
        n = int(math.dist(a, b) / (1.2 * w))
        for k in range(n):
            x, y = c.px(lerp(a, b, (k + 0.5) / n))
            pygame.draw.circle(c.surface, (48, 48, 52), (x, y), max(1.0, 0.05 * w * c.s))


def boat(c: Canvas, pts: list[Point], w: float) -> None:
    """A boat on the water: a white hull pointed at the bow, a wooden deck, a cabin."""
    a, b = _long_axis(pts)
    length = math.dist(a, b)
    ux, uy = (b[0] - a[0]) / (length or 1.0), (b[1] - a[1]) / (length or 1.0)
    nx, ny = -uy, ux
    beam = min(0.35 * length, max(math.dist(p, q) for p in pts for q in pts) / 4)

    def at(t: float, s: float) -> Point:
        return (a[0] + ux * length * t + nx * beam * s, a[1] + uy * length * t + ny * beam * s)

    hull = [at(0.0, -0.8), at(0.0, 0.8), at(0.65, 1.0), at(0.88, 0.6), at(1.0, 0.0), at(0.88, -0.6), at(0.65, -1.0)]
    translucent(c, (20, 40, 60), 60, [(x + 0.1 * w, y + 0.12 * w) for x, y in hull])
    c.poly((120, 124, 128), hull)
    c.poly(HULL, shrink(hull, 0.04 * w))
    c.poly(DECK, shrink(hull, 0.12 * w))
    c.poly(shade(HULL, -10), [at(0.25, -0.45), at(0.25, 0.45), at(0.55, 0.45), at(0.55, -0.45)])
