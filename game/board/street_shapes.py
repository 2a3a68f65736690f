"""Where the street race lies on the printed board: the houses with the residents' windows
beside the shooting zone, the police station, the zones' tags; no painting.

Everything here is derived from ``Track.zones`` and ``Track.tunnels`` (STREET-5..7), so a
designer only draws the zones over the lanes and the tunnel ends; the board puts the houses
and the police station beside the street wherever there is room, like a printed city board.
``StreetShapes`` works out the shapes once per board (``BoardLayout.street``);
``game.board.street_art`` paints them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from game import texts
from game.board.labels import Measure, clear_spot
from game.tracks.geometry import Point, lerp
from rules.track import Track, Zone

Colour = tuple[int, int, int]

SHOOTING: Colour = (214, 60, 84)
DANGER: Colour = (250, 176, 20)
POLICE: Colour = (36, 88, 214)
HOUSE_ROOFS: tuple[Colour, ...] = ((178, 84, 60), (150, 70, 56), (196, 116, 78), (128, 110, 100), (166, 96, 70))
#: A zone's tag: its height in lane widths.
LABEL_SIZE = 0.36


class Section(Protocol):
    """A lane's cross-section as ``BoardLayout`` keeps it (read only: its sections are frozen)."""

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
    """What the shapes need of ``BoardLayout``: the track, its lanes' sections and free room."""

    track: Track
    lane_width: float

    @property
    def sections(self) -> Mapping[int, Sequence[Section]]: ...

    def space_polygon(self, name: str) -> list[Point]: ...

    def _clear(self, p: Point, expected: float) -> bool: ...


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


def shifted(p: Point, n: Point, d: float) -> Point:
    """``p`` moved ``d`` map pixels along the unit vector ``n`` (out from the street's edge)."""
    return (p[0] + n[0] * d, p[1] + n[1] * d)


class StreetShapes:
    """The street race's shapes on one board; empty on a track without zones and tunnels."""

    def __init__(self, board: Board, measure: Measure) -> None:
        """Work the shapes out; ``measure`` gives a tag's proportions from its text."""
        self.board = board
        self.track = board.track
        self.w = board.lane_width
        self.measure = measure
        self.houses: list[House] = []
        self.stations: list[Station] = []
        self.labels: list[tuple[str, Point, Colour]] = []
        for zone in self.track.zones:
            if zone.kind == "shooting":
                self._street_of_houses(zone)
            elif zone.kind == "police":
                self._police_station(zone)
            self._label(zone)

    def samples(self, lane: int) -> int:
        return len(self.board.sections[lane]) // len(self.track.lane_spaces(lane))

    def run(self, zone: Zone, lane: int) -> tuple[int, int] | None:
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
        run = self.run(zone, lane)
        if run is None:
            return []
        sec = self.board.sections[lane]
        k = self.samples(lane)
        out = []
        for i in range(run[0] * k, (run[1] + 1) * k + 1):
            c = sec[i % len(sec)]
            edge = c.at(c.left if side > 0 else -c.right)
            out.append((edge, (c.normal[0] * side, c.normal[1] * side)))
        return out

    def sides(self, zone: Zone) -> list[list[tuple[Point, Point]]]:
        """Both outer edges of a zone: the left edge of lane A and the right edge of the last lane."""
        return [e for e in (self._edge(zone, 0, 1.0), self._edge(zone, self.track.lanes - 1, -1.0)) if len(e) > 1]

    def _room(self, p: Point, n: Point, near: float, depth: float) -> float:
        """How deep a building beside the street at ``p`` may be before it meets another street (0: none)."""
        while depth >= 0.7 * self.w:
            if all(self.board._clear(shifted(p, n, near + d), 0.5 * self.w + near + d) for d in (depth * 0.5, depth)):
                return depth
            depth *= 0.85
        return 0.0

    def _street_of_houses(self, zone: Zone) -> None:
        """STREET-5: houses along both sides of the shooting zone, their windows facing the street."""
        w = self.w
        near = 0.62 * w
        rnd = random.Random(f"houses {zone.object_id}")
        for run in self.sides(zone):
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
                front = [shifted(p, n, near) for p, n in part]
                back = [shifted(p, n, near + depth) for p, n in part]
                front[0], back[0] = lerp(front[0], front[1], gap / w), lerp(back[0], back[1], gap / w)
                front[-1], back[-1] = lerp(front[-1], front[-2], gap / w), lerp(back[-1], back[-2], gap / w)
                strip = [shifted(p, n, near + 0.3 * w) for p, n in part]
                strip[0], strip[-1] = lerp(strip[0], strip[1], gap / w), lerp(strip[-1], strip[-2], gap / w)
                windows = []
                for j in range(2):
                    i = round((j + 0.5) / 2 * (len(part) - 1))
                    p, n = part[i]
                    f = (-n[1], n[0])
                    hw = 0.16 * w
                    a, b = shifted(p, n, near + 0.06 * w), shifted(p, n, near + 0.24 * w)
                    windows.append(tuple(shifted(q, f, s) for q, s in ((a, -hw), (a, hw), (b, hw), (b, -hw))))
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
        for run in self.sides(zone):
            p, n = run[len(run) // 2]
            depth = self._room(p, n, near, 2.6 * w)
            if depth and (best is None or depth > best[0]):
                best = (depth, run)
        if best is None:
            return
        depth, run = best
        yard = 0.9 * w  # the forecourt between the street and the building
        front = [shifted(p, n, near + yard) for p, n in run]
        back = [shifted(p, n, near + depth) for p, n in run]
        roof = [shifted(p, n, near + yard + 0.14 * w) for p, n in run[1:-1]] + [
            shifted(p, n, near + depth - 0.14 * w) for p, n in run[1:-1][::-1]
        ]
        court = [shifted(p, n, near) for p, n in run] + front[::-1]
        p, n = run[len(run) // 2]
        cars = []
        for t in (0.3, 0.7):
            q, m = run[round(t * (len(run) - 1))]
            cars.append((shifted(q, m, near + 0.45 * w), (-m[1], m[0])))
        lights = (
            shifted(run[1][0], run[1][1], near + yard + 0.4 * w),
            shifted(run[-2][0], run[-2][1], near + yard + 0.4 * w),
        )
        self.stations.append(
            Station(
                tuple(front + back[::-1]),
                tuple(roof),
                tuple(court),
                tuple(cars),
                shifted(p, n, near + yard + (depth - yard) / 2),
                lights,
            )
        )

    def _label(self, zone: Zone) -> None:
        """The zone's name on a tag beside the street at its first spaces (danger and windows)."""
        if zone.kind == "police":
            return
        sides = self.sides(zone)
        if not sides:
            return
        p, n = sides[0][min(len(sides[0]) - 1, 2)]
        key, colour = ("board.danger_zone", DANGER) if zone.kind == "danger" else ("board.shooting_zone", SHOOTING)
        longest = max((texts.tr_in(lang, key) for lang in texts.LANGUAGES), key=len)
        start = 0.45 * self.w if zone.kind == "danger" else 0.3 * self.w
        spot = clear_spot(
            self.measure(longest),
            LABEL_SIZE * self.w,
            p,
            n,
            lambda q: self.board._clear(q, 0.75 * self.w),
            start,
            6 * self.w,
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


def _inside(p: Point, poly: Sequence[Point]) -> bool:
    """Whether ``p`` lies inside the polygon (even-odd rule)."""
    x, y = p
    inside = False
    for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside
