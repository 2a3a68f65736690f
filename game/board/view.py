"""The board on screen: the painted track seen through the camera, with pan and zoom.

The board is painted at the zoom shown, whole or in tiles (``BoardTiles``),
once the zoom rests; while it changes, each frame only crops and stretches
the last picture. What the viewport shows of the ground and the board is
kept as one picture (the backdrop) while the camera, the viewport and the
board's picture stay as they are, so a frame of a race whose camera rests
is one blit under the cars (drawing the ground's stripes anew cost a fifth
of a frame). Every conversion between a screen pixel and a map point
goes through the one ``Camera``, so what is drawn where is also what a click
there hits.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection
from dataclasses import replace

import pygame

from game import texts, theme
from game.board import contrast
from game.board.camera import Camera
from game.board.render import BoardOptions, BoardRenderer
from game.board.tiles import BoardTiles

SETTLE = 0.25  # seconds without zooming before the board is painted sharp at the new zoom
PAN_SPEED = 700.0  # screen px per second with the arrow keys
WHEEL_STEP = 1.15
CLICK_SLOP = 6  # px the mouse may move between press and release and still click
GLIDE = 6.0  # 1/s: how fast the camera follows a car
MIN_ZOOM = 0.05  # so far out that Fit shows the biggest track whole in the smallest window's free part
HIT = 28  # px: a target space is clickable in a box at least this big around its centre, at any zoom
#: The view's look unless told otherwise: the board without its lane-change arrows.
PLAIN = BoardOptions(arrows=False)


class BoardView:
    """Pan (drag, arrow keys), zoom (wheel, +/-), fit (F) and smooth following of a point."""

    def __init__(self, board: BoardRenderer, options: BoardOptions = PLAIN) -> None:
        self.board = board
        self.options = replace(options, contrast=contrast.high())
        self.camera = Camera(min_zoom=MIN_ZOOM, max_zoom=4.0)
        self.viewport = pygame.Rect(0, 0, 1, 1)
        self.free: list[pygame.Rect] = []  # the parts of the viewport no panel covers (empty: all of it)
        self.picture = BoardTiles(board, self.options)
        self._backdrop: pygame.Surface | None = None  # the viewport's ground and board as last drawn
        self._backdrop_key: tuple[object, ...] | None = None
        self._drawn_key: tuple[object, ...] | None = None  # what the last frame drew (kept once drawn twice)
        self.composed = 0  # backdrops drawn anew so far: what a test counts
        self._last_shot: tuple[float, tuple[float, float]] = (0.0, (0.0, 0.0))  # the camera at the last update
        self.zoomed_at = 0.0
        self._press: tuple[int, int] | None = None
        self._dragged = False
        self._glide_to: tuple[tuple[float, float], tuple[float, float]] | None = None  # world point, screen spot
        self.by_hand = False  # the player moved the camera (drag, wheel, keys, Fit): framing leaves it be

    # --- geometry -------------------------------------------------------------------

    def set_viewport(self, rect: pygame.Rect) -> None:
        """The screen area the board may use; the camera keeps the centre where it was."""
        if self.viewport.width > 1:
            centre = self.camera.to_world(self.viewport.center)
            self.viewport = rect.copy()
            self.centre_on(centre)
        else:
            self.viewport = rect.copy()
            self.fit()

    def fit(self, by_hand: bool = False) -> None:
        """The whole board in the free part of the viewport: of the areas no panel covers
        (``free``), the one that shows it biggest; ``by_hand``: the player asked for it."""
        self.by_hand = self.by_hand or by_hand
        x, y, w, h = self.board.bounds
        areas = self.free or [self.viewport]
        v = max(areas, key=lambda a: min(a.width / w, a.height / h))
        self.camera.fit((x, y, w, h), (v.width, v.height), margin=12)
        self.camera.offset = (
            self.camera.offset[0] - v.left / self.camera.zoom,
            self.camera.offset[1] - v.top / self.camera.zoom,
        )
        self._glide_to = None

    def centre_on(self, world: tuple[float, float]) -> None:
        self.place(world, self.viewport.center)

    def place(self, world: tuple[float, float], spot: tuple[float, float]) -> None:
        """Move the camera so the map point ``world`` shows at the screen point ``spot``."""
        self.camera.offset = (world[0] - spot[0] / self.camera.zoom, world[1] - spot[1] / self.camera.zoom)

    def follow(self, world: tuple[float, float], keep: float = 0.6) -> None:
        """Glide so ``world`` lies in the middle ``keep`` part of the viewport (no move if it does)."""
        sx, sy = self.camera.to_screen(world)
        inner = self.viewport.inflate(-self.viewport.width * (1 - keep), -self.viewport.height * (1 - keep))
        if not inner.collidepoint(sx, sy):
            self._glide_to = (world, self.viewport.center)

    def show(self, points: list[tuple[float, float]], clear: pygame.Rect, margin: float = 0.85) -> None:
        """Glide until all ``points`` lie in ``clear`` (the part of the viewport no panel covers),
        zooming out first if they do not fit in it."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        pad = self.board.lane_width
        w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        fit = min(clear.width * margin / w, clear.height * margin / h)
        if fit < self.camera.zoom:
            centre = self.camera.to_world(self.viewport.center)
            self.camera.zoom = self.camera.clamp(fit)
            self.centre_on(centre)
            self.zoomed_at = time.monotonic()
        if any(not clear.collidepoint(self.camera.to_screen(p)) for p in points):
            self._glide_to = (((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), clear.center)

    def frame(
        self,
        points: list[tuple[float, float]],
        areas: list[pygame.Rect],
        visible: Callable[[tuple[float, float]], bool],
        margin: float = 0.85,
        closest: float | None = None,
    ) -> bool:
        """Unless every one of ``points`` already shows where ``visible`` (a screen point clear of
        the panels) says it can be seen, glide until they all lie in the one of ``areas`` (the
        board's parts no panel covers) that holds them biggest, zooming out first if they do not
        fit there at this zoom, or in up to the zoom ``closest`` if they fit at more (a far zoom
        an earlier frame needed is not kept for ever). True if the camera moves."""
        if not points or not areas or all(visible(self.camera.to_screen(p)) for p in points):
            return False
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        pad = self.board.lane_width
        w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        area = max(areas, key=lambda a: min(a.width / w, a.height / h))
        fit = min(area.width * margin / w, area.height * margin / h)
        zoom = fit if fit < self.camera.zoom else max(self.camera.zoom, min(fit, closest or 0.0))
        if zoom != self.camera.zoom:
            centre = self.camera.to_world(self.viewport.center)
            self.camera.zoom = self.camera.clamp(zoom)
            self.centre_on(centre)
            self.zoomed_at = time.monotonic()
        self._glide_to = (((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2), area.center)
        return True

    def stop(self) -> None:
        """Stay where the camera is now: a glide still under way ends here."""
        self._glide_to = None

    def to_screen(self, p: tuple[float, float]) -> tuple[float, float]:
        return self.camera.to_screen(p)

    def corner_sign_at(self, screen_pos: tuple[int, int]) -> int | None:
        """The corner whose sign (stops, shortest and longest way) lies under the mouse, if any."""
        x, y = self.camera.to_world(screen_pos)
        for i, (bx, by, bw, bh) in enumerate(self.board.corner_boxes):
            if bx <= x <= bx + bw and by <= y <= by + bh:
                return i
        return None

    def space_at(self, screen_pos: tuple[int, int]) -> str | None:
        """The space under a screen pixel of the viewport, or None."""
        if not self.viewport.collidepoint(screen_pos):
            return None
        return self.board.space_at(*self.camera.to_world(screen_pos))

    def target_at(self, screen_pos: tuple[int, int], targets: Collection[str]) -> str | None:
        """The target under a screen pixel: the one whose space it is, else the one whose centre
        is nearest within a box ``HIT`` px across, so a target stays clickable however small the
        zoomed-out board draws it."""
        if not self.viewport.collidepoint(screen_pos):
            return None
        exact = self.space_at(screen_pos)
        if exact in targets:
            return exact
        best: tuple[float, str] | None = None
        for name in targets:
            s = self.board.track.space(name)
            cx, cy = self.camera.to_screen((s.x, s.y))
            dx, dy = abs(cx - screen_pos[0]), abs(cy - screen_pos[1])
            if dx <= HIT / 2 and dy <= HIT / 2 and (best is None or dx * dx + dy * dy < best[0]):
                best = (dx * dx + dy * dy, name)
        return best[1] if best else None

    def zoom(self, at: tuple[float, float], factor: float) -> None:
        self.camera.zoom_at(at, factor)
        self.zoomed_at = time.monotonic()
        self._glide_to = None

    @property
    def scale(self) -> float:
        """Screen pixels per map pixel."""
        return self.camera.zoom

    # --- input ------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> str | None:
        """Pan and zoom; returns the clicked space's name when a click (not a drag) ends on one."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.viewport.collidepoint(event.pos):
            self._press, self._dragged = event.pos, False
        elif event.type == pygame.MOUSEMOTION and self._press is not None and event.buttons[0]:
            if self._dragged or math.dist(event.pos, self._press) > CLICK_SLOP:
                self._dragged = True
                self.camera.pan(*event.rel)
                self._glide_to = None
                self.by_hand = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            clicked = not self._dragged
            self._press = None
            if clicked:
                return self.space_at(event.pos) or ""
        elif event.type == pygame.MOUSEWHEEL:
            pos = theme.pointer()
            if self.viewport.collidepoint(pos):
                self.zoom(pos, WHEEL_STEP**event.precise_y)
                self.by_hand = True
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_f:
                self.fit(by_hand=True)
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.zoom(self.viewport.center, WHEEL_STEP)
                self.by_hand = True
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.zoom(self.viewport.center, 1 / WHEEL_STEP)
                self.by_hand = True
        return None

    @property
    def gliding(self) -> bool:
        """The camera is still on its way somewhere (what is on screen will move)."""
        return self._glide_to is not None

    @property
    def dragging(self) -> bool:
        return self._dragged and self._press is not None

    # --- update and draw ---------------------------------------------------------------

    def animating(self) -> bool:
        """Panning with held keys, gliding to a car, a sharper picture still to come after a zoom,
        or tiles around the view still to paint (a few frames after a pan at a close zoom)."""
        keys = pygame.key.get_pressed()
        held = any(keys[k] for k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN))
        return (
            held
            or self._glide_to is not None
            or time.monotonic() - self.zoomed_at <= SETTLE
            or (self.picture.scale > 0 and self.picture.ahead(self.world_view()))
        )

    def update(self, dt: float) -> None:
        keys = pygame.key.get_pressed()
        dx = (keys[pygame.K_LEFT] - keys[pygame.K_RIGHT]) * PAN_SPEED * dt
        dy = (keys[pygame.K_UP] - keys[pygame.K_DOWN]) * PAN_SPEED * dt
        if dx or dy:
            self.camera.pan(dx, dy)
            self._glide_to = None
            self.by_hand = True
        if self._glide_to is not None:
            target, spot = self._glide_to
            cx, cy = self.camera.to_world(spot)
            k = min(1.0, GLIDE * dt)
            nx, ny = cx + (target[0] - cx) * k, cy + (target[1] - cy) * k
            self.place((nx, ny), spot)
            if math.dist((nx, ny), target) * self.camera.zoom < 1.5:
                self._glide_to = None
        self._paint_board()

    def _paint_board(self) -> None:
        """Paint the board at the zoom shown once it rests (or anew in another language), and
        the tiles the view lacks; while the zoom changes the last picture is stretched."""
        if self.options.contrast != contrast.high():  # the player switched high contrast: a new picture at once
            self.options = replace(self.options, contrast=contrast.high())
            self.picture = BoardTiles(self.board, self.options)
        p = self.picture
        settled = time.monotonic() - self.zoomed_at > SETTLE
        stale = p.language != texts.language()  # the board's words follow the settings
        if p.scale == 0 or stale or (settled and abs(self.camera.zoom / p.scale - 1) > 1e-3):
            p.rescale(self.camera.zoom)
        shot = (self.camera.zoom, self.camera.offset)
        resting, self._last_shot = shot == self._last_shot, shot
        if abs(self.camera.zoom / p.scale - 1) <= 1e-3:
            p.cover(self.world_view(), resting)

    def world_view(self) -> tuple[float, float, float, float]:
        """The map rectangle the viewport shows."""
        x0, y0 = self.camera.to_world(self.viewport.topleft)
        x1, y1 = self.camera.to_world(self.viewport.bottomright)
        return (x0, y0, x1 - x0, y1 - y0)

    def draw(self, screen: pygame.Surface) -> None:
        """The ground where the board picture does not reach, then the board picture: the
        backdrop kept from the last frames if nothing it shows has changed, else drawn anew,
        and kept once a second frame draws the same (a moving camera is not copied each frame)."""
        if self.picture.scale == 0:
            self.update(0.0)
        area = self.viewport.clip(screen.get_rect())
        if area.width <= 0 or area.height <= 0:
            return
        key = (self.camera.zoom, self.camera.offset, tuple(area), self.picture, self.picture.version)
        if key == self._backdrop_key and self._backdrop is not None:
            screen.blit(self._backdrop, area)
            return
        clip = screen.get_clip()
        view = self.world_view()
        for strip in self._bare(area, view):
            screen.set_clip(strip)
            self.board.paint_ground(screen, self.camera.to_screen)
        screen.set_clip(self.viewport)
        self.picture.draw(screen, self.camera, view)
        screen.set_clip(clip)
        self.composed += 1
        if key != self._drawn_key:  # the camera moves (or just came to rest): no copy yet, it may move on
            self._drawn_key = key
            return
        if self._backdrop is None or self._backdrop.get_size() != area.size:
            self._backdrop = pygame.Surface(area.size, 0, screen)
        self._backdrop.blit(screen, (0, 0), area)
        self._backdrop_key = key

    def _bare(self, area: pygame.Rect, view: tuple[float, float, float, float]) -> list[pygame.Rect]:
        """Where the ground shows: around the board picture once it is painted at this zoom
        with nothing missing in view (up to four strips, reaching 2 px under the picture's
        edge), else all of ``area`` (the picture stretched, or tiles still to come)."""
        p = self.picture
        if abs(self.camera.zoom / p.scale - 1) > 1e-3 or p.missing(view):
            return [area]
        if p.covers(view):
            return []
        x, y = self.camera.to_screen(self.board.bounds[:2])
        board = pygame.Rect(math.floor(x + 0.5), math.floor(y + 0.5), *p.size).inflate(-4, -4)
        inner = board.clip(area)
        if not inner.width or not inner.height:
            return [area]
        return [
            r
            for r in (
                pygame.Rect(area.left, area.top, area.width, inner.top - area.top),
                pygame.Rect(area.left, inner.bottom, area.width, area.bottom - inner.bottom),
                pygame.Rect(area.left, inner.top, inner.left - area.left, inner.height),
                pygame.Rect(inner.right, inner.top, area.right - inner.right, inner.height),
            )
            if r.width > 0 and r.height > 0
        ]

    def polygon(self, space: str) -> list[tuple[float, float]]:
        """A space's outline in screen pixels."""
        return [self.camera.to_screen(p) for p in self.board.space_polygon(space)]
