"""Benchmark: the computer drivers' levels against the bench opponent and against each other.

    python bench/drivers.py [--quick] [--duels N] [--fields M] [--track FILE ...] [--preset KEY ...]
                            [--laps L ...] [--match A:B ...] [--seed-from S] [--jobs J]

Each match (by default every level against the bench opponent of ``bench/benchbot.py``,
each level against the level below, and the Rookie against the newcomer of ``bench/newcomer.py``,
a plain model of a new player: the Rookie should lose a fair share to it; ``gponline-pro``, the
port of GP Online's Pro bot in ``bench/gponline_pro.py``, is a side for --match) is played on every
shipped track (or the --track files), under fd-basic and fde-advanced (or the --preset ones), over 1 and 3
laps: N 2-car duels and M 10-car races (5 against 5, the grid alternating), in pairs: race
2k-1 and race 2k share seed k (the same dice) with the sides' seats swapped, so each driver is
on pole half the time with the same dice (an earlier reading gave every race a seed of its own,
and two near-equal drivers then won or lost by the seeds' luck of the pole, not by their play).
A race runs through ``rules.run.session.RaceSession`` as ``main.py simulate`` plays it; the
bench opponent's, the newcomer's and the Pro bot's seats are played by the bench, which times every computer
decision.

It PRINTS per match and race kind the first side's win rate and both sides' mean
finishing positions, then per match and side: win rate, mean finishing position, mean
finishing round, retirement rate with the causes' rule IDs (and in the summary how many retired
while it rained), WP left at the finish
(finishers), pit stops per car, the median and the slowest decision in ms of the clock and the
slowest in ms of the process's CPU time (the clock counts the other processes of a shared
machine too; the CPU time is the driver's own cost). Nothing
here is asserted. --quick plays 4 duels
and 1 field race per case on Hohenau under fd-basic only.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import benchbot  # noqa: E402
import gponline_pro  # noqa: E402
import newcomer  # noqa: E402

from game.tracks.drawing import TrackError  # noqa: E402
from game.tracks.load import load_track  # noqa: E402
from rules.actions import Action  # noqa: E402
from rules.ai.registry import DRIVERS, computer_action  # noqa: E402
from rules.classify import classification  # noqa: E402
from rules.engine import chance, to_move, wet  # noqa: E402
from rules.files.record import same_drivers  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.run.session import RaceSession  # noqa: E402
from rules.state import RaceState  # noqa: E402
from rules.track import Track  # noqa: E402

BENCH = "bench"
NEWCOMER = "newcomer"
PRO = "gponline-pro"
LEVELS = ("rookie", "racer", "champion")
# the sides the bench plays itself
BOTS = {BENCH: benchbot.action, NEWCOMER: newcomer.action, PRO: gponline_pro.action}
DEFAULT_MATCHES = tuple(f"{lv}:{BENCH}" for lv in LEVELS) + ("racer:rookie", "champion:racer", f"rookie:{NEWCOMER}")
TRACKS: dict[str, Track] = {}


@dataclass(frozen=True)
class Case:
    """One race of a match: everything needed to play it again."""

    track: str
    preset: str
    laps: int
    cars: int
    seed: int
    a: str  # the first side's driver
    b: str
    swapped: bool = False  # side b takes side a's seats (the other race of the seed's pair)

    def seats(self) -> tuple[str, ...]:
        """The drivers in grid order: alternating sides, side b on pole in the swapped race."""
        first, second = (self.b, self.a) if self.swapped else (self.a, self.b)
        return tuple(first if i % 2 == 0 else second for i in range(self.cars))


@dataclass
class CarResult:
    side: str
    position: int
    status: str
    finish_round: int | None
    out: str | None
    wp: int
    pits: int
    out_in_rain: bool = False  # retired while it rained (slides, the wet tables: CORE-WEATHER-2, TYRE-2..5)


@dataclass
class Outcome:
    case: Case
    cars: list[CarResult]
    times: dict[str, list[float]] = field(default_factory=dict)  # ms per computer decision, per side
    cpu: dict[str, float] = field(default_factory=dict)  # the slowest decision in CPU ms, per side


def track(path: str) -> Track:
    if path not in TRACKS:
        TRACKS[path] = load_track(path)
    return TRACKS[path]


#: told of every driver's decision once the session has taken it: the session, each car's side, the
#: state the decision was made in and the action
Watch = Callable[[RaceSession, dict[str, str], RaceState, Action], None]


def play(case: Case, computers: frozenset[str] | set[str] = frozenset(), watch: Watch | None = None) -> Outcome:
    """The race of ``case``; every computer decision timed. ``computers``: sides that are drivers
    registered in ``rules.ai.registry.DRIVERS`` under a name no record knows (the tuning's)."""
    t = track(case.track)
    rules = PRESETS[case.preset]
    base = same_drivers(t, rules, case.cars, case.laps, case.seed, "racer")
    seats = case.seats()
    entries = tuple(
        e.model_copy(update={"driver": "racer" if s in BOTS or s in computers else s})
        for e, s in zip(base.entries, seats)
    )
    header = base.model_copy(update={"entries": entries, "grid": tuple(e.id for e in entries)})
    side = {e.id: s for e, s in zip(entries, seats)}
    session = RaceSession(t, header, drivers=DRIVERS)
    times: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, float] = defaultdict(float)
    finished: dict[str, int] = {}
    retired: dict[str, bool] = {}  # per car out: whether it rained when it went out
    steps = 0
    while not session.state.finished:
        steps += 1
        if steps > 200_000:
            raise RuntimeError(f"race did not end: {case}")
        if chance(session.state) is not None:
            session.roll()
        else:
            car = to_move(session.state)
            if car is None:
                raise RuntimeError(f"nobody to move: {case} ({session.where()})")
            t0, c0 = time.perf_counter(), time.process_time()
            if side[car] in BOTS:
                act = BOTS[side[car]](t, session.state)
            else:
                act = computer_action(t, session.state, side[car])
            times[side[car]].append(1000 * (time.perf_counter() - t0))
            cpu[side[car]] = max(cpu[side[car]], 1000 * (time.process_time() - c0))
            before = session.state
            session.act(act)
            if watch is not None:
                watch(session, side, before, act)
        for c in session.state.cars:
            if c.status == "finished" and c.id not in finished:
                finished[c.id] = session.state.round
            elif c.status == "out" and c.id not in retired:
                retired[c.id] = wet(session.state)
    state = session.state
    cars = []
    for p in classification(t, state):
        c = state.car(p.car)
        cars.append(
            CarResult(
                side=side[c.id],
                position=p.position,
                status=p.status,
                finish_round=finished.get(c.id),
                out=c.out.rule if c.out is not None else None,
                wp=_wp(c),
                pits=c.pit_stops,
                out_in_rain=retired.get(c.id, False),
            )
        )
    return Outcome(case=case, cars=cars, times=dict(times), cpu=dict(cpu))


def _wp(car) -> int:
    """All WP the car has left, every area."""
    return sum(v for v in car.wp.model_dump().values() if isinstance(v, int))


def checked_tracks(parser: argparse.ArgumentParser, files: list[str]) -> list[str]:
    """The track files, each loaded once: a broken or missing one is one usage error naming it."""
    for f in files:
        try:
            track(f)
        except TrackError as err:
            parser.error(str(err))
    return files


def cases(args: argparse.Namespace, tracks: list[str]) -> list[Case]:
    out = []
    first = getattr(args, "seed_from", 1) - 1  # pair k plays seed first + k: tune on some, judge on others
    for match in args.match:
        a, b = match.split(":")
        for preset in args.preset:
            for path in tracks:
                for laps in args.laps:
                    out += [
                        Case(path, preset, laps, 2, first + (n + 1) // 2, a, b, n % 2 == 0)
                        for n in range(1, args.duels + 1)
                    ]
                    cars = min(10, len(track(path).grid))
                    out += [
                        Case(path, preset, laps, cars, first + (n + 1) // 2, a, b, n % 2 == 0)
                        for n in range(1, args.fields + 1)
                    ]
    return out


def pro_options(doc: str, cars: int, pairs: int) -> argparse.ArgumentParser:
    """The options of a bench that races one level against the Pro bot and watches its decisions
    (``gear_gap.py``, ``corner_times.py``): ``cars`` and ``pairs`` are its defaults."""
    p = argparse.ArgumentParser(description=doc.splitlines()[0])
    p.add_argument("--level", default="champion", choices=LEVELS)
    p.add_argument("--preset", default="fd-basic", choices=sorted(PRESETS))
    p.add_argument("--laps", type=int, default=1, choices=(1, 2, 3))
    p.add_argument("--cars", type=int, default=cars, help=f"cars a race, the sides alternating (default {cars})")
    p.add_argument("--track", action="append", metavar="FILE", help="a track file (default: every maps/*.tmx)")
    p.add_argument("--seed-from", type=int, default=1000, help="the first pair's seed (default 1000)")
    p.add_argument("--pairs", type=int, default=pairs, help=f"seeds per track, each raced twice (default {pairs})")
    return p


def pro_tracks(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """``pro_options``' track files, checked, once its counts are: a bad one is one usage error."""
    if args.cars < 2 or args.pairs < 1:
        parser.error(
            f"--cars {args.cars} --pairs {args.pairs}: a race needs 2 cars or more, a run 1 pair of seeds or more"
        )
    return checked_tracks(parser, args.track or sorted(str(f) for f in (REPO / "maps").glob("*.tmx")))


def pro_cases(args: argparse.Namespace, path: str) -> list[Case]:
    """``pro_options``' races on one track: the level against the Pro bot, each seed twice with the
    slots swapped, as many cars as the grid holds at most."""
    cars = min(args.cars, len(track(path).grid))
    return [
        Case(path, args.preset, args.laps, cars, seed, args.level, PRO, swapped)
        for seed in range(args.seed_from, args.seed_from + args.pairs)
        for swapped in (False, True)
    ]


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def report(outcomes: list[Outcome]) -> None:
    by_match: dict[tuple[str, str], list[Outcome]] = defaultdict(list)
    for o in outcomes:
        by_match[(o.case.a, o.case.b)].append(o)
    for (a, b), group in by_match.items():
        print(f"\n== {a} against {b} ==")
        print(
            f"{'preset':13} {'track':11} {'race':6} {'laps':>4} {'n':>4} {a + ' wins':>14} "
            f"{a + ' pos':>13} {b + ' pos':>13} {a + ' out':>13} {b + ' out':>13}"
        )
        keyed: dict[tuple, list[Outcome]] = defaultdict(list)
        for o in group:
            c = o.case
            keyed[(c.preset, Path(c.track).stem, "duel" if c.cars == 2 else f"{c.cars}-car", c.laps)].append(o)
        for (preset, name, kind, laps), os_ in keyed.items():
            wins = sum(1 for o in os_ if o.cars[0].side == a)
            pa = [r.position for o in os_ for r in o.cars if r.side == a]
            pb = [r.position for o in os_ for r in o.cars if r.side == b]
            oa = [r.status == "out" for o in os_ for r in o.cars if r.side == a]
            ob = [r.status == "out" for o in os_ for r in o.cars if r.side == b]
            print(
                f"{preset:13} {name:11} {kind:6} {laps:4} {len(os_):4} {_pct(wins / len(os_)):>14} "
                f"{statistics.mean(pa):13.2f} {statistics.mean(pb):13.2f} "
                f"{_pct(sum(oa) / len(oa)):>13} {_pct(sum(ob) / len(ob)):>13}",
                flush=True,
            )
        for kind in ("duel", "field"):
            sub = [o for o in group if (o.case.cars == 2) == (kind == "duel")]
            if not sub:
                continue
            print(f"  {kind}s:")
            print(
                f"  {'driver':9} {'races':>5} {'wins':>7} {'pos':>5} {'round':>6} {'out':>7} {'WP left':>8} "
                f"{'pits':>5} {'med ms':>7} {'max ms':>7} {'max cpu':>7}  causes"
            )
            for s in (a, b):
                res = [r for o in sub for r in o.cars if r.side == s]
                wins = sum(1 for o in sub if o.cars[0].side == s)
                rounds = [r.finish_round for r in res if r.finish_round is not None]
                fin_wp = [r.wp for r in res if r.status == "finished"]
                outs = Counter(r.out or "?" for r in res if r.status == "out")
                times = sorted(t for o in sub for t in o.times.get(s, []))
                slowest_cpu = max((o.cpu.get(s, 0.0) for o in sub), default=0.0)
                causes = ", ".join(f"{k} {n}" for k, n in outs.most_common(5)) or "-"
                print(
                    f"  {s:9} {len(sub):5} {_pct(wins / len(sub)):>7} {statistics.mean(r.position for r in res):5.2f} "
                    f"{statistics.mean(rounds) if rounds else 0:6.1f} {_pct(sum(outs.values()) / len(res)):>7} "
                    f"{statistics.mean(fin_wp) if fin_wp else 0:8.1f} {statistics.mean(r.pits for r in res):5.2f} "
                    f"{statistics.median(times) if times else 0:7.1f} {times[-1] if times else 0:7.1f} "
                    f"{slowest_cpu:7.1f}  {causes}",
                    flush=True,
                )


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % interval of a win rate (Wilson's score interval: sound for few races, rates near 0 or 1)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid, half = p + z * z / (2 * n), z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
    return (mid - half) / (1 + z * z / n), (mid + half) / (1 + z * z / n)


def summary(outcomes: list[Outcome]) -> None:
    """Per match, rule set, laps and race size: the first side's win rate with its 95 % interval,
    both sides' mean places, retirements with their rules, WP left at the flag and decision times."""
    keyed: dict[tuple, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        c = o.case
        keyed[(c.a, c.b, c.preset, c.laps, "duel" if c.cars == 2 else "field")].append(o)
    print("\n== summary: per rule set, laps and size (all tracks) ==")
    for (a, b, preset, laps, kind), os_ in keyed.items():
        wins = sum(1 for o in os_ if o.cars[0].side == a)
        lo, hi = wilson(wins, len(os_))
        print(
            f"{a} v {b}  {preset} {laps} lap(s) {kind}s: {len(os_)} races, "
            f"{a} wins {_pct(wins / len(os_))} [{_pct(lo)} - {_pct(hi)}]"
        )
        for s in (a, b):
            res = [r for o in os_ for r in o.cars if r.side == s]
            outs = Counter(r.out or "?" for r in res if r.status == "out")
            fin_wp = [r.wp for r in res if r.status == "finished"]
            times = sorted(t for o in os_ for t in o.times.get(s, []))
            causes = ", ".join(f"{k} {n}" for k, n in outs.most_common(4)) or "-"
            rained = sum(r.out_in_rain for r in res)
            causes += f"; {rained} in rain" if rained else ""
            place, out = statistics.mean(r.position for r in res), sum(outs.values()) / len(res)
            median, slowest = (statistics.median(times), times[-1]) if times else (0.0, 0.0)
            print(
                f"    {s:13} place {place:5.2f}  out {_pct(out)} ({causes})  "
                f"WP left {statistics.mean(fin_wp) if fin_wp else 0:5.1f}  "
                f"ms median {median:6.1f} max {slowest:7.1f}",
                flush=True,
            )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="4 duels and 1 field race per case, Hohenau, fd-basic")
    p.add_argument("--duels", type=int, default=10, metavar="N", help="2-car duels per case (default 10)")
    p.add_argument("--fields", type=int, default=2, metavar="M", help="10-car races per case (default 2)")
    p.add_argument("--track", action="append", metavar="FILE", help="a track file (default: every maps/*.tmx)")
    p.add_argument("--preset", action="append", choices=sorted(PRESETS), help="default: fd-basic and fde-advanced")
    p.add_argument("--laps", action="append", type=int, choices=(1, 2, 3), help="default: 1 and 3")
    p.add_argument(
        "--match", action="append", metavar="A:B", help=f"drivers of both sides (default: {' '.join(DEFAULT_MATCHES)})"
    )
    p.add_argument("--seed-from", type=int, default=1, metavar="S", help="the first pair's seed (default 1)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="processes (default 1)")
    args = p.parse_args(argv)
    if args.quick:
        args.duels, args.fields = 4, 1
        args.track = args.track or [str(REPO / "maps" / "hohenau.tmx")]
        args.preset = args.preset or ["fd-basic"]
    args.preset = args.preset or ["fd-basic", "fde-advanced"]
    args.laps = args.laps or [1, 3]
    args.match = args.match or list(DEFAULT_MATCHES)
    for m in args.match:
        sides = m.split(":")
        if len(sides) != 2 or any(s not in (*LEVELS, *BOTS) for s in sides):
            p.error(f"--match {m}: give two of {', '.join((*LEVELS, *BOTS))} as A:B")
    tracks = [str(Path(f)) for f in args.track] if args.track else sorted(str(f) for f in (REPO / "maps").glob("*.tmx"))
    checked_tracks(p, tracks)
    todo = cases(args, tracks)
    t0 = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            outcomes = pool.map(play, todo, chunksize=1)
    else:
        outcomes = [play(c) for c in todo]
    report(outcomes)
    summary(outcomes)
    print(f"\n{len(todo)} races in {time.perf_counter() - t0:.0f} s ({args.jobs} job(s))")
    return 0


if __name__ == "__main__":
    sys.exit(main())
