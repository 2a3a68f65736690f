"""Charts drawn with pygame: a line per car over the game rounds, and bars per car.

What a race's statistics screen shows as pictures: the positions after each round as lines in
the cars' colours with their number badges at both ends; stacked bars (the WP used per area);
bars either side of zero (dice luck). Each chart lays itself out in the box it is given, so it
reads the same from the smallest window to 4K; every word on it comes from the caller, already
translated.

Colour alone does not tell cars apart for every player (with deuteranopia red, orange and
yellow merge, and blue and purple), so each car's line also has a dash pattern of its own and
markers in its badge's shape, its legend shows the same, and each part of a stacked bar has a
hatch of its own, as its legend swatch. A bar chart's rows begin with the car's badge.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game import theme
from game.board.cars import badge, badge_of, shape_points

PAD = 16
TICK_PX = 18  # axis labels
GRID: theme.Colour = theme.shade(theme.PANEL, 1.25)
#: A line's dash patterns (on, off, ... in line widths): solid, dashed, dotted, dash-dot, long
#: dashes; cycled by the car's place in the entry list, whose badge shape (its markers) differs
#: for all ten cars, so no two cars share both.
DASHES: tuple[tuple[float, ...], ...] = ((), (3.5, 2.0), (1.0, 1.6), (4.0, 1.6, 1.0, 1.6), (7.0, 3.0))
#: The hatches of a stacked bar's parts, in the order of its legend.
HATCHES: tuple[str, ...] = ("", "/", "\\", "-", "|", "x", ".")
LEGEND_PX = 18
LEGEND_ROW = 26
SAMPLE_W = 44  # a legend's line sample


@dataclass(frozen=True)
class Car:
    """Who a line or a bar is: the driver's name, the car's colour, number and place in the entry
    list (its badge's shape)."""

    name: str
    colour: str  # "#rrggbb"
    number: int
    index: int


@dataclass(frozen=True)
class Line:
    """A car's place after each game round (index 0: the start); ``until`` is the round it retired
    in, where its line stops with a cross (None: to the end)."""

    car: Car
    places: tuple[int, ...]
    until: int | None = None


@dataclass(frozen=True)
class Bar:
    """One car's row of a bar chart: its segments (value, colour) left to right, or one signed
    value; ``note`` is a word or two at the row's end."""

    car: Car
    segments: tuple[tuple[float, theme.Colour], ...]
    label: str  # the bar's value as the player reads it ("12", "+3.5")
    note: str = ""


def _badge(screen: pygame.Surface, car: Car, centre: tuple[int, int], size: int) -> None:
    tag = badge(badge_of(car.index), car.number, size, car.colour)
    screen.blit(tag, tag.get_rect(center=centre))


def dash_of(index: int) -> tuple[float, ...]:
    """The dash pattern of the car at ``index`` of the entry list."""
    return DASHES[index % len(DASHES)]


def marker(screen: pygame.Surface, shape: str, centre: tuple[float, float], r: float, ink: theme.Colour) -> None:
    """A marker of a badge's ``shape``, filled in the car's colour with a rim that sets it off."""
    pts = shape_points(shape, r)
    if pts is None:
        pygame.draw.circle(screen, ink, centre, r)
        pygame.draw.circle(screen, _rim(ink), centre, r, max(1, round(r / 4)))
        return
    q = [(centre[0] + x, centre[1] + y) for x, y in pts]
    pygame.draw.polygon(screen, ink, q)
    pygame.draw.polygon(screen, _rim(ink), q, max(1, round(r / 4)))


def dashed(
    screen: pygame.Surface,
    ink: theme.Colour,
    points: Sequence[tuple[float, float]],
    width: int,
    dash: tuple[float, ...],
) -> None:
    """A polyline in ``dash`` (lengths in line widths; empty: solid), the pattern running on
    across its corners."""
    if not dash:
        pygame.draw.lines(screen, ink, False, points, width)
        return
    lengths = [max(1.0, d * width) for d in dash]
    k, left = 0, lengths[0]  # the piece of the pattern under way and what is left of it
    for a, b in zip(points, points[1:]):
        seg = math.dist(a, b)
        at = 0.0
        while at < seg:
            step = min(left, seg - at)
            if k % 2 == 0:
                t0, t1 = at / seg, (at + step) / seg
                pygame.draw.line(
                    screen,
                    ink,
                    (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                    (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
                    width,
                )
            at += step
            left -= step
            if left <= 1e-9:
                k = (k + 1) % len(lengths)
                left = lengths[k]


def styled(screen: pygame.Surface, car: Car, points: Sequence[tuple[float, float]], width: int, every: int = 1) -> None:
    """A car's line: its dash pattern in its colour over a rim, and a marker of its badge's
    shape on every ``every``-th point and the last."""
    ink = theme.colour(car.colour)
    if len(points) > 1:  # a rim that sets it off the panel: darker, or for a dark car lighter
        dashed(screen, _rim(ink), points, width + 2, dash_of(car.index))
        dashed(screen, ink, points, width, dash_of(car.index))
    r = width + 2
    for k, p in enumerate(points):
        if k % max(1, every) == 0 or k == len(points) - 1:
            marker(screen, badge_of(car.index), p, r, ink)


def car_legend(screen: pygame.Surface | None, left: int, top: int, width: int, cars: Sequence[tuple[Car, str]]) -> int:
    """Each car's line sample (dash pattern and marker, as its line is drawn) with its words,
    wrapped to the width; returns its bottom (and only measures it without a ``screen``)."""
    x, y = left, top
    for car, label in cars:
        w = SAMPLE_W + 8 + theme.font(LEGEND_PX).size(label)[0] + 20
        if x + w > left + width and x > left:
            x, y = left, y + LEGEND_ROW
        if screen is not None:
            mid = y + 10
            styled(screen, car, [(x + 2, mid), (x + SAMPLE_W // 2, mid), (x + SAMPLE_W - 2, mid)], 3, every=2)
            theme.text(screen, label, LEGEND_PX, theme.TEXT, (x + SAMPLE_W + 8, mid), "midleft")
        x += w
    return y + 22


def hatch(screen: pygame.Surface, rect: pygame.Rect, kind: str, ink: theme.Colour) -> None:
    """Lines over a filled rect in ``kind`` ("/", "\\", "-", "|", "x", "."; "" none), darker
    than ``ink`` (lighter on a dark colour), so a part is known by more than its colour."""
    if not kind or rect.width < 3 or rect.height < 3:
        return
    line = _rim(ink)
    gap = 8
    clip = screen.get_clip()
    screen.set_clip(rect.clip(clip))
    if kind in ("/", "x"):
        for x in range(rect.left - rect.height, rect.right + gap, gap):
            pygame.draw.line(screen, line, (x, rect.bottom), (x + rect.height, rect.top), 2)
    if kind in ("\\", "x"):
        for x in range(rect.left - rect.height, rect.right + gap, gap):
            pygame.draw.line(screen, line, (x, rect.top), (x + rect.height, rect.bottom), 2)
    if kind == "-":
        for y in range(rect.top + gap // 2, rect.bottom, gap - 1):
            pygame.draw.line(screen, line, (rect.left, y), (rect.right, y), 2)
    if kind == "|":
        for x in range(rect.left + gap // 2, rect.right, gap - 1):
            pygame.draw.line(screen, line, (x, rect.top), (x, rect.bottom), 2)
    if kind == ".":
        for y in range(rect.top + 3, rect.bottom - 1, gap - 1):
            for x in range(rect.left + 3 + (y // (gap - 1)) % 2 * 3, rect.right - 1, gap - 1):
                pygame.draw.circle(screen, line, (x, y), 1.5)
    screen.set_clip(clip)


def _ticks(span: float, room: int, least_px: int) -> float:
    """A step of 1, 2, 5, 10, 20 ... so that labels along ``room`` pixels are at least ``least_px`` apart."""
    step = 1.0
    while span / step * least_px > room:
        for k in (2, 2.5, 2):
            step *= k
            if span / step * least_px <= room:
                break
    return step


def positions(
    screen: pygame.Surface, box: pygame.Rect, lines: Sequence[Line], rounds: int, axis: str, out: str = ""
) -> list[tuple[pygame.Rect, Line]]:
    """The places over the game rounds: place 1 at the top, a line per car in its colour, dash
    pattern and markers from its badge at the start to its badge at its final place, under a
    legend of the lines; ``axis`` names the rounds under the chart and ``out`` the cross where a
    retired car's line ends. Returns each badge's rect with its line, for the tooltips."""
    theme.panel(screen, box, theme.PANEL, radius=12)
    keys = [(line.car, line.car.name) for line in lines]
    top = car_legend(screen, box.left + PAD, box.top + PAD, box.width - 2 * PAD, keys) + 8
    n = max([2, *(max(line.places) for line in lines if line.places)])
    size = max(10, min(16, (box.bottom - top - 120) // (2 * n)))  # a badge's half-height
    label_w = theme.font(TICK_PX).size(str(n))[0] + 10
    plot = pygame.Rect(
        box.left + PAD + label_w + 2 * size + 8,
        top + size,
        box.width - 2 * PAD - label_w - 4 * size - 24,
        box.bottom - top - PAD - 2 * size - 48,
    )

    def at(k: int, place: int) -> tuple[int, int]:
        return (
            plot.left + round(k * plot.width / max(1, rounds)),
            plot.top + round((place - 1) * plot.height / (n - 1)),
        )

    for place in range(1, n + 1):
        y = at(0, place)[1]
        pygame.draw.line(screen, GRID, (plot.left, y), (plot.right, y), 1)
        theme.text(screen, str(place), TICK_PX, theme.DIM, (box.left + PAD + label_w - 6, y), "midright")
    step = max(1, int(_ticks(max(1, rounds), plot.width, 44)))
    for k in range(0, rounds + 1, step):
        x = at(k, n)[0]
        pygame.draw.line(screen, GRID, (x, plot.top), (x, plot.bottom), 1)
        theme.text(screen, str(k), TICK_PX, theme.DIM, (x, plot.bottom + size + 8), "midtop")
    theme.text(screen, axis, TICK_PX, theme.DIM, (plot.centerx, box.bottom - PAD), "midbottom")
    width = max(2, size // 4)
    if out and any(line.until is not None for line in lines):  # the cross explained, right of the axis's name
        x = box.right - PAD - theme.font(TICK_PX).size(out)[0]
        _cross(screen, (x - 12, box.bottom - PAD - 7), 5)
        theme.text(screen, out, TICK_PX, theme.DIM, (x, box.bottom - PAD), "bottomleft")
    spots: list[tuple[pygame.Rect, Line]] = []
    every = max(1, math.ceil(5 * (width + 2) / max(1.0, plot.width / max(1, rounds))))  # markers this many rounds apart
    for line in sorted(lines, key=lambda li: -li.places[-1]):  # the leader drawn last, on top
        last = len(line.places) - 1 if line.until is None else min(line.until, len(line.places) - 1)
        points = [at(k, p) for k, p in enumerate(line.places[: last + 1])]
        styled(screen, line.car, points, width, every)
        if line.until is not None:  # retired: a cross where its race ended
            _cross(screen, points[-1], size // 2 + 2)
        for centre in (
            (plot.left - size - 6, at(0, line.places[0])[1]),
            (plot.right + size + 6, at(0, line.places[-1])[1]),
        ):
            _badge(screen, line.car, centre, size)
            spots.append((pygame.Rect(centre[0] - size, centre[1] - size, 2 * size, 2 * size), line))
    return spots


def _rim(ink: theme.Colour) -> theme.Colour:
    r, g, b = ink
    return theme.shade(ink, 1.5) if 0.299 * r + 0.587 * g + 0.114 * b < 90 else theme.shade(ink, 0.45)


def _cross(screen: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    x, y = centre
    for dx in (-r, r):
        pygame.draw.line(screen, theme.TEXT, (x - dx, y - r), (x + dx, y + r), 3)


def _rows(box: pygame.Rect, count: int, top: int) -> tuple[int, int]:
    """The height of a bar chart's row and the font size of its words."""
    row = max(22, min(48, (box.bottom - PAD - 44 - top) // max(1, count)))
    return row, max(15, min(22, row - 8))


def _name_width(bars: Sequence[Bar], px: int, box: pygame.Rect) -> int:
    widest = max([theme.font(px).size(b.car.name)[0] for b in bars] + [40])
    return min(widest, box.width // 4)


def _name(screen: pygame.Surface, bar: Bar, x: int, y: int, row: int, px: int, room: int) -> None:
    """The car's badge and its driver's name at the left of its row."""
    size = max(9, min(14, row // 2 - 2))
    _badge(screen, bar.car, (x + size, y), size)
    fit = theme.fitting_px(bar.car.name, px, room, 12)
    theme.text(screen, theme.fit_text(bar.car.name, fit, room), fit, theme.TEXT, (x + 2 * size + 8, y), "midleft")


def legend(
    screen: pygame.Surface | None, left: int, top: int, width: int, items: Sequence[tuple[str, theme.Colour]]
) -> int:
    """A row of swatches, each in its colour and hatch (``HATCHES`` in order), with their words,
    wrapped to the width; returns its bottom (and only measures it without a ``screen``)."""
    px = LEGEND_PX
    x, y = left, top
    for k, (label, ink) in enumerate(items):
        w = 28 + theme.font(px).size(label)[0] + 18
        if x + w > left + width and x > left:
            x, y = left, y + LEGEND_ROW
        if screen is not None:
            swatch = pygame.Rect(x, y, 22, 20)
            pygame.draw.rect(screen, ink, swatch)
            hatch(screen, swatch, HATCHES[k % len(HATCHES)], ink)
            pygame.draw.rect(screen, _rim(ink), swatch, 1)
            theme.text(screen, label, px, theme.TEXT, (x + 28, y + 10), "midleft")
        x += w
    return y + 22


def _fitted(box: pygame.Rect, top: int, rows: int, row: int) -> pygame.Rect:
    """The chart's panel no taller than its rows and axis need: a tall window leaves no empty band."""
    return pygame.Rect(box.left, box.top, box.width, min(box.height, top - box.top + rows * row + 44 + PAD))


def stacked(
    screen: pygame.Surface, box: pygame.Rect, bars: Sequence[Bar], items: Sequence[tuple[str, theme.Colour]], axis: str
) -> list[pygame.Rect]:
    """A bar per car made of its segments, each hatched as its item of the ``items`` legend above,
    the total at its end, and an axis of values under it named ``axis``; a segment wide enough
    shows its value inside. Returns each bar's row, for the tooltips."""
    top = legend(None, box.left + PAD, box.top + PAD, box.width - 2 * PAD, items) + 12
    row, px = _rows(box, len(bars), top)
    box = _fitted(box, top, len(bars), row)
    theme.panel(screen, box, theme.PANEL, radius=12)
    legend(screen, box.left + PAD, box.top + PAD, box.width - 2 * PAD, items)
    names = _name_width(bars, px, box)
    size = max(9, min(14, row // 2 - 2))
    left = box.left + PAD + 2 * size + 8 + names + 12
    label_w = max([theme.font(px).size(b.label)[0] for b in bars] + [20]) + 12
    room = box.right - PAD - label_w - left
    most = max([sum(v for v, _ in b.segments) for b in bars] + [1])
    bottom = top + row * len(bars)
    step = _ticks(most, room, 50)
    k = 0.0
    while k <= most:
        tick = left + round(k / most * room)
        pygame.draw.line(screen, GRID, (tick, top), (tick, bottom), 1)
        theme.text(screen, f"{k:g}", TICK_PX, theme.DIM, (tick, bottom + 4), "midtop")
        k += step
    theme.text(screen, axis, TICK_PX, theme.DIM, (left + room // 2, bottom + 26), "midtop")
    for i, bar in enumerate(bars):
        y = top + i * row + row // 2
        _name(screen, bar, box.left + PAD, y, row, px, names)
        x = float(left)
        h = max(10, row - 10)
        for part, (value, ink) in enumerate(bar.segments):
            w = value / most * room
            if w <= 0:
                continue
            rect = pygame.Rect(round(x), y - h // 2, max(1, round(x + w) - round(x)), h)
            pygame.draw.rect(screen, ink, rect)
            hatch(screen, rect, HATCHES[part % len(HATCHES)], ink)
            words = f"{value:g}"
            tw, th = theme.font(px - 2).size(words)
            if tw + 6 <= rect.width and h >= px - 4:  # the value on a plain patch of the part's colour
                pygame.draw.rect(
                    screen, ink, pygame.Rect(0, 0, tw + 6, th).move(rect.centerx - tw // 2 - 3, rect.centery - th // 2)
                )
                theme.text(screen, words, px - 2, theme.ink_on(ink), rect.center, "center")
            pygame.draw.rect(screen, theme.PANEL, rect, 1)
            x += w
        theme.text(screen, bar.label, px, theme.TEXT, (round(x) + 8, y), "midleft")
    return [pygame.Rect(box.left + PAD, top + i * row, box.width - 2 * PAD, row) for i in range(len(bars))]


def diverging(
    screen: pygame.Surface, box: pygame.Rect, bars: Sequence[Bar], axis: str, note_head: str
) -> list[pygame.Rect]:
    """A bar per car either side of the zero line (green above, red below), its value at the bar's
    end, and each row's note in a column of its own headed ``note_head``. Returns each bar's row,
    for the tooltips."""
    top = box.top + PAD + 30
    row, px = _rows(box, len(bars), top)
    box = _fitted(box, top, len(bars), row)
    theme.panel(screen, box, theme.PANEL, radius=12)
    names = _name_width(bars, px, box)
    size = max(9, min(14, row // 2 - 2))
    left = box.left + PAD + 2 * size + 8 + names + 12
    note_w = max([theme.font(px).size(b.note)[0] for b in bars] + [theme.font(TICK_PX).size(note_head)[0]]) + 12
    right = box.right - PAD - note_w - 12
    label_w = max([theme.font(px).size(b.label)[0] for b in bars] + [20]) + 10
    half = (right - left) // 2 - label_w
    zero = left + label_w + half
    most = max([abs(v) for b in bars for v, _ in b.segments] + [1])
    bottom = top + row * len(bars)
    theme.text(screen, note_head, TICK_PX, theme.DIM, (box.right - PAD - note_w, box.top + PAD + 4))
    step = _ticks(most, half, 50)
    k = step
    pygame.draw.line(screen, theme.DIM, (zero, top - 6), (zero, bottom), 2)
    theme.text(screen, "0", TICK_PX, theme.DIM, (zero, bottom + 4), "midtop")
    while k <= most:
        for sign in (-1, 1):
            x = zero + sign * round(k / most * half)
            pygame.draw.line(screen, GRID, (x, top), (x, bottom), 1)
            theme.text(screen, f"{sign * k:+g}", TICK_PX, theme.DIM, (x, bottom + 4), "midtop")
        k += step
    theme.text(screen, axis, TICK_PX, theme.DIM, (zero, bottom + 26), "midtop")
    for i, bar in enumerate(bars):
        y = top + i * row + row // 2
        _name(screen, bar, box.left + PAD, y, row, px, names)
        value = sum(v for v, _ in bar.segments)
        ink = bar.segments[0][1] if bar.segments else theme.DIM
        w = round(abs(value) / most * half)
        h = max(10, row - 10)
        rect = pygame.Rect(zero if value >= 0 else zero - w, y - h // 2, max(2, w), h)
        pygame.draw.rect(screen, ink, rect, border_radius=3)
        if value >= 0:
            theme.text(screen, bar.label, px, theme.TEXT, (rect.right + 6, y), "midleft")
        else:
            theme.text(screen, bar.label, px, theme.TEXT, (rect.left - 6, y), "midright")
        theme.text(screen, bar.note, px, theme.DIM, (box.right - PAD - note_w, y), "midleft")
    return [pygame.Rect(box.left + PAD, top + i * row, box.width - 2 * PAD, row) for i in range(len(bars))]
