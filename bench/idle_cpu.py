"""Print how much of one CPU core the race screen uses while it waits for a human's click.

The real frame loop (``App.run``) runs headless (SDL's dummy video driver) on the Grand
Prix circuit with ten cars, the first a human's: the computers play until the human
must choose a gear, then nothing happens for ``--seconds``. The process's CPU time over
that wait is the figure (the target: under 5 % of one core). ``--busy`` measures the
same wait with every frame drawn at 60 fps, for comparison.

    python bench/idle_cpu.py [--track hohenau.tmx] [--seconds 10] [--busy]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app.loop import App  # noqa: E402
from game.board.view import BoardView  # noqa: E402
from game.play.race_control import RaceControl, Wait  # noqa: E402
from game.scenes.race.scene import RaceScene  # noqa: E402
from rules.files.record import same_drivers  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402

SETTLE = 5.0  # seconds for the window to open, the board to be drawn and the highlights to rest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--track", default="hohenau.tmx")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--busy", action="store_true", help="keep every frame busy (the loop before idle frames)")
    args = ap.parse_args()

    pygame.display.init()  # as the game's own start does, before App.run opens the window
    pygame.font.init()
    app = App(Path(tempfile.mkdtemp(prefix="fd-bench-")))
    entry = app.tracks.get(args.track)
    board = entry.board if entry is not None else None
    if entry is None or entry.track is None or board is None:
        print(f"no loadable track {args.track} in maps/", file=sys.stderr)
        return 1
    header = same_drivers(entry.track, PRESETS["fd-basic"], cars=10, laps=3, seed=1)
    human = header.entries[0].model_copy(update={"driver": "human"})
    header = header.model_copy(update={"entries": (human, *header.entries[1:])})
    control = RaceControl.start(entry.track, header, None)
    control.session.run_computers()
    assert control.wait() == Wait.GEAR, control.wait()
    scene = RaceScene(app, control, BoardView(board))
    scene.banner = None
    if args.busy:
        scene.animating = lambda: True  # type: ignore[method-assign]  # the bench keeps this scene animating
    samples: list[tuple[float, float]] = []

    def measure() -> None:
        time.sleep(SETTLE)
        samples.append((time.process_time(), time.monotonic()))
        time.sleep(args.seconds)
        samples.append((time.process_time(), time.monotonic()))
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=measure, daemon=True).start()
    app.run(scene)
    (cpu0, wall0), (cpu1, wall1) = samples
    share = (cpu1 - cpu0) / (wall1 - wall0) * 100
    print(
        f"{entry.track.name}: race screen waiting for a human's gear, {args.seconds:.0f} s"
        f"{' (every frame busy)' if args.busy else ''}"
    )
    print(f"CPU {share:.1f} % of one core while waiting ({app.frames} frames drawn in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
