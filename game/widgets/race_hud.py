"""The race screen's overlays: top bar, running order, race log, hint line and turn banner."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import theme
from game.board.cars import badge, badge_of, body_of, car_icon, pattern_of
from game.board.marks import draw_car_on_board
from game.board.view import BoardView
from game.play.race_control import RaceControl
from game.play.racelog import LogLine
from game.play.standings import gap, lap_of, running_order
from game.texts import tr
from game.widgets.anims import Drive
from rules.engine import on_track
from rules.state import CarState, RaceState
from rules.track import Track

# The frame the race and the qualifying screens share: top bar, side panel, margins, hint line.
PANEL_W = 400
TOP = 50
MARGIN = 12
HINT_H = 36

TONES = {"info": theme.TEXT, "good": theme.GREEN, "bad": (255, 140, 130), "round": theme.YELLOW}
ROW = 22
LOG_BADGE = 16  # px: the badge that names a log line's car
TAG_W = 26
STANDINGS_W = 236
MOST_STANDINGS_W = 360  # the running order's widest: a third of the smallest window's board and more


def draw_topbar(screen: pygame.Surface, rect: pygame.Rect, title: str, detail: str, right: int) -> int:
    """The track's name and the round, set smaller where the buttons leave less room than ``right``;
    returns where the text ends, for what comes beside it."""
    pygame.draw.rect(screen, theme.PANEL_DARK, rect)
    theme.chequer(screen, pygame.Rect(rect.left, rect.bottom - 4, rect.width, 4), 4)
    room = right - rect.left - 14 - 18
    title_px = theme.fitting_px(title, 30, room * 3 // 5, 22)
    t = theme.text(screen, title, title_px, theme.TEXT, (rect.left + 14, rect.centery - 1), "midleft")
    room = right - t.right - 18
    px = theme.fitting_px(detail, 22, room, 17)
    return theme.text(
        screen, theme.fit_text(detail, px, room), px, theme.YELLOW, (t.right + 18, rect.centery), "midleft"
    ).right


def standings_height(control: RaceControl) -> int:
    return 34 + ROW * len(control.state.cars)


def standings_width(control: RaceControl) -> int:
    """Wide enough for the longest driver's name beside the widest place text the race can show
    (its last lap with a gap of three digits, "finished" ...), so no name is shortened in either
    language: from STANDINGS_W up to MOST_STANDINGS_W, past which a name is shortened after all."""
    laps = control.state.laps
    places = (
        tr("race.lap_gap", lap=laps, laps=laps, n=888),
        tr("race.lap", lap=laps, laps=laps),
        tr("standings.finished"),
        tr("standings.out"),
        tr("standings.grid"),
    )
    right = max(theme.font(18).size(text)[0] for text in places)
    team = TAG_W + 6 if any(c.team is not None for c in control.state.cars) else 0
    name = max((theme.font(20).size(control.entry(c.id).name)[0] for c in control.state.cars), default=0)
    return max(STANDINGS_W, min(MOST_STANDINGS_W, 56 + name + team + 10 + right + 10))


def free_areas(board: pygame.Rect, corner: pygame.Rect, bottom: int) -> list[pygame.Rect]:
    """The board's parts no panel covers, as its two largest rectangles above the bottom band (log,
    dice, hint) ending at ``bottom``: under the box in the top left corner, and right of it."""
    return [
        pygame.Rect(board.left, corner.bottom + 8, board.width, bottom - corner.bottom - 8),
        pygame.Rect(corner.right + 8, board.top, board.right - corner.right - 8, bottom - board.top),
    ]


CLOCKS_H = 134  # FD Blitz: two clocks and the lines that say when they run


def draw_clocks(screen: pygame.Surface, box: pygame.Rect, control: RaceControl) -> None:
    """FD Blitz's chess clocks (BLITZ-5): each player's time left, the running one lit, the last
    half minute red; and that the dice and the drives do not count."""
    clocks = control.clocks
    assert clocks is not None
    theme.panel(screen, box, theme.PANEL_DARK, 215, radius=8)
    running = control.clock_runs()
    for i, c in enumerate(control.state.cars[:2]):
        row = pygame.Rect(box.left + 6, box.top + 6 + i * 38, box.width - 12, 34)
        if c.id == running:
            pygame.draw.rect(screen, theme.BUTTON_HOVER, row, border_radius=5)
        left = clocks.left(c.id)
        ink = theme.RED if left <= 30_000 else theme.YELLOW if c.id == running else theme.TEXT
        name = control.entry(c.id).name
        theme.text(
            screen, theme.fit_text(name, 20, row.width - 96), 20, theme.TEXT, (row.left + 8, row.centery), "midleft"
        )
        theme.text(
            screen, f"{left // 60_000}:{left // 1000 % 60:02d}", 26, ink, (row.right - 8, row.centery), "midright"
        )
    for k, line in enumerate(theme.wrap(tr("blitz.clock_note"), 15, box.width - 16, most=3)):
        theme.text(screen, line, 15, theme.DIM, (box.left + 8, box.top + 84 + 15 * k))


def draw_standings(screen: pygame.Surface, topleft: tuple[int, int], control: RaceControl, width: int) -> None:
    """The running order, ``width`` wide (``standings_width``): place, badge, name, lap and gap."""
    state = control.state
    box = pygame.Rect(topleft, (width, standings_height(control)))
    theme.panel(screen, box, theme.PANEL_DARK, 215, radius=8)
    theme.text(screen, tr("standings.title").upper(), 17, theme.DIM, (box.left + 10, box.top + 9))
    order = running_order(control.track, state)
    leader = next((c for c in order if c.status == "racing" and c.space is not None), None)
    for i, car in enumerate(order):
        y = box.top + 30 + i * ROW
        entry = control.entry(car.id)
        index = control.index(car.id)
        if car.id == state.active:
            pygame.draw.rect(screen, theme.BUTTON_HOVER, (box.left + 4, y, box.width - 8, ROW), border_radius=5)
        ink = theme.TEXT if car.status == "racing" else theme.DIM
        theme.text(screen, f"{i + 1}.", 19, theme.DIM, (box.left + 24, y + ROW // 2), "midright")
        tag = badge(badge_of(index), entry.number, 10, entry.colour)
        screen.blit(tag, tag.get_rect(center=(box.left + 40, y + ROW // 2)))
        if car.status == "finished":
            right = tr("standings.finished")
        elif car.status == "out":
            right = tr("standings.out")
        elif car.space is None:
            right = tr("standings.grid")
        else:
            behind = gap(control.track, leader, car) if leader is not None and car.id != leader.id else 0
            lap = lap_of(car, state.laps)
            # a car level with the leader shows its lap alone, not "+0"
            right = (
                tr("race.lap_gap", lap=lap, laps=state.laps, n=behind)
                if behind
                else tr("race.lap", lap=lap, laps=state.laps)
            )
        # the name gets what the place on the right leaves (a long name is shortened, never overlaps)
        room = width - 56 - 10 - theme.font(18).size(right)[0] - 10 - (TAG_W + 6 if car.team is not None else 0)
        name = theme.text(
            screen, theme.fit_text(entry.name, 20, room), 20, ink, (box.left + 56, y + ROW // 2), "midleft"
        )
        if car.team is not None:
            draw_team_tag(screen, (name.right + 6, y + ROW // 2), car, entry.colour)
        theme.text(screen, right, 18, ink, (box.right - 10, y + ROW // 2), "midright")


def draw_cars(
    screen: pygame.Surface,
    view: BoardView,
    track: Track,
    state: RaceState,
    control: RaceControl,
    drives: dict[str, Drive],
    on_top: Callable[[CarState], bool],
    pulse: float,
) -> None:
    """Every car on the board: a driving one at its animation's pose, the others on their space
    (turned round after a spin); the cars ``on_top`` picks are drawn last."""
    for car in sorted(state.cars, key=on_top):
        drive = drives.get(car.id)
        if drive is not None:
            pose = drive.pose
        elif on_track(state, car) and car.space is not None:
            s = track.space(car.space)
            pose = (s.x, s.y, s.heading + (180.0 if car.spun else 0.0))
        else:
            continue
        entry = control.entry(car.id)
        draw_car_on_board(
            screen,
            view,
            pose,
            entry.colour,
            control.index(car.id),
            entry.number,
            car.id == state.active and drive is None,
            pulse,
            car.status == "out",
            body_of(state.rules.street),
        )


def draw_team_tag(screen: pygame.Surface, midleft: tuple[int, int], car: CarState, colour: str) -> pygame.Rect:
    """A small "T1" pill in the team's colour, so team mates stand out in the running order (TEAM-B-1)."""
    fill = theme.colour(colour)
    tag = pygame.Rect(0, 0, TAG_W, 16)
    tag.midleft = midleft
    pygame.draw.rect(screen, fill, tag, border_radius=8)
    theme.text(screen, tr("team.short", n=(car.team or 0) + 1), 14, theme.ink_on(fill), tag.center, "center")
    return tag


def draw_log(
    screen: pygame.Surface,
    rect: pygame.Rect,
    lines: list[LogLine],
    control: RaceControl,
    scroll: int = 0,
    title: str = "log.title",
    reserve: int = 0,
    shown: list[tuple[pygame.Rect, LogLine]] | None = None,
    pointer: tuple[int, int] | None = None,
) -> int:
    """The newest lines of the log (or of the summary since the player's turn, ``title``), or
    ``scroll`` rows further back; returns the scroll actually shown (never past the oldest line kept).
    ``reserve``: px at the right of the title row left free for a button; ``shown`` gets each row
    drawn with its line, for a screen where a click on a line does something; the line under
    ``pointer`` (the mouse) is lit, so it reads as something to click."""
    theme.panel(screen, rect, theme.PANEL_DARK, 215, radius=8)
    heading = theme.text(
        screen,
        tr(title).upper(),
        17,
        theme.YELLOW if title != "log.title" else theme.DIM,
        (rect.left + 10, rect.top + 8),
    )
    room = (rect.height - 30) // 20
    rows: list[tuple[str, LogLine, bool]] = []  # newest first: (text, line, is the line's first row)
    for line in reversed(lines):
        parts = theme.wrap(line.text(), 19, rect.width - 40)
        rows += [(part, line, k == 0) for k, part in reversed(list(enumerate(parts)))]
        if len(rows) >= room + scroll:
            break
    scroll = max(0, min(scroll, len(rows) - room))
    visible = list(reversed(rows[scroll : scroll + room]))
    boxes = [pygame.Rect(rect.left + 4, rect.top + 28 + i * 20, rect.width - 8, 20) for i in range(len(visible))]
    lit = next((line for box, (_, line, _) in zip(boxes, visible) if pointer and box.collidepoint(pointer)), None)
    for i, (part, line, first) in enumerate(visible):
        y = boxes[i].top
        if lit is not None and line is lit:
            pygame.draw.rect(screen, theme.BUTTON_HOVER, boxes[i], border_radius=4)
        if line.car and first:  # the car's badge: its shape tells it apart where its colour may not
            entry = control.entry(line.car)
            tag = badge(badge_of(control.index(line.car)), entry.number, LOG_BADGE, entry.colour)
            screen.blit(tag, tag.get_rect(center=(rect.left + 16, y + 9)))
        theme.text(screen, part, 19, TONES[line.tone], (rect.left + 28, y))
        if shown is not None:
            shown.append((boxes[i], line))
    if scroll:  # how far back, in the room the heading and the button leave (shorter where it is narrow)
        room = rect.right - 10 - reserve - heading.right - 12
        back = tr("log.back", n=scroll)
        if theme.font(15).size(back)[0] > room:
            back = tr("log.back_short", n=scroll)
        px = theme.fitting_px(back, 15, room, 12)
        theme.text(screen, back, px, theme.FAINT, (rect.right - 10 - reserve, rect.top + 9), "topright")
    return scroll


def draw_hint(screen: pygame.Surface, rect: pygame.Rect, text: str, colour: theme.Colour) -> None:
    """The line saying what to do now; set smaller, not cut, where the board is narrow, and a
    sentence too long even then (a warning, a hint, what just happened) on two smaller lines."""
    theme.panel(screen, rect, theme.PANEL_DARK, 230, radius=8)
    width = rect.width - 24
    px = theme.fitting_px(text, 22, width, 16)
    if theme.font(px).size(text)[0] <= width:
        theme.text(screen, text, px, colour, (rect.left + 12, rect.centery), "midleft")
        return
    px = next((n for n in (16, 15, 14, 13) if len(theme.wrap(text, n, width)) <= 2), 13)
    lines = theme.wrap(text, px, width, most=2)
    step = rect.height // 2 - 1
    for i, line in enumerate(lines):
        theme.text(
            screen, line, px, colour, (rect.left + 12, rect.centery + (i - (len(lines) - 1) / 2) * step), "midleft"
        )


def draw_banner(screen: pygame.Surface, area: pygame.Rect, control: RaceControl, car_id: str) -> None:
    """The hot-seat banner: whose turn it is, in their colour; the rest of the screen dims."""
    entry = control.entry(car_id)
    index = control.index(car_id)
    box = theme.banner(screen, area, 620, 200, 120)
    fill = theme.colour(entry.colour)
    pygame.draw.rect(
        screen, fill, (box.left, box.top, box.width, 14), border_top_left_radius=14, border_top_right_radius=14
    )
    sprite = car_icon(entry.colour, pattern_of(index), (150, 80), body_of(control.state.rules.street))
    screen.blit(sprite, sprite.get_rect(midleft=(box.left + 26, box.centery + 6)))
    tag = badge(badge_of(index), entry.number, 26, entry.colour)
    screen.blit(tag, tag.get_rect(center=(box.left + 101, box.centery + 6)))
    theme.text(
        screen, tr("race.banner", name=entry.name), 48, theme.TEXT, (box.left + 200, box.centery - 22), "midleft"
    )
    theme.text(screen, tr("race.banner_hint"), 24, theme.DIM, (box.left + 202, box.centery + 26), "midleft")


def draw_red_flag(screen: pygame.Surface, board: pygame.Rect, text: str) -> None:
    """The race is stopped (RESTART-1/2): a red band across the board with what happens now."""
    px = theme.fitting_px(text, 28, board.width - 120, 18)
    band = pygame.Rect(board.left + 40, board.top + board.height // 3 - 40, board.width - 80, 80)
    theme.panel(screen, band, theme.RED_DARK, 235, theme.YELLOW, 12)
    theme.text(screen, theme.fit_text(text, px, band.width - 40), px, theme.TEXT, band.center, "center")
