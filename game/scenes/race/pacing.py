"""What happened, shown: each step's die and drives queued as animations, at the player's pace.

A part the race scene (``game.scenes.race.scene``) owns, with one job.
"""

from __future__ import annotations

import time

from game import theme
from game.play.announcements import announcements
from game.play.pacing import die_speed, step_time
from game.play.race_control import Step, Wait
from game.play.racelog import describe, roll_outcome
from game.play.tellings import tellings
from game.scenes.race.board import queue_drive
from game.scenes.race.log import RaceLog
from game.scenes.race.screen import RaceScreen
from game.texts import die_name, tr
from game.widgets.anims import STEP_TIME, Call, Delay, Tumble
from game.widgets.race_hud import TONES
from rules.actions import Roll
from rules.dice import Purpose

SKIP_FRAME = 0.03  # seconds of each frame a skip may spend on the computers' turns
FLAG_TIME = 2.5  # seconds the red flag of a restart stays (RESTART-1/2)


class RacePacing:
    """The queue of what happened, shown in order and at the player's pace."""

    def __init__(self, scene: RaceScreen, log: RaceLog) -> None:
        self.scene = scene
        self.log = log

    def roll_or_hurry(self) -> None:
        """Space or a click on the dice: roll when the player may, else hurry what is playing."""
        scene = self.scene
        if scene.queue:
            scene.queue[0].finish()
        else:
            scene.roll()

    # --- showing what happened ------------------------------------------------------------

    def play(self, step: Step) -> None:
        """Queue what a step shows: the die first when it was a roll, then its consequences."""
        scene = self.scene
        at = self.log.moment()
        if not isinstance(step.action, Roll) and scene.control.human(step.car):
            scene.since, scene.since_at, scene.summary = [], [], None  # the human decided: the summary has been read
            scene.summary_moments = {}
        else:
            scene.since.append(step)
            scene.since_at.append(at)
        c = step.chance
        if c is None:
            self.reveal(step, at)
            return
        value = getattr(step.action, "value", 0)
        what = die_name(c.die.name) if c.purpose == Purpose.GEAR else tr(f"purpose.{c.purpose.value}")
        caption = tr("dice.caption", name=scene.control.name(step.car), purpose=what)
        speed = scene.speed * die_speed(c.purpose, scene.pace)

        def throw() -> None:
            scene.tray.start(c.die, value, caption, speed, roll_outcome(step))
            scene.app.sound.play("dice")

        scene.queue += [Call(throw), Tumble(scene.tray), Call(lambda: self.reveal(step, at))]

    def reveal(self, step: Step, at: int | None = None) -> None:
        """What ``step`` did: its log lines (written at moment ``at``, the race's action count
        when the step was made; now if not given), sounds and drives."""
        scene = self.scene
        self.log.write(describe(scene.control, step), self.log.moment() if at is None else at)
        for text, kind in tellings(scene.control, step):  # said when it happens, in words
            scene.say(text, TONES[kind] if kind != "info" else theme.YELLOW)
        scene.announcer.add(announcements(scene.control, step), scene.app.settings.speed_factor)
        kinds = {e.kind for e in step.events}
        if not scene.skipping:
            for kind, sound in (
                ("gear", "shift"),
                ("moved", "engine"),
                ("spin", "spin"),
                ("out", "out"),
                ("finish", "finish"),
            ):
                if kind in kinds:
                    scene.app.sound.play(sound)
            if any(e.kind == "wear" and e.data.get("area") == "body" for e in step.events):
                scene.app.sound.play("crash")
        for e in step.events:
            if e.kind == "restart":  # RESTART-1/2: the race is stopped and lined up again
                scene.red_flag = (
                    tr("log.restart_full" if e.data.get("full") else "log.restart"),
                    FLAG_TIME / scene.speed,
                )
                scene.app.sound.play("out")
                scene.queue.append(Delay(FLAG_TIME / scene.speed))
            if e.kind == "moved" and e.car and e.data.get("path"):
                self.queue_drive(e.car, [str(e.data.get("from"))] + list(e.data["path"]))  # type: ignore[arg-type]
            if e.kind == "tunnel" and e.car and not e.data.get("blocked"):  # STREET-7: through to the exit
                self.queue_drive(e.car, [str(e.data.get("from")), str(e.data.get("to"))])

    def queue_drive(self, car: str, spaces: list[str]) -> None:
        scene = self.scene
        steps = sum(1 for s in spaces if scene.track.has_space(s)) - 1
        queue_drive(scene.track, car, spaces, step_time(steps, STEP_TIME / scene.speed), scene.drives, scene.queue)

    def skip(self) -> None:
        """Tab: play every computer turn and die up to the next human decision at once (with no
        human left racing: to the flag). It runs a few steps a frame, so the window stays alive."""
        scene = self.scene
        if scene.control.wait() in (Wait.DICE, Wait.COMPUTER) or scene.queue:
            scene.skipping = True
            scene.announcer.hurry()

    def skip_ahead(self) -> None:
        """Some steps of a skip within this frame's time: the log gets every line, the cars jump."""
        scene = self.scene
        started = time.monotonic()
        while scene.skipping:  # at least one step a frame, however slow the machine
            self.finish_queue()
            w = scene.control.wait()
            if w == Wait.DICE:
                self.reveal(scene.control.roll())
            elif w == Wait.COMPUTER:
                self.reveal(scene.control.computer())
            if scene.control.wait() not in (Wait.DICE, Wait.COMPUTER):  # a human's turn, or the flag: done,
                self.finish_queue()  # whatever this frame's time left (a slow machine ends the same)
                scene.skipping = False
            if time.monotonic() - started >= SKIP_FRAME:
                return

    def tick_clock(self, dt: float) -> bool:
        """FD Blitz: the deciding player's clock runs (BLITZ-5); out of time, the turn ends there
        and the car stays where it stands (BLITZ-6). True if it just ran out."""
        scene = self.scene
        step = scene.control.tick(round(dt * 1000))
        if step is None:
            return False
        scene.menu = None
        self.play(step)
        return True

    def finish_queue(self) -> None:
        """What is on its way is shown at its end."""
        scene = self.scene
        while scene.queue:
            anim = scene.queue.pop(0)
            anim.finish()
            anim.update(0.0)
