"""A finished race's statistics as pictures: positions per round, WP used per area, dice luck,
and a table of fastest laps, laps led and pit stops.

The scene takes a race's record and its track, so the results screen and a list of races played
open it alike; the figures come from replaying the record (``game.play.statistics``), a slice
of each frame, with a progress bar while a long race replays. A record that does not replay on
the track shows what is wrong instead of the charts.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.play.record_error import record_text
from game.play.statistics import CarStats, Counting, RaceStats
from game.texts import decimal, place_name, reason_text, tr
from game.widgets import charts, tables
from game.widgets.controls import Button
from game.widgets.page import Page
from rules.car import Area
from rules.files.record import Record, RecordError
from rules.track import Track

if TYPE_CHECKING:
    from game.app.loop import App

TABS = ("positions", "wp", "luck", "table")
HEAD = 44  # the table's headings
ROW = 44
MIN_ROW = 26
COUNT_SLICE = 0.03  # seconds of each frame spent counting a long race's record

#: Each area's colour in the WP chart, near the dashboard's look of each part.
AREA_COLOURS: dict[Area, theme.Colour] = {
    Area.TYRES: (70, 74, 86),
    Area.BRAKES: (214, 40, 52),
    Area.GEARBOX: (246, 146, 40),
    Area.FUEL: (250, 204, 22),
    Area.BODY: (48, 110, 220),
    Area.ENGINE: (136, 70, 200),
    Area.ROAD_HOLDING: (64, 196, 112),
}
LUCKY: theme.Colour = (64, 196, 112)
UNLUCKY: theme.Colour = (214, 72, 72)


def luck_text(car: CarStats) -> str:
    """A car's luck in spaces, one decimal, with its sign ("+3.5", "-0.8", "0")."""
    value = round(float(car.luck), 1)
    return "0" if value == 0 else f"{value:+.1f}"


class StatisticsScene(Scene):
    name = "statistics"
    escape_back = True

    def __init__(self, app: App, record: Record, track: Track) -> None:
        super().__init__(app)
        self.record = record
        self.track = track
        self.tab = "positions"
        self.problem = ""
        self.stats: RaceStats | None = None
        self.counting: Counting | None = None
        try:
            self.counting = Counting.of(track, record)
        except RecordError as err:
            self.problem = tr("stats.broken", why=record_text(err))
        self.tab_buttons = {
            t: Button(f"tab.{t}", partial(tr, f"stats.tab.{t}"), partial(self.show, t), px=22) for t in TABS
        }
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.widgets = [*self.tab_buttons.values(), self.back]
        self.body = self.table = pygame.Rect(0, 0, 0, 0)
        self.row = ROW
        self.spots: list[tuple[pygame.Rect, str]] = []  # where the chart drawn last has each car, for its tooltip
        self._show_tabs()

    def _show_tabs(self) -> None:
        for b in self.tab_buttons.values():
            b.visible = self.stats is not None

    def update(self, dt: float) -> None:
        """Count the record on for a slice of each frame until its statistics are ready."""
        if self.counting is None or self.stats is not None or self.problem:
            return
        try:
            self.stats = self.counting.advance(COUNT_SLICE)
        except RecordError as err:
            self.problem = tr("stats.broken", why=record_text(err))
        if self.stats is not None:
            self._show_tabs()
            self.layout(self.app.size)

    def animating(self) -> bool:
        return self.counting is not None and self.stats is None and not self.problem

    # --- who is who ---------------------------------------------------------------------------------

    def car(self, car_id: str) -> charts.Car:
        entries = self.record.header.entries
        i = next(k for k, e in enumerate(entries) if e.id == car_id)
        e = entries[i]
        return charts.Car(name=e.name, colour=e.colour, number=e.number, index=i)

    def show(self, tab: str) -> None:
        self.tab = tab
        self.layout(self.app.size)

    def handle(self, event: pygame.event.Event) -> bool:
        """Left and Right step through the tabs, once the statistics are counted."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.stats is not None:
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.show(TABS[(TABS.index(self.tab) + step) % len(TABS)])
            return True
        return super().handle(event)

    # --- screen ---------------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        self.back.rect = page.back()
        body = page.body
        width = min(220, (body.width - 3 * 12) // len(TABS))
        for i, b in enumerate(self.tab_buttons.values()):
            b.rect = pygame.Rect(body.left + i * (width + 12), body.top + 38, width, 40)
        self.body = pygame.Rect(body.left, body.top + 88, body.width, body.height - 88)
        n = len(self.stats.cars) if self.stats else 1
        self.row = max(MIN_ROW, min(ROW, (self.body.height - HEAD - 8) // n))
        self.table = pygame.Rect(self.body.left, self.body.top, self.body.width, HEAD + self.row * n + 8)

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        page.draw(screen, tr("stats.title"))
        for t, b in self.tab_buttons.items():
            b.style = "primary" if t == self.tab else "normal"
        if self.problem:
            lines = theme.wrap(self.problem, 22, page.body.width, most=8)
            for k, line in enumerate(lines):
                theme.text(screen, line, 22, theme.DIM, (page.body.left, page.body.top + 8 + 28 * k))
        elif self.stats is None:
            self._progress(screen, page.body)
        else:
            sub = self.subtitle()
            px = theme.fitting_px(sub, 22, page.body.width, 16)
            theme.text(
                screen, theme.fit_text(sub, px, page.body.width), px, theme.DIM, (page.body.left, page.body.top + 4)
            )
            {"positions": self._positions, "wp": self._wp, "luck": self._luck, "table": self._table}[self.tab](screen)
        self.draw_widgets(screen)

    def _progress(self, screen: pygame.Surface, body: pygame.Rect) -> None:
        """How much of the record is counted, while a long race replays."""
        assert self.counting is not None
        share = self.counting.done / max(1, self.counting.total)
        words = tr("stats.counting", percent=round(100 * share))
        theme.text(screen, words, 26, theme.TEXT, (body.centerx, body.centery - 40), "center")
        bar = pygame.Rect(0, 0, min(600, body.width - 40), 18)
        bar.center = (body.centerx, body.centery)
        pygame.draw.rect(screen, theme.PANEL_DARK, bar, border_radius=9)
        pygame.draw.rect(
            screen, theme.YELLOW, (bar.left, bar.top, round(bar.width * share), bar.height), border_radius=9
        )
        pygame.draw.rect(screen, theme.EDGE, bar, 1, border_radius=9)

    def subtitle(self) -> str:
        """The track, the laps and the game rounds; the fastest lap of the race, if one was completed."""
        assert self.stats is not None
        header = self.record.header
        line = tr("stats.subtitle", track=place_name(header.track_name), laps=header.laps, rounds=self.stats.rounds)
        fastest = self.stats.fastest
        if fastest is not None:
            car, lap = fastest
            line += " · " + tr("stats.fastest_line", name=self.car(car).name, n=lap.rounds, lap=lap.number)
        if not self.stats.finished:
            line += " · " + tr("stats.unfinished")
        return line

    def _positions(self, screen: pygame.Surface) -> None:
        assert self.stats is not None
        lines = [
            charts.Line(self.car(c.car), c.positions, c.ended if c.place.status == "out" else None)
            for c in self.stats.cars
        ]
        spots = charts.positions(
            screen, self.body, lines, self.stats.rounds, tr("stats.axis.rounds"), tr("stats.legend.out")
        )
        self.spots = [(rect, self.record.header.entries[line.car.index].id) for rect, line in spots]

    def _wp(self, screen: pygame.Surface) -> None:
        assert self.stats is not None
        areas = self.stats.areas
        bars = [
            charts.Bar(self.car(c.car), tuple((c.used[a], AREA_COLOURS[a]) for a in areas), str(sum(c.used.values())))
            for c in self.stats.cars
        ]
        items = [(tr(f"area.{a.value}"), AREA_COLOURS[a]) for a in areas]
        rows = charts.stacked(screen, self.body, bars, items, tr("stats.axis.wp"))
        self.spots = [(rect, c.car) for rect, c in zip(rows, self.stats.cars)]

    def _luck(self, screen: pygame.Surface) -> None:
        assert self.stats is not None
        bars = [
            charts.Bar(
                self.car(c.car),
                ((float(c.luck), LUCKY if c.luck >= 0 else UNLUCKY),),
                luck_text(c),
                tr("stats.checks", passed=c.passed, n=c.passed + c.failed),
            )
            for c in self.stats.cars
        ]
        rows = charts.diverging(screen, self.body, bars, tr("stats.axis.luck"), tr("stats.checks_head"))
        self.spots = [(rect, c.car) for rect, c in zip(rows, self.stats.cars)]

    def columns(self) -> tuple[tuple[int, ...], int]:
        """The table's columns' left edges and the size of its words: smaller where a narrow window
        (or a longer language) needs the room, the driver's column taking what is left."""
        assert self.stats is not None
        names = [self.car(c.car).name for c in self.stats.cars]
        results = [self.result(c) for c in self.stats.cars]
        laps = [self.fastest(c) for c in self.stats.cars]
        for px in (22, 20, 18):
            widths = [
                56,
                40 + tables.needed("results.driver", names, px + 2),
                tables.needed("results.status", results, px),
                tables.needed("stats.col.fastest", laps, px),
                tables.needed("stats.col.laps_led", ["10"], px),
                tables.needed("stats.col.rounds_led", ["100"], px),
                tables.needed("stats.col.pits", ["9"], px),
                tables.needed("stats.col.luck", ["+99.9"], px),
            ]
            if sum(widths) <= self.table.width - 24:
                break
        return tables.edges(self.table.left + 16, widths, self.table.width - 24, 1), px

    def result(self, c: CarStats) -> str:
        if c.place.status == "finished":
            return tr("results.finished")
        if c.place.status == "out":
            return tr("stats.out_in", n=c.ended or 0)
        return tr("results.running")

    def fastest(self, c: CarStats) -> str:
        lap = c.fastest
        return "–" if lap is None else tr("stats.lap_rounds", n=lap.rounds, lap=lap.number)

    def _table(self, screen: pygame.Surface) -> None:
        assert self.stats is not None
        t, (cols, small) = self.table, self.columns()
        tables.frame(
            screen,
            t,
            cols,
            (
                "results.pos",
                "results.driver",
                "results.status",
                "stats.col.fastest",
                "stats.col.laps_led",
                "stats.col.rounds_led",
                "stats.col.pits",
                "stats.col.luck",
            ),
        )
        best = self.stats.fastest
        px = min(24, self.row - 10)
        for i, c in enumerate(self.stats.cars):
            y = t.top + HEAD + i * self.row
            tables.stripe(screen, t, y, self.row, i)
            mid = y + self.row // 2
            car = self.car(c.car)
            tables.position(
                screen, (cols[0] + 18, mid), c.place.position, c.place.status == "finished", px - 2, self.row // 2 - 4
            )
            pygame.draw.circle(screen, theme.colour(car.colour), (cols[1] + 10, mid), 7)
            theme.text(screen, car.name, min(px, small + 2), theme.TEXT, (cols[1] + 26, mid), "midleft")
            ink = (
                theme.GREEN
                if c.place.status == "finished"
                else (255, 150, 140)
                if c.place.status == "out"
                else theme.DIM
            )
            theme.text(screen, self.result(c), small, ink, (cols[2], mid), "midleft")
            holds = best is not None and best[0] == c.car
            theme.text(screen, self.fastest(c), small, theme.YELLOW if holds else theme.TEXT, (cols[3], mid), "midleft")
            for k, value in ((4, c.laps_led), (5, c.rounds_led), (6, c.pit_stops)):
                theme.text(screen, str(value), small, theme.TEXT, (cols[k], mid), "midleft")
            theme.text(
                screen,
                luck_text(c),
                small,
                LUCKY if c.luck > 0 else UNLUCKY if c.luck < 0 else theme.TEXT,
                (cols[7], mid),
                "midleft",
            )

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        """A car's figures under the mouse: its places, its WP per area, its dice; on the table why
        it retired."""
        if self.stats is None:
            return super().hint_at(pos)
        if self.tab == "table":
            for i, c in enumerate(self.stats.cars):
                row = pygame.Rect(self.table.left, self.table.top + HEAD + i * self.row, self.table.width, self.row)
                if row.collidepoint(pos) and c.reason is not None:
                    return [reason_text(c.reason)]
            return super().hint_at(pos)
        car = next((car for rect, car in self.spots if rect.collidepoint(pos)), None)
        if car is None:
            return super().hint_at(pos)
        return self.hint(self.stats.car(car))

    def hint(self, c: CarStats) -> list[str]:
        """The tooltip of a car on the chart shown."""
        name = self.car(c.car).name
        if self.tab == "positions":
            best = min(c.positions)
            return [tr("stats.hint.places", name=name, start=c.positions[0], end=c.place.position, best=best)]
        if self.tab == "wp":
            used = [tr("log.wp_item", area=tr(f"area.{a.value}"), n=c.used[a]) for a in self.stats.areas if c.used[a]]  # type: ignore[union-attr]
            return [tr("stats.hint.wp", name=name, n=sum(c.used.values()), areas=", ".join(used) or "–")]
        average = decimal(float(c.expected))
        return [
            tr("stats.hint.luck", name=name, rolled=c.rolled, rolls=c.rolls, average=average),
            tr("stats.hint.checks", passed=c.passed, failed=c.failed),
        ]

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["tab"] = self.tab
        status["problem"] = self.problem
        status["counted"] = [self.counting.done, self.counting.total] if self.counting is not None else None
        if self.stats is not None:
            status["cars"] = [self.car(c.car).name for c in self.stats.cars]
            status["rounds"] = self.stats.rounds
        return status
