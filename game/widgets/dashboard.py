"""The dashboard of one car: who drives it, where it stands, its wear points as pips and its team."""

from __future__ import annotations

import pygame

from game import theme
from game.board.cars import body_of, car_icon, pattern_of
from game.play.standings import lap_of, team_members, team_name
from game.texts import place_name, tr
from game.widgets.dice import die_colour
from game.widgets.icons import draw_tyre
from rules.car import Area, WearPoints
from rules.engine import tyre_age
from rules.files.record import Entry
from rules.state import CarState, RaceState
from rules.tables.pit_points import plan_points
from rules.track import Track

HEIGHT = 178
TEAM_Y = 164  # the team line's (or the karma line's) centre; the wear rows close up to make room


def wear_rows(areas: tuple[Area, ...], wp: WearPoints, full: WearPoints) -> list[tuple[Area, int, int]]:
    """(area, left, started with) for each area of the rule set, in dashboard order."""
    return [(a, wp[a], max(full[a], wp[a])) for a in areas]


def draw_pips(
    screen: pygame.Surface, left: int, centre_y: int, width: int, have: int, full: int, colour: theme.Colour
) -> None:
    """``have`` filled pips out of ``full``; lost ones stay as empty rings."""
    if full <= 0:
        return
    step = min(16, width / full)
    r = max(3, min(6, step / 2 - 1))
    for i in range(full):
        c = (left + r + 1 + i * step, centre_y)
        if i < have:
            pygame.draw.circle(screen, colour, c, r)
        else:
            pygame.draw.circle(screen, theme.FAINT, c, r, 1)


class Dashboard:
    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 380, HEIGHT)

    def draw(
        self, screen: pygame.Surface, track: Track, state: RaceState, car: CarState, entry: Entry, index: int, kind: str
    ) -> None:
        r = self.rect
        sprite = car_icon(entry.colour, pattern_of(index), (72, 38), body_of(state.rules.street))
        screen.blit(sprite, (r.left, r.top + 4))
        theme.text(
            screen,
            f"#{entry.number}  {theme.fit_text(entry.name, 28, r.width - 210)}",
            28,
            theme.TEXT,
            (r.left + 84, r.top + 4),
        )
        theme.text(
            screen,
            theme.fit_text(self._driver(state, car, kind), 18, r.width - 190),
            18,
            theme.DIM,
            (r.left + 84, r.top + 28),
        )
        if car.status == "racing":
            lap = tr("race.lap", lap=lap_of(car, state.laps), laps=state.laps)
            theme.text(screen, lap, 26, theme.YELLOW, (r.right, r.top + 6), "topright")
            if car.gear:
                chip = die_colour(state.rules.gear_dice.die(car.gear))
                tag = pygame.Rect(0, 0, 86, 24)
                tag.topright = (r.right, r.top + 32)
                pygame.draw.rect(screen, chip, tag, border_radius=12)
                theme.text(screen, tr("dash.gear_n", gear=car.gear), 19, theme.ink_on(chip), tag.center, "center")
        kit = self._kit(state, car)
        where = theme.fit_text(self._where(track, car), 21, r.width - (theme.font(18).size(kit)[0] + 40 if kit else 0))
        theme.text(screen, where, 21, theme.TEXT, (r.left, r.top + 52))
        if kit:
            t = theme.text(screen, kit, 18, theme.DIM, (r.right, r.top + 62), "midright")
            if car.tyre is not None:
                draw_tyre(screen, (t.left - 13, t.centery), 10, car.tyre)
        setup = car.setup or state.rules.default_wear
        rows = wear_rows(state.rules.car_setup.areas, car.wp, setup)
        col_w = r.width // 2
        league = self._league_line(state, car)
        step = 24 if car.team is not None or league else 28
        for i, (area, have, full) in enumerate(rows):
            x = r.left + (i % 2) * col_w
            y = r.top + 88 + (i // 2) * step
            low = have <= 1
            theme.text(screen, tr(f"area.{area.value}"), 18, theme.RED if low else theme.DIM, (x, y - 8))
            colour = theme.RED if low else (theme.GREEN if have == full else theme.YELLOW)
            draw_pips(screen, x + 96, y, col_w - 104, have, full, colour)
        if car.team is not None:
            self._draw_team(screen, state, car.team, entry.colour)
        elif league:  # where a team race shows the team
            theme.text(screen, theme.fit_text(league, 20, r.width), 20, theme.TEXT, (r.left, r.top + TEAM_Y), "midleft")

    def _draw_team(self, screen: pygame.Surface, state: RaceState, team: int, colour: str) -> None:
        """The team (TEAM-B-1) as its pair of cars in the team colour, and the repair WP it shares (TEAM-B-2)."""
        r = self.rect
        y = r.top + TEAM_Y
        for k, i in enumerate(team_members(team)):
            sprite = car_icon(colour, pattern_of(i), (38, 20))
            screen.blit(sprite, sprite.get_rect(midleft=(r.left + k * 42, y)))
        theme.text(screen, team_name(team), 20, theme.TEXT, (r.left + 96, y), "midleft")
        if not state.team_stock:  # team-mates who share a box (PIT-D-4), not a stock of repair WP
            return
        stock, full = state.team_stock[team], state.rules.team_stock
        pips = 16 * full
        draw_pips(screen, r.right - pips, y, pips, stock, full, theme.YELLOW if stock else theme.RED)
        theme.text(screen, tr("dash.team_stock", n=stock), 18, theme.DIM, (r.right - pips - 10, y), "midright")

    def _driver(self, state: RaceState, car: CarState, kind: str) -> str:
        """Who drives, and with the league's rules the profile and the karma pool (DRESDEN-PROFILE-1, KARMA-1)."""
        parts = [kind]
        if state.rules.profiles:
            parts.append(tr(f"profile.{car.league.profile.value}"))
        if state.rules.karma and car.team is not None:  # else on the league line
            parts.append(tr("dash.karma", n=car.league.karma))
        return " · ".join(parts)

    def _league_line(self, state: RaceState, car: CarState) -> str:
        """The league's line under the wear (none in a team race, whose line is the team's): the
        karma pool (KARMA-1) and the crew's plan or work (PIT-D-6, PIT-D-11)."""
        if car.team is not None:
            return ""
        parts = [tr("dash.karma_pool", n=car.league.karma)] if state.rules.karma else []
        return " · ".join(parts + self._pit_work(car))

    def _pit_work(self, car: CarState) -> list[str]:
        if car.league.pit_points is not None:  # PIT-D-11: the crew at work
            return [tr("dash.pit_points", n=car.league.pit_points)]
        if car.league.pit_plan is not None:  # PIT-D-6: announced
            return [tr("dash.pit_plan", n=plan_points(car.league.pit_plan))]
        return []

    def _kit(self, state: RaceState, car: CarState) -> str:
        """The tyres and their age on the set (TYRE-1, AMB-26), and the repair reserve (PIT-A-1);
        a team's cars repair from the team's stock instead (TEAM-B-2), shown on the team line."""
        parts = []
        if car.tyre is not None:
            parts.append(tr("dash.tyre", tyre=tr(f"tyre.{car.tyre.value}"), age=tyre_age(car)))
        keeps = state.rules.pit_repairs != "none" or state.rules.car_setup.reserve  # AMB-32: the box reserve
        if keeps and car.setup is not None and (car.team is None or state.rules.car_setup.reserve):
            parts.append(tr("dash.reserve", n=car.reserve))
        if car.team is not None:  # else on the league line
            parts += self._pit_work(car)
        return " · ".join(parts)

    def _where(self, track: Track, car: CarState) -> str:
        if car.status == "finished":
            return tr("dash.finished", place=car.place)
        if car.status == "out":
            return tr("dash.out")
        if car.space is None:
            return tr("dash.grid")
        if car.spun:
            return tr("dash.spun")
        space = track.space(car.space)
        if space.in_pit:
            return tr("dash.pit")
        if space.corner is not None and car.corner == space.corner:
            corner = track.corners[space.corner]
            return tr("dash.corner", corner=place_name(corner.label), stops=car.stops, required=corner.stops)
        return tr("dash.straight")
