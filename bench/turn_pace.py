"""Print how long a human waits between two of their decisions while the computers drive.

A race with eight computer drivers and one person (then two, at one screen) runs through the race screen
headless, in simulated time: the screen is updated in 1/60 s frames and every human
decision is made through the screen the moment the screen takes it (the plain policy of
the UI tests: the highest safe gear, the furthest safe move). A wait is the time from
the last decision of a human's turn to their next gear choice, per human: their own
drive and checks, and the other cars' turns (the computers' and the other human's dice
and drives), as the screen shows them. Its part "for the computers" is the time the
screen plays the steps and dice of the computers' cars (at the pace game.play.pacing sets)
and waits for their decisions: what a human waits while the computers drive.

The computer drivers decide for real. The game lets a driver think in a thread while the
screen still plays the steps before (``RaceControl.think``); here each decision is timed
and only the part longer than the time the screen gave it is added to the wait, as the
player would sit through it. The "decisions" figure is the drivers' thinking as a share
of all the time waited, and how much of it the screen did not hide.

The figures are at the default animation speed; ``--pace 1`` plays every computer turn
at full length, for comparison.

    python bench/turn_pace.py [--track hohenau.tmx --track kranzfeld.tmx] [--laps 2] [--seed 1] [--pace auto|1]
                              [--humans 1 --humans 2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app.loop import App  # noqa: E402
from game.board.view import BoardView  # noqa: E402
from game.play.race_control import RaceControl, Step, Wait  # noqa: E402
from game.scenes.race.scene import RaceScene  # noqa: E402
from rules.files.record import same_drivers  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from tests.ui.helpers import human_step, make_app  # noqa: E402

FRAME = 1 / 60
HUMAN = (Wait.GEAR, Wait.ROLL, Wait.MOVE, Wait.SETUP, Wait.PIT, Wait.KARMA, Wait.BID, Wait.TCAR)
TRACKS = ("hohenau.tmx", "kranzfeld.tmx")
COMPUTERS = 8


@dataclass
class Race:
    """One race's figures: every wait, and the computers' thinking in them."""

    waits: list[float] = field(default_factory=list)
    computers: list[float] = field(default_factory=list)  # each wait's time for the computers' steps
    thinking: float = 0.0  # seconds the drivers' decisions took
    uncovered: float = 0.0  # ... of which the pause before the move did not cover


class TimedThinking:
    """The race control's computer decisions, made where the scene takes them and timed, with
    the simulated time the scene gave the driver to think since it first asked (``think``)."""

    def __init__(self, control: RaceControl, clock: list[float], race: Race) -> None:
        self.control, self.clock, self.race = control, clock, race
        self.uncovered = 0.0  # seconds on the clock the pauses did not cover, so far
        self.asked_at: float | None = None
        self.computer = control.computer
        # the bench times this race's drivers on a simulated clock: its control's methods are replaced
        control.think = self.think  # type: ignore[method-assign]
        control.computer = self.decide  # type: ignore[method-assign]

    def think(self) -> None:
        if self.asked_at is None:
            self.asked_at = self.clock[0]

    def decide(self) -> Step:
        started = time.perf_counter()
        step = self.computer()
        took = time.perf_counter() - started
        covered = self.clock[0] - self.asked_at if self.asked_at is not None else 0.0
        self.asked_at = None
        self.race.thinking += took
        self.race.uncovered += max(0.0, took - covered)
        self.uncovered += max(0.0, took - covered)
        self.clock[0] += max(0.0, took - covered)  # the player sits through what the pause did not cover
        return step


class Owners:
    """Which car's step each queued animation shows: a die or drive belongs to the step it
    shows, the pause before a computer's decision or a die to the car the race waits for."""

    def __init__(self, scene: RaceScene) -> None:
        self.scene = scene
        self.tags: dict[int, tuple[object, str | None]] = {}  # id of an animation -> it, its car
        play = scene.pacing.play

        def tagged(step: Step, *args: object) -> None:
            play(step, *args)
            self.tag(step.car)

        scene.pacing.play = tagged  # type: ignore[method-assign]  # this scene's steps are tagged with their car

    def tag(self, car: str | None) -> None:
        """The animations queued since the last look belong to ``car``."""
        for anim in self.scene.queue:
            self.tags.setdefault(id(anim), (anim, car))
        queued = {id(a) for a in self.scene.queue}
        self.tags = {k: v for k, v in self.tags.items() if k in queued}

    def playing(self) -> str | None:
        """The car whose step the animation that gets this frame shows."""
        return self.tags[id(self.scene.queue[0])][1] if self.scene.queue else None


def race(app: App, track_file: str, laps: int, seed: int, pace: str, people: int) -> Race | None:
    entry = app.tracks.get(track_file)
    board = entry.board if entry is not None else None
    if entry is None or entry.track is None or board is None:
        print(f"no loadable track {track_file} in maps/", file=sys.stderr)
        return None
    header = same_drivers(entry.track, PRESETS["fd-basic"], cars=COMPUTERS + people, laps=laps, seed=seed)
    humans = tuple(e.model_copy(update={"driver": "human"}) for e in header.entries[:people])
    header = header.model_copy(update={"entries": (*humans, *header.entries[people:])})
    control = RaceControl.start(entry.track, header, None)
    scene = RaceScene(app, control, BoardView(board))
    app.push(scene)
    if pace == "1":
        scene._pace_for = lambda actor: 1.0  # type: ignore[method-assign]  # pace 1 for every driver
    result = Race()
    clock = [0.0]  # simulated seconds since the start
    thinking = TimedThinking(control, clock, result)
    decided: dict[str, tuple[float, float]] = {}  # each human's last decision: the clock, the computers' time
    computers = 0.0  # seconds the screen played the computers' steps, so far
    owners = Owners(scene)
    for _ in range(2_000_000):
        w = control.wait()
        if w == Wait.DONE or not control.humans_racing():
            break
        scene.banner = None  # the turn card is read at once
        if w in HUMAN and scene.idle:
            car = control.roller() or ""
            if w == Wait.GEAR and car in decided:
                result.waits.append(clock[0] - decided[car][0])
                result.computers.append(computers + thinking.uncovered - decided[car][1])
            decide(scene)
            decided[car] = (clock[0], computers + thinking.uncovered)
            continue
        owner = owners.playing()
        scene.update(FRAME)
        owners.tag(control.roller())
        clock[0] += FRAME
        if owner is not None and not control.human(owner):
            computers += FRAME
    app.pop()
    return result


def decide(scene: RaceScene) -> None:
    """A human's decision as a player makes it on the screen: the gear (a warned gear taken with
    the second click), the roll and the move animate; a crew or league question is answered plainly."""
    control = scene.control
    state, w = control.state, control.wait()
    if w == Wait.GEAR:
        odds = control.odds()
        safe = [g for g in sorted(odds) if odds[g].out == 0]
        gear = max(safe) if safe else min(odds)
        scene.choose(gear)
        scene.choose(gear)
    elif w == Wait.ROLL:
        scene.roll()
    elif w == Wait.MOVE and control.optional():
        scene.end_move()
    elif w == Wait.MOVE:
        moves = control.moves()
        scene.drive(max(moves, key=lambda m: (m.out is None, -(m.brakes + m.tyres), len(m.path))))
    else:
        scene.dialog = None
        human_step(control)
        return
    if control.state is state:  # the screen refused (a rule it explains): decided plainly instead
        human_step(control)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--track", action="append", help=f"a track file in maps/ (default: {', '.join(TRACKS)})")
    ap.add_argument("--laps", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pace", choices=("auto", "1"), default="auto")
    ap.add_argument(
        "--humans",
        type=int,
        action="append",
        choices=(1, 2),
        help="people at the table beside the 8 computers (default: 1, then 2)",
    )
    args = ap.parse_args()

    app: App = make_app(Path(tempfile.mkdtemp(prefix="fd-bench-")), (1600, 900))
    app.change_settings(app.settings.model_copy(update={"mute": True}))
    for track_file, people in ((t, h) for t in args.track or TRACKS for h in args.humans or (1, 2)):
        result = race(app, track_file, args.laps, args.seed, args.pace, people)
        if result is None:
            return 1
        waits, computers = result.waits, result.computers
        if not waits:
            print(f"{track_file}: no human turns were measured", file=sys.stderr)
            return 1
        total = sum(waits)
        print(
            f"{track_file}, {people} human(s) and {COMPUTERS} computers, {args.laps} lap(s), pace {args.pace}, "
            f"{len(waits)} waits:"
            f" for the computers median {statistics.median(computers):.2f} s, 95th percentile"
            f" {percentile(computers, 0.95):.2f} s, longest {max(computers):.2f} s;"
            f" whole wait median {statistics.median(waits):.2f} s, 95th percentile {percentile(waits, 0.95):.2f} s;"
            f" decisions {result.thinking:.1f} s = {100 * result.thinking / total:.1f}% of {total:.0f} s waited"
            f" ({100 * result.thinking / max(sum(computers), 1e-9):.0f}% of the computers' part),"
            f" {result.uncovered:.1f} s of it not hidden behind what the screen played"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
