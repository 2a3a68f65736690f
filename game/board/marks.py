"""What the race draws on the board: legal destinations, the hovered path, damage markers, cars."""

from __future__ import annotations

import math

import pygame

from game import theme
from game.board import contrast
from game.board.cars import draw_car
from game.board.view import HIT, BoardView
from game.play.movetext import move_tag
from game.texts import tr
from rules.moves import Move
from rules.track import Track

FREE = (64, 196, 112)
COSTS = (246, 170, 40)
OUT = (214, 40, 52)
#: The colour of each optional or forced extra segment's paths (slipstream, soft-tyre bonus, slide).
EXTRA = {"slip": (64, 206, 236), "bonus": (196, 120, 250), "slide": (96, 150, 255), "launch": (250, 200, 90)}


class Layer:
    """A reusable see-through surface the size of the window."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None

    def clear(self, size: tuple[int, int]) -> pygame.Surface:
        if self.surface is None or self.surface.get_size() != size:
            self.surface = pygame.Surface(size, pygame.SRCALPHA)
        self.surface.fill((0, 0, 0, 0))
        return self.surface


def tone(moves: list[Move]) -> theme.Colour:
    """Green when one way there is free, orange when it costs WP, red when every way there ends the race."""
    if all(m.out is not None for m in moves):
        return OUT
    if any(m.out is None and m.brakes + m.tyres == 0 for m in moves):
        return FREE
    return COSTS


def draw_destinations(
    screen: pygame.Surface,
    layer: Layer,
    view: BoardView,
    destinations: dict[str, list[Move]],
    hover: str | None,
    pulse: float,
) -> None:
    """Every legal end space, tinted by what it costs, with its cost tag."""
    surf = layer.clear(screen.get_size())
    alpha = 95 + round(35 * (0.5 + 0.5 * math.sin(pulse * 4)))
    for space, moves in destinations.items():
        pts = view.polygon(space)
        c = tone(moves)
        pygame.draw.polygon(surf, (*c, alpha + (60 if space == hover else 0)), pts)
    screen.blit(surf, (0, 0))
    px = max(14, min(22, round(view.board.lane_width * view.scale * 0.34)))
    small = view.board.lane_width * view.scale < HIT  # zoomed out: a dot marks where a click still hits
    strong = contrast.high()  # a thick outline on a dark rim
    for space, moves in destinations.items():
        pts = view.polygon(space)
        c = tone(moves)
        width = (3 if space == hover else 2) + (3 if strong else 0)
        if strong:
            pygame.draw.lines(screen, (16, 16, 18), True, pts, width + 4)
        pygame.draw.lines(screen, theme.YELLOW if space == hover else c, True, pts, width)
        if small:
            s = view.board.track.space(space)
            pygame.draw.circle(screen, theme.YELLOW if space == hover else c, view.to_screen((s.x, s.y)), 5)
        tag = move_tag(moves[0]) if len(moves) == 1 else "…"
        extra = EXTRA.get(moves[0].via)
        if extra is not None and len(moves) > 1:
            tag = tr(f"via.{moves[0].via}.short", n=len(moves[0].path)) + " …"
        if tag:
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            img = theme.font(px).render(tag, True, theme.TEXT)
            box = img.get_rect(center=(round(cx), round(cy))).inflate(8, 2)
            pygame.draw.rect(screen, theme.shade(extra or c, 0.45), box, border_radius=5)
            if extra is not None:
                pygame.draw.rect(screen, extra, box, 1, border_radius=5)
            screen.blit(img, img.get_rect(center=box.center))


def draw_extras(
    screen: pygame.Surface, view: BoardView, track: Track, here: str, destinations: dict[str, list[Move]]
) -> None:
    """The extra segments on offer as paths from the car: slipstream, the bonus space, the slide."""
    start = track.space(here)
    for moves in destinations.values():
        for m in moves:
            if m.via in EXTRA and m.path:
                pts = [(start.x, start.y)] + [(track.space(n).x, track.space(n).y) for n in m.path]
                draw_path(screen, view, pts, EXTRA[m.via])


def draw_path(screen: pygame.Surface, view: BoardView, points: list[tuple[float, float]], colour: theme.Colour) -> None:
    """The way a move drives: a line through the space centres, dots on each space, an arrow at the end."""
    if len(points) < 2:
        return
    pts = [view.to_screen(p) for p in points]
    w = max(3, round(view.board.lane_width * view.scale * 0.09))
    pygame.draw.lines(screen, (20, 20, 24), False, pts, w + 4)
    pygame.draw.lines(screen, colour, False, pts, w)
    for p in pts[1:-1]:
        pygame.draw.circle(screen, colour, p, w + 1)
    (ax, ay), (bx, by) = pts[-2], pts[-1]
    ang = math.atan2(by - ay, bx - ax)
    size = w * 4
    head = [
        (bx, by),
        (bx - size * math.cos(ang - 0.45), by - size * math.sin(ang - 0.45)),
        (bx - size * math.cos(ang + 0.45), by - size * math.sin(ang + 0.45)),
    ]
    pygame.draw.polygon(screen, colour, head)


# An oil stain: overlapping blobs (offset, radius as parts of the marker's size), a sheen, debris.
_OIL = ((-0.38, 0.12, 0.62), (0.34, -0.22, 0.5), (0.12, 0.4, 0.46), (0.0, 0.0, 0.72), (-0.2, -0.36, 0.36))
_SHEEN = ((60, 70, 120), (70, 110, 120), (110, 70, 120))
_DEBRIS = ((0.78, 0.52, 0.4), (-0.84, -0.42, 2.1), (0.55, -0.8, 4.0))


def draw_marker(screen: pygame.Surface, view: BoardView, centre: tuple[float, float]) -> None:
    """A dangerous space (CORE-DANGER-1): an oil slick with a sheen and debris, and a warning
    triangle at its edge that stays visible when a car stands on it."""
    x, y = view.to_screen(centre)
    r = max(6.0, view.board.lane_width * view.scale * 0.34)
    for dx, dy, k in _OIL:
        pygame.draw.circle(screen, (14, 14, 16), (x + dx * r, y + dy * r), r * k)
    for i, (dx, dy, k) in enumerate(_OIL[:3]):
        sx, sy, sr = x + dx * r - r * k * 0.2, y + dy * r - r * k * 0.25, r * k * 0.55
        pygame.draw.arc(screen, _SHEEN[i], (sx - sr, sy - sr, 2 * sr, 2 * sr), 0.6, 2.2, max(1, round(r / 9)))
    for dx, dy, a in _DEBRIS:
        px, py, d = x + dx * r, y + dy * r, r * 0.16
        shard = [(px + d * math.cos(a + t), py + d * math.sin(a + t)) for t in (0.0, 2.3, 3.9)]
        pygame.draw.polygon(screen, (150, 154, 162), shard)
    tx, ty, t = x + r * 0.62, y - r * 0.62, r * 0.42
    tri = [(tx, ty - t), (tx + t * 0.95, ty + t * 0.7), (tx - t * 0.95, ty + t * 0.7)]
    pygame.draw.polygon(screen, theme.YELLOW, tri)
    pygame.draw.polygon(screen, (16, 16, 18), tri, 1)
    if t >= 7:
        theme.text(screen, "!", round(t * 1.3), (16, 16, 18), (tx, ty + t * 0.12), "center")


def draw_car_on_board(
    screen: pygame.Surface,
    view: BoardView,
    pose: tuple[float, float, float],
    colour: str,
    index: int,
    number: int,
    active: bool,
    pulse: float,
    wreck: bool = False,
    body: str = "formula",
) -> None:
    """One car at a map pose (x, y, heading); the car to move gets a pulsing ring, a wreck
    (a retired car left on the track, OUT-D-3) is burnt dark under a plume of smoke."""
    x, y = view.to_screen((pose[0], pose[1]))
    length = view.board.lane_width * view.scale * 1.02
    if active:
        r = length * (0.62 + 0.06 * math.sin(pulse * 5))
        width = max(2, round(length * (0.1 if contrast.high() else 0.06)))
        if contrast.high():
            pygame.draw.circle(screen, (16, 16, 18), (x, y), r + 2, width + 4)
        pygame.draw.circle(screen, theme.YELLOW, (x, y), r, width)
    draw_car(screen, (x, y), pose[2], length, colour, index, number, body)
    if wreck:
        _draw_wreck(screen, (x, y), length)


def _draw_wreck(screen: pygame.Surface, at: tuple[float, float], length: float) -> None:
    """Soot over the car and three grey puffs drifting off it: a wreck reads as one at any zoom."""
    size = max(4, round(length * 1.3))
    soot = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(soot, (20, 18, 16, 150), (size // 2, size // 2), size // 2 - 1)
    for k, (dx, dy, r) in enumerate(((0.05, -0.1, 0.16), (0.2, -0.28, 0.12), (0.36, -0.4, 0.09))):
        grey = 120 + 30 * k
        pygame.draw.circle(
            soot, (grey, grey, grey, 170), (round(size * (0.5 + dx)), round(size * (0.5 + dy))), max(1, round(size * r))
        )
    screen.blit(soot, soot.get_rect(center=(round(at[0]), round(at[1]))))
