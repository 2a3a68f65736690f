"""A championship's standings: the drivers with every race's points and the dropped results, the
constructors, and the points as a chart over the races; the next race starts from here.

Nothing here is stored but a driver's choice of dropped results (SEASON-6): the tables are
counted again from the stored races each time the screen opens (``game.play.series``: from
each race's outcome kept beside its record, or the record replayed).
Results are dropped once a driver has more than the season counts; a click on one of a driver's
race results (or the focus ring on it and Enter) then drops it instead of the oldest of its drops,
until the season's last race is in; CSV export writes the tables to the data folder.
"""

from __future__ import annotations

import csv
import io
import re
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.board.cars import badge, badge_of
from game.play.series import NextRace, lineup_for, pools, replayed
from game.storage.championships import ChampionshipStore
from game.texts import place_name, tr
from game.widgets import charts, tables
from game.widgets.controls import Button, Widget
from game.widgets.page import Page
from game.widgets.page import message as page_message
from rules.files.record import write_atomic
from rules.league import championship as ch
from rules.track import Track

if TYPE_CHECKING:
    from game.app.loop import App

TABS = ("drivers", "teams", "chart")
ROW = 40
MIN_ROW = 26
HEAD = 44  # the table's headings


class StandingsScene(Scene):
    name = "standings"
    escape_back = True

    def __init__(self, app: App, champ_id: int) -> None:
        super().__init__(app)
        self.champ_id = champ_id
        self.tab = "drivers"
        self.message = ""
        self.tab_buttons = {
            t: Button(f"tab.{t}", partial(tr, f"season.tab.{t}"), partial(self.show, t), px=22) for t in TABS
        }
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.export = Button("csv", lambda: tr("season.csv"), self.export_csv, px=22)
        self.next = Button("next", self._next_label, self.next_race, "primary", px=22)
        self.widgets = [*self.tab_buttons.values(), self.back, self.export, self.next]
        self.body = self.table = self.message_area = pygame.Rect(0, 0, 0, 0)
        self.row = ROW
        self.cells: dict[tuple[str, int], Button] = {}  # the results the keys can drop, kept across frames for the ring
        self.champ: ch.Championship | None = None
        self.reload()

    # --- the season from the store ---------------------------------------------------------------

    def reload(self) -> None:
        """Read the championship and its races and count them again."""
        store = ChampionshipStore(self.app.data)
        self.champ = store.get(self.champ_id)
        records = store.races(self.champ_id) if self.champ else []
        kept = store.outcomes(self.champ_id) if self.champ else {}
        self.drops = store.drops(self.champ_id) if self.champ else {}
        for notice in store.notices:
            self.app.notify(notice)
        store.close()
        if self.champ is None:
            self.drivers: list[ch.Standing] = []
            self.teams: list[ch.TeamStanding] = []
            return
        self.played = replayed(self.champ, records, self._track, kept)
        for problem in self.played.problems:
            self.message = problem.text()
        self.drivers = ch.standings(self.champ, self.played.scores, self.drops)
        self.teams = ch.team_standings(self.champ, self.played.scores)
        self.tab_buttons["teams"].visible = bool(self.champ.teams)
        self.next.visible = not self.over
        self.layout(self.app.size)

    def _track(self, file: str) -> Track | None:
        entry = self.app.tracks.get(file)
        return entry.track if entry is not None else None

    @property
    def races(self) -> int:
        return len(self.played.scores) if self.champ else 0

    @property
    def over(self) -> bool:
        """The season is over once its last race is in (SEASON-6: the drops are final then)."""
        return self.champ is None or self.races >= len(self.champ.tracks)

    def name_of(self, member_id: str) -> str:
        assert self.champ is not None
        return self.champ.member(member_id).name

    # --- actions -----------------------------------------------------------------------------------

    def show(self, tab: str) -> None:
        self.tab = tab
        self.layout(self.app.size)

    def drop(self, member_id: str, race: int) -> None:
        """SEASON-6: the driver drops ``race`` instead of the oldest of its drops (until the season ends)."""
        assert self.champ is not None
        k = ch.drops_in_effect(self.champ, self.races)
        standing = next(s for s in self.drivers if s.driver == member_id)
        if self.over or not k or race in standing.dropped or race >= self.races:
            return
        chosen = (*standing.dropped[1:], race) if len(standing.dropped) >= k else (*standing.dropped, race)
        store = ChampionshipStore(self.app.data)
        store.set_drops(self.champ_id, member_id, tuple(sorted(chosen)))
        for notice in store.notices:
            self.app.notify(notice)
        store.close()
        self.reload()

    def _next_label(self) -> str:
        if self.champ is None or self.over:
            return tr("season.next")
        entry = self.app.tracks.find(self.champ.tracks[self.races])
        return tr(
            "season.next_race",
            n=self.races + 1,
            track=place_name(entry.title) if entry else self.champ.tracks[self.races],
        )

    def next_race(self) -> None:
        """The next race's car set-up, with the season's drivers and the karma they bring."""
        if self.champ is None or self.over:
            return
        from game.scenes.setup.carsetup import CarSetupScene

        index = self.races
        if self.app.tracks.get(self.champ.tracks[index]) is None:
            self.message = tr("season.track_missing", track=self.champ.tracks[index])
            return
        lineup = lineup_for(self.champ, index)
        series = NextRace(self.champ_id, self.champ, index, pools(self.champ, self.played))
        self.app.push(CarSetupScene(self.app, lineup, lineup.rules(), series))

    def export_csv(self) -> None:
        """The drivers' and the constructors' tables as one CSV file in the data folder."""
        if self.champ is None:
            return
        folder = self.app.data / "exports"
        path = folder / f"{_file_name(self.champ.name)}.csv"
        if folder.exists() and not folder.is_dir():
            self.message = tr("season.csv_not_a_folder", path=str(path), folder=str(folder))
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_atomic(path, standings_csv(self.champ, self.drivers, self.teams))
        except OSError as err:
            self.message = tr("season.csv_failed", path=str(path), why=err.strerror or str(err))
            return
        self.message = tr("season.csv_saved", path=str(path))

    # --- screen ------------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        page = Page(size)
        self.back.rect = page.back()
        self.next.rect = page.forward(360)
        self.export.rect = pygame.Rect(self.back.rect.right + 16, self.back.rect.top, 200, self.back.rect.height)
        self.message_area = page.between(self.export.rect, self.next.rect)
        body = page.body
        shown = [b for b in self.tab_buttons.values() if b.visible]
        for i, b in enumerate(shown):
            b.rect = pygame.Rect(body.left + i * 212, body.top + 38, 200, 40)
        self.body = pygame.Rect(body.left, body.top + 88, body.width, body.height - 88)
        rows = len(self.drivers) if self.tab == "drivers" else len(self.teams)
        hint = (
            28
            if self.tab == "drivers" and self.champ is not None and self.champ.scheme.dropped and not self.over
            else 0
        )
        self.row = max(MIN_ROW, min(ROW, (self.body.height - HEAD - 8 - hint) // max(1, rows)))
        self.table = pygame.Rect(self.body.left, self.body.top, self.body.width, HEAD + self.row * rows + 8)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.tab == "drivers":
            cell = self.cell_at(event.pos)
            if cell is not None:
                self.drop(*cell)
                return True
        return super().handle(event)

    def columns(self) -> tuple[int, ...]:
        """Pos, driver, team, one column per race, total, counted."""
        assert self.champ is not None
        n = len(self.champ.tracks)
        names = [m.name for m in self.champ.members]
        team_w = tables.needed("season.team", list(self.champ.teams), 20) if self.champ.teams else 0
        race_w = max(44, min(64, (self.table.width - 500 - team_w) // max(1, n)))
        widths = [
            56,
            60 + tables.needed("results.driver", names, 24),
            team_w,
            *([race_w] * n),
            tables.needed("season.total", ["9999"], 22),
            tables.needed("season.counted", ["9999"], 22),
            0,
        ]
        return tables.edges(
            self.table.left + 16, widths, self.table.width - 24, len(widths) - 1
        )  # the room after the totals

    def cell(self, cols: tuple[int, ...], i: int, k: int) -> pygame.Rect:
        """Where the ``i``-th driver's result of race ``k`` is on the drivers' table."""
        return pygame.Rect(cols[3 + k], self.table.top + HEAD + i * self.row, cols[4 + k] - cols[3 + k], self.row)

    def focusables(self) -> list[Widget]:
        """SEASON-6: the results a driver could drop instead (once results are dropped) are on the
        focus ring's way too."""
        if self.champ is None or self.tab != "drivers" or self.over or not ch.drops_in_effect(self.champ, self.races):
            return self.widgets
        cols = self.columns()
        shown: list[Widget] = []
        for i, s in enumerate(self.drivers):
            for k in range(self.races):
                if s.points[k] is None or k in s.dropped:
                    continue
                if (s.driver, k) not in self.cells:
                    self.cells[(s.driver, k)] = Button(
                        f"drop.{s.driver}.{k}", lambda: "", partial(self.drop, s.driver, k)
                    )
                self.cells[(s.driver, k)].rect = self.cell(cols, i, k)
                shown.append(self.cells[(s.driver, k)])
        return [*self.widgets, *shown]

    def cell_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """The (driver, race) of a played race's points under ``pos`` on the drivers' table."""
        if self.champ is None or not self.table.collidepoint(pos) or not self.champ.scheme.dropped:
            return None
        cols = self.columns()
        return next(
            (
                (s.driver, k)
                for i, s in enumerate(self.drivers)
                for k in range(self.races)
                if self.cell(cols, i, k).collidepoint(pos)
            ),
            None,
        )

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        if self.champ is None:
            page.draw(screen, tr("season.title"))
            theme.text(screen, tr("season.missing"), 24, theme.DIM, (page.body.left, page.body.top + 40))
            self.back.draw(screen)
            return
        page.draw(screen, theme.fit_text(self.champ.name, 54, page.frame.width))
        theme.text(screen, self._subtitle(), 22, theme.DIM, (page.body.left, page.body.top + 4))
        for t, b in self.tab_buttons.items():
            b.style = "primary" if t == self.tab and b.visible else "normal"
        if self.tab == "drivers":
            self._draw_drivers(screen)
        elif self.tab == "teams":
            self._draw_teams(screen)
        else:
            self._draw_chart(screen)
        if self.message:
            page_message(screen, self.message_area, self.message, theme.DIM)
        self.draw_widgets(screen)

    def _subtitle(self) -> str:
        assert self.champ is not None
        if self.over and self.drivers:
            return tr("season.champion", name=self.name_of(self.drivers[0].driver))
        return tr("season.after", n=self.races, of=len(self.champ.tracks), rules=tr(f"preset.{self.champ.preset}"))

    def _draw_drivers(self, screen: pygame.Surface) -> None:
        assert self.champ is not None
        t, cols = self.table, self.columns()
        n = len(self.champ.tracks)
        heads = [
            "results.pos",
            "results.driver",
            "season.team" if self.champ.teams else "",
            *[""] * n,
            "season.total",
            "season.counted" if self.champ.scheme.dropped else "",
        ]
        tables.frame(screen, t, cols, tuple(heads))
        for k in range(n):  # the race numbers over their columns
            theme.text(
                screen,
                tr("season.race_n", n=k + 1),
                20,
                theme.DIM if k < self.races else theme.FAINT,
                (cols[3 + k] + (cols[4 + k] - cols[3 + k]) // 2, t.top + 24),
                "center",
            )
        px = min(24, self.row - 10)
        for i, s in enumerate(self.drivers):
            y = t.top + HEAD + i * self.row
            tables.stripe(screen, t, y, self.row, i)
            mid = y + self.row // 2
            m = self.champ.member(s.driver)
            tables.position(screen, (cols[0] + 18, mid), i + 1, self.over, px - 2, self.row // 2 - 4)
            tag = badge(
                badge_of(self.champ.members.index(m)), m.number, 11, m.colour
            )  # shape and number, not colour alone
            screen.blit(tag, tag.get_rect(center=(cols[1] + 10, mid)))
            theme.text(screen, m.name, px, theme.TEXT, (cols[1] + 26, mid), "midleft")
            if self.champ.teams and m.team is not None:
                theme.text(
                    screen,
                    theme.fit_text(self.champ.teams[m.team], 20, cols[3] - cols[2] - 8),
                    20,
                    theme.DIM,
                    (cols[2], mid),
                    "midleft",
                )
            for k, points in enumerate(s.points):
                x = self.cell(cols, i, k).centerx
                if points is None:
                    theme.text(screen, "–", px, theme.FAINT, (x, mid), "center")
                elif k in s.dropped:  # SEASON-6: shown in brackets, not counted
                    theme.text(screen, f"({points})", px - 2, theme.FAINT, (x, mid), "center")
                else:
                    theme.text(screen, str(points), px, theme.TEXT, (x, mid), "center")
            theme.text(
                screen,
                str(s.total),
                px,
                theme.DIM if self.champ.scheme.dropped else theme.YELLOW,
                (cols[3 + n], mid),
                "midleft",
            )
            if self.champ.scheme.dropped:
                theme.text(screen, str(s.counted), px, theme.YELLOW, (cols[4 + n], mid), "midleft")
        if self.champ.scheme.dropped and not self.over:
            hint = tr("season.drop_hint", n=self.champ.scheme.dropped)
            px = theme.fitting_px(hint, 18, t.width - 8, 14)
            theme.text(screen, theme.fit_text(hint, px, t.width - 8), px, theme.DIM, (t.left + 4, t.bottom + 8))

    def _draw_teams(self, screen: pygame.Surface) -> None:
        """SEASON-3, AMB-43: the constructors, both drivers' points, nothing dropped."""
        assert self.champ is not None
        t = self.table
        names = [
            tr("season.pair", a=self.name_of(ts.drivers[0]), b=self.name_of(ts.drivers[1]))
            if len(ts.drivers) == 2
            else self.name_of(ts.drivers[0])
            if ts.drivers
            else ""
            for ts in self.teams
        ]
        widths = [
            56,
            tables.needed("season.team", [ts.name for ts in self.teams], 24),
            tables.needed("season.drivers", names, 20),
            tables.needed("season.total", ["99999"], 24),
        ]
        cols = tables.edges(t.left + 16, widths, t.width - 24, 2)
        tables.frame(screen, t, cols, ("results.pos", "season.team", "season.drivers", "season.total"))
        px = min(24, self.row - 10)
        for i, (ts, pair) in enumerate(zip(self.teams, names)):
            y = t.top + HEAD + i * self.row
            tables.stripe(screen, t, y, self.row, i)
            mid = y + self.row // 2
            tables.position(screen, (cols[0] + 18, mid), i + 1, self.over, px - 2, self.row // 2 - 4)
            theme.text(screen, ts.name, px, theme.TEXT, (cols[1], mid), "midleft")
            theme.text(screen, pair, 20, theme.DIM, (cols[2], mid), "midleft")
            theme.text(screen, str(ts.total), px, theme.YELLOW, (cols[3], mid), "midleft")

    def _draw_chart(self, screen: pygame.Surface) -> None:
        """Each driver's counted total after each race, as the table counted it then, in the car's
        colour, dash pattern and markers."""
        assert self.champ is not None
        box = self.body
        theme.panel(screen, box, theme.PANEL, radius=12)
        runs = ch.progression(self.champ, self.played.scores, self.drops)
        n = len(self.champ.tracks)
        top = max([1, *(max(r) for r in runs.values() if r)])
        legend_w = 200
        plot = pygame.Rect(box.left + 64, box.top + 24, box.width - 64 - legend_w - 24, box.height - 64)
        for frac in (0, 0.25, 0.5, 0.75, 1):
            y = plot.bottom - round(frac * plot.height)
            pygame.draw.line(screen, theme.EDGE, (plot.left, y), (plot.right, y), 1)
            theme.text(screen, str(round(frac * top)), 18, theme.DIM, (plot.left - 10, y), "midright")

        def at(k: int, points: int) -> tuple[int, int]:
            return (plot.left + round(k * plot.width / max(1, n)), plot.bottom - round(points / top * plot.height))

        for k in range(n + 1):
            theme.text(
                screen, tr("season.race_n", n=k) if k else "0", 18, theme.DIM, (at(k, 0)[0], plot.bottom + 16), "center"
            )
        ends = []
        for s in self.drivers:  # each in its colour, dash pattern and badge-shaped markers, as in the legend
            m = self.champ.member(s.driver)
            car = charts.Car(m.name, m.colour, m.number, self.champ.members.index(m))
            points = [at(0, 0), *(at(k + 1, p) for k, p in enumerate(runs[s.driver]))]
            charts.styled(screen, car, points, 3)
            ends.append((points[-1][1], car, runs[s.driver][-1] if runs[s.driver] else 0))
        y = plot.top
        for _, car, total in sorted(ends, key=lambda e: e[0]):  # the legend in the order of the line ends
            left = plot.right + 20
            charts.styled(screen, car, [(left, y + 10), (left + 14, y + 10), (left + 28, y + 10)], 3, every=2)
            label = theme.fit_text(f"{car.name} {total}", 20, legend_w - 40)
            theme.text(screen, label, 20, theme.TEXT, (left + 36, y + 10), "midleft")
            y += max(18, min(28, (plot.height - 10) // max(1, len(ends))))

    def status(self) -> dict[str, Any]:
        status = super().status()
        status.update(
            tab=self.tab,
            races=self.races,
            over=self.over,
            drivers=[(self.name_of(s.driver), s.counted) for s in self.drivers],
            dropped={self.name_of(s.driver): list(s.dropped) for s in self.drivers},
            teams=[(ts.name, ts.total) for ts in self.teams],
        )
        if self.tab == "drivers" and self.champ is not None:  # where each played result is, to click it
            cols = self.columns()
            status["cells"] = {
                f"{self.name_of(s.driver)}.{k}": list(self.cell(cols, i, k).center)
                for i, s in enumerate(self.drivers)
                for k in range(self.races)
            }
        return status


def _file_name(name: str) -> str:
    """A championship's name as a file name on any system."""
    return re.sub(r"[^A-Za-z0-9äöüÄÖÜß _-]+", "_", name).strip() or "championship"


def standings_csv(champ: ch.Championship, drivers: list[ch.Standing], teams: list[ch.TeamStanding]) -> str:
    """The drivers' table (every race's points, dropped ones in brackets, both totals), then the
    constructors', as CSV with a header row each, in English column names."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(
        [
            "position",
            "driver",
            "team",
            *[f"race {k + 1} ({Path(t).stem})" for k, t in enumerate(champ.tracks)],
            "total",
            "counted",
        ]
    )
    for i, s in enumerate(drivers, 1):
        m = champ.member(s.driver)
        cells = ["" if p is None else f"({p})" if k in s.dropped else str(p) for k, p in enumerate(s.points)]
        cells += [""] * (len(champ.tracks) - len(cells))
        team = champ.teams[m.team] if m.team is not None and champ.teams else ""
        w.writerow([i, m.name, team, *cells, s.total, s.counted])
    if teams:
        w.writerow([])
        w.writerow(["position", "team", "drivers", "total"])
        for i, ts in enumerate(teams, 1):
            w.writerow([i, ts.name, " & ".join(champ.member(d).name for d in ts.drivers), ts.total])
    return out.getvalue()
