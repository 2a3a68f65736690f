"""The restart (Dresden): wrecks that block the track for the cars behind stop the race; it
restarts in single file on the next straight ahead of the leader, or, early in lap 1, from the
grid.

The engine calls ``check`` before each turn with the race order. "Impassable" (AMB-37): some
running car behind a wreck has no way along the track's steps (lanes, diagonals, corner
arrows; other cars move on, so only wrecks count) to the row just past it, however many turns
and however much braking it takes: a row of wrecks across every lane, or wrecks in the lanes a
corner's arrows leave to the car. A wreck is only still there while some running car is behind
it (OUT-D-3). Without ``RuleSet.restart`` nothing happens.

Rules here: RESTART-1, RESTART-2, AMB-37.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Event
from rules.modules import dresden_start, pit_points
from rules.modules.base import on_track
from rules.state import CarState, RaceState
from rules.track import Track

# how far behind a wreck a running car is still "following" it (spaces, ``Track.spaces_apart``)
_FOLLOWING = 40


def _wrecks(state: RaceState) -> set[str]:
    spaces = {c.space for c in state.cars if c.status == "out" and on_track(state, c)}
    return {s for s in spaces | {w.space for w in state.league.t_wrecks} if s is not None}


def _reaches(track: Track, start: str, row: int, wrecks: set[str]) -> bool:
    """Can a car on ``start`` get past ``row`` (to a track space in the 3 spaces after it; lanes
    differ in length in corners, so not every lane has every row, and on a staggered board a row
    is a fraction of a space) without entering a wreck?"""
    seen, frontier = {start}, [start]
    for _ in range(_FOLLOWING + 10):
        nxt = []
        for here in frontier:
            for dst in track.successors(here):
                sp = track.space(dst)
                if dst in seen or dst in wrecks or sp.in_pit:
                    continue
                if 0 < track.spaces_apart(row, sp.row) <= 3:
                    return True
                seen.add(dst)
                nxt.append(dst)
        frontier = nxt
    return False


def _leaves_pit(track: Track, start: str, wrecks: set[str]) -> bool:
    """Can a car in the pit lane on ``start`` drive out onto a track space that no wreck holds?"""
    seen, frontier = {start}, [start]
    while frontier:
        nxt = []
        for here in frontier:
            for dst in track.successors(here):
                if dst in seen or dst in wrecks:
                    continue
                if not track.space(dst).in_pit:
                    return True
                seen.add(dst)
                nxt.append(dst)
        frontier = nxt
    return False


def impassable(track: Track, state: RaceState) -> bool:
    """AMB-37: does some running car behind a wreck have no way past it? A car in the pit lane
    whose every way out leads onto wrecks (three T-car wrecks on the pit exit held a whole field
    in the pit lane for ever) is behind an impassable block too."""
    wrecks = _wrecks(state)
    rows = {track.space(s).row for s in wrecks if not track.space(s).in_pit}
    for c in state.cars:
        if c.status != "racing" or c.space is None:
            continue
        if track.space(c.space).in_pit:
            if not _leaves_pit(track, c.space, wrecks):
                return True
            continue
        here = track.space(c.space).row
        for row in rows:
            if 0 < track.spaces_apart(here, row) <= _FOLLOWING and not _reaches(track, c.space, row, wrecks):
                return True
    return False


def corners_entered(track: Track, car: CarState) -> int:
    """How many corners the car has entered since the start (the grid is behind the line)."""
    row = track.order_row(car.space or "")
    in_lap = sum(1 for c in track.corners if row >= c.first_row)
    return max(0, (car.crossings - 1) * len(track.corners) + in_lap) if car.crossings else 0


def check(track: Track, state: RaceState, order: Sequence[str], events: list[Event]) -> RaceState:
    """RESTART-1/2: the race stopped and restarted if wrecks block the track; else unchanged."""
    if not state.rules.restart or state.mode != "race" or not order or not impassable(track, state):
        return state
    leader = state.car(order[0])
    full = corners_entered(track, leader) < 4  # AMB-37: the leader not yet in corner 4 of lap 1
    events.append(Event(kind="restart", data={"full": full}))
    state = state.with_league(t_wrecks=(), restarts=state.league.restarts + 1).model_copy(
        update={"sweep": None, "queue": ()}
    )
    cars = {c.id: c.with_league(removed=c.status == "out" or c.league.removed) for c in state.cars}
    state = state.model_copy(update={"cars": tuple(cars[c.id] for c in state.cars)})
    return _from_grid(track, state) if full else _single_file(track, state, order)


def _from_grid(track: Track, state: RaceState) -> RaceState:
    """RESTART-2, AMB-37: every car still in the race (T-cars too) back on its driver's grid slot
    with the WP of its set-up; karma spent stays spent. Game round 1 follows, and with the start
    in the turn (VAR-24) each car's first turn begins with a start roll again (START-D-1..3)."""
    cars = []
    for c in state.cars:
        if c.status == "racing":
            c = c.model_copy(
                update={
                    "space": track.grid[c.grid_slot or 0],
                    "gear": 0,
                    "wp": c.setup or c.wp,
                    "crossings": 0,
                    "corner": None,
                    "stops": 0,
                    "spun": False,
                    "stalled": False,
                    "pit_stops": 0,
                    "pit_wait": False,
                    "arrival": 0,
                    "tyre_from": 1,
                    "out_round": None,
                    "league": c.league.model_copy(update={"rolling_out": None}),
                }
            )
            if state.rules.start_in_turn:
                c = dresden_start.due(state, c)
        cars.append(c)
    return state.model_copy(update={"cars": tuple(cars), "round": 0, "markers": ()})


def next_straight(track: Track, space: str) -> list[str]:
    """AMB-37: the middle lane of the first straight that begins ahead of ``space``."""
    lane, row = track.lanes // 2, track.order_row(space)

    def apart(s: str) -> int:  # rows round the circuit: lanes differ in length in corners
        d = abs(track.order_row(s) - row)
        return min(d, track.rows - d)

    here = min((s.name for s in track.lane_spaces(lane)), key=apart)
    for want_corner in (True, False):  # to the next corner, through it
        for _ in range(len(track.spaces)):
            if (track.space(here).corner is not None) == want_corner:
                break
            here = track.ahead(here) or here
    straight: list[str] = []
    while track.space(here).corner is None and len(straight) < len(track.spaces):
        straight.append(here)
        here = track.ahead(here) or here
    return straight


def _single_file(track: Track, state: RaceState, order: Sequence[str]) -> RaceState:
    """RESTART-1, AMB-37: the running cars in race order, single file with one empty space
    between them, centred on the middle of the next straight ahead of the leader; each may
    choose 1st to 4th gear for its next turn (as after a slow stop, ``pit_wait``). A car whose
    crew is working on it at its box has the work done while the race stands (PIT-D-11)."""
    straight = next_straight(track, state.car(order[0]).space or "")
    running = [state.car(c) for c in order if state.car(c).status == "racing"]
    front = min(len(straight) - 1, len(straight) // 2 + len(running) - 1)
    spaces, here = [], straight[front]
    for i in range(2 * len(running) - 1):
        while track.is_blocked(here):  # AMB-69: a printed space no car may use is passed by
            here = track.behind(here) or here
        if i % 2 == 0:
            spaces.append(here)
        here = track.behind(here) or here
    placed = {}
    for c, space in zip(running, spaces):
        c = pit_points.finish_work(track, state, c)
        crossed = (
            track.space(space).progress < track.space(c.space or space).progress
            and not track.space(c.space or space).in_pit
        )
        placed[c.id] = c.model_copy(
            update={
                "space": space,
                "gear": 0,
                "pit_wait": True,
                "corner": None,
                "stops": 0,
                "spun": False,
                "crossings": min(state.laps + 1, c.crossings + int(crossed)),
            }
        )
    return state.model_copy(update={"cars": tuple(placed.get(c.id, c) for c in state.cars)})
