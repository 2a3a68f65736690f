"""Paint a Track as a printed Formula D board: grass, asphalt, kerbs, markings.

The layout (``game.board.layout``) says where each thing lies; this paints it
at the scale it is shown, whole or any part of it (``paint``); the board view
keeps that picture in tiles (``game.board.tiles``), so a frame costs a few
blits. The map's art is read with the track (``game.tracks.art``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame.gfxdraw

from game import texts
from game.board import scenery_art as art
from game.board.blocked_art import MARGIN, hatch, inset
from game.board.canvas import Canvas, paint_grass, texture
from game.board.contrast import NORMAL, Look
from game.board.contrast import look as look_of
from game.board.curves import SAMPLES, Nearest, dist_to_segment, split_runs, unit
from game.board.layout import BoardLayout, Section
from game.board.palette import (
    ASPHALT,
    BOX_GREEN,
    BOX_RED,
    CORNER_LINE,
    DARK,
    GANTRY,
    KERB_RED,
    KERB_WHITE,
    LINE,
    PIT_ASPHALT,
    ROW_TINTS,
    YELLOW,
)
from game.board.street_art import StreetArt
from game.board.surroundings import SurroundingsPainter
from game.board.tag_metrics import proportions
from game.tracks.art import AREA_CLASSES, BoardArt, Scenery, read_art
from game.tracks.geometry import Point, lerp, point_in_polygon
from rules.track import EdgeKind, Track

#: The board's API: the art of a map is read with its track, painted here.
__all__ = ["BoardArt", "BoardOptions", "BoardRenderer", "Canvas", "Scenery", "paint_grass", "read_art"]

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


# --- the board ------------------------------------------------------------------


class BoardRenderer(SurroundingsPainter):
    """Space polygons, hit-testing and the rendered picture of one track."""

    def __init__(
        self, track: Track, scale: float = 1.0, art: BoardArt | None = None, like: BoardLayout | None = None
    ) -> None:
        """Lay out ``track``'s board (or take ``like``'s layout, see ``BoardLayout``) to paint it."""
        super().__init__(track, scale, art, like, measure=proportions)
        self.street_art = StreetArt(self, ASPHALT)
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.look: Look = NORMAL  # the markings' look of the picture being painted

    # --- drawing --------------------------------------------------------------

    def render(
        self,
        options: BoardOptions = BoardOptions(),
        scale: float | None = None,
        area: tuple[float, float, float, float] | None = None,
        transparent: bool = False,
    ) -> pygame.Surface:
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

    def paint(
        self,
        options: BoardOptions = BoardOptions(),
        scale: float | None = None,
        area: tuple[float, float, float, float] | None = None,
        transparent: bool = False,
    ) -> pygame.Surface:
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
            art.waterside(
                c,
                pts,
                self.lane_width,
                self.art.surroundings == "walls",
                lambda p: any(point_in_polygon(p, other) for other in water),
            )
        self._ground_things(c)
        for poly, tyres in self.gravel:
            c.textured("gravel", poly)
            self._tyres(c, tyres)
        if self.track.pit is not None:
            self._pit(c)
        self._asphalt(c)
        self._worn_line(c)
        self.street_art.ground(c)
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
        self.street_art.buildings(c)
        self.street_art.marks(c)
        self._gantry(c)
        if o.arrows:
            self._arrows(c)
        for i in range(len(self.track.corners)):
            self._corner_sign(c, i)
        if self.track.pit is not None:
            self._pit_sign(c)
        if o.names or o.rows:
            self._labels(c, o)

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
            n = unit(b[1] - a[1], a[0] - b[0])
            c.poly(
                PIT_ASPHALT,
                [
                    (a[0] + n[0] * h, a[1] + n[1] * h),
                    (b[0] + n[0] * h, b[1] + n[1] * h),
                    (b[0] - n[0] * h, b[1] - n[1] * h),
                    (a[0] - n[0] * h, a[1] - n[1] * h),
                ],
            )
        for s in self.track.lane_spaces(-1):
            c.grained("pit", self._outline(s, 0.1 * w, 0.1 * w))

        def mouth(p: Point) -> bool:
            return any(dist_to_segment(p, a, b) < h for a, b in roads[2:])

        for edge in ([k.at(k.left) for k in sec], [k.at(-k.right) for k in sec]):
            for run in split_runs(edge, mouth, closed=False):
                c.path(LINE, run, 0.05 * w)
        for k in sec[::SAMPLES]:
            c.line(LINE, k.at(k.left), k.at(-k.right), 0.035 * w)
        for number, name in enumerate(pit.boxes, 1):
            s = self.track.space(name)
            bay = [lerp(p, (s.x, s.y), 0.22) for p in self._box_corners(s)]
            c.path(YELLOW, bay, 0.035 * w, closed=True)
            c.text(str(number), 0.5 * w, YELLOW, (s.x, s.y))

    def _pit_sign(self, c: Canvas) -> None:
        """ "PIT LANE" on the roof of the garages, in the middle of the pit lane."""
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
                part = edge[start : start + per_block + 1]
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
        middle = span[len(span) // 4 : len(span) - len(span) // 4]
        depth = 0.16 * w
        edge = [(k.at(k.left if side > 0 else -k.right), (k.normal[0] * side, k.normal[1] * side)) for k in middle]
        for b, start in enumerate(range(0, len(edge) - 1, 2)):
            part = edge[start : start + 3]
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
            c.path(
                look.line, [k.at(-k.right) for k in sec], (look.edge if lane == last else look.border) * w, closed=True
            )
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
            edge = [k.at(k.left if side > 0 else -k.right) for k in self.sections[inner]]
            for run in self._away_from(sec, edge):
                c.path(look.line, run, look.edge * w)

    def _away_from(self, sec: list[Section], edge: list[Point]) -> list[list[Point]]:
        """The runs of a closed ``edge`` that keep 3/4 of a lane width or more from the centre line ``sec``."""
        w = self.lane_width
        near = Nearest([k.mid for k in sec], w, closed=False)
        return split_runs(edge, lambda p: near.distance(p, w) < 0.75 * w, closed=True)

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
                    c.poly(
                        LINE if (i + j) % 2 else DARK,
                        [
                            (p[0] + f[0] * sq * t, p[1] + f[1] * sq * t)
                            for p, t in ((a, j), (b, j), (b, j + 1), (a, j + 1))
                        ],
                    )

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
        n = unit(right[1] - left[1], left[0] - right[0])
        ends = ((left, 1), (right, 1), (right, -1), (left, -1))
        beam = [(p[0] + n[0] * half * k, p[1] + n[1] * half * k) for p, k in ends]
        art.translucent(c, (0, 0, 0), 60, [(x + dx, y + dy) for x, y in beam])
        c.poly(GANTRY, beam)
        for i in range(5):
            p = lerp(left, right, 0.36 + 0.07 * i)
            x, y = c.px(p)
            pygame.draw.circle(c.surface, KERB_RED, (x, y), max(1.0, 0.035 * w * c.s))
        for p in (left, right):
            post = [
                (p[0] - 0.1 * w, p[1] - 0.1 * w),
                (p[0] + 0.1 * w, p[1] - 0.1 * w),
                (p[0] + 0.1 * w, p[1] + 0.1 * w),
                (p[0] - 0.1 * w, p[1] + 0.1 * w),
            ]
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
            c.path(
                LINE,
                [
                    lerp(back_l, back_r, 0.14),
                    lerp(front_l, front_r, 0.14),
                    lerp(front_l, front_r, 0.86),
                    lerp(back_l, back_r, 0.86),
                ],
                0.06 * w,
            )
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
            f = unit(b[0] - a[0], b[1] - a[1])
            n = (f[1], -f[0])
            tip = lerp(a, b, 0.7)
            c.line(DARK, lerp(a, b, 0.24), tip, self.look.arrow_rim * w)
            c.line(self.look.line, lerp(a, b, 0.25), tip, self.look.arrow * w)
            chevron = [
                (tip[0] + (f[0] * u + n[0] * v) * 0.34 * w, tip[1] + (f[1] * u + n[1] * v) * 0.34 * w) for u, v in shape
            ]
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
