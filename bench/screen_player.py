"""Do human seats that choose only from what the race screen shows reach the flag?

    python bench/screen_player.py [--races N] [--seeds N] [--first-seed S] [--tracks NAME ...]
                                  [--presets KEY ...] [--humans H] [--laps L] [--policy aid|table ...]

A player who has never raced Formula D reads the screen, not the engine. Each race has 10
cars: ``--humans`` seats (spread over the grid) are played by a plain policy, the others by
the default computer level. Two policies, each from the numbers the screen shows and
nothing else (no look-ahead of their own):

* ``table``: only the gear table of this roll (``rules.odds``: stop, overshoot and out odds,
  the skip's cost): the highest free gear whose roll neither overshoots nor goes out, else
  the gear least likely to go out, then to overshoot, then the cheapest;
* ``aid``: the same table plus the planning aid (``rules.ai.planning``: the safest gear left
  for the next corner, the downshift's cost, the next two turns' overshoot and out chances),
  the warnings (``rules.ai.traps``) and the gear box's hover (the WP a roll is expected to
  cost): the highest free gear with no warning whose roll costs no WP, leaves a free downshift
  to a safe gear next turn and no overshoot or out chance in the next two turns, else the
  gear least likely to go out this turn, then over this and the next turns, then to overshoot.

Both take the same destination: the cheapest in WP, a black-die check (a car beside the end,
a marker on the way) counted as half a WP (a whole one with two body or road-holding WP left)
and, with the aid, a warning as more (the last WP of an area as five, a stop that leaves no
further one as two, brakes left short of the stops the corner ahead still needs as one); of
equally dear ones the one that keeps the scarcer of brakes and tyres, the pit entry's lane when
a stop is wanted, then the furthest; a free extra (slipstream) along a straight when it goes
further; the box when offered and a stop is wanted (the pit plan and every other choice: the
Racer level's, the defaults the screen proposes). Races run one after another (the machine is shared):
every shipped Grand Prix circuit (not the oval nor the city circuit), fde-advanced and
dresden-2006, 3 laps, ``--seeds`` seeds each (``--races`` caps the total).

It PRINTS one line per race (policy, track, preset, seed, the humans' cars at the flag and
why the others went out) and per policy the share of human cars that reached the flag.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from benchbot import off_the_move  # noqa: E402

from game.tracks.load import load_track  # noqa: E402
from rules.actions import Action, Drive, EndMove  # noqa: E402
from rules.ai.lookahead import lookahead  # noqa: E402
from rules.ai.pit_stops import entry_lane  # noqa: E402
from rules.ai.planning import plan  # noqa: E402
from rules.ai.presets import DEFAULT  # noqa: E402
from rules.ai.registry import DRIVERS  # noqa: E402
from rules.ai.traps import gear_traps, move_traps  # noqa: E402
from rules.engine import chance, gear_options, moves, optional_offer, to_move  # noqa: E402
from rules.gears import ShiftCost  # noqa: E402
from rules.moves import Move  # noqa: E402
from rules.odds import gear_odds  # noqa: E402
from rules.ruleset import PRESETS  # noqa: E402
from rules.run.session import RaceSession  # noqa: E402
from rules.run.simulation import race_header  # noqa: E402
from rules.state import RaceState  # noqa: E402
from rules.track import Track  # noqa: E402

GRAND_PRIX = ("adlerjoch", "eichwald", "hafenstadt", "hohenau", "kranzfeld")  # maps/*.tmx but the oval and the city
PRESET_KEYS = ("fde-advanced", "dresden-2006")
CARS = 10
STOPPING = ("no_brakes", "pit_gear", "last_wp")  # a warned gear the aid's player never takes while another is left
PIT_NEAR = 20  # spaces to the pit entry from which a player who wants a stop keeps to its lane
BRAKES_SHORT = 1.0  # the WP a move whose brakes left fall short of the corner ahead weighs more
OVERSHOOT_OK = 0.0  # the next two turns' overshoot chance the aid's player accepts


def table_gear(track: Track, state: RaceState) -> int:
    """The gear table alone, without the planning aid: the highest free gear whose roll cannot overshoot or go out."""
    odds = gear_odds(track, state)
    legal = {g: o for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost) and g in odds}
    clean = [g for g, o in legal.items() if not o.cost and odds[g].out == 0 and not odds[g].overshoot]
    if clean:
        return max(clean)
    return min(legal, key=lambda g: (odds[g].out, sum(odds[g].overshoot.values()), odds[g].wear, -g))


def aid_gear(track: Track, state: RaceState) -> int:
    """The gear table, the planning aid and the warnings: the highest gear that is safe this turn
    and leaves a free way to stop in the next corner."""
    odds = gear_odds(track, state)
    aid = plan(track, state)
    traps = gear_traps(track, state, DEFAULT.announce(track, state))
    legal = {g: o for g, o in gear_options(track, state).items() if isinstance(o, ShiftCost) and g in odds}

    def warned(g: int) -> bool:
        return any(t.code in STOPPING for t in traps.get(g, ()))

    def clean(g: int) -> bool:
        p = aid.gears.get(g)
        later = p is None or (p.out == 0 and p.drop_cost == 0 and p.overshoot <= OVERSHOOT_OK)
        now = odds[g].out == 0 and not odds[g].overshoot and odds[g].wear == 0  # the hover's expected WP
        return not legal[g].cost and now and later and not warned(g)

    fine = [g for g in legal if clean(g)]
    if fine:
        return max(fine)

    def danger(g: int) -> tuple:
        p = aid.gears.get(g)
        later_out = p.out if p is not None else 0.0
        later_over = p.overshoot if p is not None else 0.0
        # this turn's out first: the next turns' chances only count from the rolls that stay in
        return (
            warned(g),
            float(odds[g].out),
            float(odds[g].out) + later_out,
            float(sum(odds[g].overshoot.values())) + later_over,
            float(odds[g].wear),
            -g,
        )

    return min(legal, key=danger)


def _move_key(track: Track, state: RaceState, aid: bool):
    """Stay in the race, spend the fewest WP (a warning counted as WP), then keep off the other cars (a
    car beside or ahead of the end space means a collision check, CORE-COLL-1) and the oil
    (road-holding checks, CORE-DANGER-2), then go furthest: all of it on the board."""
    me = state.active
    cars = {c.space for c in state.cars if c.status == "racing" and c.id != me}
    car = state.car(me or "")
    lane = None  # a stop wanted and the pit entry near: its lane (the board shows where the entry is)
    if car.space is not None and (DEFAULT.pit_lane(track, state, car) is not None or car.league.pit_plan is not None):
        if lookahead(track).lane.to_pit_entry(car.space) <= PIT_NEAR:
            lane = entry_lane(track, car)

    def neighbours(end: str | None) -> int:
        if end is None:
            return 0
        return sum(1 for n in {*track.beside(end), track.ahead(end)} if n in cars)

    def key(m: Move) -> tuple:
        warned = {t.code for t in move_traps(track, state, m)} if aid else set()
        # a warning weighs as WP: the last WP of an area as five, a stop that leaves no further one as
        # two, brakes short for the corner ahead's stops as one
        cost = (
            m.brakes
            + m.tyres
            + 5 * ("last_wp" in warned)
            + 2 * ("no_further_stop" in warned)
            + BRAKES_SHORT * ("brakes_short" in warned)
        )
        # a black-die check (a car beside the end, a marker on the way) weighs half a WP, a whole one
        # with two body or road-holding WP left on the dashboard
        cost += neighbours(m.end) * (1.0 if car.wp.body <= 2 else 0.5) + m.dangers * (
            1.0 if car.wp.road_holding <= 2 else 0.5
        )
        lined = lane is None or (m.end is not None and track.space(m.end).lane == lane)
        # of equally dear ways the one that keeps the scarcer of brakes and tyres (the dashboard shows both)
        scarce = m.brakes if car.wp.brakes < car.wp.tyres else m.tyres
        return (m.out is None, -cost, -scarce, lined, -neighbours(m.end) - m.dangers, len(m.path), m.path)

    return key


def player(gear_rule, aid: bool):
    """A policy: the gear by ``gear_rule``, the destination the screen makes cheapest."""

    def act(track: Track, state: RaceState) -> Action:
        if (other := off_the_move(track, state, gear_rule)) is not None:
            return other
        found = moves(track, state)
        key = _move_key(track, state, aid)
        car = state.car(state.active or "")
        if DEFAULT.pit_lane(track, state, car) is not None or car.league.pit_plan is not None:
            into = [m for m in found if m.out is None and (m.in_box or any(track.space(n).in_pit for n in m.path))]
            if into:
                pit = max(into, key=key)
                return Drive(path=pit.path, via=pit.via)
        if optional_offer(state):
            # an extra (a slipstream) only along a straight: into a corner it eats the room its stops need
            free = [
                m
                for m in found
                if m.out is None
                and not m.brakes
                and not m.tyres
                and m.path
                and not (aid and (move_traps(track, state, m) or m.corner is not None))
            ]
            if not free:
                return EndMove()
            best = max(free, key=key)
        else:
            best = max(found, key=key)
        return Drive(path=best.path, via=best.via)

    return act


POLICIES = {"aid": player(aid_gear, True), "table": player(table_gear, False)}


def seats(humans: int) -> set[int]:
    """Grid slots of the human seats, spread from the front to the back."""
    return {min(CARS - 1, round((i + 0.5) * CARS / humans)) for i in range(humans)}


def race(track: Track, preset: str, seed: int, laps: int, humans: int, policy: str) -> tuple[int, int, Counter]:
    """One race: (human cars at the flag, human cars, why the others went out)."""
    header, _ = race_header(track, PRESETS[preset], CARS, laps, seed, DEFAULT.name, DRIVERS)
    human = {header.entries[i].id for i in seats(humans)}
    session = RaceSession(track, header, drivers=DRIVERS)
    act = POLICIES[policy]
    steps = 0
    while not session.state.finished:
        steps += 1
        if steps > 300_000:
            raise RuntimeError(f"race did not end: {track.name} {preset} seed {seed}")
        state = session.state
        if chance(state) is not None:
            session.roll()
            continue
        car = to_move(state)
        session.act(act(track, state) if car in human else session.computer_action())
    cars = [c for c in session.state.cars if c.id in human]
    why = Counter(c.out.rule for c in cars if c.out is not None)
    return sum(1 for c in cars if c.status == "finished"), len(cars), why


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--races", type=int, default=0, help="at most this many races per policy (default: all)")
    p.add_argument("--seeds", type=int, default=2, help="seeds per track and preset (default 2)")
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument(
        "--tracks", nargs="*", default=list(GRAND_PRIX), help="track names (default: the Grand Prix circuits)"
    )
    p.add_argument("--presets", nargs="*", default=list(PRESET_KEYS), choices=sorted(PRESETS))
    p.add_argument("--humans", type=int, default=3, help="human seats per race (default 3)")
    p.add_argument("--laps", type=int, default=3)
    p.add_argument("--policy", nargs="*", default=["aid", "table"], choices=sorted(POLICIES))
    args = p.parse_args(argv)
    cases = [
        (t, pr, s)
        for t in args.tracks
        for pr in args.presets
        for s in range(args.first_seed, args.first_seed + args.seeds)
    ]
    if args.races:
        cases = cases[: args.races]
    print(
        f"{CARS}-car {args.laps}-lap races, {args.humans} human seats against {DEFAULT.name}, "
        f"{len(cases)} race(s) per policy"
    )
    totals: dict[str, list[int]] = {}
    for policy in args.policy:
        reached = cars = 0
        causes: Counter = Counter()
        for name, preset, seed in cases:
            track = load_track(str(REPO / "maps" / f"{name}.tmx"))
            t0 = time.monotonic()
            r, n, why = race(track, preset, seed, args.laps, args.humans, policy)
            reached, cars, causes = reached + r, cars + n, causes + why
            out = ", ".join(f"{k} x{v}" for k, v in sorted(why.items())) or "-"
            print(
                f"{policy:5} {name:10} {preset:13} seed {seed}: {r}/{n} at the flag (out: {out}) "
                f"[{time.monotonic() - t0:.0f} s]",
                flush=True,
            )
        totals[policy] = [reached, cars]
        print(
            f"{policy}: {reached}/{cars} human cars reached the flag ({100 * reached / max(1, cars):.0f} %); "
            f"out by {dict(causes.most_common())}",
            flush=True,
        )
    print("summary: " + "; ".join(f"{k} {v[0]}/{v[1]} = {100 * v[0] / max(1, v[1]):.0f} %" for k, v in totals.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
