"""The street race's legend over the board and its hints under the mouse: what the coloured
zones, the residents' houses, the police station and the tunnels do to a car (STREET-5..7).

The board paints them like a printed city board; a player new to the street race reads the
legend's colours, and the mouse over a row, a zone's space or a building says the rule.
"""

from __future__ import annotations

import pygame

from game import theme
from game.board.street_art import (
    ABOUT,
    BLACK,
    CONCRETE,
    DANGER,
    POLICE,
    SHOOTING,
    TUNNEL,
    Colour,
    building_lines,
    space_lines,
)
from game.board.view import BoardView
from game.texts import tr
from rules.track import Track

ROW = 24  # one row of the legend
HEAD = 28  # its title
PAD = 10
INSET = 12  # from the board's top right corner
SWATCH = (20, 14)


def legend_rows(track: Track) -> list[tuple[str, Colour]]:
    """The parts of the street race this board has, each with the colour the board paints it in."""
    kinds = {z.kind for z in track.zones}
    rows: list[tuple[str, Colour]] = [
        (kind, colour) for kind, colour in (("shooting", SHOOTING), ("danger", DANGER)) if kind in kinds
    ]
    if any(z.black for z in track.zones):
        rows.append(("black", BLACK))
    if "police" in kinds:
        rows.append(("police", POLICE))
    if track.tunnels:
        rows.append(("tunnel", TUNNEL))
    return rows


def legend_rect(board: pygame.Rect, track: Track, street: bool = True) -> pygame.Rect | None:
    """Where the legend sits: the board's top right corner; None on a board without street parts
    or in a race under other rules (the zones are then mere paint)."""
    rows = legend_rows(track)
    if not rows or not street:
        return None
    labels = [tr("street.legend.title")] + [tr(f"street.legend.{kind}") for kind, _ in rows]
    width = PAD * 2 + SWATCH[0] + 8 + max(theme.font(17).size(label)[0] for label in labels)
    rect = pygame.Rect(0, 0, min(width, board.width // 2), HEAD + ROW * len(rows) + 6)
    rect.topright = (board.right - INSET, board.top + INSET)
    return rect


def draw_street_legend(screen: pygame.Surface, board: pygame.Rect, track: Track, street: bool) -> None:
    """A small see-through panel: a swatch in each part's colour and its name."""
    rect = legend_rect(board, track, street)
    if rect is None:
        return
    theme.panel(screen, rect, theme.PANEL_DARK, 215, radius=8)
    theme.text(screen, tr("street.legend.title"), 15, theme.DIM, (rect.left + PAD, rect.top + 8))
    for i, (kind, colour) in enumerate(legend_rows(track)):
        mid = rect.top + HEAD + ROW * i + ROW // 2
        swatch = pygame.Rect(rect.left + PAD, mid - SWATCH[1] // 2, *SWATCH)
        pygame.draw.rect(screen, colour, swatch, border_radius=3)
        rim = DANGER if kind == "black" else CONCRETE if kind == "tunnel" else theme.shade(colour, 0.6)
        pygame.draw.rect(screen, rim, swatch, 2, border_radius=3)
        room = rect.right - PAD - (swatch.right + 8)
        theme.text(
            screen,
            theme.fit_text(tr(f"street.legend.{kind}"), 17, room),
            17,
            theme.TEXT,
            (swatch.right + 8, mid),
            "midleft",
        )


def street_hint(view: BoardView, track: Track, pos: tuple[int, int], street: bool) -> list[str]:
    """The hint under the mouse: a legend row's rule, or a board space's or building's zone and rule;
    under other rules only whether a space is blocked."""
    rect = legend_rect(view.viewport, track, street)
    if rect is not None and rect.collidepoint(pos):
        rows = legend_rows(track)
        i = (pos[1] - rect.top - HEAD) // ROW
        if 0 <= i < len(rows):
            kind = rows[i][0]
            return [tr(f"street.legend.{kind}"), tr(ABOUT[kind])]
        return []
    if not view.viewport.collidepoint(pos):
        return []
    name = view.space_at(pos)
    if not street:
        return [tr("gallery.blocked_space")] if name is not None and track.is_blocked(name) else []
    if name is not None:
        return space_lines(track, name, about=True)
    building = view.board.street.building_at(view.camera.to_world(pos))
    return building_lines(building) if building is not None else []
