"""What the qualifying screen draws besides the board: stopwatch, counters, classification, banners.

Plain drawing functions of values the scene passes in, so the scene keeps
the logic and this module the look: a steward's stopwatch in big digits,
the roll and penalty counters, and the running classification of the
drivers who have already been out.
"""

from __future__ import annotations

import pygame

from game import theme
from game.board.cars import badge, badge_of
from game.play.stopwatch import clock_text
from game.texts import tr
from rules.files.record import Entry
from rules.qualifying.grid import LapResult, ranking, score
from rules.qualifying.rules import QualifyingRules

ROW = 24
CLASSIFICATION_W = 330


def classification_height(drivers: int) -> int:
    return 36 + ROW * max(1, drivers)


def draw_stopwatch(
    screen: pygame.Surface, rect: pygame.Rect, ms: int, running: bool, waiting: bool, label: str
) -> None:
    """The big clock: green while it runs, yellow while the game shows something, dim before the start."""
    theme.panel(screen, rect, theme.PANEL_DARK, radius=12, edge=theme.YELLOW if running else theme.EDGE)
    theme.text(screen, label.upper(), 17, theme.DIM, (rect.left + 14, rect.top + 10))
    state = tr("qual.clock.running") if running else (tr("qual.clock.waiting") if waiting else tr("qual.clock.paused"))
    theme.text(screen, state, 17, theme.GREEN if running else theme.DIM, (rect.right - 14, rect.top + 10), "topright")
    ink = theme.TEXT if running else (theme.YELLOW if ms else theme.DIM)
    theme.text(screen, clock_text(ms), 92, ink, (rect.centerx, rect.centery + 12), "center")


def draw_counters(screen: pygame.Surface, rect: pygame.Rect, items: list[tuple[str, str, theme.Colour]]) -> None:
    """Side-by-side counters: a small caption over a big number."""
    w = (rect.width - 8 * (len(items) - 1)) // len(items)
    for i, (caption, value, ink) in enumerate(items):
        box = pygame.Rect(rect.left + i * (w + 8), rect.top, w, rect.height)
        theme.panel(screen, box, theme.PANEL_DARK, radius=10)
        theme.text(screen, caption.upper(), 16, theme.DIM, (box.centerx, box.top + 8), "midtop")
        theme.text(screen, value, 44, ink, (box.centerx, box.bottom - 8), "midbottom")


def draw_classification(
    screen: pygame.Surface,
    topleft: tuple[int, int],
    results: list[LapResult],
    rules: QualifyingRules,
    entries: tuple[Entry, ...],
    width: int = CLASSIFICATION_W,
    highlight: str | None = None,
) -> None:
    """The drivers who have been out: qualified best first, then the laps that ended early."""
    order = ranking(results, rules)
    order += [r for r in results if not r.qualified]
    box = pygame.Rect(topleft, (width, classification_height(len(order))))
    theme.panel(screen, box, theme.PANEL_DARK, 220, radius=8)
    theme.text(screen, tr("qual.classification").upper(), 17, theme.DIM, (box.left + 10, box.top + 10))
    if not order:
        theme.text(screen, tr("qual.nobody_yet"), 19, theme.FAINT, (box.left + 12, box.top + 32))
        return
    index = {e.id: i for i, e in enumerate(entries)}
    for i, r in enumerate(order):
        y = box.top + 32 + i * ROW
        if r.driver == highlight:
            pygame.draw.rect(screen, theme.BUTTON_HOVER, (box.left + 4, y, box.width - 8, ROW), border_radius=5)
        mid = y + ROW // 2
        k = index.get(r.driver, 0)
        entry = entries[k] if k < len(entries) else None
        pos = f"{i + 1}." if r.qualified else "–"
        theme.text(screen, pos, 19, theme.DIM, (box.left + 26, mid), "midright")
        if entry is not None:
            tag = badge(badge_of(k), entry.number, 10, entry.colour)
            screen.blit(tag, tag.get_rect(center=(box.left + 42, mid)))
        theme.text(
            screen,
            theme.fit_text(r.name, 20, width - 190),
            20,
            theme.TEXT if r.qualified else theme.DIM,
            (box.left + 58, mid),
            "midleft",
        )
        if r.qualified:
            right = tr("qual.score_time", score=score(r, rules), time=clock_text(r.time_ms))
            ink = theme.TEXT
        else:
            right, ink = tr("qual.not_qualified"), (255, 150, 140)
        theme.text(screen, right, 18, ink, (box.right - 10, mid), "midright")


def draw_banner(
    screen: pygame.Surface,
    area: pygame.Rect,
    title: str,
    lines: list[tuple[str, theme.Colour]],
    big: str | None = None,
    footer: str = "",
) -> pygame.Rect:
    """A centred card over the board: a title, a few lines, an optional huge word (the countdown)."""
    h = 110 + 32 * len(lines) + (150 if big else 0) + (34 if footer else 0)
    card = theme.banner(screen, area, 640, h)
    theme.chequer(screen, pygame.Rect(card.left + 1, card.top + 1, card.width - 2, 10), 5)
    theme.text(
        screen, theme.fit_text(title, 44, card.width - 40), 44, theme.TEXT, (card.centerx, card.top + 30), "midtop"
    )
    y = card.top + 82
    for text, ink in lines:
        theme.text(screen, theme.fit_text(text, 26, card.width - 40), 26, ink, (card.centerx, y), "midtop")
        y += 32
    if big:
        theme.text(screen, big, 150, theme.YELLOW, (card.centerx, y + 72), "center", shadow=True)
        y += 150
    if footer:
        theme.text(screen, footer, 20, theme.DIM, (card.centerx, card.bottom - 14), "midbottom")
    return card
