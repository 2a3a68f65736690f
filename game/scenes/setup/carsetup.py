"""Car set-up: the rule set's wear points (WP) per area, shown like a dashboard.

Where the rules fix the car (the basic game), every car's WP are shown
read-only. Where they let players build their car, each human driver shares
out the points with - and +, sees what the rules object to, and gets back
to the default with one click. Computer drivers use the default car.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import theme
from game.app.loop import Scene
from game.board.cars import badge, badge_of, body_of, car_icon, pattern_of
from game.play.series import NextRace
from game.scenes.launch import car_name, start_race
from game.storage.lineup import Lineup
from game.texts import reason_text, tr
from game.widgets.controls import Button, Widget
from game.widgets.dashboard import draw_pips
from game.widgets.page import Page
from game.widgets.page import message as page_message
from rules.car import Area, WearPoints, box_reserve, validate_setup
from rules.reasons import Problem
from rules.ruleset import RuleSet

if TYPE_CHECKING:
    from game.app.loop import App

CARD_W = 600
AREA_ROW = 40  # an area's row on the card where the window has room; it shrinks to fit a small one
CARD_EXTRA = 154  # the card's title above the rows and its total and problems under them
CAR_STEP = 96  # the least room for one car of the race and its driver's name


def fixed_setup(rules: RuleSet) -> bool:
    """True when the rules leave nothing to choose (every area's minimum is its maximum)."""
    s = rules.car_setup
    return all(s.minimum.get(a) == s.maximum.get(a) for a in s.areas)


class CarSetupScene(Scene):
    name = "carsetup"
    escape_back = True

    def __init__(self, app: App, lineup: Lineup, rules: RuleSet | None = None, series: NextRace | None = None) -> None:
        super().__init__(app)
        self.lineup = lineup
        self.series = series  # a championship's race: its line-up is the season's, not the set-up screen's
        self.rules = rules or lineup.rules()
        self.fixed = fixed_setup(self.rules)
        self.areas: tuple[Area, ...] = self.rules.car_setup.areas
        self.humans = [i for i, d in enumerate(lineup.drivers) if d.kind == "human"] if not self.fixed else []
        self.wear: dict[int, WearPoints] = {}
        for i in self.humans:
            own = lineup.drivers[i].wear
            self.wear[i] = own if own is not None and not self._problems(own) else self.rules.default_wear
        self.message = ""
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.start = Button("start", lambda: tr("carsetup.start"), self.go, "primary")
        self.selected = self.humans[0] if self.humans else -1
        self.editors: list[Widget] = []
        self.tabs = [
            Button(f"car{i + 1}.tab", partial(str, lineup.drivers[i].name), partial(self.select, i), px=22)
            for i in self.humans
        ]
        for i in self.humans:
            for area in self.areas:
                self.editors += [
                    Button(f"car{i + 1}.{area.value}.minus", lambda: "−", partial(self.change, i, area, -1), px=30),
                    Button(f"car{i + 1}.{area.value}.plus", lambda: "+", partial(self.change, i, area, 1), px=30),
                ]
            self.editors.append(
                Button(f"car{i + 1}.default", lambda: tr("carsetup.default"), partial(self.reset, i), px=22)
            )
        self.widgets = [self.back, self.start, *self.tabs, *self.editors]
        self.row = AREA_ROW
        self.card = self.cars = self.message_area = pygame.Rect(0, 0, 0, 0)

    def select(self, i: int) -> None:
        """Show the set-up of human driver ``i`` (one car at a time, however many humans race)."""
        self.selected = i
        self.layout(self.app.size)

    def change(self, i: int, area: Area, step: int) -> None:
        wp = self.wear[i]
        value = max(0, wp[area] + step)
        self.wear[i] = wp.model_copy(update={area.value: value})
        self.message = ""

    def reset(self, i: int) -> None:
        self.wear[i] = self.rules.default_wear
        self.message = ""

    def problems(self, i: int) -> list[str]:
        return [reason_text(p) for p in self._problems(self.wear[i])]

    def _total(self, wp: WearPoints) -> str:
        """The WP shared out; with a box reserve also what stays in the box (AMB-32)."""
        s = self.rules.car_setup
        if s.reserve:
            return tr("carsetup.total_reserve", points=wp.total(), reserve=box_reserve(s, wp), total=s.total)
        return tr("carsetup.total", points=wp.total(), total=s.total)

    def _problems(self, wp: WearPoints) -> list[Problem]:
        """What the rules refuse in a set-up; what a league car leaves of the total stays in the box (AMB-32)."""
        return validate_setup(self.rules.car_setup, wp, box_reserve(self.rules.car_setup, wp))

    def go(self) -> None:
        if any(self.problems(i) for i in self.humans):
            self.message = tr("carsetup.fix_first")
            self.app.sound.play("error")
            return
        drivers = tuple(
            d.model_copy(update={"wear": self.wear.get(i)}) if i in self.wear else d
            for i, d in enumerate(self.lineup.drivers)
        )
        lineup = self.lineup.model_copy(update={"drivers": drivers})
        if self.series is None:
            self.app.remember(lineup)
        start_race(self.app, lineup, self.series)

    def layout(self, size: tuple[int, int]) -> None:
        """The car's card (rows shrink to fit the height) and, beside it where the window is wide
        enough and under it otherwise, the cars of the race."""
        page = Page(size)
        body = page.body
        self.back.rect = page.back()
        self.start.rect = page.forward()
        self.message_area = page.between(self.back.rect, self.start.rect)
        tab_w = min(190, (body.width + 8) // max(1, len(self.tabs)) - 8)
        for k, tab in enumerate(self.tabs):
            tab.rect = pygame.Rect(body.left + k * (tab_w + 8), body.top + 36, tab_w, 44)
        top = body.top + (92 if self.tabs else 40)
        room = body.bottom - top - (34 if not self.fixed else 0)
        self.row = max(30, min(AREA_ROW, (room - CARD_EXTRA) // len(self.areas)))
        width = min(CARD_W, body.width)
        self.card = pygame.Rect(body.left, top, width, CARD_EXTRA + self.row * len(self.areas))
        if self.fixed:
            self.card.width = min(520, body.width)
            self.card.height -= 84  # no total and problems under the rows: the rules fix them
            self.card.centerx = body.centerx
        beside = pygame.Rect(self.card.right + 40, top, body.right - self.card.right - 40, self.card.height)
        below_top = self.card.bottom + (40 if not self.fixed else 20)
        below = pygame.Rect(body.left, below_top, body.width, body.bottom - below_top)
        self.cars = beside if beside.width >= 2 * CAR_STEP or below.height < 76 else below
        for b in self.editors:
            car, _, rest = b.id.partition(".")
            b.visible = int(car[3:]) - 1 == self.selected
            if rest == "default":
                b.rect = pygame.Rect(self.card.right - 150, self.card.top + 14, 134, 36)
                continue
            y = self.card.top + 70 + self.areas.index(Area(rest.rsplit(".", 1)[0])) * self.row
            b.rect = pygame.Rect(
                self.card.left + 170 if rest.endswith("minus") else self.card.right - 52, y, 36, self.row - 8
            )

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("carsetup.title"))
        total = self.rules.car_setup.total
        intro = (
            tr("carsetup.fixed", preset=tr(f"preset.{self.lineup.preset}"))
            if self.fixed
            else tr("carsetup.build", total=total)
        )
        theme.text(screen, intro, 24, theme.DIM, (page.body.left + 2, page.body.top + 4))
        if self.fixed:
            self._draw_fixed(screen, self.card)
        else:
            for tab in self.tabs:
                i = int(tab.id.partition(".")[0][3:]) - 1
                tab.style = "primary" if i == self.selected else ("danger" if self.problems(i) else "normal")
            self._draw_card(screen, self.selected, self.card)
            theme.text(screen, tr("carsetup.computers"), 20, theme.DIM, (self.card.left + 2, self.card.bottom + 10))
        self._draw_grid(screen, self.cars)
        if self.message:
            page_message(screen, self.message_area, self.message, (255, 150, 140))
        self.draw_widgets(screen)

    def _draw_fixed(self, screen: pygame.Surface, box: pygame.Rect) -> None:
        """The one car of the rules, read-only: a dashboard row of pips per area."""
        theme.panel(screen, box, theme.PANEL, radius=12)
        wp = self.rules.default_wear
        theme.text(screen, self._total(wp), 24, theme.YELLOW, (box.right - 20, box.top + 18), "topright")
        for k, area in enumerate(self.areas):
            y = box.top + 54 + k * self.row + self.row // 2
            theme.text(screen, tr(f"area.{area.value}"), 24, theme.TEXT, (box.left + 24, y), "midleft")
            draw_pips(screen, box.left + 200, y, 240, wp[area], max(1, wp[area]), theme.GREEN)
            theme.text(screen, str(wp[area]), 26, theme.YELLOW, (box.right - 24, y), "midright")

    def _draw_card(self, screen: pygame.Surface, i: int, card: pygame.Rect) -> None:
        d = self.lineup.drivers[i]
        theme.panel(screen, card, theme.PANEL, radius=12)
        pygame.draw.rect(
            screen,
            theme.colour(d.colour),
            (card.left, card.top, 8, card.height),
            border_top_left_radius=12,
            border_bottom_left_radius=12,
        )
        theme.text(screen, tr("carsetup.car_of", name=d.name), 28, theme.TEXT, (card.left + 22, card.top + 20))
        wp = self.wear[i]
        for k, area in enumerate(self.areas):
            y = card.top + 70 + k * self.row + (self.row - 8) // 2
            theme.text(screen, tr(f"area.{area.value}"), 22, theme.TEXT, (card.left + 22, y), "midleft")
            full = max(wp[area], self.rules.car_setup.maximum.get(area, wp[area]), 1)
            draw_pips(screen, card.left + 216, y, card.width - 340, wp[area], full, theme.GREEN)
            theme.text(screen, str(wp[area]), 26, theme.YELLOW, (card.right - 64, y), "midright")
        total_y = card.top + 70 + len(self.areas) * self.row + 8
        ok = not self._problems(wp)
        theme.text(screen, self._total(wp), 24, theme.GREEN if ok else theme.ORANGE, (card.left + 22, total_y))
        for k, line in enumerate(self.problems(i)[:3]):
            theme.text(
                screen,
                theme.fit_text(line, 18, card.width - 40),
                18,
                (255, 150, 140),
                (card.left + 22, total_y + 28 + 20 * k),
            )

    def car_names(self) -> list[str]:
        """The names on the cars, as the race enters them (a street race's computer seats are the
        roster's drivers, STREET-1)."""
        return [car_name(d, k, self.rules) for k, d in enumerate(self.lineup.drivers)]

    def _draw_grid(self, screen: pygame.Surface, area: pygame.Rect) -> None:
        """The cars of this race as they will look on the board, in as many rows as ``area`` needs."""
        per_row = max(1, area.width // CAR_STEP)
        step = min(180, area.width // min(per_row, len(self.lineup.drivers)))
        for k, d in enumerate(self.lineup.drivers):
            x = area.left + (k % per_row) * step
            y = area.top + (k // per_row) * 76
            sprite = car_icon(d.colour, pattern_of(k), (84, 45), body_of(self.rules.street))
            screen.blit(sprite, (x, y))
            tag = badge(badge_of(k), d.number, 14, d.colour)
            screen.blit(tag, tag.get_rect(center=(x + 42, y + 22)))
            theme.text(screen, theme.fit_text(self.car_names()[k], 20, step - 8), 20, theme.DIM, (x, y + 50))
