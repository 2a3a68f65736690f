"""The application: the window, the scene stack, settings, sound, saves and the frame loop.

A ``Scene`` is one screen of the game (menu, set-up, race, results ...). Scenes
sit on a stack in the ``App``; the top one gets the events, updates and draws.
An overlay scene (the pause menu) lets the one below draw first. Both live in
this module because each refers to the other.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import texts
from game import theme
from game.texts import Notice, tr
from game.storage.paths import MAPS, SOUNDS, remove_stray_temporaries
from game.storage.saves import SaveSlot
from game.storage.settings import Settings, load_settings, save_settings
from game.app.sound import Sound
from game.app.status import StatusFile
from game.app.window import PREFERRED, GameWindow
from game.board.catalogue import TrackCatalogue
from game.widgets.controls import TextField, Widget

if TYPE_CHECKING:
    from game.storage.lineup import Lineup

class Scene:
    name = "scene"
    overlay = False  # drawn over the scene below it
    escape_back = False  # Esc closes the scene and shows the one below (a page left without changes)

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Widget] = []

    def layout(self, size: tuple[int, int]) -> None:
        """Place the widgets for a window of ``size``; called on entry and after every resize."""

    def enter(self) -> None:
        """The scene became the top of the stack (pushed, or the one above was closed)."""

    def closed(self) -> None:
        """The scene left the stack for good (popped, replaced, or sent home): let go of what it holds."""

    def handle(self, event: pygame.event.Event) -> bool:
        for w in reversed(self.widgets):
            if w.visible and w.handle(event):
                return True
        if self.escape_back and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def animating(self) -> bool:
        """Does the screen change by itself (an animation, a clock, a computer's turn)? While no
        visible scene does and no input comes, the app draws only a few frames a second."""
        return False

    def draw(self, screen: pygame.Surface) -> None:
        self.draw_widgets(screen)

    def draw_widgets(self, screen: pygame.Surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(screen)

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        """Tooltip lines for what lies under the mouse."""
        for w in reversed(self.widgets):
            if w.over(pos):
                return w.hint()
        return []

    def status(self) -> dict[str, Any]:
        """What the debug status file reports: the scene and where its buttons are."""
        return {
            "scene": self.name,
            "buttons": {w.id: list(w.rect.center) for w in self.widgets if w.visible and w.id},
        }


FPS = 60
IDLE_FRAME_MS = 1000  # waiting for the player: one frame a second keeps the status file fresh
NOTICE_WIDTH = 640


class App:
    def __init__(self, data: Path, maps: Path = MAPS, sounds: Path = SOUNDS,
                 tracks: TrackCatalogue | None = None) -> None:
        self.data = data
        for folder in (data, data / "cache"):  # what a killed game was writing: saves, settings, built tracks
            remove_stray_temporaries(folder)
        self.settings, notices = load_settings(data)
        self.notices: list[Notice] = notices
        texts.set_language(self.settings.language)
        self.sound = Sound(sounds)
        self.sound.apply(self.settings)
        Widget.sound = staticmethod(self.sound.play)
        self.saves = SaveSlot(data)
        #: Only the tracks' file names and titles are read here; the tracks are built after the first frame.
        self.tracks = tracks if tracks is not None else TrackCatalogue(maps, data / "cache")
        self.stack: list[Scene] = []
        self.window: GameWindow | None = None
        self.screen: pygame.Surface | None = None  # what the scenes draw on: the window's picture
        self.running = True
        self.status_file = StatusFile.from_env()
        self.frames = 0  # frames shown so far: the status's clock, for tests that wait for the screen
        self._notice_rects: list[pygame.Rect] = []

    # --- the window ---------------------------------------------------------------

    def open_window(self) -> GameWindow:
        self.window = GameWindow(tr("app.title"), self.settings.fullscreen)
        self.screen = self.window.surface
        return self.window

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size() if self.screen else PREFERRED

    def set_fullscreen(self, on: bool) -> None:
        if self.window is not None:
            self.window.set_fullscreen(on)
            self.screen = self.window.surface
        if on != self.settings.fullscreen:
            self.change_settings(self.settings.model_copy(update={"fullscreen": on}))

    # --- settings and remembered choices ---------------------------------------------

    def change_settings(self, settings: Settings) -> None:
        """Apply at once and store; a failed write is reported, never fatal. Screens measure their
        words to lay them out, so a new language lays every screen out again."""
        relayout = settings.language != self.settings.language
        self.settings = settings
        texts.set_language(settings.language)
        if relayout and self.stack:
            self.relayout()
        if self.window is not None:
            self.window.set_title(tr("app.title"))
        self.sound.apply(settings)
        try:
            save_settings(self.data, settings)
        except OSError as err:
            self.notify(Notice("notice.settings_not_saved", {"detail": str(err)}))

    def lineup(self) -> Lineup:
        """The remembered line-up; what was wrong with its file shows as notices."""
        from game.storage.lineup import load_lineup  # the rule sets: not needed for the first frame

        lineup, notices = load_lineup(self.data)
        for notice in notices:
            self.notify(notice)
        return lineup

    def remember(self, lineup: Lineup) -> None:
        from game.storage.lineup import save_lineup

        try:
            save_lineup(self.data, lineup)
        except OSError as err:
            self.notify(Notice("notice.settings_not_saved", {"detail": str(err)}))

    def notify(self, notice: Notice) -> None:
        if notice not in self.notices:
            self.notices.append(notice)

    # --- the scene stack --------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        TextField.focused = None
        self.stack.append(scene)
        scene.layout(self.size)
        scene.enter()

    def pop(self) -> None:
        TextField.focused = None
        self.stack.pop().closed()
        if self.stack:
            self.scene.layout(self.size)
            self.scene.enter()

    def replace(self, scene: Scene) -> None:
        self.stack.pop().closed()
        self.push(scene)

    def home(self) -> None:
        """Back to the main menu, closing every screen above it."""
        while len(self.stack) > 1:
            self.stack.pop().closed()
        TextField.focused = None
        self.scene.layout(self.size)
        self.scene.enter()

    def quit(self) -> None:
        self.running = False

    # --- one frame ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.settings.fullscreen)
            return
        if event.type == pygame.WINDOWSIZECHANGED and self.window is not None:
            self.window.keep_minimum()
            self.screen = self.window.surface
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self._notice_rects):
                if rect.collidepoint(event.pos) and i < len(self.notices):
                    del self.notices[i]
                    return
        if self.stack:
            self.scene.handle(event)

    def frame(self, dt: float) -> None:
        """Update and draw the top scene (and what an overlay lets through)."""
        assert self.screen is not None
        scene = self.scene
        scene.update(dt)
        for s in self._visible():
            s.draw(self.screen)
        self._draw_notices(self.screen)
        if pygame.mouse.get_focused():
            pos = pygame.mouse.get_pos()
            lines = scene.hint_at(pos)
            if lines:
                theme.tooltip(self.screen, lines, pos)

    def _visible(self) -> list[Scene]:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return self.stack[first:]

    def relayout(self) -> None:
        for s in self.stack:
            s.layout(self.size)

    def status(self) -> dict[str, Any]:
        status = self.scene.status()
        status["size"] = list(self.size)
        status["notices"] = len(self.notices)
        status["language"] = self.settings.language
        status["frame"] = self.frames
        status["tracks"] = [entry.path.name for entry in self.tracks.entries]
        return status

    def _draw_notices(self, screen: pygame.Surface) -> None:
        self._notice_rects = []
        y = 12
        for notice in self.notices[:3]:
            lines = theme.wrap(notice.text(), 22, NOTICE_WIDTH - 36)
            h = 22 * len(lines) + 40
            box = pygame.Rect((screen.get_width() - NOTICE_WIDTH) // 2, y, NOTICE_WIDTH, h)
            theme.panel(screen, box, theme.PANEL_DARK, 245, theme.ORANGE, 8)
            pygame.draw.rect(screen, theme.ORANGE, (box.left, box.top, 6, box.height), border_top_left_radius=8,
                             border_bottom_left_radius=8)
            for i, line in enumerate(lines):
                theme.text(screen, line, 22, theme.TEXT, (box.left + 20, box.top + 10 + 22 * i))
            theme.text(screen, tr("notice.dismiss"), 18, theme.DIM, (box.right - 12, box.bottom - 8), "bottomright")
            self._notice_rects.append(box)
            y += h + 8

    def run(self, first: Scene) -> int:
        """The frame loop, until the player quits; the window closes with it."""
        window = self.open_window()
        try:
            self._loop(window, first)
        finally:
            window.close()
            self.window, self.screen = None, None
        return 0

    def _loop(self, window: GameWindow, first: Scene) -> None:
        self.push(first)
        clock = pygame.time.Clock()
        size = self.size
        busy = True
        while self.running:
            events = pygame.event.get()
            if not events and not busy:  # nothing moves: sleep until the player does something
                woke = pygame.event.wait(IDLE_FRAME_MS)
                events = [woke, *pygame.event.get()] if woke.type != pygame.NOEVENT else []
                clock.tick()
                dt = 0.0
            else:
                dt = min(clock.tick(FPS) / 1000.0, 0.1)
            for event in events:
                self.guarded(lambda: self.handle(event))
                if not self.running:
                    break
            if not self.running:
                break
            if self.size != size:
                size = self.size
                self.relayout()
            self.guarded(lambda: self.frame(dt))
            window.flip()
            self.frames += 1
            busy = bool(events) or any(s.animating() for s in self._visible())
            self.status_file.write(self.status())  # after the flip: what it says is on screen
            if self.frames == 1:  # the first screen is up: now what no first screen waits for
                self.tracks.preload()
                self.sound.open()

    def guarded(self, work: Callable[[], None]) -> None:
        """Run ``work``; a bug in a screen above the menu sends the player back to the menu
        with a notice (the race is saved after every action) instead of closing the game."""
        try:
            work()
        except Exception as err:  # the last line of defence: report, recover, play on
            if len(self.stack) <= 1:
                raise
            traceback.print_exc()
            self.notify(Notice("notice.crash", {"detail": f"{type(err).__name__}: {err}"}))
            self.home()
