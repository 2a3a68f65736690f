"""The results: the classification with each retirement's reason, in a team race each team's
victory points under it (TEAM-B-3, AMB-53), then back to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.widgets import tables
from game import theme
from game.board.cars import badge, badge_of
from game.texts import reason_text, tr
from game.play.race_control import RaceControl
from rules.choice import MODULES, changed, enabled, preset_of
from game.app.loop import Scene
from game.play.standings import team_members, team_name
from game.widgets.controls import Button
from rules.classify import Place, classification, team_points

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 44
MIN_ROW = 34  # rows shrink to this so ten cars and five teams fit a 800 px window
TEAM_H = 74


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app: App, control: RaceControl) -> None:
        super().__init__(app)
        self.control = control
        self.places: list[Place] = classification(control.track, control.state)
        points = team_points(control.track, control.state)
        self.teams: list[tuple[int, int]] = sorted(points.items(), key=lambda tp: (-tp[1], tp[0]))
        self.back = Button("back", lambda: tr("results.back"), app.home, "primary")
        self.widgets = [self.back]
        self.table = pygame.Rect(0, 0, 0, 0)
        self.team_box = pygame.Rect(0, 0, 0, 0)
        self.row = ROW

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        strip = TEAM_H + 58 if self.teams else 0
        room = h - 196 - 44 - strip - 100
        self.row = max(MIN_ROW, min(ROW, room // max(1, len(self.places))))
        self.table = pygame.Rect(60, 196, w - 120, self.row * len(self.places) + 44)
        self.team_box = pygame.Rect(60, self.table.bottom + 14, w - 120, strip - 14) if self.teams else self.team_box
        bottom = self.team_box.bottom if self.teams else self.table.bottom
        self.back.rect = pygame.Rect(w // 2 - 160, min(h - 80, bottom + 30), 320, 54)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.home()
            return True
        return super().handle(event)

    def winner(self) -> str:
        """The team with the most victory points in a team race (TEAM-B-3), else the first driver home."""
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
        """The rule set the race was played with and its modules (from the record's header)."""
        rules = self.control.header.rules
        key = preset_of(rules)
        name = rules.name if key is None else tr(f"preset.{key}")
        if changed(rules) and key is not None:
            name = tr("rules.changed", preset=name)
        on = [tr(f"module.{m.key}") for m in MODULES if enabled(rules, m.key)]
        modules = tr("results.modules", modules=", ".join(on)) if on else tr("results.no_modules")
        return f"{tr('results.rules', rules=name)} · {modules}"

    def draw(self, screen: pygame.Surface) -> None:
        w, _ = screen.get_size()
        screen.fill(theme.BACKDROP)
        theme.chequer(screen, pygame.Rect(0, 0, w, 28), 14)
        theme.text(screen, tr("results.title"), 64, theme.TEXT, (60, 52))
        header = self.control.header
        theme.text(screen, f"{header.track_name} · {tr('setup.laps')}: {header.laps}", 26, theme.DIM, (64, 118))
        theme.text(screen, theme.fit_text(self.rules_line(), 20, w - 128), 20, theme.DIM, (64, 152))
        theme.text(screen, self.winner(), 44, theme.YELLOW, (w - 60, 70), "topright")
        t = self.table
        cols = (t.left + 24, t.left + 90, t.left + 360, t.left + 470)
        tables.frame(screen, t, cols, ("results.pos", "results.driver", "results.laps", "results.status"))
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
        theme.text(screen, tr("results.teams"), 20, theme.DIM, (box.left + 24, box.top + 12))
        gap = 12
        card_w = min(300, (box.width - 48 - gap * (len(self.teams) - 1)) // len(self.teams))
        for k, (team, points) in enumerate(self.teams):
            card = pygame.Rect(box.left + 24 + k * (card_w + gap), box.top + 40, card_w, TEAM_H)
            self._team_card(screen, card, team, points, best=team == self.best_team())

    def _team_card(self, screen: pygame.Surface, card: pygame.Rect, team: int, points: int, best: bool) -> None:
        members = team_members(team)
        entries = [self.control.header.entries[i] for i in members]
        fill = theme.colour(entries[0].colour)
        theme.panel(screen, card, theme.shade(theme.PANEL, 1.12), 255, theme.YELLOW if best else None, 8)
        pygame.draw.rect(screen, fill, (card.left, card.top, 8, card.height), border_top_left_radius=8,
                         border_bottom_left_radius=8)
        theme.text(screen, team_name(team), 24, theme.TEXT, (card.left + 20, card.top + 8))
        theme.text(screen, tr("results.points", n=points), 24, theme.YELLOW, (card.right - 12, card.top + 8), "topright")
        x = card.left + 20
        room = (card.width - 30) // max(1, len(entries))
        for i, entry in zip(members, entries):
            tag = badge(badge_of(i), entry.number, 11, entry.colour)
            screen.blit(tag, tag.get_rect(center=(x + 11, card.top + 52)))
            theme.text(screen, theme.fit_text(entry.name, 18, room - 30), 18, theme.DIM, (x + 26, card.top + 52), "midleft")
            x += room

    def _row(self, screen: pygame.Surface, place: Place, cols: tuple[int, ...], y: int) -> None:
        entry = self.control.entry(place.car)
        index = self.control.index(place.car)
        mid = y + self.row // 2
        tables.position(screen, (cols[0] + 14, mid), place.position, place.status == "finished", 26, 16)
        tables.car(screen, (cols[1], mid), entry.colour, entry.number, index, (60, 32), 12)
        theme.text(screen, entry.name, 28, theme.TEXT, (cols[1] + 72, mid), "midleft")
        theme.text(screen, str(place.laps), 26, theme.TEXT, (cols[2] + 20, mid), "center")
        if place.status == "finished":
            text, ink = tr("results.finished"), theme.GREEN
        elif place.reason is not None:
            text, ink = tr("results.out", reason=reason_text(place.reason)), (255, 150, 140)
        else:
            text, ink = tr("results.running"), theme.DIM
        lines = theme.wrap(text, 20, self.table.right - 20 - cols[3])
        if len(lines) > 2:
            lines = [lines[0], theme.fit_text(" ".join(lines[1:]), 20, self.table.right - 20 - cols[3])]
        for k, line in enumerate(lines):
            theme.text(screen, line, 20, ink, (cols[3], mid + (k - (len(lines) - 1) / 2) * 19), "midleft")

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        """The whole retirement reason, for when it did not fit the row."""
        for i, place in enumerate(self.places):
            row = pygame.Rect(self.table.left, self.table.top + 44 + i * self.row, self.table.width, self.row)
            if row.collidepoint(pos) and place.reason is not None:
                return [reason_text(place.reason)]
        return super().hint_at(pos)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["places"] = [self.control.name(p.car) for p in self.places]
        status["teams"] = [(team + 1, points) for team, points in self.teams]
        return status
