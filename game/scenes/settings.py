"""The settings screen: language, volume, sound on/off, animation speed, fullscreen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.texts import tr
from game.app.loop import Scene
from game.scenes.keys import KeysScene
from game.storage.settings import SPEEDS
from game.texts import LANGUAGES
from game.widgets.controls import Button, Slider, Widget

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 74
BOX_W = 940


class SettingsScene(Scene):
    name = "settings"
    escape_back = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[tuple[str, list[Button | Slider]]] = [
            ("settings.language", [Button(f"language.{lang}", lambda lang=lang: tr(f"lang.{lang}"),
                                          lambda lang=lang: self.set(language=lang)) for lang in LANGUAGES]),
            ("settings.volume", [Slider("volume", lambda: app.settings.volume, lambda v: self.set(volume=v))]),
            ("settings.mute", [Button("mute", lambda: tr("toggle.off" if app.settings.mute else "toggle.on"),
                                      lambda: self.set(mute=not app.settings.mute))]),
            ("settings.speed", [Button(f"speed.{lvl}", lambda lvl=lvl: tr(f"speed.{lvl}"),
                                       lambda lvl=lvl: self.set(animation_speed=lvl), px=22) for lvl in SPEEDS]),
            ("settings.fullscreen", [Button("fullscreen", lambda: tr("toggle.on" if app.settings.fullscreen else "toggle.off"),
                                            lambda: app.set_fullscreen(not app.settings.fullscreen))]),
            ("settings.keys", [Button("keys", lambda: tr("settings.keys_open"), lambda: app.push(KeysScene(app)))]),
        ]
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.widgets: list[Widget] = [w for _, ws in self.rows for w in ws]
        self.widgets.append(self.back)
        self.box = pygame.Rect(0, 0, BOX_W, 100 + ROW * len(self.rows) + 80)
        self.left = 0  # where the rows' controls start, after the longest label

    def set(self, **change: Any) -> None:
        self.app.change_settings(self.app.settings.model_copy(update=change))

    def layout(self, size: tuple[int, int]) -> None:
        """The box as wide as the window allows; the controls start after the longest label
        (of the language shown), so a row of five speeds still fits a small window."""
        self.box.width = min(BOX_W, size[0] - 40)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.left = self.box.left + 30 + max(theme.font(28).size(tr(key))[0] for key, _ in self.rows) + 30
        for i, (_, ws) in enumerate(self.rows):
            y = self.box.top + 96 + i * ROW
            if isinstance(ws[0], Slider):
                ws[0].rect = pygame.Rect(self.left, y, min(440, self.box.right - 30 - self.left), 44)
                continue
            width = min(220, (self.box.right - 30 - self.left + 8) // len(ws) - 8)
            for j, w in enumerate(ws):
                w.rect = pygame.Rect(self.left + j * (width + 8), y, width, 44)
        self.back.rect = pygame.Rect(self.box.centerx - 110, self.box.bottom - 66, 220, 48)

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(theme.BACKDROP)
        theme.panel(screen, self.box, theme.PANEL, radius=14)
        theme.chequer(screen, pygame.Rect(self.box.left, self.box.top, self.box.width, 8), 8)
        theme.text(screen, tr("settings.title"), 44, theme.TEXT, (self.box.left + 30, self.box.top + 26))
        s = self.app.settings
        chosen = {f"language.{s.language}", f"speed.{s.animation_speed}"}
        chosen |= {"mute"} if not s.mute else set()
        chosen |= {"fullscreen"} if s.fullscreen else set()
        for i, (key, ws) in enumerate(self.rows):
            theme.text(screen, tr(key), 28, theme.TEXT, (self.box.left + 30, self.box.top + 118 + i * ROW), "midleft")
            for w in ws:
                if isinstance(w, Button):
                    w.style = "primary" if w.id in chosen else "normal"
        self.draw_widgets(screen)
        if not self.app.sound.available:
            theme.text(screen, tr("settings.no_sound"), 20, theme.ORANGE,
                       (self.box.left + 30, self.box.top + 96 + 2 * ROW + 50))
