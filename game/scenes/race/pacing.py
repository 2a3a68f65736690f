"""What happened, shown: each step's die and drives queued as animations, at the player's pace.

A part of ``RaceScene`` (``game.scenes.race.scene``) with one job; it reads the scene's state.
"""

from __future__ import annotations

import time

from game import theme
from game.play.announcements import announcements
from game.play.pacing import die_speed, step_time
from game.play.race_control import Step, Wait
from game.play.racelog import describe, roll_outcome
from game.play.tellings import tellings
from game.texts import die_name, tr
from game.widgets.anims import STEP_TIME, Call, Delay, Drive, Tumble
from game.widgets.race_hud import TONES
from rules.actions import Roll
from rules.dice import Purpose

SKIP_FRAME = 0.03  # seconds of each frame a skip may spend on the computers' turns
FLAG_TIME = 2.5  # seconds the red flag of a restart stays (RESTART-1/2)


class RacePacing:
    """The queue of what happened, shown in order and at the player's pace."""

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
