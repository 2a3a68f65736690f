"""The charts tell cars apart by marker shape and dash pattern as well as by colour."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame
import pytest

from game import theme
from game.board.cars import badge_of
from game.storage.lineup import COLOURS, default_lineup
from game.widgets import charts
from tests.ui.helpers import screen_of
from tests.ui.test_championship_screens import (
    app_on,
    click_button,
    computers,
    create_through_the_screens,
    play_next_race,
)

GREY = "#808080"


def drawn(index: int) -> bytes:
    """A car's line in grey: what is left of it without its colour."""
    surface = pygame.Surface((200, 40))
    charts.styled(surface, charts.Car("x", GREY, 1, index), [(10, 20), (100, 20), (190, 20)], 3, every=1)
    return pygame.image.tobytes(surface, "RGB")


def runs(row: list[bool]) -> list[int]:
    """The lengths of the drawn stretches along a row of pixels."""
    out, n = [], 0
    for on in row:
        if on:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out + ([n] if n else [])


def test_ten_cars_of_one_colour_draw_ten_different_lines() -> None:
    assert len({drawn(i) for i in range(10)}) == 10


def test_each_dash_pattern_draws_its_own_stretches() -> None:
    seen = set()
    for dash in charts.DASHES:
        surface = pygame.Surface((400, 20))
        charts.dashed(surface, (255, 255, 255), [(0, 10), (200, 10), (400, 10)], 4, dash)
        stretches = runs([surface.get_at((x, 10))[0] > 0 for x in range(400)])
        seen.add(tuple(stretches[1:5]))  # the first may be cut short
        if not dash:
            assert stretches == [400]
        else:
            assert len(stretches) > 5
    assert len(seen) == len(charts.DASHES)


def test_the_positions_chart_and_its_legend_draw_each_car_in_its_marker_and_dash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The real chart: every line, and the legend's sample of it, use the car's badge shape as
    marker and its dash pattern; the ten cars' markers all differ."""
    pygame.font.init()
    markers: dict[tuple[int, ...], set[str]] = {}
    dashes: dict[tuple[int, ...], set[tuple[float, ...]]] = {}
    real_marker, real_dashed = charts.marker, charts.dashed

    def spy_marker(
        screen: pygame.Surface, shape: str, centre: tuple[float, float], r: float, ink: theme.Colour
    ) -> None:
        markers.setdefault(ink, set()).add(shape)
        real_marker(screen, shape, centre, r, ink)

    def spy_dashed(
        screen: pygame.Surface,
        ink: theme.Colour,
        points: Sequence[tuple[float, float]],
        width: int,
        dash: tuple[float, ...],
    ) -> None:
        dashes.setdefault(ink, set()).add(dash)
        real_dashed(screen, ink, points, width, dash)

    monkeypatch.setattr(charts, "marker", spy_marker)
    monkeypatch.setattr(charts, "dashed", spy_dashed)
    colours = COLOURS  # one ink per car, none another's rim
    lines = [
        charts.Line(charts.Car(f"Car {i}", colours[i], i + 1, i), tuple(((i + k) % 10) + 1 for k in range(13)))
        for i in range(10)
    ]
    screen = pygame.Surface((1280, 720))
    charts.positions(screen, pygame.Rect(0, 0, 1280, 720), lines, 12, "Round")
    for i, colour in enumerate(colours):
        ink = pygame.Color(colour)[:3]
        assert markers[ink] == {badge_of(i)}
        assert dashes[ink] == {charts.dash_of(i)}
    assert len({shape for shapes in markers.values() for shape in shapes}) == 10


def test_the_standings_chart_and_its_legend_draw_each_driver_in_its_marker_and_dash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A championship after its first race, its points chart opened by a click: every driver's
    line and legend sample in the badge shape and dash of the driver's place in the entry list."""
    app = app_on(tmp_path, default_lineup().model_copy(update={"drivers": computers(4)}))
    create_through_the_screens(app)
    play_next_race(app)
    calls: list[tuple[str, tuple[float, ...] | None, tuple[int, ...]]] = []
    real_marker, real_dashed = charts.marker, charts.dashed

    def spy_marker(
        screen: pygame.Surface, shape: str, centre: tuple[float, float], r: float, ink: theme.Colour
    ) -> None:
        calls.append((shape, None, ink))
        real_marker(screen, shape, centre, r, ink)

    def spy_dashed(
        screen: pygame.Surface,
        ink: theme.Colour,
        points: Sequence[tuple[float, float]],
        width: int,
        dash: tuple[float, ...],
    ) -> None:
        calls.append(("", dash, ink))
        real_dashed(screen, ink, points, width, dash)

    monkeypatch.setattr(charts, "marker", spy_marker)
    monkeypatch.setattr(charts, "dashed", spy_dashed)
    click_button(app.scene, "tab.chart")
    app.scene.draw(screen_of(app))
    for i in range(4):
        ink = pygame.Color(COLOURS[i])[:3]
        assert {shape for shape, dash, c in calls if c == ink and dash is None} == {badge_of(i)}
        assert {dash for shape, dash, c in calls if c == ink and dash is not None} == {charts.dash_of(i)}
    assert sum(1 for shape, dash, c in calls if dash is not None) >= 2 * 4 * 2  # lines and samples, rim and ink


def test_a_stacked_bar_and_its_legend_hatch_each_part_in_its_own_way() -> None:
    """Seven parts of one colour: the hatch alone tells each from the others, in the bar as in the legend."""
    pygame.font.init()
    ink = (120, 120, 120)
    items = [(f"Part {k}", ink) for k in range(len(charts.HATCHES))]
    bar = charts.Bar(charts.Car("A", GREY, 1, 0), tuple((4.0, ink) for _ in items), "28")
    screen = pygame.Surface((1400, 300))
    row = charts.stacked(screen, pygame.Rect(0, 0, 1400, 300), [bar], items, "WP")[0]
    y = row.centery
    seams = [x for x in range(row.left, row.right) if tuple(screen.get_at((x, y))[:3]) == tuple(theme.PANEL)]
    starts = [
        a + 1
        for a, b in zip(seams, seams[1:])  # each part's first column
        if b - a > 20 and any(tuple(screen.get_at((x, y))[:3]) == ink for x in range(a, b))
    ]
    assert len(starts) == len(charts.HATCHES)
    blocks = {_block(screen, x + 3, row.top + 8) for x in starts}
    assert len(blocks) == len(charts.HATCHES)
    swatches = {_block(screen, x + 3, charts.PAD + 3) for x in _swatch_lefts([label for label, _ in items])}
    assert len(swatches) == len(charts.HATCHES)


def _block(screen: pygame.Surface, x: int, y: int) -> bytes:
    return pygame.image.tobytes(screen.subsurface((x, y, 12, 12)), "RGB")


def _swatch_lefts(labels: list[str]) -> list[int]:
    """Where the legend's swatches begin, one line of them: a swatch, its word, a gap."""
    lefts, x = [], charts.PAD
    for label in labels:
        lefts.append(x)
        x += 28 + theme.font(charts.LEGEND_PX).size(label)[0] + 18
    return lefts
