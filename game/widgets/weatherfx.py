"""The weather on the race screen: rain over the board, the weather chip and the weather banner.

Rain is a cool tint (one multiply fill) and a few hundred streak lines drawn
straight onto the screen: no full-screen alpha surfaces, so it stays cheap at
60 frames per second (bench/frame_time.py).
"""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from game import theme
from game.texts import language, tr
from game.widgets.icons import draw_weather
from rules.weather import Weather

TINT = (176, 190, 222)  # multiplied into the board: darker, bluer
STREAK_NEAR = (190, 208, 236)
STREAK_FAR = (128, 146, 178)
FALL = (-0.22, 1.0)  # direction of the rain, screen px per px fallen
SPEED = 900.0  # px per second, near streaks
PER_STREAK = 5200  # board px² per streak
BANNER_TIME = 3.2  # seconds a weather banner stays (at animation speed 1)


class Rain:
    """Streaks at fixed random spots of a tile that scrolls down the board."""

    def __init__(self, seed: int = 3) -> None:
        rnd = random.Random(seed)
        self.spots = [(rnd.random(), rnd.random(), rnd.random() < 0.4) for _ in range(600)]
        self.time = 0.0

    def update(self, dt: float) -> None:
        self.time += dt

    def tint(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        """The wet board: darker and cooler (drawn under the cars)."""
        screen.fill(TINT, rect, special_flags=pygame.BLEND_RGB_MULT)

    def streaks(self, screen: pygame.Surface, rect: pygame.Rect) -> None:
        """The falling rain (drawn over the cars)."""
        n = min(len(self.spots), rect.width * rect.height // PER_STREAK)
        fall_near = self.time * SPEED
        for fx, fy, far in self.spots[:n]:
            speed = 0.6 if far else 1.0
            length = 10 if far else 18
            y = (fy * rect.height + fall_near * speed) % rect.height
            x = (fx * rect.width + y * FALL[0]) % rect.width
            top = (rect.left + x, rect.top + y)
            end = (top[0] + FALL[0] * length, top[1] + length)
            pygame.draw.line(screen, STREAK_FAR if far else STREAK_NEAR, top, end, 1)


def weather_word(weather: Weather) -> str:
    return tr(f"weather.{weather.condition}")


def weather_effects(weather: Weather) -> list[str]:
    """What the weather means for the race (CORE-WEATHER-2, TYRE-2, WEATHER-5, WEATHER-10)."""
    lines = [tr("weather.effects.wet" if weather.wet else "weather.effects.dry")]
    lines.append(tr("weather.changeable" if weather.changeable else "weather.fixed"))
    return lines


def draw_chip(screen: pygame.Surface, rect: pygame.Rect, weather: Weather | None) -> None:
    """The weather in the top bar: its icon and its word; "not rolled yet" before the roll."""
    theme.panel(screen, rect, theme.PANEL, 255, theme.EDGE, 8)
    if weather is None:
        theme.text(screen, theme.fit_text(tr("weather.unknown"), 19, rect.width - 16), 19, theme.DIM, rect.center, "center")
        return
    draw_weather(screen, (rect.left + 20, rect.centery), rect.height - 8, weather.condition)
    word = theme.fit_text(weather_word(weather), 20, rect.width - 46)
    theme.text(screen, word, 20, theme.TEXT, (rect.left + 40, rect.centery), "midleft")


def draw_banner(screen: pygame.Surface, area: pygame.Rect, weather: Weather, title: str, alpha: float) -> pygame.Rect:
    """The weather announcement near the top of the board; ``alpha`` 0..1 fades it in and out."""
    box = pygame.Rect(0, 0, min(640, area.width - 40), 132)
    box.center = (area.centerx, area.top + area.height * 0.36)
    surf = _banner_card(box.size, weather, title, language())
    surf.set_alpha(round(255 * max(0.0, min(1.0, alpha))))
    screen.blit(surf, box)
    return box


@lru_cache(maxsize=4)
def _banner_card(size: tuple[int, int], weather: Weather, title: str, lang: str) -> pygame.Surface:
    """The banner's picture, drawn once per announcement (and language) and only faded per frame."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    inner = surf.get_rect()
    rim = (96, 168, 255) if weather.wet else theme.YELLOW
    theme.panel(surf, inner, theme.PANEL_DARK, 255, rim, 14)
    pygame.draw.rect(surf, rim, (0, 0, 10, inner.height), border_top_left_radius=14, border_bottom_left_radius=14)
    draw_weather(surf, (70, inner.centery + 4), 88, weather.condition)
    theme.text(surf, theme.fit_text(title, 38, inner.width - 140), 38, theme.TEXT, (128, 18))
    for i, line in enumerate(weather_effects(weather)):
        theme.text(surf, theme.fit_text(line, 20, inner.width - 140), 20, theme.DIM, (130, 66 + 24 * i))
    return surf


class WeatherShow:
    """The weather on the race screen: rain while it is wet, a banner when it is rolled or changes."""

    def __init__(self) -> None:
        self.rain = Rain()
        self.banner: tuple[Weather, str] | None = None
        self.left = 0.0

    def announce(self, weather: Weather, title: str, speed: float) -> None:
        self.banner = (weather, title)
        self.left = BANNER_TIME / max(0.5, speed)

    def update(self, dt: float) -> None:
        self.rain.update(dt)
        if self.banner is not None:
            self.left -= dt
            if self.left <= 0:
                self.banner = None

    def draw_under(self, screen: pygame.Surface, board: pygame.Rect, weather: Weather | None) -> None:
        if weather is not None and weather.wet:
            self.rain.tint(screen, board)

    def draw_over(self, screen: pygame.Surface, board: pygame.Rect, weather: Weather | None) -> None:
        if weather is not None and weather.wet:
            self.rain.streaks(screen, board)
        if self.banner is not None:
            draw_banner(screen, board, self.banner[0], self.banner[1], min(1.0, self.left / 0.4))
