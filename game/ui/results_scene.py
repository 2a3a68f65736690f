"""The results: the classification with each retirement's reason, then back to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.cars import badge, badge_of, car_sprite, pattern_of
from game.ui.i18n import reason_text, tr
from game.ui.race_control import RaceControl
from game.ui.rulechoice import MODULES, changed, enabled, preset_of
from game.ui.scene import Scene
from game.ui.widgets import Button
from rules.classify import Place, classification

if TYPE_CHECKING:
    from game.ui.loop import App

ROW = 44
PODIUM = ((250, 204, 22), (200, 204, 212), (205, 127, 50))


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app: App, control: RaceControl) -> None:
        super().__init__(app)
        self.control = control
        self.places: list[Place] = classification(control.track, control.state)
        self.back = Button("back", lambda: tr("results.back"), app.home, "primary")
        self.widgets = [self.back]
        self.table = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.table = pygame.Rect(60, 196, w - 120, ROW * len(self.places) + 44)
        self.back.rect = pygame.Rect(w // 2 - 160, min(h - 80, self.table.bottom + 30), 320, 54)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.home()
            return True
        return super().handle(event)

    def winner(self) -> str:
        first = self.places[0] if self.places else None
        if first is None or first.status != "finished":
            return tr("results.no_winner")
        return tr("results.winner", name=self.control.name(first.car))

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
        theme.panel(screen, t, theme.PANEL, radius=12)
        cols = (t.left + 24, t.left + 90, t.left + 360, t.left + 470)
        for x, key in zip(cols, ("results.pos", "results.driver", "results.laps", "results.status")):
            theme.text(screen, tr(key), 20, theme.DIM, (x, t.top + 14))
        for i, place in enumerate(self.places):
            y = t.top + 44 + i * ROW
            if i % 2 == 0:
                pygame.draw.rect(screen, theme.shade(theme.PANEL, 1.06), (t.left + 6, y, t.width - 12, ROW), border_radius=6)
            self._row(screen, place, cols, y)
        self.draw_widgets(screen)

    def _row(self, screen: pygame.Surface, place: Place, cols: tuple[int, ...], y: int) -> None:
        entry = self.control.entry(place.car)
        index = self.control.index(place.car)
        mid = y + ROW // 2
        if place.status == "finished" and place.position <= 3:
            pygame.draw.circle(screen, PODIUM[place.position - 1], (cols[0] + 14, mid), 16)
            theme.text(screen, str(place.position), 26, (20, 20, 24), (cols[0] + 14, mid + 1), "center")
        else:
            theme.text(screen, str(place.position), 26, theme.TEXT, (cols[0] + 14, mid + 1), "center")
        sprite = pygame.transform.smoothscale(car_sprite(entry.colour, pattern_of(index)), (60, 32))
        screen.blit(sprite, sprite.get_rect(midleft=(cols[1], mid)))
        tag = badge(badge_of(index), entry.number, 12, entry.colour)
        screen.blit(tag, tag.get_rect(center=(cols[1] + 30, mid)))
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
            row = pygame.Rect(self.table.left, self.table.top + 44 + i * ROW, self.table.width, ROW)
            if row.collidepoint(pos) and place.reason is not None:
                return [reason_text(place.reason)]
        return super().hint_at(pos)

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["places"] = [self.control.name(p.car) for p in self.places]
        return status
