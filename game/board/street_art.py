"""The street race painted on the printed board: the zones' tinted spaces and black spaces,
the houses with the residents' windows, the roadworks, the police station, and the tunnels.

Where each of them lies is worked out once per board by ``game.board.street_shapes``
(``BoardLayout.street``); ``BoardRenderer`` calls the three painters here at their places
in the drawing order: ``ground`` under the white lines, ``buildings`` with the other
buildings, ``marks`` on top.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Protocol

import pygame

from game import texts
from game.board.street_shapes import DANGER, LABEL_SIZE, POLICE, SHOOTING, Colour, Section, StreetShapes, shifted
from game.tracks.geometry import Point, lerp, shrink
from rules.track import Space, Track, Zone

BLACK: Colour = (16, 16, 18)
HAZARD_DARK: Colour = (30, 30, 32)
FACADE: Colour = (232, 222, 200)
GLASS: Colour = (122, 178, 214)
LIT: Colour = (250, 226, 140)
FRAME: Colour = (92, 74, 60)
POLICE_ROOF: Colour = (62, 78, 112)
CONCRETE: Colour = (176, 176, 170)
TUNNEL: Colour = (20, 22, 30)
WHITE: Colour = (240, 240, 236)
RESIDENT: tuple[Colour, ...] = ((236, 196, 160), (190, 140, 100), (120, 84, 60))
#: The hint under the mouse for a space of each kind of zone.
ZONE_HINTS = {"shooting": "gallery.shooting_zone", "danger": "gallery.danger_zone", "police": "gallery.police_zone"}
#: What each part of the street race does to a car, said under the mouse (STREET-5..7).
ABOUT = {
    "shooting": "street.about.shooting",
    "danger": "street.about.danger",
    "black": "street.about.black",
    "police": "street.about.police",
    "tunnel": "street.about.tunnel",
}
#: How strongly a zone's colour tints its spaces' asphalt (0 = not at all, 1 = fully).
TINT = 0.3


class Board(Protocol):
    """What the painting needs of ``BoardRenderer``: the track, its lanes' sections and the street's shapes."""

    track: Track
    lane_width: float
    street: StreetShapes

    @property
    def sections(self) -> Mapping[int, Sequence[Section]]: ...

    def space_polygon(self, name: str) -> list[Point]: ...


class Canvas(Protocol):
    s: float
    surface: pygame.Surface

    def px(self, p: Point) -> Point: ...

    def poly(self, colour: Colour, pts: Sequence[Point]) -> None: ...

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None: ...

    def path(self, colour: Colour, pts: Sequence[Point], width: float, closed: bool = False) -> None: ...

    def text(self, text: str, size: float, colour: Colour, centre: Point, backing: Colour | None = None) -> None: ...


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _darker(colour: Colour, by: int) -> Colour:
    """The colour with ``by`` taken off each channel (a roof's eaves, in shade)."""
    return (max(0, colour[0] - by), max(0, colour[1] - by), max(0, colour[2] - by))


class StreetArt:
    """The painter of one board's street race (its shapes: ``board.street``)."""

    def __init__(self, board: Board, asphalt: Colour) -> None:
        self.board = board
        self.shapes = board.street
        self.track = board.track
        self.w = board.lane_width
        self.asphalt = asphalt

    def ground(self, c: Canvas) -> None:
        """Each zone's spaces tinted in its colour; the danger zone's black spaces black (STREET-6)."""
        colours = {"shooting": SHOOTING, "danger": DANGER, "police": POLICE}
        for zone in self.track.zones:
            tint = _mix(self.asphalt, colours[zone.kind], TINT)
            for name in zone.spaces:
                c.poly(tint, self.board.space_polygon(name))
        for zone in self.track.zones:
            for name in zone.black:
                self._black_space(c, self.track.space(name))

    def _black_space(self, c: Canvas, s: Space) -> None:
        """A black space: black with a yellow rim and a warning triangle, as on a printed board."""
        w = self.w
        poly = self.board.space_polygon(s.name)
        inner = [lerp(p, (s.x, s.y), 0.12) for p in poly]
        c.poly(DANGER, inner)
        c.poly(BLACK, [lerp(p, (s.x, s.y), 0.24) for p in poly])
        r = 0.2 * w  # the warning triangle, upright on the screen whichever way the street runs
        x, y = s.x, s.y
        c.poly(DANGER, [(x, y - r), (x + 0.9 * r, y + 0.65 * r), (x - 0.9 * r, y + 0.65 * r)])
        c.line(BLACK, (x, y - 0.45 * r), (x, y + 0.15 * r), 0.05 * w)
        c.line(BLACK, (x, y + 0.32 * r), (x, y + 0.42 * r), 0.05 * w)

    def buildings(self, c: Canvas) -> None:
        """The houses of the residents and the police station."""
        w = self.w
        for house in self.shapes.houses:
            c.poly(_darker(house.colour, 60), house.roof)
            c.poly(house.colour, shrink(list(house.roof), 0.08 * w))
            c.poly(FACADE, house.facade)
            c.path(FRAME, house.facade, 0.03 * w, closed=True)
            for k, win in enumerate(house.windows):
                c.poly(LIT if (k + len(house.roof)) % 3 == 0 else GLASS, win)
                c.path(FRAME, win, 0.035 * w, closed=True)
                if (k + round(house.roof[0][0])) % 2 == 0:  # a resident at the window
                    x, y = c.px(lerp(win[0], win[2], 0.5))
                    pygame.draw.circle(c.surface, RESIDENT[k % len(RESIDENT)], (x, y), max(1.0, 0.06 * w * c.s))
        for st in self.shapes.stations:
            c.poly(CONCRETE, st.forecourt)
            c.path(WHITE, st.forecourt, 0.03 * w, closed=True)
            for centre, f in st.cars:
                self._patrol_car(c, centre, f)
            c.poly(_darker(POLICE_ROOF, 40), st.outline)
            c.poly(POLICE_ROOF, st.roof)
            c.path(WHITE, st.roof, 0.03 * w, closed=True)
            for p in st.lights:
                x, y = c.px(p)
                pygame.draw.circle(c.surface, (120, 180, 255), (x, y), max(1.5, 0.14 * w * c.s))
                pygame.draw.circle(c.surface, POLICE, (x, y), max(1.0, 0.09 * w * c.s))
            c.text(texts.tr("board.police"), 0.42 * w, WHITE, st.sign, backing=POLICE)

    def _patrol_car(self, c: Canvas, centre: Point, f: Point) -> None:
        """A white patrol car seen from above, a blue band across it and its light bar."""
        w = self.w
        n = (-f[1], f[0])

        def box(along: float, across: float, at: float = 0.0) -> list[Point]:
            mid = shifted(centre, f, at)
            return [
                shifted(shifted(mid, f, sa * along), n, sb * across) for sa, sb in ((-1, -1), (1, -1), (1, 1), (-1, 1))
            ]

        c.poly(HAZARD_DARK, box(0.4 * w, 0.21 * w))
        c.poly(WHITE, box(0.37 * w, 0.18 * w))
        c.poly(POLICE, box(0.06 * w, 0.18 * w, 0.12 * w))
        c.poly(GLASS, box(0.07 * w, 0.14 * w, -0.05 * w))
        c.poly((220, 40, 40), box(0.03 * w, 0.07 * w, 0.02 * w))
        c.poly((60, 120, 255), [shifted(p, n, 0.07 * w) for p in box(0.03 * w, 0.07 * w, 0.02 * w)])

    def marks(self, c: Canvas) -> None:
        """On top: the roadworks barrier of the danger zone, zone borders, tags, and the tunnels."""
        for zone in self.track.zones:
            if zone.kind == "danger":
                for run in self.shapes.sides(zone):
                    self._barrier(c, run)
            self._borders(c, zone)
        for key, at, colour in self.shapes.labels:
            c.text(texts.tr(key), LABEL_SIZE * self.w, colour, at, backing=BLACK)
        for tunnel in self.track.tunnels:
            self._tunnel(c, tunnel.number, self.track.space(tunnel.entry), self.track.space(tunnel.exit))

    def _borders(self, c: Canvas, zone: Zone) -> None:
        """A coloured line across the track where the zone begins and where it ends."""
        colours = {"shooting": SHOOTING, "danger": DANGER, "police": POLICE}
        ends = []
        for lane in range(self.track.lanes):
            run = self.shapes.run(zone, lane)
            if run is None:
                continue
            sec = self.board.sections[lane]
            k = self.shapes.samples(lane)
            for index in (run[0] * k, (run[1] + 1) * k):
                cut = sec[index % len(sec)]
                ends.append((cut.at(cut.left), cut.at(-cut.right)))
        for a, b in ends:
            c.line(colours[zone.kind], a, b, 0.09 * self.w)

    def _barrier(self, c: Canvas, run: list[tuple[Point, Point]]) -> None:
        """Yellow and black roadworks blocks along the street's edge, and traffic cones."""
        w = self.w
        a, b = 0.26 * w, 0.46 * w
        for i, (here, there) in enumerate(zip(run, run[1:])):
            colour = DANGER if (i // 2) % 2 == 0 else HAZARD_DARK
            c.poly(colour, [shifted(*here, a), shifted(*there, a), shifted(*there, b), shifted(*here, b)])
        for p, n in run[3:-2:6]:
            x, y = c.px(shifted(p, n, 0.62 * w))
            pygame.draw.circle(c.surface, (240, 110, 30), (x, y), max(1.5, 0.1 * w * c.s))
            pygame.draw.circle(c.surface, WHITE, (x, y), max(1.0, 0.05 * w * c.s))

    def _tunnel(self, c: Canvas, number: int, entry: Space, exit_: Space) -> None:
        """STREET-7: the passage under the city from the entry to the exit, both ends numbered."""
        w = self.w
        a, b = (entry.x, entry.y), (exit_.x, exit_.y)
        d = math.dist(a, b) or 1.0
        f = ((b[0] - a[0]) / d, (b[1] - a[1]) / d)
        n = (-f[1], f[0])
        start, end = shifted(a, f, 0.45 * w), shifted(b, f, -0.45 * w)
        half = 0.34 * w
        if math.dist(a, b) > 1.0 * w:
            body = [shifted(start, n, half), shifted(end, n, half), shifted(end, n, -half), shifted(start, n, -half)]
            _translucent(c, TUNNEL, 170, body)
            for side in (1.0, -1.0):
                _dashed(c, CONCRETE, shifted(start, n, side * half), shifted(end, n, side * half), 0.05 * w, 0.25 * w)
            lamps = max(1, int(math.dist(start, end) / (0.5 * w)))
            for k in range(lamps):  # the lamps along the tunnel's ceiling
                x, y = c.px(shifted(lerp(start, end, (k + 0.5) / lamps), n, 0.24 * w))
                pygame.draw.circle(c.surface, LIT, (x, y), max(1.0, 0.04 * w * c.s))
            steps = max(1, int((math.dist(start, end) - 0.4 * w) / (1.2 * w)))
            at = [t for t in ((k + 0.5) / steps for k in range(steps)) if abs(t - 0.5) >= 0.2] or [0.2, 0.8]
            for t in at:  # chevrons in the driving direction, clear of the name in the middle
                mid = lerp(start, end, t)
                tip = shifted(mid, f, 0.16 * w)
                c.path(
                    WHITE,
                    [
                        shifted(shifted(mid, f, -0.1 * w), n, 0.2 * w),
                        tip,
                        shifted(shifted(mid, f, -0.1 * w), n, -0.2 * w),
                    ],
                    0.05 * w,
                )
            for p in (start, end):  # the portals: a concrete frame across each mouth
                c.poly(
                    CONCRETE,
                    [
                        shifted(shifted(p, n, half + 0.1 * w), f, -0.08 * w),
                        shifted(shifted(p, n, half + 0.1 * w), f, 0.08 * w),
                        shifted(shifted(p, n, -half - 0.1 * w), f, 0.08 * w),
                        shifted(shifted(p, n, -half - 0.1 * w), f, -0.08 * w),
                    ],
                )
        for s, ring in ((entry, (48, 209, 88)), (exit_, (102, 212, 207))):
            x, y = c.px((s.x, s.y))
            r = 0.3 * w * c.s
            pygame.draw.circle(c.surface, ring, (x, y), max(2.0, r))
            pygame.draw.circle(c.surface, BLACK, (x, y), max(1.5, r * 0.8))
            c.text(str(number), 0.42 * w, WHITE, (s.x, s.y))
        c.text(texts.tr("board.tunnel", number=number), 0.26 * w, WHITE, lerp(start, end, 0.5), backing=TUNNEL)


def space_lines(track: Track, name: str, about: bool = False) -> list[str]:
    """What the street race makes of one space, for the hint under the mouse (STREET-5..7),
    and whether it is blocked (AMB-69, any board); with ``about``, what the zone does to a car."""
    lines = [texts.tr("gallery.blocked_space")] if track.is_blocked(name) else []
    zone = track.zone_of(name)
    if zone is not None:
        black = name in zone.black
        lines.append(texts.tr("gallery.black_space" if black else ZONE_HINTS[zone.kind]))
        if about:
            lines.append(texts.tr(ABOUT["black" if black else zone.kind]))
    tunnel = track.tunnel_from(name)
    if tunnel is not None:
        lines.append(texts.tr("gallery.tunnel_entry", number=tunnel.number, exit=tunnel.exit))
    lines += [texts.tr("gallery.tunnel_exit", number=t.number, entry=t.entry) for t in track.tunnels if t.exit == name]
    if about and (tunnel is not None or any(t.exit == name for t in track.tunnels)):
        lines.append(texts.tr(ABOUT["tunnel"]))
    return lines


def building_lines(kind: str) -> list[str]:
    """The hint over a resident's house, the police station or a zone's tag: the zone and what it does."""
    return [texts.tr(ZONE_HINTS[kind]), texts.tr(ABOUT[kind])]


def _translucent(c: Canvas, colour: Colour, alpha: int, pts: Sequence[Point]) -> None:
    """A polygon laid over the board with the given opacity (the tunnel seen through the city)."""
    q = [c.px(p) for p in pts]
    x0, y0 = math.floor(min(p[0] for p in q)), math.floor(min(p[1] for p in q))
    x1, y1 = math.ceil(max(p[0] for p in q)), math.ceil(max(p[1] for p in q))
    if x1 <= x0 or y1 <= y0:
        return
    layer = pygame.Surface((x1 - x0 + 1, y1 - y0 + 1), pygame.SRCALPHA)
    pygame.draw.polygon(layer, (*colour, alpha), [(x - x0, y - y0) for x, y in q])
    c.surface.blit(layer, (x0, y0))


def _dashed(c: Canvas, colour: Colour, a: Point, b: Point, width: float, dash: float) -> None:
    d = math.dist(a, b)
    count = max(1, int(d / (2 * dash)))
    for k in range(count):
        c.line(colour, lerp(a, b, 2 * k * dash / d), lerp(a, b, min(1.0, (2 * k + 1) * dash / d)), width)
