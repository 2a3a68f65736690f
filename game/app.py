"""The game window. For now it shows the shipped tracks as boards to explore.

The frame loop is cheap on purpose: the board is rendered once per zoom
level (``BoardRenderer`` caches it) and each frame only crops and scales
that picture through the camera. While the wheel turns, the old picture is
stretched; once the zoom has settled it is re-rendered sharp.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.board import BoardOptions, BoardRenderer, font, read_art
from game.camera import Camera
from game.trackdraw import TrackError
from game.trackfile import load_track
from rules.track import Track

MAPS = Path(__file__).resolve().parent.parent / "maps"
WINDOW = (1280, 800)
FPS = 60
HEADER = 62  # px kept free at the top for the track's name and facts
FOOTER = 26
SETTLE = 0.25  # seconds without zooming before the board is re-rendered sharp
MAX_BOARD_PIXELS = 8_000_000  # beyond this zoom the sharpest picture is stretched
PAN_SPEED = 700.0  # screen px per second with the arrow keys
WHEEL_STEP = 1.15
PANEL = (18, 20, 24)
BACKDROP = (34, 38, 44)
TEXT = (236, 236, 230)
DIM = (160, 164, 170)
HIGHLIGHT = (250, 204, 22)
ERROR = (255, 120, 110)
HELP = ("drag or arrows: pan   wheel: zoom   F: fit   Tab: next track   "
        "N: names   R: rows   A: arrows   F11: fullscreen   Esc: quit")


@dataclass
class Entry:
    """One track file: its board when it loaded, else the reasons it did not."""

    path: Path
    track: Track | None = None
    board: BoardRenderer | None = None
    problems: list[str] = field(default_factory=list)


def load_entry(path: Path) -> Entry:
    try:
        track = load_track(path)
    except TrackError as err:
        return Entry(path, problems=[p.line() for p in err.problems])
    return Entry(path, track, BoardRenderer(track, art=read_art(path)))


def facts(track: Track) -> str:
    """The header line: what a player wants to know about a circuit at a glance."""
    laps = " / ".join(f"{track.lane_spaces(li)[0].name[0]} {len(track.lane_spaces(li))}" for li in range(track.lanes))
    corners = "   ".join(f"{c.label} {c.stops} stop{'s' if c.stops > 1 else ''}" for c in track.corners)
    pit = f"pit {len(track.pit.spaces)} spaces" if track.pit else "no pit lane"
    return f"{track.lanes} lanes   lap {laps} spaces   {track.laps} laps   {pit}   {corners}"


def wrap(text: str, px: int, width: int) -> list[str]:
    """Split ``text`` into lines no wider than ``width`` pixels in the default font."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font(px).size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line] if line else lines


def blit_text(screen: pygame.Surface, text: str, px: int, colour: tuple[int, int, int], pos: tuple[int, int]) -> None:
    """Draw one line of anti-aliased text with its top-left at ``pos``."""
    screen.blit(font(px).render(text, True, colour), pos)


class TrackViewer:
    """Browse the shipped tracks: pan, zoom, hover spaces, switch tracks."""

    def __init__(self, files: list[Path]) -> None:
        self.files = files
        self.entries: dict[int, Entry] = {}
        self.index = 0
        self.camera = Camera()
        self.options = BoardOptions()
        self.dragging = False
        self.zoomed_at = 0.0
        self.picture: pygame.Surface | None = None
        self.picture_scale = 0.0
        self.needs_fit = True
        self.size = WINDOW

    @property
    def entry(self) -> Entry | None:
        if not self.files:
            return None
        if self.index not in self.entries:
            self.entries[self.index] = load_entry(self.files[self.index])
        return self.entries[self.index]

    # --- input ----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            self.camera.pan(*event.rel)
        elif event.type == pygame.MOUSEWHEEL:
            self.zoom(pygame.mouse.get_pos(), WHEEL_STEP ** event.precise_y)

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_f:
            self.needs_fit = True
        elif k in (pygame.K_TAB, pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.files:
            back = k == pygame.K_PAGEUP or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.index = (self.index + (-1 if back else 1)) % len(self.files)
            self.picture = None
            self.needs_fit = True
        elif k in (pygame.K_n, pygame.K_r, pygame.K_a):
            o = self.options
            self.options = BoardOptions(
                names=o.names ^ (k == pygame.K_n), rows=o.rows ^ (k == pygame.K_r), arrows=o.arrows ^ (k == pygame.K_a)
            )
            self.picture = None
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            w, h = self.size
            grow = k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
            self.zoom((w / 2, h / 2), WHEEL_STEP if grow else 1 / WHEEL_STEP)

    def zoom(self, at: tuple[float, float], factor: float) -> None:
        self.camera.zoom_at(at, factor)
        self.zoomed_at = time.monotonic()

    def resized(self, old: tuple[int, int], new: tuple[int, int]) -> None:
        """Keep the world point at the middle of the window in the middle."""
        centre = self.camera.to_world((old[0] / 2, old[1] / 2))
        self.camera.offset = (centre[0] - new[0] / 2 / self.camera.zoom, centre[1] - new[1] / 2 / self.camera.zoom)

    # --- update ---------------------------------------------------------------

    def update(self, dt: float, size: tuple[int, int]) -> None:
        self.size = size
        keys = pygame.key.get_pressed()
        dx = (keys[pygame.K_LEFT] - keys[pygame.K_RIGHT]) * PAN_SPEED * dt
        dy = (keys[pygame.K_UP] - keys[pygame.K_DOWN]) * PAN_SPEED * dt
        if dx or dy:
            self.camera.pan(dx, dy)
        entry = self.entry
        if entry is None or entry.board is None:
            return
        board = entry.board
        if self.needs_fit:
            self.camera.fit(board.bounds, (size[0], size[1] - FOOTER), margin=12, top=HEADER)
            self.needs_fit = False
            self.picture = None
        sharp = min(self.camera.zoom, math.sqrt(MAX_BOARD_PIXELS / (board.bounds[2] * board.bounds[3])))
        settled = time.monotonic() - self.zoomed_at > SETTLE
        if self.picture is None or (settled and abs(sharp / self.picture_scale - 1) > 1e-3):
            self.picture = board.render(self.options, sharp).convert()
            self.picture_scale = sharp

    # --- drawing --------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        entry = self.entry
        if entry is None:
            screen.fill(BACKDROP)
            self.header(screen, "No tracks", f"no .tmx files in {MAPS}; draw one in Tiled (docs/track-format.md)")
        elif entry.board is None:
            screen.fill(BACKDROP)
            self.header(screen, entry.path.name, "this track cannot be loaded:")
            self.problems(screen, entry.problems)
        else:
            assert entry.track is not None
            entry.board.paint_ground(screen, self.camera.to_screen)
            self.board(screen, entry.board)
            self.hover(screen, entry.track, entry.board)
            self.header(screen, entry.track.name, facts(entry.track))
        self.footer(screen)

    def board(self, screen: pygame.Surface, board: BoardRenderer) -> None:
        """Crop the cached picture to the view and stretch it to the camera's zoom."""
        assert self.picture is not None
        s = self.picture_scale
        bx, by, _, _ = board.bounds
        vx, vy, vw, vh = self.camera.view(screen.get_size())
        pw, ph = self.picture.get_size()
        x0, y0 = max(0, math.floor((vx - bx) * s)), max(0, math.floor((vy - by) * s))
        x1, y1 = min(pw, math.ceil((vx + vw - bx) * s)), min(ph, math.ceil((vy + vh - by) * s))
        if x1 <= x0 or y1 <= y0:
            return
        part = self.picture.subsurface((x0, y0, x1 - x0, y1 - y0))
        sx, sy = self.camera.to_screen((bx + x0 / s, by + y0 / s))
        k = self.camera.zoom / s
        if abs(k - 1) > 1e-3:
            part = pygame.transform.scale(part, (max(1, round((x1 - x0) * k)), max(1, round((y1 - y0) * k))))
        screen.blit(part, (round(sx), round(sy)))

    def hover(self, screen: pygame.Surface, track: Track, board: BoardRenderer) -> None:
        """Outline the space under the mouse and say what it is."""
        mx, my = pygame.mouse.get_pos()
        if my < HEADER or self.dragging or not pygame.mouse.get_focused():
            return
        name = board.space_at(*self.camera.to_world((mx, my)))
        if name is None:
            return
        pts = [self.camera.to_screen(p) for p in board.space_polygon(name)]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            pygame.draw.aaline(screen, HIGHLIGHT, a, b, 3)
        s = track.space(name)
        if s.in_pit:
            where = f"pit lane, box {s.box}" if s.box else "pit lane"
        else:
            where = f"lane {name[0]}, row {s.row}"
        corner = track.corners[s.corner] if s.corner is not None else None
        lines = [name, where, f"{corner.label}: {corner.stops} stop{'s' if corner.stops > 1 else ''}" if corner else "straight"]
        self.tooltip(screen, lines, (mx + 18, my + 14))

    def tooltip(self, screen: pygame.Surface, lines: list[str], pos: tuple[int, int]) -> None:
        sizes = [26] + [20] * (len(lines) - 1)
        w = max(font(px).size(t)[0] for t, px in zip(lines, sizes)) + 20
        h = sum(px for px in sizes) + 14
        x = min(pos[0], screen.get_width() - w - 4)
        y = min(pos[1], screen.get_height() - h - 4)
        box = pygame.Rect(x, y, w, h)
        pygame.draw.rect(screen, PANEL, box, border_radius=6)
        pygame.draw.rect(screen, HIGHLIGHT, box, 1, border_radius=6)
        ty = y + 8
        for text, px in zip(lines, sizes):
            blit_text(screen, text, px, TEXT if px > 20 else DIM, (x + 10, ty))
            ty += px

    def header(self, screen: pygame.Surface, title: str, line: str) -> None:
        w = screen.get_width()
        bar = pygame.Surface((w, HEADER), pygame.SRCALPHA)
        bar.fill((*PANEL, 225))
        screen.blit(bar, (0, 0))
        pygame.draw.line(screen, HIGHLIGHT, (0, HEADER - 1), (w, HEADER - 1), 2)
        blit_text(screen, title, 34, TEXT, (14, 8))
        blit_text(screen, line, 20, DIM, (15, 38))
        if len(self.files) > 1:
            tag = f"track {self.index + 1} of {len(self.files)}: {self.files[self.index].name}   Tab: next"
            tw = font(20).size(tag)[0]
            blit_text(screen, tag, 20, DIM, (w - tw - 14, 12))

    def footer(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        bar = pygame.Surface((w, FOOTER), pygame.SRCALPHA)
        bar.fill((*PANEL, 190))
        screen.blit(bar, (0, h - FOOTER))
        blit_text(screen, HELP, 18, DIM, (14, h - FOOTER + 7))

    def problems(self, screen: pygame.Surface, problems: list[str]) -> None:
        w, h = screen.get_size()
        y = HEADER + 16
        for problem in problems:
            for line in wrap(problem, 22, w - 48):
                if y > h - FOOTER - 24:
                    return
                blit_text(screen, line, 22, ERROR, (24, y))
                y += 22
            y += 8


def run() -> int:
    """Open the window and browse the tracks in ``maps/`` until the player quits."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_caption("Formula D")
    screen = pygame.display.set_mode(WINDOW, pygame.RESIZABLE)
    viewer = TrackViewer(sorted(MAPS.glob("*.tmx")))
    windowed = WINDOW
    size = screen.get_size()
    clock = pygame.time.Clock()
    while True:
        dt = clock.tick(FPS) / 1000
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                pygame.quit()
                return 0
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                if screen.get_flags() & pygame.FULLSCREEN:
                    screen = pygame.display.set_mode(windowed, pygame.RESIZABLE)
                else:
                    windowed = screen.get_size()
                    screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            else:
                viewer.handle(event)
        if screen.get_size() != size:  # resized or F11: the display surface follows the window
            viewer.resized(size, screen.get_size())
            size = screen.get_size()
        viewer.update(dt, size)
        viewer.draw(screen)
        pygame.display.flip()
