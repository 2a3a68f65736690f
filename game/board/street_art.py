"""The street race on the printed board: houses with the residents' windows, the roadworks of
the danger zone with its black spaces, the police station, and the tunnels.

Everything here is derived from ``Track.zones`` and ``Track.tunnels`` (STREET-5..7), so a
designer only draws the zones over the lanes and the tunnel ends; the board puts the houses
and the police station beside the street wherever there is room, like a printed city board.
``StreetArt`` works out the shapes once per board; ``BoardRenderer`` calls its three painters
at their places in the drawing order: ``ground`` under the white lines, ``buildings`` with
the other buildings, ``marks`` on top.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from game import texts
from game.board.labels import clear_spot
from game.tracks.geometry import Point, lerp, shrink
from rules.track import Space, Track, Zone

Colour = tuple[int, int, int]

SHOOTING: Colour = (214, 60, 84)
DANGER: Colour = (250, 176, 20)
POLICE: Colour = (36, 88, 214)
BLACK: Colour = (16, 16, 18)
HAZARD_DARK: Colour = (30, 30, 32)
FACADE: Colour = (232, 222, 200)
GLASS: Colour = (122, 178, 214)
LIT: Colour = (250, 226, 140)
FRAME: Colour = (92, 74, 60)
HOUSE_ROOFS: tuple[Colour, ...] = ((178, 84, 60), (150, 70, 56), (196, 116, 78), (128, 110, 100), (166, 96, 70))
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
#: A zone's tag: its height in lane widths.
LABEL_SIZE = 0.36
#: How strongly a zone's colour tints its spaces' asphalt (0 = not at all, 1 = fully).
TINT = 0.3


class Section(Protocol):
    """A lane's cross-section as ``BoardRenderer`` keeps it (read only: its sections are frozen)."""

    @property
    def mid(self) -> Point: ...

    @property
    def normal(self) -> Point: ...

    @property
    def left(self) -> float: ...

    @property
    def right(self) -> float: ...

    def at(self, offset: float) -> Point: ...


class Board(Protocol):
    """What the art needs of ``BoardRenderer``: the track, its lanes' sections and free room."""

    track: Track
    lane_width: float

    @property
    def sections(self) -> Mapping[int, Sequence[Section]]: ...

    def space_polygon(self, name: str) -> list[Point]: ...

    def _clear(self, p: Point, expected: float) -> bool: ...


class Canvas(Protocol):
    s: float
    surface: pygame.Surface

    def px(self, p: Point) -> Point: ...

    def poly(self, colour: Colour, pts: Sequence[Point]) -> None: ...

    def line(self, colour: Colour, a: Point, b: Point, width: float) -> None: ...

    def path(self, colour: Colour, pts: Sequence[Point], width: float, closed: bool = False) -> None: ...

    def text(self, text: str, size: float, colour: Colour, centre: Point, backing: Colour | None = None) -> None: ...


@dataclass(frozen=True)
class House:
    """A house seen from above: its roof, and the façade strip along the street with windows."""

    roof: tuple[Point, ...]
    facade: tuple[Point, ...]
    windows: tuple[tuple[Point, ...], ...]
    colour: Colour


@dataclass(frozen=True)
class Station:
    """The police station beside its zone: the building, its forecourt with the patrol cars, the sign."""

    outline: tuple[Point, ...]
    roof: tuple[Point, ...]
    forecourt: tuple[Point, ...]
    cars: tuple[tuple[Point, Point], ...]  # (centre, forward unit vector) of each patrol car
    sign: Point
    lights: tuple[Point, ...]


def _off(p: Point, n: Point, d: float) -> Point:
    return (p[0] + n[0] * d, p[1] + n[1] * d)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _darker(colour: Colour, by: int) -> Colour:
    """The colour with ``by`` taken off each channel (a roof's eaves, in shade)."""
    return (max(0, colour[0] - by), max(0, colour[1] - by), max(0, colour[2] - by))


class StreetArt:
    """The street race's shapes on one board; empty on a track without zones and tunnels."""

    def __init__(self, board: Board, asphalt: Colour) -> None:
        self.board = board
        self.track = board.track
        self.w = board.lane_width
        self.asphalt = asphalt
        self.houses: list[House] = []
        self.stations: list[Station] = []
        self.labels: list[tuple[str, Point, Colour]] = []
        for zone in self.track.zones:
            if zone.kind == "shooting":
                self._street_of_houses(zone)
            elif zone.kind == "police":
                self._police_station(zone)
            self._label(zone)

    # --- geometry ---------------------------------------------------------------

    def _samples(self, lane: int) -> int:
        return len(self.board.sections[lane]) // len(self.track.lane_spaces(lane))

    def _run(self, zone: Zone, lane: int) -> tuple[int, int] | None:
        """The first and last index of the zone's spaces in one lane, the last past the first
        (by more than a lap's spaces when the zone spans the start line); None if it has none there."""
        idx = sorted(self.track.space(n).index for n in zone.spaces if self.track.space(n).lane == lane)
        if not idx:
            return None
        count = len(self.track.lane_spaces(lane))
        gaps = [(idx[(i + 1) % len(idx)] - idx[i]) % count for i in range(len(idx))]
        g = max(range(len(idx)), key=lambda i: (gaps[i], i))  # the run ends before its widest gap
        first, last = idx[(g + 1) % len(idx)], idx[g]
        return first, last if last >= first else last + count

    def _edge(self, zone: Zone, lane: int, side: float) -> list[tuple[Point, Point]]:
        """(edge point, outward normal) along one side of a lane, over the zone's spaces in it."""
        run = self._run(zone, lane)
        if run is None:
            return []
        sec = self.board.sections[lane]
        k = self._samples(lane)
        out = []
        for i in range(run[0] * k, (run[1] + 1) * k + 1):
            c = sec[i % len(sec)]
            edge = c.at(c.left if side > 0 else -c.right)
            out.append((edge, (c.normal[0] * side, c.normal[1] * side)))
        return out

    def _sides(self, zone: Zone) -> list[list[tuple[Point, Point]]]:
        """Both outer edges of a zone: the left edge of lane A and the right edge of the last lane."""
        return [e for e in (self._edge(zone, 0, 1.0), self._edge(zone, self.track.lanes - 1, -1.0)) if len(e) > 1]

    def _room(self, p: Point, n: Point, near: float, depth: float) -> float:
        """How deep a building beside the street at ``p`` may be before it meets another street (0: none)."""
        while depth >= 0.7 * self.w:
            if all(self.board._clear(_off(p, n, near + d), 0.5 * self.w + near + d) for d in (depth * 0.5, depth)):
                return depth
            depth *= 0.85
        return 0.0

    def _street_of_houses(self, zone: Zone) -> None:
        """STREET-5: houses along both sides of the shooting zone, their windows facing the street."""
        w = self.w
        near = 0.62 * w
        rnd = random.Random(f"houses {zone.object_id}")
        for run in self._sides(zone):
            length = sum(math.dist(a[0], b[0]) for a, b in zip(run, run[1:]))
            count = max(1, round(length / (1.5 * w)))
            per = (len(run) - 1) / count
            for h in range(count):
                part = run[round(h * per) : round((h + 1) * per) + 1]
                if len(part) < 2:
                    continue
                mid_p, mid_n = part[len(part) // 2]
                depth = self._room(mid_p, mid_n, near, rnd.uniform(1.5, 1.9) * w)
                if depth == 0.0:
                    continue
                gap = 0.04 * w  # a narrow alley between neighbours
                front = [_off(p, n, near) for p, n in part]
                back = [_off(p, n, near + depth) for p, n in part]
                front[0], back[0] = lerp(front[0], front[1], gap / w), lerp(back[0], back[1], gap / w)
                front[-1], back[-1] = lerp(front[-1], front[-2], gap / w), lerp(back[-1], back[-2], gap / w)
                strip = [_off(p, n, near + 0.3 * w) for p, n in part]
                strip[0], strip[-1] = lerp(strip[0], strip[1], gap / w), lerp(strip[-1], strip[-2], gap / w)
                windows = []
                for j in range(2):
                    i = round((j + 0.5) / 2 * (len(part) - 1))
                    p, n = part[i]
                    f = (-n[1], n[0])
                    hw = 0.16 * w
                    a, b = _off(p, n, near + 0.06 * w), _off(p, n, near + 0.24 * w)
                    windows.append(tuple(_off(q, f, s) for q, s in ((a, -hw), (a, hw), (b, hw), (b, -hw))))
                self.houses.append(
                    House(
                        tuple(front + back[::-1]), tuple(front + strip[::-1]), tuple(windows), rnd.choice(HOUSE_ROOFS)
                    )
                )

    def _police_station(self, zone: Zone) -> None:
        """STREET-7: the police station on the side of its zone with the most room."""
        w = self.w
        near = 0.62 * w
        best: tuple[float, list[tuple[Point, Point]]] | None = None
        for run in self._sides(zone):
            p, n = run[len(run) // 2]
            depth = self._room(p, n, near, 2.6 * w)
            if depth and (best is None or depth > best[0]):
                best = (depth, run)
        if best is None:
            return
        depth, run = best
        yard = 0.9 * w  # the forecourt between the street and the building
        front = [_off(p, n, near + yard) for p, n in run]
        back = [_off(p, n, near + depth) for p, n in run]
        roof = [_off(p, n, near + yard + 0.14 * w) for p, n in run[1:-1]] + [
            _off(p, n, near + depth - 0.14 * w) for p, n in run[1:-1][::-1]
        ]
        court = [_off(p, n, near) for p, n in run] + front[::-1]
        p, n = run[len(run) // 2]
        cars = []
        for t in (0.3, 0.7):
            q, m = run[round(t * (len(run) - 1))]
            cars.append((_off(q, m, near + 0.45 * w), (-m[1], m[0])))
        lights = (
            _off(run[1][0], run[1][1], near + yard + 0.4 * w),
            _off(run[-2][0], run[-2][1], near + yard + 0.4 * w),
        )
        self.stations.append(
            Station(
                tuple(front + back[::-1]),
                tuple(roof),
                tuple(court),
                tuple(cars),
                _off(p, n, near + yard + (depth - yard) / 2),
                lights,
            )
        )

    def _label(self, zone: Zone) -> None:
        """The zone's name on a tag beside the street at its first spaces (danger and windows)."""
        if zone.kind == "police":
            return
        sides = self._sides(zone)
        if not sides:
            return
        p, n = sides[0][min(len(sides[0]) - 1, 2)]
        key, colour = ("board.danger_zone", DANGER) if zone.kind == "danger" else ("board.shooting_zone", SHOOTING)
        longest = max((texts.tr_in(lang, key) for lang in texts.LANGUAGES), key=len)
        start = 0.45 * self.w if zone.kind == "danger" else 0.3 * self.w
        spot = clear_spot(
            longest, LABEL_SIZE * self.w, p, n, lambda q: self.board._clear(q, 0.75 * self.w), start, 6 * self.w
        )
        self.labels.append((key, spot, colour))

    def building_at(self, p: Point) -> str | None:
        """The zone kind whose building or tag lies at board point ``p``: "shooting" for a
        resident's house, "police" for the station or its forecourt; None elsewhere."""
        for house in self.houses:
            if _inside(p, house.roof):
                return "shooting"
        for station in self.stations:
            if _inside(p, station.outline) or _inside(p, station.forecourt):
                return "police"
        for key, spot, _ in self.labels:
            if math.dist(p, spot) <= 0.9 * self.w:
                return "danger" if key == "board.danger_zone" else "shooting"
        return None

    def extent(self) -> list[Point]:
        """Every point the art reaches, for the board's bounds."""
        return [p for h in self.houses for p in h.roof] + [p for s in self.stations for p in s.outline]

    # --- painting ---------------------------------------------------------------

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
        for house in self.houses:
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
        for st in self.stations:
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
            mid = _off(centre, f, at)
            return [_off(_off(mid, f, sa * along), n, sb * across) for sa, sb in ((-1, -1), (1, -1), (1, 1), (-1, 1))]

        c.poly(HAZARD_DARK, box(0.4 * w, 0.21 * w))
        c.poly(WHITE, box(0.37 * w, 0.18 * w))
        c.poly(POLICE, box(0.06 * w, 0.18 * w, 0.12 * w))
        c.poly(GLASS, box(0.07 * w, 0.14 * w, -0.05 * w))
        c.poly((220, 40, 40), box(0.03 * w, 0.07 * w, 0.02 * w))
        c.poly((60, 120, 255), [_off(p, n, 0.07 * w) for p in box(0.03 * w, 0.07 * w, 0.02 * w)])

    def marks(self, c: Canvas) -> None:
        """On top: the roadworks barrier of the danger zone, zone borders, tags, and the tunnels."""
        for zone in self.track.zones:
            if zone.kind == "danger":
                for run in self._sides(zone):
                    self._barrier(c, run)
            self._borders(c, zone)
        for key, at, colour in self.labels:
            c.text(texts.tr(key), LABEL_SIZE * self.w, colour, at, backing=BLACK)
        for tunnel in self.track.tunnels:
            self._tunnel(c, tunnel.number, self.track.space(tunnel.entry), self.track.space(tunnel.exit))

    def _borders(self, c: Canvas, zone: Zone) -> None:
        """A coloured line across the track where the zone begins and where it ends."""
        colours = {"shooting": SHOOTING, "danger": DANGER, "police": POLICE}
        ends = []
        for lane in range(self.track.lanes):
            run = self._run(zone, lane)
            if run is None:
                continue
            sec = self.board.sections[lane]
            k = self._samples(lane)
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
            c.poly(colour, [_off(*here, a), _off(*there, a), _off(*there, b), _off(*here, b)])
        for p, n in run[3:-2:6]:
            x, y = c.px(_off(p, n, 0.62 * w))
            pygame.draw.circle(c.surface, (240, 110, 30), (x, y), max(1.5, 0.1 * w * c.s))
            pygame.draw.circle(c.surface, WHITE, (x, y), max(1.0, 0.05 * w * c.s))

    def _tunnel(self, c: Canvas, number: int, entry: Space, exit_: Space) -> None:
        """STREET-7: the passage under the city from the entry to the exit, both ends numbered."""
        w = self.w
        a, b = (entry.x, entry.y), (exit_.x, exit_.y)
        d = math.dist(a, b) or 1.0
        f = ((b[0] - a[0]) / d, (b[1] - a[1]) / d)
        n = (-f[1], f[0])
        start, end = _off(a, f, 0.45 * w), _off(b, f, -0.45 * w)
        half = 0.34 * w
        if math.dist(a, b) > 1.0 * w:
            body = [_off(start, n, half), _off(end, n, half), _off(end, n, -half), _off(start, n, -half)]
            _translucent(c, TUNNEL, 170, body)
            for side in (1.0, -1.0):
                _dashed(c, CONCRETE, _off(start, n, side * half), _off(end, n, side * half), 0.05 * w, 0.25 * w)
            lamps = max(1, int(math.dist(start, end) / (0.5 * w)))
            for k in range(lamps):  # the lamps along the tunnel's ceiling
                x, y = c.px(_off(lerp(start, end, (k + 0.5) / lamps), n, 0.24 * w))
                pygame.draw.circle(c.surface, LIT, (x, y), max(1.0, 0.04 * w * c.s))
            steps = max(1, int((math.dist(start, end) - 0.4 * w) / (1.2 * w)))
            at = [t for t in ((k + 0.5) / steps for k in range(steps)) if abs(t - 0.5) >= 0.2] or [0.2, 0.8]
            for t in at:  # chevrons in the driving direction, clear of the name in the middle
                mid = lerp(start, end, t)
                tip = _off(mid, f, 0.16 * w)
                c.path(
                    WHITE,
                    [_off(_off(mid, f, -0.1 * w), n, 0.2 * w), tip, _off(_off(mid, f, -0.1 * w), n, -0.2 * w)],
                    0.05 * w,
                )
            for p in (start, end):  # the portals: a concrete frame across each mouth
                c.poly(
                    CONCRETE,
                    [
                        _off(_off(p, n, half + 0.1 * w), f, -0.08 * w),
                        _off(_off(p, n, half + 0.1 * w), f, 0.08 * w),
                        _off(_off(p, n, -half - 0.1 * w), f, 0.08 * w),
                        _off(_off(p, n, -half - 0.1 * w), f, -0.08 * w),
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


def _inside(p: Point, poly: Sequence[Point]) -> bool:
    """Whether ``p`` lies inside the polygon (even-odd rule)."""
    x, y = p
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


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
