"""The weather on the race screen: rain over the board and the weather chip (the board's
announcements say when it is rolled or changes: ``game.widgets.announcer``).

Rain is a cool tint (one multiply fill) and a few hundred streak lines drawn
straight onto the screen: no full-screen alpha surfaces, so it stays cheap at
60 frames per second (bench/frame_time.py).
"""

from __future__ import annotations

import random

import pygame

from game import theme
from game.texts import tr
from game.widgets.icons import draw_weather
from rules.tables.weather import Weather

TINT = (176, 190, 222)  # multiplied into the board: darker, bluer
STREAK_NEAR = (190, 208, 236)
STREAK_FAR = (128, 146, 178)
FALL = (-0.22, 1.0)  # direction of the rain, screen px per px fallen
SPEED = 900.0  # px per second, near streaks
PER_STREAK = 5200  # board px² per streak


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
        theme.text(
            screen, theme.fit_text(tr("weather.unknown"), 19, rect.width - 16), 19, theme.DIM, rect.center, "center"
        )
        return
    draw_weather(screen, (rect.left + 20, rect.centery), rect.height - 8, weather.condition)
    word = theme.fit_text(weather_word(weather), 20, rect.width - 46)
    theme.text(screen, word, 20, theme.TEXT, (rect.left + 40, rect.centery), "midleft")


class WeatherShow:
    """Rain over the board while it is wet."""

    def __init__(self) -> None:
        self.rain = Rain()

    def update(self, dt: float) -> None:
        self.rain.update(dt)

    def draw_under(self, screen: pygame.Surface, board: pygame.Rect, weather: Weather | None) -> None:
        if weather is not None and weather.wet:
            self.rain.tint(screen, board)

    def draw_over(self, screen: pygame.Surface, board: pygame.Rect, weather: Weather | None) -> None:
        if weather is not None and weather.wet:
            self.rain.streaks(screen, board)
