"""What the qualifying screen's parts use of the qualifying scene: the session, the lap on
screen, where the pieces are and the driver's decisions.

The parts (layout, input, drawing) are objects the scene owns; each holds the scene typed as this
protocol, so a part names exactly what it reads, and no part imports the scene that imports it.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.app.loop import App
from game.board.marks import Layer
from game.board.view import BoardView
from game.play.lapreplay import LapReplay
from game.play.stopwatch import Stopwatch
from game.storage.laprecords import LapRecord
from game.widgets.anims import Anim, Drive
from game.widgets.controls import Button
from game.widgets.dice import DiceTray
from game.widgets.gearbox import GearBox
from rules.files.record import Entry
from rules.moves import Move
from rules.qualifying.grid import LapResult
from rules.qualifying.session import QualifyingSession
from rules.ruleset import RuleSet
from rules.state import RaceState
from rules.tables.tyres import Tyre
from rules.track import Track


class QualifyingScreen(Protocol):
    """The qualifying scene (``game.scenes.qualifying.scene.QualifyingScene``) as its parts see it."""

    app: App
    session: QualifyingSession
    track: Track
    view: BoardView
    trial: bool
    best: LapRecord | None
    watch: Stopwatch
    phase: str
    countdown: float
    queue: list[Anim]
    drives: dict[str, Drive]
    tray: DiceTray
    gearbox: GearBox
    layer: Layer
    ghost_layer: Layer
    pulse: float
    result: LapResult | None
    replay: LapReplay | None
    replay_ms: float
    ghost: LapReplay | None
    shown_state: RaceState | None
    pick: int
    tyre: Tyre | None
    framed: RaceState | None
    placed: bool
    message: str
    paused: bool
    start_button: Button
    tyre_buttons: list[Button]
    stop_button: Button
    undo_button: Button
    pause_buttons: list[Button]
    # where the pieces are (``game.scenes.qualifying.layout``)
    top: pygame.Rect
    panel: pygame.Rect
    hint_rect: pygame.Rect
    tray_rect: pygame.Rect
    clock_rect: pygame.Rect
    counters_rect: pygame.Rect

    @property
    def rules(self) -> RuleSet: ...

    @property
    def entry(self) -> Entry | None: ...

    @property
    def idle(self) -> bool: ...

    def wait(self) -> str: ...

    def destinations(self) -> dict[str, list[Move]]: ...

    def ranked_targets(self) -> list[str]: ...

    def optional(self) -> bool: ...

    def shown_results(self) -> list[LapResult]: ...

    def begin(self) -> None: ...

    def proceed(self) -> None: ...

    def choose(self, gear: int) -> None: ...

    def roll(self) -> None: ...

    def undo(self) -> None: ...

    def enter(self) -> None: ...

    def stop_here(self) -> None: ...

    def clicked(self, space: str) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def draw_widgets(self, screen: pygame.Surface) -> None: ...
