"""Car sprites, drawn at runtime: a top-down car in the driver's colour, a Formula car or, in
the street race's GT field (STREET-1), a closed sports saloon.

Colour alone does not tell cars apart for every player, so each car also
wears a livery pattern and an upright badge with its number, whose shape
differs from car to car (circle, square, diamond, ...). Sprites face east
and are rotated to the space's heading; a spun car faces backwards.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import pygame

from game import theme
from game.board import contrast

#: Supersampled sprite size (length, width) in pixels; scaled down when drawn.
BASE = (120, 64)
BADGES = ("circle", "square", "diamond", "triangle", "hexagon", "shield", "octagon", "pentagon", "star", "drop")
PATTERNS = ("plain", "stripe", "twin", "sash", "band", "chevron", "halves", "dots", "rings", "checks")


def body_of(street: bool) -> str:
    """The kind of car a race is driven in."""
    return "street" if street else "formula"


def badge_of(index: int) -> str:
    return BADGES[index % len(BADGES)]


def pattern_of(index: int) -> str:
    return PATTERNS[index % len(PATTERNS)]


def _poly(sprite: pygame.Surface, colour: theme.Colour, pts: Sequence[tuple[float, float]]) -> None:
    pygame.draw.polygon(sprite, colour, pts)
    pygame.draw.aalines(sprite, colour, True, pts)


@lru_cache(maxsize=32)
def car_sprite(hex_colour: str, pattern: str, body: str = "formula") -> pygame.Surface:
    """The car seen from above, nose to the right, at ``BASE`` size."""
    return _street_sprite(hex_colour, pattern) if body == "street" else _formula_sprite(hex_colour, pattern)


def _formula_sprite(hex_colour: str, pattern: str) -> pygame.Surface:
    """An open-wheel racer: four wheels, wings front and rear, the driver's helmet in the cockpit."""
    L, W = BASE
    body = theme.colour(hex_colour)
    dark = theme.shade(body, 0.55)
    trim = theme.ink_on(body)
    s = pygame.Surface(BASE, pygame.SRCALPHA)
    tyre = (18, 18, 20)
    for x in (10, L - 34):  # rear and front wheels
        pygame.draw.rect(s, tyre, (x, 1, 24, 14), border_radius=4)
        pygame.draw.rect(s, tyre, (x, W - 15, 24, 14), border_radius=4)
    pygame.draw.rect(s, dark, (0, 6, 12, W - 12), border_radius=3)  # rear wing
    pygame.draw.rect(s, dark, (L - 12, 4, 11, W - 8), border_radius=3)  # front wing
    hull = [
        (8, 18),
        (38, 12),
        (78, 16),
        (L - 10, W / 2 - 5),
        (L - 4, W / 2),
        (L - 10, W / 2 + 5),
        (78, W - 16),
        (38, W - 12),
        (8, W - 18),
    ]
    _poly(s, body, hull)
    _livery(s, pattern, trim, pygame.Rect(8, 12, L - 14, W - 24))
    pygame.draw.ellipse(s, (24, 26, 32), (50, W / 2 - 9, 30, 18))  # cockpit
    pygame.draw.circle(s, trim, (60, W / 2), 6)  # helmet
    pygame.draw.polygon(s, theme.shade(body, 0.4), hull, 2)
    return s


def _street_sprite(hex_colour: str, pattern: str) -> pygame.Surface:
    """A GT saloon: a closed body with the wheels under it, bonnet, windscreen, roof, rear window
    and boot, mirrors, headlights at the nose and tail lights at the back."""
    L, W = BASE
    body = theme.colour(hex_colour)
    trim = theme.ink_on(body)
    glass = (34, 44, 58)
    s = pygame.Surface(BASE, pygame.SRCALPHA)
    tyre = (18, 18, 20)
    for x in (16, L - 40):  # the wheels peek out under the wings
        pygame.draw.rect(s, tyre, (x, 3, 22, 10), border_radius=3)
        pygame.draw.rect(s, tyre, (x, W - 13, 22, 10), border_radius=3)
    shell = pygame.Rect(4, 6, L - 8, W - 12)
    pygame.draw.rect(s, body, shell, border_radius=16)
    for y in (2, W - 8):  # the door mirrors
        pygame.draw.rect(s, body, (70, y, 7, 6), border_radius=2)
    _livery(s, pattern, trim, shell.inflate(-8, -4))
    screen = [(66, 13), (80, 10), (80, W - 10), (66, W - 13)]  # the windscreen, raked towards the bonnet
    back = [(28, 12), (38, 14), (38, W - 14), (28, W - 12)]  # the rear window
    _poly(s, glass, screen)
    _poly(s, glass, back)
    pygame.draw.line(s, theme.shade(glass, 1.9), (70, 15), (77, 14), 2)  # a glint on the windscreen
    pygame.draw.rect(s, theme.shade(body, 0.8), (38, 14, 28, W - 28), 1, border_radius=3)  # the roof's edge
    pygame.draw.line(s, theme.shade(body, 0.6), (90, 12), (90, W - 12), 1)  # the bonnet's shut line
    for y in (9, W - 15):
        pygame.draw.ellipse(s, (250, 240, 196), (L - 14, y, 9, 6))  # headlights
        pygame.draw.rect(s, (210, 36, 36), (5, y, 5, 6), border_radius=2)  # tail lights
    pygame.draw.rect(s, theme.shade(body, 0.4), shell, 2, border_radius=16)
    return s


@lru_cache(maxsize=128)
def car_icon(hex_colour: str, pattern: str, size: tuple[int, int], body: str = "formula") -> pygame.Surface:
    """The car scaled down for a table row, a dashboard or a banner; scaled once, not every frame."""
    return pygame.transform.smoothscale(car_sprite(hex_colour, pattern, body), size)


def _livery(s: pygame.Surface, pattern: str, ink: theme.Colour, area: pygame.Rect) -> None:
    """A pattern on the body within ``area``, in the colour that contrasts with the body."""
    L, W = BASE
    mid = W / 2
    clip = s.get_clip()
    s.set_clip(area)
    if pattern == "stripe":
        pygame.draw.rect(s, ink, (8, mid - 4, L - 14, 8))
    elif pattern == "twin":
        for dy in (-9, 5):
            pygame.draw.rect(s, ink, (8, mid + dy, L - 14, 4))
    elif pattern == "sash":
        pygame.draw.polygon(s, ink, [(30, W), (46, W), (86, 0), (70, 0)])
    elif pattern == "band":
        pygame.draw.rect(s, ink, (30, 0, 12, W))
    elif pattern == "chevron":
        for x in (24, 44):
            pygame.draw.lines(s, ink, False, [(x, 14), (x + 14, mid), (x, W - 14)], 5)
    elif pattern == "halves":
        pygame.draw.rect(s, ink, (70, 0, L, W))
    elif pattern == "dots":
        for x in (22, 36, 90):
            for y in (mid - 8, mid + 8):
                pygame.draw.circle(s, ink, (x, y), 3)
    elif pattern == "rings":
        for x in (28, 92):
            pygame.draw.circle(s, ink, (x, mid), 7, 3)
    elif pattern == "checks":
        for i, x in enumerate(range(14, 48, 8)):
            for j, y in enumerate(range(12, W - 12, 8)):
                if (i + j) % 2:
                    pygame.draw.rect(s, ink, (x, y, 8, 8))
    s.set_clip(clip)


def shape_points(shape: str, r: float) -> list[tuple[float, float]] | None:
    """Badge outline around (0, 0); None for a circle."""

    def ring(n: int, start: float, radius: float = r) -> list[tuple[float, float]]:
        return [
            (radius * math.cos(start + 2 * math.pi * i / n), radius * math.sin(start + 2 * math.pi * i / n))
            for i in range(n)
        ]

    if shape == "square":
        return ring(4, math.pi / 4, r * 1.2)
    if shape == "diamond":
        return ring(4, 0, r * 1.25)
    if shape == "triangle":
        return ring(3, -math.pi / 2, r * 1.35)
    if shape == "hexagon":
        return ring(6, 0, r * 1.1)
    if shape == "octagon":
        return ring(8, math.pi / 8, r * 1.08)
    if shape == "pentagon":
        return ring(5, -math.pi / 2, r * 1.15)
    if shape == "star":
        outer, inner = ring(5, -math.pi / 2, r * 1.35), ring(5, -math.pi / 2 + math.pi / 5, r * 0.75)
        return [p for pair in zip(outer, inner) for p in pair]
    if shape == "shield":
        return [(-r, -r), (r, -r), (r, 0.2 * r), (0, 1.3 * r), (-r, 0.2 * r)]
    if shape == "drop":
        return [(0, -1.45 * r)] + [
            (r * math.cos(a), r * math.sin(a) + 0.1 * r) for a in (math.radians(d) for d in range(-30, 211, 20))
        ]
    return None


@lru_cache(maxsize=256)
def badge(shape: str, number: int, size: int, hex_colour: str) -> pygame.Surface:
    """The car's number on a white badge of its shape, rimmed in the car's colour."""
    size = max(10, size)
    s = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    c = (size, size)
    r = size * 0.62
    pts = shape_points(shape, r)
    rim = theme.colour(hex_colour)
    width = max(2, size // 7)
    if pts is None:
        pygame.draw.circle(s, (250, 250, 246), c, r)
        pygame.draw.circle(s, (20, 20, 24), c, r, max(1, width // 2 + 1))
    else:
        q = [(c[0] + x, c[1] + y) for x, y in pts]
        pygame.draw.polygon(s, (250, 250, 246), q)
        pygame.draw.polygon(s, (20, 20, 24), q, max(1, width // 2 + 1))
    if pts is None:
        pygame.draw.circle(s, rim, c, r + width / 2 + 1, width)
    else:
        outer = [(c[0] + x * (1 + (width / 2 + 1) / r), c[1] + y * (1 + (width / 2 + 1) / r)) for x, y in pts]
        pygame.draw.polygon(s, rim, outer, width)
    theme.text(s, str(number), round(r * 1.35), (16, 16, 20), (c[0], c[1] + 1), "center")
    return s.subsurface(s.get_bounding_rect()).copy()


@lru_cache(maxsize=64)
def _turned(hex_colour: str, pattern: str, heading: float, k: float, body: str, rim: bool = False) -> pygame.Surface:
    """The car's sprite turned to ``heading`` and scaled by ``k`` (with ``rim``, in high contrast's
    outline): kept, because most cars stand still from one frame to the next and turning them
    was a tenth of a race's frame."""
    img = pygame.transform.rotozoom(car_sprite(hex_colour, pattern, body), -heading, k)
    return rimmed(img, contrast.RIM_PX) if rim else img


def rimmed(img: pygame.Surface, px: int) -> pygame.Surface:
    """``img`` on its silhouette grown by ``px`` pixels in white and one more in black: a thick
    outline that sets a car off dark tarmac and pale lines alike."""
    silhouette = pygame.mask.from_surface(img, 96)
    out = pygame.Surface((img.get_width() + 2 * px + 2, img.get_height() + 2 * px + 2), pygame.SRCALPHA)
    for grow, ink in ((px + 1, (16, 16, 18, 255)), (px, (*contrast.RIM, 255))):
        shape = silhouette.to_surface(setcolor=ink, unsetcolor=(0, 0, 0, 0))
        for dx in range(-grow, grow + 1):
            for dy in range(-grow, grow + 1):
                if dx * dx + dy * dy <= grow * grow:
                    out.blit(shape, (px + 1 + dx, px + 1 + dy))
    out.blit(img, (px + 1, px + 1))
    return out


def draw_car(
    screen: pygame.Surface,
    pos: tuple[float, float],
    heading: float,
    length: float,
    hex_colour: str,
    index: int,
    number: int,
    body: str = "formula",
) -> None:
    """A car centred on ``pos`` (screen px), nose along ``heading`` (degrees, 0 = east, 90 = south)."""
    img = _turned(hex_colour, pattern_of(index), heading, max(0.08, length / BASE[0]), body, contrast.high())
    screen.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
    size = max(9, round(length * 0.27))
    back = math.radians(heading)
    at = (pos[0] - math.cos(back) * length * 0.2, pos[1] - math.sin(back) * length * 0.2)  # on the engine cover
    tag = badge(badge_of(index), number, size, hex_colour)
    screen.blit(tag, tag.get_rect(center=(round(at[0]), round(at[1]))))
