"""The board's announcements: one card at a time near the top of the board, fading in and out.

They queue beside the race screen's animations, never in them: a player goes on deciding while
a card shows. Each stays long enough to read at the chosen animation speed; when more wait
than anyone could read in time, an older new leader or weather gives way to the newest one
and the least important go first.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import theme
from game.play.announcements import Announcement, Kind
from game.texts import language
from game.widgets.icons import draw_weather
from game.widgets.weatherfx import weather_effects

SHOW = 2.4  # seconds a headline stays at animation speed 1
MORE = 1.2  # seconds more for a card with a line under its headline
LEAST = 1.2  # seconds a card stays however fast the animations run
FADE = 0.3  # seconds of fading in and of fading out
WAITING = 3  # cards waiting at most
#: only the newest of these is worth saying: the lead and the weather as they stand now
NEWEST_ONLY: tuple[Kind, ...] = ("lead", "weather")
#: what gives way first when too many wait: a new leader, then a stall, ... the winner last
WEIGHT: dict[Kind, int] = {"lead": 0, "stall": 1, "weather": 2, "out": 3, "timeout": 3, "last_lap": 3, "winner": 4}
TONE: dict[str, theme.Colour] = {"info": theme.YELLOW, "good": theme.GREEN, "bad": theme.RED}
WET_RIM = (96, 168, 255)
WIDE = 600  # px: a card with a line under its headline
HEAD_PX, LINE_PX = 30, 19
HEAD_ROW, LINE_ROW = 36, 24  # px a line of each takes


class Announcer:
    """The queue of announcements and the one on show."""

    def __init__(self) -> None:
        self.current: Announcement | None = None
        self.waiting: list[Announcement] = []
        self.age = 0.0  # seconds the current card has shown
        self.span = 0.0  # seconds it shows in all
        self.speed = 1.0
        self._card: tuple[Announcement, str, int, pygame.Surface] | None = None

    @property
    def showing(self) -> bool:
        return self.current is not None or bool(self.waiting)

    def add(self, items: list[Announcement], speed: float) -> None:
        """Queue ``items`` after what waits, at animation speed ``speed``."""
        self.speed = speed
        for item in items:
            if item.kind in NEWEST_ONLY:
                self.waiting = [w for w in self.waiting if w.kind != item.kind]
            self.waiting.append(item)
        while len(self.waiting) > WAITING:  # the least important goes, the oldest of them first
            self.waiting.remove(min(self.waiting, key=lambda w: WEIGHT[w.kind]))
        if self.current is None:
            self._next()

    def hurry(self) -> None:
        """A skip: what waits is dropped and the card on show fades out now."""
        self.waiting.clear()
        if self.current is not None:  # from how far it shows now, down to nothing
            self.span = min(self.span, self.age + FADE * self.alpha())

    def update(self, dt: float) -> None:
        if self.current is None:
            return
        self.age += dt
        if self.age >= self.span:
            self._next()

    def _next(self) -> None:
        self.current = self.waiting.pop(0) if self.waiting else None
        self.age = 0.0
        if self.current is not None:
            said = SHOW + (MORE if self._lines(self.current) else 0.0)
            self.span = max(LEAST, said / max(0.5, self.speed))

    def alpha(self) -> float:
        """0..1: the card fades in over FADE seconds and out over the last FADE."""
        if self.current is None:
            return 0.0
        return max(0.0, min(1.0, self.age / FADE, (self.span - self.age) / FADE))

    def draw(
        self, screen: pygame.Surface, area: pygame.Rect, colour_of: Callable[[str], theme.Colour]
    ) -> pygame.Rect | None:
        """The card on show at the top centre of ``area``; where it was drawn (None if nothing shows)."""
        said = self.current
        if said is None or area.width < 120:
            return None
        lang = language()
        card = self._card
        if card is None or card[0] is not said or card[1] != lang or card[2] != area.width:
            card = (said, lang, area.width, self._render(said, area.width, colour_of))
            self._card = card
        surf = card[3]
        surf.set_alpha(round(255 * self.alpha()))
        rect = surf.get_rect(midtop=(area.centerx, area.top + 8))
        screen.blit(surf, rect)
        return rect

    def _lines(self, said: Announcement) -> list[str]:
        """What a card says under its headline: what the weather means, or why a car is out."""
        if said.weather is not None:
            return weather_effects(said.weather)
        detail = said.detail()
        return [detail] if detail else []

    def _render(self, said: Announcement, room: int, colour_of: Callable[[str], theme.Colour]) -> pygame.Surface:
        """The card's picture, drawn once per announcement, language and room, then only faded."""
        head = said.text()
        x = 84 if said.weather is not None else 28
        natural = x + theme.font(HEAD_PX).size(head)[0] + 28
        detail = " ".join(self._lines(said))
        width = min(room, WIDE if detail else max(340, natural))
        heads = theme.wrap(head, HEAD_PX, width - x - 20, most=2)
        lines = theme.wrap(detail, LINE_PX, width - x - 20, most=3) if detail else []
        height = 14 + HEAD_ROW * len(heads) + (6 + LINE_ROW * len(lines) if lines else 0) + 12
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        inner = surf.get_rect()
        accent = (
            colour_of(said.car) if said.car else (WET_RIM if said.weather and said.weather.wet else TONE[said.tone])
        )
        theme.panel(surf, inner, theme.PANEL_DARK, 255, TONE[said.tone], 12)
        pygame.draw.rect(surf, accent, (0, 0, 12, height), border_top_left_radius=12, border_bottom_left_radius=12)
        if said.weather is not None:
            draw_weather(surf, (48, height // 2), min(64, height - 12), said.weather.condition)
        for i, line in enumerate(heads):
            theme.text(surf, line, HEAD_PX, theme.TEXT, (x, 12 + HEAD_ROW * i))
        top = 14 + HEAD_ROW * len(heads) + 6
        for i, line in enumerate(lines):
            theme.text(surf, line, LINE_PX, theme.DIM, (x + 2, top + LINE_ROW * i))
        return surf
