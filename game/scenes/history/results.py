"""The results: the classification with each car's gap to the winner, the WP it used, its pit
stops, a league race's or a championship's points and each retirement's reason, where each human
finished, in a team race each team's victory points under it (TEAM-B-3, AMB-53), then back to the
menu. The race history opens the same screen for a race kept there (``kept``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.board.cars import badge, badge_of, body_of
from game.play.race_control import RaceControl
from game.play.race_summary import CarSummary, human_places, race_points, summarise
from game.play.series import outcome_of
from game.play.standings import team_members, team_name
from game.play.statistics import Counting
from game.scenes.history.statistics import StatisticsScene
from game.storage.championships import ChampionshipStore
from game.texts import place_name, reason_text, tr
from game.widgets import tables
from game.widgets.controls import Button
from game.widgets.page import Page
from rules.choice import MODULES, changed, enabled, preset_of
from rules.classify import Place, classification, team_points
from rules.files.record import RecordError
from rules.league.blitz import Match, heat_winner
from rules.league.championship import Scheme, Score

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 44
MIN_ROW = 30  # rows shrink to this so ten cars and five teams fit a 640 px window
TEAM_H = 74  # a team's card with its drivers' names
COMPACT_H = 40  # ... and without them, where the window is short
HEADER_H = 142  # the title, the track and the rules above the table
COUNT_SLICE = 0.02  # seconds of each frame spent counting the race's record


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app: App, control: RaceControl, kept: bool = False) -> None:
        """``kept``: a race opened from the history, shown as it ended (nothing stored, no next heat)."""
        super().__init__(app)
        self.control = control
        self.places: list[Place] = classification(control.track, control.state)
        self.summary: dict[str, CarSummary] = {}  # gaps, WP used, pit stops: counted a slice a frame
        self.counting: Counting | None = None
        try:
            self.counting = Counting.of(control.track, control.session.record())
        except RecordError:
            pass  # the record no longer replays: the table shows the places alone
        points = team_points(control.track, control.state) if control.header.rules.teams else {}  # TEAM-B-3
        self.teams: list[tuple[int, int]] = sorted(points.items(), key=lambda tp: (-tp[1], tp[0]))
        self.back = Button("back", lambda: tr("results.back"), app.home, "primary")
        self.stats = Button("stats", lambda: tr("stats.open"), self.statistics)
        self.replay = Button("replay", lambda: tr("results.replay"), self.watch_replay)
        self.widgets = [self.back, self.replay, self.stats]
        self.table = pygame.Rect(0, 0, 0, 0)
        self.team_box = pygame.Rect(0, 0, 0, 0)
        self.frame = pygame.Rect(0, 0, 0, 0)
        self.row = ROW
        self.team_h = TEAM_H
        self.series = control.header.series
        self.scores: dict[str, Score] = {}  # a championship's or a league race's points (SEASON-4, OPEN-2, QUAL-D-14)
        self.match: Match | None = None  # FD Blitz: the match after this heat (BLITZ-3, BLITZ-8)
        if kept:
            self.back.label = lambda: tr("button.back")
            self.back.on_click = app.pop
            self.scores = dict(race_points(control.header, self.places, self._series_scheme()))
            return
        if self.series is not None:  # a championship's race: into its store before anything else
            self._keep_in_championship()
            self.back.label = lambda: tr("results.standings")
            self.back.on_click = self.standings
        else:
            self.scores = dict(race_points(control.header, self.places, None))
        blitz = control.header.blitz
        if blitz is not None:
            self.match = blitz.match.won(heat_winner(control.track, control.state))
            if self.match.winner is None:
                self.back.label = lambda: tr("blitz.next_heat")
                self.back.on_click = self.next_heat

    def update(self, dt: float) -> None:
        """Count the record on for a slice of each frame (a long race takes a second), so the
        window stays alive; the gaps, WP and stops show once it is counted."""
        if self.counting is None:
            return
        try:
            stats = self.counting.advance(COUNT_SLICE)
        except RecordError:
            self.counting = None
            return
        if stats is not None:
            self.counting = None
            self.summary = {c.place.car: c for c in summarise(self.control.track, self.control.state, stats)}

    def animating(self) -> bool:
        return self.counting is not None

    def _keep_in_championship(self) -> None:
        """The finished race's record goes into its championship (replacing one stored at its
        place), so the season survives whatever happens next; the saved race stays until then."""
        assert self.series is not None
        store = ChampionshipStore(self.app.data)
        outcome = outcome_of(self.control.track, self.control.state, self.control.header)
        store.add_race(
            self.series.championship, self.series.race, self.control.session.record(), outcome.model_dump_json()
        )
        champ = store.get(self.series.championship)
        if champ is not None:
            self.scores = dict(race_points(self.control.header, self.places, champ.scheme))
        for notice in store.notices:
            self.app.notify(notice)
        store.close()

    def _series_scheme(self) -> Scheme | None:
        """A kept championship race's points table, if its championship is still there."""
        if self.series is None:
            return None
        store = ChampionshipStore(self.app.data)
        champ = store.get(self.series.championship)
        store.close()
        return champ.scheme if champ is not None else None

    def watch_replay(self) -> None:
        """The race just finished, again from its record (Esc comes back here)."""
        from game.scenes.history.replay import open_replay

        open_replay(self.app, self.control.session.record())

    def next_heat(self) -> None:
        """The match's next heat (from the menu, so no screen imports its way back)."""
        assert self.match is not None
        players = {e.id: (e.name, e.driver) for e in self.control.header.entries}
        self.app.home()
        self.app.scene.start_blitz_heat(self.match, players)  # type: ignore[attr-defined]

    def statistics(self) -> None:
        """The race's statistics from its record (Back there returns here)."""
        self.app.push(StatisticsScene(self.app, self.control.session.record(), self.control.track))

    def standings(self) -> None:
        """The championship's standings instead of the menu (Back there leads to the list)."""
        assert self.series is not None
        self.app.home()
        self.app.scene.open_championship(self.series.championship)  # type: ignore[attr-defined]

    def layout(self, size: tuple[int, int]) -> None:
        """The table's rows share the height between the header and the button; in a team race the
        team cards under the table lose their second line (the names) where the rows need the room."""
        f = Page(size).frame
        self.frame = f
        self.back.rect = pygame.Rect(f.centerx - 160, f.bottom - 16 - 54, 320, 54)
        self.stats.rect = pygame.Rect(f.right - 240, self.back.rect.top, 240, 54)
        self.replay.rect = pygame.Rect(f.left, self.back.rect.top, 280, 54)
        top, bottom = f.top + HEADER_H, self.back.rect.top - 14
        n = max(1, len(self.places))
        self.team_h = 0
        if self.teams:
            roomy = (bottom - top - 44 - (TEAM_H + 64)) // n >= ROW - 4
            self.team_h = TEAM_H if roomy else COMPACT_H
        strip = self.team_h + (30 if self.team_h < TEAM_H else 64) if self.teams else 0
        self.row = max(MIN_ROW, min(ROW, (bottom - top - 44 - strip) // n))
        self.table = pygame.Rect(f.left, top, f.width, self.row * len(self.places) + 44)
        self.team_box = (
            pygame.Rect(f.left, self.table.bottom + 14, f.width, strip - 14) if self.teams else self.team_box
        )

    def handle(self, event: pygame.event.Event) -> bool:
        """Enter takes the button; Esc too, but never into a Blitz match's next heat, which the
        players start on purpose."""
        if event.type != pygame.KEYDOWN or event.key not in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            return super().handle(event)
        heat_ahead = self.match is not None and self.match.winner is None
        if event.key != pygame.K_ESCAPE or not heat_ahead:
            self.back.on_click()
        return True

    def winner(self) -> str:
        """The team with the most victory points in a team race (TEAM-B-3), else the first driver
        home; in FD Blitz the heat's and the match's winner (BLITZ-8, BLITZ-3)."""
        if self.match is not None:
            name = self.control.name
            a, b = self.match.players
            score = f"{name(a)} {self.match.wins(a)} : {self.match.wins(b)} {name(b)}"
            if self.match.winner is not None:
                return tr("blitz.match_won", name=name(self.match.winner), score=score)
            return tr("blitz.heat_won", name=name(self.match.winners[-1]), score=score)
        best = self.best_team()
        if best is not None:
            return tr("results.team_wins", n=best + 1)
        first = self.places[0] if self.places else None
        if first is None or first.status != "finished":
            return tr("results.no_winner")
        return tr("results.winner", name=self.control.name(first.car))

    def best_team(self) -> int | None:
        """The team alone at the top of the victory points; None without teams or on a tie (AMB-53 has none)."""
        if len(self.teams) > 1 and self.teams[0][1] > self.teams[1][1]:
            return self.teams[0][0]
        return None

    def rules_line(self) -> str:
        """The rule set the race was played with and its modules (from the record's header); the
        street race as played from the box is its name alone."""
        rules = self.control.header.rules
        key = preset_of(rules)
        name = rules.name if key is None else tr(f"preset.{key}")
        if changed(rules) and key is not None:
            name = tr("rules.changed", preset=name)
        elif rules.street:  # a game of its own (STREET-1..8): its modules are not the player's choice
            return tr("results.rules", rules=name)
        on = [tr(f"module.{m.key}") for m in MODULES if enabled(rules, m.key)]
        modules = tr("results.modules", modules=", ".join(on)) if on else tr("results.no_modules")
        return f"{tr('results.rules', rules=name)} · {modules}"

    @property
    def pits(self) -> bool:
        """Whether the race had pit stops to count: a board with a pit lane, not the street race (STREET-4)."""
        return self.control.track.pit is not None and not self.control.header.rules.street

    def heads(self) -> tuple[str, ...]:
        return (
            "results.pos",
            "results.driver",
            "results.laps",
            "results.col_gap",
            "results.col_wp",
            "results.col_pits" if self.pits else "",
            "results.col_points" if self.scores else "",
            "results.status",
        )

    def columns(self) -> tuple[int, ...]:
        """The columns' left edges: the car and the longest name, the laps, the gap, the WP used,
        the pit stops, the points, and the rest for the status."""
        names = [self.control.entry(p.car).name for p in self.places]
        icon_w = round(self.icon[0])
        cars = [p.car for p in self.places]
        points = tables.needed("results.col_points", [self._points(c) for c in cars], 24) if self.scores else 0
        pits = tables.needed("results.col_pits", ["9"], 24) if self.pits else 0
        widths = [
            66,
            icon_w + 12 + tables.needed("results.driver", names, 28),
            tables.needed("results.laps", ["9"], 24) + 8,
            tables.needed("results.col_gap", [self._gap(c) for c in cars], 24),
            tables.needed("results.col_wp", ["99"], 24),
            pits,
            points,
            200,
        ]
        return tables.edges(self.table.left + 24, widths, self.table.width - 34, 7)

    def _gap(self, car: str) -> str:
        """The gap to the winner as the game measures it: game rounds between finishers, spaces on the track."""
        line = self.summary.get(car)
        if line is None or (line.gap.rounds is None and line.gap.spaces is None):
            return ""
        if line.gap.rounds == 0:
            return tr("results.same_round")
        if line.gap.rounds is not None:
            return tr("results.gap_rounds", n=line.gap.rounds)
        return tr("results.gap_spaces", n=line.gap.spaces)

    def humans_line(self) -> str:
        """Where each human driver finished (P3, or out), for a race with people in it."""
        shown = [
            tr("results.human_out" if status == "out" else "results.human_place", name=name, place=place)
            for name, place, status in human_places(self.control.header, self.places)
        ]
        return tr("results.humans", places=" · ".join(shown)) if shown else ""

    def _points(self, car: str) -> str:
        """A championship race's points: the race's, with the Open's qualifying points added (QUAL-D-14)."""
        score = self.scores.get(car)
        if score is None:
            return ""
        return f"{score.race} + {score.qualifying}" if score.qualifying else str(score.race)

    @property
    def icon(self) -> tuple[int, int]:
        """A car in the table, as big as the row allows."""
        h = min(32, self.row - 8)
        return (round(h * 1.9), h)

    def draw(self, screen: pygame.Surface) -> None:
        w, _ = screen.get_size()
        f = self.frame
        screen.fill(theme.BACKDROP)
        theme.chequer(screen, pygame.Rect(0, 0, w, 28), 14)
        title = theme.text(screen, tr("results.title"), 64, theme.TEXT, (f.left, f.top + 34))
        header = self.control.header
        where = f"{place_name(header.track_name)} · {tr('setup.laps')}: {header.laps}"
        if self.series is not None:
            where += " · " + tr("results.series", name=self.series.name, n=self.series.race + 1)
        theme.text(screen, theme.fit_text(where, 26, f.width - 8), 26, theme.DIM, (f.left + 4, title.bottom + 10))
        line = self.rules_line()
        px = theme.fitting_px(line, 20, f.width - 8, 15)
        theme.text(screen, theme.fit_text(line, px, f.width - 8), px, theme.DIM, (f.left + 4, title.bottom + 38))
        won = theme.text(screen, self.winner(), 44, theme.YELLOW, (f.right, title.top + 6), "topright")
        humans = self.humans_line()
        if humans:
            room = max(40, f.right - title.right - 24)
            theme.text(screen, theme.fit_text(humans, 20, room), 20, theme.TEXT, (f.right, won.bottom + 4), "topright")
        t = self.table
        cols = self.columns()
        tables.frame(screen, t, cols, self.heads())
        for i, place in enumerate(self.places):
            y = t.top + 44 + i * self.row
            tables.stripe(screen, t, y, self.row, i)
            self._row(screen, place, cols, y)
        if self.teams:
            self._draw_teams(screen)
        self.draw_widgets(screen)

    def _draw_teams(self, screen: pygame.Surface) -> None:
        """One card per team, most victory points first: the pair in its colour and the points (AMB-53)."""
        box = self.team_box
        theme.panel(screen, box, theme.PANEL, radius=12)
        compact = self.team_h < TEAM_H  # the heading beside the cards instead of over them
        label = theme.text(
            screen,
            tr("results.teams"),
            20,
            theme.DIM,
            (box.left + 24, box.centery) if compact else (box.left + 24, box.top + 12),
            "midleft" if compact else "topleft",
        )
        left = label.right + 20 if compact else box.left + 24
        gap = 12
        card_w = min(300, (box.right - 24 - left - gap * (len(self.teams) - 1)) // len(self.teams))
        for k, (team, points) in enumerate(self.teams):
            card = pygame.Rect(left + k * (card_w + gap), box.top + (8 if compact else 36), card_w, self.team_h)
            self._team_card(screen, card, team, points, best=team == self.best_team())

    def _team_card(self, screen: pygame.Surface, card: pygame.Rect, team: int, points: int, best: bool) -> None:
        members = team_members(team)
        entries = [self.control.header.entries[i] for i in members]
        fill = theme.colour(entries[0].colour)
        theme.panel(screen, card, theme.shade(theme.PANEL, 1.12), 255, theme.YELLOW if best else None, 8)
        pygame.draw.rect(
            screen, fill, (card.left, card.top, 8, card.height), border_top_left_radius=8, border_bottom_left_radius=8
        )
        px = 24 if card.height >= TEAM_H else 20
        theme.text(screen, team_name(team), px, theme.TEXT, (card.left + 20, card.top + 8))
        theme.text(
            screen, tr("results.points", n=points), px, theme.YELLOW, (card.right - 12, card.top + 8), "topright"
        )
        if card.height < TEAM_H:
            return  # the short card: the team and its points (the table names its drivers)
        x = card.left + 20
        room = (card.width - 30) // max(1, len(entries))
        for i, entry in zip(members, entries):
            tag = badge(badge_of(i), entry.number, 11, entry.colour)
            screen.blit(tag, tag.get_rect(center=(x + 11, card.top + 52)))
            theme.text(
                screen, theme.fit_text(entry.name, 18, room - 30), 18, theme.DIM, (x + 26, card.top + 52), "midleft"
            )
            x += room

    def _row(self, screen: pygame.Surface, place: Place, cols: tuple[int, ...], y: int) -> None:
        entry = self.control.entry(place.car)
        index = self.control.index(place.car)
        mid = y + self.row // 2
        tables.position(
            screen, (cols[0] + 14, mid), place.position, place.status == "finished", 26, min(16, self.row // 2 - 1)
        )
        icon = self.icon
        tables.car(
            screen,
            (cols[1], mid),
            entry.colour,
            entry.number,
            index,
            icon,
            max(9, icon[1] * 12 // 32),
            body_of(self.control.header.rules.street),
        )
        theme.text(screen, entry.name, 28, theme.TEXT, (cols[1] + icon[0] + 12, mid), "midleft")
        theme.text(screen, str(place.laps), 24, theme.TEXT, (cols[2] + 20, mid), "center")
        theme.text(screen, self._gap(place.car), 24, theme.DIM, (cols[3], mid), "midleft")
        summary = self.summary.get(place.car)
        if summary is not None:
            theme.text(screen, str(summary.wp_used), 24, theme.TEXT, (cols[4], mid), "midleft")
            if self.pits:
                theme.text(screen, str(summary.pit_stops), 24, theme.TEXT, (cols[5], mid), "midleft")
        if self.scores:
            theme.text(screen, self._points(place.car), 24, theme.YELLOW, (cols[6], mid), "midleft")
        if place.status == "finished":
            text, ink = tr("results.finished"), theme.GREEN
        elif place.reason is not None:
            text, ink = tr("results.out", reason=reason_text(place.reason)), (255, 150, 140)
        else:
            text, ink = tr("results.running"), theme.DIM
        room = self.table.right - 20 - cols[7]
        px = 20 if len(theme.wrap(text, 20, room)) == 1 else min(20, self.row // 2)  # two lines fit the row
        while px > 14 and len(theme.wrap(text, px, room)) > 2:  # a long reason a little smaller
            px -= 1
        lines = theme.wrap(text, px, room, most=2)  # the hint has the rest
        for k, line in enumerate(lines):
            theme.text(screen, line, px, ink, (cols[7], mid + (k - (len(lines) - 1) / 2) * (px - 1)), "midleft")

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        """The WP used area by area, and the whole retirement reason for when it did not fit the row."""
        for i, place in enumerate(self.places):
            row = pygame.Rect(self.table.left, self.table.top + 44 + i * self.row, self.table.width, self.row)
            if not row.collidepoint(pos):
                continue
            lines = []
            line = self.summary.get(place.car)
            if line is not None and line.wp_used:
                used = " · ".join(f"{tr(f'area.{a.value}')} {n}" for a, n in line.used.items() if n)
                lines.append(tr("results.wp_used", areas=used))
            if place.reason is not None:
                lines.append(reason_text(place.reason))
            if lines:
                return lines
        return super().hint_at(pos)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["places"] = [self.control.name(p.car) for p in self.places]
        status["counting"] = self.counting is not None
        status["gaps"] = [self._gap(p.car) for p in self.places]
        status["wp_used"] = [self.summary[p.car].wp_used if p.car in self.summary else None for p in self.places]
        status["pit_stops"] = [self.summary[p.car].pit_stops if p.car in self.summary else None for p in self.places]
        status["points"] = [self._points(p.car) for p in self.places]
        status["humans"] = self.humans_line()
        status["teams"] = [(team + 1, points) for team, points in self.teams]
        return status
