"""Print how long a human waits between two of their decisions while the computers drive.

A 10-car race with two humans and eight computer drivers runs through the race screen
headless, in simulated time: the screen is updated in 1/60 s frames and every human
decision is made the moment it is asked for (the plain policy of the UI tests). The
figure is the time from a human's last decision to their next one, at the default speed
(median under 3 s). ``--pace 1`` shows the old pacing (every computer turn at
full length) for comparison.

    python bench/turn_pace.py [--track hohenau.tmx] [--laps 1] [--seed 1] [--pace auto|1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.app.loop import App  # noqa: E402
from game.board.view import BoardView  # noqa: E402
from game.play.race_control import Wait  # noqa: E402
from game.play.race_control import RaceControl  # noqa: E402
from game.scenes.race import RaceScene  # noqa: E402
from rules.record import same_drivers  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from tests.ui.helpers import human_step, make_app  # noqa: E402

FRAME = 1 / 60
HUMAN = (Wait.GEAR, Wait.ROLL, Wait.MOVE, Wait.SETUP, Wait.PIT, Wait.KARMA, Wait.BID, Wait.TCAR)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--track", default="hohenau.tmx")
    ap.add_argument("--laps", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pace", choices=("auto", "1"), default="auto")
    args = ap.parse_args()

    app: App = make_app(Path(tempfile.mkdtemp(prefix="fd-bench-")), (1600, 900))
    app.change_settings(app.settings.model_copy(update={"mute": True}))
    entry = app.tracks.get(args.track)
    if entry is None or entry.track is None:
        print(f"no loadable track {args.track} in maps/", file=sys.stderr)
        return 1
    header = same_drivers(entry.track, PRESETS["fd-basic"], cars=10, laps=args.laps, seed=args.seed)
    humans = tuple(e.model_copy(update={"driver": "human"}) for e in header.entries[:2])
    header = header.model_copy(update={"entries": (*humans, *header.entries[2:])})
    control = RaceControl.start(entry.track, header, None)
    scene = RaceScene(app, control, BoardView(entry.board))
    app.push(scene)
    if args.pace == "1":
        scene._pace_for = lambda actor: 1.0  # type: ignore[method-assign]
    gaps: list[float] = []
    waited: float | None = None  # from a human's last decision; the start before the first is not a wait
    for _ in range(2_000_000):
        w = control.wait()
        if w == Wait.DONE or not control.humans_racing():
            break
        if w in HUMAN and not scene.queue:
            if waited is not None and w == Wait.GEAR:
                gaps.append(waited)
            scene.banner = None
            scene.dialog = None
            human_step(control)
            waited = 0.0
            continue
        scene.update(FRAME)
        if waited is not None:
            waited += FRAME
    if not gaps:
        print("no human turns were measured", file=sys.stderr)
        return 1
    gaps.sort()
    p95 = gaps[min(len(gaps) - 1, round(0.95 * (len(gaps) - 1)))]
    print(f"{args.track}, 10 cars (2 humans), {args.laps} lap(s), pace {args.pace}: {len(gaps)} waits,"
          f" median {statistics.median(gaps):.2f} s, 95th percentile {p95:.2f} s, longest {gaps[-1]:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
