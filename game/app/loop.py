"""The application: the window, the scene stack, settings, sound, saves and the frame loop.

A ``Scene`` is one screen of the game (menu, set-up, race, results ...). Scenes
sit on a stack in the ``App``; the top one gets the events, updates and draws.
An overlay scene (the pause menu) lets the one below draw first. Both live in
this module because each refers to the other. The scenes draw at the UI scale:
on a picture of the window's size divided by it, which the app scales up to
the window, and they get the mouse in that picture's coordinates. Every scene
can be worked by keys: the focus keys of the player's key map move a focus ring
over its widgets and the press key (or Space) presses the focused one.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVarTuple

import pygame

from game import texts, theme
from game.app.scale import chosen_scale, density, display_dpi, logical_size, window_density
from game.app.sound import Sound
from game.app.status import StatusFile, in_window
from game.app.window import PREFERRED, GameWindow
from game.board import contrast
from game.board.catalogue import TrackCatalogue
from game.storage.keys import KeyMap, load_keys, save_keys
from game.storage.paths import MAPS, SOUNDS, remove_stray_temporaries
from game.storage.saves import SaveSlot
from game.storage.settings import Settings, load_settings, save_settings
from game.texts import Notice, tr
from game.widgets.controls import TextField, Widget
from game.widgets.focus import FocusRing, key_name

if TYPE_CHECKING:
    from game.storage.lineup import Lineup


class Scene:
    name = "scene"
    overlay = False  # drawn over the scene below it
    escape_back = False  # Esc closes the scene and shows the one below (a page left without changes)
    keyboard_focus = (
        True  # the focus ring over ``focusables``; a screen with keys of its own for everything turns it off
    )
    arrow_focus = True  # the arrows move the ring too, unless the screen pans or scrolls with them

    def __init__(self, app: App) -> None:
        self.app = app
        self.widgets: list[Widget] = []
        self.ring = FocusRing()

    def focusables(self) -> list[Widget]:
        """The widgets the focus ring moves over (the visible controls among them)."""
        return self.widgets

    def layout(self, size: tuple[int, int]) -> None:
        """Place the widgets for a window of ``size``; called on entry and after every resize."""

    def enter(self) -> None:
        """The scene became the top of the stack (pushed, or the one above was closed)."""

    def closed(self) -> None:
        """The scene left the stack for good (popped, replaced, or sent home): let go of what it holds."""

    def handle(self, event: pygame.event.Event) -> bool:
        if self.keyboard_focus and event.type == pygame.KEYDOWN and self.leave_field(event):
            return True
        for w in reversed(self.widgets):
            if w.visible and w.handle(event):
                return True
        if self.keyboard_focus and event.type == pygame.KEYDOWN and self.focus_key(event):
            return True
        if self.escape_back and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return True
        return False

    def focus_key(self, event: pygame.event.Event) -> bool:
        """Move the focus ring (the focus keys, the arrows) or nudge a focused slider; True if done."""
        widgets = self.focusables()
        action = self.app.keys.action(key_name(event), ("ui",))
        step = {"focus.next": 1, "focus.previous": -1}.get(action or "", 0)
        if self.arrow_focus and not step:
            sideways = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}.get(event.key, 0)
            if sideways and self.ring.nudge(widgets, sideways):
                return True
            step = {pygame.K_DOWN: 1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_LEFT: -1}.get(event.key, 0)
        return bool(step) and self.ring.move(widgets, step) is not None

    def leave_field(self, event: pygame.event.Event) -> bool:
        """A focus key that types nothing (Tab) ends the typing in a field and moves on from it."""
        field = TextField.focused
        typed = str(getattr(event, "unicode", ""))
        if field is None or (typed and typed.isprintable()):  # a letter bound to a focus key still types
            return False
        action = self.app.keys.action(key_name(event), ("ui",))
        if action not in ("focus.next", "focus.previous") or not any(w is field for w in self.focusables()):
            return False
        TextField.focused = None
        self.ring.widget = field
        self.ring.move(self.focusables(), 1 if action == "focus.next" else -1)
        return True

    def press_focused(self, event: pygame.event.Event) -> bool:
        """The press key or Space on a focused widget presses it, before the screen's own use of the key."""
        if not self.keyboard_focus or TextField.focused is not None:
            return False
        pressing = event.key == pygame.K_SPACE or self.app.keys.action(key_name(event), ("ui",)) == "focus.press"
        return pressing and self.ring.press(self.focusables())

    def draw_focus(self, screen: pygame.Surface) -> None:
        """The focus ring over what the scene drew."""
        if self.keyboard_focus:
            self.ring.draw(screen, self.focusables())

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
        focused = self.ring.current(self.focusables()) if self.keyboard_focus else None
        return {
            "scene": self.name,
            "buttons": {w.id: list(w.rect.center) for w in self.widgets if w.visible and w.id},
            "focus": focused.id if focused is not None else None,
        }


FPS = 60
IDLE_FRAME_MS = 1000  # waiting for the player: one frame a second keeps the status file fresh
NOTICE_WIDTH = 640
#: The arguments a guarded piece of work is called with.
Ts = TypeVarTuple("Ts")


class App:
    def __init__(
        self, data: Path, maps: Path = MAPS, sounds: Path = SOUNDS, tracks: TrackCatalogue | None = None
    ) -> None:
        self.data = data
        for folder in (data, data / "cache"):  # what a killed game was writing: saves, settings, built tracks
            remove_stray_temporaries(folder)
        self.settings, notices = load_settings(data)
        self.keys, key_notices = load_keys(data)
        self.notices: list[Notice] = notices + key_notices
        texts.set_language(self.settings.language)
        contrast.set_high(self.settings.high_contrast)
        self.sound = Sound(sounds)
        self.sound.apply(self.settings)
        Widget.sound = staticmethod(self.sound.play)
        self.saves = SaveSlot(data)
        #: Only the tracks' file names and titles are read here; the tracks are built after the first frame.
        self.tracks = tracks if tracks is not None else TrackCatalogue(maps, data / "cache")
        self.stack: list[Scene] = []
        self.window: GameWindow | None = None
        self.display: pygame.Surface | None = None  # the window's picture
        self.screen: pygame.Surface | None = None  # what the scenes draw on: the display, or a smaller logical picture
        self.scale = 1.0  # window pixels per pixel of the screens' layout
        self.density: float | None = None  # the display's pixels per 96-DPI pixel; None: judged from the display's size
        theme.set_pointer_scale(1.0, 1.0)  # until shown on a display, the screens draw at the window's size
        self.running = True
        self.status_file = StatusFile.from_env()
        self.frames = 0  # frames shown so far: the status's clock, for tests that wait for the screen
        self._notice_rects: list[pygame.Rect] = []

    # --- the window ---------------------------------------------------------------

    def open_window(self) -> GameWindow:
        desktop = pygame.display.get_desktop_sizes()[0]
        first = chosen_scale(self.settings.ui_scale, desktop, density(display_dpi(0), desktop))
        self.window = GameWindow(tr("app.title"), self.settings.fullscreen, first)
        self.density = window_density(self.window.window)
        self.show_on(self.window.surface)
        return self.window

    @property
    def size(self) -> tuple[int, int]:
        """The size the screens lay out for: the window's, divided by the UI scale."""
        return self.screen.get_size() if self.screen else PREFERRED

    def show_on(self, display: pygame.Surface) -> None:
        """Draw on ``display`` (the window's picture) at the UI scale the settings and its size give:
        at scale 1 the screens draw on it directly, else on a logical picture scaled up to it."""
        self.display = display
        size = display.get_size()
        self.scale = chosen_scale(self.settings.ui_scale, size, self.density or density(None, size))
        logical = logical_size(size, self.scale)
        if self.scale == 1:
            self.screen = display
        elif self.screen is None or self.screen is display or self.screen.get_size() != logical:
            self.screen = pygame.Surface(logical).convert(display)
        theme.set_pointer_scale(size[0] / self.size[0], size[1] / self.size[1])

    def present(self) -> None:
        """Scale the screens' logical picture up to the window: pixels doubled or tripled stay sharp
        (and cost least), other scales are smoothed."""
        if self.display is None or self.screen is None or self.screen is self.display:
            return
        if self.scale == int(self.scale):
            pygame.transform.scale(self.screen, self.display.get_size(), self.display)
        else:
            pygame.transform.smoothscale(self.screen, self.display.get_size(), self.display)

    def set_fullscreen(self, on: bool) -> None:
        if self.window is not None:
            self.window.set_fullscreen(on)
            self.show_on(self.window.surface)
        if on != self.settings.fullscreen:
            self.change_settings(self.settings.model_copy(update={"fullscreen": on}))

    # --- settings and remembered choices ---------------------------------------------

    def change_settings(self, settings: Settings) -> None:
        """Apply at once and store; a failed write is reported, never fatal. Screens measure their
        words to lay them out, so a new language lays every screen out again; so does a new UI
        scale, which changes the size they lay out for."""
        relayout = settings.language != self.settings.language or settings.ui_scale != self.settings.ui_scale
        self.settings = settings
        texts.set_language(settings.language)
        contrast.set_high(settings.high_contrast)
        if self.display is not None:
            self.show_on(self.display)
        if relayout and self.stack:
            self.relayout()
        if self.window is not None:
            self.window.set_title(tr("app.title"))
        self.sound.apply(settings)
        try:
            save_settings(self.data, settings)
        except OSError as err:
            self.notify(Notice("notice.settings_not_saved", {"detail": str(err)}))

    def change_keys(self, keys: KeyMap) -> None:
        """Use the new key map at once and store it; a failed write is reported, never fatal."""
        self.keys = keys
        try:
            save_keys(self.data, keys)
        except OSError as err:
            self.notify(Notice("notice.keys_not_saved", {"detail": str(err)}))

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
            self.show_on(self.window.surface)
        if event.type == pygame.WINDOWDISPLAYCHANGED and self.window is not None:  # moved to another screen
            self.density = window_density(self.window.window)
            self.show_on(self.window.surface)
        if event.type == pygame.MOUSEBUTTONDOWN and self.stack:
            self.scene.ring.widget = None  # the mouse took over: no ring until a focus key again
        event = self.logical(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self._notice_rects):
                if rect.collidepoint(event.pos) and i < len(self.notices):
                    del self.notices[i]
                    return
        if self.stack:
            if event.type == pygame.KEYDOWN and self.scene.press_focused(event):
                return
            self.scene.handle(event)

    @staticmethod
    def logical(event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event with its position (and motion) in the screens' coordinates; other events as they are.
        The motion is the step between the two positions as the screens see them, so a slow drag at
        scale 2 still adds up to the distance the mouse went."""
        if (
            event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
            or "pos" not in event.dict
        ):
            return event
        change = {"pos": theme.to_logical(event.pos)}
        if event.type == pygame.MOUSEMOTION:
            rel = event.dict.get("rel", (0, 0))
            before = theme.to_logical((event.pos[0] - rel[0], event.pos[1] - rel[1]))
            change["rel"] = (change["pos"][0] - before[0], change["pos"][1] - before[1])
        return pygame.event.Event(event.type, {**event.dict, **change})

    def frame(self, dt: float) -> None:
        """Update and draw the top scene (and what an overlay lets through), then show it in the window."""
        assert self.screen is not None
        scene = self.scene
        scene.update(dt)
        for s in self._visible():
            s.draw(self.screen)
        scene.draw_focus(self.screen)
        self._draw_notices(self.screen)
        if pygame.mouse.get_focused():
            pos = theme.pointer()
            lines = scene.hint_at(pos)
            if lines:
                theme.tooltip(self.screen, lines, pos)
        self.present()

    def _visible(self) -> list[Scene]:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        return self.stack[first:]

    def relayout(self) -> None:
        for s in self.stack:
            s.layout(self.size)

    def status(self) -> dict[str, Any]:
        """The top scene's status with its points in window pixels, where a person would click them."""
        status = in_window(self.scene.status(), theme.to_window)
        status["size"] = list(self.display.get_size() if self.display is not None else self.size)
        status["scale"] = self.scale
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
            pygame.draw.rect(
                screen,
                theme.ORANGE,
                (box.left, box.top, 6, box.height),
                border_top_left_radius=8,
                border_bottom_left_radius=8,
            )
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
            self.window, self.display, self.screen = None, None, None
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
                self.guarded(self.handle, event)
                if not self.running:
                    break
            if not self.running:
                break
            if self.size != size:
                size = self.size
                self.relayout()
            self.guarded(self.frame, dt)
            window.flip()
            self.frames += 1
            busy = bool(events) or any(s.animating() for s in self._visible())
            self.status_file.write(self.status())  # after the flip: what it says is on screen
            if self.frames == 1:  # the first screen is up: now what no first screen waits for
                self.tracks.preload()
                self.sound.open()

    def guarded(self, work: Callable[[*Ts], None], *args: *Ts) -> None:
        """Run ``work(*args)``; a bug in a screen above the menu sends the player back to the menu
        with a notice (the race is saved after every action) instead of closing the game."""
        try:
            work(*args)
        except Exception as err:  # the last line of defence: report, recover, play on
            if len(self.stack) <= 1:
                raise
            traceback.print_exc()
            self.notify(Notice("notice.crash", {"detail": f"{type(err).__name__}: {err}"}))
            self.home()
