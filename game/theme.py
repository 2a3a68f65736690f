"""Colours, fonts and the few drawing helpers every screen shares.

One place for the look: dark panels like a car's dashboard, racing red for
the main action, the board's yellow for highlights.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

Colour = tuple[int, int, int]

BACKDROP: Colour = (24, 27, 33)
PANEL: Colour = (33, 37, 45)
PANEL_DARK: Colour = (22, 24, 30)
EDGE: Colour = (62, 68, 82)
TEXT: Colour = (240, 240, 234)
DIM: Colour = (158, 164, 176)
FAINT: Colour = (98, 104, 116)
YELLOW: Colour = (250, 204, 22)
RED: Colour = (214, 40, 52)
RED_DARK: Colour = (150, 24, 34)
GREEN: Colour = (64, 196, 112)
ORANGE: Colour = (246, 146, 40)
BUTTON: Colour = (52, 58, 71)
BUTTON_HOVER: Colour = (72, 80, 98)
DISABLED: Colour = (70, 72, 78)

#: Gear die colours (CORE-DICE-2) as the dashboard and dice draw them.
DIE_COLOURS: dict[str, Colour] = {
    "yellow": (250, 210, 40),
    "orange": (246, 140, 30),
    "red": (214, 40, 52),
    "green": (46, 160, 84),
    "purple": (136, 70, 200),
    "blue": (48, 110, 220),
    "black": (26, 26, 30),
}


#: Window pixels per logical pixel, across and down: the screens draw on a logical surface that
#: the app scales up to the window (``game.app.scale``), so the mouse is read through ``pointer``.
_scale = [1.0, 1.0]


def set_pointer_scale(across: float, down: float) -> None:
    """The app tells how much larger the window is than the surface the screens draw on."""
    _scale[:] = [across, down]


def to_logical(pos: tuple[float, float]) -> tuple[int, int]:
    """A point in window pixels (a mouse event's, ``pygame.mouse.get_pos()``) as the screens see it."""
    return (int(pos[0] // _scale[0]), int(pos[1] // _scale[1]))


def to_window(pos: tuple[float, float]) -> tuple[int, int]:
    """A point of the screens' layout in window pixels, where a person (or xdotool) clicks it:
    the middle of the window pixels that show that logical pixel."""
    return (int((pos[0] + 0.5) * _scale[0]), int((pos[1] + 0.5) * _scale[1]))


def pointer() -> tuple[int, int]:
    """Where the mouse is, in the screens' coordinates: every screen reads the mouse through this."""
    return to_logical(pygame.mouse.get_pos())


@lru_cache(maxsize=64)
def font(px: int) -> pygame.font.Font:
    """pygame's own font (it ships with pygame-ce, so every machine has it) at ``px``."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, px)


def colour(hex_colour: str) -> Colour:
    """``#rrggbb`` -> (r, g, b)."""
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def ink_on(bg: Colour) -> Colour:
    """Black or white, whichever reads better on ``bg``."""
    r, g, b = bg
    return (20, 20, 24) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (250, 250, 246)


def shade(c: Colour, k: float) -> Colour:
    """Lighter (k > 1) or darker (k < 1)."""
    return _shaded(tuple(c), k)


@lru_cache(maxsize=256)
def _shaded(c: Colour, k: float) -> Colour:
    """``shade``'s colour, kept: the widgets shade the same colours every frame."""
    if k >= 1:
        return tuple(min(255, round(v + (255 - v) * (k - 1))) for v in c)  # type: ignore[return-value]
    return tuple(max(0, round(v * k)) for v in c)  # type: ignore[return-value]


@lru_cache(maxsize=1024)
def rendered(s: str, px: int, c: Colour) -> pygame.Surface:
    """One line of text as a picture; cached, since most screens draw the same words every frame."""
    return font(px).render(s, True, c)


def text(
    surface: pygame.Surface,
    s: str,
    px: int,
    c: Colour,
    pos: tuple[float, float],
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw one line; ``anchor`` is a pygame.Rect attribute name (``center``, ``midright`` ...)."""
    img = rendered(s, px, tuple(c))
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(rendered(s, px, (0, 0, 0)), rect.move(1, 2))
    surface.blit(img, rect)
    return rect


@lru_cache(maxsize=1024)
def fit_text(s: str, px: int, width: int) -> str:
    """``s`` shortened with an ellipsis to fit ``width`` pixels (kept: the HUD fits the same lines every frame)."""
    if font(px).size(s)[0] <= width:
        return s
    while s and font(px).size(s + "…")[0] > width:
        s = s[:-1]
    return s + "…"


#: The smallest font size text is set smaller to: below it, a text is cut rather than made unreadable.
READABLE_PX = 14


@lru_cache(maxsize=512)
def fitting_px(s: str, px: int, width: int, smallest: int | None = None) -> int:
    """The largest font size from ``px`` down to ``smallest`` (three quarters of ``px`` unless
    given, never under ``READABLE_PX``) at which ``s`` fits ``width``: a long word is set smaller
    before it is cut."""
    least = min(px, max(READABLE_PX, smallest if smallest is not None else round(px * 0.75)))
    while px > least and font(px).size(s)[0] > width:
        px -= 1
    return px


def wrap(s: str, px: int, width: int, most: int | None = None) -> list[str]:
    """Lines of ``s`` no wider than ``width`` pixels; at most ``most`` of them, the last one then
    ending in an ellipsis where words were left out (so a cut never goes unseen)."""
    return list(_wrapped(s, px, width, most))


@lru_cache(maxsize=512)
def _wrapped(s: str, px: int, width: int, most: int | None) -> tuple[str, ...]:
    """``wrap``'s lines, kept: the HUD wraps the same texts every frame."""
    lines: list[str] = []
    line = ""
    for word in s.split():
        trial = f"{line} {word}".strip()
        if line and font(px).size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    lines = lines + [line] if line else lines
    if most is not None and len(lines) > most:
        lines = lines[: most - 1] + [fit_text(" ".join(lines[most - 1 :]), px, width)]
    return tuple(lines)


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: Colour = PANEL,
    alpha: int = 255,
    edge: Colour | None = EDGE,
    radius: int = 10,
) -> None:
    """A rounded panel, optionally see-through, with a thin rim."""
    if alpha < 255:
        surface.blit(_panel_layer(rect.size, fill, alpha, radius), rect)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)


@lru_cache(maxsize=64)
def _panel_layer(size: tuple[int, int], fill: Colour, alpha: int, radius: int) -> pygame.Surface:
    """A see-through panel's fill, built once per size: the HUD draws the same panels every frame."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=radius)
    return layer


def dim(surface: pygame.Surface, area: pygame.Rect, alpha: int) -> None:
    """Darken ``area`` as a black layer of ``alpha`` would, by multiplying in place: no surface per frame."""
    k = 255 - alpha
    surface.fill((k, k, k), area, special_flags=pygame.BLEND_RGB_MULT)


def banner(surface: pygame.Surface, area: pygame.Rect, width: int, height: int, shadow: int = 110) -> pygame.Rect:
    """Dim ``area`` and put an empty card in its middle: every banner over the board starts so."""
    dim(surface, area, shadow)
    card = pygame.Rect(0, 0, min(width, area.width - 40), height)
    card.center = area.center
    panel(surface, card, PANEL_DARK, 250, YELLOW, 14)
    return card


def chequer(surface: pygame.Surface, rect: pygame.Rect, square: int) -> None:
    """A chequered flag strip: the racing touch on headers (drawn once per size, then blitted)."""
    surface.blit(_chequer_strip(rect.size, square), rect)


@lru_cache(maxsize=8)
def _chequer_strip(size: tuple[int, int], square: int) -> pygame.Surface:
    strip = pygame.Surface(size)
    for j, y in enumerate(range(0, size[1], square)):
        for i, x in enumerate(range(0, size[0], square)):
            cell = pygame.Rect(x, y, min(square, size[0] - x), min(square, size[1] - y))
            pygame.draw.rect(strip, (236, 236, 230) if (i + j) % 2 else (20, 20, 24), cell)
    return strip


def tooltip(surface: pygame.Surface, lines: list[str], pos: tuple[int, int], width: int = 380) -> None:
    """A small box of wrapped lines near ``pos``, kept inside the window."""
    wrapped = [w for line in lines for w in (wrap(line, 20, width) or [""])]
    if not wrapped:
        return
    w = max(font(20).size(t)[0] for t in wrapped) + 20
    h = 20 * len(wrapped) + 14
    x = min(pos[0] + 16, surface.get_width() - w - 6)
    y = min(pos[1] + 18, surface.get_height() - h - 6)
    if x < 6:
        x = 6
    box = pygame.Rect(x, y, w, h)
    panel(surface, box, PANEL_DARK, 240, YELLOW, 6)
    for i, t in enumerate(wrapped):
        text(surface, t, 20, TEXT, (x + 10, y + 8 + 20 * i))
