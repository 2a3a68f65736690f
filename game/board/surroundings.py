"""The painting of what lies around the track: walls, tyre barriers, hills and woods, the worn
racing line, the pit building, roofs and grandstands, and the names written on them.

``SurroundingsPainter`` is the part of a ``BoardRenderer`` (``game.board.render``) that draws
them on its ``Canvas``; the shapes themselves come from ``game.board.scenery_art``.
"""

from __future__ import annotations

import math
import random

import pygame

from game import texts
from game.board import scenery_art as art
from game.board.canvas import Canvas
from game.board.layout import BoardLayout
from game.board.palette import (
    CROWD,
    DARK,
    GARAGE,
    LINE,
    ROOF,
    ROOF_EDGE,
    ROOFS,
    SEATS,
    SKIN,
    STAND_ROOF,
    TYRE,
    WALL,
    WALL_EDGE,
    Colour,
)
from game.tracks.art import GROUND_CLASSES
from game.tracks.geometry import Point, lerp, shrink


class SurroundingsPainter(BoardLayout):
    """Paints the surroundings of the board laid out: the renderer's scenery half."""

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
            band = [k.mid for k in span[n // 6 : n - n // 6]]
            if len(band) < 2 or c.off(band, w):
                continue
            taper = [math.sin(math.pi * (j + 0.5) / len(band)) ** 0.5 for j in range(len(band))]
            for width, alpha in ((0.5, 22), (0.28, 26)):
                half = [width * w / 2 * t for t in taper]
                along = list(zip(band, span[n // 6 :], half))
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
            near, far = pts[: len(pts) // 2], pts[len(pts) // 2 :][::-1]
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
