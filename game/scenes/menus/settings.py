"""The settings screen: language, volume, sound on/off, animation speed, fullscreen, high contrast,
UI scale."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.scenes.menus.keys import KeysScene
from game.storage.settings import SPEEDS, UI_SCALES
from game.texts import LANGUAGES, tr
from game.widgets.controls import Button, Slider, Widget

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 74  # the rows' pitch where the window has room
MIN_ROW = 62  # the closest pitch: a row's buttons and the note under them, clear of the next row
BOX_W = 940


class SettingsScene(Scene):
    name = "settings"
    escape_back = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scales: list[Button | Slider] = [
            Button(f"ui_scale.{key}", partial(scale_label, key), partial(self.set, ui_scale=key), px=22)
            for key in ("auto", *UI_SCALES)
        ]
        self.rows: list[tuple[str, list[Button | Slider]]] = [
            (
                "settings.language",
                [
                    Button(f"language.{lang}", partial(tr, f"lang.{lang}"), partial(self.set, language=lang))
                    for lang in LANGUAGES
                ],
            ),
            ("settings.volume", [Slider("volume", lambda: app.settings.volume, lambda v: self.set(volume=v))]),
            (
                "settings.mute",
                [
                    Button(
                        "mute",
                        lambda: tr("toggle.off" if app.settings.mute else "toggle.on"),
                        lambda: self.set(mute=not app.settings.mute),
                    )
                ],
            ),
            (
                "settings.speed",
                [
                    Button(f"speed.{lvl}", partial(tr, f"speed.{lvl}"), partial(self.set, animation_speed=lvl), px=22)
                    for lvl in SPEEDS
                ],
            ),
            (
                "settings.fullscreen",
                [
                    Button(
                        "fullscreen",
                        lambda: tr("toggle.on" if app.settings.fullscreen else "toggle.off"),
                        lambda: app.set_fullscreen(not app.settings.fullscreen),
                    )
                ],
            ),
            (
                "settings.high_contrast",
                [
                    Button(
                        "high_contrast",
                        lambda: tr("toggle.on" if app.settings.high_contrast else "toggle.off"),
                        lambda: self.set(high_contrast=not app.settings.high_contrast),
                    )
                ],
            ),
            ("settings.ui_scale", self.scales),
        ]
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.keys = Button("keys", lambda: tr("settings.keys_open"), lambda: app.push(KeysScene(app)))
        self.widgets: list[Widget] = [w for _, ws in self.rows for w in ws]
        self.widgets += [self.keys, self.back]
        self.row = ROW
        self.box = pygame.Rect(0, 0, BOX_W, 0)  # sized by the layout
        self.left = 0  # where the rows' controls start, after the longest label

    def set(self, **change: Any) -> None:
        self.app.change_settings(self.app.settings.model_copy(update=change))

    def layout(self, size: tuple[int, int]) -> None:
        """The box as wide as the window allows; the controls start after the longest label
        (of the language shown), so a row of five speeds still fits a small window; the rows close
        up where the window is too low for all of them at their usual pitch."""
        self.row = max(MIN_ROW, min(ROW, (size[1] - 20 - 180) // len(self.rows)))
        self.box.height = 100 + self.row * len(self.rows) + 80
        self.box.width = min(BOX_W, size[0] - 40)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.left = self.box.left + 30 + max(theme.font(28).size(tr(key))[0] for key, _ in self.rows) + 30
        for i, (_, ws) in enumerate(self.rows):
            y = self.box.top + 96 + i * self.row
            if isinstance(ws[0], Slider):
                ws[0].rect = pygame.Rect(self.left, y, min(440, self.box.right - 30 - self.left), 44)
                continue
            width = min(220, (self.box.right - 30 - self.left + 8) // len(ws) - 8)
            for j, w in enumerate(ws):
                w.rect = pygame.Rect(self.left + j * (width + 8), y, width, 44)
        self.back.rect = pygame.Rect(self.box.centerx - 110, self.box.bottom - 66, 220, 48)
        # the keys have a screen of their own: a button beside Back rather than a row of their own
        self.keys.rect = pygame.Rect(
            self.box.left + 30, self.back.rect.top, min(260, self.back.rect.left - 20 - self.box.left - 30), 48
        )

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(theme.BACKDROP)
        theme.panel(screen, self.box, theme.PANEL, radius=14)
        theme.chequer(screen, pygame.Rect(self.box.left, self.box.top, self.box.width, 8), 8)
        theme.text(screen, tr("settings.title"), 44, theme.TEXT, (self.box.left + 30, self.box.top + 26))
        s = self.app.settings
        chosen = {f"language.{s.language}", f"speed.{s.animation_speed}"}
        chosen |= {"mute"} if not s.mute else set()
        chosen |= {"fullscreen"} if s.fullscreen else set()
        chosen |= {"high_contrast"} if s.high_contrast else set()
        chosen |= {f"ui_scale.{s.ui_scale}"}
        for i, (key, ws) in enumerate(self.rows):
            theme.text(
                screen, tr(key), 28, theme.TEXT, (self.box.left + 30, self.box.top + 118 + i * self.row), "midleft"
            )
            for w in ws:
                if isinstance(w, Button):
                    w.style = "primary" if w.id in chosen else "normal"
        self.draw_widgets(screen)
        # the scale the window shows now (what "auto" chose, or the largest the window allows), under its row
        theme.text(
            screen,
            tr("settings.ui_scale_now", percent=scale_label(self.app.scale)),
            18,
            theme.DIM,
            (self.box.left + 30, self.scales[0].rect.bottom + 4),
        )
        if not self.app.sound.available:
            theme.text(
                screen,
                tr("settings.no_sound"),
                20,
                theme.ORANGE,
                (self.box.left + 30, self.box.top + 96 + 2 * self.row + 47),
            )


def scale_label(scale: str | float) -> str:
    """A UI scale as the settings show it: "Auto", or a percentage."""
    return tr("settings.ui_scale_auto") if scale == "auto" else tr("settings.percent", n=round(float(scale) * 100))
