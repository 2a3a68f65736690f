"""The layout checker of tests/ui/layout.py finds what it promises: frames drawn with the game's
own helpers (``theme.text``, ``theme.panel``, ``Button.paint``) and a known fault each are
reported by ``problems``, and a clean frame is not. Without this, a checker that stopped seeing
faults would let every screen pass."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game import theme
from game.widgets.controls import Button
from tests.ui.layout import Recorder, problems

PX = 20  # readable at scale 1, so only the fault under test is reported


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.init()
    yield


@pytest.fixture
def frame(monkeypatch: pytest.MonkeyPatch) -> tuple[pygame.Surface, Recorder]:
    """A 400x300 surface and a recorder that keeps what is drawn on it."""
    recorder = Recorder().start(monkeypatch)
    recorder.on = True
    return pygame.Surface((400, 300)), recorder


def button(id: str, rect: tuple[int, int, int, int]) -> Button:
    b = Button(id, lambda: id.title(), lambda: None, px=PX)
    b.rect = pygame.Rect(rect)
    return b


def test_a_clean_frame_has_no_problems(frame: tuple[pygame.Surface, Recorder]) -> None:
    surface, recorder = frame
    theme.panel(surface, pygame.Rect(10, 10, 380, 200))
    theme.text(surface, "Gear", PX, theme.TEXT, (30, 30))
    theme.text(surface, "Brakes", PX, theme.TEXT, (30, 80))
    button("ok", (30, 140, 120, 44)).draw(surface)
    button("back", (200, 140, 120, 44)).draw(surface)
    assert problems(recorder) == []


def test_two_texts_on_one_spot_are_reported(frame: tuple[pygame.Surface, Recorder]) -> None:
    surface, recorder = frame
    theme.text(surface, "Gear", PX, theme.TEXT, (30, 30))
    theme.text(surface, "Brakes", PX, theme.TEXT, (40, 36))
    found = problems(recorder)
    assert len(found) == 1 and "text 'Gear'" in found[0] and "overlaps text 'Brakes'" in found[0], found


def test_a_panel_drawn_over_a_text_is_reported(frame: tuple[pygame.Surface, Recorder]) -> None:
    surface, recorder = frame
    theme.text(surface, "Gear", PX, theme.TEXT, (30, 30))
    theme.panel(surface, pygame.Rect(10, 10, 200, 100))
    found = problems(recorder)
    assert len(found) == 1 and "panel (10, 10, 200, 100) is drawn over text 'Gear'" in found[0], found


def test_a_widget_over_another_is_reported(frame: tuple[pygame.Surface, Recorder]) -> None:
    surface, recorder = frame
    button("ok", (30, 140, 120, 44)).draw(surface)
    button("back", (100, 150, 120, 44)).draw(surface)
    found = problems(recorder)
    assert any("widget 'ok' (30, 140, 120, 44) overlaps widget 'back' (100, 150, 120, 44)" in f for f in found), found


def test_what_a_modal_card_covers_is_no_problem(frame: tuple[pygame.Surface, Recorder]) -> None:
    """The banner dims the screen and lays a card over it: the text under it is meant to be hidden,
    the text on the card is checked again."""
    surface, recorder = frame
    theme.text(surface, "Gear", PX, theme.TEXT, (180, 140))
    card = theme.banner(surface, surface.get_rect(), 300, 160)
    theme.text(surface, "Paused", PX, theme.TEXT, card.center, "center")
    assert problems(recorder) == []
    theme.text(surface, "Resume", PX, theme.TEXT, card.center, "center")
    assert any("overlaps text 'Resume'" in f for f in problems(recorder))
