"""The qualifying screen: every driver's timed lap, one after another at the same screen.

For each driver: a card with the driver's name (and the tyre choice when
the tyre module is on), a countdown, then the lap against a big stopwatch
that starts as the rule set says (QUAL-3 at the first roll, QUAL-D-5
before it) and stops when the car crosses the line. The stopwatch counts
the player's decisions only: it is paused from the moment an action is
made until its die and drive animations have played, and while the pause
card is open. Keys keep a fast player fast: a digit chooses the gear,
Space rolls, a click on a highlighted space (or Enter on the one picked
with Tab) drives there.

Computer drivers drive a real lap with the engine, timed by
``rules.run.think_time``; the screen replays it quickly (Space skips). The
time trial is the same screen with one driver and the best lap on the
track as a ghost car driven at the times it was driven.

A qualifying session is saved after every action (``autosave``); a session
resumed from its save goes on with the lap in progress, its stopwatch
standing at the time of the lap's last action.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.app.loop import Scene
from game.board.marks import Layer
from game.board.render import BoardRenderer
from game.board.view import BoardView
from game.play.lapreplay import LapReplay
from game.play.race_control import by_destination
from game.play.retrack import Refused
from game.play.retrack_qualifying import requalify
from game.play.road_ahead import point_ahead, road_ahead
from game.play.stopwatch import Stopwatch
from game.scenes.hotreload import HotReload, swap_board
from game.scenes.qualifying.drawing import COUNT_STEP, QualifyingDrawing
from game.scenes.qualifying.input import QualifyingInput
from game.scenes.qualifying.layout import QualifyingLayout
from game.scenes.race.board import queue_drive
from game.storage.laprecords import Ghost, LapRecord, LapRecords
from game.texts import Notice, die_name, reason_text, tr
from game.widgets.anims import Anim, Drive, Tumble, play
from game.widgets.controls import Button, Widget
from game.widgets.dice import DiceTray
from game.widgets.focus import key_label
from game.widgets.gearbox import GearBox
from rules.actions import Action, ChooseGear, EndMove, Event
from rules.actions import Drive as DriveAction
from rules.engine import IllegalAction, chance, moves, optional_offer
from rules.files.record import Entry
from rules.modules.qualifying_lap import standstill
from rules.moves import Move
from rules.qualifying.grid import LapResult, score
from rules.qualifying.session import QualifyingSession
from rules.ruleset import RuleSet
from rules.state import RaceState
from rules.tables.tyres import Tyre

if TYPE_CHECKING:
    from game.app.loop import App

DICE_SPEED = 3.0  # the die tumbles in 0.3 s: the clock is paused meanwhile anyway
STEP_TIME = 0.035  # seconds per space of a drive
REPLAY_SPEED = 10.0  # a computer's lap plays ten times faster than it was timed
RESULT_TIME = 2.5  # seconds a computer's result stays before the next driver


class QualifyingScene(Scene):
    name = "qualifying"
    arrow_focus = False  # the arrows pan the board

    def __init__(
        self,
        app: App,
        session: QualifyingSession,
        board: BoardRenderer,
        finish: Callable[[QualifyingSession], None],
        records: LapRecords,
        variant: str,
        best: LapRecord | None = None,
        now: Callable[[], float] = time.monotonic,
        trial: bool = False,
        autosave: Callable[[QualifyingSession], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.autosave = autosave  # called after every action and every lap written down
        self.session = session
        self.track = session.track
        self.view = BoardView(board)
        self.finish = finish
        self.records = records
        self.variant = variant
        self.best = best  # the track's best lap: its ghost drives along (time trial)
        self.now = now
        self.trial = trial
        self.watch = Stopwatch(now)
        self.phase = "ready"
        self.countdown = 0.0
        self.queue: list[Anim] = []
        self.drives: dict[str, Drive] = {}
        self.tray = DiceTray()
        self.gearbox = GearBox()
        self.layer = Layer()
        # The ghost's own layer, always see-through: set_alpha(None) also switches blending off, and a
        # layer shared with the destinations then painted the whole board black.
        self.ghost_layer = Layer()
        self.pulse = 0.0
        self.result: LapResult | None = None
        self.result_for = 0.0
        self.replay: LapReplay | None = None
        self.replay_ms = 0.0
        self.ghost: LapReplay | None = None
        self.showing: Entry | None = None  # the driver whose lap is on screen
        self.shown_state: RaceState | None = None  # the lap as it ended, while its result shows
        self.framed: RaceState | None = None  # the lap's state whose road ahead the camera last framed
        self.saved: LapRecord | None = None  # the last lap kept in the records
        self.tyre: Tyre | None = None
        self.pick = 0
        self.message: str = ""
        self.message_left = 0.0
        self.paused = False
        self.placed = False
        self._cache: tuple[object, dict[str, Any]] | None = None
        self.top = self.panel = self.hint_rect = self.tray_rect = pygame.Rect(0, 0, 0, 0)
        self.clock_rect = self.counters_rect = pygame.Rect(0, 0, 0, 0)
        self.start_button = Button("start_lap", lambda: tr("qual.start"), self.begin, "primary")
        self.tyre_buttons = [
            Button(f"tyre.{t.value}", partial(tr, f"qual.tyre.{t.value}"), partial(self.choose_tyre, t), px=22)
            for t in Tyre
        ]
        self.stop_button = Button("end", lambda: tr("qual.stop_here"), self.stop_here, "primary", px=22)
        self.undo_button = Button(
            "undo", lambda: tr("race.undo", shortcut=key_label(self.app.keys.key("race.undo"))), self.undo, px=20
        )
        self.pause_buttons = [
            Button("resume", lambda: tr("qual.resume"), self.resume, "primary"),
            Button("leave", lambda: tr("qual.leave"), app.home),
        ]
        self.widgets = [self.start_button, self.stop_button, self.undo_button, *self.tyre_buttons, *self.pause_buttons]
        # saving the map in Tiled shows the new board, if the laps so far go the same there
        self.reload = HotReload(app, next((e for e in app.tracks.entries if e.track is session.track), None))
        self.places = QualifyingLayout(self)  # the parts of the screen, each with one job
        self.input = QualifyingInput(self)
        self.drawing = QualifyingDrawing(self, self.input)
        if session.lap is not None:
            self._resume_lap()
        else:
            self._next_driver()

    # --- the scene's calls, each answered by its part ------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        return self.input.handle(event, super().handle)

    def draw(self, screen: pygame.Surface) -> None:
        self.drawing.draw(screen)

    def hint_at(self, pos: tuple[int, int]) -> list[str]:
        return self.drawing.hint_at(pos, super().hint_at(pos))

    def status(self) -> dict[str, Any]:
        return self.drawing.status(super().status())

    # --- the session's course -------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The session's rule set: the qualifying rules, gear dice and tyres the lap is driven with."""
        return self.session.rules

    @property
    def entry(self) -> Entry | None:
        return self.showing

    @property
    def human(self) -> bool:
        e = self.entry
        return e is not None and e.driver == "human"

    def _next_driver(self) -> None:
        """The next driver's card, or the end of the session."""
        self.result, self.replay, self.drives, self.queue, self.shown_state = None, None, {}, [], None
        self.tray = DiceTray()
        self.showing = self.session.next_entry
        if self.session.done:
            self.phase = "over"
            self.finish(self.session)
            return
        self.watch = Stopwatch(self.now)
        entry = self.session.next_entry
        assert entry is not None
        if entry.driver != "human":
            self._computer_lap()
            return
        self.phase = "ready"
        self.tyre = (Tyre.RAIN if self.session.wet else Tyre.HARD) if self.session.tyre_choice else None
        if self.best is not None and self.best.ghost is not None:
            g = self.best.ghost
            self.ghost = LapReplay(self.track, g.rules, g.steps, "ghost", g.tyre, g.wet, g.profile)
        self.places.sync_widgets()

    def _resume_lap(self) -> None:
        """A lap of a resumed session: driving on, the watch at the last action's time.

        The watch stays stopped until the driver decides.
        """
        lap = self.session.lap
        assert lap is not None
        self.showing, self.tyre, self.phase = lap.entry, lap.tyre, "driving"
        started = lap.rolled or self.rules.qualifying.clock_start == "before_first_roll"
        self.watch = Stopwatch(self.now, lap.actions[-1].at_ms if started and lap.actions else None)
        self.places.sync_widgets()

    def _save(self) -> None:
        if self.autosave is not None:
            self.autosave(self.session)

    def choose_tyre(self, tyre: Tyre) -> None:
        self.tyre = tyre

    def begin(self) -> None:
        """The driver is ready: the car goes to the start and the countdown runs."""
        if self.phase != "ready":
            return
        self.session.start_lap(self.tyre)
        self.phase = "countdown"
        self.countdown = 3 * COUNT_STEP
        self.places.sync_widgets()
        if self.placed:
            self.places.close_up()

    def _go(self) -> None:
        self.phase = "driving"
        if self.rules.qualifying.clock_start == "before_first_roll":  # QUAL-D-5
            self.watch.start()
        self.app.sound.play("turn")

    def _computer_lap(self) -> None:
        """Drive the computer's whole lap now and show it quickly (its time is the model's)."""
        self.session.start_lap()
        lap = self.session.lap
        assert lap is not None
        entry, tyre = lap.entry, lap.tyre
        time_ms = lap.drive_computer(self.rules.qualifying.clock_start)
        steps = tuple(lap.actions)
        self.session.finish_lap(time_ms)
        self._save()
        self.replay = LapReplay(
            self.track, self.rules, steps, entry.id, tyre.value if tyre else None, self.session.wet, entry.profile
        )
        self.replay_ms = 0.0
        self.phase = "computer"
        self.places.sync_widgets()
        if self.placed:
            self.places.close_up()

    def _lap_over(self) -> None:
        """The car crossed the line (or a corner ended the lap): the steward writes it down."""
        lap = self.session.lap
        assert lap is not None
        steps, tyre = tuple(lap.actions), lap.tyre
        self.shown_state = lap.state
        self.result = self.session.finish_lap(self.watch.stop())
        self._save()
        self.result_for = 0.0
        self.phase = "result"
        self.app.sound.play("finish" if self.result.qualified else "out")
        if self.result.qualified:
            self.saved = self.records.add(
                LapRecord(
                    track_hash=self.session.track.content_hash(),
                    track_name=self.track.name,
                    variant=self.variant,
                    driver=self.result.name,
                    rolls=self.result.rolls,
                    penalty=self.result.penalty,
                    score=score(self.result, self.rules.qualifying),
                    time_ms=self.result.time_ms,
                    ghost=Ghost(
                        rules=self.rules,
                        tyre=tyre.value if tyre else None,
                        wet=self.session.wet,
                        profile=lap.entry.profile,
                        steps=steps,
                    ),
                )
            )
            for notice in self.records.notices:
                self.app.notify(notice)
        self.places.sync_widgets()

    def proceed(self) -> None:
        """Space, Enter or a click: skip a computer's replay, or leave a result card."""
        if self.phase == "computer" and self.replay is not None:
            self.replay_ms = self.replay.end_ms
        elif self.phase == "result":
            self._next_driver()

    # --- the human's decisions ----------------------------------------------------------

    def wait(self) -> str:
        """What the lap waits for: gear, roll, move, or nothing ("" while not driving)."""
        lap = self.session.lap
        if self.phase != "driving" or lap is None or lap.done:
            return ""
        if chance(lap.state) is not None:
            return "roll"
        return "gear" if lap.state.phase == "gear" else "move"

    @property
    def idle(self) -> bool:
        return not self.queue and not self.paused

    def _act(self, action: Action) -> list[Event] | None:
        lap = self.session.lap
        assert lap is not None
        at = self.watch.elapsed_ms
        try:
            events = lap.act(action, at)
        except IllegalAction as err:
            self.app.sound.play("error")
            self.say(reason_text(err.reason))
            return None
        self.watch.pause()  # the animations are the game's time, not the driver's
        self.message = ""
        self._save()
        return events

    def choose(self, gear: int) -> None:
        """A digit or a click on the gear box: only while the lap waits for a gear and nothing plays."""
        if self.idle and self.wait() == "gear":
            if self._act(ChooseGear(gear=gear)) is not None:
                self.app.sound.play("shift")

    def undo(self) -> None:
        """Backspace or the button: the gear taken back before its die is rolled; the watch runs on."""
        lap = self.session.lap
        if self.idle and lap is not None and lap.undo_gear():
            self.app.sound.play("shift")
            self._save()

    def roll(self) -> None:
        """Space or a click on the tray: the first roll also starts the steward's watch (QUAL-3)."""
        if not (self.idle and self.wait() == "roll"):
            return
        lap = self.session.lap
        assert lap is not None
        self.watch.start()  # QUAL-3: the steward starts the watch at the first roll (no-op later)
        c = chance(lap.state)
        assert c is not None
        events = lap.roll(self.watch.elapsed_ms)
        self.watch.pause()
        self._save()
        value = lap.state.roll or 0
        self.tray.start(c.die, value, die_name(c.die.name), DICE_SPEED)
        self.app.sound.play("dice")
        self.queue += [Tumble(self.tray)]
        self._show(events)

    def drive(self, move: Move) -> None:
        """Drive ``move``; the watch pauses while the car is animated (the game's time, not the driver's)."""
        if self.idle and self.wait() == "move":
            events = self._act(DriveAction(path=move.path, via=move.via))
            if events is not None:
                self._show(events)

    def optional(self) -> bool:
        """Only optional extras are offered (the soft tyres' bonus space): the driver may stop here."""
        lap = self.session.lap
        return lap is not None and self.wait() == "move" and optional_offer(lap.state)

    def closed(self) -> None:
        """A qualifying session's records are its own (a time trial's belong to the trial screen)."""
        self.reload.stop()
        if not self.trial:
            self.records.close()

    def stop_here(self) -> None:
        """Decline the extras: the move ends where the car stands."""
        if self.idle and self.optional():
            events = self._act(EndMove())
            if events is not None:
                self._show(events)

    def enter(self) -> None:
        """Enter: drive to the picked space; an extra that would cost penalty is declined instead."""
        targets = self.ranked_targets()
        if not targets:
            self.stop_here()
            return
        move = self.destinations()[targets[self.pick % len(targets)]][0]
        if self.optional() and self.pick == 0 and (move.out is not None or move.tyres):
            self.stop_here()
        else:
            self.drive(move)

    def _show(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == "moved" and e.car and e.data.get("path"):
                spaces = [str(e.data.get("from"))] + list(e.data["path"])  # type: ignore[arg-type]
                queue_drive(self.track, e.car, spaces, STEP_TIME, self.drives, self.queue)
                self.app.sound.play("engine")
        self.pick = 0

    def destinations(self) -> dict[str, list[Move]]:
        """Every end space of a legal move, cheapest way first (in qualifying the penalty is the cost)."""
        lap = self.session.lap
        if lap is None or self.wait() != "move":
            return {}
        cached = self._cache
        if cached is not None and cached[0] is lap.state:
            return cached[1]
        out = by_destination(moves(self.track, lap.state), lap.state.car(lap.entry.id).space or "")
        self._cache = (lap.state, out)
        return out

    def ranked_targets(self) -> list[str]:
        """Destinations in the order Tab walks them: the furthest that keeps the lap alive first
        (standing still ends it too, AMB-70)."""
        dest = self.destinations()
        lap = self.session.lap

        def ends(m: Move) -> bool:
            return m.out is not None or (lap is not None and standstill(lap.state, m))

        return sorted(dest, key=lambda s: (ends(dest[s][0]), dest[s][0].tyres, -len(dest[s][0].path), s))

    def clicked(self, space: str) -> None:
        """A click on the board: a highlighted space drives there, the car's own space declines the extras."""
        if not self.idle or self.wait() != "move":
            return
        dest = self.destinations()
        lap = self.session.lap
        if space in dest:
            self.drive(dest[space][0])
        elif self.optional() and lap is not None and space == lap.state.car(lap.entry.id).space:
            self.stop_here()
        elif space:
            self.say(tr("qual.not_a_target", space=space))

    def say(self, text: str) -> None:
        self.message, self.message_left = text, 4.0

    def pause(self) -> None:
        """Esc: the pause card; the watch stops, so thinking over the card costs no time."""
        self.paused = True
        self.watch.pause()
        self.places.sync_widgets()

    def resume(self) -> None:
        """Back from the pause card; the watch runs again once the driver has to decide."""
        self.paused = False
        self.places.sync_widgets()

    # --- layout and frame ---------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.places.layout(size)

    def animating(self) -> bool:
        """The stopwatch runs (countdown, a lap, a computer's lap, a result card), or a message or
        an animation is on screen; a paused or finished session rests."""
        clock = self.phase in ("countdown", "computer", "result", "driving") and not self.paused
        return clock or bool(self.queue) or bool(self.message) or self.view.animating()

    def update(self, dt: float) -> None:
        """Countdown, replays, result cards and the lap's animations; nothing moves while paused."""
        self.pulse += dt
        self.view.update(dt)
        if self.message:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message = ""
        if self.reload.pending and not self.queue:
            self._reload()
        if self.paused:
            return
        if self.phase == "countdown":
            self.countdown -= dt
            if self.countdown <= 0:
                self._go()
        elif self.phase == "computer":
            self._update_replay(dt)
        elif self.phase == "result":
            self.result_for += dt
            if self.result is None and self.result_for >= RESULT_TIME:
                self._next_driver()
        elif self.phase == "driving":
            self._update_lap(dt)
        self.places.sync_widgets()

    def _reload(self) -> None:
        """The map was saved: the laps go on on the new board if they went the same there
        (game.play.retrack_qualifying), the computer's lap and the ghost on screen with them;
        else the session stays on the old board and a notice says which spaces went away or why."""
        entry = self.reload.poll()
        if entry is None or entry.track is None or entry.board is None:
            return
        moved = requalify(self.session, entry.track)
        if isinstance(moved, Refused):
            if moved.gone:
                shown = ", ".join(moved.gone[:8]) + (" …" if len(moved.gone) > 8 else "")
                self.app.notify(Notice("reload.lap_gone", {"n": len(moved.gone), "spaces": shown}))
            else:
                self.app.notify(Notice("reload.lap_differs", {"action": moved.differs_at or 0}))
            return
        self.session, self.track, self._cache = moved, entry.track, None
        self.replay = self.replay.on(self.track) if self.replay is not None else None
        self.ghost = self.ghost.on(self.track) if self.ghost is not None else None
        swap_board(self.view, entry.board)
        self._save()  # the save names the map as it is now
        self.app.notify(Notice("reload.lap_done"))

    def _update_lap(self, dt: float) -> None:
        play(self.queue, dt)
        lap = self.session.lap
        if self.drives:  # the camera looks where the car goes: it trails the middle of the board
            pose = next(iter(self.drives.values())).pose
            self.view.follow(point_ahead(pose, 3 * self.view.board.lane_width), keep=0.5)
        if self.queue or lap is None:
            return
        if lap.done:
            self._lap_over()
            return
        clear = self.places.clear()
        if self.wait() == "gear" and self.framed is not lap.state:  # once a turn, so the player may pan
            self.framed = lap.state
            here = lap.state.car(lap.entry.id).space
            if here is not None:
                self.view.show([(s.x, s.y) for s in road_ahead(self.track, here)], clear)
        if self.wait() == "move":
            targets = self.destinations()
            pts = [self.track.space(n) for n in [lap.state.car(lap.entry.id).space or "", *targets] if n]
            if any(not clear.collidepoint(self.view.to_screen((s.x, s.y))) for s in pts):
                self.view.show([(s.x, s.y) for s in pts], clear)
        self.watch.resume()  # the driver decides again: the clock runs
        if self.ghost is not None:
            self.ghost.advance(self.watch.elapsed_ms)

    def shown_results(self) -> list[LapResult]:
        """Each driver's standing so far: its lap, or in a second run its better one (AMB-45d);
        without the computer lap still being replayed (its result shows when its car crosses the
        line on screen)."""
        results = self.session.results
        return self.session.classified(results[:-1] if self.phase == "computer" and results else results)

    def _update_replay(self, dt: float) -> None:
        replay = self.replay
        assert replay is not None
        self.replay_ms += dt * 1000 * REPLAY_SPEED
        replay.advance(int(self.replay_ms))
        pose = replay.pose(int(self.replay_ms))
        self.view.follow(point_ahead(pose, 3 * self.view.board.lane_width), keep=0.5)
        if self.replay_ms >= replay.end_ms + 400:
            self.result = None
            self.shown_state = replay.state
            self.phase = "result"
            self.result_for = 0.0

    # --- input ---------------------------------------------------------------------------

    def focusables(self) -> list[Widget]:
        """The lap's own keys work the drive (Tab picks a destination there): the focus ring goes
        over the tyres and the start before it, and over the pause's buttons."""
        return [] if self.phase == "driving" and not self.paused else self.widgets
