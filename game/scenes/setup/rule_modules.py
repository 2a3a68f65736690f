"""The rules screen: a preset's modules with a switch each, and what the resulting rules play.

It edits a ``RuleChoice`` and hands it to ``on_done`` when the player takes it;
Esc or "Back" leave without changes. Every module and parameter names the rule
IDs it stands for, so players can look them up in the rules catalogue.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.texts import tr
from game.widgets.controls import Button
from game.widgets.page import Page
from rules.car import Area
from rules.choice import MODULES, RuleChoice, enabled, rules_of
from rules.classify import VICTORY_POINTS
from rules.ruleset import PRESETS, RuleSet

if TYPE_CHECKING:
    from game.app.loop import App

ROW = 62  # a module's row where the window has room
MIN_ROW = 36  # ... and in the smallest window: a switch, the title and one line about it
IDS_PX = 14  # the rule IDs (key I), small: they are for looking up, not for reading along


def laps_text(n: int) -> str:
    return tr("value.laps_one") if n == 1 else tr("value.laps_n", n=n)


def parameters(rules: RuleSet, laps_set: int | None = None) -> list[tuple[str, str, str]]:
    """(label, value, rule IDs) for every parameter worth knowing before the race; ``laps_set``
    is the distance the set-up chose, which wins over the one the rules' source plays."""
    s = rules.car_setup
    if laps_set is not None:
        laps = laps_text(laps_set)
        if rules.race_laps is not None and rules.race_laps != laps_set:
            laps = tr("value.laps_source", laps=laps, n=rules.race_laps)
    else:
        laps = tr("value.laps_choose") if rules.race_laps is None else laps_text(rules.race_laps)
    if enabled(rules, "own_car"):
        low = min(s.minimum.get(a, 0) for a in s.areas)
        if s.maximum:
            others = max(n for a, n in s.maximum.items() if a is not Area.TYRES)
            limits = tr("value.car_limits", low=low, high=others, tyres=s.maximum.get(Area.TYRES, others))
        else:
            limits = tr("value.car_min", low=low)
        car = tr("value.car_own", total=s.total, limits=limits)
    else:
        car = tr("value.car_fixed", total=s.total)
    if not rules.weather:
        weather = tr("value.off")
    else:
        how = tr("value.weather_rows" if rules.weather_change == "row_step" else "value.weather_sm")
        when = tr("value.weather_now" if rules.weather_timing == "immediate" else "value.weather_round")
        weather = f"{how}; {when}"
    pit = {
        "none": tr("value.pit_basic"),
        "long_stop": tr("value.pit_long", reserve=rules.pit_reserve),
        "any_stop": tr("value.pit_any", reserve=rules.pit_reserve, areas=rules.pit_repair_areas),
    }[rules.pit_repairs]
    teams = (
        tr("value.teams", stock=rules.team_stock, points="-".join(map(str, VICTORY_POINTS)))
        if rules.teams
        else tr("value.off")
    )
    tyres = tr("value.tyre_table", table=rules.tyres) if rules.tyres else tr("value.off")
    if rules.street:  # STREET-4: no pits; STREET-2: hard tyres for every car
        pit = tr("value.off")
        tyres = tr("value.street_tyres", table=rules.tyres) if rules.tyres else tyres
    street = [(tr("param.street"), street_value(rules), "STREET-1..8, AMB-52, AMB-63")] if rules.street else []
    return street + [
        (tr("param.laps"), laps, "C-RACE-1"),
        (tr("param.grid"), tr("value.grid_roll" if rules.grid == "roll" else "value.grid_qualifying"), "VAR-20"),
        (tr("param.car"), car, f"{s.total_rule}, {s.limit_rule}"),
        (tr("param.tyres"), tyres, "TYRE-1, STREET-2" if rules.street else "TYRE-1"),
        (tr("param.weather"), weather, "VAR-25, AMB-8"),
        (tr("param.pit"), pit, "VAR-32"),
        (
            tr("param.slipstream"),
            tr("value.slip", gear=rules.slip_front_gear) if rules.slipstream else tr("value.off"),
            "CORE-SLIP-1, VAR-10",
        ),
        (tr("param.markers"), tr("value.on" if rules.markers else "value.off"), "CORE-DANGER-1"),
        (
            tr("param.order"),
            tr("value.order_inside" if rules.tie_break == "inside" else "value.order_arrival"),
            "VAR-1",
        ),
        (tr("param.teams"), teams, "TEAM-B-1..3, AMB-53"),
    ]


def street_value(rules: RuleSet) -> str:
    """How the street race reads its open points (AMB-52, AMB-63), in a few words."""
    return tr(
        "value.street",
        per=tr(f"value.street_per.{rules.nitro_per}"),
        fails=rules.shooting_fails,
        tie=tr(f"value.street_tie.{rules.police_tie}"),
        cap=tr(f"value.street_cap.{rules.free_wp_cap}"),
    )


class RulesScene(Scene):
    name = "rules"
    escape_back = True

    def __init__(
        self, app: App, choice: RuleChoice, on_done: Callable[[RuleChoice], None], laps: int | None = None
    ) -> None:
        super().__init__(app)
        self.choice = choice
        self.on_done = on_done
        self.laps = laps  # the set-up's distance, shown instead of the preset's
        self.show_ids = False  # the rule IDs of the catalogue, for the curious (key I)
        self.switches = [
            Button(f"module.{m.key}", partial(self.switch_label, m.key), partial(self.toggle, m.key), px=22)
            for m in MODULES
        ]
        self.back = Button("back", lambda: tr("button.back"), app.pop)
        self.reset = Button("reset", lambda: tr("rules.reset"), self.reset_preset)
        self.done = Button("done", lambda: tr("rules.done"), self.take, "primary")
        self.widgets = [*self.switches, self.back, self.reset, self.done]
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self.row = ROW
        self.keys_at = (0, 0)

    @property
    def rules(self) -> RuleSet:
        return rules_of(self.choice)

    def switch_label(self, key: str) -> str:
        return tr("toggle.on" if self.choice.is_on(key) else "toggle.off")

    def toggle(self, key: str) -> None:
        self.choice = self.choice.switched(key, not self.choice.is_on(key))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_i:
            self.show_ids = not self.show_ids
            return True
        return super().handle(event)

    def reset_preset(self) -> None:
        self.choice = RuleChoice(preset=self.choice.preset)

    def take(self) -> None:
        """Hand the choice over and go back to where the rules screen was opened from."""
        self.app.pop()
        self.on_done(self.choice)

    def layout(self, size: tuple[int, int]) -> None:
        """Modules left, parameters right, both as tall as the window allows; a module's row
        shrinks with the height, down to what a switch and two lines of text need."""
        page = Page(size)
        body = page.body
        top = body.top + 8
        col = (body.width - 30) // 2
        height = body.bottom - 28 - top
        self.left = pygame.Rect(body.left, top, col, height)
        self.right = pygame.Rect(body.right - col, top, col, height)
        self.row = max(MIN_ROW, min(ROW, (height - 44) // len(MODULES)))
        for i, b in enumerate(self.switches):
            b.rect = pygame.Rect(self.left.left + 16, self.left.top + 40 + i * self.row, 86, min(40, self.row - 6))
        self.back.rect = page.back()
        self.reset.rect = pygame.Rect(self.back.rect.right + 20, page.buttons_y, 280, self.back.rect.height)
        self.done.rect = page.forward(300)
        self.keys_at = (body.left + 2, body.bottom - 18)

    def draw(self, screen: pygame.Surface) -> None:
        page = Page(screen.get_size())
        title = page.draw(screen, tr("rules.title"))
        body = page.body
        preset = tr(f"preset.{self.choice.preset}")
        name = tr("rules.changed", preset=preset) if self.choice.overrides else preset
        x = title.right + 40  # the rule set beside the title: the panels get the height
        theme.text(screen, tr("rules.preset", preset=name), 26, theme.YELLOW, (x, title.top))
        about = tr(f"preset.{self.choice.preset}.about")
        px = theme.fitting_px(about, 20, body.right - x, 16)
        theme.text(screen, theme.fit_text(about, px, body.right - x), px, theme.DIM, (x, title.top + 26))
        for i, b in enumerate(self.switches):
            b.style = "primary" if self.choice.is_on(MODULES[i].key) else "normal"
        self._draw_modules(screen)
        self._draw_parameters(screen)
        keys = tr("rules.keys")
        px = theme.fitting_px(keys, 18, body.width - 4, 15)
        theme.text(screen, theme.fit_text(keys, px, body.width - 4), px, theme.FAINT, self.keys_at)
        self.draw_widgets(screen)

    def _draw_modules(self, screen: pygame.Surface) -> None:
        box = self.left
        theme.panel(screen, box, theme.PANEL, radius=12)
        theme.text(screen, tr("rules.modules").upper(), 18, theme.DIM, (box.left + 16, box.top + 14))
        base = PRESETS[self.choice.preset]
        roomy = self.row >= 50
        title_px, about_px = (24, 17) if roomy else (21, 16)
        for i, m in enumerate(MODULES):
            switch = self.switches[i].rect
            x = switch.right + 16
            changed = m.key in self.choice.overrides and self.choice.overrides[m.key] != enabled(base, m.key)
            title = tr(f"module.{m.key}") + (" *" if changed else "")
            t = theme.text(screen, title, title_px, theme.TEXT, (x, switch.top - (2 if roomy else 3)))
            if self.show_ids:
                ids = ", ".join(m.rules)
                theme.text(
                    screen,
                    theme.fit_text(ids, IDS_PX, box.right - 12 - t.right - 10),
                    IDS_PX,
                    theme.FAINT,
                    (t.right + 10, t.top + 3),
                )
            about = tr(f"module.{m.key}.about")
            px = theme.fitting_px(about, about_px, box.right - x - 12, 14)
            theme.text(
                screen,
                theme.fit_text(about, px, box.right - x - 12),
                px,
                theme.DIM,
                (x, t.bottom + (6 if roomy else 2)),
            )

    def _draw_parameters(self, screen: pygame.Surface) -> None:
        """Each parameter's label beside its value; the text is set smaller until all of them fit."""
        box = self.right
        theme.panel(screen, box, theme.PANEL, radius=12)
        theme.text(screen, tr("rules.parameters").upper(), 18, theme.DIM, (box.left + 16, box.top + 14))
        rows = parameters(self.rules, self.laps)
        for px in range(19, 12, -1):
            label_w = max(theme.font(px).size(label)[0] for label, _, _ in rows) + 16
            value_w = box.width - 32 - label_w
            wrapped = [theme.wrap(value, px, value_w) for _, value, _ in rows]
            step = px + 2
            heights = [max(len(lines) * step, step + (IDS_PX if self.show_ids else 0)) + 6 for lines in wrapped]
            if sum(heights) <= box.height - 50:
                break
        y = box.top + 42
        for (label, _, ids), lines, height in zip(rows, wrapped, heights):
            theme.text(screen, label, px, theme.TEXT, (box.left + 16, y))
            if self.show_ids:  # under the label: the label column has the room
                theme.text(
                    screen, theme.fit_text(ids, IDS_PX, label_w - 8), IDS_PX, theme.FAINT, (box.left + 16, y + step)
                )
            for k, line in enumerate(lines):
                theme.text(screen, line, px, theme.DIM, (box.left + 16 + label_w, y + k * step))
            y += height

    def status(self) -> dict[str, Any]:
        status = super().status()
        status["modules"] = {m.key: self.choice.is_on(m.key) for m in MODULES}
        return status
