"""Benchmark: how long a computer driver thinks, per level and track, as a player meets it.

    python bench/decisions.py [--laps N] [--rules PRESET] [--level L ...] [--track FILE ...]
                              [--simulate-laps N] [--no-window]
    python bench/decisions.py --worst [--laps N] [--rules PRESET] [--level L ...] [--track FILE ...]

Per level and per shipped track (maps/*.tmx) it plays one seeded 10-car race (``--rules``,
default fd-basic; ``--laps`` laps, default 1) of that level in a FRESH process (so the first decision, with every
table and memo of the look-ahead still cold, counts: that is what a player meets after the
race set-up) and PRINTS the median and the slowest decision in ms, as CPU time of the process
(``time.process_time``: its own cost on a shared machine) and by the clock.

Then, per level, the time (CPU and clock) to simulate a 10-car 3-lap race on Hohenau
(``rules.run.simulation.play``, as ``main.py simulate`` does), also in a fresh process; and the
window's view of it: the level's decisions of a 1-lap race on Hohenau each made in a thread
of its own, as the race screen's ``RaceControl.think`` makes them, while the main thread wakes
60 times a second as the window's frame loop does; the longest gap between two wake-ups is how
long the animation would stand still (the interpreter's lock, or a full pass of the garbage
collector, which holds it, can stop the frame loop while the driver thinks).

``--worst`` plays instead, per level (the older careful and aggressive drivers too, when named),
under fd-basic and fde-advanced (or ``--rules``) on every track, one seeded 10-car race of
3 laps (or ``--laps``), each in a fresh process, and prints per race the decisions' median, 99th
percentile and slowest CPU ms, then per level the slowest decisions of all its races with what
they were: the phase and the action chosen, the car, its round, gear and space (the pit lane
named) and how many cars are within 3 rows.

Nothing is asserted; the figures depend on the machine and its load (the targets: the
median under 100 ms, the slowest under 1 s; the Racer's race under 5 s).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules.ruleset import PRESETS  # noqa: E402

LEVELS = ("rookie", "racer", "champion")
SEED = 1
WORST = 5  # the slowest decisions ``--worst`` prints per race


def _decisions(track_file: str, level: str, laps: int, rules: str) -> dict[str, object]:
    """One race of ten cars of ``level``; every computer decision timed (CPU and clock, in ms)."""
    from game.tracks.load import load_track
    from rules.ai.registry import DRIVERS, computer_action
    from rules.engine import chance, to_move
    from rules.ruleset import PRESETS
    from rules.run.session import RaceSession
    from rules.run.simulation import race_header

    track = load_track(Path(track_file))
    header, _ = race_header(track, PRESETS[rules], min(10, len(track.grid)), laps, SEED, level, DRIVERS)
    session = RaceSession(track, header, drivers=DRIVERS)
    cpu: list[float] = []
    wall: list[float] = []
    while not session.state.finished:
        if chance(session.state) is not None:
            session.roll()
            continue
        car = to_move(session.state)
        if car is None:
            raise RuntimeError(f"nobody to move ({session.where()})")
        t0, c0 = time.perf_counter(), time.process_time()
        act = computer_action(track, session.state, session.driver_kind(car))
        cpu.append(1000 * (time.process_time() - c0))
        wall.append(1000 * (time.perf_counter() - t0))
        session.act(act)
    return {"n": len(cpu), "cpu": cpu, "wall": wall, "first": cpu[0]}


def _worst(track_file: str, level: str, laps: int, rules: str) -> dict[str, object]:
    """One race of ten cars of ``level``; every decision's CPU time, and the slowest ones with what
    they were (the phase and the choice, the car, its space, gear and round)."""
    from game.tracks.load import load_track
    from rules.ai.registry import DRIVERS, computer_action
    from rules.engine import chance, to_move
    from rules.ruleset import PRESETS
    from rules.run.session import RaceSession
    from rules.run.simulation import race_header

    track = load_track(Path(track_file))
    header, _ = race_header(track, PRESETS[rules], min(10, len(track.grid)), laps, SEED, level, DRIVERS)
    session = RaceSession(track, header, drivers=DRIVERS)
    cpu: list[float] = []
    slow: list[tuple[float, str]] = []
    while not session.state.finished:
        if chance(session.state) is not None:
            session.roll()
            continue
        state = session.state
        car = to_move(state)
        if car is None:
            raise RuntimeError(f"nobody to move ({session.where()})")
        c0 = time.process_time()
        act = computer_action(track, state, session.driver_kind(car))
        took = 1000 * (time.process_time() - c0)
        cpu.append(took)
        if len(slow) < WORST or took > slow[-1][0]:
            me = state.car(car)
            where = me.space or "-"
            pit = " pit lane" if me.space is not None and track.space(me.space).in_pit else ""
            near = sum(
                1
                for c in state.cars
                if c.id != car
                and c.status == "racing"
                and c.space is not None
                and me.space is not None
                and abs(track.space(c.space).row - track.space(me.space).row) <= 3
            )
            what = (
                f"{state.phase:5} {type(act).__name__:10} car {car:4} round {state.round:3} "
                f"gear {me.gear} at {where}{pit} ({near} cars within 3 rows) -> {act.model_dump_json()[:60]}"
            )
            slow = sorted([*slow, (took, what)], reverse=True)[:WORST]
        session.act(act)
    return {"n": len(cpu), "cpu": cpu, "slow": slow}


def _simulate(track_file: str, level: str, laps: int, rules: str) -> dict[str, object]:
    """A whole race as ``main.py simulate`` plays it (the track loaded before the clock starts)."""
    from game.tracks.load import load_track
    from rules.ai.registry import DRIVERS
    from rules.ruleset import PRESETS
    from rules.run.simulation import play, race_header

    track = load_track(Path(track_file))
    t0, c0 = time.perf_counter(), time.process_time()
    header, _ = race_header(track, PRESETS[rules], min(10, len(track.grid)), laps, SEED, level, DRIVERS)
    session = play(track, header, DRIVERS)
    return {"cpu": time.process_time() - c0, "wall": time.perf_counter() - t0, "actions": len(session.actions)}


def _window(track_file: str, level: str, laps: int, rules: str) -> dict[str, object]:
    """The longest stand-still of a 60 Hz loop while every decision is made in a thread (ms)."""
    from concurrent.futures import ThreadPoolExecutor

    from game.tracks.load import load_track
    from rules.ai.registry import DRIVERS, computer_action
    from rules.engine import chance
    from rules.run.session import RaceSession
    from rules.run.simulation import race_header

    track = load_track(Path(track_file))
    header, _ = race_header(track, PRESETS[rules], min(10, len(track.grid)), laps, SEED, level, DRIVERS)
    session = RaceSession(track, header, drivers=DRIVERS)
    frame = 1 / 60
    gaps: list[float] = []
    with ThreadPoolExecutor(max_workers=1) as thinker:
        while not session.state.finished:
            if chance(session.state) is not None:
                session.roll()
                continue
            last = time.perf_counter()
            answer = thinker.submit(computer_action, track, session.state, session.driver_kind())
            while not answer.done():
                time.sleep(frame)
                now = time.perf_counter()
                gaps.append(1000 * (now - last - frame))
                last = now
            session.act(answer.result())
    gaps.sort()
    return {
        "frames": len(gaps),
        "max": gaps[-1] if gaps else 0.0,
        "p99": gaps[int(0.99 * (len(gaps) - 1))] if gaps else 0.0,
    }


def _fresh(job: str, track_file: str, level: str, laps: int, rules: str) -> dict:
    """Run ``job`` in a new interpreter: nothing remembered from an earlier race."""
    out = subprocess.run(
        [sys.executable, __file__, "--job", job, track_file, level, str(laps), rules],
        check=True,
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def _print_worst(levels: list[str], files: list[str], laps: int, presets: list[str]) -> int:
    """Per level, preset and track one race's median and slowest decision; then per level the
    slowest decisions of all its races, with what they were."""
    print(f"decision CPU ms, 10 cars, {laps} lap(s), seed {SEED}, a fresh process per race")
    print(f"{'level':10} {'preset':13} {'track':12} {'n':>5} {'median':>7} {'p99':>7} {'max':>7} {'race s':>7}")
    for level in levels:
        everything: list[float] = []
        slow: list[tuple[float, str, str]] = []
        for preset in presets:
            for f in files:
                r = _fresh("worst", f, level, laps, preset)
                cpu = sorted(r["cpu"])
                everything += cpu
                slow += [(t, f"{preset}/{Path(f).stem}", what) for t, what in r["slow"]]
                print(
                    f"{level:10} {preset:13} {Path(f).stem:12} {r['n']:5} {statistics.median(cpu):7.1f} "
                    f"{cpu[int(0.99 * (len(cpu) - 1))]:7.1f} {cpu[-1]:7.1f} {sum(cpu) / 1000:7.1f}",
                    flush=True,
                )
        everything.sort()
        print(
            f"{level}: {len(everything)} decisions, median {statistics.median(everything):.1f} ms, "
            f"slowest {everything[-1]:.1f} ms; the slowest:"
        )
        for t, race, what in sorted(slow, reverse=True)[: 2 * WORST]:
            print(f"  {t:7.1f} ms  {race:26} {what}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--laps", type=int, help="laps of each timed race (default 1; --worst: 3)")
    p.add_argument("--rules", choices=sorted(PRESETS), help="the preset (default fd-basic)")
    p.add_argument(
        "--level", action="append", choices=(*LEVELS, "careful", "aggressive"), help="a level (default: all three)"
    )
    p.add_argument("--track", action="append", metavar="FILE", help="a track file (default: every maps/*.tmx)")
    p.add_argument("--simulate-laps", type=int, default=3, help="laps of the Hohenau race timed whole (0: none)")
    p.add_argument("--no-window", dest="window", action="store_false", help="skip the frame-loop measure")
    p.add_argument(
        "--worst",
        action="store_true",
        help="the slowest decisions instead: 10-car races (default 3 laps) per level, under fd-basic and "
        "fde-advanced (or --rules), on every track, and what each slowest one was",
    )
    p.add_argument("--job", nargs=5, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    args.rules_given = args.rules is not None
    args.rules = args.rules or "fd-basic"
    args.laps = args.laps or (3 if args.worst else 1)
    if args.job:
        kind, track_file, level, laps, rules = args.job
        job = {"decisions": _decisions, "simulate": _simulate, "window": _window, "worst": _worst}[kind]
        result = job(track_file, level, int(laps), rules)
        print(json.dumps(result))
        return 0
    levels = args.level or list(LEVELS)
    files = (
        [str(Path(f)) for f in args.track] if args.track else [str(f) for f in sorted((REPO / "maps").glob("*.tmx"))]
    )
    if args.worst:
        return _print_worst(
            levels, files, args.laps, [args.rules] if args.rules_given else ["fd-basic", "fde-advanced"]
        )
    print(f"decisions in ms, 10 cars, {args.laps} lap(s), {args.rules}, seed {SEED}, a fresh process per race")
    print(f"{'level':9} {'track':16} {'n':>5} {'cpu med':>8} {'cpu max':>8} {'first':>7} {'clk med':>8} {'clk max':>8}")
    for level in levels:
        for f in files:
            r = _fresh("decisions", f, level, args.laps, args.rules)
            print(
                f"{level:9} {Path(f).stem:16} {r['n']:5} {statistics.median(r['cpu']):8.1f} {max(r['cpu']):8.1f} "
                f"{r['first']:7.1f} {statistics.median(r['wall']):8.1f} {max(r['wall']):8.1f}",
                flush=True,
            )
    if args.simulate_laps > 0:
        hohenau = str(REPO / "maps" / "hohenau.tmx")
        print(f"\nsimulate: 10 cars, {args.simulate_laps} laps, Hohenau, {args.rules}, seed {SEED}")
        for level in levels:
            r = _fresh("simulate", hohenau, level, args.simulate_laps, args.rules)
            print(f"{level:9} cpu {r['cpu']:6.2f} s  clock {r['wall']:6.2f} s  ({r['actions']} actions)", flush=True)
    if args.window:
        hohenau = str(REPO / "maps" / "hohenau.tmx")
        print(f"\nwindow: 60 Hz frames while each decision thinks in a thread, 10 cars, 1 lap, Hohenau, {args.rules}")
        for level in levels:
            r = _fresh("window", hohenau, level, 1, args.rules)
            print(
                f"{level:9} {r['frames']:6} frames waited  longest stand-still {r['max']:6.1f} ms  "
                f"(99th percentile {r['p99']:5.1f} ms)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
