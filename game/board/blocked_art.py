"""How the board draws a blocked space (AMB-69): red and white hatching inside a dark rim,
as printed boards cross out a space no car may use. Pure geometry; ``render`` paints it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from game.tracks.geometry import Point, lerp

#: stripes across a space, counted along its diagonal
STRIPES = 7
#: the hatching's margin inside the space, as a share of the space
MARGIN = 0.14

UV = tuple[float, float]


def _past(line: float, p: UV) -> float:
    """How far ``p`` lies past the diagonal ``u + v = line`` (below 0 short of it)."""
    return p[0] + p[1] - line


def _short_of(line: float, p: UV) -> float:
    """How far ``p`` lies short of the diagonal ``u + v = line`` (below 0 past it)."""
    return line - p[0] - p[1]


def _clip(poly: list[UV], keep: Callable[[UV], float]) -> list[UV]:
    """The part of a convex polygon where ``keep`` is at least 0 (one half-plane, Sutherland-Hodgman)."""
    out: list[UV] = []
    for a, b in zip(poly, poly[1:] + poly[:1]):
        ka, kb = keep(a), keep(b)
        if ka >= 0:
            out.append(a)
        if (ka >= 0) != (kb >= 0):
            t = ka / (ka - kb)
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    return out


def hatch(corners: tuple[Point, Point, Point, Point]) -> list[list[Point]]:
    """The red stripes of a blocked space, from its back-left, front-left, front-right and
    back-right corners: diagonal bands of the square inside the margin, mapped onto the space."""
    bl, fl, fr, br = corners
    lo, hi = MARGIN, 1.0 - MARGIN
    square: list[UV] = [(lo, lo), (hi, lo), (hi, hi), (lo, hi)]
    width = 2.0 * (hi - lo) / STRIPES

    def at(uv: UV) -> Point:  # u from the back to the front, v from the left to the right
        return lerp(lerp(bl, fl, uv[0]), lerp(br, fr, uv[0]), uv[1])

    out = []
    for k in range(0, STRIPES, 2):
        a = 2.0 * lo + k * width
        band = _clip(_clip(square, partial(_past, a)), partial(_short_of, a + width))
        if len(band) >= 3:
            out.append([at(p) for p in band])
    return out


def inset(corners: tuple[Point, Point, Point, Point], share: float) -> list[Point]:
    """The space's four corners moved ``share`` of the way to its centre."""
    bl, fl, fr, br = corners
    mid = lerp(lerp(bl, fr, 0.5), lerp(fl, br, 0.5), 0.5)
    return [lerp(p, mid, share) for p in corners]
