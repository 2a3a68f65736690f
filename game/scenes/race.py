"""The race: the board with the cars, the dashboard, the gear box, the dice and the log.

Decisions go to ``RaceControl`` (which saves after each); what they did is
queued as animations (a die tumbling, a car driving) and the next decision
is only asked for when the queue is empty. Computer drivers and black-die
checks run by themselves, paced by the animation speed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.widgets.anims import STEP_TIME, Anim, Call, Delay, Drive, Tumble, play
from game.board.marks import Layer, draw_destinations, draw_extras, draw_marker, draw_path, tone
from game.board.framing import frame_points
from game.board.view import BoardView
from game.play.crew import BoxWork as PitPlan, SetupPlan
from game.widgets.crewdialog import CrewDialog
from game.widgets.freewpdialog import FreeWPDialog
from game.widgets.leaguedialog import LeagueDialog
from game.widgets.pitplan import PitPlanDialog
from game.play.since import summary
from game.play.tellings import tellings
from game.play.history import keep_race
from game.play.replay import Replay
from game.widgets.dashboard import HEIGHT as DASH_HEIGHT, Dashboard
from game.widgets.dice import DiceTray, draw_die
from game.widgets.gearbox import HEIGHT as GEAR_HEIGHT, GearBox
from game.widgets.planaid import PlanAid, draw_stop_marks, trap_text
from game.texts import Notice, die_name, percent, place_name, reason_text, tr
from game.play.movetext import corner_sign_lines, move_lines
from game.play.race_control import RaceControl, Step, Wait
from game.play.pacing import die_speed, pace, pause, step_time
from game.play.remote_control import RemoteControl
from game.scenes.remote_panel import HEIGHT as REMOTE_H, remote_widgets
from game.widgets.street_legend import draw_street_legend, legend_rect, street_hint
from game.widgets.race_hud import (HINT_H, MARGIN, PANEL_W, TONES, TOP, draw_banner, draw_cars, draw_hint, draw_log,
                                   draw_red_flag, draw_standings, draw_topbar, standings_height, standings_width,
                                   CLOCKS_H, draw_clocks)
from game.play.racelog import LogLine, describe, roll_outcome, spaces_line
from game.play.retrack import Replayed, replay_on, retrack
from game.scenes.hotreload import HotReload, swap_board
from game.scenes.race_keys import RaceKeys
from rules.blitz import decided
from game.app.loop import Scene
from game.storage.settings import SPEEDS
from game.widgets.controls import Button
from game.widgets.focus import key_label
from game.widgets.panels import HANDLE, TAB_H, TITLES, Panels, clear, draw_tab, free_rects, handle_rect, tab_width
from game.widgets.waymenu import WayMenu
from game.widgets.weatherfx import WeatherShow, draw_chip
from game.widgets.announcer import Announcer
from game.play.announcements import announcements
from rules.dice import Purpose
from rules.actions import Bid, FreeWP, Karma, Roll, TCar
from rules.ai.hint import champion_hint
from rules.ai.traps import box_refusal, move_traps
from rules.engine import IllegalAction, chance, nitro_refusal, to_move
from rules.tables import pit_points as pitpoints
from rules.ruleset import PRESETS
from rules.state import CarState
from rules.gears import ShiftCost
from rules.moves import Move

if TYPE_CHECKING:
    from game.app.loop import App

TRAY_W, TRAY_H = 310, 126
LOG_H = 168
LOG_HANDLE = 18  # px: the open log's fold handle, in the room its last line leaves
LOG_KEEP = 300
LOG_WHEEL = 2  # log rows per notch of the mouse wheel
SKIP_FRAME = 0.03  # seconds of each frame a skip may spend on the computers' turns
#: Keys that look at the board (fit, zoom, pan, follow, speed): they work behind the turn card too.
VIEW_KEYS = (pygame.K_f, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS,
             pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_c, pygame.K_s)
DONE_DELAY = 2.0
# answered in a LeagueDialog; the street race's won WP (STREET-7, STREET-8) in a FreeWPDialog
LEAGUE_QUESTIONS = (Wait.KARMA, Wait.BID, Wait.TCAR, Wait.WP)
LEAGUE_ROW = 48  # the boost and pit-plan buttons under the gear box
FLAG_TIME = 2.5  # seconds the red flag of a restart stays (RESTART-1/2)
MESSAGE_TIME = 5.0
LIVELY = 3.0  # seconds the highlights pulse and the rain falls after the last change; then they rest
CLOSE_UP = 44  # screen px per lane at the start of a race


class RaceScene(Scene):
    name = "race"
    keyboard_focus = False  # the race's own keys (game.scenes.race_keys) work the board and its dialogs

    def __init__(self, app: App, control: RaceControl, view: BoardView) -> None:
        super().__init__(app)
        self.control = control
        self.track = control.track
        self.view = view
        self.gearbox = GearBox()
        self.aid = PlanAid()  # the planning aid and the warnings, once per decision
        self.warned: tuple[object, int] | None = None  # the state and gear whose warning was shown: a second click takes it
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
        self.dialog: CrewDialog | LeagueDialog | PitPlanDialog | FreeWPDialog | None = None
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
        self.announce: pitpoints.PitPlan | None = None  # PIT-D-6: sent with the next gear
        self.keyboard = RaceKeys(self)
        self.buttons = {
            "fit": Button("fit", lambda: tr("race.fit", shortcut=self.key_of("race.fit")), lambda: self.view.fit(by_hand=True),
                          px=22),
            "follow": Button("follow", lambda: tr("race.follow", shortcut=self.key_of("race.follow"),
                                                  state=tr("toggle.on" if self.follow else "toggle.off")),
                             self.toggle_follow, px=22),
            "speed": Button("speed", lambda: tr("race.speed", shortcut=self.key_of("race.speed"),
                                                speed=tr(f"speed.{app.settings.animation_speed}")),
                            self.next_speed, px=22),
            "menu": Button("menu", lambda: tr("race.menu"), self.pause, px=22),
            "roll": Button("roll", lambda: tr("race.roll", shortcut=self.key_of("race.roll")), self.roll, "primary", px=24),
            "undo": Button("undo", lambda: tr("race.undo", shortcut=self.key_of("race.undo")), self.undo, px=20),
            "end": Button("end", lambda: tr("race.end_move", shortcut=self.key_of("race.end_move")), self.end_move, "primary",
                          px=22),
            "boost": Button("boost", lambda: tr("race.boost", state=tr("toggle.on" if self.boost else "toggle.off")),
                            self.toggle_boost, px=19, hint=lambda: [tr("race.boost_hint")]),
            "nitro": Button("nitro", lambda: tr("race.nitro", state=tr("toggle.on" if self.nitro else "toggle.off")),
                            self.toggle_nitro, px=19, hint=lambda: [tr("race.nitro_hint", shortcut=self.key_of("race.nitro"))]),
            "pitplan": Button("pitplan", self._plan_label, self.edit_pit_plan, px=19, hint=lambda: [tr("race.pit_plan_hint")]),
            "log": Button("log", lambda: tr("race.full_log", shortcut=self.key_of("race.log")), self.open_log, "ghost", px=17),
            "hint": Button("hint", lambda: tr("hint.button", shortcut=self.key_of("race.hint")), self.ask_hint, px=19),
            "skip": Button("skip", lambda: tr("race.skip" if self.control.humans_racing() else "race.finish_race",
                                              shortcut=self.key_of("race.skip")),
                           self.skip, px=22),
        }
        self.widgets = list(self.buttons.values()) + list(self.panels.handles.values())
        if isinstance(control, RemoteControl):  # a race between homes: its chat and sealed bids, over the dice tray
            above = lambda: pygame.Rect(self.tray_full.left, TOP + MARGIN, self.tray_full.width,  # noqa: E731
                                        min(REMOTE_H, self.buttons["end"].rect.top - 8 - TOP - MARGIN))
            self.widgets += remote_widgets(control, above)
        # saving the race's map in Tiled shows the new board, if the race can go on there
        self.reload = HotReload(app, next((e for e in app.tracks.entries if e.track is control.track), None),
                                lambda entry: replay_on(control, entry.track))
        kept = control.history[-LOG_KEEP:]  # a resumed race shows what happened before
        for at, step in enumerate(kept, start=len(control.history) - len(kept) + 1):  # one step per action
            self._write(describe(control, step), at)
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

    # --- layout ---------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.top = pygame.Rect(0, 0, w, TOP)
        self.panel = pygame.Rect(w - PANEL_W, TOP, PANEL_W, h - TOP)
        board = pygame.Rect(0, TOP, w - PANEL_W, h - TOP)
        self.view.set_viewport(board)
        if not self.placed:
            self.placed = True
            self._close_up()
        self.hint_rect = pygame.Rect(MARGIN, h - MARGIN - HINT_H, board.width - 2 * MARGIN, HINT_H)
        self.tray_full = pygame.Rect(board.right - MARGIN - TRAY_W, self.hint_rect.top - 8 - TRAY_H, TRAY_W, TRAY_H)
        self.tray_rect = self.tray_full.copy()
        if self.panels.folded("dice"):
            self.tray_rect = pygame.Rect(0, 0, tab_width(tr(TITLES["dice"]), "88"), TAB_H)
            self.tray_rect.bottomright = self.tray_full.bottomright
        log_w = theme.font(17).size(tr("race.full_log", shortcut=self.key_of("race.log")))[0] + 18
        self.log_rect = pygame.Rect(MARGIN, self.hint_rect.top - 8 - LOG_H,
                                    max(200, self.tray_full.left - 2 * MARGIN), LOG_H)
        if self.panels.folded("log"):  # the tab says "Race log" or "Since your turn": as wide as the longer
            tab_w = max(tab_width(tr(title), extra=log_w + 6) for title in ("log.title", "since.title"))
            self.log_rect = pygame.Rect(MARGIN, self.hint_rect.top - 8 - TAB_H, tab_w, TAB_H)
        self.dashboard.rect = pygame.Rect(self.panel.left + 14, TOP + 14, PANEL_W - 28, DASH_HEIGHT)
        gear_top = self.dashboard.rect.bottom + 10
        extras = LEAGUE_ROW if self._league_gears() else 0  # the boost and the pit plan under the gear box
        self.gearbox.rect = pygame.Rect(self.panel.left + 14, gear_top, PANEL_W - 28,
                                        min(GEAR_HEIGHT, h - 8 - gear_top - extras))
        half = (PANEL_W - 28 - 8) // 2
        row_y = self.gearbox.rect.bottom + 6
        self.buttons["boost"].rect = pygame.Rect(self.panel.left + 14, row_y, half, LEAGUE_ROW - 10)
        self.buttons["pitplan"].rect = pygame.Rect(self.panel.left + 22 + half, row_y, half, LEAGUE_ROW - 10)
        # STREET-3: where the boost would be, or beside it when a rule set has both
        self.buttons["nitro"].rect = (self.buttons["pitplan"] if self.control.state.rules.engine_boost else self.buttons["boost"]).rect.copy()
        x = w - MARGIN
        for key, labels in self._bar_labels():
            width = max(theme.font(22).size(label)[0] for label in labels) + 28
            self.buttons[key].rect = pygame.Rect(x - width, 8, width, TOP - 18)
            x -= width + 8
        self.buttons["roll"].rect = pygame.Rect(self.tray_full.left + 120, self.tray_full.top + 52, TRAY_W - 132, 36)
        self.buttons["undo"].rect = pygame.Rect(self.tray_full.left + 120, self.tray_full.top + 92, TRAY_W - 132, 28)
        self.buttons["end"].rect = pygame.Rect(self.tray_full.left, self.tray_rect.top - 52, TRAY_W, 44)
        self.buttons["skip"].rect = self.buttons["end"].rect.copy()  # never shown together
        self.buttons["hint"].rect = self.buttons["end"].rect.copy()  # only at the gear choice, when neither shows
        handles = self.panels.handles
        if self.panels.folded("log"):  # the tab: its title, the full log's button, the handle at its end
            handles["log"].rect = handle_rect(self.log_rect)
            self.buttons["log"].rect = pygame.Rect(handles["log"].rect.left - 6 - log_w, self.log_rect.top + 5, log_w, 22)
        else:  # the handle in the corner under the lines, the title row left to the heading and the button
            handles["log"].rect = pygame.Rect(self.log_rect.right - 4 - LOG_HANDLE, self.log_rect.bottom - 2 - LOG_HANDLE,
                                              LOG_HANDLE, LOG_HANDLE)
            self.buttons["log"].rect = pygame.Rect(self.log_rect.right - 6 - log_w, self.log_rect.top + 5, log_w, 22)
        # the open tray's handle at its top left, clear of the caption; the tab's at its right end
        handles["dice"].rect = handle_rect(self.tray_rect, None if self.panels.folded("dice") else self.tray_rect.left + 6 + HANDLE)
        width = standings_width(self.control)
        if self.panels.folded("order"):  # a tab as wide as its title, over the clocks as wide as ever
            standings = pygame.Rect(MARGIN, TOP + MARGIN, min(width, tab_width(tr(TITLES["order"]))), TAB_H)
        else:
            standings = pygame.Rect(MARGIN, TOP + MARGIN, width, standings_height(self.control))
        self.standings_rect = standings
        handles["order"].rect = handle_rect(standings)
        self.clocks_rect = pygame.Rect(MARGIN, standings.bottom + 8, width, CLOCKS_H if self.control.clocks else 0)
        self.view.free = free_rects(board, self._covers(static=True))
        self.chip = pygame.Rect(x - 224 + 8, 9, 216, TOP - 20)
        self.dialog_area = pygame.Rect(0, TOP, w, h - TOP)  # modal: over the side panel too, for its full width
        if self.dialog is not None:
            self.dialog.layout(self.dialog_area)

    def _bar_labels(self) -> list[tuple[str, list[str]]]:
        """The top bar's buttons from the right, each with every label it can show: a button is as
        wide as its longest, so it never changes size (or cuts its words) when clicked."""
        return [("menu", [tr("race.menu")]),
                ("speed", [tr("race.speed", shortcut=self.key_of("race.speed"), speed=tr(f"speed.{level}")) for level in SPEEDS]),
                ("follow", [tr("race.follow", shortcut=self.key_of("race.follow"), state=tr(f"toggle.{s}")) for s in ("on", "off")]),
                ("fit", [tr("race.fit", shortcut=self.key_of("race.fit"))])]

    def _tray_shown(self) -> pygame.Rect | None:
        """The dice tray as drawn now: open for a roll (its button is in it), else as folded or not;
        None before the first roll of a resumed race."""
        if self.idle and self.control.wait() == Wait.ROLL:
            return self.tray_full
        return self.tray_rect if self.tray.throw is not None else None

    def _covers(self, static: bool = False) -> list[pygame.Rect]:
        """The panels over the board: as drawn now, or (``static``) those the camera keeps clear of
        whatever the moment, the dice tray and the place of the button above it included."""
        rects = [self.standings_rect, self.log_rect, self.hint_rect]
        if self.control.clocks is not None:
            rects.append(self.clocks_rect)
        legend = legend_rect(self.view.viewport, self.track, self.control.state.rules.street)
        if legend is not None:
            rects.append(legend)
        if not static:
            self._sync_buttons()  # the buttons the moment shows, also between frames
        over = [w.rect for w in self.widgets if (w.visible or static and w.id not in ("roll", "undo"))
                and w.rect.colliderect(self.view.viewport)]  # the tray's own buttons show only in the open tray
        if static:
            return rects + [self.tray_rect, self.buttons["end"].rect] + over
        tray = self._tray_shown()
        return rects + ([tray] if tray is not None else []) + over

    def _sync_panels(self) -> None:
        """The dice tray's handle shows while the tray does, and not while a roll holds it open."""
        self.panels.handles["dice"].visible = self._tray_shown() is self.tray_rect

    def _close_up(self) -> None:
        """Start close enough to tell the cars apart, on the car that acts first (or the pole)."""
        lane_px = self.view.board.lane_width * self.view.scale
        if lane_px >= CLOSE_UP:
            return
        self.view.zoom(self.view.viewport.center, CLOSE_UP / lane_px)
        car = self.focus_car()
        space = self.control.state.car(car).space if car else None
        s = self.track.space(space or self.track.grid[0])
        self.view.centre_on((s.x, s.y))

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
        return tr("race.help", fit=self.key_of("race.fit"), follow=self.key_of("race.follow"),
                  speed=self.key_of("race.speed"), skip=self.key_of("race.skip"))

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
            step = self.control.choose_gear(gear, self.boost and self.buttons["boost"].visible, self.announce,
                                            self.nitro and self.buttons["nitro"].visible)
        except IllegalAction as err:
            self.app.sound.play("error")
            self.say(reason_text(err.reason))
            return
        self.message = None
        self.boost, self.announce, self.nitro = False, None, False
        self.play(step)

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

    def _league_gears(self) -> bool:
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

    def _plan_label(self) -> str:
        plan = self.announce or self._active_car().pit_plan
        return tr("race.pit_plan_set", n=pitpoints.plan_points(plan)) if plan else tr("race.pit_plan")

    def _active_car(self) -> CarState:
        state = self.control.state
        return state.car(state.active or state.cars[0].id)

    def edit_pit_plan(self) -> None:
        """PIT-D-6: the announcement, changed as often as the driver likes before the roll."""
        if not self.buttons["pitplan"].visible:
            return
        car = self._active_car()
        if self.announce is not None:
            car = car.model_copy(update={"pit_plan": self.announce})

        def confirm(plan: pitpoints.PitPlan) -> None:
            self.announce, self.dialog = plan, None

        def cancel() -> None:
            self.dialog = None

        self.dialog = PitPlanDialog(self.control.state.rules, car, self.control.name(car.id), confirm, cancel)
        self.dialog.layout(self.dialog_area)

    def roll(self) -> None:
        if self.idle and self.control.wait() == Wait.ROLL:
            self.play(self.control.roll())

    def undo(self) -> None:
        if self.idle and self.control.can_undo():
            car = self.control.state.active
            self.control.undo_gear()
            self.app.sound.play("shift")
            self._write([LogLine("log.undo", {"name": self.control.name(car)}, car)], self._moment())

    def drive(self, move: Move) -> None:
        self.menu = None
        if self.idle and self.control.wait() == Wait.MOVE:
            self.play(self.control.drive(move))

    def end_move(self) -> None:
        """Decline the optional extras (soft-tyre bonus, slipstream): the car stops here."""
        self.menu = None
        if self.idle and self.control.wait() == Wait.MOVE and self.control.optional():
            self.play(self.control.end_move())

    def _open_dialog(self) -> None:
        """The human's crew decides (tyres and car before the start, tyres and repairs at the box),
        or the driver answers a league question (karma, a head-to-head bid, the T-car)."""
        state = self.control.state
        wait = self.control.wait()
        if wait == Wait.WP:  # STREET-7, STREET-8
            self.dialog = FreeWPDialog(state, to_move(state) or "", self.control.name, self.answer)
        elif wait in LEAGUE_QUESTIONS:
            car_id = to_move(state) or ""
            self.dialog = LeagueDialog(wait.value, state, car_id, self.control.name, self.answer)
        elif wait == Wait.PIT and state.rules.pit_points:  # PIT-D-10: at the box without an announcement
            car = state.car(state.active or "")
            self.dialog = PitPlanDialog(state.rules, car, self.control.name(car.id), self.late_plan, None)
        else:
            car = state.car(state.active or "")
            kind = "setup" if wait == Wait.SETUP else "pit"
            self.dialog = CrewDialog(kind, state, car, self.control.name(car.id), self.confirm_crew)
        self.dialog.layout(self.dialog_area)

    def late_plan(self, plan: pitpoints.PitPlan) -> None:
        """The crew's plan chosen at the box (PIT-D-10: 5 points more than announced in time)."""
        self._answer_dialog(lambda: self.control.pit_stop(plan.tyre, repairs=dict(plan.repairs), fuel=plan.fuel))

    def answer(self, action: Karma | Bid | TCar | FreeWP) -> None:
        """Hand the driver's answer to a league question (or where its won WP go) to the race."""
        self._answer_dialog(lambda: self.control.decide(action))

    def confirm_crew(self, plan: SetupPlan | PitPlan) -> None:
        """Hand the crew's plan to the race."""
        if isinstance(plan, SetupPlan):
            reserve = plan.reserve(self.control.state.rules.car_setup)
            self._answer_dialog(lambda: self.control.set_up(plan.tyre, plan.wp if plan.build else None, reserve))
        else:
            self._answer_dialog(lambda: self.control.pit_stop(plan.tyre, plan.long, plan.repairs))

    def _answer_dialog(self, act: Callable[[], Step]) -> None:
        """The open dialog's answer goes to the race; the engine's refusal is shown and the dialog stays."""
        if self.dialog is None or not self.idle:
            return
        try:
            step = act()
        except IllegalAction as err:
            self.app.sound.play("error")
            self.say(reason_text(err.reason))
            return
        self.dialog = None
        self.message = None
        self.play(step)

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
                self.menu = WayMenu(self.track, self._here(), space, moves, theme.pointer(), self.view.viewport)
            return
        why = self.control.why_not(space)
        self.app.sound.play("error")
        text = why.text() if isinstance(why, Notice) else tr("race.why_not", space=space, reason=reason_text(why))
        self.say(text)

    def _here(self) -> str:
        return self.control.state.car(self.control.state.active or "").space or ""

    def toggle_follow(self) -> None:
        self.follow = not self.follow

    def next_speed(self) -> None:
        s = self.app.settings
        level = s.animation_speed % max(SPEEDS) + 1
        self.app.change_settings(s.model_copy(update={"animation_speed": level}))

    def pause(self) -> None:
        from game.scenes.pause import PauseScene

        self.menu = None
        rules = self.control.state.rules
        preset = next((k for k, r in PRESETS.items() if r.name == rules.name), None)
        self.app.push(PauseScene(self.app, preset))

    def open_log(self) -> None:
        """L: the whole log full-screen, read from the record; a click on a line opens the replay
        viewer at that moment in its place, and Esc there comes back to the race as it is."""
        from game.scenes.logview import LogViewScene
        from game.scenes.replay import ReplayScene

        self.menu = None
        replay = Replay(self.track, self.control.session.record())
        board = self.view.board
        self.app.push(LogViewScene(self.app, replay, lambda at: self.app.replace(
            ReplayScene(self.app, replay, BoardView(board), at, live=True))))

    def show_moment(self, at: int) -> None:
        """A click on a line of the log panel: the replay viewer over the race at the moment the
        line was written; its "Back to the race" (Esc) returns to the race as it is."""
        from game.scenes.replay import ReplayScene

        self.menu = None
        replay = Replay(self.track, self.control.session.record())
        self.app.push(ReplayScene(self.app, replay, BoardView(self.view.board), at, live=True))

    def line_moment(self, pos: tuple[int, int]) -> int | None:
        """The moment of the log panel's line under ``pos`` (None off the lines)."""
        line = next((line for rect, line in self.log_rows if rect.collidepoint(pos)), None)
        if line is None:
            return None
        in_summary = self.summary is not None and any(line is x for x in self.summary)
        return (self.summary_moments if in_summary else self.moments).get(id(line))

    def _summary_moments(self, lines: list[LogLine]) -> dict[int, int]:
        """Each line of "since your turn" opens the board right after its car's last action then."""
        last: dict[str, int] = {}
        for step, at in zip(self.since, self.since_at):
            for car in {step.car, *(e.car for e in step.events)} - {None}:
                last[str(car)] = at
        return {id(line): last[line.car] for line in lines if line.car in last}

    def _log_pointer(self) -> tuple[int, int] | None:
        """The mouse over the log panel, when a click there would open a line's moment."""
        pos = theme.pointer()
        free = self.banner is None and self.dialog is None and self.menu is None
        return pos if free and self.log_rect.collidepoint(pos) else None

    def _moment(self) -> int:
        """The race's moment now: the actions recorded, as the replay counts them."""
        return len(self.control.session.actions)

    def _write(self, lines: list[LogLine], at: int) -> None:
        """Lines for the log panel, written at moment ``at``; the oldest beyond LOG_KEEP go."""
        self.log.extend(lines)
        self.moments.update((id(line), at) for line in lines)
        if len(self.log) > LOG_KEEP:
            del self.log[:-LOG_KEEP]
            self.moments = {id(line): self.moments[id(line)] for line in self.log if id(line) in self.moments}

    def roll_or_hurry(self) -> None:
        """Space or a click on the dice: roll when the player may, else hurry what is playing."""
        if self.queue:
            self.queue[0].finish()
        else:
            self.roll()

    # --- showing what happened ------------------------------------------------------------

    def play(self, step: Step) -> None:
        """Queue what a step shows: the die first when it was a roll, then its consequences."""
        at = self._moment()
        if not isinstance(step.action, Roll) and self.control.human(step.car):
            self.since, self.since_at, self.summary = [], [], None  # the human decided: the summary has been read
            self.summary_moments = {}
        else:
            self.since.append(step)
            self.since_at.append(at)
        c = step.chance
        if c is None:
            self.reveal(step, at)
            return
        value = getattr(step.action, "value", 0)
        what = die_name(c.die.name) if c.purpose == Purpose.GEAR else tr(f"purpose.{c.purpose.value}")
        caption = tr("dice.caption", name=self.control.name(step.car), purpose=what)
        speed = self.speed * die_speed(c.purpose, self.pace)

        def throw() -> None:
            self.tray.start(c.die, value, caption, speed, roll_outcome(step))
            self.app.sound.play("dice")

        self.queue += [Call(throw), Tumble(self.tray), Call(lambda: self.reveal(step, at))]

    def reveal(self, step: Step, at: int | None = None) -> None:
        """What ``step`` did: its log lines (written at moment ``at``, the race's action count
        when the step was made; now if not given), sounds and drives."""
        self._write(describe(self.control, step), self._moment() if at is None else at)
        for text, kind in tellings(self.control, step):  # said when it happens, in words
            self.say(text, TONES[kind] if kind != "info" else theme.YELLOW)
        self.announcer.add(announcements(self.control, step), self.app.settings.speed_factor)
        kinds = {e.kind for e in step.events}
        if not self.skipping:
            for kind, sound in (("gear", "shift"), ("moved", "engine"), ("spin", "spin"), ("out", "out"),
                                ("finish", "finish")):
                if kind in kinds:
                    self.app.sound.play(sound)
            if any(e.kind == "wear" and e.data.get("area") == "body" for e in step.events):
                self.app.sound.play("crash")
        for e in step.events:
            if e.kind == "restart":  # RESTART-1/2: the race is stopped and lined up again
                self.red_flag = (tr("log.restart_full" if e.data.get("full") else "log.restart"), FLAG_TIME / self.speed)
                self.app.sound.play("out")
                self.queue.append(Delay(FLAG_TIME / self.speed))
            if e.kind == "moved" and e.car and e.data.get("path"):
                self._queue_drive(e.car, [str(e.data.get("from"))] + list(e.data["path"]))  # type: ignore[arg-type]
            if e.kind == "tunnel" and e.car and not e.data.get("blocked"):  # STREET-7: through to the exit
                self._queue_drive(e.car, [str(e.data.get("from")), str(e.data.get("to"))])

    def _queue_drive(self, car: str, spaces: list[str]) -> None:
        sp = [self.track.space(s) for s in spaces if self.track.has_space(s)]
        if len(sp) < 2:
            return
        seconds = step_time(len(sp) - 1, STEP_TIME / self.speed)
        drive = Drive(car, [(s.x, s.y) for s in sp], [s.heading for s in sp], seconds)
        self.drives[car] = drive

        def parked() -> None:
            self.drives.pop(car, None)

        self.queue += [drive, Call(parked)]

    # --- the frame --------------------------------------------------------------------------

    def skip(self) -> None:
        """Tab: play every computer turn and die up to the next human decision at once (with no
        human left racing: to the flag). It runs a few steps a frame, so the window stays alive."""
        if self.control.wait() in (Wait.DICE, Wait.COMPUTER) or self.queue:
            self.skipping = True
            self.announcer.hurry()

    def _skip_ahead(self) -> None:
        """Some steps of a skip within this frame's time: the log gets every line, the cars jump."""
        started = time.monotonic()
        while self.skipping:  # at least one step a frame, however slow the machine
            self._finish_queue()
            w = self.control.wait()
            if w == Wait.DICE:
                self.reveal(self.control.roll())
            elif w == Wait.COMPUTER:
                self.reveal(self.control.computer())
            if self.control.wait() not in (Wait.DICE, Wait.COMPUTER):  # a human's turn, or the flag: done,
                self._finish_queue()  # whatever this frame's time left (a slow machine ends the same)
                self.skipping = False
            if time.monotonic() - started >= SKIP_FRAME:
                return

    def _tick_clock(self, dt: float) -> bool:
        """FD Blitz: the deciding player's clock runs (BLITZ-5); out of time, the turn ends there
        and the car stays where it stands (BLITZ-6). True if it just ran out."""
        step = self.control.tick(round(dt * 1000))
        if step is None:
            return False
        self.menu = None
        self.play(step)
        return True

    def _finish_queue(self) -> None:
        """What is on its way is shown at its end."""
        while self.queue:
            anim = self.queue.pop(0)
            anim.finish()
            anim.update(0.0)

    def update(self, dt: float) -> None:
        self.pulse += dt
        for notice in self.control.new_notices():  # a failing autosave shows now, while the race goes on
            self.app.notify(notice)
        if self.skipping:
            self._skip_ahead()
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
            self.queue += [Delay(pause(0.3, self.pace) / self.speed), Call(lambda: self.play(self.control.roll()))]
            play(self.queue, 0.0)  # without a beat before it, the die is thrown in this frame
        elif w == Wait.COMPUTER:
            self.pace = self._pace_for(self.control.roller())
            self.control.think()  # the driver decides while the delay runs and the window animates
            self.queue += [Delay(pause(0.55, self.pace) / self.speed), Call(lambda: self.play(self.control.computer()))]
            play(self.queue, 0.0)  # without a beat before it, the decision shows in this frame
        elif w == Wait.REMOTE:
            self._remote()
        else:
            self.pace = 1.0
            self._greet()
            if self.banner is None and self.dialog is None and self._tick_clock(dt):
                return
            if w in (Wait.SETUP, Wait.PIT, *LEAGUE_QUESTIONS) and self.dialog is None and self.banner is None:
                self._open_dialog()

    def _remote(self) -> None:
        """A race between homes: play what the referee's record brought, show its notices."""
        remote = self.control
        assert isinstance(remote, RemoteControl)
        step = remote.remote_step()
        for line in remote.take_lines():
            self.say(line, theme.YELLOW)
        if step is not None:
            self.pace = 1.0
            self.play(step)

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
            self.summary_moments = self._summary_moments(self.summary)
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
        if self.idle and wait in (Wait.GEAR, Wait.MOVE) and state.active and self.shown != state and not self.view.by_hand:
            self.shown = state  # once per decision, and never after the player moved the camera this turn
            destinations = list(self.control.destinations()) if wait == Wait.MOVE else []
            points = frame_points(self.track, self.view.board.corner_boxes, state, state.active, destinations)
            covers = self._covers()
            self.view.stop()  # a glide to the car would move what is framed here under a panel
            self.view.frame(points, self.view.free, lambda p: clear(p, self.view.viewport, covers),
                            closest=CLOSE_UP / self.view.board.lane_width)

    def finish(self) -> None:
        from game.scenes.results import ResultsScene

        self.ended = True
        for notice in keep_race(self.app.data, self.control):  # into the history before the save goes
            self.app.notify(notice)
        results = ResultsScene(self.app, self.control)  # a championship's race is stored here, also first
        if results.match is None or results.match.winner is not None:
            self.app.saves.clear()  # a Blitz match keeps its save until its last heat: its score lives there
        self.app.replace(results)

    # --- input -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        self.calm_for = 0.0
        if event.type == pygame.MOUSEMOTION:
            self.keyboard.picked = None  # the mouse took over: what it points at is lit
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.menu is not None:
                self.menu = None
            elif self.banner is not None or not self.keyboard.cancel_dialog():
                self.pause()
            return True
        if self.banner is not None and not (event.type == pygame.KEYDOWN and event.key in VIEW_KEYS):
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
                self.dismiss_banner()
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        self._sync_buttons()
        if self.dialog is not None:
            return self._handle_dialog(event, self.dialog)
        if super().handle(event):
            return True
        if self.menu is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                move = self.menu.pick(event.pos)
                if move is not None:
                    self.drive(move)
                elif not self.menu.rect.collidepoint(event.pos):
                    self.menu = None
            return True
        if self.menu is not None and event.type == pygame.KEYDOWN and self.keyboard.menu_key(event, self.menu):
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if event.type == pygame.MOUSEWHEEL and self.log_rect.collidepoint(theme.pointer()):
            self.log_scroll = max(0, self.log_scroll + event.y * LOG_WHEEL)  # wheel up reads back
            return True  # the wheel over the log scrolls it, never the board
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            gear = self.gearbox.handle(event)
            if gear is not None:
                self.choose(gear)
                return True
            tray = self._tray_shown()
            if tray is not None and tray.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.roll_or_hurry()
                return True
            if self.log_rect.collidepoint(event.pos):  # the panel over the board takes its clicks
                at = self.line_moment(event.pos) if event.type == pygame.MOUSEBUTTONUP else None
                if at is not None:
                    self.show_moment(at)
                return True
            if self.panel.collidepoint(event.pos) or self.top.collidepoint(event.pos):
                return True
            if any(r.collidepoint(event.pos) for r in self._covers()):  # a panel over the board keeps its clicks
                if event.type == pygame.MOUSEBUTTONUP and self.view.dragging:
                    self.view.handle(event)  # a drag of the board may end over a panel
                return True
        clicked = self.view.handle(event)
        if clicked is not None:
            self.clicked(self.pointed(event.pos) or clicked)
        return clicked is not None

    def pointed(self, pos: tuple[int, int]) -> str | None:
        """The space a click or the mouse at ``pos`` means: while a move is picked, the nearest
        destination within its hit area (clickable at any zoom), else the space under it."""
        covers = self._covers()
        if any(r.collidepoint(pos) for r in covers):
            return None  # a panel lies there, not the board
        if self.idle and self.control.wait() == Wait.MOVE:
            target = self.view.target_at(pos, self._clickable(covers))
            if target is not None:
                return target
        return self.view.space_at(pos)

    def _target_point(self, space: str) -> tuple[int, int]:
        """Where a destination is clicked: the middle of its space on screen."""
        pts = self.view.polygon(space)
        return round(sum(p[0] for p in pts) / len(pts)), round(sum(p[1] for p in pts) / len(pts))

    def _clickable(self, covers: list[pygame.Rect] | None = None) -> dict[str, list[Move]]:
        """The destinations a player can click: those whose middle shows clear of every panel
        (``covers``, the panels as drawn now, if already at hand)."""
        covers = self._covers() if covers is None else covers
        return {space: moves for space, moves in self.control.destinations().items()
                if clear(self._target_point(space), self.view.viewport, covers)}

    def _handle_dialog(self, event: pygame.event.Event, dialog: CrewDialog | LeagueDialog | PitPlanDialog | FreeWPDialog) -> bool:
        """While the crew decides, only the dialog and the top bar's buttons take input."""
        if super().handle(event):
            return True
        for w in reversed(dialog.widgets):
            if w.visible and w.handle(event):
                return True
        if event.type == pygame.KEYDOWN and self.keyboard.dialog_key(event, dialog.widgets):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            dialog.done()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def _sync_buttons(self) -> None:
        """Roll, undo and end-move are offered exactly while the player may use them."""
        self.buttons["roll"].visible = self.idle and self.control.wait() == Wait.ROLL
        self.buttons["undo"].visible = self.buttons["roll"].visible and self.control.can_undo()
        self.buttons["end"].visible = self.idle and self.control.wait() == Wait.MOVE and self.control.optional()
        self.buttons["skip"].visible = self.control.wait() in (Wait.DICE, Wait.COMPUTER) and not self.skipping
        gear = self.idle and self.control.wait() == Wait.GEAR
        rules, car = self.control.state.rules, self._active_car()
        self.buttons["boost"].visible = gear and rules.engine_boost and car.wp.engine > 1  # ENG-D-3: never the last
        self.buttons["nitro"].visible = gear and nitro_refusal(self.control.state, car) is None  # STREET-3: once per lap
        self.buttons["nitro"].style = "primary" if self.nitro else "normal"
        self.buttons["pitplan"].visible = gear and rules.pit_points and car.box is not None
        self.buttons["hint"].visible = gear and self.app.settings.hints
        self._sync_panels()

    def _key(self, event: pygame.event.Event) -> bool:
        return self.keyboard.key(event)

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        state = self.control.state
        wait = self.control.wait()
        self.view.draw(screen)
        clip = screen.get_clip()
        screen.set_clip(self.view.viewport)
        self.weather.draw_under(screen, self.view.viewport, state.weather)
        for space in state.markers:
            s = self.track.space(space)
            draw_marker(screen, self.view, (s.x, s.y))
        choosing = self.idle and wait == Wait.MOVE
        hover = self.keyboard.selected()  # the destination the keys picked, lit as under the mouse
        if hover is None and pygame.mouse.get_focused():
            hover = self.pointed(theme.pointer())
        if self.idle and wait in (Wait.GEAR, Wait.MOVE):
            draw_stop_marks(screen, self.view, self.aid.marks(self.track, state), self.pulse)
        if choosing:
            destinations = self.control.destinations()
            draw_destinations(screen, self.layer, self.view, destinations, hover, self.pulse)
            if hover in destinations and self.menu is None:
                move = destinations[hover][0]
                here = self.track.space(self._here())
                pts = [(here.x, here.y)] + [(self.track.space(n).x, self.track.space(n).y) for n in move.path]
                draw_path(screen, self.view, pts, tone(destinations[hover]))
            draw_extras(screen, self.view, self.track, self._here(), destinations)
        self._draw_cars(screen)
        self.weather.draw_over(screen, self.view.viewport, state.weather)
        if self.red_flag is not None:
            draw_red_flag(screen, self.view.viewport, self.red_flag[0])
        self.announcer.draw(screen, self._announce_area(), lambda car: theme.colour(self.control.entry(car).colour))
        if self.panels.folded("order"):
            draw_tab(screen, self.standings_rect, tr(TITLES["order"]))
        else:
            draw_standings(screen, self.standings_rect.topleft, self.control, self.standings_rect.width)
        draw_street_legend(screen, self.view.viewport, self.track, state.rules.street)
        if self.control.clocks is not None:
            draw_clocks(screen, self.clocks_rect, self.control)
        self.log_rows = []
        reserve = self.log_rect.right - self.buttons["log"].rect.left  # the full log's button and the handle
        since = bool(self.summary) and self.control.wait() == Wait.GEAR  # since your turn, until you choose
        if self.panels.folded("log"):
            draw_tab(screen, self.log_rect, tr("since.title" if since else "log.title"))
        elif since:
            draw_log(screen, self.log_rect, self.summary or [], self.control, 0, "since.title", reserve,
                     shown=self.log_rows, pointer=self._log_pointer())
        else:
            self.log_scroll = draw_log(screen, self.log_rect, self.log, self.control, self.log_scroll,
                                       reserve=reserve, shown=self.log_rows, pointer=self._log_pointer())
        self._draw_tray(screen, wait)
        draw_hint(screen, self.hint_rect, *self._hint(wait))
        screen.set_clip(clip)
        end = draw_topbar(screen, self.top, place_name(self.track.name), self._round_text(), self.buttons["fit"].rect.left - 12)
        if state.rules.weather and self.chip.left > end + 12:
            draw_chip(screen, self.chip, state.weather)
        self._draw_panel(screen, wait)
        self._sync_buttons()
        self.draw_widgets(screen)
        if self.menu is not None:
            picked = self.menu.shown(theme.pointer())
            if picked is not None:
                screen.set_clip(self.view.viewport)
                here = self.track.space(self._here())
                pts = [(here.x, here.y)] + [(self.track.space(n).x, self.track.space(n).y) for n in picked.path]
                draw_path(screen, self.view, pts, tone([picked]))
                screen.set_clip(clip)
            self.menu.draw(screen)
        if self.dialog is not None:
            self.dialog.draw(screen)
        self.keyboard.draw(screen)
        if self.banner is not None:
            area = pygame.Rect(0, 0, *screen.get_size())
            draw_banner(screen, area, self.control, self.banner)

    def _announce_area(self) -> pygame.Rect:
        """The board's width beside the running order (and a race between homes' chat), for the announcements."""
        v = self.view.viewport
        left = self.standings_rect.right + MARGIN
        right = self.tray_rect.left - MARGIN if isinstance(self.control, RemoteControl) else v.right - MARGIN
        return pygame.Rect(left, v.top, max(0, right - left), v.height)

    def _round_text(self) -> str:
        state = self.control.state
        if state.phase == "grid":
            return tr("race.grid_rolls")
        if state.phase == "setup":
            return tr("race.setup_round")
        if state.round == 0:
            return tr("race.start_rolls")
        return tr("race.round", round=state.round)

    def _draw_cars(self, screen: pygame.Surface) -> None:
        active = self.focus_car()
        draw_cars(screen, self.view, self.track, self.control.state, self.control, self.drives,
                  lambda c: c.id == active, self.pulse)

    def _draw_tray(self, screen: pygame.Surface, wait: Wait) -> None:
        r = self.tray_full
        rolling = self.idle and wait == Wait.ROLL
        if self.tray.throw is None and not rolling:
            return  # nothing rolled yet (a race just resumed): no empty tray over the board
        if self.panels.folded("dice") and not rolling:  # folded: the last value on the tab
            throw = self.tray.throw
            draw_tab(screen, self.tray_rect, tr(TITLES["dice"]), str(throw.value) if throw and throw.done else "")
            return
        theme.panel(screen, r, theme.PANEL_DARK, 225, radius=10)
        centre = (r.left + 62, r.centery + 4)
        if rolling:
            c = self.control.chance()
            if c is not None:
                draw_die(screen, centre, 44, c.die, None, glow=(self.pulse * 2) % 2 < 1.4)
                theme.text(screen, "?", 40, theme.TEXT, centre, "center")
                theme.text(screen, theme.fit_text(die_name(c.die.name), 22, TRAY_W - 132), 22, theme.TEXT,
                           (r.left + 120, r.top + 16))
            return
        throw = self.tray.throw
        if throw is None:
            return
        self.tray.draw(screen, centre, 44)
        lines = theme.wrap(throw.caption, 21, TRAY_W - 130, most=3)
        for i, line in enumerate(lines):
            theme.text(screen, line, 21, theme.DIM, (r.left + 120, r.top + 16 + 22 * i))
        if throw.done and throw.outcome is not None:
            colour = TONES[throw.outcome.tone] if throw.outcome.tone != "info" else theme.YELLOW
            text = theme.fit_text(throw.outcome.text(), 32, TRAY_W - 130)
            theme.text(screen, text, 32, colour, (r.left + 120, r.bottom - 14), "bottomleft")

    def _hint(self, wait: Wait) -> tuple[str, theme.Colour]:
        if self.message is not None:
            return self.message
        state = self.control.state
        if self.drives or wait == Wait.COMPUTER:
            crew = {"setup": "race.hint.computer_setup", "pit": "race.hint.computer_pit"}.get(state.phase)
            return tr(crew or "race.hint.computer", name=self.control.name(self.focus_car())), theme.DIM
        if wait == Wait.REMOTE and not self.queue:
            car = to_move(state)
            if car is None or chance(state) is not None:
                return tr("race.hint.referee"), theme.DIM
            return tr("race.hint.remote", name=self.control.name(car)), theme.DIM
        if self.queue or wait == Wait.DICE:
            return tr("race.hint.dice"), theme.DIM
        if wait == Wait.GEAR:
            return tr("race.hint.gear"), theme.YELLOW
        if wait == Wait.ROLL:
            c = self.control.chance()
            return tr("race.hint.roll", die=die_name(c.die.name) if c else ""), theme.YELLOW
        if wait == Wait.MOVE:
            return self._move_hint(), theme.YELLOW
        if wait == Wait.SETUP:
            return tr("race.hint.setup"), theme.YELLOW
        if wait == Wait.PIT:
            return tr("race.hint.pit"), theme.YELLOW
        if wait in LEAGUE_QUESTIONS:
            return tr(f"race.hint.{wait.value}", name=self.control.name(to_move(state) or "")), theme.YELLOW
        if state.finished:
            return tr("race.hint.done"), theme.YELLOW
        return self.help_text(), theme.DIM

    def _move_hint(self) -> str:
        """What the player is offered: the roll, a forced slide, or optional extras with "End move"."""
        offer = self.control.offer()
        if "slide" in offer:
            return tr("race.hint.slide")
        if self.control.optional():
            return tr("race.hint.extras", extras=", ".join(tr(f"via.{v}.name") for v in offer))
        refused = box_refusal(self.track, self.control.state)
        if refused is not None:  # PIT-D-2: why no box is offered
            return trap_text(refused)
        # the key to the destinations' labels, in the very notation they use
        return tr("race.hint.move", brakes=tr("cost.brakes_short", n=1), tyres=tr("cost.tyres_short", n=1))

    def _draw_panel(self, screen: pygame.Surface, wait: Wait) -> None:
        pygame.draw.rect(screen, theme.PANEL, self.panel)
        pygame.draw.line(screen, theme.EDGE, self.panel.topleft, self.panel.bottomleft)
        state = self.control.state
        car_id = self.focus_car()
        if car_id is None:
            return
        car = state.car(car_id)
        entry = self.control.entry(car_id)
        kind = tr(f"driver.{entry.driver}")
        self.dashboard.draw(screen, self.track, state, car, entry, self.control.index(car_id), kind)
        choosing = self.idle and wait == Wait.GEAR
        options = self.control.gear_options() if choosing else {}
        odds = self.control.odds(self.boost and self.buttons["boost"].visible, self.nitro and self.buttons["nitro"].visible) if choosing else {}
        plan, traps = self.aid.of(self.track, state, self.announce) if choosing else (None, {})
        self.gearbox.show(car.gear, state.rules.gear_dice, options, odds, choosing, plan.gears if plan else {}, traps)
        self.gearbox.draw(screen)
        help_y = self.gearbox.rect.bottom + 12 + (LEAGUE_ROW if self._league_gears() else 0)
        said = self.keyboard.targets_help() if self.keyboard.moving() else self.help_text()  # the keys of the moment
        helps = theme.wrap(said, 17, PANEL_W - 28)
        if help_y + 18 * len(helps) <= self.panel.bottom - 12:  # whole, or not at all: never cut off
            for i, line in enumerate(helps):
                theme.text(screen, line, 17, theme.FAINT, (self.panel.left + 14, help_y + 18 * i))

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        if self.banner is not None or self.menu is not None:
            return []
        if self.dialog is not None:
            return self.dialog.hint_at(pos) or super().hint_at(pos)
        lines = super().hint_at(pos)
        if lines:
            return lines
        if self.line_moment(pos) is not None:
            return [tr("race.log_line_hint")]
        if self.gearbox.rect.collidepoint(pos) and self.gearbox.enabled:
            return self.gearbox.hint(pos)
        if self.view.viewport.collidepoint(pos) and not any(r.collidepoint(pos) for r in self._covers()):
            sign = self.view.corner_sign_at(pos)
            if sign is not None:
                return corner_sign_lines(self.track.corners[sign])
        if self.idle and self.control.wait() == Wait.MOVE and self.view.viewport.collidepoint(pos) \
                and self.keyboard.selected() is None:  # a destination the keys picked says its own cost
            space = self.pointed(pos)
            moves = self.control.destinations().get(space or "")
            if moves:
                here = self._here()
                street = self.control.state.rules.street
                warn = [trap_text(t) for t in move_traps(self.track, self.control.state, moves[0])]
                if len(moves) == 1:
                    return [space or "", *move_lines(self.track, moves[0], here, street), *warn]
                return [tr("race.choose_way", space=space)] + [
                    f"{i}. " + " · ".join(move_lines(self.track, m, here, street)) for i, m in enumerate(moves, 1)]
        return street_hint(self.view, self.track, pos, self.control.state.rules.street)

    # --- debug status (end-to-end tests) -----------------------------------------------------

    def status(self) -> dict[str, Any]:
        status = super().status()
        state = self.control.state
        wait = self.control.wait()
        status.update(wait=wait.value, busy=bool(self.queue) or self.view.gliding, banner=self.banner is not None, round=state.round,
                      car=self.control.name(state.active))
        if self.idle and wait == Wait.GEAR:
            odds = self.control.odds()
            status["gears"] = {
                str(g): {"legal": isinstance(opt, ShiftCost), "out": float(odds[g].out) if g in odds else 1.0,
                         "wear": float(odds[g].wear) if g in odds else 99.0,
                         "stop": float(odds[g].corner_stop) if g in odds else 0.0}
                for g, opt in self.control.gear_options().items()
            }
        if self.idle and wait == Wait.MOVE:
            status["targets"] = self._targets()
        if state.weather is not None:
            status["weather"] = state.weather.condition
        if self.announcer.current is not None:
            status["announcement"] = self.announcer.current.text()
        if self.dialog is not None:
            status["dialog"] = {"kind": self.dialog.kind,
                                "buttons": {w.id: list(w.rect.center) for w in self.dialog.widgets if w.visible}}
        if self.menu is not None:
            status["menu"] = [list(self.menu.item_rect(i).center) for i in range(len(self.menu.items))]
        status["picked"] = self.keyboard.selected()
        rows = [(rect, line, self.line_moment(rect.center)) for rect, line in self.log_rows]
        status["log_rows"] = [{"text": line.text(), "at": at, "x": rect.centerx, "y": rect.centery}
                              for rect, line, at in rows if at is not None]
        return status

    def _targets(self) -> list[dict[str, Any]]:
        out = []
        for space, moves in self._clickable().items():
            x, y = self._target_point(space)
            out.append({"space": space, "x": x, "y": y, "steps": max(len(m.path) for m in moves),
                        "out": all(m.out is not None for m in moves), "cost": min(m.brakes + m.tyres for m in moves)})
        return out
