"""What the screens that drive a car on the board share: the race and qualifying.

Both click and pick destinations at the middle of their space, draw the way to the one under
the mouse or the keys, queue a car's drive along its path, wait for a roll with the die lit
and draw the side panel the gear box sits in; each uses these instead of a copy of its own.
"""

from __future__ import annotations

import pygame

from game import theme
from game.board.marks import draw_path, tone
from game.board.view import BoardView
from game.widgets.anims import Anim, Call, Drive
from game.widgets.dice import draw_die
from rules.dice import Die
from rules.moves import Move
from rules.track import Track


def middle(view: BoardView, space: str) -> tuple[int, int]:
    """The middle of ``space`` on screen: where a destination is clicked and its card points."""
    pts = view.polygon(space)
    return round(sum(p[0] for p in pts) / len(pts)), round(sum(p[1] for p in pts) / len(pts))


def draw_route(screen: pygame.Surface, view: BoardView, track: Track, here: str, move: Move, moves: list[Move]) -> None:
    """The way ``move`` drives from ``here``, in the tone of the destination's ``moves``."""
    start = track.space(here)
    pts = [(start.x, start.y)] + [(track.space(n).x, track.space(n).y) for n in move.path]
    draw_path(screen, view, pts, tone(moves))


def queue_drive(
    track: Track, car: str, spaces: list[str], step_time: float, drives: dict[str, Drive], queue: list[Anim]
) -> None:
    """The car driven along ``spaces`` (those the track knows), ``step_time`` seconds a space;
    while it drives it is in ``drives``, and parked when its drive has played."""
    sp = [track.space(s) for s in spaces if track.has_space(s)]
    if len(sp) < 2:
        return
    drive = Drive(car, [(s.x, s.y) for s in sp], [s.heading for s in sp], step_time)
    drives[car] = drive

    def parked() -> None:
        drives.pop(car, None)

    queue += [drive, Call(parked)]


def draw_die_waiting(
    screen: pygame.Surface, centre: tuple[int, int], size: int, die: Die, pulse: float, mark: int
) -> None:
    """The die a player is to roll: lit in a slow beat, a question mark (``mark`` px) on it."""
    draw_die(screen, centre, size, die, None, glow=(pulse * 2) % 2 < 1.4)
    theme.text(screen, "?", mark, theme.TEXT, centre, "center")


def draw_side_panel(screen: pygame.Surface, panel: pygame.Rect) -> None:
    """The side panel the dashboard or stopwatch and the gear box sit in."""
    pygame.draw.rect(screen, theme.PANEL, panel)
    pygame.draw.line(screen, theme.EDGE, panel.topleft, panel.bottomleft)
