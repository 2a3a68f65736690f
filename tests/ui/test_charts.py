"""The charts tell cars apart by marker shape and dash pattern as well as by colour."""

from __future__ import annotations

import pygame
import pytest

from game import theme

from game.board.cars import badge_of
from game.storage.lineup import COLOURS
from game.widgets import charts

GREY = "#808080"


def drawn(index: int, colour: str = GREY) -> bytes:
    surface = pygame.Surface((200, 40))
    charts.styled(surface, charts.Car("x", colour, 1, index), [(10, 20), (100, 20), (190, 20)], 3, every=1)
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
    pygame.font.init()
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


def test_the_positions_chart_and_its_legend_draw_each_car_in_its_marker_and_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real chart: every line, and the legend's sample of it, use the car's badge shape as
    marker and its dash pattern; the ten cars' markers all differ."""
    pygame.font.init()
    markers: dict[str, set[str]] = {}
    dashes: dict[tuple[int, int, int], set[tuple[float, ...]]] = {}
    real_marker, real_dashed = charts.marker, charts.dashed

    def spy_marker(screen, shape, centre, r, ink):  # type: ignore[no-untyped-def]
        markers.setdefault(ink, set()).add(shape)
        real_marker(screen, shape, centre, r, ink)

    def spy_dashed(screen, ink, points, width, dash):  # type: ignore[no-untyped-def]
        dashes.setdefault(ink, set()).add(dash)
        real_dashed(screen, ink, points, width, dash)

    monkeypatch.setattr(charts, "marker", spy_marker)
    monkeypatch.setattr(charts, "dashed", spy_dashed)
    colours = COLOURS  # one ink per car, none another's rim
    lines = [charts.Line(charts.Car(f"Car {i}", colours[i], i + 1, i), tuple(((i + k) % 10) + 1 for k in range(13)))
             for i in range(10)]
    screen = pygame.Surface((1280, 720))
    charts.positions(screen, pygame.Rect(0, 0, 1280, 720), lines, 12, "Round")
    for i, colour in enumerate(colours):
        ink = pygame.Color(colour)[:3]
        assert markers[ink] == {badge_of(i)}
        assert dashes[ink] == {charts.dash_of(i)}
    assert len({shape for shapes in markers.values() for shape in shapes}) == 10


def test_a_stacked_bar_hatches_each_part_as_its_legend_swatch() -> None:
    """Seven parts of one colour: the hatch alone tells each from the others, in the bar as in the legend."""
    pygame.font.init()
    ink = (120, 120, 120)
    items = [(f"Part {k}", ink) for k in range(len(charts.HATCHES))]
    bar = charts.Bar(charts.Car("A", GREY, 1, 0), tuple((4.0, ink) for _ in items), "28")
    screen = pygame.Surface((1400, 300))
    row = charts.stacked(screen, pygame.Rect(0, 0, 1400, 300), [bar], items, "WP")[0]
    y = row.centery
    seams = [x for x in range(row.left, row.right) if tuple(screen.get_at((x, y))[:3]) == tuple(theme.PANEL)]
    starts = [a + 1 for a, b in zip(seams, seams[1:])  # each part's first column
              if b - a > 20 and any(tuple(screen.get_at((x, y))[:3]) == ink for x in range(a, b))]
    assert len(starts) == len(charts.HATCHES)
    blocks = {_block(screen, x + 3, row.top + 8) for x in starts}
    assert len(blocks) == len(charts.HATCHES)
    swatches = {_block(screen, x, y) for x, y in _swatches(screen, ink)}
    assert len(swatches) == len(charts.HATCHES)


def _block(screen: pygame.Surface, x: int, y: int) -> bytes:
    return pygame.image.tobytes(screen.subsurface((x, y, 12, 12)), "RGB")


def _swatches(screen: pygame.Surface, ink: tuple[int, int, int]) -> list[tuple[int, int]]:
    """The top-left insides of the legend's swatches: where a swatch's rim meets its colour, in the legend's first line."""
    y = charts.PAD + 10
    rim = charts._rim(ink)
    return [(x + 1, charts.PAD + 1) for x in range(screen.get_width() - 1)
            if tuple(screen.get_at((x, y))[:3]) == rim and tuple(screen.get_at((x, y - 9))[:3]) == rim
            and tuple(screen.get_at((x - 1, y))[:3]) != rim and x < screen.get_width() - 30
            and tuple(screen.get_at((x + 21, y))[:3]) == rim]
