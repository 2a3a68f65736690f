"""The race: the board with the cars, the dashboard, the gear box, the dice and the log.

Decisions go to ``RaceControl`` (which saves after each); what they did is
queued as animations (a die tumbling, a car driving) and the next decision
is only asked for when the queue is empty. Computer drivers and black-die
checks run by themselves, paced by the animation speed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.app.loop import Scene
from game.board.framing import frame_points
from game.board.marks import Layer
from game.board.view import BoardView
from game.play.history import keep_race
from game.play.pacing import pace, pause
from game.play.race_control import RaceControl, Step, Wait
from game.play.racelog import LogLine, describe, spaces_line
from game.play.remote_control import RemoteControl
from game.play.retrack import Replayed, replay_on, retrack
from game.play.since import summary
from game.scenes.hotreload import HotReload, swap_board
from game.scenes.race.dialogs import LEAGUE_QUESTIONS, RaceDialogs
from game.scenes.race.drawing import RaceDrawing
from game.scenes.race.input import RaceInput
from game.scenes.race.keys import RaceKeys
from game.scenes.race.layout import CLOSE_UP, RaceLayout
from game.scenes.race.log import LOG_KEEP, RaceLog
from game.scenes.race.pacing import RacePacing
from game.scenes.race.screen import RaceDialog
from game.scenes.race.status import RaceStatus
from game.scenes.remote.panel import HEIGHT as REMOTE_H
from game.scenes.remote.panel import remote_widgets
from game.storage.settings import SPEEDS
from game.texts import Notice, die_name, percent, reason_text, tr
from game.widgets.anims import Anim, Call, Delay, Drive, play
from game.widgets.announcer import Announcer
from game.widgets.controls import Button
from game.widgets.dashboard import Dashboard
from game.widgets.dice import DiceTray
from game.widgets.focus import key_label
from game.widgets.gearbox import GearBox
from game.widgets.panels import Panels, clear
from game.widgets.planaid import PlanAid, trap_text
from game.widgets.race_hud import MARGIN, TOP
from game.widgets.waymenu import WayMenu
from game.widgets.weatherfx import WeatherShow
from rules.ai.hint import champion_hint
from rules.engine import IllegalAction
from rules.league.blitz import decided
from rules.moves import Move
from rules.ruleset import PRESETS
from rules.state import CarState
from rules.tables import pit_points

if TYPE_CHECKING:
    from game.app.loop import App

DONE_DELAY = 2.0
MESSAGE_TIME = 5.0
LIVELY = 3.0  # seconds the highlights pulse and the rain falls after the last change; then they rest


class RaceScene(Scene):
    name = "race"
    keyboard_focus = False  # the race's own keys (game.scenes.race.keys) work the board and its dialogs

    def __init__(self, app: App, control: RaceControl, view: BoardView) -> None:
        super().__init__(app)
        self.control = control
        self.track = control.track
        self.view = view
        self.gearbox = GearBox()
        self.aid = PlanAid()  # the planning aid and the warnings, once per decision
        self.warned: tuple[object, int] | None = (
            None  # the state and gear whose warning was shown: a second click takes it
        )
        self.dashboard = Dashboard()
        self.tray = DiceTray()
        self.layer = Layer()
        self.log: list[LogLine] = []
        self.moments: dict[int, int] = {}  # id of a line of ``log`` -> its moment (actions so far), for a click on it
        self.log_rows: list[tuple[pygame.Rect, LogLine]] = []  # the log panel's rows as last drawn
        self.queue: list[Anim] = []
        self.drives: dict[str, Drive] = {}
        self.greeted: tuple[int, str] | None = None
        self.banner: str | None = None
        self.message: tuple[str, theme.Colour] | None = None
        self.message_left = 0.0
        self.menu: WayMenu | None = None
        self.dialog: RaceDialog | None = None
        self.weather = WeatherShow()
        self.announcer = Announcer()  # what the whole table hears, over the board: never waited for
        self.chip = pygame.Rect(0, 0, 0, 0)
        self.follow = True
        self.pulse = 0.0
        self.calm_for = 0.0  # seconds since the last input or animation
        self.skipping = False  # Tab: the computers' turns and the dice up to the next human decision, at once
        self.done_for = 0.0
        self.focus: str | None = None
        self.ended = False
        self.placed = False
        self.shown: object = None  # the state whose destinations the camera last brought into view
        self.top = pygame.Rect(0, 0, 0, 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.hint_rect = pygame.Rect(0, 0, 0, 0)
        self.tray_rect = pygame.Rect(0, 0, 0, 0)  # the dice tray as it shows now (a tab when folded)
        self.tray_full = pygame.Rect(0, 0, 0, 0)  # ... and unfolded: where it opens for a roll
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.dialog_area = pygame.Rect(0, 0, 0, 0)
        self.standings_rect = pygame.Rect(0, 0, 0, 0)  # the running order, as wide as its longest name needs
        self.panels = Panels(app, lambda: self.layout(self.app.size))  # running order, log, dice: folded or not
        self.turn: tuple[int, str | None] | None = None  # the turn whose decisions the camera frames
        self.clocks_rect = pygame.Rect(0, 0, 0, 0)  # FD Blitz: the two clocks under the running order
        self.log_scroll = 0  # rows of the log scrolled back from the newest
        self.since: list[Step] = []  # what happened since a human last decided, for the summary
        self.since_at: list[int] = []  # ... and the moment of each of those steps
        self.summary_moments: dict[int, int] = {}  # id of a summary line -> the moment after its car's last action
        self.summary: list[LogLine] | None = None  # shown instead of the log until that human decides
        self.pace = 1.0  # computer turns between humans run faster (game.play.pacing)
        self.red_flag: tuple[str, float] | None = None  # RESTART-1/2: the banner's words and seconds left
        self.boost = False  # ENG-D-3: the next gear is declared with the engine boost
        self.nitro = False  # STREET-3: the next gear is declared with the lap's nitro
        self.announce: pit_points.PitPlan | None = None  # PIT-D-6: sent with the next gear
        # the parts of the screen, each with one job (game.scenes.race.screen says what they use of it)
        self.log_panel = RaceLog(self)
        self.pacing = RacePacing(self, self.log_panel)
        self.dialogs = RaceDialogs(self, self.pacing)
        self.places = RaceLayout(self)
        self.keyboard = RaceKeys(self, self.pacing, self.dialogs, self.log_panel)
        self.input = RaceInput(self, self.places, self.pacing, self.dialogs, self.log_panel, self.keyboard)
        self.drawing = RaceDrawing(self, self.places, self.input, self.dialogs, self.log_panel, self.keyboard)
        self.report = RaceStatus(self, self.input, self.log_panel, self.keyboard)
        self.buttons = {
            "fit": Button(
                "fit",
                lambda: tr("race.fit", shortcut=self.key_of("race.fit")),
                lambda: self.view.fit(by_hand=True),
                px=22,
            ),
            "follow": Button(
                "follow",
                lambda: tr(
                    "race.follow",
                    shortcut=self.key_of("race.follow"),
                    state=tr("toggle.on" if self.follow else "toggle.off"),
                ),
                self.toggle_follow,
                px=22,
            ),
            "speed": Button(
                "speed",
                lambda: tr(
                    "race.speed", shortcut=self.key_of("race.speed"), speed=tr(f"speed.{app.settings.animation_speed}")
                ),
                self.next_speed,
                px=22,
            ),
            "menu": Button("menu", lambda: tr("race.menu"), self.pause, px=22),
            "roll": Button(
                "roll", lambda: tr("race.roll", shortcut=self.key_of("race.roll")), self.roll, "primary", px=24
            ),
            "undo": Button("undo", lambda: tr("race.undo", shortcut=self.key_of("race.undo")), self.undo, px=20),
            "end": Button(
                "end",
                lambda: tr("race.end_move", shortcut=self.key_of("race.end_move")),
                self.end_move,
                "primary",
                px=22,
            ),
            "boost": Button(
                "boost",
                lambda: tr("race.boost", state=tr("toggle.on" if self.boost else "toggle.off")),
                self.toggle_boost,
                px=19,
                hint=lambda: [tr("race.boost_hint")],
            ),
            "nitro": Button(
                "nitro",
                lambda: tr("race.nitro", state=tr("toggle.on" if self.nitro else "toggle.off")),
                self.toggle_nitro,
                px=19,
                hint=lambda: [tr("race.nitro_hint", shortcut=self.key_of("race.nitro"))],
            ),
            "pitplan": Button(
                "pitplan",
                self.dialogs.plan_label,
                self.dialogs.edit_pit_plan,
                px=19,
                hint=lambda: [tr("race.pit_plan_hint")],
            ),
            "log": Button(
                "log",
                lambda: tr("race.full_log", shortcut=self.key_of("race.log")),
                self.log_panel.open_log,
                "ghost",
                px=17,
            ),
            "hint": Button("hint", lambda: tr("hint.button", shortcut=self.key_of("race.hint")), self.ask_hint, px=19),
            "skip": Button(
                "skip",
                lambda: tr(
                    "race.skip" if self.control.humans_racing() else "race.finish_race",
                    shortcut=self.key_of("race.skip"),
                ),
                self.pacing.skip,
                px=22,
            ),
        }
        self.widgets = [*self.buttons.values(), *self.panels.handles.values()]
        if isinstance(control, RemoteControl):  # a race between homes: its chat and sealed bids, over the dice tray

            def above() -> pygame.Rect:
                """The room above the dice tray, as the window is now."""
                return pygame.Rect(
                    self.tray_full.left,
                    TOP + MARGIN,
                    self.tray_full.width,
                    min(REMOTE_H, self.buttons["end"].rect.top - 8 - TOP - MARGIN),
                )

            self.widgets += remote_widgets(control, above)
        # saving the race's map in Tiled shows the new board, if the race can go on there
        self.reload = HotReload(
            app,
            next((e for e in app.tracks.entries if e.track is control.track), None),
            lambda track: replay_on(control, track),
        )
        kept = control.history[-LOG_KEEP:]  # a resumed race shows what happened before
        for at, step in enumerate(kept, start=len(control.history) - len(kept) + 1):  # one step per action
            self.log_panel.write(describe(control, step), at)
        self._show_roll_to_move()

    def _show_roll_to_move(self) -> None:
        """A race resumed after a roll: the tray shows the die whose spaces the car still has to drive."""
        state = self.control.state
        if state.phase != "move" or state.roll is None or state.active is None:
            return
        car = state.car(state.active)
        die = state.rules.gear_dice.die(car.gear)
        caption = tr("dice.caption", name=self.control.name(car.id), purpose=die_name(die.name))
        self.tray.start(die, state.roll, caption, self.speed, spaces_line(state.roll))
        self.tray.settle()

    # --- the scene's calls, each answered by its part ------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.places.layout(size)

    def handle(self, event: pygame.event.Event) -> bool:
        return self.input.handle(event, super().handle)

    def draw(self, screen: pygame.Surface) -> None:
        self.drawing.draw(screen)

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        return self.drawing.hint_at(pos, super().hint_at(pos))

    def status(self) -> dict[str, Any]:
        return self.report.status(super().status())

    # --- state ------------------------------------------------------------------------

    @property
    def idle(self) -> bool:
        return not self.queue and self.banner is None

    @property
    def speed(self) -> float:
        return self.app.settings.speed_factor * self.pace

    def _pace_for(self, actor: str | None) -> float:
        """How much faster a computer's step runs (``game.play.pacing``)."""
        return pace(self.control, actor)

    def key_of(self, action: str) -> str:
        """The key of ``action`` as the player's key map has it, named as the buttons show it."""
        return key_label(self.app.keys.key(action))

    def help_text(self) -> str:
        """The race's keys, as the player's key map has them."""
        return tr(
            "race.help",
            fit=self.key_of("race.fit"),
            follow=self.key_of("race.follow"),
            speed=self.key_of("race.speed"),
            skip=self.key_of("race.skip"),
        )

    def focus_car(self) -> str | None:
        """The car the dashboard shows and the camera follows: whoever acts or rolls now."""
        if self.drives:
            return next(iter(self.drives))
        return self.control.roller() or self.control.state.active or self.focus

    def say(self, text: str, colour: theme.Colour = (255, 150, 140)) -> None:
        self.message = (text, colour)
        self.message_left = MESSAGE_TIME

    # --- decisions ----------------------------------------------------------------------

    def choose(self, gear: int) -> None:
        if not self.idle or self.control.wait() != Wait.GEAR:
            return
        traps = self.aid.of(self.track, self.control.state, self.announce)[1].get(gear)
        if traps and self.warned != (self.control.state, gear):  # a rule trap: said first, a second click takes it
            self.warned = (self.control.state, gear)
            self.app.sound.play("error")
            self.say(tr("trap.confirm", text=trap_text(traps[0])), theme.ORANGE)
            return
        try:
            step = self.control.choose_gear(
                gear,
                self.boost and self.buttons["boost"].visible,
                self.announce,
                self.nitro and self.buttons["nitro"].visible,
            )
        except IllegalAction as err:
            self.app.sound.play("error")
            self.say(reason_text(err.reason))
            return
        self.message = None
        self.boost, self.announce, self.nitro = False, None, False
        self.pacing.play(step)

    def ask_hint(self) -> None:
        """What the Champion level would declare here, and why, in the hint bar."""
        if not self.idle or self.control.wait() != Wait.GEAR:
            return
        if not self.app.settings.hints:
            self.say(tr("hint.off"), theme.DIM)
            return
        hint = champion_hint(self.track, self.control.state)
        values = {k: percent(v) if isinstance(v, float) else v for k, v in hint.values.items()}
        self.say(tr("hint.pick", gear=hint.gear, reason=tr(f"hint.{hint.reason}", **values)), theme.YELLOW)

    # --- the league's extras to a gear: the engine boost, the pit announcement ----------

    def league_gears(self) -> bool:
        """Do the rules add the boost (ENG-D-3), pit announcements (PIT-D-6) or the nitro
        (STREET-3) to a gear choice?"""
        rules = self.control.state.rules
        return rules.engine_boost or rules.pit_points or rules.street

    def toggle_boost(self) -> None:
        if self.buttons["boost"].visible:
            self.boost = not self.boost

    def toggle_nitro(self) -> None:
        if self.buttons["nitro"].visible:
            self.nitro = not self.nitro

    def active_car(self) -> CarState:
        state = self.control.state
        return state.car(state.active or state.cars[0].id)

    def roll(self) -> None:
        if self.idle and self.control.wait() == Wait.ROLL:
            self.pacing.play(self.control.roll())

    def undo(self) -> None:
        if self.idle and self.control.can_undo():
            car = self.control.state.active
            self.control.undo_gear()
            self.app.sound.play("shift")
            self.log_panel.write([LogLine("log.undo", {"name": self.control.name(car)}, car)], self.log_panel.moment())

    def drive(self, move: Move) -> None:
        self.menu = None
        if self.idle and self.control.wait() == Wait.MOVE:
            self.pacing.play(self.control.drive(move))

    def end_move(self) -> None:
        """Decline the optional extras (soft-tyre bonus, slipstream): the car stops here."""
        self.menu = None
        if self.idle and self.control.wait() == Wait.MOVE and self.control.optional():
            self.pacing.play(self.control.end_move())

    def clicked(self, space: str) -> None:
        """A click on the board (``""`` = not on a space) while the player picks a move."""
        if not self.idle or self.control.wait() != Wait.MOVE:
            return
        if not space:
            self.say(tr("race.not_a_space"), theme.DIM)
            return
        destinations = self.control.destinations()
        if space in destinations:
            moves = destinations[space]
            if len(moves) == 1:
                self.drive(moves[0])
            else:
                self.menu = WayMenu(self.track, self.here(), space, moves, theme.pointer(), self.view.viewport)
            return
        why = self.control.why_not(space)
        self.app.sound.play("error")
        text = why.text() if isinstance(why, Notice) else tr("race.why_not", space=space, reason=reason_text(why))
        self.say(text)

    def here(self) -> str:
        return self.control.state.car(self.control.state.active or "").space or ""

    def toggle_follow(self) -> None:
        self.follow = not self.follow

    def next_speed(self) -> None:
        s = self.app.settings
        level = s.animation_speed % max(SPEEDS) + 1
        self.app.change_settings(s.model_copy(update={"animation_speed": level}))

    def pause(self) -> None:
        from game.scenes.menus.pause import PauseScene

        self.menu = None
        rules = self.control.state.rules
        preset = next((k for k, r in PRESETS.items() if r.name == rules.name), None)
        self.app.push(PauseScene(self.app, preset))

    # --- the frame --------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.pulse += dt
        for notice in self.control.new_notices():  # a failing autosave shows now, while the race goes on
            self.app.notify(notice)
        if self.skipping:
            self.pacing.skip_ahead()
        self.calm_for = 0.0 if self.queue else self.calm_for + dt
        self.view.update(dt)
        self.weather.update(dt)
        if self.banner is None and self.dialog is None:  # a card's time runs only while nothing covers it
            self.announcer.update(dt)
        if self.red_flag is not None:
            text, left = self.red_flag
            self.red_flag = (text, left - dt) if left > dt else None
        if self.message is not None:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = None
        play(self.queue, dt)
        self._follow()
        if self.queue:
            if self.control.wait() == Wait.COMPUTER:
                self.control.think()  # the driver decides while the steps before still play
            return
        if self.reload.pending and self.banner is None:
            self._reload()
        w = self.control.wait()
        if w != Wait.DONE and self.control.header.blitz is not None and decided(self.control.state):
            w = Wait.DONE  # AMB-46b: a Blitz heat is over once a car has finished the distance
        if w == Wait.DONE:
            self.done_for += dt
            if self.done_for >= DONE_DELAY / self.speed and not self.ended:
                self.finish()
        elif w == Wait.DICE:  # at the chosen speed only for a human's car in a human's turn
            self.pace = max(self._pace_for(self.control.state.active), self._pace_for(self.control.roller()))
            self.queue += [
                Delay(pause(0.3, self.pace) / self.speed),
                Call(lambda: self.pacing.play(self.control.roll())),
            ]
            play(self.queue, 0.0)  # without a beat before it, the die is thrown in this frame
        elif w == Wait.COMPUTER:
            self.pace = self._pace_for(self.control.roller())
            self.control.think()  # the driver decides while the delay runs and the window animates
            self.queue += [
                Delay(pause(0.55, self.pace) / self.speed),
                Call(lambda: self.pacing.play(self.control.computer())),
            ]
            play(self.queue, 0.0)  # without a beat before it, the decision shows in this frame
        elif w == Wait.REMOTE:
            self._remote()
        else:
            self.pace = 1.0
            self._greet()
            if self.banner is None and self.dialog is None and self.pacing.tick_clock(dt):
                return
            if w in (Wait.SETUP, Wait.PIT, *LEAGUE_QUESTIONS) and self.dialog is None and self.banner is None:
                self.dialogs.open()

    def _remote(self) -> None:
        """A race between homes: play what the referee's record brought, show its notices."""
        remote = self.control
        assert isinstance(remote, RemoteControl)
        step = remote.remote_step()
        for line in remote.take_lines():
            self.say(line, theme.YELLOW)
        if step is not None:
            self.pace = 1.0
            self.pacing.play(step)

    def _reload(self) -> None:
        """The map was saved: the race goes on on the new board if it can (game.play.retrack),
        else it stays on the old one and the notice says which spaces went away or why."""
        entry = self.reload.poll()
        if entry is None or entry.track is None or entry.board is None:
            return
        prepared = self.reload.prepared
        refused = retrack(self.control, entry.track, prepared if isinstance(prepared, Replayed) else None)
        if refused is None:
            self.track = entry.track
            self.menu = None
            swap_board(self.view, entry.board)
            self.say(tr("reload.done"), theme.DIM)
        elif refused.gone:
            shown = ", ".join(refused.gone[:8]) + (" …" if len(refused.gone) > 8 else "")
            self.app.notify(Notice("reload.gone", {"n": len(refused.gone), "spaces": shown}))
        else:
            self.app.notify(Notice("reload.differs", {"action": refused.differs_at or 0}))

    def closed(self) -> None:
        self.reload.stop()

    def animating(self) -> bool:
        """Dice, cars and computer turns move by themselves, and for a moment after each change the
        destinations pulse and the rain falls; a screen that waits for a human then rests."""
        if self.skipping or self.control.clock_runs() is not None:  # a running clock shows its seconds
            return True
        waiting = self.control.wait() not in (Wait.DICE, Wait.COMPUTER, Wait.DONE)
        quiet = not self.queue and self.message is None and not self.announcer.showing
        return not (waiting and quiet and self.calm_for >= LIVELY and not self.view.animating())

    def _greet(self) -> None:
        """A human's turn begins: the hot-seat banner when several people share the screen."""
        state = self.control.state
        key = (state.round, state.active or "")
        if key == self.greeted or self.banner is not None:
            return
        self.app.sound.play("turn")
        if any(not self.control.human(s.car) for s in self.since):
            self.summary = summary(self.control, self.since)
            self.summary_moments = self.log_panel.summary_moments(self.summary)
        self.since, self.since_at = [], []
        if self.control.humans >= 2:
            self.banner = state.active
        else:
            self.greeted = key

    def dismiss_banner(self) -> None:
        state = self.control.state
        self.greeted = (state.round, state.active or "")
        self.banner = None

    def _follow(self) -> None:
        state = self.control.state
        if (state.round, state.active) != self.turn:  # a new turn: the camera frames again
            if self.turn is not None:
                self.view.by_hand = False
            self.turn = (state.round, state.active)
        if not self.follow:
            return
        if self.drives:
            drive = next(iter(self.drives.values()))
            self.view.follow(drive.pose[:2], keep=0.5)
            return
        car = self.focus_car()
        if car is not None and car != self.focus:
            self.focus = car
            space = self.control.state.car(car).space
            if space is not None:
                s = self.track.space(space)
                self.view.follow((s.x, s.y))
        wait = self.control.wait()
        if (
            self.idle
            and wait in (Wait.GEAR, Wait.MOVE)
            and state.active
            and self.shown != state
            and not self.view.by_hand
        ):
            self.shown = state  # once per decision, and never after the player moved the camera this turn
            destinations = list(self.control.destinations()) if wait == Wait.MOVE else []
            points = frame_points(self.track, self.view.board.corner_boxes, state, state.active, destinations)
            covers = self.places.covers()
            self.view.stop()  # a glide to the car would move what is framed here under a panel
            self.view.frame(
                points,
                self.view.free,
                lambda p: clear(p, self.view.viewport, covers),
                closest=CLOSE_UP / self.view.board.lane_width,
            )

    def finish(self) -> None:
        from game.scenes.history.results import ResultsScene

        self.ended = True
        for notice in keep_race(self.app.data, self.control):  # into the history before the save goes
            self.app.notify(notice)
        results = ResultsScene(self.app, self.control)  # a championship's race is stored here, also first
        if results.match is None or results.match.winner is not None:
            self.app.saves.clear()  # a Blitz match keeps its save until its last heat: its score lives there
        self.app.replace(results)
