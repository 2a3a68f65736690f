"""Print the race screen's frame time (wall and CPU) with ten cars on the Grand Prix circuit.

Runs headless (SDL's dummy video driver) so it measures the game's own
drawing and updating, not the X server. The cars are first spread over the
track by letting computer drivers play a few game rounds. With ``--dialog``
the first car is a human's and the crew's set-up dialog (tyres and car) is
measured over the board instead (Formula Dé advanced, before the start). With ``--moving``
the camera moves two pixels every frame, as while it glides after a car or the board is
dragged: then the ground and the board are drawn anew each frame instead of the backdrop
the view keeps while its camera rests. ``--size`` sets the window (3840x2160 for 4K) and
``--scale`` the UI scale ("auto" as the game chooses for that size, or a number): the frame
then includes scaling the screen's picture up to the window.

    python bench/frame_time.py [--track hohenau.tmx] [--frames 300] [--rounds 6] [--dialog] [--moving]
                               [--size 1600x900] [--scale auto]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.app.loop import App  # noqa: E402
from game.board.view import BoardView  # noqa: E402
from game.play.race_control import RaceControl  # noqa: E402
from game.scenes.race.scene import RaceScene  # noqa: E402
from rules.files.record import same_drivers  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--track", default="hohenau.tmx")
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=6, help="game rounds played before measuring")
    ap.add_argument("--dialog", action="store_true", help="measure with the crew's set-up dialog open")
    ap.add_argument("--moving", action="store_true", help="move the camera two pixels every frame")
    ap.add_argument("--size", default="1600x900", help="the window's size, WIDTHxHEIGHT")
    ap.add_argument("--scale", default="auto", help='the UI scale: "auto" or one the settings offer')
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))

    app = App(Path(tempfile.mkdtemp(prefix="fd-bench-")))
    pygame.display.init()
    pygame.font.init()
    app.settings = app.settings.model_copy(
        update={"ui_scale": args.scale if args.scale == "auto" else float(args.scale)}
    )
    app.show_on(pygame.display.set_mode(size))
    entry = app.tracks.get(args.track)
    board = entry.board if entry is not None else None
    if entry is None or entry.track is None or board is None:
        print(f"no loadable track {args.track} in maps/", file=sys.stderr)
        return 1
    rules = PRESETS["fde-advanced" if args.dialog else "fd-basic"]
    track = entry.track
    header = same_drivers(track, rules, cars=10, laps=3, seed=1)
    if args.dialog:
        human = header.entries[0].model_copy(update={"driver": "human"})
        header = header.model_copy(update={"entries": (human, *header.entries[1:])})
    control = RaceControl.start(track, header, None)
    while not args.dialog and control.state.round <= args.rounds and not control.state.finished:
        control.session.advance()
    scene = RaceScene(app, control, BoardView(board))
    app.push(scene)
    if args.dialog:
        control.session.run_computers()
        app.frame(1 / 60)
        scene.banner = None
        scene.dialogs.open()
    times, cpu = [], []
    for i in range(args.frames):
        if args.moving:
            scene.view.camera.pan(2 if i % 200 < 100 else -2, 0)
        start, start_cpu = time.perf_counter(), time.process_time()
        app.frame(1 / 60)
        pygame.display.flip()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    on_track = sum(1 for c in control.state.cars if c.status == "racing")
    print(
        f"{track.name}: {on_track} cars racing, {args.frames} frames at {size[0]}x{size[1]}, UI scale {app.scale:g}"
        f" (the screen laid out at {app.size[0]}x{app.size[1]})" + (", the camera moving" if args.moving else "")
    )
    print(
        f"median frame time {percentile(times, 0.5):.2f} ms, 95th percentile {percentile(times, 0.95):.2f} ms"
        " (60 fps needs < 16.7 ms)"
    )
    print(
        f"CPU time of a frame: median {percentile(cpu, 0.5):.2f} ms, 95th percentile {percentile(cpu, 0.95):.2f} ms"
        " (what other programs on a busy machine leave out)"
    )
    return 0


def percentile(samples: list[float], q: float) -> float:
    """The ``q`` quantile of ``samples`` in milliseconds (0.5: the median)."""
    if q == 0.5:
        return statistics.median(samples) * 1000
    return sorted(samples)[int(len(samples) * q)] * 1000


if __name__ == "__main__":
    sys.exit(main())
