"""What the race screen's parts use of the race scene: its state, its pieces and its decisions.

The parts (layout, input, keys, dialogs, pacing, drawing, log, status) are objects the scene
owns; each holds the scene typed as this protocol (and the parts below it it calls), so a part
names exactly what it reads, and no part imports the scene that imports it.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game import theme
from game.app.loop import App
from game.board.marks import Layer
from game.board.view import BoardView
from game.play.race_control import RaceControl, Step
from game.play.racelog import LogLine
from game.widgets.anims import Anim, Drive
from game.widgets.announcer import Announcer
from game.widgets.controls import Button, Widget
from game.widgets.crewdialog import CrewDialog
from game.widgets.dashboard import Dashboard
from game.widgets.dice import DiceTray
from game.widgets.freewpdialog import FreeWPDialog
from game.widgets.gearbox import GearBox
from game.widgets.leaguedialog import LeagueDialog
from game.widgets.panels import Panels
from game.widgets.pitplan import PitPlanDialog
from game.widgets.planaid import PlanAid
from game.widgets.waymenu import WayMenu
from game.widgets.weatherfx import WeatherShow
from rules.moves import Move
from rules.state import CarState
from rules.tables import pit_points
from rules.track import Track

#: The dialogs the race opens over the board: the crew's, the league's questions, the pit plan, won WP.
RaceDialog = CrewDialog | LeagueDialog | PitPlanDialog | FreeWPDialog


class RaceScreen(Protocol):
    """The race scene (``game.scenes.race.scene.RaceScene``) as its parts see it."""

    app: App
    control: RaceControl
    track: Track
    view: BoardView
    gearbox: GearBox
    aid: PlanAid
    dashboard: Dashboard
    tray: DiceTray
    layer: Layer
    weather: WeatherShow
    announcer: Announcer
    panels: Panels
    buttons: dict[str, Button]
    widgets: list[Widget]
    # what is on screen
    log: list[LogLine]
    moments: dict[int, int]
    log_rows: list[tuple[pygame.Rect, LogLine]]
    log_scroll: int
    since: list[Step]
    since_at: list[int]
    summary_moments: dict[int, int]
    summary: list[LogLine] | None
    queue: list[Anim]
    drives: dict[str, Drive]
    banner: str | None
    message: tuple[str, theme.Colour] | None
    menu: WayMenu | None
    dialog: RaceDialog | None
    red_flag: tuple[str, float] | None
    pulse: float
    calm_for: float
    pace: float
    skipping: bool
    placed: bool
    # the choices that go with the next gear
    boost: bool
    nitro: bool
    announce: pit_points.PitPlan | None
    # where the pieces are (``game.scenes.race.layout``)
    top: pygame.Rect
    panel: pygame.Rect
    hint_rect: pygame.Rect
    tray_rect: pygame.Rect
    tray_full: pygame.Rect
    log_rect: pygame.Rect
    dialog_area: pygame.Rect
    standings_rect: pygame.Rect
    clocks_rect: pygame.Rect
    chip: pygame.Rect

    @property
    def idle(self) -> bool: ...

    @property
    def speed(self) -> float: ...

    def say(self, text: str, colour: theme.Colour = ...) -> None: ...

    def key_of(self, action: str) -> str: ...

    def help_text(self) -> str: ...

    def focus_car(self) -> str | None: ...

    def here(self) -> str: ...

    def active_car(self) -> CarState: ...

    def league_gears(self) -> bool: ...

    def roll(self) -> None: ...

    def undo(self) -> None: ...

    def choose(self, gear: int) -> None: ...

    def drive(self, move: Move) -> None: ...

    def end_move(self) -> None: ...

    def clicked(self, space: str) -> None: ...

    def pause(self) -> None: ...

    def dismiss_banner(self) -> None: ...

    def ask_hint(self) -> None: ...

    def toggle_boost(self) -> None: ...

    def toggle_nitro(self) -> None: ...

    def toggle_follow(self) -> None: ...

    def next_speed(self) -> None: ...

    def draw_widgets(self, screen: pygame.Surface) -> None: ...
