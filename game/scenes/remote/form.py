"""The forms of races between homes: labelled text fields in a column, buttons under them, one
line for a problem (Race online, Create race, Race by email)."""

from __future__ import annotations

import os
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game import theme
from game.app.loop import Scene
from game.texts import tr
from game.widgets.controls import Button, TextField, Widget
from rules.ruleset import PRESETS
from rules.track import Track

if TYPE_CHECKING:
    from game.app.loop import App

#: Fields filled in advance from the environment (a league's shared set-up, the screenshots).
ENV = {
    "homeserver": "FORMULA_D_HOMESERVER",
    "account": "FORMULA_D_ACCOUNT",
    "password": "FORMULA_D_PASSWORD",
    "room": "FORMULA_D_ROOM",
    "file": "FORMULA_D_RACE_FILE",
    "name": "FORMULA_D_NAME",
}


class Form(Scene):
    """Text fields in a column, a button, one line for problems."""

    escape_back = True
    fields: tuple[str, ...] = ()
    title = ""
    row = 60  # pixels from one field to the next
    defaults: dict[str, str] = {}

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.values = {f: os.environ.get(ENV[f], "") if f in ENV else self.defaults.get(f, "") for f in self.fields}
        self.problem = ""
        self.inputs: list[Widget] = [
            TextField(f, partial(self._shown, f), partial(self._set, f), 200) for f in self.fields
        ]
        self.back = Button("back", lambda: tr("button.back"), app.pop)

    def _shown(self, field: str) -> str:
        return "•" * len(self.values[field]) if field == "password" else self.values[field]

    def _set(self, field: str, value: str) -> None:
        if field == "password" and len(value) < len(self.values[field]):
            value = self.values[field][: len(value)]
        elif field == "password":
            value = self.values[field] + value[len(self.values[field]) :]
        self.values[field] = value

    def layout(self, size: tuple[int, int]) -> None:
        w, _ = size
        left, width = 60 + 220, min(640, w - 360)
        for i, field in enumerate(self.inputs):
            field.rect = pygame.Rect(left, 110 + i * self.row, width, self.row - 16)
        self.back.rect = pygame.Rect(60, size[1] - 70, 160, 44)

    def bottom(self) -> int:
        """Where the fields end: the buttons go under them."""
        return 110 + len(self.fields) * self.row

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill(theme.BACKDROP)
        theme.text(screen, tr(self.title), 44, theme.TEXT, (60, 40), "topleft")
        for field, widget in zip(self.fields, self.inputs):
            theme.text(screen, tr(self.labels[field]), 24, theme.DIM, (60, widget.rect.centery), "midleft")
        for widget in self.widgets:
            if widget.visible:
                widget.draw(screen)
        if self.problem:  # beside the Back button, wrapped: a homeserver's answer can be long
            for i, line in enumerate(theme.wrap(self.problem, 20, screen.get_width() - 340, 3)):
                theme.text(screen, line, 20, (255, 150, 140), (280, self.bottom() + 62 + i * 24), "topleft")

    labels: dict[str, str] = {}


#: The rule sets a new race offers, in the menu's order.
RULES = tuple(PRESETS)


class TrackAndRules:
    """A new race's track and rule set: two buttons, each showing the choice, a click the next."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.tracks = [e for e in app.tracks.entries if not e.problems]
        self.track_at = next((i for i, e in enumerate(self.tracks) if e.path.stem == "oval"), 0)
        self.rules_at = 0
        self.track_button = Button("track", lambda: tr("create.track", track=self.track_name()), self.next_track)
        self.rules_button = Button(
            "rules", lambda: tr("create.rules", rules=tr(f"preset.{self.preset}")), self.next_rules
        )

    @property
    def preset(self) -> str:
        return RULES[self.rules_at]

    def track_name(self) -> str:
        return self.tracks[self.track_at].name if self.tracks else "–"

    def next_track(self) -> None:
        if self.tracks:
            self.track_at = (self.track_at + 1) % len(self.tracks)

    def next_rules(self) -> None:
        self.rules_at = (self.rules_at + 1) % len(RULES)

    def track(self) -> Track | None:
        """The chosen track, loaded (None when the game has none, or it does not load)."""
        return self.app.tracks.load(self.tracks[self.track_at]).track if self.tracks else None

    def place(self, top: int, height: int) -> None:
        self.track_button.rect = pygame.Rect(280, top, 300, height)
        self.rules_button.rect = pygame.Rect(590, top, 330, height)
