"""The pieces of the tables that the grid, records and results screens share.

The panel with its column headings, striped rows, the position with gold, silver and bronze discs for the first
three, and the car with its number badge: one look for both tables. Columns are as wide as what they hold
(``needed``), and one of them takes the rest of the table's width (``edges``).
"""

from __future__ import annotations

import pygame

from game import theme
from game.board.cars import badge, badge_of, car_icon, pattern_of
from game.texts import tr

PODIUM: tuple[theme.Colour, ...] = ((250, 204, 22), (200, 204, 212), (205, 127, 50))
PAD = 16  # between a column's widest text and the next column


def needed(heading: str, values: list[str], px: int) -> int:
    """A column's width: its heading (a text key, at the headings' size) or its widest value at ``px``."""
    return max([theme.font(20).size(tr(heading))[0]] + [theme.font(px).size(v)[0] for v in values]) + PAD


def edges(left: int, widths: list[int], total: int, rest: int) -> tuple[int, ...]:
    """The columns' left edges: each as wide as given, the one at index ``rest`` stretched to fill ``total``."""
    widths = list(widths)
    widths[rest] += max(0, total - sum(widths))
    xs = []
    for w in widths:
        xs.append(left)
        left += w
    return tuple(xs)


def frame(screen: pygame.Surface, table: pygame.Rect, columns: tuple[int, ...], headings: tuple[str, ...]) -> None:
    """The table's panel and a heading (a text key) over each column (its left edge)."""
    theme.panel(screen, table, theme.PANEL, radius=12)
    for x, key in zip(columns, headings):
        if key:  # a column may go without a heading
            theme.text(screen, tr(key), 20, theme.DIM, (x, table.top + 14))


def stripe(screen: pygame.Surface, table: pygame.Rect, y: int, height: int, i: int) -> None:
    """Every other row a shade lighter, so a long row is easy to follow."""
    if i % 2 == 0:
        pygame.draw.rect(
            screen, theme.shade(theme.PANEL, 1.06), (table.left + 6, y, table.width - 12, height), border_radius=6
        )


def position(screen: pygame.Surface, centre: tuple[int, int], n: int, podium: bool, px: int, radius: int) -> None:
    """The place number; on a podium disc for the first three when ``podium``."""
    x, y = centre
    if podium and 1 <= n <= len(PODIUM):
        pygame.draw.circle(screen, PODIUM[n - 1], centre, radius)
        theme.text(screen, str(n), px, (20, 20, 24), (x, y + 1), "center")
    else:
        theme.text(screen, str(n), px, theme.TEXT, (x, y + 1), "center")


def car(
    screen: pygame.Surface,
    midleft: tuple[int, int],
    colour: str,
    number: int,
    index: int,
    size: tuple[int, int],
    badge_px: int,
    body: str = "formula",
) -> None:
    """The car in its livery with its number badge on it."""
    icon = car_icon(colour, pattern_of(index), size, body)
    screen.blit(icon, icon.get_rect(midleft=midleft))
    tag = badge(badge_of(index), number, badge_px, colour)
    screen.blit(tag, tag.get_rect(center=(midleft[0] + size[0] // 2, midleft[1])))
